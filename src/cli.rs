//! The command line: one clap subcommand per puzzle, validated once, then handed to the library.
//!
//! Nothing here knows a puzzle's rules; each `cli/<puzzle>.rs` turns flags into
//! a library call and the answer into text or JSON.

mod knight;
mod lightsout;
mod output;
mod play;
mod revertigo;
mod sudoku;

use clap::{CommandFactory, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::render::Picture;
use puzzles::report::{Detail, Report};
use puzzles::Control;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

pub use output::{exit_status, style, Exit, Failure, Out};
pub use puzzles::report::Tone;

/// Solve, count, draw and play Lights Out, Revertigo, the knight's tour and Sudoku.
///
/// Board sizes are ROWS then COLS; cells are `row,col`, 0-based, row 0 at the top.
/// Exit status: 0 answered, 1 no solution, 2 bad usage or input, 130 interrupted.
#[derive(Debug, Parser)]
#[command(name = "puzzles", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour the text output and the help: auto (on a terminal, unless
    /// NO_COLOR is set), always, or never.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    color: clap::ColorChoice,
}

/// The `--color` choice, read from the raw arguments before clap parses them
/// (clap's own help and errors must already follow it), and made the choice
/// of every output stream; `auto` when absent or misspelt (clap then reports it).
pub fn color_choice(args: &[std::ffi::OsString]) -> clap::ColorChoice {
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

#[derive(Debug, Subcommand)]
enum Command {
    /// Lights Out: switch every light off (a press toggles a cell and its neighbours).
    #[command(name = "lightsout")]
    LightsOut(lightsout::Args),
    /// Revertigo: walk a pawn from the bottom-left corner until the board is all black.
    Revertigo(revertigo::Args),
    /// The knight's tour: visit every square once, optionally returning to the start.
    Knight(knight::Args),
    /// Sudoku of any order: 4×4, 9×9, 16×16, 25×25, … from a file or stdin.
    Sudoku(sudoku::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Example:\n  puzzles completions bash > ~/.local/share/bash-completion/completions/puzzles"
    )]
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff) on standard output: the command's, or a
    /// subcommand's with every option (puzzles-knight(1), …).
    #[command(
        after_help = "Examples:\n  puzzles man > puzzles.1 && man ./puzzles.1\n  puzzles man knight > puzzles-knight.1"
    )]
    Man {
        /// The subcommand whose page to print (default: the command's own page).
        #[arg(value_parser = ["lightsout", "revertigo", "knight", "sudoku"])]
        subcommand: Option<String>,
    },
}

/// What every subcommand gets: where to write and how to be stopped.
pub struct Context {
    /// Standard output, buffered, with the JSON switch.
    pub out: Out,
    /// Stopped by Ctrl-C or SIGTERM.
    pub control: Control,
}

/// Whether the running work polls the stop flag and reports what it found when stopped.
static INTERRUPTIBLE: AtomicBool = AtomicBool::new(false);

/// How long, in milliseconds, interruptible work may take to stop after Ctrl-C
/// before the process ends anyway with 130 (0: as long as it takes).
static GRACE_MS: AtomicU64 = AtomicU64::new(0);

impl Context {
    /// Declares that the work from here on polls `control` and reports
    /// partial results: Ctrl-C then stops it cleanly instead of ending the process.
    pub fn interruptible(&self) {
        INTERRUPTIBLE.store(true, Ordering::SeqCst);
    }

    /// Like [`Context::interruptible`], for work that polls `control` only
    /// between long steps: when it has not stopped `grace` after Ctrl-C, the
    /// process ends with 130 all the same.
    pub fn interruptible_within(&self, grace: std::time::Duration) {
        GRACE_MS.store(grace.as_millis() as u64, Ordering::SeqCst);
        self.interruptible();
    }

    /// A control that draws a progress bar on stderr for long work: a bar when
    /// the `total` number of `unit`s is known, a spinner otherwise. It is drawn
    /// only when stderr is a terminal, and never with `--quiet` or `--json`.
    pub fn progress(&self, common: &Common, total: Option<u64>, unit: &str) -> Control {
        if common.quiet || common.json || !std::io::stderr().is_terminal() {
            return self.control.clone();
        }
        let (bar, template) = match total {
            Some(len) => (
                ProgressBar::new(len),
                "{spinner} [{bar:30}] {human_pos}/{human_len} UNIT, {per_sec}, eta {eta} {msg} (Ctrl-C stops)",
            ),
            None => (
                ProgressBar::new_spinner(),
                "{spinner} {human_pos} UNIT, {per_sec}, {elapsed} {msg} (Ctrl-C stops)",
            ),
        };
        if let Ok(style) = ProgressStyle::with_template(&template.replace("UNIT", unit)) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        self.control
            .clone()
            .with_progress(std::sync::Arc::new(Bar(bar)))
    }
}

