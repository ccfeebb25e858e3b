//! The all-different filter of one unit: Régin's matching-based domain consistency.
//!
//! A unit (row, column or box) must hold its missing digits once each in its
//! open cells, as many digits as cells. Régin ("A filtering algorithm for
//! constraints of difference in CSPs", AAAI 1994) keeps exactly the
//! candidates that belong to some perfect matching between cells and digits:
//! find one matching M; let cell x point to cell y when x could take the digit
//! M gave y; a candidate d of x outside M survives only when x and the cell
//! holding d in M lie on a common cycle, that is in the same strongly
//! connected component. (With as many digits as cells every digit is matched,
//! so Régin's second case, paths to a free value, never arises.)
//!
//! This subsumes every naked and hidden subset (pairs, triples, …) of the
//! unit at once. Sets are bitmasks: digits as `u64` masks, cells of the unit
//! as `u64` masks of positions, so a 36-cell unit costs a few thousand
//! word operations.

/// No cell or no digit.
const NONE: u8 = u8::MAX;

/// Narrows `doms` (the candidate masks of a unit's open cells) to the
/// candidates that lie in some perfect matching of cells to digits.
///
/// `hint[i]` is a digit index to try first for cell i (a previous matching;
/// any value is accepted) and holds this call's matching on return. Returns
/// `false` when no perfect matching exists (some digits cannot all be
/// placed), leaving `doms` unchanged. At most 64 cells.
pub(super) fn filter(doms: &mut [u64], hint: &mut [u8]) -> bool {
    let k = doms.len();
    debug_assert!(k <= 64 && hint.len() >= k);
    // digit_cell[d]: the cell matched to digit d; cell_digit[i]: the digit of cell i.
    let mut digit_cell = [NONE; 64];
    let cell_digit = &mut hint[..k];
    for (i, d) in cell_digit.iter_mut().enumerate() {
        let ok = (*d as usize) < 64 && doms[i] >> *d & 1 == 1 && digit_cell[*d as usize] == NONE;
        if ok {
            digit_cell[*d as usize] = i as u8;
        } else {
            *d = NONE;
        }
    }
    for start in 0..k {
        if cell_digit[start] == NONE && !augment(doms, cell_digit, &mut digit_cell, start) {
            return false;
        }
    }
    // next[i]: the cells whose matched digit cell i could take instead of its own.
    let mut reach = [0u64; 64];
    for i in 0..k {
        let mut others = doms[i] & !(1u64 << cell_digit[i]);
        let mut to = 0u64;
        while others != 0 {
            let d = others.trailing_zeros();
            others &= others - 1;
            to |= 1u64 << digit_cell[d as usize];
        }
        reach[i] = to;
    }
    // Transitive closure (Warshall on bit rows): reach[i] ∋ j when a path leads from i to j.
    for m in 0..k {
        let bit = 1u64 << m;
        let via = reach[m];
        for r in reach.iter_mut().take(k) {
            if *r & bit != 0 {
                *r |= via;
            }
        }
    }
    // Each component keeps the digits matched inside it.
    let mut done = 0u64;
    for i in 0..k {
        if done >> i & 1 == 1 {
            continue;
        }
        let mut members = 1u64 << i;
        let mut allowed = 1u64 << cell_digit[i];
        let mut out = reach[i];
        while out != 0 {
            let j = out.trailing_zeros() as usize;
            out &= out - 1;
            if reach[j] >> i & 1 == 1 {
                members |= 1u64 << j;
                allowed |= 1u64 << cell_digit[j];
            }
        }
        done |= members;
        let mut m = members;
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            doms[j] &= allowed;
        }
    }
    true
}

/// Extends the matching to cell `start` along an augmenting path found
/// breadth first (no recursion); false when there is none.
fn augment(doms: &[u64], cell_digit: &mut [u8], digit_cell: &mut [u8; 64], start: usize) -> bool {
    // from[d]: the cell from which digit d was reached.
    let mut from = [NONE; 64];
    let mut seen = 0u64;
    let mut queue = [0u8; 64];
    let (mut head, mut tail) = (0usize, 1usize);
    queue[0] = start as u8;
    while head < tail {
        let cell = queue[head] as usize;
        head += 1;
        let mut fresh = doms[cell] & !seen;
        seen |= fresh;
        while fresh != 0 {
            let d = fresh.trailing_zeros() as usize;
            fresh &= fresh - 1;
            from[d] = cell as u8;
            if digit_cell[d] == NONE {
                // Flip the path back to `start`.
                let mut d = d;
                loop {
                    let c = from[d] as usize;
                    let old = cell_digit[c];
                    cell_digit[c] = d as u8;
                    digit_cell[d] = c as u8;
                    if c == start {
                        return true;
                    }
                    d = old as usize;
                }
            }
            queue[tail] = digit_cell[d];
            tail += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::filter;
    use proptest::prelude::*;

    /// The candidates that appear in some perfect matching, by trying every permutation.
    fn brute(doms: &[u64]) -> Option<Vec<u64>> {
        let k = doms.len();
        let mut keep = vec![0u64; k];
        let mut any = false;
        let mut perm: Vec<usize> = (0..k).collect();
        loop {
            if perm.iter().enumerate().all(|(i, &d)| doms[i] >> d & 1 == 1) {
                any = true;
                for (i, &d) in perm.iter().enumerate() {
                    keep[i] |= 1u64 << d;
                }
            }
            // The next permutation in lexicographic order.
            let Some(i) = (1..k).rev().find(|&i| perm[i - 1] < perm[i]) else {
                break;
            };
            let j = (i..k).rev().find(|&j| perm[j] > perm[i - 1]).unwrap_or(i);
            perm.swap(i - 1, j);
            perm[i..].reverse();
        }
        any.then_some(keep)
    }

    proptest! {
        #[test]
        fn filter_keeps_exactly_the_matchable_candidates(
            k in 1usize..=7,
            raw in proptest::collection::vec(any::<u64>(), 7),
            hint in proptest::collection::vec(0u8..10, 7),
        ) {
            let full = (1u64 << k) - 1;
            // Dense enough domains that matchings often exist.
            let doms: Vec<u64> = raw[..k].iter().map(|r| (r | r >> 17) & full).collect();
            let mut got = doms.clone();
            let mut h = hint[..k].to_vec();
            let ok = filter(&mut got, &mut h);
            match brute(&doms) {
                None => prop_assert!(!ok),
                Some(keep) => {
                    prop_assert!(ok);
                    prop_assert_eq!(&got, &keep);
                    for (i, &d) in h.iter().enumerate() {
                        prop_assert!(got[i] >> d & 1 == 1);
                    }
                }
            }
        }
    }

    #[test]
    fn a_naked_pair_is_removed_from_the_other_cells() {
        // Cells 0 and 1 hold {0,1}; cell 2 loses 0 and 1.
        let mut doms = vec![0b011, 0b011, 0b111];
        assert!(filter(&mut doms, &mut [9, 9, 9]));
        assert_eq!(doms, vec![0b011, 0b011, 0b100]);
    }

    #[test]
    fn three_cells_for_two_digits_fail() {
        let mut doms = vec![0b011, 0b011, 0b011];
        assert!(!filter(&mut doms, &mut [0, 0, 0]));
    }
}
