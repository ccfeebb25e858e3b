//! `puzzles revertigo`: the activation map, the number of maps and a replayed walk; or a user's walk checked.

use super::{list_coset, parse_side, Common, Context, Failure, Outcome, Tone};
use puzzles::grid::{Dims, Pos};
use puzzles::revertigo::{self, Builder, Method, Revertigo, Solver, Walk};
use puzzles::{random, Error};
use rand::Rng as _;
use serde::Serialize;

/// The sides of a random board (the original game also picks them at random).
const RANDOM_SIDES: std::ops::RangeInclusive<usize> = 2..=20;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  puzzles revertigo 4 4\n  puzzles revertigo --seed 7 --json\n  puzzles revertigo 3 3 --check NNSEENSS\n  puzzles revertigo 20 20 --method poly --quiet\n\nThe walk is N/E/S/W from the bottom-left cell (O is accepted for west, as in the seed).\nThe map shows # for cells landed on an odd number of times, _ for even."
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
    /// How the activation maps are found (all agree; chase is the fast one).
    #[arg(long, value_enum, default_value_t = MethodArg::Chase)]
    method: MethodArg,
    /// How the walk is built: short (default), diagonal (the seed's moves on
    /// the method's map), shortest (exact, boards of at most 16 cells).
    #[arg(long, value_enum, default_value_t = BuilderArg::Short)]
    builder: BuilderArg,
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

/// The answer, in text or JSON: the same keys either way.
#[derive(Serialize)]
struct Report {
    rows: usize,
    cols: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    method: Method,
    builder: Builder,
    /// The walk's activation map, top row first: `#` odd, `_` even.
    map: Vec<String>,
    /// Cells of the map landed on an odd number of times.
    activated: usize,
    nullity: usize,
    /// The number of activation maps, 2^nullity, as an exact decimal string.
    solutions: String,
    /// The walk (null when written to `output`).
    walk: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    moves: usize,
    /// No walk is shorter: the fewest activated cells of any map, minus one (null when not proven).
    lower_bound: Option<usize>,
    /// The replay's verdict: always true (a walk that fails is never printed).
    black: bool,
}

