//! Exact counts of knight's tours: the request, the report, and the choice of engine.
//!
//! Three engines count: backtracking over every tour (`backtrack`, cost by
//! the tours: small boards), the column-by-column frontier programme
//! (`columns`, cost by its states: a side of at most 8, any length), and
//! meeting in the middle (`meet`: the moves taken one at a time, half of
//! them, each state joined with the half-turn image of another: boards of 3
//! to 8 rows up to 120 squares whose layers fit, about ten times as fast as
//! the columns for open tours; 7 × 7 open summed in 22 s CPU against 209 s),
//! and for closed tours (and open ones summed, where the meet gives the
//! board up) the column programme met in the middle (`halves`: each half's
//! column states joined across the middle; 8 × 8 closed in about 3 minutes
//! of CPU and 2.9 GiB against 31 minutes and 14.1 GiB).
//! `count` picks one and gives the report; the counts are exact at any length.

use crate::control::Control;
use crate::error::{Bound, Error, Result, Size};
use crate::grid::{Dims, Pos};
use crate::knight::{theorems, Knight};
use backtrack::{count_all_starts_shard, count_tours_shard, Shard};
pub use ends::EndClass;
use ends::Split;
use layers::bytes_per_state;
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

pub(crate) mod backtrack;
mod by_frontier;
mod columns;
#[cfg(feature = "mpi")]
pub(crate) mod distributed;
mod ends;
mod halves;
mod key;
mod layers;
mod meet;
mod one_cycle;
mod spill;

pub use spill::remove_all as remove_spills;
pub(crate) use spill::Disk;

/// The default memory the programme may use for its states, in bytes (12 GiB).
pub(crate) const DEFAULT_MEMORY_LIMIT: u64 = 12 << 30;

/// What the programme counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Census {
    /// Undirected closed tours (Hamiltonian cycles).
    Cycles,
    /// Undirected open tours (Hamiltonian paths): half the directed tours summed over every start.
    Paths,
    /// Directed open tours from one square.
    PathsFrom(Pos),
    /// Open tours between two given squares (undirected paths: the directed
    /// tours from the first to the second).
    PathsBetween(Pos, Pos),
}

/// How a run of the programme ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The exact count, with the largest number of states held after one square.
    Done { count: BigUint, peak_states: u64 },
    /// Stopped from outside after `columns` of the board's columns.
    Stopped { columns: usize },
}

/// Runs the programme on `dims` (a side at most 8) for `census` within
/// `memory` bytes, in this process; the halves' states across the middle
/// spilled to `disk` where they would not fit the memory.
pub(crate) fn run(
    dims: Dims,
    census: Census,
    memory: u64,
    disk: Option<&Disk>,
    ctl: &Control,
) -> Result<Outcome> {
    // Meeting the column programme in the middle, where its estimated
    // states are fewer than the whole programme's and fit: before meeting in
    // the middle of the moves for closed tours (which it outruns where it
    // applies), after it for open ones (which it about matches in time, in
    // about twice the states: 6 × 8 open summed 6.1 s against 6.9 s wall on
    // two cores, 6 × 9 42 s against 32 s), when that gives the board up.
    let (rows, cols) = (dims.rows.min(dims.cols), dims.rows.max(dims.cols));
    // Both ends given: the halves where their states are the fewer.
    if let Census::PathsBetween(..) = census {
        let (states, bytes) = ends::pair_need(dims);
        let halved = halves::estimated_states_between(rows, cols);
        if halved == states && states.saturating_mul(bytes) <= memory {
            if let Some(run) = halves::count(dims, census, memory, disk, ctl) {
                return run;
            }
        }
        return columns::run_walk(&columns::Sweep::new(dims, census), memory, ctl);
    }
    let closed = census == Census::Cycles;
    let halved = !matches!(census, Census::PathsFrom(_))
        && (halves::fits(rows, cols, closed, memory)
            || fits_spilled(rows, cols, closed, memory, disk))
        && halves::estimated_states(rows, cols, closed) < estimated_states(rows, cols, closed);
    let by_halves = || halves::count(dims, census, memory, disk, ctl);
    if let Some(run) = (halved && closed).then(by_halves).flatten() {
        return run;
    }
    if let Some(run) = meet::count(dims, census, memory, ctl) {
        return Ok(run);
    }
    if let Some(run) = (halved && !closed).then(by_halves).flatten() {
        return run;
    }
    columns::run_walk(&columns::Sweep::new(dims, census), memory, ctl)
}

