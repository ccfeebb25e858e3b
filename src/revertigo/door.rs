//! How Revertigo answers a request: [`GridPuzzle`] for [`Revertigo`],
//! which runs the mode asked for (a walk, the maps, the steps, a check) and
//! returns its verified [`Answer`], streaming listed maps and steps to the
//! sink.

use super::answer::{Answer, Item, MapListing, Mode, Request, Unfinished, WalkReport};
use super::check;
use super::steps;
use super::{Revertigo, RevertigoSolver};
use crate::control::Pace;
use crate::control::{Control, Tally};
use crate::error::Result;
use crate::grid::Dims;
use crate::listing;
use crate::puzzle::GridPuzzle;
use crate::render::Picture;
use crate::sink::Sink;

impl GridPuzzle for Revertigo {
    const NAME: &'static str = "revertigo";
    type Request = Request;
    type Answer = Answer;
    type Item = Item;

    fn answer(request: &Request, ctl: &Control, sink: &mut dyn Sink<Item>) -> Result<Answer> {
        answer(request, ctl, sink)
    }

    /// A listing stops with the maps listed; a walk or a check runs to its end.
    fn pace(request: &Request) -> Pace {
        match request.mode {
            Mode::List { .. } => Pace::polling("listed", true),
            Mode::Solve | Mode::Check { .. } | Mode::Steps { .. } => Pace::QUIET,
        }
    }

    fn picture(answer: &Answer, which: Picture) -> Result<String> {
        answer.svg(which)
    }
}

/// Answers `request`: solves, lists or checks. Listed maps go to `sink`,
/// each verified; the answer says how the listing ended. A stop by `ctl`
/// is an answer too ([`Answer::Stopped`], or a listing marked interrupted).
pub(crate) fn answer(
    request: &Request,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    let (dims, seed) = request.board()?;
    let stopped = Answer::Stopped(Unfinished {
        rows: dims.rows,
        cols: dims.cols,
    });
    if let Mode::Check { walk } = &request.mode {
        return check::check(dims, walk).map(Answer::Check);
    }
    if let Mode::Steps { max_steps } = request.mode {
        let mut steps = |step| sink.take(Item::Step(step));
        return steps::steps(dims, max_steps, &mut steps).map(Answer::Steps);
    }
    let Some(solver) = RevertigoSolver::new(Revertigo::new(dims), request.method, ctl)? else {
        return Ok(stopped);
    };
    if let Mode::List { limit } = request.mode {
        let tally = listing::list(&solver, limit, "activation maps", ctl, |index, map| {
            sink.take(Item::Map {
                index,
                map: map.row_strings('#', '_'),
                activated: map.count_ones(),
            })
        })?;
        return Ok(Answer::List(listed(dims, &solver, tally)));
    }
    let Some(walk) = solver.walk(request.builder, ctl)? else {
        return Ok(stopped);
    };
    let map = solver.game().replay(&walk).map_err(crate::Flaw::from)?.map;
    let a = solver.analysis();
    Ok(Answer::Solve(WalkReport {
        rows: dims.rows,
        cols: dims.cols,
        seed,
        method: request.method,
        builder: request.builder,
        map: map.row_strings('#', '_'),
        activated: map.count_ones(),
        nullity: a.nullity(),
        solutions: a.solution_count(),
        walk: Some(walk.to_string()),
        output: None,
        moves: walk.len(),
        lower_bound: solver.lower_bound(ctl),
        black: true,
    }))
}

/// The end of a listing, from its tally.
fn listed(dims: Dims, solver: &RevertigoSolver, tally: Tally) -> MapListing {
    MapListing {
        rows: dims.rows,
        cols: dims.cols,
        nullity: solver.analysis().nullity(),
        listed: tally.found,
        complete: tally.is_complete(),
        stopped: tally.stopped,
    }
}
