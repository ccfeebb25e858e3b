//! From an activation map to a walk: the seed's diagonal moves, nearest target first.
//!
//! **Diagonal move** (seed 004, "se déplacer diagonalement tout en laissant le
//! plateau invariant"): from X, the walk X→M→D→M→D, with M a common
//! neighbour of X and D, lands twice on M and twice on D, so it changes no
//! colour and moves the pawn one diagonal step (or two cells straight, M the
//! middle cell, which is the only kind of move a 1×C or L×1 board allows).
//! The pawn can therefore *relocate* anywhere within its checkerboard colour
//! class, at 2 moves per unit of taxicab distance — the least possible, since
//! every cell passed over must be landed on an even number of times.
//!
//! **Targets.** The cells still to be landed on an odd number of times are
//! the map minus the start cell (the placement already landed there). A
//! target `t` at taxicab distance `d` from the pawn is toggled in one of two ways:
//!
//! * `d` odd (t in the other colour class): relocate to the neighbour of `t`
//!   nearest the pawn, step onto `t` — `2d − 1` moves;
//! * `d` even (same class): the class "runs out", so a *dummy* neighbour `n`
//!   of `t` is landed on twice around it: relocate to a cell `x` next to `n`,
//!   then `x→n→t→n` — again `2d − 1` moves (3 when `d = 0`).
//!
//! Landings alternate colour classes, so a walk of `k` moves lands `⌈(k+1)/2⌉`
//! times on the start's class and `⌊(k+1)/2⌋` times on the other; the dummies
//! are exactly what makes any map's per-class counts fit some length.
//!
//! The seed's own model ("activer dans un ordre quelconque toutes les cases
//! blanches, puis toutes les cases noires", with a stack) takes the targets
//! class by class, which needs a dummy almost every time; taking the nearest
//! target of either class (cost `2d − 1` both ways) keeps the walk near one
//! move per target on dense maps. Ties, and the fallback when nothing lies
//! within [`RADIUS`], follow a boustrophedon sweep from the start corner, so
//! the pawn does not leave stragglers far behind.

use super::{distance, Move, Walk};
use crate::error::Result;
use crate::grid::{BitGrid, Dims, Pos};
use crate::lightsout::Analysis;

/// How far (taxicab) the nearest-target search looks before falling back to the sweep order.
pub const RADIUS: usize = 6;

/// Largest `cells × maps` the short builder tries all activation maps for.
const SHORT_BUDGET: usize = 1 << 20;

/// The sweep that breaks ties and picks a target when none is near.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Rows from the bottom up, alternately left to right and right to left.
    Sweep,
    /// Columns from the left, alternately bottom to top and top to bottom.
    Columns,
}

impl Order {
    /// The rank of `p` in the sweep (0 first).
    fn rank(self, dims: Dims, p: Pos) -> usize {
        match self {
            Order::Sweep => {
                let band = dims.rows - 1 - p.row;
                let along = if band % 2 == 0 {
                    p.col
                } else {
                    dims.cols - 1 - p.col
                };
                band * dims.cols + along
            }
            Order::Columns => {
                let band = p.col;
                let along = if band % 2 == 0 {
                    dims.rows - 1 - p.row
                } else {
                    p.row
                };
                band * dims.rows + along
            }
        }
    }

    /// The cell of rank `k`.
    fn cell(self, dims: Dims, k: usize) -> Pos {
        match self {
            Order::Sweep => {
                let (band, along) = (k / dims.cols, k % dims.cols);
                let col = if band % 2 == 0 {
                    along
                } else {
                    dims.cols - 1 - along
                };
                Pos::new(dims.rows - 1 - band, col)
            }
            Order::Columns => {
                let (band, along) = (k / dims.rows, k % dims.rows);
                let row = if band % 2 == 0 {
                    dims.rows - 1 - along
                } else {
                    along
                };
                Pos::new(row, band)
            }
        }
    }
}

/// The walk being written and where it has taken the pawn.
struct Pen {
    dims: Dims,
    pawn: Pos,
    moves: Vec<Move>,
}

impl Pen {
    fn step(&mut self, m: Move) {
        self.moves.push(m);
        // The builder only makes moves that stay on the board; the replay
        // that follows every build would catch one that did not.
        if let Some(p) = m.from(self.dims, self.pawn) {
            self.pawn = p;
        }
    }

    /// The move from the pawn's cell to the neighbouring cell `q`.
    fn toward(&self, q: Pos) -> Move {
        let p = self.pawn;
        if q.row < p.row {
            Move::N
        } else if q.row > p.row {
            Move::S
        } else if q.col > p.col {
            Move::E
        } else {
            Move::W
        }
    }

    /// Diagonal and straight double moves to `x` (same colour class as the pawn): no colour changes.
    fn relocate(&mut self, x: Pos) {
        while self.pawn != x {
            let p = self.pawn;
            let vertical = match p.row.cmp(&x.row) {
                std::cmp::Ordering::Less => Some(Move::S),
                std::cmp::Ordering::Greater => Some(Move::N),
                std::cmp::Ordering::Equal => None,
            };
            let horizontal = match p.col.cmp(&x.col) {
                std::cmp::Ordering::Less => Some(Move::E),
                std::cmp::Ordering::Greater => Some(Move::W),
                std::cmp::Ordering::Equal => None,
            };
            let (first, second) = match (vertical, horizontal) {
                // X→M→D→M→D with M the cell beside X on the way to D.
                (Some(v), Some(h)) => (v, h),
                (Some(v), None) => (v, v),
                (None, Some(h)) => (h, h),
                (None, None) => break,
            };
            self.step(first);
            self.step(second);
            self.step(second.reverse());
            self.step(second);
        }
    }

