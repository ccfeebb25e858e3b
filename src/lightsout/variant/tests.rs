//! Tests of the K-state variants: every solution replayed, chase against elimination, composite K against brute force.

use super::*;
use crate::input::Source;
use crate::lightsout::{
    parse_states, state_rows, Answer, BoardSource, Item, LightsOut, LightsOutMethod, Mode,
    NullityRow, Request,
};

fn dims(rows: usize, cols: usize) -> Dims {
    Dims { rows, cols }
}

fn rng(seed: u64) -> Rng {
    crate::random::rng(seed)
}

fn variant(k: u32, pattern: &str, torus: bool) -> Variant {
    Variant::new(k, pattern.parse().unwrap(), torus).unwrap()
}

/// Every press board of `dims`, counted in base K.
fn all_presses(d: Dims, k: u8) -> impl Iterator<Item = Grid<u8>> {
    let total = (k as u64).pow(d.cells() as u32);
    (0..total).map(move |mut i| {
        let cells = (0..d.cells())
            .map(|_| {
                let v = (i % k as u64) as u8;
                i /= k as u64;
                v
            })
            .collect();
        Grid::from_cells(d, cells).unwrap()
    })
}

/// Checks everything an analysis claims: the presses, the quiet patterns and
/// their orders, the witness.
fn check(v: &Variant, lights: &Grid<u8>, a: &StatesAnalysis) {
    let k = v.states;
    let dark = Grid::filled(lights.dims(), 0);
    if let Some(p) = &a.presses {
        a.verify(lights, p).unwrap();
    }
    for i in 0..a.nullity() {
        let q = a.quiet_pattern(i);
        a.verify(&dark, &q).unwrap();
        let order = a.quiet_orders()[i];
        let mut multiple = q.clone();
        for f in 1..order {
            assert!(
                multiple.cells().iter().any(|&x| x != 0),
                "order {order} is not exact ({f})"
            );
            for (m, &x) in multiple.cells_mut().iter_mut().zip(q.cells()) {
                *m = k.add(*m, x);
            }
        }
        assert!(multiple.cells().iter().all(|&x| x == 0));
    }
    if a.presses.is_none() {
        let w = a.witness.as_ref().expect("a witness when unsolvable");
        // w·M = 0: w is quiet for the reflected game (the transpose).
        let wm = v
            .press_matrix(lights.dims())
            .transposed()
            .mul_vec(w.cells(), k);
        assert!(wm.iter().all(|&x| x == 0), "w·M ≠ 0");
        let dot: u64 = w
            .cells()
            .iter()
            .zip(lights.cells())
            .map(|(&a, &b)| a as u64 * b as u64)
            .sum();
        assert_ne!(dot % k.get() as u64, 0, "w·s = 0");
    }
}

#[test]
fn every_variant_agrees_with_brute_force_on_small_boards() {
    let mut r = rng(15);
    let cases: &[(u32, &str, bool, usize, usize)] = &[
        (3, "cross", false, 3, 3),
        (3, "x", false, 3, 3),
        (3, "cross", true, 3, 3),
        (4, "cross", false, 2, 3),
        (4, "plus-x", false, 2, 3),
        (4, "knight", false, 3, 2),
        (6, "cross", false, 2, 2),
        (6, "x", true, 2, 3),
        (12, "cross", false, 2, 2),
        (12, "plus-x", true, 2, 2),
        (5, ".#./#o#/.#.", false, 2, 3),
        (2, "knight", false, 3, 4),
        (8, "#@", false, 2, 3),
    ];
    for &(k, pattern, torus, rows, cols) in cases {
        let v = variant(k, pattern, torus);
        for _ in 0..4 {
            let lights = v.random(dims(rows, cols), &mut r);
            let a = v.analyse(&lights).unwrap();
            check(&v, &lights, &a);
            let brute = all_presses(lights.dims(), k as u8)
                .filter(|p| v.after(&lights, p).cells().iter().all(|&x| x == 0))
                .count();
            assert_eq!(
                a.solution_count(),
                brute.to_string(),
                "K={k} {pattern} torus={torus} {rows}×{cols}"
            );
            // Listing gives each solution once, and as many as counted.
            let mut seen = std::collections::HashSet::new();
            let tally = a.enumerate(&Control::new(), &mut |p| {
                a.verify(&lights, p).unwrap();
                assert!(seen.insert(p.clone()), "listed twice");
                ControlFlow::Continue(())
            });
            assert_eq!(tally.found as usize, brute);
            if let Some((fewest, proven)) = a.fewest(&Control::new()) {
                assert!(proven);
                let weight = |g: &Grid<u8>| g.cells().iter().map(|&x| x as u64).sum::<u64>();
                let least = seen.iter().map(weight).min().unwrap();
                assert_eq!(weight(&fewest), least);
            }
        }
    }
}

