//! Revertigo against the page's published counts, maps and walks, and the methods against each other.

use super::*;
use proptest::prelude::*;

fn dims(r: usize, c: usize) -> Dims {
    Dims::new(r, c, MAX_CELLS).unwrap()
}

fn game(r: usize, c: usize) -> Revertigo {
    Revertigo::new(dims(r, c))
}

fn solver(r: usize, c: usize, method: RevertigoMethod) -> RevertigoSolver {
    RevertigoSolver::new(game(r, c), method, &Control::new())
        .unwrap()
        .expect("not stopped")
}

/// The page's walks, from the example file: (rows, cols, walk).
fn seed_walks() -> Vec<(usize, usize, String)> {
    include_str!("../../puzzles/revertigo/page-walks.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].to_string(),
            )
        })
        .collect()
}

#[test]
fn square_boards_have_the_seeds_numbers_of_maps() {
    // The Revertigo page's table for 1×1 … 20×20.
    let counts = [
        1u64, 1, 1, 16, 4, 1, 1, 1, 256, 1, 64, 1, 1, 16, 1, 256, 4, 1, 65536, 1,
    ];
    for (i, &want) in counts.iter().enumerate() {
        let n = i + 1;
        for method in [
            RevertigoMethod::Chase,
            RevertigoMethod::Poly,
            RevertigoMethod::FirstRow,
        ] {
            let s = solver(n, n, method);
            assert_eq!(
                s.analysis().solution_count(),
                want.to_string(),
                "{n}×{n} {method:?}"
            );
        }
    }
}

#[test]
fn the_seeds_20x20_map_is_the_only_one() {
    let text = include_str!("../../puzzles/revertigo/20x20-map.txt");
    let seed_rows: Vec<&str> = text.lines().collect();
    for method in [
        RevertigoMethod::Chase,
        RevertigoMethod::Poly,
        RevertigoMethod::FirstRow,
    ] {
        let s = solver(20, 20, method);
        assert_eq!(s.analysis().nullity(), 0);
        assert_eq!(s.map().row_strings('#', '_'), seed_rows, "{method:?}");
    }
}

#[test]
fn the_seeds_walks_blacken_their_boards() {
    for (r, c, text) in seed_walks() {
        let walk = Walk::parse(&text).unwrap();
        assert_eq!(walk.len(), text.len());
        let replay = game(r, c).replay(&walk).unwrap();
        assert!(replay.is_solved(), "{r}×{c} {text}");
        // The walk's own activation map obeys the parity rule.
        assert_eq!(game(r, c).check_map(&replay.map), Ok(()));
    }
    // The page's 4×4 example: EEENNOOOS has the map it prints.
    let replay = game(4, 4)
        .replay(&Walk::parse("EEENNOOOS").unwrap())
        .unwrap();
    assert_eq!(
        replay.map.row_strings('#', '_'),
        ["____", "####", "#__#", "####"]
    );
}

#[test]
fn walks_are_read_with_o_for_west_and_bad_ones_are_located() {
    assert_eq!(Walk::parse("nOwE").unwrap().to_string(), "NWWE");
    assert_eq!(
        Walk::parse("NEX"),
        Err(WalkError::NotAMove { at: 3, found: 'X' })
    );
    assert_eq!(
        Walk::parse("NES E"),
        Err(WalkError::NotAMove { at: 4, found: ' ' })
    );
    let trimmed = Walk::parse("  NES\n").unwrap();
    assert!(game(2, 2).replay(&trimmed).unwrap().is_solved());
    let off = game(2, 2).replay(&Walk::parse("NEN").unwrap()).unwrap_err();
    assert!(matches!(
        off,
        WalkError::OffBoard {
            at: 3,
            letter: 'N',
            ..
        }
    ));
    let off = game(3, 3).replay(&Walk::parse("S").unwrap()).unwrap_err();
    assert!(matches!(off, WalkError::OffBoard { at: 1, .. }));
}

