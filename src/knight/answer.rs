//! What the knight's tour is asked and what it answers: a [`Request`] (the
//! board, the first square, open or closed, and what to do), its verified
//! [`Answer`], and the [`Item`]s it streams (listed tours, the search's
//! steps), with the data they carry. [`crate::GridPuzzle::answer`] takes the
//! one to give the other.

use super::animate::{SearchStep, StepsEnd};
use super::check::TourCheck;
use super::count::{CountMethod, CountReport};
use super::moves::Position;
use super::{
    draw_board, parse_square, Knight, MagicSums, MoveOrder, Shard, Tour, TourOutcome,
    DEFAULT_BUDGET, MAX_CELLS,
};
use crate::control::Stop;
use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};
use crate::input::Source;
use crate::listing::Limit;
use crate::render::Picture;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Which tours a count takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Starts {
    /// The directed tours from the request's first square.
    #[default]
    Start,
    /// The directed tours from each square (the grid) and their sum.
    Every,
    /// Only the sum of the directed tours over every start: for open tours
    /// the frontier programme makes one run instead of one a start.
    Sum,
}

/// What to do with the board; in JSON, the `"mode"` key beside the board's
/// keys, every other key optional.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Mode {
    /// One tour, verified, or why there is none.
    Find {
        /// The order in which moves are tried.
        #[serde(default)]
        order: MoveOrder,
        /// Search nodes before giving up.
        #[serde(default = "default_budget")]
        budget: u64,
    },
    /// Every tour from the first square, streamed (at most `limit`).
    List {
        /// The order in which moves are tried (and tours listed).
        #[serde(default)]
        order: MoveOrder,
        /// The most tours to list.
        #[serde(default)]
        limit: Limit,
    },
    /// The exact number of tours.
    Count {
        /// From the first square, from each square, or summed over every square.
        #[serde(default)]
        starts: Starts,
        /// The engine.
        #[serde(default)]
        method: CountMethod,
        /// The memory the frontier programme may take, in MiB (`None`: the
        /// default, `count::DEFAULT_MEMORY_LIMIT` or what this process may take, the less).
        #[serde(default)]
        memory_mib: Option<u64>,
        /// Only this part of a backtracking count (the parts add up to the whole).
        #[serde(default)]
        shard: Shard,
        /// Open tours: only those from the first square to this one (the
        /// undirected paths between the two).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        end: Option<String>,
        /// A count by classes of ends: only this part of the classes
        /// (every `N`-th from the `i`-th; the parts add up to the whole).
        #[serde(default, skip_serializing_if = "is_whole")]
        part: Shard,
        /// A count by classes of ends: the file each class counted is
        /// recorded in as it ends, and resumed from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        checkpoint: Option<PathBuf>,
        /// A count by classes of ends: the checkpoints of its parts, summed
        /// instead of counting (refused when they overlap or leave classes out).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        merge: Vec<PathBuf>,
        /// The disk the halves' states across the middle may spill to when
        /// they would not fit the memory, in MiB (`None`: they do not spill).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        disk_mib: Option<u64>,
        /// The folder they spill to (`None`: the system's temporary folder).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        disk_dir: Option<PathBuf>,
        /// A count by pairs of ends on a board of eight rows and even
        /// columns: the folder its halves met in the middle are kept in,
        /// shared by the parts (and the processes) that name it, and left in
        /// place at the end (`None`: beside the checkpoint, or in the
        /// system's temporary folder, removed once the count is whole).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        halves_dir: Option<PathBuf>,
    },
    /// A semi-magic closed tour of the 8×8 board (rows and columns sum to 260).
    Magic,
    /// A student's tour checked (it starts where its first square is).
    Check {
        /// The squares in the order the knight visits them, `[row, col]` each.
        tour: Tour,
    },
    /// The knight's tour lab's backtracking, one step at a time, as its
    /// animated drawing shows it: every square placed and cleared, streamed
    /// (after the first `skip` steps, at most `limit` of them).
    Steps {
        /// The order in which moves are tried.
        #[serde(default)]
        order: MoveOrder,
        /// Steps left out at the start (the search is replayed through them).
        #[serde(default)]
        skip: u64,
        /// The most steps to stream.
        #[serde(default)]
        limit: Limit,
    },
    /// A tour played square by square: the legal moves after `path`,
    /// Warnsdorff's suggestion, whether `path` is a tour.
    Moves {
        /// The squares the knight moved to, in order, after the first square.
        #[serde(default)]
        path: Vec<Pos>,
    },
}

/// Whether `part` is the whole count (left out of JSON).
fn is_whole(part: &Shard) -> bool {
    *part == Shard::WHOLE
}