/// The polynomial method, chasing (first rows as unknowns) and the full elimination, on the same board.
fn chase_against_gauss(k: u32, rows: usize, cols: usize, r: &mut Rng) {
    let v = variant(k, "cross", false);
    let lights = v.random(dims(rows, cols), r);
    let poly = v.analyse(&lights).unwrap();
    assert_eq!(poly.method(), LightsOutMethod::Polynomial);
    let chased = v
        .analyse_with(&lights, Some(LightsOutMethod::Chase))
        .unwrap();
    assert_eq!(chased.method(), LightsOutMethod::Chase);
    let gauss = v
        .analyse_with(&lights, Some(LightsOutMethod::Gauss))
        .unwrap();
    for a in [&poly, &chased, &gauss] {
        check(&v, &lights, a);
        assert_eq!(
            a.nullity(),
            gauss.nullity(),
            "K={k} {rows}×{cols} {:?}",
            a.method()
        );
        assert_eq!(a.solution_count(), gauss.solution_count());
    }
}

#[test]
fn polynomial_chase_and_elimination_agree_on_every_board_up_to_20() {
    let mut r = rng(4);
    for k in [3, 5, 7] {
        for rows in 1..=20 {
            for cols in 1..=20 {
                chase_against_gauss(k, rows, cols, &mut r);
            }
        }
    }
}

#[test]
fn two_states_agree_with_the_classic_solver() {
    let mut r = rng(2);
    for (rows, cols) in [(5, 5), (4, 9), (17, 17), (9, 4), (30, 12)] {
        let classic = LightsOut::random(dims(rows, cols), &mut r);
        let lights = Grid::from_cells(
            classic.lights().dims(),
            (0..rows * cols)
                .map(|i| classic.lights().bits().contains(i) as u8)
                .collect(),
        )
        .unwrap();
        let v = Variant::default();
        let a = v.analyse(&lights).unwrap();
        check(&v, &lights, &a);
        let b = classic.analyse(LightsOutMethod::Polynomial).unwrap();
        assert_eq!(a.nullity(), b.nullity());
        assert_eq!(a.presses.is_some(), b.presses.is_some());
    }
}

#[test]
fn patterns_that_cannot_be_chased_are_eliminated_and_replayed() {
    let mut r = rng(5);
    for (k, pattern, torus) in [
        (2, "x", false),
        (2, "knight", true),
        (2, "plus-x", false),
        (3, "plus-x", false),
        (5, "knight", false),
        (6, "x", true),
        (3, "cross", true),
        (7, "#../.@./..#", false),
    ] {
        let v = variant(k, pattern, torus);
        for (rows, cols) in [(7, 7), (6, 9), (10, 3)] {
            let lights = v.random(dims(rows, cols), &mut r);
            let a = v.analyse(&lights).unwrap();
            assert_eq!(a.method(), LightsOutMethod::Gauss);
            check(&v, &lights, &a);
        }
    }
}

#[test]
fn wide_boards_are_chased_along_their_short_side() {
    let mut r = rng(6);
    for k in [3, 4, 10] {
        let v = variant(k, "cross", false);
        let lights = v.random(dims(3, 40), &mut r);
        let a = v.analyse(&lights).unwrap();
        check(&v, &lights, &a);
        let b = v.analyse_gauss(&lights).unwrap();
        assert_eq!(a.solution_count(), b.solution_count());
    }
}

#[test]
fn an_asymmetric_chased_pattern_gets_its_witness_from_the_transpose() {
    // The cross with one more cell below left: chased, not symmetric.
    let v = variant(3, ".#./#@#/##.", false);
    assert!(!v.pattern.is_symmetric());
    let mut r = rng(7);
    let mut unsolvable = 0;
    for n in 2..=12 {
        let lights = v.random(dims(n, n + 1), &mut r);
        let a = v.analyse(&lights).unwrap();
        check(&v, &lights, &a);
        unsolvable += a.presses.is_none() as usize;
        assert_eq!(
            a.solution_count(),
            v.analyse_gauss(&lights).unwrap().solution_count()
        );
    }
    assert!(
        unsolvable > 0,
        "no unsolvable board: the witness went untested"
    );
}

