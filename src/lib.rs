//! Solve, count, draw and play four grid puzzles — Lights Out, Revertigo,
//! the knight's tour and Sudoku — with every answer verified before it is
//! returned: presses replayed, walks walked, tours checked move by move,
//! grids checked against their clues.
//!
//! Each puzzle is a module with one way in and one way out, the one trait
//! [`GridPuzzle`] that all four implement: its `Request` (the board, and the
//! mode: solve, count, list, explain, generate, …) goes to its
//! [`GridPuzzle::answer`] with a [`Control`] (a stop flag, and where progress
//! goes) and a [`Sink`] for the items a listing streams (a `Vec`, a closure,
//! or [`NoItems`]); back comes its `Answer`, an enum of verified reports that
//! serialise to the JSON the `puzzles` command prints. The command, the
//! browser page and the terminal games only build requests and show these
//! reports: the library builds without them (`default-features = false`).
//!
//! # Lights Out
//!
//! A press toggles a cell and its orthogonal neighbours; the presses that
//! switch every light off solve a linear system over GF(2).
//!
//! ```
//! use puzzles::{lightsout, Control, GridPuzzle, NoItems};
//!
//! let board = lightsout::BoardSource::Random { rows: 6, cols: 6, seed: Some(1) };
//! let answer = lightsout::LightsOut::answer(&lightsout::Request::new(board), &Control::new(), &mut NoItems)?;
//! let lightsout::Answer::Solve(solved) = answer else { panic!("a solve answers a solve") };
//! assert_eq!(solved.press_count, Some(20)); // the only solution: the nullity of 6×6 is 0
//! # Ok::<(), puzzles::Error>(())
//! ```
//!
//! # Revertigo
//!
//! A pawn walks an all-white board from the bottom-left corner, each landing
//! flipping a cell and its neighbours, until the board is all black.
//!
//! ```
//! use puzzles::{revertigo, Control, Dims, GridPuzzle, NoItems};
//!
//! let request = revertigo::Request::new(Dims { rows: 4, cols: 4 });
//! let answer = revertigo::Revertigo::answer(&request, &Control::new(), &mut NoItems)?;
//! let revertigo::Answer::Solve(walk) = answer else { panic!("a solve answers a solve") };
//! assert_eq!(walk.moves, 9); // replayed by the library: every cell ends black
//! # Ok::<(), puzzles::Error>(())
//! ```
//!
//! # The knight's tour
//!
//! A knight visits every square once (a closed tour ends a move from its start).
//!
//! ```
//! use puzzles::{knight, Control, Dims, GridPuzzle, NoItems};
//!
//! let request = knight::Request::new(Dims { rows: 8, cols: 8 });
//! let answer = knight::Knight::answer(&request, &Control::new(), &mut NoItems)?;
//! let knight::Answer::Find(tour) = answer else { panic!("a search answers a search") };
//! assert_eq!(tour.result, knight::TourOutcome::Tour);
//! # Ok::<(), puzzles::Error>(())
//! ```
//!
//! # Sudoku
//!
//! Any N×N grid with R×C boxes, read in the usual text formats; the solution
//! comes with whether it is the only one.
//!
//! ```
//! use puzzles::input::Source;
//! use puzzles::{sudoku, Control, GridPuzzle, NoItems};
//!
//! let puzzle = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";
//! let request = sudoku::Request::new(Source::from_text("diabolical", puzzle));
//! let answer = sudoku::Sudoku::answer(&request, &Control::new(), &mut NoItems)?;
//! let sudoku::Answer::Solve(grid) = answer else { panic!("a solve answers a solve") };
//! assert_eq!(grid.unique, Some(true));
//! let solution = grid.solution.expect("a solution");
//! assert!(puzzle.chars().zip(solution.chars()).all(|(clue, digit)| clue == '.' || clue == digit));
//! # Ok::<(), puzzles::Error>(())
//! ```
//!
//! # The modules
//!
//! This file is the table of contents: the shared trait, the shared pieces,
//! then one module per puzzle, named after it. The development guide
//! (`docs/development.md` in the repository) shows requests read from JSON,
//! listings collected in a `Vec`, and the text of a report.

#![warn(missing_docs)]

// The trait all four puzzles implement, and the puzzles by name.
pub mod puzzle;
pub mod registry;

// Shared pieces.
pub mod control;
pub mod error;
pub mod flaw;
pub mod grid;
pub mod input;
pub(crate) mod linalg;
pub mod listing;
pub(crate) mod memory;
pub mod random;
pub mod render;
pub mod report;
pub mod sink;
pub(crate) mod stepper;
pub mod stream;

// One module per puzzle.
pub mod knight;
pub mod lightsout;
pub mod revertigo;
pub mod sudoku;

// The engines behind the doors, for the benchmarks, the fuzz targets and the
// property tests: hidden from the documentation and free to change.
#[doc(hidden)]
pub mod internals;

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
