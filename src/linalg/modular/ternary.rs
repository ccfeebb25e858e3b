//! Dense elimination over GF(3), bit-sliced: a row is two bit vectors (where the entry is 1, where it is 2), reduced by the method of four Russians.
//!
//! Boothby & Bradshaw, "Bitslicing and the method of four Russians over
//! larger finite fields" (2009): with the entries of a row split into two
//! bit planes, 64 entries to a pair of words, the sum of two rows mod 3 is
//! seven word operations per pair (for `a = (a1, a2)`, `b = (b1, b2)`, one
//! bit where the entry is 1 and one where it is 2: `t = (a1 | b2) ^ (a2 |
//! b1)`, `r1 = (a2 | b2) ^ t`, `r2 = (a1 | b1) ^ t`) and negation swaps the
//! planes. The elimination is that of [`super::russians`] (itself M4RI's):
//! the pivots of a block of columns reduced among themselves, all `3^k`
//! combinations of each `k` of them tabulated one stripe of words at a time,
//! and one table row added to every row below per `k` pivots.

/// Pivots per table: a table holds the `3^5 = 243` combinations of five pivot rows.
const RUSSIANS: usize = 5;

/// Tables per block: each pass over the rows below clears up to `RUSSIANS × TABLES` columns.
const TABLES: usize = 4;

/// The words (both planes) of all tables of a block that one stripe may take (1 MiB: they stay in cache).
const STRIPE_WORDS: usize = 1 << 17;

/// A dense matrix over GF(3), bit-sliced, its last column the right-hand side.
pub(crate) struct Ternary {
    /// Words per plane of a row.
    words: usize,
    width: usize,
    rows: usize,
    /// Row `i`: its plane of 1s (`words` words), then its plane of 2s.
    bits: Vec<u64>,
}

impl Ternary {
    /// A `rows` × `width` zero matrix.
    pub(crate) fn zeros(rows: usize, width: usize) -> Self {
        let words = width.div_ceil(64);
        Ternary {
            words,
            width,
            rows,
            bits: vec![0; rows * 2 * words],
        }
    }

    /// Entry `(i, j)`.
    fn get(&self, i: usize, j: usize) -> u8 {
        let (base, q, b) = (i * 2 * self.words, j / 64, j % 64);
        let one = self.bits[base + q] >> b & 1;
        let two = self.bits[base + self.words + q] >> b & 1;
        (one + 2 * two) as u8
    }

    /// Sets entry `(i, j)` to `value mod 3`.
    pub(crate) fn set(&mut self, i: usize, j: usize, value: u8) {
        let (base, q, b) = (i * 2 * self.words, j / 64, j % 64);
        let v = value % 3;
        let (one, two) = (base + q, base + self.words + q);
        self.bits[one] = self.bits[one] & !(1 << b) | ((v == 1) as u64) << b;
        self.bits[two] = self.bits[two] & !(1 << b) | ((v == 2) as u64) << b;
    }

    /// Row `i` as its two planes from word `from` on.
    fn planes(&self, i: usize, from: usize) -> (&[u64], &[u64]) {
        let row = &self.bits[i * 2 * self.words..(i + 1) * 2 * self.words];
        let (one, two) = row.split_at(self.words);
        (&one[from..], &two[from..])
    }

    /// `row[dst] += m·row[src]` (`m` 1 or 2) from word `from` on.
    fn add_scaled(&mut self, dst: usize, src: usize, m: u8, from: usize) {
        let (s1, s2) = self.planes(src, from);
        let (s1, s2) = (s1.to_vec(), s2.to_vec());
        let (s1, s2) = if m == 2 { (s2, s1) } else { (s1, s2) };
        let w = self.words;
        let row = &mut self.bits[dst * 2 * w..(dst + 1) * 2 * w];
        let (d1, d2) = row.split_at_mut(w);
        add(&mut d1[from..], &mut d2[from..], &s1, &s2);
    }

