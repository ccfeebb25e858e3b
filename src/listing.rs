//! Listing and counting solutions: the one path every puzzle's `--all` and `--count` take.
//!
//! One limit policy for all four puzzles:
//!
//! - a limit, when given, is at least 1, and a listing or count stops at it;
//! - without a limit, a listing that is known before any search to hold more
//!   than `DEFAULT_LIST_LIMIT` items is refused up front (Lights Out and
//!   Revertigo know their 2^nullity solutions; a knight's board of more than
//!   `MAX_UNLIMITED_SQUARES` squares has millions of tours); any other
//!   listing runs to the end, streamed;
//! - every listed item is verified before the visitor sees it;
//! - a stop (Ctrl-C) ends the listing with what was listed, as an outcome.
//!
//! ```
//! use puzzles::grid::Dims;
//! use puzzles::listing::Limit;
//! use puzzles::revertigo::{Answer, Mode, Request, Revertigo};
//! use puzzles::{Control, GridPuzzle};
//!
//! // The 4×4 board has 16 activation maps: the first 5 listed, each verified.
//! let mut request = Request::new(Dims { rows: 4, cols: 4 });
//! request.mode = Mode::List { limit: Limit::at_most(5)? };
//! let mut maps = Vec::new();
//! let Answer::List(end) = Revertigo::answer(&request, &Control::new(), &mut maps)? else { panic!() };
//! assert_eq!((end.listed, maps.len(), end.complete), (5, 5, false));
//!
//! // The 19×19 board has 2^16 maps, too many to list without a limit.
//! let mut request = Request::new(Dims { rows: 19, cols: 19 });
//! request.mode = Mode::List { limit: Limit::NONE };
//! let refused = Revertigo::answer(&request, &Control::new(), &mut Vec::new()).unwrap_err();
//! assert!(refused.to_string().contains("over the limit of 1024"));
//! assert!(Limit::at_most(0).is_err());
//! # Ok::<(), puzzles::Error>(())
//! ```

use crate::control::{Control, Stop, Tally};
use crate::error::{Bound, Error, Result, Size};
use crate::flaw::Flaw;
use std::num::NonZeroU64;
use std::ops::ControlFlow;

/// Most items a listing without a limit may be known to hold.
pub(crate) const DEFAULT_LIST_LIMIT: u64 = 1024;

/// The largest knight's board listed without a limit (5×6 has 4,542 tours
/// from a corner; 6×6 has 6,637,920 open tours in all).
pub(crate) const MAX_UNLIMITED_SQUARES: usize = 30;

/// How many items a listing or a count may visit: all of them, or at most K ≥ 1
/// (in JSON: `null` or the number K).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Limit(Option<NonZeroU64>);

impl Limit {
    /// No limit: every item (under the policy of this module).
    pub const NONE: Limit = Limit(None);

    /// At most `k` items; 0 is refused (it would list nothing).
    pub fn at_most(k: u64) -> Result<Limit> {
        NonZeroU64::new(k)
            .map(|k| Limit(Some(k)))
            .ok_or_else(|| Error::usage("a limit must be at least 1 (0 would list nothing)"))
    }

    /// `Some(k)` limits to `k`, `None` is no limit.
    pub fn from_option(k: Option<u64>) -> Result<Limit> {
        k.map_or(Ok(Limit::NONE), Limit::at_most)
    }

    /// The limit, if there is one.
    pub fn get(self) -> Option<u64> {
        self.0.map(NonZeroU64::get)
    }
}

/// What a search for one solution ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Searched<S> {
    /// A solution, already verified.
    Solved(S),
    /// The search was exhausted (or a theorem applies): there is none.
    NoSolution,
    /// The search was stopped before it could decide.
    Stopped,
}

