//! Fuzz target: arbitrary bytes as a whole input file, read and answered by
//! one puzzle's path (the first byte picks the puzzle) with tiny limits.
//!
//! Must never panic, and every answer produced must pass the puzzle's own
//! `verify`: a wrong answer is as much a bug as a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::grid::Dims;
use puzzles::input::{parse_side, Source};
use puzzles::knight::{self, Knight, MoveOrder};
use puzzles::lightsout::{self, LightsOut};
use puzzles::revertigo::{self, Revertigo};
use puzzles::sudoku::{self, Input, Sudoku};
use puzzles::{Control, GridPuzzle};
use std::ops::ControlFlow;

/// Solves a Sudoku (9×9 at most; larger ones with a stopped control) and checks the answer.
fn sudoku(p: &Sudoku) {
    let ctl = Control::new();
    if p.side() > 9 {
        ctl.request_stop();
    }
    let solver = sudoku::SudokuSolver::new(p.clone());
    let (first, unique) = solver.solve_and_check_unique(&ctl);
    if let Some(s) = &first {
        solver.verify(s).expect("a Sudoku answer is right");
    }
    if solver.clash().is_some() {
        assert!(first.is_none(), "clashing clues have no solution");
    }
    if !ctl.stopped() {
        // At most two solutions listed: they agree with the uniqueness answer.
        let mut seen = Vec::new();
        let tally = solver.enumerate(&ctl, &mut |s| {
            seen.push(s.clone());
            if seen.len() >= 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(first.is_some(), tally.found > 0);
        assert_eq!(unique, tally.uniqueness());
        for s in &seen {
            solver.verify(s).expect("a listed Sudoku solution is right");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let source = Source::from_text("fuzz", text);
    match which % 4 {
        0 => match sudoku::read(&source, None) {
            Ok(Input::Single(p)) => sudoku(&p),
            Ok(Input::Batch(entries)) => {
                for e in entries.iter().take(8) {
                    if let Ok(p) = &e.puzzle {
                        sudoku(p);
                    }
                }
            }
            Err(_) => {}
        },
        1 => {
            let Ok(p) = LightsOut::parse(&source) else {
                return;
            };
            if p.lights().dims().cells() > 1024 {
                return;
            }
            let p = if which & 4 != 0 { p.on_torus() } else { p };
            let method = match (which >> 3) % 3 {
                0 => lightsout::LightsOutMethod::Gauss,
                1 => lightsout::LightsOutMethod::Chase,
                _ => lightsout::LightsOutMethod::Polynomial,
            };
            let Ok(solver) = lightsout::LightsOutSolver::new(p, method) else {
                return;
            };
            if let Some(presses) = &solver.analysis().presses {
                solver
                    .verify(presses)
                    .expect("Lights Out presses are right");
            }
            let mut listed = 0;
            solver.enumerate(&Control::new(), &mut |s| {
                solver
                    .verify(s)
                    .expect("a listed Lights Out solution is right");
                listed += 1;
                if listed >= 4 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        }
        2 => {
            // The first line is the board, the rest a walk to check.
            let (sides, walk) = text.split_once('\n').unwrap_or((text, ""));
            let mut it = sides.split_whitespace().map(parse_side);
            let (Some(Ok(r)), Some(Ok(c))) = (it.next(), it.next()) else {
                return;
            };
            let Ok(dims) = Dims::new(r, c, 400) else {
                return;
            };
            let ctl = Control::new();
            let method = if dims.cells() <= 16 {
                revertigo::RevertigoMethod::Naive
            } else {
                revertigo::RevertigoMethod::Chase
            };
            let game = Revertigo::new(dims);
            let Ok(Some(solver)) = revertigo::RevertigoSolver::new(game.clone(), method, &ctl) else {
                return;
            };
            if let Ok(Some(w)) = solver.walk(revertigo::Builder::Short, &ctl) {
                solver.verify_walk(&w).expect("a Revertigo walk is right");
            }
            if let Ok(w) = revertigo::Walk::parse(walk) {
                if let Ok(replay) = game.replay(&w) {
                    assert_eq!(replay.is_solved(), solver.verify_walk(&w).is_ok());
                }
            }
        }
        _ => {
            let (sides, start) = text.split_once('\n').unwrap_or((text, "0,0"));
            let mut it = sides.split_whitespace().map(parse_side);
            let (Some(Ok(r)), Some(Ok(c))) = (it.next(), it.next()) else {
                return;
            };
            let Ok(dims) = Dims::new(r, c, 64) else {
                return;
            };
            let Ok(start) = knight::parse_square(dims, start) else {
                return;
            };
            let Ok(problem) = Knight::new(dims, start, which & 4 != 0) else {
                return;
            };
            let solver = knight::TourSearch::new(problem, MoveOrder::Warnsdorff, 20_000);
            if let knight::Verdict::Tour(t) = solver.find(&Control::new()) {
                solver.verify(&t).expect("a knight's tour is right");
            }
        }
    }
});
