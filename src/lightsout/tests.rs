//! Lights Out against the Lights Out lab's matrix, the Lights Out chapter's 5×5 facts, and the two methods against each other.

use super::*;
use crate::random::rng;

fn dims(r: usize, c: usize) -> Dims {
    Dims::new(r, c, MAX_CELLS).unwrap()
}

#[test]
fn press_matrix_is_the_lights_out_labs_3x3_matrix() {
    // The Lights Out lab, "Vous devriez obtenir le résultat suivant" (constant column dropped).
    let expected = [
        "110100000",
        "111010000",
        "011001000",
        "100110100",
        "010111010",
        "001011001",
        "000100110",
        "000010111",
        "000001011",
    ];
    let m = LightsOut::press_matrix(dims(3, 3), false);
    for (i, row) in expected.iter().enumerate() {
        let got: String = (0..9)
            .map(|j| if m.get(i, j) { '1' } else { '0' })
            .collect();
        assert_eq!(&got, row, "row {i}");
    }
}

#[test]
fn three_by_three_reduces_to_the_identity() {
    // The Lights Out lab: after elimination the 3×3 matrix is the identity, so every state has one solution.
    let mut m = LightsOut::press_matrix(dims(3, 3), false);
    assert_eq!(m.reduce(9).len(), 9);
    assert_eq!(m, BitMatrix::identity(9));
}

#[test]
fn five_by_five_has_nullity_two_and_the_seeds_quiet_patterns() {
    // The Lights Out chapter: the 5×5 board has two independent neutral procedures and 4 solutions per solvable state.
    let all_on = LightsOut::new(BitGrid::full(dims(5, 5)));
    for method in [
        LightsOutMethod::Gauss,
        LightsOutMethod::Chase,
        LightsOutMethod::Polynomial,
    ] {
        let a = all_on.analyse(method).unwrap();
        assert_eq!(a.nullity(), 2);
        let solver = LightsOutSolver::new(all_on.clone(), method).unwrap();
        assert_eq!(solver.count(&Control::new(), None).found, 4);
    }
    // The three non-zero quiet patterns of 5×5 (the Lights Out chapter's figures).
    let patterns = [
        ["##.##", "....", "##.##", "....", "##.##"],
        ["#.#.#", "#.#.#", ".....", "#.#.#", "#.#.#"],
        [".###.", "#.#.#", "##.##", "#.#.#", ".###."],
    ];
    for p in patterns {
        let text: String = p.iter().map(|r| format!("{:.<5}\n", r)).collect();
        let q = parse::lights(&crate::input::Source::from_text("q", text)).unwrap();
        let quiet = LightsOut::new(BitGrid::new(dims(5, 5))).after(&q);
        assert!(quiet.is_clear(), "{p:?} is quiet");
    }
}

#[test]
fn nullity_matches_oeis_a159257() {
    // OEIS A159257: nullity of the n×n Lights Out matrix, n = 1..20.
    let a159257 = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0];
    for (i, &k) in a159257.iter().enumerate() {
        let n = i + 1;
        let a = LightsOut::new(BitGrid::new(dims(n, n)))
            .analyse(LightsOutMethod::Chase)
            .unwrap();
        assert_eq!(a.nullity(), k, "n = {n}");
    }
}

#[test]
fn gauss_and_chase_agree_on_every_small_board() {
    let mut rng = rng(7);
    for r in 1..=20 {
        for c in 1..=20 {
            for _ in 0..2 {
                let puzzle = LightsOut::random(dims(r, c), &mut rng);
                let g = LightsOutSolver::new(puzzle.clone(), LightsOutMethod::Gauss).unwrap();
                let h = LightsOutSolver::new(puzzle.clone(), LightsOutMethod::Chase).unwrap();
                let p = LightsOutSolver::new(puzzle, LightsOutMethod::Polynomial).unwrap();
                let (ga, ha, pa) = (g.analysis(), h.analysis(), p.analysis());
                assert_eq!(ga.nullity(), ha.nullity(), "{r}×{c}");
                assert_eq!(ga.nullity(), pa.nullity(), "{r}×{c}");
                assert_eq!(ga.presses.is_some(), ha.presses.is_some(), "{r}×{c}");
                assert_eq!(ga.presses.is_some(), pa.presses.is_some(), "{r}×{c}");
                for s in [&g, &h, &p] {
                    let a = s.analysis();
                    if let Some(p) = &a.presses {
                        s.verify(p).unwrap();
                    } else {
                        let w = a.witness.as_ref().expect("a witness when unsolvable");
                        assert!(gf2::dot(w.bits(), s.puzzle().lights().bits()));
                    }
                    for i in 0..a.nullity() {
                        let q = a.quiet_pattern(i);
                        assert_eq!(q.dims(), s.dims());
                        assert!(!q.is_clear());
                        assert!(LightsOut::new(BitGrid::new(q.dims())).after(&q).is_clear());
                    }
                }
            }
        }
    }
}