/// Which engine counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum CountMethod {
    /// The frontier programme on boards with a side of at most 8, but for
    /// the grid of open counts from each start on boards of at most 36
    /// squares and 5 or 6 rows; backtracking then, and when the frontier
    /// states would not fit on a board of at most 49 squares (larger ones
    /// are refused).
    #[default]
    Auto,
    /// The backtracking counter (boards of at most 128 squares).
    Backtrack,
    /// The frontier programme (boards with a side of at most 8).
    Frontier,
    /// Open tours summed (or from one start) over the classes of their
    /// pairs of ends under the board's symmetries, each class counted by
    /// the frontier programme with both ends given.
    Pairs,
    /// Open tours summed over the classes of their starts, each counted by
    /// the frontier programme from one start.
    Starts,
}

/// Which tours a count takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CountFrom {
    /// The directed tours from one square.
    From(Pos),
    /// The directed tours from each square (the grid) and their sum.
    Every,
    /// Only the sum of the directed tours over every start: for open tours
    /// the frontier programme makes one run instead of one a start.
    Sum,
    /// The open tours from the first square to the second (the undirected
    /// paths between them).
    Between(Pos, Pos),
}

/// A count to make: the board, open or closed, from where, by which engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CountRequest {
    /// The board.
    pub dims: Dims,
    /// Closed tours (the last square a knight's move from the first).
    pub closed: bool,
    /// From one square or from every square.
    pub starts: CountFrom,
    /// The engine.
    pub method: CountMethod,
    /// The memory the frontier programme may take, in bytes: by default
    /// [`DEFAULT_MEMORY_LIMIT`] or what this process may take, the less; a
    /// limit above what this process may take is refused.
    pub memory_limit: u64,
    /// Only this part of a backtracking count (the parts add up to the whole).
    pub shard: Shard,
    /// Only this part of a count by classes (every `N`-th class from the `i`-th).
    pub part: Shard,
    /// A count by classes: the file each class counted is recorded in, and
    /// resumed from.
    pub checkpoint: Option<PathBuf>,
    /// A count by classes: the checkpoints of its parts, to sum instead of counting.
    pub merge: Vec<PathBuf>,
    /// Where and how much the halves' states across the middle may spill
    /// to disk when they would not fit the memory (none: they do not).
    pub disk: Option<Disk>,
    /// A count by pairs of ends: the folder its halves are kept in, shared
    /// and left in place (none: beside the checkpoint, removed at the end).
    pub halves: Option<PathBuf>,
}

impl CountRequest {
    /// Counts on `dims` from `starts` with the automatic choice of engine and the default memory limit.
    pub(crate) fn new(dims: Dims, closed: bool, starts: CountFrom) -> Self {
        CountRequest {
            dims,
            closed,
            starts,
            method: CountMethod::Auto,
            memory_limit: crate::memory::default_limit(DEFAULT_MEMORY_LIMIT),
            shard: Shard::WHOLE,
            part: Shard::WHOLE,
            checkpoint: None,
            merge: Vec::new(),
            disk: None,
            halves: None,
        }
    }
}

/// An exact count of tours, of any length: JSON carries it as a decimal
/// string at every size (JavaScript loses integers past 2^53).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct TourCount(pub BigUint);

impl std::fmt::Display for TourCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for TourCount {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for TourCount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse::<BigUint>().map(TourCount).map_err(|_| {
            serde::de::Error::custom(format!(
                "a count of tours should be a decimal string, not '{text}'"
            ))
        })
    }
}

impl From<u64> for TourCount {
    fn from(n: u64) -> Self {
        TourCount(BigUint::from(n))
    }
}

