//! `puzzles knight`: one tour (open or closed) printed as seed 003 prints it, or every tour counted or listed.

use super::{parse_side, Common, Context, Failure, Outcome, Tone};
use puzzles::grid::{Dims, Pos};
use puzzles::knight::{self, CountResult, Impossible, Knight, Order, Shard, Solver, Tour};
use puzzles::{Error, GridPuzzle, Stop};
use serde::Serialize;
use std::ops::ControlFlow;

/// The largest board `--all` lists without `--limit` (5×6 has 4542 tours from
/// a corner; 6×6 has 6,637,920 open tours in all).
const MAX_UNLIMITED_CELLS: usize = 30;

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
    /// warnsdorff: fewest onward moves first (Roth's tie-break); plain: seed 003's move order.
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
    /// Draw the search step by step in the terminal, as seed 003 animates it (q stops).
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

/// One tour, or why there is none: the same keys in text and JSON.
#[derive(Serialize)]
struct Report {
    rows: usize,
    cols: usize,
    start: Pos,
    closed: bool,
    order: Order,
    /// "tour", "no tour", "gave up" or "interrupted".
    result: &'static str,
    tour: Option<Tour>,
    /// Why there is no tour (a theorem or the exhausted search), or why none was found.
    reason: Option<String>,
    /// Search nodes spent, when a search ran without an answer.
    nodes: Option<u64>,
}

/// A semi-magic tour and its line sums.
#[derive(Serialize)]
struct MagicReport {
    rows: usize,
    cols: usize,
    /// "tour" or "interrupted".
    result: &'static str,
    tour: Option<Tour>,
    /// Row, column and diagonal sums, `semi_magic`, `magic` (diagonals too).
    sums: Option<knight::MagicSums>,
}

/// A count of tours from the start.
#[derive(Serialize)]
struct CountReport {
    rows: usize,
    cols: usize,
    start: Pos,
    closed: bool,
    /// Directed tours from the start.
    count: u64,
    /// Closed tours as undirected cycles (`count / 2`), when complete and not a shard.
    #[serde(skip_serializing_if = "Option::is_none")]
    cycles: Option<u64>,
    /// The part counted (`i/N`), when `--shard` was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    partial: bool,
}