/// The library's progress reports drawn as an indicatif bar on stderr.
struct Bar(ProgressBar);

impl puzzles::control::Progress for Bar {
    fn set_total(&self, total: u64) {
        self.0.set_length(total);
        self.0.set_position(0);
    }
    fn advance(&self, n: u64) {
        self.0.inc(n);
    }
    fn note(&self, message: &str) {
        self.0.set_message(message.to_string());
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

/// Runs the subcommand named on the command line.
pub fn run(cli: Cli) -> Result<Exit, Failure> {
    let control = Control::new();
    let flag = control.stop_flag();
    // Ctrl-C and SIGTERM stop an interruptible search, which then reports what
    // it found so far; other work (or a second Ctrl-C) ends at once with 130,
    // giving a game's terminal back first.
    let _ = ctrlc::set_handler(move || {
        if INTERRUPTIBLE.load(Ordering::SeqCst) && !flag.swap(true, Ordering::SeqCst) {
            let grace = GRACE_MS.load(Ordering::SeqCst);
            if grace > 0 {
                std::thread::spawn(move || {
                    std::thread::sleep(std::time::Duration::from_millis(grace));
                    play::restore();
                    std::process::exit(130);
                });
            }
            return;
        }
        play::restore();
        std::process::exit(130);
    });
    let mut ctx = Context {
        out: Out::stdout(),
        control,
    };
    let outcome = match cli.command {
        Command::LightsOut(args) => lightsout::run(args, &mut ctx),
        Command::Revertigo(args) => revertigo::run(args, &mut ctx),
        Command::Knight(args) => knight::run(args, &mut ctx),
        Command::Sudoku(args) => sudoku::run(args, &mut ctx),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "puzzles", &mut script);
            ctx.out.bytes(&script).map(|()| Exit::Answered)
        }
        Command::Man { subcommand } => {
            let mut command = Cli::command();
            command.build();
            if let Some(name) = subcommand {
                let sub = command.find_subcommand(&name).cloned();
                command = sub
                    .ok_or_else(|| puzzles::Error::usage(format!("no subcommand {name}")))?
                    .name(format!("puzzles-{name}"));
            }
            let mut page = Vec::new();
            clap_mangen::Man::new(command)
                .render(&mut page)
                .map_err(Failure::from)?;
            ctx.out.bytes(&page).map(|()| Exit::Answered)
        }
    }?;
    ctx.out.flush()?;
    Ok(outcome)
}

/// Turns a panic into one line on stderr and exit status 2: no backtrace reaches a user.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".to_string());
        eprintln!("puzzles: internal error: {msg} (please report this)");
        std::process::exit(2);
    }));
}

/// A board side: a whole number from 1 up (in the library, so it can be fuzzed).
pub use puzzles::input::parse_side;

/// Options every subcommand shares.
#[derive(Debug, clap::Args)]
pub struct Common {
    /// Print JSON (one object; JSON Lines for batches) with the same keys as the text.
    #[arg(long, global = true)]
    pub json: bool,
    /// Print only the summary, not the boards.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// Also draw the board and its answer as an SVG picture in FILE.
    #[arg(long, value_name = "FILE", global = true)]
    pub svg: Option<String>,
    /// Also draw the puzzle alone, without its answer, as an SVG picture in
    /// FILE: a printable exercise sheet (--svg draws its answer).
    #[arg(long, value_name = "FILE", global = true)]
    pub sheet: Option<String>,
}

/// Prints the items a request streams as they come: text, or one JSON line
/// each; keeps the first write error, which stops the request.
pub struct Printer<'a> {
    out: &'a mut Out,
    json: bool,
    detail: Detail,
    /// The first failed write.
    pub failed: Option<Failure>,
}

impl<'a> Printer<'a> {
    /// Prints on `out` as `common` says (JSON or text, quiet or not).
    pub fn new(out: &'a mut Out, common: &Common) -> Self {
        Printer {
            out,
            json: common.json,
            detail: common.detail(),
            failed: None,
        }
    }

    /// Writes out what is buffered (before a note on stderr).
    pub fn flush(&mut self) -> Result<(), Failure> {
        self.out.flush()
    }

    /// The first write error, if any.
    pub fn result(self) -> Result<(), Failure> {
        self.failed.map_or(Ok(()), Err)
    }
}

