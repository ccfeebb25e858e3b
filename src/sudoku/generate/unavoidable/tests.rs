//! The build-up generator on 9×9 and 16×16 grids, where the depth-first search checks it independently.

use super::super::{generate, random_full_grid, Generated, Symmetry};
use super::{build, losses, rectangles, Unavoidable, CONFLICTS};
use crate::control::Control;
use crate::listing::Solutions;
use crate::random::rng;
use crate::sudoku::{Shape, Sudoku, SudokuSolver};

/// The solutions of `grid` the depth-first search finds, up to 2.
fn solutions(grid: &Sudoku) -> u64 {
    SudokuSolver::new(grid.clone())
        .count(&Control::new(), Some(2))
        .found
}

/// A clue's proofs of need are lost only to an orbit inside every one of them:
/// clue 0's one proof {0, 1} is lost to cell 1, clue 3's two proofs {3, 4}
/// and {3, 5} to no other cell.
#[test]
fn losses_count_the_clues_left_without_a_proof() {
    let set = |cells: &[usize]| Unavoidable {
        cells: cells.to_vec(),
        rival: Vec::new(),
    };
    let sets = [set(&[0, 1]), set(&[1, 2]), set(&[3, 4]), set(&[3, 5])];
    let given = [true, false, false, true, false, false];
    let orbit_of: Vec<usize> = (0..6).collect();
    assert_eq!(losses(&sets, &given, &orbit_of, 6), [1, 1, 0, 1, 0, 0]);
}

#[test]
fn rectangles_are_every_swappable_two_by_two() {
    let ctl = Control::new();
    for (shape, seed) in [
        (Shape::CLASSIC, 1),
        (Shape::new(3, 4).unwrap(), 2),
        (Shape::new(4, 4).unwrap(), 3),
    ] {
        let s = random_full_grid(shape, &mut rng(seed), &ctl).expect("a full grid");
        let side = s.side();
        let found = rectangles(&s);
        // Every rectangle is a grid that differs from S in four cells.
        for d in &found {
            assert_eq!(d.cells.len(), 4);
            let mut rival = s.clone();
            rival.cells_mut().copy_from_slice(&d.rival);
            Sudoku::empty(shape)
                .check_solution(&rival)
                .expect("a valid grid");
        }
        // Brute force: every two rows and two columns whose four cells swap into a valid grid.
        let mut brute = 0;
        for r1 in 0..side {
            for r2 in r1 + 1..side {
                for c1 in 0..side {
                    for c2 in c1 + 1..side {
                        let cells = [
                            r1 * side + c1,
                            r1 * side + c2,
                            r2 * side + c1,
                            r2 * side + c2,
                        ];
                        let v: Vec<u8> = cells.iter().map(|&c| s.cells()[c]).collect();
                        if v[0] != v[3] || v[1] != v[2] {
                            continue;
                        }
                        let mut rival = s.clone();
                        let swapped = [v[1], v[0], v[3], v[2]];
                        for (&c, &digit) in cells.iter().zip(&swapped) {
                            rival.cells_mut()[c] = digit;
                        }
                        if Sudoku::empty(shape).check_solution(&rival).is_ok() {
                            brute += 1;
                        }
                    }
                }
            }
        }
        let mut distinct: Vec<&Vec<usize>> = found.iter().map(|d| &d.cells).collect();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), brute, "{side}×{side}, seed {seed}");
    }
}

#[test]
fn built_puzzles_are_unique_and_minimal() {
    let cases = [
        (Shape::CLASSIC, Symmetry::None, 1),
        (Shape::CLASSIC, Symmetry::Rotate90, 2),
        (Shape::new(4, 4).unwrap(), Symmetry::None, 3),
        (Shape::new(4, 4).unwrap(), Symmetry::Rotate180, 4),
    ];
    check_built(&cases, CONFLICTS);
}

/// With no conflict allowed, every question the solver cannot answer by
/// propagation alone is put off (a random clue orbit added, or the
/// minimising round's budget raised): the puzzles must come out the same
/// kind, unique and minimal, each clue with its witness.
#[test]
fn questions_over_budget_are_put_off() {
    let cases = [
        (Shape::CLASSIC, Symmetry::None, 5),
        (Shape::CLASSIC, Symmetry::Diagonal, 6),
        (Shape::new(4, 4).unwrap(), Symmetry::None, 7),
        (Shape::new(4, 4).unwrap(), Symmetry::Mirror, 8),
    ];
    check_built(&cases, 0);
}

/// Builds a puzzle for each (shape, symmetry, seed), each question allowed
/// `conflicts` conflicts, and checks it against the depth-first search.
fn check_built(cases: &[(Shape, Symmetry, u64)], conflicts: i32) {
    let ctl = Control::new();
    for &(shape, symmetry, seed) in cases {
        let mut r = rng(seed);
        let solution = random_full_grid(shape, &mut r, &ctl).expect("a full grid");
        let built = build(&solution, symmetry, conflicts, &mut r, &ctl).expect("not stopped");
        let puzzle = built.puzzle.clone();
        puzzle
            .check_solution(&solution)
            .expect("the solution solves it");
        assert_eq!(solutions(&puzzle), 1, "unique, seed {seed}");
        // Minimal under the symmetry: without any clue orbit, a second solution.
        for orbit in symmetry.orbits(shape.side()) {
            let held = orbit.iter().filter(|&&c| puzzle.cells()[c] != 0).count();
            assert!(
                held == 0 || held == orbit.len(),
                "the pattern keeps the symmetry"
            );
            if held != 0 {
                let mut fewer = puzzle.clone();
                for &c in &orbit {
                    fewer.cells_mut()[c] = 0;
                }
                assert_eq!(solutions(&fewer), 2, "minimal, seed {seed}");
            }
        }
        let made = Generated {
            puzzle,
            solution,
            witnesses: built.witnesses,
        };
        made.check_witnesses(symmetry).expect("every witness holds");
        // A witness taken away is missed.
        let mut short = made.clone();
        short.witnesses.pop();
        assert!(short.check_witnesses(symmetry).is_err());
    }
}

/// Slow (about 8 s): a 25×25 puzzle through `generate`, its
/// uniqueness decided again by the solver, every clue's witness checked.
#[test]
#[ignore]
fn a_25x25_puzzle_is_unique_and_minimal() {
    let ctl = Control::new();
    let made = generate(Shape::new(5, 5).unwrap(), &mut rng(1), &ctl).expect("not stopped");
    made.puzzle
        .check_solution(&made.solution)
        .expect("the solution solves it");
    let (first, unique) = SudokuSolver::new(made.puzzle.clone()).solve_and_check_unique(&ctl);
    assert_eq!(unique, Some(true));
    assert_eq!(first.as_ref(), Some(&made.solution));
    assert_eq!(made.witnesses.len(), made.puzzle.clues());
    made.check_witnesses(Symmetry::None)
        .expect("every witness holds");
}
