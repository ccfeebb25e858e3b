//! The Python bridge to the `puzzles` library: the extension module
//! `puzzles._native`, loaded by the Python package `puzzles` (python/puzzles/).
//!
//! A call names the puzzle and carries its request as keyword arguments, the
//! JSON contract's keys and values (docs/json.md); the bridge reads them, one
//! key at a time, into the puzzle's `Request` through serde, asks the
//! library's one trait [`puzzles::GridPuzzle`] through [`puzzles::registry`],
//! and hands back the answer and the streamed items held in Rust
//! ([`item::Item`]): each key is written as Python data when it is read.
//! Nothing here knows one puzzle
//! from another, and nothing here solves anything: the Python package holds
//! the conveniences (grids as lists, strings or numpy arrays; answers as
//! objects), the library everything else.
//!
//! Long work runs with the GIL released. Work that polls the library's stop
//! flag runs on a thread of its own while the calling thread waits in slices
//! of [`SLICE`], looking up between slices for Ctrl-C (then stopping the
//! request, which answers with what it found) and reporting progress to the
//! caller's callback. A panic of the library never crosses into Python: it
//! is an internal error (a `RuntimeError`).

mod fields;
mod held;
mod item;
mod json;
mod queue;
mod request;
mod run;
mod watch;

use held::Held;
use item::Item;
use puzzles::Control;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use run::{Pull, Running};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use watch::Watch;

create_exception!(
    puzzles,
    PuzzleError,
    PyValueError,
    "A request the library refuses: bad input (file:line:column), a value out of range, a size over a limit. The message is the command line's one line."
);

/// How long the waiting thread leaves the request alone between two looks
/// for Ctrl-C and two progress reports.
pub const SLICE: Duration = Duration::from_millis(100);

/// A library error as Python raises it: a refusal is a `PuzzleError`; a
/// failed check of the library's own answer (a bug) a `RuntimeError`.
pub fn py_error(e: puzzles::Error) -> PyErr {
    match e {
        puzzles::Error::Check(_) => PyRuntimeError::new_err(e.to_string()),
        _ => PuzzleError::new_err(e.to_string()),
    }
}

/// A request under way: its items pulled as they come (those already found
/// together), then its answer.
#[pyclass(module = "puzzles._native", frozen)]
struct Run {
    running: Mutex<Box<dyn Running>>,
    watch: Arc<Watch>,
    /// Called with (done, total or None, note) as the work advances.
    progress: Mutex<Option<Py<PyAny>>>,
    /// When the caller last looked for Ctrl-C and progress.
    looked: Mutex<Instant>,
}

impl Run {
    fn running(&self) -> PyResult<std::sync::MutexGuard<'_, Box<dyn Running>>> {
        self.running
            .lock()
            .map_err(|_| PyRuntimeError::new_err("a request was poisoned by a panic"))
    }

    /// Pulls the next items (up to `most`), looking up for Ctrl-C and
    /// progress every [`SLICE`].
    fn pull_items(&self, py: Python<'_>, most: usize) -> PyResult<Vec<Box<dyn Held>>> {
        loop {
            let pulled = py.detach(|| self.running().map(|mut r| r.pull(most, SLICE)))?;
            let due = self
                .looked
                .lock()
                .map(|at| at.elapsed() >= SLICE)
                .unwrap_or(true);
            if due || matches!(pulled, Pull::Waiting) {
                self.look_up(py)?;
            }
            match pulled {
                Pull::Items(items) => return Ok(items),
                Pull::End => return Ok(Vec::new()),
                Pull::Waiting => {}
            }
        }
    }

    /// Reports progress and looks for Ctrl-C (or an exception from the
    /// callback): the request is then stopped, and the error raised.
    fn look_up(&self, py: Python<'_>) -> PyResult<()> {
        if let Ok(mut at) = self.looked.lock() {
            *at = Instant::now();
        }
        let mut looked = py.check_signals();
        let callback = match self.progress.lock() {
            Ok(progress) => progress.as_ref().map(|c| c.clone_ref(py)),
            Err(_) => None,
        };
        if let (Ok(()), Some(callback), Some(reading)) = (&looked, callback, self.watch.read()) {
            looked = callback.call1(py, reading).map(drop);
        }
        if looked.is_err() {
            self.running()?.stop();
        }
        looked
    }
}

