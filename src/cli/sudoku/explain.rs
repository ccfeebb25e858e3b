//! `puzzles sudoku --explain | --hint | --rate`, and `--generate` by difficulty and symmetry: the arguments made into one library call, the report printed.

use super::super::{Context, Exit, Failure};
use super::Args;
use puzzles::input::Source;
use puzzles::sudoku::explain::{self, Outcome, PencilMarks};
use puzzles::sudoku::generate::{generate_rated, Difficulty, RatedRequest, Symmetry};
use puzzles::sudoku::Shape;
use puzzles::{random, Control, Error};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How long a step search may take to stop after Ctrl-C or the end of its
/// budget: the techniques poll the stop flag only between steps.
const GRACE: Duration = Duration::from_millis(1500);

/// `--explain`, `--hint` or `--rate`, with boxes of `shape` when given.
pub fn run(args: &Args, shape: Option<Shape>, ctx: &mut Context) -> Result<Exit, Failure> {
    let source = Source::read(args.file.as_deref().unwrap_or("-"))?;
    // A batch stops between puzzles (its rated lines are kept); one grid within GRACE.
    ctx.interruptible();
    if args.rate {
        return rate(args, &source, shape, ctx);
    }
    let grid = explain::read_grid(&source, shape)?;
    let side = grid.shape().side();
    if args.hint {
        let marks = match &args.marks {
            Some(path) => Some(PencilMarks::read(&Source::read(path)?, grid.shape())?),
            None => None,
        };
        let (budget, ctl) = Budget::start(args, side, "next step", ctx);
        let hint = explain::hint(&grid, marks.as_ref(), &ctl)?;
        budget.check(&hint.outcome, &ctl)?;
        return several(
            &hint.outcome,
            ctx.out.report(&hint, args.common.json, false)?,
            ctx,
        );
    }
    let (budget, ctl) = Budget::start(args, side, "explanation", ctx);
    let mut e = explain::explain(&grid, &ctl)?;
    budget.check(&e.outcome, &ctl)?;
    if args.candidates {
        e.candidates = explain::candidate_grids(&grid, &e.steps)?;
    }
    several(
        &e.outcome,
        ctx.out.report(&e, args.common.json, false)?,
        ctx,
    )
}

/// The time one grid's explanation, hint or rating may take (`--time-limit`): a
/// thread stops the work when it is over, and ends the process with one line
/// if the work has not stopped a moment later.
struct Budget {
    /// The seconds allowed (0: no limit).
    secs: u64,
    /// Set when the time ran out.
    over: Arc<AtomicBool>,
    /// What was sought, for the message.
    what: &'static str,
    side: usize,
}

impl Budget {
    /// Starts the clock for the `what` of a grid of `side`, and the control the
    /// work polls: a spinner on a terminal for grids past 16×16.
    fn start(args: &Args, side: usize, what: &'static str, ctx: &Context) -> (Budget, Control) {
        let secs = match args.time_limit {
            Some(secs) => secs,
            None if side > 16 && args.hint => 8,
            None if side > 16 => 120,
            None => 0,
        };
        let ctl = match side > 16 || args.explain {
            true => ctx.progress(&args.common, None, "steps"),
            false => ctx.control.clone(),
        };
        ctx.interruptible_within(GRACE);
        let budget = Budget {
            secs,
            over: Arc::new(AtomicBool::new(false)),
            what,
            side,
        };
        if secs > 0 {
            let (over, stop, message) = (Arc::clone(&budget.over), ctl.clone(), budget.message());
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_secs(secs));
                over.store(true, Ordering::SeqCst);
                stop.request_stop();
                std::thread::sleep(GRACE);
                stop.progress().finish();
                let style = crate::cli::style(crate::cli::Tone::Bad);
                anstream::eprintln!("{style}puzzles:{style:#} {message}");
                std::process::exit(2);
            });
        }
        (budget, ctl)
    }

    /// The one line of a search that ran out of time.
    fn message(&self) -> String {
        let n = self.side;
        format!(
            "gave up after {} s: the {} of this {n}×{n} grid takes longer (--time-limit SECONDS allows more, 0 none)",
            self.secs, self.what
        )
    }

    /// Refuses an answer cut short by the budget (a stop by Ctrl-C is reported as such).
    fn check(&self, outcome: &Outcome, ctl: &Control) -> Result<(), Failure> {
        ctl.progress().finish();
        if matches!(outcome, Outcome::Interrupted) && self.over.load(Ordering::SeqCst) {
            return Err(Error::usage(self.message()).into());
        }
        Ok(())
    }
}

