//! Requests and reports of Lights Out: what a caller asks (a board, a method,
//! the fewest presses…) and the verified answer, serialisable as JSON.

use super::{
    fewest_presses, nullity, variant_nullity, LightsOut, Method, Solver, Variant, MAX_CELLS,
    MAX_NULLITY_SIDE,
};
use crate::control::Control;
use crate::error::{Bound, Error, Result, Size};
use crate::grid::{BitGrid, Dims};
use crate::listing::{self, Limit};
use crate::puzzle::GridPuzzle;
use crate::random;
use crate::Tally;
use serde::Serialize;
use std::ops::ControlFlow;

/// Largest board whose state and presses a report spells out (larger boards are summarised).
pub const MAX_PRINTED_CELLS: usize = 1 << 20;

/// Which board to solve.
#[derive(Debug, Clone)]
pub enum Board {
    /// A given state.
    Given(LightsOut),
    /// A random state of this shape, from `seed` (a fresh seed when `None`).
    Random {
        /// The shape.
        dims: Dims,
        /// The seed, reported so the run can be repeated.
        seed: Option<u64>,
    },
}

/// One Lights Out question: which board, how, and what to report.
#[derive(Debug, Clone)]
pub struct Request {
    /// The board.
    pub board: Board,
    /// Presses wrap around the edges.
    pub torus: bool,
    /// How the system is solved.
    pub method: Method,
    /// Report the solution with the fewest presses (exact while the quiet patterns are few).
    pub fewest: bool,
    /// Also report a basis of the quiet patterns.
    pub quiet_patterns: bool,
}

impl Request {
    /// The default request for `board`: the polynomial method, one solution.
    pub fn new(board: Board) -> Self {
        Request {
            board,
            torus: false,
            method: Method::Polynomial,
            fewest: false,
            quiet_patterns: false,
        }
    }

    /// The board asked for, drawn when random, and its seed.
    fn position(&self) -> Result<(LightsOut, Option<u64>)> {
        let (puzzle, seed) = match &self.board {
            Board::Given(p) => (p.clone(), None),
            Board::Random { dims, seed } => {
                let dims = Dims::new(dims.rows, dims.cols, MAX_CELLS)?;
                let seed = seed.unwrap_or_else(random::fresh_seed);
                (LightsOut::random(dims, &mut random::rng(seed)), Some(seed))
            }
        };
        Ok((
            if self.torus {
                puzzle.on_torus()
            } else {
                puzzle
            },
            seed,
        ))
    }

    /// The solver of this request's board (drawn when random) and its seed.
    pub fn solver(&self) -> Result<(Solver, Option<u64>)> {
        let (puzzle, seed) = self.position()?;
        Ok((Solver::new(puzzle, self.method)?, seed))
    }
}

/// The answer to a [`Request`]: the same keys in text and JSON.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The seed of a random board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// How it was solved.
    pub method: Method,
    /// Whether presses wrap around the edges.
    pub torus: bool,
    /// The lights, rows of 0/1 (empty past [`MAX_PRINTED_CELLS`]).
    pub state: Vec<String>,
    /// Whether some presses switch every light off.
    pub solvable: bool,
    /// The dimension of the quiet patterns.
    pub nullity: usize,
    /// 2^nullity when solvable, else 0; a decimal string, exact however large.
    pub solutions: String,
    /// The presses, rows of 0/1 (null when unsolvable or past [`MAX_PRINTED_CELLS`]).
    pub presses: Option<Vec<String>>,
    /// How many presses.
    pub press_count: Option<usize>,
    /// With the fewest presses asked: whether `press_count` is proven the fewest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal: Option<bool>,
    /// When unsolvable: a quiet pattern overlapping the lights an odd number of times.
    pub witness: Option<Vec<String>>,
    /// How many lights the witness overlaps (odd), when unsolvable.
    #[serde(skip)]
    pub overlap: Option<usize>,
    /// A basis of the quiet patterns, as rows of 0/1, when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quiet_patterns: Option<Vec<Vec<String>>>,
    /// The search for the fewest presses was stopped: `press_count` is the fewest seen.
    #[serde(skip)]
    pub interrupted: bool,
}

/// A verified answer: the report and the grids it was made from (for
/// drawing and for writing the presses elsewhere).
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct Answer {
    /// What is printed.
    pub report: Report,
    /// The solver of the board (its state, analysis and renderers).
    #[serde(skip)]
    pub solver: Solver,
    /// The presses reported, verified.
    #[serde(skip)]
    pub presses: Option<BitGrid>,
}

