//! The search: candidates as bitmasks, singles propagated, most-constrained cell first (the Sudoku page).
//!
//! Every cell holds a `u64` mask of the digits still possible there (bit d-1
//! for digit d). Placing a digit removes it from the cell's peers; a peer left
//! with one candidate is queued (naked single); a digit left with one place in
//! a row, column or box is placed there (hidden single); a digit whose places
//! in a box lie on one line is removed from the rest of that line, and the
//! other way round (locked candidates). From 16×16 up, each unit also gets
//! Régin's all-different filter (the `alldiff` module: every naked and hidden
//! subset at once), and from 25×25 up the nodes near the root probe each
//! two-candidate cell (a candidate whose propagation fails is removed).
//! When nothing more follows, the search branches on the empty cell with the
//! fewest candidates — the Sudoku page's order "from the cells with the fewest
//! possibilities to those with the most" — counted per contradiction met in
//! its units so far (dom/wdeg), trying its digits in increasing order; where
//! probing ran, on the probed cell whose values removed the most candidates
//! (a look-ahead choice).
//!
//! Measured on the Gecode 25×25 instances (18 puzzles, ~270 clues of 625,
//! 20 s of CPU each): singles and locked candidates alone finish none; with
//! the all-different filter 2 finish; with dom/wdeg and probing 7 (0.2 s,
//! 0.2 s, 2.3 s, 4.6 s, 14 s, 17 s, 19 s); look-ahead then made the 2.3 s and
//! 4.6 s ones 1.5 to 2.5 times faster. The other 11 still run past 20 s. Digit-in-unit branching,
//! restarts, per-digit row/column/box matchings ("fish") and probing deeper
//! than 3 were tried and did not pay; so did (measured later, 60 s caps)
//! two-way branching (x = v, then x ≠ v propagated), restarts keeping
//! reduced nld-nogoods (Lecoutre, Saïs, Tabary and Vidal, JSAT 2007),
//! deciding uniqueness cell by cell from the first solution, and probing
//! every cell at the root. Measured again on an idle machine, 9 finish in
//! 0.1 to 16 s and 9 run past 60 s; the CaDiCaL SAT solver needs 7.5 to 39 s
//! on exactly those 9 to decide uniqueness (README, Sudoku speed).
//!
//! What decides them is learning: from 25×25 up, this search's root
//! propagation (`Search::reduce`) hands the candidates it leaves (about 330
//! open cells of 625 on those grids) to the CDCL back end (the `sat`
//! module: CaDiCaL, by Biere, Fazekas, Fleury and Heisinger), which learns
//! a clause from each conflict and restarts (Gomes, Selman and Kautz,
//! "Boosting combinatorial search through randomization", AAAI-98, on why
//! restarts tame heavy tails). The propagation here is what makes that
//! problem small: Régin's all-different filter ("A filtering algorithm for
//! constraints of difference in CSPs", AAAI-94) and probing remove what
//! unit propagation on the SAT encoding would not.
//!
//! The depth-first search keeps one state per depth in an explicit stack
//! (no recursion): a child state is a copy of its parent plus one digit.

use super::alldiff;
use crate::control::{Control, Stop, Tally};
use std::ops::ControlFlow;

mod layout;
mod locked;
pub use layout::Layout;

/// How often (in nodes) the search polls the stop flag.
const POLL_MASK: u64 = (1 << 6) - 1;

/// One node of the search: the candidates, the digits placed per unit, the values.
#[derive(Debug, Clone)]
struct State {
    cand: Vec<u64>,
    placed: Vec<u64>,
    value: Vec<u8>,
    /// Empty cells left.
    left: usize,
    /// What failed last (set on a contradiction only): a unit, or
    /// `BLAME_CELL + cell` for a cell left without candidates.
    blame: usize,
    /// The cell branched on at this depth, and the digits not yet tried there.
    cell: usize,
    remaining: u64,
}

/// The candidates left in all cells (placed cells count one).
fn candidates(cand: &[u64]) -> u64 {
    cand.iter().map(|m| m.count_ones() as u64).sum()
}

/// Added to a cell to blame it (see `State::blame`), above every unit.
const BLAME_CELL: usize = 1 << 16;

impl State {
    fn new(lay: &Layout) -> State {
        State {
            cand: vec![0; lay.cells],
            placed: vec![0; 3 * lay.side],
            value: vec![0; lay.cells],
            left: lay.cells,
            blame: 0,
            cell: 0,
            remaining: 0,
        }
    }

