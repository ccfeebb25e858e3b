//! Light chasing (the Lights Out chapter, "récolte"): the first row's presses are the unknowns.
//!
//! Once row `r` is decided, the only press that can still change light
//! `(r, c)` is the one at `(r+1, c)`, so every later row is an affine function
//! of the first row `u`. The lights of the last row give `n` equations in the
//! `n` unknowns, solved by elimination; the full `m·n` system has the same
//! nullity. Cost `O(m·n²/64 + n³/64)`.

use super::rows::{self, Row};
use super::{Analysis, Oriented};
use crate::grid::{BitGrid, Dims, Pos};
use crate::linalg::gf2::BitMatrix;
use fixedbitset::FixedBitSet;

/// Analyses `lights`, already turned so that columns ≤ rows.
pub fn analyse(lights: &BitGrid, oriented: Oriented) -> Analysis {
    let (a, b) = last_row_system(lights);
    let (first_row, kernel) = match a.solve(&b) {
        Ok(s) => (Some(s.particular), s.kernel),
        Err(e) => (None, e.kernel),
    };
    let kernel: Vec<Row> = kernel.iter().map(rows::from_bitset).collect();
    Analysis::from_chase(
        lights,
        oriented,
        first_row.map(|u| rows::from_bitset(&u)),
        kernel,
    )
}

/// The `n` × `n` system `A·u = b` on the first row `u` that leaves the last row dark.
///
/// Each press of the chase is kept as an affine form in `u`: `n` coefficient
/// bits and, at index `n`, the constant. Only three rows of forms are alive
/// at once, so memory is `3·n·(n+1)` bits whatever the number of rows.
pub(super) fn last_row_system(lights: &BitGrid) -> (BitMatrix, FixedBitSet) {
    let Dims { rows: m, cols: n } = lights.dims();
    let form = || FixedBitSet::with_capacity(n + 1);
    let mut above: Vec<FixedBitSet> = vec![form(); n];
    let mut here: Vec<FixedBitSet> = (0..n)
        .map(|c| {
            let mut f = form();
            f.insert(c);
            f
        })
        .collect();
    let mut below: Vec<FixedBitSet> = vec![form(); n];
    for r in 0..m {
        // Press (r+1, c) must switch off light (r, c): it equals that light's
        // state after the presses of rows r-1, r (itself and its two sides).
        for c in 0..n {
            let f = &mut below[c];
            f.clone_from(&above[c]);
            f.symmetric_difference_with(&here[c]);
            if c > 0 {
                f.symmetric_difference_with(&here[c - 1]);
            }
            if c + 1 < n {
                f.symmetric_difference_with(&here[c + 1]);
            }
            if lights.get(Pos::new(r, c)) {
                f.toggle(n);
            }
        }
        std::mem::swap(&mut above, &mut here);
        std::mem::swap(&mut here, &mut below);
    }
    // `here` now holds the presses a row m would need: all must be 0.
    let mut a = BitMatrix::zeros(n, n);
    let mut b = FixedBitSet::with_capacity(n);
    for (c, f) in here.iter().enumerate() {
        for j in f.ones().take_while(|&j| j < n) {
            a.set(c, j, true);
        }
        b.set(c, f.contains(n));
    }
    (a, b)
}
