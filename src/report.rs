//! Reports as a person reads them: text with highlighted pieces, and how the request ended.
//!
//! Every request of the library returns a typed report that serialises with
//! serde (that is the JSON form). [`Report`] adds the two things a front end
//! needs besides: the report as [`Text`] — lines whose important pieces carry
//! a [`Tone`] (a verdict, a cell to press) that a terminal may colour — and the
//! [`Ending`] of the request, from which a command line derives its exit status.
//!
//! ```
//! use puzzles::report::{Text, Tone};
//!
//! let mut text = Text::new();
//! text.plain("3 solutions, ").tone(Tone::Good, "all of them").end_line();
//! text.marked_row("#..#", '#');
//! assert_eq!(text.to_plain_string(), "3 solutions, all of them\n#..#\n");
//! assert_eq!(text.pieces()[1].tone, Some(Tone::Good));
//! assert_eq!(text.pieces()[3].marks, Some('#'));
//! ```

use serde::Serialize;

/// What a highlighted piece of text means: each tone has one style in a front end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// A verified answer: "unique", "every cell black".
    Good,
    /// No answer: "no solution", "no tour", cells left white.
    Bad,
    /// An answer cut short: "partial", "interrupted", "stopped at the limit".
    Partial,
    /// A cell to act on: a press, a landing.
    Mark,
}

/// One run of text, highlighted or not; a newline ends a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The characters of this run.
    pub text: String,
    /// Its highlight, if any.
    pub tone: Option<Tone>,
    /// A character that marks a cell to act on wherever it appears in the
    /// run (board rows): a front end shows each as [`Tone::Mark`].
    pub marks: Option<char>,
}

/// Text made of pieces, some with a [`Tone`]; built line by line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text {
    pieces: Vec<Piece>,
}

impl Text {
    /// Empty text.
    pub fn new() -> Self {
        Text::default()
    }

    /// Appends `s` as it is.
    pub fn plain(&mut self, s: impl AsRef<str>) -> &mut Self {
        self.push(None, s.as_ref())
    }

    /// Appends `s` highlighted as `tone`.
    pub fn tone(&mut self, tone: Tone, s: impl AsRef<str>) -> &mut Self {
        self.push(Some(tone), s.as_ref())
    }

    /// Ends the current line.
    pub fn end_line(&mut self) -> &mut Self {
        self.push(None, "\n")
    }

    /// Appends `s` and ends the line.
    pub fn line(&mut self, s: impl AsRef<str>) -> &mut Self {
        self.plain(s).end_line()
    }

    /// Appends every line of `block` (text that already ends its lines),
    /// taking the string as it is: a board of millions of cells is not copied.
    pub fn block(&mut self, mut block: String) -> &mut Self {
        if block.is_empty() {
            return self;
        }
        if !block.ends_with('\n') {
            block.push('\n');
        }
        self.pieces.push(Piece {
            text: block,
            tone: None,
            marks: None,
        });
        self
    }

    /// Appends a board row as a line, every `mark` character a cell to act
    /// on (rows marked alike share one piece: a board of any size stays a few pieces).
    pub fn marked_row(&mut self, row: &str, mark: char) -> &mut Self {
        self.push_marked(None, Some(mark), row);
        self.push_marked(None, Some(mark), "\n")
    }

    /// The pieces in order (adjacent pieces of one tone are merged).
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The text without highlights.
    pub fn to_plain_string(&self) -> String {
        self.pieces.iter().map(|p| p.text.as_str()).collect()
    }

    fn push(&mut self, tone: Option<Tone>, s: &str) -> &mut Self {
        self.push_marked(tone, None, s)
    }

    fn push_marked(&mut self, tone: Option<Tone>, marks: Option<char>, s: &str) -> &mut Self {
        if s.is_empty() {
            return self;
        }
        match self.pieces.last_mut() {
            Some(last) if last.tone == tone && last.marks == marks => last.text.push_str(s),
            _ => self.pieces.push(Piece {
                text: s.to_string(),
                tone,
                marks,
            }),
        }
        self
    }
}

/// How a request ended; a command line maps it to its exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// An answer was produced.
    Answered,
    /// The puzzle has no solution (the report says so).
    NoSolution,
    /// Stopped before the end; the report holds what was found so far.
    Interrupted,
}

/// How much a text report shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Detail {
    /// Everything: boards, grids, walks.
    #[default]
    Full,
    /// The verdict lines only, no boards.
    Quiet,
}

/// A finished, verified answer to one request: JSON through serde, text through [`Report::text`].
pub trait Report: Serialize {
    /// The report as a person reads it.
    fn text(&self, detail: Detail) -> Text;

    /// How the request ended.
    fn ending(&self) -> Ending;

    /// What a request stopped early says besides its report (a front end
    /// shows it apart from the answer: the command line on stderr), e.g.
    /// "interrupted: the list is partial (3 listed)".
    fn partial(&self) -> Option<String> {
        None
    }

    /// A streamed item that is a refusal rather than an answer (a batch line
    /// that is not a puzzle): a front end shows it apart from the answers, as
    /// the command line does on stderr.
    fn complaint(&self) -> Option<String> {
        None
    }
}

/// The note of a listing that ended early, `None` when it ran to the end or
/// stopped at its limit (which the caller asked for).
pub(crate) fn listing_note(listed: u64, stopped: Option<crate::Stop>) -> Option<String> {
    (stopped == Some(crate::Stop::Interrupted))
        .then(|| format!("interrupted: the list is partial ({listed} listed)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_rows_share_one_piece() {
        let mut t = Text::new();
        t.line("presses:")
            .marked_row("##.#", '#')
            .marked_row(".#..", '#');
        let pieces: Vec<_> = t
            .pieces()
            .iter()
            .map(|p| (p.text.as_str(), p.marks))
            .collect();
        assert_eq!(pieces, [("presses:\n", None), ("##.#\n.#..\n", Some('#'))]);
    }

    #[test]
    fn blocks_end_their_last_line() {
        let mut t = Text::new();
        t.block("a\nb".into())
            .block("c\n".into())
            .block(String::new());
        assert_eq!(t.to_plain_string(), "a\nb\nc\n");
    }
}
