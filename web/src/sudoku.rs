//! Sudoku: check a typed or pasted puzzle, a hint for the grid being played,
//! a rating, a generated puzzle of a band. A thin adapter until the Sudoku
//! request of the contract lands: the page's JSON is read into the library's
//! calls, and its reports come back unchanged.

use crate::{single, Reply};
use puzzles::control::Control;
use puzzles::sudoku::explain::{hint, rate, PencilMarks};
use puzzles::sudoku::generate::{generate_rated, Difficulty, RatedRequest, Symmetry};
use puzzles::sudoku::{answer as sudoku_answer, Mode, Shape, Sudoku};
use puzzles::Result;
use serde::Deserialize;

/// What the page asks.
#[derive(Debug, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub(crate) enum Call {
    /// Parse a puzzle and solve it: is there exactly one solution?
    Check(Grid),
    /// The next step for the grid being played (clues and entries).
    Hint {
        #[serde(flatten)]
        grid: Grid,
        /// The player's candidates, one mask a cell (bit d−1 for digit d), when kept.
        #[serde(default)]
        marks: Option<Vec<u64>>,
    },
    /// The rating of a puzzle on Sudoku Explainer's scale.
    Rate(Grid),
    /// One new puzzle.
    Generate {
        /// The box shape, `[rows, cols]`.
        #[serde(rename = "box")]
        box_shape: [usize; 2],
        /// `easy`, `medium`, `hard`, `expert` or `extreme`; none for any.
        #[serde(default)]
        difficulty: Option<String>,
        /// `none`, `rotate180`, `rotate90`, `mirror` or `diagonal`.
        #[serde(default = "none")]
        symmetry: String,
        seed: u64,
    },
}

fn none() -> String {
    "none".into()
}

/// A grid in any form the library reads (one line, rows, …).
#[derive(Debug, Deserialize)]
pub(crate) struct Grid {
    puzzle: String,
    /// The box shape, `[rows, cols]`; the squarest for the cell count when absent.
    #[serde(rename = "box", default)]
    box_shape: Option<[usize; 2]>,
}

impl Grid {
    /// The parsed grid; errors name the line and column.
    fn read(&self) -> Result<Sudoku> {
        let shape = self.box_shape.map(|[r, c]| Shape::new(r, c)).transpose()?;
        Sudoku::from_text(&self.puzzle, shape)
    }
}

/// Answers one call.
pub(crate) fn answer(call: Call, ctl: &Control) -> Result<Reply> {
    match call {
        Call::Check(g) => single(sudoku_answer(g.read()?, Mode::Solve, ctl)?),
        Call::Hint { grid, marks } => {
            let marks = marks.map(PencilMarks::from_masks);
            single(hint(&grid.read()?, marks.as_ref(), ctl)?)
        }
        Call::Rate(g) => single(rate(&g.read()?, ctl)?),
        Call::Generate {
            box_shape: [r, c],
            difficulty,
            symmetry,
            seed,
        } => {
            let request = RatedRequest {
                shape: Shape::new(r, c)?,
                count: 1,
                difficulty: difficulty
                    .as_deref()
                    .map(Difficulty::from_name)
                    .transpose()?,
                symmetry: Symmetry::from_name(&symmetry)?,
                seed,
            };
            single(generate_rated(&request, ctl)?)
        }
    }
}
