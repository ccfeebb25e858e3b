//! `puzzles sudoku`: one grid or a batch file, solved (with the uniqueness answer), counted or listed.

use super::{Common, Context, Failure, Outcome, Tone};
use puzzles::grid::Pos;
use puzzles::input::Source;
use puzzles::sudoku::symmetry::Transform;
use puzzles::sudoku::{self, BatchLine, Scan, Solver, Sudoku};
use puzzles::{random, Control, Error, GridPuzzle, Stop};
use rayon::prelude::*;
use serde::Serialize;
use std::io::Write as _;
use std::ops::ControlFlow;

/// Most solutions `--all` lists without an explicit `--limit`.
const DEFAULT_LIST_LIMIT: u64 = 1000;

/// Puzzles of a batch solved between two writes (bounds memory with `--jobs`).
const CHUNK: usize = 4096;

/// Puzzles of a batch answered in a row by one thread (between two steps of the progress bar).
const PIECE: usize = 64;

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
    let input = sudoku::scan(&source)?;
    // Searches and batches poll the stop flag and print the answers so far.
    ctx.interruptible();
    if args.transform {
        return transform(&args, &source, input, ctx);
    }
    match input {
        Scan::Single(puzzle) => {
            if args.all {
                return list_all(&args, puzzle, ctx);
            }
            // A count may run long: it shows a spinner.
            let ctl = match mode {
                Mode::Count(_) => ctx.progress(&args.common, None, "solutions"),
                Mode::Solve => ctx.control.clone(),
            };
            let mut report = answer(puzzle.clone(), None, mode, &ctl)?;
            ctl.progress().finish();
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
        Scan::Batch(lines) => {
            if args.all {
                return Err(
                    Error::usage("--all lists the solutions of one grid, not of a batch").into(),
                );
            }
            batch(&args, &source, &lines, mode, ctx)
        }
    }
}

/// Solves or counts one puzzle; every solution is verified first.
fn answer(puzzle: Sudoku, line: Option<usize>, mode: Mode, ctl: &Control) -> Result<Report, Error> {
    let solver = Solver::new(puzzle);
    let puzzle = solver.puzzle();
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
                ctl.progress().advance(1);
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
            "{}: the clues clash: {}",
            out.paint(Tone::Bad, "no solution"),
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
            (_, true) => format!(" ({})", out.paint(Tone::Partial, "interrupted")),
            (Some(false), _) => format!(" ({})", out.paint(Tone::Partial, "stopped at the limit")),
            _ => String::new(),
        };
        out.line(&format!("count: {count}{note}"))?;
        return Ok(());
    }
    let (tone, verdict) = match (&report.solution, report.unique) {
        (None, _) if report.interrupted => (Tone::Partial, "interrupted"),
        (None, _) => (Tone::Bad, "no solution"),
        (Some(_), Some(true)) => (Tone::Good, "unique"),
        (Some(_), Some(false)) => (Tone::Good, "multiple"),
        (Some(_), None) => (Tone::Partial, "interrupted before uniqueness was decided"),
    };
    out.line(&out.paint(tone, verdict))
}

/// Writes the text line of a solved batch puzzle: the solution and whether
/// it is unique, or why there is none.
fn solve_line(
    text: &mut Vec<u8>,
    solution: Option<&[u8]>,
    unique: Option<bool>,
    interrupted: bool,
    clash: Option<[Pos; 2]>,
) {
    let verdict: &[u8] = match (solution, unique) {
        (Some(_), Some(true)) => b" unique\n",
        (Some(_), Some(false)) => b" multiple\n",
        (Some(_), None) => b" interrupted\n",
        (None, _) if interrupted => b"interrupted\n",
        (None, _) => match clash {
            Some([a, b]) => {
                // Writing to a Vec cannot fail.
                let _ = writeln!(text, "none (clash: {a} and {b})");
                return;
            }
            None => b"none\n",
        },
    };
    text.extend_from_slice(solution.unwrap_or_default());
    text.extend_from_slice(verdict);
}

/// What one batch line came to; its text answer, if any, is in the [`Piece`]'s buffer.
enum Done {
    /// A text answer was written (`none`: the puzzle has no solution).
    Answered { none: bool, interrupted: bool },
    /// A JSON answer, to be written in order.
    Json(Box<Report>),
    /// The line is not a puzzle.
    Bad(Error),
    /// A solution failed its check: the batch stops there.
    Failed(Error),
    /// Not answered: the run was stopped first.
    Skipped,
}

/// The answers of consecutive batch lines: their text, and per line where
/// its text ends and what it came to. One buffer for many answers: a batch
/// of small puzzles allocates next to nothing per line.
#[derive(Default)]
struct Piece {
    text: Vec<u8>,
    done: Vec<(usize, Done)>,
}

/// What every batch line needs besides itself.
struct Batch<'a> {
    source: &'a Source,
    mode: Mode,
    json: bool,
    ctl: &'a Control,
}

