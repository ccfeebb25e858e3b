//! The trait every grid puzzle implements: solve, enumerate with early stop, verify, render.
//!
//! Counting, listing and the uniqueness check are all one enumeration with a
//! different visitor, so a puzzle writes its search once.

use crate::control::{Control, Stop, Tally};
use crate::grid::Dims;
use std::ops::ControlFlow;

/// What a search for one solution ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer<S> {
    /// A solution, already verified.
    Solved(S),
    /// The search was exhausted (or a theorem applies): there is none.
    NoSolution,
    /// The search was stopped before it could decide.
    Stopped,
}

/// A puzzle instance on a rectangular board.
pub trait GridPuzzle {
    /// One solution: presses, an activation map, a tour, a filled grid.
    type Solution: Clone;

    /// The board's shape.
    fn dims(&self) -> Dims;

    /// Calls `visit` on every solution until it breaks, the search ends, or
    /// `ctl` is stopped; says how many were visited and why it ended
    /// (`Stop::Limit` when `visit` broke, `Stop::Interrupted` when `ctl` was stopped).
    fn enumerate(
        &self,
        ctl: &Control,
        visit: &mut dyn FnMut(&Self::Solution) -> ControlFlow<()>,
    ) -> Tally;

    /// Checks that `solution` really solves this instance; the error says what is wrong.
    fn verify(&self, solution: &Self::Solution) -> Result<(), String>;

    /// The instance (and a solution, when given) as text, in the puzzle's own notation.
    fn render_text(&self, solution: Option<&Self::Solution>) -> String;

    /// The instance (and a solution, when given) as an SVG picture; fails for
    /// boards too large to draw (see [`crate::render::MAX_SVG_CELLS`]).
    fn render_svg(&self, solution: Option<&Self::Solution>) -> crate::Result<String>;

    /// Finds one solution. The default takes the first one `enumerate` meets;
    /// puzzles with a faster way to one answer override it.
    fn solve(&self, ctl: &Control) -> Answer<Self::Solution> {
        let mut first = None;
        let tally = self.enumerate(ctl, &mut |s| {
            first = Some(s.clone());
            ControlFlow::Break(())
        });
        match (first, tally.stopped) {
            (Some(s), _) => Answer::Solved(s),
            (None, Some(Stop::Interrupted)) => Answer::Stopped,
            (None, _) => Answer::NoSolution,
        }
    }

    /// Counts solutions, stopping at `limit` when given (the tally then says `Stop::Limit`).
    fn count(&self, ctl: &Control, limit: Option<u64>) -> Tally {
        count_by_enumeration(self, ctl, limit)
    }

    /// Whether there is exactly one solution (`None` if the search was stopped first).
    fn is_unique(&self, ctl: &Control) -> Option<bool> {
        let tally = self.count(ctl, Some(2));
        match tally.stopped {
            Some(Stop::Interrupted) => None,
            _ => Some(tally.found == 1),
        }
    }
}

/// Counts by enumerating, stopping at `limit`: the default [`GridPuzzle::count`],
/// also the fallback of puzzles whose faster counter does not apply.
pub fn count_by_enumeration<P: GridPuzzle + ?Sized>(
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
