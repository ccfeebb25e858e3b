//! A generator of minimal puzzles with a unique solution: a random full grid, then clues removed while the answer stays unique.
//!
//! The full grid comes from the search itself: a random first row and a few
//! random clues that keep the grid solvable, solved, then moved by a random
//! symmetry of the Sudoku page. Clues are then tried for removal once each, in random
//! order; a clue is removed when the puzzle keeps a single solution. One pass
//! is enough for minimality: removing clues only adds solutions, so a clue
//! that could not go then cannot go later.
//!
//! From 25×25 up, where each uniqueness proof takes the SAT solver seconds,
//! the clues are built up from unavoidable sets instead (the `unavoidable`
//! module), and each clue is left with a witness: a grid showing it cannot go.
//!
//! `generate_rated` does the same on any box shape, removing clues by orbits
//! of a chosen symmetry (so the clue pattern keeps it), and keeps only puzzles
//! whose rating (the explainer's, on Sudoku Explainer's scale) falls in the
//! band asked for.

use super::explain::{self, Outcome, Rating, Technique};
use super::symmetry::Transform;
use super::{Shape, Sudoku, SudokuSolver};
use crate::control::{Control, Stop, Tally};
use crate::listing::{Searched, Solutions};
use crate::random::Rng;
use rand::seq::SliceRandom;
use rand::Rng as _;
use std::ops::ControlFlow;

#[cfg(feature = "sat")]
mod unavoidable;

/// The smallest side whose puzzles are built up from unavoidable sets (the
/// `unavoidable` module): below it, removing clues one by one, each decided
/// by the search, is fast enough. Without the `sat` feature (the browser
/// build) every side removes clues one by one.
#[cfg(feature = "sat")]
const BUILD_UP_SIDE: usize = 25;

/// A puzzle made by `generate` and its unique solution.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The clues.
    pub puzzle: Sudoku,
    /// The only solution.
    pub solution: Sudoku,
    /// For each clue orbit (each clue without symmetry), in reading order of
    /// their first cells: a full grid other than the solution that agrees
    /// with every clue outside that orbit, so the orbit cannot go. Empty for
    /// puzzles below 25×25, whose clues were kept one by one because the
    /// search found another solution without them.
    pub witnesses: Vec<Sudoku>,
}

impl Generated {
    /// Checks the witnesses (when there are any): one per clue orbit of
    /// `symmetry`, each a full grid other than the solution that solves the
    /// puzzle without that orbit. So the puzzle is minimal under `symmetry`.
    pub fn check_witnesses(&self, symmetry: Symmetry) -> crate::Result<()> {
        if self.witnesses.is_empty() {
            return Ok(());
        }
        let fail =
            |what: &str| crate::Error::Check(format!("generated puzzle {}: {what}", self.puzzle));
        let orbits = symmetry.orbits(self.puzzle.side());
        let mut witnesses = self.witnesses.iter();
        for orbit in orbits.iter().filter(|o| self.puzzle.cells()[o[0]] != 0) {
            let Some(rival) = witnesses.next() else {
                return Err(fail("a clue orbit has no witness"));
            };
            let mut fewer = self.puzzle.clone();
            for &c in orbit {
                fewer.cells_mut()[c] = 0;
            }
            fewer
                .check_solution(rival)
                .map_err(|e| fail(&format!("a witness fails: {e}")))?;
            if *rival == self.solution {
                return Err(fail("a witness is the solution"));
            }
        }
        if witnesses.next().is_some() {
            return Err(fail("more witnesses than clue orbits"));
        }
        Ok(())
    }
}

/// A random full grid of `shape`; `None` only when `ctl` stopped the search.
pub fn random_full_grid(shape: Shape, rng: &mut Rng, ctl: &Control) -> Option<Sudoku> {
    let side = shape.side();
    let mut grid = Sudoku::empty(shape);
    let mut first: Vec<u8> = (1..=side as u8).collect();
    first.shuffle(rng);
    grid.cells[..side].copy_from_slice(&first);
    // A few more random clues, each kept only if the grid stays solvable.
    for _ in 0..side {
        let i = rng.gen_range(side..side * side);
        let v = rng.gen_range(1..=side as u8);
        let mut trial = grid.clone();
        trial.cells[i] = v;
        if trial.clash().is_none() {
            match SudokuSolver::new(trial.clone()).solve(ctl) {
                Searched::Solved(_) => grid = trial,
                Searched::NoSolution => {}
                Searched::Stopped => return None,
            }
        }
    }
    let Searched::Solved(full) = SudokuSolver::new(grid).solve(ctl) else {
        return None;
    };
    Some(Transform::random(shape, rng).apply(&full))
}

