//! Singles: the full house (a unit's last empty cell), the hidden single (a digit's last place in a unit) and the naked single (a cell's last candidate).

use super::board::{bit, Board};
use super::{Found, Technique};

/// A unit with one empty cell left: it takes the missing digit (rated 1.0).
pub(crate) fn full_house(board: &Board) -> Option<Found> {
    let geo = &board.geo;
    for (u, cells) in geo.units.iter().enumerate() {
        let mut empty = cells.iter().filter(|&&c| board.value[c] == 0);
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let m = board.cand[cell];
        if m.count_ones() != 1 {
            continue;
        }
        let d = m.trailing_zeros() as u8 + 1;
        let mut f = Found::new(Technique::FullHouse, 10);
        f.place.push((cell, d));
        f.cells = cells.clone();
        f.text = format!(
            "full-house: {} is the last empty cell of {}, so it holds the missing {d}",
            geo.cell_name(cell),
            geo.unit_name(u)
        );
        return Some(f);
    }
    None
}

/// A digit with one place left in a unit: boxes first (rated 1.2), then rows and columns (1.5).
pub(crate) fn hidden_single(board: &Board) -> Option<Found> {
    let geo = &board.geo;
    let n = geo.side;
    let order = (2 * n..3 * n).chain(0..2 * n);
    for u in order {
        for d in 1..=n as u8 {
            let places = board.places(u, d);
            if places.count_ones() != 1 {
                continue;
            }
            let cell = geo.units[u][places.trailing_zeros() as usize];
            let rating = if u >= 2 * n { 12 } else { 15 };
            let mut f = Found::new(Technique::HiddenSingle, rating);
            f.place.push((cell, d));
            f.cells = geo.units[u].clone();
            f.text = format!(
                "hidden-single: in {}, {d} can only go at {}",
                geo.unit_name(u),
                geo.cell_name(cell)
            );
            return Some(f);
        }
    }
    None
}

/// A cell with one candidate left (rated 2.3).
pub(crate) fn naked_single(board: &Board) -> Option<Found> {
    let geo = &board.geo;
    let cell = board
        .empty_cells()
        .find(|&c| board.cand[c].count_ones() == 1)?;
    let d = board.cand[cell].trailing_zeros() as u8 + 1;
    debug_assert!(board.cand[cell] == bit(d));
    let mut f = Found::new(Technique::NakedSingle, 23);
    f.place.push((cell, d));
    f.cells = vec![cell];
    f.text = format!(
        "naked-single: {d} is the only candidate left at {}",
        geo.cell_name(cell)
    );
    Some(f)
}
