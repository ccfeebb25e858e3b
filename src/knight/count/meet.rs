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
use super::layers::{merge_equal, radix_sort, radix_sort_in, Summable};
use super::{Census, Outcome};
use crate::control::Control;
use crate::grid::{Dims, Pos};
use num_bigint::BigUint;
use rustc_hash::FxHashMap;
use std::mem::MaybeUninit;
use std::ops::{BitOr, Shl};
use word::Word;

pub(super) mod word;

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

/// One move, with what taking or passing it needs.
pub(super) struct Move<W> {
    /// The slots of its two squares.
    pub(super) x: usize,
    pub(super) y: usize,
    /// The moves each has after this one.
    pub(super) after_x: u8,
    pub(super) after_y: u8,
    /// The nibbles of the squares with no move after this one (then full, and cleared).
    pub(super) leave: W,
    /// The move must be taken (the start's edge to the apex).
    pub(super) forced: bool,
    /// At least the fragment labels a state holds about this move.
    pub(super) labels: u64,
    /// For a square's edge to the apex: the colours after the move (see [`Colours`]).
    pub(super) colours: Option<Colours<W>>,
}

/// The chessboard colours of the squares, which every knight move changes:
/// the moves still needed by the white squares less those needed by the
/// black ones are the path's terminals still to come on white squares less
/// those on black ones, so at most the apex's moves still needed, and of
/// their parity (Hamiltonian cycles: none). Only the apex's moves change it.
#[derive(Clone, Copy)]
pub(super) struct Colours<W> {
    /// The high bits of the nibbles of the white, and of the black, squares in hand.
    white: W,
    black: W,
    /// Twice (the white squares not yet in hand less the black ones).
    base: i32,
}

impl<W: Word> Colours<W> {
    /// Whether state `k` can still end with its terminals' colours.
    #[inline]
    fn fit(&self, k: W) -> bool {
        let (zero, full) = (k.zero_nibbles(), full_nibbles(k));
        let needs = |m: W| (m.ones() + (zero & m).ones()) as i32 - (full & m).ones() as i32;
        let off = self.base + needs(self.white) - needs(self.black);
        let left = i32::from(need(k.nibble(W::NIBBLES - 1)));
        off.abs() <= left && (left - off) % 2 == 0
    }
}

/// The whole programme for one board and census.
struct MeetPlan<W> {
    /// The moves below the middle sum, then those of the middle sum.
    moves: Vec<Move<W>>,
    /// How many moves lie below the middle sum.
    below: usize,
    /// The slots of the ring (all of the word's, or all but the top one, the apex's).
    ring: u32,
    /// Where the half turn sends slot 0 of the ring: square `v`'s slot `s`
    /// goes to that of `n − 1 − v`, `(last − s) mod ring`.
    last: u32,
    /// The slots of the squares in hand where the halves meet, as a bit mask.
    meeting: u32,
    /// The high bits of their nibbles.
    meeting_high: W,
}

/// The number of moves still needed by a square in state `code`.
#[inline]
fn need(code: u64) -> u8 {
    match code {
        FREE => 2,
        FULL => 0,
        _ => 1,
    }
}

/// The high bits of the nibbles of the full squares of `k`.
#[inline]
fn full_nibbles<W: Word>(k: W) -> W {
    (k ^ W::ONES).zero_nibbles()
}

/// The labels of `k` in use (codes `FIRST_LABEL..` and `FRESH`), each with
/// the high bits of its nibbles. Labels are renumbered by first appearance,
/// so `count` labels (the most a state holds) use the codes from
/// `FIRST_LABEL` on.
#[inline]
fn labels<W: Word>(k: W, count: u64) -> impl Iterator<Item = (u64, W)> {
    (FIRST_LABEL..FIRST_LABEL + count)
        .chain([FRESH])
        .map(move |l| (l, (k ^ W::filled(l)).zero_nibbles()))
        .filter(|&(_, m)| !m.is_zero())
}

