//! Fuzz target: a board size and a walk, as `puzzles revertigo ROWS COLS --check WALK` reads them.
//!
//! The first line holds the sides, the rest is the walk. Must never panic; a
//! walk that replays lands exactly once more than it moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::grid::Dims;
use puzzles::input::parse_side;
use puzzles::revertigo::{Revertigo, Walk};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (sides, walk) = text.split_once('\n').unwrap_or(("3 3", text));
    let Ok(walk) = Walk::parse(walk) else {
        return;
    };
    assert_eq!(Walk::parse(&walk.to_string()).as_ref(), Ok(&walk));
    let mut it = sides.split_whitespace().map(parse_side);
    let (Some(Ok(rows)), cols) = (it.next(), it.next()) else {
        return;
    };
    let cols = match cols {
        Some(Ok(c)) => c,
        Some(Err(_)) => return,
        None => rows,
    };
    let Ok(dims) = Dims::new(rows, cols, 1 << 16) else {
        return;
    };
    let game = Revertigo::new(dims);
    if let Ok(replay) = game.replay(&walk) {
        assert!(dims.contains(replay.end));
        assert_eq!(replay.map.dims(), dims);
        assert_eq!(replay.is_solved(), replay.white_cells().is_empty());
    }
});
