//! One move taken or passed by one state: its successors, their labels renumbered by first appearance.

use super::plan::Move;
use super::word::Word;
use super::{FIRST_LABEL, FREE, FRESH, FULL};

/// The number of moves still needed by a square in state `code`.
#[inline]
pub(super) fn need(code: u64) -> u8 {
    match code {
        FREE => 2,
        FULL => 0,
        _ => 1,
    }
}

/// The high bits of the nibbles of the full squares of `k`.
#[inline]
pub(super) fn full_nibbles<W: Word>(k: W) -> W {
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
pub(in crate::knight::count) fn renumber<W: Word>(k: W, from: u64, to: u64, count: u64) -> W {
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
pub(super) fn step<W: Word>(m: &Move<W>, k: W) -> (Option<W>, Option<W>) {
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

#[cfg(test)]
mod tests {
    use super::super::state;
    use super::*;
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
}