/// Renames fragment label `from` to `to`, then renumbers the labels by
/// first appearance: a label's new name counts the labels appearing first
/// before it. `count`: at least the labels in use.
#[inline]
pub(super) fn renumber<W: Word>(k: W, from: u64, to: u64, count: u64) -> W {
    // A bound known when compiling lets the label loops unroll (read at run
    // time, it cost the 6 × 6 open count 14% more instructions).
    match count {
        ..=4 => renumber_within::<W, 4>(k, from, to),
        5..=8 => renumber_within::<W, 8>(k, from, to),
        _ => renumber_within::<W, { FRESH - FIRST_LABEL }>(k, from, to),
    }
}

/// [`renumber`] of a state holding at most `LABELS` labels.
#[inline]
fn renumber_within<W: Word, const LABELS: u64>(k: W, from: u64, to: u64) -> W {
    let count = LABELS;
    let k = k ^ ((k ^ W::filled(from)).zero_nibbles() >> 3).times(from ^ to);
    let firsts = labels(k, count).fold(W::ZERO, |f, (_, m)| f | m.lowest());
    labels(k, count).fold(k, |out, (l, m)| {
        let name = FIRST_LABEL + u64::from((firsts & m.below_lowest()).ones());
        out ^ (m >> 3).times(l ^ name)
    })
}

/// The successors of state `k` over move `m`: passed, and taken.
#[inline]
fn step<W: Word>(m: &Move<W>, k: W) -> (Option<W>, Option<W>) {
    let (a, b) = (k.nibble(m.x), k.nibble(m.y));
    let (need_a, need_b) = (need(a), need(b));
    let passed = (!m.forced && need_a <= m.after_x && need_b <= m.after_y).then_some(k & !m.leave);
    // A full square takes no move; two ends of one fragment would close a
    // cycle short of the whole board.
    if need_a == 0 || need_b == 0 || (a == b && a >= FIRST_LABEL) {
        return (passed, None);
    }
    if need_a - 1 > m.after_x || need_b - 1 > m.after_y {
        return (passed, None);
    }
    // Each label marks the two ends of a fragment: the labels of `k` are half its ends.
    let ends = W::NIBBLES as u32 - k.zero_nibbles().ones() - full_nibbles(k).ones();
    let count = u64::from(ends / 2).min(m.labels);
    let taken = match (a, b) {
        (FREE, FREE) => renumber(k.with(m.x, FRESH).with(m.y, FRESH), 0, 0, count),
        (FREE, l) => renumber(k.with(m.x, l).with(m.y, FULL), 0, 0, count),
        (l, FREE) => renumber(k.with(m.y, l).with(m.x, FULL), 0, 0, count),
        (l, j) => renumber(k.with(m.x, FULL).with(m.y, FULL), j, l, count),
    };
    if m.colours.is_some_and(|c| !c.fit(taken)) {
        return (passed, None);
    }
    (passed, Some(taken & !m.leave))
}

