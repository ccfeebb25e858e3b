//! Sudoku (seed 002) — placeholder until the puzzle lands.