/// What a puzzle knows of its number of solutions before searching.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Expected {
    /// Nothing: the search will tell.
    Unknown,
    /// Exactly 2^k solutions (a coset of the quiet patterns).
    PowerOfTwo(u32),
    /// Exactly this many solutions, as a decimal string (a coset of quiet
    /// patterns of any orders: K states, the product of their orders).
    Total(String),
    /// Too many to list without a limit: refused with this bound, size and limit.
    TooMany {
        /// The bound met.
        bound: Bound,
        /// The size that says so (a board's squares, say).
        got: usize,
        /// The largest size listed without a limit.
        limit: usize,
    },
}

impl Expected {
    /// The exact number of solutions, when known and small enough to say.
    pub fn exact(&self) -> Option<u64> {
        match *self {
            Expected::PowerOfTwo(k) if k < 64 => Some(1 << k),
            Expected::Total(ref n) => n.parse().ok(),
            _ => None,
        }
    }
}

/// A puzzle instance's solutions: enumerated with an early stop, verified,
/// drawn. Counting, listing and the uniqueness check are all one
/// enumeration with a different visitor, so a puzzle writes its search once;
/// [`list`] and [`count`] apply the one limit policy of this module.
pub(crate) trait Solutions {
    /// One solution: presses, an activation map, a tour, a filled grid.
    type Solution: Clone;

    /// Calls `visit` on every solution until it breaks, the search ends, or
    /// `ctl` is stopped; says how many were visited and why it ended
    /// (`Stop::Limit` when `visit` broke, `Stop::Interrupted` when `ctl` was stopped).
    fn enumerate(
        &self,
        ctl: &Control,
        visit: &mut dyn FnMut(&Self::Solution) -> ControlFlow<()>,
    ) -> Tally;

    /// Checks that `solution` really solves this instance; the error says what is wrong and where.
    fn verify(&self, solution: &Self::Solution) -> Result<(), Flaw>;

    /// Finds one solution. The default takes the first one `enumerate` meets;
    /// puzzles with a faster way to one answer override it.
    fn solve(&self, ctl: &Control) -> Searched<Self::Solution> {
        let mut first = None;
        let tally = self.enumerate(ctl, &mut |s| {
            first = Some(s.clone());
            ControlFlow::Break(())
        });
        match (first, tally.stopped) {
            (Some(s), _) => Searched::Solved(s),
            (None, Some(Stop::Interrupted)) => Searched::Stopped,
            (None, _) => Searched::NoSolution,
        }
    }

    /// What is known of the number of solutions before any search: the
    /// listing policy of [`crate::listing`] refuses an unlimited listing that
    /// is known to be long. Unknown by default.
    fn expected_solutions(&self) -> Expected {
        Expected::Unknown
    }

    /// Counts solutions, stopping at `limit` when given (the tally then says `Stop::Limit`).
    #[cfg(test)]
    fn count(&self, ctl: &Control, limit: Option<u64>) -> Tally {
        count_by_enumeration(self, ctl, limit)
    }

    /// Whether there is exactly one solution (`None` if the search was stopped first).
    #[cfg(test)]
    fn is_unique(&self, ctl: &Control) -> Option<bool> {
        let tally = self.count(ctl, Some(2));
        match tally.stopped {
            Some(Stop::Interrupted) => None,
            _ => Some(tally.found == 1),
        }
    }
}

