//! Open tours of boards with 4 (or fewer) rows by a frontier dynamic programme.
//!
//! The squares are taken column by column; a knight move joins squares at
//! most `2·rows + 1` apart in that order, so when a square is added only the
//! last `2·rows + 1` squares (the frontier) can still gain moves. The state is,
//! for each frontier square, whether it is unused, an end of a path fragment
//! (and which fragment) or full (two moves), plus whether the path's second
//! end (the start being the first) is already fixed. Adding a square tries
//! every set of at most two moves back into the frontier that closes no cycle
//! and leaves no fragment cut off; a square leaving the frontier must be full
//! or a path end. This is the standard "broken profile" / transfer-matrix
//! method for Hamiltonian paths of graphs of bounded pathwidth (see e.g.
//! Kloks, *Treewidth*, LNCS 842, 1994, on dynamic programmes over path
//! decompositions); on 4 rows the frontier has 9 squares and a few hundred
//! states, so the programme is linear in the board length and exact: when it
//! finds nothing, there is no open tour from the start.

use super::{Knight, Tour};
use crate::control::Control;
use crate::grid::Pos;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Most states kept over the whole board (memory: 12 bytes each).
pub(crate) const MAX_STATES: usize = 40_000_000;

/// A frontier square that is unused.
const FREE: u8 = 0;
/// A frontier square with two moves (or the start with its one).
const FULL: u8 = 1;
/// Bit of the state: the second path end is fixed.
const END_FIXED: u64 = 1 << 60;
/// Bit of the state: the path is complete (only on the last square).
const DONE: u64 = 1 << 61;
/// Bit of the state: the path has its one move between the two inner rows
/// of a 4-row board (there is exactly one: `theorems`, `Impossible::OuterRows`).
const INNER: u64 = 1 << 62;

/// The frontier: square labels, oldest first (`FREE`, `FULL`, or a fragment id ≥ 2).
type Slots = [u8; 10];

fn decode(s: u64, w: usize) -> Slots {
    let mut a = [FULL; 10];
    for (i, x) in a.iter_mut().enumerate().take(w) {
        *x = ((s >> (4 * i)) & 15) as u8;
    }
    a
}

/// Packs the labels (renumbering fragments by first appearance) and flags.
fn encode(a: &[u8], flags: u64) -> u64 {
    let mut map = [0u8; 16];
    let mut next = 2u8;
    let mut s = flags;
    for (i, &x) in a.iter().enumerate() {
        let y = if x >= 2 {
            if map[x as usize] == 0 {
                map[x as usize] = next;
                next += 1;
            }
            map[x as usize]
        } else {
            x
        };
        s |= (y as u64) << (4 * i);
    }
    s
}

/// The outcome of the programme.
pub(crate) enum Finding {
    /// An open tour from the start.
    Tour(Tour),
    /// There is none.
    NoTour,
    /// The board is too large (or the search was stopped).
    Unknown,
}

/// Board geometry in the order the squares are added (column-major on a
/// board with `rows` ≤ `cols`).
struct Geo {
    rows: usize,
    cols: usize,
    w: usize,
    start: usize,
}

impl Geo {
    fn pos(&self, v: usize) -> Pos {
        Pos::new(v % self.rows, v / self.rows)
    }

    /// Earlier squares a knight's move from square `v`, as distances back.
    fn back(&self, v: usize) -> Vec<usize> {
        let p = self.pos(v);
        let mut out = Vec::new();
        for (dr, dc) in [(-1i64, -2i64), (1, -2), (-2, -1), (2, -1)] {
            let (r, c) = (p.row as i64 + dr, p.col as i64 + dc);
            if r >= 0 && (r as usize) < self.rows && c >= 0 {
                let u = c as usize * self.rows + r as usize;
                out.push(v - u);
            }
        }
        out
    }

    /// Every state reachable from `s` by adding square `v`, with the moves
    /// chosen (distances back). `last`: `v` is the board's last square.
    /// How many knight moves from square `u` lead to squares after `v`.
    fn later(&self, u: usize, v: usize) -> u8 {
        let p = self.pos(u);
        let mut n = 0;
        for (dr, dc) in super::SEED_MOVES {
            let (r, c) = (p.row as i64 + dr, p.col as i64 + dc);
            if r >= 0 && (r as usize) < self.rows && c >= 0 && (c as usize) < self.cols {
                n += u8::from(c as usize * self.rows + r as usize > v);
            }
        }
        n
    }

    /// The moves back from `v` (distances) and, for the frontier after `v`
    /// (slots 1..=w), how many moves each square has to later squares.
    fn prepare(&self, v: usize) -> (Vec<usize>, Vec<u8>) {
        let ahead = (1..=self.w)
            .map(|i| {
                let u = v as i64 - self.w as i64 + i as i64;
                if u < 0 {
                    0
                } else {
                    self.later(u as usize, v)
                }
            })
            .collect();
        (self.back(v), ahead)
    }

