//! `puzzles lightsout` end to end: files, JSON keys, exit codes, bad input.

use crate::util::{json, json_status, puzzles};
use predicates::str::contains;

#[test]
fn solves_the_all_on_5x5_board_four_ways() {
    let v = json(
        &[
            "lightsout",
            "--state",
            "puzzles/lightsout/5x5-all-on.txt",
            "--json",
        ],
        0,
    );
    assert_eq!(v["rows"], 5);
    assert_eq!(v["cols"], 5);
    assert_eq!(v["solvable"], true);
    assert_eq!(v["nullity"], 2);
    assert_eq!(v["solutions"], "4");
    assert_eq!(v["state"][0], serde_json::json!([1, 1, 1, 1, 1]));
    // Replay the presses: every light must go out.
    let presses: Vec<Vec<bool>> = v["presses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().map(|c| c == 1).collect())
        .collect();
    let mut lights = [[true; 5]; 5];
    let pressed = (0..25).filter(|&i| presses[i / 5][i % 5]);
    for (r, c) in pressed.map(|i| (i / 5, i % 5)) {
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (rr, cc) = (r as i32 + dr, c as i32 + dc);
            if (0..5).contains(&rr) && (0..5).contains(&cc) {
                lights[rr as usize][cc as usize] ^= true;
            }
        }
    }
    assert!(lights.iter().flatten().all(|&on| !on));
    let count = presses.iter().flatten().filter(|&&p| p).count();
    assert_eq!(v["press_count"], count);
}

#[test]
fn the_plus_is_one_press_in_the_middle() {
    puzzles(&["lightsout", "--state", "puzzles/lightsout/3x3-plus.txt"])
        .assert()
        .success()
        .stdout(contains("press count: 1"))
        .stdout(contains(".X."));
}

#[test]
fn unsolvable_states_exit_1_with_the_parity_witness() {
    let v = json(
        &[
            "lightsout",
            "--state",
            "puzzles/lightsout/5x5-unsolvable.txt",
            "--json",
        ],
        1,
    );
    assert_eq!(v["solvable"], false);
    assert!(v["presses"].is_null());
    assert!(v["press_count"].is_null());
    assert_eq!(v["witness"].as_array().unwrap().len(), 5);
    puzzles(&[
        "lightsout",
        "--state",
        "puzzles/lightsout/5x5-unsolvable.txt",
    ])
    .assert()
    .code(1)
    .stdout(contains("no solution"))
    .stdout(contains("parity test"));
}

#[test]
fn both_methods_agree_and_seeds_repeat() {
    for n in ["7", "9", "12"] {
        let (gs, g) = json_status(&["lightsout", n, "--seed", "5", "--method", "gauss", "--json"]);
        let (cs, c) = json_status(&["lightsout", n, "--seed", "5", "--method", "chase", "--json"]);
        assert_eq!(gs, cs);
        assert_eq!(gs, if g["solvable"] == true { 0 } else { 1 });
        assert_eq!(g["state"], c["state"]);
        assert_eq!(g["nullity"], c["nullity"]);
    }
}

