//! Tours of large boards built from small block tours joined by edge swaps (divide and conquer).
//!
//! The board is cut into blocks of 5 to 11 rows and columns (boards of 3 rows:
//! blocks of 10 to 18 columns), each with a closed tour found by the search;
//! on a board without a closed tour (odd × odd, 3 × odd) the block holding the
//! start gets an open tour from the start instead, and the cut is placed so
//! that this block is odd × odd with the start on its majority colour. The
//! pieces are then joined two at a time: when edge u–v of one piece and edge
//! w–z of a neighbouring piece have u–w and v–z knight moves, dropping both
//! edges and adding the two new ones makes one cycle of two (or one path of a
//! path and a cycle). This is the joining step of Parberry ("An efficient
//! algorithm for the knight's tour problem", Discrete Applied Math. 73, 1997)
//! and of Lin and Wei ("Optimal algorithms for constructing knight's tours on
//! arbitrary n × m chessboards", Discrete Applied Math. 146, 2005), except
//! that the edges to swap are looked up in the blocks' tours instead of being
//! fixed in advance by "structured" tours. A closed tour gives an open tour
//! from each of its squares: it is read from the start. Everything is linear
//! in the board size and uses no recursion; the caller verifies the tour.

use super::search;
use crate::control::Control;
use crate::grid::{Dims, Pos};
use crate::knight::count::backtrack as count;
use crate::knight::{theorems, Knight, MoveOrder, Tour, SEED_MOVES};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// No square (a path's end has one neighbour).
const NONE: u32 = u32::MAX;

/// Squares are numbered tile by tile (tiles of `TILE × TILE` squares, row by
/// row inside a tile), so the squares of a block lie close together in memory
/// and reading a tour of millions of squares stays within the cache.
const TILE: usize = 16;

/// The numbering of the squares of a board with `across` tiles in a row.
#[derive(Clone, Copy)]
struct Layout {
    across: usize,
}

impl Layout {
    fn new(rows: usize, cols: usize) -> (Self, usize) {
        let across = cols.div_ceil(TILE);
        (
            Layout { across },
            rows.div_ceil(TILE) * across * TILE * TILE,
        )
    }

    fn sq(self, r: usize, c: usize) -> u32 {
        (((r / TILE) * self.across + c / TILE) * TILE * TILE + (r % TILE) * TILE + c % TILE) as u32
    }

    fn pos(self, s: u32) -> (usize, usize) {
        let (t, i) = (s as usize / (TILE * TILE), s as usize % (TILE * TILE));
        (
            (t / self.across) * TILE + i / TILE,
            (t % self.across) * TILE + i % TILE,
        )
    }
}

/// A square set of pieces: each square's two neighbours on its piece.
struct Cover {
    layout: Layout,
    /// Squares on the board (`adj` also has the unused ends of the last tiles).
    cells: usize,
    adj: Vec<[u32; 2]>,
}

impl Cover {
    fn link(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            let s = &mut self.adj[x as usize];
            if s[0] == NONE {
                s[0] = y;
            } else {
                s[1] = y;
            }
        }
    }

    fn replace(&mut self, x: u32, old: u32, new: u32) {
        let s = &mut self.adj[x as usize];
        if s[0] == old {
            s[0] = new;
        } else {
            s[1] = new;
        }
    }

    fn sq(&self, r: usize, c: usize) -> u32 {
        self.layout.sq(r, c)
    }

    fn pos(&self, s: u32) -> (usize, usize) {
        self.layout.pos(s)
    }

    fn knight(&self, a: u32, b: u32) -> bool {
        let (ra, ca) = self.pos(a);
        let (rb, cb) = self.pos(b);
        let (dr, dc) = (ra.abs_diff(rb), ca.abs_diff(cb));
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }

    /// The squares in order from `start` (which must end the path, if it is one).
    fn read(&self, start: u32) -> Tour {
        let n = self.cells;
        let mut out = Vec::with_capacity(n);
        let (mut prev, mut cur) = (NONE, start);
        while out.len() < n && cur != NONE {
            let (r, c) = self.pos(cur);
            out.push(Pos::new(r, c));
            let [a, b] = self.adj[cur as usize];
            let next = if a == prev {
                b
            } else if b == prev || a != NONE {
                a
            } else {
                b
            };
            prev = cur;
            cur = next;
        }
        out
    }
}

