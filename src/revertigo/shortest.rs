//! Exact shortest walks: a breadth-first search over (board colours, pawn cell) states.
//!
//! A state is the board's colours (one bit per cell) and the pawn's cell, so
//! a board of `n` cells has `2^n · n` states; the search is refused above
//! [`MAX_SHORTEST_CELLS`] cells. The first state met with every cell black
//! ends a walk of the fewest moves (breadth-first order).

use super::{Move, Walk};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};
use std::collections::VecDeque;

/// The largest board, in cells, whose shortest walk is searched exactly.
pub const MAX_SHORTEST_CELLS: usize = 16;

const UNSEEN: u32 = u32::MAX;

/// A walk of the fewest moves from `start` that turns the `dims` board black;
/// `None` when `ctl` stopped the search first.
pub fn walk(dims: Dims, start: Pos, ctl: &Control) -> Result<Option<Walk>> {
    let n = dims.cells();
    if n > MAX_SHORTEST_CELLS {
        return Err(Error::TooLarge {
            bound: crate::error::Bound::ShortestCells,
            got: n.into(),
            limit: MAX_SHORTEST_CELLS.into(),
            note: String::new(),
        });
    }
    // A state is board << 4 | pawn (pawn < 16).
    let plus: Vec<u32> = dims
        .positions()
        .map(|p| {
            dims.neighbours(p)
                .fold(1u32 << dims.index(p), |m, q| m | 1 << dims.index(q))
        })
        .collect();
    let steps: Vec<Vec<(Move, usize)>> = dims
        .positions()
        .map(|p| {
            Move::ALL
                .iter()
                .filter_map(|&m| m.from(dims, p).map(|q| (m, dims.index(q))))
                .collect()
        })
        .collect();
    let black = (1u32 << n) - 1;
    let s = dims.index(start);
    let first = plus[s] << 4 | s as u32;
    let mut parent = vec![UNSEEN; 1 << (n + 4)];
    parent[first as usize] = first;
    let mut queue = VecDeque::from([first]);
    let mut polled = 0u32;
    while let Some(state) = queue.pop_front() {
        if state >> 4 == black {
            return Ok(Some(path(&parent, state, first, dims)));
        }
        polled = polled.wrapping_add(1);
        if polled & 0xffff == 0 && ctl.stopped() {
            return Ok(None);
        }
        let (board, pawn) = (state >> 4, (state & 15) as usize);
        for &(_, q) in &steps[pawn] {
            let next = (board ^ plus[q]) << 4 | q as u32;
            if parent[next as usize] == UNSEEN {
                parent[next as usize] = state;
                queue.push_back(next);
            }
        }
    }
    Err(Error::Check(format!(
        "no walk blackens the {dims} board (the search was exhausted)"
    )))
}

/// The moves from `first` to `last` along the search's parent links.
fn path(parent: &[u32], mut last: u32, first: u32, dims: Dims) -> Walk {
    let mut moves = Vec::new();
    while last != first {
        let before = parent[last as usize];
        let (from, to) = (
            dims.pos((before & 15) as usize),
            dims.pos((last & 15) as usize),
        );
        let m = Move::ALL
            .into_iter()
            .find(|m| m.from(dims, from) == Some(to))
            .unwrap_or(Move::N);
        moves.push(m);
        last = before;
    }
    moves.reverse();
    Walk::new(moves)
}