#[test]
fn the_report_is_verified_and_keeps_the_classic_keys() {
    let mut request = Request::new(BoardSource::Given {
        name: "b".into(),
        text: "2222\n".repeat(4),
    });
    request.states = 3;
    request.mode = Mode::Solve {
        fewest: true,
        quiet_patterns: true,
    };
    let report = <crate::lightsout::LightsOut as crate::GridPuzzle>::answer(
        &request,
        &Control::new(),
        &mut crate::NoItems,
    )
    .unwrap();
    let json = serde_json::to_value(&report).unwrap();
    for key in [
        "rows",
        "cols",
        "states",
        "pattern",
        "method",
        "torus",
        "state",
        "solvable",
        "nullity",
        "solutions",
        "presses",
        "press_count",
        "witness",
        "minimal",
        "quiet_patterns",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    assert_eq!(json["state"][0], serde_json::json!([2, 2, 2, 2]));
}

#[test]
fn states_are_read_as_digits_then_letters_and_bad_ones_are_placed() {
    let k = |n| Modulus::new(n).unwrap();
    let src = |t: &str| Source::from_text("s", t);
    let g = parse_states(&src("012\n210\n"), k(3)).unwrap();
    assert_eq!(g.cells(), &[0, 1, 2, 2, 1, 0]);
    let g = parse_states(&src("#.\n.#\n"), k(2)).unwrap();
    assert_eq!(g.cells(), &[1, 0, 0, 1]);
    let g = parse_states(&src("aZ9\n"), k(36)).unwrap();
    assert_eq!(g.cells(), &[10, 35, 9]);
    assert_eq!(state_rows(&g, k(36)), vec!["az9".to_string()]);
    let g = parse_states(&src("200 0 17\n"), k(255)).unwrap();
    assert_eq!(state_rows(&g, k(255)), vec!["200 0 17".to_string()]);
    let e = parse_states(&src("01\n03\n"), k(3))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("s:2:2:"), "{e}");
    let e = parse_states(&src("1 2 300\n"), k(255))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("s:1:5:"), "{e}");
    assert!(parse_states(&src("#.\n"), k(3)).is_err());
}

#[test]
fn bad_stencils_are_refused() {
    for bad in ["#.#/.#./#.#/...", "##/##", "#@/o#", "../.o", "#x#"] {
        assert!(bad.parse::<Pattern>().is_err(), "{bad}");
    }
    let p: Pattern = "#.#/.#./#.#".parse().unwrap();
    assert_eq!(p.offsets(), Pattern::named("x").unwrap().offsets());
    assert!("nope".parse::<Pattern>().is_err());
}

#[test]
fn too_large_eliminations_are_refused_up_front() {
    // One unknown per cell past 262,144 cells, with 3 states or 4 (Z/4, no field).
    for states in [3, 4] {
        let v = variant(states, "x", false);
        let e = v.analyse(&Grid::filled(dims(600, 600), 0)).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        let limit = "cells 360000 is over the limit of 262144 for the elimination";
        assert!(e.to_string().starts_with(limit), "{e}");
        assert!(!e.to_string().contains("--"));
    }
}

/// 65×65 with the x pattern and 4 states (4,225 unknowns, past the dense
/// elimination; the x pattern is singular modulo 2 there, so lifting from
/// GF(2) does not apply), which used to be refused: the elimination over Z/4
/// answers, and everything it claims checks.
#[test]
fn four_states_past_the_dense_size_are_solved_over_z4() {
    let v = variant(4, "x", false);
    let lights = Grid::filled(dims(65, 65), 1);
    let a = v.analyse(&lights).unwrap();
    assert!(a.nullity() > 0, "singular modulo 2");
    check(&v, &lights, &a);
}

#[test]
fn random_boards_are_reproducible() {
    let v = variant(5, "cross", false);
    let a = v.random(dims(4, 4), &mut rng(9));
    let b = v.random(dims(4, 4), &mut rng(9));
    assert_eq!(a, b);
}

