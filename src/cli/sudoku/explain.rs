//! `puzzles sudoku --explain | --hint | --rate`, and `--generate` by difficulty and symmetry: the arguments made into one library call, the report printed.

use super::super::{Context, Exit, Failure};
use super::Args;
use puzzles::input::Source;
use puzzles::sudoku::explain::{self, Outcome, PencilMarks};
use puzzles::sudoku::generate::{generate_rated, Difficulty, RatedRequest, Symmetry};
use puzzles::sudoku::Shape;
use puzzles::{random, Error};

/// `--explain`, `--hint` or `--rate`, with boxes of `shape` when given.
pub fn run(args: &Args, shape: Option<Shape>, ctx: &mut Context) -> Result<Exit, Failure> {
    let source = Source::read(args.file.as_deref().unwrap_or("-"))?;
    ctx.interruptible();
    if args.rate {
        return rate(args, &source, shape, ctx);
    }
    let grid = explain::read_grid(&source, shape)?;
    if args.hint {
        let marks = match &args.marks {
            Some(path) => Some(PencilMarks::from_text(
                &Source::read(path)?.text,
                grid.shape(),
            )?),
            None => None,
        };
        let hint = explain::hint(&grid, marks.as_ref(), &ctx.control)?;
        return several(
            &hint.outcome,
            ctx.out.report(&hint, args.common.json, false)?,
            ctx,
        );
    }
    let ctl = ctx.progress(&args.common, None, "steps");
    let mut e = explain::explain(&grid, &ctl)?;
    if args.candidates {
        e.candidates = explain::candidate_grids(&grid, &e.steps)?;
    }
    several(
        &e.outcome,
        ctx.out.report(&e, args.common.json, false)?,
        ctx,
    )
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
        let rated = explain::rate(&grid, &ctx.control)?;
        return ctx.out.report(&rated, args.common.json, false);
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
