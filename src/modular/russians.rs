//! Dense elimination over GF(p), p an odd prime, by the method of four Russians: one byte per entry, tables of all `p^k` combinations of `k` pivot rows.
//!
//! The method of four Russians (Arlazarov, Dinic, Kronrod & Faradzev, 1970)
//! as M4RI applies it to elimination over GF(2) (Albrecht, Bard & Hart,
//! "Algorithm 898", ACM TOMS 37(1), 2010; [`crate::gf2::BitMatrix::reduce`]),
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

use super::{add_mod, inverse};

/// The most combinations a table may hold: `k` is the largest with `p^k` at most this.
const MAX_TABLE: usize = 343;

/// Tables per block: each pass over the rows below clears up to `k × TABLES` pivot columns.
const TABLES: usize = 4;

/// The bytes of all tables of a block that one stripe may take (they stay in the processor's L2 cache).
const STRIPE_BYTES: usize = 1 << 20;

/// A dense matrix over GF(p), entries `0..p` one byte each, its last column the right-hand side.
pub(crate) struct Core {
    p: u8,
    width: usize,
    rows: usize,
    cells: Vec<u8>,
}

impl Core {
    /// A `rows` × `width` zero matrix over GF(p).
    pub(crate) fn zeros(rows: usize, width: usize, p: u8) -> Self {
        Core {
            p,
            width,
            rows,
            cells: vec![0; rows * width],
        }
    }

    /// Row `i`, entries to be set below `p`.
    pub(crate) fn row_mut(&mut self, i: usize) -> &mut [u8] {
        &mut self.cells[i * self.width..(i + 1) * self.width]
    }

    /// Solves the system whose augmented matrix this is (the last column the
    /// right-hand side): one solution with the free unknowns 0, or `None`
    /// when there is none, and a kernel basis (one vector per free unknown).
    pub(crate) fn solve(mut self) -> (Option<Vec<u8>>, Vec<Vec<u8>>) {
        let (p, w) = (self.p as u32, self.width);
        let unknowns = w.saturating_sub(1);
        let pivot_col = self.echelon(unknowns);
        let rank = pivot_col.len();
        let cells = &self.cells;
        let consistent = (rank..self.rows).all(|i| cells[i * w + unknowns] == 0);
        let mut is_pivot = vec![false; unknowns];
        pivot_col.iter().for_each(|&c| is_pivot[c] = true);
        // Back substitution through the pivot rows (each 1 at its pivot), last first.
        let back = |x: &mut Vec<u8>, with_rhs: bool| {
            for k in (0..rank).rev() {
                let c = pivot_col[k];
                let row = &cells[k * w..(k + 1) * w];
                let sum: u32 = (c + 1..unknowns)
                    .filter(|&j| x[j] != 0)
                    .map(|j| row[j] as u32 * x[j] as u32 % p)
                    .sum();
                let b = if with_rhs { row[unknowns] as u32 } else { 0 };
                x[c] = ((b + p - sum % p) % p) as u8;
            }
        };
        let particular = consistent.then(|| {
            let mut x = vec![0u8; unknowns];
            back(&mut x, true);
            x
        });
        let kernel = (0..unknowns)
            .filter(|&f| !is_pivot[f])
            .map(|f| {
                let mut x = vec![0u8; unknowns];
                x[f] = 1;
                back(&mut x, false);
                x
            })
            .collect();
        (particular, kernel)
    }

