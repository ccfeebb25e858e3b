//! Every box shape through the main type: the published grid counts, the layout against brute force, generated puzzles solved back, symmetries that keep the boxes, the block form.

use super::super::generate::{generate, random_full_grid};
use super::super::search::{Layout, Search};
use super::super::solve::{GridReport, Mode};
use super::super::symmetry::Transform;
use super::super::{Sudoku, SudokuSolver};
use super::*;
use crate::control::{Control, Stop};
use crate::listing::Limit;
use crate::listing::Solutions;
use crate::random::rng;

/// One shape of each side the issue names, tall boxes too, and two of 36×36.
fn shapes() -> Vec<Shape> {
    [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 3),
        (3, 5),
        (4, 4),
        (4, 5),
        (5, 5),
        (4, 9),
        (6, 6),
    ]
    .into_iter()
    .map(|(r, c)| Shape::new(r, c).expect("a shape"))
    .collect()
}

fn count_all(puzzle: Sudoku, limit: Limit) -> (u64, bool) {
    let report = answer(puzzle, Mode::Count(limit), &Control::new()).expect("counted");
    (
        report.counted().expect("a count"),
        report.complete == Some(true),
    )
}

#[test]
fn the_empty_4x4_and_6x6_grids_have_288_and_28200960_solutions() {
    // Published counts: 288 grids of 4×4 Sudoku, 28,200,960 of 6×6 with 2×3
    // boxes (OEIS A107739), the same with 3×2 boxes (the transposed grids).
    let four = Shape::new(2, 2).unwrap();
    assert_eq!(count_all(Sudoku::empty(four), Limit::NONE), (288, true));
    for (r, c) in [(2, 3), (3, 2)] {
        let six = Shape::new(r, c).unwrap();
        assert_eq!(
            count_all(Sudoku::empty(six), Limit::NONE),
            (28_200_960, true)
        );
    }
    // The relabelling count against plain enumeration: all 288, and 1000 at a limit.
    let ctl = Control::new();
    assert_eq!(
        SudokuSolver::new(Sudoku::empty(four))
            .count(&ctl, None)
            .found,
        288
    );
    let six = Sudoku::empty(Shape::new(2, 3).unwrap());
    let limit = Limit::at_most(1000).unwrap();
    let listed = SudokuSolver::new(six.clone()).count(&ctl, Some(1000));
    assert_eq!((listed.found, listed.stopped), (1000, Some(Stop::Limit)));
    assert_eq!(count_all(six, limit), (1000, false));
}

#[test]
#[ignore = "enumerates all 28,200,960 grids of 6×6 Sudoku one by one (about 15 s in release)"]
fn enumeration_finds_every_6x6_grid() {
    let six = Sudoku::empty(Shape::new(2, 3).unwrap());
    assert_eq!(
        SudokuSolver::new(six).count(&Control::new(), None).found,
        28_200_960
    );
}

#[test]
fn the_layout_of_every_shape_has_the_units_and_peers_of_brute_force() {
    for shape in shapes() {
        let lay = Layout::of_shape(shape);
        let side = shape.side();
        let sees = |a: usize, b: usize| {
            let (ra, ca, rb, cb) = (a / side, a % side, b / side, b % side);
            a != b && (ra == rb || ca == cb || shape.box_at(ra, ca) == shape.box_at(rb, cb))
        };
        for cell in 0..shape.cells() {
            let want: Vec<u16> = (0..shape.cells())
                .filter(|&p| sees(cell, p))
                .map(|p| p as u16)
                .collect();
            assert_eq!(lay.peers_of(cell), &want[..], "{shape}, cell {cell}");
        }
        for b in 0..side {
            let unit = lay.unit(2 * side + b);
            assert!(
                unit.iter().all(|&c| shape.box_of(c as usize) == b),
                "{shape}"
            );
        }
        assert!(std::ptr::eq(lay, Layout::of_shape(shape)));
    }
}

#[test]
fn every_shape_solves_a_blanked_grid_back_and_replays_it() {
    let ctl = Control::new();
    for (k, shape) in shapes().into_iter().enumerate() {
        let full = random_full_grid(shape, &mut rng(k as u64), &ctl).expect("a full grid");
        let empty = SudokuSolver::new(Sudoku::empty(shape));
        assert!(empty.verify(&full).is_ok(), "{shape}: {full}");
        // Keep more clues on the large boards, where a sparse grid is a hard search.
        let keep = if shape.side() >= 25 { 0.6 } else { 0.4 };
        let mut r = rng(100 + k as u64);
        let mut puzzle = full.clone();
        for v in puzzle.cells_mut() {
            if !rand::Rng::gen_bool(&mut r, keep) {
                *v = 0;
            }
        }
        let report = answer(puzzle.clone(), Mode::Solve, &ctl).expect("answered");
        assert_eq!(report.box_shape, shape.box_dims());
        let solution = Sudoku::from_text(report.solution.as_deref().expect("solved"), Some(shape))
            .expect("the line form reads back");
        assert!(
            SudokuSolver::new(puzzle).verify(&solution).is_ok(),
            "{shape}"
        );
        if report.unique == Some(true) {
            assert_eq!(solution, full, "{shape}");
        }
    }
}

