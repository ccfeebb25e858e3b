//! `puzzles lightsout`: a random or given position, solved, counted or listed.

use super::{parse_side, Common, Context, Failure, Outcome};
use puzzles::grid::{BitGrid, Dims};
use puzzles::input::Source;
use puzzles::lightsout::{self, LightsOut, Method, Solver};
use puzzles::{random, Error, GridPuzzle};
use serde::Serialize;
use std::ops::ControlFlow;

/// Most solutions `--all` lists without an explicit `--limit`.
const DEFAULT_LIST_LIMIT: u64 = 1024;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  puzzles lightsout 5 --seed 1\n  puzzles lightsout --state puzzles/lightsout/5x5-all-on.txt --all\n  puzzles lightsout 300 400 --quiet"
)]
pub struct Args {
    /// Rows of a random position.
    #[arg(value_parser = parse_side)]
    rows: Option<usize>,
    /// Columns (default: as many as rows).
    #[arg(value_parser = parse_side)]
    cols: Option<usize>,
    /// Read the position from FILE (`-` for stdin): rows of 0/1 or ./#.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["rows", "seed"])]
    state: Option<String>,
    /// Seed of the random position (printed, so any run can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// poly: chasing plus one polynomial gcd (fast); chase: chasing plus
    /// elimination (seed 001); gauss: the full elimination of seed 000.
    #[arg(long, value_enum, default_value_t = MethodArg::Poly)]
    method: MethodArg,
    /// Print only the number of solutions.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// List every solution (at most --limit).
    #[arg(long)]
    all: bool,
    /// With --all: list at most K solutions.
    #[arg(long, value_name = "K", requires = "all")]
    limit: Option<u64>,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum MethodArg {
    Poly,
    Chase,
    Gauss,
}

/// The answer, in text or JSON: the same keys either way.
#[derive(Serialize)]
struct Report {
    rows: usize,
    cols: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    method: Method,
    state: Vec<String>,
    solvable: bool,
    nullity: usize,
    /// 2^nullity when solvable, else 0; a decimal string, exact however large.
    solutions: String,
    presses: Option<Vec<String>>,
    press_count: Option<usize>,
    /// When unsolvable: a quiet pattern overlapping the lights an odd number of times.
    witness: Option<Vec<String>>,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Outcome, Failure> {
    let (puzzle, seed) = position(&args)?;
    let method = match args.method {
        MethodArg::Gauss => Method::Gauss,
        MethodArg::Chase => Method::Chase,
        MethodArg::Poly => Method::Polynomial,
    };
    let solver = Solver::new(puzzle, method)?;
    if let Some(p) = &solver.analysis().presses {
        solver.verify(p).map_err(Error::Check)?;
    }
    if args.all {
        return list_all(&args, &solver, method, ctx);
    }
    let report = report(&solver, seed, method);
    let outcome = if report.solvable {
        Outcome::Answered
    } else {
        Outcome::NoSolution
    };
    if args.common.json {
        ctx.out.json(&report)?;
    } else if args.count {
        ctx.out.line(&report.solutions)?;
    } else {
        print_text(&report, &solver, args.common.quiet, ctx)?;
    }
    Ok(outcome)
}

fn position(args: &Args) -> Result<(LightsOut, Option<u64>), Error> {
    if let Some(path) = &args.state {
        return Ok((LightsOut::parse(&Source::read(path)?)?, None));
    }
    let Some(rows) = args.rows else {
        return Err(Error::usage(
            "give a board size (puzzles lightsout ROWS [COLS]) or --state FILE",
        ));
    };
    let dims = Dims::new(rows, args.cols.unwrap_or(rows), lightsout::MAX_CELLS)?;
    let seed = args.seed.unwrap_or_else(random::fresh_seed);
    Ok((LightsOut::random(dims, &mut random::rng(seed)), Some(seed)))
}

fn report(solver: &Solver, seed: Option<u64>, method: Method) -> Report {
    let a = solver.analysis();
    let dims = solver.dims();
    let zero_one = |g: &BitGrid| g.row_strings('1', '0');
    Report {
        rows: dims.rows,
        cols: dims.cols,
        seed,
        method,
        state: zero_one(solver.puzzle().lights()),
        solvable: a.presses.is_some(),
        nullity: a.nullity(),
        solutions: a.solution_count(),
        presses: a.presses.as_ref().map(zero_one),
        press_count: a.presses.as_ref().map(BitGrid::count_ones),
        witness: a.witness.as_ref().map(zero_one),
    }
}

fn print_text(
    report: &Report,
    solver: &Solver,
    quiet: bool,
    ctx: &mut Context,
) -> Result<(), Failure> {
    let a = solver.analysis();
    let out = &mut ctx.out;
    let seed = report
        .seed
        .map(|s| format!(", seed {s}"))
        .unwrap_or_default();
    out.line(&format!("Lights Out {}×{}{seed}", report.rows, report.cols))?;
    if !quiet {
        out.text(&solver.render_text(None))?;
    }
    match &a.presses {
        Some(p) => {
            if !quiet {
                out.line("presses (X):")?;
                for row in p.row_strings('X', '.') {
                    out.line(&row)?;
                }
            }
            out.line(&format!("press count: {}", p.count_ones()))?;
            out.line(&format!(
                "solutions: {} (nullity {})",
                report.solutions, report.nullity
            ))?;
        }
        None => {
            out.line("no solution")?;
            if let Some(w) = &a.witness {
                out.line(&format!(
                    "parity test: the lights overlap this quiet pattern (nullity {}) an odd number of times ({}):",
                    report.nullity,
                    w.bits().intersection_count(solver.puzzle().lights().bits())
                ))?;
                for row in w.row_strings('Q', '.') {
                    out.line(&row)?;
                }
            }
        }
    }
    Ok(())
}

fn list_all(
    args: &Args,
    solver: &Solver,
    method: Method,
    ctx: &mut Context,
) -> Result<Outcome, Failure> {
    let a = solver.analysis();
    if a.presses.is_none() {
        if args.common.json {
            ctx.out.json(&report(solver, None, method))?;
        } else {
            ctx.out.line("no solution")?;
        }
        return Ok(Outcome::NoSolution);
    }
    let limit = args.limit.unwrap_or(DEFAULT_LIST_LIMIT);
    let more_than_limit = a.nullity() >= 64 || (1u64 << a.nullity()) > limit;
    if args.limit.is_none() && more_than_limit {
        return Err(Error::TooLarge {
            what: "solutions to list",
            got: puzzles::error::Size::PowerOfTwo(a.nullity() as u32),
            limit: limit.into(),
            hint: "; pass --limit K to list the first K, or --count".to_string(),
        }
        .into());
    }
    let mut result = Ok(());
    let out = &mut ctx.out;
    let json = args.common.json;
    let mut listed = 0u64;
    let tally = solver.enumerate(&ctx.control, &mut |p| {
        listed += 1;
        result = if json {
            out.json(&p.row_strings('1', '0'))
        } else {
            out.line(&format!("solution {listed} ({} presses):", p.count_ones()))
                .and_then(|_| p.row_strings('X', '.').iter().try_for_each(|r| out.line(r)))
        };
        if result.is_err() || listed >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    result?;
    Ok(match tally.stopped {
        Some(puzzles::Stop::Interrupted) => Outcome::Interrupted,
        _ => Outcome::Answered,
    })
}
