//! Taking a half's states across the middle: a part at a time, the states across merged into buckets by a class that joining states share.

use super::super::key::Stored;
use super::super::layers::merge_equal;
use super::super::meet::word::{Split, Word};
use super::super::meet::{advance, complement, degrees, Layer, MeetHalt, Move, Watch};
use super::estimate::{CROSSING_BYTES, GROWTH_ACROSS, WAITING_BYTES};
use super::join::LONG_RUN;
use super::waiting::Waiting;
use super::{Ended, Halves};
use crate::control::{Control, NoProgress};
use std::ops::Range;
use std::sync::Arc;

/// The states `part` of the half of `t` columns (from its own side)
/// carried across its share (`moves`), folded when the rows are even, sorted;
/// unsuited when a count would carry or the states pass `watch.most`.
fn cross(
    board: &Halves,
    t: usize,
    moves: &[Move<u128>],
    part: Layer<u128>,
    watch: &mut Watch,
) -> std::result::Result<Layer<u128>, Ended> {
    let mut states = match advance(part, moves, 0, watch) {
        Ok(layer) => layer,
        Err(MeetHalt::Unsuited) => return Err(Ended::Unsuited),
        Err(MeetHalt::Stopped) => return Err(Ended::Stopped { columns: t }),
    };
    if board.folded() {
        for e in states.iter_mut() {
            let k = e.0.unpack();
            e.0 = Split::pack(k.min(board.flipped(k, t)));
        }
        states.sort_unstable_by_key(|e| e.0);
        if !merge_equal(&mut states) {
            return Err(Ended::Unsuited);
        }
    }
    Ok(states)
}

/// Which side a crossed state joins from: the left half's states are
/// joined as they are (and as their images across the middle row), the
/// right half's turned onto the left half's squares.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Left,
    Right,
    /// Both, when the right half is the left one's mirror image.
    Both,
    /// Both, and mirrored across the middle row or not: a half kept to be
    /// joined with many others (see `sides`).
    Side,
}

/// The class of a crossed state `k` of the half of `t` columns, by which
/// it is bucketed: two states that join have the same class.
///
/// A left state `x` (tried as itself and its image `ρx` when folded) joins a
/// right state `y` when the degrees of `y` turned onto the left squares,
/// `D(μy) = π·D(y)` (π swaps the two middle columns), are the complement
/// of those of `x` or of `ρx`. So the left class is the least of the
/// complements of `x` and `ρx`, the right class the least of `D(μy)` and
/// `ρ·D(μy)`, and they agree on every pair that joins. When the right half
/// is the left one's mirror image a state plays both parts; the least of
/// the four is then its class, which again agrees on every pair that
/// joins (with `π·D(y)` the complement of `D(x)`, the four of `y` are those
/// of `x`, since ρ, π and the complement commute).
fn class(board: &Halves, k: u128, t: usize, role: Role, high: u128) -> u64 {
    // The least of `of` over a word and its image across the middle row
    // (when folded, or kept to be taken either way).
    let images = board.folded() || role == Role::Side;
    let least = |k: u128, of: fn(u128, u128) -> u64| {
        let image = images.then(|| board.flipped(k, board.h));
        [Some(k), image]
            .into_iter()
            .flatten()
            .map(|x| of(x, high))
            .min()
            .expect("a state")
    };
    let left = || least(k, complement::<u128>);
    let right = || least(board.mirrored(k, t), degrees::<u128>);
    match role {
        Role::Left => left(),
        Role::Right => right(),
        Role::Both | Role::Side => left().min(right()),
    }
}

/// The bucket of class `c` among `buckets`: SplitMix64's finaliser (Steele,
/// Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA
/// 2014), which spreads every bit of the class over the bucket (a class's
/// degrees lie in its high bits, and a multiply alone left most of a few
/// hundred buckets empty).
fn bucket(c: u64, buckets: usize) -> usize {
    let mut x = c;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    (x % buckets as u64) as usize
}

/// How the states across the middle are made and kept: a half's states
/// are taken across a part at a time, and the states across wait in
/// buckets for a join a bucket at a time.
#[derive(Debug, Clone)]
pub(in crate::knight::count) struct Layout {
    /// The most states of a half taken across at once: as many as the
    /// room left allows, at most this.
    pub(in crate::knight::count) part: usize,
    pub(in crate::knight::count) buckets: usize,
    /// Runs of right states at least this long are joined by contracting
    /// ends (see [`one_cycle_sum`]) rather than by trying each of their
    /// states.
    pub(in crate::knight::count) long: usize,
}

/// Bytes a state of the bucket being joined takes besides: its turned
/// entry, its place and its share of the look-up of runs.
pub(super) const JOINED_BYTES: u64 = 32 + 4 + 36;

/// The most buckets a layout takes.
const MOST_BUCKETS: u64 = 64;

impl Layout {
    /// The layout for starts of `starts` states (both halves') and about
    /// `across` states across the middle, within `memory` bytes: the
    /// buckets as few as leave room for the join.
    pub(in crate::knight::count) fn new(starts: u64, across: u64, memory: u64) -> Layout {
        let waiting = (starts + across) * WAITING_BYTES;
        let room = memory.saturating_sub(waiting).max(1);
        let buckets = (across * JOINED_BYTES).div_ceil(room);
        Layout {
            part: usize::MAX,
            buckets: buckets.clamp(1, MOST_BUCKETS) as usize,
            long: LONG_RUN,
        }
    }
}

