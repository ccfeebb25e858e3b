//! `puzzles knight` end to end: the seed's board format, JSON keys, counts, exit codes, bad input.

use crate::util::{json, json_status, puzzles};
use predicates::str::contains;
use serde_json::Value;

/// The tour of a JSON answer as (row, col) pairs.
fn squares(tour: &Value) -> Vec<(i64, i64)> {
    tour.as_array()
        .expect("a tour is a list")
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect()
}

/// A count of tours as JSON carries it: a decimal string.
fn count(v: &Value) -> u64 {
    v.as_str()
        .expect("a count is a decimal string")
        .parse()
        .expect("a decimal count")
}

/// An independent check of a printed tour: every square once, knight moves, closed if asked.
fn check_tour(tour: &[(i64, i64)], rows: i64, cols: i64, start: (i64, i64), closed: bool) {
    assert_eq!(tour.len() as i64, rows * cols);
    assert_eq!(tour[0], start);
    let mut seen = std::collections::HashSet::new();
    for &(r, c) in tour {
        assert!((0..rows).contains(&r) && (0..cols).contains(&c));
        assert!(seen.insert((r, c)), "{r},{c} twice");
    }
    let knight = |a: (i64, i64), b: (i64, i64)| {
        let (dr, dc) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
    };
    assert!(tour.windows(2).all(|w| knight(w[0], w[1])));
    if closed {
        assert!(knight(tour[tour.len() - 1], tour[0]));
    }
}

#[test]
fn json_answers_carry_a_tour_that_replays() {
    for (args, rows, cols, start, closed) in [
        (vec!["knight", "8", "--json"], 8, 8, (0, 0), false),
        (
            vec!["knight", "6", "6", "--closed", "--json"],
            6,
            6,
            (0, 0),
            true,
        ),
        (
            vec!["knight", "5", "7", "--start", "2,4", "--json"],
            5,
            7,
            (2, 4),
            false,
        ),
        (
            vec!["knight", "8", "--start", "e4", "--closed", "--json"],
            8,
            8,
            (4, 4),
            true,
        ),
        (
            vec!["knight", "5", "--order", "plain", "--json"],
            5,
            5,
            (0, 0),
            false,
        ),
    ] {
        let v = json(&args, 0);
        assert_eq!(v["rows"], rows);
        assert_eq!(v["cols"], cols);
        assert_eq!(v["start"], serde_json::json!([start.0, start.1]));
        assert_eq!(v["closed"], closed);
        assert_eq!(v["result"], "tour");
        check_tour(&squares(&v["tour"]), rows, cols, start, closed);
    }
}

