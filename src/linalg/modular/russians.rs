//! Dense elimination over GF(p), p an odd prime, or over Z/p^e, by the method of four Russians: one byte per entry, tables of all `q^k` combinations of `k` pivot rows.
//!
//! The method of four Russians (Arlazarov, Dinic, Kronrod & Faradzev, 1970)
//! as M4RI applies it to elimination over GF(2) (Albrecht, Bard & Hart,
//! "Algorithm 898", ACM TOMS 37(1), 2010; [`crate::linalg::gf2::BitMatrix::reduce`]),
//! carried to small odd characteristic as Boothby & Bradshaw do
//! ("Bitslicing and the method of four Russians over larger finite fields",
//! 2009): the columns are taken in blocks; the pivots of a block are found
//! and reduced among themselves (each pivot row 1 at its own column and 0 at
//! the block's other pivot columns); for each `k` of them all `p^k`
//! combinations `Σ d_t·row_t` are tabulated, and every row below then clears
//! `k` pivot columns with one table row — the multiplier-free addition mod p
//! of [`add_mod`], which the compiler turns into byte-wide vector
//! instructions (AVX2 when the processor has it, found at run time). The
//! tables are built and used one stripe of columns at a time so that they
//! stay in cache (the cache blocking of FFLAS-FFPACK: Dumas, Giorgi &
//! Pernet, "Dense linear algebra over word-size prime fields: the FFLAS and
//! FFPACK packages", ACM TOMS 35(3), 2008).
//!
//! Over the local ring Z/q, q = p^e, the same elimination takes only unit
//! pivots (entries not divisible by p), which clear their columns exactly as
//! over a field. A column with no unit left is passed over; every entry of
//! it in the rows not yet pivots is then divisible by p, and stays so (only
//! those rows are combined afterwards). What remains once the columns run
//! out, the rows below the pivots at the passed-over columns, is a block
//! with every entry divisible by p, as small as the corank of the matrix
//! modulo p; it is finished by the Smith form over Z/p^e of
//! [`ModMatrix::solve`], which gives its kernel generators with their orders
//! p^v (the route of Kreh, "Lights Out and variants", Amer. Math. Monthly
//! 124(10), 2017: unit pivots as over GF(p), the rest by the Smith form over
//! the local ring).

use super::{add_mod, inverse, Generator, ModMatrix, Modulus};

/// The most combinations a table may hold: `k` is the largest with `q^k` at most this.
const MAX_TABLE: usize = 343;

/// Tables per block: each pass over the rows below clears up to `k × TABLES` pivot columns.
const TABLES: usize = 4;

/// The bytes of all tables of a block that one stripe may take (they stay in the processor's L2 cache).
const STRIPE_BYTES: usize = 1 << 20;

/// A dense matrix over Z/q (q a prime p or a power of it), entries `0..q`
/// one byte each, its last column the right-hand side.
pub(crate) struct Core {
    /// The modulus q.
    q: u8,
    /// The prime p of q.
    p: u8,
    width: usize,
    rows: usize,
    cells: Vec<u8>,
}

impl Core {
    /// A `rows` × `width` zero matrix over Z/q, `q` the prime `p` or a power of it.
    pub(crate) fn zeros(rows: usize, width: usize, p: u8, q: u8) -> Self {
        Core {
            q,
            p,
            width,
            rows,
            cells: vec![0; rows * width],
        }
    }

    /// Row `i`, entries to be set below `q`.
    pub(crate) fn row_mut(&mut self, i: usize) -> &mut [u8] {
        &mut self.cells[i * self.width..(i + 1) * self.width]
    }

