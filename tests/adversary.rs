//! The cases of an adversarial run, held: no abort on large grids, bounded or
//! visible work, no option silently dropped, one reading of every text input.

use crate::util::{puzzles, stdout, temp_path};
use predicates::str::contains;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Asserts that `puzzles args` is refused with exit 2 and one line on stderr holding `says`.
fn refused(args: &[&str], says: &str) {
    let out = puzzles(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(says), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} printed an answer");
}

/// A file in the temporary folder holding `text`; its path.
fn file(name: &str, text: &[u8]) -> String {
    let path = temp_path(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A solved grid of side n² (boxes n×n): row r, column c holds
/// (n·(r mod n) + r div n + c) mod n² + 1, the classic shifted-rows filling.
fn solved(n: usize) -> Vec<usize> {
    let side = n * n;
    (0..side * side)
        .map(|i| {
            let (r, c) = (i / side, i % side);
            (n * (r % n) + r / n + c) % side + 1
        })
        .collect()
}

/// `grid` with all but `clues` cells blanked at places drawn by a fixed seed, as numbers and dots.
fn blanked(grid: &[usize], clues: usize, seed: u64) -> String {
    let mut order: Vec<usize> = (0..grid.len()).collect();
    order.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    let mut cells = vec![".".to_string(); grid.len()];
    for &i in &order[..clues] {
        cells[i] = grid[i].to_string();
    }
    cells.join(" ")
}

#[test]
fn the_rating_of_an_empty_36x36_under_a_memory_limit_is_refused_in_one_line() {
    let path = file("empty36.txt", ".".repeat(1296).as_bytes());
    let exe = assert_cmd::cargo::cargo_bin("puzzles");
    // 4 GB of address space, as `prlimit --as` or `ulimit -v` gives.
    let out = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 4000000 && exec \"$0\" sudoku \"$1\" --rate",
        ])
        .args([exe.to_str().unwrap(), path.as_str()])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("memory (MiB) the forcing chains would hold"),
        "{stderr}"
    );
    assert!(stderr.contains("over the limit of"), "{stderr}");
}

