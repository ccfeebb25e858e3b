//! Minimal puzzles of large grids, built up from unavoidable sets rather than whittled down clue by clue.
//!
//! An unavoidable set of a full grid S is a set of cells D such that another
//! full grid T agrees with S everywhere outside D: a puzzle whose only
//! solution is S must hold a clue in every such D, or T would solve it too
//! (McGuire, Tugemann and Civario, "There is no 16-clue Sudoku: solving the
//! Sudoku minimum number of clues problem via hitting set enumeration",
//! Experimental Mathematics, 2014). Every second solution met is such a set,
//! and is recorded.
//!
//! Removing clues one at a time from the full grid, as the small-grid
//! generator does, costs one uniqueness proof for each clue removed once
//! the easy removals are over, and on 25×25 grids each such proof takes
//! CaDiCaL seconds. Here the clues are built up instead: starting from the
//! unavoidable rectangles (two rows of a band, or two columns of a stack,
//! whose two digits can be swapped), a clue is added where it hits the most
//! recorded sets not yet hit (among those, where it takes away the fewest
//! proofs that earlier clues are needed: see [`losses`]); when every
//! recorded set is hit, the incremental solver ([`Rivals`]) is asked for
//! another grid keeping those clues, which is a new unavoidable set, until
//! there is none. One pass then
//! drops what is not needed: a clue (or orbit of clues under a symmetry)
//! that is the only clue of some recorded set stays without any proof, and
//! only the others are decided, first by this search's propagation, then by
//! a bounded depth-first search of it (which most often meets another grid,
//! since most of these clues must stay), then by the solver. Each kept clue
//! is left with the grid that shows it cannot go (its witness); the clues
//! needing an unsatisfiability proof are then few.
//!
//! The solver's times on these questions are heavy-tailed, so none is
//! waited for: each may take a budget of conflicts ([`CONFLICTS`]). A
//! build-up question over budget is put off by a clue orbit chosen at
//! random among the cells still open, which makes it smaller, and asked
//! again; a minimising question over budget goes to the next round, whose
//! budget is four times larger, until every orbit is decided.

use super::super::sat::{Answer, Rivals};
use super::super::search::{Layout, Search};
use super::super::Sudoku;
use super::Symmetry;
use crate::control::Control;
use crate::random::Rng;
use rand::seq::SliceRandom;
use std::ops::ControlFlow;

/// A minimal puzzle of S, with the grid that keeps each of its clue orbits.
#[derive(Debug, Clone)]
pub(super) struct Built {
    /// The clues.
    pub(super) puzzle: Sudoku,
    /// For each clue orbit: a full grid other than S that agrees with every
    /// clue outside that orbit (so the orbit cannot go).
    pub(super) witnesses: Vec<Sudoku>,
}

/// One unavoidable set of S: the cells where `rival` differs from S.
#[derive(Debug)]
struct Unavoidable {
    cells: Vec<usize>,
    rival: Vec<u8>,
}

impl Unavoidable {
    fn new(solution: &[u8], rival: Vec<u8>) -> Unavoidable {
        let cells = (0..solution.len())
            .filter(|&c| solution[c] != rival[c])
            .collect();
        Unavoidable { cells, rival }
    }
}

/// The unavoidable rectangles of `solution`: four cells on two rows of one
/// band (or two columns of one stack) holding two digits crosswise, which
/// can be swapped (the "deadly pattern").
fn rectangles(solution: &Sudoku) -> Vec<Unavoidable> {
    let side = solution.side();
    let [rows, cols] = solution.shape().box_dims();
    let s = solution.cells();
    let mut found = Vec::new();
    // Along rows (`transposed` false) or along columns.
    for transposed in [false, true] {
        let at = |line: usize, k: usize| {
            if transposed {
                k * side + line
            } else {
                line * side + k
            }
        };
        let group = if transposed { cols } else { rows };
        for l1 in 0..side {
            for l2 in l1 + 1..(l1 / group + 1) * group {
                for k1 in 0..side {
                    let (a, b) = (s[at(l1, k1)], s[at(l2, k1)]);
                    let Some(k2) = (k1 + 1..side).find(|&k| s[at(l1, k)] == b) else {
                        continue;
                    };
                    if s[at(l2, k2)] != a {
                        continue;
                    }
                    let mut rival = s.to_vec();
                    for (l, k) in [(l1, k1), (l1, k2), (l2, k1), (l2, k2)] {
                        rival[at(l, k)] = if s[at(l, k)] == a { b } else { a };
                    }
                    found.push(Unavoidable::new(s, rival));
                }
            }
        }
    }
    found
}