#[test]
fn all_methods_agree_on_small_boards() {
    for r in 1..=7 {
        for c in 1..=7 {
            let reference = solver(r, c, RevertigoMethod::Chase);
            let mut methods = vec![
                RevertigoMethod::Gauss,
                RevertigoMethod::Poly,
                RevertigoMethod::FirstRow,
            ];
            if r * c <= 16 {
                methods.push(RevertigoMethod::Naive);
            }
            for m in methods {
                let s = solver(r, c, m);
                let (a, b) = (reference.analysis(), s.analysis());
                assert_eq!(a.nullity(), b.nullity(), "{r}×{c} {m:?}");
                if a.nullity() == 0 {
                    assert_eq!(reference.map(), s.map(), "{r}×{c} {m:?}");
                }
                // Every quiet pattern changes nothing.
                for q in &b.quiet_patterns() {
                    assert!(game(r, c).after(q).is_clear(), "{r}×{c} {m:?}");
                }
            }
        }
    }
}

#[test]
fn enumerate_visits_2_to_the_nullity_distinct_valid_maps() {
    let s = solver(4, 4, RevertigoMethod::Chase);
    let mut seen = std::collections::HashSet::new();
    let tally = s.enumerate(&Control::new(), &mut |m| {
        assert_eq!(s.verify(m), Ok(()));
        seen.insert(m.row_strings('#', '_'));
        ControlFlow::Continue(())
    });
    assert_eq!(tally.found, 16);
    assert!(tally.is_complete());
    assert_eq!(seen.len(), 16);
    assert_eq!(s.count(&Control::new(), Some(5)).found, 5);
    assert_eq!(s.is_unique(&Control::new()), Some(false));
    assert_eq!(
        solver(6, 6, RevertigoMethod::Chase).is_unique(&Control::new()),
        Some(true)
    );
}

#[test]
fn the_triangle_mod_2_and_the_corrected_constant() {
    // The Revertigo page's triangle rows 1 3 8 9 8 3 1 and 1 4 13 22 29 22 13 4 1, mod 2.
    let bits = |v: Vec<bool>| {
        v.iter()
            .map(|&b| if b { '1' } else { '0' })
            .collect::<String>()
    };
    assert_eq!(bits(polynomial_method::triangle(0).0), "1");
    assert_eq!(bits(polynomial_method::triangle(1).0), "111");
    assert_eq!(bits(polynomial_method::triangle(2).0), "10001");
    assert_eq!(bits(polynomial_method::triangle(3).0), "1101011");
    assert_eq!(bits(polynomial_method::triangle(4).0), "101010101");
    // On an unbounded row the constant of row l is 1 exactly when l ≡ 2 (mod 3),
    // not l − 1 as the page transcribes it.
    for l in 1..40usize {
        let sum = polynomial_method::triangle(l - 1).1;
        let constant = sum.iter().filter(|&&b| b).count() % 2 == 1;
        assert_eq!(constant, l % 3 == 2, "row {l}");
    }
}

#[test]
fn every_built_walk_up_to_12x12_blackens_its_board() {
    let ctl = Control::new();
    for r in 1..=12 {
        for c in 1..=12 {
            let s = solver(r, c, RevertigoMethod::Chase);
            let diagonal = s
                .walk(Builder::Diagonal, &ctl)
                .unwrap()
                .expect("not stopped");
            // The diagonal builder realises exactly the method's map.
            let replay = s.game().replay(&diagonal).unwrap();
            assert!(replay.is_solved(), "{r}×{c}");
            assert_eq!(&replay.map, s.map(), "{r}×{c}");
            let short = s.walk(Builder::Short, &ctl).unwrap().expect("not stopped");
            assert!(s.game().replay(&short).unwrap().is_solved(), "{r}×{c}");
            assert!(short.len() <= diagonal.len(), "{r}×{c}");
        }
    }
}