/// [`DEFAULT_BUDGET`], for a request read from JSON without a budget.
fn default_budget() -> u64 {
    DEFAULT_BUDGET
}

impl Default for Mode {
    fn default() -> Self {
        Mode::Find {
            order: MoveOrder::Warnsdorff,
            budget: DEFAULT_BUDGET,
        }
    }
}

/// One knight's tour question: the board, the first square, open or closed,
/// and the mode. In JSON: `{"dims":{"rows":8,"cols":8},"start":"a1","closed":true,"mode":"count"}`
/// (`start`, `closed` and the mode's own keys may be left out).
///
/// ```
/// use puzzles::grid::Dims;
/// use puzzles::knight::{Knight, Answer, CountMethod, Mode, Request, Starts, TourOutcome};
/// use puzzles::{Control, GridPuzzle, NoItems};
///
/// let mut request = Request::new(Dims { rows: 6, cols: 6 });
/// request.closed = true;
/// let Answer::Find(found) = Knight::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
/// assert_eq!(found.result, TourOutcome::Tour);
/// assert_eq!(found.tour.map(|t| t.len()), Some(36));
///
/// request.mode = Mode::Count { starts: Starts::Start, method: CountMethod::Frontier, memory_mib: None, shard: Default::default(), end: None, part: Default::default(), checkpoint: None, merge: vec![], disk_mib: None, disk_dir: None, halves_dir: None };
/// let Answer::Count(count) = Knight::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
/// assert_eq!(count.cycles.unwrap().to_string(), "9862");
/// assert_eq!(count.count.unwrap().to_string(), "19724");
///
/// // A request as a browser page sends it.
/// let sum: Request = serde_json::from_str(r#"{"dims":{"rows":5,"cols":5},"mode":"count","starts":"sum"}"#).unwrap();
/// let Answer::Count(all) = Knight::answer(&sum, &Control::new(), &mut NoItems)? else { panic!() };
/// assert_eq!(all.total.unwrap().to_string(), "1728");
/// assert_eq!(serde_json::from_str::<Request>(&serde_json::to_string(&sum).unwrap()).unwrap(), sum);
///
/// let none = Knight::answer(&Request::new(Dims { rows: 4, cols: 4 }), &Control::new(), &mut NoItems)?;
/// assert!(matches!(none, Answer::Find(r) if r.result == TourOutcome::NoTour));
/// # Ok::<(), puzzles::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The board.
    pub dims: Dims,
    /// The first square, `row,col` or algebraic `a1` (bottom-left).
    #[serde(default = "top_left")]
    pub start: String,
    /// A closed tour: the last square a knight's move from the first.
    #[serde(default)]
    pub closed: bool,
    /// What to do.
    #[serde(flatten)]
    pub mode: Mode,
}

/// The top-left square, the default start.
fn top_left() -> String {
    "0,0".to_string()
}

impl Request {
    /// Search nodes (moves tried) a [`Mode::Find`] may spend before it gives
    /// up, unless told otherwise.
    pub const DEFAULT_BUDGET: u64 = DEFAULT_BUDGET;

    /// Reads a tour from text: the board as the knight's tour lab prints it
    /// (rows of `%2d|` cells, the move numbers from 1, blank where unvisited;
    /// lines without a `|`, such as the command's title, are passed over),
    /// or the squares in order (`row,col` or `a1`, separated by blanks, `;` or
    /// new lines). The board form gives the squares in the order of their numbers.
    ///
    /// ```
    /// use puzzles::grid::{Dims, Pos};
    /// use puzzles::input::Source;
    /// use puzzles::knight::Request;
    ///
    /// let dims = Dims { rows: 3, cols: 4 };
    /// let listed = Request::read_tour(&Source::from_text("t", "a3 c2 d3"), dims)?;
    /// assert_eq!(listed, [Pos::new(0, 0), Pos::new(1, 2), Pos::new(0, 3)]);
    /// let board = Request::read_tour(&Source::from_text("t", " 1|  |  | 3|\n  |  | 2|  |\n  |  |  |  |\n"), dims)?;
    /// assert_eq!(board, listed);
    /// # Ok::<(), puzzles::Error>(())
    /// ```
    pub fn read_tour(source: &Source, dims: Dims) -> Result<Vec<Pos>> {
        super::check::read_tour(source, dims)
    }

    /// One open tour of `dims` from the top-left square, Warnsdorff's order.
    pub fn new(dims: Dims) -> Self {
        Request {
            dims,
            start: top_left(),
            closed: false,
            mode: Mode::default(),
        }
    }

