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
        /// File name, or `<stdin>`.
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
    #[error("{what} {got} is over the limit of {limit}{}", one_line(.hint))]
    TooLarge {
        /// What was measured ("board cells", "solutions to list", ...).
        what: &'static str,
        /// The size asked for.
        got: Size,
        /// The largest size accepted.
        limit: Size,
        /// How to get around the limit, starting with "; " (may be empty).
        hint: String,
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
