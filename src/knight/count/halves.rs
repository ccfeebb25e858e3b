//! Closed tours, and open ones summed over every start, counted by meeting the column programme in the middle: the states of the left half, of the right half (the left's mirror image), and the moves across.
//!
//! The column programme (see `columns`) runs over the first `h = ⌊cols/2⌋`
//! columns only: its states then give, for each square of columns `h − 2`
//! and `h − 1` (the squares with moves still to come), whether it is
//! unused, full or a fragment end, with the pairing of the ends. The board's
//! left–right mirror turns the states after the first `cols − h` columns
//! into those of the right half, on columns `h` and `h + 1` (the same run
//! when the columns are even). What neither half takes are the knight moves
//! across the middle, from columns `h − 2` and `h − 1` to columns `h` and
//! `h + 1` (40 on eight rows). The left half's states take them one at a
//! time, as meeting in the middle does (see `meet`), until the left
//! squares are full: the states then live on the right half's squares, and
//! each is joined with the right half's states that make up each square to
//! two moves; a pair counts when the two pairings of the ends make one
//! cycle. This is the transfer matrix run from both ends and joined in the
//! middle, with the column programme's pruning on each half (Stoyan and
//! Strehl, "Enumeration of Hamiltonian circuits in rectangular grids",
//! J. Combin. Math. Combin. Comput. 21, 1996; Jacobsen, "Exact enumeration
//! of Hamiltonian circuits, walks and chains in two and three dimensions",
//! J. Phys. A 40, 2007).
//!
//! The left half's states are kept folded with their mirror images across
//! the middle row (the moves across and the right half are symmetric so,
//! and a state and its image join alike); the right half's are unfolded.
//! On 8 × 8 the left half holds 3,969,876 states at its end, where the
//! column programme goes on to hold 424 million.
//!
//! Taking the moves across multiplies a half's states about sixteenfold for
//! closed tours (far more for open ones), and the layers in between need
//! more room than the states at the end: a half whose crossing would not
//! fit is taken across a part of its states at a time, each part's states
//! merged into the rest as they come. The
//! states across wait in buckets by a class of their moves a square that
//! two states which join always share (see [`class`]), and the buckets are
//! joined one at a time, so that the join's tables hold one bucket. Parts
//! cost time: states of two parts that would have merged before the end
//! are taken across twice (6 × 7 open, whose right half holds 696,299
//! states across the middle, made 9.9 million in parts of 300 states).
//! Given a disk (`--disk`), states across that would not fit the memory
//! with their join in one bucket wait in bucket files instead, a few
//! hundred, each part's states appended unmerged; each bucket is read
//! back, sorted, merged and joined in turn (see `spill` and `waiting`).
//!
//! Open tours (undirected Hamiltonian paths, counted over every start) are
//! the Hamiltonian cycles through one extra vertex, the apex, joined to
//! every square (Knuth's DYNAHAMP, as in `meet`): its two edges are the
//! path's terminals. The column programme marks a fragment end whose other
//! end is a terminal already placed (see `columns`); such an end leads to
//! the apex, so one of them shares its label with the apex, and two share
//! one, the apex full between them. The squares of the two columns by the
//! middle of each half may still end the path: each half takes their edges
//! to the apex along with its share of the moves across, each right after
//! the square's last move of the share. Where the halves meet, the apex is
//! one more square whose moves the two halves make up to two. On 8 × 8 the
//! left half then holds 126,875,529 states after four columns (209,779,949
//! at the most within the fourth), 32 times the closed ones, and a part of
//! a few hundred thousand of them grows to 10^8 states while it is taken
//! across (300 times and more, against 16 for closed tours): the count is
//! refused up front under the default memory limit (12 GiB), and in parts
//! it would take about half a day on two cores (see the knight guide).

use super::meet::Layer;
use super::meet::{FIRST_LABEL, FRESH};
use super::spill::{self, Disk, Spill};
use super::{Census, Outcome};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};
use board::Halves;
use cross::{cross_into, Role};
use estimate::{growth_across, WAITING_BYTES};
use join::join;
use num_bigint::BigUint;
use start::start;
use waiting::Waiting;

mod board;
mod cross;
mod estimate;
mod join;
mod sides;
mod start;
mod waiting;

pub(super) use cross::Layout;
pub(super) use estimate::{
    estimated_states, estimated_states_between, fits, kept_half_need, spilled_need, BYTES_PER_STATE,
};
pub(super) use sides::{count as count_by_sides, Store};

