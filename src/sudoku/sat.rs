//! The CDCL back end of large grids: what our propagation leaves, handed to the CaDiCaL SAT solver.
//!
//! The search's root propagation (singles, locked candidates, Régin's
//! all-different filter, probing: the `search` module) first narrows every
//! cell to its remaining candidates. What is left is encoded as a SAT problem
//! with one variable per remaining candidate, in the extended encoding
//! (Lynce and Ouaknine, "Sudoku as a SAT problem", ISAIM 2006): each open
//! cell holds at least one and at most one of its candidates, and each unit
//! holds each of its missing digits in at least one and at most one of its
//! open cells. At-most-one is the pairwise encoding; a pair of cells sharing
//! a box and a line is written once.
//!
//! CaDiCaL (Biere, Fazekas, Fleury and Heisinger, "CaDiCaL, Kissat,
//! Paracooba, Plingeling and Treengeling entering the SAT Competition
//! 2020") learns a clause from every conflict, restarts and forgets, which
//! is what these grids need: on the Gecode 25×25 instances (≈ 270 clues of
//! 625, where Latin-square completion is hardest) a depth-first search
//! without learning meets the same dead ends again and again. Uniqueness is
//! decided as the SAT literature does it: after the first solution, a
//! blocking clause (some open cell differs from it) asks for a second, and
//! the solver goes on with what it has learnt.

use super::search::Layout;
use crate::control::Control;
use crate::random::rng;
use rand::seq::SliceRandom;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Stops CaDiCaL when the control is stopped or another search of the
/// portfolio has decided (polled by the solver between its steps).
struct Stopper<'a> {
    ctl: &'a Control,
    done: &'a AtomicBool,
}

impl cadical::Callbacks for Stopper<'_> {
    fn terminate(&mut self) -> bool {
        self.ctl.stopped() || self.done.load(Ordering::Relaxed)
    }
}

/// One SAT variable per (open cell, candidate digit), numbered from 1.
struct Encoding {
    side: usize,
    /// `var[cell·side + d]`: the variable of digit d+1 at `cell`, 0 when
    /// that digit is not a candidate there (or the cell is placed).
    var: Vec<i32>,
    /// The open cells, in reading order.
    open: Vec<usize>,
}

impl Encoding {
    /// Numbers the candidates of the open cells of `cand` (a cell with a
    /// single candidate counts as placed): in reading order for `seed` 0,
    /// else in an order shuffled by `seed`. CaDiCaL breaks its ties by
    /// variable number, so each numbering is a differently seeded search.
    fn new(lay: &Layout, cand: &[u64], seed: u64) -> Encoding {
        let side = lay.side();
        let mut var = vec![0i32; cand.len() * side];
        let mut open = Vec::new();
        let mut slots = Vec::new();
        for (cell, &m) in cand.iter().enumerate() {
            if m.count_ones() < 2 {
                continue;
            }
            open.push(cell);
            slots.extend(
                (0..side)
                    .filter(|d| m >> d & 1 == 1)
                    .map(|d| cell * side + d),
            );
        }
        if seed != 0 {
            slots.shuffle(&mut rng(seed));
        }
        for (k, slot) in slots.into_iter().enumerate() {
            var[slot] = k as i32 + 1;
        }
        Encoding { side, var, open }
    }