impl<W: Word> MeetPlan<W> {
    /// The plan for `dims` (rows ≤ cols) and `census`, or `None` when the squares in hand would not fit the slots.
    fn new(dims: Dims, census: Census) -> Option<MeetPlan<W>> {
        let (rows, cols) = (dims.rows, dims.cols);
        let n = rows * cols;
        let open = census != Census::Cycles;
        let apex = n;
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for c in 0..cols {
            for r in 0..rows {
                for (dr, dc) in [(-2i64, 1i64), (-1, 2), (1, 2), (2, 1)] {
                    if let Some(q) = dims.checked(r as i64 + dr, c as i64 + dc) {
                        edges.push((c * rows + r, q.col * rows + q.row));
                    }
                }
            }
        }
        edges
            .iter_mut()
            .for_each(|e| *e = (e.0.min(e.1), e.0.max(e.1)));
        if open {
            edges.extend((0..n).map(|x| (x, apex)));
        }
        // By sum (an apex edge at twice its square), then by length: shortest
        // first below the middle, longest first above it, so that the half turn
        // reverses the order.
        let middle = n as i64 - 1;
        let order = |&(x, y): &(usize, usize)| {
            let (sum, len) = if y == apex {
                (2 * x as i64, 0)
            } else {
                ((x + y) as i64, (y - x) as i64)
            };
            (sum, if sum < middle { len } else { -len })
        };
        edges.sort_by_key(order);
        let below = edges.iter().take_while(|e| order(e).0 < middle).count();
        let upto = edges.iter().take_while(|e| order(e).0 <= middle).count();
        let vertices = n + usize::from(open);
        let (mut first, mut last) = (vec![usize::MAX; vertices], vec![0; vertices]);
        for (i, &(x, y)) in edges.iter().enumerate() {
            for v in [x, y] {
                first[v] = first[v].min(i);
                last[v] = i;
            }
        }
        let ring = W::NIBBLES - usize::from(open);
        let slot = |v: usize| if v == apex { W::NIBBLES - 1 } else { v % ring };
        // The squares in hand at each move must fit the ring of slots, and
        // their labels the codes below `FRESH`.
        let mut most_in_hand = vec![0u64; upto];
        for i in 0..=upto.min(edges.len() - 1) {
            let mut live = (0..n).filter(|&v| first[v] <= i && last[v] >= i);
            let held = live.clone().count() as u64 + u64::from(open);
            for j in [i.saturating_sub(1), i] {
                if j < upto {
                    most_in_hand[j] = most_in_hand[j].max(held);
                }
            }
            if let (Some(lo), Some(hi)) = (live.next(), live.next_back()) {
                if hi - lo >= ring || held / 2 + 1 + FIRST_LABEL > FRESH {
                    return None;
                }
            }
        }
        let start = match census {
            Census::PathsFrom(p) => Some(p.col * rows + p.row),
            _ => None,
        };
        let mut after = vec![0u8; vertices];
        for &(x, y) in &edges {
            after[x] += 1;
            after[y] += 1;
        }
        let white = |v: usize| (v % rows + v / rows) % 2 == 0;
        let colours = |i: usize| {
            let in_hand = |w: bool| {
                (0..n)
                    .filter(|&v| white(v) == w && first[v] <= i && last[v] >= i)
                    .fold(W::ZERO, |m, v| m | W::nibbles(1 << slot(v)) & W::filled(8))
            };
            let ahead = (0..n).filter(|&v| first[v] > i);
            Colours {
                white: in_hand(true),
                black: in_hand(false),
                base: ahead.map(|v| if white(v) { 2 } else { -2 }).sum(),
            }
        };
        let moves = edges[..upto]
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| {
                after[x] -= 1;
                after[y] -= 1;
                let leave = [x, y]
                    .iter()
                    .filter(|&&v| last[v] == i)
                    .fold(0u32, |m, &v| m | 1 << slot(v));
                Move {
                    x: slot(x),
                    y: slot(y),
                    after_x: after[x],
                    after_y: after[y],
                    leave: W::nibbles(leave),
                    forced: y == apex && Some(x) == start,
                    labels: most_in_hand[i] / 2 + 1,
                    colours: (y == apex).then(|| colours(i)),
                }
            })
            .collect();
        let (first, last) = (&first, &last);
        let in_hand = |i: usize| (0..vertices).filter(move |&v| first[v] < i && last[v] >= i);
        let turn_of = |v: usize| if v == apex { apex } else { n - 1 - v };
        let meeting = in_hand(upto).fold(0u32, |m, v| m | 1 << slot(v));
        // The half turn maps the squares in hand below the middle onto those where the halves meet.
        let turned = in_hand(below).fold(0u32, |m, v| m | 1 << slot(turn_of(v)));
        if turned != meeting || meeting.count_ones() as usize > MAX_ENDS {
            return None;
        }
        Some(MeetPlan {
            moves,
            below,
            ring: ring as u32,
            last: ((n - 1) % ring) as u32,
            meeting,
            meeting_high: W::nibbles(meeting) & W::filled(8),
        })
    }

    /// The state `k` after the moves below the middle, turned a half turn:
    /// the ring's nibbles reversed (slot `s` to `ring − 1 − s`), then turned
    /// by `last + 1`; the apex stays.
    fn turned(&self, k: W) -> W {
        let by = 4 * ((self.last + 1) % self.ring);
        let width = 4 * self.ring;
        if self.ring as usize == W::NIBBLES {
            return k.reversed().rotated(by, width);
        }
        let apex = W::nibbles(1 << (W::NIBBLES - 1));
        (k.reversed() >> 4).rotated(by, width) | k & apex
    }
}

