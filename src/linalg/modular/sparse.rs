//! Sparse-direct elimination over GF(p), p an odd prime, and over Z/p^e, for sparse systems with no narrow band (random graphs, expanders).
//!
//! The GF(p) counterpart of [`crate::linalg::gf2::sparse`]: structured Gaussian
//! elimination (LaMacchia & Odlyzko, "Solving large sparse linear systems
//! over finite fields", CRYPTO 1990) with Markowitz pivots (Markowitz, "The
//! elimination form of the inverse and its application to linear
//! programming", Management Science 1957), the equations kept as sorted lists
//! of (unknown, coefficient) pairs, each pivot equation scaled so that its
//! pivot coefficient is 1. Once a pivot would cost more than the dense work it
//! saves, the equations left (the *core*) are reduced densely by the method
//! of four Russians over GF(p) (one byte per entry, tables of the `p^k`
//! combinations of `k` pivot rows; see the `russians` module). The sparse
//! pivots are then undone by back substitution, one vector (the solution,
//! each kernel vector) at a time.
//!
//! Over Z/q, q = p^e a prime power (K = 4, 8, 9, 25, … states), the same
//! elimination takes only unit pivots (coefficients not divisible by p),
//! which clear their columns exactly as over a field; the core is reduced the
//! same way, and what no unit pivot reaches is finished by the Smith form
//! over Z/p^e (see the `russians` module). The kernel is then a direct sum of
//! cyclic groups of orders p^v, each generator given with its order.

use crate::error::{Bound, Error, Result};
use crate::linalg::band::BandSolution;
use crate::linalg::markowitz::{remove, sparse_phase, Buckets, Markowitz};
use crate::linalg::modular::russians::Core;
use crate::linalg::modular::ternary::Ternary;
use crate::linalg::modular::{inverse, Generator};

/// The most unknowns the dense core may keep (a 32,768² matrix of one-byte entries: 1 GiB).
pub const MAX_CORE: usize = 1 << 15;

/// The most entries the stored sparse pivot equations may hold (5 bytes each: 1.25 GiB).
pub const MAX_FILL: usize = 1 << 28;

/// Solves `A·x = b` over GF(p), `p` an odd prime, `A` the `n` × `n` matrix
/// with entries 1 at `ones` (row, column; repeats count once); `b` holds
/// values below `p`.
///
/// Refused, naming [`MAX_CORE`], when the dense core left by the sparse pivots would be larger.
pub fn solve(p: u8, n: usize, ones: &[(usize, usize)], rhs: &[u8]) -> Result<BandSolution> {
    assert!(p > 2, "an odd prime");
    let s = solve_power(p, p, n, ones, rhs)?;
    Ok(BandSolution {
        particular: s.particular,
        kernel: s.kernel.into_iter().map(|g| g.vector).collect(),
    })
}

/// What the elimination over Z/q says about `A·x = b`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PowerSolution {
    /// One solution, or `None` when there is none.
    pub particular: Option<Vec<u8>>,
    /// The kernel `{x : A·x = 0}` as a direct sum of cyclic groups, each
    /// generator (entries below q) with its order, a power of p.
    pub kernel: Vec<Generator>,
}

/// Solves `A·x = b` over Z/q, `q` a power of the prime `p` (`q ≤ 255`), `A`
/// the `n` × `n` matrix with entries 1 at `ones` (row, column; repeats count
/// once); `b` holds values below `q`.
///
/// Refused, naming [`MAX_CORE`], when the dense core left by the sparse pivots would be larger.
pub fn solve_power(
    p: u8,
    q: u8,
    n: usize,
    ones: &[(usize, usize)],
    rhs: &[u8],
) -> Result<PowerSolution> {
    assert_eq!(rhs.len(), n, "right-hand side length");
    assert!((2..p).all(|d| p % d != 0), "a prime");
    assert!(
        (0..8).any(|e| p.checked_pow(e + 1) == Some(q)),
        "a power of p"
    );
    let mut e = Elimination::new(p, q, n, ones, rhs);
    sparse_phase(&mut e, n, CHEAPER, MAX_FILL);
    e.finish()
}

/// A stored sparse pivot: `x[col] = rhs − Σ a·x[j]` over `rest`.
struct Pivot {
    col: u32,
    rest: Vec<(u32, u8)>,
    rhs: u8,
}

/// The state of the elimination: the active equations and, per unknown, the equations it is in.
struct Elimination {
    /// The prime p of the modulus.
    p: u8,
    /// The modulus q, a power of p.
    q: u8,
    n: usize,
    /// Per equation, its (unknown, nonzero coefficient) pairs, sorted by unknown; emptied once it is a pivot.
    rows: Vec<Vec<(u32, u8)>>,
    /// Per unknown, the active equations holding it (any order).
    cols: Vec<Vec<u32>>,
    rhs: Vec<u8>,
    row_done: Vec<bool>,
    col_done: Vec<bool>,
    buckets: Buckets,
    pivots: Vec<Pivot>,
    fill: usize,
}

