//! What Sudoku is asked and what it answers: a [`Request`] (the grid or
//! batch, and what to do with it), its verified [`Answer`], and the
//! [`Item`]s it streams (listed solutions, batch lines and made puzzles),
//! with the data they carry. [`crate::GridPuzzle::answer`] takes the one to
//! give the other.

use super::candidates::CandidateGrid;
use super::check::GridCheck;
use super::explain::{Explanation, Hint, Outcome, Rated, TechniqueSet};
use super::generate::{Difficulty, Symmetry};
use super::parse::{scan_shaped, Scan};
use super::solve::{GridReport, MadePuzzle};
use super::steps::{SudokuStep, SudokuSteps};
use super::{Shape, Sudoku};
use crate::control::Stop;
use crate::error::{Error, Result};
use crate::input::Source;
use crate::listing::Limit;
use crate::random;
use crate::render::Picture;
use serde::{Deserialize, Serialize};

/// The most puzzles one generation request makes.
pub(crate) const MAX_GENERATED: u64 = 100_000;

/// The solutions a batch `--count` counts on each line when no limit is given
/// (a line that reaches it is counted as "1000000+"): about a second a line.
pub(super) const BATCH_COUNT_LIMIT: u64 = 1_000_000;

/// What to do with the grid (or with each puzzle of a batch).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Mode {
    /// A solution and whether it is unique (each puzzle of a batch, in order).
    #[default]
    Solve,
    /// The number of solutions, up to `limit` (each puzzle of a batch).
    Count {
        /// The most solutions to count.
        #[serde(default)]
        limit: Limit,
    },
    /// Every solution of one grid, streamed (at most `limit`).
    List {
        /// The most solutions to list.
        #[serde(default)]
        limit: Limit,
    },
    /// Each puzzle moved by a random symmetry of the Sudoku page.
    Transform,
    /// Minimal puzzles with one solution, made from the request's seed.
    Generate {
        /// How many, 1 to [`Request::MAX_GENERATED`].
        count: u64,
        /// The rating band asked for: the puzzles are then rated.
        #[serde(default)]
        difficulty: Option<Difficulty>,
        /// The symmetry of the clue pattern: the puzzles are then rated
        /// (up to `super::generate::MAX_RATED_SIDE`).
        #[serde(default)]
        symmetry: Option<Symmetry>,
    },
    /// The solution step by step, and its rating.
    Explain {
        /// Also the candidate grid each step acts on.
        #[serde(default)]
        candidates: bool,
    },
    /// The next step for a partly filled grid.
    Hint {
        /// The pencil marks (one field of candidate digits per cell), if any.
        #[serde(default)]
        marks: Option<Source>,
    },
    /// The rating on Sudoku Explainer's scale (each puzzle of a batch).
    Rate,
    /// The candidates of each empty cell of a partly filled grid.
    Candidates,
    /// The Sudoku page's backtracking step by step (at most `max_steps` streamed).
    Steps {
        /// The most steps to stream.
        #[serde(default)]
        max_steps: Limit,
    },
    /// A student's filled grid checked against the puzzle.
    Check {
        /// The filled grid, in any layout a grid is read in (line form: `"1324…"`).
        solution: String,
    },
}

