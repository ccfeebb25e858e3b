//! Semi-magic knight's tours of the 8×8 board (the knight's tour lab's extension): the
//! squares numbered 1..64 in the order of the tour, every row and every column
//! sums to 260.
//!
//! The search looks only at centrally symmetric closed tours in which move
//! `n + 32` lands on the square opposite (through the centre) to move `n`, a
//! shape many of the known semi-magic tours have (see G. Jelliss, "Knight's
//! Tour Notes", on magic and semi-magic tours and their symmetries). Then the
//! first 32 moves decide everything: they take one square of each opposite
//! pair, and a row `r` sums to 260 exactly when the first half puts 4 of its
//! squares in row `r` and its numbers in rows `r` and `7 − r` sum to 132
//! (and likewise for columns): with `a` squares of row `r` in the first half,
//! row `7 − r` sums to `S_r + 32·(2a − 8)`. The first half is found by a
//! depth-first search (explicit stack) pruned by these counts and sums; the
//! tour is then checked from scratch before anyone prints it.

use crate::control::Control;
use crate::grid::Pos;
use crate::knight::{Tour, SEED_MOVES};

/// The magic line sum of an 8×8 square numbered 1..64.
pub const MAGIC_SUM: u32 = 260;

/// The row, column and diagonal sums of a tour of the 8×8 board numbered 1..64.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MagicSums {
    /// Row sums, top row first.
    pub rows: Vec<u32>,
    /// Column sums, left column first.
    pub cols: Vec<u32>,
    /// The main diagonal (top left to bottom right), then the other one.
    pub diagonals: [u32; 2],
    /// Every row and column sums to 260.
    pub semi_magic: bool,
    /// Semi-magic and both diagonals sum to 260 too.
    pub magic: bool,
}

/// The line sums of `tour` numbered 1..64 (any 8×8 tour; `None` otherwise).
pub fn magic_sums(tour: &[Pos]) -> Option<MagicSums> {
    if tour.len() != 64 || tour.iter().any(|p| p.row >= 8 || p.col >= 8) {
        return None;
    }
    let (mut rows, mut cols, mut diagonals) = (vec![0u32; 8], vec![0u32; 8], [0u32; 2]);
    for (i, p) in tour.iter().enumerate() {
        let n = i as u32 + 1;
        rows[p.row] += n;
        cols[p.col] += n;
        if p.row == p.col {
            diagonals[0] += n;
        }
        if p.row + p.col == 7 {
            diagonals[1] += n;
        }
    }
    let semi_magic = rows.iter().chain(&cols).all(|&s| s == MAGIC_SUM);
    let magic = semi_magic && diagonals.iter().all(|&s| s == MAGIC_SUM);
    Some(MagicSums {
        rows,
        cols,
        diagonals,
        semi_magic,
        magic,
    })
}

fn opposite(s: usize) -> usize {
    63 - s
}

fn knight_moves(s: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((s / 8) as i64, (s % 8) as i64);
    SEED_MOVES.iter().filter_map(move |&(dr, dc)| {
        let (r2, c2) = (r + dr, c + dc);
        ((0..8).contains(&r2) && (0..8).contains(&c2)).then_some((r2 * 8 + c2) as usize)
    })
}

/// The least and greatest sums of `k` distinct numbers of the parity of
/// `first`, from `first` up to `last` (same parity), or `None` if too few.
fn span(k: i32, first: i32, last: i32) -> Option<(i32, i32)> {
    if k < 0 || (k > 0 && first + 2 * (k - 1) > last) {
        return None;
    }
    Some((k * first + k * (k - 1), k * last - k * (k - 1)))
}

/// Whether `odd` more odd and `even` more even distinct numbers above `n`
/// (up to 32) can add up to `need`. A knight changes colour at every move,
/// so a line pair's 4 white and 4 black squares hold 4 odd and 4 even numbers.
fn reachable(need: i32, odd: i32, even: i32, n: i32) -> bool {
    let first_odd = if n % 2 == 0 { n + 1 } else { n + 2 };
    let first_even = if n % 2 == 0 { n + 2 } else { n + 1 };
    match (span(odd, first_odd, 31), span(even, first_even, 32)) {
        (Some((a, b)), Some((c, d))) => (a + c..=b + d).contains(&need),
        _ => false,
    }
}

/// The search state for the first half of a symmetric tour.
struct Half {
    taken: [bool; 64],
    row_count: [i32; 8],
    col_count: [i32; 8],
    /// Sums and counts over the row pairs {r, 7 − r} and column pairs.
    row_sum: [i32; 4],
    /// Odd numbers placed in each row pair and column pair.
    row_odd: [i32; 4],
    row_n: [i32; 4],
    col_sum: [i32; 4],
    col_odd: [i32; 4],
    col_n: [i32; 4],
    path: Vec<usize>,
}

impl Half {
    fn new() -> Self {
        Half {
            taken: [false; 64],
            row_count: [0; 8],
            col_count: [0; 8],
            row_sum: [0; 4],
            row_odd: [0; 4],
            row_n: [0; 4],
            col_sum: [0; 4],
            col_odd: [0; 4],
            col_n: [0; 4],
            path: Vec::with_capacity(32),
        }
    }

