//! Gaussian elimination over GF(p) for sparse systems whose unknowns can be ordered into a narrow band.
//!
//! A press changes only nearby cells, so, with the cells numbered row by
//! row, equation `i` involves only unknowns `j` with `|i − j|` at most a few
//! rows: the matrix is a band. Eliminating the columns in order with row
//! pivoting (Golub & Van Loan, "Matrix Computations", 4th ed., §4.3, band
//! Gaussian elimination with partial pivoting), every row still waiting for a
//! pivot at column `c` lies within columns `c..c + front`, where the *front*
//! is fixed by the order before any work starts: the elimination touches
//! `front`-wide windows only, costing about `n × front²` operations instead of
//! `n³`. Over GF(2) a window row is a run of machine words (one XOR per 64
//! columns); over GF(p) it is one byte per column.
//!
//! A graph has no rows to number by: its vertices are put in the reverse
//! Cuthill–McKee order (Cuthill & McKee, "Reducing the bandwidth of sparse
//! symmetric matrices", ACM National Conference 1969; George & Liu, "Computer
//! Solution of Large Sparse Positive Definite Systems", Prentice-Hall 1981),
//! breadth first from a far vertex, which makes a grid or a cycle a narrow band.

use crate::error::{Bound, Error, Result};

/// The most unknowns the band elimination takes (a 512 × 512 board).
pub const MAX_BAND_UNKNOWNS: usize = 1 << 18;

/// The most bytes the stored pivot rows of one elimination may take (512 MiB).
pub const MAX_BAND_BYTES: u128 = 1 << 29;

/// The most window operations (`n × front²` / columns per machine operation) one elimination may take.
pub const MAX_BAND_WORK: u128 = 1 << 40;

/// What the elimination says about `A·x = b` over GF(p).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BandSolution {
    /// One solution (free unknowns 0), or `None` when there is none.
    pub particular: Option<Vec<u8>>,
    /// A basis of `{x : A·x = 0}` over GF(p).
    pub kernel: Vec<Vec<u8>>,
}

/// The order `0, 1, …, n − 1`.
pub fn identity(n: usize) -> Vec<usize> {
    (0..n).collect()
}

/// The front of the elimination in `order` (`order[k]` is the unknown eliminated `k`-th):
/// the widest window of columns a waiting row can span.
pub fn front(n: usize, ones: &[(usize, usize)], order: &[usize]) -> usize {
    Layout::new(n, ones, order).front
}

/// The reverse Cuthill–McKee order of the unknowns of the `n` × `n` matrix
/// with entries at `ones` (its pattern made symmetric): component by
/// component, breadth first from a vertex of least degree taken far from
/// where it started (one sweep of the pseudo-peripheral search), neighbours by
/// increasing degree, then the whole order reversed.
pub fn cuthill_mckee(n: usize, ones: &[(usize, usize)]) -> Vec<usize> {
    let mut adjacent = vec![Vec::new(); n];
    for &(i, j) in ones {
        if i != j {
            adjacent[i].push(j);
            adjacent[j].push(i);
        }
    }
    for a in &mut adjacent {
        a.sort_unstable();
        a.dedup();
    }
    let degrees: Vec<usize> = adjacent.iter().map(Vec::len).collect();
    for a in &mut adjacent {
        a.sort_by_key(|&v| (degrees[v], v));
    }
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut by_degree: Vec<usize> = (0..n).collect();
    by_degree.sort_by_key(|&v| (degrees[v], v));
    let bfs = |start: usize, seen: &mut Vec<bool>, out: &mut Vec<usize>| {
        let from = out.len();
        seen[start] = true;
        out.push(start);
        let mut k = from;
        while k < out.len() {
            let v = out[k];
            k += 1;
            for &u in &adjacent[v] {
                if !seen[u] {
                    seen[u] = true;
                    out.push(u);
                }
            }
        }
    };
    for &start in &by_degree {
        if seen[start] {
            continue;
        }
        // One sweep: the last vertex reached from `start` is far from it.
        let mut trial = Vec::new();
        let mut mark = seen.clone();
        bfs(start, &mut mark, &mut trial);
        let last = trial[trial.len() - 1];
        let far = trial
            .iter()
            .rev()
            .take_while(|&&v| v == last || degrees[v] >= degrees[last])
            .copied()
            .min_by_key(|&v| degrees[v])
            .unwrap_or(last);
        bfs(far, &mut seen, &mut order);
    }
    order.reverse();
    order
}

