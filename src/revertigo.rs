//! Revertigo: walk a pawn from the bottom-left corner until the whole board is black.
//!
//! "The Revertigo page" is the hobby page "Revertigo" that describes the
//! puzzle and its original C++/SDL game, with its analysis and algorithms.
//!
//! An L×C board starts white; the pawn is put on the bottom-left cell and
//! that placement counts as a landing; every landing flips the cell and its
//! orthogonal neighbours; the pawn moves one cell north, east, south or west
//! (the page writes `O`, "ouest", for west). The goal is all black.
//!
//! Landings commute and cancel in pairs, so what a walk does depends only on
//! its *activation map*: the cells landed on an odd number of times. A walk
//! blackens the board exactly when its map presses every light of the
//! all-on Lights Out board off, so the maps are the Lights Out solutions of
//! the all-on board; that board is always solvable (Sutner, "Linear cellular
//! automata and the Garden-of-Eden", Math. Intelligencer 11, 1989), and there
//! are 2^nullity maps, the page's "always a power of two". The maps come from
//! [`crate::lightsout`] by default; the page's three teaching methods (naive,
//! first row, polynomial) are here too, cross-checked against it.
//!
//! A map is turned into a walk by the page's diagonal moves (module `walk`),
//! and every walk is replayed (`Revertigo::replay`) before it is trusted.
//!
//! ```
//! use puzzles::grid::Dims;
//! use puzzles::render::Picture;
//! use puzzles::revertigo::{Answer, Request, Revertigo};
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! // 5×5: nullity 2, so four activation maps; the walk found is replayed.
//! let answer = Revertigo::answer(&Request::new(Dims { rows: 5, cols: 5 }), &Control::new(), &mut NoItems)?;
//! let Answer::Solve(walk) = &answer else { panic!() };
//! assert!(walk.black);
//! assert_eq!(walk.solutions, "4");
//! assert!(Revertigo::picture(&answer, Picture::Solved)?.starts_with("<svg"));
//! # Ok::<(), puzzles::Error>(())
//! ```

mod answer;
mod brute;
mod check;
mod door;
mod game;
mod polynomial_method;
mod shortest;
mod steps;
mod text;
mod walk;

use crate::control::{Control, Tally};
use crate::error::{Error, Result};
use crate::flaw::Flaw;
use crate::grid::{BitGrid, Dims, Pos};
use crate::lightsout::{self, Analysis, LightsOut};
use crate::listing::{Searched, Solutions};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::ControlFlow;

pub use answer::{Answer, Item, MapListing, Mode, Request, Unfinished, WalkReport};
pub use check::WalkCheck;
pub use game::RevertigoGame;
#[cfg(test)]
use shortest::MAX_SHORTEST_CELLS;
pub use steps::{RevertigoStep, RevertigoSteps};

/// The largest board accepted, in cells (a 2000 × 2000 board): the map, the
/// walk and its replay all stay in memory.
pub(crate) const MAX_CELLS: usize = 4_000_000;

/// The largest board the polynomial method shows step by step, in cells.
pub(crate) const MAX_STEPS_CELLS: usize = 400;

/// The largest board the naive method (every one of the 2^(L·C) maps) takes, in cells.
pub(crate) const MAX_NAIVE_CELLS: usize = 25;

/// The most first-row unknowns (the shorter side) the first-row method enumerates (2^k rows).
pub(crate) const MAX_FIRST_ROW_UNKNOWNS: usize = 22;

/// The longest side the polynomial method takes (its triangle has side² entries).
pub(crate) const MAX_POLY_SIDE: usize = 5000;

