//! Linear algebra over GF(2): a bit matrix, Gauss–Jordan elimination, solutions and null spaces.
//!
//! Addition is XOR and multiplication is AND, so a row operation is one XOR of
//! machine words (the Lights Out lab, "Élimination de Gauss"). Lights Out and Revertigo
//! both reduce to `A·x = b` over GF(2); this module is the one place that solves it.
//!
//! ```
//! use fixedbitset::FixedBitSet;
//! use puzzles::gf2::BitMatrix;
//!
//! // x0 + x1 = 1, x1 + x2 = 0: one free unknown, so two solutions.
//! let mut a = BitMatrix::zeros(2, 3);
//! for (i, j) in [(0, 0), (0, 1), (1, 1), (1, 2)] {
//!     a.set(i, j, true);
//! }
//! let mut b = FixedBitSet::with_capacity(2);
//! b.insert(0);
//! let s = a.solve(&b).expect("consistent");
//! assert_eq!(s.kernel.len(), 1);
//! assert_eq!(a.mul_vec(&s.particular), b);
//! ```

mod polynomial;

use fixedbitset::FixedBitSet;

pub use polynomial::Poly;

/// A dense matrix over GF(2), one [`FixedBitSet`] per row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitMatrix {
    cols: usize,
    rows: Vec<FixedBitSet>,
}

/// The unknowns of a consistent system: one solution and a basis of the null space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solutions {
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

    /// Row `i` as a bit set.
    pub fn row(&self, i: usize) -> &FixedBitSet {
        &self.rows[i]
    }

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
    pub fn reduce(&mut self, cols: usize) -> Vec<usize> {
        let mut pivots = Vec::new();
        for c in 0..cols.min(self.cols) {
            let k = pivots.len();
            let Some(r) = (k..self.nrows()).find(|&r| self.rows[r].contains(c)) else {
                continue;
            };
            self.rows.swap(k, r);
            for i in 0..self.nrows() {
                if i != k && self.rows[i].contains(c) {
                    self.add_row(k, i);
                }
            }
            pivots.push(c);
        }
        pivots
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
    pub fn solve(&self, b: &FixedBitSet) -> Result<Solutions, Inconsistent> {
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
        Ok(Solutions { particular, kernel })
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

    #[test]
    fn identity_is_its_own_echelon_form() {
        let mut m = BitMatrix::identity(5);
        assert_eq!(m.reduce(5), vec![0, 1, 2, 3, 4]);
        assert_eq!(m, BitMatrix::identity(5));
    }
}