impl Batch<'_> {
    /// Answers `lines` (at most [`PIECE`] of them) into `piece`, after what it holds.
    fn answer_lines(&self, lines: &[BatchLine], piece: &mut Piece) {
        for line in lines {
            let done = if self.ctl.stopped() {
                Done::Skipped
            } else {
                self.answer_line(line, &mut piece.text)
            };
            let failed = matches!(done, Done::Failed(_));
            piece.done.push((piece.text.len(), done));
            if failed {
                break;
            }
        }
        // Once per piece: the bar reads the clock at every step.
        self.ctl.progress().advance(lines.len() as u64);
    }

    /// Answers one line, its text written to `text`; every solution is verified first.
    fn answer_line(&self, line: &BatchLine, text: &mut Vec<u8>) -> Done {
        // The bulk of the benchmark files: a plain 9×9 line, solved, checked
        // and written without a `Sudoku`, a `Report` or a `String`.
        if let (Mode::Solve, false, Some(grid)) = (self.mode, self.json, line.plain9()) {
            let (first, unique) = grid.solve_and_check_unique(self.ctl);
            if let Some(s) = &first {
                if let Err(e) = grid.check_solution(s) {
                    let shown = String::from_utf8_lossy(&grid.line()).into_owned();
                    return Done::Failed(Error::Check(format!("{shown}: {e}")));
                }
            }
            let interrupted = unique.is_none() && self.ctl.stopped();
            let clash = match first {
                None if !interrupted => grid.to_sudoku().clash().map(|(a, b)| [a, b]),
                _ => None,
            };
            let solution = first.map(|s| s.line());
            solve_line(
                text,
                solution.as_ref().map(|s| &s[..]),
                unique,
                interrupted,
                clash,
            );
            return Done::Answered {
                none: first.is_none() && !interrupted,
                interrupted,
            };
        }
        let puzzle = match line.puzzle(self.source) {
            Ok(p) => p,
            Err(e) => return Done::Bad(e),
        };
        let shown = if self.json {
            puzzle.to_line()
        } else {
            String::new()
        };
        let mut report = match answer(puzzle, Some(line.line), self.mode, self.ctl) {
            Ok(r) => r,
            Err(e) => return Done::Failed(e),
        };
        if self.json {
            report.puzzle = shown;
            return Done::Json(Box::new(report));
        }
        match self.mode {
            Mode::Count(_) => {
                let more = if report.complete == Some(false) {
                    "+"
                } else {
                    ""
                };
                let _ = writeln!(text, "{}{more}", report.count.unwrap_or(0));
            }
            Mode::Solve => solve_line(
                text,
                report.solution.as_ref().map(|s| s.as_bytes()),
                report.unique,
                report.interrupted,
                report.clash,
            ),
        }
        Done::Answered {
            none: report.solution.is_none() && !report.interrupted,
            interrupted: report.interrupted,
        }
    }
}

fn batch(
    args: &Args,
    source: &Source,
    lines: &[BatchLine],
    mode: Mode,
    ctx: &mut Context,
) -> Result<Outcome, Failure> {
    let ctl = ctx.progress(&args.common, Some(lines.len() as u64), "puzzles");
    let pool = match args.jobs {
        1 => None,
        jobs => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(jobs as usize)
                .build()
                .map_err(|e| Error::usage(format!("cannot start {jobs} threads: {e}")))?,
        ),
    };
    let work = Batch {
        source,
        mode,
        json: args.common.json,
        ctl: &ctl,
    };
    let (mut bad, mut none) = (false, false);
    // One piece reused on one thread; a piece per PIECE lines on several.
    let mut pieces = vec![Piece::default()];
    let interrupted = 'run: {
        for chunk in lines.chunks(CHUNK) {
            match &pool {
                None => {
                    pieces[0].text.clear();
                    for part in chunk.chunks(PIECE) {
                        work.answer_lines(part, &mut pieces[0]);
                    }
                }
                Some(pool) => {
                    pieces = pool.install(|| {
                        chunk
                            .par_chunks(PIECE)
                            .map(|part| {
                                let mut piece = Piece::default();
                                work.answer_lines(part, &mut piece);
                                piece
                            })
                            .collect()
                    })
                }
            }
            for piece in &mut pieces {
                let mut start = 0;
                for (end, done) in piece.done.drain(..) {
                    let text = &piece.text[start..end];
                    start = end;
                    let stop = match done {
                        Done::Answered {
                            none: n,
                            interrupted,
                        } => {
                            ctx.out.bytes(text)?;
                            none |= n;
                            interrupted
                        }
                        Done::Json(report) => {
                            ctx.out.json(&report)?;
                            none |= report.solution.is_none() && !report.interrupted;
                            report.interrupted
                        }
                        Done::Bad(e) => {
                            bad = true;
                            ctx.out.flush()?;
                            eprintln!("puzzles: {e}");
                            false
                        }
                        Done::Failed(e) => return Err(e.into()),
                        Done::Skipped => true,
                    };
                    if stop {
                        break 'run true;
                    }
                }
            }
        }
        false
    };
    ctl.progress().finish();
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
        ctl.progress().advance(1);
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
        ctl.progress().finish();
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
        ctl.progress().advance(1);
    }
    ctl.progress().finish();
    Ok(Outcome::Answered)
}

/// `--transform`: every puzzle moved by its own random symmetry, one per line.
fn transform(
    args: &Args,
    source: &Source,
    input: Scan,
    ctx: &mut Context,
) -> Result<Outcome, Failure> {
    let seed = args.seed.unwrap_or_else(random::fresh_seed);
    let mut rng = random::rng(seed);
    let puzzles: Vec<Result<Sudoku, Error>> = match input {
        Scan::Single(p) => vec![Ok(p)],
        Scan::Batch(lines) => lines.iter().map(|l| l.puzzle(source)).collect(),
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
