//! `puzzles knight`: one tour (open or closed) printed as the knight's tour lab prints it, or every tour counted or listed.

use super::{parse_side, Common, Context, Exit, Failure};
use puzzles::grid::Dims;
use puzzles::knight::{CountMethod, Knight, Mode, MoveOrder, Request, Shard, Starts};
use puzzles::listing::Limit;
use std::path::PathBuf;

/// The modes a count's options are refused in (clap waives their
/// `requires = "count"` when an option that excludes `--count` is given).
const NOT_COUNTING: [&str; 4] = ["all", "magic", "animate", "steps"];

#[derive(Debug, clap::Args)]
#[command(after_help = after_help())]
pub struct Args {
    /// Rows of the board.
    #[arg(value_parser = parse_side)]
    rows: usize,
    /// Columns (default: as many as rows).
    #[arg(value_parser = parse_side)]
    cols: Option<usize>,
    /// The knight's first square: row,col (0-based, row 0 at the top) or algebraic a1
    /// (bottom-left); 0,0 when not given. Not with --all-starts, --sum or --magic,
    /// which choose their own.
    #[arg(long, value_name = "SQUARE", conflicts_with_all = ["all_starts", "sum", "magic"])]
    start: Option<String>,
    /// A closed tour: the last square a knight's move from the first.
    #[arg(long)]
    closed: bool,
    /// warnsdorff: fewest onward moves first (Roth's tie-break, the default); plain: the knight's tour lab's move order.
    #[arg(long, value_enum, conflicts_with_all = ["count", "magic"])]
    order: Option<MoveOrder>,
    /// Count every tour from the start (directed; closed tours also as cycles).
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// With --count: count from every square of the board.
    #[arg(long, requires = "count", conflicts_with_all = NOT_COUNTING)]
    all_starts: bool,
    /// With --count: only the sum over every square (open tours: one frontier run, not one a square).
    #[arg(long, requires = "count", conflicts_with = "all_starts", conflicts_with_all = NOT_COUNTING)]
    sum: bool,
    /// With --count: backtrack (cost grows with the tours; boards of at most 128 squares),
    /// frontier (a dynamic programme whose cost grows with its states; a side of at most 8),
    /// or auto (the faster for the board).
    #[arg(long, value_enum, default_value_t = CountMethod::Auto, requires = "count", conflicts_with_all = NOT_COUNTING)]
    method: CountMethod,
    /// With --count: the memory the frontier programme may take, in MiB (larger boards are refused).
    #[arg(long, value_name = "MIB", requires = "count", conflicts_with_all = NOT_COUNTING)]
    memory: Option<u64>,
    /// With --count: count only part i of N (1 ≤ i ≤ N); the N parts add up to the whole count.
    #[arg(long, value_name = "i/N", requires = "count", conflicts_with_all = NOT_COUNTING)]
    shard: Option<Shard>,
    /// With --count (open tours): only the tours from --start to this square.
    #[arg(long, value_name = "SQUARE", requires = "count", conflicts_with_all = ["closed", "sum", "all_starts", "all", "magic", "animate", "steps"])]
    end: Option<String>,
    /// With --count by classes of ends (--method pairs or starts, or auto past what one run
    /// holds): count only every N-th class from the i-th (1 ≤ i ≤ N); merge the parts' checkpoints.
    #[arg(long, value_name = "i/N", value_parser = parse_part, requires = "count", conflicts_with_all = NOT_COUNTING)]
    part: Option<Shard>,
    /// With --count by classes of ends: record each class counted in FILE, and resume from it.
    #[arg(long, value_name = "FILE", requires = "count", conflicts_with_all = NOT_COUNTING)]
    checkpoint: Option<PathBuf>,
    /// With --count by classes of ends: sum the checkpoints of the parts instead of counting
    /// (refused when they overlap or leave classes out).
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "count", conflicts_with_all = ["part", "checkpoint", "halves_dir", "all", "magic", "animate", "steps"])]
    merge: Vec<PathBuf>,
    /// With --count by pairs of ends on a board of eight rows and even columns: keep the
    /// halves met in the middle in DIR, each worked out once for every part (and MPI process)
    /// that names DIR, and leave them there (default: beside the checkpoint, removed at the end).
    #[arg(long, value_name = "DIR", requires = "count", conflicts_with_all = NOT_COUNTING)]
    halves_dir: Option<PathBuf>,
    /// With --count (closed tours, or open ones summed, on 5 to 8 rows and 6 columns or more):
    /// when the states across the middle of the halves would pass --memory, spill them to
    /// bucket files taking at most MIB of disk (removed at the end); refused up front when
    /// the estimate passes it.
    #[arg(long, value_name = "MIB", value_parser = parse_disk, requires = "count", conflicts_with_all = NOT_COUNTING)]
    disk: Option<u64>,
    /// With --disk: the folder the bucket files are made in (default: the system's temporary folder).
    #[arg(long, value_name = "DIR", requires = "disk", conflicts_with_all = NOT_COUNTING)]
    disk_dir: Option<PathBuf>,
    /// List every tour from the start (at most --limit).
    #[arg(long)]
    all: bool,
    /// With --all: list at most K tours (required on boards of more than 30 squares).
    #[arg(long, value_name = "K", requires = "all", conflicts_with_all = ["count", "magic", "steps"])]
    limit: Option<u64>,
    /// Find a semi-magic tour of the 8×8 board (rows and columns sum to 260) and tell whether
    /// its diagonals do too.
    #[arg(long, conflicts_with_all = ["count", "all", "closed"])]
    magic: bool,
    /// Search nodes (moves tried) before giving up on finding one tour (boards of at most 128
    /// squares then get a second try with the counting engine, up to 10·N of its cheaper nodes).
    /// (Default: 5,000,000.)
    #[arg(long, value_name = "N", conflicts_with_all = ["count", "all", "magic"])]
    budget: Option<u64>,
    /// Check the tour in FILE (`-` for stdin): the board as this command and
    /// the knight's tour lab print it (rows of `%2d|` cells), or the squares
    /// in order (`row,col` or `a1`); exit 0 if it is a tour (closed with
    /// --closed), 1 if not (the first thing wrong is named).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "all", "magic", "animate", "order", "budget", "start"])]
    check: Option<String>,
    /// Draw the search step by step in the terminal, as the knight's tour lab animates it (q stops).
    #[arg(long, conflicts_with_all = ["count", "all"])]
    animate: bool,
    /// With --animate: milliseconds between steps (0: as fast as the screen follows; default 100).
    #[arg(long, value_name = "MS", requires = "animate", conflicts_with_all = ["count", "all", "steps"])]
    delay: Option<u64>,
    /// The knight's tour lab's backtracking step by step: each square placed
    /// and each retreat, with Warnsdorff's scores in that order (JSON Lines with --json).
    #[arg(long, conflicts_with_all = ["count", "all", "magic", "check", "animate", "budget"])]
    steps: bool,
    /// With --steps: show at most N steps (the search then stops there).
    #[arg(long, value_name = "N", requires = "steps")]
    max_steps: Option<u64>,
    #[command(flatten)]
    common: Common,
}

