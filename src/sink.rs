//! Where a request streams its items: listed solutions, batch answers, table
//! rows. One trait for all four puzzles; each puzzle names its own `Item`.
//!
//! A request hands each item over as soon as it is found and verified, so a
//! listing of millions is never held; the final answer says how many were
//! given and how the stream ended. A closure is a sink, and so is a `Vec`
//! (which keeps them all):
//!
//! ```
//! use puzzles::grid::Dims;
//! use puzzles::listing::Limit;
//! use puzzles::revertigo::{Revertigo, Answer, Item, Mode, Request};
//! use puzzles::{Control, GridPuzzle};
//!
//! let mut request = Request::new(Dims { rows: 4, cols: 4 });
//! request.mode = Mode::List { limit: Limit::at_most(3)? };
//! let mut maps: Vec<Item> = Vec::new();
//! let Answer::List(listing) = Revertigo::answer(&request, &Control::new(), &mut maps)? else { panic!() };
//! assert_eq!((maps.len(), listing.listed, listing.complete), (3, 3, false));
//! # Ok::<(), puzzles::Error>(())
//! ```

use std::ops::ControlFlow;

/// Takes the items a request streams; `Break` asks the request to stop there
/// (it then ends as a listing stopped at a limit).
pub trait Sink<T> {
    /// One item, already verified.
    fn take(&mut self, item: T) -> ControlFlow<()>;
}

impl<T, F: FnMut(T) -> ControlFlow<()>> Sink<T> for F {
    fn take(&mut self, item: T) -> ControlFlow<()> {
        self(item)
    }
}

impl<T> Sink<T> for Vec<T> {
    fn take(&mut self, item: T) -> ControlFlow<()> {
        self.push(item);
        ControlFlow::Continue(())
    }
}

/// A sink for requests that stream nothing (a solve, a check): it drops whatever comes.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoItems;

impl<T> Sink<T> for NoItems {
    fn take(&mut self, _: T) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}
