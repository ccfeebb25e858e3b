//! The one trait the four puzzles implement and every front end drives: a request in, a verified answer out, items streamed.
//!
//! Each puzzle — [`LightsOut`](crate::lightsout::LightsOut),
//! [`Revertigo`](crate::revertigo::Revertigo), [`Knight`](crate::knight::Knight)
//! and [`Sudoku`](crate::sudoku::Sudoku) — names its `Request` (the board and
//! what to do with it, a plain value that serde reads and writes as the JSON
//! contract), its `Answer` (a verified report, the same keys in text and
//! JSON) and its `Item` (what a listing, a batch or a table streams to a
//! [`Sink`] as it is found). [`GridPuzzle::pace`] says, before any work, what
//! the work's progress counts and how it answers a stop, so a front end can
//! draw a bar and decide what Ctrl-C does. The command line, the browser
//! page's bridge, the terminal games and the animation all ask through this
//! trait; a front end that knows a puzzle only by its name reaches it
//! through [`crate::registry`].
//!
//! A complete use on each puzzle:
//!
//! ```
//! use puzzles::grid::Dims;
//! use puzzles::input::Source;
//! use puzzles::knight::{self, Knight};
//! use puzzles::lightsout::{self, LightsOut};
//! use puzzles::listing::Limit;
//! use puzzles::render::Picture;
//! use puzzles::revertigo::{self, Revertigo};
//! use puzzles::sudoku::{self, Sudoku};
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! let ctl = Control::new(); // a stop flag, and where progress goes
//!
//! // Lights Out: a random 6×6 board, solved; the answer drawn.
//! let board = lightsout::BoardSource::Random { rows: 6, cols: 6, seed: Some(1) };
//! let request = lightsout::Request::new(board);
//! let answer = LightsOut::answer(&request, &ctl, &mut NoItems)?;
//! assert!(matches!(&answer, lightsout::Answer::Solve(s) if s.press_count == Some(20)));
//! assert!(LightsOut::picture(&answer, Picture::Solved)?.starts_with("<svg"));
//!
//! // Revertigo: the 3×3 board's activation maps, listed to a Vec as they come.
//! let mut request = revertigo::Request::new(Dims { rows: 3, cols: 3 });
//! request.mode = revertigo::Mode::List { limit: Limit::NONE };
//! assert_eq!(Revertigo::pace(&request).unit, Some("listed"));
//! let mut maps = Vec::new();
//! let revertigo::Answer::List(end) = Revertigo::answer(&request, &ctl, &mut maps)? else { panic!() };
//! assert_eq!((end.listed, maps.len()), (1, 1));
//!
//! // The knight's tour: one tour of 8×8, found by Warnsdorff's rule and verified.
//! let tour = Knight::answer(&knight::Request::new(Dims { rows: 8, cols: 8 }), &ctl, &mut NoItems)?;
//! assert!(matches!(tour, knight::Answer::Find(t) if t.tour.as_ref().map(Vec::len) == Some(64)));
//!
//! // Sudoku: a 4×4 grid from text, solved, its uniqueness told.
//! let request = sudoku::Request::new(Source::from_text("grid", "1... ..3. .4.. ...2"));
//! let sudoku::Answer::Solve(s) = Sudoku::answer(&request, &ctl, &mut NoItems)? else { panic!() };
//! assert_eq!((s.solution.as_deref(), s.unique), (Some("1324423124133142"), Some(true)));
//! # Ok::<(), puzzles::Error>(())
//! ```

use crate::control::{Control, Pace};
use crate::error::Result;
use crate::render::Picture;
use crate::report::Report;
use crate::sink::Sink;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A grid puzzle as every front end asks it: one request, one verified
/// answer, the items of a listing streamed as they are found. A puzzle is a
/// type that borrows nothing ('static), so a front end may hold its
/// requests, answers and streams behind trait objects.
pub trait GridPuzzle: 'static {
    /// The puzzle's name on the command line, in a JSON call and on the
    /// browser page: `lightsout`, `revertigo`, `knight`, `sudoku`.
    const NAME: &'static str;

    /// One question: the board (or where it comes from) and what to do with
    /// it. Serde reads and writes it as the JSON contract (docs/json.md).
    type Request: Clone + std::fmt::Debug + Serialize + DeserializeOwned + Send + 'static;

    /// The verified answer, one variant per mode; a stop (Ctrl-C) is an
    /// answer too, holding what was found so far.
    type Answer: Report + Send + 'static;

    /// What the request streams: listed solutions, batch lines, table rows,
    /// search steps. Each is verified before the sink sees it.
    type Item: Report + Send + 'static;

    /// Answers `request`, streaming its items to `sink` (a `Break` from the
    /// sink ends the stream as a listing stopped at a limit), reporting
    /// progress to `ctl` and stopping when `ctl` is stopped, as
    /// [`GridPuzzle::pace`] says. A refusal (bad input, a size over a limit)
    /// is an error: one line, never a panic.
    fn answer(
        request: &Self::Request,
        ctl: &Control,
        sink: &mut dyn Sink<Self::Item>,
    ) -> Result<Self::Answer>;

    /// How the work of `request` goes, known before it starts: what its
    /// progress counts and how it answers a stop.
    fn pace(request: &Self::Request) -> Pace;

    /// `answer` drawn as a deterministic SVG picture: the puzzle alone (an
    /// exercise sheet) or with its answer on it. Fails for boards too large
    /// to draw (see [`crate::render::MAX_SVG_CELLS`]).
    fn picture(answer: &Self::Answer, which: Picture) -> Result<String>;
}