/// The examples and exit statuses of `--help` (and, built with MPI, how a count is shared).
fn after_help() -> String {
    let text = "Examples:\n  puzzles knight 8\n  puzzles knight 6 6 --closed\n  puzzles knight 5 5 --start c3 --count\n  puzzles knight 5 --all --limit 3\n  puzzles knight 5 --check tour.txt\n\nExit status: 0 a tour (or a count), 1 no tour (or the search gave up within --budget), 2 bad input, 130 interrupted.";
    #[cfg(feature = "mpi")]
    let text = format!(
        "{text}\n\nBuilt with MPI: started by mpirun or srun as several processes, a --count shares the frontier programme among them (each holds the states its hash gives it, up to --memory), and a count by classes of ends (--method pairs or starts) its classes (each process counts a class alone, process 0 records them); process 0 prints, the others stay silent. Examples: mpirun -n 4 puzzles knight 8 8 --closed --count --memory 8000; mpirun -n 4 puzzles knight 7 7 --count --sum --method pairs --checkpoint 7x7.txt"
    );
    text.to_string()
}

pub fn run(args: Args, ctx: &mut Context) -> Result<Exit, Failure> {
    super::refuse_unused(&[(
        args.max_steps.is_some() && !args.steps,
        "--max-steps goes with --steps",
    )])?;
    // Within an MPI run, every process checks its command line with the others first.
    #[cfg(feature = "mpi")]
    let cluster = puzzles::knight::Cluster::join()?;
    let wanted = request(&args);
    #[cfg(feature = "mpi")]
    let wanted = match &cluster {
        Some(cluster) => {
            let agreed = cluster.agree(wanted.as_ref().ok());
            wanted.and_then(|_| Ok(agreed?))
        }
        None => wanted,
    };
    let request = wanted?;
    args.common.check_files(&[])?;
    args.common
        .check_drawable(request.dims.rows, request.dims.cols)?;
    if args.animate {
        let order = args.order.unwrap_or_default();
        let delay = args.delay.unwrap_or(100);
        return super::play::animate_knight(request.knight()?, order, delay, ctx);
    }
    // A distributed count stops with all its processes, or ends with exit status 2.
    #[cfg(feature = "mpi")]
    if let Some(cluster) = &cluster {
        cluster.watch(ctx.control.stop_flag());
        // Under mpirun process 0's standard error is no terminal: its progress as lines.
        ctx.progress_lines = true;
    }
    let answer = super::ask::<Knight>(&request, &args.common, ctx, None)?;
    // One picture, drawn by process 0 alone.
    #[cfg(feature = "mpi")]
    if cluster.as_ref().is_some_and(|c| c.rank() != 0) {
        return Ok(puzzles::report::Report::ending(&answer));
    }
    super::conclude::<Knight>(&answer, &args.common, ctx, None)
}