#[test]
fn a_hint_on_a_36x36_with_680_clues_answers_or_gives_up_within_10_seconds() {
    let path = file("clues680.txt", blanked(&solved(6), 680, 29).as_bytes());
    let start = Instant::now();
    let out = puzzles(&["sudoku", &path, "--hint"]).output().unwrap();
    let took = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => assert!(!out.stdout.is_empty()),
        Some(2) => {
            assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
            assert!(stderr.contains("gave up after 8 s"), "{stderr}");
        }
        other => panic!("exit {other:?}: {stderr}"),
    }
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn a_time_limit_gives_up_in_one_line_and_ctrl_c_ends_an_explanation_with_130() {
    // An empty 36×36: the empty 25×25 is now found to have several
    // solutions within a second, before any limit is reached.
    let path = file("empty36x.txt", ".".repeat(1296).as_bytes());
    refused(
        &["sudoku", &path, "--explain", "--time-limit", "1"],
        "gave up after 1 s: the explanation of this 36×36 grid takes longer",
    );
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .args(["sudoku", &path, "--explain"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let start = Instant::now();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    // The techniques poll between steps; a step left running is cut after a moment.
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_rating_past_16x16_shows_a_spinner_on_a_terminal() {
    // `script` gives the program a terminal; stdout goes to /dev/null, so what
    // comes back is what was drawn on stderr.
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` command to provide a terminal");
        return;
    }
    let path = file("spun36.txt", ".".repeat(1296).as_bytes());
    let bin = assert_cmd::cargo::cargo_bin("puzzles");
    let out = Command::new("script")
        .arg("-qec")
        .arg(format!(
            "{} sudoku {path} --rate --time-limit 2 > /dev/null",
            bin.display()
        ))
        .arg("/dev/null")
        .output()
        .unwrap();
    let drawn = String::from_utf8_lossy(&out.stdout);
    assert!(
        drawn.contains("steps") && drawn.contains("Ctrl-C stops"),
        "{drawn}"
    );
    assert!(drawn.contains("gave up after 2 s"), "{drawn}");
}

#[test]
fn options_the_mode_would_drop_are_refused_or_honoured() {
    let graph = "puzzles/lightsout/petersen.txt";
    let svg = temp_path("dropped.svg");
    // Each refusal names the options given, and only those.
    refused(
        &["lightsout", "5", "--on", "o0"],
        "puzzles: --on goes with --graph",
    );
    refused(
        &["lightsout", "5", "--no-self"],
        "puzzles: --no-self goes with --graph",
    );
    refused(
        &["lightsout", "--graph", graph, "--svg", &svg],
        "puzzles: --svg is for boards; a graph has none",
    );
    refused(
        &[
            "lightsout",
            "--graph",
            graph,
            "--seed",
            "1",
            "--sheet",
            &svg,
        ],
        "puzzles: --sheet and --seed are for boards; a graph has none",
    );
    refused(
        &["sudoku", "puzzles/sudoku/4x4.txt", "--size", "9"],
        "puzzles: --size goes with --generate",
    );
    refused(
        &[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--play",
            "--seed",
            "3",
            "--symmetry",
            "mirror",
        ],
        "puzzles: --seed and --symmetry go with --generate 1 --play",
    );
    // The listing limit in plain words: what it is, what this board has, the way around.
    refused(
        &["knight", "6", "--all"],
        "puzzles: --all without --limit lists boards of up to 30 squares, and this one has 36: \
         its tours run to millions (6×6 alone has 6,637,920); give --limit K for the first K, or --count",
    );
    refused(
        &["sudoku", "puzzles/sudoku/batch-9x9.txt", "--svg", &svg],
        "not a batch",
    );
    refused(
        &[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--explain",
            "--marks",
            graph,
        ],
        "--marks goes with --hint",
    );
    refused(
        &["sudoku", "--generate", "1", "--order", "3", "--box", "2x3"],
        "cannot be used with",
    );
    // `revertigo --check` draws the walk on its map.
    let drawn = temp_path("check.svg");
    puzzles(&["revertigo", "3", "--check", "NNSEENSS", "--svg", &drawn])
        .assert()
        .success();
    assert_eq!(crate::util::svg_elements(&drawn, "polyline"), 1);
    let _ = std::fs::remove_file(&drawn);
}

#[test]
fn a_byte_order_mark_crlf_and_trailing_blanks_read_as_the_plain_text() {
    let with = |text: &str| {
        let crlf = text.replace('\n', " \t\r\n");
        [b"\xef\xbb\xbf".as_slice(), crlf.as_bytes()].concat()
    };
    let cases: [(&str, &[&str], String); 5] = [
        (
            "sudoku",
            &[],
            std::fs::read_to_string("puzzles/sudoku/batch-9x9.txt").unwrap(),
        ),
        ("lightsout", &["--state"], "101\n010\n101\n".into()),
        (
            "lightsout",
            &["3", "--seed", "1", "--pattern"],
            "#.#\n.@.\n#.#\n".into(),
        ),
        ("lightsout", &["--graph"], "a b\nb c\n".into()),
        (
            "lightsout",
            &["--graph"],
            "p edge 3 2\ne 1 2\ne 2 3\n".into(),
        ),
    ];
    for (k, (sub, flags, text)) in cases.iter().enumerate() {
        let plain = file(&format!("plain{k}.txt"), text.as_bytes());
        let marked = file(&format!("marked{k}.txt"), &with(text));
        let run = |path: &str| {
            let mut args = vec![*sub];
            args.extend(flags.iter());
            args.push(path);
            let out = puzzles(&args).output().unwrap();
            // A stencil file is named in the output: its name is no part of the reading.
            let text = String::from_utf8(out.stdout).unwrap().replace(path, "FILE");
            (out.status.code(), text)
        };
        let (status, out) = run(&plain);
        assert_eq!(status, Some(0), "{sub} {flags:?}");
        assert_eq!(run(&marked), (status, out), "{sub} {flags:?}");
    }
    // Pencil marks, the same way.
    let marks = "1 3 2 4\n4 2 3 1\n2 4 1 3\n3 1 4 2\n";
    let hint = |m: &[u8]| {
        let path = file("marks.txt", m);
        stdout(
            &[
                "sudoku",
                "puzzles/sudoku/4x4.txt",
                "--hint",
                "--marks",
                &path,
            ],
            0,
        )
    };
    assert_eq!(hint(&with(marks)), hint(marks.as_bytes()));
}

#[test]
fn input_errors_name_the_file_line_and_column() {
    let marks = file("badmarks.txt", b"1 3 2 4\n4 2 3 1\n2 4 1 3\n3 1 . 2\n");
    refused(
        &[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--hint",
            "--marks",
            &marks,
        ],
        &format!("{marks}:4:5: '.' is not a digit of the 4×4 board"),
    );
    let short = file("shortmarks.txt", b"1 3 2 4\n");
    refused(
        &[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--hint",
            "--marks",
            &short,
        ],
        "pencil marks give 4 cells, the board has 16",
    );
    refused(
        &["lightsout", "5", "--pattern", "/nonexistent/x"],
        "'/nonexistent/x': no such file, not a stencil",
    );
    let dimacs = file("header.txt", b"p edge 3 5\ne 1 2\ne 2 3\n");
    refused(
        &["lightsout", "--graph", &dimacs],
        &format!("{dimacs}:1:10: the header announces 5 edges, the file gives 2"),
    );
}

#[test]
fn no_lights_on_means_none_and_a_solved_grid_rates_as_solved() {
    let out = stdout(
        &[
            "lightsout",
            "--graph",
            "puzzles/lightsout/petersen.txt",
            "--on",
            "",
        ],
        0,
    );
    assert!(out.contains("press count: 0"), "{out}");
    let solution = stdout(&["sudoku", "puzzles/sudoku/4x4.txt", "--json"], 0);
    let v: serde_json::Value = serde_json::from_str(&solution).unwrap();
    let full = file("full.txt", v["solution"].as_str().unwrap().as_bytes());
    puzzles(&["sudoku", &full, "--rate"])
        .assert()
        .success()
        .stdout(contains("solved"));
}

#[test]
fn an_interrupted_listing_says_so_on_stderr_only() {
    let empty = file("empty9.txt", ".".repeat(81).as_bytes());
    for args in [
        &["knight", "8", "--all", "--limit", "100000000"][..],
        &["sudoku", &empty, "--all", "--limit", "100000000"][..],
    ] {
        let child = Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(130), "{args:?}: {stderr}");
        assert!(!stdout.contains("interrupted"), "{args:?}");
        assert!(
            stderr.contains("interrupted: the list is partial"),
            "{args:?}: {stderr}"
        );
    }
}