/// A grid with several solutions is refused (exit 2) after the steps up to where they part.
fn several(outcome: &Outcome, exit: Exit, ctx: &mut Context) -> Result<Exit, Failure> {
    let Outcome::Several { cell, digits } = outcome else {
        return Ok(exit);
    };
    ctx.out.flush()?;
    Err(Error::usage(format!(
        "the grid has several solutions: they part at r{}c{}, which can hold {} or {}",
        cell[0] + 1,
        cell[1] + 1,
        digits[0],
        digits[1]
    ))
    .into())
}

/// `--rate`: one grid, or one line per puzzle of a batch (JSON Lines with `--json`).
fn rate(
    args: &Args,
    source: &Source,
    shape: Option<Shape>,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    let (puzzle_lines, one) = explain::rating_lines(source, shape);
    if one {
        let grid = explain::read_grid(source, shape)?;
        let (budget, ctl) = Budget::start(args, grid.shape().side(), "rating", ctx);
        let rated = explain::rate(&grid, &ctl)?;
        budget.check(&rated.outcome, &ctl)?;
        return ctx.out.report(&rated, args.common.json, false);
    }
    if args.time_limit.is_some() {
        let e = Error::usage("--time-limit limits one grid's rating, not a batch's");
        return Err(e.into());
    }
    let ctl = ctx.progress(&args.common, Some(puzzle_lines as u64), "puzzles");
    let (json, out) = (args.common.json, &mut ctx.out);
    let (mut bad, mut none) = (false, false);
    let mut written = Ok(());
    let finished = explain::rate_batch(source, shape, &ctl, &mut |line| {
        written = match line {
            Ok(rated) => {
                none |= matches!(rated.rated.outcome, Outcome::NoSolution { .. });
                if json {
                    out.json(&rated)
                } else {
                    out.line(&rated.rated.summary())
                }
            }
            Err(e) => {
                bad = true;
                out.flush().map(|()| eprintln!("puzzles: {e}"))
            }
        };
        super::super::continue_if_ok(&written)
    });
    written?;
    if !finished && ctl.stopped() {
        return Ok(Exit::Interrupted);
    }
    super::end_of_batch(bad, none, ctx)
}

/// `--generate K` with `--difficulty` or `--symmetry`: rated puzzles of `shape`.
pub fn generate(args: &Args, shape: Shape, k: u64, ctx: &mut Context) -> Result<Exit, Failure> {
    let difficulty = args
        .difficulty
        .as_deref()
        .map(Difficulty::from_name)
        .transpose()?;
    let symmetry = Symmetry::from_name(args.symmetry.as_deref().unwrap_or("none"))?;
    let seed = args.seed.unwrap_or_else(random::fresh_seed);
    let request = RatedRequest {
        shape,
        count: k as usize,
        difficulty,
        symmetry,
        seed,
    };
    ctx.interruptible();
    let ctl = ctx.progress(&args.common, Some(k), "puzzles");
    let made = generate_rated(&request, &ctl)?;
    if args.common.json {
        for p in &made.puzzles {
            ctx.out.json(p)?;
        }
    } else {
        let [r, c] = shape.box_dims();
        ctx.out.line(&format!(
            "# puzzles sudoku --generate {k} --box {r}x{c} --difficulty {} --symmetry {} --seed {seed}",
            args.difficulty.as_deref().unwrap_or("any"),
            args.symmetry.as_deref().unwrap_or("none"),
        ).replace(" --difficulty any", ""))?;
        for p in &made.puzzles {
            ctx.out.line(&p.puzzle)?;
        }
    }
    Ok(if made.partial {
        Exit::Interrupted
    } else {
        Exit::Answered
    })
}
