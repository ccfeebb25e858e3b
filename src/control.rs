//! Stop and progress: how a long search is interrupted (Ctrl-C, a limit) and reports how far it got.
//!
//! The searches poll [`Control::stopped`] and advance [`Control::progress`];
//! they never touch the terminal. The CLI decides whether the bar is drawn.

use indicatif::ProgressBar;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Shared by a search and whoever may stop it.
#[derive(Debug, Clone)]
pub struct Control {
    stop: Arc<AtomicBool>,
    progress: ProgressBar,
}

impl Default for Control {
    fn default() -> Self {
        Self::new()
    }
}

impl Control {
    /// A control that nobody has stopped, with a hidden progress bar.
    pub fn new() -> Self {
        Control {
            stop: Arc::new(AtomicBool::new(false)),
            progress: ProgressBar::hidden(),
        }
    }

    /// The same control reporting to `bar`.
    pub fn with_progress(mut self, bar: ProgressBar) -> Self {
        self.progress = bar;
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

    /// Where the search reports progress (hidden unless the CLI shows it).
    pub fn progress(&self) -> &ProgressBar {
        &self.progress
    }
}

/// Why an enumeration ended before it had seen everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stop {
    /// The requested number of solutions was reached.
    Limit,
    /// Someone asked the search to stop (Ctrl-C, SIGTERM).
    Interrupted,
}

/// The result of an enumeration: how many solutions were seen and whether that is all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
