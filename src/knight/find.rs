//! Finding one tour: the search and the builders that the solver tries in turn.
//!
//! - `search`: backtracking over knight moves in Warnsdorff's or the lab's
//!   order, with a safe cut on dead ends;
//! - `blocks`: tours of large boards from small block tours joined by edge swaps;
//! - `chain`: open tours of long 3-row boards from chained block tours;
//! - `frontier`: a frontier dynamic programme that finds a tour of a board
//!   with at most 7 rows, or proves there is none;
//! - `magic`: the semi-magic tours of the 8×8 board.

pub(crate) mod blocks;
pub(super) mod chain;
pub(super) mod frontier;
pub(super) mod magic;
pub(super) mod search;
