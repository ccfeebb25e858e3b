//! The knight's search one step at a time, for the knight's tour lab's animated drawing.
//!
//! The knight's tour lab's `tour` numbers a square, redraws the board, tries each free
//! move in turn and clears the square when they all fail. [`Animation`] is
//! that backtracking with the recursion turned into an explicit stack (one
//! frame of candidate moves per square of the path), run one event at a
//! time: each call to `next` places the next square or clears the last one,
//! until the tour is complete ([`Event::Tour`]) or every path from the start
//! has been tried ([`Event::NoTour`], the proof that none exists). There is no
//! pruning, so a student sees every dead end the lab's program would meet;
//! [`MoveOrder::Warnsdorff`] (fewest onward moves first, ties to the square
//! farther from the centre, after Roth, then the lab's order) makes large
//! boards finish at once.

use super::{is_knight_move, verify_tour, Knight, MoveOrder, Tour, TourOutcome, SEED_MOVES};
use crate::control::Control;
use crate::error::Result;
use crate::grid::{Dims, Pos};
use crate::listing::Limit;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// One step of the search, as a request streams it: a square placed or cleared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStep {
    /// Its place in the search, from 1.
    pub index: u64,
    /// Placed or cleared.
    pub action: StepAction,
    /// The square.
    pub square: Pos,
    /// Its number: given when placed, the one it had when cleared.
    pub number: usize,
    /// In Warnsdorff's order, when placed: the free squares a move away in
    /// the order they will be tried, `[row, col, score]`, the score being
    /// each one's onward free moves (fewest first); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<[usize; 3]>,
}

/// What a step does to its square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StepAction {
    /// The knight moves to the square, which gets the next number.
    Place,
    /// Every move from the square failed: the search backs up and clears it.
    Clear,
}

/// The end of a stretch of the search drawn step by step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepsEnd {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The first square.
    pub start: Pos,
    /// Whether a closed tour is searched.
    pub closed: bool,
    /// The move order.
    pub order: MoveOrder,
    /// Steps of the search so far, those skipped included.
    pub steps: u64,
    /// How the search ended: a tour (verified), no tour, or interrupted;
    /// `None` when the stretch ended first (the search goes on).
    pub result: Option<TourOutcome>,
}

/// Streams steps `skip + 1 ..` of the search for a tour of `knight` in
/// `order` to `sink`, at most `limit` of them, until the search ends, the
/// sink breaks or `ctl` is stopped. A tour found is verified.
pub(crate) fn steps(
    knight: Knight,
    order: MoveOrder,
    skip: u64,
    limit: Limit,
    ctl: &Control,
    sink: &mut dyn FnMut(SearchStep) -> ControlFlow<()>,
) -> Result<StepsEnd> {
    let dims = knight.dims();
    let mut end = StepsEnd {
        rows: dims.rows,
        cols: dims.cols,
        start: knight.start(),
        closed: knight.closed(),
        order,
        steps: 0,
        result: None,
    };
    let most = limit.get().unwrap_or(u64::MAX);
    let mut search = Animation::new(knight, order);
    let mut streamed = 0;
    while let Some(event) = search.next() {
        if ctl.stopped() {
            end.result = Some(TourOutcome::Interrupted);
            break;
        }
        let (action, square, number) = match event {
            Event::Place { square, number } => (StepAction::Place, square, number),
            Event::Remove { square, number } => (StepAction::Clear, square, number),
            Event::Tour => {
                verify_tour(&knight, search.path())?;
                end.result = Some(TourOutcome::Tour);
                break;
            }
            Event::NoTour => {
                end.result = Some(TourOutcome::NoTour);
                break;
            }
        };
        end.steps += 1;
        if end.steps <= skip {
            continue;
        }
        streamed += 1;
        let index = end.steps;
        let scores = match (action, order) {
            (StepAction::Place, MoveOrder::Warnsdorff) => search.scores(),
            _ => Vec::new(),
        };
        if sink(SearchStep {
            index,
            action,
            square,
            number,
            scores,
        })
        .is_break()
            || streamed >= most
        {
            break;
        }
    }
    Ok(end)
}

/// One event of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Event {
    /// The knight moves to `square`, which gets `number` (the start is 1).
    Place {
        /// The square numbered.
        square: Pos,
        /// Its number: the length of the path with it.
        number: usize,
    },
    /// Every move from `square` failed: the search backs up and clears it.
    Remove {
        /// The square cleared (the last of the path).
        square: Pos,
        /// The number it had.
        number: usize,
    },
    /// The path is a tour (closed when asked); the last event.
    Tour,
    /// Every path from the start was tried and none is a tour; the last event.
    NoTour,
}

/// The squares still to try from one square of the path.
#[derive(Debug, Clone)]
struct Frame {
    candidates: Vec<Pos>,
    next: usize,
}

/// Where the search is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing placed yet.
    Fresh,
    /// Searching.
    Running,
    /// Ended on a tour (`true`) or on the exhausted search (`false`).
    Done(bool),
}

/// The knight's tour lab's backtracking, one [`Event`] per call to `next`.
#[derive(Debug, Clone)]
pub(crate) struct Animation {
    knight: Knight,
    order: MoveOrder,
    /// The number of each square (row-major), 0 when free.
    numbers: Vec<usize>,
    path: Tour,
    frames: Vec<Frame>,
    state: State,
    steps: u64,
}

