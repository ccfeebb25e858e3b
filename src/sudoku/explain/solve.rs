//! The explainer's solver: depth-first search over candidate masks for any N×N board with R×C boxes.
//!
//! The method is the one of the hobby page on Sudoku as graph colouring:
//! fill the empty cell with the fewest possible digits first. Naked singles
//! (a cell with one candidate) and hidden singles (a digit with one place in
//! a unit) are placed before each choice. The explainer uses it on its
//! candidate board (pencil marks included) to find the solutions it checks
//! every step against, and to refute a guess in a `trial` step.

use super::board::{bit, Board, Geometry};
use crate::control::{Control, Stop, Tally};
use std::ops::ControlFlow;

/// How often (in nodes) the search polls the stop flag.
const POLL_MASK: u64 = (1 << 8) - 1;

/// A search over one board: one candidate row and one digit row per depth, reused.
struct Search<'a> {
    geo: &'a Geometry,
    cells: usize,
    all: u64,
    cand: Vec<u64>,
    value: Vec<u8>,
    nodes: u64,
    found: u64,
    limit: u64,
    max_nodes: u64,
    stopped: Option<Stop>,
}

/// What a finished search saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Searched {
    /// Solutions seen and why the search ended early, if it did.
    pub tally: Tally,
    /// Choices made (search nodes where a cell's digit was guessed).
    pub nodes: u64,
}

impl Search<'_> {
    /// Places `d` at `cell` on the level starting at `base`.
    fn place(&mut self, base: usize, cell: usize, d: u8) {
        self.value[base + cell] = d;
        self.cand[base + cell] = 0;
        let b = !bit(d);
        for &p in &self.geo.peers[cell] {
            self.cand[base + p] &= b;
        }
    }

    /// Naked and hidden singles until none is left; `false` on a contradiction.
    fn propagate(&mut self, base: usize) -> bool {
        loop {
            let mut changed = false;
            for c in 0..self.cells {
                if self.value[base + c] != 0 {
                    continue;
                }
                let m = self.cand[base + c];
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 {
                    self.place(base, c, m.trailing_zeros() as u8 + 1);
                    changed = true;
                }
            }
            for u in 0..self.geo.units.len() {
                let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
                for &c in &self.geo.units[u] {
                    let m = self.cand[base + c];
                    twice |= once & m;
                    once |= m;
                    if self.value[base + c] != 0 {
                        placed |= bit(self.value[base + c]);
                    }
                }
                if (once | placed) != self.all {
                    return false;
                }
                let mut single = once & !twice & !placed;
                while single != 0 {
                    let b = single & single.wrapping_neg();
                    single &= single - 1;
                    let at = self.geo.units[u]
                        .iter()
                        .copied()
                        .find(|&c| self.cand[base + c] & b != 0);
                    match at {
                        Some(c) => {
                            self.place(base, c, b.trailing_zeros() as u8 + 1);
                            changed = true;
                        }
                        None => return false,
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Searches the level at `depth`; `Break` once the limit or a stop is reached.
    fn run(
        &mut self,
        depth: usize,
        ctl: &Control,
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let base = depth * self.cells;
        if !self.propagate(base) {
            return ControlFlow::Continue(());
        }
        let mut best = None;
        let mut fewest = u32::MAX;
        for c in 0..self.cells {
            if self.value[base + c] == 0 {
                let k = self.cand[base + c].count_ones();
                if k < fewest {
                    (best, fewest) = (Some(c), k);
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        let Some(cell) = best else {
            self.found += 1;
            if visit(&self.value[base..base + self.cells]).is_break() {
                self.stopped = Some(Stop::Limit);
                return ControlFlow::Break(());
            }
            if self.found >= self.limit {
                self.stopped = Some(Stop::Limit);
                return ControlFlow::Break(());
            }
            return ControlFlow::Continue(());
        };
        let next = base + self.cells;
        if self.cand.len() < next + self.cells {
            self.cand.resize(next + self.cells, 0);
            self.value.resize(next + self.cells, 0);
        }
        let mut m = self.cand[base + cell];
        while m != 0 {
            let d = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            self.nodes += 1;
            if self.nodes > self.max_nodes {
                self.stopped = Some(Stop::Limit);
                return ControlFlow::Break(());
            }
            if self.nodes & POLL_MASK == 0 && ctl.stopped() {
                self.stopped = Some(Stop::Interrupted);
                return ControlFlow::Break(());
            }
            self.cand.copy_within(base..next, next);
            self.value.copy_within(base..next, next);
            self.place(next, cell, d);
            self.run(depth + 1, ctl, visit)?;
        }
        ControlFlow::Continue(())
    }
}

/// Searches from a board's digits and candidates, visiting each solution
/// (its cells row by row) until `limit` solutions or `visit` breaks.
pub(crate) fn search(
    board: &Board,
    limit: u64,
    ctl: &Control,
    visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
) -> Searched {
    search_capped(board, limit, u64::MAX, ctl, visit)
}

/// [`search`] giving up (stopped by [`Stop::Limit`]) once it has made more than `max_nodes` choices.
pub(crate) fn search_capped(
    board: &Board,
    limit: u64,
    max_nodes: u64,
    ctl: &Control,
    visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
) -> Searched {
    let cells = board.value.len();
    let mut s = Search {
        geo: &board.geo,
        cells,
        all: (1u64 << board.side()) - 1,
        cand: board.cand.clone(),
        value: board.value.clone(),
        nodes: 0,
        found: 0,
        limit: limit.max(1),
        max_nodes,
        stopped: None,
    };
    let _ = s.run(0, ctl, visit);
    Searched {
        tally: Tally {
            found: s.found,
            stopped: s.stopped,
        },
        nodes: s.nodes,
    }
}
