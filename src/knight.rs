//! The knight's tour: visit every square of an R×C board once with knight moves, optionally
//! returning to the start (a closed tour).
//!
//! "The knight's tour lab" is "TP — Tour de cavaliers", an MP2I programming
//! lab in OCaml on backtracking (2021–2022).
//!
//! Finding one tour (`find`): one search engine (`search`) extends the path
//! square by square with an explicit stack and a safe cut (no unvisited
//! square may be left unreachable, and at most one may be left with a single
//! way in: the tour's last square); the order in which it tries the moves is
//! Warnsdorff's rule (fewest onward moves first, ties to the square farther
//! from the centre, after Roth) or the lab's own move order (`MoveOrder::Plain`,
//! for teaching). When Warnsdorff's first guesses doom a search, it restarts
//! with a doubled budget and other tie-breaks; long boards of 3 or 4 rows are
//! built from chained block tours (`chain`).
//!
//! Counting all tours (`count`): a faster backtracking engine for small
//! boards (`count::backtrack`), split over the cores, which also settles
//! small boards that the search leaves undecided; exact counts past its reach
//! (closed tours of 6 × 40, 8 × 8) come from frontier dynamic programmes
//! whose cost grows with the number of frontier states, not of tours;
//! `Knight::answer` with [`Mode::Count`] picks the engine.
//!
//! Boards where a theorem says there is no tour are answered at once
//! (`theorems`): Schwenk (1991) for closed tours, Conrad et al. (1994) for open
//! ones, and the colouring argument on odd boards.
//!
//! ```
//! use puzzles::grid::Dims;
//! use puzzles::knight::{Answer, Knight, Request, TourOutcome};
//! use puzzles::render::Picture;
//! use puzzles::report::{Detail, Report};
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! // An open tour of 5×5 from the top-left corner, verified before it is given.
//! let answer = Knight::answer(&Request::new(Dims { rows: 5, cols: 5 }), &Control::new(), &mut NoItems)?;
//! let Answer::Find(found) = &answer else { panic!() };
//! assert_eq!(found.result, TourOutcome::Tour);
//! assert!(answer.text(Detail::Quiet).to_plain_string().contains("25 squares, verified"));
//! assert!(Knight::picture(&answer, Picture::Solved)?.starts_with("<svg"));
//! # Ok::<(), puzzles::Error>(())
//! ```

mod animate;
mod answer;
mod check;
pub(crate) mod count;
mod door;
pub(crate) mod find;
mod moves;
pub(crate) mod square;
mod text;
mod theorems;

pub use animate::{SearchStep, StepAction, StepsEnd};
pub use answer::{
    Answer, Item, ListedTour, MagicReport, Mode, Request, Starts, TourListing, TourReport,
};
pub use check::TourCheck;
#[cfg(test)]
pub(crate) use count::backtrack::count_all_starts;
#[cfg(test)]
pub(crate) use count::backtrack::count_tours;
pub use count::backtrack::Shard;
pub(crate) use count::backtrack::MAX_COUNT_CELLS;
#[cfg(feature = "mpi")]
pub use count::distributed::Cluster;
pub use count::{CountMethod, CountReport, EndClass, TourCount};
pub use find::magic::MagicSums;
pub(crate) use find::magic::{magic_sums, semi_magic_tour};
pub use moves::Position;
pub(crate) use square::{algebraic, parse_square};
pub(crate) use theorems::impossible;
pub use theorems::Impossible;

use crate::control::{Control, Stop, Tally};
use crate::error::{Error, Result};
use crate::flaw::Flaw;
use crate::grid::{Dims, Pos};
use crate::listing::{Searched, Solutions};
use find::{blocks, chain, frontier, search};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// The largest board accepted, in cells (a 3000 × 3000 board: about 0.5 GB at the peak).
pub(crate) const MAX_CELLS: usize = 9_000_000;

/// Search nodes (moves tried) a solve may spend before it gives up, unless told otherwise.
pub(crate) const DEFAULT_BUDGET: u64 = 5_000_000;

/// A tour: the squares in the order the knight visits them, the start first.
pub(crate) type Tour = Vec<Pos>;

/// The eight knight moves `(drow, dcol)` in the knight's tour lab's order: `deplacements (x,y)`
/// lists `(x-2,y-1); (x-2,y+1); (x-1,y-2); (x-1,y+2); (x+1,y-2); (x+1,y+2);
/// (x+2,y-1); (x+2,y+1)` with `x` the column and `y` the row.
pub(crate) const SEED_MOVES: [(i64, i64); 8] = [
    (-1, -2),
    (1, -2),
    (-2, -1),
    (2, -1),
    (-2, 1),
    (2, 1),
    (-1, 2),
    (1, 2),
];