impl<I: Report> puzzles::Sink<I> for Printer<'_> {
    fn take(&mut self, item: I) -> ControlFlow<()> {
        let written = match self.json {
            true => self.out.json(&item),
            false => self.out.write(&item.text(self.detail)),
        }
        // An item may take long to find: let a reader see each at once.
        .and_then(|()| self.out.flush());
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.failed = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// Prints a request's answer (text or JSON), draws the pictures asked for
/// with `--svg` and `--sheet` by `picture`, says on stderr what a request
/// stopped early left out, and gives the exit status.
pub fn conclude<A: Report>(
    answer: &A,
    common: &Common,
    ctx: &mut Context,
    picture: impl Fn(Picture) -> puzzles::Result<String>,
) -> Result<Exit, Failure> {
    common.draw(&picture)?;
    let exit = ctx.out.report(answer, common.json, common.quiet)?;
    if let Some(note) = answer.partial() {
        ctx.out.flush()?;
        partial_note(&note);
    }
    Ok(exit)
}

impl Common {
    /// How much of a report the text shows.
    pub fn detail(&self) -> Detail {
        match self.quiet {
            true => Detail::Quiet,
            false => Detail::Full,
        }
    }

    /// Writes the pictures asked for: `--svg` (with the answer) and `--sheet` (the puzzle alone).
    pub fn draw(
        &self,
        picture: &impl Fn(Picture) -> puzzles::Result<String>,
    ) -> Result<(), Failure> {
        for (path, which) in [(&self.svg, Picture::Solved), (&self.sheet, Picture::Puzzle)] {
            if let Some(path) = path {
                let svg = picture(which)?;
                std::fs::write(path, svg).map_err(|source| puzzles::Error::Io {
                    path: path.clone(),
                    source,
                })?;
            }
        }
        Ok(())
    }

    /// Whether a picture was asked for (`--svg` or `--sheet`).
    pub fn draws(&self) -> bool {
        self.svg.is_some() || self.sheet.is_some()
    }
}

/// Refuses the first of `rules` that holds: each an option given in a mode
/// that would not use it, with the one line that says so. (clap waives a
/// `requires` whose target conflicts with another option given, so the
/// subcommands check these themselves.)
pub fn refuse_unused(rules: &[(bool, &str)]) -> Result<(), puzzles::Error> {
    match rules.iter().find(|(given, _)| *given) {
        Some((_, why)) => Err(puzzles::Error::usage(*why)),
        None => Ok(()),
    }
}

/// An error as the command line words it: a refused size names the option
/// that gets around it (the library speaks of methods and requests, not flags).
pub fn message(e: &puzzles::Error) -> String {
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
    let (what, advice): (&str, &str) = match bound {
        Bound::GaussCells => ("cells for --method gauss", "; use --method poly or chase"),
        Bound::NaiveCells => (
            "cells for --method naive",
            "; use --method first-row or poly",
        ),
        Bound::FirstRowUnknowns => (
            "first-row unknowns (the shorter side) for --method first-row",
            "; use --method poly or chase",
        ),
        Bound::FirstRowSteps => (
            "row steps (2^C first rows × L rows) for --method first-row",
            "; use --method poly or chase",
        ),
        Bound::PolySide => ("board side for --method poly", "; use --method chase"),
        Bound::ShortestCells => (
            "cells for the exact shortest walk",
            "; use --builder short or diagonal",
        ),
        Bound::QuietPatternCells => (
            "quiet pattern cells to print",
            "; drop --quiet-patterns (the nullity is in the summary)",
        ),
        Bound::NullitySide => ("side for --nullity", "; ask for a range of smaller sides"),
        Bound::Listing(_) => ("", "; pass --limit K to list the first K, or --count"),
        Bound::UnlimitedListingSquares => (
            "board squares for --all without --limit",
            "; its tours run to millions (6×6 alone has 6,637,920): give --limit K",
        ),
        Bound::HeldCells => (
            "cells of solutions held for one JSON object",
            "; pass a smaller --limit, or drop --json (the text listing is streamed)",
        ),
        Bound::SvgCells => (
            "cells to draw",
            "; drop --svg and --sheet (the text and --json hold the whole answer)",
        ),
        _ => return e.to_string(),
    };
    let what = match what {
        "" => bound.what(),
        words => words.into(),
    };
    puzzles::Error::usage(format!(
        "{what} {got} is over the limit of {limit}{note}{advice}"
    ))
    .to_string()
}

/// Says on stderr that a stream of answers on stdout (a listing, a table)
/// stopped early: stdout keeps only whole answers, in text and JSON alike.
pub fn partial_note(msg: &str) {
    let style = output::style(Tone::Partial);
    anstream::eprintln!("puzzles: {style}{msg}{style:#}");
}