/// Solves `A·x = b` over GF(p) (`p` prime), `A` the `n` × `n` matrix with
/// entries 1 at `ones` (row, column; repeats count once), eliminating the
/// unknowns in `order`.
///
/// Refused up front when the stored rows or the work of that order's front
/// pass [`MAX_BAND_BYTES`] or [`MAX_BAND_WORK`].
pub fn solve(
    p: u8,
    n: usize,
    ones: &[(usize, usize)],
    rhs: &[u8],
    order: &[usize],
) -> Result<BandSolution> {
    assert_eq!(rhs.len(), n, "right-hand side length");
    assert_eq!(order.len(), n, "one place per unknown");
    let layout = Layout::new(n, ones, order);
    layout.check(p)?;
    Ok(if p == 2 {
        layout.eliminate(&Gf2, rhs)
    } else {
        layout.eliminate(&Gfp::new(p), rhs)
    })
}

/// The equations, their columns renumbered by the order, and the front.
struct Layout {
    n: usize,
    /// `order[k]`: the unknown in column `k`.
    order: Vec<usize>,
    /// Per equation, its columns (in the order), increasing.
    rows: Vec<Vec<usize>>,
    /// Equations with at least one entry, by first column.
    entering: Vec<usize>,
    front: usize,
}

impl Layout {
    fn new(n: usize, ones: &[(usize, usize)], order: &[usize]) -> Self {
        let mut place = vec![0; n];
        for (k, &u) in order.iter().enumerate() {
            place[u] = k;
        }
        let mut rows = vec![Vec::new(); n];
        for &(i, j) in ones {
            rows[i].push(place[j]);
        }
        for r in &mut rows {
            r.sort_unstable();
            r.dedup();
        }
        let mut entering: Vec<usize> = (0..n).filter(|&i| !rows[i].is_empty()).collect();
        entering.sort_by_key(|&i| rows[i][0]);
        // A waiting row at column c spans c..=H(c), H(c) the last column of the rows entered by c.
        let (mut front, mut reach, mut next) = (0, 0, 0);
        for c in 0..n {
            while next < entering.len() && rows[entering[next]][0] == c {
                reach = reach.max(*rows[entering[next]].last().unwrap_or(&c));
                next += 1;
            }
            if next > 0 && reach >= c {
                front = front.max(reach - c + 1);
            }
        }
        Layout {
            n,
            order: order.to_vec(),
            rows,
            entering,
            front,
        }
    }

    /// Window units per row: enough for `front` columns starting anywhere in a 64-column block.
    fn words(&self) -> usize {
        (self.front + 2 * BLOCK - 1) / BLOCK
    }

    fn check(&self, p: u8) -> Result<()> {
        let per_unit: u128 = if p == 2 { 8 } else { BLOCK as u128 };
        let n = self.n as u128;
        let bytes = n * self.words() as u128 * per_unit;
        let work = n * self.front as u128 * (self.words() as u128 * BLOCK as u128)
            / if p == 2 { BLOCK as u128 } else { 1 };
        if bytes > MAX_BAND_BYTES || work > MAX_BAND_WORK {
            return Err(Error::TooLarge {
                bound: Bound::Other("elimination front (columns a waiting row spans)"),
                got: self.front.into(),
                limit: self.largest_front(p).into(),
                note: format!(
                    " for {} unknowns over GF({p}): the rows would take {bytes} bytes (at most {MAX_BAND_BYTES}) and {work} operations (at most {MAX_BAND_WORK})",
                    self.n
                ),
            });
        }
        Ok(())
    }

