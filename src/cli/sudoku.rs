//! `puzzles sudoku`: one grid or a batch file, solved (with the uniqueness answer), counted or listed.

use super::{Common, Context, Failure, Outcome};
use puzzles::grid::Pos;
use puzzles::input::Source;
use puzzles::sudoku::symmetry::Transform;
use puzzles::sudoku::{self, Entry, Input, Solver, Sudoku};
use puzzles::{random, Control, Error, GridPuzzle, Stop};
use rayon::prelude::*;
use serde::Serialize;
use std::ops::ControlFlow;

/// Most solutions `--all` lists without an explicit `--limit`.
const DEFAULT_LIST_LIMIT: u64 = 1000;

/// Puzzles of a batch solved between two writes (bounds memory with `--jobs`).
const CHUNK: usize = 4096;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: 81 characters on a line (. or 0 empty), or a grid over several lines with or \
without | - + separators; values above 9 as letters (A = 10) or as space-separated numbers; \
# starts a comment line. A file with one puzzle per line is a batch: one answer line per puzzle \
(solution line then unique/multiple, or none).\n\nExamples:\n  puzzles sudoku puzzles/sudoku/9x9-line.txt\n  \
puzzles sudoku puzzles/sudoku/4x4-empty.txt --count\n  puzzles sudoku puzzles/sudoku/batch-9x9.txt --json"
)]
pub struct Args {
    /// The puzzle file (`-` for stdin): one grid, or one puzzle per line.
    #[arg(
        value_name = "FILE",
        required_unless_present = "generate",
        conflicts_with = "generate"
    )]
    file: Option<String>,
    /// Count the solutions (stop at --limit K when given).
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// List every solution (at most --limit, default 1000).
    #[arg(long)]
    all: bool,
    /// With --count or --all: stop after K solutions.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Solve a batch on N threads (answers stay in input order).
    #[arg(long, short, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: u64,
    /// Print each puzzle moved by a random symmetry of seed 002 (band, stack,
    /// row and column permutations, transposition, relabelling), one per line.
    #[arg(long, conflicts_with_all = ["count", "all"])]
    transform: bool,
    /// Generate K minimal puzzles with a unique solution, one per line.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    generate: Option<u64>,
    /// With --generate: the order n (n²×n² grids), 2 to 4.
    #[arg(long, value_name = "N", requires = "generate", default_value_t = 3, value_parser = clap::value_parser!(u64).range(2..=6))]
    order: u64,
    /// The seed of --generate and --transform (printed, so any run can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    common: Common,
}

/// What the user asked for each puzzle.
#[derive(Debug, Clone, Copy)]
enum Mode {
    /// A solution and whether it is unique.
    Solve,
    /// The number of solutions, up to a limit.
    Count(Option<u64>),
}

/// The answer for one puzzle, in text or JSON: the same keys either way.
#[derive(Debug, Serialize)]
struct Report {
    /// The source line (batches only).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// The grid side (9 for 9×9).
    size: usize,
    /// The puzzle in line form.
    puzzle: String,
    /// A solution in line form, or null when there is none.
    solution: Option<String>,
    /// Whether the solution is the only one (null without a solution or when interrupted).
    unique: Option<bool>,
    /// With --count: the solutions counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// With --count: false when the count stopped at the limit (or was interrupted).
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    /// Two clues holding the same digit in a common unit, when there are.
    #[serde(skip_serializing_if = "Option::is_none")]
    clash: Option<[Pos; 2]>,
    /// With --all: the solutions listed, in line form.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    #[serde(skip)]
    interrupted: bool,
    /// The solution as a grid, for the block display.
    #[serde(skip)]
    grid: Option<Sudoku>,
}

