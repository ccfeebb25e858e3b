//! The work behind Sudoku's answers: one grid solved (with the uniqueness
//! answer) or counted, its solutions listed, puzzles generated or moved by a
//! symmetry; every solution verified before it is reported.

use super::explain::{Rating, Technique};
use super::generate::{generate, RatedPuzzle, Symmetry};
use super::symmetry::Transform;
use super::{Shape, Sudoku, SudokuSolver};
use crate::control::{Control, Stop, Tally};
use crate::error::{Error, Result};
use crate::grid::Pos;
use crate::listing::Solutions;
use crate::listing::{self, Limit};
use crate::random;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// What is asked of each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A solution and whether it is unique.
    Solve,
    /// The number of solutions, up to a limit.
    Count(Limit),
}

/// One grid solved or counted: the same keys in text and JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridReport {
    /// The source line (batches only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The grid side (9 for 9×9).
    pub size: usize,
    /// The box shape `[R, C]`: R rows by C columns.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The puzzle in line form.
    pub puzzle: String,
    /// The number of clues.
    pub clues: usize,
    /// A solution in line form, or null when there is none.
    pub solution: Option<String>,
    /// Whether the solution is the only one (null without a solution or when interrupted).
    pub unique: Option<bool>,
    /// When counting: the solutions counted, as an exact decimal string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<String>,
    /// When counting: false when the count stopped at the limit (or was interrupted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// Two clues holding the same digit in a common unit, when there are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clash: Option<[Pos; 2]>,
    /// The digit the clashing clues hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clash_digit: Option<u8>,
    /// Whether a stop (Ctrl-C) cut the work short.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
}

impl GridReport {
    /// An empty report for `puzzle` (its line form written only when `shown`).
    fn new(puzzle: &Sudoku, line: Option<usize>, shown: bool) -> Self {
        GridReport {
            line,
            size: puzzle.side(),
            box_shape: puzzle.shape().box_dims(),
            puzzle: if shown {
                puzzle.to_line()
            } else {
                String::new()
            },
            clues: puzzle.clues(),
            solution: None,
            unique: None,
            count: None,
            complete: None,
            clash: None,
            clash_digit: None,
            interrupted: false,
        }
    }

    /// The count as a number, when counting.
    pub(crate) fn counted(&self) -> Option<u64> {
        self.count.as_deref().and_then(|c| c.parse().ok())
    }
}

/// Solves or counts `puzzle` (line `line` of a batch), uniqueness decided on
/// `threads` threads; the solution is verified first, and clashing clues are
/// named when there is none. The puzzle's line form is written only when `shown`.
pub(super) fn answer_line(
    puzzle: Sudoku,
    line: Option<usize>,
    mode: Mode,
    ctl: &Control,
    shown: bool,
    threads: usize,
) -> Result<GridReport> {
    let mut report = GridReport::new(&puzzle, line, shown);
    let solver = SudokuSolver::new(puzzle).with_threads(threads);
    let (first, unique) = match mode {
        Mode::Solve => {
            let (first, unique) = solver.solve_and_check_unique(ctl);
            report.interrupted = unique.is_none() && ctl.stopped();
            (first, unique)
        }
        Mode::Count(limit) => {
            let (first, tally) = match count_empty(solver.puzzle(), limit, ctl)? {
                Some(counted) => counted,
                None => count_listed(&solver, limit, ctl)?,
            };
            report.count = Some(tally.found.to_string());
            report.complete = Some(tally.is_complete());
            report.interrupted = tally.stopped == Some(Stop::Interrupted);
            (first, tally.uniqueness())
        }
    };
    if let Some(s) = &first {
        solver
            .verify(s)
            .map_err(|e| Error::Check(format!("{}: {e}", solver.puzzle().to_line())))?;
    }
    // Clues that clash leave no solution: only then is the clash looked for.
    if first.is_none() {
        if let Some((a, b)) = solver.clash() {
            report.clash = Some([a, b]);
            report.clash_digit = Some(solver.puzzle().get(a));
        }
    }
    report.solution = first.as_ref().map(Sudoku::to_line);
    report.unique = unique;
    Ok(report)
}

/// The first solution of `solver`'s puzzle and the solutions counted up to `limit`, one by one.
fn count_listed(
    solver: &SudokuSolver,
    limit: Limit,
    ctl: &Control,
) -> Result<(Option<Sudoku>, Tally)> {
    let mut first = None;
    let tally = listing::list(solver, limit, "solutions", ctl, |_, s| {
        if first.is_none() {
            first = Some(s.clone());
        }
        ControlFlow::Continue(())
    })?;
    Ok((first, tally))
}

/// The grids of an empty board counted by relabelling, when `puzzle` has no
/// clue and N! fits in a `u64` (N ≤ 20): the digits are interchangeable, so
/// each grid is one of N! relabellings (all distinct) of exactly one grid
/// whose first row reads 1, 2, …, N, and the count is N! times the
/// completions of that row (the reduction by which Felgenhauer and Jarvis,
/// "Enumerating possible Sudoku grids", 2005, began counting the 9×9 grids).
/// The first completion found is the first solution; `None` when the
/// reduction does not apply.
fn count_empty(
    puzzle: &Sudoku,
    limit: Limit,
    ctl: &Control,
) -> Result<Option<(Option<Sudoku>, Tally)>> {
    let side = puzzle.side();
    let relabellings = (1..=side as u64).try_fold(1u64, |f, k| f.checked_mul(k));
    let (0, Some(relabellings)) = (puzzle.clues(), relabellings) else {
        return Ok(None);
    };
    let mut first_row = Sudoku::empty(puzzle.shape());
    for (c, d) in first_row.cells_mut()[..side].iter_mut().zip(1u8..) {
        *c = d;
    }
    // A limit of L grids is reached exactly when ⌈L / N!⌉ first-row completions exist.
    let reduced = match limit.get() {
        Some(k) => Limit::at_most(k.div_ceil(relabellings))?,
        None => Limit::NONE,
    };
    let (first, tally) = count_listed(&SudokuSolver::new(first_row), reduced, ctl)?;
    let grids = tally.found.saturating_mul(relabellings);
    let found = limit.get().map_or(grids, |k| grids.min(k));
    Ok(Some((
        first,
        Tally {
            found,
            stopped: tally.stopped,
        },
    )))
}