#[test]
fn every_enumerated_solution_is_distinct_and_verifies() {
    let solver = LightsOutSolver::new(
        LightsOut::new(BitGrid::full(dims(4, 4))),
        LightsOutMethod::Chase,
    )
    .unwrap();
    let mut seen = std::collections::HashSet::new();
    let tally = solver.enumerate(&Control::new(), &mut |p| {
        solver.verify(p).unwrap();
        assert!(seen.insert(p.clone()));
        ControlFlow::Continue(())
    });
    assert_eq!(
        tally,
        Tally {
            found: 16,
            stopped: None
        }
    );
    assert_eq!(
        solver.count(&Control::new(), Some(5)).stopped,
        Some(Stop::Limit)
    );
}

#[test]
fn gauss_refuses_large_boards() {
    let big = LightsOut::new(BitGrid::new(dims(65, 65)));
    assert!(big.analyse(LightsOutMethod::Gauss).is_err());
    assert!(big.analyse(LightsOutMethod::Chase).is_ok());
}

#[test]
fn sutners_gcd_matches_elimination_on_rectangles() {
    for r in 1..=40 {
        for c in 1..=40 {
            let by_chase = LightsOut::new(BitGrid::new(dims(r, c)))
                .analyse(LightsOutMethod::Chase)
                .unwrap()
                .nullity();
            assert_eq!(nullity(dims(r, c)), by_chase, "{r}×{c}");
        }
    }
}

#[test]
fn all_three_methods_agree_on_random_states_up_to_40() {
    // The full n²-unknown elimination is the reference up to its size limit.
    let mut rng = rng(11);
    for (r, c) in [
        (40, 40),
        (33, 17),
        (17, 33),
        (64, 64),
        (5, 40),
        (24, 24),
        (19, 19),
    ] {
        for _ in 0..3 {
            let puzzle = LightsOut::random(dims(r, c), &mut rng);
            let analyses: Vec<Analysis> = [
                LightsOutMethod::Gauss,
                LightsOutMethod::Chase,
                LightsOutMethod::Polynomial,
            ]
            .iter()
            .map(|&m| puzzle.analyse(m).unwrap())
            .collect();
            for a in &analyses {
                assert_eq!(a.nullity(), analyses[0].nullity(), "{r}×{c}");
                assert_eq!(
                    a.presses.is_some(),
                    analyses[0].presses.is_some(),
                    "{r}×{c}"
                );
                if let Some(p) = &a.presses {
                    assert!(puzzle.after(p).is_clear(), "{r}×{c}");
                }
            }
            if analyses[0].nullity() == 0 {
                assert_eq!(
                    analyses[0].presses, analyses[2].presses,
                    "unique solution, {r}×{c}"
                );
            }
        }
    }
}

proptest::proptest! {
    #[test]
    fn presses_on_a_dark_board_are_undone(r in 1usize..24, c in 1usize..24, seed in proptest::prelude::any::<u64>()) {
        // Press a random set on a dark board; every method must find presses that undo it.
        let d = dims(r, c);
        let pressed = LightsOut::random(d, &mut rng(seed)).lights().clone();
        let puzzle = LightsOut::new(LightsOut::new(BitGrid::new(d)).after(&pressed));
        for method in [LightsOutMethod::Chase, LightsOutMethod::Polynomial] {
            let solver = LightsOutSolver::new(puzzle.clone(), method).unwrap();
            let presses = solver.analysis().presses.clone().expect("solvable by construction");
            proptest::prop_assert!(solver.verify(&presses).is_ok());
            // The difference of two solutions is quiet.
            let mut diff = presses.clone();
            diff.bits_mut().symmetric_difference_with(pressed.bits());
            proptest::prop_assert!(LightsOut::new(BitGrid::new(d)).after(&diff).is_clear());
        }
    }
}

