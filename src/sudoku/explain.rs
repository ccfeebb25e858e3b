//! Sudoku for people: the solution as steps a person can follow, the next step as a hint, and a rating of how hard a puzzle is.
//!
//! The explainer works on its own candidate board (a [`Sudoku`] of any
//! [`Shape`] and its pencil marks), general over box shapes: N×N cells with
//! boxes of R×C cells (R·C = N, N up to 36), the units being the rows, the
//! columns and the boxes. At each step it looks for the easiest technique that makes
//! progress, in the order of their difficulty on Sudoku Explainer's scale
//! (Nicolas Juillerat's Sudoku Explainer, as documented in "Difficulty
//! ratings in Sudoku Explainer v1.2.1", Sukaku Explainer wiki): full house,
//! hidden and naked singles, locked candidates, naked and hidden subsets,
//! fish, XY- and XYZ-wings, unique rectangles, the bivalue universal grave,
//! aligned pair exclusion, the chains of one chain (X- and XY-chains, W-wings and
//! a candidate implying its own negation, the lowest rated taken, as Sudoku
//! Explainer takes its "forcing chains and cycles"), aligned triple exclusion,
//! Nishio, multiple and dynamic forcing chains, and last a
//! `trial` — a guess whose refutation is shown by a search — so that every
//! explanation of a puzzle with one solution ends in that solution.
//!
//! Every step is checked before it is returned: a placement is the
//! solution's digit, an elimination never removes it, and the steps replayed
//! from the clues give the solution. The rating of a puzzle is the rating of
//! its hardest step, as in Sudoku Explainer.
//!
//! Its requests go through `Sudoku::answer` ([`super::Mode::Explain`],
//! [`super::Mode::Hint`], [`super::Mode::Rate`]):
//!
//! ```
//! use puzzles::input::Source;
//! use puzzles::sudoku::Outcome;
//! use puzzles::sudoku::{Answer, Mode, Request, Sudoku};
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! let mut request = Request::new(Source::from_text("4x4", "1.....3..4.....2"));
//! request.mode = Mode::Explain { candidates: false };
//! let Answer::Explain(explanation) = Sudoku::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
//! assert_eq!(explanation.outcome, Outcome::Solved);
//! assert_eq!(explanation.solution.as_deref(), Some("1324423124133142"));
//! assert!(explanation.rating.unwrap().value() <= 2.3);
//!
//! request.mode = Mode::Hint { marks: None };
//! let Answer::Hint(hint) = Sudoku::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
//! assert_eq!((hint.outcome, hint.step.is_some()), (Outcome::Solved, true));
//!
//! // A 6×6 puzzle with 2×3 boxes (made by this crate's generator) that needs the bivalue universal grave.
//! request.source = Some(Source::from_text("6x6", "...4..3...6...135..356...5...4..3..."));
//! request.mode = Mode::Rate;
//! let Answer::Rate(rated) = Sudoku::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
//! assert_eq!(rated.box_shape, [2, 3]);
//! assert_eq!(rated.rated.hardest.map(|t| t.name()), Some("bivalue-universal-grave"));
//! assert_eq!(rated.rated.rating.unwrap().to_string(), "5.6");
//! # Ok::<(), puzzles::Error>(())
//! ```

mod als_wings;
mod board;
mod budget;
mod chaining;
mod exclusion;
mod fish;
mod grave;
mod intersections;
mod plus;
mod singles;
mod solve;
mod strong_links;
mod subsets;
mod sukaku;
mod text;
mod trial;
mod uniqueness;
mod wings;

mod marks;
mod report;
mod start;
mod step;
mod technique;

use super::{Shape, Sudoku};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::input::Source;
use board::{digits, Board};
use std::ops::ControlFlow;
use sukaku::Hook;
pub use sukaku::TechniqueSet;

pub use marks::PencilMarks;
pub(crate) use report::scale;
pub use report::{Explanation, Hint, Outcome, Rated};
use start::{parting, start, Start};
use step::check_and_apply;
pub(crate) use step::{candidate_grids, Found};
pub use step::{replay, Step};
pub(crate) use technique::length_bonus;
pub use technique::{Rating, Technique};
#[cfg(test)]
use {board::bit, step::apply};