    /// The variables of one cell's candidates.
    fn of_cell(&self, cell: usize) -> impl Iterator<Item = i32> + '_ {
        self.var[cell * self.side..(cell + 1) * self.side]
            .iter()
            .copied()
            .filter(|&v| v != 0)
    }

    /// Writes the clauses into `sat`: exactly one candidate per open cell,
    /// exactly one place per missing digit of each unit. False when some
    /// unit has a missing digit with no place left (no solution).
    fn write(&self, lay: &Layout, cand: &[u64], sat: &mut cadical::Solver<Stopper<'_>>) -> bool {
        let side = self.side;
        let mut lits = Vec::with_capacity(side);
        for &cell in &self.open {
            lits.clear();
            lits.extend(self.of_cell(cell));
            at_most_one(&lits, sat, |_, _| true);
            sat.add_clause(lits.iter().copied());
        }
        let mut cells = Vec::with_capacity(side);
        for u in 0..3 * side {
            let unit = lay.unit(u);
            let placed = unit
                .iter()
                .map(|&c| cand[c as usize])
                .filter(|m| m.count_ones() == 1)
                .fold(0u64, |a, m| a | m);
            for d in 0..side {
                if placed >> d & 1 == 1 {
                    continue;
                }
                lits.clear();
                cells.clear();
                for &c in unit {
                    let v = self.var[c as usize * side + d];
                    if v != 0 {
                        lits.push(v);
                        cells.push(c as usize);
                    }
                }
                if lits.is_empty() {
                    return false;
                }
                sat.add_clause(lits.iter().copied());
                // A box's pairs on one row or column were written with that line.
                let is_box = u >= 2 * side;
                at_most_one(&lits, sat, |i, j| {
                    !is_box
                        || (cells[i] / side != cells[j] / side
                            && cells[i] % side != cells[j] % side)
                });
            }
        }
        true
    }

    /// The grid of the model `sat` holds: `cand`'s placed cells, and in each
    /// open cell its first candidate whose variable is true.
    fn grid(&self, cand: &[u64], sat: &cadical::Solver<Stopper<'_>>) -> Vec<u8> {
        let mut cells: Vec<u8> = cand
            .iter()
            .map(|&m| {
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        for &cell in &self.open {
            let d = (0..self.side).find(|&d| {
                let v = self.var[cell * self.side + d];
                v != 0 && sat.value(v) == Some(true)
            });
            cells[cell] = d.map_or(0, |d| d as u8 + 1);
        }
        cells
    }

    /// The blocking clause of `cells`: some open cell holds another digit.
    fn block<'a>(&'a self, cells: &'a [u8]) -> impl Iterator<Item = i32> + 'a {
        self.open
            .iter()
            .map(move |&cell| -self.var[cell * self.side + cells[cell] as usize - 1])
    }
}

/// Pairwise at-most-one over `lits`, for the pairs `keep` accepts (by index).
fn at_most_one(
    lits: &[i32],
    sat: &mut cadical::Solver<Stopper<'_>>,
    keep: impl Fn(usize, usize) -> bool,
) {
    for i in 0..lits.len() {
        for j in i + 1..lits.len() {
            if keep(i, j) {
                sat.add_clause([-lits[i], -lits[j]]);
            }
        }
    }
}

/// The CaDiCaL configurations of the searches of a portfolio, in turn, with
/// options of their own (`sat` first: measured, it decides the Gecode 25×25
/// instances fastest alone). `--phase=0` makes a variable's first value
/// false: in this encoding all but one candidate of each cell is false.
/// On the 18 Gecode 25×25 grids (CPU seconds in all, CaDiCaL 1.9.5, `sat`,
/// 2026-12-04), over the reading-order numbering and two shuffled ones:
/// 82.6 and 84.1 without it, 75.8, 77.3 and 85.6 with it. `--target=0`
/// then drops the target phases (the stable mode's return to the longest
/// conflict-free assignment seen): 69.2 s against 75.8 s on the reading
/// order (2026-12-05).
const CONFIGS: [(&str, &str); 4] = [
    ("sat", "--phase=0 --target=0"),
    ("default", ""),
    ("unsat", ""),
    ("plain", ""),
];

/// What one CDCL run came to.
struct Run {
    /// The first solution (complete, not yet checked).
    first: Option<Vec<u8>>,
    /// Whether it is the only one, when that was decided.
    unique: Option<bool>,
    /// A second solution, when there is one (complete, not yet checked).
    second: Option<Vec<u8>>,
    /// Whether the run ended by itself (not stopped).
    decided: bool,
}

/// Up to two solutions of the grid whose cells have the candidates `cand`
/// (as the search's root propagation left them): the first solution, and
/// whether it is the only one (`None` when there is no solution or `ctl`
/// stopped the solver before that was decided), and a second solution when
/// it is not. With `unique_too` false,
/// only the first solution is looked for (and uniqueness left `None`).
///
/// With `threads` above 1, that many differently built searches (CaDiCaL
/// configurations, variable numberings) run at once, one per thread, and
/// the first to decide answers (a portfolio: the runtimes of such searches
/// vary widely with the seed, as Gomes, Selman and Kautz observed in
/// "Boosting combinatorial search through randomization", AAAI-98).
///
/// The grids returned are complete but not checked here: the caller verifies them.
pub(super) fn decide(
    lay: &Layout,
    cand: &[u64],
    unique_too: bool,
    threads: usize,
    ctl: &Control,
) -> (Option<Vec<u8>>, Option<bool>, Option<Vec<u8>>) {
    let done = AtomicBool::new(false);
    if threads <= 1 {
        let run = run(lay, cand, unique_too, 0, ctl, &done);
        return (run.first, run.unique, run.second);
    }
    let winner: Mutex<Option<Run>> = Mutex::new(None);
    let partial: Mutex<Option<Vec<u8>>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for k in 0..threads {
            let (done, winner, partial) = (&done, &winner, &partial);
            scope.spawn(move || {
                let run = run(lay, cand, unique_too, k as u64, ctl, done);
                if run.decided {
                    if !done.swap(true, Ordering::SeqCst) {
                        *winner.lock().unwrap_or_else(|e| e.into_inner()) = Some(run);
                    }
                } else if run.first.is_some() {
                    *partial.lock().unwrap_or_else(|e| e.into_inner()) = run.first;
                }
            });
        }
    });
    match winner.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(run) => (run.first, run.unique, run.second),
        // Stopped by `ctl`: a first solution, if some search had one.
        None => (
            partial.into_inner().unwrap_or_else(|e| e.into_inner()),
            None,
            None,
        ),
    }
}

