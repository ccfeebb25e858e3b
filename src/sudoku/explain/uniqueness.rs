//! Unique rectangles: four cells on two rows, two columns and two boxes that must not be left with the same two candidates, or the puzzle would have two solutions.
//!
//! Used only when the puzzle is known to have one solution (the two digits of
//! such a "deadly pattern" could be swapped). Type 1: three corners hold only
//! {a,b}, so the fourth is not a or b. Type 2: two corners hold only {a,b} and
//! the other two {a,b,x}, so one of those two is x, and x leaves the cells that
//! see both (as Sudoku Explainer and HoDoKu describe them).

use super::board::{bit, digits, Board};
use super::subsets::subsets;
use super::{cands_name, Found, Technique};

/// The first unique rectangle of type 1 or 2 that removes a candidate.
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
                        let mut f = Found::new(Technique::UniqueRectangle, 46);
                        f.eliminate = eliminate;
                        f.text = format!(
                            "unique rectangle: {} hold only {} and {} hold {}; unless one of those two is {xd}, the digits {} and {} could be swapped on the four corners, giving two solutions; so {xd} leaves the cells that see both",
                            geo.cells_name(&bare), cands_name(m), geo.cells_name(&[p, q]), cands_name(board.cand[p]), ab[0], ab[1]
                        );
                        f.cells = corners.to_vec();
                        Some(f)
                    }
                    _ => None,
                }
            })
        })
    })
}
