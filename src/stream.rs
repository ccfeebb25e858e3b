//! A request's items pulled one at a time: the request runs on a thread of its own and hands each item over when the reader asks for it.
//!
//! [`GridPuzzle::answer`] pushes its items into a sink as it finds them. A
//! reader that wants to *pull* them — an animation that draws a step, waits,
//! then asks for the next; a Python iterator; a listing read lazily —
//! starts the request as a [`Stream`]: an iterator over the items, whose
//! [`Stream::finish`] gives the answer. The request waits for each pull (it
//! never runs ahead of the reader), and a stream dropped or finished early
//! ends the request as a listing stopped at a limit.
//!
//! ```
//! use puzzles::grid::Dims;
//! use puzzles::listing::Limit;
//! use puzzles::revertigo::{Answer, Item, Mode, Request, Revertigo};
//! use puzzles::stream::Stream;
//! use puzzles::Control;
//!
//! let mut request = Request::new(Dims { rows: 4, cols: 4 });
//! request.mode = Mode::List { limit: Limit::NONE };
//! let mut maps = Stream::<Revertigo>::start(request, Control::new());
//! let first = maps.next().expect("the 4×4 board has 16 maps");
//! let Item::Map { index, .. } = first else { panic!("a listing streams maps") };
//! assert_eq!(index, 1);
//! let Answer::List(end) = maps.finish()? else { panic!() };
//! assert!(!end.complete); // stopped after the one map read
//! # Ok::<(), puzzles::Error>(())
//! ```

use crate::control::Control;
use crate::error::{Error, Result};
use crate::puzzle::GridPuzzle;
use std::ops::ControlFlow;
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

/// A request running on its own thread, its items read one at a time.
pub struct Stream<P: GridPuzzle> {
    items: Option<Receiver<P::Item>>,
    worker: Option<JoinHandle<Result<P::Answer>>>,
    ctl: Control,
}

impl<P: GridPuzzle> Stream<P> {
    /// Starts `request` on a thread of its own, stopped by `ctl` and
    /// reporting progress to it; it finds its first item when it is asked for.
    pub fn start(request: P::Request, ctl: Control) -> Self {
        // A rendezvous channel: each item waits until the reader takes it.
        Self::ahead(request, ctl, 0)
    }

    /// Starts `request` as [`Stream::start`] does, but lets it run up to
    /// `items` items ahead of the reader: a batch read from another
    /// language's loop keeps the solver busy while the reader handles the
    /// items already found.
    pub fn ahead(request: P::Request, ctl: Control, items: usize) -> Self {
        let (sender, receiver) = sync_channel(items);
        let worker_ctl = ctl.clone();
        let worker = std::thread::spawn(move || {
            let mut sink = |item| match sender.send(item) {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            };
            P::answer(&request, &worker_ctl, &mut sink)
        });
        Stream {
            items: Some(receiver),
            worker: Some(worker),
            ctl,
        }
    }

    /// The control the request polls: [`Control::request_stop`] stops it.
    pub fn control(&self) -> &Control {
        &self.ctl
    }

    /// Ends the stream and gives the request's answer: a request still
    /// streaming ends as a listing stopped at a limit. A panic of the request is reported as an error.
    pub fn finish(mut self) -> Result<P::Answer> {
        self.items = None;
        let worker = self.worker.take().expect("a stream is finished once");
        worker.join().unwrap_or_else(|_| {
            Err(Error::Check(
                "the request stopped on an internal error".into(),
            ))
        })
    }

    /// The next item if one comes within `wait`: a reader that must look
    /// up from time to time (for a signal, to draw progress) waits in slices.
    ///
    /// ```
    /// use puzzles::grid::Dims;
    /// use puzzles::revertigo::{Mode, Request, Revertigo};
    /// use puzzles::stream::{Pulled, Stream};
    /// use puzzles::{listing::Limit, Control};
    /// use std::time::Duration;
    ///
    /// let mut request = Request::new(Dims { rows: 2, cols: 2 });
    /// request.mode = Mode::List { limit: Limit::NONE };
    /// let mut maps = Stream::<Revertigo>::start(request, Control::new());
    /// let mut listed = 0;
    /// loop {
    ///     match maps.pull(Duration::from_millis(100)) {
    ///         Pulled::Item(_) => listed += 1,
    ///         Pulled::Waiting => continue,
    ///         Pulled::End => break,
    ///     }
    /// }
    /// assert_eq!(listed, 1); // 2×2 has one map
    /// assert!(maps.finish().is_ok());
    /// ```
    pub fn pull(&mut self, wait: Duration) -> Pulled<P::Item> {
        let Some(items) = self.items.as_ref() else {
            return Pulled::End;
        };
        match items.recv_timeout(wait) {
            Ok(item) => Pulled::Item(item),
            Err(RecvTimeoutError::Timeout) => Pulled::Waiting,
            Err(RecvTimeoutError::Disconnected) => Pulled::End,
        }
    }
}

/// What [`Stream::pull`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pulled<T> {
    /// The next item.
    Item(T),
    /// None yet: the request is still working.
    Waiting,
    /// The request has ended: [`Stream::finish`] gives its answer.
    End,
}

impl<P: GridPuzzle> Iterator for Stream<P> {
    type Item = P::Item;

    /// The next item, found now; `None` once the request has ended.
    fn next(&mut self) -> Option<P::Item> {
        self.items.as_ref()?.recv().ok()
    }
}

impl<P: GridPuzzle> Drop for Stream<P> {
    /// A stream dropped unfinished stops its request: it is told to stop, and
    /// its next item finds no reader. The thread is left to end on its own.
    fn drop(&mut self) {
        if self.worker.is_some() {
            self.ctl.request_stop();
        }
    }
}
