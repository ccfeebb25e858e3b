//! `puzzles sudoku`: one grid or a batch file, solved (with the uniqueness answer), counted or listed.

mod explain;

use super::{Common, Context, Exit, Failure};
use puzzles::input::Source;
use puzzles::listing::Limit;
use puzzles::render::Picture;
use puzzles::sudoku::{
    self, Batch, BatchAnswer, BatchOptions, Mode, Scan, Shape, Solver, Sudoku, Transformer,
};
use puzzles::{random, Error, GridPuzzle, Stop};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: 81 characters on a line (. or 0 empty), or a grid over several lines with or \
without | - + separators; values above 9 as letters (A = 10) or as space-separated numbers; \
# starts a comment line. A file with one puzzle per line is a batch: one answer line per puzzle \
(solution line then unique/multiple, or none).\n\nExamples:\n  puzzles sudoku puzzles/sudoku/9x9-line.txt\n  \
puzzles sudoku puzzles/sudoku/4x4-empty.txt --count\n  puzzles sudoku puzzles/sudoku/batch-9x9.txt --json"
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
    #[arg(long)]
    all: bool,
    /// With --count or --all: stop after K solutions.
    #[arg(long, value_name = "K")]
    limit: Option<u64>,
    /// Solve a batch on N threads (answers stay in input order); one 25×25 or
    /// larger puzzle: N differently seeded SAT searches at once, the first to decide answers.
    #[arg(long, short, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: u64,
    /// Print each puzzle moved by a random symmetry of the Sudoku page (band, stack,
    /// row and column permutations, transposition, relabelling), one per line.
    #[arg(long, conflicts_with_all = ["count", "all"])]
    transform: bool,
    /// Generate K minimal puzzles with a unique solution, one per line.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=100_000))]
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
    /// With --explain, --hint or --rate of one grid: give up after SECONDS
    /// (default: 8 for a hint and 120 otherwise on grids past 16×16, no limit on
    /// smaller ones; 0: no limit). Past 16×16 a spinner shows the work on a terminal.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<u64>,
    /// Rate the puzzle (each puzzle of a batch) on Sudoku Explainer's scale: rating, hardest technique, steps.
    #[arg(long, conflicts_with_all = ["count", "all", "transform"])]
    rate: bool,
    /// The box shape, R rows by C columns (2x3 for 6×6 boards); by default the squarest for the cell count.
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<String>,
    /// With --generate: the rating band.
    #[arg(long, requires = "generate", value_parser = ["easy", "medium", "hard", "expert", "extreme"])]
    difficulty: Option<String>,
    /// With --generate: the symmetry of the clue pattern.
    #[arg(long, requires = "generate", value_parser = ["none", "rotate180", "rotate90", "mirror", "diagonal"])]
    symmetry: Option<String>,
    /// Play in the terminal: arrows or click pick a cell, digits enter, p pencil marks, h hint, c check, u undo, q quits.
    #[arg(long, conflicts_with_all = ["count", "all", "transform", "explain", "hint", "rate", "json"])]
    play: bool,
    #[command(flatten)]
    common: Common,
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Exit, Failure> {
    refuse_unused(&args)?;
    let limit = Limit::from_option(args.limit)?;
    let mode = if args.count {
        Mode::Count(limit)
    } else {
        Mode::Solve
    };
    let shape = args.box_shape.as_deref().map(Shape::parse).transpose()?;
    if args.play {
        let start = super::play::SudokuStart {
            file: args.file.clone(),
            generate: args.generate,
            shape,
            size: args.size,
            order: args.order.unwrap_or(3) as usize,
            difficulty: args.difficulty.clone(),
            symmetry: args.symmetry.clone(),
            seed: args.seed,
        };
        return super::play::play_sudoku(start, ctx);
    }
    if let Some(k) = args.generate {
        let shape = Shape::chosen(shape, args.size, args.order.unwrap_or(3) as usize)?;
        if args.difficulty.is_some() || args.symmetry.is_some() {
            return explain::generate(&args, shape, k, ctx);
        }
        return generate(&args, shape, k, ctx);
    }
    if args.explain || args.hint || args.rate {
        return explain::run(&args, shape, ctx);
    }
    let source = Source::read(args.file.as_deref().unwrap_or("-"))?;
    let input = sudoku::scan_shaped(&source, shape)?;
    // Searches and batches poll the stop flag and print the answers so far.
    ctx.interruptible();
    if args.transform {
        return transform(&args, &source, input, ctx);
    }
    match input {
        Scan::Single(puzzle) => {
            if args.all {
                return list_all(&args, puzzle, limit, ctx);
            }
            // A count may run long: it shows a spinner.
            let ctl = match mode {
                Mode::Count(_) => ctx.progress(&args.common, None, "solutions"),
                Mode::Solve => ctx.control.clone(),
            };
            let report = sudoku::answer_threaded(puzzle.clone(), mode, args.jobs as usize, &ctl)?;
            args.common.draw(&|p: Picture| {
                Solver::new(puzzle.clone()).render_svg(p.shows(report.grid.as_ref()))
            })?;
            ctx.out.report(&report, args.common.json, args.common.quiet)
        }
        Scan::Batch(lines) => {
            if args.all {
                return Err(
                    Error::usage("--all lists the solutions of one grid, not of a batch").into(),
                );
            }
            batch(&args, &source, &lines, mode, ctx)
        }
    }
}

