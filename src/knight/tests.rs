//! Knight's tours against published counts, the theorems against exhaustive search, and the two
//! engines (the tour search and the counter) against each other.

use super::count::backtrack::count_sequential;
use super::square::file_name;
use super::theorems::{has_closed_tour, has_open_tour};
use super::*;
use proptest::prelude::*;

fn knight(r: usize, c: usize, start: (usize, usize), closed: bool) -> Knight {
    Knight::new(
        Dims::new(r, c, MAX_CELLS).unwrap(),
        Pos::new(start.0, start.1),
        closed,
    )
    .unwrap()
}

fn fast_count(k: &Knight) -> u64 {
    let c = count_tours(k, &Control::new()).unwrap();
    assert!(!c.partial);
    c.count
}

/// Counts with the tour search (`enumerate`), checking every tour it meets.
fn enumerated(k: &Knight, order: MoveOrder) -> u64 {
    let s = TourSearch::new(*k, order, DEFAULT_BUDGET);
    let mut bad = None;
    let t = s.enumerate(&Control::new(), &mut |tour| {
        if let Err(e) = s.verify(tour) {
            bad = Some(e);
        }
        ControlFlow::Continue(())
    });
    assert_eq!(bad, None);
    assert!(t.is_complete());
    t.found
}

/// The plain textbook search of the knight's tour lab (no cut at all), iterative, for cross-checks:
/// the number of tours and the first one met in the lab's move order.
fn textbook(k: &Knight, first_only: bool) -> (u64, Option<Tour>) {
    let d = k.dims();
    let n = d.cells();
    let moves = |p: Pos| -> Vec<Pos> {
        SEED_MOVES
            .iter()
            .filter_map(|&(dr, dc)| d.checked(p.row as i64 + dr, p.col as i64 + dc))
            .collect()
    };
    let mut seen = vec![false; n];
    let mut path = vec![k.start()];
    let mut next = vec![0usize];
    seen[d.index(k.start())] = true;
    let (mut count, mut first) = (0, None);
    while let Some(&cur) = path.last() {
        if path.len() == n && (!k.closed() || is_knight_move(cur, k.start())) {
            count += 1;
            first.get_or_insert_with(|| path.clone());
            if first_only {
                break;
            }
        }
        let opts = moves(cur);
        let i = next.len() - 1;
        let step = opts[next[i]..].iter().position(|q| !seen[d.index(*q)]);
        match step {
            Some(j) if path.len() < n => {
                let q = opts[next[i] + j];
                next[i] += j + 1;
                seen[d.index(q)] = true;
                path.push(q);
                next.push(0);
            }
            _ => {
                seen[d.index(cur)] = false;
                path.pop();
                next.pop();
            }
        }
    }
    (count, first)
}

#[test]
fn five_by_five_open_tours_match_the_published_table() {
    // Directed open tours of the 5×5 board from each square (OEIS A165134 gives
    // the total 1728): 304 from a corner, 64 from the centre, none from a
    // square of the minority colour.
    let table = [
        [304, 0, 56, 0, 304],
        [0, 56, 0, 56, 0],
        [56, 0, 64, 0, 56],
        [0, 56, 0, 56, 0],
        [304, 0, 56, 0, 304],
    ];
    let all = count_all_starts(Dims::new(5, 5, 25).unwrap(), false, &Control::new()).unwrap();
    for c in &all {
        assert_eq!(c.count, table[c.start.row][c.start.col], "from {}", c.start);
    }
    assert_eq!(all.iter().map(|c| c.count).sum::<u64>(), 1728);
    assert_eq!(fast_count(&knight(5, 5, (0, 0), false)), 304);
    assert_eq!(fast_count(&knight(5, 5, (2, 2), false)), 64);
    assert_eq!(fast_count(&knight(5, 5, (0, 1), false)), 0);
}