    fn reset(&mut self, lay: &Layout, full: u64) {
        self.cand.fill(full);
        self.placed.fill(0);
        self.value.fill(0);
        self.left = lay.cells;
    }

    fn copy_from(&mut self, other: &State) {
        self.cand.copy_from_slice(&other.cand);
        self.placed.copy_from_slice(&other.placed);
        self.value.copy_from_slice(&other.value);
        self.left = other.left;
    }

    /// Places the digit of mask `bit` at `cell` and removes it from the peers,
    /// queueing peers left with one candidate. False on a contradiction.
    #[inline]
    fn place(&mut self, lay: &Layout, cell: usize, bit: u64, queue: &mut Vec<u16>) -> bool {
        if self.value[cell] != 0 {
            self.blame = BLAME_CELL + cell;
            return self.cand[cell] == bit;
        }
        if self.cand[cell] & bit == 0 {
            self.blame = BLAME_CELL + cell;
            return false;
        }
        let [r, c, b] = lay.cell_units[cell];
        let (r, c, b) = (r as usize, c as usize, b as usize);
        if (self.placed[r] | self.placed[c] | self.placed[b]) & bit != 0 {
            self.blame = BLAME_CELL + cell;
            return false;
        }
        self.placed[r] |= bit;
        self.placed[c] |= bit;
        self.placed[b] |= bit;
        self.cand[cell] = bit;
        self.value[cell] = bit.trailing_zeros() as u8 + 1;
        self.left -= 1;
        for &p in lay.peers_of(cell) {
            let p = p as usize;
            let m = self.cand[p];
            if m & bit != 0 {
                let m = m & !bit;
                if m == 0 {
                    self.blame = BLAME_CELL + p;
                    return false;
                }
                self.cand[p] = m;
                if m & (m - 1) == 0 {
                    queue.push(p as u16);
                }
            }
        }
        true
    }

    /// Places every queued naked single, then hidden singles, until neither
    /// applies; then locked candidates, and again. False on a contradiction.
    fn propagate(
        &mut self,
        lay: &Layout,
        full: u64,
        queue: &mut Vec<u16>,
        scratch: &mut Scratch,
        locked: bool,
    ) -> bool {
        let ok = self.propagate_inner(lay, full, queue, scratch, locked);
        queue.clear();
        ok
    }

