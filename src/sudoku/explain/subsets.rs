//! Naked and hidden subsets: k cells of a unit with k candidates between them, or k digits of a unit confined to k cells (pairs, triples, quads).

use super::board::{bit, digits, digits_name, Board};
use super::{Found, Technique};

/// Calls `f` on every k-element subset of `items` (in lexicographic order) until it returns `Some`.
pub(crate) fn subsets<T: Copy, R>(
    items: &[T],
    k: usize,
    f: &mut dyn FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    fn go<T: Copy, R>(
        items: &[T],
        k: usize,
        from: usize,
        chosen: &mut Vec<T>,
        f: &mut dyn FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in from..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            let r = go(items, k, i + 1, chosen, f);
            chosen.pop();
            if r.is_some() {
                return r;
            }
        }
        None
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f)
}

/// The name and rating of a subset of size `k`.
fn kind(k: usize, naked: bool) -> (Technique, u16) {
    match (k, naked) {
        (2, true) => (Technique::NakedPair, 30),
        (3, true) => (Technique::NakedTriple, 36),
        (_, true) => (Technique::NakedQuad, 50),
        (2, false) => (Technique::HiddenPair, 34),
        (3, false) => (Technique::HiddenTriple, 40),
        (_, false) => (Technique::HiddenQuad, 54),
    }
}

/// k cells of a unit whose candidates number k in all: those digits leave the unit's other cells.
pub(crate) fn naked(board: &Board, k: usize) -> Option<Found> {
    let geo = &board.geo;
    for (u, unit) in geo.units.iter().enumerate() {
        if board.stopped() {
            return None;
        }
        let open: Vec<usize> = unit
            .iter()
            .copied()
            .filter(|&c| {
                board.value[c] == 0 && (2..=k as u32).contains(&board.cand[c].count_ones())
            })
            .collect();
        if open.len() < k {
            continue;
        }
        let found = subsets(&open, k, &mut |cells| {
            let m = cells.iter().fold(0, |m, &c| m | board.cand[c]);
            if m.count_ones() as usize != k {
                return None;
            }
            let eliminate: Vec<(usize, u8)> = unit
                .iter()
                .filter(|c| !cells.contains(c))
                .flat_map(|&c| digits(board.cand[c] & m).map(move |d| (c, d)))
                .collect();
            if eliminate.is_empty() {
                return None;
            }
            let (technique, rating) = kind(k, true);
            let mut f = Found::new(technique, rating);
            f.text = format!(
                "{}: in {}, the cells {} hold only {} between them, so those digits leave the unit's other cells",
                technique.name(),
                geo.unit_name(u),
                geo.cells_name(cells),
                digits_name(m)
            );
            f.eliminate = eliminate;
            f.cells = cells.to_vec();
            Some(f)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// k digits of a unit confined to k cells: those cells lose their other candidates.
pub(crate) fn hidden(board: &Board, k: usize) -> Option<Found> {
    let geo = &board.geo;
    let n = geo.side;
    for (u, unit) in geo.units.iter().enumerate() {
        if board.stopped() {
            return None;
        }
        let open: Vec<u8> = (1..=n as u8)
            .filter(|&d| (2..=k as u32).contains(&board.places(u, d).count_ones()))
            .collect();
        if open.len() < k {
            continue;
        }
        let found = subsets(&open, k, &mut |ds| {
            let places = ds.iter().fold(0u64, |m, &d| m | board.places(u, d));
            if places.count_ones() as usize != k {
                return None;
            }
            let keep = ds.iter().fold(0u64, |m, &d| m | bit(d));
            let cells: Vec<usize> = digits(places).map(|k| unit[k as usize - 1]).collect();
            let eliminate: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&c| digits(board.cand[c] & !keep).map(move |d| (c, d)))
                .collect();
            if eliminate.is_empty() {
                return None;
            }
            let (technique, rating) = kind(k, false);
            let mut f = Found::new(technique, rating);
            f.text = format!(
                "{}: in {}, {} can only go at {}, so those cells hold no other digit",
                technique.name(),
                geo.unit_name(u),
                digits_name(keep),
                geo.cells_name(&cells)
            );
            f.eliminate = eliminate;
            f.cells = cells;
            Some(f)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