/// A block: rows `r0..r1`, columns `c0..c1`.
#[derive(Clone, Copy)]
struct Rect {
    r0: usize,
    r1: usize,
    c0: usize,
    c1: usize,
}

impl Rect {
    fn contains(&self, r: i64, c: i64) -> bool {
        r >= self.r0 as i64 && r < self.r1 as i64 && c >= self.c0 as i64 && c < self.c1 as i64
    }

    /// The squares of this block a knight's move from (r, c), in the lab's move order.
    fn moves_from(self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
        SEED_MOVES.into_iter().filter_map(move |(dr, dc)| {
            let (wr, wc) = (r as i64 + dr, c as i64 + dc);
            self.contains(wr, wc).then_some((wr as usize, wc as usize))
        })
    }
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Joins the piece of block `a` with the piece of block `b` if two of their
/// edges can be swapped for two knight moves between them.
fn swap_between(cover: &mut Cover, a: Rect, b: Rect) -> bool {
    let r0 = a.r0.max(b.r0.saturating_sub(2));
    let r1 = a.r1.min(b.r1 + 2);
    let c0 = a.c0.max(b.c0.saturating_sub(2));
    let c1 = a.c1.min(b.c1 + 2);
    for r in r0..r1 {
        for c in c0..c1 {
            let u = cover.sq(r, c);
            for (wr, wc) in b.moves_from(r, c) {
                let w = cover.sq(wr, wc);
                for v in cover.adj[u as usize] {
                    if v == NONE {
                        continue;
                    }
                    for z in cover.adj[w as usize] {
                        if z != NONE && cover.knight(v, z) {
                            cover.replace(u, v, w);
                            cover.replace(v, u, z);
                            cover.replace(w, z, u);
                            cover.replace(z, w, v);
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// Splits `len` into parts of `min` and one last part of `min..2·min` (or one part when short).
fn split(len: usize, min: usize) -> Vec<usize> {
    if len < 2 * min {
        return vec![len];
    }
    let mut v = vec![min; len / min - 1];
    v.push(min + len % min);
    v
}

/// Ways to cut an odd `len` into even parts (0 or at least `min` long on
/// each side) around one odd part of a length in `odd` that holds `s` and
/// starts at an even offset (so colours are kept): (parts, index of the odd part).
fn odd_splits(len: usize, s: usize, min: usize, odd: &[usize]) -> Vec<(Vec<usize>, usize)> {
    let ok = |x: usize| x == 0 || (x % 2 == 0 && x >= min);
    let mut out = Vec::new();
    for &lo in odd {
        if lo > len {
            continue;
        }
        // Offsets near s first, so the start sits well inside its block.
        let mut offsets: Vec<usize> = (0..=s)
            .filter(|&o| o % 2 == 0 && s < o + lo && o + lo <= len)
            .collect();
        offsets.sort_by_key(|&o| (2 * s + 1).abs_diff(2 * o + lo));
        for o in offsets {
            let right = len - o - lo;
            if ok(o) && ok(right) {
                let mut parts = if o > 0 { split(o, min) } else { Vec::new() };
                let at = parts.len();
                parts.push(lo);
                if right > 0 {
                    parts.extend(split(right, min));
                }
                out.push((parts, at));
            }
        }
    }
    out
}

/// A tour of a small block by the search (Warnsdorff with restarts, then the
/// counter's exhaustive search): closed, or open from `start`.
fn piece(dims: Dims, start: Pos, closed: bool, ctl: &Control) -> Option<Tour> {
    let k = Knight::new(dims, start, closed).ok()?;
    if theorems::impossible(&k).is_some() {
        return None;
    }
    for attempt in 0..10u64 {
        let mut w = search::Walker::new(&k, MoveOrder::Warnsdorff);
        if attempt > 0 {
            w = w.with_salt(attempt);
        }
        let mut tour = None;
        w.walk(ctl, Some(20_000 << attempt.min(5)), &mut |t| {
            tour = Some(t.clone());
            ControlFlow::Break(())
        });
        if tour.is_some() {
            return tour;
        }
    }
    count::decide(&k, ctl, 20_000_000).0.flatten()
}

/// Offsets of consecutive parts: (start, length).
fn spans(parts: &[usize]) -> Vec<(usize, usize)> {
    let mut at = 0;
    parts
        .iter()
        .map(|&p| {
            let s = (at, p);
            at += p;
            s
        })
        .collect()
}

/// What a set of joined pieces has become.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Cycle,
    /// The path from the start (its ends are the tour's).
    StartPath,
    /// A path with both ends free, to be inserted into an edge of a neighbour.
    FreePath(u32, u32),
}

/// A piece laid on the board: its block and its squares in order.
struct Piece {
    rect: Rect,
    squares: Vec<u32>,
    closed: bool,
}

/// A block's tour (block coordinates, `h × w`) placed on the board, turned by
/// `turn` (bit 0: mirrored left to right, bit 1: upside down).
fn place(tour: &[Pos], rect: Rect, turn: usize, layout: Layout, closed: bool) -> Piece {
    let (h, w) = (rect.r1 - rect.r0, rect.c1 - rect.c0);
    let squares = tour
        .iter()
        .map(|p| {
            let r = if turn & 2 != 0 { h - 1 - p.row } else { p.row };
            let c = if turn & 1 != 0 { w - 1 - p.col } else { p.col };
            layout.sq(r + rect.r0, c + rect.c0)
        })
        .collect();
    Piece {
        rect,
        squares,
        closed,
    }
}

/// Inserts the free path `e1 … e2` into an edge u–v (u in `a`) with u–e1 and v–e2 knight moves.
fn insert_into(cover: &mut Cover, a: Rect, e1: u32, e2: u32) -> bool {
    for (x, y) in [(e1, e2), (e2, e1)] {
        let (r, c) = cover.pos(x);
        for (ur, uc) in a.moves_from(r, c) {
            let u = cover.sq(ur, uc);
            for v in cover.adj[u as usize] {
                if v != NONE && cover.knight(v, y) {
                    cover.replace(u, v, x);
                    cover.replace(v, u, y);
                    cover.replace(x, NONE, u);
                    cover.replace(y, NONE, v);
                    return true;
                }
            }
        }
    }
    false
}

/// Lays the pieces and joins neighbouring ones (the `pairs`) until one is
/// left; the tour read from the start, or `None` when a join is missing.
fn join(
    knight: &Knight,
    pieces: &[Piece],
    pairs: &[(usize, usize)],
    ctl: &Control,
) -> Option<Tour> {
    let d = knight.dims();
    let (layout, slots) = Layout::new(d.rows, d.cols);
    let start = layout.sq(knight.start().row, knight.start().col);
    let mut cover = Cover {
        layout,
        cells: d.cells(),
        adj: vec![[NONE; 2]; slots],
    };
    let mut kind = Vec::with_capacity(pieces.len());
    for p in pieces {
        for w in p.squares.windows(2) {
            cover.link(w[0], w[1]);
        }
        if p.closed {
            if let (Some(&a), Some(&b)) = (p.squares.first(), p.squares.last()) {
                cover.link(b, a);
            }
            kind.push(Kind::Cycle);
        } else if p.squares.first() == Some(&start) {
            kind.push(Kind::StartPath);
        } else {
            kind.push(Kind::FreePath(p.squares[0], p.squares[p.squares.len() - 1]));
        }
    }
    let mut parent: Vec<usize> = (0..pieces.len()).collect();
    let mut left = pieces.len();
    while left > 1 {
        let mut progress = false;
        for &(a, b) in pairs {
            let (fa, fb) = (find(&mut parent, a), find(&mut parent, b));
            if fa == fb {
                continue;
            }
            let (ka, kb) = (kind[fa], kind[fb]);
            let paths = [ka, kb].iter().filter(|k| **k != Kind::Cycle).count();
            let merged = if paths <= 1 && swap_between(&mut cover, pieces[a].rect, pieces[b].rect) {
                Some(if ka == Kind::Cycle { kb } else { ka })
            } else if let Kind::FreePath(e1, e2) = kb {
                insert_into(&mut cover, pieces[a].rect, e1, e2).then_some(ka)
            } else if let Kind::FreePath(e1, e2) = ka {
                insert_into(&mut cover, pieces[b].rect, e1, e2).then_some(kb)
            } else {
                None
            };
            if let Some(k) = merged {
                parent[fa] = fb;
                kind[fb] = k;
                left -= 1;
                progress = true;
            }
        }
        if !progress || ctl.stopped() {
            return None;
        }
    }
    Some(cover.read(start))
}

/// Lays the block tours of a cut (closed tours, and the path from the start in
/// block `path_block`) and joins them, trying the block tours' mirror images
/// (`variant` picks them for the two colours of a chequer of blocks).
fn assemble(
    knight: &Knight,
    rows: &[usize],
    cols: &[usize],
    path_block: Option<(usize, usize, &Tour)>,
    cycles: &mut HashMap<(usize, usize), Option<Tour>>,
    variant: usize,
    ctl: &Control,
) -> Option<Tour> {
    let d = knight.dims();
    let (rs, cs) = (spans(rows), spans(cols));
    let layout = Layout::new(d.rows, d.cols).0;
    let mut pieces = Vec::with_capacity(rs.len() * cs.len());
    for (i, &(r0, h)) in rs.iter().enumerate() {
        for (j, &(c0, w)) in cs.iter().enumerate() {
            let rect = Rect {
                r0,
                r1: r0 + h,
                c0,
                c1: c0 + w,
            };
            match path_block {
                Some((pi, pj, path)) if (pi, pj) == (i, j) => {
                    pieces.push(place(path, rect, 0, layout, false))
                }
                _ => {
                    let cycle = cycles.entry((h, w)).or_insert_with(|| {
                        let dims = Dims::new(h, w, usize::MAX).ok()?;
                        piece(dims, Pos::new(0, 0), true, ctl)
                    });
                    let turn = if (i + j) % 2 == 0 {
                        variant % 4
                    } else {
                        variant / 4
                    };
                    pieces.push(place(cycle.as_ref()?, rect, turn, layout, true));
                }
            }
        }
        if ctl.stopped() {
            return None;
        }
    }
    // Neighbouring blocks, sides first, then corners.
    let (br, bc) = (rs.len(), cs.len());
    let mut pairs = Vec::new();
    for i in 0..br {
        for j in 0..bc {
            let a = i * bc + j;
            if j + 1 < bc {
                pairs.push((a, a + 1));
            }
            if i + 1 < br {
                pairs.push((a, a + bc));
            }
        }
    }
    for i in 0..br.saturating_sub(1) {
        for j in 0..bc {
            let a = i * bc + j;
            if j + 1 < bc {
                pairs.push((a, a + bc + 1));
            }
            if j > 0 {
                pairs.push((a, a + bc - 1));
            }
        }
    }
    join(knight, &pieces, &pairs, ctl)
}

/// A path of a `rows × width` block with both ends in its first two columns
/// (found by enumerating the block's tours from each square of its first column).
fn u_path(rows: usize, width: usize, ctl: &Control) -> Option<Tour> {
    let dims = Dims::new(rows, width, usize::MAX).ok()?;
    for r in 0..rows {
        let k = Knight::new(dims, Pos::new(r, 0), false).ok()?;
        let mut found = None;
        search::Walker::new(&k, MoveOrder::Warnsdorff).walk(ctl, Some(2_000_000), &mut |t| {
            if t[t.len() - 1].col < 2 {
                found = Some(t.clone());
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Long boards of 3 or 4 rows: one core block (a closed tour, or the path from
/// the start) with blocks of `ext` columns on either side, each a path with
/// both ends facing the core, inserted into an edge of its neighbour.
fn thin(knight: &Knight, ctl: &Control) -> Option<Tour> {
    let d = knight.dims();
    let (m, n) = (d.rows, d.cols);
    let s = knight.start();
    let ext = 4;
    let layout = Layout::new(m, n).0;
    let right = u_path(m, ext, ctl)?;
    let closed = theorems::has_closed_tour(m, n);
    let mut cores: Vec<(usize, usize)> = Vec::new();
    if closed {
        for w in [10, 12, 14, 16] {
            if w <= n && (n - w) % ext == 0 {
                cores.push((0, w));
            }
        }
    } else {
        if knight.closed() {
            return None;
        }
        for w in 5..=4 * ext {
            for o in (0..=s.col).rev().step_by(1) {
                if o % ext == 0 && s.col < o + w && o + w <= n && (n - o - w) % ext == 0 {
                    cores.push((o, w));
                }
            }
        }
        cores.sort_by_key(|&(o, w)| (w, (2 * s.col + 1).abs_diff(2 * o + w)));
    }
    for (o, w) in cores.into_iter().take(12) {
        let dims = Dims::new(m, w, usize::MAX).ok()?;
        let core = if closed {
            piece(dims, Pos::new(0, 0), true, ctl)
        } else {
            piece(dims, Pos::new(s.row, s.col - o), false, ctl)
        };
        let Some(core) = core else { continue };
        let mut pieces = Vec::new();
        let rect = |c0: usize, width: usize| Rect {
            r0: 0,
            r1: m,
            c0,
            c1: c0 + width,
        };
        for k in 0..o / ext {
            pieces.push(place(&right, rect(k * ext, ext), 1, layout, false));
        }
        pieces.push(place(&core, rect(o, w), 0, layout, closed));
        let mut c0 = o + w;
        while c0 < n {
            pieces.push(place(&right, rect(c0, ext), 0, layout, false));
            c0 += ext;
        }
        let pairs: Vec<(usize, usize)> = (1..pieces.len()).map(|i| (i - 1, i)).collect();
        if let Some(t) = join(knight, &pieces, &pairs, ctl) {
            return Some(t);
        }
        if ctl.stopped() {
            return None;
        }
    }
    None
}

/// A tour of `knight` built from block tours, when the board is one the
/// construction covers (3 rows and at least 20 columns, or both sides at
/// least 5 and one at least 12, either way round); `None` otherwise or when it
/// finds nothing (the caller then searches). The caller verifies the tour.
pub(crate) fn build(knight: &Knight, ctl: &Control) -> Option<Tour> {
    let d = knight.dims();
    if d.rows > d.cols {
        let t = build(&knight.transposed(), ctl)?;
        return Some(t.into_iter().map(|p| Pos::new(p.col, p.row)).collect());
    }
    let (m, n) = (d.rows, d.cols);
    if m == 3 {
        return if n >= 16 { thin(knight, ctl) } else { None };
    }
    let min = 6;
    if m < 5 || n < 2 * min {
        return None;
    }
    let mut cycles = HashMap::new();
    if theorems::has_closed_tour(m, n) {
        // One cycle over the whole board, read from the start.
        let rows = split(m, min);
        let cols = split(n, min);
        return (0..16).find_map(|v| assemble(knight, &rows, &cols, None, &mut cycles, v, ctl));
    }
    if knight.closed() {
        return None;
    }
    // No closed tour: an open piece from the start in an odd × odd block.
    let s = knight.start();
    let row_cuts = if m % 2 == 1 {
        odd_splits(m, s.row, min, &[7, 9, 11, 5, 13])
    } else {
        return None;
    };
    if n % 2 == 0 {
        return None;
    }
    let col_cuts = odd_splits(n, s.col, min, &[7, 9, 11, 5, 13]);
    let mut paths: HashMap<(usize, usize, Pos), Option<Tour>> = HashMap::new();
    let mut tried = 0;
    for (rows, ri) in &row_cuts {
        for (cols, ci) in &col_cuts {
            let (r0, h) = spans(rows)[*ri];
            let (c0, w) = spans(cols)[*ci];
            let local = Pos::new(s.row - r0, s.col - c0);
            let path = paths.entry((h, w, local)).or_insert_with(|| {
                let dims = Dims::new(h, w, usize::MAX).ok()?;
                piece(dims, local, false, ctl)
            });
            if let Some(p) = path.clone() {
                let path = Some((*ri, *ci, &p));
                let built =
                    (0..16).find_map(|v| assemble(knight, rows, cols, path, &mut cycles, v, ctl));
                if built.is_some() {
                    return built;
                }
            }
            tried += 1;
            if tried >= 24 || ctl.stopped() {
                return None;
            }
        }
    }
    None
}
