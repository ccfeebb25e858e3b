//! A student's filled grid checked against its puzzle: every cell filled,
//! no digit twice in a row, column or box, every clue kept; the first thing
//! wrong named (the cells that clash, the clue that changed).

use super::parse::{read, Input};
use super::Sudoku;
use crate::error::{Error, Result};
use crate::flaw::{Checked, Flaw};
use crate::grid::Dims;
use crate::input::Source;
use crate::report::{Detail, Ending, Report, Text};
use serde::{Deserialize, Serialize};

/// A filled grid checked: the puzzle, the grid given, the verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridCheck {
    /// The grid side.
    pub size: usize,
    /// The box shape `[R, C]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The puzzle in line form.
    pub puzzle: String,
    /// The grid checked, in line form.
    pub solution: String,
    /// Right, or the first thing wrong.
    #[serde(flatten)]
    pub checked: Checked,
}

/// Checks the filled grid `solution` (any layout the reader takes) against `puzzle`.
pub(super) fn check(puzzle: &Sudoku, solution: &str) -> Result<GridCheck> {
    let source = Source::from_text("solution", solution);
    let shape = puzzle.shape();
    let Input::Single(mut filled) = read(&source, None)? else {
        return Err(Error::usage("a check takes one filled grid, not a batch"));
    };
    // The same side read with the puzzle's boxes (a 6×6 grid has two shapes).
    if filled.side() == puzzle.side() && filled.shape() != shape {
        let Input::Single(reread) = read(&source, Some(shape))? else {
            return Err(Error::usage("a check takes one filled grid, not a batch"));
        };
        filled = reread;
    }
    let checked = match filled.side() == puzzle.side() {
        true => puzzle.check_solution(&filled),
        false => Err(Flaw::WrongShape {
            want: square(puzzle.side()),
            got: square(filled.side()),
        }),
    };
    Ok(GridCheck {
        size: puzzle.side(),
        box_shape: shape.box_dims(),
        puzzle: puzzle.to_line(),
        solution: filled.to_line(),
        checked: Checked::of(checked),
    })
}

/// A square board of side `n`.
fn square(n: usize) -> Dims {
    Dims { rows: n, cols: n }
}

impl Report for GridCheck {
    /// The grid checked, then the verdict.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let [r, c] = self.box_shape;
        text.line(format!(
            "Sudoku {0}×{0} (boxes {r}×{c}): a filled grid checked",
            self.size
        ));
        if detail == Detail::Full {
            text.line(&self.solution);
        }
        self.checked.line(
            &mut text,
            "every cell filled, no digit twice in a row, column or box, every clue kept",
        );
        text
    }

    fn ending(&self) -> Ending {
        self.checked.ending()
    }
}