#[test]
fn all_lists_every_solution_and_count_prints_the_number() {
    let out = puzzles(&[
        "lightsout",
        "--state",
        "puzzles/lightsout/5x5-all-on.txt",
        "--all",
        "--json",
    ])
    .assert()
    .success()
    .get_output()
    .stdout
    .clone();
    let lines: std::collections::HashSet<_> = String::from_utf8(out)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("{\"index\""))
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 4);
    puzzles(&["lightsout", "4", "--seed", "2", "--count"])
        .assert()
        .stdout(predicates::str::is_match("^(0|16)\n$").unwrap());
    // 19×19 has nullity 16: 65,536 solutions are more than --all lists without --limit.
    let all_on_19 = format!("{}\n", "1".repeat(19)).repeat(19);
    puzzles(&["lightsout", "--state", "-", "--all"])
        .write_stdin(all_on_19.clone())
        .assert()
        .code(2)
        .stderr(contains("--limit"));
    puzzles(&[
        "lightsout",
        "--state",
        "-",
        "--all",
        "--limit",
        "3",
        "--json",
    ])
    .write_stdin(all_on_19)
    .assert()
    .success()
    .stdout(
        predicates::str::is_match("^(\\{\"index\"[^\n]*\\}\n){3}\\{\"mode\":\"list\"[^\n]*\n$")
            .unwrap(),
    );
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    let dir = std::env::temp_dir();
    let write = |name: &str, text: &str| {
        let p = dir.join(format!("puzzles-lo-{}-{name}", std::process::id()));
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().to_string()
    };
    let ragged = write("ragged", "010\n11\n");
    puzzles(&["lightsout", "--state", &ragged])
        .assert()
        .code(2)
        .stderr(contains(":2:1:"));
    let alien = write("alien", "010\n1x1\n");
    puzzles(&["lightsout", "--state", &alien])
        .assert()
        .code(2)
        .stderr(contains(":2:2:"));
    let empty = write("empty", "\n\n");
    puzzles(&["lightsout", "--state", &empty])
        .assert()
        .code(2)
        .stderr(contains("empty"));
    puzzles(&["lightsout", "--state", "no/such/file"])
        .assert()
        .code(2)
        .stderr(contains("no/such/file"));
    for size in ["0", "-3", "x", "99999999999999999999"] {
        puzzles(&["lightsout", size]).assert().code(2);
    }
    puzzles(&["lightsout", "100000", "100000"])
        .assert()
        .code(2)
        .stderr(contains("limit"));
    puzzles(&["lightsout", "70", "--method", "gauss"])
        .assert()
        .code(2)
        .stderr(contains("--method poly"));
    puzzles(&["lightsout"]).assert().code(2);
}