/// Why the halves could not give a count.
enum Ended {
    /// The board does not suit (a count would carry past 64 bits, or the
    /// crossing would pass the memory limit): the column programme counts.
    Unsuited,
    /// Stopped from outside, after `columns` columns of a half.
    Stopped { columns: usize },
    /// An error to report.
    Failed(Error),
}

/// Counts closed tours (undirected cycles) or open ones summed over every
/// start (undirected paths: `census`) on `dims` by meeting the column
/// programme in the middle, the states across the middle spilled to `disk`
/// when they would not fit `memory` (see [`Spilling`]); `None` when the
/// board does not suit (then the others count).
pub(super) fn count(
    dims: Dims,
    census: Census,
    memory: u64,
    disk: Option<&Disk>,
    ctl: &Control,
) -> Option<Result<Outcome>> {
    let (rows, cols) = (dims.rows.min(dims.cols), dims.rows.max(dims.cols));
    if cols < 6 {
        return None;
    }
    let turn = |p: Pos| Pos::new(p.col, p.row);
    let census = match census {
        Census::PathsBetween(p, q) if dims.rows > dims.cols => {
            Census::PathsBetween(turn(p), turn(q))
        }
        c => c,
    };
    let spilling = Spilling {
        disk,
        forced: false,
    };
    count_as_walked(Dims { rows, cols }, census, memory, None, spilling, ctl)
}

/// Whether and where the states across the middle are spilled to disk:
/// with a `disk`, when they would not fit the memory in one bucket with
/// their join, or always when `forced` (a check of the spilled join on
/// boards small enough to fit).
#[derive(Clone, Copy, Default)]
pub(super) struct Spilling<'a> {
    pub(super) disk: Option<&'a Disk>,
    pub(super) forced: bool,
}

/// The buckets the states across the middle are spilled into at the least:
/// a few hundred, so that a bucket's join takes a small share of the memory.
const SPILL_BUCKETS: usize = 256;

/// Counts as [`count`] does on `dims` as given, squares numbered down the
/// rows column by column, even when the rows are the longer side (a board
/// of 7 or 8 rows and 4 or 5 columns then takes the words of 7 or 8 rows);
/// `None` when the board does not suit.
pub(super) fn count_as_walked(
    dims: Dims,
    census: Census,
    memory: u64,
    forced: Option<&Layout>,
    spilling: Spilling,
    ctl: &Control,
) -> Option<Result<Outcome>> {
    let (rows, cols) = (dims.rows, dims.cols);
    if matches!(census, Census::PathsFrom(_)) || !(5..=8).contains(&rows) || cols < 4 {
        return None;
    }
    let board = Halves {
        rows,
        cols,
        h: cols / 2,
        open: census != Census::Cycles,
        census,
    };
    let sides = if board.mirrored_halves() {
        vec![board.h]
    } else {
        vec![board.h, cols - board.h]
    };
    for (i, &t) in sides.iter().enumerate() {
        let (_, most) = board.moves(t, i == 1);
        // Fragment labels must stay below the code of a fresh one.
        if most / 2 + 1 + FIRST_LABEL as usize > FRESH as usize {
            return None;
        }
    }
    // The columns of the halves; taking them across counts their states (see `cross_into`).
    ctl.progress().set_total(sides.iter().sum::<usize>() as u64);
    match halves(&board, &sides, memory, forced, spilling, ctl) {
        Ok(outcome) => Some(Ok(outcome)),
        Err(Ended::Unsuited) => None,
        Err(Ended::Stopped { columns }) => Some(Ok(Outcome::Stopped { columns })),
        Err(Ended::Failed(e)) => Some(Err(e)),
    }
}

/// Both halves worked out and carried across their shares, then joined bucket by bucket.
fn halves(
    board: &Halves,
    sides: &[usize],
    memory: u64,
    forced: Option<&Layout>,
    spilling: Spilling,
    ctl: &Control,
) -> std::result::Result<Outcome, Ended> {
    let (left, mut peak) = start(board, board.h, false, memory, ctl)?;
    let right = match sides {
        [_, t] => {
            let (right, most) = start(board, *t, true, memory, ctl)?;
            peak = peak.max(most);
            Some((right, *t))
        }
        _ => None,
    };
    let held = layout(board, &left, right.as_ref(), memory, false);
    // Spilled where the states across would not fit with their join in one bucket.
    let disk = spilling
        .disk
        .filter(|_| spilling.forced || held.buckets > 1);
    let layout = match (forced, disk) {
        (Some(layout), _) => layout.clone(),
        (None, Some(_)) => layout(board, &left, right.as_ref(), memory, true),
        (None, None) => held,
    };
    let t = right.as_ref().map_or(board.h, |r| r.1);
    let (lefts, rights, most) = cross_both(board, left, right, &layout, memory, disk, ctl)?;
    let across = lefts.states() + rights.as_ref().map_or(0, Waiting::states);
    peak = peak.max(most).max(across);
    let total = join_buckets(board, lefts, rights, t, &layout, ctl)?;
    let count = match (board.folded(), total % 2) {
        (false, _) => total,
        (true, 0) => total / 2,
        (true, _) => return Err(asymmetric()),
    };
    Ok(Outcome::Done {
        count: BigUint::from(count),
        peak_states: peak,
    })
}

