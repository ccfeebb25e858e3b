//! The grid symmetries of the Sudoku page: operations that turn a valid grid into a valid grid.
//!
//! The Sudoku page ("Symétries des grilles") lists the operations that keep a grid
//! valid: permuting the bands (groups of n rows), the rows inside a band, the
//! stacks (groups of n columns), the columns inside a stack, transposing, and
//! relabelling the digits. They map solutions of a puzzle one to one onto the
//! solutions of the transformed puzzle, which the tests use as a cross-check
//! and the generator as a source of varied grids.

use super::Sudoku;
use crate::random::Rng;
use rand::seq::SliceRandom;

/// One symmetry: cell (r, c) of the result is cell (rows[r], cols[c]) of the
/// source (read transposed first when `transpose`), its digit `d` written `relabel[d]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transform {
    order: usize,
    transpose: bool,
    rows: Vec<usize>,
    cols: Vec<usize>,
    /// `relabel[d]` for d in 0..=side; `relabel[0] == 0` keeps empty cells empty.
    relabel: Vec<u8>,
}

/// A permutation of 0..side that only permutes the groups of n and the members inside each group.
fn band_permutation(order: usize, rng: &mut Rng) -> Vec<usize> {
    let mut bands: Vec<usize> = (0..order).collect();
    bands.shuffle(rng);
    let mut out = Vec::with_capacity(order * order);
    for &b in &bands {
        let mut inside: Vec<usize> = (0..order).collect();
        inside.shuffle(rng);
        out.extend(inside.into_iter().map(|i| b * order + i));
    }
    out
}

impl Transform {
    /// The identity on grids of `order`.
    pub fn identity(order: usize) -> Self {
        let side = order * order;
        Transform {
            order,
            transpose: false,
            rows: (0..side).collect(),
            cols: (0..side).collect(),
            relabel: (0..=side as u8).collect(),
        }
    }

    /// A uniformly random element of the symmetry group of the Sudoku page for `order`.
    pub fn random(order: usize, rng: &mut Rng) -> Self {
        let side = order * order;
        let mut digits: Vec<u8> = (1..=side as u8).collect();
        digits.shuffle(rng);
        let mut relabel = vec![0u8];
        relabel.extend(digits);
        Transform {
            order,
            transpose: rand::Rng::gen_bool(rng, 0.5),
            rows: band_permutation(order, rng),
            cols: band_permutation(order, rng),
            relabel,
        }
    }

    /// Only the transposition (rows become columns).
    pub fn transposition(order: usize) -> Self {
        Transform {
            transpose: true,
            ..Transform::identity(order)
        }
    }

    /// The identity with digits relabelled: digit d becomes `digits[d - 1]`;
    /// `None` unless `digits` is a permutation of 1..=side.
    pub fn relabelling(order: usize, digits: &[u8]) -> Option<Self> {
        let side = order * order;
        let mut seen = vec![false; side + 1];
        if digits.len() != side {
            return None;
        }
        for &d in digits {
            if d == 0 || d as usize > side || std::mem::replace(&mut seen[d as usize], true) {
                return None;
            }
        }
        let mut relabel = vec![0u8];
        relabel.extend_from_slice(digits);
        Some(Transform {
            relabel,
            ..Transform::identity(order)
        })
    }

    /// The transformed grid (clues and empty cells alike). The grid must have this transform's order.
    pub fn apply(&self, grid: &Sudoku) -> Sudoku {
        assert_eq!(grid.order(), self.order, "transform and grid orders differ");
        let side = self.order * self.order;
        let src = grid.cells();
        let mut cells = vec![0u8; side * side];
        for (r, &sr) in self.rows.iter().enumerate() {
            for (c, &sc) in self.cols.iter().enumerate() {
                let (a, b) = if self.transpose { (sc, sr) } else { (sr, sc) };
                cells[r * side + c] = self.relabel[src[a * side + b] as usize];
            }
        }
        Sudoku {
            order: self.order,
            cells,
        }
    }
}
