//! `puzzles knight`: one tour (open or closed) printed as the knight's tour lab prints it, or every tour counted or listed.

use super::{parse_side, Common, Context, Exit, Failure, Tone};
use puzzles::grid::Dims;
use puzzles::knight::{self, AllStartsReport, CountReport, Knight, Order, Report, Request, Shard};
use puzzles::listing::Limit;
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
    /// warnsdorff: fewest onward moves first (Roth's tie-break); plain: the knight's tour lab's move order.
    #[arg(long, value_enum, default_value_t = OrderArg::Warnsdorff)]
    order: OrderArg,
    /// Count every tour from the start (directed; closed tours also as cycles).
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// With --count: count from every square of the board.
    #[arg(long, requires = "count")]
    all_starts: bool,
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
    #[arg(long, value_name = "N", default_value_t = knight::DEFAULT_BUDGET)]
    budget: u64,
    /// Draw the search step by step in the terminal, as the knight's tour lab animates it (q stops).
    #[arg(long, conflicts_with_all = ["count", "all"])]
    animate: bool,
    /// With --animate: milliseconds between steps (0: as fast as the screen follows).
    #[arg(long, value_name = "MS", default_value_t = 100, requires = "animate")]
    delay: u64,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum OrderArg {
    Warnsdorff,
    Plain,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Exit, Failure> {
    let request = Request {
        dims: Dims {
            rows: args.rows,
            cols: args.cols.unwrap_or(args.rows),
        },
        start: args.start.clone(),
        closed: args.closed,
        order: match args.order {
            OrderArg::Warnsdorff => Order::Warnsdorff,
            OrderArg::Plain => Order::Plain,
        },
        budget: args.budget,
    };
    let solver = request.solver()?;
    if args.animate {
        return super::play::animate_knight(*solver.knight(), request.order, args.delay, ctx);
    }
    let shard: Shard = match args.shard.as_deref() {
        Some(text) => text.parse()?,
        None => Shard::WHOLE,
    };
    // Every knight search polls the stop flag and reports what it has.
    ctx.interruptible();
    if args.count {
        // The counter sets the bar's length to its number of tasks.
        let ctl = ctx.progress(&args.common, Some(0), "tasks");
        if args.all_starts {
            let report = knight::count_every_start(&request, shard, &ctl)?;
            return print_all_starts(&report, args.common.json, ctx);
        }
        let report = knight::count(&request, shard, &ctl)?;
        return print_count(&report, args.common.json, ctx);
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
        .write_svg(|| solver.render_svg(report.tour.as_ref()))?;
    print_tour(&report, &solver, &args.common, ctx)
}

fn print_tour(
    report: &Report,
    solver: &knight::Solver,
    common: &Common,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    let outcome = match report.result {
        "tour" => Exit::Answered,
        "interrupted" => Exit::Interrupted,
        _ => Exit::NoSolution,
    };
    if common.json {
        ctx.out.json(report)?;
        return Ok(outcome);
    }
    let out = &mut ctx.out;
    out.line(&format!(
        "knight's tour {}×{} from {} ({}), {}, {} order",
        report.rows,
        report.cols,
        report.start,
        report.start_algebraic,
        if report.closed { "closed" } else { "open" },
        match report.order {
            Order::Warnsdorff => "warnsdorff",
            Order::Plain => "plain",
        }
    ))?;
    match (&report.tour, &report.reason) {
        (Some(t), _) => {
            if common.quiet {
                let end = t.last().copied().unwrap_or(report.start);
                let verified = out.paint(Tone::Good, "verified");
                out.line(&format!(
                    "tour: {} squares, {verified}, ends at {end}",
                    t.len()
                ))?;
            } else {
                out.text(&solver.render_text(Some(t)))?;
            }
        }
        (None, Some(reason)) if report.result == "no tour" => {
            out.line(&format!("{}: {reason}", out.paint(Tone::Bad, "no tour")))?
        }
        (None, Some(reason)) => out.line(&out.paint(Tone::Partial, reason))?,
        (None, None) => {}
    }
    Ok(outcome)
}

fn magic(args: &Args, dims: Dims, ctx: &mut Context) -> Result<Exit, Failure> {
    let report = knight::magic(dims, &ctx.control)?;
    if let Some(t) = &report.tour {
        let k = Knight::new(dims, t[0], true)?;
        args.common
            .write_svg(|| knight::Solver::new(k, Order::Warnsdorff, 0).render_svg(Some(t)))?;
    }
    if args.common.json {
        ctx.out.json(&report)?;
    } else if let (Some(t), Some(m)) = (&report.tour, &report.sums) {
        ctx.out.line(&format!(
            "semi-magic knight's tour 8×8 from {} (closed), verified",
            t[0]
        ))?;
        if !args.common.quiet {
            ctx.out.text(&knight::render_board(dims, t))?;
        }
        let line = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        ctx.out.line(&format!("rows: {}", line(&m.rows)))?;
        ctx.out.line(&format!("columns: {}", line(&m.cols)))?;
        ctx.out.line(&format!(
            "diagonals: {} {} ({})",
            m.diagonals[0],
            m.diagonals[1],
            if m.magic {
                "magic"
            } else {
                "not magic: only rows and columns sum to 260"
            }
        ))?;
    } else {
        ctx.out
            .line("search interrupted before a semi-magic tour was found")?;
    }
    Ok(if report.tour.is_some() {
        Exit::Answered
    } else {
        Exit::Interrupted
    })
}

/// The summary's ending: the shard and a partial mark, when they apply.
fn count_suffix(shard: &Option<String>, partial: bool, ctx: &Context) -> String {
    let mut s = String::new();
    if let Some(shard) = shard {
        s.push_str(&format!(" (shard {shard})"));
    }
    if partial {
        s.push_str(&format!(
            " ({})",
            ctx.out.paint(Tone::Partial, "partial: interrupted")
        ));
    }
    s
}

/// Exit status of a count: interrupted, none, or some.
fn count_outcome(partial: bool, total: u64) -> Exit {
    if partial {
        Exit::Interrupted
    } else if total == 0 {
        Exit::NoSolution
    } else {
        Exit::Answered
    }
}

fn print_count(report: &CountReport, json: bool, ctx: &mut Context) -> Result<Exit, Failure> {
    if json {
        ctx.out.json(report)?;
    } else {
        let kind = if report.closed { "closed" } else { "open" };
        let mut line = format!(
            "{}×{} {kind} tours from {}: {}",
            report.rows, report.cols, report.start, report.count
        );
        if let Some(cycles) = report.cycles {
            line.push_str(&format!(" directed = {cycles} cycles"));
        }
        line.push_str(&count_suffix(&report.shard, report.partial, ctx));
        ctx.out.line(&line)?;
    }
    Ok(count_outcome(report.partial, report.count))
}

fn print_all_starts(
    report: &AllStartsReport,
    json: bool,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    if json {
        ctx.out.json(report)?;
    } else {
        let width = report
            .counts
            .iter()
            .flatten()
            .map(|c| c.to_string().len())
            .max()
            .unwrap_or(1);
        let kind = if report.closed { "closed" } else { "open" };
        ctx.out.line(&format!(
            "{}×{} {kind} tours (directed) from each square:",
            report.rows, report.cols
        ))?;
        for row in &report.counts {
            let cells: Vec<String> = row.iter().map(|c| format!("{c:>width$}")).collect();
            ctx.out.line(&cells.join(" "))?;
        }
        let mut line = format!("total: {}", report.total);
        if let Some(cycles) = report.cycles {
            line.push_str(&format!(" ({cycles} cycles)"));
        }
        line.push_str(&count_suffix(&report.shard, report.partial, ctx));
        ctx.out.line(&line)?;
    }
    Ok(count_outcome(report.partial, report.total))
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
    if !json {
        let end = match tally.stopped {
            None => out.paint(Tone::Good, "all of them"),
            Some(Stop::Limit) => out.paint(Tone::Partial, "stopped at --limit"),
            Some(Stop::Interrupted) => out.paint(Tone::Partial, "interrupted"),
        };
        out.line(&format!("{} tours listed ({end})", tally.found))?;
    }
    Ok(match tally.stopped {
        Some(Stop::Interrupted) => Exit::Interrupted,
        None if tally.found == 0 => Exit::NoSolution,
        _ => Exit::Answered,
    })
}
