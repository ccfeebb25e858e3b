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
use crate::control::Control;
use crate::error::{Error, Result};
use crate::grid::{BitGrid, Dims, Pos};
use crate::lightsout::{self, LightsOut};

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

    /// The walk so far.
    pub fn walk(&self) -> Walk {
        Walk::new(self.moves.clone())
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

    /// Shows the activation map of what remains (the fewest landings when the
    /// coset is small enough to search) and returns its number of cells.
    pub fn hint(&mut self) -> Result<usize> {
        let mut white = BitGrid::full(self.dims());
        white
            .bits_mut()
            .symmetric_difference_with(self.black.bits());
        let analysis = LightsOut::new(white).analyse(lightsout::LightsOutMethod::Polynomial)?;
        let Some(f) = lightsout::fewest_presses(&analysis, &Control::new()) else {
            return Err(Error::Check(format!(
                "no activation map finishes this {} board",
                self.dims()
            )));
        };
        let cells = f.presses.count_ones();
        self.marks = Some(f.presses);
        Ok(cells)
    }

    /// Hides the hint marks.
    pub fn clear_marks(&mut self) {
        self.marks = None;
    }
}

#[cfg(test)]
mod tests;