#[test]
fn shortest_walks_are_no_longer_than_built_ones_or_the_seeds() {
    let ctl = Control::new();
    for r in 1..=4 {
        for c in 1..=4 {
            let s = solver(r, c, RevertigoMethod::Chase);
            let shortest = s
                .walk(Builder::Shortest, &ctl)
                .unwrap()
                .expect("not stopped");
            assert!(s.game().replay(&shortest).unwrap().is_solved());
            let short = s.walk(Builder::Short, &ctl).unwrap().expect("not stopped");
            assert!(shortest.len() <= short.len(), "{r}×{c}");
        }
    }
    for (r, c, text) in seed_walks() {
        if r * c <= MAX_SHORTEST_CELLS {
            let shortest = solver(r, c, RevertigoMethod::Chase)
                .walk(Builder::Shortest, &ctl)
                .unwrap()
                .expect("not stopped");
            assert!(shortest.len() <= text.len(), "{r}×{c}");
        }
    }
    // 2×2: every cell once, so three moves (the page's NES) is the least.
    assert_eq!(game(2, 2).shortest_walk(&ctl).unwrap().unwrap().len(), 3);
    assert!(game(5, 4).shortest_walk(&ctl).is_err());
}

#[test]
fn oversized_boards_are_refused_per_method() {
    let ctl = Control::new();
    assert!(game(6, 5).analyse(RevertigoMethod::Naive, &ctl).is_err());
    assert!(game(30, 30)
        .analyse(RevertigoMethod::FirstRow, &ctl)
        .is_err());
    assert!(game(5001, 2).analyse(RevertigoMethod::Poly, &ctl).is_err());
    assert!(game(100, 100)
        .analyse(RevertigoMethod::Gauss, &ctl)
        .is_err());
}