/// A minimal puzzle of `shape` with a unique solution; `None` only when `ctl` stopped the work.
///
/// From 25×25 up the clues are built up from unavoidable sets, each clue
/// with its witness (see [`Generated::witnesses`]).
pub(crate) fn generate(shape: Shape, rng: &mut Rng, ctl: &Control) -> Option<Generated> {
    let solution = random_full_grid(shape, rng, ctl)?;
    #[cfg(feature = "sat")]
    if shape.side() >= BUILD_UP_SIDE {
        return build_up(solution, Symmetry::None, rng, ctl);
    }
    let mut puzzle = solution.clone();
    let mut cells: Vec<usize> = (0..puzzle.cells.len()).collect();
    cells.shuffle(rng);
    for i in cells {
        let clue = puzzle.cells[i];
        puzzle.cells[i] = 0;
        // Unique still, unless some solution of the rest differs from `solution` at i.
        if SudokuSolver::new(puzzle.clone()).solvable_without(i, clue, ctl)? {
            puzzle.cells[i] = clue;
        }
    }
    Some(Generated {
        puzzle,
        solution,
        witnesses: Vec::new(),
    })
}

/// The puzzle built up from unavoidable sets of `solution`, minimal under `symmetry`.
#[cfg(feature = "sat")]
fn build_up(
    solution: Sudoku,
    symmetry: Symmetry,
    rng: &mut Rng,
    ctl: &Control,
) -> Option<Generated> {
    let built = unavoidable::build(&solution, symmetry, unavoidable::CONFLICTS, rng, ctl)?;
    Some(Generated {
        puzzle: built.puzzle,
        solution,
        witnesses: built.witnesses,
    })
}

/// A symmetry of the clue pattern: the cells holding clues are invariant under it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// No symmetry asked.
    #[default]
    None,
    /// Turning the board half a turn.
    #[cfg_attr(feature = "cli", value(name = "rotate180"))]
    Rotate180,
    /// Turning the board a quarter turn (so also half a turn).
    #[cfg_attr(feature = "cli", value(name = "rotate90"))]
    Rotate90,
    /// Mirroring left to right.
    Mirror,
    /// Reflecting in the main diagonal (rows become columns).
    Diagonal,
}

impl Symmetry {
    /// Its name on the command line and in JSON.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The orbits of the cells of a `side`×`side` board: the sets of cells a clue pattern keeps or drops together.
    pub fn orbits(self, side: usize) -> Vec<Vec<usize>> {
        let image = |c: usize| -> Vec<usize> {
            let (r, k) = (c / side, c % side);
            let m = side - 1;
            let mut cells = match self {
                Symmetry::None => vec![c],
                Symmetry::Rotate180 => vec![c, (m - r) * side + (m - k)],
                Symmetry::Rotate90 => vec![
                    c,
                    k * side + (m - r),
                    (m - r) * side + (m - k),
                    (m - k) * side + r,
                ],
                Symmetry::Mirror => vec![c, r * side + (m - k)],
                Symmetry::Diagonal => vec![c, k * side + r],
            };
            cells.sort_unstable();
            cells.dedup();
            cells
        };
        let mut orbits: Vec<Vec<usize>> = (0..side * side).map(image).collect();
        orbits.sort();
        orbits.dedup();
        orbits
    }
}

/// A band of the rating scale: what the generator is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// 1.0–2.3: singles only (full house, hidden and naked singles).
    Easy,
    /// 2.4–3.4: locked candidates, naked pairs, X-wings, hidden pairs.
    Medium,
    /// 3.5–4.6: triples, swordfish, XY-, XYZ- and W-wings, unique rectangles.
    Hard,
    /// 4.7–6.9: quads, jellyfish, X-chains and XY-chains.
    Expert,
    /// 7.0 and up: forcing chains and trials.
    Extreme,
}

