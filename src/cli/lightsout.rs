//! `puzzles lightsout`: a random or given position, solved, counted or listed.

use super::{parse_side, Common, Context, Exit, Failure};
use puzzles::input::Source;
use puzzles::lightsout::{
    Answer, BoardSource, GraphRule, LightsOut, LightsOutMethod, Mode, Pattern, Pressed, Request,
};
use puzzles::listing::Limit;
use puzzles::Error;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  puzzles lightsout 5 --seed 1\n  puzzles examples lightsout/5x5-all-on | puzzles lightsout --state - --all\n  puzzles lightsout 300 400 --quiet\n  puzzles lightsout 3 --seed 1 --check presses.txt"
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
    method: Option<LightsOutMethod>,
    /// Print only the number of solutions.
    #[arg(long, conflicts_with_all = ["all", "output", "quiet_patterns", "min"])]
    count: bool,
    /// Presses wrap around the edges (a torus).
    #[arg(long)]
    torus: bool,
    /// Find the solution with the fewest presses (exact while 2^nullity is small).
    #[arg(long, conflicts_with = "all")]
    min: bool,
    /// List every solution (at most --limit).
    #[arg(long, conflicts_with_all = ["output", "quiet_patterns", "svg", "sheet"])]
    all: bool,
    /// With --all: list at most K solutions.
    #[arg(long, value_name = "K", requires = "all")]
    limit: Option<u64>,
    /// Also print a basis of the quiet patterns (presses that change nothing).
    #[arg(long)]
    quiet_patterns: bool,
    /// Write the presses to FILE (one row a line, as a state file: 0/1 for two states) instead of the terminal, for huge boards.
    #[arg(long, value_name = "FILE")]
    output: Option<String>,
    /// Check the presses in FILE (`-` for stdin; rows of 0/1, ./# or X, or
    /// how many times each cell with --states; with --graph, the names of the
    /// vertices pressed, `name*c` for c presses) on the board: exit 0 if every
    /// light goes off, 1 if not (the lights left on are shown).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "all", "min", "quiet_patterns", "output", "nullity"])]
    check: Option<String>,
    /// Print the nullity of every n×n board for n in A..B (inclusive): the classic
    /// game on the plane by Sutner's gcd, no board built; any other game (or
    /// --method) solves each dark board, within the limits of one board.
    #[arg(long, value_name = "A..B", value_parser = puzzles::input::parse_side_range, conflicts_with_all = ["rows", "state", "all", "count", "seed", "min", "quiet_patterns", "output", "svg", "sheet"])]
    nullity: Option<(usize, usize)>,
    /// Play in the terminal: click or arrows+space press, s hints, u undo, r new board, q quits.
    #[arg(long, conflicts_with_all = ["count", "all", "min", "quiet_patterns", "output", "nullity", "graph", "check"])]
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
    /// Solve step by step as the Lights Out documents do by hand: the lab's
    /// full elimination (each pivot, its row operations and the augmented
    /// matrix) or, with --method chase, the chapter's light chasing (each
    /// row, then the first row's system); one step after another, JSON Lines with --json.
    #[arg(long, conflicts_with_all = ["count", "all", "min", "quiet_patterns", "output", "nullity", "graph", "check", "play"])]
    steps: bool,
    /// With --steps: show at most N steps (the others are counted, and the count said).
    #[arg(long, value_name = "N", requires = "steps")]
    max_steps: Option<u64>,
    #[command(flatten)]
    common: Common,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Exit, Failure> {
    let graph = args.graph.is_some();
    let for_graphs = super::given(
        &[(args.no_self, "--no-self"), (args.on.is_some(), "--on")],
        "goes",
        "go",
    );
    let for_boards = super::given(
        &[
            (args.common.svg.is_some(), "--svg"),
            (args.common.sheet.is_some(), "--sheet"),
            (args.seed.is_some(), "--seed"),
        ],
        "is",
        "are",
    );
    super::refuse_unused(&[
        (
            !graph && !for_graphs.is_empty(),
            &format!("{for_graphs} with --graph (a board has no vertices to name)"),
        ),
        (
            graph && !for_boards.is_empty(),
            &format!("{for_boards} for boards; a graph has none"),
        ),
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
    let pattern = args
        .pattern
        .as_deref()
        .map_or(Ok(Pattern::cross()), Pattern::from_arg)?;
    if args.play {
        return super::play::play_lightsout(play_start(&args), args.states, pattern, ctx);
    }
    let request = request(&args, pattern)?;
    let mut answer = super::ask::<LightsOut>(&request, &args.common, ctx, None)?;
    let mut unwritten = None;
    if let (Answer::Solve(s), Some(path)) = (&mut answer, &args.output) {
        if let Some(Pressed::Cells(presses)) = &s.presses {
            // Written, the presses leave the report (the file holds them); not
            // written, they stay in it, printed, and the failure is named after.
            match puzzles::input::write_rows(path, &presses.symbol_rows(s.setup.states())) {
                Ok(()) => {
                    s.output = Some(path.clone());
                    s.presses = None;
                }
                Err(e) => unwritten = Some(super::outputs::write_failure("--output", path, e)),
            }
        }
    }
    super::conclude::<LightsOut>(&answer, &args.common, ctx, unwritten)
}

/// The arguments as one library request.
fn request(args: &Args, pattern: Pattern) -> Result<Request, Error> {
    let board = match (&args.graph, &args.state, args.rows) {
        (Some(path), _, _) => {
            let source = Source::read(path)?;
            Some(BoardSource::Graph {
                name: source.name,
                text: source.text,
                on: args.on.clone(),
                rule: match args.no_self {
                    true => GraphRule::Sigma,
                    false => GraphRule::SigmaPlus,
                },
            })
        }
        (None, Some(path), _) => {
            let source = Source::read(path)?;
            Some(BoardSource::Given {
                name: source.name,
                text: source.text,
            })
        }
        (None, None, Some(rows)) => Some(BoardSource::Random {
            rows,
            cols: args.cols.unwrap_or(rows),
            seed: args.seed,
        }),
        (None, None, None) if args.nullity.is_some() => None,
        (None, None, None) => {
            return Err(Error::usage(
                "give a board size (puzzles lightsout ROWS [COLS]) or --state FILE",
            ))
        }
    };
    let mode = match (args.nullity, args.all, args.count) {
        _ if args.steps => Mode::Steps {
            max_steps: Limit::from_option(args.max_steps)?,
        },
        _ if args.check.is_some() => Mode::Check {
            presses: Pressed::read(
                &Source::read(args.check.as_deref().unwrap_or("-"))?,
                args.states,
                args.graph.is_some(),
            )?,
        },
        (Some((from, to)), _, _) => Mode::Table { from, to },
        (None, true, _) => Mode::List {
            limit: Limit::from_option(args.limit)?,
        },
        (None, false, true) => Mode::Count,
        (None, false, false) => Mode::Solve {
            fewest: args.min,
            quiet_patterns: args.quiet_patterns,
        },
    };
    Ok(Request {
        board,
        states: args.states,
        pattern,
        torus: args.torus,
        method: args.method,
        mode,
    })
}

/// Where `--play` starts: a file, or a random board of the size given.
fn play_start(args: &Args) -> super::play::LightsOutStart {
    super::play::LightsOutStart {
        state: args.state.clone(),
        rows: args.rows,
        cols: args.cols,
        seed: args.seed,
        torus: args.torus,
    }
}
