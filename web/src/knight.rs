//! The knight's tour: find a tour, step the knight's tour lab's backtracking
//! for the page's animation, count tours. Find and count go through the
//! library's `answer`; the page's JSON names the board and the mode in its own
//! short form until the library's knight request reads JSON itself.

use crate::{single, Reply};
use puzzles::control::Control;
use puzzles::grid::{Dims, Pos};
use puzzles::knight::animate::{Animation, SearchStep};
use puzzles::knight::{
    answer as knight_answer, CountMethod, Knight, Mode, MoveOrder, Request, Shard, Starts,
    DEFAULT_BUDGET,
};
use puzzles::{NoItems, Result};
use serde::{Deserialize, Serialize};

/// The most squares the page animates (the search is drawn square by square).
const MAX_ANIMATED_CELLS: usize = 30 * 30;

/// The most steps one call returns.
const MAX_STEPS_PER_CALL: u64 = 100_000;

/// What the page asks about a board.
#[derive(Debug, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub(crate) enum Call {
    /// One tour, verified (or why there is none).
    Find(Board),
    /// Steps `skip + 1 ..= skip + take` of the backtracking search.
    Steps {
        #[serde(flatten)]
        board: Board,
        skip: u64,
        take: u64,
    },
    /// The number of tours from the start.
    Count(Board),
}

/// The board, its first square, the kind of tour and the move order.
#[derive(Debug, Deserialize)]
pub(crate) struct Board {
    dims: Dims,
    /// The first square, `[row, col]` from the top left.
    start: Pos,
    #[serde(default)]
    closed: bool,
    #[serde(default)]
    order: MoveOrder,
}

impl Board {
    /// The library's request about this board in `mode`.
    fn request(&self, mode: Mode) -> Request {
        Request {
            dims: self.dims,
            start: format!("{},{}", self.start.row, self.start.col),
            closed: self.closed,
            mode,
        }
    }
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

/// Answers one call.
pub(crate) fn answer(call: Call, ctl: &Control) -> Result<Reply> {
    match call {
        Call::Find(b) => {
            let mode = Mode::Find {
                order: b.order,
                budget: DEFAULT_BUDGET,
            };
            single(knight_answer(&b.request(mode), ctl, &mut NoItems)?)
        }
        Call::Steps { board, skip, take } => single(stretch(&board, skip, take, ctl)?),
        Call::Count(b) => {
            let mode = Mode::Count {
                starts: Starts::Start,
                method: CountMethod::Auto,
                memory_mib: None,
                shard: Shard::WHOLE,
            };
            single(knight_answer(&b.request(mode), ctl, &mut NoItems)?)
        }
    }
}

/// Steps `skip + 1 ..= skip + take` of the search (replayed from the start).
fn stretch(board: &Board, skip: u64, take: u64, ctl: &Control) -> Result<Stretch> {
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
