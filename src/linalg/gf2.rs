//! Linear algebra over GF(2): a bit matrix, Gauss–Jordan elimination, solutions and null spaces.
//!
//! Addition is XOR and multiplication is AND, so a row operation is one XOR of
//! machine words (the Lights Out lab, "Élimination de Gauss"). Lights Out and Revertigo
//! both reduce to `A·x = b` over GF(2); this module is the one place that solves it.

mod polynomial;
pub mod sparse;

use fixedbitset::FixedBitSet;

pub use polynomial::Poly;

/// Pivots per table in [`BitMatrix::reduce`] (a table holds `2^RUSSIANS` row sums).
pub const RUSSIANS: usize = 8;

/// Tables per pass of [`BitMatrix::reduce`]: each pass over the rows clears `RUSSIANS × TABLES` columns.
pub const TABLES: usize = 4;

/// A dense matrix over GF(2), one [`FixedBitSet`] per row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitMatrix {
    cols: usize,
    rows: Vec<FixedBitSet>,
}

/// The unknowns of a consistent system: one solution and a basis of the null space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitSolutions {
    /// One solution; free unknowns are 0.
    pub particular: FixedBitSet,
    /// A basis of `{x : A·x = 0}`; the solutions are `particular` plus any sum of these.
    pub kernel: Vec<FixedBitSet>,
}

/// `A·x = b` has no solution: some combination of the equations reads `0 = 1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inconsistent {
    /// A basis of the null space of `A` (its dimension is still useful to report).
    pub kernel: Vec<FixedBitSet>,
}

impl BitMatrix {
    /// A `rows` × `cols` zero matrix.
    pub fn zeros(rows: usize, cols: usize) -> Self {
        BitMatrix {
            cols,
            rows: vec![FixedBitSet::with_capacity(cols); rows],
        }
    }

    #[cfg(test)]
    /// The `n` × `n` identity.
    pub fn identity(n: usize) -> Self {
        let mut m = Self::zeros(n, n);
        for i in 0..n {
            m.set(i, i, true);
        }
        m
    }

    /// Number of rows.
    pub fn nrows(&self) -> usize {
        self.rows.len()
    }

    /// Entry `(i, j)`.
    pub fn get(&self, i: usize, j: usize) -> bool {
        self.rows[i].contains(j)
    }

    /// Sets entry `(i, j)`.
    pub fn set(&mut self, i: usize, j: usize, value: bool) {
        self.rows[i].set(j, value)
    }

    #[cfg(test)]
    /// `A·x`.
    pub fn mul_vec(&self, x: &FixedBitSet) -> FixedBitSet {
        let mut y = FixedBitSet::with_capacity(self.nrows());
        for (i, row) in self.rows.iter().enumerate() {
            y.set(i, row.intersection_count(x) % 2 == 1);
        }
        y
    }

    /// `row[dst] ^= row[src]`.
    fn add_row(&mut self, src: usize, dst: usize) {
        debug_assert_ne!(src, dst);
        let (a, b) = if src < dst {
            let (lo, hi) = self.rows.split_at_mut(dst);
            (&lo[src], &mut hi[0])
        } else {
            let (lo, hi) = self.rows.split_at_mut(src);
            (&hi[0], &mut lo[dst])
        };
        b.symmetric_difference_with(a);
    }

