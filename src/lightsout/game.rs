//! The Lights Out game of the Lights Out lab: the player presses cells, the solver gives hints.
//!
//! The Lights Out lab (the lab's "prog-7") keeps a set of advised cells, `conseil`:
//! pressing `S` fills it with a solution of the current board, drawn as red
//! dots; afterwards a press on an advised cell removes it from the set, and a
//! press on any other cell adds it. Presses commute and cancel in pairs, so
//! that rule keeps the marks a solution of the board as it now is: pressing
//! every marked cell still switches every light off. [`LightsOutGame`] is that model,
//! with no terminal in it; the `--play` front end draws it.

mod states;

pub use states::StatesGame;

use super::cells::Cells;
use super::{Answer, BoardSource, LightsOut, Mode, Request, MAX_CELLS};
use crate::error::{Error, Result};
use crate::grid::{BitGrid, Dims, Pos};
use crate::input::Source;
use crate::random::Rng;
use rand::Rng as _;

/// What pressing `s` (ask for hints) gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PressHint {
    /// The marks now show a solution of this many presses (`fewest`: no solution has fewer).
    Shown {
        /// Presses the marks ask for.
        presses: usize,
        /// Whether no solution of the current board has fewer presses.
        fewest: bool,
    },
    /// The board has no solution (it fails the Lights Out chapter's parity test); no marks.
    Unsolvable,
}

/// A game in progress: the lights, the presses made, and the Lights Out lab's hint marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LightsOutGame {
    lights: BitGrid,
    torus: bool,
    /// The cells pressed so far, in order (a press twice on a cell is two entries).
    history: Vec<Pos>,
    /// The Lights Out lab's `conseil`: `None` until the player asks for hints.
    marks: Option<BitGrid>,
}

impl LightsOutGame {
    /// A game starting from `puzzle`'s lights (on the torus when the puzzle is).
    pub(crate) fn new(puzzle: &LightsOut) -> Self {
        LightsOutGame {
            lights: puzzle.lights().clone(),
            torus: puzzle.is_torus(),
            history: Vec::new(),
            marks: None,
        }
    }

    /// A game starting from the lights `source` holds (rows of `0`/`1` or
    /// `.`/`#`, as `--state` reads them); `torus` makes the presses wrap.
    pub fn parse(source: &Source, torus: bool) -> Result<Self> {
        let mut puzzle = LightsOut::parse(source)?;
        if torus {
            puzzle = puzzle.on_torus();
        }
        Ok(LightsOutGame::new(&puzzle))
    }

    /// A random board that can be solved: each cell is pressed with
    /// probability ½ on a dark board, which draws uniformly among the
    /// solvable boards (they are the images of press sets). A board that came
    /// out dark is drawn again; `torus` makes the presses wrap. `dims` is
    /// a board [`LightsOutGame::size`] accepts.
    pub fn random(dims: Dims, torus: bool, rng: &mut Rng) -> Self {
        Self::draw(dims, torus, rng)
    }

    /// The board of `rows` × `cols` cells, refused past the largest the solver takes.
    pub fn size(rows: usize, cols: usize) -> Result<Dims> {
        Dims::new(rows, cols, MAX_CELLS)
    }

    /// Another random solvable board of the same size and rules.
    pub fn redraw(&self, rng: &mut Rng) -> Self {
        Self::draw(self.dims(), self.torus, rng)
    }

    /// A random solvable board of `dims` (see [`LightsOutGame::random`]).
    fn draw(dims: Dims, torus: bool, rng: &mut Rng) -> Self {
        let mut game = LightsOutGame {
            lights: BitGrid::new(dims),
            torus,
            history: Vec::new(),
            marks: None,
        };
        loop {
            for p in dims.positions() {
                if rng.gen::<bool>() {
                    game.toggle_press(p);
                }
            }
            if !game.lights.is_clear() {
                return game;
            }
        }
    }

    /// The board's shape.
    pub fn dims(&self) -> Dims {
        self.lights.dims()
    }

    /// The lights that are on.
    pub fn lights(&self) -> &BitGrid {
        &self.lights
    }

    /// Whether presses wrap around the edges.
    pub fn is_torus(&self) -> bool {
        self.torus
    }

