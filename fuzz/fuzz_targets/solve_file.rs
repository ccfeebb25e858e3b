//! Fuzz target: arbitrary bytes as a whole input file, read and answered by
//! one puzzle's door (the first byte picks the puzzle and its options) with
//! tiny limits, as a user's request would be.
//!
//! Must never panic, and must never fail its own check: every answer the
//! door gives has been verified (presses replayed, walks walked, tours
//! checked, grids checked against their clues), and a failed verification
//! is an `Error::Check`, as much a bug as a crash. Refusals are one line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::grid::Dims;
use puzzles::input::{parse_side, Source};
use puzzles::knight::{self, Knight};
use puzzles::lightsout::{self, LightsOut};
use puzzles::listing::Limit;
use puzzles::revertigo::{self, Revertigo};
use puzzles::sudoku::{self, Sudoku};
use puzzles::{Control, Error, GridPuzzle, NoItems};

/// An answer, or a refusal in one line; never a failed self-check.
fn answered<A>(result: puzzles::Result<A>) -> Option<A> {
    match result {
        Ok(answer) => Some(answer),
        Err(Error::Check(why)) => panic!("an answer failed its own check: {why}"),
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "a refusal of one line: {e}");
            None
        }
    }
}

/// The board's sides from the first line of `text`, and the rest of it.
fn sides(text: &str, most: usize) -> Option<(Dims, &str)> {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let mut it = first.split_whitespace().map(parse_side);
    let (Some(Ok(r)), Some(Ok(c))) = (it.next(), it.next()) else {
        return None;
    };
    Dims::new(r, c, most).ok().map(|d| (d, rest))
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match which % 4 {
        0 => {
            // One grid or a batch; past 9×9 the search is stopped at once.
            let ctl = Control::new();
            if text.len() > 400 {
                ctl.request_stop();
            }
            let mut request = sudoku::Request::new(Source::from_text("fuzz", text));
            if which & 4 != 0 {
                request.mode = sudoku::Mode::Count {
                    limit: Limit::at_most(2).expect("2 ≥ 1"),
                };
            }
            answered(Sudoku::answer(&request, &ctl, &mut NoItems));
        }
        1 => {
            if text.len() > 1200 {
                return;
            }
            let board = lightsout::BoardSource::Given {
                name: "fuzz".into(),
                text: text.into(),
            };
            let mut request = lightsout::Request::new(board);
            request.torus = which & 4 != 0;
            request.method = match (which >> 3) % 4 {
                0 => Some(lightsout::LightsOutMethod::Gauss),
                1 => Some(lightsout::LightsOutMethod::Chase),
                2 => Some(lightsout::LightsOutMethod::Polynomial),
                _ => None,
            };
            answered(LightsOut::answer(&request, &Control::new(), &mut NoItems));
            request.mode = lightsout::Mode::List {
                limit: Limit::at_most(4).expect("4 ≥ 1"),
            };
            answered(LightsOut::answer(&request, &Control::new(), &mut Vec::new()));
        }
        2 => {
            // The first line is the board, the rest a walk to check.
            let Some((dims, walk)) = sides(text, 400) else {
                return;
            };
            let mut request = revertigo::Request::new(dims);
            answered(Revertigo::answer(&request, &Control::new(), &mut NoItems));
            request.mode = revertigo::Mode::Check { walk: walk.into() };
            if let Some(revertigo::Answer::Check(c)) =
                answered(Revertigo::answer(&request, &Control::new(), &mut NoItems))
            {
                assert_eq!(c.black, c.white.is_empty());
                assert!(dims.contains(c.end));
            }
        }
        _ => {
            // The first line is the board, the rest the start square.
            let Some((dims, start)) = sides(text, 64) else {
                return;
            };
            let mut request = knight::Request::new(dims);
            request.start = if start.is_empty() { "0,0".into() } else { start.into() };
            request.closed = which & 4 != 0;
            request.mode = knight::Mode::Find {
                order: knight::MoveOrder::Warnsdorff,
                budget: 20_000,
            };
            answered(Knight::answer(&request, &Control::new(), &mut NoItems));
        }
    }
});
