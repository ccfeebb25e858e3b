//! `puzzles sudoku`: the flags made into one request (solve, count, list, transform, generate, explain, hint or rate), answered once, printed.

use super::{Common, Context, Exit, Failure};
use puzzles::input::Source;
use puzzles::sudoku::TechniqueSet;
use puzzles::sudoku::{Difficulty, Symmetry};
use puzzles::sudoku::{Mode, Request, Shape, Sudoku};
use puzzles::Error;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: 81 characters on a line (. or 0 empty), or a grid over several lines with or \
without | - + separators; values above 9 as letters (A = 10) or as space-separated numbers; \
# starts a comment line. A file with one puzzle per line is a batch: one answer line per puzzle \
(solution line then unique/multiple, or none).\n\nExamples (the files built into `puzzles examples`):\n  \
puzzles examples sudoku/9x9-line | puzzles sudoku -\n  puzzles examples sudoku/4x4-empty | puzzles sudoku - --count\n  \
puzzles examples sudoku/batch-9x9 | puzzles sudoku - --json\n  puzzles sudoku --generate 1 --difficulty hard --seed 3"
)]
pub struct Args {
    /// The puzzle file (`-` for stdin): one grid, or one puzzle per line.
    #[arg(
        value_name = "FILE",
        required_unless_present = "generate",
        conflicts_with = "generate"
    )]
    file: Option<String>,
    /// Count the solutions (stop at --limit K when given).
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// List every solution (at most --limit).
    #[arg(long, conflicts_with_all = ["svg", "sheet"])]
    all: bool,
    /// With --count or --all: stop after K solutions (a batch's --count stops
    /// each line at 1,000,000 when no K is given).
    #[arg(long, value_name = "K")]
    limit: Option<u64>,
    /// Solve a batch on N threads (answers stay in input order); one 25×25 or
    /// larger puzzle: N differently seeded SAT searches at once, the first to decide answers.
    #[arg(long, short, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: u64,
    /// Print each puzzle moved by a random symmetry of the Sudoku page (band, stack,
    /// row and column permutations, transposition, relabelling), one per line.
    #[arg(long, conflicts_with_all = ["count", "all", "svg", "sheet"])]
    transform: bool,
    /// Generate K minimal puzzles with a unique solution, one per line.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=Request::MAX_GENERATED), conflicts_with_all = ["explain", "hint", "rate", "count", "all", "transform"])]
    generate: Option<u64>,
    /// With --generate: the order n (n²×n² grids), 2 to 6 (default 3).
    #[arg(long, value_name = "N", requires = "generate", conflicts_with = "box_shape", value_parser = clap::value_parser!(u64).range(2..=6))]
    order: Option<u64>,
    /// With --generate: N×N grids with the squarest boxes (6: 2×3), 4 to 36.
    #[arg(
        long,
        value_name = "N",
        requires = "generate",
        conflicts_with = "order"
    )]
    size: Option<usize>,
    /// The seed of --generate and --transform (printed, so any run can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// Explain the solution step by step: each step's technique, cells, placements and
    /// eliminations, then the rating (Sudoku Explainer's scale).
    #[arg(long, conflicts_with_all = ["count", "all", "transform", "hint", "rate"])]
    explain: bool,
    /// With --explain: print the candidate grid each step acts on before it (on 9×9, each cell a 3×3 block of its candidates).
    #[arg(long, requires = "explain")]
    candidates: bool,
    /// Print only the next step for a partly filled grid.
    #[arg(long, conflicts_with_all = ["count", "all", "transform", "rate"])]
    hint: bool,
    /// With --hint: the pencil marks, one field of candidate digits per cell.
    #[arg(long, value_name = "FILE", requires = "hint")]
    marks: Option<String>,
    /// With --explain, --hint or --rate: give up after SECONDS (default: 8 for a
    /// hint and 120 otherwise on grids past 16×16, no limit on smaller ones; 0: no
    /// limit); a batch's --rate gives up on each line past SECONDS and goes on.
    /// Past 16×16 a spinner shows the work on a terminal.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<u64>,
    /// Rate the puzzle (each puzzle of a batch) on Sudoku Explainer's scale: rating, hardest technique, steps.
    #[arg(long, conflicts_with_all = ["count", "all", "transform"])]
    rate: bool,
    /// With --explain, --hint or --rate: the techniques, and so the scale of the ratings:
    /// `classic` (Sudoku Explainer 1.2.1's) or `sukaku` (Sukaku Explainer's default set, the
    /// Sudoku Exchange bank's ratings: skyscrapers, kites, Turbot fish, 3 and 4 strong links,
    /// WXYZ- to TUVWXYZ-wings besides).
    #[arg(long, value_enum, value_name = "SET")]
    techniques: Option<TechniqueSet>,
    /// Check the filled grid in FILE (`-` for stdin; any layout a grid is
    /// read in) against the puzzle: exit 0 if it solves it, 1 if not (the
    /// cells that clash, an empty cell or a changed clue is named).
    #[arg(long, value_name = "SOLUTION", conflicts_with_all = ["count", "all", "transform", "explain", "hint", "rate", "generate", "play"])]
    check: Option<String>,
    /// The box shape, R rows by C columns (2x3 for 6×6 boards); by default the squarest for the cell count.
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<String>,
    /// With --generate: the rating band.
    #[arg(long, value_enum, requires = "generate")]
    difficulty: Option<Difficulty>,
    /// With --generate: the symmetry of the clue pattern.
    #[arg(long, value_enum, requires = "generate")]
    symmetry: Option<Symmetry>,
    /// Play in the terminal: arrows or click pick a cell, digits enter, p pencil marks, h hint, c check, u undo, q quits.
    #[arg(long, conflicts_with_all = ["count", "all", "transform", "explain", "hint", "rate", "json", "check"])]
    play: bool,
    /// The Sudoku page's backtracking step by step, the most constrained
    /// cell first: each node's cell and candidates, each guess, each
    /// backtrack (JSON Lines with --json).
    #[arg(long, conflicts_with_all = ["count", "all", "transform", "explain", "hint", "rate", "generate", "check", "play"])]
    steps: bool,
    /// With --steps: show at most N steps (the others are counted, and the count said).
    #[arg(long, value_name = "N", requires = "steps")]
    max_steps: Option<u64>,
    #[command(flatten)]
    common: Common,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Exit, Failure> {
    refuse_unused(&args)?;
    let request = request(&args)?.seeded();
    if args.play {
        return super::play::play_sudoku(request, ctx);
    }
    if args.common.draws() && request.is_batch()? {
        return Err(Error::usage(format!(
            "{} draws one grid, not a batch",
            args.common.drawing_options()
        ))
        .into());
    }
    args.common.check_files(&[])?;
    let answer = super::ask::<Sudoku>(&request, &args.common, ctx, request.heading())?;
    let exit = super::conclude::<Sudoku>(&answer, &args.common, ctx, None)?;
    match answer.refusal() {
        Some(e) => Err(e.into()),
        None => Ok(exit),
    }
}