/// One CDCL run: configuration and variable numbering chosen by `seed`;
/// stopped by `ctl` or once `done` is set (another run decided).
fn run(
    lay: &Layout,
    cand: &[u64],
    unique_too: bool,
    seed: u64,
    ctl: &Control,
    done: &AtomicBool,
) -> Run {
    let enc = Encoding::new(lay, cand, seed);
    let (config, options) = CONFIGS[seed as usize % CONFIGS.len()];
    let mut sat: cadical::Solver<Stopper<'_>> =
        cadical::Solver::with_config(config).unwrap_or_default();
    set_options(&mut sat, options);
    sat.set_callbacks(Some(Stopper { ctl, done }));
    let stopped = Run {
        first: None,
        unique: None,
        second: None,
        decided: false,
    };
    if !enc.write(lay, cand, &mut sat) {
        return Run {
            decided: true,
            ..stopped
        };
    }
    match sat.solve() {
        None => return stopped,
        Some(false) => {
            return Run {
                decided: true,
                ..stopped
            }
        }
        Some(true) => {}
    }
    let first = enc.grid(cand, &sat);
    if !unique_too || enc.open.is_empty() {
        let unique = (unique_too && enc.open.is_empty()).then_some(true);
        return Run {
            first: Some(first),
            unique,
            decided: true,
            second: None,
        };
    }
    sat.add_clause(enc.block(&first));
    let unique = sat.solve().map(|second| !second);
    let second = (unique == Some(false)).then(|| enc.grid(cand, &sat));
    Run {
        first: Some(first),
        unique,
        second,
        decided: unique.is_some(),
    }
}

/// Sets CaDiCaL's `options` (long form, `--name=value`, space-separated;
/// none: nothing done) on `sat`, fresh. The binding sets no option but a
/// configuration's, while CaDiCaL's DIMACS reader takes options from the
/// header's comments: so a file of those comments is read (and removed).
/// Without it (no temporary file) the solver is only slower.
fn set_options(sat: &mut cadical::Solver<Stopper<'_>>, options: &str) {
    if options.is_empty() {
        return;
    }
    static FILES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let name = format!(
        "puzzles-cadical-{}-{}.cnf",
        std::process::id(),
        FILES.fetch_add(1, Ordering::Relaxed)
    );
    let path = std::env::temp_dir().join(name);
    let comments: String = options
        .split_whitespace()
        .map(|o| format!("c {o}\n"))
        .collect();
    if std::fs::write(&path, comments + "p cnf 0 0\n").is_ok() {
        // A failure leaves the solver as it was.
        let _ = sat.read_dimacs(&path);
        let _ = std::fs::remove_file(&path);
    }
}

/// Never set: the stop flag of a solver that is not part of a portfolio.
static ALONE: AtomicBool = AtomicBool::new(false);

