//! Shortening a target order as a taxicab TSP path: 2-opt (reverse a segment) and or-opt (move one target).
//!
//! The cost of a walk that takes its targets in a given order is, to a good
//! model, `Σ cost(d)` over the taxicab distances `d` between successive
//! targets (see the parent module); local search lowers that sum before the
//! order is replayed with dummies.

use super::distance;
use crate::grid::{Dims, Pos};

/// How far (taxicab) the local search of the short builder looks for a better neighbour.
const NEAR: usize = 3;

/// What taking a target at taxicab distance `d` costs, in moves.
fn cost(d: usize) -> usize {
    if d == 0 {
        3
    } else {
        2 * d - 1
    }
}

/// Shortens a target order by 2-opt: a segment is reversed when that lowers
/// the total cost `Σ cost(d)` of the path from `start`. Segments are at most
/// `window` targets long, so that huge boards stay linear.
pub(super) fn two_opt(start: Pos, order: &mut [Pos], window: usize) {
    let n = order.len();
    let at = |order: &[Pos], i: usize| if i == 0 { start } else { order[i - 1] };
    for _ in 0..8 {
        let mut improved = false;
        // Positions 1..=n in the path; position 0 is the start.
        for i in 1..=n {
            for j in i + 1..=(i + window).min(n) {
                let (a, b, c) = (at(order, i - 1), at(order, i), at(order, j));
                let mut delta = link(a, c) - link(a, b);
                if j < n {
                    let d = at(order, j + 1);
                    delta += link(b, d) - link(c, d);
                }
                if delta < 0 {
                    order[i - 1..j].reverse();
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
}

/// Shortens a target order by local search on the model cost `Σ cost(d)`
/// of the path from `start` (a taxicab TSP path): 2-opt (reverse a segment)
/// and or-opt (move one target elsewhere), each trying only targets within
/// [`NEAR`] of the cell concerned and at most `window` places away in the
/// order, so that a pass is linear in the targets; at most `passes` passes.
pub(super) fn improve(dims: Dims, start: Pos, order: &mut Vec<Pos>, window: usize, passes: usize) {
    let mut tour = Tour::new(dims, start, order);
    let near = Near::new(dims);
    for _ in 0..passes {
        let reversed = tour.two_opt(&near, window);
        let moved = tour.or_opt(&near, window);
        if !(reversed || moved) {
            break;
        }
    }
    order.clear();
    order.extend_from_slice(&tour.path[1..]);
}

/// The model cost of going from `a` to take the target at `b`.
fn link(a: Pos, b: Pos) -> i64 {
    cost(distance(a, b)) as i64
}

/// The cells within [`NEAR`] of a cell, by their offsets.
struct Near {
    dims: Dims,
    offsets: Vec<(i64, i64)>,
}

impl Near {
    fn new(dims: Dims) -> Near {
        let r = NEAR as i64;
        let offsets = (-r..=r)
            .flat_map(|dr| (-r..=r).map(move |dc| (dr, dc)))
            .filter(|&(dr, dc)| dr.abs() + dc.abs() <= r && (dr, dc) != (0, 0))
            .collect();
        Near { dims, offsets }
    }

    /// The cells of the board within [`NEAR`] of `p`, `p` aside.
    fn around(&self, p: Pos) -> impl Iterator<Item = Pos> + '_ {
        self.offsets
            .iter()
            .filter_map(move |&(dr, dc)| self.dims.checked(p.row as i64 + dr, p.col as i64 + dc))
    }
}

/// A path under [`improve`]: the start, then the targets, with each target
/// cell's place in the path.
struct Tour {
    dims: Dims,
    /// `path[0]` is the start (never moved), `path[1..]` the targets.
    path: Vec<Pos>,
    /// Per cell, its place in the path, or [`Tour::NOWHERE`].
    index: Vec<u32>,
}

impl Tour {
    const NOWHERE: u32 = u32::MAX;

    fn new(dims: Dims, start: Pos, order: &[Pos]) -> Tour {
        let mut path = Vec::with_capacity(order.len() + 1);
        path.push(start);
        path.extend_from_slice(order);
        let n = path.len() - 1;
        // Places in the path fit in 32 bits: boards hold at most MAX_CELLS cells.
        let mut tour = Tour {
            dims,
            path,
            index: vec![Self::NOWHERE; dims.cells()],
        };
        tour.reindex(1..n + 1);
        tour
    }

    /// Records the places of the path's cells in `range`.
    fn reindex(&mut self, range: std::ops::Range<usize>) {
        for k in range {
            self.index[self.dims.index(self.path[k])] = k as u32;
        }
    }

    /// The place in the path of the target at `c`, if it is one.
    fn place(&self, c: Pos) -> Option<usize> {
        let j = self.index[self.dims.index(c)];
        (j != Self::NOWHERE).then_some(j as usize)
    }

    /// One pass of 2-opt: edges (a, b) at i−1, i and (c, e) at j, j+1 become
    /// (a, c), (b, e) when that costs less; `true` if the path changed.
    pub(super) fn two_opt(&mut self, near: &Near, window: usize) -> bool {
        let n = self.path.len() - 1;
        let mut improved = false;
        for i in 1..=n {
            let (a, b) = (self.path[i - 1], self.path[i]);
            for c in near.around(a) {
                let Some(j) = self.place(c) else {
                    continue;
                };
                if j <= i || j - i > window {
                    continue;
                }
                let mut delta = link(a, c) - link(a, b);
                if j < n {
                    delta += link(b, self.path[j + 1]) - link(c, self.path[j + 1]);
                }
                if delta < 0 {
                    self.path[i..=j].reverse();
                    self.reindex(i..j + 1);
                    improved = true;
                    break;
                }
            }
        }
        improved
    }

    /// One pass of or-opt: target t leaves (p, t, q) and goes between two
    /// neighbours in the path when that costs less; `true` if the path changed.
    fn or_opt(&mut self, near: &Near, window: usize) -> bool {
        let n = self.path.len() - 1;
        let mut improved = false;
        for i in 1..=n {
            if let Some(k) = self.best_place(near, window, i) {
                // Moving t from i to just after k shifts the places between by one.
                let at = if k < i { k + 1 } else { k };
                let (lo, hi) = (i.min(at), i.max(at));
                if at < i {
                    self.path[lo..=hi].rotate_right(1);
                } else {
                    self.path[lo..=hi].rotate_left(1);
                }
                self.reindex(lo..hi + 1);
                improved = true;
            }
        }
        improved
    }

    /// The place `k` that target `i` would best go after (between path[k] and
    /// path[k+1], next to a target near it), if that costs less than where it is.
    fn best_place(&self, near: &Near, window: usize, i: usize) -> Option<usize> {
        let path = &self.path;
        let t = path[i];
        let p = path[i - 1];
        let gain = match path.get(i + 1) {
            Some(&q) => link(p, t) + link(t, q) - link(p, q),
            None => link(p, t),
        };
        let mut best: Option<(i64, usize)> = None;
        for c in near.around(t) {
            let Some(j) = self.place(c) else {
                continue;
            };
            // Between path[k] and path[k+1], for k = j − 1 and k = j.
            for k in [j - 1, j] {
                if k + 1 == i || k == i || k.abs_diff(i) > window {
                    continue;
                }
                let x = path[k];
                let add = match path.get(k + 1) {
                    Some(&y) => link(x, t) + link(t, y) - link(x, y),
                    None => link(x, t),
                };
                if add < gain && best.is_none_or(|(b, _)| add < b) {
                    best = Some((add, k));
                }
            }
        }
        best.map(|(_, k)| k)
    }
}
