//! Sudoku: an N×N grid of R×C boxes (R·C = N), digits 1..N, each row, column and box holding every digit once.
//!
//! "The Sudoku page" is the hobby page "Algorithme Résolution Sudoku
//! Python". It reads the grid as a graph colouring (cells are nodes, cells of a
//! common row, column or box are joined, digits are colours) and solves it by
//! backtracking that fills the cell with the fewest possible digits first.
//! `SudokuSolver` does exactly that on bitmask candidates, with the two cheap
//! deductions every fast solver adds (naked singles: a cell with one candidate
//! left; hidden singles: a digit with one place left in a row, column or box)
//! and locked candidates (a digit confined to one line of a box, or one box of
//! a line). Without hidden singles the 17-clue puzzles take millions of nodes.
//! From 16×16 up the search adds Régin's all-different filter on every unit,
//! failure-weighted branching and, on 25×25 and larger, probing near the root
//! (the `search` module). From 25×25 up, uniqueness is decided by the CDCL
//! back end (the `sat` module: the CaDiCaL SAT solver on the candidates the
//! root propagation leaves), alone or as a portfolio of differently seeded
//! searches on several threads (`SudokuSolver::with_threads`).
//!
//! Every [`Shape`] with boxes of at least 2×2 and a side up to `MAX_SIDE`
//! is supported (4×4 to 36×36, 6×6 with 2×3 boxes, 12×12 with 3×4 boxes…);
//! candidate sets are `u64` masks.
//! Batches of 9×9 puzzles (the benchmark files) go through `Grid9`: a line
//! read into an array, solved by the band-word search, checked and written
//! back without allocating; `scan` leaves each batch line unparsed until
//! it is answered.
//!
//! ```
//! use puzzles::input::Source;
//! use puzzles::render::Picture;
//! use puzzles::sudoku::{Answer, Mode, Request, Sudoku, Technique};
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! // A 9×9 puzzle on one line, dots for the empty cells: solved, verified,
//! // its uniqueness proven, and drawn.
//! let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let grid = Request::new(Source::from_text("puzzle", line));
//! let answer = Sudoku::answer(&grid, &Control::new(), &mut NoItems)?;
//! let Answer::Solve(solved) = &answer else { panic!() };
//! assert_eq!(solved.unique, Some(true));
//! assert!(solved.solution.as_deref().is_some_and(|s| s.starts_with("534678912")));
//! assert!(Sudoku::picture(&answer, Picture::Solved)?.starts_with("<svg"));
//!
//! // Rated by the techniques a person needs: hidden singles are enough.
//! let rate = Request { mode: Mode::Rate, ..grid };
//! let Answer::Rate(rated) = Sudoku::answer(&rate, &Control::new(), &mut NoItems)? else { panic!() };
//! assert_eq!(rated.rated.hardest, Some(Technique::HiddenSingle));
//! # Ok::<(), puzzles::Error>(())
//! ```

mod alldiff;
mod answer;
mod batch;
mod candidates;
mod check;
mod door;
pub(crate) mod explain;
mod fast9;
mod game;
mod generate;
mod grid9;
mod parse;
#[cfg(feature = "sat")]
mod sat;
mod search;
mod shape;
mod solve;
mod steps;
mod symmetry;
mod text;

use crate::control::{Control, Tally};
use crate::flaw::Flaw;
use crate::grid::{Dims, Pos};
use crate::listing::Solutions;
use std::ops::ControlFlow;

pub use answer::{Answer, Item, Mode, Request};
pub use answer::{AnswerLines, BadLine, BatchEnd, Generation, GridListing, ListedGrid, RatedGrid};
pub use candidates::CandidateGrid;
pub use check::GridCheck;
pub use explain::{Explanation, Hint, Outcome, Rated, Rating, Step, Technique, TechniqueSet};
pub use game::{GameHint, SudokuGame};
pub use generate::{Difficulty, Symmetry};
pub(crate) use grid9::Grid9;
pub use parse::{Entry, Input};
use search::Layout;
pub use shape::Shape;
pub(crate) use shape::MAX_SIDE;
pub use solve::{GridReport, MadePuzzle};
pub use steps::{SudokuStep, SudokuSteps};

/// The smallest side whose uniqueness is decided by the CDCL back end
/// (the `sat` module) rather than by the depth-first search. Without the
/// `sat` feature (the browser build) the search decides every side.
#[cfg(feature = "sat")]
pub(crate) const SAT_SIDE: usize = 25;

