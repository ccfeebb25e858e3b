//! `puzzles lightsout --states K --pattern P` and `--graph FILE`: the variants beyond the classic game, asked of the library and printed.

use super::{Args, MethodArg};
use crate::cli::{Context, Exit, Failure};
use puzzles::error::Bound;
use puzzles::grid::Dims;
use puzzles::input::Source;
use puzzles::lightsout::{self, Graph, GraphGame, Pattern, StatesMethod, StatesRequest, Variant};
use puzzles::listing::{Limit, DEFAULT_LIST_LIMIT};
use puzzles::render::Picture;
use puzzles::{random, Error, Grid, Stop, Tally};
use std::ops::ControlFlow;

/// The press pattern named on the command line: a built-in, a stencil file, or a one-line stencil.
pub fn pattern(arg: Option<&str>) -> Result<Pattern, Error> {
    let Some(arg) = arg else {
        return Ok(Pattern::cross());
    };
    if let Some(p) = Pattern::named(arg) {
        return Ok(p);
    }
    let path = std::path::Path::new(arg);
    if path.is_file() {
        return Pattern::parse(&Source::read(arg)?);
    }
    // A one-line stencil holds only its cells, the pressed cell and `/` between rows.
    let stencil = arg.chars().all(|c| ".#o@/ ".contains(c));
    if stencil {
        return arg.parse();
    }
    let what = if path.exists() {
        "not a file"
    } else {
        "no such file"
    };
    Err(Error::usage(format!(
        "unknown press pattern '{}': {what}, not a stencil (rows of . and # with the pressed cell @ or o, joined by /), nor one of {}",
        arg.escape_debug(),
        puzzles::lightsout::PATTERN_NAMES.join(", ")
    )))
}

/// Where `--play` starts: a file, or a random board of the size given.
pub fn play_start(args: &Args) -> crate::cli::play::LightsOutStart {
    crate::cli::play::LightsOutStart {
        state: args.state.clone(),
        rows: args.rows,
        cols: args.cols,
        seed: args.seed,
        torus: args.torus,
    }
}

/// A K-state or other-pattern board: solved, counted, listed, or its nullity table.
pub fn run_variant(args: &Args, pattern: Pattern, ctx: &mut Context) -> Result<Exit, Failure> {
    let variant = Variant::new(args.states, pattern, args.torus)?;
    if args.play {
        return crate::cli::play::play_states(play_start(args), variant, ctx);
    }
    let method = args.method.map(|m| match m {
        MethodArg::Poly => StatesMethod::Polynomial,
        MethodArg::Chase => StatesMethod::Chase,
        MethodArg::Gauss => StatesMethod::Gauss,
    });
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
    let presses = report.press_grid.as_ref();
    args.common.draw(&|p: Picture| {
        request
            .variant
            .render_svg(&request.lights, p.shows(presses))
    })?;
    if let (Some(path), Some(p)) = (&args.output, &report.press_grid) {
        puzzles::input::write_rows(path, &request.variant.rows(p))?;
    }
    if args.count && !args.common.json {
        ctx.out.line(&report.solutions)?;
    } else {
        let quiet = args.common.quiet || args.output.is_some();
        ctx.out.report(&report, args.common.json, quiet)?;
    }
    if let (Some(path), false) = (&args.output, args.common.json) {
        ctx.out.line(&format!("presses written to {path}"))?;
    }
    super::ending(report.interrupted, report.solvable, ctx)
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
    if args.count && !args.common.json {
        ctx.out.line(&report.solutions)?;
    } else {
        ctx.out
            .report(&report, args.common.json, args.common.quiet)?;
    }
    super::ending(report.interrupted, report.solvable, ctx)
}