/// A count of tours, checked as far as it can be: the keys are those of the CLI's JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountReport {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Closed tours.
    pub closed: bool,
    /// The engine that counted (`backtrack` or `frontier`).
    pub method: CountMethod,
    /// The start square, when counting from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Pos>,
    /// Directed tours from the start (a closed tour once per direction).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<TourCount>,
    /// Closed tours as undirected cycles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycles: Option<TourCount>,
    /// `counts[r][c]`: directed tours from square (r, c).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<Vec<TourCount>>>,
    /// Directed tours summed over every start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<TourCount>,
    /// Whether the count was stopped: backtracking counts are then lower
    /// bounds, the frontier programme gives none.
    pub partial: bool,
    /// Stopped frontier programme: the board columns it had taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns_done: Option<usize>,
    /// Frontier programme: the most states it held at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_states: Option<u64>,
    /// The part counted (`i/N`) when only a part of a backtracking count was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// The other end, when the tours between two squares were counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<Pos>,
    /// A count by classes of ends: the classes counted, each with its weight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes: Option<Vec<EndClass>>,
    /// A count by classes: how many classes the whole count has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes_of: Option<usize>,
    /// The part of a count by classes (`i/N`), when only a part was asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
}

/// The most frontier states a board with `rows` on its short side is
/// expected to need for closed tours and for open tours summed over every
/// start (from one start they are not folded with their mirror images: about
/// twice as many): measured here up to 6 rows (6 × 6 open: 944,747; 6 × 8
/// open: 10,052,101; 6 × 40 closed: at most 1,082,610) and for 7 × 7 open
/// (89,973,427 after one square, the most, in 3.4 GiB) and 7 × 8 open
/// (261,595,426, the most, in 10.2 GB; longer boards of 7 rows, not
/// measured, are given the same); 7 rows closed from
/// the growth per row; 8 rows closed: Knuth reports about 8.3·10^8 states a
/// step for closed tours of 8 × n, but a board of `cols` = 8 is short, its
/// states the most mid-board: measured here, 424,517,295 after square 44
/// of 64, the most, in a resident set of 14.6 GiB (4.3·10^8 allowed, so
/// that it runs under `--memory 16500`). A step that passes the memory
/// limit all the same stops with a one-line error.
pub(crate) fn estimated_states(rows: usize, cols: usize, closed: bool) -> u64 {
    match (rows, cols, closed) {
        (8, 8, true) => return 430_000_000,
        (7, 7, false) => return 90_000_000,
        _ => {}
    }
    const CLOSED: [u64; 9] = [
        1,
        1,
        1,
        200,
        1_000,
        15_000,
        1_200_000,
        30_000_000,
        900_000_000,
    ];
    const OPEN: [u64; 9] = [
        1,
        1,
        10,
        2_000,
        20_000,
        450_000,
        8_000_000,
        270_000_000,
        10_000_000_000,
    ];
    let table = if closed { &CLOSED } else { &OPEN };
    table.get(rows).copied().unwrap_or(u64::MAX)
}

/// The largest board the automatic choice backtracks when the frontier
/// states would not fit: 7 × 7 open under a limit below the frontier's
/// estimate is a count of hours that ends (and may be stopped); the 10^13 and more tours of larger boards such
/// as 8 × 8 would not end, so those are refused with the frontier's limit.
pub(crate) const MAX_FALLBACK_CELLS: usize = 49;

/// What the frontier programme runs for a request (the first of its runs for a grid).
fn census_of(request: &CountRequest) -> Census {
    match (request.closed, request.starts) {
        (true, _) => Census::Cycles,
        (false, CountFrom::From(p)) => Census::PathsFrom(p),
        (false, CountFrom::Between(p, q)) => Census::PathsBetween(p, q),
        (false, _) => Census::Paths,
    }
}

