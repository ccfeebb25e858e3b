//! Lights Out: K states, any press pattern, the torus, through the library's
//! variant solver (`answer_states`). A thin adapter until the Lights Out
//! request of the contract lands: it reads the page's JSON into a
//! `StatesRequest` and returns the library's `StatesReport` unchanged.

use crate::{single, Reply};
use puzzles::control::Control;
use puzzles::input::Source;
use puzzles::lightsout::{answer_states, Pattern, StatesRequest, Variant};
use puzzles::Result;
use serde::Deserialize;

/// One board to solve, as the page sends it.
#[derive(Debug, Deserialize)]
pub(crate) struct Call {
    /// K, the number of states (2 for the classic game).
    #[serde(default = "two")]
    states: u32,
    /// A built-in pattern (`cross`, `x`, `plus-x`, `knight`) or a one-line
    /// stencil, rows separated by `/` (`.#./#@#/.#.`).
    #[serde(default = "cross")]
    pattern: String,
    /// Presses wrap around the edges.
    #[serde(default)]
    torus: bool,
    /// The board, one row of state symbols (`0`..) each.
    lights: Vec<String>,
    /// Look for the solution with the fewest presses.
    #[serde(default)]
    fewest: bool,
    /// Also report a basis of the quiet patterns.
    #[serde(default)]
    quiet_patterns: bool,
}

fn two() -> u32 {
    2
}

fn cross() -> String {
    "cross".into()
}

/// The verified report for the page's board.
pub(crate) fn answer(call: Call, ctl: &Control) -> Result<Reply> {
    let pattern: Pattern = call.pattern.parse()?;
    let variant = Variant::new(call.states, pattern, call.torus)?;
    let lights = variant.parse(&Source::from_text("<board>", call.lights.join("\n")))?;
    let mut request = StatesRequest::new(variant, lights);
    request.fewest = call.fewest;
    request.quiet_patterns = call.quiet_patterns;
    single(answer_states(&request, ctl)?)
}