    fn inner(&self, u: usize) -> bool {
        self.rows == 4 && matches!(u % 4, 1 | 2)
    }

    fn step(
        &self,
        s: u64,
        v: usize,
        last: bool,
        (back, ahead): &(Vec<usize>, Vec<u8>),
        out: &mut Vec<(u64, u8)>,
    ) {
        out.clear();
        let w = self.w;
        let flags = s & (END_FIXED | DONE | INNER);
        if flags & DONE != 0 {
            return;
        }
        let n = back.len();
        // Slots 0..w: the old frontier (squares v-w .. v-1); slot w: v.
        let old = decode(s, w);
        for mask in 0u8..(1 << n) {
            let k = mask.count_ones();
            let cap = if v == self.start { 1 } else { 2 };
            if k > cap {
                continue;
            }
            let mut a = [FULL; 11];
            a[..w].copy_from_slice(&old[..w]);
            // The new square: a fragment of its own (the start: an end whose other end is fixed).
            let fresh = 15u8;
            a[w] = if v == self.start { fresh } else { FREE };
            let mut ok = true;
            let mut done = false;
            let mut label = 14u8;
            let mut inner = flags & INNER;
            for (j, &d) in back.iter().enumerate() {
                if mask & (1 << j) == 0 {
                    continue;
                }
                if self.inner(v) && self.inner(v - d) {
                    if inner != 0 {
                        ok = false;
                        break;
                    }
                    inner = INNER;
                }
                let (x, y) = (w, w - d);
                if a[y] == FULL || a[x] == FULL || (a[x] >= 2 && a[x] == a[y]) {
                    ok = false;
                    break;
                }
                // The far ends of the two fragments (None: outside the frontier).
                let far = |a: &[u8; 11], z: usize| -> Option<usize> {
                    if a[z] == FREE {
                        Some(z)
                    } else {
                        (0..=w).find(|&i| i != z && a[i] == a[z])
                    }
                };
                let (fx, fy) = (far(&a, x), far(&a, y));
                let (lx, ly) = (a[x], a[y]);
                a[x] = if lx == FREE { label } else { FULL };
                a[y] = if ly == FREE { label } else { FULL };
                for (f, z) in [(fx, x), (fy, y)] {
                    if let Some(f) = f {
                        if f != z || a[f] != FULL {
                            a[f] = label;
                        }
                    }
                }
                if fx.is_none() && fy.is_none() {
                    done = true;
                }
                label -= 1;
            }
            if !ok {
                continue;
            }
            if done && !last {
                continue;
            }
            // The oldest square leaves the frontier.
            let mut f = (flags & !INNER) | inner | if done { DONE } else { 0 };
            let leaving = v as i64 - w as i64;
            let gone = a[0];
            if done && gone != FULL {
                continue;
            }
            if leaving >= 0 && !done {
                let u = leaving as usize;
                if gone == FREE || (u == self.start && gone != FULL) {
                    continue;
                }
                if gone >= 2 {
                    // A path end.
                    if f & END_FIXED != 0 {
                        continue;
                    }
                    f |= END_FIXED;
                    if !a[1..=w].contains(&gone) && !last {
                        continue; // its fragment is cut off
                    }
                }
            }
            // Every square left must be able to get its moves from later squares
            // (one of them may stop short as the path's second end).
            let mut short = 0;
            for i in 1..=w {
                let u = v as i64 - w as i64 + i as i64;
                if u < 0 {
                    continue;
                }
                let need = match a[i] {
                    FULL => 0,
                    FREE => 2,
                    _ => 1,
                };
                let have = ahead[i - 1];
                if have < need {
                    if have + 1 < need || u as usize == self.start {
                        short = 2;
                    }
                    short += 1;
                }
            }
            if short > usize::from(f & END_FIXED == 0) {
                continue;
            }
            out.push((encode(&a[1..=w], f), mask));
        }
    }

    /// Whether a state after the last square is one path.
    fn accept(&self, s: u64) -> bool {
        let a = decode(s, self.w);
        if s & DONE != 0 {
            return a[..self.w].iter().all(|&x| x == FULL);
        }
        let open: Vec<u8> = a[..self.w].iter().copied().filter(|&x| x != FULL).collect();
        if open.contains(&FREE) || open.iter().any(|&x| x != open[0]) {
            return false;
        }
        let fixed = usize::from(s & END_FIXED != 0);
        // Ends: the start, plus the fixed end, plus the open ends other than the start.
        let start_open = self.start + self.w >= self.rows * self.cols
            && a[self.start + self.w - self.rows * self.cols] != FULL;
        !start_open && fixed + open.len() == 1
    }
}

/// An open tour of `knight` (at most 4 rows or 4 columns) from its start, or
/// a proof that there is none; `Unknown` when the board needs more than
/// [`MAX_STATES`] states or `ctl` is stopped.
pub(crate) fn tour(knight: &Knight, ctl: &Control) -> Finding {
    tour_with(knight, ctl, true)
}

