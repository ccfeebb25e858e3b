//! A request running for Python: answered at once in the calling thread (work
//! that never looks at the stop flag), or on a thread of its own whose items
//! are taken a slice of time at a time, many at once, so the caller can look
//! up for Ctrl-C and draw progress between slices.

use crate::held::{Held, Kept};
use crate::queue::{Queue, Taken};
use puzzles::control::Stopping;
use puzzles::{Control, GridPuzzle};
use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A held answer or item.
pub type Obj = Box<dyn Held>;

/// What a pull found.
pub enum Pull {
    /// The next items (one at least).
    Items(Vec<Obj>),
    /// Nothing yet: the request is still working.
    Waiting,
    /// The request has ended.
    End,
}

/// A request under way, whatever its puzzle.
pub trait Running: Send {
    /// The next items, up to `most`, if one comes within `wait`.
    fn pull(&mut self, most: usize, wait: Duration) -> Pull;
    /// Asks the request to stop (it then answers with what it found).
    fn stop(&self);
    /// The answer, once the items are all pulled (or left: the request then
    /// ends as a listing stopped at a limit).
    fn finish(&mut self) -> puzzles::Result<Obj>;
    /// The answer of a request already answered with no items (Python then
    /// needs no request under way), or `None`.
    fn answered(&mut self) -> Option<puzzles::Result<Obj>>;
}

/// Starts `request` as its pace says: inline when it never polls the stop
/// flag (a Lights Out solve: nothing to gain from a thread), else on a thread.
pub fn start<P: GridPuzzle>(request: P::Request, ctl: Control) -> Box<dyn Running> {
    let pace = P::pace(&request);
    ctl.expect(pace.stopping);
    match pace.stopping {
        Stopping::Never => Box::new(Inline::<P>::run(&request, &ctl)),
        Stopping::Promptly | Stopping::Within(_) => Box::new(Threaded::<P>::start(request, ctl)),
    }
}

/// Answers `request`, its items to `sink`, a panic reported as an internal error.
fn answer<P: GridPuzzle>(
    request: &P::Request,
    ctl: &Control,
    sink: &mut dyn puzzles::Sink<P::Item>,
) -> puzzles::Result<P::Answer> {
    catch_unwind(AssertUnwindSafe(|| P::answer(request, ctl, sink)))
        .unwrap_or_else(|_| Err(internal()))
}

/// A request already answered in the calling thread.
struct Inline<P: GridPuzzle> {
    items: VecDeque<P::Item>,
    answer: Option<puzzles::Result<P::Answer>>,
}

impl<P: GridPuzzle> Inline<P> {
    /// Answers `request` now.
    fn run(request: &P::Request, ctl: &Control) -> Self {
        let mut items = Vec::new();
        let answer = answer::<P>(request, ctl, &mut items);
        Inline {
            items: items.into(),
            answer: Some(answer),
        }
    }
}

/// The error that stands for a panic of the library: a bug, reported as such.
pub fn internal() -> puzzles::Error {
    puzzles::Error::Check("the request stopped on an internal error".into())
}

/// An item of puzzle `P` held for Python.
fn held<P: GridPuzzle>(item: P::Item) -> Obj {
    Box::new(Kept::<P, P::Item>::item(item))
}

impl<P: GridPuzzle> Running for Inline<P> {
    fn pull(&mut self, most: usize, _: Duration) -> Pull {
        if self.items.is_empty() {
            return Pull::End;
        }
        let n = most.min(self.items.len());
        Pull::Items(self.items.drain(..n).map(held::<P>).collect())
    }
    fn stop(&self) {}
    fn finish(&mut self) -> puzzles::Result<Obj> {
        let answer = self.answer.take().unwrap_or_else(|| Err(finished()))?;
        Ok(Box::new(Kept::<P, P::Answer>::answer(answer)))
    }
    fn answered(&mut self) -> Option<puzzles::Result<Obj>> {
        self.items.is_empty().then(|| self.finish())
    }
}

/// The error of an answer asked for twice (the Python side keeps the first).
fn finished() -> puzzles::Error {
    puzzles::Error::usage("this request's answer was already taken")
}

/// A request on a thread of its own, its items handed over through a [`Queue`].
struct Threaded<P: GridPuzzle> {
    queue: Arc<Queue<P::Item>>,
    worker: Option<JoinHandle<puzzles::Result<P::Answer>>>,
    ctl: Control,
}

impl<P: GridPuzzle> Threaded<P> {
    /// Starts `request` on a thread, its items pushed to the queue.
    fn start(request: P::Request, ctl: Control) -> Self {
        let queue = Arc::new(Queue::default());
        let (writer, worker_ctl) = (Arc::clone(&queue), ctl.clone());
        let worker = std::thread::spawn(move || {
            let mut sink = |item| writer.push(item);
            let answer = answer::<P>(&request, &worker_ctl, &mut sink);
            writer.end();
            answer
        });
        Threaded {
            queue,
            worker: Some(worker),
            ctl,
        }
    }
}

impl<P: GridPuzzle> Running for Threaded<P> {
    fn pull(&mut self, most: usize, wait: Duration) -> Pull {
        match self.queue.take(most, wait) {
            Taken::Items(items) => Pull::Items(items.into_iter().map(held::<P>).collect()),
            Taken::Waiting => Pull::Waiting,
            Taken::End => Pull::End,
        }
    }
    fn stop(&self) {
        self.ctl.request_stop();
    }
    fn finish(&mut self) -> puzzles::Result<Obj> {
        let worker = self.worker.take().ok_or_else(finished)?;
        self.queue.leave();
        let answer = worker.join().unwrap_or_else(|_| Err(internal()))?;
        Ok(Box::new(Kept::<P, P::Answer>::answer(answer)))
    }
    fn answered(&mut self) -> Option<puzzles::Result<Obj>> {
        None
    }
}

impl<P: GridPuzzle> Drop for Threaded<P> {
    /// A request dropped unfinished (its Python object collected) is told
    /// to stop, and its next item finds no reader; its thread ends on its own.
    fn drop(&mut self) {
        if self.worker.is_some() {
            self.ctl.request_stop();
            self.queue.leave();
        }
    }
}
