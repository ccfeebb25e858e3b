//! The game with K states and any press pattern: the player presses cells, the solver gives the press counts that finish the board.
//!
//! The Lights Out lab's hint rule carries over: the marks hold how many more
//! times each cell must be pressed. Presses commute and K presses of a cell
//! cancel, so pressing a cell lowers its mark by one (mod K) and the marks
//! stay a solution of the board as it now is.

use super::PressHint;
use crate::error::Result;
use crate::grid::{Dims, Grid, Pos};
use crate::input::Source;
use crate::lightsout::Variant;
use crate::lightsout::{Answer, BoardSource, Mode, Pattern, Request};
use crate::random::Rng;
use rand::Rng as _;

/// A game in progress on a K-state board: the states, the presses made, and the press counts hinted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatesGame {
    variant: Variant,
    lights: Grid<u8>,
    /// The cells pressed so far, in order.
    history: Vec<Pos>,
    /// How many more times each cell is to be pressed: `None` until the player asks.
    marks: Option<Grid<u8>>,
}

impl StatesGame {
    /// A game of `variant` starting from `lights` (states 0..K−1).
    pub(crate) fn new(variant: Variant, lights: Grid<u8>) -> Self {
        StatesGame {
            variant,
            lights,
            history: Vec::new(),
            marks: None,
        }
    }

    /// A game of K `states` with the press `pattern` (on the torus when
    /// `torus`) starting from the states `source` holds (rows of symbols, as
    /// `--state` reads them).
    pub fn parse(states: u32, pattern: Pattern, torus: bool, source: &Source) -> Result<Self> {
        let variant = Variant::new(states, pattern, torus)?;
        let lights = variant.parse(source)?;
        Ok(StatesGame::new(variant, lights))
    }

    /// A random board of `dims` that can be solved, in the game of K `states`
    /// with the press `pattern` (see [`StatesGame::redraw`]); `dims` is a
    /// board [`LightsOutGame::size`](super::LightsOutGame::size) accepts.
    pub fn random(
        states: u32,
        pattern: Pattern,
        torus: bool,
        dims: Dims,
        rng: &mut Rng,
    ) -> Result<Self> {
        Ok(Self::draw(Variant::new(states, pattern, torus)?, dims, rng))
    }

    /// Another random board of the same size and rules that can be solved:
    /// every cell of a dark board pressed a uniformly random number of times
    /// (0..K−1), drawn again if it came out dark.
    pub fn redraw(&self, rng: &mut Rng) -> Self {
        Self::draw(self.variant.clone(), self.dims(), rng)
    }

    fn draw(variant: Variant, dims: Dims, rng: &mut Rng) -> Self {
        let k = variant.states.get();
        let dark = Grid::filled(dims, 0u8);
        loop {
            let cells = (0..dims.cells()).map(|_| rng.gen_range(0..k)).collect();
            let presses = Grid::from_cells(dims, cells).expect("one count per cell");
            let lights = variant.after(&dark, &presses);
            if lights.cells().iter().any(|&v| v != 0) {
                return StatesGame::new(variant, lights);
            }
        }
    }

    /// K, the states of a cell.
    pub fn states(&self) -> u32 {
        self.variant.states.get().into()
    }

    /// The cells a press changes.
    pub fn pattern(&self) -> &Pattern {
        &self.variant.pattern
    }

    /// Whether presses wrap around the edges.
    pub fn is_torus(&self) -> bool {
        self.variant.torus
    }

    /// The board's shape.
    pub fn dims(&self) -> Dims {
        self.lights.dims()
    }

    /// The states of the cells.
    pub fn lights(&self) -> &Grid<u8> {
        &self.lights
    }

    /// The press counts hinted, when the player has asked for them.
    pub fn marks(&self) -> Option<&Grid<u8>> {
        self.marks.as_ref()
    }

    /// Number of presses made (an undone press no longer counts).
    pub fn presses(&self) -> usize {
        self.history.len()
    }

