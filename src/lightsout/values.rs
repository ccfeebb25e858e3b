//! Reading and writing a board of K states: one symbol per cell (digits, then letters) up to 36 states, numbers beyond.
//!
//! With K ≤ 36 a row is a run of symbols `0-9` then `a-z` (capitals too),
//! spaces ignored; for K = 2 the classic `.`/`#` still read as 0/1. With
//! K > 36 a row is a line of numbers separated by blanks.

use crate::error::{Error, Result};
use crate::grid::{Dims, Grid};
use crate::input::Source;
use crate::linalg::modular::Modulus;

/// The most states written one symbol per cell.
pub const MAX_SYMBOL_STATES: u8 = 36;

/// Parses `source` into a board of states `0..K`: rows of equal length, one per line,
/// blank lines before and after ignored.
pub(crate) fn parse_states(source: &Source, k: Modulus) -> Result<Grid<u8>> {
    let mut rows: Vec<Vec<u8>> = Vec::new();
    let mut ended_at: Option<usize> = None;
    for (i, line) in source.text.lines().enumerate() {
        let row = parse_row(source, i + 1, line, k)?;
        if row.is_empty() {
            if !rows.is_empty() && ended_at.is_none() {
                ended_at = Some(i + 1);
            }
            continue;
        }
        if let Some(blank) = ended_at {
            return Err(source.error(
                i + 1,
                1,
                format!("a blank line (line {blank}) splits the board in two"),
            ));
        }
        if let Some(first) = rows.first() {
            if row.len() != first.len() {
                return Err(source.error(
                    i + 1,
                    1,
                    format!("row has {} cells, the first row {}", row.len(), first.len()),
                ));
            }
        }
        rows.push(row);
        if rows.len().saturating_mul(rows[0].len()) > super::MAX_CELLS {
            return Err(Error::TooLarge {
                bound: crate::error::Bound::BoardCells,
                got: rows.len().saturating_mul(rows[0].len()).into(),
                limit: super::MAX_CELLS.into(),
                note: format!(" (by line {})", i + 1),
            });
        }
    }
    let Some(first) = rows.first() else {
        return Err(source.error(1, 1, "no board: the input is empty"));
    };
    let dims = Dims::new(rows.len(), first.len(), super::MAX_CELLS)?;
    let cells = rows.concat();
    Grid::from_cells(dims, cells).ok_or_else(|| Error::Check("row lengths".into()))
}

/// One row's states; empty for a blank line.
fn parse_row(source: &Source, line_no: usize, line: &str, k: Modulus) -> Result<Vec<u8>> {
    let mut row = Vec::new();
    if k.get() > MAX_SYMBOL_STATES {
        let mut col = 1;
        for word in line.split_inclusive(char::is_whitespace) {
            let token = word.trim();
            if !token.is_empty() {
                match token.parse::<u32>() {
                    Ok(v) if v < k.get() as u32 => row.push(v as u8),
                    _ => {
                        return Err(source.error(
                            line_no,
                            col,
                            format!(
                                "'{}' is not a state: give numbers from 0 to {}",
                                token.escape_debug(),
                                k.get() - 1
                            ),
                        ))
                    }
                }
            }
            col += word.chars().count();
        }
        return Ok(row);
    }
    for (j, ch) in line.chars().enumerate() {
        let value = match ch {
            ' ' | '\t' | '\r' => continue,
            '.' if k.get() == 2 => Some(0),
            '#' if k.get() == 2 => Some(1),
            _ => ch.to_digit(36).filter(|&v| v < k.get() as u32),
        };
        match value {
            Some(v) => row.push(v as u8),
            None => {
                return Err(source.error(
                    line_no,
                    j + 1,
                    format!(
                        "'{}' is not a state: the {} states are {}",
                        ch.escape_debug(),
                        k.get(),
                        symbol_range(k)
                    ),
                ))
            }
        }
    }
    Ok(row)
}

/// "0..2", "0-9 then a-f", and so on.
fn symbol_range(k: Modulus) -> String {
    let last = symbol(k.get() - 1);
    match k.get() {
        2 => "0/1 (or ./#)".to_string(),
        ..=10 => format!("0 to {last}"),
        _ => format!("0 to 9 then a to {last}"),
    }
}

/// The symbol of state `v` (`v < 36`).
pub(super) fn symbol(v: u8) -> char {
    char::from_digit(v as u32, 36).unwrap_or('?')
}

/// The board as text rows: one symbol per cell up to 36 states, numbers separated by spaces beyond.
pub(crate) fn state_rows(grid: &Grid<u8>, k: Modulus) -> Vec<String> {
    grid.rows()
        .map(|row| {
            if k.get() > MAX_SYMBOL_STATES {
                row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
            } else {
                row.iter().map(|&v| symbol(v)).collect()
            }
        })
        .collect()
}