    fn propagate_inner(
        &mut self,
        lay: &Layout,
        full: u64,
        queue: &mut Vec<u16>,
        scratch: &mut Scratch,
        locked: bool,
    ) -> bool {
        loop {
            while let Some(p) = queue.pop() {
                let p = p as usize;
                if self.value[p] == 0 && !self.place(lay, p, self.cand[p], queue) {
                    return false;
                }
            }
            if self.left == 0 {
                return true;
            }
            match self.hidden_singles(lay, full, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !locked {
                return true;
            }
            match self.locked_candidates(lay, &mut scratch.seg, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) if !lay.alldiff => return true,
                Some(false) => {}
            }
            match self.all_different(lay, full, scratch, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if scratch.probe_now == 0 {
                return true;
            }
            match self.probe(lay, full, scratch, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Failed-literal probing: tries each candidate of the cells with at most
    /// `probe_now` candidates on a copy, and removes those whose propagation
    /// fails. `None` on a contradiction, else whether anything was removed.
    /// (Probes do not probe: the copy is taken out of `scratch` meanwhile.)
    fn probe(
        &mut self,
        lay: &Layout,
        full: u64,
        scratch: &mut Scratch,
        queue: &mut Vec<u16>,
    ) -> Option<bool> {
        let Some(mut trial) = scratch.probe.take() else {
            return Some(false);
        };
        let mut changed = false;
        let mut result = Some(false);
        scratch.ahead = (0, usize::MAX);
        'cells: for cell in 0..lay.cells {
            let m = self.cand[cell];
            if self.value[cell] != 0 || m.count_ones() > scratch.probe_now {
                continue;
            }
            let mut rest = m;
            // Look-ahead score: the product of the candidates each value removes.
            let mut score = 1u64;
            while rest != 0 && self.value[cell] == 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                if self.cand[cell] & bit == 0 {
                    continue;
                }
                trial.copy_from(self);
                let ok = trial.place(lay, cell, bit, queue)
                    && trial.propagate_inner(lay, full, queue, scratch, true);
                queue.clear();
                if ok {
                    score *= 1 + candidates(&self.cand).saturating_sub(candidates(&trial.cand));
                    if rest == 0 && score > scratch.ahead.0 {
                        scratch.ahead = (score, cell);
                    }
                    continue;
                }
                score = 0;
                scratch.bump(lay, trial.blame);
                changed = true;
                let ok = self.remove(cell, bit, queue).is_some()
                    && self.propagate_inner(lay, full, queue, scratch, true);
                queue.clear();
                if !ok {
                    result = None;
                    break 'cells;
                }
                if self.left == 0 {
                    break 'cells;
                }
            }
        }
        scratch.probe = Some(trial);
        result.map(|_| changed)
    }

    /// Narrows every digit that has a single place left in some unit to that
    /// place and queues it. `None` on a contradiction (a digit with no place,
    /// or a cell that would need two digits), else whether anything was found.
    fn hidden_singles(&mut self, lay: &Layout, full: u64, queue: &mut Vec<u16>) -> Option<bool> {
        let mut found = false;
        for u in 0..3 * lay.side {
            if self.placed[u] == full {
                continue;
            }
            let cells = lay.unit(u);
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in cells {
                let m = self.cand[c as usize];
                twice |= once & m;
                once |= m;
            }
            if once != full {
                self.blame = u;
                return None;
            }
            let mut singles = once & !twice & !self.placed[u];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let cell = cells.iter().find(|&&c| self.cand[c as usize] & bit != 0)?;
                let cell = *cell as usize;
                if self.cand[cell] != bit {
                    self.cand[cell] = bit;
                }
                queue.push(cell as u16);
                found = true;
            }
        }
        Some(found)
    }

    /// Régin's all-different filter on every unit whose open cells changed
    /// since it was last found quiet (the `alldiff` module). `None` on a
    /// contradiction, else whether anything was removed.
    fn all_different(
        &mut self,
        lay: &Layout,
        full: u64,
        scratch: &mut Scratch,
        queue: &mut Vec<u16>,
    ) -> Option<bool> {
        let side = lay.side;
        let mut changed = false;
        let mut doms = [0u64; 64];
        let mut at = [0u16; 64];
        let mut hint = [0u8; 64];
        for u in 0..3 * side {
            if self.placed[u] == full {
                continue;
            }
            let mut k = 0;
            let mut sig = 0u64;
            for (p, &c) in lay.unit(u).iter().enumerate() {
                let c = c as usize;
                if self.value[c] == 0 {
                    let m = self.cand[c];
                    doms[k] = m;
                    at[k] = c as u16;
                    hint[k] = scratch.hint[u * side + p];
                    k += 1;
                    sig = (sig ^ m ^ (p as u64) << 58).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                }
            }
            if scratch.quiet[u] == sig {
                continue;
            }
            if !alldiff::filter(&mut doms[..k], &mut hint[..k]) {
                self.blame = u;
                return None;
            }
            let mut unit_changed = false;
            for i in 0..k {
                let c = at[i] as usize;
                let m = doms[i];
                if m != self.cand[c] {
                    self.cand[c] = m;
                    unit_changed = true;
                    if m & (m - 1) == 0 {
                        queue.push(c as u16);
                    }
                }
            }
            let mut i = 0;
            for (p, &c) in lay.unit(u).iter().enumerate() {
                if i < k && at[i] == c {
                    scratch.hint[u * side + p] = hint[i];
                    i += 1;
                }
            }
            if unit_changed {
                changed = true;
            } else {
                scratch.quiet[u] = sig;
            }
        }
        Some(changed)
    }

    /// Removes the digits of `mask` from an open cell. `None` when the cell
    /// is left with none, else whether anything was removed.
    #[inline]
    fn remove(&mut self, cell: usize, mask: u64, queue: &mut Vec<u16>) -> Option<bool> {
        if self.value[cell] != 0 {
            return Some(false);
        }
        let m = self.cand[cell];
        if m & mask == 0 {
            return Some(false);
        }
        let m = m & !mask;
        if m == 0 {
            self.blame = BLAME_CELL + cell;
            return None;
        }
        self.cand[cell] = m;
        if m & (m - 1) == 0 {
            queue.push(cell as u16);
        }
        Some(true)
    }

    /// Sets the branch of this state: the open cell with the fewest
    /// candidates per contradiction met in its units ("dom/wdeg",
    /// Boussemart, Hemery, Lecoutre and Sais, ECAI 2004): the Sudoku page's
    /// most-constrained cell, with ties (and near ties) broken towards the
    /// cells whose units failed most in this search.
    ///
    /// `ahead` names the cell the last probing found best, if any (else
    /// `usize::MAX`): it is taken when still open.
    fn choose(&mut self, lay: &Layout, weight: &[u32], ahead: usize) {
        if ahead < lay.cells && self.value[ahead] == 0 && self.cand[ahead].count_ones() >= 2 {
            self.cell = ahead;
            self.remaining = self.cand[ahead];
            return;
        }
        let (mut best, mut best_count, mut best_weight) = (usize::MAX, u64::MAX, 1u64);
        for (i, (&m, &v)) in self.cand.iter().zip(&self.value).enumerate() {
            if v == 0 {
                let k = m.count_ones() as u64;
                let [r, c, b] = lay.cell_units[i];
                let w = (weight[r as usize] + weight[c as usize] + weight[b as usize]) as u64;
                // k / w < best_count / best_weight; the first open cell is
                // taken as it is (best_count · w would overflow u64::MAX).
                if best == usize::MAX || k * best_weight < best_count * w {
                    best = i;
                    best_count = k;
                    best_weight = w;
                }
            }
        }
        self.cell = best;
        self.remaining = self.cand[best];
    }
}

/// Work space of the propagation, shared by all depths.
#[derive(Debug)]
struct Scratch {
    /// The line segments of locked candidates.
    seg: Vec<u64>,
    /// Per unit and position: the digit index of the last matching found
    /// there (a warm start for the all-different filter).
    hint: Vec<u8>,
    /// Per unit: a hash of its open cells' candidates when the all-different
    /// filter last found nothing to remove there (it is then skipped; a hash
    /// collision would only skip a filter, never lose a solution).
    quiet: Vec<u64>,
    /// Per unit: 1 + the contradictions blamed on it in this search (the
    /// "weighted degree" of Boussemart et al., ECAI 2004).
    weight: Vec<u32>,
    /// The most candidates of a probed cell (0: no probing).
    /// The probing done at the node being propagated (see `Layout::probe`).
    probe_now: u32,
    /// The probed cell whose values removed the most candidates (product
    /// over its values, as in look-ahead SAT solvers) at the last probing,
    /// with its score; the branch there.
    ahead: (u64, usize),
    /// The copy probes work on (`None` while a probe runs).
    probe: Option<Box<State>>,
}

impl Scratch {
    /// Counts a contradiction against what `blame` names.
    fn bump(&mut self, lay: &Layout, blame: usize) {
        if blame >= BLAME_CELL {
            for u in lay.cell_units[blame - BLAME_CELL] {
                self.weight[u as usize] += 1;
            }
        } else {
            self.weight[blame] += 1;
        }
    }
}

/// A reusable search for one shape: the state stack and the work queue.
#[derive(Debug)]
pub(crate) struct Search<'a> {
    lay: &'a Layout,
    full: u64,
    stack: Vec<State>,
    queue: Vec<u16>,
    scratch: Scratch,
    /// The nodes [`Search::run`] may visit before it gives up (as a stop at
    /// the limit); unbounded unless set.
    node_limit: u64,
}

