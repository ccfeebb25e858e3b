//! Strong-link fishes on one digit (Sukaku Explainer's): skyscrapers, kites and Turbot fish of two strong links, and chains of three and four.

use super::board::Board;
use super::Found;

/// The strong-link fish of `links` links Sukaku Explainer takes first, if any.
pub(crate) fn fish(_board: &Board, _links: usize) -> Option<Found> {
    None
}
