//! A board as rows of 64-bit words, for the chasing kernels: a whole row is pressed with a few shifts and XORs.

use crate::grid::{BitGrid, Dims};
use fixedbitset::FixedBitSet;

/// One row of `n` bits, bit `c` of word `c / 64` for column `c`.
pub type Row = Vec<u64>;

/// `n` bits of a row as words.
pub fn words(n: usize) -> usize {
    n.div_ceil(64)
}

/// `T·v` for `T = tridiag(1,1,1)`: each bit XOR its two neighbours (what one row of presses does to its own row).
pub fn spread(v: &[u64], n: usize, out: &mut [u64]) {
    let w = v.len();
    for i in 0..w {
        let left = (v[i] << 1) | if i > 0 { v[i - 1] >> 63 } else { 0 };
        let right = (v[i] >> 1) | if i + 1 < w { v[i + 1] << 63 } else { 0 };
        out[i] = v[i] ^ left ^ right;
    }
    mask(out, n);
}

/// Clears the bits past column `n` in the last word.
pub fn mask(v: &mut [u64], n: usize) {
    if n % 64 != 0 {
        if let Some(last) = v.last_mut() {
            *last &= (1u64 << (n % 64)) - 1;
        }
    }
}

/// A board as rows of words laid one after another: `words(n)` words a row, one allocation in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rows {
    w: usize,
    data: Vec<u64>,
}

impl Rows {
    /// `m` dark rows of `n` cells.
    pub fn zeros(m: usize, n: usize) -> Self {
        Rows {
            w: words(n),
            data: vec![0; m * words(n)],
        }
    }

    /// Row `r`.
    pub fn row(&self, r: usize) -> &[u64] {
        &self.data[r * self.w..(r + 1) * self.w]
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.data.len().checked_div(self.w).unwrap_or(0)
    }
}

/// The rows of `grid`, top first.
pub fn from_grid(grid: &BitGrid) -> Rows {
    let Dims { rows: m, cols: n } = grid.dims();
    let mut rows = Rows::zeros(m, n);
    if rows.w > 0 {
        for (r, row) in rows.data.chunks_mut(words(n)).enumerate() {
            grid.row_words_into(r, row);
        }
    }
    rows
}

/// The board whose rows are `rows`.
pub fn to_grid(dims: Dims, rows: &Rows) -> BitGrid {
    BitGrid::from_row_words(dims, &rows.data)
}

/// The lights left on after pressing `presses` on `lights` (plane board), row by row.
pub fn after(lights: &Rows, presses: &Rows, n: usize) -> Rows {
    let (m, w) = (lights.len(), words(n));
    let mut left = Rows::zeros(m, n);
    let mut spread_row = vec![0u64; w];
    let zero = vec![0u64; w];
    for r in 0..m {
        spread(presses.row(r), n, &mut spread_row);
        let above = if r > 0 { presses.row(r - 1) } else { &zero };
        let below = if r + 1 < m { presses.row(r + 1) } else { &zero };
        let (light, out) = (lights.row(r), &mut left.data[r * w..(r + 1) * w]);
        for i in 0..w {
            out[i] = light[i] ^ spread_row[i] ^ above[i] ^ below[i];
        }
    }
    left
}

/// The bit set `b` as a row of words.
pub fn from_bitset(b: &FixedBitSet) -> Row {
    let mut row = vec![0u64; words(b.len())];
    for c in b.ones() {
        row[c / 64] |= 1 << (c % 64);
    }
    row
}

/// Light chasing (the Lights Out chapter): presses the first row as `first`, then each
/// later row under the lights left on above it. Returns every row of presses
/// and, last, the presses a virtual row `m` would need (all zero exactly when
/// the board ends dark).
pub fn chase(lights: &Rows, first: &[u64], n: usize) -> (Rows, Row) {
    let (m, w) = (lights.len(), words(n));
    let mut presses = Rows::zeros(m, n);
    let mut spread_here = vec![0u64; w];
    let mut above = vec![0u64; w];
    let mut here = first.to_vec();
    for r in 0..m {
        presses.data[r * w..(r + 1) * w].copy_from_slice(&here);
        // Light (r, c) after rows r-1 and r are pressed decides press (r+1, c).
        spread(&here, n, &mut spread_here);
        let light = lights.row(r);
        for i in 0..w {
            above[i] ^= light[i] ^ spread_here[i];
        }
        // `above` now holds row r+1; row r becomes the one above it.
        std::mem::swap(&mut above, &mut here);
    }
    (presses, here)
}
