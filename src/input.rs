//! Reading puzzle text from a file or standard input (and writing rows back for a later reading), and parsing the small values every subcommand shares.

use crate::error::{Error, Result};
use std::io::Read;

/// Puzzle text together with the name used in error messages.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Source {
    /// The file name as given, or `-` (standard input, as given on the command line).
    pub name: String,
    /// The whole text.
    pub text: String,
}

/// The largest input accepted, in bytes (a 10,000 × 10,000 board in `0/1` rows fits).
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

impl Source {
    /// Text given directly, named `name` in messages.
    ///
    /// The text is read as a file would be (see `normalise`): a byte-order
    /// mark, carriage returns and blanks at line ends are dropped.
    pub fn from_text(name: &str, text: impl Into<String>) -> Self {
        Source {
            name: name.to_string(),
            text: normalise(text.into()),
        }
    }

    /// Reads `path`, or standard input when `path` is `-`.
    ///
    /// Refuses inputs above [`MAX_INPUT_BYTES`] and text that is not UTF-8.
    pub fn read(path: &str) -> Result<Self> {
        let mut size = 0;
        let (name, reader): (String, Box<dyn Read>) = if path == "-" {
            ("-".to_string(), Box::new(std::io::stdin().lock()))
        } else {
            let file = std::fs::File::open(path).map_err(|source| Error::Io {
                path: path.to_string(),
                source,
            })?;
            // A file's size is known: refuse it before reading a byte.
            if let Ok(meta) = file.metadata() {
                if meta.is_file() && meta.len() > MAX_INPUT_BYTES {
                    return Err(too_large(path, meta.len()));
                }
                size = meta.len();
            }
            (path.to_string(), Box::new(file))
        };
        // Sized for the whole file: read in place, never copied to a larger buffer.
        let mut bytes = Vec::with_capacity(size as usize + 1);
        reader
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|source| Error::Io {
                path: name.clone(),
                source,
            })?;
        if bytes.len() as u64 > MAX_INPUT_BYTES {
            // Only MAX_INPUT_BYTES + 1 bytes were read: the size is a lower bound.
            return Err(too_large(&name, bytes.len() as u64));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let col = valid.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
            Error::parse(&name, line, col, "the text is not valid UTF-8")
        })?;
        Ok(Source {
            name,
            text: normalise(text),
        })
    }

    /// An error at a 1-based line and column of this source.
    pub fn error(&self, line: usize, col: usize, msg: impl Into<String>) -> Error {
        Error::parse(&self.name, line, col, msg)
    }
}

/// The one reading of every text input (Sudoku grids and batches, Lights Out
/// states, stencils, graphs, pencil marks, walks): a UTF-8 byte-order mark at
/// the start is dropped, and so are the blanks (spaces, tabs, carriage
/// returns) at the end of each line, so that a file saved on Windows, or with
/// trailing spaces, reads as the same file without them. Columns of what is
/// left are unchanged (the mark is not a column).
pub(crate) fn normalise(text: String) -> String {
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let blank = |c: char| c == ' ' || c == '\t' || c == '\r';
    let clean = body.len() == text.len() && body.split('\n').all(|line| !line.ends_with(blank));
    if clean {
        return text;
    }
    let mut out = String::with_capacity(body.len());
    for (i, line) in body.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(line.trim_end_matches(blank));
    }
    out
}

/// The refusal of an input of `bytes` bytes (or more) read from `name`.
fn too_large(name: &str, bytes: u64) -> Error {
    Error::TooLarge {
        bound: crate::error::Bound::InputBytes,
        got: crate::error::Size::Count(bytes as u128),
        limit: crate::error::Size::Count(MAX_INPUT_BYTES as u128),
        note: format!(" in {name}; split it into smaller files"),
    }
}

/// A board side as typed on the command line: a whole number from 1 up
/// (surrounding blanks ignored). The message says what is wrong; the size
/// limits of each puzzle are checked later, by `Dims::new`.
pub fn parse_side(s: &str) -> Result<usize> {
    match s.trim().parse::<u64>() {
        Ok(0) => Err(Error::usage("a board side must be at least 1")),
        Ok(n) => usize::try_from(n).map_err(|_| Error::usage(format!("{n} is too large"))),
        Err(_) => Err(Error::usage(format!(
            "'{}' is not a whole number of at least 1",
            s.escape_debug()
        ))),
    }
}

/// A range of board sides `A..B` or `A..=B` (both ends included), or one side `A`.
pub fn parse_side_range(s: &str) -> Result<(usize, usize)> {
    let (a, b) = s.split_once("..").unwrap_or((s, s));
    let a = parse_side(a)?;
    let b = parse_side(b.strip_prefix('=').unwrap_or(b))?;
    if a > b {
        return Err(Error::usage(format!(
            "the range {} is empty",
            s.escape_debug()
        )));
    }
    Ok((a, b))
}

/// Writes rows of text to `path`, one per line: a board's presses (0/1, or
/// the digits of K states) in the form a position file is read back in.
pub fn write_rows(path: &str, rows: &[String]) -> Result<()> {
    use std::io::Write;
    let io = |source| Error::Io {
        path: path.to_string(),
        source,
    };
    let file = std::fs::File::create(path).map_err(io)?;
    let mut w = std::io::BufWriter::new(file);
    for row in rows {
        writeln!(w, "{row}").map_err(io)?;
    }
    w.flush().map_err(io)
}

#[cfg(test)]
mod tests {
    use super::normalise;

    #[test]
    fn normalise_drops_the_byte_order_mark_and_carriage_returns() {
        assert_eq!(normalise("\u{feff}1 2 \r\n3\t\r\n".to_string()), "1 2\n3\n");
        assert_eq!(normalise("plain\n".to_string()), "plain\n");
    }
}
