//! The one way into Sudoku: a [`Request`] (the grid or batch, and what to do
//! with it) and [`answer`], which returns a verified [`Answer`]; listed
//! solutions, batch lines and made puzzles stream through a [`Sink`] as [`Item`]s.

use super::batch::{self, BatchOptions};
use super::candidates::{self, CandidateGrid};
use super::check::{self, GridCheck};
use super::explain::{self, Explanation, Hint, Outcome, PencilMarks, Rated, TechniqueSet};
use super::generate::{Difficulty, Symmetry};
use super::parse::{scan_shaped, Scan};
use super::solve::{self, GridReport, MadePuzzle, Transformer};
use super::steps::{self, SudokuStep, SudokuSteps};
use super::{Shape, Sudoku};
use crate::control::Pace;
use crate::control::{Control, Stop};
use crate::error::{Error, Result};
use crate::input::Source;
use crate::listing::Limit;
use crate::puzzle::GridPuzzle;
use crate::random;
use crate::render::Picture;
use crate::sink::Sink;
use serde::{Deserialize, Serialize};
use std::time::Duration;

mod budget;
mod generating;
use budget::Budget;
use generating::generate;

/// The most puzzles one generation request makes.
pub(crate) const MAX_GENERATED: u64 = 100_000;

/// The solutions a batch `--count` counts on each line when no limit is given
/// (a line that reaches it is counted as "1000000+"): about a second a line.
const BATCH_COUNT_LIMIT: u64 = 1_000_000;

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
    fn text(&self) -> Result<&Source> {
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
    fn begun() -> Self {
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

impl GridPuzzle for Sudoku {
    const NAME: &'static str = "sudoku";
    type Request = Request;
    type Answer = Answer;
    type Item = Item;

    fn answer(request: &Request, ctl: &Control, sink: &mut dyn Sink<Item>) -> Result<Answer> {
        answer(request, ctl, sink)
    }

    /// Every mode polls the stop flag (the techniques of an explanation, a
    /// hint or a rating between cells).
    fn pace(request: &Request) -> Pace {
        let unit = match request.mode {
            Mode::Solve | Mode::Transform | Mode::Generate { .. } => "puzzles",
            Mode::Count { .. } | Mode::List { .. } => "solutions",
            Mode::Candidates | Mode::Check { .. } => return Pace::QUIET,
            // The techniques look at the stop flag between cells.
            Mode::Explain { .. } | Mode::Hint { .. } | Mode::Rate | Mode::Steps { .. } => "steps",
        };
        Pace::polling(unit, false)
    }

    fn picture(answer: &Answer, which: Picture) -> Result<String> {
        answer.svg(which)
    }
}

/// Answers `request`: solves, counts, lists, transforms, generates,
/// explains, hints or rates. Streamed items go to `sink`, each verified; the
/// answer says how the stream ended. A stop by `ctl` is an answer too (a
/// report or a stream marked interrupted); a grid past its time limit is refused.
pub(crate) fn answer(
    request: &Request,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    if request.jobs > 1 && !matches!(request.mode, Mode::Solve | Mode::Count { .. }) {
        return Err(jobs_unused());
    }
    if let Mode::Generate {
        count,
        difficulty,
        symmetry,
    } = request.mode
    {
        return generate(request, count, difficulty, symmetry, ctl, sink);
    }
    let source = request.text()?;
    let scan = scan_shaped(source, request.shape)?;
    if request.mode == Mode::Transform {
        return transform(request, source, scan, sink);
    }
    let lines = match scan {
        Scan::Single(grid) => {
            // One grid takes threads only as parallel SAT searches of its solution.
            #[cfg(feature = "sat")]
            let sat = grid.side() >= super::SAT_SIDE;
            #[cfg(not(feature = "sat"))]
            let sat = false;
            if request.jobs > 1 && !(sat && request.mode == Mode::Solve) {
                return Err(jobs_unused());
            }
            return one_grid(request, grid, ctl, sink);
        }
        Scan::Batch(lines) => lines,
    };
    let mode = match request.mode {
        Mode::Solve => solve::Mode::Solve,
        // Each line stops at the limit: a batch holding a grid of trillions of
        // solutions (an empty line, say) still ends.
        Mode::Count { limit } => solve::Mode::Count(match limit.get() {
            Some(_) => limit,
            None => Limit::at_most(BATCH_COUNT_LIMIT)?,
        }),
        Mode::Rate => return rate_batch(request, source, ctl, sink),
        Mode::List { .. } => {
            return Err(Error::usage(
                "a listing takes the solutions of one grid, not of a batch",
            ))
        }
        Mode::Check { .. } => {
            return Err(Error::usage(
                "a check takes one puzzle and its filled grid, not a batch",
            ))
        }
        _ => return Err(Error::usage(
            "explanations, hints, candidates and steps take one grid, not a batch (ratings take a batch)",
        )),
    };
    let options = BatchOptions {
        mode,
        reports: request.reports,
        jobs: request.jobs,
    };
    let summary = batch::batch(source, &lines, options, ctl, sink)?;
    Ok(Answer::Batch(BatchEnd {
        listed: summary.answered,
        complete: !summary.interrupted,
        stopped: summary.interrupted.then_some(Stop::Interrupted),
        bad: summary.bad,
        none: summary.none,
    }))
}

/// The refusal of threads the request would not use.
fn jobs_unused() -> Error {
    Error::usage(
        "--jobs N shares out a batch's solving or counting, or the SAT searches solving one grid of 25×25 or more: not this request",
    )
}

/// The modes of one grid.
fn one_grid(
    request: &Request,
    grid: Sudoku,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    let threads = request.jobs;
    let techniques = request.techniques;
    Ok(match &request.mode {
        Mode::Solve => Answer::Solve(solve::answer_line(
            grid,
            None,
            solve::Mode::Solve,
            ctl,
            true,
            threads,
        )?),
        Mode::Count { limit } => {
            let mode = solve::Mode::Count(*limit);
            Answer::Count(solve::answer_line(grid, None, mode, ctl, true, threads)?)
        }
        Mode::List { limit } => {
            let (size, box_shape, puzzle) = (grid.side(), grid.shape().box_dims(), grid.to_line());
            let tally = solve::list(grid, *limit, ctl, |index, s| {
                sink.take(Item::Solution(ListedGrid {
                    index,
                    solution: s.to_line(),
                }))
            })?;
            Answer::List(GridListing {
                size,
                box_shape,
                puzzle,
                listed: tally.found,
                complete: tally.is_complete(),
                stopped: tally.stopped,
            })
        }
        Mode::Explain { candidates } => {
            let budget = Budget::new(request, grid.side(), "explanation");
            let puzzle = grid.clone();
            let mut e = budget.run(
                ctl,
                move |ctl| explain::explain(&puzzle, techniques, ctl),
                |e| &e.outcome,
            )?;
            if *candidates {
                e.candidates = explain::candidate_grids(&grid, &e.steps)?;
            }
            Answer::Explain(e)
        }
        Mode::Hint { marks } => {
            let marks = match marks {
                Some(m) => Some(PencilMarks::read(m, grid.shape())?),
                None => None,
            };
            let budget = Budget::new(request, grid.side(), "next step");
            let hint = budget.run(
                ctl,
                move |ctl| explain::hint(&grid, marks.as_ref(), techniques, ctl),
                |h| &h.outcome,
            )?;
            Answer::Hint(hint)
        }
        Mode::Rate => {
            let budget = Budget::new(request, grid.side(), "rating");
            let puzzle = grid.clone();
            let rated = budget.run(
                ctl,
                move |ctl| explain::rate(&puzzle, techniques, ctl),
                |r| &r.outcome,
            )?;
            Answer::Rate(RatedGrid::new(None, &grid, rated))
        }
        Mode::Candidates => Answer::Candidates(candidates::candidates(&grid)),
        Mode::Check { solution } => Answer::Check(check::check(&grid, solution)?),
        Mode::Steps { max_steps } => Answer::Steps(steps::steps(&grid, *max_steps, ctl, sink)?),
        Mode::Transform | Mode::Generate { .. } => unreachable!("answered before"),
    })
}

impl RatedGrid {
    /// The rating of `grid`, from line `line` of a batch when given.
    fn new(line: Option<usize>, grid: &Sudoku, rated: Rated) -> Self {
        RatedGrid {
            line,
            size: grid.side(),
            box_shape: grid.shape().box_dims(),
            puzzle: grid.to_line(),
            rated,
        }
    }
}

/// `Rate` of a batch: one rated line per puzzle, bad lines said as such.
fn rate_batch(
    request: &Request,
    source: &Source,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    let mut end = BatchEnd::begun();
    // Each line its own time limit (0: none).
    let limit = request
        .time_limit
        .filter(|&s| s > 0)
        .map(Duration::from_secs);
    let finished = explain::rate_batch(
        source,
        request.shape,
        request.techniques,
        limit,
        ctl,
        &mut |line| {
            end.listed += 1;
            let item = match line {
                Ok((line, grid, rated)) => {
                    end.none |= matches!(rated.outcome, Outcome::NoSolution { .. });
                    Item::Rated(RatedGrid::new(Some(line), &grid, rated))
                }
                Err((line, e)) => {
                    end.bad = true;
                    Item::Bad(BadLine {
                        line,
                        error: e.to_string(),
                    })
                }
            };
            sink.take(item)
        },
    );
    if !finished && ctl.stopped() {
        end.complete = false;
        end.stopped = Some(Stop::Interrupted);
    }
    Ok(Answer::Batch(end))
}

/// `Transform`: every puzzle moved by its own random symmetry.
fn transform(
    request: &Request,
    source: &Source,
    scan: Scan,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    let seed = request.seed.unwrap_or_else(random::fresh_seed);
    let mut transformer = Transformer::new(seed);
    let puzzles: Vec<(usize, Result<Sudoku>)> = match scan {
        Scan::Single(p) => vec![(1, Ok(p))],
        Scan::Batch(lines) => lines.iter().map(|l| (l.line, l.puzzle(source))).collect(),
    };
    let mut end = BatchEnd::begun();
    for (line, p) in puzzles {
        end.listed += 1;
        let item = match p {
            Ok(p) => Item::Made(transformer.apply(&p)?),
            Err(e) => {
                end.bad = true;
                Item::Bad(BadLine {
                    line,
                    error: e.to_string(),
                })
            }
        };
        if sink.take(item).is_break() {
            end.complete = false;
            end.stopped = Some(Stop::Limit);
            break;
        }
    }
    Ok(Answer::Transform(end))
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
