//! An algorithm's steps streamed as data: the first `max_steps` go to the sink, the rest are only counted.
//!
//! Lights Out's elimination and chasing, Revertigo's polynomial method and
//! Sudoku's most-constrained-cell search show their work step by step
//! through a [`Stepper`]: the algorithm runs to its end either way (the
//! answer must come, verified), a step past the bound or after the sink
//! broke off is counted but never built, so a bound of a few steps costs
//! about what the plain answer costs.

use crate::listing::Limit;
use crate::sink::Sink;

/// The steps of one run: how many there were, how many went to the sink.
pub(crate) struct Stepper<'a, T> {
    sink: &'a mut dyn Sink<T>,
    most: u64,
    open: bool,
    steps: u64,
    shown: u64,
}

impl<'a, T> Stepper<'a, T> {
    /// Steps to `sink`, at most `max_steps` of them.
    pub(crate) fn new(sink: &'a mut dyn Sink<T>, max_steps: Limit) -> Self {
        Stepper {
            sink,
            most: max_steps.get().unwrap_or(u64::MAX),
            open: true,
            steps: 0,
            shown: 0,
        }
    }

    /// Whether the next step goes to the sink (else `make` is not even called).
    pub(crate) fn shows_next(&self) -> bool {
        self.open && self.shown < self.most
    }

    /// One more step, built by `make` from its index (from 1) when it is shown.
    pub(crate) fn step(&mut self, make: impl FnOnce(u64) -> T) {
        self.steps += 1;
        if self.shows_next() {
            self.shown += 1;
            self.open = self.sink.take(make(self.steps)).is_continue();
        }
    }

    /// The steps so far.
    pub(crate) fn steps(&self) -> u64 {
        self.steps
    }

    /// The steps counted but not shown (past the bound, or after the sink broke off).
    pub(crate) fn not_shown(&self) -> u64 {
        self.steps - self.shown
    }
}

/// The heading's words for the steps counted but not shown: `, N not shown
/// (past --max-steps)`, or nothing when every step was shown.
pub(crate) fn not_shown_words(not_shown: u64) -> String {
    match not_shown {
        0 => String::new(),
        n => format!(", {n} not shown (past --max-steps)"),
    }
}
