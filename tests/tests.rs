//! Integration tests: the real `puzzles` binary on the example files in `puzzles/`, one module per puzzle.

mod util;

mod adversary;
mod checks;
mod cli;
#[cfg(feature = "mpi")]
mod distributed;
mod docs;
mod every_option;
mod interrupts;
mod json_contract;
mod knight;
mod knight_8x8_open;
mod lightsout;
mod limits;
mod outputs;
mod parsers;
mod play;
mod revertigo;
mod sudoku;
