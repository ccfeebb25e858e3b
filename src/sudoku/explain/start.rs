//! The start of an explanation: the board set up, and the solution every step is checked against — or why there is nothing to explain (no solution, several: known in milliseconds, before any technique is tried).

use super::board::{bit, Board};
use super::marks::apply_marks;
use super::{solve, Outcome, PencilMarks};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::listing::Solutions;
use crate::sudoku::{Sudoku, SudokuSolver};
use std::ops::ControlFlow;
use std::time::Duration;

/// What the steps are checked against: the grid's one solution.
pub(super) struct Truth {
    pub(super) solution: Vec<u8>,
}

/// What the start of an explanation found: the board, or why there is nothing to explain.
pub(super) enum Start {
    Ready(Board, Truth),
    Over(Outcome),
}

/// Sets up the board of `grid` (with `marks` as its candidates, if given) and
/// finds its solutions: the board ready to explain when there is one (its
/// techniques stopped by `ctl`), else why not — no solution, several (where two
/// part), or stopped first.
pub(super) fn start(grid: &Sudoku, marks: Option<&PencilMarks>, ctl: &Control) -> Result<Start> {
    let start = solutions(grid, marks, ctl)?;
    Ok(match start {
        Start::Ready(mut board, truth) => {
            board.stop = Some(ctl.stop_flag());
            Start::Ready(board, truth)
        }
        over => over,
    })
}

/// The board of `grid` and its solution, or why there is none to explain.
fn solutions(grid: &Sudoku, marks: Option<&PencilMarks>, ctl: &Control) -> Result<Start> {
    let side = grid.shape().side();
    let mut board = match Board::new(grid) {
        Ok(b) => b,
        Err((a, b)) => {
            return Ok(Start::Over(Outcome::NoSolution {
                clash: Some([[a / side, a % side], [b / side, b % side]]),
            }))
        }
    };
    let solver = SudokuSolver::new(grid.clone());
    if let (None, Some(over)) = (marks, quick_start(&solver, &board, ctl)) {
        return Ok(over);
    }
    if let Some(marks) = marks {
        apply_marks(&mut board, grid, marks)?;
    } else {
        // The crate's solver (CDCL from 25×25 up) decides a grid far sooner than the
        // explainer's own search, which minutes of a 25×25 puzzle's rating went to.
        let solves = |s: &Sudoku| grid.check_solution(s).is_ok();
        match solver.first_two(ctl) {
            (Some(first), Some(true), _) if solves(&first) => {
                let truth = Truth {
                    solution: first.cells,
                };
                return Ok(Start::Ready(board, truth));
            }
            (Some(first), Some(false), Some(second)) if solves(&first) && solves(&second) => {
                return Ok(Start::Over(parting(side, &first.cells, &second.cells)));
            }
            _ => {}
        }
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
    Ok(match found.next() {
        None => Start::Ready(board, Truth { solution: first }),
        Some(second) => Start::Over(parting(side, &first, &second)),
    })
}

/// How long the quick search for two solutions of a large grid may take
/// before the surer decision of [`SudokuSolver::solve_and_check_unique`]
/// (the CDCL back end, which takes seconds on a grid with many solutions).
const QUICK: Duration = Duration::from_millis(250);

/// A large grid (25×25 up) decided by a short depth-first search, when it is
/// quick to decide: its two solutions (where they part), or its one, or none.
fn quick_start(solver: &SudokuSolver, board: &Board, ctl: &Control) -> Option<Start> {
    let side = board.side();
    if side < 25 {
        return None;
    }
    let mut found: Vec<Vec<u8>> = Vec::new();
    let tally = ctl.within(QUICK, |quick| {
        solver.enumerate(quick, &mut |s| {
            found.push(s.cells().to_vec());
            match found.len() {
                2 => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            }
        })
    });
    let mut found = found.into_iter();
    match (found.next(), found.next(), tally.stopped) {
        (Some(first), Some(second), _) => Some(Start::Over(parting(side, &first, &second))),
        (Some(solution), None, None) => Some(Start::Ready(board.clone(), Truth { solution })),
        (None, _, None) => Some(Start::Over(Outcome::NoSolution { clash: None })),
        _ => None,
    }
}

/// Where two solutions part: the first cell whose digit differs.
fn parting(side: usize, first: &[u8], second: &[u8]) -> Outcome {
    let c = (0..first.len())
        .find(|&c| first[c] != second[c])
        .unwrap_or(0);
    Outcome::Several {
        cell: [c / side, c % side],
        digits: [first[c], second[c]],
    }
}
