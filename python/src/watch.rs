//! Progress as the library reports it, kept in atomics by the worker and read by the thread that holds the GIL (the only one that calls Python).

use puzzles::control::Progress;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// The total of work whose total is not known.
const UNKNOWN: u64 = u64::MAX;

/// Where the library's progress goes while Python waits: read by [`Watch::read`].
#[derive(Debug)]
pub struct Watch {
    total: AtomicU64,
    done: AtomicU64,
    note: Mutex<String>,
    changed: AtomicBool,
}

impl Default for Watch {
    fn default() -> Self {
        Watch {
            total: AtomicU64::new(UNKNOWN),
            done: AtomicU64::new(0),
            note: Mutex::new(String::new()),
            changed: AtomicBool::new(false),
        }
    }
}

/// One reading of the progress: units done, the total when known, the last note.
pub type Reading = (u64, Option<u64>, String);

impl Watch {
    /// The progress since the last reading, or `None` when nothing moved.
    pub fn read(&self) -> Option<Reading> {
        if !self.changed.swap(false, Ordering::AcqRel) {
            return None;
        }
        let total = self.total.load(Ordering::Acquire);
        let note = self.note.lock().map(|n| n.clone()).unwrap_or_default();
        Some((
            self.done.load(Ordering::Acquire),
            (total != UNKNOWN).then_some(total),
            note,
        ))
    }
}

impl Progress for Watch {
    fn set_total(&self, total: u64) {
        self.total.store(total, Ordering::Release);
        self.done.store(0, Ordering::Release);
        self.changed.store(true, Ordering::Release);
    }
    fn advance(&self, n: u64) {
        self.done.fetch_add(n, Ordering::AcqRel);
        self.changed.store(true, Ordering::Release);
    }
    fn note(&self, message: &str) {
        if let Ok(mut note) = self.note.lock() {
            message.clone_into(&mut note);
        }
        self.changed.store(true, Ordering::Release);
    }
}