#[pymethods]
impl Run {
    /// The next items: the next one (waited for) and up to `most` in all
    /// of those found with it, so that a long listing crosses between the
    /// threads in hands of many (empty once the request has ended).
    fn next_items(&self, py: Python<'_>, most: usize) -> PyResult<Vec<Item>> {
        let held = self.pull_items(py, most.max(1))?;
        Ok(held.into_iter().map(Item::new).collect())
    }

    /// Reports progress to `callback(done, total or None, note)` from now on.
    fn set_progress(&self, callback: Py<PyAny>) -> PyResult<()> {
        let mut progress = self
            .progress
            .lock()
            .map_err(|_| PyRuntimeError::new_err("a request was poisoned by a panic"))?;
        *progress = Some(callback);
        Ok(())
    }

    /// Asks the request to stop: it answers with what it found so far.
    fn stop(&self) -> PyResult<()> {
        self.running()?.stop();
        Ok(())
    }

    /// The items left and the answer of a request that was stopped (after
    /// Ctrl-C): the items are pulled to the end without looking up, except
    /// for a second Ctrl-C, which abandons the request at once.
    fn drain(&self, py: Python<'_>) -> PyResult<(Vec<Item>, Option<Item>)> {
        let mut items = Vec::new();
        loop {
            match py.detach(|| self.running().map(|mut r| r.pull(usize::MAX, SLICE)))? {
                Pull::Items(found) => items.extend(found.into_iter().map(Item::new)),
                Pull::End => break,
                Pull::Waiting => py.check_signals()?,
            }
        }
        let answer = py.detach(|| self.running().map(|mut r| r.finish()))?;
        Ok((items, answer.ok().map(Item::new)))
    }

    /// The request's answer: after the last item, or it ends the request as
    /// a listing stopped at a limit.
    fn answer(&self, py: Python<'_>) -> PyResult<Item> {
        let answer = py.detach(|| self.running().map(|mut r| r.finish()))?;
        answer.map(Item::new).map_err(py_error)
    }
}

/// Starts the request `kwargs` of the puzzle called `puzzle`; returns the
/// running request, or its answer when it was answered at once with no items
/// (a Lights Out solve), and its pace `(unit, bounded, stops)`.
#[pyfunction]
fn start<'py>(
    py: Python<'py>,
    puzzle: &str,
    kwargs: &Bound<'py, PyDict>,
) -> PyResult<(Bound<'py, PyAny>, request::PaceTuple)> {
    let watch = Arc::new(Watch::default());
    let ctl = Control::new().with_progress(watch.clone());
    let visit = request::Start { kwargs, ctl };
    let (mut running, pace) = puzzles::registry::visit(puzzle, visit).map_err(py_error)??;
    if let Some(answer) = running.answered() {
        let answer = answer.map_err(py_error)?;
        return Ok((Bound::new(py, Item::new(answer))?.into_any(), pace));
    }
    let run = Run {
        running: Mutex::new(running),
        watch,
        progress: Mutex::new(None),
        looked: Mutex::new(Instant::now()),
    };
    Ok((Bound::new(py, run)?.into_any(), pace))
}

/// The names of the four puzzles, in the command line's order.
#[pyfunction]
fn names() -> Vec<&'static str> {
    puzzles::registry::NAMES.to_vec()
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PuzzleError", m.py().get_type::<PuzzleError>())?;
    m.add_class::<Item>()?;
    m.add_class::<Run>()?;
    m.add_function(wrap_pyfunction!(start, m)?)?;
    m.add_function(wrap_pyfunction!(names, m)?)?;
    m.add_function(wrap_pyfunction!(item::set_fields, m)?)?;
    m.add_function(wrap_pyfunction!(item::field, m)?)?;
    m.add_function(wrap_pyfunction!(item::keys, m)?)?;
    m.add_function(wrap_pyfunction!(item::text, m)?)?;
    m.add_function(wrap_pyfunction!(item::svg, m)?)?;
    m.add_function(wrap_pyfunction!(item::ending, m)?)?;
    m.add_function(wrap_pyfunction!(item::partial, m)?)?;
    Ok(())
}