/// [`tour`], with or without the narrow first pass (`beam`).
pub(crate) fn tour_with(knight: &Knight, ctl: &Control, beam: bool) -> Finding {
    let d = knight.dims();
    if d.rows > d.cols {
        return match tour_with(&knight.transposed(), ctl, beam) {
            Finding::Tour(t) => {
                Finding::Tour(t.into_iter().map(|p| Pos::new(p.col, p.row)).collect())
            }
            other => other,
        };
    }
    if d.rows > 4 || knight.closed() {
        return Finding::Unknown;
    }
    let (rows, cols) = (d.rows, d.cols);
    let cells = d.cells();
    let s = knight.start();
    let g = Geo {
        rows,
        cols,
        w: 2 * rows + 1,
        start: s.col * rows + s.row,
    };
    if cells == 1 {
        return Finding::Tour(vec![s]);
    }
    // A narrow pass first (at most `BEAM` states per square, so it may miss a
    // tour), then the exact one, which alone may say there is none.
    match beam.then(|| run(&g, ctl, Some(BEAM))) {
        Some(Finding::Tour(t)) => Finding::Tour(t),
        _ => run(&g, ctl, None),
    }
}

/// States kept per square in the narrow pass.
const BEAM: usize = 256;

/// A multiplicative hasher for the packed states (they are already well mixed
/// by their bit layout; SipHash is needlessly slow here).
#[derive(Default)]
struct Mix(u64);

impl std::hash::Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (x ^ (x >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 32;
    }
}

/// The programme over the whole board, keeping at most `cap` states per
/// square (`None`: all, exact).
fn run(g: &Geo, ctl: &Control, cap: Option<usize>) -> Finding {
    let cells = g.rows * g.cols;
    // Before any square: the frontier is all "full" (squares off the board).
    let init = encode(&[FULL; 10][..g.w], 0);
    let mut layers: Vec<Vec<u64>> = Vec::with_capacity(cells);
    let mut parents: Vec<Vec<u32>> = Vec::with_capacity(cells);
    let mut cur = vec![init];
    let mut total = 0usize;
    let mut buf = Vec::new();
    for v in 0..cells {
        let last = v + 1 == cells;
        let prep = g.prepare(v);
        let mut index: HashMap<u64, u32, BuildHasherDefault<Mix>> = HashMap::default();
        let mut next = Vec::new();
        let mut par = Vec::new();
        for (i, &st) in cur.iter().enumerate() {
            g.step(st, v, last, &prep, &mut buf);
            for &(t, _) in &buf {
                index.entry(t).or_insert_with(|| {
                    next.push(t);
                    par.push(i as u32);
                    (next.len() - 1) as u32
                });
            }
        }
        if let Some(c) = cap {
            if next.len() > c {
                // Keep a pseudo-random sample (the smallest hashes), so that
                // every kind of state has its share.
                let key = |t: u64| (t ^ (t >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 8;
                let mut order: Vec<u32> = (0..next.len() as u32).collect();
                order.select_nth_unstable_by_key(c, |&i| key(next[i as usize]));
                order.truncate(c);
                order.sort_unstable();
                next = order.iter().map(|&i| next[i as usize]).collect();
                par = order.iter().map(|&i| par[i as usize]).collect();
            }
        }
        total += next.len();
        if total > MAX_STATES || (v % 4096 == 0 && ctl.stopped()) {
            return Finding::Unknown;
        }
        if next.is_empty() {
            return if cap.is_some() {
                Finding::Unknown
            } else {
                Finding::NoTour
            };
        }
        layers.push(std::mem::replace(&mut cur, next));
        parents.push(par);
    }
    layers.push(cur);
    let Some(mut at) = layers[cells].iter().position(|&st| g.accept(st)) else {
        return if cap.is_some() {
            Finding::Unknown
        } else {
            Finding::NoTour
        };
    };
    // Walk back, recovering each square's moves.
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for v in (0..cells).rev() {
        let child = layers[v + 1][at];
        let p = parents[v][at] as usize;
        g.step(layers[v][p], v, v + 1 == cells, &g.prepare(v), &mut buf);
        let Some(&(_, mask)) = buf.iter().find(|&&(t, _)| t == child) else {
            return Finding::Unknown;
        };
        for (j, d) in g.back(v).into_iter().enumerate() {
            if mask & (1 << j) != 0 {
                adj[v].push(v - d);
                adj[v - d].push(v);
            }
        }
        at = p;
    }
    let mut out = Vec::with_capacity(cells);
    let (mut prev, mut x) = (usize::MAX, g.start);
    loop {
        out.push(g.pos(x));
        let Some(&y) = adj[x].iter().find(|&&y| y != prev) else {
            break;
        };
        if out.len() > cells {
            return Finding::Unknown;
        }
        prev = x;
        x = y;
    }
    Finding::Tour(out)
}
