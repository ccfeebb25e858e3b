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

/// The rows of `grid`, top first.
pub fn from_grid(grid: &BitGrid) -> Vec<Row> {
    (0..grid.dims().rows).map(|r| grid.row_words(r)).collect()
}

/// The board whose rows are `rows`.
pub fn to_grid(dims: Dims, rows: &[Row]) -> BitGrid {
    BitGrid::from_row_words(dims, rows)
}

/// The lights left on after pressing `presses` on `lights` (plane board), row by row.
pub fn after(lights: &[Row], presses: &[Row], n: usize) -> Vec<Row> {
    let w = words(n);
    let mut spread_row = vec![0u64; w];
    let zero = vec![0u64; w];
    (0..lights.len())
        .map(|r| {
            spread(&presses[r], n, &mut spread_row);
            let above = if r > 0 { &presses[r - 1] } else { &zero };
            let below = presses.get(r + 1).unwrap_or(&zero);
            (0..w)
                .map(|i| lights[r][i] ^ spread_row[i] ^ above[i] ^ below[i])
                .collect()
        })
        .collect()
}

/// The bit set `b` as a row of words.
pub fn from_bitset(b: &FixedBitSet) -> Row {
    let mut row = vec![0u64; words(b.len())];
    for c in b.ones() {
        row[c / 64] |= 1 << (c % 64);
    }
    row
}

/// Light chasing (seed 001): presses the first row as `first`, then each
/// later row under the lights left on above it. Returns every row of presses
/// and, last, the presses a virtual row `m` would need (all zero exactly when
/// the board ends dark).
pub fn chase(lights: &[Row], first: &[u64], n: usize) -> (Vec<Row>, Row) {
    let w = words(n);
    let mut presses: Vec<Row> = Vec::with_capacity(lights.len());
    let mut above = vec![0u64; w];
    let mut here = first.to_vec();
    let mut spread_here = vec![0u64; w];
    for light_row in lights {
        // Light (r, c) after rows r-1 and r are pressed decides press (r+1, c).
        spread(&here, n, &mut spread_here);
        let below: Row = (0..w)
            .map(|i| light_row[i] ^ spread_here[i] ^ above[i])
            .collect();
        presses.push(std::mem::replace(&mut here, below));
        above = presses.last().cloned().unwrap_or_default();
    }
    (presses, here)
}
