//! Requests and reports of Revertigo: a board (given or random), how its map
//! and walk are found, and the verified answer; a user's walk replayed.

use super::{Builder, Method, Revertigo, Solver, Walk, MAX_CELLS};
use crate::control::{Control, Tally};
use crate::error::{Error, Result};
use crate::grid::{BitGrid, Dims, Pos};
use crate::listing::{self, Limit};
use crate::random;
use rand::Rng as _;
use serde::Serialize;
use std::ops::ControlFlow;

/// The sides of a random board (the original game also picks them at random).
pub const RANDOM_SIDES: std::ops::RangeInclusive<usize> = 2..=20;

/// One Revertigo question.
#[derive(Debug, Clone)]
pub struct Request {
    /// The board; `None` for random sides in [`RANDOM_SIDES`].
    pub dims: Option<Dims>,
    /// The seed of the random sides (a fresh one when `None`).
    pub seed: Option<u64>,
    /// How the activation maps are found.
    pub method: Method,
    /// How the walk is built.
    pub builder: Builder,
}

impl Request {
    /// The board `dims` with the default method and builder.
    pub fn new(dims: Dims) -> Self {
        Request {
            dims: Some(dims),
            seed: None,
            method: Method::Chase,
            builder: Builder::Short,
        }
    }

    /// The board asked for, or a random one from its seed, and that seed.
    pub fn board(&self) -> Result<(Dims, Option<u64>)> {
        match self.dims {
            Some(d) => Ok((Dims::new(d.rows, d.cols, MAX_CELLS)?, None)),
            None => {
                let seed = self.seed.unwrap_or_else(random::fresh_seed);
                let mut rng = random::rng(seed);
                let rows = rng.gen_range(RANDOM_SIDES);
                let cols = rng.gen_range(RANDOM_SIDES);
                Ok((Dims::new(rows, cols, MAX_CELLS)?, Some(seed)))
            }
        }
    }
}

/// The answer: the same keys in text and JSON.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The seed of random sides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// How the maps were found.
    pub method: Method,
    /// How the walk was built.
    pub builder: Builder,
    /// The walk's activation map, top row first: `#` odd, `_` even.
    pub map: Vec<String>,
    /// Cells of the map landed on an odd number of times.
    pub activated: usize,
    /// The dimension of the quiet patterns.
    pub nullity: usize,
    /// The number of activation maps, 2^nullity, as an exact decimal string.
    pub solutions: String,
    /// The walk (the caller may leave it out when it writes it elsewhere).
    pub walk: Option<String>,
    /// Where the walk was written instead, when it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// The walk's moves.
    pub moves: usize,
    /// No walk is shorter: the fewest activated cells of any map, minus one (null when not proven).
    pub lower_bound: Option<usize>,
    /// The replay's verdict: always true (a walk that fails is never reported).
    pub black: bool,
}

/// A verified answer: the report, the walk and its map, and the solver (to draw them).
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct Answer {
    /// What is printed.
    pub report: Report,
    /// The walk, replayed: every cell ends black.
    #[serde(skip)]
    pub walk: Walk,
    /// The walk's own activation map (the short builders may realise another map than the method's).
    #[serde(skip)]
    pub map: BitGrid,
    /// The board's solver.
    #[serde(skip)]
    pub solver: Solver,
}

impl Answer {
    /// Writes the walk to `path` (one line) instead of the report: for huge
    /// boards, whose walk would not be read on a screen.
    pub fn write_walk(&mut self, path: &str) -> Result<()> {
        std::fs::write(path, format!("{}\n", self.walk)).map_err(|source| Error::Io {
            path: path.to_string(),
            source,
        })?;
        self.report.walk = None;
        self.report.output = Some(path.to_string());
        Ok(())
    }
}

