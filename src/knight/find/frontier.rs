//! Tours of boards with at most 7 rows (or columns) by a frontier dynamic
//! programme: open tours from a given start or from any, closed tours; it
//! finds a tour or proves that there is none.
//!
//! The squares are taken column by column; a knight move joins squares at
//! most `2·rows + 1` apart in that order, so when a square is added only the
//! last `2·rows + 1` squares (the frontier) can still gain moves. The state is,
//! for each frontier square, whether it is unused, an end of a path fragment
//! (and which fragment) or full (two moves), plus how many ends of the path
//! are already settled (the start, and ends that left the frontier with one
//! move). Adding a square tries every set of at most two moves back into the
//! frontier that closes no cycle (a closed tour closes its one cycle on the
//! last square) and leaves no fragment cut off; a square leaving the frontier
//! must be full or a path end. This is the standard "broken profile" /
//! transfer-matrix method for Hamiltonian paths of graphs of bounded
//! pathwidth (see e.g. Kloks, *Treewidth*, LNCS 842, 1994, on dynamic
//! programmes over path decompositions; Knuth, *The Art of Computer
//! Programming* Vol. 4, pre-fascicle 8A, "Hamiltonian paths and cycles", 2025,
//! counts knight's tours this way). For existence only the set of states
//! reached matters, each kept once with one back-pointer to a state that leads
//! to it; when the last square leaves a complete path or cycle, the pointers
//! give its moves back. When no state survives there is no tour: the
//! programme is exact. A narrow pass (a few hundred states per square) runs
//! first and finds most tours at once; the exact pass is bounded by
//! [`MAX_STATES`] states in all (12 bytes each).

use super::search;
use crate::control::Control;
use crate::grid::{Dims, Pos};
use crate::knight::{Knight, Tour};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Most states kept over the whole board (memory: 12 bytes each).
pub(crate) const MAX_STATES: usize = 40_000_000;

/// The most rows (the shorter side) the state can hold: 4 bits for each of
/// the `2·rows + 1` frontier squares, in 60 bits.
pub(crate) const MAX_ROWS: usize = 7;

/// A frontier square that is unused.
const FREE: u8 = 0;
/// A frontier square with two moves (or the start with its one).
const FULL: u8 = 1;
/// Bits of the state: how many path ends are settled (0 to 2).
const ENDS: u64 = 3 << 60;
/// One settled end.
const END: u64 = 1 << 60;
/// Bit of the state: the path or cycle is complete (only on the last square).
const DONE: u64 = 1 << 62;
/// Bit of the state: the path has its one move between the two inner rows
/// of a 4-row board (there is exactly one: `theorems`, `Impossible::OuterRows`).
const INNER: u64 = 1 << 63;

/// The frontier: square labels, oldest first (`FREE`, `FULL`, or a fragment id ≥ 2).
type Slots = [u8; 16];

fn decode(s: u64, w: usize) -> Slots {
    let mut a = [FULL; 16];
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
    /// A tour.
    Tour(Tour),
    /// There is none.
    NoTour,
    /// The board is too large (or the search was stopped).
    Unknown,
}

/// Board geometry in the order the squares are added (column-major on a
/// board with `rows` ≤ `cols`), and the question.
struct Geo {
    rows: usize,
    cols: usize,
    w: usize,
    /// The first square of an open tour (`None`: any).
    start: Option<usize>,
    closed: bool,
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

