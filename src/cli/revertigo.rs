//! `puzzles revertigo`: the activation map, the number of maps and a replayed walk; or a user's walk checked.

use super::{parse_side, Common, Context, Exit, Failure};
use puzzles::grid::Dims;
use puzzles::input::Source;
use puzzles::listing::Limit;
use puzzles::revertigo::{Answer, Builder, Mode, Request, Revertigo, RevertigoMethod};
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
    #[arg(long, conflicts_with = "rows")]
    seed: Option<u64>,
    /// How the activation maps are found (all agree; chase, the default, is the fast one).
    #[arg(long, value_enum)]
    method: Option<RevertigoMethod>,
    /// How the walk is built: short (default), diagonal (the page's moves on
    /// the method's map), shortest (exact, boards of at most 16 cells).
    #[arg(long, value_enum)]
    builder: Option<Builder>,
    /// Same as --builder shortest: a walk of the fewest moves (boards of at most 16 cells).
    #[arg(long, conflicts_with = "builder")]
    shortest: bool,
    /// Replay WALK (letters N/E/S/W, O for west; or a FILE holding them, `-`
    /// for stdin) on the ROWS×COLS board: exit 0 if it turns every cell
    /// black, 1 if not (the white cells, or the first letter that is not a
    /// move or leaves the board, are shown).
    #[arg(long, value_name = "WALK", conflicts_with_all = ["all", "shortest", "output", "method", "builder"])]
    check: Option<String>,
    /// List every activation map (at most --limit).
    #[arg(long, conflicts_with_all = ["builder", "shortest", "output", "svg", "sheet"])]
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
    /// The page's polynomial method step by step: each row's cells as forms
    /// in the first row's unknowns, the system they give, its solution (JSON Lines with --json).
    #[arg(long, conflicts_with_all = ["check", "all", "output", "shortest", "play", "method", "builder"])]
    steps: bool,
    /// With --steps: show at most N steps (the others are counted, and the count said).
    #[arg(long, value_name = "N", requires = "steps")]
    max_steps: Option<u64>,
    #[command(flatten)]
    common: Common,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Exit, Failure> {
    super::refuse_unused(&[
        (args.limit.is_some() && !args.all, "--limit goes with --all"),
        (
            args.max_steps.is_some() && !args.steps,
            "--max-steps goes with --steps",
        ),
    ])?;
    args.common
        .check_files(&[("--output", args.output.as_deref())])?;
    if let Some(rows) = args.rows {
        args.common
            .check_drawable(rows, args.cols.unwrap_or(rows))?;
    }
    let request = request(&args)?;
    if args.play {
        let (dims, seed) = request.board()?;
        return super::play::play_revertigo(dims, seed, ctx);
    }
    let mut answer = super::ask::<Revertigo>(&request, &args.common, ctx, None)?;
    let mut unwritten = None;
    if let (Answer::Solve(report), Some(path)) = (&mut answer, &args.output) {
        // Written, the walk leaves the report (the file holds it); not written,
        // it stays in it, printed, and the failure is named after.
        let walk = report.walk.clone().unwrap_or_default();
        match puzzles::input::write_rows(path, &[walk]) {
            Ok(()) => {
                report.walk = None;
                report.output = Some(path.clone());
            }
            Err(e) => unwritten = Some(super::outputs::write_failure("--output", path, e)),
        }
    }
    super::conclude::<Revertigo>(&answer, &args.common, ctx, unwritten)
}

/// The one request the flags ask for.
fn request(args: &Args) -> Result<Request, Failure> {
    let dims = args.rows.map(|rows| Dims {
        rows,
        cols: args.cols.unwrap_or(rows),
    });
    let mode = match (&args.check, args.all) {
        (Some(walk), _) => {
            if dims.is_none() {
                return Err(Error::usage(
                    "--check needs the board size: puzzles revertigo ROWS [COLS] --check WALK",
                )
                .into());
            }
            Mode::Check {
                walk: walk_letters(walk)?,
            }
        }
        (None, true) => Mode::List {
            limit: Limit::from_option(args.limit)?,
        },
        (None, false) if args.steps => Mode::Steps {
            max_steps: Limit::from_option(args.max_steps)?,
        },
        (None, false) => Mode::Solve,
    };
    Ok(Request {
        dims,
        seed: args.seed,
        method: args.method.unwrap_or_default(),
        builder: match args.shortest {
            true => Builder::Shortest,
            false => args.builder.unwrap_or_default(),
        },
        mode,
    })
}

/// The walk of `--check`: letters, or `-` for standard input, or a file
/// holding them (as `--output` writes it); a path (with `/` or `.`) to no
/// file is refused naming it, not read as letters.
fn walk_letters(arg: &str) -> Result<String, Failure> {
    let path = std::path::Path::new(arg);
    if arg == "-" || path.is_file() {
        return Ok(Source::read(arg)?.text.trim().to_string());
    }
    if !arg.contains(['/', '\\', '.']) {
        return Ok(arg.to_string());
    }
    let what = match path.exists() {
        true => "not a file",
        false => "no such file",
    };
    Err(Error::usage(format!(
        "--check '{}': {what}, and not a walk (letters N, E, S, W, O for west)",
        arg.escape_debug()
    ))
    .into())
}