#[test]
fn the_search_the_counter_and_the_textbook_agree() {
    for (r, c, s) in [
        (5, 5, (0, 0)),
        (5, 5, (2, 2)),
        (5, 5, (1, 1)),
        (3, 4, (0, 0)),
        (3, 7, (1, 0)),
    ] {
        let k = knight(r, c, s, false);
        let (plain, _) = textbook(&k, false);
        assert_eq!(fast_count(&k), plain, "{r}×{c} from {s:?}");
        assert_eq!(count_sequential(&k), plain, "{r}×{c} from {s:?}");
        assert_eq!(
            enumerated(&k, MoveOrder::Warnsdorff),
            plain,
            "{r}×{c} from {s:?}"
        );
        assert_eq!(
            enumerated(&k, MoveOrder::Plain),
            plain,
            "{r}×{c} from {s:?}"
        );
    }
    let k = knight(3, 10, (0, 0), true);
    let (plain, _) = textbook(&k, false);
    assert!(plain > 0);
    assert_eq!(fast_count(&k), plain, "closed 3×10");
    assert_eq!(enumerated(&k, MoveOrder::Warnsdorff), plain, "closed 3×10");
}

#[test]
fn plain_order_finds_the_seeds_first_tour() {
    // The cut only removes dead branches, so the first tour in the lab's
    // order is the one the knight's tour lab's `tour` prints.
    for (r, c, closed) in [(5, 5, false), (5, 6, false), (6, 6, true)] {
        let k = knight(r, c, (0, 0), closed);
        let (_, first) = if closed && r * c > 30 {
            // The textbook search takes too long here; the first tour is found fast anyway.
            (0, None)
        } else {
            textbook(&k, true)
        };
        let s = TourSearch::new(k, MoveOrder::Plain, DEFAULT_BUDGET);
        let Some(t) = s.find(&Control::new()).tour else {
            panic!("no tour on {r}×{c}");
        };
        s.verify(&t).unwrap();
        if let Some(f) = first {
            assert_eq!(t, f, "{r}×{c}");
        }
    }
}

#[test]
fn six_by_six_has_9862_closed_tours() {
    // Published (e.g. OEIS A001230 for even n: 9862 on 6×6); every cycle is
    // met twice from a start, once per direction.
    let k = knight(6, 6, (0, 0), true);
    assert_eq!(fast_count(&k), 2 * 9862);
    // A cycle passes every square: another start gives the same count.
    assert_eq!(fast_count(&knight(6, 6, (2, 3), true)), 2 * 9862);
}

#[test]
fn six_by_six_open_tours_from_the_corner() {
    // 524486 directed open tours from a corner; the counter and the search agree.
    let k = knight(6, 6, (0, 0), false);
    assert_eq!(fast_count(&k), 524486);
}

/// About 4 s of CPU in release, spread over the cores.
#[test]
fn six_by_six_open_tours_from_every_square() {
    // OEIS A165134: 6637920 directed open tours on 6×6.
    let all = count_all_starts(Dims::new(6, 6, 36).unwrap(), false, &Control::new()).unwrap();
    assert_eq!(all.iter().map(|c| c.count).sum::<u64>(), 6637920);
}

#[test]
fn counts_do_not_change_when_the_board_is_turned() {
    for (r, c) in [(3, 4), (3, 7), (4, 5), (3, 8)] {
        for p in Dims::new(r, c, 64).unwrap().positions() {
            for closed in [false, true] {
                let k = Knight::new(Dims::new(r, c, 64).unwrap(), p, closed).unwrap();
                assert_eq!(
                    count_sequential(&k),
                    count_sequential(&k.transposed()),
                    "{r}×{c} from {p} closed={closed}"
                );
            }
        }
    }
}

#[test]
fn the_theorems_agree_with_exhaustive_search() {
    // Every board of at most 30 squares: the board has a tour (from some
    // square) exactly when the theorem says so, and no start a theorem rules
    // out has one.
    for r in 1..=6 {
        for c in 1..=6 {
            if r * c > 30 || (r * c > 25 && r.min(c) > 3) {
                continue;
            }
            let d = Dims::new(r, c, 64).unwrap();
            for closed in [false, true] {
                let mut any = false;
                for p in d.positions() {
                    let k = Knight::new(d, p, closed).unwrap();
                    let n = count_sequential(&k);
                    any |= n > 0;
                    if impossible(&k).is_some() {
                        assert_eq!(n, 0, "{r}×{c} from {p} closed={closed}");
                    }
                }
                let theorem = if closed {
                    has_closed_tour(r, c)
                } else {
                    has_open_tour(r, c)
                };
                assert_eq!(any, theorem, "{r}×{c} closed={closed}");
            }
        }
    }
}