/// The rank over GF(p), p prime, of the n×n press matrix of `pattern`, by a
/// plain elimination written here apart from the library's solvers.
fn press_rank_mod_p(n: usize, offsets: &[(i32, i32)], torus: bool, p: u32) -> usize {
    let cells = n * n;
    let mut rows: Vec<Vec<u32>> = vec![vec![0; cells]; cells];
    for (press, (r, c)) in (0..n as i32)
        .flat_map(|r| (0..n as i32).map(move |c| (r, c)))
        .enumerate()
    {
        for &(dr, dc) in offsets {
            let (mut tr, mut tc) = (r + dr, c + dc);
            if torus {
                (tr, tc) = (tr.rem_euclid(n as i32), tc.rem_euclid(n as i32));
            } else if tr < 0 || tc < 0 || tr >= n as i32 || tc >= n as i32 {
                continue;
            }
            // A press adds 1 to each cell it changes, once, even where two
            // offsets of a small torus land on the same cell.
            rows[tr as usize * n + tc as usize][press] = 1;
        }
    }
    let inverse = |a: u32| (1..p).find(|&b| a * b % p == 1).unwrap();
    let mut rank = 0;
    for col in 0..cells {
        let Some(pivot) = (rank..cells).find(|&r| rows[r][col] != 0) else {
            continue;
        };
        rows.swap(rank, pivot);
        let scale = inverse(rows[rank][col]);
        for x in rows[rank].iter_mut() {
            *x = *x * scale % p;
        }
        let pivot_row = rows[rank].clone();
        for (r, row) in rows.iter_mut().enumerate() {
            let f = row[col];
            if r != rank && f != 0 {
                for (x, &y) in row.iter_mut().zip(&pivot_row) {
                    *x = (*x + (p - f) * y) % p;
                }
            }
        }
        rank += 1;
    }
    rank
}

/// The rows of the nullity table of `v` for sides `from..=to`, asked of [`answer`].
fn nullity_table(v: &Variant, from: usize, to: usize) -> Vec<NullityRow> {
    let request = Request {
        board: None,
        states: v.states.get() as u32,
        pattern: v.pattern.clone(),
        torus: v.torus,
        method: None,
        mode: Mode::Table { from, to },
    };
    let mut items = Vec::new();
    let Answer::Table(end) = <crate::lightsout::LightsOut as crate::GridPuzzle>::answer(
        &request,
        &Control::new(),
        &mut items,
    )
    .unwrap() else {
        panic!("a table answers a table");
    };
    assert_eq!(end.listed as usize, items.len());
    items
        .into_iter()
        .map(|item| match item {
            Item::Size(row) => row,
            Item::Solution(_) | Item::Step(_) => panic!("a table streams rows"),
        })
        .collect()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Each row of the nullity table is the nullity of that board solved
    /// alone, and for K prime n² minus the press matrix's rank over GF(K).
    #[test]
    fn nullity_table_rows_are_the_boards_solved_alone(
        n in 1usize..7,
        k in proptest::sample::select(vec![2u32, 3, 4, 5, 6]),
        pattern in proptest::sample::select(vec!["cross", "plus-x", "x", "knight", "#@#", ".#/#@/.#", "#o#/.#."]),
        torus: bool,
        seed: u64,
    ) {
        let v = variant(k, pattern, torus);
        let rows = nullity_table(&v, n, n);
        proptest::prop_assert_eq!(rows.len(), 1);
        let row = &rows[0];
        proptest::prop_assert_eq!((row.torus, row.states as u32), (torus, k));
        let lights = v.random(dims(n, n), &mut rng(seed));
        let alone = v.analyse(&lights).unwrap();
        proptest::prop_assert_eq!(row.nullity, alone.nullity());
        if [2, 3, 5].contains(&k) {
            let rank = press_rank_mod_p(n, v.pattern.offsets(), torus, k);
            proptest::prop_assert_eq!(row.nullity, n * n - rank);
        }
        if k == 2 && pattern == "cross" {
            // The classic game: the table's gcd against the board's own solver.
            let mut board = LightsOut::new(crate::grid::BitGrid::new(dims(n, n)));
            if torus {
                board = board.on_torus();
            }
            proptest::prop_assert_eq!(row.nullity, board.analyse(LightsOutMethod::Chase).unwrap().nullity());
        }
    }
}

#[test]
fn the_nullity_table_of_the_torus_is_not_the_plane_s() {
    // The adversarial run's case: 3×3 on the torus has nullity 4 (the plane: 0),
    // and 4, 5, 9 have 0, 8, 4 (the plane: 4, 2, 8), by the rank written above.
    for (stencil, named) in [("cross", true), (".#./#@#/.#.", false)] {
        let torus = variant(2, stencil, true);
        assert!(torus.pattern.is_cross(), "{stencil} is the cross");
        let rows: Vec<(usize, usize)> = nullity_table(&torus, 3, 9)
            .iter()
            .map(|row| (row.rows, row.nullity))
            .collect();
        let picked: Vec<_> = rows
            .iter()
            .filter(|r| [3, 4, 5, 9].contains(&r.0))
            .collect();
        assert_eq!(
            picked,
            [&(3, 4), &(4, 0), &(5, 8), &(9, 4)],
            "named: {named}"
        );
        for &(n, nullity) in &rows {
            let rank = press_rank_mod_p(n, torus.pattern.offsets(), true, 2);
            assert_eq!(nullity, n * n - rank, "n = {n}");
        }
    }
}