#[test]
fn the_nullity_table_matches_oeis_a159257() {
    let out = puzzles(&["lightsout", "--nullity", "1..20"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let got: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let a159257 = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0];
    let want: Vec<String> = a159257
        .iter()
        .enumerate()
        .map(|(i, k)| format!("{} {k}", i + 1))
        .collect();
    assert_eq!(got, want);
    puzzles(&["lightsout", "--nullity", "5..2"])
        .assert()
        .code(2);
    puzzles(&["lightsout", "--nullity", "1..200000"])
        .assert()
        .code(2)
        .stderr(contains("limit"));
}

#[test]
fn quiet_patterns_and_output_file() {
    let v = json(
        &[
            "lightsout",
            "--state",
            "puzzles/lightsout/5x5-all-on.txt",
            "--quiet-patterns",
            "--json",
        ],
        0,
    );
    assert_eq!(v["quiet_patterns"].as_array().unwrap().len(), 2);
    let path = std::env::temp_dir().join(format!("puzzles-lo-out-{}", std::process::id()));
    let p = path.to_string_lossy().to_string();
    let v = json(
        &[
            "lightsout",
            "--state",
            "puzzles/lightsout/5x5-all-on.txt",
            "--output",
            &p,
            "--json",
        ],
        0,
    );
    // The presses are in the file, not in the report (which names the file).
    assert_eq!(v["presses"], serde_json::Value::Null);
    assert_eq!(v["output"], p.as_str());
    let plain = json(
        &[
            "lightsout",
            "--state",
            "puzzles/lightsout/5x5-all-on.txt",
            "--json",
        ],
        0,
    );
    let written: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(written, digit_rows(&plain["presses"]));
}

#[test]
fn min_finds_the_fewest_presses_of_the_all_on_5x5_board() {
    // OEIS A075464(5) = 15; the default solution need not be the lightest.
    let v = json(
        &[
            "lightsout",
            "--state",
            "puzzles/lightsout/5x5-all-on.txt",
            "--min",
            "--json",
        ],
        0,
    );
    assert_eq!(v["press_count"], 15);
    assert_eq!(v["minimal"], true);
    let ones: usize = v["presses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().filter(|&c| c == 1).count())
        .sum();
    assert_eq!(ones, 15);
}

#[test]
fn the_torus_wraps_and_both_methods_agree() {
    for n in ["5", "6", "9"] {
        let (gs, g) = json_status(&[
            "lightsout",
            n,
            "--seed",
            "3",
            "--torus",
            "--method",
            "gauss",
            "--json",
        ]);
        let (ps, p) = json_status(&["lightsout", n, "--seed", "3", "--torus", "--json"]);
        assert_eq!(
            (gs, &g["nullity"], g["torus"].as_bool()),
            (ps, &p["nullity"], Some(true))
        );
    }
    // One press in the corner of a 4×5 torus lights the far edges too: it takes one press to undo.
    let out = puzzles(&["lightsout", "--state", "-", "--torus", "--min", "--json"])
        .write_stdin("11001\n10000\n00000\n10000\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["press_count"], 1);
    assert_eq!(v["presses"][0], serde_json::json!([1, 0, 0, 0, 0]));
}

/// The real binary started with its stdout piped to us.
fn spawn_piped(args: &[&str]) -> std::process::Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the binary starts")
}

#[test]
fn ctrl_c_stops_a_long_table_with_the_rows_so_far_and_status_130() {
    use std::io::{BufRead, BufReader, Read};
    let mut child = spawn_piped(&["lightsout", "--nullity", "3000..100000"]);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("3000 "));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    // Every row printed is whole and in order.
    for (i, line) in rest.lines().enumerate() {
        let n: usize = line.split(' ').next().unwrap().parse().unwrap();
        assert_eq!(n, i + 3001);
        assert_eq!(line.split(' ').count(), 2);
    }
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    use std::io::{BufRead, BufReader};
    let mut child = spawn_piped(&["lightsout", "--nullity", "3000..100000"]);
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // The reader is dropped here, like `| head -1`.
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn svg_draws_a_k_state_board_and_its_press_counts() {
    let path = crate::util::temp_path("lightsout-k.svg");
    // 5×5 with 3 states, seed 1, has no solution: the board alone.
    for (side, k, seed, boards) in [
        (6, "3", "1", 2),
        (5, "3", "1", 1),
        (6, "5", "1", 2),
        (6, "12", "3", 2),
    ] {
        let n = side.to_string();
        let args = [
            "lightsout",
            &n,
            "--states",
            k,
            "--seed",
            seed,
            "--json",
            "--svg",
            &path,
        ];
        let v = json(&args, 2 - boards as i32);
        assert_eq!(v["solvable"].as_bool(), Some(boards == 2));
        let cells = side * side * boards;
        assert_eq!(crate::util::svg_elements(&path, "rect"), cells, "{args:?}");
        assert_eq!(crate::util::svg_elements(&path, "text"), cells, "{args:?}");
    }
    puzzles(&["lightsout", "600", "--states", "3", "--svg", &path])
        .assert()
        .code(2)
        .stderr(contains("limit"));
    std::fs::remove_file(&path).ok();
}

#[test]
fn svg_draws_every_cell_and_a_dot_per_press() {
    let path = crate::util::temp_path("lightsout.svg");
    let v = json(
        &["lightsout", "7", "--seed", "2", "--json", "--svg", &path],
        0,
    );
    assert_eq!(crate::util::svg_elements(&path, "rect"), 49);
    assert_eq!(
        crate::util::svg_elements(&path, "circle"),
        v["press_count"].as_u64().unwrap() as usize
    );
    puzzles(&["lightsout", "600", "--svg", &path])
        .assert()
        .code(2)
        .stderr(contains("limit"));
}

/// A JSON board (an array of rows, each an array of integers) as rows of values.
fn cells(rows: &serde_json::Value) -> Vec<Vec<u32>> {
    rows.as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            let row = r.as_array().expect("a row of integers");
            row.iter().map(|c| c.as_u64().unwrap() as u32).collect()
        })
        .collect()
}