#[test]
fn fewest_presses_of_the_all_on_board_match_oeis_a075464() {
    // OEIS A075464: the minimal number of presses that switch off the all-on n×n board, n = 1..30.
    let a075464 = [
        1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245,
        276, 231, 270, 353, 356, 405, 416, 345, 376,
    ];
    for (i, &want) in a075464.iter().enumerate() {
        let n = i + 1;
        let puzzle = LightsOut::new(BitGrid::full(dims(n, n)));
        let a = puzzle.analyse(LightsOutMethod::Polynomial).unwrap();
        let f = fewest_presses(&a, &Control::new()).unwrap();
        assert!(f.proven, "n = {n}");
        assert!(puzzle.after(&f.presses).is_clear(), "n = {n}");
        assert_eq!(f.presses.count_ones(), want, "n = {n}");
    }
}

#[test]
fn fewest_presses_agree_with_brute_force_on_tiny_boards() {
    // Every press set of a 3×4 board (2^12) against the coset search.
    let d = dims(3, 4);
    let mut rng = rng(3);
    for _ in 0..20 {
        let puzzle = LightsOut::random(d, &mut rng);
        let brute = (0u32..1 << 12)
            .filter_map(|mask| {
                let mut p = BitGrid::new(d);
                (0..12)
                    .filter(|b| mask >> b & 1 == 1)
                    .for_each(|b| p.bits_mut().insert(b));
                puzzle
                    .after(&p)
                    .is_clear()
                    .then_some(mask.count_ones() as usize)
            })
            .min();
        let a = puzzle.analyse(LightsOutMethod::Gauss).unwrap();
        let fewest = fewest_presses(&a, &Control::new()).map(|f| f.presses.count_ones());
        assert_eq!(fewest, brute);
    }
}

#[test]
fn torus_chase_agrees_with_the_full_elimination() {
    let mut rng = rng(5);
    for r in 1..=11 {
        for c in 1..=11 {
            for _ in 0..3 {
                let puzzle = LightsOut::random(dims(r, c), &mut rng).on_torus();
                let g = LightsOutSolver::new(puzzle.clone(), LightsOutMethod::Gauss).unwrap();
                let t = LightsOutSolver::new(puzzle, LightsOutMethod::Polynomial).unwrap();
                let (ga, ta) = (g.analysis(), t.analysis());
                assert_eq!(ga.nullity(), ta.nullity(), "{r}×{c} torus");
                assert_eq!(ga.presses.is_some(), ta.presses.is_some(), "{r}×{c} torus");
                for s in [&g, &t] {
                    let a = s.analysis();
                    match &a.presses {
                        Some(p) => s.verify(p).unwrap(),
                        None => assert!(gf2::dot(
                            a.witness.as_ref().unwrap().bits(),
                            s.puzzle().lights().bits()
                        )),
                    }
                    for i in 0..a.nullity() {
                        let dark = LightsOut::new(BitGrid::new(s.dims())).on_torus();
                        assert!(dark.after(&a.quiet_pattern(i)).is_clear(), "{r}×{c} torus");
                    }
                }
            }
        }
    }
}

#[test]
fn a_torus_press_wraps_around() {
    let d = dims(4, 4);
    let mut corner = BitGrid::new(d);
    corner.set(crate::grid::Pos::new(0, 0), true);
    let lit = LightsOut::new(BitGrid::new(d)).on_torus().after(&corner);
    assert_eq!(
        lit.row_strings('#', '.'),
        vec!["##.#", "#...", "....", "#..."]
    );
}

