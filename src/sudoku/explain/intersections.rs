//! Locked candidates: a digit of a box confined to one row or column (pointing), or a digit of a row or column confined to one box (claiming).

use super::board::{bit, Board};
use super::{Found, Technique};

/// The cells of unit `from` that hold `d`, when they all lie in one unit of `to_kind`
/// (0 rows, 1 columns, 2 boxes) other than `from`, with the cells of that unit outside
/// `from` that lose `d`.
fn locked(board: &Board, from: usize, d: u8, kind: usize) -> Option<(usize, Vec<usize>)> {
    let geo = &board.geo;
    let places: Vec<usize> = geo.units[from]
        .iter()
        .copied()
        .filter(|&c| board.cand[c] & bit(d) != 0)
        .collect();
    if places.len() < 2 {
        return None;
    }
    let target = geo.cell_units[places[0]][kind];
    if target == from || !places.iter().all(|&c| geo.cell_units[c][kind] == target) {
        return None;
    }
    let gone: Vec<usize> = geo.units[target]
        .iter()
        .copied()
        .filter(|&c| board.cand[c] & bit(d) != 0 && !places.contains(&c))
        .collect();
    (!gone.is_empty()).then_some((target, [places, gone].concat()))
}

/// Builds the step of a locked-candidates pattern.
fn step(
    board: &Board,
    technique: Technique,
    rating: u16,
    from: usize,
    to: usize,
    d: u8,
    cells: Vec<usize>,
) -> Found {
    let geo = &board.geo;
    let mut f = Found::new(technique, rating);
    let (inside, outside): (Vec<usize>, Vec<usize>) =
        cells.into_iter().partition(|c| geo.units[from].contains(c));
    f.eliminate = outside.iter().map(|&c| (c, d)).collect();
    f.text = format!(
        "{}: in {}, {d} can only go at {}, all in {}; so {d} leaves {}",
        technique.name(),
        geo.unit_name(from),
        geo.cells_name(&inside),
        geo.unit_name(to),
        geo.cells_name(&outside)
    );
    f.cells = inside;
    f
}

/// A digit of a box whose places lie on one row or column leaves the rest of that line (rated 2.6).
pub(crate) fn pointing(board: &Board) -> Option<Found> {
    let n = board.side();
    for u in 2 * n..3 * n {
        for d in 1..=n as u8 {
            for kind in 0..2 {
                if let Some((to, cells)) = locked(board, u, d, kind) {
                    return Some(step(board, Technique::Pointing, 26, u, to, d, cells));
                }
            }
        }
    }
    None
}

/// A digit of a row or column whose places lie in one box leaves the rest of that box (rated 2.8).
pub(crate) fn claiming(board: &Board) -> Option<Found> {
    let n = board.side();
    for u in 0..2 * n {
        for d in 1..=n as u8 {
            if let Some((to, cells)) = locked(board, u, d, 2) {
                return Some(step(board, Technique::Claiming, 28, u, to, d, cells));
            }
        }
    }
    None
}
