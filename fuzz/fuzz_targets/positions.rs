//! Fuzz target: cells `row,col` (`Dims::parse_pos`) and knight squares
//! (`row,col` or algebraic `a1`, `knight::parse_square`) on a board read from the first line.
//!
//! Must never panic; a position accepted lies on the board, and the algebraic
//! name of a square reads back as the same square.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::grid::Dims;
use puzzles::input::parse_side;
use puzzles::internals::{file_name, parse_square};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (sides, pos) = text.split_once('\n').unwrap_or(("8 8", text));
    let mut it = sides.split_whitespace().map(parse_side);
    let (Some(Ok(rows)), Some(Ok(cols))) = (it.next(), it.next()) else {
        return;
    };
    let Ok(dims) = Dims::new(rows, cols, usize::MAX) else {
        return;
    };
    if let Ok(p) = dims.parse_pos(pos) {
        assert!(dims.contains(p));
    }
    if let Ok(p) = parse_square(dims, pos) {
        assert!(dims.contains(p));
        let name = format!("{}{}", file_name(p.col), dims.rows - p.row);
        assert_eq!(parse_square(dims, &name).ok(), Some(p));
    }
});