/// One Sudoku question: the grid or batch, its boxes, and the mode.
///
/// ```
/// use puzzles::input::Source;
/// use puzzles::sudoku::{Sudoku, Answer, Item, Mode, Request};
/// use puzzles::{Control, GridPuzzle, NoItems};
///
/// let request = Request::new(Source::from_text("4x4", "1... ..3. .4.. ...2"));
/// let Answer::Solve(report) = Sudoku::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
/// assert_eq!(report.solution.as_deref(), Some("1324423124133142"));
/// assert_eq!(report.unique, Some(true));
///
/// let mut listing = Request::new(Source::from_text("empty", "................"));
/// listing.mode = Mode::List { limit: puzzles::listing::Limit::at_most(5)? };
/// let mut solutions: Vec<Item> = Vec::new();
/// let Answer::List(end) = Sudoku::answer(&listing, &Control::new(), &mut solutions)? else { panic!() };
/// assert_eq!((solutions.len(), end.listed, end.complete), (5, 5, false));
/// # Ok::<(), puzzles::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The text: one grid in any usual layout, or one puzzle per line (a
    /// batch); `None` when generating.
    #[serde(default)]
    pub source: Option<Source>,
    /// The box shape; by default the squarest for the cell count (3×3 when generating).
    #[serde(default, rename = "box")]
    pub shape: Option<Shape>,
    /// The seed of a generation or a transformation (a fresh one when `None`).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Threads: a batch is shared out among them; one 25×25 or larger grid
    /// is decided by that many differently seeded SAT searches at once.
    #[serde(default = "one")]
    pub jobs: usize,
    /// Seconds an explanation, hint or rating of one grid may take (0: no
    /// limit); by default 8 for a hint and 120 otherwise past 16×16, none below.
    #[serde(default)]
    pub time_limit: Option<u64>,
    /// The techniques an explanation, hint or rating uses: Sudoku Explainer 1.2.1's
    /// (`classic`, the default) or Sukaku Explainer's default set (`sukaku`).
    #[serde(default)]
    pub techniques: TechniqueSet,
    /// A batch answered as one typed [`GridReport`] per line rather than as
    /// text lines (the fast form of the benchmark files).
    #[serde(default)]
    pub reports: bool,
    /// What to do.
    #[serde(flatten)]
    pub mode: Mode,
}

/// The default number of threads.
fn one() -> usize {
    1
}

impl Request {
    /// The most puzzles one generation request makes.
    pub const MAX_GENERATED: u64 = MAX_GENERATED;

    /// Solve the grid or batch `source` (boxes from the cell count, one thread).
    pub fn new(source: Source) -> Self {
        Request {
            source: Some(source),
            shape: None,
            seed: None,
            jobs: 1,
            time_limit: None,
            techniques: TechniqueSet::Classic,
            reports: false,
            mode: Mode::Solve,
        }
    }

    /// Generate `count` puzzles of `shape` (unrated, no symmetry).
    pub fn generate(shape: Shape, count: u64) -> Self {
        Request {
            source: None,
            shape: Some(shape),
            mode: Mode::Generate {
                count,
                difficulty: None,
                symmetry: None,
            },
            ..Request::new(Source::from_text("", ""))
        }
    }

    /// The same request with its seed drawn when it had none (so a front end
    /// can show the seed before the work starts).
    pub fn seeded(mut self) -> Self {
        if matches!(self.mode, Mode::Generate { .. } | Mode::Transform) {
            self.seed = Some(self.seed.unwrap_or_else(random::fresh_seed));
        }
        self
    }

    /// The comment line that starts the text of generated or transformed
    /// puzzles: the command that makes them again (`None` in other modes).
    pub fn heading(&self) -> Option<String> {
        let seed = self.seed.unwrap_or_default();
        match self.mode {
            Mode::Transform => Some(format!("# puzzles sudoku --transform --seed {seed}")),
            Mode::Generate {
                count,
                difficulty,
                symmetry,
            } => {
                let [r, c] = self.shape.unwrap_or(Shape::CLASSIC).box_dims();
                let mut line = format!("# puzzles sudoku --generate {count} --box {r}x{c}");
                if let Some(d) = difficulty {
                    line += &format!(" --difficulty {}", d.name());
                }
                if difficulty.is_some() || symmetry.is_some() {
                    line += &format!(" --symmetry {}", symmetry.unwrap_or_default().name());
                }
                Some(format!("{line} --seed {seed}"))
            }
            _ => None,
        }
    }

    /// Whether the source is a batch (one puzzle a line) rather than one grid;
    /// a generation reads none.
    pub fn is_batch(&self) -> Result<bool> {
        if matches!(self.mode, Mode::Generate { .. }) {
            return Ok(false);
        }
        Ok(matches!(
            scan_shaped(self.text()?, self.shape)?,
            Scan::Batch(_)
        ))
    }

    /// The text to read, refused when absent.
    pub(super) fn text(&self) -> Result<&Source> {
        self.source
            .as_ref()
            .ok_or_else(|| Error::usage("this request needs a grid or a batch to read"))
    }
}

