//! An answer or a streamed item held for Python (`puzzles.Item`): its keys read one at a time as attributes, its dict, text and pictures only when asked.

use crate::held::Held;
use crate::json;
use puzzles::render::Picture;
use puzzles::report::Ending;
use pyo3::exceptions::{PyAttributeError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList};
use std::sync::Mutex;

/// How the package reads a key as Python: by puzzle, by key, a callable
/// `(value, item) -> value` (grids made numpy arrays); set once by
/// [`set_fields`].
static FIELDS: PyOnceLock<Py<PyDict>> = PyOnceLock::new();

/// One report of the library (a request's answer, or an item it streamed)
/// held on the Rust side; its attributes are the keys of the command's
/// `--json` for it, each written only when read.
#[pyclass(module = "puzzles._native", frozen)]
pub struct Item {
    held: Mutex<Box<dyn Held>>,
}

impl Item {
    /// Holds `held` for Python.
    pub fn new(held: Box<dyn Held>) -> Self {
        Item {
            held: Mutex::new(held),
        }
    }

    /// Runs `f` on the report held.
    pub fn with<T>(&self, f: impl FnOnce(&dyn Held) -> T) -> PyResult<T> {
        let held = self
            .held
            .lock()
            .map_err(|_| PyRuntimeError::new_err("a report was poisoned by a panic"))?;
        Ok(f(&**held))
    }

    /// The value of key `name` as Python reads it (`None`: no such key).
    fn read<'py>(slf: &Bound<'py, Self>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = slf.py();
        let (puzzle, value) = slf.get().with(|h| (h.puzzle(), h.field(name)))?;
        let Some(value) = value.map_err(check_error)? else {
            return Ok(None);
        };
        let value = json::python(py, &value)?;
        let convert = match FIELDS.get(py) {
            Some(fields) => match fields.bind(py).get_item(puzzle)? {
                Some(keys) => keys.cast::<PyDict>()?.get_item(name)?,
                None => None,
            },
            None => None,
        };
        match convert {
            Some(convert) => convert.call1((value, slf)).map(Some),
            None => Ok(Some(value)),
        }
    }
}

/// A report that could not be written as JSON: a bug of the library.
fn check_error(e: serde_json::Error) -> PyErr {
    crate::py_error(puzzles::Error::Check(e.to_string()))
}

#[pymethods]
impl Item {
    /// The report as the command's `--json` prints it (its line, for an item).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.with(|held| held.to_py(py))?
    }

    /// The puzzle's name: `lightsout`, `revertigo`, `knight` or `sudoku`.
    #[getter]
    fn puzzle(&self) -> PyResult<&'static str> {
        self.with(|held| held.puzzle())
    }

    fn __getattr__<'py>(slf: &Bound<'py, Self>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        if !name.starts_with('_') {
            if let Some(value) = Item::read(slf, name)? {
                return Ok(value);
            }
        }
        Err(PyAttributeError::new_err(slf.get().no_such_key(name)?))
    }

    fn __dir__(&self) -> PyResult<Vec<String>> {
        let mut names = self.with(|held| held.keys())?.map_err(check_error)?;
        names.extend(["puzzle".to_owned(), "to_dict".to_owned()]);
        names.sort_unstable();
        Ok(names)
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Item>() else {
            return Ok(false);
        };
        Ok(self.puzzle()? == other.get().puzzle()?
            && self.to_dict(py)?.eq(other.get().to_dict(py)?)?)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let dict = self.to_dict(py)?.repr()?;
        Ok(format!("puzzles.Item('{}', {dict})", self.puzzle()?))
    }
}

impl Item {
    /// The message of an attribute the report does not have.
    fn no_such_key(&self, name: &str) -> PyResult<String> {
        self.with(|held| {
            let mut keys = held.keys().map_err(check_error)?;
            keys.sort_unstable();
            let what = match held.is_answer() {
                true => {
                    let mode = held.field("mode").ok().flatten();
                    let mode = mode.as_ref().and_then(|m| m.as_str()).unwrap_or("");
                    format!("{} {mode} answer", held.puzzle())
                }
                false => format!("{} item", held.puzzle()),
            };
            Ok(format!(
                "this {what} has no '{name}'; it has {}",
                keys.join(", ")
            ))
        })?
    }
}

/// Tells the bridge how the package reads keys as Python:
/// `{puzzle: {key: convert(value, item)}}` (grids as numpy arrays).
#[pyfunction]
pub fn set_fields(py: Python<'_>, fields: Bound<'_, PyDict>) -> PyResult<()> {
    FIELDS
        .set(py, fields.unbind())
        .map_err(|_| PyRuntimeError::new_err("the fields are set once"))
}

/// The value of key `name` of `item`, as its attribute reads it (an
/// `AttributeError` when it has no such key): the attribute without
/// Python's failed lookup first.
#[pyfunction]
pub fn field<'py>(item: &Bound<'py, Item>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    Item::__getattr__(item, name)
}

/// The keys of `item`'s JSON object, in the order the command writes them.
#[pyfunction]
pub fn keys<'py>(py: Python<'py>, item: &Item) -> PyResult<Bound<'py, PyList>> {
    let names = item.with(|held| held.keys())?.map_err(check_error)?;
    PyList::new(py, names)
}

/// The command's text of `item` (`quiet`: the summary only).
#[pyfunction]
#[pyo3(signature = (item, quiet = false))]
pub fn text(item: &Item, quiet: bool) -> PyResult<String> {
    item.with(|held| held.text(quiet))
}

/// `item` drawn as SVG: with its solution (`solved`), or the puzzle alone.
#[pyfunction]
#[pyo3(signature = (item, solved = true))]
pub fn svg(py: Python<'_>, item: &Item, solved: bool) -> PyResult<String> {
    let which = match solved {
        true => Picture::Solved,
        false => Picture::Puzzle,
    };
    py.detach(|| item.with(|held| held.svg(which)))?
        .map_err(crate::py_error)
}

/// How the request ended: `answered`, `no solution` or `interrupted`.
#[pyfunction]
pub fn ending(item: &Item) -> PyResult<&'static str> {
    item.with(|held| match held.ending() {
        Ending::Answered => "answered",
        Ending::NoSolution => "no solution",
        Ending::Interrupted => "interrupted",
    })
}

/// What a request stopped early left out, in one line (`None` when complete).
#[pyfunction]
pub fn partial(item: &Item) -> PyResult<Option<String>> {
    item.with(|held| held.partial())
}
