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
use puzzles::ask::{Ask, Pace, Stopping};
use puzzles::render::Picture;
use puzzles::report::{Detail, Report, Text};
use puzzles::Control;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

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
    /// Progress as lines on stderr where no bar can be drawn (process 0 of a
    /// distributed count, whose stderr is a log).
    pub progress_lines: bool,
}

/// Whether the running work polls the stop flag and reports what it found when stopped.
static INTERRUPTIBLE: AtomicBool = AtomicBool::new(false);

/// How long, in milliseconds, interruptible work may take to stop after Ctrl-C
/// before the process ends anyway with 130 (0: as long as it takes).
static GRACE_MS: AtomicU64 = AtomicU64::new(0);

impl Context {
    /// Declares how the work from here on answers the stop flag: when it polls
    /// it, Ctrl-C stops it cleanly (it reports what it found) instead of
    /// ending the process, and work that polls only between long steps is
    /// given its grace before the process ends with 130 all the same.
    pub fn allow_stop(&self, stopping: Stopping) {
        let grace = match stopping {
            Stopping::Never => return,
            Stopping::Promptly => 0,
            Stopping::Within(grace) => grace.as_millis() as u64,
        };
        GRACE_MS.store(grace, Ordering::SeqCst);
        INTERRUPTIBLE.store(true, Ordering::SeqCst);
    }

    /// A control that shows the progress of work of this `pace` on stderr: a
    /// bar when it sets a total, a spinner otherwise, drawn only when stderr
    /// is a terminal (else lines, when asked), never with `--quiet` or `--json`.
    pub fn progress(&self, common: &Common, pace: Pace) -> Control {
        let control = self.control.clone();
        let Some(unit) = pace.unit.filter(|_| !common.quiet && !common.json) else {
            return control;
        };
        if !std::io::stderr().is_terminal() {
            return match self.progress_lines {
                true => control.with_progress(Arc::new(Lines::default())),
                false => control,
            };
        }
        let (bar, template) = match pace.bounded {
            true => (
                ProgressBar::new(0),
                "{spinner} [{bar:30}] {human_pos}/{human_len} UNIT, {per_sec}, eta {eta} {msg} (Ctrl-C stops)",
            ),
            false => (
                ProgressBar::new_spinner(),
                "{spinner} {human_pos} UNIT, {per_sec}, {elapsed} {msg} (Ctrl-C stops)",
            ),
        };
        if let Ok(style) = ProgressStyle::with_template(&template.replace("UNIT", unit)) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        control.with_progress(Arc::new(Bar(bar)))
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

/// Progress as one line on stderr for each note (a frontier count's column),
/// where no bar can be drawn.
#[derive(Default)]
struct Lines {
    /// The steps done and in all.
    done: AtomicU64,
    total: AtomicU64,
}

impl puzzles::control::Progress for Lines {
    fn set_total(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }
    fn advance(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }
    fn note(&self, message: &str) {
        let (done, total) = (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        );
        eprintln!("puzzles: column {done} of {total}: {message}");
    }
    fn finish(&self) {}
}

/// Asks the library `request`, as its pace says: Ctrl-C stops it cleanly when
/// it polls, progress is drawn when it counts, and its streamed items are
/// printed as they come (after `heading`, in text).
pub fn ask<Q: Ask>(
    request: &Q,
    common: &Common,
    ctx: &mut Context,
    heading: Option<String>,
) -> Result<Q::Answer, Failure> {
    let pace = request.pace();
    ctx.allow_stop(pace.stopping);
    let ctl = ctx.progress(common, pace);
    let mut printer = Printer {
        out: &mut ctx.out,
        json: common.json,
        detail: common.detail(),
        heading: heading.filter(|_| !common.json),
        failed: None,
    };
    let answer = request.ask(&ctl, &mut printer);
    printer.failed.map_or(Ok(()), Err)?;
    ctl.progress().finish();
    Ok(answer?)
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
        progress_lines: false,
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
/// each (a complaint on stderr); keeps the first write error, which stops the request.
struct Printer<'a> {
    out: &'a mut Out,
    json: bool,
    detail: Detail,
    /// The comment line printed before the first item.
    heading: Option<String>,
    /// The first failed write.
    failed: Option<Failure>,
}

impl<I: Report> puzzles::Sink<I> for Printer<'_> {
    fn take(&mut self, item: I) -> ControlFlow<()> {
        let mut written = match self.heading.take() {
            Some(line) => self.out.write(Text::new().line(&line)),
            None => Ok(()),
        };
        if let Some(complaint) = item.complaint() {
            // In order with the answers before it.
            written = written.and_then(|()| self.out.flush());
            eprintln!("puzzles: {complaint}");
        } else {
            written = written.and_then(|()| self.out.report(&item, self.json, self.detail));
        }
        // An item may take long to find: let a reader see each at once.
        match written.and_then(|()| self.out.flush()) {
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
    ctx.out.report(answer, common.json, common.detail())?;
    if let Some(note) = answer.partial() {
        ctx.out.flush()?;
        partial_note(&note);
    }
    Ok(answer.ending())
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
    let first_row = "use --method poly or chase";
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
        Bound::UnlimitedListingSquares => (
            "board squares for --all without --limit",
            "its tours run to millions (6×6 alone has 6,637,920): give --limit K",
        ),
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

/// Says on stderr that a stream of answers on stdout (a listing, a table)
/// stopped early: stdout keeps only whole answers, in text and JSON alike.
pub fn partial_note(msg: &str) {
    let style = output::style(Tone::Partial);
    anstream::eprintln!("puzzles: {style}{msg}{style:#}");
}
