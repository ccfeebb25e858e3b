//! A library answer or item held on the Rust side of a Python object: turned into a dict, text or SVG only when Python asks.

use crate::fields;
use puzzles::render::Picture;
use puzzles::report::{Detail, Ending, Report};
use puzzles::GridPuzzle;
use pyo3::prelude::*;
use std::marker::PhantomData;

/// What Python may ask of an answer (or of an item), whatever its puzzle.
pub trait Held: Send {
    /// The report as Python data: the dict of the command's `--json`.
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
    /// The command's text of the report (`quiet`: the summary only).
    fn text(&self, quiet: bool) -> String;
    /// The puzzle's SVG picture of the answer.
    fn svg(&self, which: Picture) -> puzzles::Result<String>;
    /// How the request ended.
    fn ending(&self) -> Ending;
    /// What a request stopped early left out, in one line.
    fn partial(&self) -> Option<String>;
    /// The puzzle's name.
    fn puzzle(&self) -> &'static str;
    /// Whether this is a request's answer (else one of its items).
    fn is_answer(&self) -> bool;
    /// The value of one key of the `--json` object, the others not written.
    fn field(&self, key: &str) -> serde_json::Result<Option<serde_json::Value>>;
    /// The keys of the `--json` object.
    fn keys(&self) -> serde_json::Result<Vec<String>>;
}

/// An answer of puzzle `P`.
pub struct AnswerOf<P: GridPuzzle>(pub P::Answer, pub PhantomData<fn() -> P>);

/// An item of puzzle `P`.
pub struct ItemOf<P: GridPuzzle>(pub P::Item, pub PhantomData<fn() -> P>);

/// `report` as Python data: the `--json` object as dicts and lists (read
/// through JSON's own values, so that a cell, a serde tuple, is a list as
/// `json.loads` gives it).
pub fn data<'py, T: serde::Serialize>(py: Python<'py>, report: &T) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(report)
        .map_err(|e| crate::py_error(puzzles::Error::Check(e.to_string())))?;
    crate::json::python(py, &json)
}

/// How much of a report its text shows.
fn detail(quiet: bool) -> Detail {
    match quiet {
        true => Detail::Quiet,
        false => Detail::Full,
    }
}

impl<P: GridPuzzle> Held for AnswerOf<P> {
    fn puzzle(&self) -> &'static str {
        P::NAME
    }
    fn is_answer(&self) -> bool {
        true
    }
    fn field(&self, key: &str) -> serde_json::Result<Option<serde_json::Value>> {
        fields::pick(&self.0, key)
    }
    fn keys(&self) -> serde_json::Result<Vec<String>> {
        fields::keys(&self.0)
    }
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        data(py, &self.0)
    }
    fn text(&self, quiet: bool) -> String {
        self.0.text(detail(quiet)).to_plain_string()
    }
    fn svg(&self, which: Picture) -> puzzles::Result<String> {
        P::picture(&self.0, which)
    }
    fn ending(&self) -> Ending {
        self.0.ending()
    }
    fn partial(&self) -> Option<String> {
        self.0.partial()
    }
}

impl<P: GridPuzzle> Held for ItemOf<P> {
    fn puzzle(&self) -> &'static str {
        P::NAME
    }
    fn is_answer(&self) -> bool {
        false
    }
    fn field(&self, key: &str) -> serde_json::Result<Option<serde_json::Value>> {
        fields::pick(&self.0, key)
    }
    fn keys(&self) -> serde_json::Result<Vec<String>> {
        fields::keys(&self.0)
    }
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        data(py, &self.0)
    }
    fn text(&self, quiet: bool) -> String {
        self.0.text(detail(quiet)).to_plain_string()
    }
    fn svg(&self, _: Picture) -> puzzles::Result<String> {
        Err(puzzles::Error::usage(
            "an item of a listing has no picture of its own: draw the answer",
        ))
    }
    fn ending(&self) -> Ending {
        self.0.ending()
    }
    fn partial(&self) -> Option<String> {
        self.0.partial()
    }
}
