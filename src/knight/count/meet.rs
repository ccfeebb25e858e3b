//! Counting by meeting in the middle: the frontier states of the first half of the board's moves, joined with their own half-turn images.
//!
//! Here the programme takes the moves one at a time rather than the squares
//! (edge by edge, as Knuth's SIMPATH does, TAOCP Volume 4A, §7.1.4): a state is, for
//! each square with moves both taken in hand and still to come, whether it is
//! unused, full, or a fragment end, with the pairing of the ends. For open
//! tours one extra vertex, the apex, is joined to every square (Knuth's
//! DYNAHAMP): a Hamiltonian cycle through it is an open tour, its two edges
//! the tour's ends. The moves are ordered by the sum of their squares'
//! indices, which the board's half turn (square `i` to `n − 1 − i`) maps to
//! `2(n − 1)` less it, and within one sum by their length (the apex edge of
//! square `x` counts as sum `2x`, length 0), one way below the middle sum
//! `n − 1` and the other way above it; so the half turn reverses the order.
//! The states after the moves below the middle are then, turned a half turn,
//! exactly the states of the moves above it taken from the other end: one
//! half is worked out, and each of its states (after the few moves of the
//! middle sum itself) is joined with each turned state whose squares make it
//! up to two moves each. A pair counts when the two pairings of the ends,
//! put together, make one cycle: the transfer matrix run from both ends and
//! joined in the middle. The half holds far fewer states than the
//! column-by-column programme does near a board's end (6 × 6 open: 306,424
//! at the middle against 891,891), and the join takes only pairs whose
//! squares add up (1.9 million pairs on 6 × 6 open).
//!
//! A state packs four bits a square into a word (see `word`): a `u64` on
//! boards of at most 6 rows, square `v` in slot `v mod 15` and the apex in
//! slot 15 (`v mod 16`, no apex, for closed tours); a `u128` on 7 and 8 rows,
//! whose 17 to 19 squares in hand pass 16 slots (`v mod 31`, the apex in
//! slot 31). Labels are renumbered by first appearance so that equal states
//! meet, and a state is dropped as soon as a square has fewer moves to come
//! than it still needs, or (open tours) when the colours of the path's ends
//! can no longer balance (see [`Colours`]). Where the halves meet, the ends
//! of a pairing are named by their order (0 to `2m − 1` for `m` fragments),
//! four bits an end up to 16 ends (7 × 7 open never has more), else five;
//! the join tries several turned states side by side.
//!
//! Counts per state are 64-bit: a board whose half counts would carry past
//! them, whose squares in hand would not fit the slots, or whose layers
//! would pass the memory limit is left to the column-by-column programme.
//! The layers are watched as they grow: when the last ones, growing on as
//! they grew, would pass the limit before the middle, the board is given up
//! at once. 7 × 7 open summed holds 11.4 million states at the middle; 8 × 8
//! closed passes 70 million four moves short of it (22 million after move
//! 74 of 84, 70 million after 79), more than the column programme's
//! largest layers at the same place (it is given up some moves short of
//! the middle, once its growth over eight moves would pass the limit).

use super::key::Stored;
use super::layers::radix_sort;
use super::{Census, Outcome};
use crate::control::Control;
use crate::grid::{Dims, Pos};
use layer::bytes_per_state;
use num_bigint::BigUint;
use pairing::{ends_paired, narrow_sum, one_cycle, Turned, NARROW_ENDS};
use plan::MeetPlan;
use rustc_hash::FxHashMap;
use word::Word;

mod layer;
mod pairing;
mod plan;
mod step;
pub(super) mod word;

pub(super) use layer::{advance, merge_into, Layer, MeetHalt, Watch};
pub(super) use pairing::{closing_sum, complement, degrees, pairing};
pub(super) use plan::Move;
pub(super) use step::renumber;

/// An unused square (or a slot with no square in hand).
pub(super) const FREE: u64 = 0;

/// A square with its two moves.
pub(super) const FULL: u64 = 1;

/// The first fragment label.
pub(super) const FIRST_LABEL: u64 = 2;

/// The label of a fragment a move starts, renumbered before the state is kept.
pub(super) const FRESH: u64 = 15;

/// The longest short side this programme takes: its squares in hand fit the slots of a `u128`.
const MAX_ROWS: usize = 8;

/// The most squares in hand where the halves meet: a pairing of their ends is held at most five bits an end in a `u128`.
const MAX_ENDS: usize = 25;

/// The largest board it takes: on much longer ones the counts of a half
/// carry past 64 bits (6 × 20 closed still fits; 6 × 40 does not), and they
/// are left to the column-by-column programme, whose counts widen.
const MAX_CELLS: usize = 120;

/// The states after the moves below the middle of `plan`, from the empty board.
fn low_half<W: Word>(plan: &MeetPlan<W>, watch: &mut Watch) -> Result<Layer<W>, MeetHalt> {
    let middle = plan.moves.len() - plan.below;
    advance(
        vec![(W::Held::pack(W::ZERO), 1)],
        &plan.moves[..plan.below],
        middle,
        watch,
    )
}

/// Counts `census` on `dims` by meeting in the middle; `None` when the
/// board does not suit (see the module doc), and then the column-by-column
/// programme counts.
pub(super) fn count(dims: Dims, census: Census, memory: u64, ctl: &Control) -> Option<Outcome> {
    let transposed = dims.rows > dims.cols;
    let dims = if transposed {
        Dims {
            rows: dims.cols,
            cols: dims.rows,
        }
    } else {
        dims
    };
    if !(3..=MAX_ROWS).contains(&dims.rows) || !(12..=MAX_CELLS).contains(&dims.cells()) {
        return None;
    }
    let census = match census {
        Census::PathsFrom(p) if transposed => Census::PathsFrom(Pos::new(p.col, p.row)),
        c => c,
    };
    count_as_walked(dims, census, memory, ctl)
}

