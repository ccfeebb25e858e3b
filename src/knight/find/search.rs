//! The tour search: backtracking over knight moves with an explicit stack, in
//! Warnsdorff's or the lab's order, with a safe cut on dead ends.
//!
//! The knight's tour lab's `aux n (x,y)` marks a square, stops when every square is marked,
//! otherwise tries each free move and unmarks on the way back. Here the
//! recursion is a stack of (square, moves tried so far), so boards of millions
//! of squares do not overflow, and every square `u` keeps `avail[u]`, its
//! neighbours that are still free or the knight's current square. A free square
//! with `avail = 0` can never be reached, and one with `avail = 1` can only be
//! the tour's last square, so a branch dies as soon as a square reaches 0 or
//! two reach 1 (for a closed tour: one, since the last square is the one next
//! to the start, kept free as the target). The cut removes only branches with
//! no tour, so the tours are found in the same order as without it.

use crate::control::Control;
use crate::grid::Pos;
use crate::knight::{Knight, MoveOrder, Tour, SEED_MOVES};
use std::ops::ControlFlow;

/// How a walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// Every path from the start was tried.
    Exhausted { nodes: u64 },
    /// The visitor asked to stop.
    Limit { nodes: u64 },
    /// The control was stopped.
    Interrupted { nodes: u64 },
    /// The node budget ran out.
    Budget { nodes: u64 },
}

/// The search state: the path so far and, for every square, its free neighbours.
pub(crate) struct Walker {
    rows: usize,
    cols: usize,
    order: MoveOrder,
    /// Closed tours: the start, kept free so that the last move can return to it.
    target: Option<u32>,
    visited: Vec<bool>,
    /// Neighbours of each square that are free or the current square.
    avail: Vec<u8>,
    /// Free squares (the target aside) with `avail <= 1`.
    low: usize,
    /// Free squares, the target included.
    remaining: usize,
    /// The squares visited, in order (a closed tour ends with the start again).
    path: Vec<u32>,
    /// For each square of the path, how many of its candidate moves were tried.
    tried: Vec<u8>,
    /// For each square of the path, what entering it changed in `low`.
    undo: Vec<(u8, bool)>,
    /// A free square that can never be reached from the start.
    hopeless: bool,
    /// When set, Warnsdorff's ties are broken by a hash of this salt, the
    /// square and the depth instead of Roth's rule (restarts try other paths;
    /// the hash keeps the order the same each time a square is revisited).
    salt: Option<u64>,
}

