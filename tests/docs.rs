//! The documents' examples are tests: every ```console block of README.md and docs/*.md is run
//! by the `trycmd` crate and must print exactly what the document shows (stdout and stderr
//! together), with the exit status on a `? N` line (none: 0) and `...` for lines left out.
//!
//! trycmd runs a `.md` case in the test's working directory, which cargo sets to the package
//! root (unless a `NAME.in` folder sits beside the file), so `puzzles/…` paths resolve as the
//! documents show them. trycmd runs one command a line, with no shell: `tests/console.sh`
//! stands for `puzzles` and hands a line that pipes one `puzzles` into another (as the README
//! does, `puzzles examples NAME | puzzles sudoku -`, to run from anywhere) to the shell.
//! After a deliberate change of output, rewrite the blocks with
//! `TRYCMD=overwrite cargo test --release --test tests docs` and review the diff.

/// Every `$ puzzles …` example of the README and of the guides in docs/.
#[test]
fn docs_examples_print_what_the_documents_show() {
    let root = env!("CARGO_MANIFEST_DIR");
    trycmd::TestCases::new()
        .register_bin(
            "puzzles",
            std::path::Path::new(root).join("tests/console.sh"),
        )
        .env("PUZZLES_BIN", env!("CARGO_BIN_EXE_puzzles"))
        .case("README.md")
        .case("docs/*.md");
}

/// The README's examples run from anywhere: none reads a file of the checkout
/// (the example puzzles come from `puzzles examples`).
#[test]
fn the_readme_s_examples_need_no_checkout() {
    let readme = include_str!("../README.md");
    let commands: Vec<&str> = readme
        .lines()
        .filter(|l| l.starts_with("$ puzzles"))
        .collect();
    assert!(commands.len() >= 4, "{commands:?}");
    for command in commands {
        assert!(!command.contains("puzzles/"), "{command}");
    }
}
