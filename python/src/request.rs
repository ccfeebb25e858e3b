//! A request read from Python keyword arguments into the puzzle's `Request`, its keys checked, and started.

use crate::run::{self, Running};
use puzzles::control::Stopping;
use puzzles::registry::Visit;
use puzzles::{Control, GridPuzzle};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A request's pace as Python reads it: what the progress counts, whether
/// it has a total, whether the work stops when asked.
pub type PaceTuple = (Option<&'static str>, bool, bool);

/// Reads and starts one request of whichever puzzle the call names.
pub struct Start<'a, 'py> {
    /// The keyword arguments: the request's keys.
    pub kwargs: &'a Bound<'py, PyDict>,
    /// The request's stop flag and progress.
    pub ctl: Control,
}

impl Visit for Start<'_, '_> {
    type Output = PyResult<(Box<dyn Running>, PaceTuple)>;

    fn visit<P: GridPuzzle>(self) -> Self::Output {
        let request: P::Request = pythonize::depythonize(self.kwargs.as_any())
            .map_err(|e| crate::py_error(puzzles::Error::usage(format!("bad request: {e}"))))?;
        refuse_unknown_keys(self.kwargs, &request)?;
        let pace = P::pace(&request);
        let tuple = (pace.unit, pace.bounded, pace.stopping != Stopping::Never);
        let py = self.kwargs.py();
        let ctl = self.ctl;
        let running = py.detach(move || run::start::<P>(request, ctl));
        Ok((running, tuple))
    }
}

/// Refuses a keyword the request does not have (serde would pass over it
/// silently): every key given must come back when the request is written out.
fn refuse_unknown_keys<R: serde::Serialize>(
    kwargs: &Bound<'_, PyDict>,
    request: &R,
) -> PyResult<()> {
    let written = serde_json::to_value(request)
        .map_err(|e| crate::py_error(puzzles::Error::Check(e.to_string())))?;
    for key in kwargs.keys() {
        let key: String = key.extract()?;
        if written.get(&key).is_none() {
            let mut known: Vec<&String> = written
                .as_object()
                .into_iter()
                .flat_map(|o| o.keys())
                .collect();
            known.sort();
            let known: Vec<&str> = known.iter().map(|k| k.as_str()).collect();
            return Err(crate::py_error(puzzles::Error::usage(format!(
                "bad request: unknown keyword {key:?} (this request has {})",
                known.join(", ")
            ))));
        }
    }
    Ok(())
}
