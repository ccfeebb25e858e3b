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