#[test]
fn thin_and_tall_boards_work_with_straight_double_moves() {
    let ctl = Control::new();
    for n in 1..=40 {
        for (r, c) in [(1, n), (n, 1), (2, n), (n, 2)] {
            let s = solver(r, c, RevertigoMethod::Chase);
            for b in [Builder::Diagonal, Builder::Short] {
                let w = s.walk(b, &ctl).unwrap().expect("not stopped");
                assert!(s.game().replay(&w).unwrap().is_solved(), "{r}×{c}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any board up to 15×15: the map obeys the page's parity rule (every
    /// plus holds an odd number of activated cells) and both builders' walks replay to all black.
    #[test]
    fn random_boards_get_walks_that_replay(r in 1usize..=15, c in 1usize..=15) {
        let ctl = Control::new();
        let s = solver(r, c, RevertigoMethod::Chase);
        let d = s.game().dims();
        for p in d.positions() {
            let plus = std::iter::once(p).chain(d.neighbours(p)).filter(|&q| s.map().get(q)).count();
            prop_assert_eq!(plus % 2, 1);
        }
        for b in [Builder::Diagonal, Builder::Short] {
            let w = s.walk(b, &ctl).unwrap().expect("not stopped");
            let replay = s.game().replay(&w).unwrap();
            prop_assert!(replay.is_solved());
        }
    }

    /// The corrected polynomial method agrees with Lights Out's chasing on
    /// any board up to 40×40 (rectangles included, so the folding at the
    /// borders and the turn to C ≤ L are both exercised).
    #[test]
    fn the_polynomial_method_agrees_with_chasing(r in 1usize..=40, c in 1usize..=40) {
        let chase = solver(r, c, RevertigoMethod::Chase);
        let poly = solver(r, c, RevertigoMethod::Poly);
        prop_assert_eq!(chase.analysis().nullity(), poly.analysis().nullity());
        if chase.analysis().nullity() == 0 {
            prop_assert_eq!(chase.map(), poly.map());
        }
    }
}

/// The yardstick for the default builder: at most 1.0 move per cell
/// over every board from 1×1 to 30×30 (about 8 s in release; see the figures
/// with `cargo test --release --lib walk_lengths -- --nocapture`).
#[test]
fn walk_lengths_over_every_board_up_to_30x30() {
    let ctl = Control::new();
    let (mut cells, mut diagonal, mut short) = (0usize, 0usize, 0usize);
    let (mut ratio_d, mut ratio_s) = (0f64, 0f64);
    for r in 1..=30 {
        for c in 1..=30 {
            let s = solver(r, c, RevertigoMethod::Chase);
            let d = s
                .walk(Builder::Diagonal, &ctl)
                .unwrap()
                .expect("not stopped")
                .len();
            let sh = s
                .walk(Builder::Short, &ctl)
                .unwrap()
                .expect("not stopped")
                .len();
            cells += r * c;
            diagonal += d;
            short += sh;
            ratio_d += d as f64 / (r * c) as f64;
            ratio_s += sh as f64 / (r * c) as f64;
        }
    }
    println!(
        "moves per cell, all 900 boards: diagonal {:.3} (mean of ratios {:.3}), short {:.3} (mean of ratios {:.3})",
        diagonal as f64 / cells as f64,
        ratio_d / 900.0,
        short as f64 / cells as f64,
        ratio_s / 900.0
    );
    assert!(
        short <= cells,
        "the short builder averages more than one move per cell"
    );
}

/// The targets' "nearest alive in the row" pointers against a plain scan,
/// on random target sets with random removals.
#[test]
fn alive_targets_are_found_left_and_right_as_a_scan_finds_them() {
    use rand::Rng as _;
    let mut rng = crate::random::rng(4);
    for (r, c) in [(1, 1), (1, 70), (70, 1), (5, 9), (13, 130)] {
        let d = dims(r, c);
        let mut targets = BitGrid::new(d);
        for p in d.positions() {
            targets.set(p, rng.gen_bool(0.3));
        }
        let mut alive = walk::Alive::new(&targets);
        for _ in 0..3 * d.cells() {
            let p = Pos::new(rng.gen_range(0..r), rng.gen_range(0..c));
            if rng.gen_bool(0.5) && targets.get(p) {
                targets.set(p, false);
                alive.remove(d.index(p));
            }
            let left = (0..=p.col).rev().find(|&k| targets.get(Pos::new(p.row, k)));
            let right = (p.col..c).find(|&k| targets.get(Pos::new(p.row, k)));
            assert_eq!(alive.around(p.row, p.col), [left, right], "{d} at {p}");
        }
    }
}

#[test]
fn no_walk_is_shorter_than_the_lower_bound() {
    // The exact shortest walk (breadth-first) meets the bound's promise on every small board,
    // and so does the default builder on larger ones.
    let ctl = Control::new();
    for r in 1..=8 {
        for c in 1..=8 {
            let game = Revertigo::new(Dims::new(r, c, 1000).unwrap());
            let solver = RevertigoSolver::new(game, RevertigoMethod::Chase, &ctl)
                .unwrap()
                .expect("not stopped");
            let bound = solver.lower_bound(&ctl).expect("small nullity: proven");
            let short = solver
                .walk(Builder::Short, &ctl)
                .unwrap()
                .expect("not stopped");
            assert!(short.len() >= bound, "{r}×{c}");
            if r * c <= 12 {
                let shortest = game.shortest_walk(&ctl).unwrap().expect("a walk exists");
                assert!(shortest.len() >= bound, "{r}×{c}");
            }
        }
    }
}

/// A seed draws the random sides: beside a board given it would draw
/// nothing, so it is refused; alone it draws the same board each time.
#[test]
fn a_seed_beside_a_board_given_is_refused() {
    let mut request = Request::new(dims(4, 4));
    assert_eq!(request.board().unwrap(), (dims(4, 4), None));
    request.seed = Some(3);
    let refused = request.board().unwrap_err().to_string();
    assert!(refused.contains("seed draws a board's random sides: not with dims given"));
    request.dims = None;
    let (drawn, seed) = request.board().unwrap();
    assert_eq!(seed, Some(3));
    assert_eq!(request.board().unwrap().0, drawn);
}