#[test]
fn warnsdorff_tours_verify_on_many_boards() {
    // A long thin board from its corner.
    for (r, c) in [(5, 100), (4, 10)] {
        let k = knight(r, c, (0, 0), false);
        let s = TourSearch::new(k, MoveOrder::Warnsdorff, DEFAULT_BUDGET);
        let Some(t) = s.find(&Control::new()).tour else {
            panic!("{r}×{c}")
        };
        s.verify(&t).unwrap();
    }
    let mut boards: Vec<(usize, usize)> = (5..=12).map(|n| (n, n)).collect();
    boards.extend([
        (3, 4),
        (3, 7),
        (3, 10),
        (4, 5),
        (5, 8),
        (6, 9),
        (7, 10),
        (30, 40),
    ]);
    for (r, c) in boards {
        let d = Dims::new(r, c, MAX_CELLS).unwrap();
        let starts = [
            Pos::new(0, 0),
            Pos::new(r / 2, c / 2),
            Pos::new(r - 1, 1),
            Pos::new(1, c - 1),
        ];
        for p in starts {
            for closed in [false, true] {
                let k = Knight::new(d, p, closed).unwrap();
                let s = TourSearch::new(k, MoveOrder::Warnsdorff, DEFAULT_BUDGET);
                let found = s.find(&Control::new());
                match (found.tour, found.why) {
                    (Some(t), _) => s.verify(&t).unwrap(),
                    (None, Some(why)) => {
                        assert!(
                            !matches!(why, Impossible::Exhausted { .. }) || r * c <= 40,
                            "{r}×{c} from {p}: {why}"
                        );
                    }
                    (None, None) => {
                        // Only thin boards may defeat the search within the budget.
                        let how = found.outcome;
                        assert!(r.min(c) <= 4, "{r}×{c} from {p} closed={closed}: {how:?}")
                    }
                }
            }
        }
        // The corner always has an open tour on these boards (Conrad et al.).
        if has_open_tour(r, c) && r.min(c) >= 5 {
            let k = Knight::new(d, Pos::new(0, 0), false).unwrap();
            let found =
                TourSearch::new(k, MoveOrder::Warnsdorff, DEFAULT_BUDGET).find(&Control::new());
            assert_eq!(found.outcome, TourOutcome::Tour);
        }
    }
}

#[test]
fn known_tourless_boards_say_why() {
    let no = |r, c, s, closed| {
        let k = knight(r, c, s, closed);
        let found = TourSearch::new(k, MoveOrder::Warnsdorff, DEFAULT_BUDGET).find(&Control::new());
        match found.why {
            Some(why) => why,
            None => panic!("{r}×{c} {s:?} closed={closed}: {found:?}"),
        }
    };
    assert_eq!(no(4, 4, (0, 0), false), Impossible::Conrad);
    assert_eq!(no(4, 4, (0, 0), true), Impossible::Schwenk);
    assert_eq!(no(3, 3, (0, 0), false), Impossible::Conrad);
    assert_eq!(no(2, 9, (0, 0), false), Impossible::Conrad);
    assert_eq!(no(5, 5, (0, 0), true), Impossible::Schwenk);
    assert_eq!(no(7, 7, (0, 1), false), Impossible::Colour);
    assert_eq!(no(3, 8, (0, 0), true), Impossible::Schwenk);
    // 3×4 has open tours, but none from its centre squares: the search proves it.
    assert!(matches!(
        no(3, 4, (1, 1), false),
        Impossible::Exhausted { .. }
    ));
    // Past a tiny budget the frontier programme proves it, without a search.
    let thin = TourSearch::new(knight(3, 8, (1, 2), false), MoveOrder::Warnsdorff, 10);
    assert_eq!(thin.find(&Control::new()).why, Some(Impossible::Frontier));
    // The one-square board: the knight is already done; it cannot come back.
    let one = TourSearch::new(knight(1, 1, (0, 0), false), MoveOrder::Plain, 10);
    assert_eq!(one.find(&Control::new()).tour, Some(vec![Pos::new(0, 0)]));
    assert_eq!(no(1, 1, (0, 0), true), Impossible::Schwenk);
}

