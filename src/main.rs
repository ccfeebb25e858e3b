//! The `puzzles` command: parses the arguments (the colour choice first), runs one subcommand, and words its error in one line or maps its outcome to an exit status.
//!
//! Exit status: 0 answered, 1 no solution, 2 bad usage or input, 130 interrupted.
//! A closed pipe (`puzzles … | head`) ends quietly with 0.

mod cli;

use clap::{CommandFactory, FromArgMatches};
use std::io::Write as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    install_panic_hook();
    // The run's one memory budget, read before any thread maps its stack:
    // every limit of this run is checked against this same figure.
    puzzles::internals::usable_memory();
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // The colour choice comes first: clap's help and errors follow it too.
    let color = color_choice(&argv);
    if let Some(line) = not_utf8(&argv) {
        let style = cli::style(cli::Tone::Bad);
        anstream::eprintln!("{style}puzzles:{style:#} {line}");
        return ExitCode::from(2);
    }
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
        Ok(outcome) => ExitCode::from(exit_status(outcome)),
        Err(cli::Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(cli::Failure::Error(e)) => {
            let style = cli::style(cli::Tone::Bad);
            // anstream strips the style when stderr is not a terminal, with NO_COLOR or --color never.
            anstream::eprintln!("{style}puzzles:{style:#} {}", message(&e));
            ExitCode::from(2)
        }
    }
}

/// The refusal of an argument that is not UTF-8 (a file name in another
/// encoding, say), naming it with its bad bytes escaped: every argument is text.
fn not_utf8(argv: &[std::ffi::OsString]) -> Option<String> {
    let (k, bad) = argv
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, a)| a.to_str().is_none())?;
    let shown: String = escaped(bad);
    Some(format!(
        "argument {k} '{shown}' is not valid UTF-8: give file names and values as UTF-8 text"
    ))
}

/// An argument's bytes as text, each byte that is not UTF-8 as `\xNN`.
fn escaped(arg: &std::ffi::OsStr) -> String {
    arg.as_encoded_bytes()
        .utf8_chunks()
        .flat_map(|chunk| {
            let invalid = chunk.invalid().iter().map(|b| format!("\\x{b:02X}"));
            std::iter::once(chunk.valid().escape_debug().to_string()).chain(invalid)
        })
        .collect()
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

/// The `--color` choice, read from the raw arguments before clap parses them
/// (clap's own help and errors must already follow it), and made the choice
/// of every output stream; `auto` when absent or misspelt (clap then reports it).
fn color_choice(args: &[std::ffi::OsString]) -> clap::ColorChoice {
    let mut choice = "auto";
    let mut it = args.iter().skip(1).map(|a| a.to_str().unwrap_or(""));
    while let Some(arg) = it.next() {
        match arg {
            "--" => break,
            "--color" => choice = it.next().unwrap_or(""),
            _ => {
                if let Some(value) = arg.strip_prefix("--color=") {
                    choice = value;
                }
            }
        }
    }
    let (clap_choice, stream_choice) = match choice {
        "always" => (clap::ColorChoice::Always, anstream::ColorChoice::Always),
        "never" => (clap::ColorChoice::Never, anstream::ColorChoice::Never),
        _ => (clap::ColorChoice::Auto, anstream::ColorChoice::Auto),
    };
    stream_choice.write_global();
    clap_choice
}

/// Turns a panic into one line on stderr and exit status 2: no backtrace reaches a user.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".to_string());
        // A stderr gone must not panic again inside the hook (an abort).
        let _ = writeln!(
            std::io::stderr(),
            "puzzles: internal error: {msg} (please report this)"
        );
        std::process::exit(2);
    }));
}

/// The process exit status of an ending: 0 answered, 1 no solution, 130 interrupted.
fn exit_status(exit: cli::Exit) -> u8 {
    match exit {
        puzzles::report::Ending::Answered => 0,
        puzzles::report::Ending::NoSolution => 1,
        puzzles::report::Ending::Interrupted => 130,
    }
}

/// An error as the command line words it: a refused size names the option
/// that gets around it (the library speaks of methods and requests, not flags).
fn message(e: &puzzles::Error) -> String {
    use puzzles::error::Bound;
    let puzzles::Error::TooLarge {
        bound,
        got,
        limit,
        note,
    } = e
    else {
        return e.to_string();
    };
    let first_row = "use --method poly or chase";
    if let Bound::UnlimitedListingSquares = bound {
        let line = format!(
            "--all without --limit lists boards of up to {limit} squares, and this one has {got}{note}: \
             its tours run to millions (6×6 alone has 6,637,920); give --limit K for the first K, or --count"
        );
        return puzzles::Error::usage(line).to_string();
    }
    let (what, advice) = match bound {
        Bound::GaussCells => ("cells for --method gauss", first_row),
        Bound::NaiveCells => ("cells for --method naive", "use --method first-row or poly"),
        Bound::FirstRowUnknowns => (
            "first-row unknowns (the shorter side) for --method first-row",
            first_row,
        ),
        Bound::FirstRowSteps => (
            "row steps (2^C first rows × L rows) for --method first-row",
            first_row,
        ),
        Bound::PolySide => ("board side for --method poly", "use --method chase"),
        Bound::ShortestCells => ("", "use --builder short or diagonal"),
        Bound::QuietPatternCells => ("", "drop --quiet-patterns (the nullity is in the summary)"),
        Bound::NullitySide => ("side for --nullity", "ask for a range of smaller sides"),
        Bound::Listing(_) => ("", "pass --limit K to list the first K, or --count"),
        Bound::HeldCells => (
            "cells of solutions held for one JSON object",
            "pass a smaller --limit, or drop --json (the text listing is streamed)",
        ),
        Bound::SvgCells => (
            "",
            "drop --svg and --sheet (the text and --json hold the whole answer)",
        ),
        _ => return e.to_string(),
    };
    let what = match what {
        "" => bound.what(),
        words => words.into(),
    };
    let line = format!("{what} {got} is over the limit of {limit}{note}; {advice}");
    puzzles::Error::usage(line).to_string()
}