#[test]
fn chase_and_polynomial_agree_on_every_board_up_to_40() {
    let mut rng = rng(9);
    for r in 1..=40 {
        for c in 1..=40 {
            let puzzle = LightsOut::random(dims(r, c), &mut rng);
            let chase = puzzle.analyse(LightsOutMethod::Chase).unwrap();
            let poly = puzzle.analyse(LightsOutMethod::Polynomial).unwrap();
            assert_eq!(chase.nullity(), poly.nullity(), "{r}×{c}");
            assert_eq!(chase.presses.is_some(), poly.presses.is_some(), "{r}×{c}");
            for p in [&chase.presses, &poly.presses].into_iter().flatten() {
                assert!(puzzle.after(p).is_clear(), "{r}×{c}");
            }
        }
    }
}

#[test]
fn all_on_solution_counts_match_oeis_a075462() {
    // OEIS A075462: the number of solutions of the all-on n×n board, n = 1..20 (also the Revertigo page's table).
    let a075462 = [
        "1", "1", "1", "16", "4", "1", "1", "1", "256", "1", "64", "1", "1", "16", "1", "256", "4",
        "1", "65536", "1",
    ];
    for (i, want) in a075462.iter().enumerate() {
        let n = i + 1;
        let a = LightsOut::new(BitGrid::full(dims(n, n)))
            .analyse(LightsOutMethod::Polynomial)
            .unwrap();
        assert_eq!(&a.solution_count(), want, "n = {n}");
    }
}

