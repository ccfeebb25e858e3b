//! Where answers go: buffered stdout, JSON or text, colour, and the mapping from outcome to exit status.
//!
//! Colour is used sparingly, for the tones of a report's text only: verdicts (a solution,
//! no solution, partial results) and the cells to press. It is on when
//! `--color always` is given, or with `--color auto` (the default) when stdout
//! is a terminal and `NO_COLOR` is not set (<https://no-color.org>); never
//! with `--color never`, nor in JSON.

use puzzles::report::{Detail, Ending, Report, Text, Tone};
use puzzles::Error;
use serde::Serialize;
use std::io::{self, BufWriter, Stdout, Write};

/// How a subcommand ended: the library's [`Ending`] of its request.
pub type Exit = Ending;

/// Why a subcommand did not finish normally.
#[derive(Debug)]
pub enum Failure {
    /// The reader of our output went away: stop quietly.
    BrokenPipe,
    /// Bad usage, bad input, or a failed write: one line, exit 2.
    Error(Error),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Error(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Error(Error::Io {
                path: "<stdout>".to_string(),
                source: e,
            })
        }
    }
}

/// The one style of each tone (also used on stderr, through anstream).
pub fn style(tone: Tone) -> anstyle::Style {
    use anstyle::{AnsiColor, Style};
    match tone {
        Tone::Good => Style::new().fg_color(Some(AnsiColor::Green.into())),
        Tone::Bad => Style::new().fg_color(Some(AnsiColor::Red.into())).bold(),
        Tone::Partial => Style::new().fg_color(Some(AnsiColor::Yellow.into())),
        Tone::Mark => Style::new().fg_color(Some(AnsiColor::Cyan.into())).bold(),
    }
}

/// Buffered standard output.
pub struct Out {
    w: BufWriter<Stdout>,
    color: bool,
}

impl Out {
    /// Standard output behind a buffer; coloured as `--color`, the terminal and `NO_COLOR` decide.
    pub fn stdout() -> Self {
        let stdout = io::stdout();
        let color = !matches!(
            anstream::AutoStream::choice(&stdout),
            anstream::ColorChoice::Never
        );
        Out {
            w: BufWriter::with_capacity(1 << 16, stdout),
            color,
        }
    }

    /// `text` in the style of `tone` when colour is on, else as it is.
    pub fn paint(&self, tone: Tone, text: &str) -> String {
        if self.color && !text.is_empty() {
            let style = style(tone);
            format!("{style}{text}{style:#}")
        } else {
            text.to_string()
        }
    }

    /// Writes text, its highlighted pieces and marked cells painted.
    pub fn write(&mut self, text: &Text) -> Result<(), Failure> {
        for piece in text.pieces() {
            match (piece.tone, piece.marks) {
                (Some(tone), _) => {
                    let painted = self.paint(tone, &piece.text);
                    self.w.write_all(painted.as_bytes())?
                }
                (None, Some(mark)) if self.color => self.write_marked(&piece.text, mark)?,
                _ => self.w.write_all(piece.text.as_bytes())?,
            }
        }
        Ok(())
    }

    /// Writes `text` with every run of `mark` painted as [`Tone::Mark`] (one escape pair per run).
    fn write_marked(&mut self, text: &str, mark: char) -> Result<(), Failure> {
        let mut rest = text;
        while let Some(start) = rest.find(mark) {
            let end = rest[start..]
                .find(|c| c != mark)
                .map_or(rest.len(), |n| start + n);
            let painted = self.paint(Tone::Mark, &rest[start..end]);
            self.w.write_all(&rest.as_bytes()[..start])?;
            self.w.write_all(painted.as_bytes())?;
            rest = &rest[end..];
        }
        self.w.write_all(rest.as_bytes())?;
        Ok(())
    }

    /// Writes a report as one line of JSON or as its text.
    pub fn report<R: Report>(
        &mut self,
        report: &R,
        json: bool,
        detail: Detail,
    ) -> Result<(), Failure> {
        match json {
            true => self.json(report),
            false => self.write(&report.text(detail)),
        }
    }

    /// Writes `value` as one line of JSON.
    pub fn json<T: Serialize>(&mut self, value: &T) -> Result<(), Failure> {
        serde_json::to_writer(&mut self.w, value).map_err(|e| Failure::from(io::Error::from(e)))?;
        self.w.write_all(b"\n")?;
        Ok(())
    }

    /// Writes raw bytes (a generated script or page).
    pub fn bytes(&mut self, b: &[u8]) -> Result<(), Failure> {
        self.w.write_all(b)?;
        Ok(())
    }

    /// Pushes out what is buffered (answers so far, before a long wait or an exit).
    pub fn flush(&mut self) -> Result<(), Failure> {
        self.w.flush()?;
        Ok(())
    }
}
