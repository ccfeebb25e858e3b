//! `puzzles lightsout`: a random or given position, solved, counted or listed.

use super::{parse_side, Common, Context, Exit, Failure};
use puzzles::grid::Dims;
use puzzles::input::Source;
use puzzles::lightsout::{self, Board, LightsOut, Method, Request};
use puzzles::listing::Limit;
use puzzles::render::Picture;
use puzzles::{Error, GridPuzzle};

mod variants;

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
    /// elimination (the Lights Out chapter); gauss: the full elimination of the Lights Out lab.
    /// (Default: poly where it applies, else chase, else gauss.)
    #[arg(long, value_enum)]
    method: Option<MethodArg>,
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
    #[arg(long, conflicts_with_all = ["count", "all", "min", "quiet_patterns", "output", "nullity", "graph"])]
    play: bool,
    /// States per cell, K from 2 to 255: a press adds 1 mod K to every cell it
    /// changes; states are written as digits then letters (numbers beyond 36 states).
    #[arg(long, value_name = "K", default_value_t = 2)]
    states: u32,
    /// The cells a press changes: cross (default), plus-x (the 3×3 square),
    /// x (the cell and its diagonals), knight (the cell and its knight moves),
    /// a one-line stencil such as .#./#@#/.#. (@ the pressed cell, o if it is
    /// left alone), or a FILE holding the stencil's rows.
    #[arg(long, value_name = "PATTERN")]
    pattern: Option<String>,
    /// Lights Out on a graph read from FILE: one edge `u v` per line (# comments) or DIMACS `p edge`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["rows", "state", "torus", "pattern", "nullity", "all", "quiet_patterns", "output", "method"])]
    graph: Option<String>,
    /// With --graph: a press changes the neighbours only (the σ game), not the vertex itself (σ+).
    #[arg(long, requires = "graph")]
    no_self: bool,
    /// With --graph: the vertices at state 1 at the start (default: all of them).
    #[arg(
        long,
        value_name = "V1,V2,…",
        requires = "graph",
        value_delimiter = ','
    )]
    on: Option<Vec<String>>,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum MethodArg {
    Poly,
    Chase,
    Gauss,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Exit, Failure> {
    let (graph, table) = (args.graph.is_some(), args.nullity.is_some());
    super::refuse_unused(&[
        (
            !graph && (args.no_self || args.on.is_some()),
            "--no-self and --on go with --graph (a board has no vertices to name)",
        ),
        (
            graph && (args.common.draws() || args.seed.is_some()),
            "--svg and --seed are for boards; a graph has none",
        ),
        (args.limit.is_some() && !args.all, "--limit goes with --all"),
        (
            table
                && (args.seed.is_some()
                    || args.min
                    || args.quiet_patterns
                    || args.output.is_some()
                    || args.common.draws()),
            "--nullity prints a table of sides: --seed, --min, --quiet-patterns, --output and --svg need one board",
        ),
    ])?;
    if args.graph.is_some() {
        return variants::run_graph(&args, ctx);
    }
    let pattern = variants::pattern(args.pattern.as_deref())?;
    if let Some((from, to)) = args.nullity {
        let variant = lightsout::Variant::new(args.states, pattern, args.torus)?;
        ctx.interruptible();
        return nullity_table(&variant, from, to, &args.common, ctx);
    }
    if args.states != 2 || !pattern.is_cross() {
        return variants::run_variant(&args, pattern, ctx);
    }
    if args.play {
        return super::play::play_lightsout(variants::play_start(&args), ctx);
    }
    let request = request(&args)?;
    if args.all {
        return list_all(&args, &request, ctx);
    }
    // Ctrl-C during --min keeps the lightest solution seen so far, reported as not proven.
    if args.min {
        ctx.interruptible();
    }
    let ctl = match args.min {
        true => ctx.progress(&args.common, None, "sums"),
        false => ctx.control.clone(),
    };
    let answer = lightsout::answer(&request, &ctl)?;
    let (solver, presses) = (&answer.solver, answer.presses.as_ref());
    args.common
        .draw(&|p: Picture| solver.render_svg(p.shows(presses)))?;
    if let (Some(path), Some(p)) = (&args.output, presses) {
        puzzles::input::write_rows(path, &p.row_strings('1', '0'))?;
    }
    if args.count && !args.common.json {
        ctx.out.line(&answer.report.solutions)?;
    } else {
        // With --output the presses go to the file, not the screen.
        let quiet = args.common.quiet || args.output.is_some();
        ctx.out.report(&answer, args.common.json, quiet)?;
    }
    if let (Some(path), false) = (&args.output, args.common.json) {
        ctx.out.line(&format!("presses written to {path}"))?;
    }
    ending(answer.report.interrupted, answer.report.solvable, ctx)
}

/// How an answer ends: a stopped search for the fewest presses says so (130),
/// else solvable (0) or not (1).
fn ending(interrupted: bool, solvable: bool, ctx: &mut Context) -> Result<Exit, Failure> {
    if interrupted {
        ctx.out.flush()?;
        super::partial_note("interrupted: the press count is the fewest seen so far");
        return Ok(Exit::Interrupted);
    }
    Ok(if solvable {
        Exit::Answered
    } else {
        Exit::NoSolution
    })
}

/// The arguments as one library request.
fn request(args: &Args) -> Result<Request, Error> {
    let board = match (&args.state, args.rows) {
        (Some(path), _) => Board::Given(LightsOut::parse(&Source::read(path)?)?),
        (None, Some(rows)) => Board::Random {
            dims: Dims {
                rows,
                cols: args.cols.unwrap_or(rows),
            },
            seed: args.seed,
        },
        (None, None) => {
            return Err(Error::usage(
                "give a board size (puzzles lightsout ROWS [COLS]) or --state FILE",
            ))
        }
    };
    Ok(Request {
        board,
        torus: args.torus,
        method: match args.method {
            Some(MethodArg::Gauss) => Method::Gauss,
            Some(MethodArg::Chase) => Method::Chase,
            Some(MethodArg::Poly) | None => Method::Polynomial,
        },
        fewest: args.min,
        quiet_patterns: args.quiet_patterns,
    })
}

fn list_all(args: &Args, request: &Request, ctx: &mut Context) -> Result<Exit, Failure> {
    let limit = Limit::from_option(args.limit)?;
    ctx.interruptible();
    let ctl = ctx.progress(&args.common, Some(0), "listed");
    let json = args.common.json;
    let out = &mut ctx.out;
    let mut written = Ok(());
    let listed = lightsout::list(request, limit, &ctl, |k, p| {
        written = match json {
            true => out.json(&p.row_strings('1', '0')),
            false => out.grid(
                &format!("solution {k} ({} presses):", p.count_ones()),
                &p.row_strings('X', '.'),
            ),
        };
        super::continue_if_ok(&written)
    })?;
    written?;
    let Some(tally) = listed else {
        if json {
            ctx.out
                .json(&lightsout::answer(request, &ctx.control)?.report)?;
        } else {
            ctx.out.line("no solution")?;
        }
        return Ok(Exit::NoSolution);
    };
    super::end_of_listing(tally, ctx)
}

/// One line per size: `n nullity`, or JSON Lines `{rows, cols, states, pattern, torus, nullity}`.
fn nullity_table(
    variant: &lightsout::Variant,
    from: usize,
    to: usize,
    common: &Common,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    let ctl = ctx.progress(common, Some(0), "sizes");
    let json = common.json;
    let out = &mut ctx.out;
    let mut written = Ok(());
    let tally = lightsout::nullity_table(variant, from, to, &ctl, |row| {
        written = if json {
            out.json(&row)
        } else {
            out.line(&format!("{} {}", row.rows, row.nullity))
        }
        // Each row costs far more than a write: let a reader see it at once.
        .and_then(|()| out.flush());
        super::continue_if_ok(&written)
    })?;
    written?;
    if tally.stopped.is_some() {
        ctx.out.flush()?;
        super::partial_note(&format!(
            "interrupted before n = {}: the table is partial",
            from as u64 + tally.found
        ));
        return Ok(Exit::Interrupted);
    }
    Ok(Exit::Answered)
}
