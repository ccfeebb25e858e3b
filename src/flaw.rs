//! What is wrong with a proposed answer, and where: the verdict every check gives.
//!
//! A produced answer is checked before any front end sees it, and a player's
//! or a student's own answer is checked the same way; a [`Flaw`] names the
//! first thing wrong in the puzzle's own words.

use crate::grid::{Dims, Pos};
use crate::report::{Text, Tone};
use serde::{Deserialize, Serialize};

/// What is wrong with a proposed solution, and where (cells and squares
/// `row,col`, 0-based; moves and squares of a path numbered from 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
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
    /// Lights stay on after the presses, on a graph.
    #[error("{count} light(s) stay on after the presses, the first at vertex {first}")]
    VertexOn {
        /// The first vertex left on, in the graph's order.
        first: String,
        /// How many stay on.
        count: usize,
    },
    /// Presses name a vertex the graph does not have.
    #[error("'{name}' is no vertex of the graph")]
    NoSuchVertex {
        /// The name, as given.
        name: String,
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

/// A proposed answer checked (a student's presses, walk, tour or grid): right,
/// or the first thing wrong. In JSON: `right`, then `flaw` (the [`Flaw`]'s
/// name under `"flaw"` beside its cells) and `reason` (the flaw as a
/// sentence), both null when right.
///
/// ```
/// use puzzles::flaw::{Flaw, Checked};
/// use puzzles::grid::Pos;
///
/// let wrong = Checked::of(Err(Flaw::EmptyCell { at: Pos::new(0, 1) }));
/// assert!(!wrong.right);
/// assert_eq!(wrong.reason.as_deref(), Some("cell 0,1 is empty"));
/// assert!(Checked::of(Ok(())).right);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    /// Whether the answer is right.
    pub right: bool,
    /// The first thing wrong, when it is not.
    pub flaw: Option<Flaw>,
    /// That flaw as a sentence.
    pub reason: Option<String>,
}

impl Checked {
    /// The verdict of a check.
    pub fn of(checked: Result<(), Flaw>) -> Self {
        match checked {
            Ok(()) => Checked {
                right: true,
                flaw: None,
                reason: None,
            },
            Err(flaw) => Checked {
                right: false,
                reason: Some(flaw.to_string()),
                flaw: Some(flaw),
            },
        }
    }

    /// The verdict's line of text: `right: {good}`, or `wrong: {reason}`.
    pub fn line(&self, text: &mut Text, good: &str) {
        match &self.reason {
            None => text.tone(Tone::Good, format!("right: {good}")),
            Some(reason) => text.tone(Tone::Bad, format!("wrong: {reason}")),
        };
        text.end_line();
    }

    /// How a request that checked an answer ended: answered when right, no solution when wrong.
    pub fn ending(&self) -> crate::report::Ending {
        match self.right {
            true => crate::report::Ending::Answered,
            false => crate::report::Ending::NoSolution,
        }
    }
}

impl From<Flaw> for crate::Error {
    /// A produced answer that fails its own check: a bug, reported as such.
    fn from(flaw: Flaw) -> Self {
        crate::Error::Check(flaw.to_string())
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::BitGrid;
    use crate::input::Source;
    use crate::listing::Solutions;
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
            sudoku::Input::read(&Source::from_text("s", "1... ..3. .4.. ...2"), None).unwrap()
        else {
            panic!("one grid")
        };
        assert_eq!(
            grid.check_solution(&grid),
            Err(Flaw::EmptyCell { at: Pos::new(0, 1) })
        );
    }
}