/// A minimal puzzle whose only solution is `solution`, its clue pattern
/// invariant under `symmetry` (minimal under it: no orbit of clues can go),
/// with a witness for each clue orbit; `None` only when `ctl` stopped the work.
/// Each question to the solver may take `conflicts` conflicts (see [`CONFLICTS`]).
pub(super) fn build(
    solution: &Sudoku,
    symmetry: Symmetry,
    conflicts: i32,
    rng: &mut Rng,
    ctl: &Control,
) -> Option<Built> {
    let mut builder = Builder::new(solution, symmetry, conflicts, rng, ctl);
    builder.build_up(rng)?;
    builder.minimise()?;
    Some(builder.built(solution, symmetry))
}

/// The work of [`build`]: S, the solver and the search asked about it, the
/// clue orbits, the clues given and the unavoidable sets recorded so far.
struct Builder<'a> {
    s: &'a [u8],
    rivals: Rivals<'a>,
    search: Search<'static>,
    ctl: &'a Control,
    conflicts: i32,
    /// The symmetry's orbits, shuffled.
    orbits: Vec<Vec<usize>>,
    orbit_of: Vec<usize>,
    sets: Vec<Unavoidable>,
    given: Vec<bool>,
    /// The orbits given, in the order they were added.
    added: Vec<usize>,
    hits: Vec<usize>,
}

