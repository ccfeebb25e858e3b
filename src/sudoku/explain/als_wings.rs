//! Sukaku Explainer's larger wings: WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-wings, an almost locked set of 3 to 6 cells joined to a two-candidate cell.
//!
//! As Sukaku Explainer (SudokuMonster's fork of Nicolas Juillerat's Sudoku
//! Explainer) finds them: k cells that all see one another, each with two or
//! more candidates and k + 1 digits between them (an almost locked set), and a
//! cell {x,z} outside them whose two digits are among those k + 1. When every
//! cell of the set holding x sees the {x,z} cell, x is a restricted common
//! digit: whichever of x and z that cell holds, z is in the set or in that
//! cell, so z leaves every cell that sees the {x,z} cell and every z of the set.
//! When z is restricted too (doubly linked), both x and z leave those cells and
//! each other digit of the set leaves every cell that sees all its places in
//! the set. The rating, as it rates them: WXYZ 5.5 (5.6 when the set's largest
//! cell has 3 candidates), VWXYZ 6.2 + 0.1·(2 − |3 − largest|), UVWXYZ 6.6,
//! TUVWXYZ 7.5. Of all the wings of one size, the lowest rated is taken, then
//! the one removing most candidates, as it sorts them.

use super::board::{bit, digits, digits_name, Board};
use super::{cands_name, Found, Technique};

/// One wing as found: its cells, the {x,z} cell, what it removes, and what it is sorted by.
struct Wing {
    set: Vec<usize>,
    pivot: usize,
    restricted: u8,
    doubly: bool,
    largest: u32,
    size: u32,
    eliminate: Vec<(usize, u8)>,
}

impl Wing {
    /// Sukaku Explainer's suffix of the wing's name: `1` or `2` (doubly linked), the
    /// largest cell's candidate count, the candidates of the set in all (`126`).
    fn suffix(&self) -> String {
        format!(
            "{}{}{}",
            if self.doubly { 2 } else { 1 },
            self.largest,
            self.size
        )
    }
}

/// The technique and rating (tenths) of a wing of `k` cells whose largest cell has `largest` candidates.
fn rated(k: usize, largest: u32) -> (Technique, u16) {
    let off = |mid: i32, span: i32| (span - (mid - largest as i32).abs()) as u16;
    match k {
        3 => (Technique::WxyzWing, 55 + off(3, 1)),
        4 => (Technique::VwxyzWing, 62 + off(3, 2)),
        5 => (Technique::UvwxyzWing, 66),
        _ => (Technique::TuvwxyzWing, 75),
    }
}

/// The wing of `k` set cells (3 to 6) the way Sukaku Explainer picks it: the lowest
/// rated, then the one removing most candidates, then the greatest suffix, then the first found.
pub(crate) fn wing(board: &Board, k: usize) -> Option<Found> {
    let mut best: Option<(u16, Wing)> = None;
    let mut set = Vec::with_capacity(k);
    let cells = board.value.len();
    // The two-candidate cells, in board order: the {x,z} cells to try.
    let pairs: Vec<usize> = (0..cells)
        .filter(|&c| board.cand[c].count_ones() == 2)
        .collect();
    if pairs.is_empty() {
        return None;
    }
    for first in 0..cells {
        if board.stopped() {
            return None;
        }
        let m = board.cand[first];
        if m.count_ones() < 2 || m.count_ones() as usize > k + 1 {
            continue;
        }
        set.push(first);
        grow(board, k, &mut set, m, &pairs, &mut |w| {
            let rating = rated(k, w.largest).1;
            let better = match &best {
                None => true,
                Some((r, b)) => {
                    (
                        rating,
                        std::cmp::Reverse(w.eliminate.len()),
                        std::cmp::Reverse(w.suffix()),
                    ) < (
                        *r,
                        std::cmp::Reverse(b.eliminate.len()),
                        std::cmp::Reverse(b.suffix()),
                    )
                }
            };
            if better {
                best = Some((rating, w));
            }
        });
        set.pop();
    }
    best.map(|(_, w)| found(board, k, w))
}

/// Adds cells after the last of `set` that see every cell of it, up to `k` cells with `k + 1`
/// digits in all (`union`), and gives each wing they make to `visit`.
fn grow(
    board: &Board,
    k: usize,
    set: &mut Vec<usize>,
    union: u64,
    pairs: &[usize],
    visit: &mut dyn FnMut(Wing),
) {
    let geo = &board.geo;
    if set.len() == k {
        if union.count_ones() as usize == k + 1 {
            pincers(board, set, union, pairs, visit);
        }
        return;
    }
    let last = *set.last().expect("the set has a first cell");
    for &c in geo.peers[last].iter().filter(|&&c| c > last) {
        let m = board.cand[c];
        let u = union | m;
        if m.count_ones() < 2 || u.count_ones() as usize > k + 1 {
            continue;
        }
        if !set.iter().all(|&s| geo.sees(s, c)) {
            continue;
        }
        set.push(c);
        grow(board, k, set, u, pairs, visit);
        set.pop();
    }
}

