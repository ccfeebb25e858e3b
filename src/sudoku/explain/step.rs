//! A step of an explanation, as a technique finds it and as it is printed: checked against the solutions, applied, replayed.

use super::board::{bit, Board};
use super::marks::apply_marks;
use super::start::Truth;
use super::{text, PencilMarks, Rating, Technique};
use crate::error::{Error, Result};
use crate::sudoku::Sudoku;
use serde::{Deserialize, Serialize};

/// One step of an explanation: what a person does next and why.
///
/// Cells are `[row, col]`, 0-based; digits are 1..N.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// The digits placed, `[row, col, digit]`.
    pub place: Vec<[usize; 3]>,
    /// The candidates removed, `[row, col, digit]`.
    pub eliminate: Vec<[usize; 3]>,
    /// The cells the technique acts on (its pattern).
    pub cells: Vec<[usize; 2]>,
    /// The step in words.
    pub text: String,
    /// This step's rating on Sudoku Explainer's scale.
    #[serde(skip)]
    pub rating: Rating,
}

/// A step as a technique finds it, on cell indices.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub technique: Technique,
    pub rating: u16,
    pub place: Vec<(usize, u8)>,
    pub eliminate: Vec<(usize, u8)>,
    pub cells: Vec<usize>,
    pub text: String,
}

impl Found {
    /// A step of `technique` rated `rating` tenths, with nothing yet.
    pub fn new(technique: Technique, rating: u16) -> Found {
        Found {
            technique,
            rating,
            place: Vec::new(),
            eliminate: Vec::new(),
            cells: Vec::new(),
            text: String::new(),
        }
    }

    /// Step `k` back on cell indices, for a board of `side`; refused when a cell or digit is off the board.
    pub(super) fn of_step(step: &Step, side: usize, k: usize) -> Result<Found> {
        let mut found = Found::new(step.technique, step.rating.in_tenths());
        let on_board = |&[r, c, d]: &[usize; 3]| -> Result<(usize, u8)> {
            if r < side && c < side && (1..=side).contains(&d) {
                Ok((r * side + c, d as u8))
            } else {
                Err(Error::usage(format!(
                    "step {k}: r{}c{} {d} is off the board",
                    r + 1,
                    c + 1
                )))
            }
        };
        found.place = step.place.iter().map(on_board).collect::<Result<_>>()?;
        found.eliminate = step.eliminate.iter().map(on_board).collect::<Result<_>>()?;
        Ok(found)
    }

    pub(super) fn to_step(&self, side: usize) -> Step {
        let rc = |c: usize| [c / side, c % side];
        Step {
            technique: self.technique,
            place: self
                .place
                .iter()
                .map(|&(c, d)| [c / side, c % side, d as usize])
                .collect(),
            eliminate: self
                .eliminate
                .iter()
                .map(|&(c, d)| [c / side, c % side, d as usize])
                .collect(),
            cells: self.cells.iter().map(|&c| rc(c)).collect(),
            text: self.text.clone(),
            rating: Rating::tenths(self.rating),
        }
    }
}

/// Checks a step against the known solutions and applies it to the board.
pub(super) fn check_and_apply(board: &mut Board, found: &Found, truth: &Truth) -> Result<()> {
    let geo = std::sync::Arc::clone(&board.geo);
    let wrong = |what: &str, c: usize, d: u8| {
        Error::Check(format!(
            "the {} step {what} {d} at {}",
            found.technique,
            geo.cell_name(c)
        ))
    };
    if found.place.is_empty() && found.eliminate.is_empty() {
        return Err(Error::Check(format!(
            "the {} step does nothing",
            found.technique
        )));
    }
    for solution in std::iter::once(&truth.first).chain(truth.second.as_ref()) {
        for &(c, d) in &found.place {
            if solution[c] != d {
                return Err(wrong("places", c, d));
            }
        }
        for &(c, d) in &found.eliminate {
            if solution[c] == d {
                return Err(wrong("removes the solution's", c, d));
            }
        }
    }
    apply(board, found).map_err(|(what, c, d)| wrong(what, c, d))
}

/// Applies a step: its placements (each a candidate) and eliminations (each a candidate).
pub(super) fn apply(
    board: &mut Board,
    found: &Found,
) -> std::result::Result<(), (&'static str, usize, u8)> {
    for &(c, d) in &found.eliminate {
        if board.cand[c] & bit(d) == 0 {
            return Err(("removes the absent candidate", c, d));
        }
        board.cand[c] &= !bit(d);
    }
    for &(c, d) in &found.place {
        if board.value[c] == d {
            continue;
        }
        if board.cand[c] & bit(d) == 0 {
            return Err(("places the absent candidate", c, d));
        }
        board.place(c, d);
    }
    Ok(())
}

/// Replays `steps` from the clues of `puzzle` (and its pencil marks, if given): every placement and
/// elimination must be a candidate when it comes; returns the grid they leave.
pub fn replay(puzzle: &Sudoku, marks: Option<&PencilMarks>, steps: &[Step]) -> Result<Sudoku> {
    let mut board = Board::new(puzzle).map_err(|_| Error::usage("the clues clash"))?;
    if let Some(marks) = marks {
        apply_marks(&mut board, puzzle, marks)?;
    }
    let side = puzzle.shape().side();
    for (k, step) in steps.iter().enumerate() {
        let found = Found::of_step(step, side, k)?;
        apply(&mut board, &found).map_err(|(what, c, d)| {
            Error::usage(format!("step {k} {what} {d} at {}", board.geo.cell_name(c)))
        })?;
    }
    Ok(board.grid())
}

/// The candidates before each of `steps`, replayed from the clues of `puzzle`, as text grids
/// (each cell a block of its candidates shaped as a box, `.` for a digit it cannot hold, a
/// filled cell its digit alone in the middle).
pub(crate) fn candidate_grids(puzzle: &Sudoku, steps: &[Step]) -> Result<Vec<String>> {
    let mut board = Board::new(puzzle).map_err(|_| Error::usage("the clues clash"))?;
    let side = puzzle.shape().side();
    let mut grids = Vec::with_capacity(steps.len());
    for (k, step) in steps.iter().enumerate() {
        grids.push(text::candidates(&board));
        let found = Found::of_step(step, side, k)?;
        apply(&mut board, &found).map_err(|(what, c, d)| {
            Error::usage(format!("step {k} {what} {d} at {}", board.geo.cell_name(c)))
        })?;
    }
    Ok(grids)
}
