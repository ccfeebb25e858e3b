//! The fewest presses (the Lights Out chapter's "solution la plus rapide"): the lightest member of the solution coset.
//!
//! Every solution is one solution plus a sum of quiet patterns, so the
//! minimum is found exactly by visiting all 2^nullity sums in Gray-code order
//! (one XOR and one popcount per step) while that stays affordable. Beyond,
//! a descent that adds any basis pattern, or pair of them, that lowers the
//! count gives a good answer that is reported as not proven minimal. (Finding
//! the lightest coset member is NP-hard in general: Berlekamp, McEliece & van
//! Tilborg, IEEE Trans. Inf. Theory 24(3), 1978.)

use super::Analysis;
use crate::control::Control;
use crate::grid::BitGrid;

/// Largest `2^nullity × words per board` searched exhaustively (about a second of XORs).
const EXACT_WORK: u128 = 1 << 32;

/// A solution with as few presses as found, and whether that is proven minimal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fewest {
    /// The presses.
    pub presses: BitGrid,
    /// True when every solution was compared: no solution has fewer presses.
    pub proven: bool,
}

/// The lightest solution of a solvable analysis (`None` when unsolvable).
///
/// Stops early (unproven) when `ctl` is stopped.
pub fn fewest_presses(analysis: &Analysis, ctl: &Control) -> Option<Fewest> {
    let start = analysis.presses.clone()?;
    let k = analysis.nullity();
    let quiet: Vec<BitGrid> = (0..k).map(|i| analysis.quiet_pattern(i)).collect();
    let words = start.dims().cells().div_ceil(64) as u128 + 1;
    if k < 64 && (1u128 << k) * words <= EXACT_WORK {
        Some(exhaustive(start, &quiet, ctl))
    } else {
        Some(Fewest {
            presses: descent(start, &quiet, ctl),
            proven: false,
        })
    }
}

/// Visits every `start + Σ quiet` in Gray-code order, keeping the lightest.
fn exhaustive(start: BitGrid, quiet: &[BitGrid], ctl: &Control) -> Fewest {
    let mut current = start;
    let mut best = current.clone();
    let mut best_count = best.count_ones();
    let total: u64 = 1 << quiet.len();
    for step in 1..total {
        if step % (1 << 16) == 0 {
            ctl.progress().advance(1 << 16);
            if ctl.stopped() {
                return Fewest {
                    presses: best,
                    proven: false,
                };
            }
        }
        let flip = &quiet[step.trailing_zeros() as usize];
        current.bits_mut().symmetric_difference_with(flip.bits());
        let count = current.count_ones();
        if count < best_count {
            best_count = count;
            best.clone_from(&current);
        }
    }
    Fewest {
        presses: best,
        proven: true,
    }
}

/// Adds single basis patterns, then pairs, while that lowers the press count.
fn descent(start: BitGrid, quiet: &[BitGrid], ctl: &Control) -> BitGrid {
    let mut best = start;
    let mut count = best.count_ones();
    let mut improved = true;
    while improved && !ctl.stopped() {
        improved = false;
        for i in 0..quiet.len() {
            for j in i..quiet.len() {
                let mut trial = best.clone();
                trial.bits_mut().symmetric_difference_with(quiet[i].bits());
                if j != i {
                    trial.bits_mut().symmetric_difference_with(quiet[j].bits());
                }
                let c = trial.count_ones();
                if c < count {
                    (best, count, improved) = (trial, c, true);
                }
            }
        }
    }
    best
}