/// The answer to a [`Request`], one variant per mode (a batch has its own);
/// JSON carries the mode as `"mode"` beside the report's own keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Answer {
    /// One grid solved, with the uniqueness answer.
    Solve(GridReport),
    /// One grid's solutions counted.
    Count(GridReport),
    /// The end of a listing of one grid's solutions (they went to the sink).
    List(GridListing),
    /// The end of a batch (its answers went to the sink).
    Batch(BatchEnd),
    /// The end of a transformation (the moved puzzles went to the sink).
    Transform(BatchEnd),
    /// The end of a generation (the puzzles went to the sink).
    Generate(Generation),
    /// One grid explained step by step.
    Explain(Explanation),
    /// The next step of one grid.
    Hint(Hint),
    /// One grid rated.
    Rate(RatedGrid),
    /// The candidates of one grid.
    Candidates(CandidateGrid),
    /// A filled grid checked.
    Check(GridCheck),
    /// The end of a grid solved step by step (the steps went to the sink).
    Steps(SudokuSteps),
}

/// One streamed item; JSON tells them apart by their keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Item {
    /// A listed solution.
    Solution(ListedGrid),
    /// The text answers of consecutive batch lines (a batch without reports).
    Lines(AnswerLines),
    /// One batch line solved or counted (a batch with reports).
    Line(GridReport),
    /// A generated or moved puzzle.
    Made(MadePuzzle),
    /// A batch line that is not a puzzle.
    Bad(BadLine),
    /// One batch line rated.
    Rated(RatedGrid),
    /// A step of the most-constrained-cell search.
    Step(SudokuStep),
}

/// A solution of a listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListedGrid {
    /// Its place in the listing, from 1.
    pub index: u64,
    /// The solution in line form.
    pub solution: String,
}

/// The answers of consecutive batch lines as text, one line each:
/// `SOLUTION unique|multiple`, `none`, `none (clash: r,c and r,c)`,
/// `interrupted`, or a count (`N`, `N+` at the limit).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerLines {
    /// The lines, each ended by a newline.
    pub text: String,
}

/// A batch line that is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BadLine {
    /// The 1-based line number.
    pub line: usize,
    /// Why, naming the source, line and column.
    pub error: String,
}

/// The end of a listing of solutions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridListing {
    /// The grid side.
    pub size: usize,
    /// The box shape `[R, C]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The puzzle in line form.
    pub puzzle: String,
    /// The solutions listed.
    pub listed: u64,
    /// Whether every solution was listed.
    pub complete: bool,
    /// Why the listing stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// The end of a batch or a transformation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchEnd {
    /// Lines answered (bad lines included).
    pub listed: u64,
    /// Whether every line was answered.
    pub complete: bool,
    /// Why the batch stopped early, if it did.
    pub stopped: Option<Stop>,
    /// Some lines were not puzzles.
    pub bad: bool,
    /// Some puzzle has no solution.
    pub none: bool,
}

impl BatchEnd {
    /// A batch with no line answered yet.
    pub(super) fn begun() -> Self {
        BatchEnd {
            listed: 0,
            complete: true,
            stopped: None,
            bad: false,
            none: false,
        }
    }
}

/// The end of a generation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Generation {
    /// The grid side.
    pub size: usize,
    /// The box shape `[R, C]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The seed, so the run can be repeated.
    pub seed: u64,
    /// The rating band asked for.
    pub difficulty: Option<Difficulty>,
    /// The symmetry of every clue pattern.
    pub symmetry: Symmetry,
    /// The puzzles made.
    pub listed: u64,
    /// Whether every puzzle asked for was made.
    pub complete: bool,
    /// Why the generation stopped early, if it did.
    pub stopped: Option<Stop>,
    /// The first puzzle made, the one a picture shows (not in the JSON:
    /// the puzzles went to the sink).
    #[serde(skip)]
    pub first: Option<MadePuzzle>,
}

/// A grid rated: its board, then the rating (a batch line also names its line).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatedGrid {
    /// The 1-based line number (batches only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The grid side.
    pub size: usize,
    /// The box shape `[R, C]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The puzzle in line form.
    pub puzzle: String,
    /// The rating.
    #[serde(flatten)]
    pub rated: Rated,
}