    /// The hint marks, when the player has asked for them.
    pub fn marks(&self) -> Option<&BitGrid> {
        self.marks.as_ref()
    }

    /// Number of presses made (an undone press no longer counts).
    pub fn presses(&self) -> usize {
        self.history.len()
    }

    /// Whether every light is off.
    pub fn is_won(&self) -> bool {
        self.lights.is_clear()
    }

    /// Toggles `p` and its neighbours, nothing else.
    fn toggle_press(&mut self, p: Pos) {
        if self.torus {
            self.lights.toggle(p);
            let dims = self.lights.dims();
            dims.torus_neighbours(p).for_each(|q| self.lights.toggle(q));
        } else {
            self.lights.toggle_plus(p);
        }
    }

    /// Presses cell `p`: its light and its neighbours' switch, and its hint
    /// mark (when marks are shown) is removed if it was there, added if not.
    /// Returns false, changing nothing, when `p` is off the board.
    pub fn press(&mut self, p: Pos) -> bool {
        if !self.dims().contains(p) {
            return false;
        }
        self.toggle_press(p);
        if let Some(m) = &mut self.marks {
            m.toggle(p);
        }
        self.history.push(p);
        true
    }

    /// Takes back the last press (pressing the cell again, marks included); false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(p) = self.history.pop() else {
            return false;
        };
        self.toggle_press(p);
        if let Some(m) = &mut self.marks {
            m.toggle(p);
        }
        true
    }

    /// The Lights Out lab's `S`, asked of the library's one door: the
    /// request for a solution of the current board with the fewest presses
    /// (proven so when the coset is small enough to search). Answer it with
    /// [`GridPuzzle::answer`](crate::GridPuzzle::answer) and show the answer
    /// with [`LightsOutGame::show_hint`].
    pub fn hint_request(&self) -> Request {
        let text = self.lights.row_strings('1', '0').join("\n");
        let mut request = Request::new(BoardSource::Given {
            name: "board".into(),
            text,
        });
        request.torus = self.torus;
        request.mode = Mode::Solve {
            fewest: true,
            quiet_patterns: false,
        };
        request
    }

    /// Shows the answer to [`LightsOutGame::hint_request`] as the marks, or
    /// clears them when the board has no solution. Fails when the answer is
    /// not one of this board.
    pub fn show_hint(&mut self, answer: &Answer) -> Result<PressHint> {
        let found = hinted_presses(answer, self.dims())?.map(|(cells, count, fewest)| {
            let mut presses = BitGrid::new(self.dims());
            for p in self.dims().positions() {
                if cells.get(p) != 0 {
                    presses.set(p, true);
                }
            }
            (presses, count, fewest)
        });
        Ok(show_hint(&mut self.marks, found))
    }

    /// Hides the hint marks.
    pub fn clear_marks(&mut self) {
        self.marks = None;
    }
}

/// The presses of a hint's answer (with their total and whether they are
/// proven the fewest), `None` when the board has no solution; an error when
/// the answer is no solution of a board of `dims`.
fn hinted_presses(answer: &Answer, dims: Dims) -> Result<Option<(Cells, usize, bool)>> {
    let Answer::Solve(solution) = answer else {
        return Err(Error::Check("a hint is one solution".into()));
    };
    let Some(pressed) = &solution.presses else {
        return Ok(None);
    };
    let cells = pressed
        .cells()
        .filter(|c| c.dims() == dims)
        .ok_or_else(|| Error::Check(format!("the hint is not a {dims} board")))?;
    let count = solution.press_count.unwrap_or_default() as usize;
    Ok(Some((cells.clone(), count, solution.minimal == Some(true))))
}

/// A hint's presses (with their total and whether they are proven the
/// fewest) kept as the marks, or the marks cleared when the board has none.
fn show_hint<P>(marks: &mut Option<P>, found: Option<(P, usize, bool)>) -> PressHint {
    match found {
        Some((presses, count, fewest)) => {
            *marks = Some(presses);
            PressHint::Shown {
                presses: count,
                fewest,
            }
        }
        None => {
            *marks = None;
            PressHint::Unsolvable
        }
    }
}

#[cfg(test)]
mod tests;