/// Refuses up front a request whose frontier would not fit in its memory limit.
fn check_memory(request: &CountRequest) -> Result<()> {
    let (dims, memory) = (request.dims, request.memory_limit);
    let (rows, cols) = (dims.rows.min(dims.cols), dims.rows.max(dims.cols));
    if rows > 8 {
        return Err(Error::TooLarge {
            bound: Bound::Other("board short side"),
            got: Size::from(rows),
            limit: Size::from(8usize),
            note: " for the frontier programme".to_string(),
        });
    }
    // Both ends given: the states of one class of pairs of ends.
    if let CountFrom::Between(..) = request.starts {
        return check_classes_fit(dims, Split::Pairs, memory);
    }
    // Open tours from a start (one run for each, or for each orbit) lose
    // the mirror folding that halves the states of the other counts, and
    // the halves do not take them.
    let folded = request.closed || request.starts == CountFrom::Sum;
    // Tours whose halves fit need no more.
    if folded && halves::fits(rows, cols, request.closed, memory) {
        return Ok(());
    }
    // Or with their states across the middle spilled to disk, where the halves are the fewer.
    let fewer = halves::estimated_states(rows, cols, request.closed)
        < estimated_states(rows, cols, request.closed);
    if let Some(disk) = request.disk.as_ref().filter(|_| folded && fewer) {
        return check_spilled(rows, cols, request.closed, memory, disk);
    }
    let need = estimated_states(rows, cols, request.closed) * if folded { 1 } else { 2 };
    // Shared among processes (an MPI run), each holds its part.
    #[cfg(feature = "mpi")]
    let need = need.div_ceil(distributed::processes() as u64);
    // Where the halves' estimate is the smaller, it is the one to meet.
    let halved = halves::estimated_states(rows, cols, request.closed);
    let (need, fit) = if folded && halved < need {
        (halved, memory / halves::BYTES_PER_STATE)
    } else {
        (need, memory / bytes_per_state(1))
    };
    if need > fit {
        return Err(Error::TooLarge {
            bound: Bound::Other("estimated frontier states"),
            got: Size::from(need),
            limit: Size::from(fit),
            note: format!(
                " that fit the memory limit of {} MiB{}",
                memory >> 20,
                crate::memory::LIMIT_NOTE
            ),
        });
    }
    Ok(())
}

/// Whether the halves fit `memory` bytes and `disk` (when given) with their
/// states across the middle spilled to it.
fn fits_spilled(rows: usize, cols: usize, closed: bool, memory: u64, disk: Option<&Disk>) -> bool {
    disk.is_some_and(|disk| {
        halves::spilled_need(rows, cols, closed)
            .is_some_and(|(bytes, on_disk)| bytes <= memory && on_disk <= disk.limit)
    })
}

/// Refuses up front the halves whose states across the middle, spilled to
/// `disk`, would pass its limit, or whose states in memory would pass `memory`.
fn check_spilled(rows: usize, cols: usize, closed: bool, memory: u64, disk: &Disk) -> Result<()> {
    let (bytes, on_disk) = halves::spilled_need(rows, cols, closed).unwrap_or((u64::MAX, 0));
    let refused = |what: &'static str, got: u64, limit: u64, name: &str| {
        Err(Error::TooLarge {
            bound: Bound::Other(what),
            got: Size::from(got.div_ceil(1 << 20)),
            limit: Size::from(limit >> 20),
            note: format!(" (the {name} limit, the states across the middle spilled to disk)"),
        })
    };
    if on_disk > disk.limit {
        return refused("estimated disk (MiB)", on_disk, disk.limit, "disk");
    }
    if bytes > memory {
        return refused("estimated memory (MiB)", bytes, memory, "memory");
    }
    Ok(())
}

/// Refuses `--disk` where nothing would spill: a count that is not by the
/// frontier programme (backtracking, shards, classes of ends), or one the
/// halves do not take (closed tours, or
/// open ones summed, on boards of 5 to 8 rows and at least 6 columns); and
/// a disk folder that does not take files.
fn check_disk(request: &CountRequest) -> Result<()> {
    let Some(disk) = &request.disk else {
        return Ok(());
    };
    let dims = request.dims;
    let (rows, cols) = (dims.rows.min(dims.cols), dims.rows.max(dims.cols));
    let halved = (request.closed
        || matches!(request.starts, CountFrom::Sum | CountFrom::Between(..)))
        && (5..=8).contains(&rows)
        && cols >= 6;
    // Shards split backtracking; parts, checkpoints and merges go by classes of ends.
    let whole = request.shard == Shard::WHOLE
        && request.part == Shard::WHOLE
        && request.checkpoint.is_none()
        && request.merge.is_empty();
    let frontier = matches!(request.method, CountMethod::Auto | CountMethod::Frontier);
    if !(frontier && whole && halved) {
        return Err(Error::usage(
            "--disk spills the frontier programme's halves only: closed tours, or open ones summed (--sum) or between two ends (--end), on boards of 5 to 8 rows and at least 6 columns",
        ));
    }
    // Several MPI processes share the column programme, which does not spill.
    #[cfg(feature = "mpi")]
    if distributed::processes() > 1 {
        return Err(Error::usage(
            "--disk spills the states of one process: an MPI run shares them among its processes instead",
        ));
    }
    disk.check()
}