/// How the activation maps are found. All give the same number of maps, and
/// the same map when there is only one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum RevertigoMethod {
    /// Lights Out's light chasing on the all-on board: the fast default.
    #[default]
    Chase,
    /// Lights Out's full (L·C)-unknown elimination, small boards only.
    Gauss,
    /// The page's polynomial method, corrected: the first row as unknowns,
    /// the last row's equations from the coefficient triangle folded at the
    /// borders, one Gauss pivot of C unknowns (O(L² + C³)).
    Poly,
    /// The page's "algorithme moins naïf": try all 2^C first rows, complete
    /// each by the parity rule, keep those whose last row is right.
    FirstRow,
    /// The page's "algorithme naïf": try all 2^(L·C) maps.
    Naive,
}

/// How a walk is built from an activation map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Builder {
    /// The page's diagonal moves, nearest target first, on the map the method gave.
    Diagonal,
    /// The diagonal builder run on several maps and target orders; the
    /// shortest walk is kept. Boards of more than 2^16 cells get a single
    /// linear pass (sweep order, fewest targets around first).
    #[default]
    Short,
    /// A breadth-first search over (board, pawn) states: a walk of the fewest
    /// moves, for boards of at most 16 cells.
    Shortest,
}

/// One step of the pawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// North: one row up.
    N,
    /// East: one column right.
    E,
    /// South: one row down.
    S,
    /// West: one column left (the page's `O`).
    W,
}

impl Move {
    /// The four moves.
    pub const ALL: [Move; 4] = [Move::N, Move::E, Move::S, Move::W];

    /// The letter of the move: `N`, `E`, `S` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Move::N => 'N',
            Move::E => 'E',
            Move::S => 'S',
            Move::W => 'W',
        }
    }

    /// The move a letter stands for: `N`, `E`, `S`, `W`, or the page's `O` for west (either case).
    pub fn from_letter(c: char) -> Option<Move> {
        match c.to_ascii_uppercase() {
            'N' => Some(Move::N),
            'E' => Some(Move::E),
            'S' => Some(Move::S),
            'W' | 'O' => Some(Move::W),
            _ => None,
        }
    }

    /// The move back.
    pub const fn reverse(self) -> Move {
        match self {
            Move::N => Move::S,
            Move::E => Move::W,
            Move::S => Move::N,
            Move::W => Move::E,
        }
    }

    /// Where the pawn lands from `p`, if that is still on the board.
    pub fn from(self, dims: Dims, p: Pos) -> Option<Pos> {
        let (dr, dc) = match self {
            Move::N => (-1, 0),
            Move::E => (0, 1),
            Move::S => (1, 0),
            Move::W => (0, -1),
        };
        dims.checked(p.row as i64 + dr, p.col as i64 + dc)
    }
}

/// A walk of the pawn: its moves from the bottom-left corner.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Walk {
    moves: Vec<Move>,
}

/// Why a walk cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum WalkError {
    /// A character that is not a move; `at` is its 1-based position in the walk.
    #[error("walk character {at} '{found}' is not a move (N, E, S, W, or O for west)")]
    NotAMove {
        /// 1-based position in the walk.
        at: usize,
        /// The character found.
        found: char,
    },
    /// A move that takes the pawn off the board; `at` is its 1-based position in the walk.
    #[error("move {at} ({letter}) leaves the {dims} board from {from}")]
    OffBoard {
        /// 1-based position of the move in the walk.
        at: usize,
        /// The move's letter.
        letter: char,
        /// Where the pawn was.
        from: Pos,
        /// The board.
        dims: Dims,
    },
}

impl From<WalkError> for Error {
    fn from(e: WalkError) -> Self {
        Error::usage(e.to_string())
    }
}

impl From<WalkError> for Flaw {
    /// A produced walk that cannot even be replayed: where it fails.
    fn from(e: WalkError) -> Self {
        match e {
            WalkError::OffBoard {
                at, letter, from, ..
            } => Flaw::WalkOffBoard {
                index: at,
                letter,
                from,
            },
            WalkError::NotAMove { at, found } => Flaw::NotAMove { index: at, found },
        }
    }
}