/// A JSON board written as a state file writes it: one digit a cell.
fn digit_rows(rows: &serde_json::Value) -> Vec<String> {
    cells(rows)
        .iter()
        .map(|r| {
            r.iter()
                .map(|&v| char::from_digit(v, 36).unwrap())
                .collect()
        })
        .collect()
}

/// `state` after pressing by `presses` with `offsets` (the pattern), mod `k`, on the plane.
fn replay(
    state: &[Vec<u32>],
    presses: &[Vec<u32>],
    offsets: &[(i64, i64)],
    k: u32,
) -> Vec<Vec<u32>> {
    let (m, n) = (state.len() as i64, state[0].len() as i64);
    let mut out = state.to_vec();
    for r in 0..m {
        for c in 0..n {
            let times = presses[r as usize][c as usize];
            for &(dr, dc) in offsets {
                let (tr, tc) = (r + dr, c + dc);
                if (0..m).contains(&tr) && (0..n).contains(&tc) {
                    let cell = &mut out[tr as usize][tc as usize];
                    *cell = (*cell + times) % k;
                }
            }
        }
    }
    out
}

const CROSS: [(i64, i64); 5] = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)];

#[test]
fn three_states_are_solved_and_the_presses_replay() {
    let report = json(
        &["lightsout", "6", "--states", "3", "--seed", "1", "--json"],
        0,
    );
    assert_eq!(report["states"], 3);
    assert_eq!(report["method"], "poly");
    let (state, presses) = (cells(&report["state"]), cells(&report["presses"]));
    let left = replay(&state, &presses, &CROSS, 3);
    assert!(left.iter().flatten().all(|&x| x == 0), "{left:?}");
    let sum: u32 = presses.iter().flatten().sum();
    assert_eq!(report["press_count"], sum);
    // The file given, and the chase and the elimination agree with the default.
    for method in ["poly", "chase", "gauss"] {
        let r = json(
            &[
                "lightsout",
                "--state",
                "puzzles/lightsout/6x6-three-states.txt",
                "--states",
                "3",
                "--method",
                method,
                "--json",
            ],
            0,
        );
        let left = replay(&cells(&r["state"]), &cells(&r["presses"]), &CROSS, 3);
        assert!(left.iter().flatten().all(|&x| x == 0), "{method}");
    }
}

#[test]
fn an_unsolvable_three_state_board_exits_1_with_a_checked_witness() {
    let (status, report) =
        json_status(&["lightsout", "5", "--states", "3", "--seed", "1", "--json"]);
    assert_eq!(status, 1);
    assert_eq!(report["solvable"], false);
    let (state, w) = (cells(&report["state"]), cells(&report["witness"]));
    // The cross is symmetric: w·M = 0 means pressing by w changes nothing.
    let zero = vec![vec![0; 5]; 5];
    assert!(replay(&zero, &w, &CROSS, 3)
        .iter()
        .flatten()
        .all(|&x| x == 0));
    let dot: u32 = state
        .iter()
        .flatten()
        .zip(w.iter().flatten())
        .map(|(a, b)| a * b)
        .sum();
    assert_ne!(dot % 3, 0);
}

#[test]
fn composite_states_count_what_the_listing_lists() {
    for k in ["4", "6", "12"] {
        let args = ["lightsout", "3", "2", "--states", k, "--seed", "7"];
        let count = puzzles(&[&args[..], &["--count"]].concat())
            .output()
            .unwrap();
        let count: u64 = String::from_utf8(count.stdout)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let listed = puzzles(&[&args[..], &["--all", "--json"]].concat())
            .output()
            .unwrap();
        let lines = String::from_utf8(listed.stdout).unwrap();
        let lines: Vec<&str> = lines
            .lines()
            .filter(|l| l.starts_with("{\"index\""))
            .collect();
        assert_eq!(lines.len() as u64, count, "K={k}");
    }
}

