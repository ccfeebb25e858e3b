//! Where answers go: buffered stdout, JSON or text, and the mapping from outcome to exit status.

use puzzles::Error;
use serde::Serialize;
use std::io::{self, BufWriter, Stdout, Write};

/// How a subcommand ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// An answer was produced.
    Answered,
    /// The puzzle has no solution (the output says so).
    NoSolution,
    /// Stopped by a signal; what was found so far was printed.
    Interrupted,
}

impl Outcome {
    /// The process exit status for this outcome.
    pub fn exit_status(self) -> u8 {
        match self {
            Outcome::Answered => 0,
            Outcome::NoSolution => 1,
            Outcome::Interrupted => 130,
        }
    }
}

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

/// Buffered standard output.
pub struct Out {
    w: BufWriter<Stdout>,
}

impl Out {
    /// Standard output behind a buffer.
    pub fn stdout() -> Self {
        Out {
            w: BufWriter::with_capacity(1 << 16, io::stdout()),
        }
    }

    /// Writes `value` as one line of JSON.
    pub fn json<T: Serialize>(&mut self, value: &T) -> Result<(), Failure> {
        serde_json::to_writer(&mut self.w, value).map_err(|e| Failure::from(io::Error::from(e)))?;
        self.w.write_all(b"\n")?;
        Ok(())
    }

    /// Writes text as it is.
    pub fn text(&mut self, s: &str) -> Result<(), Failure> {
        self.w.write_all(s.as_bytes())?;
        Ok(())
    }

    /// Writes raw bytes (a generated script or page).
    pub fn bytes(&mut self, b: &[u8]) -> Result<(), Failure> {
        self.w.write_all(b)?;
        Ok(())
    }

    /// Writes one line of text.
    pub fn line(&mut self, s: &str) -> Result<(), Failure> {
        self.w.write_all(s.as_bytes())?;
        self.w.write_all(b"\n")?;
        Ok(())
    }

    /// Pushes out what is buffered (answers so far, before a long wait or an exit).
    pub fn flush(&mut self) -> Result<(), Failure> {
        self.w.flush()?;
        Ok(())
    }
}