/// Answers `request`: solves the board, finds the fewest presses when asked
/// (a stop keeps the lightest seen so far), verifies the presses, reports.
///
/// ```
/// use puzzles::grid::Dims;
/// use puzzles::lightsout::{answer, Board, Request};
/// use puzzles::Control;
///
/// let board = Board::Random { dims: Dims { rows: 6, cols: 6 }, seed: Some(1) };
/// let a = answer(&Request::new(board), &Control::new())?;
/// assert!(a.report.solvable);
/// assert_eq!(a.report.solutions, "1"); // 6×6 has nullity 0
/// assert_eq!(a.report.press_count, Some(20));
/// # Ok::<(), puzzles::Error>(())
/// ```
pub fn answer(request: &Request, ctl: &Control) -> Result<Answer> {
    let (solver, seed) = request.solver()?;
    let analysis = solver.analysis();
    let dims = solver.dims();
    if request.quiet_patterns {
        let cells = analysis.nullity() as u128 * dims.cells() as u128;
        if cells > MAX_PRINTED_CELLS as u128 {
            return Err(Error::TooLarge {
                bound: Bound::QuietPatternCells,
                got: Size::Count(cells),
                limit: MAX_PRINTED_CELLS.into(),
                note: String::new(),
            });
        }
    }
    let (presses, minimal) = if request.fewest {
        let fewest = fewest_presses(analysis, ctl);
        ctl.progress().finish();
        match fewest {
            Some(f) => (Some(f.presses), Some(f.proven)),
            None => (None, None),
        }
    } else {
        (analysis.presses.clone(), None)
    };
    if let Some(p) = &presses {
        solver.verify(p)?;
    }
    let zero_one = |g: &BitGrid| g.row_strings('1', '0');
    let large = dims.cells() > MAX_PRINTED_CELLS;
    let report = Report {
        rows: dims.rows,
        cols: dims.cols,
        seed,
        method: request.method,
        torus: solver.puzzle().is_torus(),
        state: if large {
            Vec::new()
        } else {
            zero_one(solver.puzzle().lights())
        },
        solvable: analysis.presses.is_some(),
        nullity: analysis.nullity(),
        solutions: analysis.solution_count(),
        presses: (!large).then(|| presses.as_ref().map(zero_one)).flatten(),
        press_count: presses.as_ref().map(BitGrid::count_ones),
        minimal,
        witness: analysis.witness.as_ref().map(zero_one),
        overlap: analysis
            .witness
            .as_ref()
            .map(|w| w.bits().intersection_count(solver.puzzle().lights().bits())),
        quiet_patterns: request.quiet_patterns.then(|| {
            (0..analysis.nullity())
                .map(|i| zero_one(&analysis.quiet_pattern(i)))
                .collect()
        }),
        interrupted: request.fewest && ctl.stopped(),
    };
    Ok(Answer {
        report,
        solver,
        presses,
    })
}

/// Lists the solutions of the request's board through [`listing::list`]
/// (each verified, the one limit policy): `Ok(None)` when the board has no
/// solution, else how the listing ended.
pub fn list(
    request: &Request,
    limit: Limit,
    ctl: &Control,
    visit: impl FnMut(u64, &BitGrid) -> ControlFlow<()>,
) -> Result<Option<Tally>> {
    let (solver, _) = request.solver()?;
    if solver.analysis().presses.is_none() {
        return Ok(None);
    }
    listing::list(&solver, limit, "solutions", ctl, visit).map(Some)
}

/// One row of the nullity table: the board and its rules, and its nullity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NullityRow {
    /// Rows (= columns).
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// K: the states of a cell.
    pub states: u8,
    /// The press pattern: a built-in name or the stencil's text.
    pub pattern: String,
    /// Whether presses wrap around the edges.
    pub torus: bool,
    /// The dimension of the quiet patterns of the n×n board (over GF(K) for K
    /// prime; the number of independent generators of the kernel otherwise).
    pub nullity: usize,
}

/// The nullity of every n×n board of `variant` for n in `from..=to`, handed
/// to `visit` in order. The classic game (two states, the cross, no torus)
/// takes Sutner's gcd with no board built, up to [`MAX_NULLITY_SIDE`]; every
/// other variant solves the empty n×n board, and its largest board is solved
/// first, so a table too large for the variant is refused before any row.
/// Stops when `ctl` is stopped or `visit` breaks; says how many rows were given.
///
/// ```
/// use puzzles::lightsout::{nullity_table, Pattern, Variant};
/// use puzzles::Control;
///
/// let mut rows = Vec::new();
/// let classic = Variant::new(2, Pattern::cross(), false)?;
/// nullity_table(&classic, 4, 5, &Control::new(), |row| {
///     rows.push(row.nullity);
///     std::ops::ControlFlow::Continue(())
/// })?;
/// assert_eq!(rows, [4, 2]); // 4×4: 16 solutions per state, 5×5: 4
/// # Ok::<(), puzzles::Error>(())
/// ```
pub fn nullity_table(
    variant: &Variant,
    from: usize,
    to: usize,
    ctl: &Control,
    mut visit: impl FnMut(NullityRow) -> ControlFlow<()>,
) -> Result<Tally> {
    let classic = variant.states.get() == 2 && variant.pattern.is_cross() && !variant.torus;
    let square = |n| Dims { rows: n, cols: n };
    // The largest board first: the variant's own size limits refuse it up front.
    let last = match classic {
        true if to > MAX_NULLITY_SIDE => {
            return Err(Error::too_large(Bound::NullitySide, to, MAX_NULLITY_SIDE))
        }
        true => None,
        false if from <= to => Some(variant_nullity(variant, square(to))?),
        false => None,
    };
    ctl.progress()
        .set_total((to + 1).saturating_sub(from) as u64);
    let mut given = 0;
    for n in from..=to {
        if ctl.stopped() {
            ctl.progress().finish();
            return Ok(Tally {
                found: given,
                stopped: Some(crate::Stop::Interrupted),
            });
        }
        let nullity = match (classic, last) {
            (true, _) => nullity(square(n)),
            (false, Some(k)) if n == to => k,
            (false, _) => variant_nullity(variant, square(n))?,
        };
        given += 1;
        ctl.progress().advance(1);
        let row = NullityRow {
            rows: n,
            cols: n,
            states: variant.states.get(),
            pattern: variant.pattern.name().to_string(),
            torus: variant.torus,
            nullity,
        };
        if visit(row).is_break() {
            break;
        }
    }
    ctl.progress().finish();
    Ok(Tally {
        found: given,
        stopped: None,
    })
}
