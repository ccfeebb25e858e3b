//! The candidates of a partly filled grid: for each empty cell, the digits no cell of its row, column or box holds.
//!
//! A front end that shows pencil marks (the browser page's auto-candidates)
//! asks for them here, so the rule it shows is the library's.

use super::shape::{digit_of, symbol};
use super::Sudoku;
use crate::report::{Detail, Ending, Report, Text};
use serde::{Deserialize, Serialize};

/// The candidates of each cell of a grid: the same keys in text and JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CandidateGrid {
    /// The grid side.
    pub size: usize,
    /// The box shape `[R, C]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The grid in line form.
    pub puzzle: String,
    /// For each cell, row by row, its candidate digits in increasing order
    /// (none on a filled cell; none on an empty cell that no digit fits).
    pub candidates: Vec<Vec<u8>>,
}

/// The candidates of every cell of `grid`.
pub(crate) fn candidates(grid: &Sudoku) -> CandidateGrid {
    let shape = grid.shape();
    let n = shape.side();
    let cells = grid.cells();
    // The digits each row, column and box holds, bit d−1 for digit d.
    let (mut rows, mut cols, mut boxes) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    for (i, &v) in cells.iter().enumerate().filter(|&(_, &v)| v != 0) {
        let bit = 1u64 << (v - 1);
        rows[i / n] |= bit;
        cols[i % n] |= bit;
        boxes[shape.box_of(i)] |= bit;
    }
    let candidates = cells
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if v != 0 {
                return Vec::new();
            }
            let held = rows[i / n] | cols[i % n] | boxes[shape.box_of(i)];
            (1..=n as u8)
                .filter(|&d| held & (1u64 << (d - 1)) == 0)
                .collect()
        })
        .collect();
    CandidateGrid {
        size: n,
        box_shape: shape.box_dims(),
        puzzle: grid.to_line(),
        candidates,
    }
}

/// The candidate grid as Sudoku Explainer prints one: a row a line, a field
/// a cell (its candidates; a filled cell its digit), the fields padded to one width.
impl Report for CandidateGrid {
    fn text(&self, _: Detail) -> Text {
        let n = self.size;
        let digits = |ds: &[u8]| ds.iter().map(|&d| symbol(d)).collect::<String>();
        let filled: Vec<u8> = if n <= 35 {
            self.puzzle
                .chars()
                .map(|c| digit_of(c).unwrap_or(0))
                .collect()
        } else {
            let number = |w: &str| w.parse().unwrap_or(0);
            self.puzzle.split_whitespace().map(number).collect()
        };
        let fields: Vec<String> = self
            .candidates
            .iter()
            .enumerate()
            .map(|(i, c)| match filled.get(i) {
                Some(&v) if v != 0 => symbol(v).to_string(),
                _ => digits(c),
            })
            .collect();
        let width = fields.iter().map(String::len).max().unwrap_or(1);
        let mut text = Text::new();
        for row in fields.chunks(n.max(1)) {
            let cells: Vec<String> = row.iter().map(|f| format!("{f:<width$}")).collect();
            text.line(cells.join(" ").trim_end());
        }
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}
