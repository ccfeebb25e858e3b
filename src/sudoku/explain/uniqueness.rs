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

/// The unique rectangle or loop that Sudoku Explainer takes: of those that remove a
/// candidate, the lowest rated, then the lowest type, then the first found. A loop of
/// 4 cells (a rectangle) is rated 4.5, of 6 4.6, of 8 4.7, of 10 or more 5.0; type 3
/// adds 0.1 a digit of its subset past the first.
pub(crate) fn rectangle(board: &Board) -> Option<Found> {
    let mut best: Option<(u16, u8, Found)> = None;
    for c in board.empty_cells() {
        if board.stopped() {
            return None;
        }
        if board.cand[c].count_ones() != 2 {
            continue;
        }
        let m = board.cand[c];
        let mut loops = Vec::new();
        let mut path = Vec::new();
        walk(board, c, m, &mut path, 2, 0, None, &mut loops);
        for lp in loops {
            if !valid(board, &lp) {
                continue;
            }
            for (kind, mut f) in loop_steps(board, &lp, m) {
                f.rating += match lp.len() {
                    4 => 0,
                    6 => 1,
                    8 => 2,
                    _ => 5,
                };
                if best
                    .as_ref()
                    .is_none_or(|(r, k, _)| (f.rating, kind) < (*r, *k))
                {
                    best = Some((f.rating, kind, f));
                }
            }
        }
    }
    best.map(|(_, _, f)| f)
}

/// Extends the loop `path` of cells holding both digits of `m` from `cell`, through units
/// of another kind than the last link's (box 2, row 0, column 1): at most two cells with
/// more candidates, or any number with the same one extra digit; each loop of 4 cells or
/// more back to the start is kept (Sudoku Explainer's search, with lkSudoku's fix).
#[allow(clippy::too_many_arguments)]
fn walk(
    board: &Board,
    cell: usize,
    m: u64,
    path: &mut Vec<usize>,
    allowed: u32,
    extra: u64,
    last: Option<usize>,
    loops: &mut Vec<Vec<usize>>,
) {
    let geo = &board.geo;
    path.push(cell);
    for kind in [2, 0, 1] {
        if last == Some(kind) {
            continue;
        }
        for &next in &geo.units[geo.cell_units[cell][kind]] {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
            } else if !path.contains(&next) && board.cand[next] & m == m {
                let more = extra | (board.cand[next] & !m);
                let wide = board.cand[next].count_ones() > 2;
                if !wide || more.count_ones() == 1 || allowed > 0 {
                    let left = allowed.saturating_sub(u32::from(wide));
                    walk(board, next, m, path, left, more, Some(kind), loops);
                }
            }
        }
    }
    path.pop();
}

/// Whether every unit that a cell of the loop is in holds exactly two of its cells, one at
/// an even place of the loop and one at an odd place.
fn valid(board: &Board, lp: &[usize]) -> bool {
    let mut even = Vec::new();
    let mut odd = Vec::new();
    for (i, &c) in lp.iter().enumerate() {
        let set = if i % 2 == 0 { &mut even } else { &mut odd };
        for u in board.geo.cell_units[c] {
            if set.contains(&u) {
                return false;
            }
            set.push(u);
        }
    }
    even.sort_unstable();
    odd.sort_unstable();
    even == odd
}

/// The steps of the loop `lp` on the digits `m` (its kind: type 1 to 4), rated as a rectangle.
fn loop_steps(board: &Board, lp: &[usize], m: u64) -> Vec<(u8, Found)> {
    let geo = &board.geo;
    let [a, b] = [
        m.trailing_zeros() as u8 + 1,
        63 - m.leading_zeros() as u8 + 1,
    ];
    // One technique's name, the loop's kind after it.
    let name = if lp.len() == 4 {
        "unique-rectangle"
    } else {
        "unique-rectangle (a loop)"
    };
    let (bare, extra): (Vec<usize>, Vec<usize>) = lp.iter().partition(|&&c| board.cand[c] == m);
    let mut steps = Vec::new();
    let extra_digits = extra.iter().fold(0, |x, &c| x | board.cand[c]) & !m;
    match extra[..] {
        [d] => {
            let mut f = Found::new(Technique::UniqueRectangle, 45);
            f.eliminate = vec![(d, a), (d, b)];
            f.text = format!(
                "{name}: {} hold only {}; if {} were {a} or {b} too, those two digits could be swapped around the loop, giving two solutions; so it is neither",
                geo.cells_name(&bare), cands_name(m), geo.cell_name(d)
            );
            f.cells = lp.to_vec();
            steps.push((1, f));
        }
        [] => {}
        _ if extra_digits.count_ones() == 1 => {
            let xd = extra_digits.trailing_zeros() as u8 + 1;
            let eliminate: Vec<(usize, u8)> = geo.peers[extra[0]]
                .iter()
                .copied()
                .filter(|&c| {
                    board.cand[c] & extra_digits != 0
                        && !extra.contains(&c)
                        && extra.iter().all(|&e| geo.sees(c, e))
                })
                .map(|c| (c, xd))
                .collect();
            if !eliminate.is_empty() {
                let mut f = Found::new(Technique::UniqueRectangle, 45);
                f.eliminate = eliminate;
                f.text = format!(
                    "{name}: {} hold only {} and {} hold {xd} besides; unless one of those is {xd}, the digits {a} and {b} could be swapped around the loop, giving two solutions; so {xd} leaves the cells that see them all",
                    geo.cells_name(&bare), cands_name(m), geo.cells_name(&extra)
                );
                f.cells = lp.to_vec();
                steps.push((2, f));
            }
            if let [p, q] = extra[..] {
                steps.extend(type4(board, lp, p, q, a, b).map(|f| (4, f)));
            }
        }
        [p, q] => {
            steps.extend(type3(board, lp, p, q, m).map(|f| (3, f)));
            steps.extend(type4(board, lp, p, q, a, b).map(|f| (4, f)));
        }
        _ => {}
    }
    steps
}

/// Type 4 on the rectangle `corners` of {a,b}: the extra corners `p` and `q` share a unit
/// in which one of the two digits has no other place, so the other digit leaves both.
fn type4(board: &Board, corners: &[usize], p: usize, q: usize, a: u8, b: u8) -> Option<Found> {
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
                "unique-rectangle: the other two corners hold only {}; in {}, {lock} goes at {} or {}, so one of them is {lock}; were either {gone}, the rectangle would hold {lock} and {gone} only and they could be swapped, giving two solutions; so {gone} leaves both",
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
fn type3(board: &Board, corners: &[usize], p: usize, q: usize, m: u64) -> Option<Found> {
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
                    "unique-rectangle: the other two corners hold only {}; one of {} must hold one of {}, or the digits {} could be swapped on the four corners, giving two solutions; with {} they make a naked subset of {} in {}, so those digits leave its other cells",
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