/// Counts the knight's tours of a request, by backtracking or by the frontier programme.
///
/// Closed tours come both as directed tours from a square (twice the cycles)
/// and as cycles; open tours are directed, from one square or from each.
/// Counts are exact at any length. A stop (`ctl`) is a report with `partial`
/// set. Refused up front: a frontier board whose states would not fit in the
/// memory limit, a backtracking board over [`MAX_COUNT_CELLS`](super::MAX_COUNT_CELLS) squares, a
/// start off the board.
pub(crate) fn count(request: &CountRequest, ctl: &Control) -> Result<CountReport> {
    crate::memory::check_limit(request.memory_limit)?;
    let dims = request.dims;
    match request.starts {
        CountFrom::From(p) => {
            Knight::new(dims, p, request.closed)?;
        }
        CountFrom::Between(p, q) => {
            if request.closed {
                return Err(Error::usage(
                    "a closed tour ends a knight's move from its start: an end is given for open tours only",
                ));
            }
            Knight::new(dims, p, false)?;
            Knight::new(dims, q, false)?;
        }
        _ => {}
    }
    check_disk(request)?;
    let method = choose(request)?;
    let mut report = CountReport {
        rows: dims.rows,
        cols: dims.cols,
        closed: request.closed,
        method,
        // Known before the count, so that a stopped count says where it was from.
        start: match request.starts {
            CountFrom::From(p) | CountFrom::Between(p, _) => Some(p),
            _ => None,
        },
        count: None,
        cycles: None,
        counts: None,
        total: None,
        partial: false,
        columns_done: None,
        peak_states: None,
        shard: (request.shard != Shard::WHOLE).then(|| request.shard.to_string()),
        end: match request.starts {
            CountFrom::Between(_, q) => Some(q),
            _ => None,
        },
        classes: None,
        classes_of: None,
        part: (request.part != Shard::WHOLE).then(|| request.part.to_string()),
    };
    match method {
        CountMethod::Backtrack => backtrack(request, &mut report, ctl)?,
        CountMethod::Pairs | CountMethod::Starts => by_classes(request, &mut report, ctl)?,
        CountMethod::Auto | CountMethod::Frontier => {
            // A count a theorem rules out (0, at once) holds no states.
            if !ruled_out(dims, census_of(request)) {
                check_memory(request)?;
            }
            by_frontier::frontier(request, &mut report, ctl)?;
        }
    }
    Ok(report)
}