impl Report {
    fn outcome(&self) -> Outcome {
        if self.interrupted {
            Outcome::Interrupted
        } else if self.solution.is_none() {
            Outcome::NoSolution
        } else {
            Outcome::Answered
        }
    }
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Outcome, Failure> {
    if args.limit.is_some() && !args.count && !args.all {
        return Err(Error::usage("--limit goes with --count or --all").into());
    }
    let mode = if args.count {
        Mode::Count(args.limit)
    } else {
        Mode::Solve
    };
    if let Some(k) = args.generate {
        return generate(&args, k, ctx);
    }
    if args.seed.is_some() && !args.transform {
        return Err(Error::usage("--seed goes with --generate or --transform").into());
    }
    let source = Source::read(args.file.as_deref().unwrap_or("-"))?;
    let input = sudoku::read(&source)?;
    // Searches and batches poll the stop flag and print the answers so far.
    ctx.interruptible();
    if args.transform {
        return transform(&args, input, ctx);
    }
    match input {
        Input::Single(puzzle) => {
            if args.all {
                return list_all(&args, puzzle, ctx);
            }
            // A count may run long: it shows a spinner.
            let ctl = match mode {
                Mode::Count(_) => ctx.progress(&args.common, None, "solutions"),
                Mode::Solve => ctx.control.clone(),
            };
            let mut report = answer(&puzzle, None, mode, &ctl)?;
            ctl.progress().finish_and_clear();
            args.common
                .write_svg(|| Solver::new(puzzle.clone()).render_svg(report.grid.as_ref()))?;
            if args.common.json {
                report.puzzle = puzzle.to_line();
                ctx.out.json(&report)?;
            } else {
                print_single(&report, &puzzle, mode, args.common.quiet, ctx)?;
            }
            Ok(report.outcome())
        }
        Input::Batch(entries) => {
            if args.all {
                return Err(
                    Error::usage("--all lists the solutions of one grid, not of a batch").into(),
                );
            }
            batch(&args, entries, mode, ctx)
        }
    }
}

/// Solves or counts one puzzle; every solution is verified first.
fn answer(
    puzzle: &Sudoku,
    line: Option<usize>,
    mode: Mode,
    ctl: &Control,
) -> Result<Report, Error> {
    let solver = Solver::new(puzzle.clone());
    let mut report = Report {
        line,
        size: puzzle.side(),
        // Only JSON shows the puzzle: written there, not in every batch answer.
        puzzle: String::new(),
        solution: None,
        unique: None,
        count: None,
        complete: None,
        clash: None,
        solutions: None,
        interrupted: false,
        grid: None,
    };
    let (first, unique) = match mode {
        Mode::Solve => {
            let (first, unique) = solver.solve_and_check_unique(ctl);
            report.interrupted = unique.is_none() && ctl.stopped();
            (first, unique)
        }
        Mode::Count(limit) => {
            let mut first = None;
            let mut seen = 0u64;
            let tally = solver.enumerate(ctl, &mut |s| {
                if first.is_none() {
                    first = Some(s.clone());
                }
                seen += 1;
                ctl.progress().inc(1);
                if limit.is_some_and(|l| seen >= l) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            report.count = Some(tally.found);
            report.complete = Some(tally.is_complete());
            report.interrupted = tally.stopped == Some(Stop::Interrupted);
            (first, tally.uniqueness())
        }
    };
    if let Some(s) = &first {
        solver
            .verify(s)
            .map_err(|e| Error::Check(format!("{}: {e}", puzzle.to_line())))?;
    }
    // Clues that clash leave no solution: only then is the clash looked for.
    report.clash = first
        .is_none()
        .then(|| solver.clash().map(|(a, b)| [a, b]))
        .flatten();
    report.solution = first.as_ref().map(Sudoku::to_line);
    report.grid = first;
    report.unique = unique;
    Ok(report)
}

fn print_single(
    report: &Report,
    puzzle: &Sudoku,
    mode: Mode,
    quiet: bool,
    ctx: &mut Context,
) -> Result<(), Failure> {
    let out = &mut ctx.out;
    let side = puzzle.side();
    out.line(&format!(
        "Sudoku {side}×{side} (order {}), {} clues",
        puzzle.order(),
        puzzle.clues()
    ))?;
    if let Some([a, b]) = report.clash {
        out.line(&format!(
            "no solution: the clues clash: {}",
            sudoku::describe_clash(puzzle, (a, b))
        ))?;
        return Ok(());
    }
    if let Some(solved) = &report.grid {
        if quiet {
            out.line(&solved.to_line())?;
        } else {
            out.text(&solved.to_block())?;
        }
    }
    if let Mode::Count(_) = mode {
        let count = report.count.unwrap_or(0);
        let note = match (report.complete, report.interrupted) {
            (_, true) => " (interrupted)",
            (Some(false), _) => " (stopped at the limit)",
            _ => "",
        };
        out.line(&format!("count: {count}{note}"))?;
        return Ok(());
    }
    out.line(match (&report.solution, report.unique) {
        (None, _) if report.interrupted => "interrupted",
        (None, _) => "no solution",
        (Some(_), Some(true)) => "unique",
        (Some(_), Some(false)) => "multiple",
        (Some(_), None) => "interrupted before uniqueness was decided",
    })
}

/// The text line of a batch answer.
fn batch_line(report: &Report, mode: Mode) -> String {
    match mode {
        Mode::Count(_) => {
            let count = report.count.unwrap_or(0);
            if report.complete == Some(false) {
                format!("{count}+")
            } else {
                count.to_string()
            }
        }
        Mode::Solve => match (&report.solution, report.unique) {
            (None, _) if report.interrupted => "interrupted".to_string(),
            (None, _) => match report.clash {
                Some([a, b]) => format!("none (clash: {a} and {b})"),
                None => "none".to_string(),
            },
            (Some(s), Some(true)) => format!("{s} unique"),
            (Some(s), Some(false)) => format!("{s} multiple"),
            (Some(s), None) => format!("{s} interrupted"),
        },
    }
}

fn batch(
    args: &Args,
    entries: Vec<Entry>,
    mode: Mode,
    ctx: &mut Context,
) -> Result<Outcome, Failure> {
    let ctl = ctx.progress(&args.common, Some(entries.len() as u64), "puzzles");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs as usize)
        .build()
        .map_err(|e| Error::usage(format!("cannot start {} threads: {e}", args.jobs)))?;
    let (mut bad, mut none, mut interrupted) = (false, false, false);
    let work = |e: &Entry| -> Option<Result<Report, Error>> {
        let result = match &e.puzzle {
            Ok(p) if !ctl.stopped() => Some(answer(p, Some(e.line), mode, &ctl)),
            _ => None,
        };
        ctl.progress().inc(1);
        result
    };
    for chunk in entries.chunks(CHUNK) {
        let results: Vec<Option<Result<Report, Error>>> = if args.jobs == 1 {
            chunk.iter().map(work).collect()
        } else {
            pool.install(|| chunk.par_iter().map(work).collect())
        };
        for (entry, result) in chunk.iter().zip(results) {
            let mut report = match (&entry.puzzle, result) {
                (Err(e), _) => {
                    bad = true;
                    ctx.out.flush()?;
                    eprintln!("puzzles: {e}");
                    continue;
                }
                (Ok(_), None) => {
                    interrupted = true;
                    break;
                }
                (Ok(_), Some(Err(e))) => return Err(e.into()),
                (Ok(_), Some(Ok(r))) => r,
            };
            if report.interrupted {
                interrupted = true;
            } else if report.solution.is_none() {
                none = true;
            }
            if args.common.json {
                report.puzzle = entry
                    .puzzle
                    .as_ref()
                    .map(Sudoku::to_line)
                    .unwrap_or_default();
                ctx.out.json(&report)?;
            } else {
                ctx.out.line(&batch_line(&report, mode))?;
            }
            if interrupted {
                break;
            }
        }
        if interrupted {
            break;
        }
    }
    ctl.progress().finish_and_clear();
    if interrupted {
        return Ok(Outcome::Interrupted);
    }
    if bad {
        ctx.out.flush()?;
        return Err(
            Error::usage("some lines of the batch are not puzzles (reported above)").into(),
        );
    }
    Ok(if none {
        Outcome::NoSolution
    } else {
        Outcome::Answered
    })
}

/// `--all`: every solution of one grid, up to the limit, each verified.
/// Most cells (solutions × cells per grid) `--all --json` holds in memory.
const MAX_JSON_LIST_CELLS: u64 = 1 << 28;

fn list_all(args: &Args, puzzle: Sudoku, ctx: &mut Context) -> Result<Outcome, Failure> {
    let limit = args.limit.unwrap_or(DEFAULT_LIST_LIMIT);
    let json = args.common.json;
    // JSON holds the whole list in one object; text streams it line by line.
    let held = limit.saturating_mul(puzzle.cells().len() as u64);
    if json && held > MAX_JSON_LIST_CELLS {
        return Err(Error::TooLarge {
            what: "cells of solutions held for one JSON object",
            got: held.into(),
            limit: MAX_JSON_LIST_CELLS.into(),
            hint: "; pass a smaller --limit, or drop --json (the text listing is streamed)".into(),
        }
        .into());
    }
    let solver = Solver::new(puzzle.clone());
    let ctl = ctx.progress(&args.common, Some(limit), "solutions");
    let out = &mut ctx.out;
    let mut listed: Vec<String> = Vec::new();
    let mut found = 0u64;
    let mut failure: Option<Failure> = None;
    let tally = solver.enumerate(&ctl, &mut |s| {
        ctl.progress().inc(1);
        if let Err(e) = solver.verify(s) {
            failure = Some(Error::Check(e).into());
            return ControlFlow::Break(());
        }
        found += 1;
        let line = s.to_line();
        if json {
            listed.push(line);
        } else if let Err(e) = out.line(&line) {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        if found >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if let Some(f) = failure {
        return Err(f);
    }
    let interrupted = tally.stopped == Some(Stop::Interrupted);
    if json {
        let report = Report {
            line: None,
            size: puzzle.side(),
            puzzle: puzzle.to_line(),
            solution: listed.first().cloned(),
            unique: match (found, tally.is_complete()) {
                (0, _) => None,
                (1, true) => Some(true),
                (1, false) => None,
                _ => Some(false),
            },
            count: Some(found),
            complete: Some(tally.is_complete()),
            clash: solver.clash().map(|(a, b)| [a, b]),
            solutions: Some(listed),
            interrupted,
            grid: None,
        };
        out.json(&report)?;
    } else {
        let note = match tally.stopped {
            Some(Stop::Limit) => " (stopped at the limit)",
            Some(Stop::Interrupted) => " (interrupted)",
            None => "",
        };
        out.line(&format!("{found} solutions{note}"))?;
    }
    Ok(if interrupted {
        Outcome::Interrupted
    } else if found == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answered
    })
}

/// One generated puzzle (or a transformed one), in text or JSON.
#[derive(Debug, Serialize)]
struct Made {
    size: usize,
    puzzle: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<bool>,
    clues: usize,
    seed: u64,
}

/// `--generate K`: minimal puzzles with a unique solution, each checked before it is printed.
fn generate(args: &Args, k: u64, ctx: &mut Context) -> Result<Outcome, Failure> {
    let seed = args.seed.unwrap_or_else(random::fresh_seed);
    let mut rng = random::rng(seed);
    let order = args.order as usize;
    if order > sudoku::generate::MAX_GENERATE_ORDER {
        return Err(Error::TooLarge {
            what: "the generator's order",
            got: order.into(),
            limit: sudoku::generate::MAX_GENERATE_ORDER.into(),
            hint: "; minimal puzzles of order 5 and above need one uniqueness proof per clue, \
                   which can take minutes each on 25×25 grids"
                .into(),
        }
        .into());
    }
    if !args.common.json {
        ctx.out.line(&format!(
            "# puzzles sudoku --generate {k} --order {order} --seed {seed}"
        ))?;
    }
    // Ctrl-C stops between searches; the puzzles printed so far are kept.
    ctx.interruptible();
    let ctl = ctx.progress(&args.common, Some(k), "puzzles");
    let interrupted = |ctx: &mut Context| -> Result<Outcome, Failure> {
        ctl.progress().finish_and_clear();
        ctx.out.flush()?;
        Ok(Outcome::Interrupted)
    };
    for _ in 0..k {
        let Some(g) = sudoku::generate::generate(order, &mut rng, &ctl) else {
            return interrupted(ctx);
        };
        // Check what is printed: the solution solves the puzzle, and nothing else does.
        let solver = Solver::new(g.puzzle.clone());
        solver.verify(&g.solution).map_err(Error::Check)?;
        let (first, unique) = solver.solve_and_check_unique(&ctl);
        match (first, unique) {
            (Some(s), Some(true)) if s == g.solution => {}
            (_, None) => return interrupted(ctx),
            _ => return Err(Error::Check("a generated puzzle is not unique".into()).into()),
        }
        let made = Made {
            size: g.puzzle.side(),
            puzzle: g.puzzle.to_line(),
            solution: Some(g.solution.to_line()),
            unique: Some(true),
            clues: g.puzzle.clues(),
            seed,
        };
        if args.common.json {
            ctx.out.json(&made)?;
        } else {
            ctx.out.line(&made.puzzle)?;
        }
        ctl.progress().inc(1);
    }
    ctl.progress().finish_and_clear();
    Ok(Outcome::Answered)
}

/// `--transform`: every puzzle moved by its own random symmetry, one per line.
fn transform(args: &Args, input: Input, ctx: &mut Context) -> Result<Outcome, Failure> {
    let seed = args.seed.unwrap_or_else(random::fresh_seed);
    let mut rng = random::rng(seed);
    let puzzles: Vec<Result<Sudoku, Error>> = match input {
        Input::Single(p) => vec![Ok(p)],
        Input::Batch(entries) => entries.into_iter().map(|e| e.puzzle).collect(),
    };
    if !args.common.json {
        ctx.out
            .line(&format!("# puzzles sudoku --transform --seed {seed}"))?;
    }
    let mut bad = false;
    for p in puzzles {
        let p = match p {
            Ok(p) => p,
            Err(e) => {
                bad = true;
                ctx.out.flush()?;
                eprintln!("puzzles: {e}");
                continue;
            }
        };
        let moved = Transform::random(p.order(), &mut rng).apply(&p);
        if moved.clues() != p.clues() {
            return Err(Error::Check("a symmetry changed the number of clues".into()).into());
        }
        let made = Made {
            size: moved.side(),
            puzzle: moved.to_line(),
            solution: None,
            unique: None,
            clues: moved.clues(),
            seed,
        };
        if args.common.json {
            ctx.out.json(&made)?;
        } else {
            ctx.out.line(&made.puzzle)?;
        }
    }
    if bad {
        ctx.out.flush()?;
        return Err(
            Error::usage("some lines of the batch are not puzzles (reported above)").into(),
        );
    }
    Ok(Outcome::Answered)
}
