//! Light chasing on the torus: presses wrap around the edges, so two rows are unknown.
//!
//! On a torus light `(0, c)` also feels row `m-1`, so the chase starts from
//! two unknown rows, row 0 (`u`) and row `m-1` (`v`). Chasing rows 1 … m-1
//! from the lights of rows 0 … m-2 gives a computed row `m-1` that must
//! equal `v` (`n` equations), and the lights of row `m-1` must go out
//! (`n` more): `2n` equations in `2n` unknowns, every press an affine form
//! of `2n + 1` bits, as in the Lights Out chapter's chase. Rows wrap too, so a press
//! toggles columns `c-1, c, c+1 (mod n)`. Needs at least 3 rows and 3
//! columns; narrower tori go to the full elimination.

use super::{gf2, Analysis, Kernel, Oriented};
use crate::grid::{BitGrid, Dims, Pos};
use crate::linalg::gf2::BitMatrix;
use fixedbitset::FixedBitSet;

/// Analyses `lights` on the torus, already turned so that columns ≤ rows (both ≥ 3).
pub fn analyse(lights: &BitGrid, oriented: Oriented) -> Analysis {
    let (a, b) = system(lights);
    let n = lights.dims().cols;
    let split = |x: &FixedBitSet| -> (FixedBitSet, FixedBitSet) {
        let mut u = FixedBitSet::with_capacity(n);
        let mut v = FixedBitSet::with_capacity(n);
        x.ones()
            .for_each(|i| if i < n { u.insert(i) } else { v.insert(i - n) });
        (u, v)
    };
    let (first, kernel) = match a.solve(&b) {
        Ok(s) => (Some(s.particular), s.kernel),
        Err(e) => (None, e.kernel),
    };
    let dark = BitGrid::new(lights.dims());
    let quiet: Vec<BitGrid> = kernel
        .iter()
        .map(|x| {
            let (u, v) = split(x);
            chase(&dark, &u, &v)
        })
        .collect();
    let presses = first.map(|x| {
        let (u, v) = split(&x);
        chase(lights, &u, &v)
    });
    let witness = match presses {
        Some(_) => None,
        None => quiet
            .iter()
            .find(|q| gf2::dot(q.bits(), lights.bits()))
            .cloned(),
    };
    let turn = |g: BitGrid| {
        if oriented.transposed {
            g.transposed()
        } else {
            g
        }
    };
    Analysis {
        presses: presses.map(turn),
        witness: witness.map(turn),
        kernel: Kernel::Boards(quiet.into_iter().map(turn).collect()),
    }
}

/// The columns a press in column `c` toggles in its own row: `c-1, c, c+1 (mod n)`, each once.
fn row_reach(c: usize, n: usize) -> impl Iterator<Item = usize> {
    let left = (c + n - 1) % n;
    let right = (c + 1) % n;
    [
        Some(c),
        (left != c).then_some(left),
        (right != c && right != left).then_some(right),
    ]
    .into_iter()
    .flatten()
}

/// The `2n` × `2n` system in `(u, v)`: unknown `i < n` is press `(0, i)`, unknown `n + i` is press `(m-1, i)`.
fn system(lights: &BitGrid) -> (BitMatrix, FixedBitSet) {
    let Dims { rows: m, cols: n } = lights.dims();
    let k = 2 * n;
    let unit = |i: usize| {
        let mut f = FixedBitSet::with_capacity(k + 1);
        f.insert(i);
        f
    };
    let last: Vec<FixedBitSet> = (0..n).map(|c| unit(n + c)).collect();
    let first: Vec<FixedBitSet> = (0..n).map(unit).collect();
    let (mut above, mut here) = (last.clone(), first.clone());
    // Light (r, c) for r = 0 … m-2 decides press (r+1, c).
    for r in 0..m - 1 {
        let below: Vec<FixedBitSet> = (0..n)
            .map(|c| {
                let mut f = above[c].clone();
                row_reach(c, n).for_each(|j| f.symmetric_difference_with(&here[j]));
                if lights.get(Pos::new(r, c)) {
                    f.toggle(k);
                }
                f
            })
            .collect();
        above = std::mem::replace(&mut here, below);
    }
    // Now `here` is the chased row m-1 and `above` row m-2.
    let mut a = BitMatrix::zeros(k, k);
    let mut b = FixedBitSet::with_capacity(k);
    let mut put = |eq: usize, f: &FixedBitSet| {
        f.ones().filter(|&j| j < k).for_each(|j| a.set(eq, j, true));
        b.set(eq, f.contains(k));
    };
    for c in 0..n {
        // The chased row m-1 is the unknown row v.
        let mut f = here[c].clone();
        f.symmetric_difference_with(&last[c]);
        put(c, &f);
        // Light (m-1, c) goes out: rows m-2, m-1 (wrapping columns) and 0.
        let mut g = above[c].clone();
        g.symmetric_difference_with(&first[c]);
        row_reach(c, n).for_each(|j| g.symmetric_difference_with(&last[j]));
        if lights.get(Pos::new(m - 1, c)) {
            g.toggle(k);
        }
        put(n + c, &g);
    }
    (a, b)
}

/// The presses of the torus chase from row 0 = `u` and row m-1 = `v`.
fn chase(lights: &BitGrid, u: &FixedBitSet, v: &FixedBitSet) -> BitGrid {
    let dims = lights.dims();
    let Dims { rows: m, cols: n } = dims;
    let mut presses = BitGrid::new(dims);
    u.ones().for_each(|c| presses.set(Pos::new(0, c), true));
    for r in 0..m - 1 {
        for c in 0..n {
            let above = presses.get(Pos::new((r + m - 1) % m, c)) ^ (r == 0 && v.contains(c));
            let mut on = lights.get(Pos::new(r, c)) ^ above;
            for j in row_reach(c, n) {
                on ^= presses.get(Pos::new(r, j));
            }
            presses.set(Pos::new(r + 1, c), on);
        }
    }
    presses
}
