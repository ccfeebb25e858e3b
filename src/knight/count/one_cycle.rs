//! The sum over pairs of pairings of the same ends that make one cycle, one end contracted at a time, for the joins where both sides hold many pairings.
//!
//! A pairing of `2m` ends (four bits an end: each end's partner) meets
//! another in a set of cycles through the ends. Trying each pair costs the
//! product of the two sides; where both hold many pairings of the same ends
//! (the halves of a board met after five columns, where a class of moves a
//! square may hold thousands of states), the sum is taken instead by the
//! first end `e` and its partner `x` in the right pairing `b`: the edge
//! `e–x` of `b` joined to the left pairing `a` makes `a`'s path `a(e) – e –
//! x – a(x)` one pair `a(e)–a(x)` of a pairing `a'` of the other `2m − 2`
//! ends, and `a ∪ b` is one cycle exactly when `a' ∪ (b − e–x)` is (unless
//! `a(e) = x`, which closes a cycle of two before the others). The left
//! pairings that contract to the same `a'` are merged, so each step leaves
//! at most the pairings of two fewer ends, `2m − 1` times: the work goes
//! from the product of the two sides towards their sizes times `m²`.

use super::meet::closing_sum;
use rayon::prelude::*;

/// Below this many tries of a right pairing for each left one, trying them
/// costs less than contracting an end (a contraction takes each left
/// pairing `2m − 2` times and sorts them).
const TRY_BELOW: usize = 64;

/// From this many pairs of a left and a right pairing on, the partners of
/// the first end are taken side by side.
const SIDE_BY_SIDE: u64 = 1 << 18;

/// The sum, over the left pairings `left` and the right ones `right` of the
/// ends `ends` (a mask of at most 16 ends) that make one cycle through all
/// of them, of the products of their counts; `None` when it would carry
/// past 128 bits. `left` may hold a pairing more than once.
pub(super) fn one_cycle_sum(
    ends: u32,
    mut left: Vec<(u64, u128)>,
    right: &[(u64, u64)],
) -> Option<u128> {
    merged(&mut left);
    sum(ends, &left, right)
}

/// The sum of [`one_cycle_sum`] on merged left pairings.
fn sum(ends: u32, left: &[(u64, u128)], right: &[(u64, u64)]) -> Option<u128> {
    if left.is_empty() || right.is_empty() || ends == 0 {
        return Some(0);
    }
    let m = ends.count_ones() / 2;
    let first = ends.trailing_zeros();
    if m == 1 {
        let l = left.iter().try_fold(0u128, |s, e| s.checked_add(e.1))?;
        let r: u128 = right.iter().map(|e| u128::from(e.1)).sum();
        return l.checked_mul(r);
    }
    if right.len() < TRY_BELOW || left.len() < TRY_BELOW {
        return left.iter().try_fold(0u128, |s, &(a, c)| {
            let closed = closing_sum(a, u64::from(first), m, right, |e| *e);
            c.checked_mul(closed).and_then(|t| s.checked_add(t))
        });
    }
    let partner = |p: u64, at: u32| (p >> (4 * at)) as u32 & 15;
    let cleared = |p: u64, x: u32| p & !(15 << (4 * first) | 15 << (4 * x));
    // The right pairings that pair the first end with `x`, without that pair,
    // and the left ones with their path through it contracted to a pair.
    let with = |x: u32| -> Option<u128> {
        let right: Vec<(u64, u64)> = right
            .iter()
            .filter(|e| partner(e.0, first) == x)
            .map(|&(b, c)| (cleared(b, x), c))
            .collect();
        if right.is_empty() {
            return Some(0);
        }
        let mut contracted: Vec<(u64, u128)> = left
            .iter()
            .filter(|e| partner(e.0, first) != x)
            .map(|&(a, c)| {
                let (u, v) = (partner(a, first), partner(a, x));
                let a = cleared(a, x) & !(15 << (4 * u) | 15 << (4 * v));
                (a | u64::from(v) << (4 * u) | u64::from(u) << (4 * v), c)
            })
            .collect();
        merged(&mut contracted);
        sum(ends & !(1 << first | 1 << x), &contracted, &right)
    };
    let others: Vec<u32> = (0..16)
        .filter(|&x| x != first && ends >> x & 1 == 1)
        .collect();
    if (left.len() as u64).saturating_mul(right.len() as u64) >= SIDE_BY_SIDE {
        others
            .par_iter()
            .map(|&x| with(x))
            .try_reduce(|| 0, |a, b| a.checked_add(b))
    } else {
        others
            .iter()
            .try_fold(0u128, |total, &x| total.checked_add(with(x)?))
    }
}

/// Sorts pairings and adds up the counts of equal ones.
fn merged(entries: &mut Vec<(u64, u128)>) {
    entries.sort_unstable_by_key(|e| e.0);
    entries.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1 += later.1;
        }
        same
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pairing of the ends `ends`, four bits an end.
    fn pairings(ends: u32) -> Vec<u64> {
        if ends == 0 {
            return vec![0];
        }
        let first = ends.trailing_zeros();
        let mut out = Vec::new();
        let mut rest = ends & !(1 << first);
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            for p in pairings(ends & !(1 << first | 1 << x)) {
                out.push(p | u64::from(x) << (4 * first) | u64::from(first) << (4 * x));
            }
        }
        out
    }

    /// Whether two pairings make one cycle through all the ends, by walking it.
    fn one_cycle(a: u64, b: u64, ends: u32) -> bool {
        let partner = |p: u64, at: u32| (p >> (4 * at)) as u32 & 15;
        let first = ends.trailing_zeros();
        let (mut at, mut seen) = (first, 0);
        loop {
            at = partner(b, partner(a, at));
            seen += 2;
            if at == first {
                return seen == ends.count_ones();
            }
        }
    }

    /// Contracting ends gives the sum of trying every pair, on ends spread
    /// over the 16 ranks, with counts that differ from pairing to pairing,
    /// both sides large enough to be contracted down to the tries.
    #[test]
    fn contracting_ends_agrees_with_trying_every_pair() {
        for ends in [
            0b11u32,
            0b1111,
            0b1011_0110_1101,
            0b1111_1111,
            0b10_1111_0101_0111,
        ] {
            let all = pairings(ends);
            let left: Vec<(u64, u128)> = all
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 3 != 1)
                .map(|(i, &p)| (p, (i % 7 + 1) as u128))
                .chain(all.iter().take(40).map(|&p| (p, 2)))
                .collect();
            let right: Vec<(u64, u64)> = all
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 5 != 2)
                .map(|(i, &p)| (p, (i % 11 + 1) as u64))
                .collect();
            let tried: u128 = left
                .iter()
                .flat_map(|&(a, c)| {
                    right
                        .iter()
                        .filter(move |&&(b, _)| one_cycle(a, b, ends))
                        .map(move |&(_, d)| c * u128::from(d))
                })
                .sum();
            assert_eq!(
                one_cycle_sum(ends, left, &right),
                Some(tried),
                "ends {ends:b}"
            );
        }
    }
}