/// How a search for one tour ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TourOutcome {
    /// A tour, verified.
    #[serde(rename = "tour")]
    Tour,
    /// There is none: a theorem says so, or the search was exhausted.
    #[serde(rename = "no tour")]
    NoTour,
    /// The node budget ran out before a tour was found or ruled out.
    #[serde(rename = "gave up")]
    GaveUp,
    /// Stopped from outside (Ctrl-C) before an answer.
    #[serde(rename = "interrupted")]
    Interrupted,
}

/// In which order the search tries the moves from a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum MoveOrder {
    /// Warnsdorff's rule (1823): the square with the fewest onward moves first;
    /// ties go to the square farther from the centre (Roth's tie-break), then to
    /// the lab's move order.
    #[default]
    Warnsdorff,
    /// The knight's tour lab's move order, as its backtracking tries them.
    Plain,
}

/// Whether `a` and `b` are a knight's move apart.
pub(crate) fn is_knight_move(a: Pos, b: Pos) -> bool {
    let dr = a.row.abs_diff(b.row);
    let dc = a.col.abs_diff(b.col);
    (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
}

/// A knight's tour problem: the board, where the knight starts, and whether it must come back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Knight {
    dims: Dims,
    start: Pos,
    closed: bool,
}

impl Knight {
    /// The tour problem on `dims` from `start`; fails if `start` is off the board.
    pub fn new(dims: Dims, start: Pos, closed: bool) -> Result<Self> {
        if !dims.contains(start) {
            return Err(Error::usage(format!(
                "start {start} is off the {dims} board (rows 0..{}, columns 0..{})",
                dims.rows - 1,
                dims.cols - 1
            )));
        }
        Ok(Knight {
            dims,
            start,
            closed,
        })
    }

    /// The board.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The knight's first square.
    pub fn start(&self) -> Pos {
        self.start
    }

    /// Whether the tour must end a knight's move from its start.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// A theorem that rules out every tour of this problem, if one applies
    /// (Schwenk's for closed tours, Conrad et al.'s for open ones, the
    /// squares' colours for a start): answered without a search.
    pub fn impossible(&self) -> Option<Impossible> {
        impossible(self)
    }

    /// The same problem with rows and columns swapped (the board turned over its diagonal).
    pub(crate) fn transposed(&self) -> Self {
        Knight {
            dims: self.dims.transposed(),
            start: Pos::new(self.start.col, self.start.row),
            closed: self.closed,
        }
    }
}

/// What a search for one tour found: how it ended (the one [`TourOutcome`]),
/// with the tour, the reason there is none, and the nodes spent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SearchEnd {
    /// How the search ended.
    pub(crate) outcome: TourOutcome,
    /// The tour, verified, when the outcome is [`TourOutcome::Tour`].
    pub(crate) tour: Option<Tour>,
    /// Why there is none (a theorem, or the search exhausted), when the
    /// outcome is [`TourOutcome::NoTour`].
    pub(crate) why: Option<Impossible>,
    /// Nodes (moves tried) spent, when the search counted them.
    pub(crate) nodes: u64,
}

impl SearchEnd {
    /// A tour found.
    fn tour(tour: Tour) -> Self {
        SearchEnd {
            outcome: TourOutcome::Tour,
            tour: Some(tour),
            why: None,
            nodes: 0,
        }
    }

    /// No tour, and why.
    fn no_tour(why: Impossible) -> Self {
        let nodes = match why {
            Impossible::Exhausted { nodes } => nodes,
            _ => 0,
        };
        SearchEnd {
            outcome: TourOutcome::NoTour,
            tour: None,
            why: Some(why),
            nodes,
        }
    }

    /// Ended without an answer (`GaveUp` or `Interrupted`) after `nodes`.
    fn unanswered(outcome: TourOutcome, nodes: u64) -> Self {
        SearchEnd {
            outcome,
            tour: None,
            why: None,
            nodes,
        }
    }
}

/// A tour problem with the search settings: what the [`Solutions`] trait drives.
#[derive(Debug, Clone)]
pub(crate) struct TourSearch {
    knight: Knight,
    order: MoveOrder,
    budget: u64,
}

impl TourSearch {
    /// A solver trying moves in `order`, giving up after `budget` nodes.
    pub(crate) fn new(knight: Knight, order: MoveOrder, budget: u64) -> Self {
        TourSearch {
            knight,
            order,
            budget,
        }
    }

