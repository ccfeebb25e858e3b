//! Revertigo (seed 004) — placeholder until the puzzle lands.