impl<'a> Search<'a> {
    /// Bounds the nodes each later [`Search::run`] may visit (`u64::MAX`: unbounded).
    #[cfg(feature = "sat")]
    pub(crate) fn set_node_limit(&mut self, nodes: u64) {
        self.node_limit = nodes;
    }

    /// Whether this search runs on `lay` (one layout per shape).
    pub(crate) fn layout_is(&self, lay: &Layout) -> bool {
        std::ptr::eq(self.lay, lay)
    }

    /// A search on grids of `lay`'s shape.
    pub(crate) fn new(lay: &'a Layout) -> Self {
        Search {
            lay,
            full: if lay.side == 64 {
                u64::MAX
            } else {
                (1u64 << lay.side) - 1
            },
            stack: vec![State::new(lay)],
            queue: Vec::with_capacity(lay.cells),
            scratch: Scratch {
                seg: Vec::with_capacity(lay.side * lay.side),
                hint: vec![0; 3 * lay.side * lay.side],
                quiet: vec![0; 3 * lay.side],
                weight: vec![1; 3 * lay.side],
                probe: Some(Box::new(State::new(lay))),
                probe_now: 0,
                ahead: (0, usize::MAX),
            },
            node_limit: u64::MAX,
        }
    }

    /// Places `clues` (row by row, 0 empty) at the root, removes digit
    /// `exclude.1` from cell `exclude.0` when asked, and propagates with
    /// every filter of this shape (locked candidates always: at the root
    /// they are found most). False when that shows there is no solution.
    fn propagate_root(&mut self, clues: &[u8], exclude: Option<(usize, u8)>) -> bool {
        let (lay, full) = (self.lay, self.full);
        self.scratch.weight.fill(1);
        let root = &mut self.stack[0];
        root.reset(lay, full);
        self.queue.clear();
        for (i, &v) in clues.iter().enumerate() {
            if v != 0 && !root.place(lay, i, 1u64 << (v - 1), &mut self.queue) {
                self.queue.clear();
                return false;
            }
        }
        if let Some((cell, digit)) = exclude {
            if root
                .remove(cell, 1u64 << (digit - 1), &mut self.queue)
                .is_none()
                || root.value[cell] == digit
            {
                self.queue.clear();
                return false;
            }
        }
        self.scratch.probe_now = lay.probe(0);
        self.scratch.ahead = (0, usize::MAX);
        root.propagate(lay, full, &mut self.queue, &mut self.scratch, true)
    }

