//! Squares by name: `row,col` (0-based, row 0 at the top) or algebraic `a1` (the bottom-left), as the command line and requests write them.

use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};

/// Parses a start square: `row,col` (0-based, row 0 at the top) or algebraic
/// `a1` (file `a` = column 0, rank 1 = the bottom row; files past `z` go on
/// `aa`, `ab`, … as spreadsheet columns do).
pub fn parse_square(dims: Dims, text: &str) -> Result<Pos> {
    let t = text.trim();
    if t.contains(',') {
        return dims.parse_pos(t);
    }
    let letters = t.chars().take_while(|c| c.is_ascii_alphabetic()).count();
    let (file, rank) = t.split_at(letters);
    let bad = || {
        Error::usage(format!(
            "square '{text}' should be row,col (0-based) or algebraic like a1 (file a = column 0, rank 1 = bottom row)"
        ))
    };
    if file.is_empty() || rank.is_empty() || !rank.chars().all(|c| c.is_ascii_digit()) {
        return Err(bad());
    }
    let mut col: usize = 0;
    for ch in file.chars() {
        let digit = (ch.to_ascii_lowercase() as u8 - b'a') as usize + 1;
        col = col
            .checked_mul(26)
            .and_then(|c| c.checked_add(digit))
            .ok_or_else(bad)?;
    }
    let col = col - 1;
    let rank: usize = rank.parse().map_err(|_| bad())?;
    if rank == 0 || rank > dims.rows || col >= dims.cols {
        return Err(Error::usage(format!(
            "square {t} is off the {dims} board (files a..{}, ranks 1..{})",
            file_name(dims.cols - 1),
            dims.rows
        )));
    }
    Ok(Pos::new(dims.rows - rank, col))
}

/// The square `p` of a board of `rows` rows in chess notation (`a1` bottom-left).
pub fn algebraic(rows: usize, p: Pos) -> String {
    format!("{}{}", file_name(p.col), rows - p.row)
}

/// The algebraic file letters of column `col` (`a`, …, `z`, `aa`, …).
pub fn file_name(col: usize) -> String {
    let mut n = col + 1;
    let mut letters = Vec::new();
    while n > 0 {
        n -= 1;
        letters.push((b'a' + (n % 26) as u8) as char);
        n /= 26;
    }
    letters.iter().rev().collect()
}