    /// Brings the first `cols` columns to reduced row echelon form in place
    /// (Gauss–Jordan: each pivot ends alone in its column, as in the Lights Out lab).
    ///
    /// Returns the pivot column of rows `0..rank`, increasing.
    ///
    /// The method of four Russians (Arlazarov, Dinic, Kronrod & Faradzev,
    /// 1970; for elimination, Bard, "Algebraic Cryptanalysis", Springer 2009,
    /// and Albrecht, Bard & Hart, "Algorithm 898", ACM TOMS 37(1), 2010):
    /// columns are taken 32 at a time; the pivot rows of such a block are
    /// reduced among themselves, all `2^8` sums of each 8 of them are
    /// tabulated, and every other row then clears the whole block with one
    /// table row per 8 pivots — one pass over the matrix per 32 columns
    /// instead of up to 32.
    pub fn reduce(&mut self, cols: usize) -> Vec<usize> {
        let cols = cols.min(self.cols);
        let nrows = self.nrows();
        let mut pivots = Vec::new();
        let mut tables: Vec<Vec<usize>> = vec![Vec::new(); TABLES];
        let mut c = 0;
        while c < cols && pivots.len() < nrows {
            let r = pivots.len();
            let end = (c + RUSSIANS * TABLES).min(cols);
            let found = self.block_pivots(r, c, end);
            let f = found.len();
            // Sums of the pivot rows from the block's first word on, one table per 8 pivots.
            let w0 = c / usize::BITS as usize;
            let width = self.rows[r.min(nrows - 1)].as_slice().len() - w0;
            let groups: Vec<std::ops::Range<usize>> = (0..f)
                .step_by(RUSSIANS)
                .map(|g| g..(g + RUSSIANS).min(f))
                .collect();
            for (group, table) in groups.iter().zip(&mut tables) {
                let size = group.len();
                table.clear();
                table.resize(width << size, 0);
                for mask in 1..1usize << size {
                    let (low, rest) = (mask.trailing_zeros() as usize, mask & (mask - 1));
                    let src = &self.rows[r + group.start + low].as_slice()[w0..];
                    let (before, after) = table.split_at_mut(mask * width);
                    let prev = &before[rest * width..(rest + 1) * width];
                    for ((t, &a), &b) in after[..width].iter_mut().zip(prev).zip(src) {
                        *t = a ^ b;
                    }
                }
            }
            if f > 0 {
                for i in (0..nrows).filter(|i| !(r..r + f).contains(i)) {
                    let row = &mut self.rows[i];
                    for (group, table) in groups.iter().zip(&tables) {
                        let mask = found[group.clone()]
                            .iter()
                            .enumerate()
                            .fold(0, |m, (t, &pc)| m | (row.contains(pc) as usize) << t);
                        if mask != 0 {
                            let sum = &table[mask * width..(mask + 1) * width];
                            for (d, &s) in row.as_mut_slice()[w0..].iter_mut().zip(sum) {
                                *d ^= s;
                            }
                        }
                    }
                }
            }
            pivots.extend(found);
            c = end;
        }
        pivots
    }

    /// The pivots of columns `c..end` among rows `r..`, brought to rows
    /// `r..r+f` and reduced among themselves (each pivot alone in its column
    /// within the pivot rows). A candidate row is first tested on the block's
    /// bits only, as the earlier pivots would reduce it; rows are changed only
    /// when one is chosen.
    fn block_pivots(&mut self, r: usize, c: usize, end: usize) -> Vec<usize> {
        let nrows = self.nrows();
        let mut found: Vec<usize> = Vec::new();
        debug_assert!(end - c <= usize::BITS as usize);
        let block = |row: &FixedBitSet| -> usize {
            (c..end).fold(0, |b, j| b | (row.contains(j) as usize) << (j - c))
        };
        let mut pivot_bits: Vec<usize> = Vec::new();
        for j in c..end {
            let f = found.len();
            if r + f == nrows {
                break;
            }
            let hit = (r + f..nrows).find(|&i| {
                let mut b = block(&self.rows[i]);
                for (t, &pc) in found.iter().enumerate() {
                    if b >> (pc - c) & 1 == 1 {
                        b ^= pivot_bits[t];
                    }
                }
                b >> (j - c) & 1 == 1
            });
            let Some(i) = hit else {
                continue;
            };
            for (t, &pc) in found.iter().enumerate() {
                if self.rows[i].contains(pc) {
                    self.add_row(r + t, i);
                }
            }
            self.rows.swap(r + f, i);
            for t in 0..f {
                if self.rows[r + t].contains(j) {
                    self.add_row(r + f, r + t);
                }
            }
            found.push(j);
            pivot_bits = (0..found.len()).map(|t| block(&self.rows[r + t])).collect();
        }
        found
    }

    /// A basis of the null space `{x : A·x = 0}`.
    pub fn kernel(&self) -> Vec<FixedBitSet> {
        let mut m = self.clone();
        let pivots = m.reduce(self.cols);
        m.kernel_from_reduced(&pivots, self.cols)
    }

    /// Null-space basis of a matrix already reduced over its first `n` columns.
    fn kernel_from_reduced(&self, pivots: &[usize], n: usize) -> Vec<FixedBitSet> {
        let mut is_pivot = FixedBitSet::with_capacity(n);
        for &p in pivots {
            is_pivot.insert(p);
        }
        is_pivot
            .zeroes()
            .map(|free| {
                let mut v = FixedBitSet::with_capacity(n);
                v.insert(free);
                for (i, &p) in pivots.iter().enumerate() {
                    if self.rows[i].contains(free) {
                        v.insert(p);
                    }
                }
                v
            })
            .collect()
    }

