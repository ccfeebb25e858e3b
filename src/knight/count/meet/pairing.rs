//! Where the halves meet: what a state gives each square, the pairing of its fragment ends, and the tries of pairings that close one cycle.

use super::plan::MeetPlan;
use super::step::full_nibbles;
use super::word::Word;
use super::FIRST_LABEL;
use std::ops::{BitOr, Shl};

/// What state `k` gives each square where the halves meet (`meeting`: the
/// high bit of their nibbles), two bits a slot: bit 1 if unused, bit 0 if
/// full, neither if a fragment end.
#[inline]
pub(in crate::knight::count) fn degrees<W: Word>(k: W, meeting: W) -> u64 {
    ((k.zero_nibbles() & meeting) | (full_nibbles(k) & meeting) >> 1).packed()
}

/// The degrees another state must have to make up those of `k` to two moves
/// a square: unused and full swapped.
#[inline]
pub(in crate::knight::count) fn complement<W: Word>(k: W, meeting: W) -> u64 {
    ((k.zero_nibbles() & meeting) >> 1 | (full_nibbles(k) & meeting)).packed()
}

/// The most fragment ends where the halves meet whose pairing the join holds four bits an end (in a `u64`).
pub(super) const NARROW_ENDS: u32 = 16;

/// Each fragment end's other end in state `k`, the ends named by their
/// order among the slots where the halves meet (0 to `2m − 1`), four bits
/// an end when there are at most [`NARROW_ENDS`] of them, else five; and
/// how many ends there are.
#[inline]
pub(super) fn ends_paired<W: Word>(k: W, plan: &MeetPlan<W>) -> (u128, u32) {
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
pub(in crate::knight::count) fn pairing<W: Word, const BITS: u32>(
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
pub(super) type Turned = [u64; 3];

/// The counts of the turned states `run` whose pairing (four bits an end)
/// makes one cycle with `partner` through all the `2m` ends.
pub(super) fn narrow_sum(partner: u64, m: u32, run: &[(u64, Turned)]) -> u128 {
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
pub(in crate::knight::count) fn closing_sum<E>(
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
pub(super) fn one_cycle(a: u128, b: u128, ends: u32) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

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
