//! A dedicated search for the 9×9 grid (order 3): one 81-bit board per digit.
//!
//! The idea is the one of bitboard solvers such as JCZSolve (described on the
//! New Sudoku Players' Forum): instead of a candidate set per cell, keep per
//! digit the set of cells where it may still go, as one `u128` (bit `9r + c`).
//! Placing digit d at cell c clears c from the other eight boards and the
//! peers of c from board d. Naked singles are then a few whole-grid operations
//! (cells covered by exactly one board), hidden singles a mask test per digit
//! and unit, and a node of the search is ten words, copied in one go.
//!
//! The search is the same as the general one of [`super::search`]: singles
//! propagated to a fixpoint, then a branch on the open cell with the fewest
//! candidates, digits in increasing order, with an explicit stack.

use crate::control::{Control, Stop, Tally};
use std::ops::ControlFlow;

/// The 81 cells.
const ALL: u128 = (1u128 << 81) - 1;

/// How often (in nodes) the search polls the stop flag.
const POLL_MASK: u64 = (1 << 12) - 1;

/// The bit of cell `i`.
#[inline]
const fn bit(i: usize) -> u128 {
    1u128 << i
}

/// The 27 units (rows, columns, boxes) as cell masks.
const UNITS: [u128; 27] = {
    let mut units = [0u128; 27];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let b = (r / 3) * 3 + c / 3;
        units[r] |= bit(i);
        units[9 + c] |= bit(i);
        units[18 + b] |= bit(i);
        i += 1;
    }
    units
};

/// The peers of each cell (its row, column and box, without itself).
const PEERS: [u128; 81] = {
    let mut peers = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let b = (r / 3) * 3 + c / 3;
        peers[i] = (UNITS[r] | UNITS[9 + c] | UNITS[18 + b]) & !bit(i);
        i += 1;
    }
    peers
};

/// The three units of each cell as a 27-bit mask (row r, column 9 + c, box 18 + b).
const CELL_UNITS: [u32; 81] = {
    let mut units = [0u32; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let b = (r / 3) * 3 + c / 3;
        units[i] = (1 << r) | (1 << (9 + c)) | (1 << (18 + b));
        i += 1;
    }
    units
};

/// The units that hold a peer of each cell.
const PEER_UNITS: [u32; 81] = {
    let mut units = [0u32; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            if PEERS[i] & bit(j) != 0 {
                units[i] |= CELL_UNITS[j];
            }
            j += 1;
        }
        i += 1;
    }
    units
};

/// One node: where each digit may still go (placed cells keep their digit's bit only).
#[derive(Debug, Clone, Copy)]
struct State {
    boards: [u128; 9],
    solved: u128,
    /// Per digit, the units where it is placed already (no hidden single to look for there).
    done: [u32; 9],
    /// Per digit, the units where its board changed since the last
    /// hidden-single look (hidden singles of digit d in unit u depend on the
    /// cells of board d in u only).
    dirty: [u32; 9],
}

impl State {
    /// Places digit `d` (0-based) at `cell`, which must be open with `d` possible.
    #[inline(always)]
    fn place(&mut self, cell: usize, d: usize) {
        let b = bit(cell);
        let units = CELL_UNITS[cell];
        for (board, dirty) in self.boards.iter_mut().zip(&mut self.dirty) {
            *dirty |= 0u32.wrapping_sub((*board & b != 0) as u32) & units;
            *board &= !b;
        }
        self.dirty[d] |= PEER_UNITS[cell];
        self.boards[d] = (self.boards[d] & !PEERS[cell]) | b;
        self.solved |= b;
        self.done[d] |= CELL_UNITS[cell];
    }

    /// The digit (0-based) still possible at an open cell with a single candidate, if any.
    #[inline]
    fn digit_at(&self, cell: usize) -> Option<usize> {
        let b = bit(cell);
        self.boards.iter().position(|&board| board & b != 0)
    }

    /// Cells covered by at least one, at least two and at least three boards.
    #[inline]
    fn coverage(&self) -> (u128, u128, u128) {
        let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
        for &board in &self.boards {
            thrice |= twice & board;
            twice |= once & board;
            once |= board;
        }
        (once, twice, thrice)
    }

