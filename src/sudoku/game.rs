//! Sudoku played by a person: clues and entries, pencil marks, undo, a check of the entries against the solution, and hints from the explainer.
//!
//! [`SudokuGame`] is the model of `puzzles sudoku --play`, with no terminal in it:
//! the puzzle's one solution is found when the game starts (its solutions
//! listed by the library's one door, two at the most), so that `c` (check)
//! can name the entries that contradict it, and `h` (hint) asks the door for
//! the explainer's next step from the grid as it now stands, the technique
//! named and its cells given to highlight.
//! Every change (a digit entered or cleared, a pencil mark set or removed)
//! is one move, and [`SudokuGame::undo`] takes the last one back.
//!
//! ```
//! use puzzles::grid::Pos;
//! use puzzles::sudoku::{GameHint, SudokuGame};
//! use puzzles::sudoku::Sudoku;
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! let puzzle = "1.....3..4.....2".parse::<Sudoku>()?;
//! let mut solutions = Vec::new();
//! let request = SudokuGame::solutions_request(&puzzle)?;
//! let answer = Sudoku::answer(&request, &Control::new(), &mut solutions)?;
//! let mut game = SudokuGame::new(puzzle, &solutions, &answer)?.expect("not stopped");
//! assert!(game.enter(Pos::new(0, 1), 4)); // wrong: the solution has 3 there
//! assert_eq!(game.contradictions(), vec![Pos::new(0, 1)]);
//! assert!(matches!(game.hint_request(), Err(GameHint::Wrong(_))));
//! assert!(game.undo());
//! let request = game.hint_request().expect("a step to ask for");
//! let hint = game.take_hint(&Sudoku::answer(&request, &Control::new(), &mut NoItems)?)?;
//! assert!(matches!(hint, GameHint::Step(step) if !step.text.is_empty()));
//! # Ok::<(), puzzles::Error>(())
//! ```

use super::explain::{Outcome, Step};
use super::shape::{digit_of, symbol};
use super::{Answer, Item, Mode, Request, Shape, Sudoku};
use crate::error::{Error, Result};
use crate::grid::Pos;
use crate::input::Source;
use crate::listing::Limit;

/// What a hint gave.
#[derive(Debug, Clone, PartialEq)]
pub enum GameHint {
    /// Some entries contradict the solution (these cells): no step can follow from them.
    Wrong(Vec<Pos>),
    /// The next step from the grid as it stands, checked by the explainer.
    Step(Step),
    /// The grid is full and right: nothing is left to do.
    Solved,
    /// The hint was stopped (Ctrl-C) before a step was found.
    Interrupted,
}

/// One move as it was before: the cell, its entry and its pencil marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Before {
    cell: usize,
    entry: u8,
    marks: u64,
}

/// A game in progress: the clues, the player's entries and pencil marks, the moves made, and the solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SudokuGame {
    puzzle: Sudoku,
    solution: Sudoku,
    /// The player's digit in each cell, 0 for none (always 0 on a clue).
    entries: Vec<u8>,
    /// The player's pencil marks in each cell, bit d−1 for digit d.
    marks: Vec<u64>,
    /// The candidates the hints shown so far removed (never a solution's digit), so that
    /// the next hint goes on from them instead of finding the same elimination again.
    eliminated: Vec<u64>,
    history: Vec<Before>,
}

impl SudokuGame {
    /// The request that starts a game of `puzzle`: its solutions listed, two
    /// at the most, by the library's one door. A puzzle whose clues clash is
    /// refused here, naming the clash.
    pub fn solutions_request(puzzle: &Sudoku) -> Result<Request> {
        if let Some((a, b)) = puzzle.clash() {
            return Err(Error::usage(format!(
                "the puzzle has no solution: {a} and {b} hold the same digit in a row, column or box"
            )));
        }
        let mut request = Request::new(Source::from_text("puzzle", puzzle.to_line()));
        request.shape = Some(puzzle.shape());
        request.mode = Mode::List {
            limit: Limit::at_most(2)?,
        };
        Ok(request)
    }