impl<'a> Builder<'a> {
    fn new(
        solution: &'a Sudoku,
        symmetry: Symmetry,
        conflicts: i32,
        rng: &mut Rng,
        ctl: &'a Control,
    ) -> Builder<'a> {
        let side = solution.side();
        let s = solution.cells();
        let lay = Layout::of_shape(solution.shape());
        let rivals = Rivals::new(lay, s, ctl);
        let search = Search::new(lay);
        let mut orbits = symmetry.orbits(side);
        orbits.shuffle(rng);
        let mut orbit_of = vec![0; s.len()];
        for (k, orbit) in orbits.iter().enumerate() {
            for &c in orbit {
                orbit_of[c] = k;
            }
        }
        let sets = rectangles(solution);
        let hits = vec![0usize; orbits.len()];
        Builder {
            s,
            rivals,
            search,
            ctl,
            conflicts,
            orbits,
            orbit_of,
            sets,
            given: vec![false; s.len()],
            added: Vec::new(),
            hits,
        }
    }

    /// The build-up: clues hitting every recorded set, then the solver asked
    /// for another grid keeping them (a new unavoidable set, made smaller and
    /// recorded), until there is none. `None` only when stopped.
    fn build_up(&mut self, rng: &mut Rng) -> Option<()> {
        loop {
            self.hit_every_set();
            let s = self.s;
            let placed = match placed_by_propagation(&mut self.search, s, &self.given, None) {
                Some(placed) if placed.len() + count(&self.given) < s.len() => placed,
                // Propagation alone completes S (or, against S, finds no solution): unique.
                _ => return Some(()),
            };
            match self
                .rivals
                .rival(cells(&self.given), &placed, &[], self.conflicts)?
            {
                Answer::Rival(rival) => {
                    let d = Unavoidable::new(s, rival);
                    let d = shrink(&mut self.rivals, s, d, self.conflicts, rng)?;
                    self.sets.push(d);
                    self.ctl.progress().note(&format!(
                        "building up: {} clues, {} unavoidable sets",
                        count(&self.given),
                        self.sets.len()
                    ));
                }
                Answer::None => return Some(()),
                // Put off: a clue orbit of S at random among those left open
                // makes the question smaller; the final pass drops it if unneeded.
                Answer::OverBudget => {
                    if !self.give_an_open_orbit(&placed, rng) {
                        return Some(());
                    }
                }
            }
        }
    }

    /// Hits every recorded set, the orbit hitting most unhit sets first.
    fn hit_every_set(&mut self) {
        let orbits = self.orbits.len();
        loop {
            self.hits.fill(0);
            for d in self
                .sets
                .iter()
                .filter(|d| !d.cells.iter().any(|&c| self.given[c]))
            {
                for &c in &d.cells {
                    self.hits[self.orbit_of[c]] += 1;
                }
            }
            let losses = losses(&self.sets, &self.given, &self.orbit_of, orbits);
            let hits = &self.hits;
            let Some(best) =
                (0..orbits).max_by_key(|&k| (hits[k], usize::MAX - losses[k], usize::MAX - k))
            else {
                break;
            };
            if hits[best] == 0 {
                break;
            }
            for &c in &self.orbits[best] {
                self.given[c] = true;
            }
            self.added.push(best);
        }
    }

    /// Gives a clue orbit chosen at random among those with a cell neither
    /// given nor `placed`; `false` when there is none.
    fn give_an_open_orbit(&mut self, placed: &[(usize, u8)], rng: &mut Rng) -> bool {
        let mut known = self.given.clone();
        for &(c, _) in placed {
            known[c] = true;
        }
        let open: Vec<usize> = (0..self.orbits.len())
            .filter(|&k| self.orbits[k].iter().any(|&c| !known[c]))
            .collect();
        let Some(&k) = open.choose(rng) else {
            return false;
        };
        for &c in &self.orbits[k] {
            self.given[c] = true;
        }
        self.added.push(k);
        true
    }

    /// One pass drops the orbits that are not needed: removing clues only
    /// adds solutions, so an orbit that could not go then cannot go later
    /// (and the order of the questions does not matter). A question over its
    /// budget is put off to the next round, whose budget is four times larger.
    /// `None` only when stopped.
    fn minimise(&mut self) -> Option<()> {
        let mut budget = self.conflicts;
        let mut round = std::mem::take(&mut self.added);
        while !round.is_empty() {
            let mut later = Vec::new();
            for (done, &k) in round.iter().enumerate() {
                self.ctl.progress().note(&format!(
                    "minimising: clue orbit {} of {}, {} clues",
                    done + 1,
                    round.len(),
                    count(&self.given)
                ));
                if self.try_to_drop(k, budget)? {
                    later.push(k);
                }
            }
            round = later;
            budget = budget.saturating_mul(4).max(1);
        }
        Some(())
    }

    /// Drops clue orbit `k` if no other grid keeps the clues without it, and
    /// records the grid that does otherwise; `true` when the solver's answer
    /// is over `budget` (the orbit stays, put off to the next round).
    /// `None` only when stopped.
    fn try_to_drop(&mut self, k: usize, budget: i32) -> Option<bool> {
        let s = self.s;
        let orbit = &self.orbits[k];
        let needed = self
            .sets
            .iter()
            .any(|d| only_clues_in(d, &self.given, orbit));
        if needed {
            return Some(false);
        }
        for &c in orbit {
            self.given[c] = false;
        }
        // A single cell must then hold another digit than S's.
        let moved: &[usize] = if orbit.len() == 1 { orbit } else { &[] };
        let exclude = moved.first().map(|&c| (c, s[c]));
        let Some(placed) = placed_by_propagation(&mut self.search, s, &self.given, exclude) else {
            return Some(false);
        };
        if exclude.is_none() && placed.len() + count(&self.given) == s.len() {
            return Some(false);
        }
        // This search's own bounded try first: most of these clues stay.
        let answer = match quick_rival(&mut self.search, s, &self.given, exclude, self.ctl) {
            Some(rival) => Answer::Rival(rival),
            None => self
                .rivals
                .rival(cells(&self.given), &placed, moved, budget)?,
        };
        if let Answer::None = answer {
            return Some(false);
        }
        for &c in orbit {
            self.given[c] = true;
        }
        match answer {
            Answer::Rival(rival) => {
                self.sets.push(Unavoidable::new(s, rival));
                Some(false)
            }
            _ => Some(true),
        }
    }

    /// The puzzle of the clues given, with each clue orbit's witness.
    fn built(&self, solution: &Sudoku, symmetry: Symmetry) -> Built {
        let given = &self.given;
        let mut puzzle = solution.clone();
        for (c, cell) in puzzle.cells_mut().iter_mut().enumerate() {
            if !given[c] {
                *cell = 0;
            }
        }
        let mut witnesses = Vec::new();
        // In the orbits' own order (by first cell), not the shuffled one.
        for orbit in symmetry
            .orbits(solution.side())
            .iter()
            .filter(|o| given[o[0]])
        {
            // Each kept orbit has one (checked by the caller, with the rest).
            if let Some(d) = self.sets.iter().find(|d| only_clues_in(d, given, orbit)) {
                let mut rival = solution.clone();
                rival.cells_mut().copy_from_slice(&d.rival);
                witnesses.push(rival);
            }
        }
        Built { puzzle, witnesses }
    }
}