    /// Solves the system: one solution (free unknowns 0) or `None`, and a kernel basis.
    pub(crate) fn solve(mut self) -> (Option<Vec<u8>>, Vec<Vec<u8>>) {
        let unknowns = self.width.saturating_sub(1);
        let pivot_col = self.echelon(unknowns);
        let rank = pivot_col.len();
        let consistent = (rank..self.rows).all(|i| self.get(i, unknowns) == 0);
        let mut is_pivot = vec![false; unknowns];
        pivot_col.iter().for_each(|&c| is_pivot[c] = true);
        // Back substitution, the unknowns bit-sliced too: a row times x is
        // read off popcounts (1·1 and 2·2 count 1, 1·2 and 2·1 count 2).
        let w = self.words;
        let back = |free: Option<usize>| {
            let (mut x1, mut x2) = (vec![0u64; w], vec![0u64; w]);
            if let Some(f) = free {
                x1[f / 64] |= 1 << (f % 64);
            }
            for k in (0..rank).rev() {
                let c = pivot_col[k];
                let (a1, a2) = self.planes(k, 0);
                let mut same = 0;
                let mut cross = 0;
                for q in c / 64..w {
                    same += (a1[q] & x1[q]).count_ones() + (a2[q] & x2[q]).count_ones();
                    cross += (a1[q] & x2[q]).count_ones() + (a2[q] & x1[q]).count_ones();
                }
                let b = if free.is_none() {
                    self.get(k, unknowns) as u32
                } else {
                    0
                };
                let v = (b + 3 - (same + 2 * cross) % 3) % 3;
                x1[c / 64] |= ((v == 1) as u64) << (c % 64);
                x2[c / 64] |= ((v == 2) as u64) << (c % 64);
            }
            (0..unknowns)
                .map(|j| {
                    (x1[j / 64] >> (j % 64) & 1) as u8 + 2 * (x2[j / 64] >> (j % 64) & 1) as u8
                })
                .collect::<Vec<u8>>()
        };
        let particular = consistent.then(|| back(None));
        let kernel = (0..unknowns)
            .filter(|&f| !is_pivot[f])
            .map(|f| back(Some(f)))
            .collect();
        (particular, kernel)
    }

    /// Row echelon form of the first `cols` columns, each pivot 1; the pivot column of rows `0..rank`.
    fn echelon(&mut self, cols: usize) -> Vec<usize> {
        let mut pivots = Vec::new();
        let mut c = 0;
        while c < cols && pivots.len() < self.rows {
            let r = pivots.len();
            let end = (c + RUSSIANS * TABLES).min(cols);
            let found = self.block_pivots(r, c, end);
            if !found.is_empty() && r + found.len() < self.rows {
                self.clear_below(r, c, &found);
            }
            pivots.extend(found);
            c = end;
        }
        pivots
    }

    /// The pivots of columns `c..end` among rows `r..`, brought to rows
    /// `r..r+f`, scaled to 1 and reduced among themselves; a candidate is
    /// tested on the block's entries as the earlier pivots would reduce it.
    fn block_pivots(&mut self, r: usize, c: usize, end: usize) -> Vec<usize> {
        let from = c / 64;
        let mut found: Vec<usize> = Vec::new();
        let mut pivot_block: Vec<Vec<u8>> = Vec::new();
        for j in c..end {
            let f = found.len();
            if r + f == self.rows {
                break;
            }
            let hit = (r + f..self.rows).find(|&i| {
                let mut b: Vec<u8> = (c..end).map(|x| self.get(i, x)).collect();
                for (t, &pc) in found.iter().enumerate() {
                    let x = b[pc - c];
                    if x != 0 {
                        for (v, &u) in b.iter_mut().zip(&pivot_block[t]) {
                            *v = (*v + (3 - x) * u) % 3;
                        }
                    }
                }
                b[j - c] != 0
            });
            let Some(i) = hit else {
                continue;
            };
            for (t, &pc) in found.iter().enumerate() {
                let x = self.get(i, pc);
                if x != 0 {
                    self.add_scaled(i, r + t, 3 - x, from);
                }
            }
            let w2 = 2 * self.words;
            if i != r + f {
                let (a, b) = self.bits.split_at_mut(i * w2);
                a[(r + f) * w2..(r + f + 1) * w2].swap_with_slice(&mut b[..w2]);
            }
            if self.get(r + f, j) == 2 {
                // Times 2 = negation: swap the planes.
                let row = &mut self.bits[(r + f) * w2..(r + f + 1) * w2];
                let (one, two) = row.split_at_mut(self.words);
                one.swap_with_slice(two);
            }
            for t in 0..f {
                let x = self.get(r + t, j);
                if x != 0 {
                    self.add_scaled(r + t, r + f, 3 - x, from);
                }
            }
            found.push(j);
            pivot_block = (0..found.len())
                .map(|t| (c..end).map(|x| self.get(r + t, x)).collect())
                .collect();
        }
        found
    }