    /// How many knight moves from square `u` lead to squares after `v`.
    fn later(&self, u: usize, v: usize) -> u8 {
        let p = self.pos(u);
        let mut n = 0;
        for (dr, dc) in crate::knight::SEED_MOVES {
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

    /// On 4-row boards, open tours: whether `u` is on an inner row.
    fn inner(&self, u: usize) -> bool {
        self.rows == 4 && !self.closed && matches!(u % 4, 1 | 2)
    }

    /// The state before any square: the frontier all "full" (squares off the
    /// board), the start already a settled end.
    fn init(&self) -> u64 {
        encode(
            &[FULL; 16][..self.w],
            if self.start.is_some() { END } else { 0 },
        )
    }

    /// Every state reachable from `s` by adding square `v`, with the moves
    /// chosen (a mask over `back`). `last`: `v` is the board's last square.
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
        let flags = s & (ENDS | DONE | INNER);
        if flags & DONE != 0 {
            return;
        }
        let is_start = self.start == Some(v);
        // Slots 0..w: the old frontier (squares v-w .. v-1); slot w: v.
        let old = decode(s, w);
        for mask in 0u8..(1 << back.len()) {
            if mask.count_ones() > if is_start { 1 } else { 2 } {
                continue;
            }
            let mut a = [FULL; 17];
            a[..w].copy_from_slice(&old[..w]);
            // The new square: unused (the start: an end whose other end is settled).
            a[w] = if is_start { 15 } else { FREE };
            let Some((done, inner)) = self.take(&mut a, v, back, mask, flags & INNER) else {
                continue;
            };
            if done && !last {
                continue;
            }
            let f = (flags & !INNER) | inner | if done { DONE } else { 0 };
            let Some(f) = self.leave(&a, v, last, f) else {
                continue;
            };
            let spare = if self.closed {
                0
            } else {
                2 - ((f & ENDS) >> 60)
            };
            if self.short(&a, v, ahead) > spare {
                continue;
            }
            out.push((encode(&a[1..=w], f), mask));
        }
    }

    /// Takes the moves `mask` (over `back`) from square `v` into the frontier
    /// `a` (slot `w` being `v`): whether they complete the path or cycle, and
    /// the flag of the inner rows' move (`inner`: that flag before); `None`
    /// when they cannot be taken.
    fn take(
        &self,
        a: &mut [u8; 17],
        v: usize,
        back: &[usize],
        mask: u8,
        mut inner: u64,
    ) -> Option<(bool, u64)> {
        let w = self.w;
        let last = v + 1 == self.rows * self.cols;
        let mut done = false;
        let mut label = 14u8;
        for (j, &d) in back.iter().enumerate() {
            if mask & (1 << j) == 0 {
                continue;
            }
            if self.inner(v) && self.inner(v - d) {
                if inner != 0 {
                    return None;
                }
                inner = INNER;
            }
            let (x, y) = (w, w - d);
            if a[y] == FULL || a[x] == FULL {
                return None;
            }
            if a[x] >= 2 && a[x] == a[y] {
                // The two ends of one fragment: a cycle, which only a
                // closed tour may make, on its last square.
                if !self.closed || !last {
                    return None;
                }
                a[x] = FULL;
                a[y] = FULL;
                done = true;
                continue;
            }
            // The far ends of the two fragments (None: outside the frontier).
            let far = |a: &[u8; 17], z: usize| -> Option<usize> {
                if a[z] == FREE {
                    Some(z)
                } else {
                    (0..=w).find(|&i| i != z && a[i] == a[z])
                }
            };
            let (fx, fy) = (far(a, x), far(a, y));
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
        Some((done, inner))
    }

    /// The oldest square of `a` leaving the frontier once `v` is added:
    /// the flags `f` after it (a path end settled), or `None` when it may
    /// not leave as it is.
    fn leave(&self, a: &[u8; 17], v: usize, last: bool, mut f: u64) -> Option<u64> {
        let w = self.w;
        let done = f & DONE != 0;
        let leaving = v as i64 - w as i64;
        let gone = a[0];
        if done && gone != FULL {
            return None;
        }
        if leaving >= 0 && !done {
            let u = leaving as usize;
            if gone == FREE || (self.start == Some(u) && gone != FULL) {
                return None;
            }
            if gone >= 2 {
                // A path end.
                if self.closed || f & ENDS == 2 * END {
                    return None;
                }
                f += END;
                if !a[1..=w].contains(&gone) && !last {
                    return None; // its fragment is cut off
                }
            }
        }
        Some(f)
    }

    /// How short the squares left in `a` (after `v`) fall of the moves
    /// they need from later squares (`ahead`): those that stop short
    /// become the path's unsettled ends, one each (three more for one two
    /// moves short, or the start).
    fn short(&self, a: &[u8; 17], v: usize, ahead: &[u8]) -> u64 {
        let w = self.w;
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
                if have + 1 < need || self.start == Some(u as usize) {
                    short = 3;
                }
                short += 1;
            }
        }
        short
    }

    /// Whether a state after the last square is one path (or cycle).
    fn accept(&self, s: u64) -> bool {
        let a = decode(s, self.w);
        if s & DONE != 0 {
            return a[..self.w].iter().all(|&x| x == FULL);
        }
        if self.closed {
            return false;
        }
        let open: Vec<u8> = a[..self.w].iter().copied().filter(|&x| x != FULL).collect();
        if open.contains(&FREE) || open.iter().any(|&x| x != open[0]) {
            return false;
        }
        let cells = self.rows * self.cols;
        // The start, still in the frontier, must have its move.
        let start_open = self
            .start
            .is_some_and(|st| st + self.w >= cells && a[st + self.w - cells] != FULL);
        !start_open && ((s & ENDS) >> 60) as usize + open.len() == 2
    }
}

/// An open tour of `knight` from its start, or a closed tour read from its
/// start, or a proof that there is none; `Unknown` when the shorter side is
/// more than [`MAX_ROWS`], the board needs more than [`MAX_STATES`] states or
/// `ctl` is stopped.
#[cfg(test)]
pub(crate) fn tour(knight: &Knight, ctl: &Control) -> Finding {
    tour_with(knight, ctl, true)
}

