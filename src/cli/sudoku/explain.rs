//! `puzzles sudoku --explain | --hint | --rate`, and `--generate` by difficulty and symmetry: the arguments made into one library call, the report printed.

use super::super::{Context, Exit, Failure, Tone};
use super::Args;
use puzzles::input::Source;
use puzzles::sudoku::explain::{self, Outcome, PencilMarks, Step};
use puzzles::sudoku::generate::{generate_rated, Difficulty, RatedRequest, Symmetry};
use puzzles::sudoku::{Shape, Sudoku};
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
        if args.common.json {
            ctx.out.json(&hint)?;
        } else {
            header(&grid, ctx)?;
            match &hint.step {
                Some(step) => print_step(None, step, ctx)?,
                None if hint.outcome == Outcome::Solved => ctx.out.line("the grid is full")?,
                None => {}
            }
        }
        return ending(&hint.outcome, args.common.json, ctx);
    }
    let ctl = ctx.progress(&args.common, None, "steps");
    let e = explain::explain(&grid, &ctl)?;
    if args.common.json {
        ctx.out.json(&e)?;
    } else {
        header(&grid, ctx)?;
        for (k, step) in e.steps.iter().enumerate() {
            print_step(Some(k + 1), step, ctx)?;
        }
        if let (Some(solution), Some(rating), Some(hardest)) = (&e.solution, e.rating, e.hardest) {
            ctx.out.line(&format!("solution: {solution}"))?;
            ctx.out.line(&format!(
                "rating {rating} (hardest step: {hardest}), {} steps",
                e.steps.len()
            ))?;
        }
    }
    ending(&e.outcome, args.common.json, ctx)
}

/// The first line of a text answer: the board and its clues.
fn header(grid: &Sudoku, ctx: &mut Context) -> Result<(), Failure> {
    ctx.out
        .line(&format!("Sudoku {}, {} clues", grid.shape(), grid.clues()))
}

/// One step as a line: `  12. 4.2  xy-wing: …`.
fn print_step(k: Option<usize>, step: &Step, ctx: &mut Context) -> Result<(), Failure> {
    let number = k.map_or(String::new(), |k| format!("{k:>3}. "));
    ctx.out
        .line(&format!("{number}{}  {}", step.rating, step.text))
}

/// The exit of an explanation or hint: a grid with no solution exits 1 (naming the clash),
/// one with several solutions 2 after the steps up to where they part.
fn ending(outcome: &Outcome, json: bool, ctx: &mut Context) -> Result<Exit, Failure> {
    match outcome {
        Outcome::Solved => Ok(Exit::Answered),
        Outcome::Interrupted => Ok(Exit::Interrupted),
        Outcome::NoSolution { clash } => {
            if !json {
                let why = match clash {
                    Some([a, b]) => format!(
                        ": the clues clash: cells {},{} and {},{} hold the same digit",
                        a[0], a[1], b[0], b[1]
                    ),
                    None => String::new(),
                };
                let verdict = ctx.out.paint(Tone::Bad, "no solution");
                ctx.out.line(&format!("{verdict}{why}"))?;
            }
            Ok(Exit::NoSolution)
        }
        Outcome::Several { cell, digits } => {
            ctx.out.flush()?;
            Err(Error::usage(format!(
                "the grid has several solutions: they part at {},{}, which can hold {} or {}",
                cell[0], cell[1], digits[0], digits[1]
            ))
            .into())
        }
    }
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
        if args.common.json {
            ctx.out.json(&rated)?;
        } else {
            ctx.out.line(&rated.summary())?;
        }
        return Ok(match rated.outcome {
            Outcome::Solved | Outcome::Several { .. } => Exit::Answered,
            Outcome::NoSolution { .. } => Exit::NoSolution,
            Outcome::Interrupted => Exit::Interrupted,
        });
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
    if bad {
        ctx.out.flush()?;
        return Err(
            Error::usage("some lines of the batch are not puzzles (reported above)").into(),
        );
    }
    Ok(if none {
        Exit::NoSolution
    } else {
        Exit::Answered
    })
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
