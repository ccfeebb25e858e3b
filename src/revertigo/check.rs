//! A player's or a student's walk replayed: every landing flips its cell and
//! the neighbours; the verdict names the first letter that is not a move,
//! the first move off the board, or the cells left white.

use super::{Revertigo, Walk, WalkError};
use crate::error::Result;
use crate::flaw::{Checked, Flaw};
use crate::grid::{Dims, Pos};
use serde::{Deserialize, Serialize};

/// A player's walk replayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WalkCheck {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The walk, as read.
    pub walk: String,
    /// Its moves.
    pub moves: usize,
    /// Whether every cell ends black.
    pub black: bool,
    /// The cells still white, as `[row, col]`.
    pub white: Vec<Pos>,
    /// The board after the walk: `#` black, `.` white.
    pub board: Vec<String>,
    /// The walk's activation map: `#` odd, `_` even.
    pub map: Vec<String>,
    /// The pawn's last cell.
    pub end: Pos,
    /// Right (every cell black), or the first thing wrong: a letter that is
    /// not a move or a move off the board (the board is then the one before
    /// it), or the cells left white.
    #[serde(flatten)]
    pub checked: Checked,
}

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