/// [`tour`], with or without the narrow first pass (`beam`).
pub(crate) fn tour_with(knight: &Knight, ctl: &Control, beam: bool) -> Finding {
    let passes = if beam { Passes::Both } else { Passes::Exact };
    from_start(knight, ctl, passes)
}

/// The narrow pass alone: a tour of `knight` if it finds one (it cannot say there is none).
pub(crate) fn narrow(knight: &Knight, ctl: &Control) -> Option<Tour> {
    match from_start(knight, ctl, Passes::Narrow) {
        Finding::Tour(t) => Some(t),
        _ => None,
    }
}

fn from_start(knight: &Knight, ctl: &Control, passes: Passes) -> Finding {
    let s = knight.start();
    let open_start = (!knight.closed()).then_some(s);
    match solve(knight.dims(), knight.closed(), open_start, ctl, passes) {
        Finding::Tour(t) if knight.closed() => {
            // Read the cycle from the start.
            let at = t.iter().position(|&p| p == s).unwrap_or(0);
            Finding::Tour(t[at..].iter().chain(&t[..at]).copied().collect())
        }
        other => other,
    }
}

/// Which passes of the programme run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Passes {
    Narrow,
    Exact,
    Both,
}

/// The programme on `dims` for a closed tour, or an open one from `start` (or any).
fn solve(dims: Dims, closed: bool, start: Option<Pos>, ctl: &Control, passes: Passes) -> Finding {
    if dims.rows > dims.cols {
        let turn = |p: Pos| Pos::new(p.col, p.row);
        return match solve(dims.transposed(), closed, start.map(turn), ctl, passes) {
            Finding::Tour(t) => Finding::Tour(t.into_iter().map(turn).collect()),
            other => other,
        };
    }
    if dims.rows > MAX_ROWS {
        return Finding::Unknown;
    }
    let (rows, cols) = (dims.rows, dims.cols);
    if dims.cells() == 1 {
        return if closed {
            Finding::NoTour
        } else {
            Finding::Tour(vec![Pos::new(0, 0)])
        };
    }
    let g = Geo {
        rows,
        cols,
        w: 2 * rows + 1,
        start: start.map(|s| s.col * rows + s.row),
        closed,
    };
    // Narrow passes first (at most so many states per square, so they may
    // miss a tour), then the exact one, which alone may say there is none.
    if passes != Passes::Exact {
        for (beam, _, salt) in BEAMS.into_iter().filter(|&(_, least, _)| rows >= least) {
            if let Finding::Tour(t) = run(&g, ctl, Some((beam, salt))) {
                return Finding::Tour(t);
            }
        }
    }
    if passes == Passes::Narrow {
        return Finding::Unknown;
    }
    run(&g, ctl, None)
}

/// The narrow passes, one after the other: the states kept per square, the
/// fewest rows the pass runs on (on fewer rows the exact pass holds fewer
/// states than a wide narrow one), and the salt of the sample.
const BEAMS: [(usize, usize, u64); 3] = [(256, 1, 0), (256, 1, 1), (4096, 5, 2)];

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

