//! The trait every grid puzzle implements: solve, enumerate with early stop, verify, render.
//!
//! Counting, listing and the uniqueness check are all one enumeration with a
//! different visitor, so a puzzle writes its search once; [`crate::listing`]
//! is the one place where listings and counts apply their limit.
//!
//! ```
//! use puzzles::input::Source;
//! use puzzles::lightsout::{LightsOut, LightsOutMethod, LightsOutSolver};
//! use puzzles::{Control, Found, GridPuzzle};
//!
//! // The 3×3 board with every light on: exactly one solution (nullity 0).
//! let board = LightsOut::parse(&Source::from_text("board", "###\n###\n###\n"))?;
//! let solver = LightsOutSolver::new(board, LightsOutMethod::Gauss)?;
//! let ctl = Control::new();
//! let Found::Solved(presses) = solver.solve(&ctl) else { panic!("solvable") };
//! assert!(solver.verify(&presses).is_ok());
//! assert_eq!(solver.count(&ctl, None).found, 1);
//! assert_eq!(solver.is_unique(&ctl), Some(true));
//! # Ok::<(), puzzles::Error>(())
//! ```

use crate::control::{Control, Stop, Tally};
use crate::error::Bound;
use crate::grid::{Dims, Pos};
use serde::Serialize;
use std::ops::ControlFlow;

/// What is wrong with a proposed solution, and where (cells and squares
/// `row,col`, 0-based; moves and squares of a path numbered from 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "flaw", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Flaw {
    /// The solution is for a board of another shape.
    #[error("the solution is {got}, the board {want}")]
    WrongShape {
        /// The board's shape.
        want: Dims,
        /// The solution's shape.
        got: Dims,
    },
    /// Lights stay on after the presses.
    #[error("{count} light(s) stay on after the presses, the first at {first}")]
    LightsOn {
        /// The first light left on, in reading order.
        first: Pos,
        /// How many stay on.
        count: usize,
    },
    /// Cells stay white after a walk or with an activation map.
    #[error("{count} cell(s) stay white, the first at {first}")]
    CellsWhite {
        /// The first white cell, in reading order.
        first: Pos,
        /// How many stay white.
        count: usize,
    },
    /// A walk's move leaves the board.
    #[error("move {index} ({letter}) leaves the board from {from}")]
    WalkOffBoard {
        /// The 1-based move.
        index: usize,
        /// Its letter (N, E, S, W).
        letter: char,
        /// The cell it starts from.
        from: Pos,
    },
    /// A walk's character that is not a move.
    #[error("walk character {index} '{found}' is not a move")]
    NotAMove {
        /// Its 1-based position.
        index: usize,
        /// The character.
        found: char,
    },
    /// A tour of the wrong length.
    #[error("the tour has {got} squares, the board {want}")]
    TourLength {
        /// The board's squares.
        want: usize,
        /// The tour's squares.
        got: usize,
    },
    /// A tour that does not start where it should.
    #[error("the tour does not start at {start}")]
    WrongStart {
        /// The required start.
        start: Pos,
    },
    /// A square of the path is off the board.
    #[error("square {index} ({at}) is off the board")]
    SquareOffBoard {
        /// Its 1-based place in the path.
        index: usize,
        /// The square.
        at: Pos,
    },
    /// A square visited twice.
    #[error("square {at} is visited twice (again at move {index})")]
    VisitedTwice {
        /// The square.
        at: Pos,
        /// The 1-based move that comes back to it.
        index: usize,
    },
    /// Two consecutive squares that are not a knight's move apart.
    #[error("move {index} from {from} to {to} is not a knight's move")]
    NotAKnightMove {
        /// The 1-based move.
        index: usize,
        /// Where it starts.
        from: Pos,
        /// Where it lands.
        to: Pos,
    },
    /// A closed tour whose last square is not a knight's move from its first.
    #[error("the tour is not closed: {last} is not a knight's move from {start}")]
    NotClosed {
        /// The last square.
        last: Pos,
        /// The first square.
        start: Pos,
    },
    /// A Sudoku cell left empty.
    #[error("cell {at} is empty")]
    EmptyCell {
        /// The cell.
        at: Pos,
    },
    /// Two cells of one row, column or box holding the same digit.
    #[error("cells {a} and {b} hold the same digit")]
    SameDigit {
        /// One cell.
        a: Pos,
        /// The other, in the same unit.
        b: Pos,
    },
    /// A clue the solution does not keep.
    #[error("the clue {clue} at {at} became {value}")]
    ClueChanged {
        /// The cell.
        at: Pos,
        /// The clue.
        clue: u8,
        /// What the solution holds there.
        value: u8,
    },
}

impl From<Flaw> for crate::Error {
    /// A produced answer that fails its own check: a bug, reported as such.
    fn from(flaw: Flaw) -> Self {
        crate::Error::Check(flaw.to_string())
    }
}

/// What a search for one solution ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found<S> {
    /// A solution, already verified.
    Solved(S),
    /// The search was exhausted (or a theorem applies): there is none.
    NoSolution,
    /// The search was stopped before it could decide.
    Stopped,
}

