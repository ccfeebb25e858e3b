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

/// An answer of puzzle `P`, or one of its items: its report, and how it
/// is drawn (an item has no picture of its own).
pub struct Kept<P: GridPuzzle, R> {
    report: R,
    answer: bool,
    draw: fn(&R, Picture) -> puzzles::Result<String>,
    puzzle: PhantomData<fn() -> P>,
}

impl<P: GridPuzzle> Kept<P, P::Answer> {
    /// An answer, drawn by its puzzle.
    pub fn answer(answer: P::Answer) -> Self {
        Kept {
            report: answer,
            answer: true,
            draw: P::picture,
            puzzle: PhantomData,
        }
    }
}

impl<P: GridPuzzle> Kept<P, P::Item> {
    /// An item of a listing.
    pub fn item(item: P::Item) -> Self {
        Kept {
            report: item,
            answer: false,
            draw: |_, _| {
                Err(puzzles::Error::usage(
                    "an item of a listing has no picture of its own: draw the answer",
                ))
            },
            puzzle: PhantomData,
        }
    }
}

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

impl<P: GridPuzzle, R: Report + Send> Held for Kept<P, R> {
    fn puzzle(&self) -> &'static str {
        P::NAME
    }
    fn is_answer(&self) -> bool {
        self.answer
    }
    fn field(&self, key: &str) -> serde_json::Result<Option<serde_json::Value>> {
        fields::pick(&self.report, key)
    }
    fn keys(&self) -> serde_json::Result<Vec<String>> {
        fields::keys(&self.report)
    }
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        data(py, &self.report)
    }
    fn text(&self, quiet: bool) -> String {
        self.report.text(detail(quiet)).to_plain_string()
    }
    fn svg(&self, which: Picture) -> puzzles::Result<String> {
        (self.draw)(&self.report, which)
    }
    fn ending(&self) -> Ending {
        self.report.ending()
    }
    fn partial(&self) -> Option<String> {
        self.report.partial()
    }
}
