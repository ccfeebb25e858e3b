//! When there is no tour, and why: the theorems that answer without a search.
//!
//! - Closed tours: Schwenk, "Which rectangular chessboards have a knight's
//!   tour?", Math. Magazine 64(5), 1991: an m×n board, m ≤ n, has a closed
//!   tour unless m and n are both odd, or m ∈ {1, 2, 4}, or m = 3 and
//!   n ∈ {4, 6, 8}.
//! - Open tours: Conrad, Hindrichs, Morsy, Wegener, "Solution of the knight's
//!   Hamiltonian path problem on chessboards", Discrete Applied Math. 50, 1994
//!   (also Cull and De Curtins 1978): an m×n board, m ≤ n, has an open tour
//!   unless m ∈ {1, 2} (the 1×1 board aside), or m = 3 and n ∈ {3, 5, 6}, or
//!   m = n = 4.
//! - Colour: a knight always changes colour, so a tour alternates colours; on
//!   an odd×odd board the squares with `row + col` even outnumber the others by
//!   one, so an open tour must start (and end) on one of them.
//!
//! - Four rows: a square of row 0 or 3 only neighbours rows 1 and 2, so in a
//!   tour no two outer squares follow each other; a tour that never puts two
//!   inner squares in a row alternates outer and inner, so the outer squares
//!   would all fall on every other move and share one colour, which they do
//!   not; hence a tour of 2n outer and 2n inner squares has exactly one
//!   inner–inner step and starts and ends on the outer rows (the argument of
//!   Schwenk's proof that 4 × n has no closed tour).
//!
//! These only say a board has no tour at all (or none from a start); the
//! search still decides the remaining starts by exhausting it.

use super::Knight;
use serde::Serialize;
use std::fmt;

/// Why there is no tour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "by")]
pub enum Impossible {
    /// Schwenk's theorem (1991) on closed tours.
    Schwenk,
    /// The open-tour theorem of Conrad et al. (1994).
    Conrad,
    /// The colouring argument: on an odd×odd board an open tour starts on the majority colour.
    Colour,
    /// On a board with 4 rows (or columns) a tour starts and ends on the outer ones.
    OuterRows,
    /// The frontier dynamic programme (boards of at most 7 rows that fit
    /// its state limit) found no tour from the start: exact, without a search.
    Frontier,
    /// The search tried every path from the start.
    Exhausted {
        /// Nodes (moves tried) the search spent.
        nodes: u64,
    },
}

impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Impossible::Schwenk => write!(
                f,
                "Schwenk 1991: an m×n board (m ≤ n) has no closed tour when m and n are both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8"
            ),
            Impossible::Conrad => write!(
                f,
                "Conrad et al. 1994: an m×n board (m ≤ n) has no open tour when m is 1 or 2 (1×1 aside), m = 3 and n is 3, 5 or 6, or m = n = 4"
            ),
            Impossible::Colour => write!(
                f,
                "colouring: on an odd×odd board a tour starts on the majority colour (row + col even)"
            ),
            Impossible::OuterRows => write!(
                f,
                "4-row boards: a square of an outer row only neighbours the inner rows, and a tour with no two inner squares in a row would give all outer squares one colour, so a tour starts and ends on an outer row (Schwenk's argument)"
            ),
            Impossible::Frontier => write!(
                f,
                "frontier dynamic programme: no tour from this square covers the board (exact, column by column over every set of moves)"
            ),
            Impossible::Exhausted { nodes } => {
                write!(f, "exhaustive search: every path tried ({nodes} nodes)")
            }
        }
    }
}

/// Whether an m×n board has a closed tour at all (Schwenk 1991).
pub fn has_closed_tour(rows: usize, cols: usize) -> bool {
    let (m, n) = (rows.min(cols), rows.max(cols));
    !((m % 2 == 1 && n % 2 == 1) || matches!(m, 1 | 2 | 4) || (m == 3 && matches!(n, 4 | 6 | 8)))
}

/// Whether an m×n board has an open tour from some square (Conrad et al. 1994).
pub fn has_open_tour(rows: usize, cols: usize) -> bool {
    let (m, n) = (rows.min(cols), rows.max(cols));
    if m == 1 {
        return n == 1;
    }
    !(m == 2 || (m == 3 && matches!(n, 3 | 5 | 6)) || (m == 4 && n == 4))
}

/// A theorem that rules out every tour of `knight`, if one applies.
pub(crate) fn impossible(knight: &Knight) -> Option<Impossible> {
    let d = knight.dims();
    if knight.closed() {
        return (!has_closed_tour(d.rows, d.cols)).then_some(Impossible::Schwenk);
    }
    if !has_open_tour(d.rows, d.cols) {
        return Some(Impossible::Conrad);
    }
    let s = knight.start();
    let across = if d.rows == 4 { s.row } else { s.col };
    if d.rows.min(d.cols) == 4 && (across == 1 || across == 2) {
        return Some(Impossible::OuterRows);
    }
    if d.rows % 2 == 1 && d.cols % 2 == 1 && (s.row + s.col) % 2 == 1 {
        return Some(Impossible::Colour);
    }
    None
}