/// The engine that counts `request`: the one asked for, or the automatic
/// choice; refused when the request cannot be counted so.
fn choose(request: &CountRequest) -> Result<CountMethod> {
    let dims = request.dims;
    let by_classes = request.part != Shard::WHOLE
        || request.checkpoint.is_some()
        || !request.merge.is_empty()
        || request.halves.is_some();
    let method = match request.method {
        CountMethod::Auto if by_classes => auto_classes(request)?,
        CountMethod::Auto => {
            let short = dims.rows.min(dims.cols);
            // Measured: the frontier (meeting in the middle up to 8 rows) is faster
            // than backtracking but for the grid of open counts from each start of a
            // board of at most 36 squares, one run a start (6 × 6: 1.5 s against 1.3 s
            // wall; summed in one run, 0.29 s against 1.74 s wall side by side). A board whose frontier
            // states would not fit is backtracked when it can be (a long count the user
            // may stop, up to 7 × 7), counted by classes of ends when those fit, refused
            // otherwise.
            let grid = request.starts == CountFrom::Every && !request.closed;
            let between = matches!(request.starts, CountFrom::Between(..));
            let frontier = short <= 8 && (short <= 4 || dims.cells() > 36 || !grid || between);
            let fits = check_memory(request);
            if between && ruled_out(dims, census_of(request)) {
                // Ends of one colour on an even board (or of the other on an odd one): 0 at once.
                return Ok(CountMethod::Frontier);
            }
            // A count given a disk to spill to is the frontier's, or refused with its limits.
            let spills = request.disk.is_some();
            if frontier && (fits.is_ok() || dims.cells() > super::MAX_COUNT_CELLS || spills) {
                CountMethod::Frontier
            } else if dims.cells() > MAX_FALLBACK_CELLS && !ruled_out(dims, census_of(request)) {
                // Past 7 × 7 backtracking could not end: by classes of ends, or the
                // frontier's refusal, with its limit.
                match (fits, auto_classes(request)) {
                    (_, Ok(method)) => method,
                    (Err(e), Err(_)) => return Err(e),
                    (Ok(()), Err(_)) => CountMethod::Backtrack,
                }
            } else {
                CountMethod::Backtrack
            }
        }
        m => m,
    };
    let classed = matches!(method, CountMethod::Pairs | CountMethod::Starts);
    if by_classes && !classed {
        return Err(Error::usage(
            "--part, --checkpoint, --merge and --halves-dir are for counts by classes of ends (--method pairs or starts)",
        ));
    }
    if classed {
        check_classes(request, method)?;
    }
    if method == CountMethod::Frontier && request.shard != Shard::WHOLE {
        if request.method == CountMethod::Frontier {
            return Err(Error::usage(
                "the frontier programme counts a board whole: shards split backtracking only",
            ));
        }
        // Only backtracking splits into shards.
        return Ok(CountMethod::Backtrack);
    }
    if method == CountMethod::Backtrack && matches!(request.starts, CountFrom::Between(..)) {
        return Err(Error::usage(
            "the tours between two squares are counted by the frontier programme (--method frontier)",
        ));
    }
    Ok(method)
}

/// The split into classes of ends the automatic choice takes for
/// `request`: by pairs of ends, or by starts, the one whose classes hold
/// fewer states (and fit); refused when the request is not of open tours
/// summed or from one start, or when neither fits.
fn auto_classes(request: &CountRequest) -> Result<CountMethod> {
    let (dims, memory) = (request.dims, request.memory_limit);
    let splits: &[Split] = match (request.closed, request.starts) {
        (false, CountFrom::Sum) => &[Split::Pairs, Split::Starts],
        (false, CountFrom::From(_)) => &[Split::Pairs],
        _ => &[],
    };
    let best = splits
        .iter()
        .map(|&split| (ends::class_need(dims, split), split))
        .filter(|&((states, bytes), _)| states.saturating_mul(bytes) <= memory)
        .min_by_key(|&((states, _), _)| states);
    match best {
        Some((_, Split::Pairs)) => Ok(CountMethod::Pairs),
        Some((_, Split::Starts)) => Ok(CountMethod::Starts),
        None => Err(Error::usage("no split into classes of ends fits")),
    }
}

/// Refuses a count by classes (`method`) of a request that is not of open
/// tours summed (or, by pairs, from one start), or whose classes would not
/// fit its memory limit.
fn check_classes(request: &CountRequest, method: CountMethod) -> Result<()> {
    let split = if method == CountMethod::Pairs {
        Split::Pairs
    } else {
        Split::Starts
    };
    let fits_request = match request.starts {
        _ if request.closed => false,
        CountFrom::Sum => true,
        CountFrom::From(_) => split == Split::Pairs,
        _ => false,
    };
    if !fits_request {
        return Err(Error::usage(
            "counts by classes of ends are of open tours summed over every start (--sum), or by pairs from one start",
        ));
    }
    if request.halves.is_some()
        && (!ends::keeps_halves(request.dims, split) || !request.merge.is_empty())
    {
        return Err(Error::usage(
            "--halves-dir keeps the halves of a count by pairs of ends (--method pairs) on a board of eight rows and even columns",
        ));
    }
    if !request.merge.is_empty() {
        return Ok(());
    }
    check_classes_fit(request.dims, split, request.memory_limit)
}