    /// The problem.
    pub(crate) fn knight(&self) -> &Knight {
        &self.knight
    }

    /// Looks for one tour: theorems first, then the search within the budget.
    /// A tour returned here has passed [`Solutions::verify`].
    pub(crate) fn find(&self, ctl: &Control) -> SearchEnd {
        if let Some(why) = impossible(&self.knight) {
            return SearchEnd::no_tour(why);
        }
        if ctl.stopped() {
            return SearchEnd::unanswered(TourOutcome::Interrupted, 0);
        }
        let cells = self.knight.dims.cells() as u64;
        let mut spent = 0u64;
        if self.order == MoveOrder::Warnsdorff && cells >= search::LARGE as u64 {
            // Large boards: Warnsdorff's rule without backtracking (open
            // tours), then block tours joined by edge swaps.
            let quick = (!self.knight.closed)
                .then(|| search::warnsdorff_pass(&self.knight))
                .flatten();
            if let Some(t) = quick.or_else(|| blocks::build(&self.knight, ctl)) {
                return SearchEnd::tour(t);
            }
        }
        if self.order == MoveOrder::Warnsdorff {
            if let Some(verdict) = self.constructions(ctl, &mut spent) {
                return verdict;
            }
        }
        if let Some(verdict) = self.restarts(ctl, &mut spent) {
            return verdict;
        }
        // Small boards: the counter's sharper cut (and nodes about ten times
        // cheaper) often settles what the search could not.
        let (answer, more) =
            count::backtrack::decide(&self.knight, ctl, self.budget.saturating_mul(10));
        let nodes = spent + more;
        match answer {
            Some(Some(t)) => SearchEnd::tour(t),
            Some(None) => SearchEnd::no_tour(Impossible::Exhausted { nodes }),
            None if ctl.stopped() => SearchEnd::unanswered(TourOutcome::Interrupted, nodes),
            None => SearchEnd::unanswered(TourOutcome::GaveUp, nodes),
        }
    }

    /// Warnsdorff's rule in one pass, then the constructions and the
    /// frontier programme's passes: a verdict, or `None` with the nodes
    /// spent added to `spent`.
    fn constructions(&self, ctl: &Control, spent: &mut u64) -> Option<SearchEnd> {
        let cells = self.knight.dims.cells() as u64;
        // Warnsdorff's rule alone answers most boards in one pass.
        let quick = (2 * cells + 10_000).min(self.budget);
        let mut tour = None;
        let end = search::Walker::new(&self.knight, self.order).walk(ctl, Some(quick), &mut |t| {
            tour = Some(t.to_vec());
            ControlFlow::Break(())
        });
        match (tour, end) {
            (Some(t), _) => return Some(SearchEnd::tour(t)),
            (None, search::End::Exhausted { nodes }) => {
                return Some(SearchEnd::no_tour(Impossible::Exhausted { nodes }))
            }
            (None, search::End::Interrupted { nodes } | search::End::Limit { nodes }) => {
                return Some(SearchEnd::unanswered(TourOutcome::Interrupted, nodes))
            }
            (None, search::End::Budget { nodes }) => *spent += nodes,
        }
        // Large boards: block tours joined by edge swaps; long boards of 3
        // rows started near an end: chained block tours; boards of at
        // most 7 rows: the frontier programme's narrow passes.
        let built = blocks::build(&self.knight, ctl)
            .or_else(|| chain::thin_tour(&self.knight, ctl))
            .or_else(|| frontier::narrow(&self.knight, ctl));
        if let Some(t) = built {
            if verify_tour(&self.knight, &t).is_ok() {
                return Some(SearchEnd::tour(t));
            }
        }
        // The frontier programme's exact pass finds a tour or proves there
        // is none, on every board whose states it can hold.
        match frontier::tour_with(&self.knight, ctl, false) {
            frontier::Finding::Tour(t) if verify_tour(&self.knight, &t).is_ok() => {
                return Some(SearchEnd::tour(t))
            }
            frontier::Finding::NoTour => return Some(SearchEnd::no_tour(Impossible::Frontier)),
            _ => {}
        }
        // A closed tour from the start is an open one too, and Warnsdorff's
        // rule finds closed tours of boards that have them more readily.
        let d = self.knight.dims;
        if !self.knight.closed && theorems::has_closed_tour(d.rows, d.cols) {
            let closed = Knight {
                closed: true,
                ..self.knight
            };
            let half = (self.budget - *spent) / 2;
            if let Some(t) = TourSearch::new(closed, self.order, half).find(ctl).tour {
                if verify_tour(&self.knight, &t).is_ok() {
                    return Some(SearchEnd::tour(t));
                }
            }
            *spent += half;
        }
        None
    }

