//! Unit tests: the reader's formats and errors, the search against a plain backtracker and published counts, the symmetries.

use super::symmetry::Transform;
use super::*;
use crate::control::Stop;
use crate::error::Error;
use crate::input::Source;
use crate::random::rng;
use proptest::prelude::*;

/// The shape of the n²×n² grids of `order`.
fn sq(order: usize) -> Shape {
    Shape::square(order).expect("an order from 2 to 6")
}

fn read_text(text: &str) -> crate::error::Result<Input> {
    Input::read(&Source::from_text("t.txt", text), None)
}

fn one(text: &str) -> Sudoku {
    match read_text(text) {
        Ok(Input::Single(s)) => s,
        other => panic!("expected one grid, got {other:?}"),
    }
}

fn parse_error(text: &str) -> (usize, usize, String) {
    match read_text(text) {
        Err(Error::Parse { line, col, msg, .. }) => (line, col, msg),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

fn count(s: &Sudoku, limit: Option<u64>) -> Tally {
    SudokuSolver::new(s.clone()).count(&Control::new(), limit)
}

/// Plain backtracking in reading order, no propagation: the independent reference counter.
fn naive_count(s: &Sudoku) -> u64 {
    let side = s.side();
    let [h, w] = s.shape().box_dims();
    let mut cells = s.cells().to_vec();
    let ok = |cells: &[u8], i: usize, v: u8| {
        let (r, c) = (i / side, i % side);
        let (br, bc) = (r / h * h, c / w * w);
        (0..side).all(|k| {
            (k == c || cells[r * side + k] != v)
                && (k == r || cells[k * side + c] != v)
                && ((br + k / w, bc + k % w) == (r, c)
                    || cells[(br + k / w) * side + bc + k % w] != v)
        })
    };
    if s.clash().is_some() {
        return 0;
    }
    let empties: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == 0).collect();
    // Explicit stack: the digit tried at each empty cell.
    let mut total = 0;
    let mut k = 0usize;
    let mut tried = vec![0u8; empties.len()];
    loop {
        if k == empties.len() {
            total += 1;
            if k == 0 {
                return total;
            }
            k -= 1;
            continue;
        }
        let i = empties[k];
        cells[i] = 0;
        let next = (tried[k] + 1..=side as u8).find(|&v| ok(&cells, i, v));
        match next {
            Some(v) => {
                tried[k] = v;
                cells[i] = v;
                k += 1;
                if k < empties.len() {
                    tried[k] = 0;
                }
            }
            None => {
                tried[k] = 0;
                if k == 0 {
                    return total;
                }
                k -= 1;
            }
        }
    }
}

/// A random full grid: a solution of the empty grid moved by a random symmetry.
fn random_full_grid(order: usize, seed: u64) -> Sudoku {
    let empty = Sudoku::empty(sq(order));
    let Searched::Solved(base) = SudokuSolver::new(empty).solve(&Control::new()) else {
        panic!("the empty grid has a solution");
    };
    Transform::random(sq(order), &mut rng(seed)).apply(&base)
}

use crate::listing::Searched;

#[test]
fn layout_has_the_classic_peer_counts() {
    assert_eq!(Layout::of_shape(sq(2)).npeers, 7);
    assert_eq!(Layout::of_shape(sq(3)).npeers, 20);
    assert_eq!(Layout::of_shape(sq(4)).npeers, 39);
    let lay = Layout::of_shape(sq(3));
    // Every peer of cell 40 (the centre) shares its row, column or box.
    for &p in lay.peers_of(40) {
        let (r, c) = (p as usize / 9, p as usize % 9);
        assert!(r == 4 || c == 4 || (r / 3 == 1 && c / 3 == 1), "{r},{c}");
    }
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    // The number of 4×4 Sudoku grids (OEIS A107739: 1, 288, 6670903752021072936960, …).
    let empty = Sudoku::empty(sq(2));
    let tally = count(&empty, None);
    assert_eq!(tally.found, 288);
    assert!(tally.is_complete());
    assert_eq!(naive_count(&empty), 288);
    // Every one of them is distinct and valid.
    let mut seen = std::collections::HashSet::new();
    let solver = SudokuSolver::new(empty);
    solver.enumerate(&Control::new(), &mut |s| {
        assert!(solver.verify(s).is_ok());
        assert!(seen.insert(s.clone()));
        ControlFlow::Continue(())
    });
    assert_eq!(seen.len(), 288);
}

#[test]
fn count_stops_at_the_limit() {
    let tally = count(&Sudoku::empty(sq(2)), Some(10));
    assert_eq!(tally.found, 10);
    assert_eq!(tally.stopped, Some(Stop::Limit));
    let big = count(&Sudoku::empty(sq(3)), Some(500));
    assert_eq!(big.found, 500);
}

#[test]
fn a_stopped_control_interrupts_the_search() {
    let ctl = Control::new();
    ctl.request_stop();
    let tally = SudokuSolver::new(Sudoku::empty(sq(3))).count(&ctl, None);
    assert_eq!(tally.stopped, Some(Stop::Interrupted));
}

#[test]
fn search_agrees_with_plain_backtracking_on_random_4x4_puzzles() {
    let mut r = rng(7);
    for seed in 0..200 {
        let full = random_full_grid(2, seed);
        let mut p = full.clone();
        for i in 0..16 {
            if rand::Rng::gen_bool(&mut r, 0.7) {
                p.cells[i] = 0;
            }
        }
        // Sometimes put a wrong digit in, to reach puzzles with no solution.
        if seed % 5 == 0 {
            let i = rand::Rng::gen_range(&mut r, 0..16);
            p.cells[i] = rand::Rng::gen_range(&mut r, 1..=4);
        }
        assert_eq!(count(&p, None).found, naive_count(&p), "{p}");
    }
}

#[test]
fn search_agrees_with_plain_backtracking_on_9x9_puzzles_with_few_holes() {
    for seed in 0..20 {
        let full = random_full_grid(3, seed);
        let mut p = full.clone();
        let mut r = rng(seed + 100);
        for _ in 0..30 {
            let i = rand::Rng::gen_range(&mut r, 0..81);
            p.cells[i] = 0;
        }
        let got = count(&p, None);
        assert!(got.is_complete());
        assert_eq!(got.found, naive_count(&p), "{p}");
        assert!(got.found >= 1);
    }
}

#[test]
fn symmetries_keep_grids_valid_and_counts_equal() {
    for seed in 0..10 {
        for order in 2..=4 {
            let full = random_full_grid(order, seed);
            let solver = SudokuSolver::new(Sudoku::empty(sq(order)));
            assert!(solver.verify(&full).is_ok(), "order {order}");
        }
    }
    // A puzzle with several solutions and its images have the same count.
    let base =
        one("..7...5......8....9...7...1.251.893...3...6....9...2.....5.3...7.......6.........");
    let n = count(&base, None);
    assert!(n.found > 1);
    for seed in 0..5 {
        let t = Transform::random(sq(3), &mut rng(seed));
        assert_eq!(count(&t.apply(&base), None), n);
    }
    assert_eq!(
        count(&Transform::transposition(sq(3)).unwrap().apply(&base), None),
        n
    );
    let relabel = Transform::relabelling(sq(3), &[9, 8, 7, 6, 5, 4, 3, 2, 1]).unwrap();
    assert_eq!(relabel.apply(&relabel.apply(&base)), base);
    assert!(Transform::relabelling(sq(3), &[1, 1, 2, 3, 4, 5, 6, 7, 8]).is_none());
}

#[test]
fn clash_names_the_two_cells() {
    let mut s = Sudoku::empty(sq(3));
    s.set(Pos::new(2, 1), 4);
    s.set(Pos::new(7, 1), 4);
    assert_eq!(s.clash(), Some((Pos::new(2, 1), Pos::new(7, 1))));
    assert_eq!(count(&s, None).found, 0);
    let mut b = Sudoku::empty(sq(3));
    b.set(Pos::new(3, 3), 9);
    b.set(Pos::new(5, 5), 9);
    assert_eq!(b.clash(), Some((Pos::new(3, 3), Pos::new(5, 5))));
    assert!(
        describe_clash([Pos::new(3, 3), Pos::new(5, 5)], b.get(Pos::new(3, 3)))
            .contains("3,3 and 5,5 both hold 9")
    );
}

#[test]
fn verify_rejects_broken_solutions() {
    let puzzle = one("1.....3..4.....2");
    let solver = SudokuSolver::new(puzzle.clone());
    let Searched::Solved(s) = solver.solve(&Control::new()) else {
        panic!("solvable")
    };
    assert!(solver.verify(&s).is_ok());
    let mut holed = s.clone();
    holed.set(Pos::new(1, 1), 0);
    assert!(solver
        .verify(&holed)
        .unwrap_err()
        .to_string()
        .contains("empty"));
    let relabelled = Transform::relabelling(sq(2), &[2, 1, 3, 4])
        .unwrap()
        .apply(&s);
    assert!(solver
        .verify(&relabelled)
        .unwrap_err()
        .to_string()
        .contains("clue"));
    let mut twice = s.clone();
    twice.set(Pos::new(0, 1), s.get(Pos::new(0, 0)));
    assert!(solver.verify(&twice).is_err());
}

#[test]
fn reads_the_line_block_number_and_letter_forms() {
    let line = "..6...2..9.......4243...896...591.....2.8.3..4..2.3..13.......7...9.7....1.4.8.2.";
    let a = one(line);
    assert_eq!(a.shape(), Shape::CLASSIC);
    assert_eq!(a.to_line(), line);
    assert_eq!(one(&line.replace('.', "0")), a);
    // Digits grouped by spaces on one line are still one character per cell.
    let zeros = line.replace('.', "0");
    let grouped: Vec<&str> = (0..27).map(|k| &zeros[3 * k..3 * k + 3]).collect();
    assert_eq!(one(&grouped.join(" ")), a);
    // Block form with separators and comments reads back the same grid.
    let block = format!("# a comment\n{}", a.to_block());
    assert_eq!(one(&block), a);
    // Whitespace-separated numbers, with a 16×16 value above 9.
    let mut g = Sudoku::empty(sq(4));
    g.set(Pos::new(0, 0), 16);
    g.set(Pos::new(15, 15), 10);
    let numbers: Vec<String> = g
        .cells()
        .chunks(16)
        .map(|row| {
            row.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(one(&numbers.join("\n")), g);
    assert_eq!(one(&g.to_line()), g);
    assert_eq!(one(&g.to_line().to_lowercase()), g);
    // 16 lines of 16 cells are one 16×16 grid, not a batch of 4×4 puzzles.
    assert_eq!(one(&g.to_block()), g);
    // Order 6 prints and reads as numbers.
    let e = Sudoku::empty(sq(6));
    assert_eq!(one(&e.to_block()), e);
    assert_eq!(one(&e.to_line()), e);
}

#[test]
fn one_puzzle_per_line_is_a_batch() {
    let text = "# two puzzles\n1.....3..4.....2\n\n................\n";
    let Ok(Input::Batch(entries)) = read_text(text) else {
        panic!("a batch")
    };
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].line, 2);
    assert_eq!(entries[1].line, 4);
    assert!(entries.iter().all(|e| e.puzzle.is_ok()));
    let bad = "1.....3..4.....2\n1.....3..4.....\n................\n";
    let Ok(Input::Batch(entries)) = read_text(bad) else {
        panic!("a batch")
    };
    assert!(entries[0].puzzle.is_ok() && entries[2].puzzle.is_ok());
    let msg = entries[1].puzzle.as_ref().unwrap_err().to_string();
    assert!(msg.starts_with("t.txt:2:16:"), "{msg}");
}

#[test]
fn bad_input_names_line_and_column() {
    // A symbol outside the alphabet.
    let (line, col, msg) = parse_error("# x\n12.4\n..?.\n....\n....\n");
    assert_eq!((line, col), (3, 3));
    assert!(msg.contains("'?'"), "{msg}");
    // A ragged grid.
    let (line, _, msg) = parse_error("123456789\n12345678\n");
    assert_eq!(line, 2);
    assert!(msg.contains("ragged"), "{msg}");
    // A cell count that is not a square.
    let (line, col, msg) = parse_error(&".".repeat(80));
    assert_eq!((line, col), (1, 81));
    assert!(msg.contains("80 cells"), "{msg}");
    // Rows and columns in different numbers.
    let (_, _, msg) = parse_error("1234\n....\n....\n");
    assert!(msg.contains("as many rows as columns"), "{msg}");
    // Sides with no boxes (one cell; 7×7, 7 being prime), and a side over 36 (49×49).
    for cells in [1, 49] {
        let (_, _, msg) = parse_error(&".".repeat(cells));
        assert!(msg.contains("not a Sudoku grid"), "{msg}");
    }
    let (_, _, msg) = parse_error(&".".repeat(2401));
    assert!(
        msg.contains("49×49 grid, over the largest side 36"),
        "{msg}"
    );
    // Boxes given that do not fit the cell count.
    let shaped =
        |text: &str, r, c| Input::read(&Source::from_text("t.txt", text), Shape::new(r, c).ok());
    let msg = shaped(&".".repeat(36), 3, 3).unwrap_err().to_string();
    assert!(msg.contains("36 cells do not fit boxes of 3×3"), "{msg}");
    assert!(
        matches!(shaped(&".".repeat(36), 3, 2), Ok(Input::Single(g)) if g.shape().box_dims() == [3, 2])
    );
    // A digit above the order's largest.
    let (line, col, msg) = parse_error("123A\n....\n....\n....\n");
    assert_eq!((line, col), (1, 4));
    assert!(msg.contains("'A' (10) is above 4"), "{msg}");
    // Nothing at all.
    let (line, _, _) = parse_error("# only a comment\n\n");
    assert_eq!(line, 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A random full grid with random cells blanked is solved back to a grid
    /// that keeps its clues, and has at least one solution.
    #[test]
    fn blanked_grids_are_solved_back(order in 2usize..=4, seed in any::<u64>(), keep in 0.0f64..1.0) {
        let full = random_full_grid(order, seed);
        let mut puzzle = full.clone();
        let mut r = rng(seed ^ 0x5eed);
        for i in 0..puzzle.cells.len() {
            if !rand::Rng::gen_bool(&mut r, keep) {
                puzzle.cells[i] = 0;
            }
        }
        let solver = SudokuSolver::new(puzzle.clone());
        let (first, unique) = solver.solve_and_check_unique(&Control::new());
        let s = first.expect("a blanked valid grid has a solution");
        prop_assert!(solver.verify(&s).is_ok());
        prop_assert!(unique.is_some());
        if unique == Some(true) {
            prop_assert_eq!(&s, &full);
        }
        prop_assert!(solver.count(&Control::new(), Some(2)).found >= 1);
    }
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let ctl = Control::new();
    for (order, seed) in [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5)] {
        let g = generate::generate(sq(order), &mut rng(seed), &ctl).unwrap();
        let solver = SudokuSolver::new(g.puzzle.clone());
        assert!(solver.verify(&g.solution).is_ok());
        assert_eq!(count(&g.puzzle, None).found, 1, "{}", g.puzzle);
        // Removing any clue makes the solution ambiguous.
        for i in (0..g.puzzle.cells.len()).filter(|&i| g.puzzle.cells[i] != 0) {
            let mut fewer = g.puzzle.clone();
            fewer.cells[i] = 0;
            assert_eq!(count(&fewer, Some(2)).found, 2, "clue {i} of {}", g.puzzle);
        }
    }
    // The same seed gives the same puzzle.
    let a = generate::generate(Shape::CLASSIC, &mut rng(9), &ctl).unwrap();
    let b = generate::generate(Shape::CLASSIC, &mut rng(9), &ctl).unwrap();
    assert_eq!(a.puzzle, b.puzzle);
}

/// Every solution (up to `limit`) by the 9×9 fast search (through `enumerate`)
/// or the general one, sorted, with the tally.
fn solutions(puzzle: &Sudoku, general: bool, limit: u64) -> (Vec<Sudoku>, Tally) {
    let solver = SudokuSolver::new(puzzle.clone());
    let mut found = Vec::new();
    let mut visit = |s: &Sudoku| {
        assert!(solver.verify(s).is_ok(), "{s} does not solve {puzzle}");
        found.push(s.clone());
        if found.len() as u64 >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let tally = if general {
        solver.enumerate_general(None, &Control::new(), &mut visit)
    } else {
        solver.enumerate(&Control::new(), &mut visit)
    };
    found.sort_by(|a, b| a.cells.cmp(&b.cells));
    (found, tally)
}

/// The fast 9×9 search and the general search find the same solutions, or,
/// when both stop at `limit`, the same number; returns the count.
fn fast_and_general_agree(puzzle: &Sudoku, limit: u64) -> u64 {
    let (fast, fast_tally) = solutions(puzzle, false, limit);
    let (general, general_tally) = solutions(puzzle, true, limit);
    assert_eq!(fast_tally, general_tally, "{puzzle}");
    if fast_tally.stopped.is_none() {
        assert_eq!(fast, general, "{puzzle}");
    }
    fast_tally.found
}

#[test]
fn fast_9x9_search_agrees_with_the_general_one_on_diabolical_puzzles() {
    let text = include_str!("../../puzzles/sudoku/diabolical-300.txt");
    let Ok(Input::Batch(entries)) = read_text(text) else {
        panic!("the vendored file is a batch");
    };
    assert_eq!(entries.len(), 300);
    for e in &entries {
        let p = e.puzzle.as_ref().expect("a valid line");
        // Counted to 2, as a batch does: each has exactly one solution.
        assert_eq!(fast_and_general_agree(p, 2), 1, "{p}");
        // A wrong (but not clashing) digit in an empty cell leaves no solution.
        let (sol, _) = solutions(p, false, 1);
        let i = p.cells.iter().position(|&v| v == 0).unwrap();
        let mut wrong = p.clone();
        for v in 1..=9u8 {
            wrong.cells[i] = v;
            if v != sol[0].cells[i] && wrong.clash().is_none() {
                assert_eq!(fast_and_general_agree(&wrong, 2), 0, "{wrong}");
                break;
            }
        }
    }
}

#[test]
fn fast_9x9_search_agrees_with_the_general_one_on_blanked_grids() {
    let mut several = 0;
    for seed in 0..300u64 {
        let full = random_full_grid(3, seed);
        let mut puzzle = full.clone();
        let mut r = rng(seed ^ 0xb1a5);
        // From 18 to 40 clues kept: many of these have several solutions.
        let keep = 18 + (seed % 23) as usize;
        let mut order: Vec<usize> = (0..81).collect();
        rand::seq::SliceRandom::shuffle(&mut order[..], &mut r);
        for &i in &order[keep..] {
            puzzle.cells[i] = 0;
        }
        let found = fast_and_general_agree(&puzzle, 40);
        assert!(found >= 1, "{puzzle}");
        several += usize::from(found >= 2);
        assert_eq!(fast_and_general_agree(&puzzle, 2), found.min(2));
    }
    assert!(several >= 50, "only {several} with several solutions");
}

#[test]
fn fast_9x9_search_counts_match_the_general_one_with_no_clues_fixed() {
    // The empty grid: both stop at the limit, counting the same.
    let empty = Sudoku::empty(sq(3));
    assert_eq!(fast_and_general_agree(&empty, 500), 500);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On any blanked 9×9 grid the fast search and the general one agree (solutions up to 20).
    #[test]
    fn fast_and_general_9x9_searches_agree(seed in any::<u64>(), keep in 0.15f64..0.6) {
        let mut puzzle = random_full_grid(3, seed);
        let mut r = rng(seed ^ 0xfa57);
        for i in 0..81 {
            if !rand::Rng::gen_bool(&mut r, keep) {
                puzzle.cells[i] = 0;
            }
        }
        prop_assert!(fast_and_general_agree(&puzzle, 20) >= 1);
    }
}

/// The number of solutions (up to `limit`) by the general search with every filter on at every node.
fn count_with_every_filter(puzzle: &Sudoku, limit: u64) -> u64 {
    let lay = Layout::with_every_filter(puzzle.shape());
    let mut search = search::Search::new(&lay);
    let mut found = 0u64;
    let solver = SudokuSolver::new(puzzle.clone());
    search
        .run(puzzle.cells(), None, &Control::new(), &mut |cells| {
            let grid = Sudoku {
                shape: puzzle.shape(),
                cells: cells.to_vec(),
            };
            assert!(
                solver.verify(&grid).is_ok(),
                "{grid} does not solve {puzzle}"
            );
            found += 1;
            if found >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .found
}

#[test]
fn all_different_and_probing_keep_every_solution_on_4x4_grids() {
    // Orders 2 and 3 normally skip these filters: switched on here, they must not lose a solution.
    let mut r = rng(77);
    for k in 0..200 {
        let full = random_full_grid(2, k);
        let mut puzzle = full.clone();
        for i in 0..16 {
            if rand::Rng::gen_bool(&mut r, 0.7) {
                puzzle.cells[i] = 0;
            }
        }
        assert_eq!(
            count_with_every_filter(&puzzle, u64::MAX),
            naive_count(&puzzle),
            "{puzzle}"
        );
    }
}

#[test]
fn all_different_and_probing_keep_every_solution_on_9x9_grids() {
    let text = include_str!("../../puzzles/sudoku/diabolical-300.txt");
    let puzzles: Vec<Sudoku> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(40)
        .map(one)
        .collect();
    for p in &puzzles {
        assert_eq!(count_with_every_filter(p, 2), 1, "{p}");
    }
    // Blanked grids with several solutions: the counts agree with the fast search.
    let mut r = rng(5);
    for k in 0..40 {
        let full = random_full_grid(3, 100 + k);
        let mut puzzle = full.clone();
        for i in 0..81 {
            if rand::Rng::gen_bool(&mut r, 0.6) {
                puzzle.cells[i] = 0;
            }
        }
        let want = count(&puzzle, Some(50)).found;
        assert_eq!(count_with_every_filter(&puzzle, 50), want, "{puzzle}");
    }
}

#[test]
fn a_clue_can_go_exactly_when_the_rest_has_another_solution() {
    let ctl = Control::new();
    for (order, seed) in [(2, 11), (3, 12), (3, 13)] {
        let full = random_full_grid(order, seed);
        let mut r = rng(seed);
        let mut puzzle = full.clone();
        for i in 0..puzzle.cells.len() {
            if rand::Rng::gen_bool(&mut r, 0.45) {
                puzzle.cells[i] = 0;
            }
        }
        if count(&puzzle, Some(2)).found != 1 {
            continue;
        }
        for i in (0..puzzle.cells.len()).filter(|&i| puzzle.cells[i] != 0) {
            let mut fewer = puzzle.clone();
            let clue = fewer.cells[i];
            fewer.cells[i] = 0;
            let other = SudokuSolver::new(fewer.clone()).solvable_without(i, clue, &ctl);
            assert_eq!(
                other,
                Some(count(&fewer, Some(2)).found == 2),
                "clue {i} of {puzzle}"
            );
        }
    }
}

/// A random full grid of `order` and the puzzle left when each cell is kept with probability `keep`.
fn blanked(order: usize, seed: u64, keep: f64) -> (Sudoku, Sudoku) {
    let full = random_full_grid(order, seed);
    let mut r = rng(seed);
    let mut puzzle = full.clone();
    for v in puzzle.cells.iter_mut() {
        if !rand::Rng::gen_bool(&mut r, keep) {
            *v = 0;
        }
    }
    (full, puzzle)
}

#[test]
fn blanked_16x16_25x25_and_36x36_grids_are_solved_back() {
    for (order, seed, keep) in [(4, 1, 0.45), (5, 2, 0.6), (6, 3, 0.7)] {
        let (full, puzzle) = blanked(order, seed, keep);
        let solver = SudokuSolver::new(puzzle.clone());
        let (first, unique) = solver.solve_and_check_unique(&Control::new());
        let first = first.expect("a blanked grid has a solution");
        assert!(solver.verify(&first).is_ok());
        // Unique exactly when no other completion exists: then it is the grid blanked.
        if unique == Some(true) {
            assert_eq!(first, full);
        }
        assert!(unique.is_some());
    }
}

#[test]
fn a_transformed_puzzle_has_the_transformed_solution() {
    let diabolical = include_str!("../../puzzles/sudoku/diabolical-300.txt");
    let mut unique: Vec<Sudoku> = diabolical
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(5)
        .map(one)
        .collect();
    unique.push(one(include_str!("../../puzzles/sudoku/16x16.txt")));
    unique.push(one(include_str!("../../puzzles/sudoku/25x25-numbers.txt")));
    let ctl = Control::new();
    for (k, puzzle) in unique.iter().enumerate() {
        let (solution, once) = SudokuSolver::new(puzzle.clone()).solve_and_check_unique(&ctl);
        let solution = solution.expect("the example has a solution");
        assert_eq!(once, Some(true));
        for seed in 0..3 {
            let t = Transform::random(puzzle.shape(), &mut rng(1000 * k as u64 + seed));
            let moved = t.apply(puzzle);
            let (got, once) = SudokuSolver::new(moved.clone()).solve_and_check_unique(&ctl);
            assert_eq!(once, Some(true), "{moved}");
            assert_eq!(got, Some(t.apply(&solution)), "{moved}");
        }
    }
}

#[test]
fn grid9_reads_solves_checks_and_writes_as_the_general_path() {
    let text = [
        include_str!("../../puzzles/sudoku/diabolical-300.txt"),
        include_str!("../../puzzles/sudoku/batch-9x9.txt"),
    ]
    .concat();
    let source = Source::from_text("t.txt", text);
    let Ok(parse::Scan::Batch(lines)) = parse::scan(&source) else {
        panic!("the vendored files are a batch");
    };
    assert_eq!(lines.len(), 311);
    let ctl = Control::new();
    let grid9 = |cells: [u8; 81]| {
        Grid9::from_sudoku(&Sudoku::new(3, cells.to_vec()).expect("81 cells")).expect("order 3")
    };
    for line in lines.iter().step_by(3) {
        let grid = line.plain9().expect("a plain 9×9 line");
        let puzzle = line.puzzle(&source).expect("a valid line");
        // The general reader (without the plain-line shortcut) reads the same cells.
        let text = String::from_utf8(grid.line().to_vec()).unwrap();
        assert_eq!(one(&text), puzzle);
        assert_eq!(grid.to_sudoku(), puzzle);
        assert_eq!(Grid9::from_sudoku(&puzzle), Some(grid));
        assert_eq!(text, puzzle.to_line());
        // Uniqueness as the general search decides it, the same solution when unique.
        let (first, unique) = grid.solve_and_check_unique(&ctl);
        let first = first.expect("a solution");
        let (general, tally) = solutions(&puzzle, true, 2);
        if general.len() == 1 {
            assert_eq!(general[0], first.to_sudoku(), "{puzzle}");
        }
        assert_eq!(unique, tally.uniqueness(), "{puzzle}");
        assert_eq!(unique == Some(true), general.len() == 1);
        assert!(grid.check_solution(&first).is_ok());
        // A changed cell or a lost clue: both checks refuse it.
        let i = puzzle.cells().iter().position(|&v| v != 0).unwrap();
        for v in 0..=9u8 {
            let mut cells = *first.cells();
            cells[i] = v;
            let changed = grid9(cells);
            let general = puzzle.check_solution(&changed.to_sudoku());
            let fast = grid.check_solution(&changed);
            assert_eq!(fast.is_ok(), v == first.cells()[i]);
            assert_eq!(fast, general);
        }
    }
    // A clash has no solution (and so no uniqueness answer).
    let mut cells = [0u8; 81];
    (cells[0], cells[1]) = (5, 5);
    assert_eq!(grid9(cells).solve_and_check_unique(&ctl), (None, None));
}

/// The CDCL back end's verdict on `puzzle`, with `threads` searches.
fn decide_by_sat(
    puzzle: &Sudoku,
    threads: usize,
) -> (Option<Sudoku>, Option<bool>, Option<Sudoku>) {
    SudokuSolver::new(puzzle.clone())
        .with_threads(threads)
        .decide_by_sat(&Control::new())
}

#[test]
fn the_cdcl_back_end_decides_as_the_depth_first_search() {
    // 16×16 and 25×25 grids blanked more and more: unique, multiple, and a
    // clue changed so that none is left; both methods must agree.
    let mut seen = [0usize; 3];
    for (order, seed, keep) in [
        (4, 21, 0.7),
        (4, 22, 0.5),
        (4, 23, 0.3),
        (5, 24, 0.8),
        (5, 25, 0.6),
        (5, 26, 0.45),
    ] {
        let (_, puzzle) = blanked(order, seed, keep);
        let mut broken = puzzle.clone();
        let i = broken.cells.iter().position(|&v| v != 0).unwrap();
        broken.cells[i] = broken.cells[i] % broken.side() as u8 + 1;
        for p in [puzzle, broken] {
            let tally = count(&p, Some(2));
            for threads in [1, 3] {
                let (first, unique, second) = decide_by_sat(&p, threads);
                match tally.found {
                    0 => assert_eq!((first.is_none(), unique), (true, None), "{p}"),
                    found => {
                        let first = first.expect("a solution");
                        assert!(p.check_solution(&first).is_ok(), "{p}");
                        assert_eq!(unique, Some(found == 1), "{p}");
                        // Not unique: a second solution, another one, shows it.
                        assert_eq!(second.is_some(), found == 2, "{p}");
                        if let Some(second) = second {
                            assert!(p.check_solution(&second).is_ok(), "{p}");
                            assert_ne!(first, second, "{p}");
                        }
                    }
                }
            }
            seen[tally.found as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&k| k > 0), "every verdict met: {seen:?}");
}

#[test]
fn the_cdcl_back_end_stops_when_asked() {
    let full = random_full_grid(5, 27);
    let mut puzzle = full.clone();
    for v in puzzle.cells.iter_mut().step_by(2) {
        *v = 0;
    }
    let ctl = Control::new();
    ctl.request_stop();
    for threads in [1, 2] {
        let solver = SudokuSolver::new(puzzle.clone()).with_threads(threads);
        assert_eq!(solver.solve_and_check_unique(&ctl).1, None);
    }
}

/// The names the generation heading writes are the names `--difficulty`
/// and `--symmetry` take and the JSON's: the command it prints runs again.
#[cfg(feature = "cli")]
#[test]
fn heading_names_are_the_option_values_and_the_json_names() {
    use super::generate::{Difficulty, Symmetry};
    use clap::ValueEnum;
    for d in Difficulty::value_variants() {
        let value = d.to_possible_value().unwrap();
        assert_eq!(d.name(), value.get_name());
        assert_eq!(serde_json::to_value(d).unwrap(), d.name());
    }
    for s in Symmetry::value_variants() {
        let value = s.to_possible_value().unwrap();
        assert_eq!(s.name(), value.get_name());
        assert_eq!(serde_json::to_value(s).unwrap(), s.name());
    }
}

/// A key its mode would not use is refused in one line (a JSON or Python
/// request would otherwise see it passed over), and taken where it is used.
#[test]
fn a_key_the_mode_would_not_use_is_refused() {
    use crate::puzzle::GridPuzzle;
    use crate::sink::NoItems;
    let ask = |edit: &dyn Fn(&mut Request)| {
        let mut request = Request::new(Source::from_text("4x4", "1... ..3. .4.. ...2"));
        edit(&mut request);
        Sudoku::answer(&request, &Control::new(), &mut NoItems)
    };
    let refused = |edit: &dyn Fn(&mut Request)| match ask(edit) {
        Err(Error::Usage(msg)) => msg,
        other => panic!("not refused: {other:?}"),
    };
    assert_eq!(
        refused(&|r| r.seed = Some(3)),
        "seed goes with a generation or a transformation: not this request"
    );
    assert!(refused(&|r| {
        r.time_limit = Some(5);
        r.mode = Mode::Count {
            limit: crate::listing::Limit::default(),
        };
    })
    .starts_with("time_limit goes with an explanation, a hint or a rating"));
    assert!(refused(&|r| r.techniques = TechniqueSet::Sukaku)
        .starts_with("techniques goes with an explanation, a hint or a rating"));
    assert!(ask(&|r| {
        r.mode = Mode::Rate;
        r.time_limit = Some(5);
        r.techniques = TechniqueSet::Sukaku;
    })
    .is_ok());
    assert!(ask(&|r| {
        r.mode = Mode::Transform;
        r.seed = Some(3);
    })
    .is_ok());
}

#[test]
fn the_candidates_of_a_grid_are_the_digits_no_peer_holds() {
    // Random partial grids of a random full grid: each empty cell's candidates
    // are the digits none of its peers holds, as counted here cell by cell.
    let mut rng = rng(3);
    for order in [2, 3, 4] {
        let full = random_full_grid(order, 7 + order as u64);
        for _ in 0..20 {
            let mut cells = full.cells().to_vec();
            for v in cells.iter_mut() {
                if rand::Rng::gen_range(&mut rng, 0..3) > 0 {
                    *v = 0;
                }
            }
            let grid = Sudoku::new(order, cells).unwrap();
            let mut request = Request::new(Source::from_text("grid", grid.to_line()));
            request.mode = Mode::Candidates;
            let Answer::Candidates(c) = <Sudoku as crate::GridPuzzle>::answer(
                &request,
                &Control::new(),
                &mut crate::NoItems,
            )
            .unwrap() else {
                panic!()
            };
            let n = grid.side();
            let shape = grid.shape();
            for (i, digits) in c.candidates.iter().enumerate() {
                let mask = digits.iter().fold(0u64, |m, &d| m | 1 << (d - 1));
                let peers = (0..n * n).filter(|&j| {
                    j / n == i / n || j % n == i % n || shape.box_of(j) == shape.box_of(i)
                });
                let held = peers.fold(0u64, |m, j| match grid.cells()[j] {
                    0 => m,
                    v => m | 1 << (v - 1),
                });
                let want = if grid.cells()[i] == 0 {
                    ((1u64 << n) - 1) & !held
                } else {
                    0
                };
                assert_eq!(mask, want, "cell {i}");
            }
        }
    }
}

#[test]
fn replay_of_an_explanation_ends_on_its_solution() -> crate::Result<()> {
    use crate::input::Source;
    use crate::sudoku::explain::replay;
    use crate::sudoku::{Answer, Mode, Request, Sudoku};
    use crate::{Control, GridPuzzle, NoItems};

    let mut request = Request::new(Source::from_text("4x4", "1.....3..4.....2"));
    request.mode = Mode::Explain { candidates: false };
    let Answer::Explain(explanation) = Sudoku::answer(&request, &Control::new(), &mut NoItems)?
    else {
        panic!()
    };
    let puzzle: Sudoku = "1.....3..4.....2".parse()?;
    let end = replay(&puzzle, None, &explanation.steps)?;
    assert_eq!(Some(end.to_line()), explanation.solution);
    Ok(())
}

#[test]
fn two_threads_decide_a_25x25() {
    use crate::control::Control;
    use crate::sudoku::{Sudoku, SudokuSolver};

    // A 25×25 grid with its first row and first box left: 40 open cells.
    let side = 25usize;
    let cell = |r: usize, c: usize| ((r % 5 * 5 + r / 5 + c) % side + 1) as u8;
    let open = |r: usize, c: usize| r == 0 || (r < 5 && c < 5);
    let cells: Vec<u8> = (0..side * side)
        .map(|i| (i / side, i % side))
        .map(|(r, c)| if open(r, c) { 0 } else { cell(r, c) })
        .collect();
    let puzzle = Sudoku::new(5, cells).unwrap();
    let solver = SudokuSolver::new(puzzle).with_threads(2);
    let (solution, unique) = solver.solve_and_check_unique(&Control::new());
    assert!(solver.puzzle().check_solution(&solution.unwrap()).is_ok());
    assert_eq!(unique, Some(true));
}
