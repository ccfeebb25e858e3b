//! The documents' examples are tests: every ```console block of README.md and docs/*.md is run
//! by the `trycmd` crate from the project root (so `puzzles/…` paths resolve as the documents
//! show them) and must print exactly what the document shows, with the exit status given on a
//! `? N` line (none: 0). After a deliberate change of output, rewrite the blocks with
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