    /// The validated problem: the board within `MAX_CELLS`, the start on it.
    pub fn knight(&self) -> Result<Knight> {
        let dims = Dims::new(self.dims.rows, self.dims.cols, MAX_CELLS)?;
        let start = parse_square(dims, &self.start)?;
        Knight::new(dims, start, self.closed)
    }
}

/// The answer to a [`Request`], one variant per mode; JSON carries the mode
/// as `"mode"` beside the report's own keys.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Answer {
    /// One tour, or why there is none.
    Find(TourReport),
    /// The end of a listing of tours (the tours went to the sink).
    List(TourListing),
    /// An exact count.
    Count(CountReport),
    /// A semi-magic tour and its sums.
    Magic(MagicReport),
    /// The end of a stretch of the search drawn step by step (the steps went to the sink).
    Steps(StepsEnd),
    /// A position of a tour played square by square.
    Moves(Position),
    /// A tour checked.
    Check(TourCheck),
}

/// One streamed item: a tour of a listing, or a step of the search drawn
/// step by step. JSON writes the item alone, as its own keys.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Item {
    /// A tour of a listing, verified.
    Tour(ListedTour),
    /// A square placed or cleared by the search.
    Step(SearchStep),
}

/// A tour of a listing, verified.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedTour {
    /// Its place in the listing, from 1.
    pub index: u64,
    /// The squares in the order the knight visits them.
    pub tour: Vec<Pos>,
}

/// One tour, or why there is none: the same keys in text and JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourReport {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The first square.
    pub start: Pos,
    /// Whether the tour is closed.
    pub closed: bool,
    /// The move order of the search.
    pub order: MoveOrder,
    /// How the search ended.
    pub result: TourOutcome,
    /// The tour, verified.
    pub tour: Option<Vec<Pos>>,
    /// Why there is no tour (a theorem or the exhausted search), or why none was found.
    pub reason: Option<String>,
    /// Search nodes spent, when a search ran without an answer.
    pub nodes: Option<u64>,
}

/// The end of a listing of tours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourListing {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The first square.
    pub start: Pos,
    /// Whether the tours are closed.
    pub closed: bool,
    /// The move order (the order of the listing).
    pub order: MoveOrder,
    /// The tours listed.
    pub listed: u64,
    /// Whether every tour was listed.
    pub complete: bool,
    /// Why the listing stopped early, if it did.
    pub stopped: Option<Stop>,
    /// The first tour listed (the one a picture draws).
    pub first: Option<Vec<Pos>>,
}

/// A semi-magic tour and its line sums.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MagicReport {
    /// Board rows (8).
    pub rows: usize,
    /// Board columns (8).
    pub cols: usize,
    /// A tour, or interrupted.
    pub result: TourOutcome,
    /// The tour, verified closed and semi-magic.
    pub tour: Option<Vec<Pos>>,
    /// Row, column and diagonal sums, `semi_magic`, `magic` (diagonals too).
    pub sums: Option<MagicSums>,
}

impl Answer {
    /// The board drawn as SVG: alone with its first square marked
    /// ([`Picture::Puzzle`], an exercise sheet), or with the tour (the one
    /// found, the first listed, the semi-magic one). A count draws its board
    /// and first square; a count over every start, the board alone.
    pub fn svg(&self, picture: Picture) -> Result<String> {
        let (rows, cols, start, closed, tour) = match self {
            Answer::Find(r) => (r.rows, r.cols, Some(r.start), r.closed, r.tour.as_ref()),
            Answer::List(r) => (r.rows, r.cols, Some(r.start), r.closed, r.first.as_ref()),
            Answer::Count(r) => (r.rows, r.cols, r.start, r.closed, None),
            Answer::Steps(r) => (r.rows, r.cols, Some(r.start), r.closed, None),
            Answer::Moves(r) => (r.rows, r.cols, Some(r.start), r.closed, None),
            Answer::Check(r) => {
                let dims = Dims {
                    rows: r.rows,
                    cols: r.cols,
                };
                // A tour that leaves the board is drawn without its path.
                let on = r.tour.iter().all(|&p| dims.contains(p));
                let path = picture.shows(Some(&r.tour)).filter(|_| on);
                let start = r.tour.first().copied().filter(|_| on);
                return draw_board(dims, start, r.closed, path.map_or(&[][..], Vec::as_slice));
            }
            Answer::Magic(r) => {
                let Some(t) = &r.tour else {
                    return Err(Error::usage(
                        "the search was stopped before a semi-magic tour was found: nothing to draw",
                    ));
                };
                (r.rows, r.cols, t.first().copied(), true, Some(t))
            }
        };
        let path = picture.shows(tour).map_or(&[][..], Vec::as_slice);
        draw_board(Dims { rows, cols }, start, closed, path)
    }
}