    /// Clears the pivot columns `found` (rows `r..r+f`) in every row below,
    /// [`RUSSIANS`] pivots per table, the tables built one stripe of words at a time.
    fn clear_below(&mut self, r: usize, c: usize, found: &[usize]) {
        let f = found.len();
        let groups: Vec<&[usize]> = found.chunks(RUSSIANS).collect();
        let mut index: Vec<u16> = Vec::with_capacity((self.rows - r - f) * groups.len());
        for i in r + f..self.rows {
            for g in &groups {
                let digits = g.iter().rev().map(|&pc| (3 - self.get(i, pc)) % 3);
                index.push(digits.fold(0, |acc, d| acc * 3 + d as u16));
            }
        }
        let entries = 3usize.pow(RUSSIANS as u32);
        let stripe = (STRIPE_WORDS / (2 * entries * groups.len())).max(8);
        let w = self.words;
        let mut tables = vec![0u64; groups.len() * entries * 2 * stripe];
        let (head, tail) = self.bits.split_at_mut((r + f) * 2 * w);
        let pivot_rows = &head[r * 2 * w..];
        let mut s = c / 64;
        while s < w {
            let e = (s + stripe).min(w);
            let len = e - s;
            for (g, group) in groups.iter().enumerate() {
                let table = &mut tables[g * entries * 2 * stripe..(g + 1) * entries * 2 * stripe];
                table[..2 * stripe].fill(0);
                let mut span = 1;
                for t in 0..group.len() {
                    let row = &pivot_rows[(g * RUSSIANS + t) * 2 * w..][..2 * w];
                    let (p1, p2) = (&row[s..e], &row[w + s..w + e]);
                    for d in 1..3 {
                        for low in 0..span {
                            let (before, after) = table.split_at_mut((d * span + low) * 2 * stripe);
                            let prev = &before[((d - 1) * span + low) * 2 * stripe..][..2 * stripe];
                            let (d1, d2) = after[..2 * stripe].split_at_mut(stripe);
                            d1[..len].copy_from_slice(&prev[..len]);
                            d2[..len].copy_from_slice(&prev[stripe..stripe + len]);
                            add(&mut d1[..len], &mut d2[..len], p1, p2);
                        }
                    }
                    span *= 3;
                }
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
            );
            s = e;
        }
    }
}

/// `(a1, a2) += (b1, b2)` mod 3, plane by plane (the formula of the module doc).
#[inline(always)]
fn add(a1: &mut [u64], a2: &mut [u64], b1: &[u64], b2: &[u64]) {
    for (((x1, x2), &y1), &y2) in a1.iter_mut().zip(a2.iter_mut()).zip(b1).zip(b2) {
        let t = (*x1 | y2) ^ (*x2 | y1);
        let r1 = (*x2 | y2) ^ t;
        let r2 = (*x1 | y1) ^ t;
        *x1 = r1;
        *x2 = r2;
    }
}

/// Adds to words `s..s+len` of both planes of every row of `rows` its table
/// rows, one per group: AVX2 when the processor has it.
#[allow(clippy::too_many_arguments)]
fn clear_stripe(
    rows: &mut [u64],
    w: usize,
    s: usize,
    len: usize,
    index: &[u16],
    groups: usize,
    tables: &[u64],
    entries: usize,
    stripe: usize,
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (just checked), the one requirement of `clear_stripe_avx2`.
        unsafe {
            return clear_stripe_avx2(rows, w, s, len, index, groups, tables, entries, stripe);
        }
    }
    clear_stripe_body(rows, w, s, len, index, groups, tables, entries, stripe)
}

/// [`clear_stripe_body`] compiled for AVX2.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
unsafe fn clear_stripe_avx2(
    rows: &mut [u64],
    w: usize,
    s: usize,
    len: usize,
    index: &[u16],
    groups: usize,
    tables: &[u64],
    entries: usize,
    stripe: usize,
) {
    clear_stripe_body(rows, w, s, len, index, groups, tables, entries, stripe)
}

/// The work of [`clear_stripe`], inlined into each instruction set's copy.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn clear_stripe_body(
    rows: &mut [u64],
    w: usize,
    s: usize,
    len: usize,
    index: &[u16],
    groups: usize,
    tables: &[u64],
    entries: usize,
    stripe: usize,
) {
    for (row, idx) in rows.chunks_exact_mut(2 * w).zip(index.chunks_exact(groups)) {
        let (one, two) = row.split_at_mut(w);
        let (d1, d2) = (&mut one[s..s + len], &mut two[s..s + len]);
        for (g, &i) in idx.iter().enumerate() {
            if i != 0 {
                let at = (g * entries + i as usize) * 2 * stripe;
                add(
                    d1,
                    d2,
                    &tables[at..at + len],
                    &tables[at + stripe..at + stripe + len],
                );
            }
        }
    }
}