#[test]
fn the_budget_gives_an_honest_answer() {
    let k = knight(12, 12, (0, 0), false);
    let s = TourSearch::new(k, MoveOrder::Plain, 1000);
    let gave_up = s.find(&Control::new());
    assert_eq!(
        (gave_up.outcome, gave_up.nodes),
        (TourOutcome::GaveUp, 1000)
    );
    let stopped = Control::new();
    stopped.request_stop();
    let s = TourSearch::new(k, MoveOrder::Warnsdorff, u64::MAX);
    assert_eq!(s.find(&stopped).outcome, TourOutcome::Interrupted);
    let c = count_tours(&knight(7, 7, (0, 0), false), &stopped).unwrap();
    assert!(c.partial);
}

#[test]
fn the_seeds_closed_6x6_tour_verifies_and_prints_as_in_the_seed() {
    // The knight's tour lab: "Exemple de numérotation finale d'un tour fermé d'un échiquier 6x6".
    let seed = " 1| 6|15|18|35|26|\n 8|19|36|25|14|17|\n 5| 2| 7|16|27|34|\n20| 9| 4|31|24|13|\n 3|30|11|22|33|28|\n10|21|32|29|12|23|\n";
    let numbers: Vec<usize> = seed
        .split(['|', '\n'])
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.trim().parse().unwrap())
        .collect();
    let d = Dims::new(6, 6, 36).unwrap();
    let mut tour = vec![Pos::new(0, 0); 36];
    for (i, &k) in numbers.iter().enumerate() {
        tour[k - 1] = d.pos(i);
    }
    let k = Knight::new(d, tour[0], true).unwrap();
    verify_tour(&k, &tour).unwrap();
    assert_eq!(render_board(d, &tour), seed);
    // A partial walk prints blanks, as the lab's second example does.
    assert_eq!(
        render_board(
            Dims::new(2, 3, 6).unwrap(),
            &[Pos::new(1, 0), Pos::new(0, 2)]
        ),
        "  |  | 2|\n 1|  |  |\n"
    );
    // Boards over 99 squares get wider cells.
    let wide = render_board(Dims::new(10, 10, 100).unwrap(), &[Pos::new(0, 0)]);
    assert!(wide.starts_with("  1|   |"));
}

#[test]
fn verify_names_what_is_wrong() {
    let k = knight(3, 4, (0, 0), false);
    let good = textbook(&k, true).1.unwrap();
    verify_tour(&k, &good).unwrap();
    let mut bad = good.clone();
    bad.swap(3, 4);
    assert!(verify_tour(&k, &bad)
        .unwrap_err()
        .to_string()
        .contains("not a knight's move"));
    assert!(verify_tour(&k, &good[..11]).is_err());
    let closed = knight(3, 4, (0, 0), true);
    assert!(verify_tour(&closed, &good)
        .unwrap_err()
        .to_string()
        .contains("not closed"));
}

