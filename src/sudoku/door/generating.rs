//! A `Generate` request answered: puzzles made one by one, each checked before the sink sees it.

use super::*;

/// `Generate`: puzzles made one by one, each checked before the sink sees it.
pub(super) fn generate(
    request: &Request,
    count: u64,
    difficulty: Option<Difficulty>,
    symmetry: Option<Symmetry>,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    if !(1..=MAX_GENERATED).contains(&count) {
        return Err(Error::usage(format!(
            "{count} puzzles: a generation makes 1 to {MAX_GENERATED}"
        )));
    }
    let shape = request.shape.unwrap_or(Shape::CLASSIC);
    let seed = request.seed.unwrap_or_else(random::fresh_seed);
    let mut first = None;
    let mut made = |m: MadePuzzle| {
        first.get_or_insert_with(|| m.clone());
        sink.take(Item::Made(m))
    };
    let tally = match (difficulty, symmetry) {
        (None, None) => solve::generate_puzzles(shape, count, seed, ctl, &mut made)?,
        _ => {
            let rated = crate::sudoku::generate::RatedRequest {
                shape,
                count,
                difficulty,
                symmetry: symmetry.unwrap_or_default(),
                seed,
            };
            crate::sudoku::generate::generate_rated(&rated, ctl, &mut |p| {
                made(MadePuzzle::rated(p, seed))
            })?
        }
    };
    Ok(Answer::Generate(Generation {
        size: shape.side(),
        box_shape: shape.box_dims(),
        seed,
        difficulty,
        symmetry: symmetry.unwrap_or_default(),
        listed: tally.found,
        complete: tally.is_complete(),
        stopped: tally.stopped,
        first,
    }))
}
