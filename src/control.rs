//! Stop and progress: how a long search is interrupted (Ctrl-C, a limit) and reports how far it got.
//!
//! The searches poll [`Control::stopped`] and report to [`Control::progress`];
//! they never touch the terminal. The CLI decides whether a bar is drawn: it
//! hands the control a [`Progress`] of its own (an indicatif bar, say).
//!
//! ```
//! use puzzles::control::{Control, Progress};
//! use std::sync::atomic::{AtomicU64, Ordering};
//! use std::sync::Arc;
//!
//! #[derive(Default)]
//! struct Counter(AtomicU64);
//! impl Progress for Counter {
//!     fn advance(&self, n: u64) {
//!         self.0.fetch_add(n, Ordering::Relaxed);
//!     }
//! }
//!
//! let counter = Arc::new(Counter::default());
//! let ctl = Control::new().with_progress(counter.clone());
//! ctl.progress().advance(3);
//! assert_eq!(counter.0.load(Ordering::Relaxed), 3);
//! assert!(!ctl.stopped());
//! ctl.request_stop();
//! assert!(ctl.stopped());
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Where a long search says how far it got: units of work done, and the
/// total when it becomes known. Implementations must be cheap to call and
/// safe to share between threads; the library never draws anything itself.
pub trait Progress: Send + Sync {
    /// The work is now known to be `total` units, none of them done yet (a
    /// count that gives a board up to another engine starts again from zero).
    fn set_total(&self, total: u64) {
        let _ = total;
    }
    /// `n` more units are done.
    fn advance(&self, n: u64);
    /// A short note on where the work stands ("column 5 of 8", say).
    fn note(&self, message: &str) {
        let _ = message;
    }
    /// The work is over (done or stopped): a display may be cleared.
    fn finish(&self) {}
}

/// The progress nobody watches.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn advance(&self, _: u64) {}
}

/// Shared by a search and whoever may stop it.
#[derive(Clone)]
pub struct Control {
    stop: Arc<AtomicBool>,
    progress: Arc<dyn Progress>,
}

impl std::fmt::Debug for Control {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("stopped", &self.stopped())
            .finish_non_exhaustive()
    }
}

impl Default for Control {
    fn default() -> Self {
        Self::new()
    }
}

impl Control {
    /// A control that nobody has stopped, reporting progress to nobody.
    pub fn new() -> Self {
        Control {
            stop: Arc::new(AtomicBool::new(false)),
            progress: Arc::new(NoProgress),
        }
    }

    /// The same control (same stop flag) reporting progress to `progress`.
    pub fn with_progress(mut self, progress: Arc<dyn Progress>) -> Self {
        self.progress = progress;
        self
    }

    /// The flag a signal handler sets to stop the search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Asks the search to stop as soon as it can.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search has been asked to stop.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Where the search reports progress (nobody, unless the caller gave a [`Progress`]).
    pub fn progress(&self) -> &dyn Progress {
        &*self.progress
    }
}

/// Why an enumeration ended before it had seen everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stop {
    /// The requested number of solutions was reached.
    Limit,
    /// Someone asked the search to stop (Ctrl-C, SIGTERM).
    Interrupted,
}

/// The result of an enumeration: how many solutions were seen and whether that is all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Solutions seen.
    pub found: u64,
    /// `None` when the search ran to the end, so `found` is the exact total.
    pub stopped: Option<Stop>,
}

impl Tally {
    /// Whether `found` is the exact total.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// Whether the solution is unique: `Some(false)` once two were seen,
    /// `Some(true)` when exactly one was seen by a search that ran to the end,
    /// `None` when there is none or the search stopped before deciding.
    pub fn uniqueness(&self) -> Option<bool> {
        match self.found {
            0 => None,
            1 => self.is_complete().then_some(true),
            _ => Some(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniqueness_is_decided_only_by_a_finished_search_or_a_second_solution() {
        let tally = |found, stopped| Tally { found, stopped };
        assert_eq!(tally(1, None).uniqueness(), Some(true));
        assert_eq!(tally(1, Some(Stop::Interrupted)).uniqueness(), None);
        assert_eq!(tally(1, Some(Stop::Limit)).uniqueness(), None);
        assert_eq!(tally(2, Some(Stop::Limit)).uniqueness(), Some(false));
        assert_eq!(tally(0, None).uniqueness(), None);
    }
}
