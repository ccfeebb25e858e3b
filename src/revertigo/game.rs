//! The Revertigo game of the Revertigo page: the player walks the pawn, the solver shows what is left to do.
//!
//! The board starts white with the pawn put on the bottom-left cell, and that
//! placement is a landing; each move lands the pawn on a neighbouring cell,
//! which flips that cell and its neighbours. The board is won when every cell
//! is black. The hint is the activation map of what remains: cells still to
//! be landed on an odd number of times. It is the Lights Out solution of the
//! board whose lit cells are the white ones, which always exists (the current
//! board is the image of the walk's own map, and the all-white board is the
//! image of any activation map). Once shown, the hint follows the player the
//! way the Lights Out lab's marks do: a landing on a marked cell removes the mark, a
//! landing elsewhere adds one, so the marks always finish the board.

use super::{Move, Revertigo, Walk};
use crate::error::{Error, Result};
use crate::grid::{BitGrid, Dims, Pos};
use crate::lightsout;

/// A game in progress: the colours, the pawn, the walk so far and the hint marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevertigoGame {
    board: Revertigo,
    /// A set bit is a black cell.
    black: BitGrid,
    pawn: Pos,
    moves: Vec<Move>,
    marks: Option<BitGrid>,
}

impl RevertigoGame {
    /// A new game on `dims`: all white, then the pawn's placement on the bottom-left cell.
    pub fn new(dims: Dims) -> Self {
        let board = Revertigo::new(dims);
        let pawn = board.start();
        let mut black = BitGrid::new(dims);
        black.toggle_plus(pawn);
        RevertigoGame {
            board,
            black,
            pawn,
            moves: Vec::new(),
            marks: None,
        }
    }

    /// The board's shape.
    pub fn dims(&self) -> Dims {
        self.board.dims()
    }

    /// The colours: a set bit is a black cell.
    pub fn black(&self) -> &BitGrid {
        &self.black
    }

    /// The pawn's cell.
    pub fn pawn(&self) -> Pos {
        self.pawn
    }

    /// The walk so far, its letters (`N`, `E`, `S`, `W`).
    pub fn walk(&self) -> String {
        Walk::new(self.moves.clone()).to_string()
    }

    /// Number of moves made.
    pub fn moves(&self) -> usize {
        self.moves.len()
    }

    /// The hint marks, when the player has asked for them.
    pub fn marks(&self) -> Option<&BitGrid> {
        self.marks.as_ref()
    }

    /// Whether every cell is black.
    pub fn is_won(&self) -> bool {
        self.black.count_ones() == self.dims().cells()
    }

    /// Lands on `p`: flips it and its neighbours, and flips its mark.
    fn land(&mut self, p: Pos) {
        self.pawn = p;
        self.black.toggle_plus(p);
        if let Some(m) = &mut self.marks {
            m.toggle(p);
        }
    }

    /// Moves the pawn one cell; false, changing nothing, when that leaves the board.
    pub fn step(&mut self, m: Move) -> bool {
        match m.from(self.dims(), self.pawn) {
            Some(p) => {
                self.land(p);
                self.moves.push(m);
                true
            }
            None => false,
        }
    }

    /// Takes back the last move: the landing is undone (its flips and its
    /// mark) and the pawn goes back; false when no move was made.
    pub fn undo(&mut self) -> bool {
        let Some(m) = self.moves.pop() else {
            return false;
        };
        let here = self.pawn;
        self.land(here);
        // The move came from the cell one step back; it is on the board.
        self.pawn = m.reverse().from(self.dims(), here).unwrap_or(here);
        true
    }

    /// The request for the activation map of what remains, asked of Lights
    /// Out's door: the fewest presses that switch off the board whose lit
    /// cells are the white ones (proven the fewest when the coset is small
    /// enough to search). Show its answer with [`RevertigoGame::show_hint`].
    pub fn hint_request(&self) -> lightsout::Request {
        let text = self.black.row_strings('0', '1').join("\n");
        let mut request = lightsout::Request::new(lightsout::BoardSource::Given {
            name: "board".into(),
            text,
        });
        request.mode = lightsout::Mode::Solve {
            fewest: true,
            quiet_patterns: false,
        };
        request
    }

    /// Shows the answer to [`RevertigoGame::hint_request`] as the marks and
    /// returns their number of cells. Fails when the answer is not a map of
    /// this board (every board has one).
    pub fn show_hint(&mut self, answer: &lightsout::Answer) -> Result<usize> {
        let dims = self.dims();
        let map = match answer {
            lightsout::Answer::Solve(s) => s.presses.as_ref().and_then(|p| p.cells()),
            _ => None,
        };
        let Some(map) = map.filter(|m| m.dims() == dims) else {
            return Err(Error::Check(format!(
                "no activation map finishes this {dims} board"
            )));
        };
        let mut marks = BitGrid::new(dims);
        for p in dims.positions() {
            if map.get(p) != 0 {
                marks.set(p, true);
            }
        }
        let cells = marks.count_ones();
        self.marks = Some(marks);
        Ok(cells)
    }

    /// Hides the hint marks.
    pub fn clear_marks(&mut self) {
        self.marks = None;
    }
}

#[cfg(test)]
mod tests;