    /// The search with restarts: a verdict, or `None` once the budget is
    /// spent (the nodes added to `spent`).
    fn restarts(&self, ctl: &Control, spent: &mut u64) -> Option<SearchEnd> {
        let cells = self.knight.dims.cells() as u64;
        // Warnsdorff's first wrong guess can sit deep in the stack, where
        // backtracking never undoes it; so the search runs with a budget that
        // doubles at each restart, the restarts breaking ties differently
        // (pseudo-randomly, but the same on every run). The plain order runs once.
        let mut attempt = 0u64;
        let mut share = (4 * cells).max(50_000);
        loop {
            let left = self.budget - *spent;
            let this = if self.order == MoveOrder::Plain {
                left
            } else {
                share.min(left)
            };
            let mut walker = search::Walker::new(&self.knight, self.order);
            if attempt > 0 {
                walker = walker.with_salt(attempt);
            }
            let mut tour = None;
            let end = walker.walk(ctl, Some(this), &mut |t| {
                tour = Some(t.to_vec());
                ControlFlow::Break(())
            });
            match (tour, end) {
                (Some(t), _) => return Some(SearchEnd::tour(t)),
                (None, search::End::Exhausted { nodes }) => {
                    return Some(SearchEnd::no_tour(Impossible::Exhausted {
                        nodes: *spent + nodes,
                    }))
                }
                (None, search::End::Budget { nodes }) => *spent += nodes,
                (None, search::End::Interrupted { nodes } | search::End::Limit { nodes }) => {
                    return Some(SearchEnd::unanswered(
                        TourOutcome::Interrupted,
                        *spent + nodes,
                    ))
                }
            }
            if *spent >= self.budget {
                return None;
            }
            attempt += 1;
            share = share.saturating_mul(2);
        }
    }
}

impl Solutions for TourSearch {
    type Solution = Tour;

    /// Boards of more than [`crate::listing::MAX_UNLIMITED_SQUARES`] squares
    /// have millions of tours: too many to list without a limit.
    fn expected_solutions(&self) -> crate::listing::Expected {
        let squares = self.knight.dims.cells();
        if squares > crate::listing::MAX_UNLIMITED_SQUARES {
            crate::listing::Expected::TooMany {
                bound: crate::error::Bound::UnlimitedListingSquares,
                got: squares,
                limit: crate::listing::MAX_UNLIMITED_SQUARES,
            }
        } else {
            crate::listing::Expected::Unknown
        }
    }

    /// Every tour from the start, in the solver's move order (directed: a closed
    /// tour is met once in each direction).
    fn enumerate(&self, ctl: &Control, visit: &mut dyn FnMut(&Tour) -> ControlFlow<()>) -> Tally {
        let mut found = 0u64;
        if theorems::impossible(&self.knight).is_some() {
            return Tally {
                found,
                stopped: None,
            };
        }
        let mut walker = search::Walker::new(&self.knight, self.order);
        let end = walker.walk(ctl, None, &mut |t| {
            found += 1;
            visit(&t.to_vec())
        });
        let stopped = match end {
            search::End::Exhausted { .. } => None,
            search::End::Limit { .. } => Some(Stop::Limit),
            search::End::Interrupted { .. } | search::End::Budget { .. } => Some(Stop::Interrupted),
        };
        Tally { found, stopped }
    }

    fn verify(&self, tour: &Tour) -> std::result::Result<(), Flaw> {
        verify_tour(&self.knight, tour)
    }

    fn solve(&self, ctl: &Control) -> Searched<Tour> {
        let end = self.find(ctl);
        match (end.outcome, end.tour) {
            (TourOutcome::Tour, Some(t)) => Searched::Solved(t),
            (TourOutcome::NoTour, _) => Searched::NoSolution,
            _ => Searched::Stopped,
        }
    }

    #[cfg(test)]
    fn count(&self, ctl: &Control, limit: Option<u64>) -> Tally {
        if limit.is_none() && self.knight.dims.cells() <= MAX_COUNT_CELLS {
            if let Ok(c) = count_tours(&self.knight, ctl) {
                return Tally {
                    found: c.count,
                    stopped: c.partial.then_some(Stop::Interrupted),
                };
            }
        }
        crate::listing::count_by_enumeration(self, ctl, limit)
    }
}

