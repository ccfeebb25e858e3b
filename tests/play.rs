//! The terminal front end run for real: refused off a terminal, and in a
//! pseudo-terminal played with a few keys, quit cleanly, the terminal restored.
//!
//! The pseudo-terminal runs a small shell script that starts `puzzles`,
//! prints its process id, waits for it, then prints `stty -a` (whether raw
//! mode was switched back off) and exits with `puzzles`' own status. What the
//! game writes is read back through a terminal emulator (`vt100`), so the
//! tests see the screen a player sees.

use super::util::puzzles;
use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The pseudo-terminal's size.
const COLS: u16 = 80;
const ROWS: u16 = 24;

/// Longest wait for anything the game should show.
const TIMEOUT: Duration = Duration::from_secs(20);

#[test]
fn play_and_animate_refuse_a_stdin_or_stdout_that_is_not_a_terminal() {
    for args in [
        &["lightsout", "4", "--play"][..],
        &["revertigo", "3", "3", "--play"],
        &["knight", "5", "--animate"],
        &["sudoku", "puzzles/sudoku/4x4.txt", "--play"],
    ] {
        let out = puzzles(args).write_stdin("q").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("needs a terminal") && err.contains("--svg"),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
}

/// A `puzzles` process in a pseudo-terminal of `cols` × `rows`.
struct Session {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Arc<Mutex<Vec<u8>>>,
    /// Set to end the reader, whose copy of the master then closes.
    stop_reading: Arc<AtomicBool>,
    reader: Option<std::thread::JoinHandle<()>>,
    // Kept open until the end: closing the master hangs the child up.
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

/// The script that starts `puzzles` in the background and reports on it.
/// Without job control a background command's stdin is /dev/null: it is
/// handed the terminal explicitly through fd 3.
const SCRIPT: &str = r#"exec 3<&0; "$0" "$@" <&3 3<&- & p=$!; echo "PID=$p."; wait $p; s=$?; echo "STATUS=$s."; stty -a; exit $s"#;

impl Session {
    fn start(args: &[&str]) -> Session {
        Session::spawn(SCRIPT, args, &[])
    }

    /// `puzzles args` started by the shell `script` (`$0` the program, `$@`
    /// its arguments) in a new pseudo-terminal, with the variables `env`.
    fn spawn(script: &str, args: &[&str], env: &[(&str, &str)]) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let bin = assert_cmd::cargo::cargo_bin("puzzles");
        let mut cmd = CommandBuilder::new("sh");
        cmd.arg("-c");
        cmd.arg(script);
        cmd.arg(bin);
        cmd.args(args);
        cmd.cwd(env!("CARGO_MANIFEST_DIR"));
        cmd.env("TERM", "xterm-256color");
        for (key, value) in env {
            cmd.env(key, value);
        }
        let child = pty.slave.spawn_command(cmd).expect("sh starts");
        drop(pty.slave);
        let fd = pty.master.as_raw_fd().expect("a pseudo-terminal's master");
        // SAFETY: the master's descriptor is open while `pty.master` lives;
        // the copy made from it is owned by the reader.
        let mut reader = std::fs::File::from(
            unsafe { std::os::fd::BorrowedFd::borrow_raw(fd) }
                .try_clone_to_owned()
                .unwrap(),
        );
        let writer = pty.master.take_writer().unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&output);
        let stop_reading = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&stop_reading);
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while !stop.load(Ordering::SeqCst) {
                // Waits for output at most 20 ms at a time, so that a stop is seen.
                let mut ready = libc::pollfd {
                    fd: std::os::fd::AsRawFd::as_raw_fd(&reader),
                    events: libc::POLLIN,
                    revents: 0,
                };
                // SAFETY: one valid pollfd on a descriptor the reader owns.
                if unsafe { libc::poll(&mut ready, 1, 20) } <= 0 {
                    continue;
                }
                match reader.read(&mut buf) {
                    Ok(n) if n > 0 => sink.lock().unwrap().extend_from_slice(&buf[..n]),
                    _ => break,
                }
            }
        });
        Session {
            child,
            writer,
            output,
            stop_reading,
            reader: Some(reader),
            _master: pty.master,
        }
    }

    /// Closes the pseudo-terminal's master, every copy of it, as a terminal
    /// window closed or an ssh connection dropped: the game's terminal is gone.
    fn hang_up(mut self) -> Box<dyn portable_pty::Child + Send + Sync> {
        self.stop_reading.store(true, Ordering::SeqCst);
        self.reader.take().unwrap().join().unwrap();
        drop(self.writer);
        drop(self._master);
        self.child
    }

    /// Everything written so far, as text.
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }

    /// The terminal as a player sees it after everything written so far.
    fn emulated(&self) -> vt100::Parser {
        let mut vt = vt100::Parser::new(ROWS, COLS, 0);
        vt.process(&self.output.lock().unwrap());
        vt
    }

    /// Waits until the raw output (from byte `from` on) contains `needle`; returns where it ends.
    fn wait_for(&self, needle: &str, from: usize) -> usize {
        let t0 = Instant::now();
        loop {
            let text = self.text();
            if let Some(i) = text.get(from..).and_then(|t| t.find(needle)) {
                return from + i + needle.len();
            }
            assert!(t0.elapsed() < TIMEOUT, "no {needle:?} in {text:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the screen shows `needle`.
    fn wait_screen(&self, needle: &str) {
        let t0 = Instant::now();
        loop {
            let screen = self.emulated().screen().contents();
            if screen.contains(needle) {
                return;
            }
            assert!(
                t0.elapsed() < TIMEOUT,
                "no {needle:?} on the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// The process id of `puzzles` (not of the shell around it).
    fn pid(&self) -> String {
        let end = self.wait_for("PID=", 0);
        let stop = self.wait_for(".", end);
        self.text()[end..stop - 1].to_string()
    }

    /// Waits for the shell to end; returns `puzzles`' exit status, everything
    /// written, and the emulated terminal at the end.
    fn finish(mut self) -> (u32, String, vt100::Parser) {
        let t0 = Instant::now();
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            if t0.elapsed() > TIMEOUT {
                let _ = self.child.kill();
                panic!("the game did not end; screen: {:?}", self.text());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        // Let the reader drain what is left.
        std::thread::sleep(Duration::from_millis(100));
        (status.exit_code(), self.text(), self.emulated())
    }
}

/// The terminal was given back: main screen, mouse released, cursor shown, raw mode off.
fn assert_restored(out: &str, vt: &vt100::Parser) {
    assert!(
        out.contains("\x1b[?1049h"),
        "the alternate screen was entered"
    );
    let screen = vt.screen();
    assert!(!screen.alternate_screen(), "still on the alternate screen");
    assert!(!screen.hide_cursor(), "the cursor is still hidden");
    assert_eq!(
        screen.mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "the mouse is still captured"
    );
    let stty = &out[out.find("STATUS=").expect("the shell went on")..];
    let flags: Vec<&str> = stty.split_whitespace().collect();
    for flag in ["icanon", "echo", "isig"] {
        assert!(
            flags.contains(&flag),
            "{flag} is off after the game: {stty}"
        );
    }
}

#[test]
fn lightsout_in_a_terminal_takes_keys_and_a_click_then_quits_cleanly() {
    let mut s = Session::start(&["lightsout", "3", "--play", "--seed", "7"]);
    s.wait_screen("Lights Out 3×3, seed 7 · 0 presses");
    // Right, then space: a press at the cursor.
    s.send("\x1b[C");
    s.send(" ");
    s.wait_screen("· 1 press ·");
    s.send("s");
    s.wait_screen("marked ●");
    // A left click (SGR mouse report, 1-based) on the top-left cell.
    s.send("\x1b[<0;3;3M\x1b[<0;3;3m");
    s.wait_screen("· 2 presses ·");
    s.send("q");
    let (status, out, vt) = s.finish();
    assert_eq!(status, 0, "{out:?}");
    assert_restored(&out, &vt);
}

#[test]
fn sudoku_in_a_terminal_takes_a_click_a_digit_an_undo_and_a_hint_then_quits_cleanly() {
    let mut s = Session::start(&["sudoku", "puzzles/sudoku/4x4.txt", "--play"]);
    s.wait_screen("Sudoku 4×4 (boxes 2×2) · 4 clues · 0 moves · 12 empty");
    // A left click (SGR, 1-based) on cell 0,1: screen column 5, row 3.
    s.send("\x1b[<0;5;3M\x1b[<0;5;3m");
    s.wait_screen("r1c2: empty.");
    s.send("3");
    s.wait_screen("3 at r1c2.");
    s.wait_screen("· 1 move · 11 empty");
    s.send("u");
    s.wait_screen("Move taken back.");
    s.send("h");
    s.wait_screen("Hint: hidden-single (1.2)");
    s.send("q");
    let (status, out, vt) = s.finish();
    assert_eq!(status, 0, "{out:?}");
    assert_restored(&out, &vt);
}

#[test]
fn revertigo_in_a_terminal_is_won_with_the_arrows_and_ctrl_c_ends_it_with_130() {
    let mut s = Session::start(&["revertigo", "2", "2", "--play"]);
    s.wait_screen("Revertigo 2×2");
    // The seed's 2×2 walk: N, E, S.
    s.send("\x1b[A");
    s.send("\x1b[C");
    s.send("\x1b[B");
    s.wait_screen("All black in 3 moves! NES");
    // Ctrl-C is a key in raw mode; it ends the game as the signal would.
    s.send("\x03");
    let (status, out, vt) = s.finish();
    assert_eq!(status, 130, "{out:?}");
    assert_restored(&out, &vt);
}

#[test]
fn sigterm_ends_the_knight_animation_and_restores_the_terminal() {
    let s = Session::start(&[
        "knight",
        "8",
        "--animate",
        "--order",
        "plain",
        "--delay",
        "20",
    ]);
    s.wait_screen("Knight 8×8");
    signal_and_expect_restored(s, "kill -TERM PID");
}

#[test]
fn a_second_sigterm_still_restores_the_terminal() {
    let s = Session::start(&["lightsout", "3", "--play", "--seed", "7"]);
    s.wait_screen("Lights Out 3×3");
    // 10 ms apart: the second lands before the game loop (which looks every
    // 100 ms) has seen the first, so the signal handler itself must restore.
    // The first may already have ended it: the second then finds no process.
    signal_and_expect_restored(
        s,
        "kill -TERM PID; sleep 0.01; kill -TERM PID 2>/dev/null || true",
    );
}

/// Runs the shell `script` with `PID` standing for the game's process, then
/// expects exit status 130 and the terminal given back.
fn signal_and_expect_restored(s: Session, script: &str) {
    let script = script.replace("PID", &s.pid());
    let killed = std::process::Command::new("sh")
        .args(["-c", &script])
        .status()
        .unwrap();
    assert!(killed.success());
    let (status, out, vt) = s.finish();
    assert_eq!(status, 130, "{out:?}");
    assert_restored(&out, &vt);
}

/// A game started by `script` (see [`SCRIPT`]) whose terminal then goes
/// away: within a second it has ended with status 129, the status the shell
/// wrote to a file (the terminal it would print on is gone).
fn hang_up_and_expect_129(script: &str) {
    let status_file = std::env::temp_dir().join(format!(
        "puzzles-test-{}-hangup-{}",
        std::process::id(),
        script.len()
    ));
    let _ = std::fs::remove_file(&status_file);
    let s = Session::spawn(
        script,
        &["lightsout", "3", "--play", "--seed", "7"],
        &[("STATUS_FILE", status_file.to_str().unwrap())],
    );
    s.wait_screen("Lights Out 3×3, seed 7");
    let _child = s.hang_up();
    let t0 = Instant::now();
    let status = loop {
        // The shell writes the file whole, a line: read it once it ends so.
        match std::fs::read_to_string(&status_file) {
            Ok(text) if text.ends_with('\n') => break text,
            _ => {}
        }
        assert!(
            t0.elapsed() < Duration::from_secs(1),
            "the game still runs a second after its terminal went away"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = std::fs::remove_file(&status_file);
    assert_eq!(status.trim(), "129");
}

#[test]
fn a_game_whose_terminal_hangs_up_ends_with_129() {
    // The game in the terminal's session: the hang-up sends it SIGHUP. The
    // shell ignores SIGHUP so as to live on and write the status.
    hang_up_and_expect_129(
        r#"trap '' HUP; exec 3<&0; "$0" "$@" <&3 3<&- & p=$!; wait $p; echo $? > "$STATUS_FILE""#,
    );
}

#[test]
#[cfg(target_os = "linux")]
fn a_game_in_a_session_of_its_own_ends_with_129_when_its_terminal_closes() {
    // Started by setsid, the game gets no SIGHUP: it reads end of file on a
    // closed terminal (crossterm then reads nothing, for ever), and must see
    // the hang-up for itself.
    hang_up_and_expect_129(
        r#"trap '' HUP; exec 3<&0; setsid "$0" "$@" <&3 3<&- & p=$!; wait $p; echo $? > "$STATUS_FILE""#,
    );
}

/// Long work that draws no bar (one board solved by elimination) shows a
/// spinner with the time spent on a terminal after a couple of seconds, and
/// a signal still ends it.
#[test]
fn a_long_solve_shows_that_it_is_still_at_work_on_a_terminal() {
    // About a minute of work on an idle machine: stopped long before.
    let s = Session::start(&["lightsout", "5000", "--torus", "--count"]);
    s.wait_screen("still at work after");
    let script = format!("kill -TERM {}", s.pid());
    let killed = std::process::Command::new("sh")
        .args(["-c", &script])
        .status()
        .unwrap();
    assert!(killed.success());
    let (status, out, _) = s.finish();
    assert_eq!(status, 130, "{out:?}");
}

#[test]
fn a_terminal_too_small_for_the_board_is_refused() {
    let s = Session::start(&["knight", "30", "--animate"]);
    let (status, out, _) = s.finish();
    assert_eq!(status, 2, "{out:?}");
    assert!(out.contains("the terminal is 80×24"), "{out:?}");
    assert!(out.contains("--svg"), "{out:?}");
    assert!(!out.contains("\x1b[?1049h"), "no screen was set up");
}