/// Counts `census` on `dims` as given, squares numbered down the rows
/// column by column, even when the rows are the longer side; `None` when
/// the board does not suit.
pub(super) fn count_as_walked(
    dims: Dims,
    census: Census,
    memory: u64,
    ctl: &Control,
) -> Option<Outcome> {
    // Both ends given: the columns or the halves count.
    if matches!(census, Census::PathsBetween(..)) {
        return None;
    }
    let n = dims.cells();
    // From one start: from its half-turn image if that comes first in the order (the same count).
    let census = match census {
        Census::PathsFrom(p) => {
            if 2 * (p.col * dims.rows + p.row) > n - 1 {
                Census::PathsFrom(Pos::new(dims.rows - 1 - p.row, dims.cols - 1 - p.col))
            } else {
                Census::PathsFrom(p)
            }
        }
        c => c,
    };
    if let Some(plan) = MeetPlan::<u64>::new(dims, census) {
        return run(&plan, dims, memory, ctl);
    }
    run(&MeetPlan::<u128>::new(dims, census)?, dims, memory, ctl)
}

/// Counts by `plan` on `dims` within `memory` bytes; `None` when the board does not suit.
fn run<W: Word>(plan: &MeetPlan<W>, dims: Dims, memory: u64, ctl: &Control) -> Option<Outcome> {
    let forced = plan.moves[..plan.below].iter().any(|m| m.forced);
    let to_do = plan.moves.len() + if forced { plan.below } else { 0 };
    ctl.progress().set_total(to_do as u64);
    let mut watch = Watch {
        peak: 1,
        done: 0,
        most: memory / bytes_per_state::<W>(),
        extrapolate: true,
        ctl,
    };
    match meet(plan, dims, &mut watch) {
        Ok(total) => Some(Outcome::Done {
            count: BigUint::from(total?),
            peak_states: watch.peak,
        }),
        Err(MeetHalt::Unsuited) => None,
        // How far it got, in columns: the moves of the low half cover half the board.
        Err(MeetHalt::Stopped) => Some(Outcome::Stopped {
            columns: (watch.done * dims.cols / (2 * to_do.max(1))).min(dims.cols - 1),
        }),
    }
}

/// Works out the low half of `plan`, turns it, and joins it with the low
/// half and the middle moves; `Ok(None)` when the sum would carry past 128 bits.
fn meet<W: Word>(
    plan: &MeetPlan<W>,
    dims: Dims,
    watch: &mut Watch,
) -> Result<Option<u128>, MeetHalt> {
    let low = low_half(plan, watch)?;
    let meeting = plan.meeting_high;
    // The other half: the same states turned, but free of a start's forced move.
    let free;
    let other = if plan.moves[..plan.below].iter().any(|m| m.forced) {
        free = match MeetPlan::<W>::new(dims, Census::Paths) {
            Some(plan) => low_half(&plan, watch)?,
            None => return Err(MeetHalt::Unsuited),
        };
        &free
    } else {
        &low
    };
    // The turned states by what they give the squares where the halves meet,
    // each with its pairing of the ends (two words) and its count.
    let mut turned: Vec<(u64, Turned)> = other
        .iter()
        .map(|&(k, c)| {
            let t = plan.turned(k.unpack());
            let pairing = ends_paired(t, plan).0;
            (
                degrees(t, meeting),
                [pairing as u64, (pairing >> 64) as u64, c],
            )
        })
        .collect();
    radix_sort(&mut turned, &mut Vec::new(), 2 * W::NIBBLES as u32);
    let mut runs: FxHashMap<u64, (usize, usize)> = FxHashMap::default();
    for (i, e) in turned.iter().enumerate() {
        runs.entry(e.0)
            .and_modify(|r| r.1 = i + 1)
            .or_insert((i, i + 1));
    }
    let high = advance(low, &plan.moves[plan.below..], 0, watch)?;
    // Each state against the turned states giving what it lacks.
    let mut total: u128 = 0;
    for &(k, c) in &high {
        let k = k.unpack();
        let Some(&(from, to)) = runs.get(&complement(k, meeting)) else {
            continue;
        };
        let (partner, ends) = ends_paired(k, plan);
        // A cycle through the whole board crosses the middle.
        if ends == 0 {
            continue;
        }
        let run = &turned[from..to];
        let sum = if ends <= NARROW_ENDS {
            narrow_sum(partner as u64, ends / 2, run)
        } else {
            run.iter()
                .filter(|(_, [lo, hi, _])| {
                    one_cycle(partner, u128::from(*lo) | u128::from(*hi) << 64, ends)
                })
                .map(|(_, [.., d])| u128::from(*d))
                .sum()
        };
        let Some(sum) = sum
            .checked_mul(u128::from(c))
            .and_then(|s| total.checked_add(s))
        else {
            return Ok(None);
        };
        total = sum;
    }
    Ok(Some(total))
}

/// The state with `codes` in slots 0, 1, ….
#[cfg(test)]
fn state<W: Word>(codes: &[u64]) -> W {
    codes
        .iter()
        .enumerate()
        .fold(W::ZERO, |k, (s, &c)| k.with(s, c))
}