impl Walk {
    /// A walk made of `moves`.
    pub(crate) fn new(moves: Vec<Move>) -> Self {
        Walk { moves }
    }

    /// Reads a walk written as letters `N`, `E`, `S`, `W` (or `O` for west),
    /// either case, surrounding blanks ignored; the error names the 1-based
    /// position of the first character that is not a move.
    pub(crate) fn parse(text: &str) -> std::result::Result<Walk, WalkError> {
        text.trim()
            .chars()
            .enumerate()
            .map(|(i, c)| {
                Move::from_letter(c).ok_or(WalkError::NotAMove {
                    at: i + 1,
                    found: c,
                })
            })
            .collect::<std::result::Result<Vec<_>, _>>()
            .map(Walk::new)
    }

    /// The moves.
    pub(crate) fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Number of moves (landings are one more: the placement counts).
    pub(crate) fn len(&self) -> usize {
        self.moves.len()
    }
}

impl fmt::Display for Walk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: String = self.moves.iter().map(|m| m.letter()).collect();
        f.write_str(&s)
    }
}

/// What a walk did: the colours at the end, the cells landed on an odd number of times, where the pawn stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Replay {
    /// The board after the walk: a set bit is a black cell.
    pub black: BitGrid,
    /// The walk's activation map: cells landed on an odd number of times (the placement included).
    pub map: BitGrid,
    /// The pawn's last cell.
    pub end: Pos,
}

impl Replay {
    #[cfg(test)]
    /// Whether every cell is black.
    pub(crate) fn is_solved(&self) -> bool {
        self.black.count_ones() == self.black.dims().cells()
    }

    /// The cells still white, row by row.
    pub(crate) fn white_cells(&self) -> Vec<Pos> {
        let d = self.black.dims();
        d.positions().filter(|&p| !self.black.get(p)).collect()
    }
}

/// A Revertigo board: its shape is all there is (it always starts white, the pawn bottom-left).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Revertigo {
    dims: Dims,
}

impl Revertigo {
    /// The board of shape `dims`.
    pub(crate) fn new(dims: Dims) -> Self {
        Revertigo { dims }
    }

    /// The board's shape.
    pub(crate) fn dims(&self) -> Dims {
        self.dims
    }

    /// The pawn's first cell, the bottom-left corner (its placement is a landing).
    pub(crate) fn start(&self) -> Pos {
        Pos::new(self.dims.rows - 1, 0)
    }

    /// The colours after landing once on every cell of `map` (a set bit is black).
    pub(crate) fn after(&self, map: &BitGrid) -> BitGrid {
        let mut board = BitGrid::new(self.dims);
        for p in map.ones() {
            board.toggle_plus(p);
        }
        board
    }

    /// Checks the page's rule: every cell must have an odd number of map
    /// cells in its plus (itself and its neighbours); the error names the first cell that has not.
    pub(crate) fn check_map(&self, map: &BitGrid) -> std::result::Result<(), Flaw> {
        if map.dims() != self.dims {
            return Err(Flaw::WrongShape {
                want: self.dims,
                got: map.dims(),
            });
        }
        let board = self.after(map);
        match self.dims.positions().find(|&p| !board.get(p)) {
            None => Ok(()),
            Some(first) => Err(Flaw::CellsWhite {
                first,
                count: self.dims.cells() - board.count_ones(),
            }),
        }
    }

    /// Plays `walk` from the bottom-left corner; fails at the first move that leaves the board.
    pub(crate) fn replay(&self, walk: &Walk) -> std::result::Result<Replay, WalkError> {
        let mut black = BitGrid::new(self.dims);
        let mut map = BitGrid::new(self.dims);
        let mut p = self.start();
        black.toggle_plus(p);
        map.toggle(p);
        for (i, &m) in walk.moves().iter().enumerate() {
            p = m.from(self.dims, p).ok_or(WalkError::OffBoard {
                at: i + 1,
                letter: m.letter(),
                from: p,
                dims: self.dims,
            })?;
            black.toggle_plus(p);
            map.toggle(p);
        }
        Ok(Replay { black, map, end: p })
    }

