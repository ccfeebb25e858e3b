//! The `puzzles` command: parses the arguments, runs one subcommand, maps the outcome to an exit status.
//!
//! Exit status: 0 answered, 1 no solution, 2 bad usage or input, 130 interrupted.
//! A closed pipe (`puzzles … | head`) ends quietly with 0.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::install_panic_hook();
    let args = <cli::Cli as clap::Parser>::parse();
    match cli::run(args) {
        Ok(outcome) => ExitCode::from(outcome.exit_status()),
        Err(cli::Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(cli::Failure::Error(e)) => {
            eprintln!("puzzles: {e}");
            ExitCode::from(2)
        }
    }
}
