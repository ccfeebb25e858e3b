//! `puzzles revertigo` end to end: JSON keys, replays of the printed walks, `--check`, exit codes, bad input.

use crate::util::{json, json_status, puzzles};
use predicates::str::contains;

/// Replays `walk` (N/E/S/W/O) on an all-white `rows`×`cols` board from the
/// bottom-left corner, independently of the library: `None` if it leaves the
/// board, else whether every cell ends black.
fn replay(rows: usize, cols: usize, walk: &str) -> Option<bool> {
    landings(rows, cols, walk).map(|(black, _)| black)
}

/// As [`replay`], with the walk's activation map (`#` odd landings, `_` even).
fn landings(rows: usize, cols: usize, walk: &str) -> Option<(bool, Vec<String>)> {
    let mut black = vec![vec![false; cols]; rows];
    let mut odd = vec![vec![false; cols]; rows];
    let (mut r, mut c) = (rows as i64 - 1, 0i64);
    let mut land = |r: i64, c: i64| {
        odd[r as usize][c as usize] ^= true;
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (rr, cc) = (r + dr, c + dc);
            if rr >= 0 && cc >= 0 && (rr as usize) < rows && (cc as usize) < cols {
                black[rr as usize][cc as usize] ^= true;
            }
        }
    };
    land(r, c);
    for m in walk.chars() {
        match m {
            'N' => r -= 1,
            'S' => r += 1,
            'E' => c += 1,
            'W' | 'O' => c -= 1,
            _ => return None,
        }
        if r < 0 || c < 0 || r as usize >= rows || c as usize >= cols {
            return None;
        }
        land(r, c);
    }
    let map = odd
        .iter()
        .map(|row| row.iter().map(|&o| if o { '#' } else { '_' }).collect())
        .collect();
    Some((black.iter().flatten().all(|&b| b), map))
}

#[test]
fn the_printed_walk_blackens_the_board_and_the_keys_are_there() {
    for (rows, cols) in [(4, 4), (5, 5), (3, 7), (1, 9), (8, 1), (1, 1), (20, 20)] {
        let (r, c) = (rows.to_string(), cols.to_string());
        for builder in ["short", "diagonal"] {
            let v = json(&["revertigo", &r, &c, "--builder", builder, "--json"], 0);
            assert_eq!(v["rows"], rows);
            assert_eq!(v["cols"], cols);
            assert_eq!(v["builder"], builder);
            assert_eq!(v["black"], true);
            let walk = v["walk"].as_str().unwrap();
            assert_eq!(v["moves"], walk.len());
            let (black, walk_map) = landings(rows, cols, walk).unwrap();
            assert!(black, "{rows}×{cols} {builder}");
            // The map printed is the walk's own.
            assert_eq!(
                v["map"],
                serde_json::json!(walk_map),
                "{rows}×{cols} {builder}"
            );
            let map = v["map"].as_array().unwrap();
            assert_eq!(map.len(), rows);
            assert!(map.iter().all(|row| row.as_str().unwrap().len() == cols));
            let nullity = v["nullity"].as_u64().unwrap();
            assert_eq!(v["solutions"], (1u64 << nullity).to_string());
            assert!(v.get("seed").is_none());
        }
    }
}

#[test]
fn the_20x20_map_is_the_seeds() {
    let v = json(&["revertigo", "20", "20", "--method", "poly", "--json"], 0);
    let seed: Vec<&str> = include_str!("../puzzles/revertigo/20x20-map.txt")
        .lines()
        .collect();
    assert_eq!(v["map"], serde_json::json!(seed));
    assert_eq!(v["solutions"], "1");
}