    /// A game of `puzzle` from the answer to [`SudokuGame::solutions_request`]
    /// and the solutions it listed; `None` when the listing was stopped
    /// before it could tell. A puzzle with no solution, or several, cannot
    /// be played: refused with what is wrong (a cell where two solutions differ).
    pub fn new(puzzle: Sudoku, listed: &[Item], answer: &Answer) -> Result<Option<SudokuGame>> {
        let Answer::List(end) = answer else {
            return Err(Error::Check("a game starts from a listing".into()));
        };
        let shape = puzzle.shape();
        let found = listed
            .iter()
            .filter_map(|item| match item {
                Item::Solution(s) => Some(Sudoku::from_text(&s.solution, Some(shape))),
                _ => None,
            })
            .collect::<Result<Vec<_>>>()?;
        if end.stopped == Some(crate::control::Stop::Interrupted) && found.len() < 2 {
            return Ok(None);
        }
        let mut found = found.into_iter();
        let Some(solution) = found.next() else {
            return Err(Error::usage("the puzzle has no solution"));
        };
        if let Some(other) = found.next() {
            let side = shape.side();
            let c = (0..solution.cells().len())
                .find(|&c| solution.cells()[c] != other.cells()[c])
                .unwrap_or(0);
            return Err(Error::usage(format!(
                "the puzzle has several solutions ({} holds {} in one, {} in another); play needs one",
                Pos::new(c / side, c % side),
                symbol(solution.cells()[c]),
                symbol(other.cells()[c])
            )));
        }
        puzzle
            .check_solution(&solution)
            .map_err(|flaw| Error::Check(flaw.to_string()))?;
        let cells = puzzle.cells().len();
        Ok(Some(SudokuGame {
            puzzle,
            solution,
            entries: vec![0; cells],
            marks: vec![0; cells],
            eliminated: vec![0; cells],
            history: Vec::new(),
        }))
    }

    /// The symbol of digit `d` (1-based): `7`, `C` for 12; `?` off the table.
    pub fn symbol(d: u8) -> char {
        symbol(d)
    }

    /// The digit a symbol stands for (`1`–`9`, `A`–`Z`, either case), if any.
    pub fn digit_of(c: char) -> Option<u8> {
        digit_of(c)
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.puzzle.shape()
    }

    /// The side N of the board.
    pub fn side(&self) -> usize {
        self.shape().side()
    }

    /// The clues.
    pub fn puzzle(&self) -> &Sudoku {
        &self.puzzle
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let n = self.side();
        (p.row < n && p.col < n).then_some(p.row * n + p.col)
    }

