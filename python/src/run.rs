//! A request running for Python: answered at once in the calling thread (work
//! that never looks at the stop flag), or on a thread of its own whose items
//! are pulled a slice of time at a time, so the caller can look up for
//! Ctrl-C and draw progress between slices.

use crate::held::{AnswerOf, Held, ItemOf};
use puzzles::control::Stopping;
use puzzles::stream::{Pulled, Stream};
use puzzles::{Control, GridPuzzle};
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

/// How many items a request may find ahead of the Python loop reading them.
const AHEAD: usize = 64;

/// A held answer or item.
pub type Obj = Box<dyn Held>;

/// What a pull found.
pub enum Pull {
    /// The next item.
    Item(Obj),
    /// Nothing yet: the request is still working.
    Waiting,
    /// The request has ended.
    End,
}

/// A request under way, whatever its puzzle.
pub trait Running: Send {
    /// The next item, if one comes within `wait`.
    fn pull(&mut self, wait: Duration) -> Pull;
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
        Stopping::Promptly | Stopping::Within(_) => Box::new(Threaded::<P> {
            stream: Some(Stream::ahead(request, ctl.clone(), AHEAD)),
            ctl,
        }),
    }
}

/// A request already answered in the calling thread.
struct Inline<P: GridPuzzle> {
    items: VecDeque<P::Item>,
    answer: Option<puzzles::Result<P::Answer>>,
}

impl<P: GridPuzzle> Inline<P> {
    /// Answers `request` now, a panic reported as an internal error.
    fn run(request: &P::Request, ctl: &Control) -> Self {
        let mut items = Vec::new();
        let answer = catch_unwind(AssertUnwindSafe(|| P::answer(request, ctl, &mut items)))
            .unwrap_or_else(|_| Err(internal()));
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

impl<P: GridPuzzle> Running for Inline<P> {
    fn pull(&mut self, _: Duration) -> Pull {
        match self.items.pop_front() {
            Some(item) => Pull::Item(Box::new(ItemOf::<P>(item, PhantomData))),
            None => Pull::End,
        }
    }
    fn stop(&self) {}
    fn finish(&mut self) -> puzzles::Result<Obj> {
        let answer = self.answer.take().unwrap_or_else(|| Err(finished()))?;
        Ok(Box::new(AnswerOf::<P>(answer, PhantomData)))
    }
    fn answered(&mut self) -> Option<puzzles::Result<Obj>> {
        self.items.is_empty().then(|| self.finish())
    }
}

/// The error of an answer asked for twice (the Python side keeps the first).
fn finished() -> puzzles::Error {
    puzzles::Error::usage("this request's answer was already taken")
}

/// A request on a thread of its own, its items pulled through a [`Stream`].
struct Threaded<P: GridPuzzle> {
    stream: Option<Stream<P>>,
    ctl: Control,
}

impl<P: GridPuzzle> Running for Threaded<P> {
    fn pull(&mut self, wait: Duration) -> Pull {
        let Some(stream) = self.stream.as_mut() else {
            return Pull::End;
        };
        match stream.pull(wait) {
            Pulled::Item(item) => Pull::Item(Box::new(ItemOf::<P>(item, PhantomData))),
            Pulled::Waiting => Pull::Waiting,
            Pulled::End => Pull::End,
        }
    }
    fn stop(&self) {
        self.ctl.request_stop();
    }
    fn finish(&mut self) -> puzzles::Result<Obj> {
        let stream = self.stream.take().ok_or_else(finished)?;
        let answer = stream.finish()?;
        Ok(Box::new(AnswerOf::<P>(answer, PhantomData)))
    }
    fn answered(&mut self) -> Option<puzzles::Result<Obj>> {
        None
    }
}