impl Difficulty {
    /// Its name on the command line and in JSON.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
        }
    }

    /// The band's ratings, in tenths, both ends included.
    pub fn band(self) -> (u16, u16) {
        match self {
            Difficulty::Easy => (10, 23),
            Difficulty::Medium => (24, 34),
            Difficulty::Hard => (35, 46),
            Difficulty::Expert => (47, 69),
            Difficulty::Extreme => (70, u16::MAX),
        }
    }

    /// The band a rating falls in.
    pub fn of(rating: Rating) -> Difficulty {
        let t = rating.in_tenths();
        [
            Difficulty::Easy,
            Difficulty::Medium,
            Difficulty::Hard,
            Difficulty::Expert,
        ]
        .into_iter()
        .find(|d| t <= d.band().1)
        .unwrap_or(Difficulty::Extreme)
    }
}

/// How many puzzles `generate_rated` makes for each one it returns, at most, before giving up on the band.
pub const ATTEMPTS_PER_PUZZLE: usize = 400;

/// The largest side `generate_rated` rates its puzzles on: the explainer
/// takes minutes on one 25×25 puzzle (measured: unfinished after 400 s), so a
/// `difficulty` band is refused above 20×20, while symmetric puzzles without a
/// band go on to 36×36, unrated.
pub const MAX_RATED_SIDE: usize = 20;

/// What [`generate_rated`] is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RatedRequest {
    /// The board's shape (any box shape).
    pub shape: Shape,
    /// How many puzzles.
    pub count: u64,
    /// The rating band asked for, if any.
    pub difficulty: Option<Difficulty>,
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// The seed of the random choices.
    pub seed: u64,
}

/// One generated puzzle with its rating.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RatedPuzzle {
    /// The clues.
    pub puzzle: Sudoku,
    /// The only solution.
    pub solution: Sudoku,
    /// The rating on Sudoku Explainer's scale (`None` above [`MAX_RATED_SIDE`], where no band is asked).
    pub rating: Option<Rating>,
    /// The hardest step's technique (`None` when unrated).
    pub hardest: Option<Technique>,
}

/// Whether `grid` has exactly one solution (`None` when `ctl` stopped the search).
fn unique(grid: &Sudoku, ctl: &Control) -> Option<bool> {
    SudokuSolver::new(grid.clone())
        .solve_and_check_unique(ctl)
        .1
}

/// A puzzle of `shape` with one solution whose clue pattern is invariant under
/// `symmetry` and minimal under it (no orbit of clues can go); `None` only when `ctl` stopped the work.
pub(crate) fn minimal_symmetric(
    shape: Shape,
    symmetry: Symmetry,
    rng: &mut Rng,
    ctl: &Control,
) -> Option<Generated> {
    let solution = random_full_grid(shape, rng, ctl)?;
    #[cfg(feature = "sat")]
    if shape.side() >= BUILD_UP_SIDE {
        return build_up(solution, symmetry, rng, ctl);
    }
    let mut puzzle = solution.clone();
    let mut orbits = symmetry.orbits(shape.side());
    orbits.shuffle(rng);
    // One pass suffices: removing clues only adds solutions, so an orbit that
    // could not go then cannot go later.
    for orbit in orbits {
        for &c in &orbit {
            puzzle.cells_mut()[c] = 0;
        }
        if !unique(&puzzle, ctl)? {
            for &c in &orbit {
                puzzle.cells_mut()[c] = solution.cells()[c];
            }
        }
    }
    Some(Generated {
        puzzle,
        solution,
        witnesses: Vec::new(),
    })
}