/// The cells of `set` holding `d`.
fn holding(board: &Board, set: &[usize], d: u8) -> Vec<usize> {
    set.iter()
        .copied()
        .filter(|&c| board.cand[c] & bit(d) != 0)
        .collect()
}

/// The {x,z} cells for an almost locked set, each wing they make given to `visit`.
fn pincers(board: &Board, set: &[usize], union: u64, pairs: &[usize], visit: &mut dyn FnMut(Wing)) {
    let geo = &board.geo;
    let largest = set
        .iter()
        .map(|&c| board.cand[c].count_ones())
        .max()
        .unwrap_or(0);
    let size = set.iter().map(|&c| board.cand[c].count_ones()).sum();
    // The two-candidate cells outside the set seeing one of its cells, in board order.
    for &pivot in pairs {
        let pm = board.cand[pivot];
        if pm & !union != 0 || set.contains(&pivot) || !set.iter().any(|&s| geo.sees(s, pivot)) {
            continue;
        }
        let mut ds = digits(pm);
        let (x, z) = (ds.next().unwrap_or(1), ds.next().unwrap_or(1));
        let restricted = |d: u8| {
            set.iter()
                .all(|&c| board.cand[c] & bit(d) == 0 || geo.sees(pivot, c))
        };
        let (rx, rz) = (restricted(x), restricted(z));
        let wing = |restricted: u8, doubly: bool| {
            let mut w = Wing {
                set: set.to_vec(),
                pivot,
                restricted,
                doubly,
                largest,
                size,
                eliminate: Vec::new(),
            };
            w.eliminate = removed(board, &mut w, x + z - restricted, union);
            w
        };
        let w = if rx {
            wing(x, rz)
        } else if rz {
            wing(z, false)
        } else {
            continue;
        };
        if !w.eliminate.is_empty() {
            visit(w);
        }
    }
}

/// What the wing removes (`z` the digit it eliminates in any case), settling whether it
/// is named doubly linked as Sukaku Explainer does: only when it removes a digit of the
/// set but x and z, or both x and z.
fn removed(board: &Board, w: &mut Wing, z: u8, union: u64) -> Vec<(usize, u8)> {
    let geo = &board.geo;
    let outside = |c: usize| c != w.pivot && !w.set.contains(&c);
    let seeing_all = |of: &[usize], d: u8| -> Vec<(usize, u8)> {
        (0..board.value.len())
            .filter(|&c| {
                board.cand[c] & bit(d) != 0 && outside(c) && of.iter().all(|&s| geo.sees(c, s))
            })
            .map(|c| (c, d))
            .collect()
    };
    let mut eliminate = Vec::new();
    let (mut weak, mut strong_x) = (false, false);
    let x = w.restricted;
    if w.doubly {
        for d in digits(union & !board.cand[w.pivot]) {
            let e = seeing_all(&holding(board, &w.set, d), d);
            weak |= !e.is_empty();
            eliminate.extend(e);
        }
        let mut of = holding(board, &w.set, x);
        of.push(w.pivot);
        let e = seeing_all(&of, x);
        strong_x = !e.is_empty();
        eliminate.extend(e);
    }
    let mut of = holding(board, &w.set, z);
    of.push(w.pivot);
    let e = seeing_all(&of, z);
    let strong_z = !e.is_empty();
    eliminate.extend(e);
    if w.doubly && !weak && (!strong_z || !strong_x) {
        w.doubly = false;
    }
    eliminate.sort_unstable();
    eliminate
}

/// The step of a wing.
fn found(board: &Board, k: usize, w: Wing) -> Found {
    let geo = &board.geo;
    let (technique, rating) = rated(k, w.largest);
    let mut f = Found::new(technique, rating);
    let pm = board.cand[w.pivot];
    let z = digits(pm)
        .find(|&d| d != w.restricted)
        .unwrap_or(w.restricted);
    let set_names: Vec<String> = w
        .set
        .iter()
        .map(|&c| format!("{}{}", geo.cell_name(c), cands_name(board.cand[c])))
        .collect();
    let union = w.set.iter().fold(0, |m, &c| m | board.cand[c]);
    let link = if w.doubly {
        format!(
            "both {} and {z} are restricted (every place of each in the set sees it): the set and the cell lock {}",
            w.restricted,
            digits_name(union)
        )
    } else {
        format!(
            "every {} of the set sees it, so whichever of {} and {z} that cell holds, {z} is there or in the set",
            w.restricted, w.restricted
        )
    };
    f.text = format!(
        "{technique} ({}): the cells {} hold {} {} between them, one more than their number; {}{} {link}; so {}",
        w.suffix(),
        super::board::join(set_names.into_iter()),
        union.count_ones(),
        cands_name(union),
        geo.cell_name(w.pivot),
        cands_name(pm),
        w.eliminate
            .iter()
            .map(|&(c, d)| format!("{}≠{d}", geo.cell_name(c)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    f.cells = w.set.clone();
    f.cells.push(w.pivot);
    f.eliminate = w.eliminate;
    f
}