/// The states across the middle of the half of `t` columns (from its own
/// side), from `start`, merged into `buckets` by their class for `role`,
/// within `memory` bytes; the most states a part held.
///
/// The half is taken across a part at a time, two parts side by side. A
/// part is as large as the room left allows: what `memory` leaves past the
/// start and the states already waiting, shared by the two, over the room
/// a state of a part takes, its bytes times the most growth measured so
/// far (at first [`GROWTH_ACROSS`]) and a fifth more. A part whose states
/// pass its room all the same is split in two and taken again. The parts
/// follow what column `t − 1` and the apex hold (unused, full or an end),
/// so that states apt to merge across the middle are taken across
/// together.
#[allow(clippy::too_many_arguments)]
pub(super) fn cross_into(
    board: &Halves,
    t: usize,
    mut start: Layer<u128>,
    role: Role,
    layout: &Layout,
    memory: u64,
    buckets: &mut Waiting,
    ctl: &Control,
) -> std::result::Result<u64, Ended> {
    let high = board.high();
    let (moves, _) = board.moves(t, role == Role::Right);
    let kept = (0..board.rows).fold(1u32 << board.apex(t), |m, r| {
        m | 1 << board.slot(board.square(r, t - 1))
    });
    let kept = u128::nibbles(kept) & u128::filled(8);
    start.sort_unstable_by_key(|e| (degrees(e.0.unpack(), kept), e.0));
    let held = start.len() as u64 * WAITING_BYTES;
    // The bar counts the half's states taken across; the parts' moves are not shown.
    let bar = ctl.progress();
    bar.set_total(start.len() as u64);
    let quiet = ctl.clone().with_progress(Arc::new(NoProgress));
    let (mut growth, mut peak) = (GROWTH_ACROSS as f64, 0);
    let mut parts = Parts {
        split: Vec::new(),
        next: 0,
        len: start.len(),
    };
    let mut sorted: Vec<Layer<u128>> = vec![Vec::new(); layout.buckets];
    while !parts.done() {
        let waiting = buckets.in_memory() as u64 * WAITING_BYTES;
        let most = memory.saturating_sub(held + waiting) / 2 / CROSSING_BYTES;
        let size = ((most as f64 / (1.2 * growth)) as usize).clamp(1, layout.part);
        let crossed = |range: Range<usize>| {
            let mut part = start[range.clone()].to_vec();
            part.sort_unstable_by_key(|e| e.0);
            let mut own = Watch {
                peak: 0,
                done: 0,
                most,
                extrapolate: false,
                ctl: &quiet,
            };
            let result = cross(board, t, &moves, part, &mut own);
            (range, result, own.peak)
        };
        let results = match <[Range<usize>; 2]>::try_from(parts.take(size)) {
            Ok([a, b]) => {
                let (x, y) = rayon::join(|| crossed(a), || crossed(b));
                vec![x, y]
            }
            Err(taken) => taken.into_iter().map(crossed).collect(),
        };
        for (range, result, held_most) in results {
            growth = growth.max(held_most as f64 / range.len() as f64);
            let states = match result {
                Err(Ended::Unsuited) if held_most > most && range.len() > 1 => {
                    parts.split(range);
                    continue;
                }
                other => other?,
            };
            peak = peak.max(held_most);
            bar.advance(range.len() as u64);
            let class = |k: u128| class(board, k, t, role, high);
            file_into(states, class, &mut sorted, buckets)?;
        }
        bar.note(&format!(
            "{} states across the middle, peak {peak}",
            buckets.states(),
        ));
    }
    Ok(peak)
}

/// The parts of a half taken across: ranges of its states.
struct Parts {
    /// Parts split again (the next one last).
    split: Vec<Range<usize>>,
    /// Where the untaken rest begins.
    next: usize,
    /// The states of the half.
    len: usize,
}

impl Parts {
    /// Whether every part was taken.
    fn done(&self) -> bool {
        self.next >= self.len && self.split.is_empty()
    }

    /// The next two parts (fewer at the end): the parts split again first,
    /// then new ones of `size` states.
    fn take(&mut self, size: usize) -> Vec<Range<usize>> {
        let mut parts = Vec::with_capacity(2);
        while parts.len() < 2 {
            match self.split.pop() {
                Some(part) => parts.push(part),
                None if self.next < self.len => {
                    let end = (self.next + size).min(self.len);
                    parts.push(self.next..end);
                    self.next = end;
                }
                None => break,
            }
        }
        parts
    }

    /// Takes `range` again as two parts.
    fn split(&mut self, range: Range<usize>) {
        let middle = range.start + range.len() / 2;
        self.split.push(middle..range.end);
        self.split.push(range.start..middle);
    }
}

/// Merges a part's states across (`states`) into `buckets` by their
/// `class`, through `sorted` (a vector a bucket, left empty); unsuited on
/// a carry.
fn file_into(
    states: Layer<u128>,
    class: impl Fn(u128) -> u64,
    sorted: &mut [Layer<u128>],
    buckets: &mut Waiting,
) -> std::result::Result<(), Ended> {
    if sorted.len() == 1 {
        sorted[0] = states;
    } else {
        for &(k, c) in &states {
            sorted[bucket(class(k.unpack()), sorted.len())].push((k, c));
        }
    }
    for (b, entries) in sorted.iter_mut().enumerate() {
        buckets.file(b, entries)?;
    }
    Ok(())
}
