//! One request, one answer: what the four puzzles' requests share, so that a front end runs any of them the same way.
//!
//! A front end builds a puzzle's `Request`, reads its [`Pace`] (what its
//! progress counts, how it answers a stop), and asks it through [`Ask::ask`],
//! which is the puzzle's `answer` function:
//!
//! ```
//! use puzzles::ask::{Ask, Stopping};
//! use puzzles::grid::Dims;
//! use puzzles::revertigo::{Answer, Item, Mode, Request};
//! use puzzles::listing::Limit;
//! use puzzles::Control;
//!
//! let mut request = Request::new(Dims { rows: 3, cols: 3 });
//! request.mode = Mode::List { limit: Limit::at_most(2)? };
//! // A listing polls the stop flag and counts what it lists.
//! let pace = request.pace();
//! assert_eq!((pace.unit, pace.stopping), (Some("listed"), Stopping::Promptly));
//! let mut maps: Vec<Item> = Vec::new();
//! let Answer::List(end) = request.ask(&Control::new(), &mut maps)? else { panic!() };
//! assert_eq!(end.listed, maps.len() as u64);
//! # Ok::<(), puzzles::Error>(())
//! ```

use crate::report::Report;
use crate::{Control, Result, Sink};
use std::time::Duration;

/// A puzzle's request: answered once, its items streamed to a sink.
pub trait Ask {
    /// What the request streams: listed solutions, batch lines, table rows.
    type Item: Report;
    /// The verified answer.
    type Answer: Report;

    /// Answers the request (the puzzle's `answer` function).
    fn ask(&self, ctl: &Control, sink: &mut dyn Sink<Self::Item>) -> Result<Self::Answer>;

    /// How the work goes: what its progress counts and how it stops.
    fn pace(&self) -> Pace;
}

/// What a request's work reports as it goes, and how a stop request reaches it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    /// What the progress counts (`None`: the work reports no progress).
    pub unit: Option<&'static str>,
    /// Whether the work sets its progress's total (a bar can be drawn) or
    /// only counts (a spinner).
    pub bounded: bool,
    /// How the work answers [`Control::request_stop`].
    pub stopping: Stopping,
}

impl Pace {
    /// Work that reports no progress and never looks at the stop flag.
    pub const QUIET: Pace = Pace {
        unit: None,
        bounded: false,
        stopping: Stopping::Never,
    };

    /// Work that polls the stop flag often and counts `unit`s, with a total
    /// when `bounded`.
    pub fn polling(unit: &'static str, bounded: bool) -> Pace {
        Pace {
            unit: Some(unit),
            bounded,
            stopping: Stopping::Promptly,
        }
    }
}

/// How a request's work answers a stop request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopping {
    /// It never looks: a front end that must stop it ends the process.
    Never,
    /// It polls often and answers with what it has found so far.
    Promptly,
    /// It polls between steps, and a step may take up to this long.
    Within(Duration),
}