#[cfg(test)]
/// Counts by enumerating, stopping at `limit`: the default [`Solutions::count`],
/// also the fallback of puzzles whose faster counter does not apply.
pub(crate) fn count_by_enumeration<P: Solutions + ?Sized>(
    puzzle: &P,
    ctl: &Control,
    limit: Option<u64>,
) -> Tally {
    let mut seen = 0u64;
    puzzle.enumerate(ctl, &mut |_| {
        seen += 1;
        if limit.is_some_and(|l| seen >= l) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// Refuses an unlimited listing of `what` that is known to be long.
fn check_policy(expected: &Expected, limit: Limit, what: &'static str) -> Result<()> {
    if limit.get().is_some() {
        return Ok(());
    }
    match expected.clone() {
        Expected::PowerOfTwo(k) if k >= 64 || (1u64 << k) > DEFAULT_LIST_LIMIT => {
            Err(Error::TooLarge {
                bound: Bound::Listing(what),
                got: Size::PowerOfTwo(k),
                limit: DEFAULT_LIST_LIMIT.into(),
                note: String::new(),
            })
        }
        Expected::Total(n) if !n.parse::<u64>().is_ok_and(|n| n <= DEFAULT_LIST_LIMIT) => {
            Err(Error::TooLarge {
                bound: Bound::Listing(what),
                got: Size::Count(n.parse::<u128>().unwrap_or(u128::MAX)),
                limit: DEFAULT_LIST_LIMIT.into(),
                note: format!(" ({n} {what})"),
            })
        }
        Expected::TooMany { bound, got, limit } => Err(Error::too_large(bound, got, limit)),
        _ => Ok(()),
    }
}

/// Lists the solutions of `puzzle` (`what` names them in a refusal: "solutions",
/// "activation maps", "tours"): each is verified, then handed to `visit` with
/// its 1-based number, until the limit, the end, a stop of `ctl`, or `visit`
/// breaks. Progress advances by one per item.
///
/// Fails when the policy refuses the listing (see the module doc) or when a
/// solution fails its own check (a bug).
pub(crate) fn list<P: Solutions + ?Sized>(
    puzzle: &P,
    limit: Limit,
    what: &'static str,
    ctl: &Control,
    visit: impl FnMut(u64, &P::Solution) -> ControlFlow<()>,
) -> Result<Tally> {
    let expected = puzzle.expected_solutions();
    check_policy(&expected, limit, what)?;
    visit_verified(puzzle, expected, limit, ctl, visit)
}

/// The walk behind [`list`]: verify, number, visit, stop at the limit.
fn visit_verified<P: Solutions + ?Sized>(
    puzzle: &P,
    expected: Expected,
    limit: Limit,
    ctl: &Control,
    mut visit: impl FnMut(u64, &P::Solution) -> ControlFlow<()>,
) -> Result<Tally> {
    let total = match (limit.get(), expected.exact()) {
        (Some(k), Some(n)) => Some(k.min(n)),
        (k, n) => k.or(n),
    };
    if let Some(total) = total {
        ctl.progress().set_total(total);
    }
    let cap = limit.get().unwrap_or(u64::MAX);
    let mut seen = 0u64;
    let mut flaw = None;
    let tally = puzzle.enumerate(ctl, &mut |s| {
        if let Err(f) = puzzle.verify(s) {
            flaw = Some(f);
            return ControlFlow::Break(());
        }
        seen += 1;
        ctl.progress().advance(1);
        if visit(seen, s).is_break() || seen >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    ctl.progress().finish();
    match flaw {
        Some(f) => Err(f.into()),
        None => Ok(Tally {
            found: seen,
            stopped: tally.stopped,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_of_zero_is_refused_and_a_known_long_listing_needs_a_limit() {
        assert!(Limit::at_most(0).is_err());
        assert_eq!(Limit::at_most(3).unwrap().get(), Some(3));
        let refused = check_policy(&Expected::PowerOfTwo(11), Limit::NONE, "solutions");
        assert_eq!(
            refused.unwrap_err().to_string(),
            "solutions to list 2^11 is over the limit of 1024; ask for the first K only, or for the count"
        );
        assert!(check_policy(&Expected::PowerOfTwo(10), Limit::NONE, "solutions").is_ok());
        assert!(check_policy(&Expected::PowerOfTwo(70), Limit::at_most(1).unwrap(), "x").is_ok());
        assert!(check_policy(&Expected::Unknown, Limit::NONE, "x").is_ok());
        // K states: an exact count, refused past the limit with the count said.
        assert!(check_policy(&Expected::Total("1024".into()), Limit::NONE, "x").is_ok());
        assert_eq!(
            check_policy(&Expected::Total("2187".into()), Limit::NONE, "solutions")
                .unwrap_err()
                .to_string(),
            "solutions to list 2187 is over the limit of 1024 (2187 solutions); ask for the first K only, or for the count"
        );
    }
}