/// Lists the solutions of `puzzle` through [`listing::list`] (each verified,
/// the one limit policy), streaming them to `visit`.
pub(crate) fn list(
    puzzle: Sudoku,
    limit: Limit,
    ctl: &Control,
    mut visit: impl FnMut(u64, &Sudoku) -> ControlFlow<()>,
) -> Result<Tally> {
    let solver = SudokuSolver::new(puzzle);
    listing::list(&solver, limit, "solutions", ctl, |k, s| visit(k, s))
}

/// One generated puzzle (or a transformed one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MadePuzzle {
    /// The grid side.
    pub size: usize,
    /// The box shape `[R, C]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The puzzle in line form.
    pub puzzle: String,
    /// Its unique solution (generated puzzles only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// Whether the solution is unique (true for generated puzzles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// The number of clues.
    pub clues: usize,
    /// The seed that made it.
    pub seed: u64,
    /// Its rating on Sudoku Explainer's scale, when rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
    /// The technique of its hardest step, when rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hardest: Option<Technique>,
}

impl MadePuzzle {
    /// A puzzle made by the rated generator from `seed`.
    pub(crate) fn rated(p: RatedPuzzle, seed: u64) -> Self {
        MadePuzzle {
            size: p.puzzle.side(),
            box_shape: p.puzzle.shape().box_dims(),
            puzzle: p.puzzle.to_line(),
            solution: Some(p.solution.to_line()),
            unique: Some(true),
            clues: p.puzzle.clues(),
            seed,
            rating: p.rating,
            hardest: p.hardest,
        }
    }

    /// The puzzle as a grid.
    pub fn grid(&self) -> Result<Sudoku> {
        let [r, c] = self.box_shape;
        Sudoku::from_text(&self.puzzle, Some(Shape::new(r, c)?))
    }
}

/// Makes `count` minimal puzzles of `shape` with a unique solution from
/// `seed`, each checked (its solution solves it, and nothing else does)
/// before `visit` sees it. Stops early when `ctl` is stopped or `visit`
/// breaks; the tally says how many were made.
pub(crate) fn generate_puzzles(
    shape: Shape,
    count: u64,
    seed: u64,
    ctl: &Control,
    mut visit: impl FnMut(MadePuzzle) -> ControlFlow<()>,
) -> Result<Tally> {
    let mut rng = random::rng(seed);
    ctl.progress().set_total(count);
    let mut made = 0;
    let stopped = |made| Tally {
        found: made,
        stopped: Some(Stop::Interrupted),
    };
    for _ in 0..count {
        let Some(g) = generate(shape, &mut rng, ctl) else {
            return Ok(stopped(made));
        };
        let solver = SudokuSolver::new(g.puzzle.clone());
        solver.verify(&g.solution)?;
        g.check_witnesses(Symmetry::None)?;
        match solver.solve_and_check_unique(ctl) {
            (Some(s), Some(true)) if s == g.solution => {}
            (_, None) => return Ok(stopped(made)),
            _ => return Err(Error::Check("a generated puzzle is not unique".into())),
        }
        made += 1;
        ctl.progress().advance(1);
        let m = MadePuzzle {
            size: g.puzzle.side(),
            box_shape: shape.box_dims(),
            puzzle: g.puzzle.to_line(),
            solution: Some(g.solution.to_line()),
            unique: Some(true),
            clues: g.puzzle.clues(),
            seed,
            rating: None,
            hardest: None,
        };
        if visit(m).is_break() {
            return Ok(Tally {
                found: made,
                stopped: Some(Stop::Limit),
            });
        }
    }
    ctl.progress().finish();
    Ok(Tally {
        found: made,
        stopped: None,
    })
}

/// Moves each puzzle by its own random symmetry (bands, stacks, rows and
/// columns within them, transposition when the boxes are square,
/// relabelling), drawn in turn from one
/// generator seeded with `seed`. The clues keep their count.
#[derive(Debug)]
pub(crate) struct Transformer {
    rng: random::Rng,
    seed: u64,
}

impl Transformer {
    /// A transformer drawing its symmetries from `seed`.
    pub fn new(seed: u64) -> Self {
        Transformer {
            rng: random::rng(seed),
            seed,
        }
    }

    /// `puzzle` moved by the next random symmetry.
    pub fn apply(&mut self, puzzle: &Sudoku) -> Result<MadePuzzle> {
        let moved = Transform::random(puzzle.shape(), &mut self.rng).apply(puzzle);
        if moved.clues() != puzzle.clues() {
            return Err(Error::Check(
                "a symmetry changed the number of clues".into(),
            ));
        }
        Ok(MadePuzzle {
            size: moved.side(),
            box_shape: moved.shape().box_dims(),
            puzzle: moved.to_line(),
            solution: None,
            unique: None,
            clues: moved.clues(),
            seed: self.seed,
            rating: None,
            hardest: None,
        })
    }
}
