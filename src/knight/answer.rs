//! Requests and reports of the knight's tour: one tour found, tours listed,
//! the semi-magic tour (counts are [`super::count`]); every report verified and serialisable as JSON.

use super::{
    file_name, magic_sums, parse_square, semi_magic_tour, verify_tour, Impossible, Knight,
    MagicSums, Order, Solver, Tour, Verdict, DEFAULT_BUDGET, MAX_CELLS,
};
use crate::control::{Control, Tally};
use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};
use crate::listing::{self, Limit};
use crate::puzzle::GridPuzzle;
use serde::Serialize;
use std::ops::ControlFlow;

/// One knight's tour question: the board, the first square, open or closed, how to search.
#[derive(Debug, Clone)]
pub struct Request {
    /// The board.
    pub dims: Dims,
    /// The first square, `row,col` or algebraic `a1` (bottom-left).
    pub start: String,
    /// A closed tour: the last square a knight's move from the first.
    pub closed: bool,
    /// The order in which moves are tried.
    pub order: Order,
    /// Search nodes before giving up on finding one tour.
    pub budget: u64,
}

impl Request {
    /// An open tour of `dims` from the top-left square, Warnsdorff's order.
    pub fn new(dims: Dims) -> Self {
        Request {
            dims,
            start: "0,0".to_string(),
            closed: false,
            order: Order::Warnsdorff,
            budget: DEFAULT_BUDGET,
        }
    }

    /// The validated problem and its solver.
    pub fn solver(&self) -> Result<Solver> {
        let dims = Dims::new(self.dims.rows, self.dims.cols, MAX_CELLS)?;
        let start = parse_square(dims, &self.start)?;
        let knight = Knight::new(dims, start, self.closed)?;
        Ok(Solver::new(knight, self.order, self.budget))
    }
}

/// The square `p` of a board of `rows` rows in chess notation (`a1` bottom-left).
pub fn algebraic(rows: usize, p: Pos) -> String {
    format!("{}{}", file_name(p.col), rows - p.row)
}

/// One tour, or why there is none: the same keys in text and JSON.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The first square.
    pub start: Pos,
    /// The first square in chess notation.
    #[serde(skip)]
    pub start_algebraic: String,
    /// Whether the tour is closed.
    pub closed: bool,
    /// The move order of the search.
    pub order: Order,
    /// "tour", "no tour", "gave up" or "interrupted".
    pub result: &'static str,
    /// The tour, verified.
    pub tour: Option<Tour>,
    /// Why there is no tour (a theorem or the exhausted search), or why none was found.
    pub reason: Option<String>,
    /// Search nodes spent, when a search ran without an answer.
    pub nodes: Option<u64>,
}

/// Finds one tour (verified), or says why there is none.
///
/// ```
/// use puzzles::grid::Dims;
/// use puzzles::knight::{find, Request};
/// use puzzles::Control;
///
/// let mut request = Request::new(Dims { rows: 6, cols: 6 });
/// request.closed = true;
/// let report = find(&request, &Control::new())?;
/// assert_eq!(report.result, "tour");
/// assert_eq!(report.tour.map(|t| t.len()), Some(36));
/// let none = find(&Request::new(Dims { rows: 4, cols: 4 }), &Control::new())?;
/// assert_eq!(none.result, "no tour");
/// # Ok::<(), puzzles::Error>(())
/// ```
pub fn find(request: &Request, ctl: &Control) -> Result<Report> {
    let solver = request.solver()?;
    let k = solver.knight();
    let mut report = Report {
        rows: k.dims().rows,
        cols: k.dims().cols,
        start: k.start(),
        start_algebraic: algebraic(k.dims().rows, k.start()),
        closed: k.closed(),
        order: solver.order(),
        result: "tour",
        tour: None,
        reason: None,
        nodes: None,
    };
    let found = solver.find(ctl);
    ctl.progress().finish();
    match found {
        Verdict::Tour(t) => {
            solver.verify(&t)?;
            report.tour = Some(t);
        }
        Verdict::NoTour(why) => {
            report.result = "no tour";
            if let Impossible::Exhausted { nodes } = why {
                report.nodes = Some(nodes);
            }
            report.reason = Some(why.to_string());
        }
        Verdict::GaveUp { nodes } => {
            report.result = "gave up";
            report.nodes = Some(nodes);
            report.reason = Some(format!(
                "search gave up after {nodes} nodes: no tour found, none ruled out (raise the budget)"
            ));
        }
        Verdict::Interrupted { nodes } => {
            report.result = "interrupted";
            report.nodes = Some(nodes);
            report.reason = Some(format!("search interrupted after {nodes} nodes"));
        }
    }
    Ok(report)
}

/// Lists the tours from the start through [`listing::list`] (each verified,
/// the one limit policy).
pub fn list(
    request: &Request,
    limit: Limit,
    ctl: &Control,
    visit: impl FnMut(u64, &Tour) -> ControlFlow<()>,
) -> Result<Tally> {
    let solver = request.solver()?;
    listing::list(&solver, limit, "tours", ctl, visit)
}

/// A semi-magic tour and its line sums.
#[derive(Debug, Clone, Serialize)]
pub struct MagicReport {
    /// Board rows (8).
    pub rows: usize,
    /// Board columns (8).
    pub cols: usize,
    /// "tour" or "interrupted".
    pub result: &'static str,
    /// The tour, verified closed and semi-magic.
    pub tour: Option<Tour>,
    /// Row, column and diagonal sums, `semi_magic`, `magic` (diagonals too).
    pub sums: Option<MagicSums>,
}

/// A semi-magic closed tour of the 8×8 board (every row and column sums to
/// 260), verified, with its line sums; `result` is "interrupted" when `ctl`
/// stopped the search first.
pub fn magic(dims: Dims, ctl: &Control) -> Result<MagicReport> {
    if (dims.rows, dims.cols) != (8, 8) {
        return Err(Error::usage(format!(
            "semi-magic tours are searched on the 8×8 board (rows and columns sum to 260), not {dims}"
        )));
    }
    let mut report = MagicReport {
        rows: 8,
        cols: 8,
        result: "interrupted",
        tour: None,
        sums: None,
    };
    if let Some(t) = semi_magic_tour(ctl) {
        verify_tour(&Knight::new(dims, t[0], true)?, &t)?;
        let sums = magic_sums(&t)
            .filter(|m| m.semi_magic)
            .ok_or_else(|| Error::Check("the tour is not semi-magic".into()))?;
        report.result = "tour";
        report.tour = Some(t);
        report.sums = Some(sums);
    }
    Ok(report)
}