    /// The widest front `check` accepts at this size.
    fn largest_front(&self, p: u8) -> usize {
        let (mut lo, mut hi) = (0usize, self.n.max(1));
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            let probe = Layout {
                n: self.n,
                order: Vec::new(),
                rows: Vec::new(),
                entering: Vec::new(),
                front: mid,
            };
            let fits = {
                let n = self.n as u128;
                let w = probe.words() as u128;
                let per_unit: u128 = if p == 2 { 8 } else { BLOCK as u128 };
                let work =
                    n * mid as u128 * w * BLOCK as u128 / if p == 2 { BLOCK as u128 } else { 1 };
                n * w * per_unit <= MAX_BAND_BYTES && work <= MAX_BAND_WORK
            };
            if fits {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    fn eliminate<F: Field>(&self, field: &F, rhs: &[u8]) -> BandSolution {
        let echelon = self.forward(field, rhs);
        self.back_substitute(field, &echelon)
    }

    /// Forward elimination, column by column: each row enters the front at
    /// its first column, and the waiting row with the nearest reach among
    /// those nonzero at the column becomes its pivot.
    fn forward<F: Field>(&self, field: &F, rhs: &[u8]) -> Echelon<F::Unit> {
        let n = self.n;
        let units = self.words() * BLOCK / F::COLUMNS;
        let mut waiting: Vec<Waiting<F::Unit>> = Vec::new();
        let mut pivots: Vec<Pivot<F::Unit>> = Vec::new();
        let mut free = Vec::new();
        // An equation with no entry is consistent only if its right side is 0.
        let mut consistent = (0..n).all(|i| !self.rows[i].is_empty() || rhs[i] == 0);
        let mut next = 0;
        let mut base = 0;
        for c in 0..n {
            if c >= base + BLOCK {
                base += BLOCK;
                consistent &= slide::<F>(&mut waiting, units);
            }
            while next < self.entering.len() && self.rows[self.entering[next]][0] == c {
                let i = self.entering[next];
                let mut data = vec![F::Unit::default(); units];
                for &j in &self.rows[i] {
                    F::set(&mut data, j - base, 1);
                }
                waiting.push(Waiting {
                    data,
                    rhs: rhs[i] % field.p(),
                    reach: *self.rows[i].last().unwrap_or(&c),
                });
                next += 1;
            }
            let at = c - base;
            let chosen = (0..waiting.len())
                .filter(|&k| F::get(&waiting[k].data, at) != 0)
                .min_by_key(|&k| waiting[k].reach);
            let Some(k) = chosen else {
                free.push(c);
                continue;
            };
            let pivot = waiting.swap_remove(k);
            pivots.push(pivot_on(field, pivot, &mut waiting, c, base));
        }
        // Every waiting row is now 0 = rhs.
        if waiting.iter().any(|w| w.rhs != 0) {
            consistent = false;
        }
        Echelon {
            pivots,
            free,
            consistent,
        }
    }

    /// Back substitution through the pivots: a kernel vector for each free
    /// column, and the particular solution when the system is consistent,
    /// each put back from the elimination's order to the unknowns'.
    fn back_substitute<F: Field>(&self, field: &F, echelon: &Echelon<F::Unit>) -> BandSolution {
        let n = self.n;
        let units = self.words() * BLOCK / F::COLUMNS;
        let back = |x: &mut Vec<F::Unit>, with_rhs: bool, below: usize| {
            for pv in echelon.pivots.iter().rev().skip_while(|pv| pv.col >= below) {
                let start = pv.base / F::COLUMNS;
                let span = (pv.col - pv.base) / F::COLUMNS..(pv.reach - pv.base) / F::COLUMNS + 1;
                let d = field.dot(
                    &pv.data[span.clone()],
                    &x[start + span.start..start + span.end],
                );
                let r = if with_rhs { pv.rhs } else { 0 };
                F::set(x, pv.col, field.sub(r, d));
            }
        };
        let len = (n + BLOCK) / F::COLUMNS + units;
        let unorder = |x: &[F::Unit]| {
            let mut v = vec![0u8; n];
            for (k, &u) in self.order.iter().enumerate() {
                v[u] = F::get(x, k);
            }
            v
        };
        let kernel = echelon
            .free
            .iter()
            .map(|&f| {
                let mut x = vec![F::Unit::default(); len];
                F::set(&mut x, f, 1);
                back(&mut x, false, f);
                unorder(&x)
            })
            .collect();
        let particular = echelon.consistent.then(|| {
            let mut x = vec![F::Unit::default(); len];
            back(&mut x, true, n);
            unorder(&x)
        });
        BandSolution { particular, kernel }
    }
}

/// Moves every waiting row's window on by one block, dropping the rows left
/// empty; `false` when one of them reads 0 = a nonzero right side.
fn slide<F: Field>(waiting: &mut Vec<Waiting<F::Unit>>, units: usize) -> bool {
    let shift = BLOCK / F::COLUMNS;
    let mut consistent = true;
    waiting.retain_mut(|w| {
        w.data.copy_within(shift.., 0);
        w.data[units - shift..].fill(F::Unit::default());
        let empty = w.data.iter().all(|&u| u == F::Unit::default());
        if empty && w.rhs != 0 {
            consistent = false;
        }
        !empty
    });
    consistent
}

/// Makes `pivot` the pivot of column `c` (window from `base`): scaled to 1
/// there, and subtracted from every waiting row nonzero at `c`.
fn pivot_on<F: Field>(
    field: &F,
    mut pivot: Waiting<F::Unit>,
    waiting: &mut [Waiting<F::Unit>],
    c: usize,
    base: usize,
) -> Pivot<F::Unit> {
    let at = c - base;
    let inv = field.inverse(F::get(&pivot.data, at));
    if inv != 1 {
        field.scale(&mut pivot.data, inv);
        pivot.rhs = field.mul(pivot.rhs, inv);
    }
    // The pivot row is 0 outside columns at..=reach.
    let span = at / F::COLUMNS..(pivot.reach - base) / F::COLUMNS + 1;
    for w in waiting {
        let f = F::get(&w.data, at);
        if f != 0 {
            let (d, s) = (&mut w.data[span.clone()], &pivot.data[span.clone()]);
            field.sub_scaled(d, s, f);
            w.rhs = field.sub(w.rhs, field.mul(f, pivot.rhs));
            w.reach = w.reach.max(pivot.reach);
        }
    }
    Pivot {
        col: c,
        base,
        reach: pivot.reach,
        data: pivot.data,
        rhs: pivot.rhs,
    }
}

/// What forward elimination leaves: the pivot rows in column order, the
/// free columns, and whether no row read 0 = a nonzero right side.
struct Echelon<U> {
    pivots: Vec<Pivot<U>>,
    free: Vec<usize>,
    consistent: bool,
}

/// Columns per block: windows move 64 columns at a time.
const BLOCK: usize = 64;

/// A row waiting for its pivot: its window (from the current block), right side and last column.
struct Waiting<U> {
    data: Vec<U>,
    rhs: u8,
    reach: usize,
}

/// A pivot row, normalised to 1 at `col` and 0 beyond `reach`; its window starts at column `base`.
struct Pivot<U> {
    col: usize,
    base: usize,
    reach: usize,
    data: Vec<U>,
    rhs: u8,
}

/// Arithmetic of GF(p) on runs of columns.
trait Field {
    /// What holds `COLUMNS` columns.
    type Unit: Copy + Default + PartialEq;
    /// Columns per unit.
    const COLUMNS: usize;
    fn p(&self) -> u8;
    fn get(row: &[Self::Unit], j: usize) -> u8;
    fn set(row: &mut [Self::Unit], j: usize, v: u8);
    /// `dst −= f·src`.
    fn sub_scaled(&self, dst: &mut [Self::Unit], src: &[Self::Unit], f: u8);
    fn scale(&self, row: &mut [Self::Unit], f: u8);
    /// `row · x`.
    fn dot(&self, row: &[Self::Unit], x: &[Self::Unit]) -> u8;
    fn mul(&self, a: u8, b: u8) -> u8 {
        ((a as u32 * b as u32) % self.p() as u32) as u8
    }
    fn sub(&self, a: u8, b: u8) -> u8 {
        let p = self.p() as u32;
        ((a as u32 + p - b as u32 % p) % p) as u8
    }
    fn inverse(&self, a: u8) -> u8 {
        crate::linalg::modular::inverse(a, self.p())
    }
}

/// GF(2): 64 columns to a word, addition is XOR.
struct Gf2;

impl Field for Gf2 {
    type Unit = u64;
    const COLUMNS: usize = 64;
    fn p(&self) -> u8 {
        2
    }
    fn get(row: &[u64], j: usize) -> u8 {
        (row[j / 64] >> (j % 64)) as u8 & 1
    }
    fn set(row: &mut [u64], j: usize, v: u8) {
        let bit = 1u64 << (j % 64);
        if v & 1 == 1 {
            row[j / 64] |= bit;
        } else {
            row[j / 64] &= !bit;
        }
    }
    fn sub_scaled(&self, dst: &mut [u64], src: &[u64], _f: u8) {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d ^= s;
        }
    }
    fn scale(&self, _row: &mut [u64], _f: u8) {}
    fn dot(&self, row: &[u64], x: &[u64]) -> u8 {
        let ones: u32 = row.iter().zip(x).map(|(&a, &b)| (a & b).count_ones()).sum();
        (ones & 1) as u8
    }
}

/// GF(p), p odd: one byte per column; a product is reduced by one multiplication
/// by `⌈2^24/p⌉` and a shift (exact for every value below 2^16 when p < 256;
/// Granlund & Montgomery, "Division by invariant integers using
/// multiplication", PLDI 1994), which vectorises.
struct Gfp {
    p: u8,
    reciprocal: u32,
}

impl Gfp {
    fn new(p: u8) -> Self {
        Gfp {
            p,
            reciprocal: (1u32 << 24).div_ceil(p as u32),
        }
    }
}

impl Field for Gfp {
    type Unit = u8;
    const COLUMNS: usize = 1;
    fn p(&self) -> u8 {
        self.p
    }
    fn get(row: &[u8], j: usize) -> u8 {
        row[j]
    }
    fn set(row: &mut [u8], j: usize, v: u8) {
        row[j] = v;
    }
    fn sub_scaled(&self, dst: &mut [u8], src: &[u8], f: u8) {
        let (p, r) = (self.p as u32, self.reciprocal);
        let g = p - f as u32;
        for (d, &s) in dst.iter_mut().zip(src) {
            let t = *d as u32 + g * s as u32;
            *d = (t - ((t * r) >> 24) * p) as u8;
        }
    }
    fn scale(&self, row: &mut [u8], f: u8) {
        for v in row {
            *v = self.mul(*v, f);
        }
    }
    fn dot(&self, row: &[u8], x: &[u8]) -> u8 {
        // Sums of 4096 products below 2^16 fit in 32 bits.
        let sum: u64 = row
            .chunks(4096)
            .zip(x.chunks(4096))
            .map(|(a, b)| {
                let s: u32 = a.iter().zip(b).map(|(&a, &b)| a as u32 * b as u32).sum();
                s as u64
            })
            .sum();
        (sum % self.p as u64) as u8
    }
}

#[cfg(test)]
mod tests;