#[test]
fn press_patterns_and_stencils_replay() {
    let knight: Vec<(i64, i64)> = [
        (0, 0),
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ]
    .to_vec();
    for (pattern, offsets) in [
        ("knight", knight),
        (".#./#@#/.#.", CROSS.to_vec()),
        (
            "#.#/.@./#.#",
            vec![(0, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)],
        ),
    ] {
        let (status, r) = json_status(&[
            "lightsout",
            "6",
            "--pattern",
            pattern,
            "--states",
            "5",
            "--seed",
            "2",
            "--json",
        ]);
        if status == 0 {
            let left = replay(&cells(&r["state"]), &cells(&r["presses"]), &offsets, 5);
            assert!(left.iter().flatten().all(|&x| x == 0), "{pattern}");
        } else {
            assert_eq!(status, 1);
            assert!(r["witness"].is_array());
        }
    }
}

#[test]
fn the_nullity_table_over_gf3_matches_the_elimination() {
    let out = puzzles(&["lightsout", "--nullity", "1..7", "--states", "3"])
        .output()
        .unwrap();
    let table = String::from_utf8(out.stdout).unwrap();
    for line in table.lines() {
        let (n, nullity) = line.split_once(' ').unwrap();
        let (_, r) = json_status(&[
            "lightsout",
            n,
            "--states",
            "3",
            "--method",
            "gauss",
            "--seed",
            "1",
            "--json",
        ]);
        assert_eq!(r["nullity"].to_string(), nullity, "n = {n}");
    }
}

