//! A player's or a student's presses checked on a grid: pressed on the board,
//! the lights left on counted, the first named (the check a lab's own solver
//! is marked by).

use super::answer::{BoardSource, PressCheck, Request, Setup};
use super::cells::Cells;
use super::solve::grid_setup;
use super::{LightsOut, Variant, MAX_CELLS};
use crate::error::{Error, Result};
use crate::flaw::{Checked, Flaw};
use crate::grid::{Dims, Grid};
use crate::input::Source;
use crate::random;
use crate::report::{Detail, Ending, Report, Text};

/// Presses `presses` on the request's grid board and says whether every light goes off.
pub(super) fn check(
    request: &Request,
    variant: &Variant,
    board: &BoardSource,
    presses: &Cells,
) -> Result<PressCheck> {
    let (lights, seed) = lights(request, variant, board)?;
    let setup = Setup::Grid(grid_setup(request, variant, lights.dims(), seed));
    let k = variant.states.get();
    let pressed = presses.to_values();
    let (after, verdict) = match pressed.dims() == lights.dims() {
        false => {
            let flaw = Flaw::WrongShape {
                want: lights.dims(),
                got: pressed.dims(),
            };
            (None, Checked::of(Err(flaw)))
        }
        true => {
            // A cell pressed K times is as good as not pressed.
            let reduced = pressed.cells().iter().map(|&c| c % k).collect();
            let reduced = Grid::from_cells(pressed.dims(), reduced).expect("one value per cell");
            let after = variant.after(&lights, &reduced);
            let verdict = Checked::of(left_on(&after));
            (Some(after), verdict)
        }
    };
    // Two states: on/off boards, held as bits as the solve's are.
    let cells = |g: Grid<u8>| -> Cells {
        let values = Cells::from(g);
        match values.to_bits() {
            Some(bits) if k == 2 => Cells::from(bits),
            _ => values,
        }
    };
    Ok(PressCheck {
        setup,
        state: cells(lights),
        press_count: presses.sum(),
        presses: presses.clone(),
        after: after.map(cells),
        checked: verdict,
    })
}

/// The lights still on after the presses, the first named.
fn left_on(after: &Grid<u8>) -> std::result::Result<(), Flaw> {
    let on: Vec<usize> = (0..after.cells().len())
        .filter(|&i| after.cells()[i] != 0)
        .collect();
    match on.first() {
        None => Ok(()),
        Some(&first) => Err(Flaw::LightsOn {
            first: after.dims().pos(first),
            count: on.len(),
        }),
    }
}

/// The board's states as values (the classic game's reading and random
/// boards, so that a seed gives the board its solve gives), and its seed.
fn lights(
    request: &Request,
    variant: &Variant,
    board: &BoardSource,
) -> Result<(Grid<u8>, Option<u64>)> {
    let classic = |b: &LightsOut| Cells::from(b.lights().clone()).to_values();
    match board {
        BoardSource::Given { name, text } => {
            let source = Source::from_text(name, text);
            match request.is_classic() {
                true => Ok((classic(&LightsOut::parse(&source)?), None)),
                false => Ok((variant.parse(&source)?, None)),
            }
        }
        BoardSource::Random { rows, cols, seed } => {
            let dims = Dims::new(*rows, *cols, MAX_CELLS)?;
            let seed = seed.unwrap_or_else(random::fresh_seed);
            let mut rng = random::rng(seed);
            match request.is_classic() {
                true => Ok((classic(&LightsOut::random(dims, &mut rng)), Some(seed))),
                false => Ok((variant.random(dims, &mut rng), Some(seed))),
            }
        }
        BoardSource::Graph { .. } => Err(Error::usage(
            "a check presses the cells of a grid: give a board's state or size",
        )),
    }
}

impl Report for PressCheck {
    /// The board, the presses and what they leave on, then the verdict.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let states = self.setup.states();
        let classic = self.setup.is_classic_grid();
        let rows = |c: &Cells| match classic {
            true => c.marked_rows('#', '.'),
            false => c.symbol_rows(states),
        };
        text.line(super::text::title(&self.setup));
        if detail == Detail::Full {
            rows(&self.state).iter().for_each(|r| {
                text.line(r);
            });
            match classic {
                true => {
                    text.line("presses (X):");
                    for r in self.presses.marked_rows('X', '.') {
                        text.marked_row(&r, 'X');
                    }
                }
                false => {
                    text.line("presses (how many times each cell):");
                    for r in self.presses.symbol_rows(states) {
                        text.line(r);
                    }
                }
            }
            if let Some(after) = &self.after {
                text.line("after the presses:");
                rows(after).iter().for_each(|r| {
                    text.line(r);
                });
            }
        }
        text.line(format!("press count: {}", self.press_count));
        self.checked.line(&mut text, "every light is off");
        text
    }

    fn ending(&self) -> Ending {
        self.checked.ending()
    }
}
