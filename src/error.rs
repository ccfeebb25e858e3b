//! The one error type of the library and the CLI: every failure a user can cause, with where it happened.

use std::fmt;

/// Everything that can go wrong before or while a puzzle is answered.
///
/// Each variant renders as one line: control characters from user text (a
/// newline inside an argument, say) are shown escaped, as `\n`. The CLI prints it after `puzzles: ` and
/// exits with status 2 (bad usage or input), except where noted.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Malformed input text: names the source, the 1-based line and column.
    #[error("{}:{line}:{col}: {}", one_line(.source_name), one_line(.msg))]
    Parse {
        /// File name, or `-` (standard input, as given on the command line).
        source_name: String,
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        col: usize,
        /// What is wrong there.
        msg: String,
    },
    /// A bad argument or a combination of arguments that makes no sense.
    #[error("{}", one_line(.0))]
    Usage(String),
    /// A size that would exhaust memory or run for ages, refused up front.
    #[error("{} {got} is over the limit of {limit}{}{}", .bound.what(), one_line(.note), .bound.advice())]
    TooLarge {
        /// Which limit was met.
        bound: Bound,
        /// The size asked for.
        got: Size,
        /// The largest size accepted.
        limit: Size,
        /// Details of this case (" (20000×20000 asked)"), starting with a space or "; " (may be empty).
        note: String,
    },
    /// A file that cannot be read or written.
    #[error("{}: {source}", one_line(.path))]
    Io {
        /// The path as the user gave it.
        path: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A produced answer failed its own verification: a bug, never the user's fault.
    #[error("internal check failed: {}", one_line(.0))]
    Check(String),
}

/// Which size limit a refusal met: each names what was measured and, in the
/// library's words, the way around it. A front end that has options of its
/// own (the command line) words the way around in its terms instead; see
/// [`Bound::what`] and [`Bound::advice`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Bound {
    /// The cells of a board.
    BoardCells,
    /// The bytes of an input file or stream.
    InputBytes,
    /// The cells of a board whose tours are counted by search.
    CountCells,
    /// The cells of a Lights Out board for the full n²-unknown elimination.
    GaussCells,
    /// The cells of a Revertigo board for the try-every-map method.
    NaiveCells,
    /// The first-row unknowns (the shorter side) for the try-every-first-row method.
    FirstRowUnknowns,
    /// The row steps (2^C first rows × L rows) of the try-every-first-row method.
    FirstRowSteps,
    /// The board side for the Revertigo page's polynomial method.
    PolySide,
    /// The cells of a board for the exact shortest walk.
    ShortestCells,
    /// The cells of the quiet patterns to print.
    QuietPatternCells,
    /// The largest side of a nullity table.
    NullitySide,
    /// The items of a listing asked for without a limit (the name of the items).
    Listing(&'static str),
    /// The squares of a knight's board listed without a limit.
    UnlimitedListingSquares,
    /// The cells of solutions held in one report.
    HeldCells,
    /// The order of the Sudoku generator.
    GeneratorOrder,
    /// The cells of a board drawn as a picture.
    SvgCells,
    /// Any other measure, by name.
    Other(&'static str),
}

impl Bound {
    /// What was measured, in the library's words ("board cells").
    pub fn what(self) -> std::borrow::Cow<'static, str> {
        match self {
            Bound::BoardCells => "board cells".into(),
            Bound::InputBytes => "input bytes".into(),
            Bound::CountCells => "board cells for counting".into(),
            Bound::GaussCells => "cells for the full elimination".into(),
            Bound::NaiveCells => "cells for trying every map".into(),
            Bound::FirstRowUnknowns => {
                "first-row unknowns (the shorter side) for trying every first row".into()
            }
            Bound::FirstRowSteps => {
                "row steps (2^C first rows × L rows) for trying every first row".into()
            }
            Bound::PolySide => "board side for the polynomial method".into(),
            Bound::ShortestCells => "cells for the exact shortest walk".into(),
            Bound::QuietPatternCells => "quiet pattern cells to print".into(),
            Bound::NullitySide => "side for a nullity table".into(),
            Bound::Listing(items) => format!("{items} to list").into(),
            Bound::UnlimitedListingSquares => "board squares for a listing without a limit".into(),
            Bound::HeldCells => "cells of solutions held for one report".into(),
            Bound::GeneratorOrder => "the generator's order".into(),
            Bound::SvgCells => "cells to draw".into(),
            Bound::Other(what) => what.into(),
        }
    }

    /// The way around the limit, in the library's words, starting with "; " (may be empty).
    pub fn advice(self) -> &'static str {
        match self {
            Bound::GaussCells => "; light chasing has no such limit",
            Bound::NaiveCells => "; trying every first row, or the polynomial method, is faster",
            Bound::FirstRowUnknowns | Bound::FirstRowSteps => {
                "; light chasing or the polynomial method has no such limit"
            }
            Bound::PolySide => "; light chasing has no such limit",
            Bound::ShortestCells => "; the short or diagonal builder has no such limit",
            Bound::QuietPatternCells => "; the nullity alone says how many there are",
            Bound::NullitySide => "; ask for a range of smaller sides",
            Bound::Listing(_) => "; ask for the first K only, or for the count",
            Bound::UnlimitedListingSquares => {
                "; its tours run to millions (6×6 alone has 6,637,920): ask for the first K only"
            }
            Bound::HeldCells => "; ask for fewer, or stream them",
            _ => "",
        }
    }
}

/// `text` with its control characters escaped (`\n`, `\u{1b}`), so a message stays one line.
fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

/// A size quoted in an error: small numbers print as they are, large ones may be written `2^k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// A plain count.
    Count(u128),
    /// A power of two, `2^k`.
    PowerOfTwo(u32),
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Size::Count(n) => write!(f, "{n}"),
            Size::PowerOfTwo(k) => write!(f, "2^{k}"),
        }
    }
}

impl From<usize> for Size {
    fn from(n: usize) -> Self {
        Size::Count(n as u128)
    }
}

impl From<u64> for Size {
    fn from(n: u64) -> Self {
        Size::Count(n as u128)
    }
}

impl Error {
    /// A refusal of `got` against `limit` (no details beyond the bound's own words).
    pub fn too_large(bound: Bound, got: impl Into<Size>, limit: impl Into<Size>) -> Self {
        Error::TooLarge {
            bound,
            got: got.into(),
            limit: limit.into(),
            note: String::new(),
        }
    }

    /// A usage error with the given message.
    pub fn usage(msg: impl Into<String>) -> Self {
        Error::Usage(msg.into())
    }

    /// A parse error at a 1-based line and column of a named source.
    pub fn parse(source_name: &str, line: usize, col: usize, msg: impl Into<String>) -> Self {
        Error::Parse {
            source_name: source_name.to_string(),
            line,
            col,
            msg: msg.into(),
        }
    }
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_is_one_line_whatever_the_user_typed() {
        let errors = [
            Error::usage("square 'a1\nb2' is bad"),
            Error::parse("in\nput", 2, 3, "'\r' is not a light"),
            Error::Io {
                path: "a\nb".into(),
                source: std::io::Error::other("gone"),
            },
            Error::Check("x\u{1b}[31m".into()),
        ];
        for e in errors {
            let msg = e.to_string();
            assert!(!msg.chars().any(char::is_control), "{msg:?}");
        }
        assert_eq!(Error::usage("a\nb").to_string(), "a\\nb");
        assert_eq!(Error::usage("naïve").to_string(), "naïve");
    }
}