impl Answer {
    /// A refusal that comes with an answer: an explanation, hint or rating of a
    /// grid with several solutions (where they part was given), or a batch
    /// with lines that are not puzzles (each given as a [`BadLine`]).
    pub fn refusal(&self) -> Option<Error> {
        let several = |outcome: &Outcome| match outcome {
            Outcome::Several { cell, digits } => Some(Error::usage(format!(
                "the grid has several solutions: they part at r{}c{}, which can hold {} or {}",
                cell[0] + 1,
                cell[1] + 1,
                digits[0],
                digits[1]
            ))),
            _ => None,
        };
        match self {
            Answer::Explain(e) => several(&e.outcome),
            Answer::Hint(h) => several(&h.outcome),
            Answer::Rate(r) => several(&r.rated.outcome),
            Answer::Batch(b) | Answer::Transform(b) if b.bad => Some(Error::usage(
                "some lines of the batch are not puzzles (reported above)",
            )),
            _ => None,
        }
    }

    /// The grid drawn as SVG: the puzzle alone (clues only), or with the
    /// digits of its solution (an explanation's or a hint's grid as it
    /// ends), a generation's first puzzle. A listing or a batch has no one
    /// grid: its items do ([`Item::svg`]).
    pub fn svg(&self, picture: Picture) -> Result<String> {
        let (size, shape, puzzle, solution) = match self {
            Answer::Solve(r) | Answer::Count(r) => {
                (r.size, r.box_shape, &r.puzzle, r.solution.as_ref())
            }
            Answer::Explain(e) => (e.size, e.box_shape, &e.puzzle, e.solution.as_ref()),
            Answer::Hint(h) => (h.size, h.box_shape, &h.puzzle, None),
            Answer::Rate(r) => (r.size, r.box_shape, &r.puzzle, None),
            Answer::Candidates(c) => (c.size, c.box_shape, &c.puzzle, None),
            Answer::Steps(s) => (s.size, s.box_shape, &s.puzzle, s.solution.as_ref()),
            Answer::Check(c) => {
                let fits = c.solution.len() == c.puzzle.len();
                (
                    c.size,
                    c.box_shape,
                    &c.puzzle,
                    Some(&c.solution).filter(|_| fits),
                )
            }
            Answer::Generate(Generation { first: Some(m), .. }) => {
                (m.size, m.box_shape, &m.puzzle, m.solution.as_ref())
            }
            Answer::List(_) | Answer::Batch(_) | Answer::Transform(_) | Answer::Generate(_) => {
                return Err(Error::usage("a listing or a batch has no one grid to draw"))
            }
        };
        draw(size, shape, puzzle, picture.shows(solution))
    }
}

impl Item {
    /// A made puzzle drawn as SVG (alone, or with its solution when known);
    /// other items have no grid of their own.
    pub fn svg(&self, picture: Picture) -> Result<String> {
        match self {
            Item::Made(m) => draw(
                m.size,
                m.box_shape,
                &m.puzzle,
                picture.shows(m.solution.as_ref()),
            ),
            Item::Line(r) => draw(
                r.size,
                r.box_shape,
                &r.puzzle,
                picture.shows(r.solution.as_ref()),
            ),
            _ => Err(Error::usage("this answer has no grid to draw")),
        }
    }
}

/// Draws the `puzzle` (line form) of `size` in boxes of `shape`, with the digits of `solution` when given.
fn draw(
    size: usize,
    [r, c]: [usize; 2],
    puzzle: &str,
    solution: Option<&String>,
) -> Result<String> {
    let shape = Shape::new(r, c)?;
    if shape.side() != size {
        return Err(Error::Check(format!(
            "boxes {r}×{c} do not make a {size}×{size} grid"
        )));
    }
    let grid = |line: &str| Sudoku::from_text(line, Some(shape));
    let puzzle = grid(puzzle)?;
    let solution = solution.map(|s| grid(s)).transpose()?;
    super::SudokuSolver::new(puzzle).render_svg(solution.as_ref())
}
