//! Python values and JSON values, both ways: keyword arguments read as the JSON contract's request, one key at a time (strings, numbers, booleans, None, dicts, lists, tuples), and a report's JSON made Python data (dicts, lists, strings, numbers) as `json.loads` would.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;
use serde_json::{Map, Number, Value};

/// The keyword arguments as a JSON object, and their names in the order given.
pub fn object(kwargs: &Bound<'_, PyDict>) -> PyResult<(Map<String, Value>, Vec<String>)> {
    let mut object = Map::new();
    let mut names = Vec::with_capacity(kwargs.len());
    for (key, value) in kwargs.iter() {
        let key = key.cast::<PyString>()?.to_cow()?.into_owned();
        object.insert(key.clone(), json(&value, &key)?);
        names.push(key);
    }
    Ok((object, names))
}

/// One Python value as JSON; `key` names the keyword it is in, for the error.
fn json(value: &Bound<'_, PyAny>, key: &str) -> PyResult<Value> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Value::String(text.to_cow()?.into_owned()));
    }
    if let Ok(truth) = value.cast::<PyBool>() {
        return Ok(Value::Bool(truth.is_true()));
    }
    if value.is_instance_of::<PyInt>() {
        return whole(value, key);
    }
    if let Ok(real) = value.cast::<PyFloat>() {
        return Number::from_f64(real.value())
            .map(Value::Number)
            .ok_or_else(|| refused(key, "a number that is not finite"));
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        let mut object = Map::new();
        for (k, v) in dict.iter() {
            let k = k
                .cast::<PyString>()
                .map_err(|_| refused(key, "a dict whose keys are not strings"))?
                .to_cow()?
                .into_owned();
            object.insert(k, json(&v, key)?);
        }
        return Ok(Value::Object(object));
    }
    if let Ok(list) = value.cast::<PyList>() {
        return list.iter().map(|v| json(&v, key)).collect();
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        return tuple.iter().map(|v| json(&v, key)).collect();
    }
    if value.hasattr("__index__")? {
        // A whole number of another type (numpy's integers).
        return whole(value, key);
    }
    Err(PyTypeError::new_err(format!(
        "{key}: a value of type {} is not a request's value (strings, numbers, booleans, None, dicts, lists)",
        value.get_type().name()?
    )))
}

/// A whole number as JSON (64 bits at most, signed or not).
fn whole(value: &Bound<'_, PyAny>, key: &str) -> PyResult<Value> {
    if let Ok(n) = value.extract::<i64>() {
        return Ok(Value::from(n));
    }
    value
        .extract::<u64>()
        .map(Value::from)
        .map_err(|_| refused(key, "a whole number past 64 bits"))
}

/// The refusal of a value the contract cannot hold.
fn refused(key: &str, what: &str) -> PyErr {
    crate::py_error(puzzles::Error::usage(format!("bad request: {key}: {what}")))
}

/// A JSON value as Python data, as `json.loads` gives it.
pub fn python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    match value {
        Value::Null => Ok(py.None().into_bound(py)),
        Value::Bool(truth) => truth.into_bound_py_any(py),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_bound_py_any(py),
            (None, Some(u)) => u.into_bound_py_any(py),
            (None, None) => n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py),
        },
        Value::String(text) => text.into_bound_py_any(py),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(python(py, item)?)?;
            }
            Ok(list.into_any())
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, python(py, item)?)?;
            }
            Ok(dict.into_any())
        }
    }
}
