//! The command line: one clap subcommand per puzzle, validated once, then handed to the library.
//!
//! Nothing here knows a puzzle's rules; each `cli/<puzzle>.rs` turns flags into
//! a library call and the answer into text or JSON.

mod examples;
mod knight;
mod lightsout;
mod long;
mod manual;
mod output;
mod outputs;
mod play;
mod revertigo;
mod sudoku;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::control::{Interrupt, Pace};
use puzzles::render::Picture;
use puzzles::report::{Detail, Report, Text};
use puzzles::{Control, GridPuzzle};
use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;

pub use output::{style, Exit, Failure, Out};
pub use puzzles::report::Tone;

/// Solve, count, draw and play Lights Out, Revertigo, the knight's tour and Sudoku.
///
/// Board sizes are ROWS then COLS; cells are `row,col`, 0-based, row 0 at the top.
/// Exit status: 0 answered, 1 no solution, 2 bad usage or input, 130 interrupted.
#[derive(Debug, Parser)]
#[command(
    name = "puzzles",
    version,
    propagate_version = true,
    after_help = "Examples:\n  puzzles lightsout 10 --seed 1\n  puzzles revertigo 4 4\n  puzzles knight 6 6 --closed\n  \
puzzles examples sudoku/9x9-block | puzzles sudoku -\n  puzzles sudoku --generate 1 --seed 7 --play\n\n\
The manual pages and completions, installed for one user:\n  puzzles man --dir ~/.local/share/man/man1\n  \
puzzles completions bash --dir ~/.local/share/bash-completion/completions"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour the text output and the help: auto (on a terminal, unless
    /// NO_COLOR is set), always, or never.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    color: clap::ColorChoice,
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
    /// Print an example puzzle built into the command, or the list of them.
    #[command(
        after_help = "Examples:\n  puzzles examples\n  puzzles examples sudoku/9x9-line | puzzles sudoku -\n  puzzles examples lightsout/5x5-all-on > all-on.txt"
    )]
    Examples {
        /// The example to print, as the list names it (`.txt` may end it).
        #[arg(value_name = "NAME")]
        name: Option<String>,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell), or write it into a folder.
    #[command(
        after_help = "Examples:\n  puzzles completions bash --dir ~/.local/share/bash-completion/completions\n  puzzles completions zsh > _puzzles"
    )]
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
        /// Write the script into DIR (made if missing) under the name the
        /// shell looks for (puzzles, _puzzles, puzzles.fish, …) and print its path.
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
    },
    /// Print a manual page (roff): the command's, or a subcommand's with
    /// every option (puzzles-knight(1), …); or write them all into a folder.
    #[command(
        after_help = "Examples:\n  puzzles man --dir ~/.local/share/man/man1 && man puzzles-knight\n  puzzles man knight > puzzles-knight.1 && man ./puzzles-knight.1"
    )]
    Man {
        /// The subcommand whose page to print (default: the command's own page).
        #[arg(value_parser = manual::SUBCOMMANDS)]
        subcommand: Option<String>,
        /// Write the pages of the command and of every subcommand into DIR
        /// (made if missing: puzzles.1, puzzles-knight.1, …) and print their paths.
        #[arg(long, value_name = "DIR", conflicts_with = "subcommand")]
        dir: Option<std::path::PathBuf>,
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
    /// Where the run is: [`BEFORE`] the request, [`WORKING`] on it (an
    /// interrupt it has not answered within [`STOP_DEADLINE`] then ends the
    /// run), [`ANSWERED`] (the answer is being printed).
    pub working: Arc<AtomicU8>,
}

/// The run has not asked the library yet (or asks it nothing).
const BEFORE: u8 = 0;
/// The library is at work on the request.
const WORKING: u8 = 1;
/// The library has answered: the answer is being printed.
const ANSWERED: u8 = 2;

/// How long interrupted work may take to come back with what it found,
/// before the command ends the run itself: Ctrl-C is answered within half a second.
const STOP_DEADLINE: std::time::Duration = std::time::Duration::from_millis(350);

