//! The grid symmetries of the Sudoku page: operations that turn a valid grid into a valid grid.
//!
//! The Sudoku page ("Symétries des grilles") lists the operations that keep a grid
//! valid: permuting the bands (groups of n rows), the rows inside a band, the
//! stacks (groups of n columns), the columns inside a stack, transposing, and
//! relabelling the digits. With boxes of R×C cells a band holds R rows and a
//! stack C columns; transposing turns R×C boxes into C×R ones, so it (and
//! with it the quarter turns) keeps the shape only when the boxes are square.
//! They map solutions of a puzzle one to one onto the
//! solutions of the transformed puzzle, which the tests use as a cross-check
//! and the generator as a source of varied grids.

use super::{Shape, Sudoku};
use crate::random::Rng;
use rand::seq::SliceRandom;

/// One symmetry: cell (r, c) of the result is cell `(rows[r], cols[c])` of the
/// source (read transposed first when `transpose`), its digit `d` written `relabel[d]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transform {
    shape: Shape,
    transpose: bool,
    rows: Vec<usize>,
    cols: Vec<usize>,
    /// `relabel[d]` for d in 0..=side; `relabel[0] == 0` keeps empty cells empty.
    relabel: Vec<u8>,
}

/// A permutation of 0..side that only permutes the groups of `group` lines and the lines inside each group.
fn band_permutation(side: usize, group: usize, rng: &mut Rng) -> Vec<usize> {
    let mut bands: Vec<usize> = (0..side / group).collect();
    bands.shuffle(rng);
    let mut out = Vec::with_capacity(side);
    for &b in &bands {
        let mut inside: Vec<usize> = (0..group).collect();
        inside.shuffle(rng);
        out.extend(inside.into_iter().map(|i| b * group + i));
    }
    out
}

impl Transform {
    /// The identity on grids of `shape`.
    #[cfg(test)]
    pub fn identity(shape: Shape) -> Self {
        let side = shape.side();
        Transform {
            shape,
            transpose: false,
            rows: (0..side).collect(),
            cols: (0..side).collect(),
            relabel: (0..=side as u8).collect(),
        }
    }

    /// A uniformly random element of the symmetry group of the Sudoku page
    /// for `shape` (transposition only for square boxes).
    pub fn random(shape: Shape, rng: &mut Rng) -> Self {
        let side = shape.side();
        let mut digits: Vec<u8> = (1..=side as u8).collect();
        digits.shuffle(rng);
        let mut relabel = vec![0u8];
        relabel.extend(digits);
        Transform {
            shape,
            transpose: shape.is_square() && rand::Rng::gen_bool(rng, 0.5),
            rows: band_permutation(side, shape.box_rows(), rng),
            cols: band_permutation(side, shape.box_cols(), rng),
            relabel,
        }
    }

    #[cfg(test)]
    /// Only the transposition (rows become columns); `None` unless the boxes
    /// are square (R×C boxes would become C×R ones).
    pub fn transposition(shape: Shape) -> Option<Self> {
        shape.is_square().then(|| Transform {
            transpose: true,
            ..Transform::identity(shape)
        })
    }

    #[cfg(test)]
    /// The identity with digits relabelled: digit d becomes `digits[d - 1]`;
    /// `None` unless `digits` is a permutation of 1..=side.
    pub fn relabelling(shape: Shape, digits: &[u8]) -> Option<Self> {
        let side = shape.side();
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
            ..Transform::identity(shape)
        })
    }

    /// The transformed grid (clues and empty cells alike). The grid must have this transform's shape.
    pub fn apply(&self, grid: &Sudoku) -> Sudoku {
        assert_eq!(grid.shape(), self.shape, "transform and grid shapes differ");
        let side = self.shape.side();
        let src = grid.cells();
        let mut cells = vec![0u8; side * side];
        for (r, &sr) in self.rows.iter().enumerate() {
            for (c, &sc) in self.cols.iter().enumerate() {
                let (a, b) = if self.transpose { (sc, sr) } else { (sr, sc) };
                cells[r * side + c] = self.relabel[src[a * side + b] as usize];
            }
        }
        Sudoku {
            shape: self.shape,
            cells,
        }
    }
}