    /// Solves the system whose augmented matrix this is (the last column the
    /// right-hand side): one solution, or `None` when there is none, and the
    /// kernel as generators with their orders (over GF(p) one per free
    /// unknown, of order p).
    pub(crate) fn solve(mut self) -> (Option<Vec<u8>>, Vec<Generator>) {
        let (q, w) = (self.q as u32, self.width);
        let unknowns = w.saturating_sub(1);
        let pivot_col = self.echelon(unknowns);
        let rank = pivot_col.len();
        let mut is_pivot = vec![false; unknowns];
        pivot_col.iter().for_each(|&c| is_pivot[c] = true);
        let free: Vec<usize> = (0..unknowns).filter(|&f| !is_pivot[f]).collect();
        // The free unknowns: the passed-over block by the Smith form over Z/q,
        // or over GF(p) (the block is then 0) any values, each free unknown a generator.
        let (values, generators) = self.passed_over(rank, &free);
        let cells = &self.cells;
        // Over Z/p^e a pivot row may hold multiples of p left of its pivot,
        // at passed-over columns; over GF(p) it is 0 there.
        let local = self.q != self.p;
        // Back substitution through the pivot rows (each 1 at its pivot), last first.
        let back = |x: &mut Vec<u8>, with_rhs: bool| {
            for k in (0..rank).rev() {
                let c = pivot_col[k];
                let row = &cells[k * w..(k + 1) * w];
                let from = if local { 0 } else { c + 1 };
                let sum: u32 = (from..unknowns)
                    .filter(|&j| x[j] != 0)
                    .map(|j| row[j] as u32 * x[j] as u32 % q)
                    .sum();
                let b = if with_rhs { row[unknowns] as u32 } else { 0 };
                x[c] = ((b + q - sum % q) % q) as u8;
            }
        };
        let at_free = |y: &[u8]| {
            let mut x = vec![0u8; unknowns];
            free.iter().zip(y).for_each(|(&f, &v)| x[f] = v);
            x
        };
        let particular = values.map(|y| {
            let mut x = at_free(&y);
            back(&mut x, true);
            x
        });
        let kernel = generators
            .into_iter()
            .map(|g| {
                let mut x = at_free(&g.vector);
                back(&mut x, false);
                Generator {
                    vector: x,
                    order: g.order,
                }
            })
            .collect();
        (particular, kernel)
    }

    /// The rows `rank..` at the columns `free` (every entry divisible by p)
    /// with their right-hand sides: the values of the free unknowns of one
    /// solution (`None` when there is none) and the kernel generators of the block.
    fn passed_over(&self, rank: usize, free: &[usize]) -> (Option<Vec<u8>>, Vec<Generator>) {
        let (w, unknowns) = (self.width, self.width.saturating_sub(1));
        let rows = rank..self.rows;
        if self.q == self.p {
            let consistent = rows.clone().all(|i| self.cells[i * w + unknowns] == 0);
            let unit = |t: usize| Generator {
                vector: (0..free.len()).map(|f| (f == t) as u8).collect(),
                order: self.p as u32,
            };
            return (
                consistent.then(|| vec![0; free.len()]),
                (0..free.len()).map(unit).collect(),
            );
        }
        let mut block = ModMatrix::zeros(rows.len(), free.len());
        let mut rhs = Vec::with_capacity(rows.len());
        for (k, i) in rows.enumerate() {
            let row = &self.cells[i * w..(i + 1) * w];
            for (t, &f) in free.iter().enumerate() {
                block.set(k, t, row[f]);
            }
            rhs.push(row[unknowns]);
        }
        let k = Modulus::new(self.q as u32).expect("q is from 2 to 255");
        let s = block.solve(&rhs, k);
        (s.particular, s.kernel)
    }

    /// Brings the first `cols` columns to row echelon form in place, each
    /// pivot a unit scaled to 1; returns the pivot column of rows `0..rank`, increasing.
    fn echelon(&mut self, cols: usize) -> Vec<usize> {
        let k = table_order(self.q);
        let mut pivots = Vec::new();
        let mut c = 0;
        // Over Z/p^e the rows below keep multiples of p at the passed-over
        // columns, so the row operations start at the first of those.
        let mut first_passed = usize::MAX;
        while c < cols && pivots.len() < self.rows {
            let r = pivots.len();
            let end = (c + k * TABLES).min(cols);
            let from = c.min(first_passed);
            let found = self.block_pivots(r, c, end, from);
            if !found.is_empty() && r + found.len() < self.rows {
                self.clear_below(r, from, &found, k);
            }
            if self.q != self.p {
                let passed = (c..end).find(|j| !found.contains(j));
                first_passed = first_passed.min(passed.unwrap_or(usize::MAX));
            }
            pivots.extend(found);
            c = end;
        }
        pivots
    }

    /// `row[dst] += m·row[src]` from column `from` on.
    fn add_scaled(&mut self, dst: usize, src: usize, m: u8, from: usize) {
        let w = self.width;
        let mut scaled = vec![0u8; w - from];
        multiple(
            &mut scaled,
            &self.cells[src * w + from..(src + 1) * w],
            m,
            self.q,
        );
        add_mod(
            &mut self.cells[dst * w + from..(dst + 1) * w],
            &scaled,
            self.q,
        );
    }

