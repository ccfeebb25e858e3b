//! The browser page's bridge to the `puzzles` library: one JSON call in, one JSON answer out.
//!
//! A call names the puzzle and carries its request, `{"puzzle": "revertigo",
//! "request": {...}}`; the answer is `{"answer": ..., "items": [...]}` (the
//! library's report, and the items a listing streamed) or `{"error": "one
//! line"}`. The WebAssembly exports that carry these strings are in the `abi`
//! module (wasm32 only); everything here runs natively too, so the dispatch is
//! tested by `cargo test -p puzzles-web`.

#[cfg(target_arch = "wasm32")]
mod abi;
mod knight;

use puzzles::control::{Control, Progress};
use puzzles::{Result, Sink};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

/// Which puzzle a call is for, and the question (see each module for its request).
#[derive(Debug, Deserialize)]
#[serde(tag = "puzzle", content = "request", rename_all = "kebab-case")]
enum Call {
    /// Lights Out: the library's own request.
    LightsOut(puzzles::lightsout::Request),
    /// Revertigo: the library's own request.
    Revertigo(puzzles::revertigo::Request),
    /// The knight's tour: the library's own request.
    Knight(puzzles::knight::Request),
    /// The knight's tour lab's search, step by step.
    KnightSearch(knight::Call),
    /// Sudoku: the library's own request.
    Sudoku(puzzles::sudoku::Request),
}

/// What a call returns: the answer and any streamed items.
#[derive(Debug, Serialize)]
struct Reply {
    answer: Value,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    items: Vec<Value>,
}

/// Answers one call given as JSON, reporting progress to `progress`; the
/// reply is JSON too, an error included (never a panic on bad input).
pub fn call(json: &str, progress: Arc<dyn Progress>) -> String {
    let ctl = Control::new().with_progress(progress);
    let reply = serde_json::from_str::<Call>(json)
        .map_err(|e| format!("bad request: {e}"))
        .and_then(|c| dispatch(c, &ctl).map_err(|e| e.to_string()));
    match reply {
        Ok(reply) => serde_json::to_string(&reply),
        Err(message) => serde_json::to_string(&serde_json::json!({ "error": message })),
    }
    .unwrap_or_else(|e| format!("{{\"error\":\"the answer did not serialise: {e}\"}}"))
}

/// Runs a parsed call.
fn dispatch(call: Call, ctl: &Control) -> Result<Reply> {
    match call {
        Call::LightsOut(r) => streamed(|sink| puzzles::lightsout::answer(&r, ctl, sink)),
        Call::Revertigo(r) => streamed(|sink| puzzles::revertigo::answer(&r, ctl, sink)),
        Call::Knight(r) => streamed(|sink| puzzles::knight::answer(&r, ctl, sink)),
        Call::KnightSearch(c) => knight::answer(c, ctl),
        Call::Sudoku(r) => streamed(|sink| puzzles::sudoku::answer(&r, ctl, sink)),
    }
}

/// The reply of a contract's `answer`, which streams its items to a sink.
fn streamed<A: Serialize, I: Serialize>(
    answer: impl FnOnce(&mut dyn Sink<I>) -> Result<A>,
) -> Result<Reply> {
    let mut items = Vec::new();
    let answer = answer(&mut items)?;
    Ok(Reply {
        answer: to_value(answer)?,
        items: items.into_iter().map(to_value).collect::<Result<_>>()?,
    })
}

/// A reply of one answer and no items.
fn single(answer: impl Serialize) -> Result<Reply> {
    Ok(Reply {
        answer: to_value(answer)?,
        items: Vec::new(),
    })
}

/// `value` as JSON.
fn to_value(value: impl Serialize) -> Result<Value> {
    serde_json::to_value(value).map_err(|e| puzzles::Error::Check(e.to_string()))
}

#[cfg(test)]
mod tests;