/// `--part i/N`: parsed as a shard is, its errors naming it a part.
fn parse_part(text: &str) -> Result<Shard, String> {
    text.parse::<Shard>()
        .map_err(|e| e.to_string().replacen("shard", "part", 1))
}

/// `--disk MIB`: a whole number of MiB, at least 1.
fn parse_disk(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("the disk to spill to takes at least 1 MiB".to_string()),
        Ok(mib) => Ok(mib),
        Err(_) => Err(format!("'{text}' is not a whole number of MiB")),
    }
}

/// The one request the flags ask for.
fn request(args: &Args) -> Result<Request, Failure> {
    let order = args.order.unwrap_or_default();
    let dims = Dims {
        rows: args.rows,
        cols: args.cols.unwrap_or(args.rows),
    };
    let mode = if let Some(path) = &args.check {
        Mode::Check {
            tour: Request::read_tour(&puzzles::input::Source::read(path)?, dims)?,
        }
    } else if args.count {
        Mode::Count {
            starts: match (args.all_starts, args.sum) {
                (true, _) => Starts::Every,
                (_, true) => Starts::Sum,
                _ => Starts::Start,
            },
            method: args.method,
            memory_mib: args.memory,
            shard: args.shard.unwrap_or_default(),
            end: args.end.clone(),
            part: args.part.unwrap_or_default(),
            checkpoint: args.checkpoint.clone(),
            merge: args.merge.clone(),
            disk_mib: args.disk,
            disk_dir: args.disk_dir.clone(),
            halves_dir: args.halves_dir.clone(),
        }
    } else if args.all {
        Mode::List {
            order,
            limit: Limit::from_option(args.limit)?,
        }
    } else if args.magic {
        Mode::Magic
    } else if args.steps {
        Mode::Steps {
            order,
            skip: 0,
            limit: Limit::from_option(args.max_steps)?,
        }
    } else {
        Mode::Find {
            order,
            budget: args.budget.unwrap_or(Request::DEFAULT_BUDGET),
        }
    };
    Ok(Request {
        dims,
        start: args.start.clone().unwrap_or_else(|| "0,0".to_string()),
        closed: args.closed,
        mode,
    })
}
