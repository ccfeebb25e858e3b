//! `puzzles`: solve, count, draw and play four grid puzzles — Lights Out,
//! Revertigo, the knight's tour and Sudoku.
//!
//! This file is the table of contents: the shared trait, the shared pieces,
//! then one module per puzzle, named after it.

// The trait all four puzzles implement.
pub mod puzzle;

// Shared pieces.
pub mod control;
pub mod error;
pub mod gf2;
pub mod grid;
pub mod input;
pub mod modular;
pub mod random;
pub mod render;

// One module per puzzle.
pub mod knight;
pub mod lightsout;
pub mod revertigo;
pub mod sudoku;

pub use control::{Control, Stop, Tally};
pub use error::{Error, Result};
pub use grid::{BitGrid, Dims, Grid, Pos};
pub use puzzle::{Answer, GridPuzzle};