    /// Whether every cell is at state 0.
    pub fn is_won(&self) -> bool {
        self.lights.cells().iter().all(|&v| v == 0)
    }

    /// Adds `times` (mod K) to every cell a press of `p` changes.
    fn apply(&mut self, p: Pos, times: u8) {
        let k = self.variant.states;
        for q in self.variant.targets(self.dims(), p) {
            self.lights[q] = k.add(self.lights[q], times);
        }
    }

    /// Presses cell `p` once; its mark (when shown) goes down by one, mod K.
    /// Returns false, changing nothing, when `p` is off the board.
    pub fn press(&mut self, p: Pos) -> bool {
        if !self.dims().contains(p) {
            return false;
        }
        let k = self.variant.states;
        self.apply(p, 1);
        if let Some(m) = &mut self.marks {
            m[p] = k.add(m[p], k.neg(1));
        }
        self.history.push(p);
        true
    }

    /// Takes back the last press (K − 1 more presses of its cell, the mark put back); false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(p) = self.history.pop() else {
            return false;
        };
        let k = self.variant.states;
        self.apply(p, k.neg(1));
        if let Some(m) = &mut self.marks {
            m[p] = k.add(m[p], 1);
        }
        true
    }

    /// The request for a solution of the current board with the fewest
    /// presses (when every solution can be compared), to be answered by the
    /// library's one door and shown with [`StatesGame::show_hint`].
    pub fn hint_request(&self) -> Request {
        let mut request = Request::new(BoardSource::Given {
            name: "board".into(),
            text: self.variant.rows(&self.lights).join("\n"),
        });
        request.states = self.variant.states.get().into();
        request.pattern = self.variant.pattern.clone();
        request.torus = self.variant.torus;
        request.mode = Mode::Solve {
            fewest: true,
            quiet_patterns: false,
        };
        request
    }

    /// Shows the answer to [`StatesGame::hint_request`] as the press counts
    /// marked, or clears them when the board has none. Fails when the answer
    /// is not one of this board.
    pub fn show_hint(&mut self, answer: &Answer) -> Result<PressHint> {
        let found = super::hinted_presses(answer, self.dims())?.map(|(cells, count, fewest)| {
            let marks = Grid::from_cells(
                self.dims(),
                self.dims().positions().map(|p| cells.get(p)).collect(),
            )
            .expect("one count per cell");
            (marks, count, fewest)
        });
        Ok(super::show_hint(&mut self.marks, found))
    }

    /// Hides the hint marks.
    pub fn clear_marks(&mut self) {
        self.marks = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lightsout::Pattern;

    #[test]
    fn pressing_the_marks_finishes_the_board_and_undo_restores_it() {
        for (k, pattern) in [(3, Pattern::cross()), (5, Pattern::named("x").unwrap())] {
            let variant = Variant::new(k, pattern, false).unwrap();
            let mut rng = crate::random::rng(k as u64);
            let dims = Dims { rows: 4, cols: 5 };
            let mut game = StatesGame::draw(variant, dims, &mut rng);
            let start = game.lights().clone();
            assert!(!game.is_won());
            game.press(Pos::new(1, 1));
            assert!(game.undo());
            assert_eq!(game.lights(), &start);
            let answer = <crate::lightsout::LightsOut as crate::GridPuzzle>::answer(
                &game.hint_request(),
                &crate::Control::new(),
                &mut crate::NoItems,
            )
            .unwrap();
            let PressHint::Shown { presses, .. } = game.show_hint(&answer).unwrap() else {
                panic!("a drawn board is solvable");
            };
            let marks = game.marks().unwrap().clone();
            let mut made = 0;
            for p in dims.positions() {
                for _ in 0..marks[p] {
                    game.press(p);
                    made += 1;
                }
            }
            assert_eq!(made, presses);
            assert!(game.is_won());
            assert!(game.marks().unwrap().cells().iter().all(|&v| v == 0));
        }
    }
}