/// The states expected across the middle from the halves' starts `left`
/// and `right` (with its columns, when it is not the left's mirror image).
fn across(board: &Halves, left: &Layer<u128>, right: Option<&(Layer<u128>, usize)>) -> u64 {
    let across =
        |states: usize, k: usize| states as f64 * growth_across(board.rows, k, !board.open);
    let right = right.map_or(0.0, |(r, t)| across(r.len(), *t));
    (across(left.len(), board.h) + right) as u64
}

/// The layout for the halves' starts `left` and `right` within `memory`
/// bytes: the states across the middle held in memory, or with `spilled`,
/// on disk, in at least [`SPILL_BUCKETS`] buckets (more when a bucket's
/// join would take more than the memory).
fn layout(
    board: &Halves,
    left: &Layer<u128>,
    right: Option<&(Layer<u128>, usize)>,
    memory: u64,
    spilled: bool,
) -> Layout {
    let starts = (left.len() + right.map_or(0, |r| r.0.len())) as u64;
    let states = across(board, left, right);
    if !spilled {
        return Layout::new(starts, states, memory);
    }
    let buckets = (states * cross::JOINED_BYTES).div_ceil(memory.max(1));
    Layout {
        buckets: (buckets as usize).max(SPILL_BUCKETS),
        ..Layout::new(starts, states, u64::MAX)
    }
}

/// The buckets of states across the middle of each half: the left's, and
/// the right's unless it is the left's mirror image; and the most states a
/// part held. Each half is taken across within what the other leaves: its
/// start, then its states across.
#[allow(clippy::too_many_arguments)]
fn cross_both(
    board: &Halves,
    left: Layer<u128>,
    right: Option<(Layer<u128>, usize)>,
    layout: &Layout,
    memory: u64,
    disk: Option<&Disk>,
    ctl: &Control,
) -> std::result::Result<(Waiting, Option<Waiting>, u64), Ended> {
    let role = if right.is_none() {
        Role::Both
    } else {
        Role::Left
    };
    let bytes = |states: usize| states as u64 * WAITING_BYTES;
    let room = memory.saturating_sub(bytes(right.as_ref().map_or(0, |r| r.0.len())));
    let waiting = |spilled: u64| match disk {
        Some(disk) => Spill::new(disk, layout.buckets, disk.limit.saturating_sub(spilled))
            .map(Waiting::Spilled)
            .map_err(Ended::Failed),
        None => Ok(Waiting::held(layout.buckets)),
    };
    let mut lefts = waiting(0)?;
    let mut peak = cross_into(board, board.h, left, role, layout, room, &mut lefts, ctl)?;
    let Some((right, t)) = right else {
        return Ok((lefts, None, peak));
    };
    let room = memory.saturating_sub(bytes(lefts.in_memory()));
    let mut rights = waiting(lefts.states() * spill::ENTRY_BYTES)?;
    let most = cross_into(board, t, right, Role::Right, layout, room, &mut rights, ctl)?;
    peak = peak.max(most);
    Ok((lefts, Some(rights), peak))
}

/// The sum of the joins of the buckets, one at a time (the right half of
/// `t` columns; the left's mirror image when `rights` is `None`).
fn join_buckets(
    board: &Halves,
    mut lefts: Waiting,
    mut rights: Option<Waiting>,
    t: usize,
    layout: &Layout,
    ctl: &Control,
) -> std::result::Result<u128, Ended> {
    let same = rights.is_none();
    let mut total = 0u128;
    for b in 0..layout.buckets {
        let left = lefts.take(b)?;
        let right = rights.as_mut().map(|r| r.take(b)).transpose()?;
        let right = right.as_deref().unwrap_or(&left);
        let sum = join(board, &left, right, t, same, layout.long, ctl)?;
        total = total.checked_add(sum).ok_or(Ended::Unsuited)?;
    }
    Ok(total)
}

fn asymmetric() -> Ended {
    Ended::Failed(Error::Check(
        "the column states are not symmetric across the middle row".to_string(),
    ))
}