    /// Finds an activation map and the quiet patterns (maps differ by their
    /// sums) with `method`; fails when the board is too large for the method;
    /// `None` when `ctl` stopped an exhaustive method first.
    pub(crate) fn analyse(
        &self,
        method: RevertigoMethod,
        ctl: &Control,
    ) -> Result<Option<Analysis>> {
        let all_on = || LightsOut::new(BitGrid::full(self.dims));
        let analysis = match method {
            RevertigoMethod::Chase => all_on().analyse(lightsout::LightsOutMethod::Chase)?,
            RevertigoMethod::Gauss => all_on().analyse(lightsout::LightsOutMethod::Gauss)?,
            RevertigoMethod::Poly => polynomial_method::analyse(self.dims)?,
            RevertigoMethod::FirstRow => match brute::first_row(self.dims, ctl)? {
                Some(a) => a,
                None => return Ok(None),
            },
            RevertigoMethod::Naive => match brute::naive(self.dims, ctl)? {
                Some(a) => a,
                None => return Ok(None),
            },
        };
        match &analysis.presses {
            Some(map) => {
                self.check_map(map)?;
                Ok(Some(analysis))
            }
            // Sutner's theorem: the all-on board is always solvable.
            None => Err(Error::Check(format!(
                "no activation map found for the {} board, against Sutner's theorem",
                self.dims
            ))),
        }
    }

    /// A walk whose activation map is `map`, built with the page's diagonal
    /// moves, nearest target first; `map` must satisfy [`Revertigo::check_map`]
    /// for the walk to blacken the board.
    pub(crate) fn diagonal_walk(&self, map: &BitGrid) -> Walk {
        walk::diagonal(
            self.dims,
            self.start(),
            map,
            walk::Order::Sweep,
            walk::Look::No,
        )
    }

    /// The shortest walk the diagonal builder finds over several target
    /// orders and, when there are few enough, every activation map; on
    /// boards of more than 2^16 cells, one linear greedy pass.
    pub(crate) fn short_walk(&self, analysis: &Analysis) -> Result<Walk> {
        walk::short(self.dims, self.start(), analysis)
    }

    /// A walk of the fewest moves that blackens the board (breadth-first
    /// search), for boards of at most [`MAX_SHORTEST_CELLS`] cells.
    pub(crate) fn shortest_walk(&self, ctl: &Control) -> Result<Option<Walk>> {
        shortest::walk(self.dims, self.start(), ctl)
    }

    /// The map (activated cells shaded) with, when given, the walk drawn as a
    /// path through the cell centres from the bottom-left start (a dot).
    pub(crate) fn walk_svg(&self, map: &BitGrid, walk: Option<&Walk>) -> Result<String> {
        let dims = self.dims;
        let (mut svg, cell) = crate::render::board_canvas(dims)?;
        let centre = |p: Pos| crate::render::cell_centre(p, cell);
        for p in dims.positions() {
            let fill = if map.get(p) { "#9ecae1" } else { "#ffffff" };
            svg.cell(p, cell, fill, Some("#555555"));
        }
        if let Some(walk) = walk {
            let mut at = self.start();
            let mut points = vec![centre(at)];
            for m in walk.moves() {
                match m.from(dims, at) {
                    Some(next) => at = next,
                    None => break,
                }
                points.push(centre(at));
            }
            svg.polyline(&points, "#d62828", (cell / 8.0).max(0.5));
        }
        let (x, y) = centre(self.start());
        svg.circle(x, y, cell / 4.0, "#1b4332");
        Ok(svg.finish())
    }
}

/// A board with its activation maps found: what the [`Solutions`] trait drives
/// (a solution is an activation map).
#[derive(Debug, Clone)]
pub(crate) struct RevertigoSolver {
    game: Revertigo,
    analysis: Analysis,
}

