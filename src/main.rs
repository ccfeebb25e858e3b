//! The `puzzles` command: parses the arguments, runs one subcommand, maps the outcome to an exit status.
//!
//! Exit status: 0 answered, 1 no solution, 2 bad usage or input, 130 interrupted.
//! A closed pipe (`puzzles … | head`) ends quietly with 0.

mod cli;

use clap::{CommandFactory, FromArgMatches};
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::install_panic_hook();
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // The colour choice comes first: clap's help and errors follow it too.
    let color = cli::color_choice(&argv);
    let matches = cli::Cli::command().color(color).get_matches_from(argv);
    let args = cli::Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match cli::run(args) {
        Ok(outcome) => ExitCode::from(cli::exit_status(outcome)),
        Err(cli::Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(cli::Failure::Error(e)) => {
            let style = cli::style(cli::Tone::Bad);
            // anstream strips the style when stderr is not a terminal, with NO_COLOR or --color never.
            anstream::eprintln!("{style}puzzles:{style:#} {}", cli::message(&e));
            ExitCode::from(2)
        }
    }
}
