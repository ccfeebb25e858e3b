//! From an activation map to a walk: the page's diagonal moves, nearest target first.
//!
//! **Diagonal move** (the Revertigo page, "se déplacer diagonalement tout en laissant le
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
//! The page's own model ("activer dans un ordre quelconque toutes les cases
//! blanches, puis toutes les cases noires", with a stack) takes the targets
//! class by class, so nearly every target after the first of a class needs a
//! dummy; taking the nearest target of either class instead (cost `2d − 1`
//! both ways) keeps the walk near one move per target on dense maps. Ties
//! follow a boustrophedon sweep from the start corner; when nothing lies
//! within [`RADIUS`] the nearest target anywhere is found row by row.
//!
//! **Short builder** (the default): the same builder with several tie rules
//! (look one step ahead; Warnsdorff's rule, fewest targets around first) and
//! both sweep directions, on every activation map when there are few, then
//! the best orders shortened as a taxicab TSP path (2-opt, or-opt) and
//! replayed with dummies placed towards the next target. Over every board
//! from 1×1 to 30×30 it averages under one move per cell (0.961; see the
//! ignored test `walk_lengths_over_every_board_up_to_30x30`). Boards of more
//! than [`LARGE_CELLS`] cells get one greedy pass (sweep order, fewest
//! targets around first) and the same replay of its order: linear work,
//! about 1.03 moves per cell on square boards (2000×2000 in a second or two),
//! and on a line the 5 moves per 3 cells that any walk going one way needs.
//! The nearest target beyond the radius is found through path-compressed
//! "next target in the row" pointers, two `u32` per cell.

use super::{distance, Move, Walk};
use crate::error::Result;
use crate::grid::{BitGrid, Dims, Pos};
use crate::lightsout::Analysis;
use shorten::{improve, two_opt};

mod shorten;

/// How many of the best greedy walks the short builder improves by local search.
const IMPROVED: usize = 4;

/// How many places in the order a 2-opt reversal or an or-opt move may span
/// (each costs that many steps), so that a pass of the local search is linear.
const WINDOW: usize = 1000;

/// Boards of more cells get a single greedy walk (the search over several
/// orders and maps would take seconds, and the local search's model does not help there).
pub const LARGE_CELLS: usize = 1 << 16;

/// Most `cells × 8 × maps` greedy work when the maps are not all tried.
const SEARCH_BUDGET: usize = 1 << 21;

/// Most targets for the full (quadratic) 2-opt pass.
const FULL_TWO_OPT: usize = 1000;

/// How far (taxicab) the nearest-target search looks before falling back to the sweep order.
pub const RADIUS: usize = 6;

/// Largest `cells × maps` the short builder tries all activation maps for.
const SHORT_BUDGET: usize = 1 << 20;

/// How far ahead the nearest-target choice looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// The cheapest target now.
    No,
    /// Plus the cost of the step after: a plan ending next to another target is preferred.
    Ahead,
    /// As `Ahead`, ties to the target with the fewest targets around it (Warnsdorff's rule).
    Warnsdorff,
    /// The cheapest target now, ties by Warnsdorff's rule.
    Fewest,
}

impl Look {
    fn on(self) -> bool {
        self != Look::No
    }

    fn ahead(self) -> bool {
        matches!(self, Look::Ahead | Look::Warnsdorff)
    }
}

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

    /// Lands on `t` once more as `plan` says, every other cell's landing
    /// count changing by an even number.
    fn toggle(&mut self, t: Pos, plan: Plan) {
        match plan {
            Plan::Step { from } => {
                self.relocate(from);
                let m = self.toward(t);
                self.step(m);
            }
            Plan::Dummy { from, dummy } => {
                // from→dummy→t→dummy: the dummy is landed on twice.
                self.relocate(from);
                let there = self.toward(dummy);
                self.step(there);
                let back = self.toward(t);
                self.step(back);
                self.step(back.reverse());
            }
        }
    }
}

/// How the pawn takes a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plan {
    /// Relocate to `from`, a neighbour of the target, and step onto it.
    Step { from: Pos },
    /// Relocate to `from`, a neighbour of `dummy` (or the target itself),
    /// `dummy` a neighbour of the target, then from→dummy→target→dummy.
    Dummy { from: Pos, dummy: Pos },
}

