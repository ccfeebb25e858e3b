//! The knight's tour lab's backtracking, step by step, for the page's
//! animation (`"puzzle": "knight-search"`); finding and counting tours go
//! through the library's own request (`"puzzle": "knight"`).

use crate::{single, Reply};
use puzzles::control::Control;
use puzzles::grid::{Dims, Pos};
use puzzles::knight::animate::{Animation, SearchStep};
use puzzles::knight::{Knight, MoveOrder};
use puzzles::Result;
use serde::{Deserialize, Serialize};

/// The most squares the page animates (the search is drawn square by square).
const MAX_ANIMATED_CELLS: usize = 30 * 30;

/// The most steps one call returns.
const MAX_STEPS_PER_CALL: u64 = 100_000;

/// Steps `skip + 1 ..= skip + take` of the backtracking search of a board.
#[derive(Debug, Deserialize)]
pub(crate) struct Call {
    dims: Dims,
    /// The first square, `[row, col]` from the top left.
    start: Pos,
    #[serde(default)]
    closed: bool,
    #[serde(default)]
    order: MoveOrder,
    skip: u64,
    take: u64,
}

/// A stretch of the search: its steps as `[kind, row, col, number]` (kind
/// `1` place, `0` remove), and the outcome once it ended.
#[derive(Debug, Serialize)]
struct Stretch {
    steps: Vec<[usize; 4]>,
    /// Steps so far, these included.
    count: u64,
    /// `"tour"`, `"no tour"`, or absent while searching.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
}

/// Answers one call: the stretch of the search asked for.
pub(crate) fn answer(call: Call, ctl: &Control) -> Result<Reply> {
    single(stretch(&call, ctl)?)
}

/// Steps `skip + 1 ..= skip + take` of the search (replayed from the start).
fn stretch(board: &Call, ctl: &Control) -> Result<Stretch> {
    let (skip, take) = (board.skip, board.take);
    let dims = Dims::new(board.dims.rows, board.dims.cols, MAX_ANIMATED_CELLS)?;
    let knight = Knight::new(dims, board.start, board.closed)?;
    let mut out = Stretch {
        steps: Vec::new(),
        count: 0,
        result: None,
    };
    let end = skip.saturating_add(take.min(MAX_STEPS_PER_CALL));
    for step in Animation::new(knight, board.order).take(end as usize) {
        if ctl.stopped() {
            break;
        }
        out.count += 1;
        if out.count <= skip {
            continue;
        }
        match step {
            SearchStep::Place { square, number } => {
                out.steps.push([1, square.row, square.col, number])
            }
            SearchStep::Remove { square, number } => {
                out.steps.push([0, square.row, square.col, number])
            }
            SearchStep::Tour => out.result = Some("tour"),
            SearchStep::NoTour => out.result = Some("no tour"),
        }
    }
    Ok(out)
}
