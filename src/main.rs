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
    let parsed = cli::Cli::command()
        .color(color)
        .try_get_matches_from(argv)
        .and_then(|m| cli::Cli::from_arg_matches(&m));
    let args = match parsed {
        Ok(args) => args,
        // Help and version (and the help for a bare `puzzles`) go out as clap writes them.
        Err(e)
            if !e.use_stderr()
                || e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            e.exit()
        }
        Err(e) => {
            // A bad argument is one line, like every other refusal.
            // (clap's first paragraph, its lines joined; usage and tips left to --help).
            let text = e.render().to_string();
            let what: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty())
                .collect();
            let what = what.join(" ");
            let what = what.strip_prefix("error: ").unwrap_or(&what);
            let style = cli::style(cli::Tone::Bad);
            let hint = did_you_mean(&e)
                .map(|s| format!(" (did you mean {s}?)"))
                .unwrap_or_else(|| " (see --help)".to_string());
            anstream::eprintln!("{style}puzzles:{style:#} {what}{hint}");
            return ExitCode::from(2);
        }
    };
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

/// clap's suggestion for a misspelt flag, value or subcommand (`'--seed'`),
/// kept in the one-line error.
fn did_you_mean(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
        ContextKind::SuggestedSubcommand,
    ]
    .into_iter()
    .find_map(|kind| match e.get(kind)? {
        ContextValue::String(s) => Some(format!("'{s}'")),
        ContextValue::Strings(v) if !v.is_empty() => Some(
            v.iter()
                .map(|s| format!("'{s}'"))
                .collect::<Vec<_>>()
                .join(" or "),
        ),
        _ => None,
    })
}