/// Refuses the options the chosen mode would not use.
fn refuse_unused(args: &Args) -> Result<(), Error> {
    let stepwise = args.explain || args.hint || args.rate;
    let made = args.generate.is_some() || args.play;
    let shaped = args.order.is_some()
        || args.size.is_some()
        || args.difficulty.is_some()
        || args.symmetry.is_some();
    let svg = args.common.draws();
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
            shaped && !made,
            "--order, --size, --difficulty and --symmetry go with --generate",
        ),
        (
            args.seed.is_some() && !made && !args.transform,
            "--seed goes with --generate or --transform",
        ),
        (
            args.generate.is_some() && (stepwise || args.count || args.all || args.transform),
            "--generate makes puzzles: --count, --all, --transform, --explain, --hint and --rate take a FILE",
        ),
        (
            svg && (stepwise || args.transform || args.all || args.generate.is_some()),
            "--svg draws one grid solved or counted; --explain, --hint, --rate, --transform, --all and --generate draw nothing",
        ),
    ])
}

fn batch(
    args: &Args,
    source: &Source,
    lines: &Batch,
    mode: Mode,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    if args.common.draws() {
        let e = Error::usage("--svg draws one grid, not a batch");
        return Err(e.into());
    }
    let ctl = ctx.progress(&args.common, Some(lines.len() as u64), "puzzles");
    let options = BatchOptions {
        mode,
        reports: args.common.json,
        jobs: args.jobs as usize,
    };
    let out = &mut ctx.out;
    let mut written = Ok(());
    let summary = sudoku::batch(source, lines, options, &ctl, |answer| {
        written = match answer {
            BatchAnswer::Text(text) => out.bytes(text),
            BatchAnswer::Report(report) => out.json(&report),
            BatchAnswer::Bad(e) => out.flush().map(|()| eprintln!("puzzles: {e}")),
        };
        super::continue_if_ok(&written)
    })?;
    written?;
    if summary.interrupted {
        return Ok(Exit::Interrupted);
    }
    end_of_batch(summary.bad, summary.none, ctx)
}

/// How a batch ends: refused (exit 2) when some lines were not puzzles (each
/// reported on stderr as it came), else no solution (1) when a puzzle had none.
fn end_of_batch(bad: bool, none: bool, ctx: &mut Context) -> Result<Exit, Failure> {
    if bad {
        ctx.out.flush()?;
        let e = Error::usage("some lines of the batch are not puzzles (reported above)");
        return Err(e.into());
    }
    Ok(if none {
        Exit::NoSolution
    } else {
        Exit::Answered
    })
}