    /// The pivots of columns `c..end` among rows `r..` (units: over Z/p^e
    /// entries not divisible by p), brought to rows `r..r+f`, scaled to 1 and
    /// reduced among themselves, the rows changed from column `from` on. A
    /// candidate row is first tested on the block's entries only, as the
    /// earlier pivots would reduce it; rows are changed only when one is chosen.
    fn block_pivots(&mut self, r: usize, c: usize, end: usize, from: usize) -> Vec<usize> {
        let (w, q) = (self.width, self.q);
        let mut found: Vec<usize> = Vec::new();
        let mut pivot_block: Vec<Vec<u8>> = Vec::new();
        let mut scratch = vec![0u8; end - c];
        let mut scaled = vec![0u8; end - c];
        for j in c..end {
            let f = found.len();
            if r + f == self.rows {
                break;
            }
            let hit = (r + f..self.rows).find(|&i| {
                scratch.copy_from_slice(&self.cells[i * w + c..i * w + end]);
                for (t, &pc) in found.iter().enumerate() {
                    let x = scratch[pc - c];
                    if x != 0 {
                        multiple(&mut scaled, &pivot_block[t], q - x, q);
                        add_mod(&mut scratch, &scaled, q);
                    }
                }
                scratch[j - c] % self.p != 0
            });
            let Some(i) = hit else {
                continue;
            };
            for (t, &pc) in found.iter().enumerate() {
                let x = self.cells[i * w + pc];
                if x != 0 {
                    self.add_scaled(i, r + t, q - x, from);
                }
            }
            if i != r + f {
                let (a, b) = self.cells.split_at_mut(i * w);
                a[(r + f) * w..(r + f + 1) * w].swap_with_slice(&mut b[..w]);
            }
            let scale = inverse(self.cells[(r + f) * w + j], q);
            let row = &mut self.cells[(r + f) * w + from..(r + f + 1) * w];
            let mut unit = vec![0u8; row.len()];
            multiple(&mut unit, row, scale, q);
            row.copy_from_slice(&unit);
            for t in 0..f {
                let x = self.cells[(r + t) * w + j];
                if x != 0 {
                    self.add_scaled(r + t, r + f, q - x, from);
                }
            }
            found.push(j);
            pivot_block = (0..found.len())
                .map(|t| self.cells[(r + t) * w + c..(r + t) * w + end].to_vec())
                .collect();
        }
        found
    }

    /// Clears the pivot columns `found` (pivot rows `r..r+f`) in every row
    /// below, from column `c` on, `k` pivots per table, the tables built one stripe at a time.
    fn clear_below(&mut self, r: usize, c: usize, found: &[usize], k: usize) {
        let (w, q) = (self.width, self.q);
        let f = found.len();
        let groups: Vec<&[usize]> = found.chunks(k).collect();
        let below = r + f..self.rows;
        // Per row below and per group, the combination that clears its pivot
        // columns: digit t is −(entry at the group's pivot t), base q. The
        // pivot rows are 0 at each other's columns, so the groups do not interact.
        let mut index: Vec<u16> = Vec::with_capacity(below.len() * groups.len());
        for i in below {
            let row = &self.cells[i * w..(i + 1) * w];
            for g in &groups {
                let digits = g.iter().rev().map(|&pc| (q - row[pc]) % q);
                index.push(digits.fold(0, |acc, d| acc * q as u16 + d as u16));
            }
        }
        let entries = (q as usize).pow(k as u32);
        let stripe = (STRIPE_BYTES / (entries * groups.len()))
            .max(64)
            .next_multiple_of(64);
        let (head, tail) = self.cells.split_at_mut((r + f) * w);
        let pivot_rows = &head[r * w..];
        let mut tables = vec![0u8; groups.len() * entries * stripe];
        let mut s = c;
        while s < w {
            let e = (s + stripe).min(w);
            let len = e - s;
            for (g, group) in groups.iter().enumerate() {
                let table = &mut tables[g * entries * stripe..(g + 1) * entries * stripe];
                let first = g * k;
                build_table(table, stripe, len, group.len(), q, |t| {
                    &pivot_rows[(first + t) * w + s..(first + t) * w + e]
                });
            }
            clear_stripe(
                tail,
                w,
                s,
                len,
                &index,
                groups.len(),
                &tables,
                entries,
                stripe,
                q,
            );
            s = e;
        }
    }
}

