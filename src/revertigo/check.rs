//! A player's or a student's walk replayed: every landing flips its cell and
//! the neighbours; the verdict names the first letter that is not a move,
//! the first move off the board, or the cells left white.

use super::answer::WalkCheck;
use super::{Revertigo, Walk, WalkError};
use crate::error::Result;
use crate::flaw::{Checked, Flaw};
use crate::grid::Dims;

/// Replays the walk `text` on the `dims` board. A walk that goes wrong (a
/// letter that is not a move, a move off the board) is replayed up to the
/// move before, and the verdict says what went wrong.
pub(super) fn check(dims: Dims, text: &str) -> Result<WalkCheck> {
    let game = Revertigo::new(dims);
    let text = text.trim();
    let (walk, mut flaw) = match Walk::parse(text) {
        Ok(walk) => (walk, None),
        Err(e) => {
            let at = match e {
                WalkError::NotAMove { at, .. } | WalkError::OffBoard { at, .. } => at,
            };
            let before: String = text.chars().take(at - 1).collect();
            (Walk::parse(&before)?, Some(Flaw::from(e)))
        }
    };
    let mut moves = walk.len();
    let replay = match game.replay(&walk) {
        Ok(replay) => replay,
        Err(e) => {
            let at = match e {
                WalkError::NotAMove { at, .. } | WalkError::OffBoard { at, .. } => at,
            };
            flaw = flaw.or(Some(Flaw::from(e)));
            moves = at - 1;
            game.replay(&Walk::new(walk.moves()[..at - 1].to_vec()))?
        }
    };
    let white = replay.white_cells();
    if let (None, Some(&first)) = (&flaw, white.first()) {
        flaw = Some(Flaw::CellsWhite {
            first,
            count: white.len(),
        });
    }
    Ok(WalkCheck {
        rows: dims.rows,
        cols: dims.cols,
        walk: match flaw {
            Some(Flaw::NotAMove { .. }) => text.to_string(),
            _ => walk.to_string(),
        },
        moves,
        black: white.is_empty() && flaw.is_none(),
        board: replay.black.row_strings('#', '.'),
        map: replay.map.row_strings('#', '_'),
        white,
        end: replay.end,
        checked: Checked::of(flaw.map_or(Ok(()), Err)),
    })
}