impl Context {
    /// A control that shows the progress of work of this `pace` on stderr: a
    /// bar when it sets a total, a spinner otherwise, drawn only when stderr
    /// is a terminal (else lines, when asked), never with `--quiet` or `--json`.
    pub fn progress(&self, common: &Common, pace: Pace) -> Control {
        let control = self.control.clone();
        let Some(unit) = pace.unit.filter(|_| !common.quiet && !common.json) else {
            return control;
        };
        // Off a terminal the bar is hidden: its notes become lines, when asked.
        let lines = !std::io::stderr().is_terminal();
        if lines && !self.progress_lines {
            return control;
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
        control.with_progress(Arc::new(Bar { bar, lines }))
    }
}

/// The library's progress reports drawn as an indicatif bar on stderr, or,
/// where none can be drawn, each note as a line (a frontier count's column).
struct Bar {
    bar: ProgressBar,
    lines: bool,
}

impl puzzles::control::Progress for Bar {
    fn set_total(&self, total: u64) {
        self.bar.set_length(total);
        self.bar.set_position(0);
    }
    fn advance(&self, n: u64) {
        self.bar.inc(n);
    }
    fn note(&self, message: &str) {
        match self.lines {
            // A count by classes names its class and how many there are.
            true if message.starts_with("class ") => eprintln!("puzzles: {message}"),
            true => eprintln!(
                "puzzles: column {} of {}: {message}",
                self.bar.position(),
                self.bar.length().unwrap_or_default()
            ),
            false => self.bar.set_message(message.to_string()),
        }
    }
    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Asks the library `request`, as its pace says: Ctrl-C stops it cleanly when
/// it polls, progress is drawn when it counts (else long work is shown by a
/// spinner, or a note off a terminal), and its streamed items are printed as
/// they come (after `heading`, in text).
pub fn ask<P: GridPuzzle>(
    request: &P::Request,
    common: &Common,
    ctx: &mut Context,
    heading: Option<String>,
) -> Result<P::Answer, Failure> {
    let pace = P::pace(request);
    ctx.control.expect(pace.stopping);
    let drawn = pace.unit.is_some() && !common.quiet && !common.json;
    let ctl = ctx.progress(common, pace);
    let working = Arc::clone(&ctx.working);
    let mut printer = Printer {
        out: &mut ctx.out,
        json: common.json,
        detail: common.detail(),
        heading: heading.filter(|_| !common.json),
        failed: None,
    };
    let answer = at_work(&working, || {
        long::showing_long(drawn, common.quiet || common.json, || {
            P::answer(request, &ctl, &mut printer)
        })
    });
    printer.failed.map_or(Ok(()), Err)?;
    ctl.progress().finish();
    Ok(answer?)
}

/// Runs `work` as the run's work, marked so in `working`: an interrupt stops
/// it through the stop flag, and ends the run itself when the work has not
/// come back within [`STOP_DEADLINE`].
pub fn at_work<T>(working: &AtomicU8, work: impl FnOnce() -> T) -> T {
    working.store(WORKING, Ordering::SeqCst);
    let done = work();
    working.store(ANSWERED, Ordering::SeqCst);
    done
}

/// Runs the subcommand named on the command line.
pub fn run(cli: Cli) -> Result<Exit, Failure> {
    let control = Control::new();
    let interrupted = control.clone();
    let working = Arc::new(AtomicU8::new(BEFORE));
    let watched = Arc::clone(&working);
    // Ctrl-C, SIGTERM and SIGHUP stop an interruptible search, which then reports what
    // it found so far; if it has not come back within STOP_DEADLINE (or its
    // grace, the shorter), and for work that never looks, the run ends at once
    // with 130, saying so, a game's terminal given back first. An answer in hand
    // is printed whole (a second Ctrl-C ends that too).
    let _ = ctrlc::set_handler(move || {
        // SIGHUP as a game's terminal went away: status 129 at once.
        play::end_if_hung_up();
        on_interrupt(&watched, &interrupted)
    });
    let mut ctx = Context {
        out: Out::stdout(),
        control,
        progress_lines: false,
        working,
    };
    let outcome = match cli.command {
        Command::LightsOut(args) => lightsout::run(args, &mut ctx),
        Command::Revertigo(args) => revertigo::run(args, &mut ctx),
        Command::Knight(args) => knight::run(args, &mut ctx),
        Command::Sudoku(args) => sudoku::run(args, &mut ctx),
        Command::Examples { name } => examples::print(name.as_deref(), &mut ctx.out),
        Command::Completions { shell, dir } => {
            manual::completions(shell, dir.as_deref(), &mut ctx.out)
        }
        Command::Man { subcommand, dir } => {
            manual::man(subcommand.as_deref(), dir.as_deref(), &mut ctx.out)
        }
    }?;
    ctx.out.flush()?;
    Ok(outcome)
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

/// Prints a request's answer (text or JSON), says on stderr what a request
/// stopped early left out, then draws the pictures asked for with `--svg`
/// and `--sheet` (the puzzle's own pictures of its answer), and gives the exit
/// status. A file that could not be written after the work (`unwritten`, or a
/// picture) is named after the answer, which is printed all the same: exit status 2.
pub fn conclude<P: GridPuzzle>(
    answer: &P::Answer,
    common: &Common,
    ctx: &mut Context,
    unwritten: Option<puzzles::Error>,
) -> Result<Exit, Failure> {
    ctx.out.report(answer, common.json, common.detail())?;
    ctx.out.flush()?;
    if let Some(note) = answer.partial() {
        partial_note(&note);
    }
    common.draw(&|which| P::picture(answer, which))?;
    match unwritten {
        Some(e) => Err(e.into()),
        None => Ok(answer.ending()),
    }
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
        let pictures = [
            ("--svg", &self.svg, Picture::Solved),
            ("--sheet", &self.sheet, Picture::Puzzle),
        ];
        for (option, path, which) in pictures {
            if let Some(path) = path {
                let svg = picture(which)?;
                std::fs::write(path, svg).map_err(|e| outputs::unwritten(option, path, &e))?;
            }
        }
        Ok(())
    }

    /// Checks, before any work, the pictures' files and the run's `other`
    /// files (each with its option): each writable, no two the same file.
    pub fn check_files(&self, other: &[(&str, Option<&str>)]) -> Result<(), puzzles::Error> {
        let mut files = vec![
            ("--svg", self.svg.as_deref()),
            ("--sheet", self.sheet.as_deref()),
        ];
        files.extend_from_slice(other);
        outputs::check(&files)
    }

    /// Refuses, before the work, a picture asked for of a `rows`×`cols` board too large to draw.
    pub fn check_drawable(&self, rows: usize, cols: usize) -> Result<(), puzzles::Error> {
        match self.draws() {
            true => puzzles::internals::check_drawable(puzzles::Dims { rows, cols }),
            false => Ok(()),
        }
    }

    /// The picture options given, as the user wrote them (`--svg and --sheet`), for a refusal.
    pub fn drawing_options(&self) -> String {
        let given: Vec<&str> = [("--svg", &self.svg), ("--sheet", &self.sheet)]
            .iter()
            .filter(|(_, path)| path.is_some())
            .map(|(option, _)| *option)
            .collect();
        given.join(" and ")
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

/// The options among `options` that were given, as a sentence names them
/// (`--a`, `--a and --b`, `--a, --b and --c`), then `one` or `many` as they
/// are one or more; empty when none was given. A refusal names only what the
/// user typed.
pub fn given(options: &[(bool, &str)], one: &str, many: &str) -> String {
    let names: Vec<&str> = options.iter().filter(|o| o.0).map(|o| o.1).collect();
    match names.as_slice() {
        [] => String::new(),
        [name] => format!("{name} {one}"),
        [first @ .., last] => format!("{} and {last} {many}", first.join(", ")),
    }
}

/// What an interrupt does, by where the run is (`working`): see [`run`].
fn on_interrupt(working: &Arc<AtomicU8>, control: &Control) {
    match working.load(Ordering::SeqCst) {
        ANSWERED if !control.stop_flag().swap(true, Ordering::SeqCst) => {}
        WORKING => match control.interrupt() {
            Interrupt::Stopping(grace) => {
                let deadline = grace.map_or(STOP_DEADLINE, |g| g.min(STOP_DEADLINE));
                let working = Arc::clone(working);
                std::thread::spawn(move || {
                    std::thread::sleep(deadline);
                    if working.load(Ordering::SeqCst) == WORKING {
                        interrupted_end();
                    }
                });
            }
            Interrupt::End => interrupted_end(),
        },
        _ => interrupted_end(),
    }
}

/// Ends the process as interrupted (130), giving a game's terminal back
/// first: the work had found nothing it could give (or had not said it yet).
fn interrupted_end() {
    // The bucket files of a count spilled to disk, whose work did not come back to remove them.
    puzzles::internals::remove_spills();
    play::end_if_hung_up();
    play::restore();
    // A spinner or bar drawn on the line: the note takes its place.
    if std::io::stderr().is_terminal() {
        let _ = write!(std::io::stderr(), "\r\x1b[2K");
    }
    partial_note("interrupted before an answer was found");
    std::process::exit(130);
}

/// Says on stderr that a stream of answers on stdout (a listing, a table)
/// stopped early: stdout keeps only whole answers, in text and JSON alike.
pub fn partial_note(msg: &str) {
    let style = output::style(Tone::Partial);
    // A stderr gone (a terminal hung up) is not worth a panic.
    let _ = writeln!(anstream::stderr(), "puzzles: {style}{msg}{style:#}");
}