impl RevertigoSolver {
    /// Finds the maps of `game` with `method`; `None` when `ctl` stopped an
    /// exhaustive method first.
    pub(crate) fn new(
        game: Revertigo,
        method: RevertigoMethod,
        ctl: &Control,
    ) -> Result<Option<Self>> {
        let Some(analysis) = game.analyse(method, ctl)? else {
            return Ok(None);
        };
        Ok(Some(RevertigoSolver { game, analysis }))
    }

    /// The board.
    pub(crate) fn game(&self) -> &Revertigo {
        &self.game
    }

    /// One map (free unknowns 0) and the quiet patterns; `solution_count()` is 2^nullity.
    pub(crate) fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// The activation map the method gave.
    pub(crate) fn map(&self) -> &BitGrid {
        self.analysis
            .presses
            .as_ref()
            .expect("Revertigo::analyse only returns analyses with a map")
    }

    /// A walk for the board with `builder`, replayed before it is returned:
    /// it must stay on the board and leave every cell black. `None` when
    /// `ctl` stopped the exact shortest-walk search first.
    pub(crate) fn walk(&self, builder: Builder, ctl: &Control) -> Result<Option<Walk>> {
        let walk = match builder {
            Builder::Diagonal => self.game.diagonal_walk(self.map()),
            Builder::Short => self.game.short_walk(&self.analysis)?,
            Builder::Shortest => match self.game.shortest_walk(ctl)? {
                Some(w) => w,
                None => return Ok(None),
            },
        };
        self.verify_walk(&walk)?;
        Ok(Some(walk))
    }

    /// Replays `walk`: it must stay on the board and leave every cell black.
    pub(crate) fn verify_walk(&self, walk: &Walk) -> std::result::Result<(), Flaw> {
        let replay = self.game.replay(walk).map_err(Flaw::from)?;
        let white = replay.white_cells();
        match white.first() {
            None => Ok(()),
            Some(&first) => Err(Flaw::CellsWhite {
                first,
                count: white.len(),
            }),
        }
    }
}

impl Solutions for RevertigoSolver {
    type Solution = BitGrid;

    /// 2^nullity activation maps (the all-on board is always solvable).
    fn expected_solutions(&self) -> crate::listing::Expected {
        crate::listing::Expected::PowerOfTwo(self.analysis.nullity() as u32)
    }

    /// Every map is the method's map plus a sum of quiet patterns, visited in
    /// Gray-code order (one XOR each).
    fn enumerate(
        &self,
        ctl: &Control,
        visit: &mut dyn FnMut(&BitGrid) -> ControlFlow<()>,
    ) -> Tally {
        self.analysis.enumerate(ctl, visit)
    }

    fn verify(&self, map: &BitGrid) -> std::result::Result<(), Flaw> {
        self.game.check_map(map)
    }

    fn solve(&self, _ctl: &Control) -> Searched<BitGrid> {
        Searched::Solved(self.map().clone())
    }
}

impl RevertigoSolver {
    /// A lower bound on the moves of any walk that blackens the board.
    ///
    /// Every activated cell of the walk's map is landed on at least once and
    /// a walk of `k` moves makes `k + 1` landings, so a walk needs at least
    /// `w − 1` moves, `w` the fewest activated cells of any map, found by the
    /// exhaustive coset search of Lights Out (`fewest_presses`). `None` when
    /// the nullity is too large for that search to be exhaustive.
    pub(crate) fn lower_bound(&self, ctl: &Control) -> Option<usize> {
        lightsout::fewest_presses(&self.analysis, ctl)
            .filter(|f| f.proven)
            .map(|f| f.presses.count_ones().saturating_sub(1))
    }
}

/// The taxicab distance between two cells.
pub(crate) fn distance(a: Pos, b: Pos) -> usize {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col)
}

#[cfg(test)]
mod tests;
