//! The Python bridge to the `puzzles` library: the extension module
//! `puzzles._native`, loaded by the Python package `puzzles` (python/puzzles/).
//!
//! A call names the puzzle and carries its request as keyword arguments, the
//! JSON contract's keys and values (docs/json.md); the bridge reads them into
//! the puzzle's `Request` through serde, asks the library's one trait
//! [`puzzles::GridPuzzle`] through [`puzzles::registry`], and hands back the
//! answer and the streamed items as Python data. Nothing here knows one puzzle
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

mod held;
mod request;
mod run;
mod watch;

use held::Held;
use puzzles::render::Picture;
use puzzles::report::Ending;
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

/// A library answer held for Python: its dict, text and pictures on demand.
#[pyclass(module = "puzzles._native", frozen)]
struct Native {
    held: Mutex<Box<dyn Held>>,
}

impl Native {
    fn new(held: Box<dyn Held>) -> Self {
        Native {
            held: Mutex::new(held),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&dyn Held) -> T) -> PyResult<T> {
        let held = self
            .held
            .lock()
            .map_err(|_| PyRuntimeError::new_err("an answer was poisoned by a panic"))?;
        Ok(f(&**held))
    }
}

#[pymethods]
impl Native {
    /// The answer as the command's `--json` prints it (dicts, lists, strings, numbers).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.with(|held| held.to_py(py))?
    }

    /// The command's text of the answer (`quiet`: the summary only).
    #[pyo3(signature = (quiet = false))]
    fn text(&self, quiet: bool) -> PyResult<String> {
        self.with(|held| held.text(quiet))
    }

    /// The answer drawn as SVG: with its solution (`solved`), or the puzzle alone.
    #[pyo3(signature = (solved = true))]
    fn svg(&self, py: Python<'_>, solved: bool) -> PyResult<String> {
        let which = match solved {
            true => Picture::Solved,
            false => Picture::Puzzle,
        };
        py.detach(|| self.with(|held| held.svg(which)))?
            .map_err(py_error)
    }

    /// How the request ended: `answered`, `no solution` or `interrupted`.
    fn ending(&self) -> PyResult<&'static str> {
        self.with(|held| match held.ending() {
            Ending::Answered => "answered",
            Ending::NoSolution => "no solution",
            Ending::Interrupted => "interrupted",
        })
    }

    /// What a request stopped early left out, in one line (`None` when complete).
    fn partial(&self) -> PyResult<Option<String>> {
        self.with(|held| held.partial())
    }
}

/// A request under way: its items pulled as they come (those already found
/// together), then its answer.
#[pyclass(module = "puzzles._native", frozen)]
struct Run {
    running: Mutex<Box<dyn Running>>,
    watch: Arc<Watch>,
    /// Called with (done, total or None, note) as the work advances.
    progress: Option<Py<PyAny>>,
    /// When the caller last looked for Ctrl-C and progress.
    looked: Mutex<Instant>,
}

impl Run {
    fn running(&self) -> PyResult<std::sync::MutexGuard<'_, Box<dyn Running>>> {
        self.running
            .lock()
            .map_err(|_| PyRuntimeError::new_err("a request was poisoned by a panic"))
    }

    /// Pulls the next item, looking up for Ctrl-C and progress every [`SLICE`].
    fn pull_item(&self, py: Python<'_>) -> PyResult<Option<Box<dyn Held>>> {
        loop {
            let pulled = py.detach(|| self.running().map(|mut r| r.pull(SLICE)))?;
            let due = self
                .looked
                .lock()
                .map(|at| at.elapsed() >= SLICE)
                .unwrap_or(true);
            if due || matches!(pulled, Pull::Waiting) {
                self.look_up(py)?;
            }
            match pulled {
                Pull::Item(item) => return Ok(Some(item)),
                Pull::End => return Ok(None),
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
        if let (Ok(()), Some(callback), Some(reading)) =
            (&looked, &self.progress, self.watch.read())
        {
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
    /// The next items as Python data: the next one (waited for), then up to
    /// `most` in all of those already found, so that a long listing crosses
    /// between the threads in batches (empty once the request has ended).
    fn next_items<'py>(&self, py: Python<'py>, most: usize) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let Some(first) = self.pull_item(py)? else {
            return Ok(Vec::new());
        };
        let mut held = vec![first];
        py.detach(|| -> PyResult<()> {
            let mut running = self.running()?;
            while held.len() < most {
                match running.pull(Duration::ZERO) {
                    Pull::Item(item) => held.push(item),
                    Pull::Waiting | Pull::End => break,
                }
            }
            Ok(())
        })?;
        held.iter().map(|item| item.to_py(py)).collect()
    }

    /// Asks the request to stop: it answers with what it found so far.
    fn stop(&self) -> PyResult<()> {
        self.running()?.stop();
        Ok(())
    }

    /// The items left and the answer of a request that was stopped (after
    /// Ctrl-C): the items are pulled to the end without looking up, except
    /// for a second Ctrl-C, which abandons the request at once.
    fn drain<'py>(&self, py: Python<'py>) -> PyResult<(Vec<Bound<'py, PyAny>>, Option<Native>)> {
        let mut items = Vec::new();
        loop {
            match py.detach(|| self.running().map(|mut r| r.pull(SLICE)))? {
                Pull::Item(item) => items.push(item.to_py(py)?),
                Pull::End => break,
                Pull::Waiting => py.check_signals()?,
            }
        }
        let answer = py.detach(|| self.running().map(|mut r| r.finish()))?;
        Ok((items, answer.ok().map(Native::new)))
    }

    /// The request's answer: after the last item, or it ends the request as
    /// a listing stopped at a limit.
    fn answer(&self, py: Python<'_>) -> PyResult<Native> {
        let answer = py.detach(|| self.running().map(|mut r| r.finish()))?;
        answer.map(Native::new).map_err(py_error)
    }
}

/// Starts the request `kwargs` of the puzzle called `puzzle`, reporting
/// progress to `progress(done, total, note)`; returns the running request
/// and its pace `(unit, bounded, stops)`.
#[pyfunction]
#[pyo3(signature = (puzzle, kwargs, progress = None))]
fn start(
    puzzle: &str,
    kwargs: &Bound<'_, PyDict>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(Run, request::PaceTuple)> {
    let watch = Arc::new(Watch::default());
    let ctl = Control::new().with_progress(watch.clone());
    let visit = request::Start { kwargs, ctl };
    let (running, pace) = puzzles::registry::visit(puzzle, visit).map_err(py_error)??;
    let run = Run {
        running: Mutex::new(running),
        watch,
        progress,
        looked: Mutex::new(Instant::now()),
    };
    Ok((run, pace))
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
    m.add_class::<Native>()?;
    m.add_class::<Run>()?;
    m.add_function(wrap_pyfunction!(start, m)?)?;
    m.add_function(wrap_pyfunction!(names, m)?)?;
    Ok(())
}