/// The states after some moves with their counts, in increasing order of
/// state, each once, each as a layer holds it ([`Word::Held`]).
pub(super) type Layer<W> = Vec<Entry<W>>;

/// A state of a layer with its count.
type Entry<W> = (<W as Word>::Held, u64);

/// Why a half could not be worked out.
pub(super) enum MeetHalt {
    /// The board does not suit: a count would carry past 64 bits.
    Unsuited,
    /// Stopped from outside.
    Stopped,
}

/// Bytes a state may take at the peak of a move: the layer grown by the
/// states taking the move (the room they are sorted in) and those states
/// (an entry each), and the turned half kept for the join (32 bytes), with
/// room to spare (two entries more).
pub(super) fn bytes_per_state<W>() -> u64 {
    5 * std::mem::size_of::<(W, u64)>() as u64 + 32
}

/// What a run keeps an eye on: the most states held, the memory limit, and stop requests.
pub(super) struct Watch<'a> {
    pub(super) peak: u64,
    /// The moves worked out so far.
    pub(super) done: usize,
    /// The most states the memory limit allows.
    pub(super) most: u64,
    /// Whether to give up as soon as the layers, growing on as they grew, would pass `most`.
    pub(super) extrapolate: bool,
    pub(super) ctl: &'a Control,
}

/// Moves over which the growth of the layers is measured.
const GROWTH_SPAN: usize = 8;

/// Layers below this size are not extrapolated (the growth of small layers says little).
const EXTRAPOLATED: usize = 1 << 20;

/// Whether layers of `sizes` (the last after the latest move), growing on
/// as they grew over the last [`GROWTH_SPAN`] moves for as many moves (at
/// most the `left` ones), would pass `most` states: the meet then gives the
/// board up a little early rather than at the limit. The growth slows near
/// the middle, so it is carried no further (7 × 7 open grows faster than
/// that early on, and ends at 11.4 million states).
fn outgrows(sizes: &[usize], left: usize, most: u64) -> bool {
    let Some(&now) = sizes.last() else {
        return false;
    };
    if sizes.len() <= GROWTH_SPAN || now < EXTRAPOLATED {
        return false;
    }
    let then = sizes[sizes.len() - 1 - GROWTH_SPAN].max(1);
    let growth = (now as f64 / then as f64).powf(1.0 / GROWTH_SPAN as f64);
    now as f64 * growth.max(1.0).powi(left.min(GROWTH_SPAN) as i32) > most as f64
}

/// The entries of the layer and the room after them for `more` entries,
/// reserved but not filled (and so not read before it is written): the
/// room grows to the size it needs only (a large block grows in place,
/// where a doubling would hold twice the layer for a while).
fn with_room<W: Word>(
    layer: &mut Layer<W>,
    more: usize,
) -> (&mut [Entry<W>], &mut [MaybeUninit<Entry<W>>]) {
    layer.reserve_exact(more);
    let (n, start) = (layer.len(), layer.as_mut_ptr());
    // SAFETY: the first `n` entries are initialised, the `more` after them
    // reserved, and the two ranges do not overlap.
    unsafe {
        (
            std::slice::from_raw_parts_mut(start, n),
            std::slice::from_raw_parts_mut(start.add(n).cast(), more),
        )
    }
}

