//! A position of a tour played square by square: the legal moves, Warnsdorff's suggestion, whether the path is a tour.
//!
//! A front end where a person plays the tour (the browser page) sends the
//! squares visited so far and draws what comes back, so the rules it shows
//! are the library's: a move is legal when it is a knight's move to a free
//! square, and the suggestion is the first square Warnsdorff's order tries
//! (fewest onward moves, ties to the square farther from the centre after
//! Roth, then the knight's tour lab's order), as the searches use it.

use super::animate::ordered_moves;
use super::{is_knight_move, verify_tour, Knight, MoveOrder};
use crate::error::{Error, Result};
use crate::grid::Pos;
use serde::{Deserialize, Serialize};

/// The position after a path: the same keys in text and JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The first square.
    pub start: Pos,
    /// Whether a closed tour is played.
    pub closed: bool,
    /// The squares visited, the start included.
    pub visited: usize,
    /// The free squares a knight's move from the last one, in the lab's order.
    pub legal: Vec<Pos>,
    /// Warnsdorff's choice among them (null when there is none).
    pub suggestion: Option<Pos>,
    /// Whether the path is a tour (closed when asked), verified.
    pub tour: bool,
}

/// The position of `knight` after the knight moved from its start to each
/// square of `path` in turn; refused in one line naming the first move that
/// is off the board, not a knight's move, or to a square already visited.
pub(crate) fn position(knight: &Knight, path: &[Pos]) -> Result<Position> {
    let dims = knight.dims();
    let mut visited = vec![false; dims.cells()];
    let mut last = knight.start();
    visited[dims.index(last)] = true;
    for (k, &p) in path.iter().enumerate() {
        let why = if !dims.contains(p) {
            "off the board"
        } else if !is_knight_move(last, p) {
            "not a knight's move from the square before"
        } else if visited[dims.index(p)] {
            "already visited"
        } else {
            visited[dims.index(p)] = true;
            last = p;
            continue;
        };
        return Err(Error::usage(format!("move {}: {p} is {why}", k + 1)));
    }
    let free = |q: Pos| !visited[dims.index(q)];
    let legal = ordered_moves(dims, last, MoveOrder::Plain, free);
    let suggestion = ordered_moves(dims, last, MoveOrder::Warnsdorff, free)
        .first()
        .copied();
    let squares: Vec<Pos> = std::iter::once(knight.start())
        .chain(path.iter().copied())
        .collect();
    let tour = squares.len() == dims.cells() && verify_tour(knight, &squares).is_ok();
    Ok(Position {
        rows: dims.rows,
        cols: dims.cols,
        start: knight.start(),
        closed: knight.closed(),
        visited: squares.len(),
        legal,
        suggestion,
        tour,
    })
}
