//! The linear algebra the puzzles reduce to: elimination over GF(2), GF(p) and Z/K, dense, banded and sparse.
//!
//! A press of Lights Out (and a cell of Revertigo's activation map) adds a
//! fixed vector to the board, so a puzzle is a linear system `A·x = b`: over
//! GF(2) for two states, over Z/K for K states. [`gf2`] holds the bit matrix
//! and the polynomials of the chasing methods, [`band`] the elimination of
//! systems whose unknowns line up in a narrow band (grids, tori), [`modular`]
//! the Z/K systems (Smith form, Hensel lifting, the method of four Russians
//! over GF(p)); the sparse-direct eliminations of [`gf2::sparse`] and
//! [`modular::sparse`] share their pivoting phase.

pub mod band;
pub mod gf2;
pub(crate) mod markowitz;
pub mod modular;