    /// Naked and hidden singles to a fixpoint. False on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            if self.solved == ALL {
                return true;
            }
            let (once, twice, _) = self.coverage();
            if once != ALL {
                return false;
            }
            let mut singles = once & !twice & !self.solved;
            if singles != 0 {
                while singles != 0 {
                    let cell = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    // An earlier single of this round may have emptied the cell.
                    match self.digit_at(cell) {
                        Some(d) => self.place(cell, d),
                        None => return false,
                    }
                }
                continue;
            }
            let mut found = false;
            for d in 0..9 {
                let mut open = self.dirty[d] & !self.done[d];
                self.dirty[d] = 0;
                while open != 0 {
                    let u = open.trailing_zeros() as usize;
                    open &= open - 1;
                    let m = self.boards[d] & UNITS[u];
                    if m == 0 {
                        return false;
                    }
                    if m & (m - 1) == 0 && m & self.solved == 0 {
                        self.place(m.trailing_zeros() as usize, d);
                        found = true;
                    }
                }
            }
            if !found {
                return true;
            }
        }
    }

    /// The open cell with the fewest candidates: the first two-candidate cell
    /// when there is one, else the first cell of least count in reading order.
    fn branch_cell(&self) -> usize {
        let (_, twice, thrice) = self.coverage();
        let pairs = twice & !thrice & !self.solved;
        if pairs != 0 {
            return pairs.trailing_zeros() as usize;
        }
        let mut open = !self.solved & ALL;
        let (mut best, mut best_count) = (81, u32::MAX);
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            let count = self.candidates(cell).count_ones();
            if count < best_count {
                best = cell;
                best_count = count;
            }
        }
        best
    }

    /// The candidates of a cell as a 9-bit mask (bit d for digit d + 1).
    #[inline]
    fn candidates(&self, cell: usize) -> u16 {
        let mut m = 0u16;
        for (d, &board) in self.boards.iter().enumerate() {
            m |= (((board >> cell) & 1) as u16) << d;
        }
        m
    }

    /// The values of a full grid, row by row.
    fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (d, &board) in self.boards.iter().enumerate() {
            let mut m = board;
            while m != 0 {
                out[m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        out
    }
}

/// One level of the depth-first search: the state before branching, the cell and the digits left.
#[derive(Debug, Clone, Copy)]
struct Frame {
    state: State,
    cell: usize,
    remaining: u16,
}

/// Visits every completion of the 81 `clues` (row by row, 0 empty, no clash)
/// until `visit` breaks or `ctl` is stopped; the same contract as the general search.
pub(crate) fn run(
    clues: &[u8],
    ctl: &Control,
    visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
) -> Tally {
    debug_assert_eq!(clues.len(), 81);
    let done = |found, stopped| Tally { found, stopped };
    let mut root = State {
        boards: [ALL; 9],
        solved: 0,
        done: [0; 9],
        dirty: [(1 << 27) - 1; 9],
    };
    for (i, &v) in clues.iter().enumerate() {
        if v != 0 {
            let d = v as usize - 1;
            if root.boards[d] & bit(i) == 0 || root.solved & bit(i) != 0 {
                return done(0, None);
            }
            root.place(i, d);
        }
    }
    if !root.propagate() {
        return done(0, None);
    }
    if root.solved == ALL {
        let stop = visit(&root.values()).is_break();
        return done(1, stop.then_some(Stop::Limit));
    }
    let mut stack: Vec<Frame> = Vec::with_capacity(81);
    let cell = root.branch_cell();
    stack.push(Frame {
        state: root,
        cell,
        remaining: root.candidates(cell),
    });
    let mut found = 0u64;
    let mut nodes = 0u64;
    while let Some(top) = stack.last_mut() {
        nodes += 1;
        if nodes & POLL_MASK == 0 && ctl.stopped() {
            return done(found, Some(Stop::Interrupted));
        }
        if top.remaining == 0 {
            stack.pop();
            continue;
        }
        let d = top.remaining.trailing_zeros() as usize;
        top.remaining &= top.remaining - 1;
        let mut child = top.state;
        let cell = top.cell;
        // The last digit of a cell needs no copy: the frame is not needed again.
        if top.remaining == 0 {
            stack.pop();
        }
        child.place(cell, d);
        if !child.propagate() {
            continue;
        }
        if child.solved == ALL {
            found += 1;
            if visit(&child.values()).is_break() {
                return done(found, Some(Stop::Limit));
            }
            continue;
        }
        let cell = child.branch_cell();
        let remaining = child.candidates(cell);
        stack.push(Frame {
            state: child,
            cell,
            remaining,
        });
    }
    done(found, None)
}