impl Plan {
    /// Where the pawn ends.
    fn end(self, t: Pos) -> Pos {
        match self {
            Plan::Step { .. } => t,
            Plan::Dummy { dummy, .. } => dummy,
        }
    }
}

/// The neighbours of `q` one step closer to `p` (all of them when `p = q`).
fn closer(dims: Dims, q: Pos, p: Pos) -> impl Iterator<Item = Pos> {
    let d = distance(p, q);
    let mut near = [q; 4];
    let mut k = 0;
    for n in dims.neighbours(q) {
        if d == 0 || distance(p, n) + 1 == d {
            near[k] = n;
            k += 1;
        }
    }
    near.into_iter().take(k)
}

/// The remaining targets next to `e`, other than `t`.
fn targets_next_to(targets: &BitGrid, e: Pos, t: Pos) -> usize {
    targets
        .dims()
        .neighbours(e)
        .filter(|&q| q != t && targets.get(q))
        .count()
}

/// The cheapest way from `pawn` to target `t`: its cost in moves and the plan.
/// With `look`, a dummy next to another target is preferred (the next step then costs 1).
fn plan(targets: &BitGrid, pawn: Pos, t: Pos, look: Look) -> (usize, Plan) {
    let dims = targets.dims();
    let d = distance(pawn, t);
    if d % 2 == 1 {
        let from = closer(dims, t, pawn).next().unwrap_or(pawn);
        return (2 * d - 1, Plan::Step { from });
    }
    let mut best: Option<(usize, Plan)> = None;
    for dummy in closer(dims, t, pawn) {
        let from = if d == 0 {
            t
        } else {
            closer(dims, dummy, pawn).next().unwrap_or(pawn)
        };
        let near = if look.on() {
            targets_next_to(targets, dummy, t)
        } else {
            0
        };
        if best.is_none_or(|(n, _)| near > n) {
            best = Some((near, Plan::Dummy { from, dummy }));
        }
    }
    let how = best.map_or(Plan::Step { from: pawn }, |(_, p)| p);
    ((2 * d).max(4) - 1, how)
}

/// The target to take next from `pawn`, and how: the cheapest within
/// [`RADIUS`] (distance 1 costs 1 move, 0 and 2 cost 3, d costs 2d − 1);
/// with `look`, plus 1 for a plan that ends next to another target and 3
/// otherwise; ties to the earliest in `order`.
fn nearest(targets: &BitGrid, pawn: Pos, order: Order, look: Look) -> Option<(Pos, Plan)> {
    let dims = targets.dims();
    let mut best: Option<((usize, usize, usize), Pos, Plan)> = None;
    for r in 0..=RADIUS {
        // No target at distance r can cost less than this.
        let floor = (2 * r).max(2) - 1;
        if best.is_some_and(|((score, _, _), _, _)| floor > score) {
            break;
        }
        let r = r as i64;
        for dr in -r..=r {
            let rest = r - dr.abs();
            for dc in [-rest, rest]
                .into_iter()
                .take(if rest == 0 { 1 } else { 2 })
            {
                let Some(t) = dims.checked(pawn.row as i64 + dr, pawn.col as i64 + dc) else {
                    continue;
                };
                if !targets.get(t) {
                    continue;
                }
                let (cost, how) = plan(targets, pawn, t, look);
                let next = match (look.ahead(), targets_next_to(targets, how.end(t), t)) {
                    (false, _) => 0,
                    (true, 0) => 3,
                    (true, _) => 1,
                };
                // Warnsdorff's rule: the target with the fewest targets around it first.
                let onward = match look {
                    Look::Warnsdorff | Look::Fewest => targets_next_to(targets, t, t),
                    _ => 0,
                };
                let key = (cost + next, onward, order.rank(dims, t));
                if best.is_none_or(|(k, _, _)| key < k) {
                    best = Some((key, t, how));
                }
            }
        }
    }
    best.map(|(_, t, how)| (t, how))
}