/// Merges the sorted states `taken` into the sorted layer `layer` in place,
/// adding the counts of states in both; false on a carry. It works from the
/// back, into the layer and the room after it for the states taken: each
/// entry is written at or after the place it is read from, so none is
/// overwritten before it is read.
pub(super) fn merge_into<W: Word>(layer: &mut Layer<W>, taken: &[Entry<W>]) -> bool {
    let (n, t) = (layer.len(), taken.len());
    let (old, room) = with_room::<W>(layer, t);
    // The entry to write next, the last of those left to read; `None` on a carry.
    let next = |old: &[Entry<W>], i: &mut usize, j: &mut usize| {
        let y = taken[*j - 1];
        match (*i > 0).then(|| old[*i - 1]) {
            Some(x) if x.0 > y.0 => {
                *i -= 1;
                Some(x)
            }
            Some(mut x) if x.0 == y.0 => {
                *i -= 1;
                *j -= 1;
                x.1.tally(&y.1).then_some(x)
            }
            _ => {
                *j -= 1;
                Some(y)
            }
        }
    };
    let (mut i, mut j) = (n, t);
    // The room first, its `t` places from the back (a turn takes at most one
    // state of `taken`, so none runs out before), then the layer's places.
    for place in room.iter_mut().rev() {
        let Some(e) = next(old, &mut i, &mut j) else {
            return false;
        };
        place.write(e);
    }
    let mut w = n;
    while j > 0 {
        let Some(e) = next(old, &mut i, &mut j) else {
            return false;
        };
        w -= 1;
        old[w] = e;
    }
    // SAFETY: each place of the room is written.
    unsafe { layer.set_len(n + t) };
    // The states in both left a gap of as many entries after the first `i`.
    if w > i {
        layer.copy_within(w.., i);
        layer.truncate(layer.len() - (w - i));
    }
    true
}

/// Runs `moves` from `layer`, noting in `watch` the most states held.
///
/// Passing a move keeps the states' order (it clears only full squares
/// leaving for good, the same in every state that may pass it), so the
/// states passing it stay in the layer, in place, and only those taking it
/// are sorted, then merged in.
pub(super) fn advance<W: Word>(
    layer: Layer<W>,
    moves: &[Move<W>],
    ahead: usize,
    watch: &mut Watch,
) -> Result<Layer<W>, MeetHalt> {
    advance_kept(layer, moves, ahead, watch, |_, _| true)
}

/// [`advance`], keeping after move `i` only the states `k` for which `keep(i, k)`.
pub(super) fn advance_kept<W: Word>(
    mut layer: Layer<W>,
    moves: &[Move<W>],
    ahead: usize,
    watch: &mut Watch,
    keep: impl Fn(usize, W) -> bool,
) -> Result<Layer<W>, MeetHalt> {
    let mut taken: Layer<W> = Vec::new();
    let bar = watch.ctl.progress();
    let mut sizes = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        if watch.ctl.stopped() {
            return Err(MeetHalt::Stopped);
        }
        taken.clear();
        let mut kept = 0;
        for r in 0..layer.len() {
            let (k, c) = layer[r];
            let (p, t) = step(m, k.unpack());
            if let Some(p) = p.filter(|&p| keep(i, p)) {
                layer[kept] = (W::Held::pack(p), c);
                kept += 1;
            }
            if let Some(t) = t.filter(|&t| keep(i, t)) {
                taken.push((W::Held::pack(t), c));
            }
        }
        // The room the layer grows into for the states taken is the sorting copy meanwhile.
        layer.truncate(kept);
        let room = with_room::<W>(&mut layer, taken.len()).1;
        radix_sort_in(&mut taken, room, 4 * W::NIBBLES as u32);
        if !merge_equal(&mut taken) || !merge_into::<W>(&mut layer, &taken) {
            return Err(MeetHalt::Unsuited);
        }
        watch.peak = watch.peak.max(layer.len() as u64);
        sizes.push(layer.len());
        let left = moves.len() - 1 - i + ahead;
        if watch.peak > watch.most || (watch.extrapolate && outgrows(&sizes, left, watch.most)) {
            return Err(MeetHalt::Unsuited);
        }
        watch.done += 1;
        bar.advance(1);
        bar.note(&format!("{} states, peak {}", layer.len(), watch.peak));
    }
    Ok(layer)
}

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

/// What state `k` gives each square where the halves meet (`meeting`: the
/// high bit of their nibbles), two bits a slot: bit 1 if unused, bit 0 if
/// full, neither if a fragment end.
#[inline]
pub(super) fn degrees<W: Word>(k: W, meeting: W) -> u64 {
    ((k.zero_nibbles() & meeting) | (full_nibbles(k) & meeting) >> 1).packed()
}

/// The degrees another state must have to make up those of `k` to two moves
/// a square: unused and full swapped.
#[inline]
pub(super) fn complement<W: Word>(k: W, meeting: W) -> u64 {
    ((k.zero_nibbles() & meeting) >> 1 | (full_nibbles(k) & meeting)).packed()
}