/// For each orbit, how many clue orbits would lose their last proof of need
/// if it were given: a clue orbit is shown needed by each recorded set whose
/// clues all lie in it (its grid solves the puzzle without that orbit), and
/// a clue added in such a set takes that proof away. Build-up then prefers,
/// among the orbits hitting as many sets, one that keeps the proofs, so fewer
/// orbits are left for the minimising pass to decide.
fn losses(sets: &[Unavoidable], given: &[bool], orbit_of: &[usize], orbits: usize) -> Vec<usize> {
    // The sets showing each orbit needed, and each set's orbits.
    let mut proofs: Vec<Vec<usize>> = vec![Vec::new(); orbits];
    let mut touched: Vec<Vec<usize>> = Vec::with_capacity(sets.len());
    for (i, d) in sets.iter().enumerate() {
        let mut ks: Vec<usize> = d.cells.iter().map(|&c| orbit_of[c]).collect();
        ks.sort_unstable();
        ks.dedup();
        let mut clued = d.cells.iter().filter(|&&c| given[c]).map(|&c| orbit_of[c]);
        if let Some(k) = clued.next() {
            if clued.all(|j| j == k) {
                proofs[k].push(i);
            }
        }
        touched.push(ks);
    }
    let mut lost = vec![0; orbits];
    let mut seen = vec![0; orbits];
    for own in proofs.iter().filter(|p| !p.is_empty()) {
        for &i in own {
            for &j in &touched[i] {
                seen[j] += 1;
            }
        }
        for &i in own {
            for &j in &touched[i] {
                if seen[j] == own.len() {
                    lost[j] += 1;
                }
                seen[j] = 0;
            }
        }
    }
    lost
}

/// The conflicts CaDiCaL may spend on one question of the build-up before
/// it is put off. The questions' times are heavy-tailed (on 25×25 grids most
/// are answered in well under a second, a few took tens of seconds), and a clue
/// added at random makes a question smaller: so a question over budget gets
/// one, and is asked again (as Gomes, Selman and Kautz restart a search
/// whose run grows long, "Boosting combinatorial search through
/// randomization", AAAI-98).
pub(super) const CONFLICTS: i32 = 20_000;

/// How many fruitless tries [`shrink`] makes before it stops.
const SHRINK_TRIES: usize = 8;