#[test]
fn methods_agree_on_the_count_and_the_unique_map() {
    for (r, c) in [("4", "4"), ("5", "5"), ("9", "9"), ("6", "7"), ("3", "11")] {
        let reference = json(&["revertigo", r, c, "--json"], 0);
        for m in ["gauss", "poly", "first-row"] {
            let v = json(&["revertigo", r, c, "--method", m, "--json"], 0);
            assert_eq!(v["method"], m);
            assert_eq!(v["solutions"], reference["solutions"], "{r}×{c} {m}");
            if reference["nullity"] == 0 {
                assert_eq!(v["map"], reference["map"], "{r}×{c} {m}");
            }
        }
    }
    let v = json(&["revertigo", "4", "4", "--method", "naive", "--json"], 0);
    assert_eq!(v["solutions"], "16");
    let v = json(&["revertigo", "19", "19", "--quiet", "--json"], 0);
    assert_eq!(v["solutions"], "65536");
}

#[test]
fn random_sizes_come_from_the_seed_and_repeat() {
    let a = json(&["revertigo", "--seed", "42", "--json"], 0);
    let b = json(&["revertigo", "--seed", "42", "--json"], 0);
    assert_eq!(a, b);
    assert_eq!(a["seed"], 42);
    let rows = a["rows"].as_u64().unwrap() as usize;
    let cols = a["cols"].as_u64().unwrap() as usize;
    assert!((2..=20).contains(&rows) && (2..=20).contains(&cols));
    assert_eq!(replay(rows, cols, a["walk"].as_str().unwrap()), Some(true));
    puzzles(&["revertigo", "--seed", "42"])
        .assert()
        .success()
        .stdout(contains("seed 42"));
}