/// The easiest step that makes progress on `board`, the trial last; `None` only when
/// the board is full, when only a trial is left and `trial_allowed` is false, or
/// when only the multiple and dynamic forcing chains (and the trial) are left and
/// `forcing_fits` is false (see [`budget`]).
fn next_step(
    board: &Board,
    set: TechniqueSet,
    unique: bool,
    truth: &[u8],
    trial_allowed: bool,
    forcing_fits: bool,
    ctl: &Control,
) -> Option<Found> {
    let easy = singles::full_house(board)
        .or_else(|| singles::hidden_single(board))
        .or_else(|| singles::naked_single(board))
        .or_else(|| intersections::pointing(board))
        .or_else(|| intersections::claiming(board))
        .or_else(|| subsets::naked(board, 2))
        .or_else(|| fish::basic(board, 2))
        .or_else(|| subsets::hidden(board, 2))
        .or_else(|| subsets::naked(board, 3))
        .or_else(|| fish::basic(board, 3))
        .or_else(|| subsets::hidden(board, 3))
        .or_else(|| sukaku::step(set, Hook::HiddenTriple, board))
        .or_else(|| wings::xy_wing(board))
        .or_else(|| wings::xyz_wing(board));
    if easy.is_some() {
        return easy;
    }
    let rectangle = if unique {
        uniqueness::rectangle(board)
    } else {
        None
    };
    rectangle
        .or_else(|| subsets::naked(board, 4))
        .or_else(|| fish::basic(board, 4))
        .or_else(|| subsets::hidden(board, 4))
        .or_else(|| sukaku::step(set, Hook::HiddenQuad, board))
        .or_else(|| {
            if unique {
                grave::bivalue_grave(board)
            } else {
                None
            }
        })
        .or_else(|| sukaku::step(set, Hook::Grave, board))
        .or_else(|| exclusion::aligned(board, 2))
        .or_else(|| sukaku::step(set, Hook::PairExclusion, board))
        .or_else(|| chaining::forcing_chains_and_cycles(board))
        .or_else(|| sukaku::step(set, Hook::Chains, board))
        .or_else(|| exclusion::aligned(board, 3))
        .or_else(|| chaining::nishio(board))
        .or_else(|| forcing_fits.then(|| chaining::multiple(board)).flatten())
        .or_else(|| forcing_fits.then(|| chaining::dynamic(board)).flatten())
        .or_else(|| {
            forcing_fits
                .then(|| chaining::dynamic_plus(board))
                .flatten()
        })
        .or_else(|| forcing_fits.then(|| chaining::nested(board, 2)).flatten())
        .or_else(|| forcing_fits.then(|| chaining::nested(board, 3)).flatten())
        .or_else(|| {
            if trial_allowed && forcing_fits {
                trial::refute(board, truth, ctl)
            } else {
                None
            }
        })
}

/// Explains `puzzle`: the steps from its clues to its solution, each checked, and its rating.
///
/// A grid with no solution gives [`Outcome::NoSolution`] (naming the clash when
/// two clues conflict); one with several gives the steps up to where the
/// solutions part and [`Outcome::Several`]; no unique-rectangle step is used then.
pub(crate) fn explain(puzzle: &Sudoku, set: TechniqueSet, ctl: &Control) -> Result<Explanation> {
    let shape = puzzle.shape();
    let mut explanation = Explanation {
        size: shape.side(),
        box_shape: shape.box_dims(),
        puzzle: puzzle.to_line(),
        clues: puzzle.clues(),
        techniques: set,
        solution: None,
        rating: None,
        hardest: None,
        outcome: Outcome::Solved,
        steps: Vec::new(),
        candidates: Vec::new(),
    };
    let (mut board, truth) = match start(puzzle, None, ctl)? {
        Start::Ready(board, truth) => (board, truth),
        Start::Over(outcome) => {
            explanation.outcome = outcome;
            return Ok(explanation);
        }
    };
    let unique = truth.second.is_none();
    let side = shape.side();
    let mut hardest: Option<(u16, Technique)> = None;
    let cap = budget::Cap::default();
    while !board.is_full() {
        if ctl.stopped() {
            explanation.outcome = Outcome::Interrupted;
            return Ok(explanation);
        }
        let refusal = budget::forcing_refusal(&board, &cap);
        let fits = refusal.is_none();
        let Some(found) = next_step(&board, set, unique, &truth.first, unique, fits, ctl) else {
            if let (Some(e), false) = (refusal, ctl.stopped()) {
                return Err(e);
            }
            explanation.outcome = if unique {
                Outcome::Interrupted
            } else {
                parting(&board, &truth)
            };
            return Ok(explanation);
        };
        check_and_apply(&mut board, &found, &truth)?;
        if hardest.is_none_or(|(r, _)| found.rating > r) {
            hardest = Some((found.rating, found.technique));
        }
        explanation.steps.push(found.to_step(side));
        ctl.progress().advance(1);
    }
    let end = board.grid();
    let solution =
        Sudoku::with_shape(shape, truth.first.clone()).map_err(|e| Error::Check(e.to_string()))?;
    if end != solution {
        return Err(Error::Check("the steps do not end in the solution".into()));
    }
    puzzle
        .check_solution(&end)
        .map_err(|e| Error::Check(e.to_string()))?;
    let replayed =
        replay(puzzle, None, &explanation.steps).map_err(|e| Error::Check(e.to_string()))?;
    if replayed != end {
        return Err(Error::Check(
            "the steps replayed do not give the solution".into(),
        ));
    }
    explanation.solution = Some(end.to_line());
    explanation.rating = hardest.map(|(r, _)| Rating::tenths(r));
    explanation.hardest = hardest.map(|(_, t)| t);
    Ok(explanation)
}