/// Checks that `tour` is a knight's tour of the problem: starts at the start,
/// visits every square once, each step a knight's move, and (closed) ends a
/// knight's move from the start.
pub(crate) fn verify_tour(knight: &Knight, tour: &[Pos]) -> std::result::Result<(), Flaw> {
    let dims = knight.dims;
    if tour.len() != dims.cells() {
        return Err(Flaw::TourLength {
            want: dims.cells(),
            got: tour.len(),
        });
    }
    if tour.first() != Some(&knight.start) {
        return Err(Flaw::WrongStart {
            start: knight.start,
        });
    }
    let mut seen = vec![false; dims.cells()];
    for (i, &p) in tour.iter().enumerate() {
        if !dims.contains(p) {
            return Err(Flaw::SquareOffBoard {
                index: i + 1,
                at: p,
            });
        }
        let k = dims.index(p);
        if seen[k] {
            return Err(Flaw::VisitedTwice {
                at: p,
                index: i + 1,
            });
        }
        seen[k] = true;
        if i > 0 && !is_knight_move(tour[i - 1], p) {
            return Err(Flaw::NotAKnightMove {
                index: i + 1,
                from: tour[i - 1],
                to: p,
            });
        }
    }
    if knight.closed {
        let last = tour[tour.len() - 1];
        if !is_knight_move(last, knight.start) {
            return Err(Flaw::NotClosed {
                last,
                start: knight.start,
            });
        }
    }
    Ok(())
}

/// The colour of the tour's path and of the numbers' ink.
const PATH: &str = "#1d3557";

/// The colour that marks the start square.
const START: &str = "#d62828";

/// A chequered board with `path` as a line through the square centres (back
/// to its start when `closed` and complete), each square numbered on a disc
/// over the line (up to 30×30), and the first square marked when there is one.
pub(crate) fn draw_board(
    dims: Dims,
    start: Option<Pos>,
    closed: bool,
    path: &[Pos],
) -> Result<String> {
    let (mut svg, cell) = crate::render::board_canvas(dims)?;
    let centre = |p: Pos| crate::render::cell_centre(p, cell);
    for p in dims.positions() {
        let fill = if (p.row + p.col) % 2 == 0 {
            "#f0d9b5"
        } else {
            "#b58863"
        };
        svg.cell(p, cell, fill, None);
    }
    let mut points: Vec<(f64, f64)> = path.iter().map(|&p| centre(p)).collect();
    if closed && path.len() == dims.cells() {
        points.extend(points.first().copied());
    }
    if points.len() > 1 {
        svg.polyline(&points, PATH, (cell / 14.0).max(0.4));
    }
    let labelled = dims.rows.max(dims.cols) <= crate::render::MAX_LABELLED_SIDE;
    let numbered = labelled && !path.is_empty();
    if let Some(start) = start.filter(|_| !numbered) {
        let (x, y) = centre(start);
        svg.circle(x, y, cell / 6.0, START);
    }
    // Each number on a white disc drawn over the path, the first on a red
    // one: readable on the light and the dark squares alike.
    for (i, &p) in path.iter().enumerate().filter(|_| numbered) {
        let (fill, ink) = match i {
            0 => (START, "#ffffff"),
            _ => ("#ffffff", PATH),
        };
        let number = (i + 1).to_string();
        let size = match number.len() {
            1 | 2 => cell / 3.0,
            _ => cell / 4.0,
        };
        svg.disc(centre(p), cell * 0.34, fill, PATH, (cell / 40.0).max(0.3));
        let (x, y) = centre(p);
        svg.text(x, y, size, ink, &number);
    }
    Ok(svg.finish())
}

/// The board with the first `path.len()` moves numbered, the knight's tour lab's way:
/// `%2d|` per cell (wider when the numbers need it), blanks for the rest.
pub(crate) fn render_board(dims: Dims, path: &[Pos]) -> String {
    let width = dims.cells().to_string().len().max(2);
    let mut number = vec![0u32; dims.cells()];
    for (i, &p) in path.iter().enumerate() {
        if dims.contains(p) {
            number[dims.index(p)] = i as u32 + 1;
        }
    }
    // Digits written by hand: a 3000 × 3000 board is 9 million numbers.
    let line = dims.cols * (width + 1) + 1;
    let mut out = vec![b' '; dims.rows * line];
    for (row, text) in number.chunks(dims.cols).zip(out.chunks_mut(line)) {
        for (&k, cell) in row.iter().zip(text.chunks_mut(width + 1)) {
            cell[width] = b'|';
            let (mut n, mut i) = (k, width);
            while n > 0 {
                i -= 1;
                cell[i] = b'0' + (n % 10) as u8;
                n /= 10;
            }
        }
        text[line - 1] = b'\n';
    }
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests;