/// `--all`: every solution of one grid, up to the limit, each verified;
/// streamed as text, or held in one JSON report.
fn list_all(args: &Args, puzzle: Sudoku, limit: Limit, ctx: &mut Context) -> Result<Exit, Failure> {
    let ctl = ctx.progress(&args.common, limit.get(), "solutions");
    if args.common.json {
        let report = sudoku::list_held(puzzle, limit, &ctl)?;
        ctx.out.json(&report)?;
        return Ok(match report.count {
            _ if report.interrupted => Exit::Interrupted,
            Some(0) => Exit::NoSolution,
            _ => Exit::Answered,
        });
    }
    let out = &mut ctx.out;
    let mut written = Ok(());
    let tally = sudoku::list(puzzle, limit, &ctl, |_, s| {
        written = out.line(&s.to_line());
        super::continue_if_ok(&written)
    })?;
    written?;
    match tally.stopped {
        // Like every note of a partial answer, on stderr: stdout keeps whole solutions only.
        Some(Stop::Interrupted) => {
            out.flush()?;
            super::partial_note(&format!(
                "interrupted: the list is partial ({} solutions listed)",
                tally.found
            ));
        }
        Some(Stop::Limit) => {
            out.line(&format!("{} solutions (stopped at the limit)", tally.found))?
        }
        None => out.line(&format!("{} solutions", tally.found))?,
    }
    Ok(match tally.stopped {
        Some(Stop::Interrupted) => Exit::Interrupted,
        _ if tally.found == 0 => Exit::NoSolution,
        _ => Exit::Answered,
    })
}

/// `--generate K`: minimal puzzles with a unique solution, each checked before it is printed.
fn generate(args: &Args, shape: Shape, k: u64, ctx: &mut Context) -> Result<Exit, Failure> {
    let seed = args.seed.unwrap_or_else(random::fresh_seed);
    if !args.common.json {
        let [r, c] = shape.box_dims();
        ctx.out.line(&format!(
            "# puzzles sudoku --generate {k} --box {r}x{c} --seed {seed}"
        ))?;
    }
    // Ctrl-C stops between searches; the puzzles printed so far are kept.
    ctx.interruptible();
    let ctl = ctx.progress(&args.common, Some(k), "puzzles");
    let json = args.common.json;
    let out = &mut ctx.out;
    let mut written = Ok(());
    let tally = sudoku::generate_puzzles(shape, k, seed, &ctl, |made| {
        written = if json {
            out.json(&made)
        } else {
            out.line(&made.puzzle)
        };
        super::continue_if_ok(&written)
    })?;
    written?;
    ctl.progress().finish();
    if tally.stopped.is_some() {
        ctx.out.flush()?;
        return Ok(Exit::Interrupted);
    }
    Ok(Exit::Answered)
}

/// `--transform`: every puzzle moved by its own random symmetry, one per line.
fn transform(
    args: &Args,
    source: &Source,
    input: Scan,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    let seed = args.seed.unwrap_or_else(random::fresh_seed);
    let mut transformer = Transformer::new(seed);
    let puzzles: Vec<Result<Sudoku, Error>> = match input {
        Scan::Single(p) => vec![Ok(p)],
        Scan::Batch(lines) => lines.iter().map(|l| l.puzzle(source)).collect(),
    };
    if !args.common.json {
        ctx.out
            .line(&format!("# puzzles sudoku --transform --seed {seed}"))?;
    }
    let mut bad = false;
    for p in puzzles {
        let p = match p {
            Ok(p) => p,
            Err(e) => {
                bad = true;
                ctx.out.flush()?;
                eprintln!("puzzles: {e}");
                continue;
            }
        };
        let made = transformer.apply(&p)?;
        if args.common.json {
            ctx.out.json(&made)?;
        } else {
            ctx.out.line(&made.puzzle)?;
        }
    }
    end_of_batch(bad, false, ctx)
}