/// The grids other than one full grid S that keep some of S's clues: one
/// incremental CaDiCaL solver asked again and again, for the generator of
/// large grids.
///
/// The whole grid is encoded once (every digit of every cell, as in
/// [`decide`]) with the clause "some cell differs from S"; a question assumes
/// the clues it keeps, so what the solver learns from one question serves
/// the next. Its variables are numbered with S's digits last: CaDiCaL
/// decides the highest-numbered variable first and sets it true first, so
/// the search starts from S. The other digits' variables are negated
/// literals, so "every variable true" is S, and that first phase is forced
/// at every decision (CaDiCaL's option `forcephase`, [`set_options`]): measured on a 25×25 grid,
/// that halves the time of the generator's questions.
pub(super) struct Rivals<'a> {
    enc: Encoding,
    /// S, row by row.
    solution: Vec<u8>,
    sat: cadical::Solver<Stopper<'a>>,
    /// Every cell with every digit: the candidates of the empty grid.
    open: Vec<u64>,
    /// What stops the solver, told apart from a spent budget.
    ctl: &'a Control,
}

impl<'a> Rivals<'a> {
    /// The solver of the grids other than `solution` (a full grid of `lay`'s shape).
    pub(super) fn new(lay: &Layout, solution: &[u8], ctl: &'a Control) -> Rivals<'a> {
        let side = lay.side();
        let full = if side == 64 {
            u64::MAX
        } else {
            (1u64 << side) - 1
        };
        let open = vec![full; solution.len()];
        let digit = |slot: &usize| usize::from(solution[slot / side]) == slot % side + 1;
        let (near, far): (Vec<usize>, Vec<usize>) = (0..open.len() * side).partition(digit);
        let mut var = vec![0i32; open.len() * side];
        // The other digits' literals are negated variables: CaDiCaL's first
        // phase (every variable true) is then S itself.
        for (k, &slot) in far.iter().enumerate() {
            var[slot] = -(k as i32 + 1);
        }
        for (k, &slot) in near.iter().enumerate() {
            var[slot] = (far.len() + k) as i32 + 1;
        }
        let enc = Encoding {
            side,
            var,
            open: (0..open.len()).collect(),
        };
        let mut sat: cadical::Solver<Stopper<'_>> =
            cadical::Solver::with_config("sat").unwrap_or_default();
        sat.set_callbacks(Some(Stopper { ctl, done: &ALONE }));
        set_options(&mut sat, "--forcephase=1");
        enc.write(lay, &open, &mut sat);
        sat.add_clause(enc.block(solution));
        Rivals {
            enc,
            solution: solution.to_vec(),
            sat,
            open,
            ctl,
        }
    }

    /// A grid other than S holding S's digit at each cell of `kept` and
    /// `placed`'s digits at its cells, and another digit than S's at each cell of
    /// `moved`, looked for within `conflicts` conflicts of CaDiCaL (so that a
    /// heavy-tailed question can be put off, not waited for); `None` only
    /// when stopped.
    pub(super) fn rival(
        &mut self,
        kept: impl Iterator<Item = usize>,
        placed: &[(usize, u8)],
        moved: &[usize],
        conflicts: i32,
    ) -> Option<Answer> {
        let side = self.enc.side;
        let var = &self.enc.var;
        let s = &self.solution;
        let lit = |cell: usize, digit: u8| var[cell * side + usize::from(digit) - 1];
        let assumptions: Vec<i32> = kept
            .map(|c| lit(c, s[c]))
            .chain(placed.iter().map(|&(c, d)| lit(c, d)))
            .chain(moved.iter().map(|&c| -lit(c, s[c])))
            .collect();
        // CaDiCaL's own limit, for this one call ("conflicts" is always a known name).
        let _ = self.sat.set_limit("conflicts", conflicts);
        match self.sat.solve_with(assumptions) {
            None if self.ctl.stopped() => None,
            None => Some(Answer::OverBudget),
            Some(false) => Some(Answer::None),
            Some(true) => Some(Answer::Rival(self.enc.grid(&self.open, &self.sat))),
        }
    }
}

/// What [`Rivals::rival`] found.
#[derive(Debug)]
pub(super) enum Answer {
    /// Another grid, row by row.
    Rival(Vec<u8>),
    /// There is none.
    None,
    /// The conflicts allowed ran out before the question was decided.
    OverBudget,
}
