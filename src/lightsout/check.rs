//! A player's or a student's presses checked on a grid or a graph: pressed on
//! the board, the lights left on counted, the first named (the check a lab's
//! own solver is marked by).

use super::answer::{BoardSource, PressCheck, Pressed, Request, Setup};
use super::cells::Cells;
use super::solve::grid_setup;
use super::{GraphGame, LightsOut, Variant, MAX_CELLS};
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
    presses: &Pressed,
) -> Result<PressCheck> {
    // Rows given as strings are read as a file of presses is.
    let presses = match presses {
        Pressed::Cells(cells) => cells.clone(),
        Pressed::Vertices(rows) => {
            let text: String = rows.iter().map(|row| format!("{row}\n")).collect();
            Cells::read(&Source::from_text("presses", &text), request.states)?
        }
    };
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
        state: Pressed::Cells(cells(lights)),
        press_count: presses.sum(),
        presses: Pressed::Cells(presses),
        after: after.map(|a| Pressed::Cells(cells(a))),
        checked: verdict,
    })
}

/// Presses the vertices named by `presses` on `game`'s graph, its states
/// `lights`, and says whether every light goes off.
pub(super) fn on_graph(game: &GraphGame, lights: &[u8], presses: &Pressed) -> Result<PressCheck> {
    let names = presses.vertices().ok_or_else(|| {
        Error::usage("presses on a graph are the vertices' names (rows of counts are for a grid)")
    })?;
    let (times, after, verdict) = match game.presses_of(names) {
        Err(flaw) => (None, None, Checked::of(Err(flaw))),
        Ok(times) => {
            let after = game.after_times(lights, &times);
            let on: Vec<usize> = (0..after.len()).filter(|&v| after[v] != 0).collect();
            let verdict = match on.first() {
                None => Ok(()),
                Some(&v) => Err(Flaw::VertexOn {
                    first: game.graph().names()[v].clone(),
                    count: on.len(),
                }),
            };
            (Some(times), Some(game.named(&after)), Checked::of(verdict))
        }
    };
    Ok(PressCheck {
        setup: game.setup(),
        state: game.named(lights),
        press_count: times.as_ref().map_or(0, |t| t.iter().sum()),
        presses: presses.clone(),
        after,
        checked: verdict,
    })
}

impl Pressed {
    /// Presses to check, read from `source`: on a grid, rows of counts as
    /// [`Cells::read`] reads them (`0`/`1`, `.`/`#` or `X`, digits then
    /// letters with `states` > 2); on a graph (`graph`), the names of the
    /// vertices pressed, separated by blanks, commas or lines, `name*c` for
    /// `c` presses (a line starting with `#` is a comment).
    pub fn read(source: &Source, states: u32, graph: bool) -> Result<Pressed> {
        if !graph {
            return Cells::read(source, states).map(Pressed::Cells);
        }
        let names = source
            .text
            .lines()
            .filter(|line| !line.trim_start().starts_with('#'))
            .flat_map(|line| line.split(|c: char| c == ',' || c.is_whitespace()))
            .filter(|name| !name.is_empty())
            .map(str::to_string)
            .collect();
        Ok(Pressed::Vertices(names))
    }
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
            "a graph's presses are checked by the names of its vertices",
        )),
    }
}

impl Report for PressCheck {
    /// The board, the presses and what they leave on, then the verdict.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        text.line(super::text::title(&self.setup));
        if detail == Detail::Full {
            match (self.state.cells(), self.presses.cells()) {
                (Some(state), Some(presses)) => self.grid_rows(state, presses, &mut text),
                _ => self.vertex_lines(&mut text),
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

impl PressCheck {
    /// A grid's board, its presses and the board after them, as rows.
    fn grid_rows(&self, state: &Cells, presses: &Cells, text: &mut Text) {
        let states = self.setup.states();
        let classic = self.setup.is_classic_grid();
        let rows = |c: &Cells| match classic {
            true => c.marked_rows('#', '.'),
            false => c.symbol_rows(states),
        };
        rows(state).iter().for_each(|r| {
            text.line(r);
        });
        match classic {
            true => {
                text.line("presses (X):");
                for r in presses.marked_rows('X', '.') {
                    text.marked_row(&r, 'X');
                }
            }
            false => {
                text.line("presses (how many times each cell):");
                for r in presses.symbol_rows(states) {
                    text.line(r);
                }
            }
        }
        if let Some(after) = self.after.as_ref().and_then(Pressed::cells) {
            text.line("after the presses:");
            rows(after).iter().for_each(|r| {
                text.line(r);
            });
        }
    }

    /// A graph's vertices on, those pressed, and those on after the presses.
    fn vertex_lines(&self, text: &mut Text) {
        let names = |p: &Pressed| match p.vertices() {
            Some([]) | None => "none".to_string(),
            Some(v) => v.join(" "),
        };
        text.line(format!("on: {}", names(&self.state)));
        text.line(format!("presses: {}", names(&self.presses)));
        if let Some(after) = &self.after {
            text.line(format!("on after the presses: {}", names(after)));
        }
    }
}