/// The targets not yet taken, for the nearest one in a row on either side
/// of a column: "next alive at or after" and "last alive at or before"
/// pointers over the row-major cell indices, path-compressed (a disjoint-set
/// forest each way), so a whole walk costs near-linear time and two `u32` per cell.
pub(super) struct Alive {
    cols: usize,
    /// `next[i]` leads to the first target at index ≥ i (`cells` when none).
    next: Vec<u32>,
    /// `prev[i + 1]` leads to the last target at index ≤ i, plus one (0 when none).
    prev: Vec<u32>,
}

impl Alive {
    pub(super) fn new(targets: &BitGrid) -> Self {
        let dims = targets.dims();
        let cells = dims.cells();
        let mut next = vec![0u32; cells + 1];
        let mut prev = vec![0u32; cells + 1];
        // Indices fit in 32 bits: boards hold at most MAX_CELLS cells.
        let mut after = cells as u32;
        for i in (0..cells).rev() {
            if targets.bits().contains(i) {
                after = i as u32;
            }
            next[i] = after;
        }
        next[cells] = cells as u32;
        let mut before = 0u32;
        for i in 0..cells {
            if targets.bits().contains(i) {
                before = i as u32 + 1;
            }
            prev[i + 1] = before;
        }
        Alive {
            cols: dims.cols,
            next,
            prev,
        }
    }

    /// Follows `links` from `i` to its root (a cell that points to itself), compressing the way.
    fn root(links: &mut [u32], i: usize) -> usize {
        let mut r = i;
        while links[r] as usize != r {
            r = links[r] as usize;
        }
        let mut k = i;
        while links[k] as usize != r {
            let up = links[k] as usize;
            links[k] = r as u32;
            k = up;
        }
        r
    }

    /// Takes the target at row-major index `i` away.
    pub(super) fn remove(&mut self, i: usize) {
        self.next[i] = i as u32 + 1;
        self.prev[i + 1] = i as u32;
    }

    /// The nearest targets of row `r` at or left of column `c` and at or right of it.
    pub(super) fn around(&mut self, r: usize, c: usize) -> [Option<usize>; 2] {
        let (first, i) = (r * self.cols, r * self.cols + c);
        let right = Self::root(&mut self.next, i);
        let left = Self::root(&mut self.prev, i + 1);
        [
            (left > first).then(|| left - 1 - first),
            (right < first + self.cols).then(|| right - first),
        ]
    }
}

/// The nearest target at any distance (ties to the earliest in `order`),
/// searched row by row outwards from the pawn's row.
fn nearest_anywhere(alive: &mut Alive, pawn: Pos, order: Order, dims: Dims) -> Option<Pos> {
    let mut best: Option<((usize, usize), Pos)> = None;
    for dr in 0..dims.rows {
        if best.is_some_and(|((d, _), _)| dr > d) {
            break;
        }
        let above = pawn.row.checked_sub(dr);
        let below = (dr > 0 && pawn.row + dr < dims.rows).then_some(pawn.row + dr);
        for r in [above, below].into_iter().flatten() {
            for c in alive.around(r, pawn.col).into_iter().flatten() {
                let t = Pos::new(r, c);
                let key = (distance(pawn, t), order.rank(dims, t));
                if best.is_none_or(|(k, _)| key < k) {
                    best = Some((key, t));
                }
            }
        }
    }
    best.map(|(_, t)| t)
}

/// The diagonal builder: a walk from `start` whose activation map is `map`.
pub fn diagonal(dims: Dims, start: Pos, map: &BitGrid, order: Order, look: Look) -> Walk {
    greedy(dims, start, map, order, look).0
}

/// The diagonal builder's walk and the order in which it took the targets.
pub(super) fn greedy(
    dims: Dims,
    start: Pos,
    map: &BitGrid,
    order: Order,
    look: Look,
) -> (Walk, Vec<Pos>) {
    let mut targets = map.clone();
    // The placement on the start cell is the first landing.
    targets.toggle(start);
    let mut left = targets.count_ones();
    let mut pen = Pen {
        dims,
        pawn: start,
        moves: Vec::new(),
    };
    // For the nearest target beyond the radius.
    let mut alive = Alive::new(&targets);
    let mut taken = Vec::with_capacity(left);
    while left > 0 {
        let found = nearest(&targets, pen.pawn, order, look).or_else(|| {
            nearest_anywhere(&mut alive, pen.pawn, order, dims)
                .map(|t| (t, plan(&targets, pen.pawn, t, look).1))
        });
        let Some((t, how)) = found else {
            break;
        };
        pen.toggle(t, how);
        taken.push(t);
        targets.set(t, false);
        alive.remove(dims.index(t));
        left -= 1;
    }
    (Walk::new(pen.moves), taken)
}

