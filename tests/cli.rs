//! The command line as a whole: help, completions, the manual page, usage errors.

use crate::util::puzzles;
use predicates::prelude::*;
use predicates::str::contains;

#[test]
fn completions_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish"] {
        let out = puzzles(&["completions", shell])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let script = String::from_utf8(out).unwrap();
        for sub in ["lightsout", "revertigo", "knight", "sudoku"] {
            assert!(script.contains(sub), "{shell} completion lacks {sub}");
        }
    }
    puzzles(&["completions", "no-such-shell"]).assert().code(2);
}

#[test]
fn the_manual_page_is_roff() {
    puzzles(&["man"])
        .assert()
        .success()
        .stdout(contains(".TH puzzles 1"))
        .stdout(contains("lightsout"));
}

#[test]
fn help_shows_an_example_for_each_subcommand() {
    for sub in [
        "lightsout",
        "revertigo",
        "knight",
        "sudoku",
        "examples",
        "completions",
        "man",
    ] {
        let out = puzzles(&[sub, "--help"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let help = String::from_utf8(out).unwrap();
        // An "Example" heading followed by a real command line for this subcommand.
        let examples = help
            .split_once("Example")
            .map(|(_, rest)| rest)
            .unwrap_or("");
        assert!(
            examples.contains(&format!("puzzles {sub}")),
            "{sub} --help has no example"
        );
    }
}

#[test]
fn usage_errors_exit_2_without_a_panic() {
    for args in [
        &["no-such-puzzle"][..],
        &["lightsout", "--no-such-flag"],
        &[],
    ] {
        puzzles(args)
            .assert()
            .code(2)
            .stderr(contains("panicked").not());
    }
}

/// A Lights Out state of `n`×`n` lights all off: 2^nullity solutions, none of them empty but one.
fn dark_board(n: usize) -> String {
    format!("{}\n", "0".repeat(n)).repeat(n)
}

/// The real binary started with its stdout piped to us and stdin from `stdin`.
fn spawn(args: &[&str], stdin: std::process::Stdio) -> std::process::Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(stdin)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Sends `signal` (INT, TERM) to `child`, a real process.
fn signal(child: &std::process::Child, signal: &str) {
    let sent = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
}

/// Whether `bytes` hold an ANSI escape sequence.
fn has_escape(bytes: &[u8]) -> bool {
    bytes.contains(&0x1b)
}

#[test]
fn sigterm_stops_an_enumeration_with_whole_answers_and_status_130() {
    use std::io::{BufRead, BufReader, Read, Write};
    let path = crate::util::temp_path("dark19.txt");
    std::fs::write(&path, dark_board(19)).unwrap();
    // 2^16 solutions of 19 rows each: far more than a pipe buffer.
    let mut child = spawn(
        &["lightsout", "--state", &path, "--all", "--limit", "65536"],
        std::process::Stdio::null(),
    );
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert_eq!(first, "solution 1 (0 presses):\n");
    signal(&child, "TERM");
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    // Every solution printed is whole: a heading and 19 rows of 19 cells.
    let lines: Vec<&str> = std::iter::once(first.trim_end())
        .chain(rest.lines())
        .collect();
    assert_eq!(
        lines.len() % 20,
        0,
        "a solution was cut: {} lines",
        lines.len()
    );
    let listed = lines.len() / 20;
    assert!(listed < 65536, "the signal stopped nothing");
    for (k, block) in lines.chunks(20).enumerate() {
        assert!(block[0].starts_with(&format!("solution {} (", k + 1)));
        assert!(block[1..].iter().all(|r| r.len() == 19));
    }
    assert!(
        err.contains(&format!("the list is partial ({listed} listed)")),
        "{err}"
    );
    std::io::stderr().flush().unwrap();
}

#[test]
fn sigterm_stops_a_count_with_a_partial_count_and_status_130() {
    use std::io::Read;
    // Open tours of the 7×7 board from a corner: far too many to count in a test.
    let mut child = spawn(&["knight", "7", "--count"], std::process::Stdio::null());
    std::thread::sleep(std::time::Duration::from_millis(800));
    signal(&child, "TERM");
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    assert!(out.starts_with("7×7 open tours from "), "{out}");
    assert!(out.trim_end().ends_with("(partial: interrupted)"), "{out}");
}

#[test]
fn sigterm_stops_a_sudoku_batch_with_the_answers_so_far_and_status_130() {
    use std::io::{Read, Write};
    let solved_once = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/sudoku/9x9-line.txt"),
    )
    .unwrap();
    let puzzle = solved_once
        .lines()
        .find(|l| !l.starts_with('#') && l.trim().len() == 81)
        .expect("a puzzle line")
        .trim()
        .to_string();
    // The empty grid's count (some 10^21 grids) runs for minutes under a
    // --limit of 10^18 (a batch line stops at a million without it, in
    // milliseconds); the third line is never reached.
    let batch = format!("{puzzle}\n{}\n{puzzle}\n", ".".repeat(81));
    let mut child = spawn(
        &[
            "sudoku",
            "-",
            "--count",
            "--limit",
            "1000000000000000000",
            "--json",
        ],
        std::process::Stdio::piped(),
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(batch.as_bytes())
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    signal(&child, "TERM");
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let answers = crate::sudoku::items(&out);
    assert_eq!(answers.len(), 2, "{out}");
    assert_eq!(answers[0]["count"], "1");
    assert_eq!(answers[0]["complete"], true);
    assert_eq!(answers[1]["line"], 2);
    assert_eq!(answers[1]["complete"], false);
    let counted: u64 = answers[1]["count"].as_str().unwrap().parse().unwrap();
    assert!(counted > 1);
}

#[test]
fn a_long_listing_into_a_closed_pipe_ends_quietly_with_status_0() {
    use std::io::{BufRead, BufReader, Read};
    let path = crate::util::temp_path("dark19-pipe.txt");
    std::fs::write(&path, dark_board(19)).unwrap();
    // Like `puzzles lightsout --state dark19.txt --all --limit 65536 | head -1`.
    let mut child = spawn(
        &["lightsout", "--state", &path, "--all", "--limit", "65536"],
        std::process::Stdio::null(),
    );
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert_eq!(err, "", "a closed pipe is not an error");
}

#[test]
fn limits_are_refused_with_the_limit_named_and_status_2() {
    let dark = crate::util::temp_path("dark19-limits.txt");
    std::fs::write(&dark, dark_board(19)).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["lightsout", "20000", "20000"],
            "board cells 400000000 is over the limit of 100000000",
        ),
        (
            &["lightsout", "--state", &dark, "--all"],
            "solutions to list 2^16 is over the limit of 1024; pass --limit K",
        ),
        (
            &["lightsout", "--nullity", "1..200000"],
            "side for --nullity 200000 is over the limit of 100000",
        ),
        (
            &["lightsout", "100", "--method", "gauss"],
            "cells for --method gauss 10000 is over the limit of 4096; use --method poly",
        ),
        (
            &["lightsout", "725", "--seed", "1", "--quiet-patterns"],
            "quiet pattern cells to print 22076250 is over the limit of 1048576; drop --quiet-patterns",
        ),
        (
            &["lightsout", "600", "--svg", "/dev/null"],
            "cells to draw 360000 is over the limit",
        ),
        (
            &["revertigo", "3000", "3000"],
            "board cells 9000000 is over the limit of 4000000",
        ),
        (
            &["revertigo", "19", "19", "--all"],
            "activation maps to list 2^16 is over the limit of 1024; pass --limit K",
        ),
        (
            &["revertigo", "6", "6", "--method", "naive"],
            "cells for --method naive 36 is over the limit of 25",
        ),
        (
            &["revertigo", "5", "5", "--shortest"],
            "cells for the exact shortest walk 25 is over the limit of 16",
        ),
        (
            &["knight", "3001", "3000"],
            "board cells 9003000 is over the limit of 9000000",
        ),
        (
            &["knight", "12", "--count"],
            "board short side 12 is over the limit of 8 for the frontier programme",
        ),
        (
            &["lightsout", "99999999999999999999999"],
            "is not a whole number",
        ),
        (&["lightsout", "0"], "a board side must be at least 1"),
        (&["sudoku", "--generate", "1", "--size", "40"], "board side 40 is over the limit of 36"),
        (&["sudoku", "-", "--jobs", "1000"], "--jobs"),
    ];
    for (args, message) in cases {
        let out = puzzles(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn an_absurdly_large_input_is_refused_before_it_is_read() {
    // A sparse file: 1 byte over the limit, without using the disk.
    let path = crate::util::temp_path("huge.txt");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(puzzles::input::MAX_INPUT_BYTES + 1).unwrap();
    let limit = format!(
        "input bytes {} is over the limit of {}",
        puzzles::input::MAX_INPUT_BYTES + 1,
        puzzles::input::MAX_INPUT_BYTES
    );
    for args in [&["lightsout", "--state", &path][..], &["sudoku", &path]] {
        puzzles(args)
            .assert()
            .code(2)
            .stderr(contains(&limit).and(contains("split it into smaller files")));
    }
    // Standard input cannot be measured first: at most one byte over the limit is read.
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .args(["sudoku", "-"])
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(&limit));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn colour_only_when_asked_or_on_a_terminal_and_never_with_no_color() {
    let unsolvable = [
        "lightsout",
        "--state",
        "puzzles/lightsout/5x5-unsolvable.txt",
    ];
    let solvable = ["lightsout", "5", "--seed", "1"];
    let verdicts: [&[&str]; 4] = [
        &["sudoku", "puzzles/sudoku/9x9-block.txt"],
        &["sudoku", "puzzles/sudoku/clash.txt"],
        &["knight", "4"],
        &["knight", "5", "--quiet"],
    ];
    for args in [&unsolvable[..], &solvable[..]].into_iter().chain(verdicts) {
        // Piped: no colour by default.
        let out = puzzles(args).output().unwrap();
        assert!(!has_escape(&out.stdout), "{args:?}");
        // NO_COLOR: none, even if the output were a terminal.
        let out = puzzles(args).env("NO_COLOR", "1").output().unwrap();
        assert!(!has_escape(&out.stdout), "{args:?}");
        let out = puzzles(args).args(["--color", "never"]).output().unwrap();
        assert!(!has_escape(&out.stdout), "{args:?}");
        // Asked for: colour even into a pipe.
        let out = puzzles(args).args(["--color", "always"]).output().unwrap();
        assert!(has_escape(&out.stdout), "{args:?}");
        // Stripped of its escapes, the coloured text is the plain text.
        let plain = puzzles(args).output().unwrap().stdout;
        let text = String::from_utf8(out.stdout).unwrap();
        let stripped: String = strip_escapes(&text);
        assert_eq!(stripped.as_bytes(), &plain[..]);
        // JSON is never coloured.
        let out = puzzles(args)
            .args(["--color", "always", "--json"])
            .output()
            .unwrap();
        assert!(!has_escape(&out.stdout), "{args:?}");
    }
    // The red "no solution" and the pressed cells are what is coloured.
    let out = puzzles(&unsolvable)
        .args(["--color=always"])
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("\x1b[1m\x1b[31mno solution"));
    // clap's own help follows --color too.
    let help = puzzles(&["lightsout", "--help", "--color", "always"])
        .output()
        .unwrap();
    assert!(has_escape(&help.stdout));
    for env in [None, Some("1")] {
        let mut cmd = puzzles(&["lightsout", "--help"]);
        if let Some(v) = env {
            cmd.env("NO_COLOR", v);
        }
        assert!(!has_escape(&cmd.output().unwrap().stdout));
    }
    // An error's prefix is coloured on request only.
    let out = puzzles(&["lightsout", "--nullity", "1..200000", "--color", "always"])
        .output()
        .unwrap();
    assert!(has_escape(&out.stderr));
    let out = puzzles(&["lightsout", "--nullity", "1..200000"])
        .output()
        .unwrap();
    assert!(!has_escape(&out.stderr));
    puzzles(&["lightsout", "3", "--color", "sometimes"])
        .assert()
        .code(2);
}

/// `text` without its ANSI escape sequences (ESC `[` … letter).
fn strip_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn long_tasks_write_nothing_to_stderr_off_a_terminal_or_with_quiet_or_json() {
    let dark = crate::util::temp_path("dark19-progress.txt");
    std::fs::write(&dark, dark_board(19)).unwrap();
    let batch = "puzzles/sudoku/batch-9x9.txt";
    let runs: &[&[&str]] = &[
        &["lightsout", "--nullity", "1..300"],
        &["lightsout", "--state", &dark, "--all", "--limit", "2000"],
        &["lightsout", "--state", &dark, "--min"],
        &["revertigo", "19", "19", "--all", "--limit", "50"],
        &["knight", "5", "--count"],
        &["sudoku", batch],
        &["sudoku", batch, "--count", "--limit", "50"],
        &["sudoku", "puzzles/sudoku/4x4-empty.txt", "--all"],
        &["sudoku", "--generate", "2", "--seed", "1"],
    ];
    for args in runs {
        for extra in [&[][..], &["--quiet"], &["--json"]] {
            let out = puzzles(args).args(extra).output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{args:?} {extra:?}");
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                "",
                "{args:?} {extra:?}"
            );
        }
    }
}

#[test]
fn a_progress_bar_is_drawn_on_a_terminal_unless_quiet_or_json() {
    // `script` gives the program a terminal; stdout goes to /dev/null, so what
    // comes back is what was drawn on stderr.
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: no `script` command to provide a terminal");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("puzzles");
    let drawn = |extra: &str| {
        let out = std::process::Command::new("script")
            .args(["-qec"])
            .arg(format!(
                "{} lightsout --nullity 1500..1800 {extra} > /dev/null",
                bin.display()
            ))
            .arg("/dev/null")
            .output()
            .expect("script runs");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(drawn("").contains("sizes"), "no bar on a terminal");
    assert!(!drawn("--quiet").contains("sizes"));
    assert!(!drawn("--json").contains("sizes"));
}

#[test]
fn a_limit_of_zero_is_refused_the_same_way_by_every_subcommand() {
    let cases: &[&[&str]] = &[
        &["lightsout", "4", "--all", "--limit", "0"],
        &["revertigo", "4", "4", "--all", "--limit", "0"],
        &["knight", "5", "--all", "--limit", "0"],
        &[
            "sudoku",
            "puzzles/sudoku/4x4-empty.txt",
            "--all",
            "--limit",
            "0",
        ],
        &[
            "sudoku",
            "puzzles/sudoku/4x4-empty.txt",
            "--count",
            "--limit",
            "0",
        ],
    ];
    for args in cases {
        let out = puzzles(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(
            err.trim_end(),
            "puzzles: a limit must be at least 1 (0 would list nothing)",
            "{args:?}"
        );
        assert!(
            out.stdout.is_empty(),
            "{args:?}: nothing is printed as a result"
        );
    }
}

#[test]
fn the_library_builds_without_the_command_line_crates() {
    // What `cargo build --lib --no-default-features` compiles: the library's normal dependencies.
    let out = std::process::Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tree",
            "--offline",
            "--no-default-features",
            "--edges",
            "normal",
            "--prefix",
            "none",
        ])
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8(out.stdout).unwrap();
    let crates: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(crates.contains(&"fixedbitset") && crates.contains(&"serde"));
    for cli_only in [
        "clap",
        "clap_complete",
        "clap_mangen",
        "ratatui",
        "crossterm",
        "anstream",
        "ctrlc",
        "indicatif",
    ] {
        assert!(
            !crates.contains(&cli_only),
            "the library pulls in {cli_only}"
        );
    }
}

#[test]
fn bad_arguments_are_refused_in_one_line_with_status_2() {
    for (args, says) in [
        (
            &["knight", "0", "3", "--count"][..],
            "a board side must be at least 1",
        ),
        (
            &["knight", "5", "--bogus"][..],
            "unexpected argument '--bogus'",
        ),
        (
            &["sudoku"][..],
            "required arguments were not provided: <FILE>",
        ),
        (&["lightsout", "5", "--states", "x"][..], "'--states <K>'"),
    ] {
        let out = puzzles(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("puzzles: ") && err.contains(says),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn examples_print_the_built_in_files_from_any_folder() {
    let anywhere = std::env::temp_dir();
    let run = |args: &[&str]| {
        let mut cmd = assert_cmd::Command::cargo_bin("puzzles").unwrap();
        cmd.current_dir(&anywhere).args(args).output().unwrap()
    };
    let root = env!("CARGO_MANIFEST_DIR");
    for name in [
        "sudoku/9x9-block",
        "lightsout/petersen",
        "revertigo/page-walks",
    ] {
        let out = run(&["examples", name]);
        assert!(out.status.success(), "{name}");
        let file = std::fs::read(format!("{root}/puzzles/{name}.txt")).unwrap();
        assert_eq!(out.stdout, file, "{name}");
    }
    // The list names each example once, then how to use one.
    let list = String::from_utf8(run(&["examples"]).stdout).unwrap();
    assert!(
        list.lines().any(|l| l.starts_with("sudoku/9x9-line ")),
        "{list}"
    );
    assert!(list.ends_with("puzzles examples sudoku/9x9-line | puzzles sudoku -\n"));
    // A name there is not: one line listing the names, exit 2.
    let out = run(&["examples", "NOSUCH"]);
    crate::util::assert_one_line_refusal(&out, 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("puzzles: no example NOSUCH; the examples are lightsout/3x3-plus, "),
        "{err}"
    );
    assert!(err.contains("sudoku/diabolical-300"), "{err}");
    // An example piped into its puzzle is solved as the file would be.
    let piped = crate::util::puzzles(&["sudoku", "-"])
        .current_dir(&anywhere)
        .write_stdin(run(&["examples", "sudoku/9x9-line.txt"]).stdout)
        .output()
        .unwrap();
    let direct = crate::util::puzzles(&["sudoku", "puzzles/sudoku/9x9-line.txt"])
        .output()
        .unwrap();
    assert!(piped.status.success());
    assert_eq!(piped.stdout, direct.stdout);
}

#[test]
fn man_and_completions_write_into_a_folder() {
    let dir = crate::util::temp_path("share");
    let man1 = format!("{dir}/man/man1");
    let out = puzzles(&["man", "--dir", &man1]).output().unwrap();
    assert!(out.status.success());
    let written = String::from_utf8(out.stdout).unwrap();
    let pages = [
        "puzzles",
        "puzzles-lightsout",
        "puzzles-revertigo",
        "puzzles-knight",
        "puzzles-sudoku",
        "puzzles-examples",
        "puzzles-completions",
        "puzzles-man",
    ];
    let expected: Vec<String> = pages.iter().map(|p| format!("{man1}/{p}.1")).collect();
    assert_eq!(written.lines().collect::<Vec<_>>(), expected);
    for (path, page) in expected.iter().zip(pages) {
        let roff = std::fs::read_to_string(path).unwrap();
        assert!(roff.contains(&format!(".TH {page} 1")), "{path}");
        // Every page has examples, and none needs the checkout.
        assert!(roff.contains("Example"), "{path}");
        assert!(!roff.contains("puzzles/"), "{path}");
    }
    let completions = format!("{dir}/completions");
    for (shell, file) in [
        ("bash", "puzzles"),
        ("zsh", "_puzzles"),
        ("fish", "puzzles.fish"),
    ] {
        let out = puzzles(&["completions", shell, "--dir", &completions])
            .output()
            .unwrap();
        assert!(out.status.success(), "{shell}");
        let path = format!("{completions}/{file}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{path}\n"));
        let printed = puzzles(&["completions", shell]).output().unwrap().stdout;
        assert_eq!(std::fs::read(&path).unwrap(), printed, "{shell}");
    }
    // A folder that cannot be made: one line, exit 2.
    let blocked = format!("{dir}/man/man1/puzzles.1/x");
    let out = puzzles(&["man", "--dir", &blocked]).output().unwrap();
    crate::util::assert_one_line_refusal(&out, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_misspelt_flag_keeps_clap_s_suggestion_in_its_one_line() {
    let out = puzzles(&["lightsout", "5", "--sead", "1"])
        .output()
        .unwrap();
    crate::util::assert_one_line_refusal(&out, 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("did you mean '--seed'?"), "{err}");
}

#[test]
fn each_subcommand_has_a_manual_page_with_every_option() {
    for (sub, option) in [
        ("lightsout", "\\-\\-nullity"),
        ("revertigo", "\\-\\-check"),
        ("knight", "\\-\\-closed"),
        ("sudoku", "\\-\\-generate"),
    ] {
        let out = puzzles(&["man", sub]).output().unwrap();
        assert!(out.status.success());
        let page = String::from_utf8(out.stdout).unwrap();
        assert!(page.contains(&format!(".TH puzzles-{sub}")), "{sub}");
        assert!(page.contains(option), "{sub}: {option}");
        // The global options are on every page.
        assert!(page.contains("\\-\\-sheet"), "{sub}");
    }
}