    /// The candidates of every cell (a placed cell has one) after the root
    /// propagation of `clues`, less digit `exclude.1` at cell `exclude.0`
    /// when asked; `None` when the propagation shows there is no solution.
    /// The clues must not clash.
    #[cfg(feature = "sat")]
    pub(crate) fn reduce(&mut self, clues: &[u8], exclude: Option<(usize, u8)>) -> Option<&[u64]> {
        self.propagate_root(clues, exclude)
            .then_some(&self.stack[0].cand[..])
    }

    /// Visits every completion of `clues` (row by row, 0 empty) that does not
    /// put digit `exclude.1` at cell `exclude.0`, until `visit` breaks or
    /// `ctl` is stopped. The clues must not clash.
    pub(crate) fn run(
        &mut self,
        clues: &[u8],
        exclude: Option<(usize, u8)>,
        ctl: &Control,
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Tally {
        let lay = self.lay;
        let full = self.full;
        let mut found = 0u64;
        let done = |found, stopped| Tally { found, stopped };
        if !self.propagate_root(clues, exclude) {
            return done(0, None);
        }
        let root = &mut self.stack[0];
        if root.left == 0 {
            let stop = visit(&root.value).is_break();
            return done(1, stop.then_some(Stop::Limit));
        }
        root.choose(lay, &self.scratch.weight, self.scratch.ahead.1);
        let mut depth = 0usize;
        let mut nodes = 0u64;
        loop {
            nodes += 1;
            if nodes & POLL_MASK == 0 && ctl.stopped() {
                return done(found, Some(Stop::Interrupted));
            }
            if nodes > self.node_limit {
                return done(found, Some(Stop::Limit));
            }
            let remaining = self.stack[depth].remaining;
            if remaining == 0 {
                if depth == 0 {
                    return done(found, None);
                }
                depth -= 1;
                continue;
            }
            let bit = remaining & remaining.wrapping_neg();
            self.stack[depth].remaining ^= bit;
            let cell = self.stack[depth].cell;
            // The last digit of a cell needs no copy: the parent state is not needed again.
            let last = remaining == bit;
            if !last && self.stack.len() == depth + 1 {
                self.stack.push(State::new(lay));
            }
            let child_depth = if last { depth } else { depth + 1 };
            self.scratch.probe_now = lay.probe(child_depth);
            self.scratch.ahead = (0, usize::MAX);
            let (parents, children) = self.stack.split_at_mut(depth + 1);
            let child = if last {
                &mut parents[depth]
            } else {
                children[0].copy_from(&parents[depth]);
                &mut children[0]
            };
            if !child.place(lay, cell, bit, &mut self.queue)
                || !child.propagate(lay, full, &mut self.queue, &mut self.scratch, lay.locked)
            {
                self.scratch.bump(lay, child.blame);
                self.queue.clear();
                continue;
            }
            if child.left == 0 {
                found += 1;
                if visit(&child.value).is_break() {
                    return done(found, Some(Stop::Limit));
                }
                continue;
            }
            child.choose(lay, &self.scratch.weight, self.scratch.ahead.1);
            depth = child_depth;
        }
    }
}