    /// Lands on `t` once more, every other cell's landing count changing by an even number.
    fn toggle(&mut self, t: Pos) {
        let d = distance(self.pawn, t);
        if d % 2 == 1 {
            let n = neighbour_toward(self.dims, t, self.pawn);
            self.relocate(n);
            let m = self.toward(t);
            self.step(m);
        } else {
            // The dummy `n` beside `t`, landed on before and after it.
            let n = neighbour_toward(self.dims, t, self.pawn);
            let x = if d == 0 {
                t
            } else {
                neighbour_toward(self.dims, n, self.pawn)
            };
            self.relocate(x);
            let there = self.toward(n);
            self.step(there);
            let back = self.toward(t);
            self.step(back);
            self.step(back.reverse());
        }
    }
}

/// The neighbour of `t` on a shortest path to `p` (any neighbour when `p = t`).
fn neighbour_toward(dims: Dims, t: Pos, p: Pos) -> Pos {
    let (dr, dc) = (t.row.abs_diff(p.row), t.col.abs_diff(p.col));
    if dr == 0 && dc == 0 {
        return dims.neighbours(t).next().unwrap_or(t);
    }
    if dr >= dc {
        if p.row < t.row {
            Pos::new(t.row - 1, t.col)
        } else {
            Pos::new(t.row + 1, t.col)
        }
    } else if p.col < t.col {
        Pos::new(t.row, t.col - 1)
    } else {
        Pos::new(t.row, t.col + 1)
    }
}

/// The target to take next from `pawn`: the cheapest within [`RADIUS`]
/// (distance 1 costs 1 move, 0 and 2 cost 3, d costs 2d − 1), ties to the earliest in `order`.
fn nearest(targets: &BitGrid, pawn: Pos, order: Order) -> Option<Pos> {
    let dims = targets.dims();
    let ring = |r: usize| {
        let r = r as i64;
        (-r..=r).flat_map(move |dr| {
            let rest = r - dr.abs();
            let cols = if rest == 0 {
                vec![0]
            } else {
                vec![-rest, rest]
            };
            cols.into_iter().map(move |dc| (dr, dc))
        })
    };
    let mut tiers: Vec<Vec<usize>> = vec![vec![1], vec![0, 2]];
    tiers.extend((3..=RADIUS).map(|r| vec![r]));
    for tier in tiers {
        let best = tier
            .iter()
            .flat_map(|&r| ring(r))
            .filter_map(|(dr, dc)| dims.checked(pawn.row as i64 + dr, pawn.col as i64 + dc))
            .filter(|&q| targets.get(q))
            .min_by_key(|&q| order.rank(dims, q));
        if best.is_some() {
            return best;
        }
    }
    None
}

/// The diagonal builder: a walk from `start` whose activation map is `map`.
pub fn diagonal(dims: Dims, start: Pos, map: &BitGrid, order: Order) -> Walk {
    let mut targets = map.clone();
    // The placement on the start cell is the first landing.
    targets.toggle(start);
    let mut left = targets.count_ones();
    let mut pen = Pen {
        dims,
        pawn: start,
        moves: Vec::new(),
    };
    let mut next = 0;
    while left > 0 {
        let t = match nearest(&targets, pen.pawn, order) {
            Some(t) => t,
            None => {
                while !targets.get(order.cell(dims, next)) {
                    next += 1;
                }
                order.cell(dims, next)
            }
        };
        pen.toggle(t);
        targets.set(t, false);
        left -= 1;
    }
    Walk::new(pen.moves)
}

/// The shortest diagonal-builder walk over both sweep orders and, when
/// `cells × maps` stays under a budget, every activation map (else the
/// method's map and its sums with each single quiet pattern).
pub fn short(dims: Dims, start: Pos, analysis: &Analysis) -> Result<Walk> {
    let Some(map) = &analysis.presses else {
        return Err(crate::error::Error::Check(
            "no activation map to build a walk from".to_string(),
        ));
    };
    let quiet = &analysis.quiet_patterns;
    let every_map = quiet.len() < 20 && dims.cells() << quiet.len() <= SHORT_BUDGET;
    let mut maps = vec![map.clone()];
    if every_map {
        let mut current = map.clone();
        for k in 1u64..(1 << quiet.len()) {
            let bit = k.trailing_zeros() as usize;
            current
                .bits_mut()
                .symmetric_difference_with(quiet[bit].bits());
            maps.push(current.clone());
        }
    } else {
        for q in quiet {
            let mut m = map.clone();
            m.bits_mut().symmetric_difference_with(q.bits());
            maps.push(m);
        }
    }
    let mut best: Option<Walk> = None;
    for m in &maps {
        for order in [Order::Sweep, Order::Columns] {
            let w = diagonal(dims, start, m, order);
            if best.as_ref().is_none_or(|b| w.len() < b.len()) {
                best = Some(w);
            }
        }
    }
    Ok(best.unwrap_or_default())
}
