//! The knight's tour: find a tour, step the lab's backtracking search for the
//! page's animation, count tours. A thin adapter until the knight's request
//! of the contract lands: the page's JSON is read into the library's
//! requests, and its reports come back unchanged.

use crate::{single, Reply};
use puzzles::control::Control;
use puzzles::grid::{Dims, Pos};
use puzzles::knight::animate::{Animation, Step};
use puzzles::knight::count::{count, CountRequest, Starts};
use puzzles::knight::{find, Knight, Order, Request};
use puzzles::Result;
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

/// The library's move order, as the page names it.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum MoveOrder {
    #[default]
    Warnsdorff,
    Plain,
}

impl From<MoveOrder> for Order {
    fn from(o: MoveOrder) -> Order {
        match o {
            MoveOrder::Warnsdorff => Order::Warnsdorff,
            MoveOrder::Plain => Order::Plain,
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
            let mut request = Request::new(b.dims);
            request.start = format!("{},{}", b.start.row, b.start.col);
            request.closed = b.closed;
            request.order = b.order.into();
            single(find(&request, ctl)?)
        }
        Call::Steps { board, skip, take } => single(stretch(&board, skip, take, ctl)?),
        Call::Count(b) => {
            let request = CountRequest::new(b.dims, b.closed, Starts::From(b.start));
            single(count(&request, ctl)?)
        }
    }
}

/// Steps `skip + 1 ..= skip + take` of the search (replayed from the start).
fn stretch(board: &Board, skip: u64, take: u64, ctl: &Control) -> Result<Stretch> {
    let dims = Dims::new(board.dims.rows, board.dims.cols, MAX_ANIMATED_CELLS)?;
    let knight = Knight::new(dims, board.start, board.closed)?;
    let mut search = Animation::new(knight, board.order.into());
    let mut out = Stretch {
        steps: Vec::new(),
        count: 0,
        result: None,
    };
    for step in search
        .by_ref()
        .take(skip.saturating_add(take.min(MAX_STEPS_PER_CALL)) as usize)
    {
        if ctl.stopped() {
            break;
        }
        out.count += 1;
        if out.count <= skip {
            continue;
        }
        match step {
            Step::Place { square, number } => out.steps.push([1, square.row, square.col, number]),
            Step::Remove { square, number } => out.steps.push([0, square.row, square.col, number]),
            Step::Tour => out.result = Some("tour"),
            Step::NoTour => out.result = Some("no tour"),
        }
    }
    Ok(out)
}