/// The symbols of the one-character-per-cell forms: value 1 is `1`, value 10 is `A`, value 35 is `Z`.
const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The byte of a digit in the one-character forms: `.` for empty, `?` above 35.
fn symbol_byte(v: u8) -> u8 {
    match v {
        0 => b'.',
        v => SYMBOLS.get(v as usize - 1).copied().unwrap_or(b'?'),
    }
}

/// The line form of the cells of a board of `side`: one character per cell (`.` empty)
/// up to 35 digits, whitespace-separated numbers above.
pub(crate) fn line_form(cells: &[u8], side: usize) -> String {
    if side <= SYMBOLS.len() {
        // ASCII bytes, then one check: much faster than a char at a time.
        let bytes: Vec<u8> = cells.iter().map(|&v| symbol_byte(v)).collect();
        String::from_utf8(bytes).unwrap_or_default()
    } else {
        let words: Vec<String> = cells
            .iter()
            .map(|&v| match v {
                0 => ".".to_string(),
                v => v.to_string(),
            })
            .collect();
        words.join(" ")
    }
}

/// A grid of N×N cells in R×C boxes, each cell empty (0) or holding a digit 1..N.
///
/// The same type holds a puzzle (its clues), a partly filled grid and a
/// solution (every cell filled).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sudoku {
    shape: Shape,
    cells: Vec<u8>,
}

impl Sudoku {
    /// The grid of `order` (n×n boxes) with these cells, row by row (0 empty); refused when
    /// the order is out of range, the cell count is not order⁴ or a digit is above order².
    pub fn new(order: usize, cells: Vec<u8>) -> crate::Result<Self> {
        let shape = Shape::square(order).map_err(|_| {
            crate::Error::usage(format!(
                "order {order} is out of range 2..={}",
                MAX_SIDE.isqrt()
            ))
        })?;
        Sudoku::with_shape(shape, cells)
    }

    /// The grid of `shape` with these cells, row by row (0 empty); refused when
    /// the cell count is not N² or a digit is above N.
    ///
    /// ```
    /// use puzzles::sudoku::{Shape, Sudoku};
    ///
    /// let shape = Shape::new(2, 3).unwrap();
    /// let grid = Sudoku::with_shape(shape, vec![0; 36]).unwrap();
    /// assert_eq!(grid.shape().box_dims(), [2, 3]);
    /// assert!(Sudoku::with_shape(shape, vec![7; 36]).is_err());
    /// ```
    pub fn with_shape(shape: Shape, cells: Vec<u8>) -> crate::Result<Self> {
        let side = shape.side();
        if cells.len() != shape.cells() {
            return Err(crate::Error::usage(format!(
                "a {side}×{side} grid has {} cells, not {}",
                shape.cells(),
                cells.len()
            )));
        }
        if let Some(i) = cells.iter().position(|&v| v as usize > side) {
            return Err(crate::Error::usage(format!(
                "cell {} holds {}, above {side}",
                Pos::new(i / side, i % side),
                cells[i]
            )));
        }
        Ok(Sudoku { shape, cells })
    }

