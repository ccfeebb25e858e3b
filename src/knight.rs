//! Knight's tour (seed 003) — placeholder until the puzzle lands.