/// Counts from every start square.
#[derive(Serialize)]
struct AllStartsReport {
    rows: usize,
    cols: usize,
    closed: bool,
    /// `counts[r][c]`: directed tours from square (r, c).
    counts: Vec<Vec<u64>>,
    /// The sum over all starts.
    total: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    cycles: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    partial: bool,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Outcome, Failure> {
    let dims = Dims::new(args.rows, args.cols.unwrap_or(args.rows), knight::MAX_CELLS)?;
    let start = knight::parse_square(dims, &args.start)?;
    let problem = Knight::new(dims, start, args.closed)?;
    let order = match args.order {
        OrderArg::Warnsdorff => Order::Warnsdorff,
        OrderArg::Plain => Order::Plain,
    };
    if args.animate {
        return super::play::animate_knight(problem, order, args.delay, ctx);
    }
    let solver = Solver::new(problem, order, args.budget);
    let shard: Option<Shard> = args.shard.as_deref().map(str::parse).transpose()?;
    // Every knight search polls the stop flag and reports what it has.
    ctx.interruptible();
    if args.count {
        if args.all_starts {
            return count_all_starts(&args, dims, shard, ctx);
        }
        return count(&args, &solver, shard, ctx);
    }
    if args.all {
        return list_all(&args, &solver, ctx);
    }
    if args.magic {
        return magic(&args, dims, ctx);
    }
    solve(&args, &solver, ctx)
}

fn solve(args: &Args, solver: &Solver, ctx: &mut Context) -> Result<Outcome, Failure> {
    let k = solver.knight();
    let ctl = ctx.progress(&args.common, None, "nodes");
    let found = solver.find(&ctl);
    ctl.progress().finish();
    let mut report = Report {
        rows: k.dims().rows,
        cols: k.dims().cols,
        start: k.start(),
        closed: k.closed(),
        order: solver.order(),
        result: "tour",
        tour: None,
        reason: None,
        nodes: None,
    };
    let outcome = match found {
        knight::Outcome::Tour(t) => {
            solver.verify(&t).map_err(Error::Check)?;
            report.tour = Some(t);
            Outcome::Answered
        }
        knight::Outcome::NoTour(why) => {
            report.result = "no tour";
            if let Impossible::Exhausted { nodes } = why {
                report.nodes = Some(nodes);
            }
            report.reason = Some(why.to_string());
            Outcome::NoSolution
        }
        knight::Outcome::GaveUp { nodes } => {
            report.result = "gave up";
            report.nodes = Some(nodes);
            report.reason = Some(format!(
                "search gave up after {nodes} nodes: no tour found, none ruled out (raise --budget)"
            ));
            Outcome::NoSolution
        }
        knight::Outcome::Interrupted { nodes } => {
            report.result = "interrupted";
            report.nodes = Some(nodes);
            report.reason = Some(format!("search interrupted after {nodes} nodes"));
            Outcome::Interrupted
        }
    };
    args.common
        .write_svg(|| solver.render_svg(report.tour.as_ref()))?;
    if args.common.json {
        ctx.out.json(&report)?;
        return Ok(outcome);
    }
    let out = &mut ctx.out;
    out.line(&format!(
        "knight's tour {}×{} from {} ({}), {}, {} order",
        report.rows,
        report.cols,
        report.start,
        algebraic(k.dims(), report.start),
        if report.closed { "closed" } else { "open" },
        match report.order {
            Order::Warnsdorff => "warnsdorff",
            Order::Plain => "plain",
        }
    ))?;
    match (&report.tour, &report.reason) {
        (Some(t), _) => {
            if args.common.quiet {
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

fn magic(args: &Args, dims: Dims, ctx: &mut Context) -> Result<Outcome, Failure> {
    if (dims.rows, dims.cols) != (8, 8) {
        return Err(Error::usage(format!(
            "--magic searches the 8×8 board (semi-magic tours sum to 260), not {dims}"
        ))
        .into());
    }
    let found = knight::semi_magic_tour(&ctx.control);
    let mut report = MagicReport {
        rows: 8,
        cols: 8,
        result: "interrupted",
        tour: None,
        sums: None,
    };
    if let Some(t) = found {
        let k = Knight::new(dims, t[0], true)?;
        knight::verify_tour(&k, &t).map_err(Error::Check)?;
        let sums = knight::magic_sums(&t)
            .filter(|m| m.semi_magic)
            .ok_or_else(|| Error::Check("the tour is not semi-magic".into()))?;
        report.result = "tour";
        report.tour = Some(t);
        report.sums = Some(sums);
    }
    if let Some(t) = &report.tour {
        let k = Knight::new(dims, t[0], true)?;
        args.common
            .write_svg(|| Solver::new(k, Order::Warnsdorff, 0).render_svg(Some(t)))?;
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
        Outcome::Answered
    } else {
        Outcome::Interrupted
    })
}

fn algebraic(dims: Dims, p: Pos) -> String {
    format!("{}{}", knight::file_name(p.col), dims.rows - p.row)
}

fn count(
    args: &Args,
    solver: &Solver,
    shard: Option<Shard>,
    ctx: &mut Context,
) -> Result<Outcome, Failure> {
    // The counter sets the bar's length to its number of tasks.
    let ctl = ctx.progress(&args.common, Some(0), "tasks");
    let c: CountResult = solver.count_shard(shard.unwrap_or(Shard::WHOLE), &ctl)?;
    ctl.progress().finish();
    let k = solver.knight();
    let report = CountReport {
        rows: k.dims().rows,
        cols: k.dims().cols,
        start: k.start(),
        closed: k.closed(),
        count: c.count,
        cycles: (k.closed() && !c.partial && shard.is_none()).then_some(c.count / 2),
        shard: shard.map(|s| s.to_string()),
        partial: c.partial,
    };
    if args.common.json {
        ctx.out.json(&report)?;
    } else {
        let kind = if report.closed { "closed" } else { "open" };
        let mut line = format!(
            "{}×{} {kind} tours from {}: {}",
            report.rows, report.cols, report.start, report.count
        );
        if let Some(cycles) = report.cycles {
            line.push_str(&format!(" directed = {cycles} cycles"));
        }
        if let Some(shard) = &report.shard {
            line.push_str(&format!(" (shard {shard})"));
        }
        if report.partial {
            line.push_str(&format!(
                " ({})",
                ctx.out.paint(Tone::Partial, "partial: interrupted")
            ));
        }
        ctx.out.line(&line)?;
    }
    Ok(if report.partial {
        Outcome::Interrupted
    } else if report.count == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answered
    })
}

fn count_all_starts(
    args: &Args,
    dims: Dims,
    shard: Option<Shard>,
    ctx: &mut Context,
) -> Result<Outcome, Failure> {
    let ctl = ctx.progress(&args.common, Some(0), "tasks");
    let all =
        knight::count_all_starts_shard(dims, args.closed, shard.unwrap_or(Shard::WHOLE), &ctl)?;
    ctl.progress().finish();
    let partial = all.iter().any(|c| c.partial);
    let counts: Vec<Vec<u64>> = all
        .chunks(dims.cols)
        .map(|row| row.iter().map(|c| c.count).collect())
        .collect();
    let total: u64 = all.iter().map(|c| c.count).sum();
    let report = AllStartsReport {
        rows: dims.rows,
        cols: dims.cols,
        closed: args.closed,
        cycles: (args.closed && !partial && shard.is_none())
            .then(|| all.first().map_or(0, |c| c.count / 2)),
        shard: shard.map(|s| s.to_string()),
        counts,
        total,
        partial,
    };
    if args.common.json {
        ctx.out.json(&report)?;
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
        if let Some(shard) = &report.shard {
            line.push_str(&format!(" (shard {shard})"));
        }
        if report.partial {
            line.push_str(&format!(
                " ({})",
                ctx.out.paint(Tone::Partial, "partial: interrupted")
            ));
        }
        ctx.out.line(&line)?;
    }
    Ok(if partial {
        Outcome::Interrupted
    } else if total == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Answered
    })
}

fn list_all(args: &Args, solver: &Solver, ctx: &mut Context) -> Result<Outcome, Failure> {
    let cells = solver.knight().dims().cells();
    if args.limit.is_none() && cells > MAX_UNLIMITED_CELLS {
        return Err(Error::usage(format!(
            "--all without --limit on a board of {cells} squares: its tours run to millions (6×6 alone has 6,637,920); give --limit K"
        ))
        .into());
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    let json = args.common.json;
    let quiet = args.common.quiet;
    let ctl = ctx.progress(&args.common, None, "nodes");
    let out = &mut ctx.out;
    let mut listed = 0u64;
    let mut result = Ok(());
    let tally = if limit == 0 {
        puzzles::Tally {
            found: 0,
            stopped: Some(Stop::Limit),
        }
    } else {
        solver.enumerate(&ctl, &mut |t| {
            listed += 1;
            result = solver.verify(t).map_err(|e| Failure::from(Error::Check(e)));
            if result.is_ok() {
                result = if json {
                    out.json(t)
                } else if quiet {
                    Ok(())
                } else {
                    out.line(&format!("tour {listed}:"))
                        .and_then(|_| out.text(&solver.render_text(Some(t))))
                };
            }
            if result.is_err() || listed >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    };
    ctl.progress().finish();
    result?;
    if !json {
        let end = match tally.stopped {
            None => "all of them",
            Some(Stop::Limit) => "stopped at --limit",
            Some(Stop::Interrupted) => "interrupted",
        };
        let end = match tally.stopped {
            None => out.paint(Tone::Good, end),
            Some(_) => out.paint(Tone::Partial, end),
        };
        out.line(&format!("{} tours listed ({end})", tally.found))?;
    }
    Ok(match tally.stopped {
        Some(Stop::Interrupted) => Outcome::Interrupted,
        None if tally.found == 0 => Outcome::NoSolution,
        _ => Outcome::Answered,
    })
}