/// Takes the targets in `order` from `start`; a dummy is chosen on the side of the target after.
pub(super) fn follow(dims: Dims, start: Pos, order: &[Pos]) -> Walk {
    let mut pen = Pen {
        dims,
        pawn: start,
        moves: Vec::new(),
    };
    for (i, &t) in order.iter().enumerate() {
        let p = pen.pawn;
        let d = distance(p, t);
        let how = if d % 2 == 1 {
            Plan::Step {
                from: closer(dims, t, p).next().unwrap_or(p),
            }
        } else {
            let after = order.get(i + 1).copied();
            let dummy = closer(dims, t, p)
                .min_by_key(|&n| after.map_or(0, |a| distance(n, a)))
                .unwrap_or(p);
            let from = if d == 0 {
                t
            } else {
                closer(dims, dummy, p).next().unwrap_or(p)
            };
            Plan::Dummy { from, dummy }
        };
        pen.toggle(t, how);
    }
    Walk::new(pen.moves)
}

/// The shortest diagonal-builder walk over both sweep orders and, when
/// `cells × maps` stays under a budget, every activation map (else the
/// method's map and its sums with single quiet patterns, as many as
/// [`SEARCH_BUDGET`] allows). Boards of more than [`LARGE_CELLS`] cells get
/// one greedy walk (sweep order, Warnsdorff ties) on the method's map,
/// followed again with dummies placed towards the next target: linear work.
pub fn short(dims: Dims, start: Pos, analysis: &Analysis) -> Result<Walk> {
    let Some(map) = &analysis.presses else {
        return Err(crate::error::Error::Check(
            "no activation map to build a walk from".to_string(),
        ));
    };
    if dims.cells() > LARGE_CELLS {
        let (w, taken) = greedy(dims, start, map, Order::Sweep, Look::Fewest);
        let w2 = follow(dims, start, &taken);
        return Ok(if w2.len() < w.len() { w2 } else { w });
    }
    let quiet = &analysis.quiet_patterns();
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
        // Each map costs 8 greedy walks.
        let room = SEARCH_BUDGET / (8 * dims.cells());
        for q in quiet.iter().take(room) {
            let mut m = map.clone();
            m.bits_mut().symmetric_difference_with(q.bits());
            maps.push(m);
        }
    }
    // The greedy walk of every (map, order) pair; the best few are then improved.
    let mut tries: Vec<(Walk, Vec<Pos>)> = Vec::new();
    for m in &maps {
        for order in [Order::Sweep, Order::Columns] {
            for look in [Look::No, Look::Ahead, Look::Warnsdorff, Look::Fewest] {
                tries.push(greedy(dims, start, m, order, look));
                // Only the best few are kept: on huge boards each is megabytes.
                if tries.len() > IMPROVED {
                    tries.sort_by_key(|(w, _)| w.len());
                    tries.truncate(IMPROVED);
                }
            }
        }
    }
    tries.sort_by_key(|(w, _)| w.len());
    let mut best: Option<Walk> = None;
    for (w, mut taken) in tries.into_iter().take(IMPROVED) {
        // The greedy order itself, with the dummies towards the next target.
        let w1 = follow(dims, start, &taken);
        if taken.len() <= FULL_TWO_OPT {
            let all = taken.len();
            two_opt(start, &mut taken, all);
        }
        improve(dims, start, &mut taken, WINDOW, 6);
        let w2 = follow(dims, start, &taken);
        for w in [w, w1, w2] {
            if best.as_ref().is_none_or(|b| w.len() < b.len()) {
                best = Some(w);
            }
        }
    }
    Ok(best.unwrap_or_default())
}