    fn fits(&self, s: usize) -> bool {
        let (r, c) = (s / 8, s % 8);
        if self.taken[s] || self.row_count[r] >= 4 || self.col_count[c] >= 4 {
            return false;
        }
        let n = self.path.len() as i32 + 1;
        let odd = n % 2;
        let (rp, cp) = (r.min(7 - r), c.min(7 - c));
        let fits = |sum: i32, placed: i32, placed_odd: i32| {
            let left_odd = 4 - placed_odd - odd;
            let left_even = 4 - (placed - placed_odd) - (1 - odd);
            reachable(132 - sum - n, left_odd, left_even, n)
        };
        fits(self.row_sum[rp], self.row_n[rp], self.row_odd[rp])
            && fits(self.col_sum[cp], self.col_n[cp], self.col_odd[cp])
    }

    fn push(&mut self, s: usize, sign: i32) {
        let (r, c) = (s / 8, s % 8);
        let n = if sign > 0 {
            self.path.len() as i32 + 1
        } else {
            self.path.len() as i32
        };
        let on = sign > 0;
        self.taken[s] = on;
        self.taken[opposite(s)] = on;
        self.row_count[r] += sign;
        self.col_count[c] += sign;
        let (rp, cp) = (r.min(7 - r), c.min(7 - c));
        self.row_sum[rp] += sign * n;
        self.row_odd[rp] += sign * (n % 2);
        self.row_n[rp] += sign;
        self.col_sum[cp] += sign * n;
        self.col_odd[cp] += sign * (n % 2);
        self.col_n[cp] += sign;
        if on {
            self.path.push(s);
        } else {
            self.path.pop();
        }
    }
}

/// Looks for a semi-magic tour of the 8×8 board among the centrally symmetric
/// closed tours (move `n + 32` opposite move `n`). The shape is kept by the
/// board's 8 symmetries, so only the 10 start squares with `row ≤ col ≤ 3`
/// are tried, in parallel; `None` when `ctl` stops it or none is found. The
/// tour returned is a closed knight's tour whose rows and columns sum to 260 (checked).
pub fn semi_magic_tour(ctl: &Control) -> Option<Tour> {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    let done = AtomicBool::new(false);
    let starts: Vec<usize> = (0..4)
        .flat_map(|r| (r..4).map(move |c| r * 8 + c))
        .collect();
    starts.par_iter().find_map_any(|&start| {
        let stop = || done.load(Ordering::Relaxed) || ctl.stopped();
        let t = from_start(start, &stop)?;
        done.store(true, Ordering::Relaxed);
        Some(t)
    })
}

/// The moves from one square of the path not yet tried (at most 8, held
/// inline: a node of the search allocates nothing).
struct Untried {
    squares: [u8; 8],
    len: usize,
}

impl Untried {
    fn of(moves: impl Iterator<Item = usize>) -> Self {
        let mut untried = Untried {
            squares: [0; 8],
            len: 0,
        };
        for v in moves {
            untried.squares[untried.len] = v as u8;
            untried.len += 1;
        }
        untried
    }

    /// The last move not yet tried, taken out.
    fn pop(&mut self) -> Option<usize> {
        self.len = self.len.checked_sub(1)?;
        Some(usize::from(self.squares[self.len]))
    }
}

/// The first semi-magic symmetric tour from `start`, if any (until `stop`).
fn from_start(start: usize, stop: &dyn Fn() -> bool) -> Option<Tour> {
    let mut h = Half::new();
    h.push(start, 1);
    // For each depth, the moves from the square there not yet tried.
    let mut stack: Vec<Untried> = Vec::with_capacity(33);
    stack.push(Untried::of(knight_moves(start)));
    let mut nodes = 0u64;
    while let Some(options) = stack.last_mut() {
        if h.path.len() == 32 {
            let last = h.path[31];
            if knight_moves(last).any(|v| v == opposite(start)) {
                let mut order: Vec<usize> = h.path.clone();
                order.extend(h.path.iter().map(|&s| opposite(s)));
                let tour: Tour = order.iter().map(|&s| Pos::new(s / 8, s % 8)).collect();
                if magic_sums(&tour).is_some_and(|m| m.semi_magic) {
                    return Some(tour);
                }
            }
            stack.pop();
            let s = h.path[h.path.len() - 1];
            h.push(s, -1);
            continue;
        }
        match options.pop() {
            Some(v) => {
                nodes += 1;
                if nodes & 0xFFFF == 0 && stop() {
                    return None;
                }
                if h.fits(v) {
                    h.push(v, 1);
                    stack.push(Untried::of(knight_moves(v).filter(|&w| h.fits(w))));
                }
            }
            None => {
                stack.pop();
                if h.path.len() > 1 {
                    let s = h.path[h.path.len() - 1];
                    h.push(s, -1);
                } else {
                    break;
                }
            }
        }
    }
    None
}
