//! Long work shown where no bar shows it: a spinner on a terminal, a note off one.
//!
//! Work that counts draws its own bar on a terminal (see `Context::progress`);
//! the rest (one board solved, a count by elimination, a generator's tries
//! off a terminal) would run for minutes in silence. [`showing_long`] runs
//! it and, while it lasts, says it is still at work.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// How long work without a bar runs before a terminal shows a spinner.
const SPINNER_AFTER: Duration = Duration::from_secs(2);

/// How long work runs before a line on stderr, off a terminal, says it still is.
const NOTE_AFTER: Duration = Duration::from_secs(60);

/// Runs `work`; if it lasts, says so on stderr: on a terminal a spinner with
/// the time spent (from [`SPINNER_AFTER`] on, unless the work draws its own
/// bar, `drawn`, or the output is to stay quiet, `quiet`), off a terminal one
/// line once [`NOTE_AFTER`] has passed (a log then shows the run alive, and
/// how to stop it).
pub fn showing_long<T>(drawn: bool, quiet: bool, work: impl FnOnce() -> T) -> T {
    let terminal = std::io::stderr().is_terminal();
    if terminal && (drawn || quiet) {
        return work();
    }
    let (done, wait) = channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let after = if terminal { SPINNER_AFTER } else { NOTE_AFTER };
            if wait.recv_timeout(after) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            if terminal {
                let spinner = ProgressBar::new_spinner();
                if let Ok(style) = ProgressStyle::with_template(
                    "{spinner} still at work after {elapsed} (Ctrl-C stops)",
                ) {
                    spinner.set_style(style);
                }
                spinner.enable_steady_tick(Duration::from_millis(120));
                let _ = wait.recv();
                spinner.finish_and_clear();
            } else {
                let _ = writeln!(
                    std::io::stderr(),
                    "puzzles: still at work after {} s (Ctrl-C or SIGTERM stops it)",
                    after.as_secs()
                );
            }
        });
        let result = work();
        drop(done);
        result
    })
}
