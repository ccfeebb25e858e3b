//! `puzzles lightsout`: a random or given position, solved, counted or listed.

use super::{list_coset, parse_side, Common, Context, Failure, Outcome, Tone};
use puzzles::grid::{BitGrid, Dims};
use puzzles::input::Source;
use puzzles::lightsout::{self, LightsOut, Method, Solver};
use puzzles::{random, Error, GridPuzzle};
use serde::Serialize;

/// Largest board whose state and presses are put in the JSON report (larger: use --output).
const MAX_PRINTED_CELLS: usize = 1 << 20;

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
    /// Presses wrap around the edges (a torus).
    #[arg(long)]
    torus: bool,
    /// Find the solution with the fewest presses (exact while 2^nullity is small).
    #[arg(long, conflicts_with = "all")]
    min: bool,
    /// List every solution (at most --limit).
    #[arg(long)]
    all: bool,
    /// With --all: list at most K solutions.
    #[arg(long, value_name = "K", requires = "all")]
    limit: Option<u64>,
    /// Also print a basis of the quiet patterns (presses that change nothing).
    #[arg(long)]
    quiet_patterns: bool,
    /// Write the presses (rows of 0/1) to FILE instead of the terminal, for huge boards.
    #[arg(long, value_name = "FILE")]
    output: Option<String>,
    /// Print the nullity of every n×n board for n in A..B (inclusive), no board built.
    #[arg(long, value_name = "A..B", value_parser = puzzles::input::parse_side_range, conflicts_with_all = ["rows", "state", "all", "count"])]
    nullity: Option<(usize, usize)>,
    /// Play in the terminal: click or arrows+space press, s hints, u undo, r new board, q quits.
    #[arg(long, conflicts_with_all = ["count", "all", "min", "quiet_patterns", "output", "nullity"])]
    play: bool,
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
    torus: bool,
    state: Vec<String>,
    solvable: bool,
    nullity: usize,
    /// 2^nullity when solvable, else 0; a decimal string, exact however large.
    solutions: String,
    presses: Option<Vec<String>>,
    press_count: Option<usize>,
    /// With --min: whether `press_count` is proven to be the fewest (null without --min).
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal: Option<bool>,
    /// When unsolvable: a quiet pattern overlapping the lights an odd number of times.
    witness: Option<Vec<String>>,
    /// With --quiet-patterns: a basis of the null space, as rows of 0/1.
    #[serde(skip_serializing_if = "Option::is_none")]
    quiet_patterns: Option<Vec<Vec<String>>>,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Outcome, Failure> {
    if args.play {
        let start = super::play::LightsOutStart {
            state: args.state,
            rows: args.rows,
            cols: args.cols,
            seed: args.seed,
            torus: args.torus,
        };
        return super::play::play_lightsout(start, ctx);
    }
    if let Some(range) = args.nullity {
        ctx.interruptible();
        return nullity_table(range, &args.common, ctx);
    }
    let (mut puzzle, seed) = position(&args)?;
    if args.torus {
        puzzle = puzzle.on_torus();
    }
    let method = match args.method {
        MethodArg::Gauss => Method::Gauss,
        MethodArg::Chase => Method::Chase,
        MethodArg::Poly => Method::Polynomial,
    };
    let solver = Solver::new(puzzle, method)?;
    let pattern_cells = solver.analysis().nullity() as u128 * solver.dims().cells() as u128;
    if args.quiet_patterns && pattern_cells > MAX_PRINTED_CELLS as u128 {
        return Err(Error::TooLarge {
            what: "quiet pattern cells to print",
            got: puzzles::error::Size::Count(pattern_cells),
            limit: MAX_PRINTED_CELLS.into(),
            hint: "; drop --quiet-patterns (the nullity is in the summary)".to_string(),
        }
        .into());
    }
    if args.all {
        return list_all(&args, &solver, method, ctx);
    }
    let (presses, minimal) = if args.min {
        // Ctrl-C keeps the lightest solution seen so far, reported as not proven.
        ctx.interruptible();
        let ctl = ctx.progress(&args.common, None, "sums");
        let fewest = lightsout::fewest_presses(solver.analysis(), &ctl);
        ctl.progress().finish();
        match fewest {
            Some(f) => (Some(f.presses), Some(f.proven)),
            None => (None, None),
        }
    } else {
        (solver.analysis().presses.clone(), None)
    };
    if let Some(p) = &presses {
        solver.verify(p).map_err(Error::Check)?;
    }
    let mut report = report(&solver, presses.as_ref(), seed, method);
    report.minimal = minimal;
    if args.quiet_patterns {
        let a = solver.analysis();
        report.quiet_patterns = Some(
            (0..a.nullity())
                .map(|i| a.quiet_pattern(i).row_strings('1', '0'))
                .collect(),
        );
    }
    args.common
        .write_svg(|| solver.render_svg(presses.as_ref()))?;
    if let (Some(path), Some(p)) = (&args.output, &presses) {
        write_rows(path, p)?;
    }
    if args.common.json {
        ctx.out.json(&report)?;
    } else if args.count {
        ctx.out.line(&report.solutions)?;
    } else {
        let boards = !args.common.quiet && args.output.is_none();
        print_text(&report, &solver, presses.as_ref(), boards, ctx)?;
        if let Some(path) = &args.output {
            ctx.out.line(&format!("presses written to {path}"))?;
        }
        if args.quiet_patterns {
            let a = solver.analysis();
            for i in 0..a.nullity() {
                ctx.out.line(&format!("quiet pattern {}:", i + 1))?;
                for row in a.quiet_pattern(i).row_strings('Q', '.') {
                    ctx.out.line(&row)?;
                }
            }
        }
    }
    if ctx.control.stopped() {
        ctx.out.flush()?;
        super::partial_note("interrupted: the press count is the fewest seen so far");
        return Ok(Outcome::Interrupted);
    }
    Ok(if report.solvable {
        Outcome::Answered
    } else {
        Outcome::NoSolution
    })
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

fn report(solver: &Solver, presses: Option<&BitGrid>, seed: Option<u64>, method: Method) -> Report {
    let a = solver.analysis();
    let dims = solver.dims();
    let zero_one = |g: &BitGrid| g.row_strings('1', '0');
    // Boards above this many cells are summarised; --output writes their presses.
    let large = dims.cells() > MAX_PRINTED_CELLS;
    Report {
        rows: dims.rows,
        cols: dims.cols,
        seed,
        method,
        torus: solver.puzzle().is_torus(),
        state: if large {
            Vec::new()
        } else {
            zero_one(solver.puzzle().lights())
        },
        solvable: a.presses.is_some(),
        nullity: a.nullity(),
        solutions: a.solution_count(),
        presses: (!large).then(|| presses.map(zero_one)).flatten(),
        press_count: presses.map(BitGrid::count_ones),
        minimal: None,
        witness: a.witness.as_ref().map(zero_one),
        quiet_patterns: None,
    }
}

fn print_text(
    report: &Report,
    solver: &Solver,
    presses: Option<&BitGrid>,
    boards: bool,
    ctx: &mut Context,
) -> Result<(), Failure> {
    let a = solver.analysis();
    let out = &mut ctx.out;
    let seed = report
        .seed
        .map(|s| format!(", seed {s}"))
        .unwrap_or_default();
    let torus = if report.torus { " torus" } else { "" };
    out.line(&format!(
        "Lights Out {}×{}{torus}{seed}",
        report.rows, report.cols
    ))?;
    if boards {
        out.text(&solver.render_text(None))?;
    }
    match presses {
        Some(p) => {
            if boards {
                out.line("presses (X):")?;
                for row in p.row_strings('X', '.') {
                    out.line(&out.paint_marks(&row, 'X'))?;
                }
            }
            let minimal = match report.minimal {
                Some(true) => " (the fewest: every solution was compared)",
                Some(false) => " (not proven the fewest: too many solutions to compare)",
                None => "",
            };
            out.line(&format!("press count: {}{minimal}", p.count_ones()))?;
            out.line(&format!(
                "solutions: {} (nullity {})",
                report.solutions, report.nullity
            ))?;
        }
        None => {
            out.line(&out.paint(Tone::Bad, "no solution"))?;
            if let Some(w) = &a.witness {
                out.line(&format!(
                    "parity test: the lights overlap this quiet pattern (nullity {}) an odd number of times ({}):",
                    report.nullity,
                    w.bits().intersection_count(solver.puzzle().lights().bits())
                ))?;
                if boards {
                    for row in w.row_strings('Q', '.') {
                        out.line(&row)?;
                    }
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
            ctx.out.json(&report(solver, None, None, method))?;
        } else {
            ctx.out.line("no solution")?;
        }
        return Ok(Outcome::NoSolution);
    }
    let json = args.common.json;
    list_coset(
        solver,
        a.nullity(),
        "solutions to list",
        args.limit,
        &args.common,
        ctx,
        |out, k, p| {
            if json {
                return out.json(&p.row_strings('1', '0'));
            }
            out.line(&format!("solution {k} ({} presses):", p.count_ones()))?;
            p.row_strings('X', '.').iter().try_for_each(|r| out.line(r))
        },
    )
}

/// One line per size: `n nullity`, or JSON Lines `{rows, cols, nullity}`.
fn nullity_table(
    (a, b): (usize, usize),
    common: &Common,
    ctx: &mut Context,
) -> Result<Outcome, Failure> {
    let json = common.json;
    #[derive(Serialize)]
    struct Row {
        rows: usize,
        cols: usize,
        nullity: usize,
    }
    if b > lightsout::MAX_NULLITY_SIDE {
        return Err(Error::TooLarge {
            what: "side for --nullity",
            got: b.into(),
            limit: lightsout::MAX_NULLITY_SIDE.into(),
            hint: "; ask for a range of smaller sides".to_string(),
        }
        .into());
    }
    let ctl = ctx.progress(common, Some((b - a + 1) as u64), "sizes");
    for n in a..=b {
        if ctl.stopped() {
            ctl.progress().finish();
            ctx.out.flush()?;
            super::partial_note(&format!("interrupted before n = {n}: the table is partial"));
            return Ok(Outcome::Interrupted);
        }
        let k = lightsout::nullity(Dims { rows: n, cols: n });
        if json {
            ctx.out.json(&Row {
                rows: n,
                cols: n,
                nullity: k,
            })?;
        } else {
            ctx.out.line(&format!("{n} {k}"))?;
        }
        // Each row costs far more than a write: let a reader see it at once.
        ctx.out.flush()?;
        ctl.progress().advance(1);
    }
    ctl.progress().finish();
    Ok(Outcome::Answered)
}

/// Writes `grid` as rows of 0/1 to `path`.
fn write_rows(path: &str, grid: &BitGrid) -> Result<(), Error> {
    use std::io::Write;
    let io = |source| Error::Io {
        path: path.to_string(),
        source,
    };
    let file = std::fs::File::create(path).map_err(io)?;
    let mut w = std::io::BufWriter::new(file);
    for row in grid.row_strings('1', '0') {
        writeln!(w, "{row}").map_err(io)?;
    }
    w.flush().map_err(io)
}
