//! How Lights Out answers a request: [`GridPuzzle`] for [`LightsOut`],
//! which reads the board (a grid, a state or a graph), runs the mode asked
//! for and returns its verified [`Answer`], streaming listed solutions,
//! table rows and steps to the sink.

use super::answer::{Answer, BoardSource, GraphRule, Item, Mode, PressPattern, Request};
use super::{check, solve, steps, table, Graph, GraphGame, LightsOut};
use crate::control::{Control, Pace};
use crate::error::{Error, Result};
use crate::input::Source;
use crate::puzzle::GridPuzzle;
use crate::render::Picture;
use crate::sink::Sink;

impl GridPuzzle for LightsOut {
    const NAME: &'static str = "lightsout";
    type Request = Request;
    type Answer = Answer;
    type Item = Item;

    fn answer(request: &Request, ctl: &Control, sink: &mut dyn Sink<Item>) -> Result<Answer> {
        answer(request, ctl, sink)
    }

    /// A stop keeps what was found: the lightest solution seen, the
    /// solutions or rows listed; one solution or a count runs to its end.
    fn pace(request: &Request) -> Pace {
        match request.mode {
            Mode::Solve { fewest: true, .. } => Pace::polling("sums", false),
            Mode::List { .. } => Pace::polling("listed", true),
            Mode::Table { .. } => Pace::polling("sizes", true),
            Mode::Solve { fewest: false, .. }
            | Mode::Count
            | Mode::Pattern
            | Mode::Check { .. }
            | Mode::Steps { .. } => Pace::QUIET,
        }
    }

    fn picture(answer: &Answer, which: Picture) -> Result<String> {
        answer.svg(which)
    }
}

/// Answers `request`: solves, counts or lists the board's solutions, or
/// tabulates nullities. Every press reported is verified by replaying it,
/// every witness checked; listed solutions and table rows go to `sink`, each
/// verified, and the answer says how the stream ended. A stop by `ctl` is an
/// answer too (the lightest solution seen, a listing or table marked interrupted).
pub(crate) fn answer(
    request: &Request,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    let variant = request.variant()?;
    if request.mode == Mode::Pattern {
        let p = &request.pattern;
        return Ok(Answer::Pattern(PressPattern {
            pattern: p.name().to_string(),
            stencil: p.stencil(),
            offsets: p.offsets().iter().map(|&(r, c)| [r, c]).collect(),
            states: request.states,
            torus: request.torus,
        }));
    }
    if let Mode::Table { from, to } = request.mode {
        return table::nullities(&variant, request.method, (from, to), ctl, sink)
            .map(Answer::Table);
    }
    let board = request
        .board
        .as_ref()
        .ok_or_else(|| Error::usage("no board: give its size, its state or a graph"))?;
    if let Mode::Check { presses } = &request.mode {
        let checked = match graph_game(request, board)? {
            Some((game, lights)) => check::on_graph(&game, &lights, presses),
            None => check::check(request, &variant, board, presses),
        };
        return checked.map(Answer::Check);
    }
    if let Mode::Steps { max_steps } = request.mode {
        let mut steps = |step| sink.take(Item::Step(step));
        return steps::answer(request, board, max_steps, &mut steps).map(Answer::Steps);
    }
    if let Some((game, lights)) = graph_game(request, board)? {
        return game.answer(&lights, request, ctl);
    }
    solve::grid(request, variant, board, ctl, sink)
}

/// The game on the graph `board` (with the states of its vertices), or
/// `None` when the board is a grid; a press pattern or a torus is refused.
fn graph_game(request: &Request, board: &BoardSource) -> Result<Option<(GraphGame, Vec<u8>)>> {
    let BoardSource::Graph {
        name,
        text,
        on,
        rule,
    } = board
    else {
        return Ok(None);
    };
    if request.torus || !request.pattern.is_cross() {
        return Err(Error::usage(
            "a graph has its own edges: no press pattern, no torus",
        ));
    }
    let graph = Graph::parse(&Source::from_text(name, text))?;
    let game = GraphGame::new(graph, request.states, *rule == GraphRule::SigmaPlus)?;
    let lights = match on {
        Some(names) => game.lights_on(names.iter().map(|n| n.trim()))?,
        None => game.all_on(),
    };
    Ok(Some((game, lights)))
}
