//! How Sudoku answers a request: [`GridPuzzle`] for [`Sudoku`], which reads
//! the grid or the batch, runs the mode asked for and returns its verified
//! [`Answer`], streaming the listed solutions, batch lines and made puzzles
//! to the sink.

use super::answer::{
    Answer, BadLine, BatchEnd, Generation, GridListing, Item, ListedGrid, Mode, RatedGrid,
};
use super::answer::{Request, BATCH_COUNT_LIMIT, MAX_GENERATED};
use super::batch::{self, BatchOptions};
use super::candidates;
use super::check;
use super::explain::{self, Outcome, PencilMarks, Rated};
use super::generate::{Difficulty, Symmetry};
use super::parse::{scan_shaped, Scan};
use super::solve::{self, MadePuzzle, Transformer};
use super::steps;
use super::{Shape, Sudoku, TechniqueSet};
use crate::control::Pace;
use crate::control::{Control, Stop};
use crate::error::{Error, Result};
use crate::input::Source;
use crate::listing::Limit;
use crate::puzzle::GridPuzzle;
use crate::random;
use crate::render::Picture;
use crate::sink::Sink;
use std::time::Duration;

mod budget;
mod generating;
use budget::Budget;
use generating::generate;
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
    refuse_unused(request)?;
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

/// Refuses a key of the request its mode would not use (a front end that
/// writes requests as JSON or keyword arguments would otherwise see it
/// passed over in silence): the seed outside a generation or a
/// transformation, a time limit or another set of techniques outside an
/// explanation, a hint or a rating.
fn refuse_unused(request: &Request) -> Result<()> {
    let stepwise = matches!(
        request.mode,
        Mode::Explain { .. } | Mode::Hint { .. } | Mode::Rate
    );
    let seeded = matches!(request.mode, Mode::Generate { .. } | Mode::Transform);
    let unused = if request.seed.is_some() && !seeded {
        "seed goes with a generation or a transformation"
    } else if request.time_limit.is_some() && !stepwise {
        "time_limit goes with an explanation, a hint or a rating"
    } else if request.techniques != TechniqueSet::default() && !stepwise {
        "techniques goes with an explanation, a hint or a rating"
    } else {
        return Ok(());
    };
    Err(Error::usage(format!("{unused}: not this request")))
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
        Mode::List { limit } => Answer::List(list(grid, *limit, ctl, sink)?),
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
        Mode::Steps { max_steps } => {
            let mut steps = |step| sink.take(Item::Step(step));
            Answer::Steps(steps::steps(&grid, *max_steps, ctl, &mut steps)?)
        }
        Mode::Transform | Mode::Generate { .. } => unreachable!("answered before"),
    })
}

/// The solutions of `grid` streamed to `sink`, up to `limit`, and how the listing ended.
fn list(
    grid: Sudoku,
    limit: Limit,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<GridListing> {
    let (size, box_shape, puzzle) = (grid.side(), grid.shape().box_dims(), grid.to_line());
    let tally = solve::list(grid, limit, ctl, |index, s| {
        sink.take(Item::Solution(ListedGrid {
            index,
            solution: s.to_line(),
        }))
    })?;
    Ok(GridListing {
        size,
        box_shape,
        puzzle,
        listed: tally.found,
        complete: tally.is_complete(),
        stopped: tally.stopped,
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
