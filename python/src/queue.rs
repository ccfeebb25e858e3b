//! The items a request finds on its own thread, handed to the Python loop in hands of many at once rather than one by one.
//!
//! A batch of small Sudoku finds an item every couple of microseconds and
//! the Python loop reads one faster still: handed over one at a time (a
//! channel), every item would put a thread to sleep and wake it again, and
//! that cost more than the solving. Here the reader, once it has an item,
//! waits a moment ([`GATHER`]) for a full hand ([`HAND`] items) and takes
//! everything found; the request runs at most [`AHEAD`] items ahead of the
//! reader. Each side wakes the other only when it is waiting.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How many items a request may find ahead of the Python loop reading them.
pub const AHEAD: usize = 1024;

/// The items that wake a reader waiting for a hand.
const HAND: usize = 256;

/// How long a reader holding fewer than a hand waits for more: items found
/// slowly (a long search's tours) reach the loop this much later at most.
const GATHER: Duration = Duration::from_millis(2);

/// The items between the request's thread (the writer) and the reader.
pub struct Queue<T> {
    state: Mutex<State<T>>,
    /// Signalled to the reader: a hand is ready, or the request ended.
    filled: Condvar,
    /// Signalled to the writer: the reader took items, or went away.
    room: Condvar,
}

struct State<T> {
    items: VecDeque<T>,
    /// The request has answered: no more items come.
    ended: bool,
    /// The reader went away: the request ends as a listing stopped at a limit.
    gone: bool,
    /// The reader is waiting for this many items (0: not waiting).
    wanted: usize,
    /// The writer is waiting for room.
    full: bool,
}

/// What the reader took.
pub enum Taken<T> {
    /// The items found (one at least).
    Items(Vec<T>),
    /// None within the wait: the request is still working.
    Waiting,
    /// The request has ended and every item was taken.
    End,
}

impl<T> Default for Queue<T> {
    fn default() -> Self {
        Queue {
            state: Mutex::new(State {
                items: VecDeque::new(),
                ended: false,
                gone: false,
                wanted: 0,
                full: false,
            }),
            filled: Condvar::new(),
            room: Condvar::new(),
        }
    }
}

impl<T> Queue<T> {
    fn lock(&self) -> MutexGuard<'_, State<T>> {
        // A panic while the lock is held leaves plain data: go on with it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The writer hands over `item`, waiting while the reader is [`AHEAD`]
    /// items behind; `Break` once the reader has gone.
    pub fn push(&self, item: T) -> ControlFlow<()> {
        let mut state = self.lock();
        while state.items.len() >= AHEAD && !state.gone {
            state.full = true;
            state = self.room.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        state.full = false;
        if state.gone {
            return ControlFlow::Break(());
        }
        state.items.push_back(item);
        if state.wanted > 0 && state.items.len() >= state.wanted {
            self.filled.notify_one();
        }
        ControlFlow::Continue(())
    }

    /// The writer says the request has ended (answered, refused or stopped).
    pub fn end(&self) {
        let mut state = self.lock();
        state.ended = true;
        if state.wanted > 0 {
            self.filled.notify_one();
        }
    }

    /// The reader goes away: the writer's next item ends the request.
    pub fn leave(&self) {
        let mut state = self.lock();
        state.gone = true;
        if state.full {
            self.room.notify_one();
        }
    }

    /// The reader takes up to `most` items, waiting at most `wait` for the
    /// first and then a moment for a hand.
    pub fn take(&self, most: usize, wait: Duration) -> Taken<T> {
        let deadline = Instant::now() + wait;
        let mut state = self.wait_for(self.lock(), 1, deadline);
        if state.items.is_empty() {
            return match state.ended {
                true => Taken::End,
                false => Taken::Waiting,
            };
        }
        if state.items.len() < HAND.min(most) {
            let gathered = deadline.min(Instant::now() + GATHER);
            state = self.wait_for(state, HAND.min(most), gathered);
        }
        let n = most.min(state.items.len());
        let items = state.items.drain(..n).collect();
        if state.full {
            self.room.notify_one();
        }
        Taken::Items(items)
    }

    /// Waits until `count` items are there, the request ended, or `until`.
    fn wait_for<'a>(
        &self,
        mut state: MutexGuard<'a, State<T>>,
        count: usize,
        until: Instant,
    ) -> MutexGuard<'a, State<T>> {
        while state.items.len() < count && !state.ended {
            let now = Instant::now();
            if now >= until {
                break;
            }
            state.wanted = count;
            state = match self.filled.wait_timeout(state, until - now) {
                Ok((state, _)) => state,
                Err(e) => e.into_inner().0,
            };
            state.wanted = 0;
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn every_item_arrives_in_order_and_the_end_is_seen() {
        let queue = Arc::new(Queue::default());
        let writer = Arc::clone(&queue);
        let thread = std::thread::spawn(move || {
            for i in 0..10_000u32 {
                assert!(writer.push(i).is_continue());
            }
            writer.end();
        });
        let mut read = Vec::new();
        loop {
            match queue.take(300, Duration::from_millis(100)) {
                Taken::Items(items) => {
                    assert!(!items.is_empty() && items.len() <= 300);
                    read.extend(items);
                }
                Taken::Waiting => {}
                Taken::End => break,
            }
        }
        thread.join().unwrap();
        assert_eq!(read, (0..10_000).collect::<Vec<_>>());
    }

    #[test]
    fn a_reader_gone_stops_the_writer() {
        let queue = Arc::new(Queue::default());
        let writer = Arc::clone(&queue);
        let thread =
            std::thread::spawn(move || (0..).take_while(|&i| writer.push(i).is_continue()).count());
        let Taken::Items(first) = queue.take(1, Duration::from_secs(5)) else {
            panic!("the writer pushes at once")
        };
        assert_eq!(first, [0]);
        queue.leave();
        // The writer stopped, at most AHEAD items past the one taken.
        assert!(thread.join().unwrap() <= AHEAD + 1);
        assert!(matches!(queue.take(1, Duration::ZERO), Taken::Items(_)));
    }
}