#[test]
fn every_shape_up_to_16x16_generates_minimal_unique_puzzles() {
    let ctl = Control::new();
    for shape in shapes().into_iter().filter(|s| s.side() <= 16) {
        let g = generate(shape, &mut rng(7), &ctl).expect("generated");
        let solver = SudokuSolver::new(g.puzzle.clone());
        assert!(solver.verify(&g.solution).is_ok(), "{shape}");
        assert_eq!(solver.is_unique(&ctl), Some(true), "{shape}");
        // Minimal: no clue can go (the first few tried, on the larger boards).
        let clues: Vec<usize> = (0..shape.cells())
            .filter(|&i| g.puzzle.cells()[i] != 0)
            .collect();
        for &i in clues.iter().take(12) {
            let mut fewer = g.puzzle.clone();
            fewer.cells_mut()[i] = 0;
            assert_eq!(
                SudokuSolver::new(fewer).is_unique(&ctl),
                Some(false),
                "{shape}, clue {i}"
            );
        }
    }
}

#[test]
fn symmetries_keep_every_shape_valid_and_counts_equal() {
    let ctl = Control::new();
    for shape in shapes().into_iter().filter(|s| s.side() <= 12) {
        let full = random_full_grid(shape, &mut rng(3), &ctl).expect("a full grid");
        let empty = SudokuSolver::new(Sudoku::empty(shape));
        for seed in 0..20 {
            let moved = Transform::random(shape, &mut rng(seed)).apply(&full);
            assert!(
                empty.verify(&moved).is_ok(),
                "{shape}, seed {seed}: {moved}"
            );
        }
        assert_eq!(Transform::transposition(shape).is_some(), shape.is_square());
        // A puzzle with several solutions keeps its count under every symmetry.
        let mut puzzle = full.clone();
        for i in (0..shape.cells()).step_by(2) {
            puzzle.cells_mut()[i] = 0;
        }
        let n = SudokuSolver::new(puzzle.clone())
            .count(&ctl, Some(5000))
            .found;
        for seed in 0..5 {
            let t = Transform::random(shape, &mut rng(seed));
            let moved = SudokuSolver::new(t.apply(&puzzle))
                .count(&ctl, Some(5000))
                .found;
            assert_eq!(moved, n, "{shape}, seed {seed}");
        }
    }
}

#[test]
fn the_locked_candidates_of_oblong_boxes_keep_every_solution() {
    // The search with every filter at every node (locked candidates on 2×3, 3×2, 2×4, 2×5,
    // 3×4 and 4×3 boxes, all-different, probing) counts what the default search counts.
    let ctl = Control::new();
    for (k, shape) in shapes()
        .into_iter()
        .filter(|s| !s.is_square() && s.side() <= 12)
        .enumerate()
    {
        let full = random_full_grid(shape, &mut rng(20 + k as u64), &ctl).expect("a full grid");
        let mut puzzle = full.clone();
        let mut r = rng(k as u64);
        for v in puzzle.cells_mut() {
            if rand::Rng::gen_bool(&mut r, 0.6) {
                *v = 0;
            }
        }
        let lay = Layout::with_every_filter(shape);
        let mut filtered = 0u64;
        let tally = Search::new(&lay).run(puzzle.cells(), None, &ctl, &mut |_| {
            filtered += 1;
            if filtered < 2000 {
                std::ops::ControlFlow::Continue(())
            } else {
                std::ops::ControlFlow::Break(())
            }
        });
        assert!(tally.stopped != Some(Stop::Interrupted));
        let plain = SudokuSolver::new(puzzle).count(&ctl, Some(2000)).found;
        assert_eq!(filtered, plain, "{shape}");
    }
}

#[test]
fn the_block_form_rules_every_box_edge() {
    let shape = Shape::new(2, 3).unwrap();
    let grid = Sudoku::from_text("123456456123231564564231312645645312", Some(shape)).unwrap();
    assert_eq!(
        grid.to_block(),
        "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n------+------\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n------+------\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n"
    );
    // The block form reads back with the same boxes.
    assert_eq!(
        Sudoku::from_text(&grid.to_block(), Some(shape)).unwrap(),
        grid
    );
    let tall = Shape::new(3, 2).unwrap();
    let block = Sudoku::empty(tall).to_block();
    assert_eq!(block.lines().next(), Some(". . | . . | . ."));
    assert_eq!(block.lines().nth(3), Some("----+-----+----"));
}

#[test]
fn shapes_come_from_the_side_or_are_given() {
    let dims = |s: Result<Shape>| s.map(|s| s.box_dims()).ok();
    for (side, want) in [
        (4, [2, 2]),
        (6, [2, 3]),
        (8, [2, 4]),
        (9, [3, 3]),
        (10, [2, 5]),
        (12, [3, 4]),
        (15, [3, 5]),
        (16, [4, 4]),
        (20, [4, 5]),
        (25, [5, 5]),
        (36, [6, 6]),
    ] {
        assert_eq!(dims(Shape::squarest(side)), Some(want));
        assert_eq!(dims(Shape::of_cells(side * side)), Some(want));
    }
    for side in [1, 2, 3, 5, 7, 11, 37] {
        assert!(Shape::squarest(side).is_err(), "{side}");
    }
    assert!(Shape::of_cells(35).is_err());
    assert!(matches!(Shape::new(6, 7), Err(Error::TooLarge { .. })));
    assert!(
        Shape::parse("2×5").is_ok() && Shape::parse("2x").is_err() && Shape::parse("1x4").is_err()
    );
    assert_eq!(Shape::CLASSIC, Shape::square(3).unwrap());
}

/// One grid solved or counted on one thread.
fn answer(puzzle: Sudoku, mode: Mode, ctl: &Control) -> crate::Result<GridReport> {
    super::super::solve::answer_line(puzzle, None, mode, ctl, true, 1)
}