#[test]
fn text_and_quiet_output() {
    puzzles(&["revertigo", "4", "4", "--builder", "diagonal"])
        .assert()
        .success()
        .stdout(contains("____\n####\n#__#\n####\n"))
        .stdout(contains("maps: 16 (nullity 4)"))
        .stdout(contains("replayed: every cell black"));
    let out = puzzles(&["revertigo", "6", "6", "--quiet"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(!text.contains("#"));
    assert!(text.contains("lower bound: 27 moves"), "{text}");
}

#[test]
fn check_replays_a_users_walk() {
    // The seed's walks, O for west.
    for (r, c, walk) in [
        ("2", "2", "NES"),
        ("3", "3", "NNSEENSS"),
        ("4", "4", "EEENNNOOOSSEEESNSOOOEEOEE"),
        ("5", "5", "NNNESSOESNSENNESSENSNONSNNNESSOE"),
        ("4", "4", "EEENNOOOS"),
    ] {
        let v = json(&["revertigo", r, c, "--check", walk, "--json"], 0);
        assert_eq!(v["black"], true);
        assert_eq!(v["white"], serde_json::json!([]));
    }
    let v = json(
        &["revertigo", "4", "4", "--check", "EEENNOOOS", "--json"],
        0,
    );
    assert_eq!(
        v["map"],
        serde_json::json!(["____", "####", "#__#", "####"])
    );
    // A walk that falls short: exit 1, the white cells shown.
    let (status, v) = json_status(&["revertigo", "2", "2", "--check", "N", "--json"]);
    assert_eq!(status, 1);
    assert_eq!(v["black"], false);
    assert_eq!(v["white"], serde_json::json!([[0, 0], [1, 0]]));
    puzzles(&["revertigo", "2", "2", "--check", "N"])
        .assert()
        .code(1)
        .stdout(contains("white cells: 0,0 1,0"));
    // Not a move, or off the board: a verdict (exit 1) with the 1-based position.
    puzzles(&["revertigo", "3", "3", "--check", "NNX"])
        .assert()
        .code(1)
        .stdout(contains("character 3"));
    puzzles(&["revertigo", "3", "3", "--check", "NNNE"])
        .assert()
        .code(1)
        .stdout(contains("move 3"));
    puzzles(&["revertigo", "--check", "NES"]).assert().code(2);
}

#[test]
fn all_lists_every_map_and_refuses_too_many() {
    let out = puzzles(&["revertigo", "4", "4", "--all", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    // JSON Lines: one object per map, then the listing's end.
    let lines: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (end, items) = lines.split_last().unwrap();
    let maps: std::collections::HashSet<_> = items.iter().map(|i| i["map"].to_string()).collect();
    assert_eq!(maps.len(), 16);
    assert_eq!(
        (&end["mode"], &end["listed"], &end["complete"]),
        (&"list".into(), &16.into(), &true.into())
    );
    puzzles(&["revertigo", "19", "19", "--all"])
        .assert()
        .code(2)
        .stderr(contains("--limit"));
    puzzles(&["revertigo", "19", "19", "--all", "--limit", "2"])
        .assert()
        .success()
        .stdout(contains("map 2"));
}

#[test]
fn shortest_and_output_file() {
    let v = json(&["revertigo", "4", "4", "--shortest", "--json"], 0);
    assert_eq!(v["moves"], 9, "the seed's EEENNOOOS is as short as it gets");
    let (black, map) = landings(4, 4, v["walk"].as_str().unwrap()).unwrap();
    assert!(black);
    assert_eq!(v["map"], serde_json::json!(map));
    let v = json(&["revertigo", "3", "3", "--shortest", "--json"], 0);
    assert_eq!(v["builder"], "shortest");
    assert!(
        v["moves"].as_u64().unwrap() <= 8,
        "the seed's NNSEENSS has 8"
    );
    assert_eq!(replay(3, 3, v["walk"].as_str().unwrap()), Some(true));
    puzzles(&["revertigo", "5", "5", "--shortest"])
        .assert()
        .code(2)
        .stderr(contains("limit of 16"));
    let path = std::env::temp_dir().join(format!("puzzles-rv-{}-walk", std::process::id()));
    let p = path.to_string_lossy().to_string();
    let v = json(&["revertigo", "30", "40", "--output", &p, "--json"], 0);
    assert!(v["walk"].is_null());
    let walk = std::fs::read_to_string(&path).unwrap();
    assert_eq!(walk.trim().len(), v["moves"].as_u64().unwrap() as usize);
    assert_eq!(replay(30, 40, walk.trim()), Some(true));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    for args in [
        vec!["revertigo", "0", "3"],
        vec!["revertigo", "3", "0"],
        vec!["revertigo", "x"],
        vec!["revertigo", "3", "-1"],
        vec!["revertigo", "99999999999999999999"],
        vec!["revertigo", "4", "4", "--method", "magic"],
        vec!["revertigo", "6", "6", "--method", "naive"],
    ] {
        puzzles(&args).assert().code(2);
    }
    puzzles(&["revertigo", "3000", "3000"])
        .assert()
        .code(2)
        .stderr(contains("limit"));
}

#[test]
fn svg_draws_the_map_and_the_walk() {
    let path = crate::util::temp_path("revertigo.svg");
    crate::util::puzzles(&["revertigo", "5", "7", "--svg", &path])
        .assert()
        .success();
    assert_eq!(crate::util::svg_elements(&path, "rect"), 35);
    assert_eq!(crate::util::svg_elements(&path, "polyline"), 1);
}

/// Boards past the short builder's search (more than 2^16 cells, or long and
/// thin) get their one-pass walk: replayed here, within the lengths measured
/// when it was written (300×300: 1.026 moves per cell; a line: 5 moves per
/// 3 cells, what a walk going one way along it needs).
#[test]
fn large_and_thin_boards_get_walks_that_replay_within_the_measured_length() {
    for (rows, cols, per_cell) in [(300, 300, 1.05), (1, 5000, 5.0 / 3.0), (5000, 1, 5.0 / 3.0)] {
        let (r, c) = (rows.to_string(), cols.to_string());
        let v = json(&["revertigo", &r, &c, "--json"], 0);
        let walk = v["walk"].as_str().unwrap();
        assert_eq!(v["moves"], walk.len());
        assert_eq!(replay(rows, cols, walk), Some(true), "{rows}×{cols}");
        let cells = (rows * cols) as f64;
        assert!(
            walk.len() as f64 <= per_cell * cells,
            "{rows}×{cols}: {} moves",
            walk.len()
        );
    }
}