impl Animation {
    /// The search for a tour of `knight`, trying moves in `order`; nothing placed yet.
    pub(crate) fn new(knight: Knight, order: MoveOrder) -> Self {
        Animation {
            knight,
            order,
            numbers: vec![0; knight.dims().cells()],
            path: Vec::new(),
            frames: Vec::new(),
            state: State::Fresh,
            steps: 0,
        }
    }

    #[cfg(test)]
    /// The number on square `p` (1 for the start), `None` when it is free.
    pub(crate) fn number(&self, p: Pos) -> Option<usize> {
        let dims = self.knight.dims();
        if !dims.contains(p) {
            return None;
        }
        Some(self.numbers[dims.index(p)]).filter(|&n| n > 0)
    }

    /// The squares of the current path, the start first.
    pub(crate) fn path(&self) -> &[Pos] {
        &self.path
    }

    #[cfg(test)]
    /// Squares placed and cleared so far.
    pub(crate) fn steps(&self) -> u64 {
        self.steps
    }

    #[cfg(test)]
    /// `None` while searching; `Some(true)` when a tour was found, `Some(false)` when there is none.
    pub(crate) fn outcome(&self) -> Option<bool> {
        match self.state {
            State::Done(found) => Some(found),
            _ => None,
        }
    }

    /// The free squares a knight's move from `p`, in the order the search tries them.
    fn candidates(&self, p: Pos) -> Vec<Pos> {
        let dims = self.knight.dims();
        ordered_moves(dims, p, self.order, |q| self.numbers[dims.index(q)] == 0)
    }

    /// The squares the last placed square's frame will try, with Warnsdorff's
    /// score (onward free moves) of each, as `[row, col, score]`.
    fn scores(&self) -> Vec<[usize; 3]> {
        let dims = self.knight.dims();
        let free = |q: Pos| self.numbers[dims.index(q)] == 0;
        let Some(frame) = self.frames.last() else {
            return Vec::new();
        };
        frame
            .candidates
            .iter()
            .map(|&q| {
                [
                    q.row,
                    q.col,
                    knight_moves(dims, q).filter(|&r| free(r)).count(),
                ]
            })
            .collect()
    }

    /// Numbers `p` and pushes its frame.
    fn place(&mut self, p: Pos) -> Event {
        let dims = self.knight.dims();
        self.path.push(p);
        let number = self.path.len();
        self.numbers[dims.index(p)] = number;
        let candidates = self.candidates(p);
        self.frames.push(Frame {
            candidates,
            next: 0,
        });
        self.steps += 1;
        Event::Place { square: p, number }
    }
}

/// The squares a knight's move from `p` that are `free`, in the order a
/// search in `order` tries them: the lab's order, or Warnsdorff's (fewest
/// onward free moves first; ties to the square farther from the centre, after
/// Roth; the stable sort keeps the lab's order after that).
pub(crate) fn ordered_moves(
    dims: Dims,
    p: Pos,
    order: MoveOrder,
    free: impl Fn(Pos) -> bool,
) -> Vec<Pos> {
    let mut c: Vec<Pos> = knight_moves(dims, p).filter(|&q| free(q)).collect();
    if order == MoveOrder::Warnsdorff {
        let onward = |q: Pos| knight_moves(dims, q).filter(|&r| free(r)).count();
        let off_centre = |q: Pos| {
            let dr = (2 * q.row) as i64 - (dims.rows as i64 - 1);
            let dc = (2 * q.col) as i64 - (dims.cols as i64 - 1);
            dr * dr + dc * dc
        };
        c.sort_by_key(|&q| (onward(q), std::cmp::Reverse(off_centre(q))));
    }
    c
}

/// The squares a knight's move from `p`, in the knight's tour lab's order.
fn knight_moves(dims: Dims, p: Pos) -> impl Iterator<Item = Pos> {
    SEED_MOVES
        .into_iter()
        .filter_map(move |(dr, dc)| dims.checked(p.row as i64 + dr, p.col as i64 + dc))
}

impl Iterator for Animation {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        match self.state {
            State::Done(_) => return None,
            State::Fresh => {
                self.state = State::Running;
                return Some(self.place(self.knight.start()));
            }
            State::Running => {}
        }
        let dims = self.knight.dims();
        if self.path.len() == dims.cells() {
            let last = self.path[self.path.len() - 1];
            if !self.knight.closed() || is_knight_move(last, self.knight.start()) {
                self.state = State::Done(true);
                return Some(Event::Tour);
            }
        }
        let Some(frame) = self.frames.last_mut() else {
            self.state = State::Done(false);
            return Some(Event::NoTour);
        };
        while frame.next < frame.candidates.len() {
            let q = frame.candidates[frame.next];
            frame.next += 1;
            if self.numbers[dims.index(q)] == 0 {
                return Some(self.place(q));
            }
        }
        // A dead end: clear the last square and back up.
        self.frames.pop();
        let square = self.path.pop()?;
        let number = self.path.len() + 1;
        self.numbers[dims.index(square)] = 0;
        self.steps += 1;
        Some(Event::Remove { square, number })
    }
}

#[cfg(test)]
mod tests;