/// The largest `k` with `q^k` at most [`MAX_TABLE`].
fn table_order(q: u8) -> usize {
    let mut k = 1;
    while (q as usize).pow(k as u32 + 1) <= MAX_TABLE {
        k += 1;
    }
    k
}

/// `dst = m·src` mod q by doubling and adding (additions mod q only, which vectorise).
fn multiple(dst: &mut [u8], src: &[u8], m: u8, q: u8) {
    // Bits of m from the top: dst = 2·dst (+ src).
    dst.fill(0);
    for bit in (0..8).rev().skip_while(|&b| m >> b == 0) {
        for d in dst.iter_mut() {
            let t = *d as u16 * 2;
            *d = (if t >= q as u16 { t - q as u16 } else { t }) as u8;
        }
        if m >> bit & 1 == 1 {
            add_mod(dst, src, q);
        }
    }
}

/// All `q^size` combinations of the `size` rows `row(t)` (each `len` entries)
/// into `table` (a row every `stride` bytes): entry `Σ d_t·q^t` is `Σ d_t·row(t)`.
fn build_table<'a>(
    table: &mut [u8],
    stride: usize,
    len: usize,
    size: usize,
    q: u8,
    row: impl Fn(usize) -> &'a [u8],
) {
    table[..len].fill(0);
    let mut span = 1;
    for t in 0..size {
        let src = row(t);
        for d in 1..q as usize {
            for low in 0..span {
                let (before, after) = table.split_at_mut((d * span + low) * stride);
                let prev = &before[((d - 1) * span + low) * stride..][..len];
                let dst = &mut after[..len];
                dst.copy_from_slice(prev);
                add_mod(dst, src, q);
            }
        }
        span *= q as usize;
    }
}

/// Adds to the columns `s..s+len` of every row of `rows` (rows of `w`
/// entries) its table rows, one per group: AVX2 when the processor has it.
#[allow(clippy::too_many_arguments)]
fn clear_stripe(
    rows: &mut [u8],
    w: usize,
    s: usize,
    len: usize,
    index: &[u16],
    groups: usize,
    tables: &[u8],
    entries: usize,
    stride: usize,
    q: u8,
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (just checked), the one requirement of `clear_stripe_avx2`.
        unsafe {
            return clear_stripe_avx2(rows, w, s, len, index, groups, tables, entries, stride, q);
        }
    }
    clear_stripe_body(rows, w, s, len, index, groups, tables, entries, stride, q)
}

/// [`clear_stripe_body`] compiled for AVX2.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
unsafe fn clear_stripe_avx2(
    rows: &mut [u8],
    w: usize,
    s: usize,
    len: usize,
    index: &[u16],
    groups: usize,
    tables: &[u8],
    entries: usize,
    stride: usize,
    q: u8,
) {
    clear_stripe_body(rows, w, s, len, index, groups, tables, entries, stride, q)
}

/// The work of [`clear_stripe`], inlined into each instruction set's copy.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn clear_stripe_body(
    rows: &mut [u8],
    w: usize,
    s: usize,
    len: usize,
    index: &[u16],
    groups: usize,
    tables: &[u8],
    entries: usize,
    stride: usize,
    q: u8,
) {
    for (row, idx) in rows.chunks_exact_mut(w).zip(index.chunks_exact(groups)) {
        let dst = &mut row[s..s + len];
        for (g, &i) in idx.iter().enumerate() {
            if i != 0 {
                let at = (g * entries + i as usize) * stride;
                add_bytes(dst, &tables[at..at + len], q);
            }
        }
    }
}

/// `dst += src` entry by entry mod q, inlined (so that it is compiled for the caller's instruction set).
#[inline(always)]
fn add_bytes(dst: &mut [u8], src: &[u8], q: u8) {
    if q <= 128 {
        for (d, &s) in dst.iter_mut().zip(src) {
            let t = d.wrapping_add(s);
            *d = t.min(t.wrapping_sub(q));
        }
    } else {
        add_mod(dst, src, q);
    }
}

#[cfg(test)]
mod tests;
