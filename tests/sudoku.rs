//! `puzzles sudoku` end to end (to come with the puzzle).
