//! Nothing computed is lost for a file: every file a run writes (`--svg`,
//! `--sheet`, `--output`) is checked before the work, no two may name one
//! file, and a write that still fails after the work leaves the answer
//! printed and names the file.

use crate::util::{json, puzzles, temp_path};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `args`, which would work for minutes or for ever if not refused, and
/// returns its exit status and stderr; fails if it is still running after 30 s.
fn refused_at_once(args: &[&str]) -> (Option<i32>, String, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("{args:?} started the work instead of refusing its file");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_file_that_cannot_be_written_is_refused_before_the_work() {
    let folder = std::env::temp_dir().to_string_lossy().into_owned();
    // Counts of minutes (a 7×7 sum by backtracking, every 8×8 tour) that
    // must not start: their file is refused first.
    let cases: [(&[&str], &str); 5] = [
        (
            &[
                "knight",
                "7",
                "7",
                "--count",
                "--sum",
                "--method",
                "backtrack",
                "--svg",
                "/nonexistent/x.svg",
            ],
            "--svg /nonexistent/x.svg: cannot write there (no such folder)",
        ),
        (
            &[
                "knight",
                "8",
                "--count",
                "--method",
                "backtrack",
                "--sheet",
                "/nonexistent/x.svg",
            ],
            "--sheet /nonexistent/x.svg: cannot write there",
        ),
        (
            &[
                "lightsout",
                "3000",
                "--min",
                "--output",
                "/nonexistent/p.txt",
            ],
            "--output /nonexistent/p.txt: cannot write there",
        ),
        (
            &["revertigo", "1500", "--output", &folder],
            "cannot write there (it is a folder)",
        ),
        (
            &[
                "sudoku",
                "puzzles/sudoku/16x16.txt",
                "--svg",
                "/nonexistent/s.svg",
            ],
            "--svg /nonexistent/s.svg: cannot write there",
        ),
    ];
    for (args, says) in cases {
        let (status, stdout, stderr) = refused_at_once(args);
        assert_eq!(status, Some(2), "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn two_outputs_naming_one_file_are_refused() {
    let path = temp_path("one-file.txt");
    let dotted = format!(
        "{}/./{}",
        std::env::temp_dir().display(),
        path.rsplit('/').next().unwrap()
    );
    for args in [
        vec![
            "lightsout",
            "3",
            "--seed",
            "1",
            "--output",
            &path,
            "--svg",
            &path,
        ],
        vec![
            "lightsout",
            "3",
            "--seed",
            "1",
            "--output",
            &dotted,
            "--sheet",
            &path,
        ],
        vec!["revertigo", "3", "--output", &path, "--svg", &dotted],
        vec!["knight", "5", "--svg", &path, "--sheet", &dotted],
    ] {
        let (status, stdout, stderr) = refused_at_once(&args);
        assert_eq!(status, Some(2), "{args:?}: {stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains("name the same file"), "{args:?}: {stderr}");
        assert!(
            !std::path::Path::new(&path).exists(),
            "{args:?} wrote the file"
        );
    }
}

#[test]
fn a_write_that_fails_after_the_work_leaves_the_answer_printed() {
    // /dev/full takes the opening and refuses every byte: a disk filled during the work.
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full");
        return;
    }
    let cases: [(&[&str], &str); 4] = [
        (&["knight", "5", "--svg", "/dev/full"], " 3|24|13|18| 5|"),
        (
            &["lightsout", "3", "--seed", "1", "--output", "/dev/full"],
            "presses (X):",
        ),
        (
            &["revertigo", "3", "--output", "/dev/full", "--json"],
            "\"walk\":\"EEWNNWEE\"",
        ),
        (
            &["sudoku", "puzzles/sudoku/4x4.txt", "--sheet", "/dev/full"],
            "unique",
        ),
    ];
    for (args, answer) in cases {
        let out = puzzles(args).output().unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stdout.contains(answer), "{args:?}: {stdout}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.contains("/dev/full: not written"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn output_leaves_the_boards_to_its_file_in_text_and_json_alike() {
    let presses = temp_path("presses.txt");
    let plain = json(&["lightsout", "6", "--seed", "3", "--json"], 0);
    let written = json(
        &[
            "lightsout",
            "6",
            "--seed",
            "3",
            "--json",
            "--output",
            &presses,
        ],
        0,
    );
    assert_eq!(written["presses"], serde_json::Value::Null);
    assert_eq!(written["output"], presses.as_str());
    assert_eq!(written["press_count"], plain["press_count"]);
    let rows: Vec<String> = plain["presses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|v| v.to_string())
                .collect()
        })
        .collect();
    assert_eq!(
        std::fs::read_to_string(&presses).unwrap(),
        rows.join("\n") + "\n"
    );
    let walk = temp_path("walk.txt");
    let plain = json(&["revertigo", "7", "--json"], 0);
    let written = json(&["revertigo", "7", "--json", "--output", &walk], 0);
    assert_eq!(written["walk"], serde_json::Value::Null);
    assert_eq!(written["output"], walk.as_str());
    assert_eq!(
        std::fs::read_to_string(&walk).unwrap().trim_end(),
        plain["walk"].as_str().unwrap()
    );
    for path in [presses, walk] {
        let _ = std::fs::remove_file(path);
    }
}
