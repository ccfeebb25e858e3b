//! `puzzles knight` end to end (to come with the puzzle).
