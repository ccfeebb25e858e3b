//! The memory the forcing chains would hold, estimated before they start, and the refusal when it exceeds what may be taken.
//!
//! The multiple and dynamic forcing chains (the `forcing` module) follow every
//! candidate of the board at once and keep each result: per candidate, the
//! fact that removed each of the board's cells × digits (4 bytes each), the
//! cells' values and candidates, and the facts themselves. On a 36×36 grid
//! with no clue that is 46,656 candidates of about 280 KiB each, 12 GiB: the
//! estimate is compared with [`MAX_FORCING_BYTES`] and with half the memory the
//! process may still take ([`crate::memory::usable`]), and a step search that
//! would need more is refused in one line instead of dying in the allocator.

use super::board::Board;
use crate::error::{Bound, Error};

/// The most memory the forcing chains may hold, in bytes (4 GiB), however much the system has.
pub const MAX_FORCING_BYTES: u64 = 4 << 30;

/// The bytes kept per followed candidate beyond its cells × digits table: the
/// value (1 byte) and candidates (8 bytes) of each cell, and at most one fact
/// per cell (64 bytes with its causes).
const PER_CELL: u64 = 73;

/// The memory the forcing chains would hold on `board`, in bytes.
pub(super) fn forcing_bytes(board: &Board) -> u64 {
    let cells = board.value.len() as u64;
    let n = board.side() as u64;
    let candidates: u64 = board
        .value
        .iter()
        .zip(&board.cand)
        .filter(|(&v, _)| v == 0)
        .map(|(_, c)| u64::from(c.count_ones()))
        .sum();
    candidates * (4 * cells * n + PER_CELL * cells)
}

/// The most memory the forcing chains may hold: [`MAX_FORCING_BYTES`], or half
/// the memory the process may take when that is less, read from the system at
/// most once per explanation (and only when a board comes near it).
#[derive(Default)]
pub(super) struct Cap(std::cell::OnceCell<u64>);

impl Cap {
    fn bytes(&self) -> u64 {
        *self.0.get_or_init(|| {
            let usable = crate::memory::usable().map_or(u64::MAX, |b| b / 2);
            MAX_FORCING_BYTES.min(usable)
        })
    }
}

/// The refusal to give if a step is needed beyond the chains that fit, or
/// `None` when the forcing chains fit within `cap` on `board`.
pub(super) fn forcing_refusal(board: &Board, cap: &Cap) -> Option<Error> {
    let need = forcing_bytes(board);
    // Below 64 MiB there is nothing to ask the system.
    if need <= 64 << 20 {
        return None;
    }
    let limit = cap.bytes();
    if need <= limit {
        return None;
    }
    let n = board.side();
    Some(Error::TooLarge {
        bound: Bound::Other("memory (MiB) the forcing chains would hold"),
        got: (need >> 20).into(),
        limit: (limit >> 20).into(),
        note: format!(
            " (the smaller of {} MiB and half the memory this process may take) on this {n}×{n} grid: \
             no simpler technique makes progress; a grid with more clues may be explained",
            MAX_FORCING_BYTES >> 20
        ),
    })
}
