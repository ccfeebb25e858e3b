//! Reading a Lights Out position: rows of `0`/`1` or `.`/`#`, one row per line.

use crate::error::{Error, Result};
use crate::grid::{BitGrid, Dims};
use crate::input::Source;

/// Parses `source` into lights. Blank lines before and after the board are
/// ignored, spaces between cells too; every row must have the same length.
pub fn lights(source: &Source) -> Result<BitGrid> {
    let mut rows: Vec<(usize, Vec<bool>)> = Vec::new();
    for (i, line) in source.text.lines().enumerate() {
        let line_no = i + 1;
        let mut row = Vec::new();
        for (j, ch) in line.chars().enumerate() {
            match ch {
                '1' | '#' => row.push(true),
                '0' | '.' => row.push(false),
                ' ' | '\t' | '\r' => {}
                other => {
                    return Err(source.error(
                        line_no,
                        j + 1,
                        format!("'{}' is not a light: use 0/1 or ./#", other.escape_debug()),
                    ))
                }
            }
        }
        if row.is_empty() {
            if rows.is_empty() {
                continue;
            }
            // A blank line ends the board; only blank lines may follow.
            if let Some((k, _)) = source
                .text
                .lines()
                .enumerate()
                .skip(i)
                .find(|(_, l)| !l.trim().is_empty())
            {
                return Err(source.error(k + 1, 1, "a blank line splits the board in two"));
            }
            break;
        }
        if let Some((_, first)) = rows.first() {
            if row.len() != first.len() {
                return Err(source.error(
                    line_no,
                    1,
                    format!("row has {} cells, the first row {}", row.len(), first.len()),
                ));
            }
        }
        rows.push((line_no, row));
        // Refused as soon as the rows read pass the limit, not after reading them all.
        if rows.len().saturating_mul(rows[0].1.len()) > super::MAX_CELLS {
            return Err(Error::TooLarge {
                bound: crate::error::Bound::BoardCells,
                got: rows.len().saturating_mul(rows[0].1.len()).into(),
                limit: super::MAX_CELLS.into(),
                note: format!(" (by line {line_no})"),
            });
        }
    }
    let Some((_, first)) = rows.first() else {
        return Err(Error::parse(
            &source.name,
            1,
            1,
            "no board: the input is empty",
        ));
    };
    let dims = Dims::new(rows.len(), first.len(), super::MAX_CELLS)?;
    let mut grid = BitGrid::new(dims);
    for (i, on) in rows.iter().flat_map(|(_, r)| r.iter()).enumerate() {
        grid.bits_mut().set(i, *on);
    }
    Ok(grid)
}
