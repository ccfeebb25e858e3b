//! The documents' examples are tests: every ```console block of README.md and docs/*.md is run
//! by the `trycmd` crate and must print exactly what the document shows (stdout and stderr
//! together), with the exit status on a `? N` line (none: 0) and `...` for lines left out.
//!
//! trycmd runs a `.md` case in the test's working directory, which cargo sets to the package
//! root (unless a `NAME.in` folder sits beside the file), so `puzzles/…` paths resolve as the
//! documents show them. After a deliberate change of output, rewrite the blocks with
//! `TRYCMD=overwrite cargo test --release --test tests docs` and review the diff.

/// Every `$ puzzles …` example of the README and of the guides in docs/.
#[test]
fn docs_examples_print_what_the_documents_show() {
    trycmd::TestCases::new()
        .register_bin(
            "puzzles",
            std::path::Path::new(env!("CARGO_BIN_EXE_puzzles")),
        )
        .case("README.md")
        .case("docs/*.md");
}