/// Every kind of request reads back from its JSON (a browser page sends
/// requests so), and a request written by hand answers as the one built in Rust.
#[test]
fn requests_travel_as_json() {
    let modes = [
        Mode::default(),
        Mode::Solve {
            fewest: true,
            quiet_patterns: true,
        },
        Mode::Count,
        Mode::List {
            limit: crate::listing::Limit::at_most(3).unwrap(),
        },
        Mode::Table { from: 2, to: 4 },
    ];
    let boards = [
        BoardSource::Random {
            rows: 5,
            cols: 4,
            seed: Some(1),
        },
        BoardSource::Given {
            name: "b".into(),
            text: "012\n210\n".into(),
        },
        BoardSource::Graph {
            name: "g".into(),
            text: "a b\n".into(),
            on: Some(vec!["a".into()]),
            rule: GraphRule::Sigma,
        },
    ];
    for mode in modes {
        for board in &boards {
            let mut request = Request::new(board.clone());
            request.states = 3;
            request.pattern = ".#./#@#/##.".parse().unwrap();
            request.method = Some(LightsOutMethod::Chase);
            request.mode = mode.clone();
            let json = serde_json::to_string(&request).unwrap();
            let back: Request = serde_json::from_str(&json).unwrap();
            assert_eq!(back, request, "{json}");
        }
    }
    let by_hand: Request =
        serde_json::from_str(r#"{"board":{"random":{"rows":6,"cols":6,"seed":1}},"mode":"solve"}"#)
            .unwrap();
    let built = Request::new(BoardSource::Random {
        rows: 6,
        cols: 6,
        seed: Some(1),
    });
    assert_eq!(by_hand, built);
    let ctl = Control::new();
    assert_eq!(
        <crate::lightsout::LightsOut as crate::GridPuzzle>::answer(
            &by_hand,
            &ctl,
            &mut crate::NoItems
        )
        .unwrap(),
        <crate::lightsout::LightsOut as crate::GridPuzzle>::answer(
            &built,
            &ctl,
            &mut crate::NoItems
        )
        .unwrap()
    );
}

/// The classic fast path and the K-state elimination agree on two-state
/// boards: the same count, and presses each path's own replay accepts.
#[test]
fn the_classic_path_and_the_states_path_agree_on_two_states() {
    for seed in 0..6 {
        let dims = dims(5 + seed as usize % 3, 6);
        let lights = LightsOut::random(dims, &mut rng(seed));
        let classic = LightsOutSolver::new(lights.clone(), LightsOutMethod::Gauss).unwrap();
        let values = Cells::from(lights.lights().clone()).to_values();
        let states = Variant::new(2, Pattern::cross(), false)
            .unwrap()
            .analyse_with(&values, Some(LightsOutMethod::Gauss))
            .unwrap();
        assert_eq!(classic.analysis().solution_count(), states.solution_count());
        if let Some(p) = &states.presses {
            let bits = Cells::from(p.clone()).to_bits().unwrap();
            classic.verify(&bits).unwrap();
        }
    }
}

#[test]
fn a_pattern_request_gives_the_cells_a_press_changes() {
    use crate::{Control, GridPuzzle, NoItems};
    let ask = |pattern: &str| {
        let request: Request = serde_json::from_value(
            serde_json::json!({"mode": "pattern", "pattern": pattern, "torus": true}),
        )
        .unwrap();
        match LightsOut::answer(&request, &Control::new(), &mut NoItems).unwrap() {
            Answer::Pattern(p) => p,
            other => panic!("not a pattern: {other:?}"),
        }
    };
    for name in pattern::PATTERN_NAMES {
        let p = ask(name);
        let want: Vec<[i32; 2]> = Pattern::named(name)
            .unwrap()
            .offsets()
            .iter()
            .map(|&(r, c)| [r, c])
            .collect();
        assert_eq!((p.pattern.as_str(), p.offsets, p.torus), (name, want, true));
    }
    // A stencil is read as the library reads it: the cross spelled out is the cross.
    let cross = ask(".#./#@#/.#.");
    assert_eq!(cross.stencil, ".#./#@#/.#.");
    assert_eq!(cross.offsets, [[-1, 0], [0, -1], [0, 0], [0, 1], [1, 0]]);
    let sigma = ask("#o#");
    assert_eq!(sigma.offsets, [[0, -1], [0, 1]]);
}

/// The nullity table of a request's game by its own method: the sizes in order.
fn table(states: u32, pattern: &str, torus: bool, method: Option<LightsOutMethod>) -> Vec<usize> {
    let request = Request {
        board: None,
        states,
        pattern: pattern.parse().unwrap(),
        torus,
        method,
        mode: Mode::Table { from: 1, to: 12 },
    };
    let mut rows = Vec::new();
    let end = door::answer(&request, &Control::new(), &mut rows).unwrap();
    assert!(matches!(end, Answer::Table(t) if t.complete && t.listed == 12));
    rows.iter()
        .map(|item| match item {
            Item::Size(row) => row.nullity,
            Item::Solution(_) | Item::Step(_) => unreachable!("a table lists sizes"),
        })
        .collect()
}

/// A nullity table takes the method asked for, each with its own limits, and every
/// method gives the same nullities: the classic game's are OEIS A159257's.
#[test]
fn every_method_gives_the_same_nullity_table() {
    use LightsOutMethod::{Chase, Gauss, Polynomial};
    let a159257 = vec![0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0];
    for method in [None, Some(Polynomial), Some(Chase), Some(Gauss)] {
        assert_eq!(table(2, "cross", false, method), a159257, "{method:?}");
    }
    // The torus by the classic game's two-row chase and by its full elimination.
    assert_eq!(
        table(2, "cross", true, None),
        table(2, "cross", true, Some(Gauss))
    );
    for method in [None, Some(Polynomial), Some(Chase), Some(Gauss)] {
        assert_eq!(
            table(3, "cross", false, method),
            table(3, "cross", false, None),
            "{method:?}"
        );
    }
    // A method that does not apply, or a table past the method's limit, is refused before any row.
    let refused = |states, pattern: &str, method, to| {
        let request = Request {
            board: None,
            states,
            pattern: pattern.parse().unwrap(),
            torus: false,
            method,
            mode: Mode::Table { from: 1, to },
        };
        let mut rows = Vec::new();
        let refusal = door::answer(&request, &Control::new(), &mut rows).unwrap_err();
        assert!(rows.is_empty());
        refusal.to_string()
    };
    assert!(refused(2, "cross", Some(Gauss), 65).contains("4225"));
    assert!(refused(3, "x", Some(Polynomial), 3).contains("polynomial method needs"));
    assert!(refused(4, "cross", None, 2049).contains("first-row unknowns"));
    assert!(refused(3, "knight", None, 513).contains("263169"));
}
