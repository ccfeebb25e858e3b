//! The two methods the Lights Out documents teach, one step at a time: the
//! lab's full elimination of the n²×(n²+1) augmented matrix, pivot by
//! pivot, and the chapter's light chasing ("récolte"), row by row, with the
//! first row's system and its solution.
//!
//! Both run on the classic game (two states, the cross) and end with the
//! presses they find replayed on the board: the steps are a teaching view of
//! a verified answer. The elimination follows the Lights Out lab's algorithm
//! (the first column with a non-zero entry at or below row k, the swap that
//! brings it to row k, the pivot row added to every other row with a 1 in
//! its column); the chasing follows Sanchez & Pareja-Flores (Math. Magazine
//! 74(4), 2001): the harvest with an unpressed first row, the system
//! `B·p = harvest` on the first row's presses, then the chase again from the
//! first row found.

mod chasing;
mod elimination;
mod text;

use super::answer::{BoardSource, GridSetup, LightsStep, LightsSteps, Request};
use super::cells::Cells;
use super::{LightsOut, LightsOutMethod};
use crate::error::{Error, Result};
use crate::grid::{BitGrid, Dims, Pos};
use crate::input::Source;
use crate::listing::Limit;
use crate::random;
use crate::sink::Sink;
use crate::stepper::Stepper;

/// The largest board shown step by step, in cells: each pivot of the
/// elimination shows the whole augmented matrix (400 cells: 400×401 digits).
pub(crate) const MAX_STEPS_CELLS: usize = 400;

/// What a method found: the presses (replayed by the caller), the free
/// unknowns, and for the elimination the row that reads `0 = 1`.
pub(crate) struct Found {
    presses: Option<BitGrid>,
    nullity: usize,
    contradiction: Option<usize>,
}

/// Solves `board` step by step by `request.method` (the elimination unless
/// `chase` is asked), streaming at most `max_steps` steps to `sink`.
pub(crate) fn answer(
    request: &Request,
    board: &BoardSource,
    max_steps: Limit,
    sink: &mut dyn Sink<LightsStep>,
) -> Result<LightsSteps> {
    if !request.is_classic() {
        return Err(Error::usage(
            "the steps follow the classic game: two states and the cross pattern",
        ));
    }
    let (lights, seed) = lights(board)?;
    let dims = lights.dims();
    if dims.cells() > MAX_STEPS_CELLS {
        return Err(Error::usage(format!(
            "the steps show the whole system at each step: at most {MAX_STEPS_CELLS} cells (20×20), not {}×{}",
            dims.rows, dims.cols
        )));
    }
    let method =
        match request.method {
            None | Some(LightsOutMethod::Gauss) => LightsOutMethod::Gauss,
            Some(LightsOutMethod::Chase) if request.torus => return Err(Error::usage(
                "light chasing needs edges: on the torus, the steps follow the elimination (gauss)",
            )),
            Some(LightsOutMethod::Chase) => LightsOutMethod::Chase,
            Some(LightsOutMethod::Polynomial) => return Err(Error::usage(
                "the steps follow the full elimination (gauss) or light chasing (chase), not poly",
            )),
        };
    let mut stepper = Stepper::new(sink, max_steps);
    let found = match method {
        LightsOutMethod::Chase => chasing::solve(&lights, &mut stepper),
        _ => elimination::solve(&lights, request.torus, &mut stepper),
    };
    if let Some(p) = &found.presses {
        replay(&lights, p, request.torus)?;
    }
    Ok(LightsSteps {
        setup: GridSetup {
            rows: dims.rows,
            cols: dims.cols,
            seed,
            states: 2,
            pattern: "cross".into(),
            torus: request.torus,
        },
        method,
        state: Cells::from(lights),
        steps: stepper.steps(),
        not_shown: stepper.not_shown(),
        solvable: found.presses.is_some(),
        nullity: found.nullity,
        solutions: match found.presses {
            Some(_) => {
                crate::linalg::modular::decimal_product(std::iter::repeat_n(2, found.nullity))
            }
            None => "0".into(),
        },
        contradiction: found.contradiction,
        press_count: found.presses.as_ref().map(|p| p.count_ones() as u64),
        presses: found.presses.map(Cells::from),
    })
}

/// The board's lights, and the seed of a random board.
fn lights(board: &BoardSource) -> Result<(BitGrid, Option<u64>)> {
    match board {
        BoardSource::Given { name, text } => Ok((
            LightsOut::parse(&Source::from_text(name, text))?
                .lights()
                .clone(),
            None,
        )),
        BoardSource::Random { rows, cols, seed } => {
            let dims = Dims::new(*rows, *cols, MAX_STEPS_CELLS)?;
            let seed = seed.unwrap_or_else(random::fresh_seed);
            let puzzle = LightsOut::random(dims, &mut random::rng(seed));
            Ok((puzzle.lights().clone(), Some(seed)))
        }
        BoardSource::Graph { .. } => Err(Error::usage(
            "the steps follow a grid's elimination or chasing, not a graph's",
        )),
    }
}

/// The cells a press of `p` changes: itself and its neighbours (across the edges on a torus).
fn pressed_cells(dims: Dims, p: Pos, torus: bool) -> Vec<Pos> {
    let mut cells = vec![p];
    match torus {
        true => cells.extend(dims.torus_neighbours(p)),
        false => cells.extend(dims.neighbours(p)),
    }
    cells
}

/// Presses `presses` on `lights` and checks that every light goes off.
fn replay(lights: &BitGrid, presses: &BitGrid, torus: bool) -> Result<()> {
    let dims = lights.dims();
    let mut board = lights.clone();
    for p in presses.ones() {
        for q in pressed_cells(dims, p, torus) {
            board.toggle(q);
        }
    }
    match board.is_clear() {
        true => Ok(()),
        false => Err(Error::Check(format!(
            "the steps' presses leave {} lights on",
            board.count_ones()
        ))),
    }
}

/// A row of bits as digits.
fn digits(bits: impl Iterator<Item = bool>) -> String {
    bits.map(|b| if b { '1' } else { '0' }).collect()
}

#[cfg(test)]
mod tests;