/// The next step for a partly filled grid (clues and entries alike), with `marks` as the candidates when given.
///
/// Pencil marks that exclude a filled cell's digit, or leave a cell with no
/// candidate, are refused; marks that remove a digit the grid needs are refused too.
pub(crate) fn hint(
    grid: &Sudoku,
    marks: Option<&PencilMarks>,
    set: TechniqueSet,
    ctl: &Control,
) -> Result<Hint> {
    let shape = grid.shape();
    let mut hint = Hint {
        size: shape.side(),
        box_shape: shape.box_dims(),
        puzzle: grid.to_line(),
        clues: grid.clues(),
        techniques: set,
        outcome: Outcome::Solved,
        step: None,
    };
    let (mut board, truth) = match start(grid, marks, ctl)? {
        Start::Ready(board, truth) => (board, truth),
        Start::Over(outcome) => {
            hint.outcome = outcome;
            return Ok(hint);
        }
    };
    if board.is_full() {
        return Ok(hint);
    }
    let unique = truth.second.is_none();
    let refusal = budget::forcing_refusal(&board, &budget::Cap::default());
    let fits = refusal.is_none();
    match next_step(&board, set, unique, &truth.first, unique, fits, ctl) {
        Some(found) => {
            check_and_apply(&mut board, &found, &truth)?;
            hint.step = Some(found.to_step(shape.side()));
        }
        None => {
            if let (Some(e), false) = (refusal, ctl.stopped()) {
                return Err(e);
            }
            hint.outcome = if unique {
                Outcome::Interrupted
            } else {
                parting(&board, &truth)
            }
        }
    }
    Ok(hint)
}

/// Rates `puzzle`: the rating of its explanation's hardest step.
pub(crate) fn rate(puzzle: &Sudoku, set: TechniqueSet, ctl: &Control) -> Result<Rated> {
    let e = explain(puzzle, set, ctl)?;
    Ok(Rated {
        techniques: set,
        rating: e.rating,
        hardest: e.hardest,
        steps: e.steps.len(),
        outcome: e.outcome,
    })
}

/// The rating of one batch line: its number, grid and rating, or its number and why it is not a puzzle.
pub(crate) type LineRating = std::result::Result<(usize, Sudoku, Rated), (usize, Error)>;

/// Rates every puzzle of a batch (one per line; blank lines and lines starting with `#` are skipped),
/// in order, giving each line's grid and rating, or its parse error, to `visit`; the boxes are `shape`, or
/// the squarest for each line's cell count. Returns whether every line was rated (false when
/// `ctl` stopped it, or `visit` broke).
pub(crate) fn rate_batch(
    source: &Source,
    shape: Option<Shape>,
    set: TechniqueSet,
    ctl: &Control,
    visit: &mut dyn FnMut(LineRating) -> ControlFlow<()>,
) -> bool {
    let lines: Vec<(usize, &str)> = source
        .text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    ctl.progress().set_total(lines.len() as u64);
    // The bar counts puzzles: each rating's own steps are not shown.
    let each = ctl
        .clone()
        .with_progress(std::sync::Arc::new(crate::control::NoProgress));
    for (line, text) in lines {
        if ctl.stopped() {
            return false;
        }
        let rated = super::parse::line_puzzle(source, line, text, shape)
            .and_then(|grid| rate(&grid, set, &each).map(|rated| (line, grid, rated)))
            .map_err(|e| (line, e));
        ctl.progress().advance(1);
        if visit(rated).is_break() {
            return false;
        }
    }
    ctl.progress().finish();
    !ctl.stopped()
}

/// The candidates of the cells of `cells` joined, for texts: `{3,7}`.
pub(crate) fn cands_name(mask: u64) -> String {
    let d: Vec<String> = digits(mask).map(|d| d.to_string()).collect();
    format!("{{{}}}", d.join(","))
}

#[cfg(test)]
mod tests;
