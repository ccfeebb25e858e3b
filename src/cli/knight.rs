//! `puzzles knight`: one tour (open or closed) printed as the knight's tour lab prints it, or every tour counted or listed.

use super::{parse_side, Common, Context, Exit, Failure, Tone};
use puzzles::grid::Dims;
use puzzles::knight::count::{self, CountRequest, Method, Starts};
use puzzles::knight::{self, Knight, Order, Request, Shard};
use puzzles::listing::Limit;
use puzzles::render::Picture;
use puzzles::{GridPuzzle, Stop};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  puzzles knight 8\n  puzzles knight 6 6 --closed\n  puzzles knight 5 5 --start c3 --count\n  puzzles knight 5 --all --limit 3\n\nExit status: 0 a tour (or a count), 1 no tour (or the search gave up within --budget), 2 bad input, 130 interrupted."
)]
pub struct Args {
    /// Rows of the board.
    #[arg(value_parser = parse_side)]
    rows: usize,
    /// Columns (default: as many as rows).
    #[arg(value_parser = parse_side)]
    cols: Option<usize>,
    /// The knight's first square: row,col (0-based, row 0 at the top) or algebraic a1 (bottom-left).
    #[arg(long, value_name = "SQUARE", default_value = "0,0")]
    start: String,
    /// A closed tour: the last square a knight's move from the first.
    #[arg(long)]
    closed: bool,
    /// warnsdorff: fewest onward moves first (Roth's tie-break, the default); plain: the knight's tour lab's move order.
    #[arg(long, value_enum)]
    order: Option<OrderArg>,
    /// Count every tour from the start (directed; closed tours also as cycles).
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// With --count: count from every square of the board.
    #[arg(long, requires = "count")]
    all_starts: bool,
    /// With --count: only the sum over every square (open tours: one frontier run, not one a square).
    #[arg(long, requires = "count", conflicts_with = "all_starts")]
    sum: bool,
    /// With --count: backtrack (cost grows with the tours; boards of at most 128 squares),
    /// frontier (a dynamic programme whose cost grows with its states; a side of at most 8),
    /// or auto (the faster for the board).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto, requires = "count")]
    method: MethodArg,
    /// With --count: the memory the frontier programme may take, in MiB (larger boards are refused).
    #[arg(long, value_name = "MIB", requires = "count")]
    memory: Option<u64>,
    /// With --count: count only part i of N (1 ≤ i ≤ N); the N parts add up to the whole count.
    #[arg(long, value_name = "i/N", requires = "count")]
    shard: Option<String>,
    /// List every tour from the start (at most --limit).
    #[arg(long)]
    all: bool,
    /// With --all: list at most K tours (required on boards of more than 30 squares).
    #[arg(long, value_name = "K", requires = "all")]
    limit: Option<u64>,
    /// Find a semi-magic tour of the 8×8 board (rows and columns sum to 260) and tell whether
    /// its diagonals do too.
    #[arg(long, conflicts_with_all = ["count", "all", "closed"])]
    magic: bool,
    /// Search nodes (moves tried) before giving up on finding one tour (boards of at most 128
    /// squares then get a second try with the counting engine, up to 10·N of its cheaper nodes).
    /// (Default: 5,000,000.)
    #[arg(long, value_name = "N")]
    budget: Option<u64>,
    /// Draw the search step by step in the terminal, as the knight's tour lab animates it (q stops).
    #[arg(long, conflicts_with_all = ["count", "all"])]
    animate: bool,
    /// With --animate: milliseconds between steps (0: as fast as the screen follows; default 100).
    #[arg(long, value_name = "MS", requires = "animate")]
    delay: Option<u64>,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum MethodArg {
    Auto,
    Backtrack,
    Frontier,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum OrderArg {
    Warnsdorff,
    Plain,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Exit, Failure> {
    let search = !args.count && !args.all && !args.magic;
    super::refuse_unused(&[
        (
            args.order.is_some() && (args.count || args.magic),
            "--order sets the search's move order: a count or the magic tour has none",
        ),
        (
            args.budget.is_some() && !search,
            "--budget bounds the search for one tour (not --count, --all or --magic)",
        ),
        (
            args.delay.is_some() && !args.animate,
            "--delay goes with --animate",
        ),
        (args.limit.is_some() && !args.all, "--limit goes with --all"),
        (
            args.common.draws() && (args.count || args.all),
            "--svg draws one tour; --count and --all draw nothing",
        ),
    ])?;
    let request = Request {
        dims: Dims {
            rows: args.rows,
            cols: args.cols.unwrap_or(args.rows),
        },
        start: args.start.clone(),
        closed: args.closed,
        order: match args.order {
            Some(OrderArg::Plain) => Order::Plain,
            _ => Order::Warnsdorff,
        },
        budget: args.budget.unwrap_or(knight::DEFAULT_BUDGET),
    };
    let solver = request.solver()?;
    if args.animate {
        return super::play::animate_knight(
            *solver.knight(),
            request.order,
            args.delay.unwrap_or(100),
            ctx,
        );
    }
    let shard: Shard = match args.shard.as_deref() {
        Some(text) => text.parse()?,
        None => Shard::WHOLE,
    };
    // Every knight search polls the stop flag and reports what it has.
    ctx.interruptible();
    if args.count {
        let k = solver.knight();
        let starts = match (args.all_starts, args.sum) {
            (true, _) => Starts::Every,
            (_, true) => Starts::Sum,
            _ => Starts::From(k.start()),
        };
        let mut wanted = CountRequest::new(k.dims(), k.closed(), starts);
        wanted.shard = shard;
        wanted.memory_limit = args.memory.map_or(wanted.memory_limit, |m| m << 20);
        wanted.method = match args.method {
            MethodArg::Auto => Method::Auto,
            MethodArg::Backtrack => Method::Backtrack,
            MethodArg::Frontier => Method::Frontier,
        };
        // The counter sets the bar's length to its tasks (backtracking) or columns (frontier).
        let ctl = ctx.progress(&args.common, Some(0), "steps");
        let report = count::count(&wanted, &ctl)?;
        return ctx.out.report(&report, args.common.json, args.common.quiet);
    }
    if args.all {
        return list_all(&args, &request, &solver, ctx);
    }
    if args.magic {
        return magic(&args, solver.knight().dims(), ctx);
    }
    let ctl = ctx.progress(&args.common, None, "nodes");
    let report = knight::find(&request, &ctl)?;
    args.common
        .draw(&|p: Picture| solver.render_svg(p.shows(report.tour.as_ref())))?;
    ctx.out.report(&report, args.common.json, args.common.quiet)
}

fn magic(args: &Args, dims: Dims, ctx: &mut Context) -> Result<Exit, Failure> {
    let report = knight::magic(dims, &ctx.control)?;
    if let Some(t) = &report.tour {
        let k = Knight::new(dims, t[0], true)?;
        args.common.draw(&|p: Picture| {
            knight::Solver::new(k, Order::Warnsdorff, 0).render_svg(p.shows(Some(t)))
        })?;
    }
    ctx.out.report(&report, args.common.json, args.common.quiet)
}

fn list_all(
    args: &Args,
    request: &Request,
    solver: &knight::Solver,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    let limit = Limit::from_option(args.limit)?;
    let (json, quiet) = (args.common.json, args.common.quiet);
    let ctl = ctx.progress(&args.common, None, "tours");
    let out = &mut ctx.out;
    let mut written = Ok(());
    let tally = knight::list(request, limit, &ctl, |k, t| {
        written = if json {
            out.json(t)
        } else if quiet {
            Ok(())
        } else {
            out.line(&format!("tour {k}:"))
                .and_then(|()| out.text(&solver.render_text(Some(t))))
        };
        super::continue_if_ok(&written)
    })?;
    written?;
    if tally.stopped == Some(Stop::Interrupted) {
        // Like every note of a partial answer, on stderr: stdout keeps whole tours only.
        out.flush()?;
        super::partial_note(&format!(
            "interrupted: the list is partial ({} tours listed)",
            tally.found
        ));
    } else if !json {
        let end = match tally.stopped {
            None => out.paint(Tone::Good, "all of them"),
            _ => out.paint(Tone::Partial, "stopped at --limit"),
        };
        out.line(&format!("{} tours listed ({end})", tally.found))?;
    }
    Ok(match tally.stopped {
        Some(Stop::Interrupted) => Exit::Interrupted,
        None if tally.found == 0 => Exit::NoSolution,
        _ => Exit::Answered,
    })
}