    /// The empty grid of `shape`.
    pub fn empty(shape: Shape) -> Self {
        Sudoku {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// The shape: the side and the boxes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The grid side N (also the largest digit).
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// The cells row by row, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells row by row, to change (a digit must stay at most the side).
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The digit at `p` (0 for empty).
    pub fn get(&self, p: Pos) -> u8 {
        self.cells[p.row * self.side() + p.col]
    }

    /// Puts `digit` (0 to empty the cell) at `p`.
    pub fn set(&mut self, p: Pos, digit: u8) {
        let side = self.side();
        debug_assert!((digit as usize) <= side);
        self.cells[p.row * side + p.col] = digit;
    }

    /// The number of filled cells.
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The first two filled cells that hold the same digit in a common row,
    /// column or box (in reading order of the second cell), if any.
    pub fn clash(&self) -> Option<(Pos, Pos)> {
        let shape = self.shape;
        let side = shape.side();
        // seen[unit]: the digits met so far in the unit (side <= 36 < 64).
        let mut seen = [0u64; 3 * MAX_SIDE];
        let unit_of = |i: usize| {
            let (r, c) = (i / side, i % side);
            [r, side + c, 2 * side + shape.box_at(r, c)]
        };
        // No division per cell in the main loop (the shape is not a constant).
        let (mut band_of, mut stack_of) = ([0usize; MAX_SIDE], [0usize; MAX_SIDE]);
        for k in 0..side {
            band_of[k] = k / shape.box_rows() * (side / shape.box_cols());
            stack_of[k] = k / shape.box_cols();
        }
        let (mut r, mut c) = (0usize, 0usize);
        for (i, &v) in self.cells.iter().enumerate() {
            let units = [r, side + c, 2 * side + band_of[r] + stack_of[c]];
            c += 1;
            if c == side {
                (r, c) = (r + 1, 0);
            }
            if v == 0 {
                continue;
            }
            let bit = 1u64 << (v - 1);
            for (k, unit) in units.into_iter().enumerate() {
                if seen[unit] & bit != 0 {
                    // The first cell of that unit holding v (in reading order).
                    let j = (0..i)
                        .find(|&j| self.cells[j] == v && unit_of(j)[k] == unit)
                        .unwrap_or(i);
                    return Some((Pos::new(j / side, j % side), Pos::new(i / side, i % side)));
                }
                seen[unit] |= bit;
            }
        }
        None
    }

    /// The symbol of a digit: `1`–`9` then `A`–`Z`, `.` for empty; `None` above 35.
    fn symbol(v: u8) -> Option<char> {
        match v {
            0 => Some('.'),
            v => SYMBOLS.get(v as usize - 1).map(|&b| b as char),
        }
    }

    /// The line form: one character per cell (`.` empty) up to 35 digits, whitespace-separated numbers above.
    pub fn to_line(&self) -> String {
        line_form(&self.cells, self.side())
    }

    /// The block form: rows of symbols (or numbers above 35 digits) with `|` between
    /// boxes and a `-+-` line between bands, ending with a newline.
    pub fn to_block(&self) -> String {
        let side = self.side();
        let [rows, cols] = self.shape.box_dims();
        let wide = side > SYMBOLS.len();
        let width = if wide { side.to_string().len() } else { 1 };
        let cell = |v: u8| -> String {
            if wide {
                match v {
                    0 => format!("{:>width$}", "."),
                    v => format!("{v:>width$}"),
                }
            } else {
                Self::symbol(v).unwrap_or('?').to_string()
            }
        };
        // One box row is C cells of `width` joined by spaces; a band has N/C boxes.
        let box_width = cols * width + (cols - 1);
        let rule: Vec<String> = (0..side / cols).map(|_| "-".repeat(box_width)).collect();
        let rule = rule.join("-+-");
        let mut out = String::new();
        for r in 0..side {
            if r > 0 && r % rows == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for c in 0..side {
                if c > 0 {
                    out.push_str(if c % cols == 0 { " | " } else { " " });
                }
                out.push_str(&cell(self.cells[r * side + c]));
            }
            out.push('\n');
        }
        out
    }

    /// Checks that `solution` is a full valid grid of the same shape that keeps every clue of `self`.
    pub fn check_solution(&self, solution: &Sudoku) -> Result<(), Flaw> {
        // The common case, quickly (a batch verifies every answer); the general check says why not.
        if let (Ok(clues), Ok(cells), true) = (
            self.cells.as_slice().try_into(),
            solution.cells.as_slice().try_into(),
            self.shape == solution.shape,
        ) {
            if fast9::solves(clues, cells) {
                return Ok(());
            }
        }
        if solution.shape != self.shape {
            let dims = |s: &Sudoku| Dims {
                rows: s.side(),
                cols: s.side(),
            };
            return Err(Flaw::WrongShape {
                want: dims(self),
                got: dims(solution),
            });
        }
        let side = self.side();
        if let Some(i) = solution.cells.iter().position(|&v| v == 0) {
            return Err(Flaw::EmptyCell {
                at: Pos::new(i / side, i % side),
            });
        }
        if let Some((a, b)) = solution.clash() {
            return Err(Flaw::SameDigit { a, b });
        }
        for (i, (&clue, &value)) in self.cells.iter().zip(&solution.cells).enumerate() {
            if clue != 0 && clue != value {
                return Err(Flaw::ClueChanged {
                    at: Pos::new(i / side, i % side),
                    clue,
                    value,
                });
            }
        }
        Ok(())
    }
}

impl std::fmt::Display for Sudoku {
    /// The line form.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_line())
    }
}

thread_local! {
    /// One idle search per side and thread (taken while in use, so a nested
    /// search makes its own; one of another box shape is replaced).
    static SEARCHES: std::cell::RefCell<[Option<search::Search<'static>>; MAX_SIDE + 1]> =
        const { std::cell::RefCell::new([const { None }; MAX_SIDE + 1]) };
}

/// A puzzle ready to be searched: what the [`Solutions`] trait drives.
#[derive(Debug, Clone)]
pub(crate) struct SudokuSolver {
    puzzle: Sudoku,
    layout: &'static Layout,
    threads: usize,
}

impl SudokuSolver {
    pub(crate) fn dims(&self) -> Dims {
        let side = self.puzzle.side();
        Dims {
            rows: side,
            cols: side,
        }
    }

    /// The grid with thick box borders; clues in bold black, filled digits in blue.
    pub(crate) fn render_svg(&self, solution: Option<&Sudoku>) -> crate::Result<String> {
        let side = self.puzzle.side();
        let [rows, cols] = self.puzzle.shape.box_dims();
        let cell = crate::render::cell_size(self.dims()).min(36.0);
        let total = cell * side as f64;
        let mut svg = crate::render::Svg::new(total, total);
        svg.rect(0.0, 0.0, total, total, "#ffffff", None);
        for p in self.dims().positions() {
            let (x, y) = ((p.col as f64 + 0.5) * cell, (p.row as f64 + 0.5) * cell);
            let clue = self.puzzle.get(p);
            let shown = if clue != 0 {
                clue
            } else {
                solution.map_or(0, |s| s.get(p))
            };
            if shown == 0 {
                continue;
            }
            let text = Sudoku::symbol(shown).map_or_else(|| shown.to_string(), String::from);
            let (fill, size) = if clue != 0 {
                ("#000000", 0.62)
            } else {
                ("#1f5fbf", 0.55)
            };
            svg.text(x, y, cell * size, fill, &text);
        }
        // Thick lines at the box edges: every C columns, every R rows.
        let width = |k: usize, every: usize| if k % every == 0 { 2.5 } else { 0.6 };
        for k in 0..=side {
            let at = k as f64 * cell;
            svg.line((at, 0.0), (at, total), "#000000", width(k, cols));
            svg.line((0.0, at), (total, at), "#000000", width(k, rows));
        }
        Ok(svg.finish())
    }

    /// The solver for `puzzle`, on one thread.
    pub(crate) fn new(puzzle: Sudoku) -> Self {
        let layout = Layout::of_shape(puzzle.shape);
        SudokuSolver {
            puzzle,
            layout,
            threads: 1,
        }
    }

    /// The same solver deciding uniqueness with `threads` threads (at least
    /// one): on 25×25 and larger grids [`SudokuSolver::solve_and_check_unique`]
    /// then runs that many differently seeded CDCL searches at once and the
    /// first to decide answers. Smaller grids are decided in a blink and
    /// stay on one thread.
    pub(crate) fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// The puzzle (its clues).
    pub(crate) fn puzzle(&self) -> &Sudoku {
        &self.puzzle
    }

    /// Two clues that contradict each other (same digit in a common row,
    /// column or box), if any: the puzzle then has no solution.
    pub(crate) fn clash(&self) -> Option<(Pos, Pos)> {
        self.puzzle.clash()
    }

    /// Up to two solutions: the first one found and whether it is the only one
    /// (`None` when the search was stopped before it could tell).
    ///
    /// Up to 16×16 the depth-first search decides; from 25×25 up, the root
    /// propagation of that search and then the CDCL back end on the
    /// candidates it leaves (the `sat` module), on [`SudokuSolver::with_threads`]
    /// threads.
    pub(crate) fn solve_and_check_unique(&self, ctl: &Control) -> (Option<Sudoku>, Option<bool>) {
        if let Some(grid) = Grid9::from_sudoku(&self.puzzle) {
            let (first, unique) = grid.solve_and_check_unique(ctl);
            return (first.map(|g| g.to_sudoku()), unique);
        }
        #[cfg(feature = "sat")]
        if self.puzzle.side() >= SAT_SIDE {
            let (first, unique, _) = self.decide_by_sat(ctl);
            return (first, unique);
        }
        let mut first = None;
        let tally = self.enumerate(ctl, &mut |s| {
            if first.is_some() {
                return ControlFlow::Break(());
            }
            first = Some(s.clone());
            ControlFlow::Continue(())
        });
        (first, tally.uniqueness())
    }

    /// As [`SudokuSolver::solve_and_check_unique`], with a second solution
    /// when the first is not the only one (which shows where two part).
    pub(crate) fn first_two(
        &self,
        ctl: &Control,
    ) -> (Option<Sudoku>, Option<bool>, Option<Sudoku>) {
        #[cfg(feature = "sat")]
        if self.puzzle.side() >= SAT_SIDE {
            return self.decide_by_sat(ctl);
        }
        let mut found = Vec::new();
        let tally = self.enumerate(ctl, &mut |s| {
            found.push(s.clone());
            match found.len() {
                2 => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            }
        });
        let mut found = found.into_iter();
        (found.next(), tally.uniqueness(), found.next())
    }

    #[cfg(feature = "sat")]
    /// Up to two solutions by the CDCL back end (the `sat` module) on what
    /// the root propagation leaves: as [`SudokuSolver::first_two`].
    fn decide_by_sat(&self, ctl: &Control) -> (Option<Sudoku>, Option<bool>, Option<Sudoku>) {
        if self.puzzle.clash().is_some() {
            return (None, None, None);
        }
        let shape = self.puzzle.shape;
        let decided = self.with_search(|search| {
            let cand = search.reduce(&self.puzzle.cells, None)?;
            Some(sat::decide(self.layout, cand, true, self.threads, ctl))
        });
        let Some((first, unique, second)) = decided else {
            return (None, None, None);
        };
        let grid = |cells| Sudoku { shape, cells };
        (first.map(grid), unique, second.map(grid))
    }

    /// Runs `work` on this thread's idle search of this shape (or a new one).
    fn with_search<T>(&self, work: impl FnOnce(&mut search::Search<'static>) -> T) -> T {
        let side = self.puzzle.side();
        // Reuse this thread's search buffers: a batch then allocates nothing per puzzle.
        let mut search = SEARCHES
            .with(|s| s.borrow_mut()[side].take())
            .filter(|s| s.layout_is(self.layout))
            .unwrap_or_else(|| search::Search::new(self.layout));
        let result = work(&mut search);
        SEARCHES.with(|s| s.borrow_mut()[side] = Some(search));
        result
    }

    /// Whether the puzzle has a solution that does not hold `digit` at
    /// `cell` (an index in reading order); `None` when `ctl` stopped the search.
    ///
    /// The generator's test: a clue c of a puzzle with the single solution S
    /// can go exactly when no solution of the rest differs from S at c (a
    /// solution agreeing with S at c solves the full puzzle, so it is S).
    pub(crate) fn solvable_without(&self, cell: usize, digit: u8, ctl: &Control) -> Option<bool> {
        if self.puzzle.clash().is_some() {
            return Some(false);
        }
        let tally =
            self.enumerate_general(Some((cell, digit)), ctl, &mut |_| ControlFlow::Break(()));
        match tally.stopped {
            Some(crate::control::Stop::Interrupted) => None,
            _ => Some(tally.found > 0),
        }
    }

    /// The general search of any shape (the `search` module), which
    /// [`Solutions::enumerate`] uses but on 9×9, excluding one digit of
    /// one cell when asked; the clues must not clash.
    pub(crate) fn enumerate_general(
        &self,
        exclude: Option<(usize, u8)>,
        ctl: &Control,
        visit: &mut dyn FnMut(&Sudoku) -> ControlFlow<()>,
    ) -> Tally {
        let shape = self.puzzle.shape;
        self.with_search(|search| {
            search.run(&self.puzzle.cells, exclude, ctl, &mut |cells| {
                let grid = Sudoku {
                    shape,
                    cells: cells.to_vec(),
                };
                visit(&grid)
            })
        })
    }
}

impl Solutions for SudokuSolver {
    type Solution = Sudoku;

    /// Depth-first search from the most constrained cell with singles propagated
    /// at every node: per-digit bitboards on 9×9 (the `fast9` module), else
    /// candidate masks plus locked candidates (the `search` module).
    fn enumerate(&self, ctl: &Control, visit: &mut dyn FnMut(&Sudoku) -> ControlFlow<()>) -> Tally {
        if self.puzzle.shape.box_dims() == [3, 3] {
            // Clashing clues are found (no solution) while the clues are placed.
            let shape = self.puzzle.shape;
            return fast9::run(&self.puzzle.cells, ctl, &mut |cells| {
                let grid = Sudoku {
                    shape,
                    cells: cells.to_vec(),
                };
                visit(&grid)
            });
        }
        if self.puzzle.clash().is_some() {
            return Tally {
                found: 0,
                stopped: None,
            };
        }
        self.enumerate_general(None, ctl, visit)
    }

    fn verify(&self, solution: &Sudoku) -> Result<(), Flaw> {
        self.puzzle.check_solution(solution)
    }
}

/// Describes a clash for messages: `cells 0,1 and 0,5 both hold 7`.
pub(crate) fn describe_clash([a, b]: [Pos; 2], digit: u8) -> String {
    format!("cells {a} and {b} both hold {digit} (row,col, 0-based)")
}

#[cfg(test)]
mod tests;
