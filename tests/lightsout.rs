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
    assert_eq!(v["state"][0], "11111");
    // Replay the presses: every light must go out.
    let presses: Vec<Vec<bool>> = v["presses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().chars().map(|c| c == '1').collect())
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
    .stdout(predicates::str::is_match("^(\\[[^\n]*\\]\n){3}$").unwrap());
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
    let written: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(serde_json::json!(written), v["presses"]);
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
        .map(|r| r.as_str().unwrap().matches('1').count())
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
    assert_eq!(v["presses"][0], "10000");
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
