//! `puzzles lightsout --states K --pattern P` and `--graph FILE`: the variants beyond the classic game, asked of the library and printed.

use super::{Args, MethodArg};
use crate::cli::{Context, Exit, Failure, Tone};
use puzzles::error::Bound;
use puzzles::grid::Dims;
use puzzles::input::Source;
use puzzles::lightsout::{
    self, Graph, GraphGame, Pattern, StatesMethod, StatesReport, StatesRequest, Variant,
};
use puzzles::listing::{Limit, DEFAULT_LIST_LIMIT};
use puzzles::{random, Error, Grid, Stop, Tally};
use serde::Serialize;
use std::ops::ControlFlow;

/// The press pattern named on the command line: a built-in, a stencil file, or a one-line stencil.
pub fn pattern(arg: Option<&str>) -> Result<Pattern, Error> {
    let Some(arg) = arg else {
        return Ok(Pattern::cross());
    };
    if let Some(p) = Pattern::named(arg) {
        return Ok(p);
    }
    if std::path::Path::new(arg).is_file() {
        return Pattern::parse(&Source::read(arg)?);
    }
    arg.parse()
}

/// A K-state or other-pattern board: solved, counted, listed, or its nullity table.
pub fn run_variant(args: &Args, pattern: Pattern, ctx: &mut Context) -> Result<Exit, Failure> {
    if args.play {
        return Err(
            Error::usage("--play takes the classic game only (2 states, the cross)").into(),
        );
    }
    if args.common.svg.is_some() {
        return Err(Error::usage("--svg draws the classic game only (2 states, the cross)").into());
    }
    let variant = Variant::new(args.states, pattern, args.torus)?;
    let method = args.method.map(|m| match m {
        MethodArg::Poly => StatesMethod::Polynomial,
        MethodArg::Chase => StatesMethod::Chase,
        MethodArg::Gauss => StatesMethod::Gauss,
    });
    if let Some((from, to)) = args.nullity {
        ctx.interruptible();
        return nullity_table(&variant, from, to, args, ctx);
    }
    let (lights, seed) = match (&args.state, args.rows) {
        (Some(path), _) => (variant.parse(&Source::read(path)?)?, None),
        (None, Some(rows)) => {
            let dims = Dims::new(rows, args.cols.unwrap_or(rows), lightsout::MAX_CELLS)?;
            let seed = args.seed.unwrap_or_else(random::fresh_seed);
            (variant.random(dims, &mut random::rng(seed)), Some(seed))
        }
        (None, None) => {
            return Err(Error::usage(
                "give a board size (puzzles lightsout ROWS [COLS]) or --state FILE",
            )
            .into())
        }
    };
    let mut request = StatesRequest::new(variant, lights);
    request.seed = seed;
    request.method = method;
    request.fewest = args.min;
    request.quiet_patterns = args.quiet_patterns;
    if args.all {
        return list_all(args, &request, ctx);
    }
    if args.min {
        ctx.interruptible();
    }
    let ctl = match args.min {
        true => ctx.progress(&args.common, None, "sums"),
        false => ctx.control.clone(),
    };
    let report = lightsout::answer_states(&request, &ctl)?;
    ctl.progress().finish();
    if let (Some(path), Some(p)) = (&args.output, &report.press_grid) {
        super::write_rows(path, &request.variant.rows(p))?;
    }
    if args.common.json {
        ctx.out.json(&report)?;
    } else if args.count {
        ctx.out.line(&report.solutions)?;
    } else {
        print_text(&report, !args.common.quiet && args.output.is_none(), ctx)?;
        if let Some(path) = &args.output {
            ctx.out.line(&format!("presses written to {path}"))?;
        }
    }
    super::ending(args.min && ctl.stopped(), report.solvable, ctx)
}

fn print_text(report: &StatesReport, boards: bool, ctx: &mut Context) -> Result<(), Failure> {
    let out = &mut ctx.out;
    let seed = report
        .seed
        .map(|s| format!(", seed {s}"))
        .unwrap_or_default();
    let torus = if report.torus { " torus" } else { "" };
    out.line(&format!(
        "Lights Out {}×{}{torus}, {} states, pattern {}{seed}",
        report.rows, report.cols, report.states, report.pattern
    ))?;
    if boards {
        report.state.iter().try_for_each(|r| out.line(r))?;
    }
    match (&report.presses, report.press_count) {
        (presses, Some(count)) => {
            if boards {
                out.line("presses (how many times each cell):")?;
                presses.iter().flatten().try_for_each(|r| out.line(r))?;
            }
            let minimal = match report.minimal {
                Some(true) => " (the fewest: every solution was compared)",
                Some(false) => " (not proven the fewest: too many solutions to compare)",
                None => "",
            };
            out.line(&format!("press count: {count}{minimal}"))?;
            out.line(&format!(
                "solutions: {} (nullity {})",
                report.solutions, report.nullity
            ))?;
        }
        (_, None) => {
            out.line(&out.paint(Tone::Bad, "no solution"))?;
            if let Some(w) = &report.witness {
                out.line(&format!(
                    "witness: these weights w satisfy w·M = 0 but w·state ≠ 0 (mod {}) (nullity {}):",
                    report.states, report.nullity
                ))?;
                if boards {
                    w.iter().try_for_each(|r| out.line(r))?;
                }
            }
        }
    }
    for (i, pattern) in report.quiet_patterns.iter().flatten().enumerate() {
        let order = report
            .quiet_orders
            .as_ref()
            .and_then(|o| o.get(i))
            .map(|o| format!(" (order {o})"))
            .unwrap_or_default();
        out.line(&format!("quiet pattern {}{order}:", i + 1))?;
        pattern.iter().try_for_each(|r| out.line(r))?;
    }
    Ok(())
}