    /// Whether `p` holds a clue.
    pub fn is_clue(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.puzzle.cells()[i] != 0)
    }

    /// The digit at `p`, clue or entry, 0 when empty (or off the board).
    pub fn value(&self, p: Pos) -> u8 {
        self.index(p)
            .map_or(0, |i| self.puzzle.cells()[i].max(self.entries[i]))
    }

    /// The pencil marks at `p`: bit d−1 for digit d.
    pub fn marks(&self, p: Pos) -> u64 {
        self.index(p).map_or(0, |i| self.marks[i])
    }

    /// The candidates of `p` as the grid stands, bit d−1 for digit d: the digits no cell of
    /// its row, column or box holds, less those the hints shown so far removed; 0 on a filled cell.
    pub fn candidates(&self, p: Pos) -> u64 {
        let Some(i) = self.index(p) else {
            return 0;
        };
        if self.value(p) != 0 {
            return 0;
        }
        let n = self.side();
        let shape = self.shape();
        let seen = (0..n * n)
            .filter(|&j| j / n == p.row || j % n == p.col || shape.box_of(j) == shape.box_of(i))
            .map(|j| self.value(Pos::new(j / n, j % n)))
            .filter(|&v| v != 0)
            .fold(0u64, |m, v| m | 1 << (v - 1));
        ((1u64 << n) - 1) & !seen & !self.eliminated[i]
    }

    /// The number of moves made (an undone move no longer counts).
    pub fn moves(&self) -> usize {
        self.history.len()
    }

    /// The grid as it stands: clues and entries.
    pub fn grid(&self) -> Sudoku {
        let cells = (0..self.entries.len())
            .map(|i| self.puzzle.cells()[i].max(self.entries[i]))
            .collect();
        // The entries are digits of the board, so the grid fits the shape.
        Sudoku::with_shape(self.shape(), cells).unwrap_or_else(|_| self.puzzle.clone())
    }

    /// Records the cell as it is, then sets it; false, changing nothing, when the change is none.
    fn change(&mut self, i: usize, entry: u8, marks: u64) -> bool {
        if self.entries[i] == entry && self.marks[i] == marks {
            return false;
        }
        self.history.push(Before {
            cell: i,
            entry: self.entries[i],
            marks: self.marks[i],
        });
        self.entries[i] = entry;
        self.marks[i] = marks;
        true
    }

    /// Enters digit `d` at `p` (its pencil marks stay, for when it is cleared); false, changing
    /// nothing, on a clue, off the board, for a digit outside 1..N, or when `p` already holds `d`.
    pub fn enter(&mut self, p: Pos, d: u8) -> bool {
        match self.index(p) {
            Some(i) if !self.is_clue(p) && (1..=self.side()).contains(&(d as usize)) => {
                self.change(i, d, self.marks[i])
            }
            _ => false,
        }
    }

    /// Clears the entry at `p`, or, when it has none, its pencil marks; false when there was nothing to clear.
    pub fn clear(&mut self, p: Pos) -> bool {
        match self.index(p) {
            Some(i) if !self.is_clue(p) => {
                if self.entries[i] != 0 {
                    self.change(i, 0, self.marks[i])
                } else {
                    self.change(i, 0, 0)
                }
            }
            _ => false,
        }
    }

    /// Sets or removes the pencil mark `d` at `p`; false on a clue, a cell with an entry, off the board or for a digit outside 1..N.
    pub fn toggle_mark(&mut self, p: Pos, d: u8) -> bool {
        match self.index(p) {
            Some(i)
                if !self.is_clue(p)
                    && self.entries[i] == 0
                    && (1..=self.side()).contains(&(d as usize)) =>
            {
                self.change(i, 0, self.marks[i] ^ (1 << (d - 1)))
            }
            _ => false,
        }
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(b) = self.history.pop() else {
            return false;
        };
        self.entries[b.cell] = b.entry;
        self.marks[b.cell] = b.marks;
        true
    }

    /// The entries that differ from the solution, row by row.
    pub fn contradictions(&self) -> Vec<Pos> {
        let n = self.side();
        (0..self.entries.len())
            .filter(|&i| self.entries[i] != 0 && self.entries[i] != self.solution.cells()[i])
            .map(|i| Pos::new(i / n, i % n))
            .collect()
    }

    /// Whether every cell holds the solution's digit.
    pub fn is_won(&self) -> bool {
        self.grid() == self.solution
    }

    /// The request for the next step from the grid as it stands (the
    /// explainer's hint, asked of the library's one door with the candidates
    /// the hints shown so far left); or, without asking, the entries to fix
    /// first when some contradict the solution, or that the grid is solved.
    pub fn hint_request(&self) -> std::result::Result<Request, GameHint> {
        let wrong = self.contradictions();
        if !wrong.is_empty() {
            return Err(GameHint::Wrong(wrong));
        }
        if self.is_won() {
            return Err(GameHint::Solved);
        }
        let grid = self.grid();
        let all = (1u64 << self.side()) - 1;
        let marks: Vec<String> = grid
            .cells()
            .iter()
            .zip(&self.eliminated)
            .map(|(&v, &gone)| match v {
                0 => (1..=self.side() as u8)
                    .filter(|d| all & !gone & 1 << (d - 1) != 0)
                    .map(symbol)
                    .collect(),
                v => symbol(v).to_string(),
            })
            .collect();
        let mut request = Request::new(Source::from_text("grid", grid.to_line()));
        request.shape = Some(self.shape());
        request.mode = Mode::Hint {
            marks: Some(Source::from_text("marks", marks.join(" "))),
        };
        Ok(request)
    }

    /// The hint the answer to [`SudokuGame::hint_request`] gives, its step
    /// checked against the solution. The candidates a step removes are
    /// remembered, so the next hint goes on from there.
    pub fn take_hint(&mut self, answer: &Answer) -> Result<GameHint> {
        let Answer::Hint(hint) = answer else {
            return Err(Error::Check("a hint answers a hint request".into()));
        };
        match (&hint.outcome, &hint.step) {
            (Outcome::Solved, Some(step)) => {
                let n = self.side();
                for &[r, c, d] in &step.eliminate {
                    if self.solution.cells()[r * n + c] == d as u8 {
                        return Err(Error::Check(format!(
                            "the hint removes the solution's digit at {}",
                            Pos::new(r, c)
                        )));
                    }
                    self.eliminated[r * n + c] |= 1 << (d - 1);
                }
                for &[r, c, d] in &step.place {
                    if self.solution.cells()[r * n + c] != d as u8 {
                        return Err(Error::Check(format!(
                            "the hint places a digit off the solution at {}",
                            Pos::new(r, c)
                        )));
                    }
                }
                Ok(GameHint::Step(step.clone()))
            }
            (Outcome::Interrupted, _) => Ok(GameHint::Interrupted),
            (outcome, _) => Err(Error::Check(format!(
                "a grid agreeing with the solution gave no hint ({outcome:?})"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::Control;

    /// The 9×9 puzzle of the repository's `puzzles/sudoku/9x9-line.txt` (it needs chains).
    const PUZZLE: &str =
        ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";

    fn game() -> SudokuGame {
        let puzzle = Sudoku::from_text(PUZZLE, None).unwrap();
        start(puzzle).unwrap().unwrap()
    }

    /// A game of `puzzle`, started as the front ends start it: its solutions asked of the door.
    fn start(puzzle: Sudoku) -> Result<Option<SudokuGame>> {
        let mut listed = Vec::new();
        let request = SudokuGame::solutions_request(&puzzle)?;
        let answer = <Sudoku as crate::GridPuzzle>::answer(&request, &Control::new(), &mut listed)?;
        SudokuGame::new(puzzle, &listed, &answer)
    }

    /// The `h` key: the hint asked of the door, or known without asking.
    fn hint(g: &mut SudokuGame) -> GameHint {
        match g.hint_request() {
            Ok(request) => {
                let answer = <Sudoku as crate::GridPuzzle>::answer(
                    &request,
                    &Control::new(),
                    &mut crate::NoItems,
                )
                .unwrap();
                g.take_hint(&answer).unwrap()
            }
            Err(known) => known,
        }
    }

    #[test]
    fn candidates_are_the_digits_no_peer_holds_less_those_hints_removed() {
        let mut g = game();
        // r1c1 sees 8 3 2 9 (row 1), 3 (column 1), 2 9 (box 1): 1 4 5 6 7 are left.
        let at = Pos::new(0, 0);
        assert_eq!(g.candidates(at), 0b1111001);
        assert_eq!(g.candidates(Pos::new(0, 1)), 0, "a clue has none");
        assert!(g.enter(Pos::new(0, 3), 1));
        assert_eq!(g.candidates(at), 0b1111000);
        assert!(g.undo());
        // Every candidate a hint removes is gone from the cell it names.
        let mut removed = 0;
        while removed == 0 {
            let GameHint::Step(step) = hint(&mut g) else {
                panic!("no hint")
            };
            for &[r, c, d] in &step.eliminate {
                assert_eq!(g.candidates(Pos::new(r, c)) & 1 << (d - 1), 0);
                removed += 1;
            }
            for &[r, c, d] in &step.place {
                assert!(g.enter(Pos::new(r, c), d as u8));
            }
        }
    }

    #[test]
    fn clues_cannot_be_changed_and_entries_can() {
        let mut g = game();
        assert!(g.is_clue(Pos::new(0, 1)));
        assert!(!g.enter(Pos::new(0, 1), 1));
        assert!(!g.clear(Pos::new(0, 1)));
        assert!(!g.toggle_mark(Pos::new(0, 1), 1));
        assert!(!g.enter(Pos::new(9, 0), 1));
        assert!(!g.enter(Pos::new(0, 0), 10));
        assert!(g.enter(Pos::new(0, 0), 4));
        assert!(
            !g.enter(Pos::new(0, 0), 4),
            "the same digit again is no move"
        );
        assert_eq!(g.value(Pos::new(0, 0)), 4);
        assert_eq!(g.moves(), 1);
    }

    #[test]
    fn undo_takes_back_entries_and_marks_in_order() {
        let mut g = game();
        let p = Pos::new(0, 0);
        assert!(g.toggle_mark(p, 1));
        assert!(g.toggle_mark(p, 4));
        assert_eq!(g.marks(p), 0b1001);
        assert!(g.enter(p, 4));
        assert!(!g.toggle_mark(p, 2), "no marks under an entry");
        assert!(g.clear(p));
        assert_eq!((g.value(p), g.marks(p)), (0, 0b1001));
        assert!(g.clear(p));
        assert_eq!(g.marks(p), 0);
        for expected in [(0, 0b1001), (4, 0b1001), (0, 0b1001), (0, 0b0001), (0, 0)] {
            assert!(g.undo());
            assert_eq!((g.value(p), g.marks(p)), expected);
        }
        assert!(!g.undo());
        assert_eq!(g, game());
    }

    #[test]
    fn the_check_names_exactly_the_entries_off_the_solution() {
        let mut g = game();
        let solution = g.solution.clone();
        let n = g.side();
        // One right entry, two wrong ones.
        let empty: Vec<usize> = (0..n * n).filter(|&i| g.puzzle.cells()[i] == 0).collect();
        let at = |i: usize| Pos::new(i / n, i % n);
        let wrong = |i: usize| solution.cells()[i] % 9 + 1;
        assert!(g.enter(at(empty[0]), solution.cells()[empty[0]]));
        assert!(g.enter(at(empty[1]), wrong(empty[1])));
        assert!(g.enter(at(empty[5]), wrong(empty[5])));
        assert_eq!(g.contradictions(), vec![at(empty[1]), at(empty[5])]);
        assert_eq!(
            hint(&mut g),
            GameHint::Wrong(vec![at(empty[1]), at(empty[5])])
        );
    }

    #[test]
    fn following_the_hints_wins_the_game() {
        let mut g = game();
        let mut hints = 0;
        while !g.is_won() {
            let GameHint::Step(step) = hint(&mut g) else {
                panic!("no step before the end");
            };
            hints += 1;
            // Every placement is the solution's digit; entering it is a move.
            for &[r, c, d] in &step.place {
                let p = Pos::new(r, c);
                assert_eq!(d as u8, g.solution.cells()[r * g.side() + c]);
                assert!(g.enter(p, d as u8));
            }
            for &[r, c, d] in &step.eliminate {
                assert_ne!(d as u8, g.solution.cells()[r * g.side() + c]);
            }
            assert!(hints < 300, "the hints do not finish the grid");
        }
        assert_eq!(g.grid(), g.solution);
        assert!(g.contradictions().is_empty());
        assert_eq!(hint(&mut g), GameHint::Solved);
    }

    #[test]
    fn unplayable_puzzles_are_refused_with_the_reason() {
        let clash = "11..............".parse::<Sudoku>().unwrap();
        let e = start(clash).unwrap_err().to_string();
        assert!(e.contains("no solution") && e.contains("0,0"), "{e}");
        let open = "1...............".parse::<Sudoku>().unwrap();
        let e = start(open).unwrap_err().to_string();
        assert!(e.contains("several solutions"), "{e}");
    }

    #[test]
    fn symbols_go_past_nine_as_letters() {
        assert_eq!(symbol(9), '9');
        assert_eq!(symbol(10), 'A');
        assert_eq!(symbol(35), 'Z');
        for d in 1..=35 {
            assert_eq!(digit_of(symbol(d)), Some(d));
        }
        assert_eq!(digit_of('a'), Some(10));
        assert_eq!(digit_of('.'), None);
    }
}
