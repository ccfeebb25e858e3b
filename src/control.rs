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

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

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
    /// How the work asked answers the stop flag: [`NEVER`], or the
    /// milliseconds it may take to stop (0: promptly).
    grace_ms: Arc<AtomicU64>,
}

/// The `grace_ms` of work that never looks at the stop flag.
const NEVER: u64 = u64::MAX;

/// What an interrupt (Ctrl-C, say) does to the work running, as
/// [`Control::interrupt`] decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interrupt {
    /// The stop flag is now set and the work stops on its own, reporting what
    /// it found: at once (`None`), or within the grace given, past which a
    /// front end may end the process all the same.
    Stopping(Option<Duration>),
    /// The work never looks at the stop flag, or was already asked to stop
    /// (a second interrupt): a front end ends the process.
    End,
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
            grace_ms: Arc::new(AtomicU64::new(NEVER)),
        }
    }

    /// Declares how the work asked from here on answers the stop flag (its
    /// [`Pace`]'s `stopping`), for [`Control::interrupt`].
    pub fn expect(&self, stopping: Stopping) {
        let grace = match stopping {
            Stopping::Never => NEVER,
            Stopping::Promptly => 0,
            Stopping::Within(grace) => grace.as_millis().min(u128::from(NEVER - 1)) as u64,
        };
        self.grace_ms.store(grace, Ordering::SeqCst);
    }

    /// An interrupt: sets the stop flag when the work answers it (see
    /// [`Control::expect`]) and says what the caller still has to do.
    ///
    /// ```
    /// use puzzles::control::{Control, Interrupt, Stopping};
    /// use std::time::Duration;
    ///
    /// let ctl = Control::new();
    /// assert_eq!(ctl.interrupt(), Interrupt::End);
    /// ctl.expect(Stopping::Within(Duration::from_secs(2)));
    /// assert_eq!(ctl.interrupt(), Interrupt::Stopping(Some(Duration::from_secs(2))));
    /// assert!(ctl.stopped());
    /// assert_eq!(ctl.interrupt(), Interrupt::End);
    /// ```
    pub fn interrupt(&self) -> Interrupt {
        let grace = self.grace_ms.load(Ordering::SeqCst);
        if grace == NEVER || self.stop.swap(true, Ordering::SeqCst) {
            return Interrupt::End;
        }
        Interrupt::Stopping((grace > 0).then(|| Duration::from_millis(grace)))
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