#[test]
fn graphs_name_the_vertices_to_press() {
    // Sutner: the all-on σ+ board of any graph is solvable.
    let r = json(
        &[
            "lightsout",
            "--graph",
            "puzzles/lightsout/petersen.txt",
            "--json",
        ],
        0,
    );
    assert_eq!(r["vertices"], 10);
    assert_eq!(r["edges"], 15);
    assert_eq!(r["game"], "sigma+");
    assert!(!r["presses"].as_array().unwrap().is_empty());
    let path = crate::util::temp_path("path.txt");
    std::fs::write(&path, "a b\nb c\n").unwrap();
    let r = json(&["lightsout", "--graph", &path, "--json"], 0);
    assert_eq!(r["presses"], serde_json::json!(["b"]));
    // The quiet summary leaves the press list out, keeping its count.
    let out = puzzles(&["lightsout", "--graph", &path, "--quiet"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("press count: 1") && !out.contains("press:"),
        "{out}"
    );
    let r = json(
        &[
            "lightsout",
            "--graph",
            &path,
            "--on",
            "a,c",
            "--no-self",
            "--states",
            "3",
            "--json",
        ],
        0,
    );
    assert_eq!(r["game"], "sigma");
    assert_eq!(r["presses"], serde_json::json!(["b*2"]));
    puzzles(&["lightsout", "--graph", &path, "--on", "z"])
        .assert()
        .code(2)
        .stderr(contains("'z' is not in the graph"));
    std::fs::write(&path, "a b\nb b\n").unwrap();
    puzzles(&["lightsout", "--graph", &path])
        .assert()
        .code(2)
        .stderr(contains(":2:3:"));
    std::fs::write(&path, "a b c\n").unwrap();
    puzzles(&["lightsout", "--graph", &path])
        .assert()
        .code(2)
        .stderr(contains(":1:5:"));
    std::fs::remove_file(&path).ok();
}

#[test]
fn bad_variant_input_is_one_line_and_exit_2() {
    let state = crate::util::temp_path("k3.txt");
    std::fs::write(&state, "012\n013\n").unwrap();
    for (args, says) in [
        (vec!["lightsout", "3", "--states", "1"], "from 2 to 255"),
        (vec!["lightsout", "3", "--states", "256"], "from 2 to 255"),
        (
            vec!["lightsout", "--state", &state, "--states", "3"],
            ":2:3:",
        ),
        (
            vec!["lightsout", "3", "--pattern", "##/##"],
            "no middle cell",
        ),
        (
            vec!["lightsout", "3", "--pattern", "#o#/@.."],
            "a second pressed cell",
        ),
        (
            vec!["lightsout", "3", "--pattern", "star"],
            "unknown press pattern",
        ),
        (
            vec!["lightsout", "600", "--pattern", "x", "--states", "4"],
            "cells 360000 is over the limit of 262144 for the elimination",
        ),
        (
            vec!["lightsout", "600", "--pattern", "x", "--states", "3"],
            "over the limit",
        ),
        (
            vec!["lightsout", "5", "--states", "40", "--play"],
            "at most 36 states",
        ),
    ] {
        let out = puzzles(&args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    std::fs::remove_file(&state).ok();
}

#[test]
fn the_nullity_table_honours_the_torus_and_says_so() {
    // The adversarial run's wrong answer: `--nullity 3..3 --torus` printed the plane's 0.
    for pattern in [None, Some("cross"), Some(".#./#@#/.#.")] {
        let mut args = vec!["lightsout", "--nullity", "3..5", "--torus"];
        args.extend(pattern.iter().flat_map(|p| ["--pattern", p]));
        puzzles(&args).assert().success().stdout("3 4\n4 0\n5 8\n");
    }
    let out = puzzles(&["lightsout", "--nullity", "9..9", "--torus", "--json"])
        .output()
        .unwrap();
    let first = out.stdout.split(|&b| b == b'\n').next().unwrap();
    let row: serde_json::Value = serde_json::from_slice(first).unwrap();
    assert_eq!(row["torus"], true);
    assert_eq!(row["pattern"], "cross");
    assert_eq!(row["nullity"], 4);
    // Each row is the nullity of that board solved alone.
    for n in 3..=5 {
        let (_, r) = json_status(&[
            "lightsout",
            &n.to_string(),
            "--torus",
            "--seed",
            "1",
            "--json",
        ]);
        let want = [4, 0, 8][n - 3];
        assert_eq!(r["nullity"], want, "n = {n}");
    }
}

#[test]
fn every_mode_s_json_reads_back_into_the_library_s_types() {
    let petersen = "puzzles/lightsout/petersen.txt";
    let all_on = "puzzles/lightsout/5x5-all-on.txt";
    let unsolvable = "puzzles/lightsout/5x5-unsolvable.txt";
    let runs: [&[&str]; 14] = [
        &["5", "--seed", "1"],
        &["--state", unsolvable],
        &["--state", all_on, "--min", "--quiet-patterns"],
        &["5", "--torus", "--seed", "3", "--method", "gauss"],
        &["4", "--seed", "2", "--count"],
        &["--state", all_on, "--all"],
        &["--state", unsolvable, "--all"],
        &[
            "3", "2", "--states", "6", "--seed", "7", "--all", "--limit", "5",
        ],
        &["5", "--states", "3", "--seed", "1"],
        &["4", "--states", "40", "--seed", "1", "--quiet-patterns"],
        &[
            "6",
            "--pattern",
            "#.#/.@./#.#",
            "--states",
            "5",
            "--seed",
            "2",
        ],
        &["--nullity", "2..5", "--states", "3"],
        &["--graph", petersen, "--states", "3", "--min"],
        &["--graph", petersen, "--no-self", "--count"],
    ];
    for run in runs {
        let args = [&["lightsout"][..], run, &["--json"]].concat();
        let out = puzzles(&args).output().unwrap();
        assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let (last, items) = lines.split_last().expect("an answer");
        for line in items {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let item: puzzles::lightsout::Item = serde_json::from_value(value.clone()).unwrap();
            assert_eq!(serde_json::to_value(&item).unwrap(), value, "{args:?}");
        }
        let value: serde_json::Value = serde_json::from_str(last).unwrap();
        let answer: puzzles::lightsout::Answer =
            serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert_eq!(serde_json::to_value(&answer).unwrap(), value, "{args:?}");
        let streams = run.iter().any(|a| ["--all", "--nullity"].contains(a));
        assert_eq!(
            items.is_empty(),
            !streams || value["solvable"] == false,
            "{args:?}"
        );
    }
}
