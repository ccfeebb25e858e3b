//! Fuzz target: a board size and a walk, as `puzzles revertigo ROWS COLS --check WALK` reads them.
//!
//! The first line holds the sides, the rest is the walk. Must never panic; a
//! walk that replays lands exactly once more than it moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::grid::Dims;
use puzzles::input::parse_side;
use puzzles::revertigo::{Answer, Mode, Request, Revertigo};
use puzzles::{Control, GridPuzzle, NoItems};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (sides, walk) = text.split_once('\n').unwrap_or(("3 3", text));
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
    let mut request = Request::new(dims);
    request.mode = Mode::Check { walk: walk.into() };
    match Revertigo::answer(&request, &Control::new(), &mut NoItems) {
        Ok(Answer::Check(c)) => {
            assert!(dims.contains(c.end));
            assert_eq!(c.map.len(), dims.rows);
            assert_eq!(c.black, c.white.is_empty());
            // The walk as read checks again to the same answer.
            request.mode = Mode::Check { walk: c.walk.clone() };
            let again = Revertigo::answer(&request, &Control::new(), &mut NoItems);
            assert_eq!(again.ok(), Some(Answer::Check(c)));
        }
        Ok(other) => panic!("a check answers a check: {other:?}"),
        Err(e) => assert!(!e.to_string().contains('\n')),
    }
});
