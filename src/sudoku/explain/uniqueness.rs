//! Unique rectangles: four cells on two rows, two columns and two boxes that must not be left with the same two candidates, or the puzzle would have two solutions.
//!
//! Used only when the puzzle is known to have one solution (the two digits of
//! such a "deadly pattern" could be swapped). Type 1: three corners hold only
//! {a,b}, so the fourth is not a or b. Type 2: two corners hold only {a,b} and
//! the other two {a,b,x}, so one of those two is x, and x leaves the cells that
//! see both. Type 4: two corners hold only {a,b} and the other two, in one
//! unit, are the only places of a there, so neither of them is b (as Sudoku
//! Explainer and HoDoKu describe them; Sudoku Explainer rates type 4 rectangles
//! 4.5, the base of its unique loops).

use super::board::{bit, digits, digits_name, Board};
use super::subsets::subsets;
use super::{cands_name, Found, Technique};

/// The first unique rectangle of type 1, 2 or 4 that removes a candidate.
pub(crate) fn rectangle(board: &Board) -> Option<Found> {
    let geo = &board.geo;
    let n = board.side();
    let lines: Vec<usize> = (0..n).collect();
    subsets(&lines, 2, &mut |rows| {
        subsets(&lines, 2, &mut |cols| {
            let corners = [
                rows[0] * n + cols[0],
                rows[0] * n + cols[1],
                rows[1] * n + cols[0],
                rows[1] * n + cols[1],
            ];
            if corners.iter().any(|&c| board.value[c] != 0) {
                return None;
            }
            let boxes: std::collections::BTreeSet<usize> =
                corners.iter().map(|&c| geo.cell_units[c][2]).collect();
            if boxes.len() != 2 {
                return None;
            }
            let common = corners.iter().fold(u64::MAX, |m, &c| m & board.cand[c]);
            let pairs: Vec<u8> = digits(common).collect();
            subsets(&pairs, 2, &mut |ab| {
                let m = bit(ab[0]) | bit(ab[1]);
                let (bare, extra): (Vec<usize>, Vec<usize>) =
                    corners.iter().partition(|&&c| board.cand[c] == m);
                match (bare.len(), extra.as_slice()) {
                    (3, &[d]) => {
                        let mut f = Found::new(Technique::UniqueRectangle, 45);
                        f.eliminate = vec![(d, ab[0]), (d, ab[1])];
                        f.text = format!(
                            "unique rectangle: {} hold only {}; if {} were {} or {} too, those two digits could be swapped on the four corners, giving two solutions; so it is neither",
                            geo.cells_name(&bare), cands_name(m), geo.cell_name(d), ab[0], ab[1]
                        );
                        f.cells = corners.to_vec();
                        Some(f)
                    }
                    (2, &[p, q]) => {
                        let two = || {
                            let x = board.cand[p] & !m;
                            if board.cand[q] != board.cand[p] || x.count_ones() != 1 {
                                return None;
                            }
                            let xd = x.trailing_zeros() as u8 + 1;
                            let eliminate: Vec<(usize, u8)> = geo.peers[p]
                                .iter()
                                .copied()
                                .filter(|&c| c != q && board.cand[c] & x != 0 && geo.sees(c, q))
                                .map(|c| (c, xd))
                                .collect();
                            if eliminate.is_empty() {
                                return None;
                            }
                            let mut f = Found::new(Technique::UniqueRectangle, 45);
                            f.eliminate = eliminate;
                            f.text = format!(
                            "unique rectangle: {} hold only {} and {} hold {}; unless one of those two is {xd}, the digits {} and {} could be swapped on the four corners, giving two solutions; so {xd} leaves the cells that see both",
                            geo.cells_name(&bare), cands_name(m), geo.cells_name(&[p, q]), cands_name(board.cand[p]), ab[0], ab[1]
                        );
                            f.cells = corners.to_vec();
                            Some(f)
                        };
                        two()
                            .or_else(|| type4(board, &corners, p, q, ab[0], ab[1]))
                            .or_else(|| type3(board, &corners, p, q, m))
                    }
                    _ => None,
                }
            })
        })
    })
}

