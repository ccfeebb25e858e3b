//! The real terminal: the checks before a game starts, the event loop, and the guard that restores the terminal.

use super::{is_ctrl_c, is_quit, Flow, Screen};
use crate::cli::{Context, Exit, Failure};
use puzzles::Error;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::terminal::{
    self, disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::Terminal;
use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};

/// Longest wait for input before the stop flag (SIGTERM) is looked at again.
const POLL: Duration = Duration::from_millis(100);

/// Whether the terminal is in the game's mode, so that the panic hook knows to restore it.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Refuses to start unless stdin and stdout are a terminal at least `min` (columns, rows) large.
pub fn check_terminal(what: &str, min: (u16, u16)) -> Result<(), Error> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(Error::usage(format!(
            "{what} needs a terminal on stdin and stdout; use --svg FILE or the text output (without {what}) instead"
        )));
    }
    let (cols, rows) = terminal::size().map_err(|e| Error::Io {
        path: "<terminal>".to_string(),
        source: e,
    })?;
    if cols < min.0 || rows < min.1 {
        return Err(Error::usage(format!(
            "{what}: the terminal is {cols}×{rows}, this board needs {}×{}; enlarge it, or use --svg FILE or the text output",
            min.0, min.1
        )));
    }
    Ok(())
}

/// Puts the terminal back as it was; harmless when it already is (and when
/// no game ever ran): the signal handler calls it before ending the process.
pub fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = disable_raw_mode();
        let _ = execute!(
            io::stdout(),
            DisableMouseCapture,
            LeaveAlternateScreen,
            cursor::Show
        );
    }
}

/// The game's terminal mode while it lives: raw, alternate screen, mouse captured, cursor hidden.
struct Guard;

impl Guard {
    fn enter() -> io::Result<Guard> {
        // The panic hook of `cli.rs` ends the process without unwinding, so
        // no Drop would run: restore the terminal first, then let it print its line.
        static HOOK: Once = Once::new();
        HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore();
                previous(info);
            }));
        });
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let guard = Guard;
        execute!(
            io::stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            cursor::Hide
        )?;
        Ok(guard)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Plays `screen` in the terminal until it quits: `what` names the flag in
/// the refusal messages (`--play`, `--animate`). Status 0 when the player
/// quits, 130 on Ctrl-C or when a signal (SIGTERM, SIGINT from elsewhere) stopped the game.
pub fn run(screen: &mut dyn Screen, what: &str, ctx: &mut Context) -> Result<Exit, Failure> {
    check_terminal(what, screen.min_size())?;
    // Signals set the stop flag instead of ending the process: the loop sees
    // it and returns, and the guard restores the terminal on the way out.
    ctx.control.expect(puzzles::control::Stopping::Promptly);
    ctx.out.flush()?;
    let guard = Guard::enter()?;
    watch_hangup();
    let mut term = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    term.clear()?;
    // A signal the loop has not answered within the deadline (crossterm
    // waiting on a terminal gone) ends the run, the terminal given back.
    let outcome = crate::cli::at_work(&ctx.working, || event_loop(screen, &mut term, ctx));
    // A loop that came back on a terminal gone (an error reading it, say).
    end_if_hung_up();
    drop(guard);
    outcome
}

/// The exit status of a game whose terminal went away: 128 + SIGHUP, as a
/// shell reports a process a hang-up ended.
const HUNG_UP: i32 = 129;

/// Ends the process (status [`HUNG_UP`]) once the game's terminal goes away —
/// closed, hung up — while the game lives: crossterm's reader would then read
/// nothing, over and over, and never come back to the loop (where no SIGHUP
/// comes: a game started in a session of its own, `setsid`).
fn watch_hangup() {
    std::thread::spawn(|| {
        while ACTIVE.load(Ordering::SeqCst) {
            end_if_hung_up();
            std::thread::sleep(POLL);
        }
    });
}

/// Ends the process with [`HUNG_UP`], saying nothing (there is no one to
/// read it), when a game holds the terminal and the terminal is gone; else
/// returns. The signal handler calls it first, since a hang-up also sends
/// SIGHUP to a game in the terminal's session.
pub fn end_if_hung_up() {
    if ACTIVE.load(Ordering::SeqCst) && (hung_up(0) || hung_up(1)) {
        restore();
        std::process::exit(HUNG_UP);
    }
}

/// Whether the terminal on file descriptor `fd` is hung up or closed.
#[cfg(unix)]
fn hung_up(fd: i32) -> bool {
    let mut watched = libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    };
    // SAFETY: one valid pollfd and a zero timeout; poll reports hang-ups and
    // errors whatever the events asked for, and reads nothing.
    let ready = unsafe { libc::poll(&mut watched, 1, 0) };
    ready > 0 && watched.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
}

/// Elsewhere a hang-up is not watched for.
#[cfg(not(unix))]
fn hung_up(_: i32) -> bool {
    false
}

fn event_loop(
    screen: &mut dyn Screen,
    term: &mut Terminal<CrosstermBackend<io::Stdout>>,
    ctx: &Context,
) -> Result<Exit, Failure> {
    let mut next_tick = screen.tick_in().map(|d| Instant::now() + d);
    loop {
        term.draw(|f| screen.draw(f))?;
        if ctx.control.stopped() {
            return Ok(Exit::Interrupted);
        }
        let wait = match next_tick {
            Some(at) => at.saturating_duration_since(Instant::now()).min(POLL),
            None => POLL,
        };
        if event::poll(wait)? {
            let ev = event::read()?;
            if is_ctrl_c(&ev) {
                return Ok(Exit::Interrupted);
            }
            if is_quit(&ev) || screen.handle(&ev) == Flow::Quit {
                return Ok(Exit::Answered);
            }
            // A key may pause, resume or speed up an animation.
            let due = screen.tick_in();
            next_tick = match (due, next_tick) {
                (Some(d), None) => Some(Instant::now() + d),
                (Some(d), Some(at)) => Some(at.min(Instant::now() + d)),
                (None, _) => None,
            };
        }
        if let Some(at) = next_tick {
            if Instant::now() >= at {
                screen.tick();
                next_tick = screen.tick_in().map(|d| Instant::now() + d);
            }
        }
    }
}
