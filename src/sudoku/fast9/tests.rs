//! Unit tests of the band-word 9×9 search: its tables, and its solutions and
//! counts against the general search of `search.rs` (an independent method).

use super::super::search::{Layout, Search};
use super::super::{generate, Input, Shape, Sudoku};
use super::band_tables::*;
use super::*;
use crate::input::Source;
use crate::random::rng;
use proptest::prelude::*;

/// Up to `limit` solutions of `clues` by one of the two searches, checked
/// valid and keeping the clues, sorted; with the tally.
fn solutions(clues: &[u8], general: bool, limit: u64) -> (Vec<Vec<u8>>, Tally) {
    let puzzle = Sudoku::new(3, clues.to_vec()).expect("81 cells");
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut visit = |cells: &[u8]| {
        let grid = Sudoku::new(3, cells.to_vec()).expect("81 cells");
        if let Err(e) = puzzle.check_solution(&grid) {
            panic!("{grid} does not solve {puzzle}: {e}");
        }
        found.push(cells.to_vec());
        if found.len() as u64 >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let ctl = Control::new();
    let tally = if general {
        Search::new(Layout::of_shape(Shape::CLASSIC)).run(clues, None, &ctl, &mut visit)
    } else {
        run(clues, &ctl, &mut visit)
    };
    assert_eq!(tally.found, found.len() as u64);
    found.sort();
    (found, tally)
}

/// Both searches give the same tally and, when complete, the same solutions; returns the count.
fn agree(clues: &[u8], limit: u64) -> u64 {
    let (fast, fast_tally) = solutions(clues, false, limit);
    let (general, general_tally) = solutions(clues, true, limit);
    let line = Sudoku::new(3, clues.to_vec()).expect("81 cells");
    assert_eq!(fast_tally, general_tally, "{line}");
    if fast_tally.stopped.is_none() {
        assert_eq!(fast, general, "{line}");
    }
    fast_tally.found
}

/// The puzzles of a vendored batch file.
fn batch(text: &str) -> Vec<Sudoku> {
    let Ok(Input::Batch(entries)) = Input::read(&Source::from_text("batch", text), None) else {
        panic!("the vendored file is a batch");
    };
    entries
        .into_iter()
        .map(|e| e.puzzle.expect("a valid line"))
        .collect()
}

/// A full grid: the first solution of the empty grid moved by a random symmetry.
fn full_grid(seed: u64) -> Sudoku {
    let (first, _) = solutions(&[0; 81], false, 1);
    let base = Sudoku::new(3, first[0].clone()).expect("81 cells");
    super::super::symmetry::Transform::random(Shape::CLASSIC, &mut rng(seed)).apply(&base)
}

#[test]
fn permitted_keeps_exactly_the_segments_of_some_permutation() {
    // All nine segments: every permutation, so everything stays.
    assert_eq!(PERMITTED[0x1ff], BAND);
    // Row 0 only in box 0 (a locked segment): rows 1 and 2 lose box 0, boxes 1 and 2 lose row 0.
    let s = 0x1ff & !0b110;
    let kept = PERMITTED[s];
    assert_eq!(kept & 0x1ff, 0b111);
    assert_eq!(kept & (7 << 9 | 7 << 18), 0);
    // A row with no segment: no permutation, a contradiction.
    assert_eq!(PERMITTED[0x1ff & !0b111], 0);
    // Brute force: a segment is kept exactly when some permutation through it uses present segments.
    for s in 0..512usize {
        for seg in 0..9 {
            let (row, bx) = (seg / 3, seg % 3);
            let through = PERMUTATIONS
                .iter()
                .any(|&p| p & (1 << seg) != 0 && p & s as u32 == p);
            assert_eq!(
                PERMITTED[s] >> (9 * row + 3 * bx) & 7 == 7,
                through,
                "{s:b}"
            );
            assert_eq!(PERMITTED_SEGMENTS[s] >> seg & 1 == 1, through, "{s:b}");
        }
    }
}

#[test]
fn band_tables_describe_rows_boxes_and_columns() {
    for (i, &peers) in BAND_PEERS.iter().enumerate() {
        // Eight row peers and six more in the box (the column's other two cells among them).
        assert_eq!(peers.count_ones(), 8 + 6);
        assert_eq!(peers & column(i % 9), column(i % 9) & !(1 << i));
    }
    assert_eq!(
        LOCKED_COLUMNS[0b001_010_100],
        column(2) | column(4) | column(6)
    );
    assert_eq!(LOCKED_COLUMNS[0b011_110_111], 0);
    assert_eq!(lone_in_row(1 << 3 | 0b11 << 9 | 1 << 26), 1 << 3 | 1 << 26);
}

#[test]
fn agrees_with_the_general_search_on_the_vendored_puzzles() {
    let mut puzzles = batch(include_str!("../../../puzzles/sudoku/diabolical-300.txt"));
    puzzles.extend(batch(include_str!("../../../puzzles/sudoku/batch-9x9.txt")));
    assert_eq!(puzzles.len(), 311);
    let mut several = 0;
    for p in &puzzles {
        let count = agree(p.cells(), 10);
        assert!(count >= 1, "{p}");
        several += usize::from(count > 1);
        // A batch counts to 2: the same answer.
        assert_eq!(agree(p.cells(), 2), count.min(2));
    }
    // The three puzzles of batch-9x9.txt with several solutions.
    assert_eq!(several, 3);
}

#[test]
fn agrees_on_generated_minimal_puzzles_and_their_one_clue_variants() {
    let ctl = Control::new();
    let mut r = rng(17);
    for _ in 0..12 {
        let g = generate::generate(Shape::CLASSIC, &mut r, &ctl).expect("not interrupted");
        assert_eq!(agree(g.puzzle.cells(), 2), 1, "{}", g.puzzle);
        let (only, _) = solutions(g.puzzle.cells(), false, 1);
        assert_eq!(only[0], g.solution.cells());
        for i in 0..81 {
            let mut cells = g.puzzle.cells().to_vec();
            if cells[i] != 0 {
                // A minimal puzzle less one clue has several solutions.
                cells[i] = 0;
                assert_eq!(agree(&cells, 2), 2);
            } else {
                // A wrong digit in an empty cell: none, or several, as the general search says.
                cells[i] = g.solution.cells()[i] % 9 + 1;
                if Sudoku::new(3, cells.clone()).unwrap().clash().is_none() {
                    agree(&cells, 2);
                }
            }
        }
    }
}

#[test]
fn clashing_clues_have_no_solution() {
    let mut cells = [0u8; 81];
    cells[0] = 5;
    cells[8] = 5;
    assert_eq!(
        run(&cells, &Control::new(), &mut |_| ControlFlow::Continue(())).found,
        0
    );
    // The same digit twice in a column, in two bands.
    let mut cells = [0u8; 81];
    cells[4] = 3;
    cells[4 + 9 * 7] = 3;
    let tally = run(&cells, &Control::new(), &mut |_| ControlFlow::Break(()));
    assert_eq!(tally.found, 0);
}

#[test]
fn counts_stop_at_the_limit_and_at_a_stop_request() {
    // The empty grid: both searches stop at the limit with the same count.
    assert_eq!(agree(&[0; 81], 300), 300);
    let ctl = Control::new();
    ctl.request_stop();
    let tally = run(&[0; 81], &ctl, &mut |_| ControlFlow::Continue(()));
    assert_eq!(tally.stopped, Some(Stop::Interrupted));
}

#[test]
fn agrees_on_blanked_grids_with_few_clues() {
    let mut several = 0;
    for seed in 0..200u64 {
        let full = full_grid(seed);
        let mut cells = full.cells().to_vec();
        let mut order: Vec<usize> = (0..81).collect();
        rand::seq::SliceRandom::shuffle(&mut order[..], &mut rng(seed ^ 0x9e37));
        // From 17 to 36 clues kept: many have several solutions.
        let keep = 17 + (seed % 20) as usize;
        for &i in &order[keep..] {
            cells[i] = 0;
        }
        let count = agree(&cells, 30);
        assert!(count >= 1);
        several += usize::from(count >= 2);
    }
    assert!(several >= 50, "only {several} with several solutions");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Any blanked full grid: both searches agree on up to 12 solutions, the full grid among them.
    #[test]
    fn blanked_grids_agree_and_keep_their_grid(seed in any::<u64>(), keep in 0.1f64..0.7) {
        let full = full_grid(seed);
        let mut cells = full.cells().to_vec();
        let mut r = rng(seed ^ 0x5eed);
        for c in cells.iter_mut() {
            if !rand::Rng::gen_bool(&mut r, keep) {
                *c = 0;
            }
        }
        let count = agree(&cells, 12);
        prop_assert!(count >= 1);
        if count < 12 {
            let (all, _) = solutions(&cells, false, 12);
            prop_assert!(all.iter().any(|s| s == full.cells()));
        }
    }
}

/// The 81 cells of a 9×9 grid as an array.
fn cells81(cells: &[u8]) -> &[u8; 81] {
    cells.try_into().expect("81 cells")
}

#[test]
fn solves_accepts_exactly_what_the_general_check_accepts() {
    let (first, _) = solutions(&[0; 81], false, 1);
    let full = full_grid(3);
    let puzzle = Sudoku::new(3, first[0].clone()).expect("81 cells");
    for grid in [&puzzle, &full] {
        let empty = [0u8; 81];
        assert!(solves(&empty, cells81(grid.cells())));
        assert!(solves(cells81(grid.cells()), cells81(grid.cells())));
    }
    // Every one-cell change of a full grid: refused by both checks.
    let mut r = rng(5);
    for _ in 0..400 {
        let i = rand::Rng::gen_range(&mut r, 0..81);
        let v = rand::Rng::gen_range(&mut r, 0..=9u8);
        let mut cells = full.cells().to_vec();
        cells[i] = v;
        let changed = Sudoku::new(3, cells.clone()).expect("81 cells");
        let general = Sudoku::new(3, vec![0; 81])
            .unwrap()
            .check_solution(&changed);
        assert_eq!(solves(&[0; 81], cells81(&cells)), v == full.cells()[i]);
        assert_eq!(general.is_ok(), v == full.cells()[i]);
        // A clue that disagrees with the grid.
        let mut clues = [0u8; 81];
        clues[i] = v;
        assert_eq!(
            solves(&clues, cells81(full.cells())),
            v == 0 || v == full.cells()[i]
        );
    }
    // Two cells swapped across a row: still nine digits per row, not per column.
    let mut cells = full.cells().to_vec();
    cells.swap(0, 1);
    assert!(!solves(&[0; 81], cells81(&cells)));
}

/// Up to `limit` solutions in the order found, and the tally: by the plain
/// compiled form of the search, or by the one [`dispatch`] picks for this processor.
fn in_order(clues: &[u8], plain: bool, limit: usize) -> (Vec<[u8; 81]>, Tally) {
    let mut found = Vec::new();
    let mut visit = |state: &State| {
        found.push(state.values());
        if found.len() >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let ctl = Control::new();
    let tally = if plain {
        run_with::<false>(clues, &ctl, &mut visit)
    } else {
        dispatch(clues, &ctl, &mut visit)
    };
    (found, tally)
}

#[test]
fn the_processor_specific_search_agrees_with_the_plain_one() {
    let mut puzzles: Vec<Vec<u8>> =
        batch(include_str!("../../../puzzles/sudoku/diabolical-300.txt"))
            .iter()
            .chain(&batch(include_str!(
                "../../../puzzles/sudoku/batch-9x9.txt"
            )))
            .map(|p| p.cells().to_vec())
            .collect();
    // Blanked grids: many with several solutions, and the empty grid.
    for seed in 0..100u64 {
        let mut cells = full_grid(seed).cells().to_vec();
        for (i, c) in cells.iter_mut().enumerate() {
            if ((i as u64 * 0x9e37_79b9) ^ seed) % 5 < 3 {
                *c = 0;
            }
        }
        puzzles.push(cells);
    }
    puzzles.push(vec![0; 81]);
    for p in &puzzles {
        // The same solutions in the same order, and the same tally.
        let plain = in_order(p, true, 10);
        assert_eq!(plain, in_order(p, false, 10));
        assert!(plain.0.iter().all(|s| solves(cells81(p), s)));
        // The batch's form: the first of up to two, the second only counted.
        let (first, tally) = first_two(p, &Control::new());
        assert_eq!(first.as_ref(), plain.0.first());
        assert_eq!(tally.found, plain.1.found.min(2));
    }
}

#[test]
fn segment_masks_by_pext_are_those_of_the_tables() {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi2") {
        // Every row pattern in each of the three rows, and mixed words.
        let mut words: Vec<u32> = (0..512u32).flat_map(|x| [x, x << 9, x << 18]).collect();
        let mut x = 0x2545_f491_u32;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            words.push(x & BAND);
        }
        for w in words {
            assert_eq!(segments_of::<true>(w), segments(w), "{w:#x}");
        }
    }
}

#[test]
#[cfg(target_arch = "x86_64")]
fn the_detected_form_is_the_one_the_standard_library_sees() {
    let std_sees = std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2");
    assert_eq!(cpu::form() != cpu::Form::Plain, std_sees);
    // Asked again: the stored answer.
    assert_eq!(cpu::form(), cpu::form());
}
