//! The start of an explanation: the board set up, and the solutions every step is checked against.

use super::board::{bit, Board};
use super::marks::apply_marks;
use super::{solve, Outcome, PencilMarks};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::sudoku::{Sudoku, SudokuSolver};
use std::ops::ControlFlow;

/// Everything the steps are checked against: the known solutions of the grid.
pub(super) struct Truth {
    /// The first solution, and a second one when the grid has several.
    pub(super) first: Vec<u8>,
    pub(super) second: Option<Vec<u8>>,
}

/// What the start of an explanation found: the board, or why there is nothing to explain.
pub(super) enum Start {
    Ready(Board, Truth),
    Over(Outcome),
}

/// Sets up the board of `grid` (with `marks` as its candidates, if given) and finds its solutions.
pub(super) fn start(grid: &Sudoku, marks: Option<&PencilMarks>, ctl: &Control) -> Result<Start> {
    let side = grid.shape().side();
    let mut board = match Board::new(grid) {
        Ok(b) => b,
        Err((a, b)) => {
            return Ok(Start::Over(Outcome::NoSolution {
                clash: Some([[a / side, a % side], [b / side, b % side]]),
            }))
        }
    };
    if let Some(marks) = marks {
        apply_marks(&mut board, grid, marks)?;
    } else if let (Some(first), Some(true)) =
        SudokuSolver::new(grid.clone()).solve_and_check_unique(ctl)
    {
        // The crate's solver (CDCL from 25×25 up) decides a grid with one solution far sooner
        // than the explainer's own search, which minutes of a 25×25 puzzle's rating went to.
        let truth = Truth {
            first: first.cells,
            second: None,
        };
        return Ok(Start::Ready(board, truth));
    }
    let mut found: Vec<Vec<u8>> = Vec::new();
    let searched = solve::search(&board, 2, ctl, &mut |cells| {
        found.push(cells.to_vec());
        ControlFlow::Continue(())
    });
    if searched.tally.stopped == Some(crate::control::Stop::Interrupted) && found.len() < 2 {
        return Ok(Start::Over(Outcome::Interrupted));
    }
    let mut found = found.into_iter();
    let Some(first) = found.next() else {
        if marks.is_some() {
            if let Ok(plain) = Board::new(grid) {
                let mut any = Vec::new();
                solve::search(&plain, 1, ctl, &mut |cells| {
                    any = cells.to_vec();
                    ControlFlow::Break(())
                });
                if let Some(c) = (0..any.len())
                    .find(|&c| board.cand[c] & bit(any[c]) == 0 && board.value[c] == 0)
                {
                    return Err(Error::usage(format!(
                        "the pencil marks remove {} from {}, where the grid needs it",
                        any[c],
                        board.geo.cell_name(c)
                    )));
                }
            }
        }
        return Ok(Start::Over(Outcome::NoSolution { clash: None }));
    };
    Ok(Start::Ready(
        board,
        Truth {
            first,
            second: found.next(),
        },
    ))
}

/// Where two solutions part: the first empty cell whose digit differs.
pub(super) fn parting(board: &Board, truth: &Truth) -> Outcome {
    let side = board.side();
    let second = truth.second.as_deref().unwrap_or(&truth.first);
    let c = (0..board.value.len())
        .find(|&c| truth.first[c] != second[c])
        .unwrap_or(0);
    Outcome::Several {
        cell: [c / side, c % side],
        digits: [truth.first[c], second[c]],
    }
}