/// The one request the flags ask for.
fn request(args: &Args) -> Result<Request, Failure> {
    let limit = puzzles::listing::Limit::from_option(args.limit)?;
    let mode = if let Some(count) = args.generate {
        Mode::Generate {
            count,
            difficulty: args.difficulty,
            symmetry: args.symmetry,
        }
    } else if args.count {
        Mode::Count { limit }
    } else if args.all {
        Mode::List { limit }
    } else if args.transform {
        Mode::Transform
    } else if args.explain {
        Mode::Explain {
            candidates: args.candidates,
        }
    } else if args.hint {
        Mode::Hint {
            marks: args.marks.as_deref().map(Source::read).transpose()?,
        }
    } else if args.rate {
        Mode::Rate
    } else if args.steps {
        Mode::Steps {
            max_steps: puzzles::listing::Limit::from_option(args.max_steps)?,
        }
    } else if let Some(path) = &args.check {
        Mode::Check {
            solution: Source::read(path)?.text,
        }
    } else {
        Mode::Solve
    };
    let source = match mode {
        Mode::Generate { .. } => None,
        _ => Some(Source::read(args.file.as_deref().unwrap_or("-"))?),
    };
    let box_shape = args.box_shape.as_deref().map(Shape::parse).transpose()?;
    let shape = match mode {
        Mode::Generate { .. } => Some(Shape::chosen(
            box_shape,
            args.size,
            args.order.unwrap_or(3) as usize,
        )?),
        _ => box_shape,
    };
    Ok(Request {
        source,
        shape,
        seed: args.seed,
        jobs: args.jobs as usize,
        time_limit: args.time_limit,
        techniques: args.techniques.unwrap_or_default(),
        reports: args.common.json,
        mode,
    })
}

/// Refuses the options the chosen mode would not use.
fn refuse_unused(args: &Args) -> Result<(), Error> {
    let stepwise = args.explain || args.hint || args.rate;
    let made = args.generate.is_some() || args.play;
    let shape = [
        (args.order.is_some(), "--order"),
        (args.size.is_some(), "--size"),
        (args.difficulty.is_some(), "--difficulty"),
        (args.symmetry.is_some(), "--symmetry"),
    ];
    let shaped = shape.iter().any(|o| o.0);
    let seeded_shape = [&[(args.seed.is_some(), "--seed")][..], &shape].concat();
    super::refuse_unused(&[
        (
            args.limit.is_some() && !args.count && !args.all,
            "--limit goes with --count or --all",
        ),
        (
            args.marks.is_some() && !args.hint,
            "--marks goes with --hint (the pencil marks of the grid to hint)",
        ),
        (
            args.candidates && !args.explain,
            "--candidates goes with --explain (the candidate grid before each step)",
        ),
        (
            args.time_limit.is_some() && !stepwise,
            "--time-limit goes with --explain, --hint or --rate",
        ),
        (
            args.max_steps.is_some() && !args.steps,
            "--max-steps goes with --steps",
        ),
        (
            args.techniques.is_some() && !stepwise,
            "--techniques goes with --explain, --hint or --rate",
        ),
        (
            shaped && !made,
            &format!("{} with --generate", super::given(&shape, "goes", "go")),
        ),
        (
            args.seed.is_some() && !made && !args.transform,
            "--seed goes with --generate or --transform",
        ),
        (
            args.play && args.generate.is_some_and(|k| k != 1),
            "--play plays one puzzle: --generate 1",
        ),
        (
            args.common.draws() && args.generate.is_some_and(|k| k != 1),
            "--svg and --sheet draw one grid: --generate 1",
        ),
        (
            args.common.quiet && args.rate,
            "--quiet leaves nothing out of a rating, which is one line already",
        ),
        (
            args.common.quiet && args.candidates,
            "--quiet leaves the steps out, and --candidates their candidate grids: give one",
        ),
        (
            args.play && args.generate.is_none() && (args.seed.is_some() || shaped),
            &format!(
                "{} with --generate 1 --play",
                super::given(&seeded_shape, "goes", "go")
            ),
        ),
        (
            args.play && args.generate.is_none() && args.file.as_deref().is_none_or(|f| f == "-"),
            "--play reads the keyboard on stdin: give the puzzle as a file, not -",
        ),
    ])
}
