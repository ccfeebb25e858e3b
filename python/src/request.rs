//! A request read from Python keyword arguments into the puzzle's `Request` (one key at a time, no Python object written as a whole), its keys checked, and started.

use crate::fields;
use crate::json;
use crate::run::{self, Running};
use puzzles::control::Stopping;
use puzzles::registry::Visit;
use puzzles::{Control, GridPuzzle};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

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
        let (object, given) = json::object(self.kwargs)?;
        let request: P::Request = serde_json::from_value(Value::Object(object))
            .map_err(|e| crate::py_error(puzzles::Error::usage(format!("bad request: {e}"))))?;
        refuse_unknown_keys(&given, &request)?;
        let pace = P::pace(&request);
        let tuple = (pace.unit, pace.bounded, pace.stopping != Stopping::Never);
        let py = self.kwargs.py();
        let ctl = self.ctl;
        let running = py.detach(move || run::start::<P>(request, ctl));
        Ok((running, tuple))
    }
}

/// Refuses a keyword the request does not have (serde would pass over it
/// silently): every key given must be one of the keys the request writes
/// (its fields, and those of its mode), named without writing their values.
fn refuse_unknown_keys<R: serde::Serialize>(given: &[String], request: &R) -> PyResult<()> {
    let known =
        fields::keys(request).map_err(|e| crate::py_error(puzzles::Error::Check(e.to_string())))?;
    if let Some(key) = given.iter().find(|key| !known.contains(key)) {
        let mut known: Vec<&str> = known.iter().map(String::as_str).collect();
        known.sort_unstable();
        return Err(crate::py_error(puzzles::Error::usage(format!(
            "bad request: unknown keyword {key:?} (this request has {})",
            known.join(", ")
        ))));
    }
    Ok(())
}