/// Refuses up front classes of `split` on `dims` whose estimated states
/// would not fit `memory` bytes.
fn check_classes_fit(dims: Dims, split: Split, memory: u64) -> Result<()> {
    let (need, bytes) = ends::class_need(dims, split);
    let fit = memory / bytes;
    if need > fit {
        return Err(Error::TooLarge {
            bound: Bound::Other("estimated frontier states of a class of ends"),
            got: Size::from(need),
            limit: Size::from(fit),
            note: format!(" that fit the memory limit of {} MiB", memory >> 20),
        });
    }
    Ok(())
}

/// Counts `request` by classes of ends (or sums the checkpoints of its parts) into `report`.
fn by_classes(request: &CountRequest, report: &mut CountReport, ctl: &Control) -> Result<()> {
    let dims = request.dims;
    let split = if report.method == CountMethod::Pairs {
        Split::Pairs
    } else {
        Split::Starts
    };
    let start = match request.starts {
        CountFrom::From(p) => Some(p),
        _ => None,
    };
    let summed = if request.merge.is_empty() {
        let by = ends::ByClasses {
            split,
            start,
            part: request.part,
            checkpoint: request.checkpoint.clone(),
            store: ends::store_for(
                dims,
                split,
                request.checkpoint.as_deref(),
                request.halves.as_deref(),
            ),
        };
        let counted = ends::count(dims, &by, request.memory_limit, ctl);
        // The halves kept beside the checkpoint serve this count only: gone
        // once it is whole. Stopped or failed, they stay for the count
        // resumed from the checkpoint (hours of work on 8 × 8); without
        // one, nothing resumes. Those of a folder given stay.
        if let Some(store) = by.store.as_ref().filter(|s| !s.shared) {
            let whole = counted.as_ref().is_ok_and(|s| !s.stopped);
            if whole || by.checkpoint.is_none() {
                let _ = std::fs::remove_dir_all(&store.dir);
            }
        }
        counted?
    } else {
        ends::merge(dims, split, start, &request.merge)?
    };
    report.partial = summed.stopped;
    report.peak_states = Some(summed.peak_states);
    report.classes_of = Some(summed.of);
    report.classes = Some(summed.classes);
    let total = summed.total.map(TourCount);
    match start {
        Some(_) => report.count = total,
        None => report.total = total,
    }
    Ok(())
}

fn backtrack(request: &CountRequest, report: &mut CountReport, ctl: &Control) -> Result<()> {
    let dims = request.dims;
    let whole = request.shard == Shard::WHOLE;
    match request.starts {
        CountFrom::From(p) => {
            let knight = Knight::new(dims, p, request.closed)?;
            let c = count_tours_shard(&knight, request.shard, ctl)?;
            report.start = Some(p);
            report.count = Some(c.count.into());
            report.partial = c.partial;
            if request.closed && !c.partial && whole {
                report.cycles = Some((c.count / 2).into());
            }
        }
        // Refused before (see `choose`): the frontier programme counts them.
        CountFrom::Between(..) => {}
        CountFrom::Every | CountFrom::Sum => {
            let all = count_all_starts_shard(dims, request.closed, request.shard, ctl)?;
            report.partial = all.iter().any(|c| c.partial);
            let total: u64 = all.iter().map(|c| c.count).sum();
            // A closed tour visits every square: the cycles through the first are all of them.
            if request.closed && !report.partial && whole {
                report.cycles = Some(all.first().map_or(0, |c| c.count / 2).into());
            }
            if request.starts == CountFrom::Every {
                report.counts = Some(
                    all.chunks(dims.cols)
                        .map(|row| row.iter().map(|c| c.count.into()).collect())
                        .collect(),
                );
            }
            report.total = Some(total.into());
        }
    }
    Ok(())
}

/// Whether a theorem rules out every tour counted by `census` (then the count is 0 at once).
pub(crate) fn ruled_out(dims: Dims, census: Census) -> bool {
    let (closed, start) = match census {
        Census::Cycles => (true, Pos::new(0, 0)),
        Census::Paths => return false,
        Census::PathsFrom(p) => (false, p),
        Census::PathsBetween(p, q) => {
            if p == q && dims.cells() > 1 || ends::colours_differ(dims, p, q) {
                return true;
            }
            (false, p)
        }
    };
    theorems::impossible(&Knight {
        dims,
        start,
        closed,
    })
    .is_some()
}

#[cfg(test)]
mod tests;