impl Elimination {
    fn new(p: u8, q: u8, n: usize, ones: &[(usize, usize)], rhs: &[u8]) -> Self {
        let mut lists = vec![Vec::new(); n];
        for &(i, j) in ones {
            lists[i].push(j as u32);
        }
        let mut cols = vec![Vec::new(); n];
        let rows: Vec<Vec<(u32, u8)>> = lists
            .into_iter()
            .enumerate()
            .map(|(i, mut r)| {
                r.sort_unstable();
                r.dedup();
                for &j in &r {
                    cols[j as usize].push(i as u32);
                }
                r.into_iter().map(|j| (j, 1)).collect()
            })
            .collect();
        let mut buckets = Buckets::new(n);
        for (j, c) in cols.iter().enumerate() {
            buckets.insert(j, c.len());
        }
        Elimination {
            p,
            q,
            n,
            rows,
            cols,
            rhs: rhs.iter().map(|&v| v % q).collect(),
            row_done: vec![false; n],
            col_done: vec![false; n],
            buckets,
            pivots: Vec::new(),
            fill: 0,
        }
    }

    /// The coefficient of unknown `c` in equation `r` (0 when it has none).
    fn coefficient(&self, r: usize, c: usize) -> u8 {
        let row = &self.rows[r];
        row.binary_search_by_key(&(c as u32), |e| e.0)
            .map_or(0, |k| row[k].1)
    }

    /// Eliminates unknown `c` by equation `r` (scaled to coefficient 1 at `c`, a unit) from every other active equation.
    fn eliminate(&mut self, r: usize, c: usize) {
        let (pivot, b) = self.take_pivot(r, c);
        let others = std::mem::take(&mut self.cols[c]);
        let mut merged = Vec::new();
        for &o in &others {
            self.subtract(o as usize, c, &pivot, b, &mut merged);
        }
        for &(j, _) in &pivot {
            if j as usize != c {
                let j = j as usize;
                self.buckets.remove(j);
                self.buckets.insert(j, self.cols[j].len());
            }
        }
        let rest: Vec<(u32, u8)> = pivot
            .into_iter()
            .filter(|&(j, _)| j as usize != c)
            .collect();
        self.fill += rest.len();
        self.pivots.push(Pivot {
            col: c as u32,
            rest,
            rhs: b,
        });
    }

    /// Takes equation `r` out as the pivot of unknown `c`, scaled to
    /// coefficient 1 at `c`: its entries and its right side.
    fn take_pivot(&mut self, r: usize, c: usize) -> (Vec<(u32, u8)>, u8) {
        let q = self.q as u32;
        let mut pivot = std::mem::take(&mut self.rows[r]);
        self.row_done[r] = true;
        self.col_done[c] = true;
        self.buckets.remove(c);
        for &(j, _) in &pivot {
            remove(&mut self.cols[j as usize], r as u32);
        }
        let a = pivot
            .iter()
            .find(|&&(j, _)| j as usize == c)
            .map_or(1, |e| e.1);
        let scale = u32::from(inverse(a, q as u8));
        for e in &mut pivot {
            e.1 = (e.1 as u32 * scale % q) as u8;
        }
        let b = (self.rhs[r] as u32 * scale % q) as u8;
        (pivot, b)
    }

    /// Equation `o` less its coefficient at `c` times the pivot (`pivot`,
    /// right side `b`), merged entry by entry in `merged`, the columns' lists
    /// kept up to date.
    #[inline]
    fn subtract(
        &mut self,
        o: usize,
        c: usize,
        pivot: &[(u32, u8)],
        b: u8,
        merged: &mut Vec<(u32, u8)>,
    ) {
        let q = self.q as u32;
        let row = std::mem::take(&mut self.rows[o]);
        // row − f·pivot, f the coefficient of c in row: add m·pivot with m = q − f.
        let f = row
            .iter()
            .find(|&&(j, _)| j as usize == c)
            .map_or(0, |e| e.1);
        let m = q - f as u32;
        merged.clear();
        merged.reserve(row.len() + pivot.len());
        let (mut i, mut k) = (0, 0);
        while i < row.len() || k < pivot.len() {
            match (row.get(i), pivot.get(k)) {
                (Some(&(x, u)), Some(&(y, v))) if x == y => {
                    let w = ((u as u32 + m * v as u32) % q) as u8;
                    if w == 0 {
                        if y as usize != c {
                            remove(&mut self.cols[y as usize], o as u32);
                        }
                    } else {
                        merged.push((x, w));
                    }
                    i += 1;
                    k += 1;
                }
                (Some(&e), Some(&(y, _))) if e.0 < y => {
                    merged.push(e);
                    i += 1;
                }
                (Some(&e), None) => {
                    merged.push(e);
                    i += 1;
                }
                (_, Some(&(y, v))) => {
                    self.cols[y as usize].push(o as u32);
                    merged.push((y, (m * v as u32 % q) as u8));
                    k += 1;
                }
                (None, None) => unreachable!("the loop runs while one side is left"),
            }
        }
        self.rows[o] = std::mem::replace(merged, row);
        self.rhs[o] = ((self.rhs[o] as u32 + m * b as u32) % q) as u8;
    }