    /// Brings the first `cols` columns to row echelon form in place, each
    /// pivot scaled to 1; returns the pivot column of rows `0..rank`, increasing.
    fn echelon(&mut self, cols: usize) -> Vec<usize> {
        let k = table_order(self.p);
        let mut pivots = Vec::new();
        let mut c = 0;
        while c < cols && pivots.len() < self.rows {
            let r = pivots.len();
            let end = (c + k * TABLES).min(cols);
            let found = self.block_pivots(r, c, end);
            if !found.is_empty() && r + found.len() < self.rows {
                self.clear_below(r, c, &found, k);
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
            self.p,
        );
        add_mod(
            &mut self.cells[dst * w + from..(dst + 1) * w],
            &scaled,
            self.p,
        );
    }

    /// The pivots of columns `c..end` among rows `r..`, brought to rows
    /// `r..r+f`, scaled to 1 and reduced among themselves. A candidate row is
    /// first tested on the block's entries only, as the earlier pivots would
    /// reduce it; rows are changed only when one is chosen.
    fn block_pivots(&mut self, r: usize, c: usize, end: usize) -> Vec<usize> {
        let (w, p) = (self.width, self.p);
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
                        multiple(&mut scaled, &pivot_block[t], p - x, p);
                        add_mod(&mut scratch, &scaled, p);
                    }
                }
                scratch[j - c] != 0
            });
            let Some(i) = hit else {
                continue;
            };
            for (t, &pc) in found.iter().enumerate() {
                let x = self.cells[i * w + pc];
                if x != 0 {
                    self.add_scaled(i, r + t, p - x, c);
                }
            }
            if i != r + f {
                let (a, b) = self.cells.split_at_mut(i * w);
                a[(r + f) * w..(r + f + 1) * w].swap_with_slice(&mut b[..w]);
            }
            let scale = inverse(self.cells[(r + f) * w + j], p);
            let row = &mut self.cells[(r + f) * w + c..(r + f + 1) * w];
            let mut unit = vec![0u8; row.len()];
            multiple(&mut unit, row, scale, p);
            row.copy_from_slice(&unit);
            for t in 0..f {
                let x = self.cells[(r + t) * w + j];
                if x != 0 {
                    self.add_scaled(r + t, r + f, p - x, c);
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
    /// below, `k` pivots per table, the tables built one stripe at a time.
    fn clear_below(&mut self, r: usize, c: usize, found: &[usize], k: usize) {
        let (w, p) = (self.width, self.p);
        let f = found.len();
        let groups: Vec<&[usize]> = found.chunks(k).collect();
        let below = r + f..self.rows;
        // Per row below and per group, the combination that clears its pivot
        // columns: digit t is −(entry at the group's pivot t), base p. The
        // pivot rows are 0 at each other's columns, so the groups do not interact.
        let mut index: Vec<u16> = Vec::with_capacity(below.len() * groups.len());
        for i in below {
            let row = &self.cells[i * w..(i + 1) * w];
            for g in &groups {
                let digits = g.iter().rev().map(|&pc| (p - row[pc]) % p);
                index.push(digits.fold(0, |acc, d| acc * p as u16 + d as u16));
            }
        }
        let entries = (p as usize).pow(k as u32);
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
                build_table(table, stripe, len, group.len(), p, |t| {
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
                p,
            );
            s = e;
        }
    }
}

/// The largest `k` with `p^k` at most [`MAX_TABLE`].
fn table_order(p: u8) -> usize {
    let mut k = 1;
    while (p as usize).pow(k as u32 + 1) <= MAX_TABLE {
        k += 1;
    }
    k
}

/// `dst = m·src` mod p by doubling and adding (additions mod p only, which vectorise).
fn multiple(dst: &mut [u8], src: &[u8], m: u8, p: u8) {
    // Bits of m from the top: dst = 2·dst (+ src).
    dst.fill(0);
    for bit in (0..8).rev().skip_while(|&b| m >> b == 0) {
        for d in dst.iter_mut() {
            let t = *d as u16 * 2;
            *d = (if t >= p as u16 { t - p as u16 } else { t }) as u8;
        }
        if m >> bit & 1 == 1 {
            add_mod(dst, src, p);
        }
    }
}

/// All `p^size` combinations of the `size` rows `row(t)` (each `len` entries)
/// into `table` (a row every `stride` bytes): entry `Σ d_t·p^t` is `Σ d_t·row(t)`.
fn build_table<'a>(
    table: &mut [u8],
    stride: usize,
    len: usize,
    size: usize,
    p: u8,
    row: impl Fn(usize) -> &'a [u8],
) {
    table[..len].fill(0);
    let mut span = 1;
    for t in 0..size {
        let src = row(t);
        for d in 1..p as usize {
            for low in 0..span {
                let (before, after) = table.split_at_mut((d * span + low) * stride);
                let prev = &before[((d - 1) * span + low) * stride..][..len];
                let dst = &mut after[..len];
                dst.copy_from_slice(prev);
                add_mod(dst, src, p);
            }
        }
        span *= p as usize;
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
    p: u8,
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (just checked), the one requirement of `clear_stripe_avx2`.
        unsafe {
            return clear_stripe_avx2(rows, w, s, len, index, groups, tables, entries, stride, p);
        }
    }
    clear_stripe_body(rows, w, s, len, index, groups, tables, entries, stride, p)
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
    p: u8,
) {
    clear_stripe_body(rows, w, s, len, index, groups, tables, entries, stride, p)
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
    p: u8,
) {
    for (row, idx) in rows.chunks_exact_mut(w).zip(index.chunks_exact(groups)) {
        let dst = &mut row[s..s + len];
        for (g, &i) in idx.iter().enumerate() {
            if i != 0 {
                let at = (g * entries + i as usize) * stride;
                add_bytes(dst, &tables[at..at + len], p);
            }
        }
    }
}

/// `dst += src` entry by entry mod p, inlined (so that it is compiled for the caller's instruction set).
#[inline(always)]
fn add_bytes(dst: &mut [u8], src: &[u8], p: u8) {
    if p <= 128 {
        for (d, &s) in dst.iter_mut().zip(src) {
            let t = d.wrapping_add(s);
            *d = t.min(t.wrapping_sub(p));
        }
    } else {
        add_mod(dst, src, p);
    }
}

#[cfg(test)]
mod tests;
