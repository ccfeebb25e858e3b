//! A 9×9 grid held inline, for batches: read from a plain line, solved, checked and written back without allocating.
//!
//! The benchmark files hold tens of thousands of 9×9 puzzles, one per line;
//! the work per puzzle is a few microseconds, so a `Vec` per grid, a
//! formatted string per answer line, or a check that walks units through
//! index tables would cost as much as the search. [`Grid9`] keeps the 81
//! cells in an array and goes straight to the band-word search (`fast9`).

use super::{fast9, Shape, Sudoku};
use crate::control::Control;

/// A 9×9 grid (order 3): 81 cells row by row, 0 for empty. The same type
/// holds a puzzle and a solution, as [`Sudoku`] does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid9([u8; 81]);

impl Grid9 {
    /// The grid of a line in the plain benchmark form: exactly 81 characters
    /// `1`–`9` (a clue) or `.`, `0`, `_` (empty), with spaces, tabs and a
    /// carriage return around them allowed; `None` for any other line (the
    /// general reader takes it, and gives the same cells for this form).
    pub fn from_plain_line(text: &str) -> Option<Grid9> {
        fast9::plain_cells(text).map(Grid9)
    }

    /// The grid of a 9×9 [`Sudoku`]; `None` for another shape.
    pub fn from_sudoku(grid: &Sudoku) -> Option<Grid9> {
        if grid.shape != Shape::CLASSIC {
            return None;
        }
        grid.cells.as_slice().try_into().ok().map(Grid9)
    }

    /// The same grid as a [`Sudoku`].
    pub fn to_sudoku(self) -> Sudoku {
        Sudoku {
            shape: Shape::CLASSIC,
            cells: self.0.to_vec(),
        }
    }

    #[cfg(test)]
    /// The cells row by row, 0 for empty.
    pub fn cells(&self) -> &[u8; 81] {
        &self.0
    }

    /// Up to two solutions: the first one found and whether it is the only
    /// one (`None` when `ctl` stopped the search before it could tell).
    /// Clashing clues have no solution.
    pub fn solve_and_check_unique(&self, ctl: &Control) -> (Option<Grid9>, Option<bool>) {
        let (first, tally) = fast9::first_two(&self.0, ctl);
        (first.map(Grid9), tally.uniqueness())
    }

    /// Checks that `solution` is a full valid grid that keeps every clue of
    /// `self`: [`Sudoku::check_solution`], with a cheaper test for the answer
    /// that passes (each row, column and box holds the nine digits).
    pub fn check_solution(&self, solution: &Grid9) -> Result<(), crate::flaw::Flaw> {
        if fast9::solves(&self.0, &solution.0) {
            return Ok(());
        }
        // The general check says why; both refuse the same grids.
        self.to_sudoku().check_solution(&solution.to_sudoku())
    }

    /// The line form ([`Sudoku::to_line`]): 81 symbols, `.` for empty.
    pub fn line(&self) -> [u8; 81] {
        // The cells hold 0 to 9 (as read, or solved), whose symbols are the
        // ASCII digits: `b'0' + v`, without a table lookup per cell.
        self.0.map(|v| if v == 0 { b'.' } else { b'0' + v })
    }
}