    /// Solves `A·x = b`: every solution (as one plus the null space), or the proof there is none.
    pub fn solve(&self, b: &FixedBitSet) -> Result<BitSolutions, Inconsistent> {
        let n = self.cols;
        assert_eq!(b.len(), self.nrows(), "right-hand side length");
        let mut aug = BitMatrix::zeros(self.nrows(), n + 1);
        for (i, row) in self.rows.iter().enumerate() {
            let dst = &mut aug.rows[i];
            for j in row.ones() {
                dst.insert(j);
            }
            dst.set(n, b.contains(i));
        }
        let pivots = aug.reduce(n);
        let kernel = aug.kernel_from_reduced(&pivots, n);
        if aug.rows[pivots.len()..].iter().any(|r| r.contains(n)) {
            return Err(Inconsistent { kernel });
        }
        let mut particular = FixedBitSet::with_capacity(n);
        for (i, &p) in pivots.iter().enumerate() {
            particular.set(p, aug.rows[i].contains(n));
        }
        Ok(BitSolutions { particular, kernel })
    }
}

/// Parity of the overlap of two bit vectors: their dot product over GF(2).
pub fn dot(a: &FixedBitSet, b: &FixedBitSet) -> bool {
    a.intersection_count(b) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(s: &str) -> FixedBitSet {
        let mut b = FixedBitSet::with_capacity(s.len());
        for (i, ch) in s.chars().enumerate() {
            b.set(i, ch == '1');
        }
        b
    }

    fn matrix(rows: &[&str]) -> BitMatrix {
        let mut m = BitMatrix::zeros(rows.len(), rows[0].len());
        for (i, r) in rows.iter().enumerate() {
            m.rows[i] = bits(r);
        }
        m
    }

    #[test]
    fn solves_a_full_rank_system() {
        let a = matrix(&["110", "011", "001"]);
        let s = a.solve(&bits("101")).unwrap();
        assert!(s.kernel.is_empty());
        assert_eq!(a.mul_vec(&s.particular), bits("101"));
    }

    #[test]
    fn finds_the_null_space_and_inconsistency() {
        // Rows 0 and 1 are equal: b must agree on them.
        let a = matrix(&["101", "101", "011"]);
        let k = a.kernel();
        assert_eq!(k.len(), 1);
        assert!(a.mul_vec(&k[0]).is_clear());
        assert!(a.solve(&bits("100")).is_err());
        let s = a.solve(&bits("111")).unwrap();
        assert_eq!(a.mul_vec(&s.particular), bits("111"));
    }

    /// Plain Gauss–Jordan, one pivot at a time: the reference for the four Russians.
    fn reduce_plainly(m: &mut BitMatrix, cols: usize) -> Vec<usize> {
        let mut pivots = Vec::new();
        for c in 0..cols.min(m.cols) {
            let k = pivots.len();
            let Some(r) = (k..m.nrows()).find(|&r| m.rows[r].contains(c)) else {
                continue;
            };
            m.rows.swap(k, r);
            for i in 0..m.nrows() {
                if i != k && m.rows[i].contains(c) {
                    m.add_row(k, i);
                }
            }
            pivots.push(c);
        }
        pivots
    }

    #[test]
    fn the_four_russians_give_the_plain_reduced_echelon_form() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(898);
        for _ in 0..300 {
            let (r, c) = (rng.gen_range(1..90), rng.gen_range(1..150));
            let density = rng.gen_range(0.01..0.6);
            let mut m = BitMatrix::zeros(r, c);
            for i in 0..r {
                for j in 0..c {
                    m.set(i, j, rng.gen_bool(density));
                }
            }
            // Duplicate rows make rank-deficient blocks.
            if r > 2 {
                m.rows[r - 1] = m.rows[0].clone();
            }
            let cols = rng.gen_range(0..=c);
            let (mut fast, mut plain) = (m.clone(), m);
            assert_eq!(fast.reduce(cols), reduce_plainly(&mut plain, cols));
            assert_eq!(fast, plain);
        }
    }

    #[test]
    fn identity_is_its_own_echelon_form() {
        let mut m = BitMatrix::identity(5);
        assert_eq!(m.reduce(5), vec![0, 1, 2, 3, 4]);
        assert_eq!(m, BitMatrix::identity(5));
    }

    #[test]
    fn two_equations_three_unknowns_one_kernel_vector() {
        use crate::linalg::gf2::BitMatrix;
        use fixedbitset::FixedBitSet;

        // x0 + x1 = 1, x1 + x2 = 0: one free unknown, so two solutions.
        let mut a = BitMatrix::zeros(2, 3);
        for (i, j) in [(0, 0), (0, 1), (1, 1), (1, 2)] {
            a.set(i, j, true);
        }
        let mut b = FixedBitSet::with_capacity(2);
        b.insert(0);
        let s = a.solve(&b).expect("consistent");
        assert_eq!(s.kernel.len(), 1);
        assert_eq!(a.mul_vec(&s.particular), b);
    }
}