/// A user's walk replayed.
#[derive(Serialize)]
struct CheckReport {
    rows: usize,
    cols: usize,
    walk: String,
    moves: usize,
    black: bool,
    /// The cells still white, as `[row, col]`.
    white: Vec<Pos>,
    /// The board after the walk: `#` black, `.` white.
    board: Vec<String>,
    /// The walk's activation map: `#` odd, `_` even.
    map: Vec<String>,
    /// The pawn's last cell.
    end: Pos,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Outcome, Failure> {
    if let Some(walk) = &args.check {
        return check(&args, walk, ctx);
    }
    let (dims, seed) = board(&args)?;
    if args.play {
        return super::play::play_revertigo(dims, seed, ctx);
    }
    let game = Revertigo::new(dims);
    let method = match args.method {
        MethodArg::Chase => Method::Chase,
        MethodArg::Gauss => Method::Gauss,
        MethodArg::Poly => Method::Poly,
        MethodArg::FirstRow => Method::FirstRow,
        MethodArg::Naive => Method::Naive,
    };
    let builder = match (args.shortest, args.builder) {
        (true, _) | (_, BuilderArg::Shortest) => Builder::Shortest,
        (_, BuilderArg::Diagonal) => Builder::Diagonal,
        (_, BuilderArg::Short) => Builder::Short,
    };
    // A search stopped by Ctrl-C ends with status 130, not as an error.
    let interrupted = |ctx: &Context| ctx.control.stopped();
    let solver = match Solver::new(game, method, &ctx.control) {
        Err(_) if interrupted(ctx) => return Ok(Outcome::Interrupted),
        r => r?,
    };
    if args.all {
        return list_all(&args, &solver, ctx);
    }
    let walk = match solver.walk(builder, &ctx.control) {
        Err(_) if interrupted(ctx) => return Ok(Outcome::Interrupted),
        r => r?,
    };
    if let Some(path) = &args.output {
        std::fs::write(path, format!("{walk}\n")).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
    }
    let a = solver.analysis();
    // The short and shortest builders may realise another of the maps than
    // the method's: the map reported is the printed walk's own.
    let map = &solver.game().replay(&walk).map_err(Error::from)?.map;
    args.common
        .write_svg(|| solver.walk_svg(map, Some(&walk)))?;
    let report = Report {
        rows: dims.rows,
        cols: dims.cols,
        seed,
        method,
        builder,
        map: map.row_strings('#', '_'),
        activated: map.count_ones(),
        nullity: a.nullity(),
        solutions: a.solution_count(),
        walk: args.output.is_none().then(|| walk.to_string()),
        output: args.output.clone(),
        moves: walk.len(),
        lower_bound: solver.lower_bound(&ctx.control),
        black: true,
    };
    if args.common.json {
        ctx.out.json(&report)?;
    } else {
        print_text(&report, &walk, args.common.quiet, ctx)?;
    }
    Ok(Outcome::Answered)
}

/// The board asked for, or a random one (sides 2..=20) from the seed.
fn board(args: &Args) -> Result<(Dims, Option<u64>), Error> {
    match args.rows {
        Some(rows) => Ok((
            Dims::new(rows, args.cols.unwrap_or(rows), revertigo::MAX_CELLS)?,
            None,
        )),
        None => {
            let seed = args.seed.unwrap_or_else(random::fresh_seed);
            let mut rng = random::rng(seed);
            let rows = rng.gen_range(RANDOM_SIDES);
            let cols = rng.gen_range(RANDOM_SIDES);
            Ok((Dims::new(rows, cols, revertigo::MAX_CELLS)?, Some(seed)))
        }
    }
}

fn print_text(report: &Report, walk: &Walk, quiet: bool, ctx: &mut Context) -> Result<(), Failure> {
    let out = &mut ctx.out;
    let seed = report
        .seed
        .map(|s| format!(" (random size, seed {s})"))
        .unwrap_or_default();
    out.line(&format!("Revertigo {}×{}{seed}", report.rows, report.cols))?;
    if !quiet {
        out.line("activation map (# landed on an odd number of times, _ even):")?;
        for row in &report.map {
            out.line(row)?;
        }
    }
    out.line(&format!(
        "maps: {} (nullity {}); this one activates {} cell(s)",
        report.solutions, report.nullity, report.activated
    ))?;
    if let Some(bound) = report.lower_bound {
        out.line(&format!(
            "lower bound: {} (every activated cell of the lightest map is landed on)",
            moves(bound)
        ))?;
    }
    let verdict = &out.paint(Tone::Good, "replayed: every cell black");
    match (&report.output, quiet) {
        (Some(path), _) => out.line(&format!(
            "walk: {} written to {path} ({verdict})",
            moves(report.moves)
        ))?,
        (None, true) => out.line(&format!("walk: {} ({verdict})", moves(report.moves)))?,
        (None, false) => {
            out.line(&format!("walk: {} ({verdict}):", moves(report.moves)))?;
            out.line(&walk.to_string())?;
        }
    }
    Ok(())
}

fn check(args: &Args, text: &str, ctx: &mut Context) -> Result<Outcome, Failure> {
    let Some(rows) = args.rows else {
        return Err(Error::usage(
            "--check needs the board size: puzzles revertigo ROWS [COLS] --check WALK",
        )
        .into());
    };
    let dims = Dims::new(rows, args.cols.unwrap_or(rows), revertigo::MAX_CELLS)?;
    let game = Revertigo::new(dims);
    let walk = Walk::parse(text).map_err(Error::from)?;
    let replay = game.replay(&walk).map_err(Error::from)?;
    let white = replay.white_cells();
    let report = CheckReport {
        rows: dims.rows,
        cols: dims.cols,
        walk: walk.to_string(),
        moves: walk.len(),
        black: white.is_empty(),
        board: replay.black.row_strings('#', '.'),
        map: replay.map.row_strings('#', '_'),
        white,
        end: replay.end,
    };
    if args.common.json {
        ctx.out.json(&report)?;
    } else {
        let out = &mut ctx.out;
        if report.black {
            out.line(&format!(
                "Revertigo {dims}: the walk of {} turns every cell black",
                moves(report.moves)
            ))?;
        } else {
            let white = format!("{} cell(s) still white", report.white.len());
            out.line(&format!(
                "Revertigo {dims}: {} after the walk of {}",
                out.paint(Tone::Bad, &white),
                moves(report.moves)
            ))?;
        }
        if !args.common.quiet {
            out.line("board after the walk (# black, . white):")?;
            for row in &report.board {
                out.line(row)?;
            }
            out.line("activation map of the walk (# odd, _ even):")?;
            for row in &report.map {
                out.line(row)?;
            }
        }
        if !report.black {
            let cells: Vec<String> = report.white.iter().map(Pos::to_string).collect();
            out.line(&format!("white cells: {}", cells.join(" ")))?;
        }
    }
    Ok(if report.black {
        Outcome::Answered
    } else {
        Outcome::NoSolution
    })
}

/// "1 move", "9 moves".
fn moves(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

fn list_all(args: &Args, solver: &Solver, ctx: &mut Context) -> Result<Outcome, Failure> {
    let json = args.common.json;
    let nullity = solver.analysis().nullity();
    list_coset(
        solver,
        nullity,
        "activation maps to list",
        args.limit,
        &args.common,
        ctx,
        |out, k, map| {
            if json {
                return out.json(&map.row_strings('#', '_'));
            }
            out.line(&format!("map {k} ({} activated):", map.count_ones()))?;
            map.row_strings('#', '_')
                .iter()
                .try_for_each(|r| out.line(r))
        },
    )
}