/// The programme over the whole board, keeping at most `cap.0` states per
/// square, sampled by a hash salted with `cap.1` (`None`: all, exact).
fn run(g: &Geo, ctl: &Control, cap: Option<(usize, u64)>) -> Finding {
    let cells = g.rows * g.cols;
    // Before any square: the frontier is all "full" (squares off the board).
    let init = g.init();
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
        if let Some((c, salt)) = cap {
            if next.len() > c {
                // Keep a pseudo-random sample (the smallest hashes), so that
                // every kind of state has its share.
                let key = |t: u64| search::mix(t ^ salt);
                let mut order: Vec<u32> = (0..next.len() as u32).collect();
                order.select_nth_unstable_by_key(c, |&i| key(next[i as usize]));
                order.truncate(c);
                order.sort_unstable();
                next = order.iter().map(|&i| next[i as usize]).collect();
                par = order.iter().map(|&i| par[i as usize]).collect();
            }
        }
        total += next.len();
        if total > MAX_STATES || ctl.stopped() {
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
    let Some(at) = layers[cells].iter().position(|&st| g.accept(st)) else {
        return if cap.is_some() {
            Finding::Unknown
        } else {
            Finding::NoTour
        };
    };
    trace(g, &layers, &parents, at)
}

/// The tour of the state `at` of the last layer, read back through the
/// `layers` and their `parents`.
fn trace(g: &Geo, layers: &[Vec<u64>], parents: &[Vec<u32>], mut at: usize) -> Finding {
    let cells = g.rows * g.cols;
    let mut buf = Vec::new();
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
    // Read the path from its start (or from an end), the cycle from square 0.
    let first = match g.start {
        Some(st) => Some(st),
        None if g.closed => Some(0),
        None => (0..cells).find(|&x| adj[x].len() == 1),
    };
    let Some(mut x) = first else {
        return Finding::Unknown;
    };
    let mut out = Vec::with_capacity(cells);
    let mut prev = usize::MAX;
    while out.len() < cells {
        out.push(g.pos(x));
        let Some(&y) = adj[x].iter().find(|&&y| y != prev) else {
            break;
        };
        prev = x;
        x = y;
    }
    Finding::Tour(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::theorems::{has_closed_tour, has_open_tour};
    use crate::knight::{count, verify_tour};

    /// Whether the programme finds a tour of the board (from any square),
    /// replaying the tour it finds.
    fn exists(rows: usize, cols: usize, closed: bool, passes: Passes) -> bool {
        let d = Dims::new(rows, cols, usize::MAX).unwrap();
        match solve(d, closed, None, &Control::new(), passes) {
            Finding::Tour(t) => {
                let k = Knight::new(d, t[0], closed).unwrap();
                assert_eq!(verify_tour(&k, &t), Ok(()), "{d} closed={closed}");
                true
            }
            Finding::NoTour => false,
            Finding::Unknown => panic!("{d} closed={closed}: unknown"),
        }
    }

    /// Schwenk (closed tours) and Conrad et al. (open tours) on every board
    /// of at most 6 rows and 8 columns, both ways round.
    #[test]
    fn existence_agrees_with_schwenk_and_conrad_up_to_6_by_8() {
        for r in 1..=6 {
            for c in 1..=8 {
                for (rows, cols) in [(r, c), (c, r)] {
                    let open = exists(rows, cols, false, Passes::Both);
                    assert_eq!(open, has_open_tour(rows, cols), "{rows}×{cols} open");
                    let closed = exists(rows, cols, true, Passes::Both);
                    assert_eq!(closed, has_closed_tour(rows, cols), "{rows}×{cols} closed");
                }
            }
        }
    }

    /// The exact pass alone (no narrow pass to find the tours first) on the
    /// boards of at most 5 rows and 6 columns.
    #[test]
    fn the_exact_pass_alone_agrees_with_the_theorems() {
        for r in 1..=5 {
            for c in r..=6 {
                assert_eq!(
                    exists(r, c, false, Passes::Exact),
                    has_open_tour(r, c),
                    "{r}×{c}"
                );
                assert_eq!(
                    exists(r, c, true, Passes::Exact),
                    has_closed_tour(r, c),
                    "{r}×{c}"
                );
            }
        }
    }

    /// Long boards of 3 and 4 rows: 3 × n up to n = 40, 4 × n up to n = 24.
    #[test]
    fn thin_boards_agree_with_the_theorems() {
        for (rows, longest) in [(3, 40), (4, 24)] {
            for cols in 1..=longest {
                for closed in [false, true] {
                    let want = if closed {
                        has_closed_tour(rows, cols)
                    } else {
                        has_open_tour(rows, cols)
                    };
                    assert_eq!(
                        exists(rows, cols, closed, Passes::Both),
                        want,
                        "{rows}×{cols}"
                    );
                    assert_eq!(
                        exists(cols, rows, closed, Passes::Both),
                        want,
                        "{cols}×{rows}"
                    );
                }
            }
        }
    }

    /// From every square of `d`: the exact pass finds a tour exactly when
    /// the exhaustive counter does, and the tour replays.
    fn agrees_with_exhaustion(d: Dims, closed: bool) {
        let ctl = Control::new();
        for s in d.positions() {
            let k = Knight::new(d, s, closed).unwrap();
            let truth = count::backtrack::decide(&k, &ctl, u64::MAX)
                .0
                .map(|t| t.is_some());
            let got = match tour_with(&k, &ctl, false) {
                Finding::Tour(t) => {
                    assert_eq!(verify_tour(&k, &t), Ok(()), "{d} from {s}");
                    true
                }
                Finding::NoTour => false,
                Finding::Unknown => panic!("{d} from {s}: unknown"),
            };
            assert_eq!(Some(got), truth, "{d} from {s} closed={closed}");
        }
    }

    /// Open tours on the boards of 1 to 4 rows and up to 9 columns (both
    /// ways round), open and closed on 5 × 5 and 5 × 6, from every square.
    #[test]
    fn tours_from_every_start_agree_with_exhaustion() {
        for r in 1..=4 {
            for c in 1..=9 {
                for (rows, cols) in [(r, c), (c, r)] {
                    agrees_with_exhaustion(Dims::new(rows, cols, usize::MAX).unwrap(), false);
                }
            }
        }
        for (rows, cols) in [(5, 5), (5, 6)] {
            for closed in [false, true] {
                agrees_with_exhaustion(Dims::new(rows, cols, usize::MAX).unwrap(), closed);
            }
        }
    }
}