/// The most fragment ends where the halves meet whose pairing the join holds four bits an end (in a `u64`).
const NARROW_ENDS: u32 = 16;

/// Each fragment end's other end in state `k`, the ends named by their
/// order among the slots where the halves meet (0 to `2m − 1`), four bits
/// an end when there are at most [`NARROW_ENDS`] of them, else five; and
/// how many ends there are.
#[inline]
fn ends_paired<W: Word>(k: W, plan: &MeetPlan<W>) -> (u128, u32) {
    let count = (plan.meeting_high & !(k.zero_nibbles() | full_nibbles(k))).ones();
    let order = |_, i| i;
    let (partner, _) = if count <= NARROW_ENDS {
        let (p, ends) = paired::<W, u64, 4>(k, plan.meeting, order);
        (u128::from(p), ends)
    } else {
        paired::<W, u128, 5>(k, plan.meeting, order)
    };
    (partner, count)
}

/// Each fragment end's other end in state `k`, both by their ranks (`rank`)
/// among the slots `meeting` (`BITS` bits a rank: four in the halves, whose
/// meeting has at most 16 slots), and the ranks of the ends.
pub(super) fn pairing<W: Word, const BITS: u32>(
    k: W,
    meeting: u32,
    rank: &[u8; 32],
) -> (u128, u32) {
    debug_assert!(meeting.count_ones() <= 1 << BITS);
    paired::<W, u128, BITS>(k, meeting, |s, _| u32::from(rank[s]))
}

/// Each fragment end's other end in state `k`, `BITS` bits an end in a
/// `P`, and the ends as a mask of their names: an end is named `name(s, i)`
/// from its slot `s` and its place `i` among the ends of the slots `meeting`.
#[inline]
fn paired<W: Word, P, const BITS: u32>(
    k: W,
    meeting: u32,
    name: impl Fn(usize, u32) -> u32,
) -> (P, u32)
where
    P: From<u32> + Shl<u32, Output = P> + BitOr<Output = P>,
{
    let (mut ends, mut partner, mut i) = (0u32, P::from(0), 0);
    let mut seen = [u32::MAX; 16];
    let mut slots = meeting;
    while slots != 0 {
        let s = slots.trailing_zeros() as usize;
        slots &= slots - 1;
        let l = k.nibble(s) as usize;
        if l >= FIRST_LABEL as usize {
            let r = name(s, i);
            i += 1;
            ends |= 1 << r;
            if seen[l] == u32::MAX {
                seen[l] = r;
            } else {
                let q = seen[l];
                partner = partner | P::from(r) << (BITS * q) | P::from(q) << (BITS * r);
            }
        }
    }
    (partner, ends)
}

/// Turned states tried side by side in the join: each try is a chain of
/// dependent steps, and independent chains overlap.
const LANES: usize = 4;

/// A turned state in the join: its pairing of the ends (as
/// [`ends_paired`] gives it, low and high 64 bits) and its count.
type Turned = [u64; 3];

/// The counts of the turned states `run` whose pairing (four bits an end)
/// makes one cycle with `partner` through all the `2m` ends.
fn narrow_sum(partner: u64, m: u32, run: &[(u64, Turned)]) -> u128 {
    closing_sum(partner, 0, m, run, |e| (e.1[0], e.1[2]))
}

/// The sum of the counts of the entries of `run` whose pairing makes one
/// cycle with `partner` through the `2m` ends, both four bits an end
/// (`entry` gives an entry's pairing and count; `first` is one of the ends).
///
/// From the end `first` the cycle alternates a step along `partner` and one
/// along the entry's pairing: it takes in every end exactly when it first
/// comes back after `m` double steps (after fewer it closes a cycle short of
/// them). Every try takes the `m` steps without a branch, [`LANES`] tries
/// side by side.
#[inline(always)]
pub(super) fn closing_sum<E>(
    partner: u64,
    first: u64,
    m: u32,
    run: &[E],
    entry: impl Fn(&E) -> (u64, u64) + Copy,
) -> u128 {
    // Four times each end's partner: the shift to that end's partner in a pairing.
    let mut shift = [0u8; 16];
    for (e, s) in shift.iter_mut().enumerate() {
        *s = 4 * (partner >> (4 * e) & 15) as u8;
    }
    let mut groups = run.chunks_exact(LANES);
    let mut sum = 0u128;
    for group in &mut groups {
        sum += closing::<LANES, E>(group, &shift, first, m, entry);
    }
    for one in groups.remainder().chunks(1) {
        sum += closing::<1, E>(one, &shift, first, m, entry);
    }
    sum
}