/// SplitMix64's finaliser: a well-mixed 64-bit hash.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Walker {
    /// The state before the first move of a tour of `knight`.
    pub(crate) fn new(knight: &Knight, order: MoveOrder) -> Self {
        let dims = knight.dims();
        let n = dims.cells();
        let start = dims.index(knight.start()) as u32;
        let target = knight.closed().then_some(start);
        let mut w = Walker {
            rows: dims.rows,
            cols: dims.cols,
            order,
            target,
            visited: vec![false; n],
            avail: vec![0; n],
            low: 0,
            remaining: if knight.closed() { n } else { n - 1 },
            path: vec![start],
            tried: vec![0],
            undo: vec![(0, false)],
            hopeless: false,
            salt: None,
        };
        if !knight.closed() {
            w.visited[start as usize] = true;
        }
        for u in 0..n as u32 {
            let (_, k) = w.neighbours(u);
            w.avail[u as usize] = k as u8;
            if !w.visited[u as usize] && Some(u) != target {
                if k == 0 {
                    w.hopeless = true;
                } else if k == 1 {
                    w.low += 1;
                }
            }
        }
        if w.low > w.low_limit() {
            w.hopeless = true;
        }
        w
    }

    /// Breaks Warnsdorff's ties pseudo-randomly from `salt` instead of by Roth's rule.
    pub(crate) fn with_salt(mut self, salt: u64) -> Self {
        self.salt = Some(salt);
        self
    }

    fn low_limit(&self) -> usize {
        if self.target.is_some() {
            0
        } else {
            1
        }
    }

    /// The squares a knight's move from `sq`, in the lab's order.
    #[inline]
    fn neighbours(&self, sq: u32) -> ([u32; 8], usize) {
        let (r, c) = (
            (sq as usize / self.cols) as i64,
            (sq as usize % self.cols) as i64,
        );
        let mut out = [0u32; 8];
        let mut k = 0;
        for (dr, dc) in SEED_MOVES {
            let (r2, c2) = (r + dr, c + dc);
            if r2 >= 0 && c2 >= 0 && (r2 as usize) < self.rows && (c2 as usize) < self.cols {
                out[k] = (r2 as usize * self.cols + c2 as usize) as u32;
                k += 1;
            }
        }
        (out, k)
    }

    /// Twice the distance from the board's centre, squared (an integer).
    #[inline]
    fn centre_distance(&self, sq: u32) -> u64 {
        let (r, c) = (
            (sq as usize / self.cols) as i64,
            (sq as usize % self.cols) as i64,
        );
        let a = 2 * r - (self.rows as i64 - 1);
        let b = 2 * c - (self.cols as i64 - 1);
        (a * a + b * b) as u64
    }

    /// The moves from `cur` worth trying, in the order they are tried.
    fn candidates(&self, cur: u32) -> ([u32; 8], usize) {
        let (nb, k) = self.neighbours(cur);
        let mut out = [0u32; 8];
        let mut n = 0;
        for &v in &nb[..k] {
            if self.visited[v as usize] || (Some(v) == self.target && self.remaining != 1) {
                continue;
            }
            out[n] = v;
            n += 1;
        }
        if self.order == MoveOrder::Warnsdorff {
            // Fewest onward moves first (avail counts the current square for
            // every candidate alike); then farther from the centre (Roth); the
            // stable sort keeps the lab's order for what is still tied.
            let depth = self.path.len() as u64;
            out[..n].sort_by_key(|&v| {
                let tie = match self.salt {
                    None => self.centre_distance(v),
                    Some(s) => mix(s ^ (u64::from(v) << 24) ^ depth),
                };
                (self.avail[v as usize], std::cmp::Reverse(tie))
            });
        }
        (out, n)
    }

    /// Moves the knight to `v`; returns whether the branch may still hold a
    /// tour. Always undone by [`Walker::retreat`].
    fn advance(&mut self, v: u32) -> bool {
        let cur = self.path[self.path.len() - 1];
        let vlow = Some(v) != self.target && self.avail[v as usize] <= 1;
        self.low -= vlow as usize;
        self.visited[v as usize] = true;
        self.remaining -= 1;
        let mut dead = false;
        let mut added = 0u8;
        // The start of a closed tour stays available (as the target) when left.
        if Some(cur) != self.target {
            let (nb, k) = self.neighbours(cur);
            for &w in &nb[..k] {
                let a = &mut self.avail[w as usize];
                *a -= 1;
                if !self.visited[w as usize] {
                    if *a == 0 {
                        dead = true;
                    } else if *a == 1 && Some(w) != self.target {
                        self.low += 1;
                        added += 1;
                    }
                }
            }
        }
        self.path.push(v);
        self.tried.push(0);
        self.undo.push((added, vlow));
        !dead && self.low <= self.low_limit()
    }

    /// Takes back the last move.
    fn retreat(&mut self) {
        let v = self.path.pop().expect("never retreats from the start");
        self.tried.pop();
        let (added, vlow) = self.undo.pop().expect("one undo per move");
        let cur = self.path[self.path.len() - 1];
        if Some(cur) != self.target {
            let (nb, k) = self.neighbours(cur);
            for &w in &nb[..k] {
                self.avail[w as usize] += 1;
            }
        }
        self.low -= added as usize;
        self.visited[v as usize] = false;
        self.remaining += 1;
        self.low += vlow as usize;
    }

    fn tour(&self) -> Tour {
        let n = self.rows * self.cols;
        self.path[..n]
            .iter()
            .map(|&s| Pos::new(s as usize / self.cols, s as usize % self.cols))
            .collect()
    }

    /// Searches depth first, calling `on_tour` on every tour (directed, from the
    /// start) until it breaks, the search is exhausted, `ctl` is stopped, or
    /// more than `budget` nodes (moves tried) are spent.
    pub(crate) fn walk(
        &mut self,
        ctl: &Control,
        budget: Option<u64>,
        on_tour: &mut dyn FnMut(&Tour) -> ControlFlow<()>,
    ) -> End {
        let mut nodes = 0u64;
        if self.hopeless {
            return End::Exhausted { nodes };
        }
        loop {
            if self.remaining == 0 {
                if on_tour(&self.tour()).is_break() {
                    return End::Limit { nodes };
                }
                if self.path.len() == 1 {
                    return End::Exhausted { nodes };
                }
                self.retreat();
                continue;
            }
            let d = self.path.len() - 1;
            let (cands, k) = self.candidates(self.path[d]);
            let t = self.tried[d] as usize;
            if t < k {
                self.tried[d] += 1;
                nodes += 1;
                if nodes & 0xFFFF == 0 {
                    ctl.progress().advance(0x10000);
                    if ctl.stopped() {
                        return End::Interrupted { nodes };
                    }
                }
                if budget.is_some_and(|b| nodes > b) {
                    return End::Budget { nodes: nodes - 1 };
                }
                if !self.advance(cands[t]) {
                    self.retreat();
                }
            } else if d == 0 {
                return End::Exhausted { nodes };
            } else {
                self.retreat();
            }
        }
    }
}

