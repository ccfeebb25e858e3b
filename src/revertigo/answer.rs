//! What Revertigo is asked and what it answers: a [`Request`] (the board
//! and what to do with it), its verified [`Answer`], and the [`Item`]s it
//! streams (listed maps, the polynomial method's steps), with the data they
//! carry. [`crate::GridPuzzle::answer`] takes the one to give the other.

use super::check::WalkCheck;
use super::steps::{RevertigoStep, RevertigoSteps};
use super::{Builder, Revertigo, RevertigoMethod, Walk, MAX_CELLS};
use crate::control::Stop;
use crate::error::{Error, Result};
use crate::grid::{BitGrid, Dims};
use crate::listing::Limit;
use crate::random;
use crate::render::Picture;
use rand::Rng as _;
use serde::{Deserialize, Serialize};

/// The sides of a random board (the original game also picks them at random).
pub const RANDOM_SIDES: std::ops::RangeInclusive<usize> = 2..=20;

/// What to do with the board; JSON names it as `"mode"` beside the request's keys.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Mode {
    /// The activation maps, one walk that blackens the board, its replay.
    #[default]
    Solve,
    /// Every activation map, streamed (at most `limit`).
    List {
        /// The most maps to list.
        limit: Limit,
    },
    /// Replay a player's walk: letters N, E, S, W (O for west).
    Check {
        /// The walk's letters.
        walk: String,
    },
    /// The page's polynomial method step by step: each row's cells as forms
    /// in the first row's unknowns, the system, its solution (at most
    /// `max_steps` streamed, the rest counted).
    Steps {
        /// The most steps to stream.
        #[serde(default)]
        max_steps: Limit,
    },
}

/// One Revertigo question: the board, how its maps and walk are found, and the mode.
///
/// As JSON (the browser page sends it so): `{"dims": {"rows": 3, "cols": 3},
/// "mode": "check", "walk": "NNSEENSS"}`; every key but `"mode"` may be left out.
///
/// ```
/// use puzzles::grid::Dims;
/// use puzzles::revertigo::{Revertigo, Answer, Mode, Request};
/// use puzzles::{Control, GridPuzzle, NoItems};
///
/// let Answer::Solve(a) = Revertigo::answer(&Request::new(Dims { rows: 4, cols: 4 }), &Control::new(), &mut NoItems)? else { panic!() };
/// assert!(a.black);
/// assert_eq!(a.solutions, "16"); // 4×4: nullity 4
/// assert_eq!(a.walk.as_deref(), Some("EEENNWWWS"));
///
/// let mut check = Request::new(Dims { rows: 3, cols: 3 });
/// check.mode = Mode::Check { walk: "NNSEENSS".into() };
/// let Answer::Check(c) = Revertigo::answer(&check, &Control::new(), &mut NoItems)? else { panic!() };
/// assert!(c.black && c.white.is_empty());
/// # Ok::<(), puzzles::Error>(())
/// ```
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Request {
    /// The board; `None` for random sides in `RANDOM_SIDES`.
    #[serde(default)]
    pub dims: Option<Dims>,
    /// The seed of the random sides (a fresh one when `None`).
    #[serde(default)]
    pub seed: Option<u64>,
    /// How the activation maps are found.
    #[serde(default)]
    pub method: RevertigoMethod,
    /// How the walk is built.
    #[serde(default)]
    pub builder: Builder,
    /// What to do.
    #[serde(flatten)]
    pub mode: Mode,
}

impl Request {
    /// Solve the board `dims` with the default method and builder.
    pub fn new(dims: Dims) -> Self {
        Request {
            dims: Some(dims),
            seed: None,
            method: RevertigoMethod::Chase,
            builder: Builder::Short,
            mode: Mode::Solve,
        }
    }

    /// The board asked for, or a random one from its seed, and that seed; a
    /// seed beside a board given is refused (it would draw nothing).
    pub fn board(&self) -> Result<(Dims, Option<u64>)> {
        match self.dims {
            Some(_) if self.seed.is_some() => Err(Error::usage(
                "seed draws a board's random sides: not with dims given",
            )),
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

/// The answer to a [`Request`], one variant per mode; JSON carries the mode
/// as `"mode"` beside the report's own keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Answer {
    /// The maps and a replayed walk.
    Solve(WalkReport),
    /// The end of a listing of maps (the maps went to the sink).
    List(MapListing),
    /// A player's walk replayed.
    Check(WalkCheck),
    /// Stopped (Ctrl-C) before the maps or the walk were known.
    Stopped(Unfinished),
    /// The end of the polynomial method step by step (the steps went to the sink).
    Steps(RevertigoSteps),
}

/// One streamed item: an activation map of a listing, or a step of the
/// polynomial method; JSON writes the item alone, as its own keys.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Item {
    /// An activation map of a listing.
    Map {
        /// Its place in the listing, from 1.
        index: u64,
        /// The map, top row first: `#` odd, `_` even.
        map: Vec<String>,
        /// Its activated cells.
        activated: usize,
    },
    /// A step of the polynomial method.
    Step(RevertigoStep),
}

/// A solved board: the same keys in text and JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WalkReport {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The seed of random sides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// How the maps were found.
    pub method: RevertigoMethod,
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
    /// The walk's letters (`None` where a front end wrote them elsewhere, see `output`).
    pub walk: Option<String>,
    /// Where a front end wrote the walk instead (a file, for huge boards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// The walk's moves.
    pub moves: usize,
    /// No walk is shorter: the fewest activated cells of any map, minus one (null when not proven).
    pub lower_bound: Option<usize>,
    /// The replay's verdict: always true (a walk that fails is never reported).
    pub black: bool,
}

/// The end of a listing of activation maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapListing {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The dimension of the quiet patterns (2^nullity maps in all).
    pub nullity: usize,
    /// The maps listed.
    pub listed: u64,
    /// Whether every map was listed.
    pub complete: bool,
    /// Why the listing stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// A request stopped before its answer was known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unfinished {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
}

impl Answer {
    /// The board drawn as SVG: alone (the pawn on its start, every cell
    /// white), or with the activation map and the walk's path. A listing and
    /// a stopped request have no board to draw.
    pub fn svg(&self, picture: Picture) -> Result<String> {
        let (dims, map, walk) = match self {
            Answer::Solve(r) => (
                Dims {
                    rows: r.rows,
                    cols: r.cols,
                },
                &r.map,
                r.walk.as_deref(),
            ),
            Answer::Check(r) => (
                Dims {
                    rows: r.rows,
                    cols: r.cols,
                },
                &r.map,
                Some(&*r.walk),
            ),
            Answer::Steps(r) => (
                Dims {
                    rows: r.rows,
                    cols: r.cols,
                },
                &r.map,
                None,
            ),
            Answer::List(_) | Answer::Stopped(_) => {
                return Err(Error::usage(
                    "a listing or a stopped request has no one board to draw",
                ))
            }
        };
        let game = Revertigo::new(dims);
        if picture == Picture::Puzzle {
            return game.walk_svg(&BitGrid::new(dims), None);
        }
        let map = BitGrid::from_row_strings(dims, map, '#')
            .ok_or_else(|| Error::Check("the map does not fit the board".into()))?;
        let walk = walk.map(Walk::parse).transpose()?;
        game.walk_svg(&map, walk.as_ref())
    }
}
