//! Revertigo: the library's request and answer as they are (the contract).

use crate::{to_value, Reply};
use puzzles::control::Control;
use puzzles::revertigo::{answer as revertigo_answer, Request};
use puzzles::Result;

/// The answer to `request`, listed maps as items.
pub(crate) fn answer(request: &Request, ctl: &Control) -> Result<Reply> {
    let mut items = Vec::new();
    let answer = revertigo_answer(request, ctl, &mut items)?;
    Ok(Reply {
        answer: to_value(answer)?,
        items: items.into_iter().map(to_value).collect::<Result<_>>()?,
    })
}