/// Boards of at least this many squares try [`warnsdorff_pass`] first.
pub(crate) const LARGE: usize = 10_000;

/// Marks a square of the padded board that is visited or off the board.
const GONE: u8 = u8::MAX;

/// One pass of Warnsdorff's rule with Roth's tie-break, without backtracking:
/// an open tour of `knight` from its start, or `None` when the knight is
/// stuck first. Linear in the board size: the board is padded by two squares
/// on every side (marked gone), so a move is one addition and no bound check,
/// each square keeps its count of free neighbours in a byte, and the distance
/// from the centre comes from the row and column carried along. Ties left
/// after Roth's rule go to the lab's move order, as in [`Walker`].
pub(crate) fn warnsdorff_pass(knight: &Knight) -> Option<Tour> {
    let d = knight.dims();
    let (rows, cols) = (d.rows, d.cols);
    let width = cols + 4;
    let mut free = vec![GONE; width * (rows + 4)];
    let offset: [isize; 8] = SEED_MOVES.map(|(dr, dc)| dr as isize * width as isize + dc as isize);
    let at = |r: usize, c: usize| (r + 2) * width + c + 2;
    let inside = |r: i64, c: i64| r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols;
    for r in 0..rows {
        let edge_row = r < 2 || r + 2 >= rows;
        for (c, x) in free[at(r, 0)..at(r, 0) + cols].iter_mut().enumerate() {
            *x = if edge_row || c < 2 || c + 2 >= cols {
                SEED_MOVES
                    .iter()
                    .filter(|&&(dr, dc)| inside(r as i64 + dr, c as i64 + dc))
                    .count() as u8
            } else {
                8
            };
        }
    }
    let (mr, mc) = (rows as i64 - 1, cols as i64 - 1);
    let (mut r, mut c) = (knight.start().row as i64, knight.start().col as i64);
    let mut sq = at(r as usize, c as usize);
    let mut tour = Vec::with_capacity(rows * cols);
    loop {
        free[sq] = GONE;
        tour.push(Pos::new(r as usize, c as usize));
        // The knight leaves `sq`: each free neighbour loses one way in; the
        // best is the one with fewest left, then the farthest from the centre.
        let mut best = u64::MAX;
        let mut pick = 8;
        for (k, &off) in offset.iter().enumerate() {
            let q = sq.wrapping_add_signed(off);
            let n = free[q];
            if n == GONE {
                continue;
            }
            free[q] = n - 1;
            let (dr, dc) = SEED_MOVES[k];
            let (a, b) = (2 * (r + dr) - mr, 2 * (c + dc) - mc);
            let key = (u64::from(n - 1) << 50) | ((1u64 << 50) - (a * a + b * b) as u64);
            if key < best {
                best = key;
                pick = k;
            }
        }
        if pick == 8 {
            break;
        }
        sq = sq.wrapping_add_signed(offset[pick]);
        r += SEED_MOVES[pick].0;
        c += SEED_MOVES[pick].1;
    }
    (tour.len() == rows * cols).then_some(tour)
}