    /// The dense core by delayed-reduction elimination, then the sparse pivots undone.
    fn finish(self) -> Result<PowerSolution> {
        let (n, p, q) = (self.n, self.p, self.q);
        let core_rows: Vec<usize> = (0..n).filter(|&i| !self.row_done[i]).collect();
        let core_cols: Vec<usize> = (0..n).filter(|&j| !self.col_done[j]).collect();
        if core_cols.len() > MAX_CORE {
            let ring = if p == q {
                format!("GF({q})")
            } else {
                format!("Z/{q}")
            };
            return Err(Error::TooLarge {
                bound: Bound::Other("unknowns left to the dense core"),
                got: core_cols.len().into(),
                limit: MAX_CORE.into(),
                note: format!(
                    " for the sparse elimination over {ring} of {n} unknowns (the core is a dense matrix of one-byte entries, {} bytes, at most {})",
                    (core_cols.len() as u128).pow(2),
                    (MAX_CORE as u128).pow(2)
                ),
            });
        }
        let mut place = vec![usize::MAX; n];
        for (k, &j) in core_cols.iter().enumerate() {
            place[j] = k;
        }
        let width = core_cols.len() + 1;
        // GF(3) bit-sliced, other rings one byte per entry.
        let (particular, kernel) = if q == 3 {
            let mut core = Ternary::zeros(core_rows.len(), width);
            for (k, &i) in core_rows.iter().enumerate() {
                for &(j, a) in &self.rows[i] {
                    core.set(k, place[j as usize], a);
                }
                core.set(k, width - 1, self.rhs[i]);
            }
            let (particular, kernel) = core.solve();
            let order = |vector| Generator { vector, order: 3 };
            (particular, kernel.into_iter().map(order).collect())
        } else {
            let mut core = Core::zeros(core_rows.len(), width, p, q);
            for (k, &i) in core_rows.iter().enumerate() {
                let row = core.row_mut(k);
                for &(j, a) in &self.rows[i] {
                    row[place[j as usize]] = a;
                }
                row[width - 1] = self.rhs[i];
            }
            core.solve()
        };
        let q = u64::from(q);
        let undo = |v: &[u8], with_rhs: bool| {
            let mut x = vec![0u8; n];
            for (k, &j) in core_cols.iter().enumerate() {
                x[j] = v[k];
            }
            for pv in self.pivots.iter().rev() {
                let sum: u64 = pv
                    .rest
                    .iter()
                    .map(|&(j, a)| a as u64 * x[j as usize] as u64)
                    .sum();
                let b = if with_rhs { pv.rhs as u64 } else { 0 };
                x[pv.col as usize] = ((b + q - sum % q) % q) as u8;
            }
            x
        };
        Ok(PowerSolution {
            particular: particular.map(|x| undo(&x, true)),
            kernel: kernel
                .into_iter()
                .map(|g| Generator {
                    vector: undo(&g.vector, false),
                    order: g.order,
                })
                .collect(),
        })
    }
}

impl Markowitz for Elimination {
    fn buckets(&mut self) -> &mut Buckets {
        &mut self.buckets
    }
    fn equations_of(&self, c: usize) -> &[u32] {
        &self.cols[c]
    }
    fn weight(&self, r: usize) -> usize {
        self.rows[r].len()
    }
    fn fill(&self) -> usize {
        self.fill
    }
    fn eliminate(&mut self, r: usize, c: usize) {
        Elimination::eliminate(self, r, c)
    }
    fn takes(&self, r: usize, c: usize) -> bool {
        self.p == self.q || self.coefficient(r, c) % self.p != 0
    }
}

/// How many times cheaper than the dense work it saves a sparse pivot must be.
/// On a random cubic graph of 50,000 vertices over GF(3), 64 leaves a core of
/// 7,967 unknowns but makes the sparse phase the slower half (its late pivots
/// touch up to a million entries each); 1,024 leaves 8,814 and 4,096 leaves
/// 9,393, the sparse phase then some 2 and 0.6 CPU seconds; 16,384 leaves
/// 10,339, the core's extra cost more than the phase's saving.
const CHEAPER: usize = 4096;

#[cfg(test)]
mod tests;
