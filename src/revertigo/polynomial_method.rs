//! The page's polynomial method, corrected: the first row as unknowns, the
//! coefficient triangle, and the borders handled by reflection.
//!
//! Rows are numbered from 1 as in the page, columns `1..=C`, with zero
//! columns `0` and `C+1` around the board. The parity rule gives the
//! recurrence (the Revertigo page, mod 2)
//!
//! `a(l,c) = a(l−2,c) + a(l−1,c−1) + a(l−1,c) + a(l−1,c+1) + 1`,
//!
//! and the map is right when the fictive row `L+1` it produces is all 0.
//!
//! Two things in the page's transcription are wrong and corrected here:
//!
//! * **The constant.** The seed writes the constant of row `l` as `l − 1`;
//!   on an unbounded row it is the sum of the triangle's row sums, which is 1
//!   exactly when `l ≡ 2 (mod 3)` (row sums go 1, 1, 0, 1, 1, 0, …). Near
//!   the borders it changes again, because the `+1` is not applied to the
//!   zero columns.
//! * **The borders.** The triangle `ξ` (`ξ(l+1,k) = ξ(l,k−1) + ξ(l,k) +
//!   ξ(l,k+1) + ξ(l−1,k)`, the Revertigo page) describes an unbounded row. A row with
//!   zero columns `0` and `C+1` behaves like the unbounded row extended by
//!   reflection — `ext(−x) = ext(x)`, period `P = 2(C+1)`, 0 on the mirror
//!   columns — because the stencil is symmetric and mod 2 the reflected
//!   value at a mirror is `2·a = 0`. So the coefficient of `a(1,j)` in
//!   `a(l,c)` is the sum of `ξ(l,k)` over every `k ≡ ±j − c (mod P)`: the
//!   triangle *folded* at the borders. The `+1` of each row is a source that
//!   is 1 on every real column and 0 on the mirrors, and it starts a fresh
//!   triangle at each row, so its effect on row `L+1` is the folded sum
//!   `ξ(1) + … + ξ(L)` applied to that source.
//!
//! The board is turned so that `C ≤ L` (the page's advice); the triangle
//! costs O(L²), the system C equations in C unknowns, one Gauss pivot O(C³).

use crate::error::{Error, Result};
use crate::grid::{BitGrid, Dims, Pos};
use crate::lightsout::Analysis;
use crate::linalg::gf2::BitMatrix;
use fixedbitset::FixedBitSet;

/// The activation map and quiet patterns of the all-white `dims` board.
pub fn analyse(dims: Dims) -> Result<Analysis> {
    if dims.cols > dims.rows {
        let a = analyse(dims.transposed())?;
        return Ok(a.transposed());
    }
    let (l, c) = (dims.rows, dims.cols);
    if l > super::MAX_POLY_SIDE {
        return Err(Error::TooLarge {
            bound: crate::error::Bound::PolySide,
            got: l.into(),
            limit: super::MAX_POLY_SIDE.into(),
            note: String::new(),
        });
    }
    let (xi, sum) = triangle(l);
    let period = 2 * (c + 1);
    let fold = |row: &[bool]| {
        let mut f = vec![false; period];
        for (i, &bit) in row.iter().enumerate() {
            if bit {
                // Index i stands for k = i − L.
                let k = i as i64 - l as i64;
                f[k.rem_euclid(period as i64) as usize] ^= true;
            }
        }
        f
    };
    let (fx, fs) = (fold(&xi), fold(&sum));
    let modp = |x: i64| x.rem_euclid(period as i64) as usize;
    // The source: 1 on real columns, 0 on the mirror columns 0 and C+1.
    let source = |x: usize| x % (c + 1) != 0;
    let mut a = BitMatrix::zeros(c, c);
    let mut b = FixedBitSet::with_capacity(c);
    for col in 1..=c {
        for j in 1..=c {
            let (cc, jj) = (col as i64, j as i64);
            if fx[modp(jj - cc)] ^ fx[modp(-jj - cc)] {
                a.set(col - 1, j - 1, true);
            }
        }
        let constant = (0..period).filter(|&q| fs[q] && source((col + q) % period));
        b.set(col - 1, constant.count() % 2 == 1);
    }
    let (first_row, kernel) = match a.solve(&b) {
        Ok(s) => (s.particular, s.kernel),
        Err(_) => {
            return Err(Error::Check(format!(
                "the polynomial method found no map for the {dims} board"
            )))
        }
    };
    Ok(Analysis::from_solution(
        complete(dims, &first_row, true),
        kernel.iter().map(|u| complete(dims, u, false)).collect(),
    ))
}

/// Rows `L+1` of the triangle `ξ` and the sum of its rows `1..=L`, indexed
/// `k + L` for `k` in `−L..=L`.
pub(super) fn triangle(l: usize) -> (Vec<bool>, Vec<bool>) {
    let w = 2 * l + 1;
    let mut before = vec![false; w];
    let mut row = vec![false; w];
    row[l] = true;
    let mut sum = vec![false; w];
    for r in 1..=l {
        for (s, &x) in sum.iter_mut().zip(&row) {
            *s ^= x;
        }
        // Row r has its ones within |k| ≤ r − 1; the next within |k| ≤ r.
        let lo = l.saturating_sub(r);
        let hi = (l + r).min(w - 1);
        let mut next = vec![false; w];
        for i in lo..=hi {
            let left = i > 0 && row[i - 1];
            let right = i + 1 < w && row[i + 1];
            next[i] = left ^ row[i] ^ right ^ before[i];
        }
        before = std::mem::replace(&mut row, next);
    }
    (row, sum)
}

/// The page's `completerPlateau`: every row from the first by the parity
/// rule (with the `+1` when `affine`, without it for a quiet pattern).
pub(super) fn complete(dims: Dims, first_row: &FixedBitSet, affine: bool) -> BitGrid {
    let mut map = BitGrid::new(dims);
    for c in first_row.ones() {
        map.set(Pos::new(0, c), true);
    }
    for r in 1..dims.rows {
        for c in 0..dims.cols {
            let mut v = affine ^ map.get(Pos::new(r - 1, c));
            if c > 0 {
                v ^= map.get(Pos::new(r - 1, c - 1));
            }
            if c + 1 < dims.cols {
                v ^= map.get(Pos::new(r - 1, c + 1));
            }
            if r >= 2 {
                v ^= map.get(Pos::new(r - 2, c));
            }
            map.set(Pos::new(r, c), v);
        }
    }
    map
}