/// Answers `request`: the activation maps, a walk, its replay and a lower
/// bound on the moves. `Ok(None)` when `ctl` stopped an exhaustive method or
/// the exact shortest walk first.
///
/// ```
/// use puzzles::grid::Dims;
/// use puzzles::revertigo::{answer, Request};
/// use puzzles::Control;
///
/// let a = answer(&Request::new(Dims { rows: 4, cols: 4 }), &Control::new())?.expect("not stopped");
/// assert!(a.report.black);
/// assert_eq!(a.report.solutions, "16"); // 4×4: nullity 4
/// assert_eq!(a.report.walk.as_deref(), Some("EEENNWWWS"));
/// # Ok::<(), puzzles::Error>(())
/// ```
pub fn answer(request: &Request, ctl: &Control) -> Result<Option<Answer>> {
    let (dims, seed) = request.board()?;
    let Some(solver) = Solver::new(Revertigo::new(dims), request.method, ctl)? else {
        return Ok(None);
    };
    let Some(walk) = solver.walk(request.builder, ctl)? else {
        return Ok(None);
    };
    let map = solver.game().replay(&walk).map_err(crate::Flaw::from)?.map;
    let a = solver.analysis();
    let report = Report {
        rows: dims.rows,
        cols: dims.cols,
        seed,
        method: request.method,
        builder: request.builder,
        map: map.row_strings('#', '_'),
        activated: map.count_ones(),
        nullity: a.nullity(),
        solutions: a.solution_count(),
        walk: Some(walk.to_string()),
        output: None,
        moves: walk.len(),
        lower_bound: solver.lower_bound(ctl),
        black: true,
    };
    Ok(Some(Answer {
        report,
        walk,
        map,
        solver,
    }))
}

/// Lists the activation maps of the request's board through
/// [`listing::list`] (each verified, the one limit policy); `Ok(None)` when
/// `ctl` stopped the method before the maps were known.
pub fn list(
    request: &Request,
    limit: Limit,
    ctl: &Control,
    visit: impl FnMut(u64, &BitGrid) -> ControlFlow<()>,
) -> Result<Option<Tally>> {
    let (dims, _) = request.board()?;
    let Some(solver) = Solver::new(Revertigo::new(dims), request.method, ctl)? else {
        return Ok(None);
    };
    listing::list(&solver, limit, "activation maps", ctl, visit).map(Some)
}

/// A user's walk replayed.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The walk, as read.
    pub walk: String,
    /// Its moves.
    pub moves: usize,
    /// Whether every cell ends black.
    pub black: bool,
    /// The cells still white, as `[row, col]`.
    pub white: Vec<Pos>,
    /// The board after the walk: `#` black, `.` white.
    pub board: Vec<String>,
    /// The walk's activation map: `#` odd, `_` even.
    pub map: Vec<String>,
    /// The pawn's last cell.
    pub end: Pos,
}

/// Replays the walk `text` (letters N, E, S, W, or O for west) on the `dims`
/// board; fails, naming the 1-based position, on a bad letter or a move off
/// the board.
///
/// ```
/// use puzzles::grid::Dims;
/// use puzzles::revertigo::check;
///
/// let r = check(Dims { rows: 3, cols: 3 }, "NNSEENSS")?;
/// assert!(r.black && r.white.is_empty());
/// assert!(!check(Dims { rows: 2, cols: 2 }, "N")?.black);
/// assert!(check(Dims { rows: 2, cols: 2 }, "S").is_err()); // off the board
/// # Ok::<(), puzzles::Error>(())
/// ```
pub fn check(dims: Dims, text: &str) -> Result<CheckReport> {
    let dims = Dims::new(dims.rows, dims.cols, MAX_CELLS)?;
    let walk = Walk::parse(text)?;
    let replay = Revertigo::new(dims).replay(&walk)?;
    let white = replay.white_cells();
    Ok(CheckReport {
        rows: dims.rows,
        cols: dims.cols,
        walk: walk.to_string(),
        moves: walk.len(),
        black: white.is_empty(),
        board: replay.black.row_strings('#', '.'),
        map: replay.map.row_strings('#', '_'),
        white,
        end: replay.end,
    })
}
