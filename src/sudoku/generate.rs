//! A generator of minimal puzzles with a unique solution: a random full grid, then clues removed while the answer stays unique.
//!
//! The full grid comes from the search itself: a random first row and a few
//! random clues that keep the grid solvable, solved, then moved by a random
//! symmetry of the Sudoku page. Clues are then tried for removal once each, in random
//! order; a clue is removed when the puzzle keeps a single solution. One pass
//! is enough for minimality: removing clues only adds solutions, so a clue
//! that could not go then cannot go later.

use super::symmetry::Transform;
use super::{Solver, Sudoku};
use crate::control::Control;
use crate::puzzle::{Found, GridPuzzle};
use crate::random::Rng;
use rand::seq::SliceRandom;
use rand::Rng as _;

/// The largest order [`generate`] is offered for: minimality needs one
/// uniqueness proof per clue, and on 25×25 grids with about 40% clues
/// (where the removal pass ends) those proofs can take this solver minutes
/// each (see the Gecode 25×25 instances), so order 5 and above are refused.
pub const MAX_GENERATE_ORDER: usize = 4;

/// A puzzle made by [`generate`] and its unique solution.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The clues.
    pub puzzle: Sudoku,
    /// The only solution.
    pub solution: Sudoku,
}

/// A random full grid of `order`; `None` only when `ctl` stopped the search.
pub fn random_full_grid(order: usize, rng: &mut Rng, ctl: &Control) -> Option<Sudoku> {
    let side = order * order;
    let mut grid = Sudoku::empty(order).ok()?;
    let mut first: Vec<u8> = (1..=side as u8).collect();
    first.shuffle(rng);
    grid.cells[..side].copy_from_slice(&first);
    // A few more random clues, each kept only if the grid stays solvable.
    for _ in 0..side {
        let i = rng.gen_range(side..side * side);
        let v = rng.gen_range(1..=side as u8);
        let mut trial = grid.clone();
        trial.cells[i] = v;
        if trial.clash().is_none() {
            match Solver::new(trial.clone()).solve(ctl) {
                Found::Solved(_) => grid = trial,
                Found::NoSolution => {}
                Found::Stopped => return None,
            }
        }
    }
    let Found::Solved(full) = Solver::new(grid).solve(ctl) else {
        return None;
    };
    Some(Transform::random(order, rng).apply(&full))
}

/// A minimal puzzle of `order` with a unique solution; `None` only when `ctl` stopped the work.
pub fn generate(order: usize, rng: &mut Rng, ctl: &Control) -> Option<Generated> {
    let solution = random_full_grid(order, rng, ctl)?;
    let mut puzzle = solution.clone();
    let mut cells: Vec<usize> = (0..puzzle.cells.len()).collect();
    cells.shuffle(rng);
    for i in cells {
        let clue = puzzle.cells[i];
        puzzle.cells[i] = 0;
        // Unique still, unless some solution of the rest differs from `solution` at i.
        if Solver::new(puzzle.clone()).solvable_without(i, clue, ctl)? {
            puzzle.cells[i] = clue;
        }
    }
    Some(Generated { puzzle, solution })
}