/// Type 4 on the rectangle `corners` of {a,b}: the extra corners `p` and `q` share a unit
/// in which one of the two digits has no other place, so the other digit leaves both.
fn type4(board: &Board, corners: &[usize; 4], p: usize, q: usize, a: u8, b: u8) -> Option<Found> {
    let geo = &board.geo;
    for (lock, gone) in [(a, b), (b, a)] {
        for &u in &geo.cell_units[p] {
            if !geo.cell_units[q].contains(&u) {
                continue;
            }
            let only = geo.units[u]
                .iter()
                .all(|&c| c == p || c == q || board.cand[c] & bit(lock) == 0);
            if !only {
                continue;
            }
            let mut f = Found::new(Technique::UniqueRectangle, 45);
            f.eliminate = vec![(p, gone), (q, gone)];
            f.text = format!(
                "unique rectangle: the other two corners hold only {}; in {}, {lock} goes at {} or {}, so one of them is {lock}; were either {gone}, the rectangle would hold {lock} and {gone} only and they could be swapped, giving two solutions; so {gone} leaves both",
                cands_name(bit(a) | bit(b)),
                geo.unit_name(u),
                geo.cell_name(p),
                geo.cell_name(q)
            );
            f.cells = corners.to_vec();
            return Some(f);
        }
    }
    None
}

/// Type 3 on the rectangle `corners` of the pair `m`: the extra corners `p` and `q` share a unit in
/// which their extra digits and the candidates of k other cells number k + 1 (a naked subset with
/// the two corners as one cell, since one of them holds an extra digit); those digits leave the
/// unit's other cells. Subsets up to quads, the smallest first.
fn type3(board: &Board, corners: &[usize; 4], p: usize, q: usize, m: u64) -> Option<Found> {
    let geo = &board.geo;
    let extra = (board.cand[p] | board.cand[q]) & !m;
    if extra.count_ones() < 2 {
        return None;
    }
    for k in 1..=3 {
        for &u in &geo.cell_units[p] {
            if !geo.cell_units[q].contains(&u) {
                continue;
            }
            let open: Vec<usize> = geo.units[u]
                .iter()
                .copied()
                .filter(|&c| c != p && c != q && board.value[c] == 0)
                .filter(|&c| (board.cand[c] | extra).count_ones() <= k as u32 + 1)
                .collect();
            let found = subsets(&open, k, &mut |set| {
                let union = set.iter().fold(extra, |a, &c| a | board.cand[c]);
                if union.count_ones() != k as u32 + 1 {
                    return None;
                }
                let eliminate: Vec<(usize, u8)> = open_cells(board, u)
                    .filter(|&c| c != p && c != q && !set.contains(&c))
                    .flat_map(|c| digits(board.cand[c] & union).map(move |d| (c, d)))
                    .collect();
                if eliminate.is_empty() {
                    return None;
                }
                let mut f = Found::new(Technique::UniqueRectangle, 45 + k as u16);
                f.eliminate = eliminate;
                f.text = format!(
                    "unique rectangle: the other two corners hold only {}; one of {} must hold one of {}, or the digits {} could be swapped on the four corners, giving two solutions; with {} they make a naked subset of {} in {}, so those digits leave its other cells",
                    cands_name(m),
                    geo.cells_name(&[p, q]),
                    cands_name(extra),
                    digits_name(m),
                    geo.cells_name(set),
                    cands_name(union),
                    geo.unit_name(u)
                );
                f.cells = corners.iter().chain(set).copied().collect();
                Some(f)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The empty cells of unit `u`.
fn open_cells(board: &Board, u: usize) -> impl Iterator<Item = usize> + '_ {
    board.geo.units[u]
        .iter()
        .copied()
        .filter(|&c| board.value[c] == 0)
}
