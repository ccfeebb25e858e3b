//! Fuzz target: any text read as Sudoku (one grid in any layout, or a batch).
//!
//! Must never panic; every grid read must print back to a line that reads as the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::input::Source;
use puzzles::sudoku::{self, Input, Sudoku};

fn round_trip(s: &Sudoku) {
    let again = sudoku::Input::read(&Source::from_text("again", s.to_line()), None);
    match again {
        Ok(Input::Single(t)) => assert_eq!(&t, s, "the line form reads back as the same grid"),
        other => panic!("the line form of a grid does not read back: {other:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match sudoku::Input::read(&Source::from_text("fuzz", text), None) {
        Ok(Input::Single(s)) => round_trip(&s),
        Ok(Input::Batch(entries)) => {
            for e in entries.iter().filter_map(|e| e.puzzle.as_ref().ok()) {
                round_trip(e);
            }
        }
        Err(e) => {
            // One line, never empty.
            let msg = e.to_string();
            assert!(!msg.is_empty() && !msg.contains('\n'), "{msg:?}");
        }
    }
});