/// What a puzzle knows of its number of solutions before searching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// Nothing: the search will tell.
    Unknown,
    /// Exactly 2^k solutions (a coset of the quiet patterns).
    PowerOfTwo(u32),
    /// Too many to list without a limit: refused with this bound, size and limit.
    TooMany {
        /// The bound met.
        bound: Bound,
        /// The size that says so (a board's squares, say).
        got: usize,
        /// The largest size listed without a limit.
        limit: usize,
    },
}

impl Expected {
    /// The exact number of solutions, when known and small enough to say.
    pub fn exact(self) -> Option<u64> {
        match self {
            Expected::PowerOfTwo(k) if k < 64 => Some(1 << k),
            _ => None,
        }
    }
}

/// A puzzle instance on a rectangular board.
pub trait GridPuzzle {
    /// One solution: presses, an activation map, a tour, a filled grid.
    type Solution: Clone;

    /// The board's shape.
    fn dims(&self) -> Dims;

    /// Calls `visit` on every solution until it breaks, the search ends, or
    /// `ctl` is stopped; says how many were visited and why it ended
    /// (`Stop::Limit` when `visit` broke, `Stop::Interrupted` when `ctl` was stopped).
    fn enumerate(
        &self,
        ctl: &Control,
        visit: &mut dyn FnMut(&Self::Solution) -> ControlFlow<()>,
    ) -> Tally;

    /// Checks that `solution` really solves this instance; the error says what is wrong and where.
    fn verify(&self, solution: &Self::Solution) -> Result<(), Flaw>;

    /// The instance (and a solution, when given) as text, in the puzzle's own notation.
    fn render_text(&self, solution: Option<&Self::Solution>) -> String;

    /// The instance (and a solution, when given) as an SVG picture; fails for
    /// boards too large to draw (see [`crate::render::MAX_SVG_CELLS`]).
    fn render_svg(&self, solution: Option<&Self::Solution>) -> crate::Result<String>;

    /// Finds one solution. The default takes the first one `enumerate` meets;
    /// puzzles with a faster way to one answer override it.
    fn solve(&self, ctl: &Control) -> Found<Self::Solution> {
        let mut first = None;
        let tally = self.enumerate(ctl, &mut |s| {
            first = Some(s.clone());
            ControlFlow::Break(())
        });
        match (first, tally.stopped) {
            (Some(s), _) => Found::Solved(s),
            (None, Some(Stop::Interrupted)) => Found::Stopped,
            (None, _) => Found::NoSolution,
        }
    }

    /// What is known of the number of solutions before any search: the
    /// listing policy of [`crate::listing`] refuses an unlimited listing that
    /// is known to be long. Unknown by default.
    fn expected_solutions(&self) -> Expected {
        Expected::Unknown
    }

    /// Counts solutions, stopping at `limit` when given (the tally then says `Stop::Limit`).
    fn count(&self, ctl: &Control, limit: Option<u64>) -> Tally {
        count_by_enumeration(self, ctl, limit)
    }

    /// Whether there is exactly one solution (`None` if the search was stopped first).
    fn is_unique(&self, ctl: &Control) -> Option<bool> {
        let tally = self.count(ctl, Some(2));
        match tally.stopped {
            Some(Stop::Interrupted) => None,
            _ => Some(tally.found == 1),
        }
    }
}

/// Counts by enumerating, stopping at `limit`: the default [`GridPuzzle::count`],
/// also the fallback of puzzles whose faster counter does not apply.
pub fn count_by_enumeration<P: GridPuzzle + ?Sized>(
    puzzle: &P,
    ctl: &Control,
    limit: Option<u64>,
) -> Tally {
    let mut seen = 0u64;
    puzzle.enumerate(ctl, &mut |_| {
        seen += 1;
        if limit.is_some_and(|l| seen >= l) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::BitGrid;
    use crate::input::Source;
    use crate::{knight, lightsout, revertigo, sudoku};

    #[test]
    fn each_puzzle_names_what_is_wrong_and_where() {
        let board =
            lightsout::LightsOut::parse(&Source::from_text("b", "#..\n...\n...\n")).unwrap();
        let solver =
            lightsout::LightsOutSolver::new(board, lightsout::LightsOutMethod::Gauss).unwrap();
        let dims = Dims { rows: 3, cols: 3 };
        assert_eq!(
            solver.verify(&BitGrid::new(dims)),
            Err(Flaw::LightsOn {
                first: Pos::new(0, 0),
                count: 1
            })
        );
        let game = revertigo::Revertigo::new(dims);
        assert_eq!(
            game.check_map(&BitGrid::new(dims)),
            Err(Flaw::CellsWhite {
                first: Pos::new(0, 0),
                count: 9
            })
        );
        let k = knight::Knight::new(Dims { rows: 3, cols: 4 }, Pos::new(0, 0), false).unwrap();
        let hop = [Pos::new(0, 0), Pos::new(0, 1)];
        let mut path = vec![Pos::new(0, 0); 12];
        path[..2].copy_from_slice(&hop);
        assert_eq!(
            knight::verify_tour(&k, &path),
            Err(Flaw::NotAKnightMove {
                index: 2,
                from: hop[0],
                to: hop[1]
            })
        );
        let sudoku::Input::Single(grid) =
            sudoku::read(&Source::from_text("s", "1... ..3. .4.. ...2"), None).unwrap()
        else {
            panic!("one grid")
        };
        assert_eq!(
            grid.check_solution(&grid),
            Err(Flaw::EmptyCell { at: Pos::new(0, 1) })
        );
    }
}
