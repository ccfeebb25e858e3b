//! `puzzles revertigo` end to end (to come with the puzzle).