/// The counts of the `N` entries `group` whose pairing closes one cycle
/// (see [`closing_sum`]); `shift`: four times each end's partner.
#[inline(always)]
fn closing<const N: usize, E>(
    group: &[E],
    shift: &[u8; 16],
    first: u64,
    m: u32,
    entry: impl Fn(&E) -> (u64, u64),
) -> u128 {
    let step = |at: u64, j: usize| entry(&group[j]).0 >> shift[at as usize & 15] & 15;
    let (mut at, mut early) = ([first; N], [false; N]);
    for _ in 1..m {
        for j in 0..N {
            at[j] = step(at[j], j);
            early[j] |= at[j] == first;
        }
    }
    (0..N)
        .filter(|&j| step(at[j], j) == first && !early[j])
        .map(|j| u128::from(entry(&group[j]).1))
        .sum()
}

/// Whether two pairings of `ends` ends named 0 to `ends − 1` (five bits an
/// end) make one cycle through them all.
#[inline]
fn one_cycle(a: u128, b: u128, ends: u32) -> bool {
    let end = |p: u128, at: u32| (p >> (5 * at)) as u32 & 31;
    let (mut at, mut seen) = (0, 0);
    loop {
        at = end(b, end(a, at));
        seen += 2;
        if at == 0 {
            return seen == ends;
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The state with `codes` in slots 0, 1, ….
    fn state<W: Word>(codes: &[u64]) -> W {
        codes
            .iter()
            .enumerate()
            .fold(W::ZERO, |k, (s, &c)| k.with(s, c))
    }

    #[test]
    fn labels_are_renumbered_by_first_appearance() {
        assert_eq!(
            renumber(state::<u64>(&[0, 5, 1, 3, 5, FRESH, 3, FRESH]), 0, 0, 8),
            state::<u64>(&[0, 2, 1, 3, 2, 4, 3, 4])
        );
        // Joining fragments 3 and 5: the ends of 5 take 3's name first.
        assert_eq!(
            renumber(state::<u64>(&[5, 3, 1, 5, 0, 3]), 5, 3, 8),
            state::<u64>(&[2, 2, 1, 2, 0, 2])
        );
        // In a wide word, past the sixteenth slot.
        let mut codes = vec![0; 26];
        codes.extend([FRESH, 1, 11, 2, FRESH, 11]);
        let mut want = vec![0; 26];
        want.extend([2, 1, 3, 4, 2, 3]);
        assert_eq!(
            renumber(state::<u128>(&codes), 0, 0, 12),
            state::<u128>(&want)
        );
    }

    /// The half turn of a state of `plan` sends each slot's code to its image.
    fn turns_each_slot<W: Word>(plan: &MeetPlan<W>, what: &str) {
        let ring = plan.ring as usize;
        let codes: Vec<u64> = (0..W::NIBBLES).map(|s| 1 + (s as u64 * 7) % 15).collect();
        let k = state::<W>(&codes);
        let t = plan.turned(k);
        for s in 0..ring {
            let image = (plan.last as usize + ring - s) % ring;
            assert_eq!(t.nibble(image), k.nibble(s), "{what} slot {s}");
        }
        if ring < W::NIBBLES {
            assert_eq!(
                t.nibble(W::NIBBLES - 1),
                k.nibble(W::NIBBLES - 1),
                "{what} apex"
            );
        }
    }

    #[test]
    fn the_half_turn_sends_each_slot_to_its_image() {
        for (rows, cols, census) in [
            (6, 6, Census::Paths),
            (5, 7, Census::Paths),
            (6, 8, Census::Cycles),
        ] {
            let plan = MeetPlan::<u64>::new(Dims { rows, cols }, census).unwrap();
            turns_each_slot(&plan, &format!("{rows}×{cols}"));
        }
        for (rows, cols, census) in [
            (7, 7, Census::Paths),
            (8, 8, Census::Paths),
            (8, 8, Census::Cycles),
            (8, 10, Census::Cycles),
        ] {
            let dims = Dims { rows, cols };
            assert!(
                MeetPlan::<u64>::new(dims, census).is_none(),
                "{dims} fits 16 slots"
            );
            let plan = MeetPlan::<u128>::new(dims, census).unwrap();
            turns_each_slot(&plan, &format!("{rows}×{cols}"));
        }
    }

    #[test]
    fn states_taken_are_merged_into_the_layer_in_place() {
        use rand::Rng;
        let mut rng = crate::random::rng(5);
        for round in 0..200 {
            let mut sorted = |n: usize| {
                let mut v: Vec<(u64, u64)> = (0..n)
                    .map(|_| (rng.gen_range(0..60u64), rng.gen_range(1..9u64)))
                    .collect();
                v.sort_unstable();
                v.dedup_by_key(|e| e.0);
                v
            };
            let (mut layer, taken) = (sorted(round % 37), sorted(round % 23));
            let mut want = std::collections::BTreeMap::new();
            for &(k, c) in layer.iter().chain(&taken) {
                *want.entry(k).or_insert(0) += c;
            }
            assert!(merge_into::<u64>(&mut layer, &taken));
            assert_eq!(layer, want.into_iter().collect::<Vec<_>>());
        }
        let mut layer = vec![(3u64, u64::MAX)];
        assert!(!merge_into::<u64>(&mut layer, &[(3, 1)]));
    }

    /// The pairing of `pairs`, `bits` bits an end.
    fn paired_as(pairs: &[(u128, u128)], bits: u128) -> u128 {
        pairs
            .iter()
            .fold(0, |p, &(a, b)| p | b << (bits * a) | a << (bits * b))
    }

    #[test]
    fn two_pairings_make_one_cycle_or_several() {
        let pairing = |pairs: &[(u128, u128)]| paired_as(pairs, 5);
        let a = pairing(&[(0, 1), (2, 3)]);
        assert!(one_cycle(a, pairing(&[(1, 2), (3, 0)]), 4));
        assert!(one_cycle(a, pairing(&[(0, 2), (1, 3)]), 4));
        assert!(!one_cycle(a, a, 4));
        // Ends past the sixteenth.
        let a = pairing(&[(0, 20), (21, 1), (22, 23)]);
        assert!(!one_cycle(a, pairing(&[(0, 1), (20, 21), (22, 23)]), 6));
        assert!(one_cycle(a, pairing(&[(0, 22), (1, 23), (20, 21)]), 6));
    }

    #[test]
    fn the_narrow_join_counts_the_pairings_making_one_cycle() {
        use rand::seq::SliceRandom;
        let mut rng = crate::random::rng(7);
        for m in 1..=8u128 {
            let mut matching = || {
                let mut ends: Vec<u128> = (0..2 * m).collect();
                ends.shuffle(&mut rng);
                ends.chunks(2).map(|p| (p[0], p[1])).collect::<Vec<_>>()
            };
            for _ in 0..20 {
                let a = matching();
                let run: Vec<(u64, Turned)> = (0..11u64)
                    .map(|d| (0, [paired_as(&matching(), 4) as u64, 0, 1 << d]))
                    .collect();
                let want: u64 = run
                    .iter()
                    .map(|(_, [p, _, d])| {
                        let b: Vec<_> = (0..2 * m)
                            .filter_map(|e| {
                                let q = u128::from(*p) >> (4 * e) & 15;
                                (e < q).then_some((e, q))
                            })
                            .collect();
                        let closes = one_cycle(paired_as(&a, 5), paired_as(&b, 5), 2 * m as u32);
                        if closes {
                            *d
                        } else {
                            0
                        }
                    })
                    .sum();
                let partner = paired_as(&a, 4) as u64;
                assert_eq!(narrow_sum(partner, m as u32, &run), u128::from(want));
            }
        }
    }
}
