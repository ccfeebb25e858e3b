//! The browser page's bridge to the `puzzles` library: one JSON call in, one JSON answer out.
//!
//! A call names the puzzle and carries its request, `{"puzzle": "revertigo",
//! "request": {...}}`: the puzzle's name as the library's registry knows it
//! and its request as the JSON contract writes it. The answer is
//! `{"pace": ..., "answer": ..., "items": [...]}` (how the work went, the
//! library's report, and the items a listing streamed) or `{"error": "one
//! line"}`. Every call goes through the library's one trait, whatever the
//! puzzle: nothing here knows one puzzle from another. The WebAssembly
//! exports that carry these strings are in the `abi` module (wasm32 only);
//! everything here runs natively too, so the bridge is tested by
//! `cargo test -p puzzles-web`.

#[cfg(target_arch = "wasm32")]
mod abi;

use puzzles::control::{Control, Pace, Progress, Stopping};
use puzzles::registry::{self, Visit};
use puzzles::GridPuzzle;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

/// A call: which puzzle, and its request as JSON.
#[derive(Debug, Deserialize)]
struct Call {
    /// The puzzle's name: `lightsout`, `revertigo`, `knight` or `sudoku`.
    puzzle: String,
    /// The puzzle's request (each key of the JSON contract; absent: every default).
    #[serde(default = "empty_object")]
    request: Value,
}

/// An empty JSON object: a request of defaults.
fn empty_object() -> Value {
    Value::Object(Default::default())
}

/// What a call returns: how the work went, the answer and any streamed items.
#[derive(Debug, Serialize)]
struct Reply {
    pace: PaceJson,
    answer: Value,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    items: Vec<Value>,
}

/// A request's [`Pace`] as the page reads it: what the progress counts,
/// whether it has a total, and whether the work stops when asked (the page
/// can only stop it by ending its worker).
#[derive(Debug, Serialize)]
struct PaceJson {
    unit: Option<&'static str>,
    bounded: bool,
    stops: bool,
}

impl From<Pace> for PaceJson {
    fn from(pace: Pace) -> Self {
        PaceJson {
            unit: pace.unit,
            bounded: pace.bounded,
            stops: pace.stopping != Stopping::Never,
        }
    }
}

/// Answers one call given as JSON, reporting progress to `progress`; the
/// reply is JSON too, an error included (never a panic on bad input).
pub fn call(json: &str, progress: Arc<dyn Progress>) -> String {
    let ctl = Control::new().with_progress(progress);
    let reply = serde_json::from_str::<Call>(json)
        .map_err(|e| format!("bad request: {e}"))
        .and_then(|c| {
            registry::visit(
                &c.puzzle,
                Ask {
                    request: c.request,
                    ctl: &ctl,
                },
            )
            .and_then(|reply| reply)
            .map_err(|e| e.to_string())
        });
    match reply {
        Ok(reply) => serde_json::to_string(&reply),
        Err(message) => serde_json::to_string(&serde_json::json!({ "error": message })),
    }
    .unwrap_or_else(|e| format!("{{\"error\":\"the answer did not serialise: {e}\"}}"))
}

/// One call's request, asked of whichever puzzle the call names.
struct Ask<'a> {
    request: Value,
    ctl: &'a Control,
}

impl Visit for Ask<'_> {
    type Output = puzzles::Result<Reply>;

    fn visit<P: GridPuzzle>(self) -> Self::Output {
        let request: P::Request = serde_json::from_value(self.request)
            .map_err(|e| puzzles::Error::usage(format!("bad request: {e}")))?;
        let mut items = Vec::new();
        let answer = P::answer(&request, self.ctl, &mut items)?;
        Ok(Reply {
            pace: P::pace(&request).into(),
            answer: to_value(answer)?,
            items: items
                .into_iter()
                .map(to_value)
                .collect::<puzzles::Result<_>>()?,
        })
    }
}

/// `value` as JSON.
fn to_value(value: impl Serialize) -> puzzles::Result<Value> {
    serde_json::to_value(value).map_err(|e| puzzles::Error::Check(e.to_string()))
}

#[cfg(test)]
mod tests;