#[test]
fn squares_parse_in_both_notations() {
    let d = Dims::new(8, 8, 64).unwrap();
    assert_eq!(parse_square(d, "a1").unwrap(), Pos::new(7, 0));
    assert_eq!(parse_square(d, "h8").unwrap(), Pos::new(0, 7));
    assert_eq!(parse_square(d, "C3").unwrap(), Pos::new(5, 2));
    assert_eq!(parse_square(d, "2,3").unwrap(), Pos::new(2, 3));
    let wide = Dims::new(3, 30, 90).unwrap();
    assert_eq!(parse_square(wide, "aa1").unwrap(), Pos::new(2, 26));
    assert_eq!(file_name(26), "aa");
    for bad in ["i1", "a9", "a0", "1a", "a", "", "8,0", "-1,0", "a1b", "é1"] {
        assert!(parse_square(d, bad).is_err(), "{bad}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn every_answer_is_a_verified_tour_or_a_true_no(
        r in 1usize..=9, c in 1usize..=9, sr in 0usize..9, sc in 0usize..9, closed: bool
    ) {
        let d = Dims::new(r, c, MAX_CELLS).unwrap();
        let k = Knight::new(d, Pos::new(sr % r, sc % c), closed).unwrap();
        let s = TourSearch::new(k, MoveOrder::Warnsdorff, DEFAULT_BUDGET);
        let found = s.find(&Control::new());
        match (found.outcome, found.tour) {
            (_, Some(t)) => prop_assert!(s.verify(&t).is_ok()),
            (TourOutcome::NoTour, None) if r * c <= 20 => prop_assert_eq!(count_sequential(&k), 0),
            (TourOutcome::NoTour, None) => {}
            (other, None) => prop_assert!(r.min(c) <= 4, "{:?}", other),
        }
    }
}

#[test]
fn long_thin_boards_get_tours_from_chained_blocks() {
    // Warnsdorff's rule strands squares on these; the block chain does not.
    for (r, c, s) in [
        (3, 100, (0, 0)),
        (3, 1000, (1, 3)),
        (100, 3, (0, 0)),
        (3, 100, (1, 99)),
        (3, 17, (2, 0)),
    ] {
        let k = knight(r, c, s, false);
        let t = super::chain::thin_tour(&k, &Control::new())
            .unwrap_or_else(|| panic!("{r}×{c} from {s:?}"));
        verify_tour(&k, &t).unwrap();
        let s = TourSearch::new(k, MoveOrder::Warnsdorff, DEFAULT_BUDGET);
        assert_eq!(s.find(&Control::new()).outcome, TourOutcome::Tour);
    }
    // Four rows: the frontier programme (the chain cannot cross a block seam there).
    for (r, c, s) in [(4, 100, (0, 0)), (4, 23, (3, 22)), (4, 1000, (3, 999))] {
        let s = TourSearch::new(
            knight(r, c, s, false),
            MoveOrder::Warnsdorff,
            DEFAULT_BUDGET,
        );
        let Some(t) = s.find(&Control::new()).tour else {
            panic!("{r}×{c}")
        };
        s.verify(&t).unwrap();
    }
    // Closed tours and starts in the middle are left to the block construction.
    assert!(super::chain::thin_tour(&knight(3, 100, (0, 0), true), &Control::new()).is_none());
    assert!(super::chain::thin_tour(&knight(3, 100, (1, 50), false), &Control::new()).is_none());
    for (r, c, s, closed) in [
        (3, 100, (0, 0), true),
        (3, 100, (1, 50), false),
        (3, 99, (2, 40), false),
    ] {
        let k = knight(r, c, s, closed);
        let t = blocks::build(&k, &Control::new()).unwrap_or_else(|| panic!("{r}×{c} from {s:?}"));
        verify_tour(&k, &t).unwrap();
    }
}

#[test]
fn the_trait_counts_with_the_fast_counter_and_stops_at_a_limit() {
    let s = TourSearch::new(
        knight(5, 5, (0, 0), false),
        MoveOrder::Plain,
        DEFAULT_BUDGET,
    );
    let all = s.count(&Control::new(), None);
    assert_eq!((all.found, all.stopped), (304, None));
    assert_eq!(all.found, enumerated(s.knight(), MoveOrder::Plain));
    let some = s.count(&Control::new(), Some(10));
    assert_eq!((some.found, some.stopped), (10, Some(Stop::Limit)));
    assert_eq!(s.is_unique(&Control::new()), Some(false));
    assert!(matches!(
        s.solve(&Control::new()),
        crate::listing::Searched::Solved(_)
    ));
    let none = TourSearch::new(
        knight(4, 4, (0, 0), false),
        MoveOrder::Plain,
        DEFAULT_BUDGET,
    );
    assert_eq!(
        none.solve(&Control::new()),
        crate::listing::Searched::NoSolution
    );
    assert_eq!(none.count(&Control::new(), None).found, 0);
}

#[test]
fn the_counting_engine_decides_small_boards() {
    use super::count::backtrack::decide;
    // 4×10 from f2 has no open tour: the counter exhausts it.
    let k = knight(4, 10, (2, 5), false);
    assert_eq!(decide(&k, &Control::new(), u64::MAX).0, Some(None));
    // From the corner it finds one, which verifies.
    let k = knight(4, 10, (0, 0), false);
    let Some(Some(t)) = decide(&k, &Control::new(), u64::MAX).0 else {
        panic!("no tour from the corner")
    };
    verify_tour(&k, &t).unwrap();
    let k = knight(6, 6, (0, 0), true);
    let Some(Some(t)) = decide(&k, &Control::new(), u64::MAX).0 else {
        panic!("no closed 6×6 tour")
    };
    verify_tour(&k, &t).unwrap();
    // Too large for the counter: no answer.
    assert_eq!(
        decide(&knight(12, 12, (0, 0), false), &Control::new(), 10).0,
        None
    );
}

/// Whether a tour of `k` exists: the theorems, Schwenk's closed tours (read
/// from any square), and for boards of at most 64 squares the exhaustive
/// search; elsewhere `None` (unknown).
fn truth(k: &Knight) -> Option<bool> {
    if theorems::impossible(k).is_some() {
        return Some(false);
    }
    let d = k.dims();
    if theorems::has_closed_tour(d.rows, d.cols) {
        return Some(true);
    }
    if d.cells() <= 64 {
        return count::backtrack::decide(k, &Control::new(), u64::MAX)
            .0
            .map(|t| t.is_some());
    }
    None
}

/// Runs `find` on every board and start given; returns the failures: a
/// "no tour" where one exists, a give-up, or a tour that does not verify.
fn sweep(boards: &[(usize, usize)], starts: impl Fn(Dims) -> Vec<Pos>, budget: u64) -> Vec<String> {
    let mut bad = Vec::new();
    for &(r, c) in boards {
        let d = Dims::new(r, c, MAX_CELLS).unwrap();
        let mut cases: Vec<(Pos, bool)> = starts(d).into_iter().map(|p| (p, false)).collect();
        cases.push((Pos::new(0, 0), true));
        for (s, closed) in cases {
            let k = Knight::new(d, s, closed).unwrap();
            let found = TourSearch::new(k, MoveOrder::Warnsdorff, budget).find(&Control::new());
            let nodes = found.nodes;
            let what = match (&found.tour, &found.why, found.outcome) {
                (Some(t), _, _) => verify_tour(&k, t).err().map(|e| format!("bad tour: {e}")),
                (None, Some(why), _) => {
                    (truth(&k) == Some(true)).then(|| format!("no tour ({why}) but one exists"))
                }
                (None, None, TourOutcome::GaveUp) => Some(format!("gave up after {nodes} nodes")),
                (None, None, _) => Some("interrupted".into()),
            };
            if let Some(w) = what {
                bad.push(format!(
                    "{r}×{c} from {s}{}: {w}",
                    if closed { " closed" } else { "" }
                ));
            }
        }
    }
    bad
}

#[test]
fn every_board_up_to_6_rows_and_12_columns_from_every_square() {
    // 4 × 11 and 4 × 12 included: the frontier programme answers their
    // middle starts, and `truth` checks every "no tour" by exhaustion.
    let boards: Vec<(usize, usize)> = (1..=6)
        .flat_map(|r| (r..=12).map(move |c| (r, c)))
        .collect();
    let bad = sweep(&boards, |d| d.positions().collect(), DEFAULT_BUDGET);
    assert!(
        bad.is_empty(),
        "{} failures:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The big sweep (a few minutes in release mode):
/// `cargo test --release --lib knight::tests::big_sweep -- --ignored --nocapture`
#[test]
#[ignore]
fn big_sweep() {
    let boards: Vec<(usize, usize)> = (1..=8)
        .flat_map(|r| (r..=60).map(move |c| (r, c)))
        .collect();
    let mut bad = sweep(&boards, |d| d.positions().collect(), DEFAULT_BUDGET);
    let long: Vec<(usize, usize)> = (3..=8)
        .flat_map(|r| [61, 99, 100, 101, 250, 333, 999, 1000].map(move |c| (r, c)))
        .collect();
    let some = |d: Dims| {
        let mut v = Vec::new();
        for c in [
            0,
            1,
            2,
            3,
            7,
            d.cols / 3,
            d.cols / 2,
            d.cols / 2 + 1,
            d.cols - 1,
        ] {
            for r in 0..d.rows {
                v.push(Pos::new(r, c.min(d.cols - 1)));
            }
        }
        v
    };
    bad.extend(sweep(&long, some, 200_000));
    let squares: Vec<(usize, usize)> =
        [9, 10, 11, 12, 13, 25, 50, 99, 100, 101, 261, 500, 999, 1000]
            .iter()
            .flat_map(|&n| [(n, n), (n, n + 1), (n, n + 2)])
            .collect();
    let few = |d: Dims| {
        vec![
            Pos::new(0, 0),
            Pos::new(d.rows / 2, d.cols / 2),
            Pos::new(d.rows - 1, d.cols / 3),
            Pos::new(1, 0),
        ]
    };
    bad.extend(sweep(&squares, few, 200_000));
    for b in &bad {
        println!("{b}");
    }
    assert!(bad.is_empty(), "{} failures", bad.len());
}

#[test]
fn a_semi_magic_tour_is_found_and_checked() {
    let t = semi_magic_tour(&Control::new()).expect("a semi-magic tour");
    let k = knight(8, 8, (t[0].row, t[0].col), true);
    verify_tour(&k, &t).unwrap();
    let m = magic_sums(&t).unwrap();
    assert!(m.semi_magic, "{m:?}");
    assert!(m.rows.iter().chain(&m.cols).all(|&s| s == 260));
    // No 8×8 knight's tour is fully magic (Stertenbrink et al., 2003).
    assert!(!m.magic);
    // The sums are computed, not assumed: a plain tour is not semi-magic.
    let plain = TourSearch::new(
        knight(8, 8, (0, 0), false),
        MoveOrder::Warnsdorff,
        DEFAULT_BUDGET,
    );
    let Some(p) = plain.find(&Control::new()).tour else {
        panic!("8×8")
    };
    assert!(!magic_sums(&p).unwrap().semi_magic);
}

/// The narrow pass alone finds the middle starts of long 4-row boards.
#[test]
fn frontier_tours_from_the_middle_of_long_four_row_boards() {
    use super::find::frontier::{tour, Finding};
    for (rows, cols, s) in [
        (4, 60, Pos::new(0, 30)),
        (4, 61, Pos::new(3, 29)),
        (45, 4, Pos::new(20, 3)),
    ] {
        let d = Dims::new(rows, cols, MAX_CELLS).unwrap();
        let k = Knight::new(d, s, false).unwrap();
        match tour(&k, &Control::new()) {
            Finding::Tour(t) => assert_eq!(verify_tour(&k, &t), Ok(()), "{d} from {s}"),
            _ => panic!("{d} from {s}: no tour found"),
        }
    }
}

#[test]
fn requests_of_every_mode_round_trip_through_json() {
    use crate::knight::{CountMethod, Mode, Request, Shard, Starts};
    use crate::listing::Limit;
    let modes = [
        Mode::default(),
        Mode::Find {
            order: MoveOrder::Plain,
            budget: 10,
        },
        Mode::List {
            order: MoveOrder::Warnsdorff,
            limit: Limit::at_most(3).unwrap(),
        },
        Mode::Count {
            starts: Starts::Every,
            method: CountMethod::Backtrack,
            memory_mib: Some(100),
            shard: "2/3".parse::<Shard>().unwrap(),
            end: None,
            part: Shard::WHOLE,
            checkpoint: None,
            merge: vec![],
            disk_mib: None,
            disk_dir: None,
            halves_dir: None,
        },
        Mode::Count {
            starts: Starts::Sum,
            method: CountMethod::Pairs,
            memory_mib: None,
            shard: Shard::WHOLE,
            end: Some("c3".into()),
            part: "1/4".parse::<Shard>().unwrap(),
            checkpoint: Some("part-1.txt".into()),
            merge: vec!["a.txt".into(), "b.txt".into()],
            disk_mib: Some(20_000),
            disk_dir: Some("/var/tmp".into()),
            halves_dir: Some("/scratch/halves".into()),
        },
        Mode::Magic,
    ];
    for mode in modes {
        let mut request = Request::new(Dims { rows: 5, cols: 6 });
        request.start = "b2".into();
        request.mode = mode;
        let json = serde_json::to_string(&request).unwrap();
        let back: Request = serde_json::from_str(&json).unwrap();
        assert_eq!(back, request, "{json}");
    }
    // Left-out keys take the defaults; a bad shard or a zero limit is refused.
    let plain: Request =
        serde_json::from_str(r#"{"dims":{"rows":5,"cols":5},"mode":"find"}"#).unwrap();
    assert_eq!(plain, Request::new(Dims { rows: 5, cols: 5 }));
    for bad in [
        r#""mode":"count","shard":"4/3""#,
        r#""mode":"list","limit":0"#,
    ] {
        let text = format!(r#"{{"dims":{{"rows":5,"cols":5}},{bad}}}"#);
        assert!(serde_json::from_str::<Request>(&text).is_err(), "{text}");
    }
}

/// The position a person reaches after `path` (the squares after the start).
fn position(rows: usize, cols: usize, closed: bool, path: &[Pos]) -> crate::Result<Position> {
    let mut request = Request::new(Dims { rows, cols });
    request.closed = closed;
    request.mode = Mode::Moves {
        path: path.to_vec(),
    };
    match <Knight as crate::GridPuzzle>::answer(&request, &Control::new(), &mut crate::NoItems)? {
        Answer::Moves(p) => Ok(p),
        other => panic!("not a position: {other:?}"),
    }
}

#[test]
fn warnsdorffs_suggestion_at_each_square_of_the_animated_warnsdorff_tour_is_the_next_square() {
    use crate::listing::Limit;
    // The animation in Warnsdorff's order tours 8×8 from a corner without
    // backtracking: at every position its next square is the rule's choice.
    let mut steps = Vec::new();
    let mut request = Request::new(Dims { rows: 8, cols: 8 });
    request.mode = Mode::Steps {
        order: MoveOrder::Warnsdorff,
        skip: 0,
        limit: Limit::NONE,
    };
    let Answer::Steps(end) =
        <Knight as crate::GridPuzzle>::answer(&request, &Control::new(), &mut steps).unwrap()
    else {
        panic!()
    };
    assert_eq!((end.steps, end.result), (64, Some(TourOutcome::Tour)));
    let tour: Vec<Pos> = steps
        .iter()
        .map(|s| match s {
            Item::Step(s) => s.square,
            Item::Tour(_) => panic!("a tour among the steps"),
        })
        .collect();
    for k in 1..64 {
        let p = position(8, 8, false, &tour[1..k]).unwrap();
        assert_eq!(p.suggestion, Some(tour[k]), "after {k} squares");
        assert!(p.legal.contains(&tour[k]) && !p.tour);
    }
    let done = position(8, 8, false, &tour[1..]).unwrap();
    assert!(done.tour && done.legal.is_empty() && done.suggestion.is_none());
    assert_eq!(done.visited, 64);
}

#[test]
fn a_played_path_is_a_tour_only_when_complete_and_closed_when_asked() {
    let Answer::Find(found) = <Knight as crate::GridPuzzle>::answer(
        &{
            let mut r = Request::new(Dims { rows: 6, cols: 6 });
            r.closed = true;
            r
        },
        &Control::new(),
        &mut crate::NoItems,
    )
    .unwrap() else {
        panic!()
    };
    let tour = found.tour.unwrap();
    assert!(position(6, 6, true, &tour[1..]).unwrap().tour);
    // The same squares from the other end of an open 5×5 tour are not closed.
    let search = TourSearch::new(
        knight(5, 5, (0, 0), false),
        MoveOrder::Warnsdorff,
        DEFAULT_BUDGET,
    );
    let Some(open) = search.find(&Control::new()).tour else {
        panic!()
    };
    assert!(position(5, 5, false, &open[1..]).unwrap().tour);
    let closed = position(5, 5, true, &open[1..]).unwrap();
    assert!(!closed.tour && closed.legal.is_empty());
    let e = position(5, 5, false, &[Pos::new(2, 1), Pos::new(0, 0)]).unwrap_err();
    assert_eq!(e.to_string(), "move 2: 0,0 is already visited");
    let e = position(5, 5, false, &[Pos::new(9, 9)]).unwrap_err();
    assert_eq!(e.to_string(), "move 1: 9,9 is off the board");
}