/// Generates `request.count` puzzles of the shape, minimal under the symmetry, each with
/// one solution and (when a band is asked) rated in that band; each is checked before
/// `visit` sees it. The tally says how many were made and whether a stop of `ctl`
/// (or `visit` breaking) ended the work early.
///
/// A band above [`MAX_RATED_SIDE`] is refused, naming the limit; there the puzzles are
/// symmetric and minimal but unrated.
/// A band that is not reached within [`ATTEMPTS_PER_PUZZLE`] puzzles made for one
/// returned is refused, naming the budget.
pub(crate) fn generate_rated(
    request: &RatedRequest,
    ctl: &Control,
    visit: &mut dyn FnMut(RatedPuzzle) -> ControlFlow<()>,
) -> crate::Result<Tally> {
    let shape = request.shape;
    let rated = shape.side() <= MAX_RATED_SIDE;
    if !rated && request.difficulty.is_some() {
        return Err(crate::Error::TooLarge {
            bound: crate::error::Bound::Other("side of a rated generated grid"),
            got: shape.side().into(),
            limit: MAX_RATED_SIDE.into(),
            note: "; rating one 25×25 puzzle takes the explainer minutes".into(),
        });
    }
    let mut rng = crate::random::rng(request.seed);
    let mut made = Tally {
        found: 0,
        stopped: None,
    };
    let stopped = |found| Tally {
        found,
        stopped: Some(Stop::Interrupted),
    };
    ctl.progress().set_total(request.count);
    let orbits = request.symmetry.orbits(shape.side());
    while made.found < request.count {
        let Some(found) = one_in_band(request, rated, &mut rng, ctl)? else {
            return Ok(stopped(made.found));
        };
        let (made_one, rating, hardest) = found;
        check_generated(&made_one, request.symmetry, &orbits, ctl)?;
        let Generated {
            puzzle, solution, ..
        } = made_one;
        made.found += 1;
        ctl.progress().advance(1);
        let one = RatedPuzzle {
            puzzle,
            solution,
            rating,
            hardest,
        };
        if visit(one).is_break() {
            made.stopped = Some(Stop::Limit);
            break;
        }
    }
    ctl.progress().finish();
    Ok(made)
}

/// A puzzle made for [`generate_rated`], before its check: with its rating
/// and hardest technique when rated.
type InBand = (Generated, Option<Rating>, Option<Technique>);

/// One minimal symmetric puzzle for [`generate_rated`], rated in the band
/// asked for when `rated`, with its rating and hardest technique; `None`
/// when `ctl` stopped the work; refused when no puzzle came within
/// [`ATTEMPTS_PER_PUZZLE`] attempts.
fn one_in_band(
    request: &RatedRequest,
    rated: bool,
    rng: &mut Rng,
    ctl: &Control,
) -> crate::Result<Option<InBand>> {
    let shape = request.shape;
    for _ in 0..ATTEMPTS_PER_PUZZLE {
        let Some(one) = minimal_symmetric(shape, request.symmetry, rng, ctl) else {
            return Ok(None);
        };
        if !rated {
            return Ok(Some((one, None, None)));
        }
        let e = explain::explain(&one.puzzle, explain::TechniqueSet::Classic, ctl)?;
        if e.outcome == Outcome::Interrupted {
            return Ok(None);
        }
        let (Some(rating), Some(hardest)) = (e.rating, e.hardest) else {
            return Err(crate::Error::Check(
                "a generated puzzle has no rating".into(),
            ));
        };
        let (lo, hi) = request.difficulty.map_or((0, u16::MAX), Difficulty::band);
        if (lo..=hi).contains(&rating.in_tenths()) {
            return Ok(Some((one, Some(rating), Some(hardest))));
        }
    }
    let symmetry = match request.symmetry {
        Symmetry::None => "no symmetry".to_string(),
        s => format!("--symmetry {}", s.name()),
    };
    Err(crate::Error::usage(format!(
        "no {} puzzle of {n}×{n} with {symmetry} came within {ATTEMPTS_PER_PUZZLE} attempts, the budget",
        request.difficulty.map_or("rated", Difficulty::name),
        n = shape.side(),
    )))
}

/// Checks a generated puzzle: its solution, its one solution, its pattern under the symmetry, its minimality.
fn check_generated(
    made: &Generated,
    symmetry: Symmetry,
    orbits: &[Vec<usize>],
    ctl: &Control,
) -> crate::Result<()> {
    let (puzzle, solution) = (&made.puzzle, &made.solution);
    let fail = |what: &str| crate::Error::Check(format!("generated puzzle {puzzle}: {what}"));
    puzzle
        .check_solution(solution)
        .map_err(|e| fail(&e.to_string()))?;
    if unique(puzzle, ctl) == Some(false) {
        return Err(fail("not one solution"));
    }
    for orbit in orbits {
        let held = orbit.iter().filter(|&&c| puzzle.cells()[c] != 0).count();
        if held != 0 && held != orbit.len() {
            return Err(fail("the clue pattern breaks the symmetry"));
        }
        if held != 0 && made.witnesses.is_empty() {
            let mut fewer = puzzle.clone();
            for &c in orbit {
                fewer.cells_mut()[c] = 0;
            }
            if unique(&fewer, ctl) == Some(true) {
                return Err(fail("not minimal"));
            }
        }
    }
    made.check_witnesses(symmetry)
}