#[test]
fn the_board_prints_as_the_knights_tour_lab_shows_it() {
    let out = puzzles(&["knight", "5"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let board: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(board.len(), 5);
    let mut numbers = Vec::new();
    for line in &board {
        // Five cells, each a number right-aligned in two columns, then '|'.
        assert_eq!(line.len(), 15, "{line}");
        for cell in line.as_bytes().chunks(3) {
            assert_eq!(cell[2], b'|');
            numbers.push(
                std::str::from_utf8(&cell[..2])
                    .unwrap()
                    .trim()
                    .parse::<usize>()
                    .unwrap(),
            );
        }
    }
    numbers.sort();
    assert_eq!(numbers, (1..=25).collect::<Vec<_>>());
    assert!(board[0].starts_with(" 1|"));
    // 10×10 has 100 squares: three columns per number.
    puzzles(&["knight", "10"])
        .assert()
        .success()
        .stdout(contains("  1|"));
}

#[test]
fn counts_match_the_published_ones() {
    let v = json(&["knight", "5", "--count", "--json"], 0);
    assert_eq!(v["count"], "304");
    assert_eq!(v["partial"], false);
    assert_eq!(v["start"], serde_json::json!([0, 0]));
    assert!(v.get("cycles").is_none());
    assert_eq!(
        json(&["knight", "5", "--start", "c3", "--count", "--json"], 0)["count"],
        "64"
    );
    let none = json(&["knight", "5", "--start", "0,1", "--count", "--json"], 1);
    assert_eq!(none["count"], "0");
    let closed = json(&["knight", "6", "--closed", "--count", "--json"], 0);
    assert_eq!(closed["count"], "19724");
    assert_eq!(closed["cycles"], "9862");
    puzzles(&["knight", "6", "--closed", "--count"])
        .assert()
        .success()
        .stdout(contains("19724 directed = 9862 cycles"));
    let all = json(&["knight", "5", "--count", "--all-starts", "--json"], 0);
    assert_eq!(all["total"], "1728");
    assert_eq!(all["counts"][2][2], "64");
    assert_eq!(all["counts"][4][4], "304");
}

#[test]
fn all_lists_tours_that_replay_and_agree_with_count() {
    let out = puzzles(&["knight", "5", "--all", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // One object a tour, then the listing's answer.
    assert_eq!(lines.len(), 305);
    let end = &lines[304];
    assert_eq!(end["mode"], "list");
    assert_eq!(
        (end["listed"].as_u64(), end["complete"].as_bool()),
        (Some(304), Some(true))
    );
    let mut distinct = std::collections::HashSet::new();
    for (i, item) in lines[..304].iter().enumerate() {
        assert_eq!(item["index"], i as u64 + 1);
        let t = squares(&item["tour"]);
        check_tour(&t, 5, 5, (0, 0), false);
        distinct.insert(t);
    }
    assert_eq!(distinct.len(), 304);
    puzzles(&["knight", "5", "--all", "--limit", "2"])
        .assert()
        .success()
        .stdout(contains("tour 2:"))
        .stdout(contains("2 tours listed (stopped at --limit)"));
}

#[test]
fn boards_without_tours_exit_1_and_say_why() {
    for args in [
        vec!["knight", "4"],
        vec!["knight", "4", "--closed"],
        vec!["knight", "3"],
        vec!["knight", "2", "7"],
        vec!["knight", "5", "--closed"],
        vec!["knight", "7", "--start", "0,1"],
        vec!["knight", "3", "4", "--start", "1,1"],
    ] {
        let (status, v) = json_status(&[args.as_slice(), &["--json"]].concat());
        assert_eq!(status, 1, "{args:?}");
        assert_eq!(v["result"], "no tour");
        assert!(v["tour"].is_null());
        assert!(!v["reason"].as_str().unwrap().is_empty());
        puzzles(&args)
            .assert()
            .code(1)
            .stdout(contains("no tour: "));
    }
}

#[test]
fn an_exhausted_budget_is_an_honest_gave_up() {
    let v = json(
        &[
            "knight", "12", "--order", "plain", "--budget", "1000", "--json",
        ],
        1,
    );
    assert_eq!(v["result"], "gave up");
    assert_eq!(v["nodes"], 1000);
    assert!(v["tour"].is_null());
    puzzles(&["knight", "12", "--order", "plain", "--budget", "1000"])
        .assert()
        .code(1)
        .stdout(contains("search gave up after 1000 nodes"));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["knight", "5", "--start", "5,0"],
        vec!["knight", "5", "--start", "f1"],
        vec!["knight", "5", "--start", "zz"],
        vec!["knight", "0"],
        vec!["knight", "5", "0"],
        vec!["knight", "x"],
        vec!["knight", "-3"],
        vec!["knight", "3000", "3001"],
        vec!["knight", "12", "--count"],
        vec!["knight", "5", "--count", "--all"],
    ] {
        let out = puzzles(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn svg_draws_the_tour_with_numbers() {
    let path = crate::util::temp_path("knight.svg");
    crate::util::puzzles(&["knight", "6", "6", "--closed", "--svg", &path])
        .assert()
        .success();
    assert_eq!(crate::util::svg_elements(&path, "rect"), 36);
    assert_eq!(crate::util::svg_elements(&path, "polyline"), 1);
    assert_eq!(crate::util::svg_elements(&path, "text"), 36);
    assert_eq!(crate::util::svg_elements(&path, "circle"), 36);
}

/// The relative luminance of an sRGB colour `#rrggbb` (WCAG 2.x).
fn luminance(colour: &str) -> f64 {
    let channel = |i: usize| {
        let c = u8::from_str_radix(&colour[1 + 2 * i..3 + 2 * i], 16).unwrap() as f64 / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
}

/// The contrast ratio of two colours (WCAG 2.x): 1 to 21, 4.5 the least for small text.
fn contrast(a: &str, b: &str) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[test]
fn svg_numbers_each_square_on_a_contrasting_disc_over_the_path() {
    let path = crate::util::temp_path("knight-discs.svg");
    let answer = json(
        &["knight", "6", "6", "--closed", "--json", "--svg", &path],
        0,
    );
    let tour = answer["tour"].as_array().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let drawn: Vec<roxmltree::Node> = doc
        .root_element()
        .children()
        .filter(|n| n.is_element())
        .collect();
    let line = drawn
        .iter()
        .position(|n| n.has_tag_name("polyline"))
        .unwrap();
    let attr = |n: &roxmltree::Node, a: &str| n.attribute(a).unwrap().to_string();
    let mut numbers = 0;
    for (i, number) in drawn
        .iter()
        .enumerate()
        .filter(|(_, n)| n.has_tag_name("text"))
    {
        // Drawn after the path, on a disc of its own at its square's centre.
        assert!(i > line + 1, "number {i} under the path");
        let disc = &drawn[i - 1];
        assert!(disc.has_tag_name("circle"));
        assert_eq!(
            (attr(disc, "cx"), attr(disc, "cy")),
            (attr(number, "x"), attr(number, "y"))
        );
        let k: usize = number.text().unwrap().parse().unwrap();
        let square = &tour[k - 1];
        let centre = |v: &serde_json::Value| (v.as_u64().unwrap() as f64 + 0.5) * 40.0;
        let x: f64 = attr(number, "x").parse().unwrap();
        let y: f64 = attr(number, "y").parse().unwrap();
        assert_eq!(
            (y, x),
            (centre(&square[0]), centre(&square[1])),
            "number {k}"
        );
        // Readable: the ink against its disc at least 4.5:1, as small text asks.
        let ratio = contrast(&attr(disc, "fill"), &attr(number, "fill"));
        assert!(ratio >= 4.5, "number {k}: contrast {ratio:.1}");
        numbers += 1;
    }
    assert_eq!(numbers, 36);
}

#[test]
fn shards_of_a_count_add_up_to_the_count() {
    let whole = count(&json(&["knight", "5", "6", "--count", "--json"], 0)["count"]);
    assert!(whole > 0);
    let mut sum = 0;
    for i in 1..=3 {
        let part = format!("{i}/3");
        let (_, v) = json_status(&["knight", "5", "6", "--count", "--shard", &part, "--json"]);
        assert_eq!(v["shard"], part.as_str());
        assert_eq!(v["partial"], false);
        sum += count(&v["count"]);
    }
    assert_eq!(sum, whole);
    // All starts: square by square, the parts add up to the whole table.
    let all = json(&["knight", "5", "--count", "--all-starts", "--json"], 0);
    let mut table = vec![vec![0u64; 5]; 5];
    for i in 1..=4 {
        let part = format!("{i}/4");
        let (_, v) = json_status(&[
            "knight",
            "5",
            "--count",
            "--all-starts",
            "--shard",
            &part,
            "--json",
        ]);
        for (r, row) in table.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                *cell += count(&v["counts"][r][c]);
            }
        }
    }
    let strings: Vec<Vec<String>> = table
        .iter()
        .map(|row| row.iter().map(u64::to_string).collect())
        .collect();
    assert_eq!(serde_json::json!(strings), all["counts"]);
}

#[test]
fn bad_shards_exit_2() {
    for spec in ["0/3", "4/3", "1/0", "x", "1/", "/3", "2/3/4", "-1/3"] {
        let out = puzzles(&["knight", "5", "--count", "--shard", spec])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{spec}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn long_thin_and_large_boards_get_tours_from_any_square() {
    for (r, c, s, closed) in [
        (3, 100, (1, 50), false),
        (3, 101, (0, 50), false),
        (100, 3, (50, 1), false),
        (3, 100, (0, 0), true),
        (5, 200, (2, 100), false),
        (201, 7, (100, 4), false),
        (8, 300, (0, 0), true),
        (61, 61, (30, 30), false),
    ] {
        let (rs, cs, st) = (r.to_string(), c.to_string(), format!("{},{}", s.0, s.1));
        let mut args = vec!["knight", &rs, &cs, "--start", &st, "--json"];
        if closed {
            args.push("--closed");
        }
        let v = json(&args, 0);
        check_tour(&squares(&v["tour"]), r, c, s, closed);
    }
}

/// Four rows: tours start on an outer row, also far from both ends (the
/// frontier programme), and the inner rows are refused by the theorem.
#[test]
fn four_row_boards_get_tours_from_outer_squares_far_from_the_ends() {
    for (r, c, s) in [
        (4, 100, (0, 50)),
        (4, 1000, (3, 500)),
        (1000, 4, (500, 0)),
        (4, 12, (3, 3)),
        (4, 14, (3, 13)),
    ] {
        let (rs, cs, st) = (r.to_string(), c.to_string(), format!("{},{}", s.0, s.1));
        let v = json(&["knight", &rs, &cs, "--start", &st, "--json"], 0);
        check_tour(&squares(&v["tour"]), r, c, s, false);
    }
    let out = puzzles(&["knight", "4", "100", "--start", "1,50"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn thin_board_counts_match_oeis() {
    // Undirected open tours (half the directed total over all starts):
    // OEIS A118067 for 3×n and A079137 for 4×n.
    for (r, c, undirected) in [
        (3, 4, 8),
        (3, 7, 52),
        (3, 8, 396),
        (3, 9, 560),
        (3, 10, 3048),
        (4, 5, 82),
        (4, 6, 744),
        (4, 7, 6378),
        (4, 8, 31088),
    ] {
        let (rs, cs) = (r.to_string(), c.to_string());
        let v = json(
            &["knight", &rs, &cs, "--count", "--all-starts", "--json"],
            0,
        );
        assert_eq!(count(&v["total"]), 2 * undirected, "{r}×{c}");
        // Turning the board over its diagonal changes nothing.
        let t = json(
            &["knight", &cs, &rs, "--count", "--all-starts", "--json"],
            0,
        );
        assert_eq!(t["total"], v["total"], "{c}×{r}");
    }
}

#[test]
fn all_without_limit_is_refused_on_boards_with_millions_of_tours() {
    let out = puzzles(&["knight", "8", "--all"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("--limit"));
    puzzles(&["knight", "8", "--all", "--limit", "1", "--quiet"])
        .assert()
        .success()
        .stdout(contains("1 tours listed (stopped at --limit)"));
}

#[test]
fn both_counting_methods_give_the_published_closed_count_and_shards_stay_with_backtracking() {
    for method in ["frontier", "backtrack", "auto"] {
        let v = json(
            &[
                "knight", "5", "8", "--closed", "--count", "--method", method, "--json",
            ],
            0,
        );
        assert_eq!(v["cycles"], "44202", "{method}: McKay's 5×8 count");
        assert_eq!(v["count"], "88404", "{method}");
    }
    let v = json(
        &[
            "knight", "5", "8", "--closed", "--count", "--method", "frontier", "--json",
        ],
        0,
    );
    assert_eq!(v["method"], "frontier");
    assert!(v["peak_states"].as_u64().unwrap() > 0);
    let out = puzzles(&[
        "knight", "5", "8", "--count", "--method", "frontier", "--shard", "1/2",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("shards split backtracking only"));
}

#[test]
fn the_sum_over_every_start_and_the_memory_limit() {
    // 5 × 6 open: the sum alone (one frontier run) is the grid's total.
    let grid = json(
        &["knight", "5", "6", "--count", "--all-starts", "--json"],
        0,
    );
    for method in ["frontier", "backtrack"] {
        let v = json(
            &[
                "knight", "5", "6", "--count", "--sum", "--method", method, "--json",
            ],
            0,
        );
        assert_eq!(v["total"], grid["total"], "{method}");
        assert!(v.get("counts").is_none(), "{method}: no grid");
    }
    // 8 × 8 closed does not fit in 100 MiB: refused up front, one line, exit 2.
    let out = puzzles(&[
        "knight", "8", "8", "--closed", "--count", "--method", "frontier", "--memory", "100",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("estimated frontier states") && err.contains("100 MiB"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // Past 7 × 7 the automatic choice does not fall back to a backtracking count
    // that could not end: 8 × 11 closed (whose halves would not fit either) is
    // refused with the default limit named, and 8 × 8 open, from a start and
    // summed (by classes of ends, whose halves, kept on disk, are made one at
    // a time within 3,300 MB or so), under 3000 MiB.
    for (board, limit) in [
        (&["8", "11", "--closed"][..], "12288 MiB"),
        (
            &["8", "8", "--start", "a1", "--memory", "3000"][..],
            "3000 MiB",
        ),
        (&["8", "8", "--sum", "--memory", "3000"][..], "3000 MiB"),
        (
            &["8", "8", "--sum", "--method", "pairs", "--memory", "3000"][..],
            "3000 MiB",
        ),
    ] {
        let args = [&["knight"][..], board, &["--count"][..]].concat();
        let out = puzzles(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{board:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("estimated frontier states") && err.contains(limit),
            "{err}"
        );
    }
}

#[test]
fn a_memory_limit_the_machine_cannot_give_is_refused_in_one_line() {
    // Under a 4 GiB address space, as the adversarial run found it: the limit
    // asked for is refused up front instead of ending in an allocator failure.
    let args = ["knight", "8", "--count", "--closed", "--memory", "99999999"];
    let out = crate::util::puzzles_within(4096, &args).output().unwrap();
    crate::util::assert_one_line_refusal(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("available"));
}

#[test]
fn every_mode_round_trips_through_the_library_types() {
    use puzzles::knight::{Answer, Item};
    for args in [
        &["knight", "6", "--closed"][..],
        &["knight", "4"][..],
        &["knight", "12", "--order", "plain", "--budget", "1000"][..],
        &["knight", "5", "--all", "--limit", "3"][..],
        &["knight", "5", "--count"][..],
        &["knight", "5", "--count", "--all-starts"][..],
        &["knight", "6", "--closed", "--count", "--sum"][..],
        &["knight", "8", "--magic"][..],
    ] {
        let out = puzzles(&[args, &["--json"]].concat()).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        // JSON Lines: the items of a listing, then the answer.
        let lines: Vec<&str> = text.lines().collect();
        let (end, items) = lines.split_last().expect("an answer");
        for &line in items {
            let item: Item = serde_json::from_str(line).unwrap();
            assert_eq!(serde_json::to_string(&item).unwrap(), line, "{args:?}");
        }
        let answer: Answer = serde_json::from_str(end).unwrap();
        assert_eq!(serde_json::to_string(&answer).unwrap(), *end, "{args:?}");
    }
}

#[test]
fn svg_draws_in_every_mode_with_a_board() {
    // A count draws its board and first square; a listing its first tour;
    // the sheet the board alone.
    for (args, lines, texts) in [
        (&["knight", "5", "--count"][..], 0, 0),
        (&["knight", "5", "--count", "--sum"][..], 0, 0),
        (&["knight", "5", "--all", "--limit", "2"][..], 1, 25),
        (&["knight", "8", "--magic"][..], 1, 64),
    ] {
        let (svg, sheet) = (
            crate::util::temp_path("knight-mode.svg"),
            crate::util::temp_path("knight-mode-sheet.svg"),
        );
        let drawn = [args, &["--quiet", "--svg", &svg, "--sheet", &sheet]].concat();
        puzzles(&drawn).assert().success();
        let cells = if args[1] == "8" { 64 } else { 25 };
        assert_eq!(crate::util::svg_elements(&svg, "rect"), cells, "{args:?}");
        assert_eq!(
            crate::util::svg_elements(&svg, "polyline"),
            lines,
            "{args:?}"
        );
        assert_eq!(crate::util::svg_elements(&svg, "text"), texts, "{args:?}");
        assert_eq!(crate::util::svg_elements(&sheet, "polyline"), 0, "{args:?}");
        assert_eq!(crate::util::svg_elements(&sheet, "rect"), cells, "{args:?}");
    }
}

/// The knight's search step by step from the command line: every step
/// replays (a placed square is a knight's move from the last, a cleared one
/// is the last), Warnsdorff's scores are the free squares a move away sorted
/// by their onward moves, and the next square placed is the first of them.
#[test]
fn the_steps_replay_with_warnsdorffs_scores() {
    for (args, warnsdorff) in [
        (&["5", "--steps"][..], true),
        (
            &["5", "--steps", "--order", "plain", "--max-steps", "3000"][..],
            false,
        ),
    ] {
        let out = crate::util::stdout(&[&["knight"], args, &["--json"]].concat(), 0);
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let (steps, end) = lines.split_at(lines.len() - 1);
        let mut path: Vec<(i64, i64)> = Vec::new();
        for (i, step) in steps.iter().enumerate() {
            let square = (
                step["square"][0].as_i64().unwrap(),
                step["square"][1].as_i64().unwrap(),
            );
            if step["action"] == "place" {
                if let Some(&(r, c)) = path.last() {
                    let (dr, dc) = ((square.0 - r).abs(), (square.1 - c).abs());
                    assert!(
                        (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
                        "step {i}: a knight's move"
                    );
                }
                assert!(!path.contains(&square), "step {i}: a free square");
                path.push(square);
                let scores: Vec<(i64, i64, i64)> =
                    step["scores"].as_array().map_or(Vec::new(), |a| {
                        a.iter()
                            .map(|s| {
                                (
                                    s[0].as_i64().unwrap(),
                                    s[1].as_i64().unwrap(),
                                    s[2].as_i64().unwrap(),
                                )
                            })
                            .collect()
                    });
                if !warnsdorff {
                    assert!(scores.is_empty(), "scores only in Warnsdorff's order");
                }
                assert!(
                    scores.windows(2).all(|w| w[0].2 <= w[1].2),
                    "fewest onward moves first"
                );
                if let (Some(first), Some(next)) = (scores.first(), steps.get(i + 1)) {
                    if next["action"] == "place" {
                        assert_eq!(next["square"], serde_json::json!([first.0, first.1]));
                    }
                }
            } else {
                assert_eq!(
                    path.pop(),
                    Some(square),
                    "step {i}: the last square cleared"
                );
            }
        }
        if warnsdorff {
            assert_eq!(end[0]["result"], "tour");
            assert_eq!(path.len(), 25);
        } else {
            assert_eq!(end[0]["steps"], 3000);
        }
    }
}

/// A fresh empty folder for a count to spill to.
fn spill_folder(name: &str) -> String {
    let dir = crate::util::temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether the folder a count spilled to holds nothing.
fn left_empty(dir: &str) -> bool {
    std::fs::read_dir(dir).unwrap().next().is_none()
}

#[test]
fn a_count_spilled_to_disk_gives_the_same_count_and_removes_its_files() {
    let dir = spill_folder("spill");
    // 6 × 8 closed (McKay 1997: 55,488,142 cycles) and 6 × 6 open summed
    // (OEIS A165134: 6,637,920), their states across the middle over
    // the memory given: spilled to disk.
    for (board, key, want) in [
        (
            &["6", "8", "--closed", "--memory", "10"][..],
            "cycles",
            "55488142",
        ),
        (
            &["6", "6", "--sum", "--memory", "20"][..],
            "total",
            "6637920",
        ),
    ] {
        let args = [
            &["knight"][..],
            board,
            &["--count", "--disk", "100", "--disk-dir", &dir, "--json"],
        ]
        .concat();
        let v = json(&args, 0);
        assert_eq!(v[key], want, "{board:?}");
        assert!(left_empty(&dir), "{board:?}: files left in {dir}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_disks_are_refused_before_any_work() {
    let dir = spill_folder("bad-disk");
    let file = format!("{dir}/a-file");
    std::fs::write(&file, "").unwrap();
    let missing = format!("{dir}/missing");
    let closed = ["knight", "6", "8", "--closed", "--count"];
    for (extra, says) in [
        (&["--disk", "0"][..], "at least 1 MiB"),
        (&["--disk", "abc"], "not a whole number"),
        (&["--disk", "-5"], "-5"),
        (&["--disk", "10", "--disk-dir", &missing], "takes no files"),
        (&["--disk", "10", "--disk-dir", &file], "takes no files"),
        (&["--disk-dir", &dir], "--disk"),
    ] {
        let args = [&closed[..], extra].concat();
        let out = puzzles(&args).output().unwrap();
        crate::util::assert_one_line_refusal(&out, 2);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // The estimates, refused up front with the limit named: 8 × 8 closed
    // spilled needs about 1.4 GiB of disk and 1.1 GiB of memory.
    for (limits, says) in [
        (["1500", "100"], "limit of 100 (the disk limit"),
        (["1000", "100000"], "limit of 1000 (the memory limit"),
    ] {
        let args = [
            "knight", "8", "8", "--closed", "--count", "--memory", limits[0], "--disk", limits[1],
        ];
        let out = puzzles(&args).output().unwrap();
        crate::util::assert_one_line_refusal(&out, 2);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // Where nothing would spill: backtracking, open tours from a start,
    // boards the halves do not take, counts by classes of ends.
    for args in [
        &[
            "knight",
            "6",
            "8",
            "--closed",
            "--count",
            "--method",
            "backtrack",
            "--disk",
            "10",
        ][..],
        &["knight", "6", "8", "--count", "--disk", "10"],
        &["knight", "5", "--count", "--sum", "--disk", "10"],
        &["knight", "4", "8", "--closed", "--count", "--disk", "10"],
        &[
            "knight", "6", "6", "--count", "--sum", "--method", "pairs", "--disk", "10",
        ],
        &[
            "knight", "6", "8", "--closed", "--count", "--shard", "1/2", "--disk", "10",
        ],
    ] {
        let out = puzzles(args).output().unwrap();
        crate::util::assert_one_line_refusal(&out, 2);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--disk spills"), "{args:?}: {err}");
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "the file alone"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_spilled_count_removes_its_files() {
    let dir = spill_folder("spill-interrupted");
    // 7 × 8 closed under 100 MiB: its states across the middle spill.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .args([
            "knight",
            "7",
            "8",
            "--closed",
            "--count",
            "--memory",
            "100",
            "--disk",
            "1000",
            "--disk-dir",
            &dir,
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    // Once its spill's folder is made, it is sent Ctrl-C.
    while left_empty(&dir) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the count ended before it spilled"
        );
        assert!(started.elapsed().as_secs() < 120, "no spill in two minutes");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(left_empty(&dir), "files left in {dir}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A count by classes that fails keeps the halves beside its checkpoint
/// for the count resumed from it (hours of work on 8 × 8), as one stopped
/// does: here every half with one end, and the one with none, is found
/// damaged (its record of the states written is empty).
#[test]
fn a_failed_count_by_classes_keeps_its_halves_for_the_count_resumed() {
    let dir = spill_folder("halves-failed");
    let checkpoint = format!("{dir}/counted.txt");
    let halves = std::path::PathBuf::from(format!("{checkpoint}.halves"));
    let names = (0..4)
        .flat_map(|r| (0..4).map(move |c| format!("half-8x8-{r}-{c}")))
        .chain(["half-8x8-".to_string()]);
    for name in names {
        std::fs::create_dir_all(halves.join(&name)).unwrap();
        std::fs::write(halves.join(&name).join("done"), b"").unwrap();
    }
    // Class 2 of 136, a8–f8: an end in each half.
    let args = ["knight", "8", "8", "--count", "--sum", "--method", "pairs"];
    let out = puzzles(&[&args[..], &["--part", "3/136", "--checkpoint", &checkpoint]].concat())
        .output()
        .unwrap();
    crate::util::assert_one_line_refusal(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("damaged"));
    assert!(halves.join("half-8x8-0-0").join("done").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_of_halves_is_refused_where_no_halves_are_kept() {
    let dir = spill_folder("halves-dir");
    let keeps = "--halves-dir keeps the halves of a count by pairs of ends";
    for (args, says) in [
        (
            &["knight", "7", "7", "--count", "--sum", "--method", "pairs"][..],
            keeps,
        ),
        (
            &["knight", "8", "8", "--count", "--sum", "--method", "starts"],
            keeps,
        ),
        (
            &["knight", "6", "8", "--count", "--sum", "--method", "pairs"],
            keeps,
        ),
        (&["knight", "6", "6", "--closed", "--count"], "classes"),
        (
            &["knight", "6", "6", "--count", "--method", "backtrack"],
            "classes of ends",
        ),
    ] {
        let args = [args, &["--halves-dir", &dir][..]].concat();
        let out = puzzles(&args).output().unwrap();
        crate::util::assert_one_line_refusal(&out, 2);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let merged = ["knight", "8", "8", "--count", "--sum", "--merge", "a.txt"];
    let out = puzzles(&[&merged[..], &["--halves-dir", &dir]].concat())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
