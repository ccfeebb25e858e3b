//! The layers of the meet: states after some moves, sorted, each once; a move advances a whole layer, the states taking it sorted and merged in place.

use super::super::key::Stored;
use super::super::layers::{merge_equal, radix_sort_in, Summable};
use super::plan::Move;
use super::step::step;
use super::word::Word;
use crate::control::Control;
use std::mem::MaybeUninit;

/// The states after some moves with their counts, in increasing order of
/// state, each once, each as a layer holds it ([`Word::Held`]).
pub(in crate::knight::count) type Layer<W> = Vec<Entry<W>>;

/// A state of a layer with its count.
pub(in crate::knight::count) type Entry<W> = (<W as Word>::Held, u64);

/// Why a half could not be worked out.
pub(in crate::knight::count) enum MeetHalt {
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
pub(in crate::knight::count) struct Watch<'a> {
    pub(in crate::knight::count) peak: u64,
    /// The moves worked out so far.
    pub(in crate::knight::count) done: usize,
    /// The most states the memory limit allows.
    pub(in crate::knight::count) most: u64,
    /// Whether to give up as soon as the layers, growing on as they grew, would pass `most`.
    pub(in crate::knight::count) extrapolate: bool,
    pub(in crate::knight::count) ctl: &'a Control,
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
pub(in crate::knight::count) fn merge_into<W: Word>(
    layer: &mut Layer<W>,
    taken: &[Entry<W>],
) -> bool {
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
pub(in crate::knight::count) fn advance<W: Word>(
    layer: Layer<W>,
    moves: &[Move<W>],
    ahead: usize,
    watch: &mut Watch,
) -> Result<Layer<W>, MeetHalt> {
    advance_kept(layer, moves, ahead, watch, |_, _| true)
}

/// [`advance`], keeping after move `i` only the states `k` for which `keep(i, k)`.
fn advance_kept<W: Word>(
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
