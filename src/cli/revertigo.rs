//! `puzzles revertigo`: the activation map, the number of maps and a replayed walk; or a user's walk checked.

use super::{parse_side, Common, Context, Exit, Failure};
use puzzles::grid::Dims;
use puzzles::listing::Limit;
use puzzles::revertigo::{self, Builder, Method, Request};
use puzzles::Error;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  puzzles revertigo 4 4\n  puzzles revertigo --seed 7 --json\n  puzzles revertigo 3 3 --check NNSEENSS\n  puzzles revertigo 20 20 --method poly --quiet\n\nThe walk is N/E/S/W from the bottom-left cell (O is accepted for west, as on the Revertigo page).\nThe map shows # for cells landed on an odd number of times, _ for even."
)]
pub struct Args {
    /// Rows of the board (random 2..=20 when absent).
    #[arg(value_parser = parse_side)]
    rows: Option<usize>,
    /// Columns (default: as many as rows).
    #[arg(value_parser = parse_side)]
    cols: Option<usize>,
    /// Seed of the random board size (printed, so any run can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// How the activation maps are found (all agree; chase, the default, is the fast one).
    #[arg(long, value_enum)]
    method: Option<MethodArg>,
    /// How the walk is built: short (default), diagonal (the page's moves on
    /// the method's map), shortest (exact, boards of at most 16 cells).
    #[arg(long, value_enum)]
    builder: Option<BuilderArg>,
    /// Same as --builder shortest: a walk of the fewest moves (boards of at most 16 cells).
    #[arg(long, conflicts_with = "builder")]
    shortest: bool,
    /// Replay WALK (letters N/E/S/W, O for west) on the ROWS×COLS board:
    /// exit 0 if it turns every cell black, 1 if not (the white cells are shown).
    #[arg(long, value_name = "WALK", conflicts_with_all = ["all", "shortest", "output"])]
    check: Option<String>,
    /// List every activation map (at most --limit).
    #[arg(long)]
    all: bool,
    /// With --all: list at most K maps.
    #[arg(long, value_name = "K", requires = "all")]
    limit: Option<u64>,
    /// Write the walk to FILE (one line) instead of printing it: for huge boards.
    #[arg(long, value_name = "FILE")]
    output: Option<String>,
    /// Play in the terminal: arrows move the pawn, s shows the map of what remains, u undoes, q quits.
    #[arg(long, conflicts_with_all = ["check", "all", "output", "shortest"])]
    play: bool,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum MethodArg {
    Chase,
    Gauss,
    Poly,
    FirstRow,
    Naive,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum BuilderArg {
    Short,
    Diagonal,
    Shortest,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Exit, Failure> {
    let (checking, all) = (args.check.is_some(), args.all);
    let builder = args.builder.is_some() || args.shortest;
    super::refuse_unused(&[
        (
            args.seed.is_some() && args.rows.is_some(),
            "--seed picks a random board size: drop it, or ROWS",
        ),
        (
            checking && (args.method.is_some() || builder),
            "--check replays the walk given: --method and --builder find none",
        ),
        (args.limit.is_some() && !all, "--limit goes with --all"),
        (
            all && (builder || args.output.is_some()),
            "--all lists maps: --builder, --shortest and --output make a walk",
        ),
        (
            args.common.svg.is_some() && all,
            "--svg draws one walk; --all draws nothing",
        ),
    ])?;
    if let Some(walk) = &args.check {
        return check(&args, walk, ctx);
    }
    let request = Request {
        dims: args.rows.map(|rows| Dims {
            rows,
            cols: args.cols.unwrap_or(rows),
        }),
        seed: args.seed,
        method: match args.method.unwrap_or(MethodArg::Chase) {
            MethodArg::Chase => Method::Chase,
            MethodArg::Gauss => Method::Gauss,
            MethodArg::Poly => Method::Poly,
            MethodArg::FirstRow => Method::FirstRow,
            MethodArg::Naive => Method::Naive,
        },
        builder: match (args.shortest, args.builder.unwrap_or(BuilderArg::Short)) {
            (true, _) | (_, BuilderArg::Shortest) => Builder::Shortest,
            (_, BuilderArg::Diagonal) => Builder::Diagonal,
            (_, BuilderArg::Short) => Builder::Short,
        },
    };
    if args.play {
        let (dims, seed) = request.board()?;
        return super::play::play_revertigo(dims, seed, ctx);
    }
    if args.all {
        return list_all(&args, &request, ctx);
    }
    // A search stopped by Ctrl-C ends with status 130.
    let Some(mut answer) = revertigo::answer(&request, &ctx.control)? else {
        return Ok(Exit::Interrupted);
    };
    if let Some(path) = &args.output {
        answer.write_walk(path)?;
    }
    args.common
        .write_svg(|| answer.solver.walk_svg(&answer.map, Some(&answer.walk)))?;
    ctx.out.report(&answer, args.common.json, args.common.quiet)
}

fn check(args: &Args, text: &str, ctx: &mut Context) -> Result<Exit, Failure> {
    let Some(rows) = args.rows else {
        return Err(Error::usage(
            "--check needs the board size: puzzles revertigo ROWS [COLS] --check WALK",
        )
        .into());
    };
    let dims = Dims {
        rows,
        cols: args.cols.unwrap_or(rows),
    };
    let report = revertigo::check(dims, text)?;
    // The walk drawn on its activation map (the walk read back is known good).
    args.common.write_svg(|| {
        let walk = revertigo::Walk::parse(text)?;
        let game = revertigo::Revertigo::new(dims);
        game.walk_svg(&game.replay(&walk)?.map, Some(&walk))
    })?;
    ctx.out.report(&report, args.common.json, args.common.quiet)
}

fn list_all(args: &Args, request: &Request, ctx: &mut Context) -> Result<Exit, Failure> {
    let limit = Limit::from_option(args.limit)?;
    ctx.interruptible();
    let ctl = ctx.progress(&args.common, Some(0), "listed");
    let json = args.common.json;
    let out = &mut ctx.out;
    let mut written = Ok(());
    let listed = revertigo::list(request, limit, &ctl, |k, map| {
        let rows = map.row_strings('#', '_');
        written = match json {
            true => out.json(&rows),
            false => out.grid(&format!("map {k} ({} activated):", map.count_ones()), &rows),
        };
        super::continue_if_ok(&written)
    })?;
    written?;
    match listed {
        Some(tally) => super::end_of_listing(tally, ctx),
        None => Ok(Exit::Interrupted),
    }
}
