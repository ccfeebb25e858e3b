//! `puzzles`: solve, count, draw and play four grid puzzles — Lights Out,
//! Revertigo, the knight's tour and Sudoku.
//!
//! This file is the table of contents: the shared trait, the shared pieces,
//! then one module per puzzle, named after it. Each puzzle module takes a
//! plain request and returns a verified report that serialises to the JSON
//! the `puzzles` command prints; the command only parses and prints.
//!
//! ```
//! use puzzles::grid::Dims;
//! use puzzles::knight::Knight;
//! use puzzles::lightsout::LightsOut;
//! use puzzles::revertigo::Revertigo;
//! use puzzles::{knight, lightsout, revertigo, Control, GridPuzzle, NoItems};
//!
//! let ctl = Control::new(); // a stop flag, and where progress goes
//! let board = lightsout::Board::Random { rows: 6, cols: 6, seed: Some(1) };
//! let lights = LightsOut::answer(&lightsout::Request::new(board), &ctl, &mut NoItems)?;
//! assert!(matches!(lights, lightsout::Answer::Solve(s) if s.press_count == Some(20)));
//!
//! let walk = Revertigo::answer(&revertigo::Request::new(Dims { rows: 4, cols: 4 }), &ctl, &mut NoItems)?;
//! assert!(matches!(walk, revertigo::Answer::Solve(w) if w.moves == 9));
//!
//! let tour = Knight::answer(&knight::Request::new(Dims { rows: 8, cols: 8 }), &ctl, &mut NoItems)?;
//! assert!(matches!(tour, knight::Answer::Find(t) if t.result == knight::TourOutcome::Tour));
//! # Ok::<(), puzzles::Error>(())
//! ```

// The trait all four puzzles implement, and the puzzles by name.
pub mod puzzle;
pub mod registry;

// Shared pieces.
pub mod control;
pub mod error;
pub mod flaw;
pub mod grid;
pub mod input;
pub mod linalg;
pub mod listing;
pub mod memory;
pub mod random;
pub mod render;
pub mod report;
pub mod sink;
pub mod stream;

// One module per puzzle.
pub mod knight;
pub mod lightsout;
pub mod revertigo;
pub mod sudoku;

pub use control::{Control, Stop, Tally};
pub use error::{Error, Result};
pub use flaw::Flaw;
pub use grid::{BitGrid, Dims, Grid, Pos};
pub use puzzle::GridPuzzle;
pub use sink::{NoItems, Sink};

// The Rust examples of the development guide run as doc tests, so they cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../docs/development.md")]
struct DevelopmentGuide;
