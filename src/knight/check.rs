//! A student's tour checked: square by square, the first move that is not a
//! knight's, the square visited twice or the closing move that is missing
//! named (the check the knight's tour lab's own program is marked by).

use super::{parse_square, verify_tour, Knight, Tour, MAX_CELLS};
use crate::error::{Error, Result};
use crate::flaw::{Checked, Flaw};
use crate::grid::{Dims, Pos};
use crate::input::Source;
use crate::report::{Detail, Ending, Report, Text};
use serde::{Deserialize, Serialize};

/// A tour checked: the board, the squares given, the verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourCheck {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Whether a closed tour was asked for.
    pub closed: bool,
    /// The squares checked, in the order given.
    pub tour: Vec<Pos>,
    /// Right, or the first thing wrong.
    #[serde(flatten)]
    pub checked: Checked,
}

/// Checks `tour` on a board of `dims`: every square once, each a knight's
/// move from the one before (and, `closed`, the last from the first). The
/// tour starts where its first square is.
pub(super) fn check(dims: Dims, closed: bool, tour: &[Pos]) -> Result<TourCheck> {
    let dims = Dims::new(dims.rows, dims.cols, MAX_CELLS)?;
    let start = tour.first().copied().filter(|&p| dims.contains(p));
    let checked = match start {
        Some(start) => verify_tour(&Knight::new(dims, start, closed)?, tour),
        None if tour.is_empty() => Err(Flaw::TourLength {
            want: dims.cells(),
            got: 0,
        }),
        None => Err(Flaw::SquareOffBoard {
            index: 1,
            at: tour[0],
        }),
    };
    Ok(TourCheck {
        rows: dims.rows,
        cols: dims.cols,
        closed,
        tour: tour.to_vec(),
        checked: Checked::of(checked),
    })
}

/// Reads a tour from text: see [`Request::read_tour`](super::Request::read_tour).
pub(super) fn read_tour(source: &Source, dims: Dims) -> Result<Tour> {
    match source.text.contains('|') {
        true => numbered_board(source),
        false => squares(source, dims),
    }
}

/// The squares of a numbered board, in the order of their numbers.
fn numbered_board(source: &Source) -> Result<Tour> {
    let mut numbered = Vec::new();
    // Lines without a `|` (a title, a note) are not board rows.
    let rows = source
        .text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains('|'));
    for (row, (line_no, line)) in rows.enumerate() {
        let mut col_chars = 1;
        for (col, cell) in line.split('|').enumerate() {
            let t = cell.trim();
            if !t.is_empty() {
                let number: usize = t.parse().map_err(|_| {
                    source.error(
                        line_no + 1,
                        col_chars,
                        format!("'{t}' is not a move number (1, 2, …; blank where unvisited)"),
                    )
                })?;
                numbered.push((number, Pos::new(row, col)));
            }
            col_chars += cell.chars().count() + 1;
        }
    }
    numbered.sort_by_key(|&(n, _)| n);
    Ok(numbered.into_iter().map(|(_, p)| p).collect())
}

/// The squares listed one after the other.
fn squares(source: &Source, dims: Dims) -> Result<Tour> {
    let mut tour = Vec::new();
    for (i, line) in source.text.lines().enumerate() {
        let mut col = 1;
        for word in line.split_inclusive(|c: char| c.is_whitespace() || c == ';') {
            let t = word.trim_matches(|c: char| c.is_whitespace() || c == ';');
            if !t.is_empty() {
                let square =
                    parse_square(dims, t).map_err(|e| source.error(i + 1, col, message(e)))?;
                tour.push(square);
            }
            col += word.chars().count();
        }
    }
    Ok(tour)
}

/// The words of an error, for a message that names where it happened.
fn message(e: Error) -> String {
    match e {
        Error::Parse { msg, .. } => msg,
        other => other.to_string(),
    }
}

impl Report for TourCheck {
    /// The board and the tour's length, then the verdict.
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        let kind = if self.closed { "closed " } else { "" };
        text.line(format!(
            "knight's {kind}tour checked on {}×{}: {} squares given",
            self.rows,
            self.cols,
            self.tour.len()
        ));
        let good = match self.closed {
            true => "every square once, each a knight's move on, and back to the first",
            false => "every square once, each a knight's move on",
        };
        self.checked.line(&mut text, good);
        text
    }

    fn ending(&self) -> Ending {
        self.checked.ending()
    }
}