fn list_all(args: &Args, request: &StatesRequest, ctx: &mut Context) -> Result<Exit, Failure> {
    let limit = Limit::from_option(args.limit)?;
    let analysis = request
        .variant
        .analyse_with(&request.lights, request.method)?;
    if analysis.presses.is_none() {
        if args.common.json {
            ctx.out
                .json(&lightsout::answer_states(request, &ctx.control)?)?;
        } else {
            ctx.out.line("no solution")?;
        }
        return Ok(Exit::NoSolution);
    }
    let total = analysis.solution_count();
    // Without a limit, only a listing known to be short is started.
    let short = total.parse::<u64>().is_ok_and(|n| n <= DEFAULT_LIST_LIMIT);
    if limit.get().is_none() && !short {
        return Err(Error::TooLarge {
            bound: Bound::Listing("solutions"),
            got: puzzles::error::Size::Count(total.parse::<u128>().unwrap_or(u128::MAX)),
            limit: DEFAULT_LIST_LIMIT.into(),
            note: format!(" ({total} solutions)"),
        }
        .into());
    }
    ctx.interruptible();
    let ctl = ctx.progress(&args.common, total.parse().ok(), "listed");
    let json = args.common.json;
    let variant = &request.variant;
    let out = &mut ctx.out;
    let mut written = Ok(());
    let mut seen = 0u64;
    let mut tally: Tally = lightsout::list_states(request, &ctl, &mut |p: &Grid<u8>| {
        seen += 1;
        let rows = variant.rows(p);
        let count: u64 = p.cells().iter().map(|&v| v as u64).sum();
        written = match json {
            true => out.json(&rows),
            false => out.grid(&format!("solution {seen} ({count} presses):"), &rows),
        };
        ctl.progress().advance(1);
        if limit.get().is_some_and(|k| seen >= k) {
            return ControlFlow::Break(());
        }
        crate::cli::continue_if_ok(&written)
    })?;
    ctl.progress().finish();
    written?;
    if tally.stopped == Some(Stop::Limit) && ctl.stopped() {
        tally.stopped = Some(Stop::Interrupted);
    }
    crate::cli::end_of_listing(tally, ctx)
}

/// One line per size: `n nullity`, or JSON Lines `{rows, cols, states, nullity}`.
fn nullity_table(
    variant: &Variant,
    from: usize,
    to: usize,
    args: &Args,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    #[derive(Serialize)]
    struct Row {
        rows: usize,
        cols: usize,
        states: u8,
        nullity: usize,
    }
    let ctl = ctx.progress(&args.common, Some((to - from + 1) as u64), "sizes");
    for n in from..=to {
        if ctl.stopped() {
            ctl.progress().finish();
            ctx.out.flush()?;
            crate::cli::partial_note(&format!("interrupted before n = {n}: the table is partial"));
            return Ok(Exit::Interrupted);
        }
        let nullity = lightsout::variant_nullity(variant, Dims { rows: n, cols: n })?;
        if args.common.json {
            ctx.out.json(&Row {
                rows: n,
                cols: n,
                states: variant.states.get(),
                nullity,
            })?;
        } else {
            ctx.out.line(&format!("{n} {nullity}"))?;
        }
        ctx.out.flush()?;
        ctl.progress().advance(1);
    }
    ctl.progress().finish();
    Ok(Exit::Answered)
}

/// Lights Out on a graph: the vertices to press.
pub fn run_graph(args: &Args, ctx: &mut Context) -> Result<Exit, Failure> {
    let path = args.graph.as_deref().unwrap_or("-");
    let graph = Graph::parse(&Source::read(path)?)?;
    let game = GraphGame::new(graph, args.states, !args.no_self)?;
    let lights = match &args.on {
        Some(names) => game.lights_on(names.iter().map(|n| n.trim()))?,
        None => game.all_on(),
    };
    if args.min {
        ctx.interruptible();
    }
    let ctl = match args.min {
        true => ctx.progress(&args.common, None, "sums"),
        false => ctx.control.clone(),
    };
    let report = game.answer(&lights, args.min, &ctl)?;
    ctl.progress().finish();
    if args.common.json {
        ctx.out.json(&report)?;
    } else if args.count {
        ctx.out.line(&report.solutions)?;
    } else {
        let out = &mut ctx.out;
        let game_name = if args.no_self { "σ" } else { "σ+" };
        out.line(&format!(
            "Lights Out on a graph ({game_name}): {} vertices, {} edges, {} states",
            report.vertices, report.edges, report.states
        ))?;
        match &report.presses {
            Some(p) => {
                out.line(&format!("press: {}", p.join(" ")))?;
                let minimal = match report.minimal {
                    Some(true) => " (the fewest: every solution was compared)",
                    Some(false) => " (not proven the fewest: too many solutions to compare)",
                    None => "",
                };
                out.line(&format!(
                    "press count: {}{minimal}",
                    report.press_count.unwrap_or(0)
                ))?;
                out.line(&format!(
                    "solutions: {} (nullity {})",
                    report.solutions, report.nullity
                ))?;
            }
            None => {
                out.line(&out.paint(Tone::Bad, "no solution"))?;
                if let Some(w) = &report.witness {
                    out.line(&format!(
                        "witness (w·M = 0, w·state ≠ 0 mod {}): {}",
                        report.states,
                        w.join(" ")
                    ))?;
                }
            }
        }
    }
    super::ending(args.min && ctl.stopped(), report.solvable, ctx)
}