/// A smaller unavoidable set inside `d`, if the solver finds one quickly:
/// another grid that also keeps S at some of `d`'s cells (a quarter of
/// them at first, fewer after each try that finds none, as in Zeller and
/// Hildebrandt's delta debugging). Each question fixes every cell outside `d`,
/// so it is small. `None` only when stopped.
fn shrink(
    rivals: &mut Rivals<'_>,
    solution: &[u8],
    mut d: Unavoidable,
    conflicts: i32,
    rng: &mut Rng,
) -> Option<Unavoidable> {
    let mut part = 2;
    let mut fruitless = 0;
    let mut kept = vec![false; solution.len()];
    while fruitless < SHRINK_TRIES && d.cells.len() > 4 {
        let mut cells = d.cells.clone();
        cells.shuffle(rng);
        let fixed = (cells.len() / part).max(1);
        kept.fill(true);
        for &c in &cells[fixed..] {
            kept[c] = false;
        }
        match rivals.rival(self::cells(&kept), &[], &[], conflicts)? {
            Answer::Rival(rival) => {
                d = Unavoidable::new(solution, rival);
                part = 2;
            }
            Answer::None | Answer::OverBudget => {
                fruitless += 1;
                part = (part * 2).min(cells.len());
            }
        }
    }
    Some(d)
}

/// The nodes [`quick_rival`]'s search may visit before it gives up.
const QUICK_NODES: u64 = 2000;

/// Another grid than S keeping S's clues at `given` and, if `exclude` names
/// a cell and S's digit there, another digit at that cell, looked for by this
/// search (depth-first, with its propagation) within [`QUICK_NODES`] nodes
/// before the solver is asked.
/// Most minimising questions have such a grid, and the search often meets
/// one at once; finding none proves nothing, and the solver decides.
fn quick_rival(
    search: &mut Search<'_>,
    solution: &[u8],
    given: &[bool],
    exclude: Option<(usize, u8)>,
    ctl: &Control,
) -> Option<Vec<u8>> {
    let mut found = None;
    search.set_node_limit(QUICK_NODES);
    search.run(&clues_at(solution, given), exclude, ctl, &mut |grid| {
        if grid == solution {
            ControlFlow::Continue(())
        } else {
            found = Some(grid.to_vec());
            ControlFlow::Break(())
        }
    });
    found
}

/// The cells given.
fn cells(given: &[bool]) -> impl Iterator<Item = usize> + '_ {
    (0..given.len()).filter(|&c| given[c])
}

/// How many cells are given.
fn count(given: &[bool]) -> usize {
    given.iter().filter(|&&g| g).count()
}

/// Whether the clues `given` in the set `d` all lie in `orbit` (so without
/// that orbit, `d`'s other grid solves the puzzle).
fn only_clues_in(d: &Unavoidable, given: &[bool], orbit: &[usize]) -> bool {
    d.cells.iter().all(|c| !given[*c] || orbit.contains(c))
}

/// The cells (and digits) the search's root propagation places from S's
/// clues at `given`, less digit `exclude.1` at cell `exclude.0` when asked,
/// beyond the clues: `None` when it shows there is no solution.
fn placed_by_propagation(
    search: &mut Search<'_>,
    solution: &[u8],
    given: &[bool],
    exclude: Option<(usize, u8)>,
) -> Option<Vec<(usize, u8)>> {
    let cand = search.reduce(&clues_at(solution, given), exclude)?;
    Some(
        (0..cand.len())
            .filter(|&c| !given[c] && cand[c].count_ones() == 1)
            .map(|c| (c, cand[c].trailing_zeros() as u8 + 1))
            .collect(),
    )
}

/// S's digits at the cells of `given`, 0 elsewhere: the clues as the search reads them.
fn clues_at(solution: &[u8], given: &[bool]) -> Vec<u8> {
    (0..solution.len())
        .map(|c| if given[c] { solution[c] } else { 0 })
        .collect()
}

#[cfg(test)]
mod tests;
