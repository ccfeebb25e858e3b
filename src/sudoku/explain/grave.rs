//! The bivalue universal grave (BUG), types 1 to 4: a board whose empty cells would all hold two candidates, each digit two places in each unit, but for a few extra candidates, would have two solutions; so an extra candidate holds.
//!
//! As Sudoku Explainer finds them (Nicolas Juillerat's Sudoku Explainer 1.2.1 with
//! lkSudoku's fix in Sukaku Explainer, its `BivalueUniversalGrave` rule;
//! "Difficulty ratings in Sudoku Explainer v1.2.1", Sukaku Explainer wiki): a unit
//! where a digit has neither none nor two places points at its one place in a cell of
//! three candidates or more, the "BUG cell", and that digit is its extra candidate.
//! With those taken off, every empty cell must be left with two candidates and every
//! digit with two places or none in every unit. Then one extra candidate holds:
//! type 1 (one BUG cell, 5.6) puts it there; type 2 (one extra digit in several
//! cells, 5.7) removes it from the cells that see them all; type 3 (5.7 plus 0.1 a
//! digit of the subset past the first) makes the extra digits a naked subset with
//! other cells of a unit; type 4 (two BUG cells in a unit sharing one other digit,
//! 5.7) removes their last digit. Only for puzzles known to have one solution.

use super::board::{bit, digits, Board};
use super::subsets::subsets;
use super::{cands_name, Found, Technique};

/// The BUG cells and their extra digits, the cells seeing them all, when the board is a BUG but for them.
struct Grave {
    cells: Vec<usize>,
    extra: Vec<u64>,
    all_extra: u64,
    common: Vec<usize>,
}

/// The units of a cell in Sudoku Explainer's order: box, row, column.
fn regions(board: &Board, c: usize) -> [usize; 3] {
    let [r, col, b] = board.geo.cell_units[c];
    [b, r, col]
}

/// The units in Sudoku Explainer's order: boxes, rows, columns.
fn all_regions(board: &Board) -> impl Iterator<Item = usize> {
    let n = board.side();
    (2 * n..3 * n).chain(0..2 * n)
}

fn find(board: &Board) -> Option<Grave> {
    let mut dig = Dig {
        board,
        g: Grave {
            cells: Vec::new(),
            extra: Vec::new(),
            all_extra: 0,
            common: Vec::new(),
        },
        common: None,
        rest: board.cand.clone(),
    };
    if let Some((d, cells)) = dig.extra_places()? {
        if cells.len() > dig.g.cells.len() {
            for c in cells {
                if !dig.g.cells.contains(&c) && !dig.add(c, d) {
                    return None;
                }
            }
        }
    }
    if dig.g.cells.is_empty() || !bivalue(board, &dig.rest) {
        return None;
    }
    dig.g.common = dig.common.unwrap_or_default();
    Some(dig.g)
}

/// The work of [`find`]: the BUG cells met so far, the cells seeing them
/// all, and the candidates left once their extra digits are taken off.
struct Dig<'a> {
    board: &'a Board,
    g: Grave,
    common: Option<Vec<usize>>,
    rest: Vec<u64>,
}

impl Dig<'_> {
    /// Takes digit `d` at cell `c` as an extra candidate; `false` when the
    /// extra candidates can no longer be the BUG's (several cells, several
    /// digits, and no cell seeing them all).
    fn add(&mut self, c: usize, d: u8) -> bool {
        let (g, geo) = (&mut self.g, &self.board.geo);
        match g.cells.iter().position(|&x| x == c) {
            Some(i) => g.extra[i] |= bit(d),
            None => {
                g.cells.push(c);
                g.extra.push(bit(d));
            }
        }
        g.all_extra |= bit(d);
        self.rest[c] &= !bit(d);
        let seen: Vec<usize> = match self.common.take() {
            None => geo.peers[c].clone(),
            Some(v) => v.into_iter().filter(|&x| geo.sees(x, c)).collect(),
        };
        self.common = Some(seen.into_iter().filter(|x| !g.cells.contains(x)).collect());
        !(g.cells.len() > 1
            && g.all_extra.count_ones() > 1
            && self.common.as_ref().is_some_and(|v| v.is_empty()))
    }

    /// Unit by unit, each digit with neither none nor two places: its one
    /// place in a cell of three candidates or more is an extra candidate.
    /// `None` when such a digit has no such place (no BUG); else every place
    /// of the one extra digit in cells of three candidates, when only one
    /// digit was met.
    fn extra_places(&mut self) -> Option<Option<(u8, Vec<usize>)>> {
        let board = self.board;
        // Every place of the one extra digit in cells of three candidates, while only one digit has been met.
        let mut one_digit: Option<(u8, Vec<usize>)> = None;
        let mut several_digits = false;
        for u in all_regions(board) {
            for d in 1..=board.side() as u8 {
                let places: Vec<usize> = board.geo.units[u]
                    .iter()
                    .copied()
                    .filter(|&c| board.cand[c] & bit(d) != 0)
                    .collect();
                if places.is_empty() || places.len() == 2 {
                    continue;
                }
                let big: Vec<usize> = places
                    .into_iter()
                    .filter(|&c| board.cand[c].count_ones() >= 3)
                    .collect();
                match &mut one_digit {
                    None if !several_digits => one_digit = Some((d, big.clone())),
                    Some((e, cells)) if *e == d => {
                        for &c in &big {
                            if !cells.contains(&c) {
                                cells.push(c);
                            }
                        }
                    }
                    Some(_) => {
                        one_digit = None;
                        several_digits = true;
                    }
                    None => {}
                }
                match big[..] {
                    [] => return None,
                    [c] if !self.add(c, d) => return None,
                    _ => {}
                }
            }
        }
        Some(one_digit)
    }
}

/// Whether the candidates `rest` leave every empty cell two and every digit
/// two places or none in every unit.
fn bivalue(board: &Board, rest: &[u64]) -> bool {
    if board.empty_cells().any(|c| rest[c].count_ones() != 2) {
        return false;
    }
    for u in all_regions(board) {
        for d in digits(board.cand.iter().fold(0, |m, &x| m | x)) {
            let k = board.geo.units[u]
                .iter()
                .filter(|&&c| rest[c] & bit(d) != 0)
                .count();
            if k != 0 && k != 2 {
                return false;
            }
        }
    }
    true
}

/// The bivalue universal grave of type 1, 2, 3 or 4 that makes progress, in Sudoku Explainer's order.
pub(crate) fn bivalue_grave(board: &Board) -> Option<Found> {
    let g = find(board)?;
    let geo = &board.geo;
    if let [c] = g.cells[..] {
        let mut f = Found::new(Technique::BivalueUniversalGrave, 56);
        let keep = g.all_extra;
        if keep.count_ones() == 1 {
            f.place = vec![(c, keep.trailing_zeros() as u8 + 1)];
        } else {
            f.eliminate = digits(board.cand[c] & !keep).map(|d| (c, d)).collect();
        }
        f.cells = board.empty_cells().collect();
        f.text = format!(
            "bivalue-universal-grave: every empty cell but {} holds two candidates, and every digit has two places in each unit but {}; without it the grid could be finished in two ways, so {} holds {}",
            geo.cell_name(c),
            cands_name(keep),
            geo.cell_name(c),
            super::board::digits_name(keep).replace(" and ", " or ")
        );
        return Some(f);
    }
    let names = geo.cells_name(&g.cells);
    if g.all_extra.count_ones() == 1 {
        let d = g.all_extra.trailing_zeros() as u8 + 1;
        let eliminate: Vec<(usize, u8)> = g
            .common
            .iter()
            .filter(|&&c| board.cand[c] & bit(d) != 0)
            .map(|&c| (c, d))
            .collect();
        if !eliminate.is_empty() {
            let mut f = Found::new(Technique::BivalueUniversalGrave, 57);
            f.text = format!(
                "bivalue-universal-grave (type 2): but for {d} at {names}, every empty cell would hold two candidates and every digit two places in each unit, and the grid could be finished in two ways; so one of them holds {d}, and {d} leaves every cell that sees them all: {}",
                geo.cells_name(&eliminate.iter().map(|&(c, _)| c).collect::<Vec<_>>())
            );
            f.eliminate = eliminate;
            f.cells = g.cells.clone();
            return Some(f);
        }
        return type4(board, &g);
    }
    if g.common.is_empty() {
        return None;
    }
    type4(board, &g).or_else(|| type3(board, &g))
}

/// Type 4: two BUG cells in one unit, sharing one digit besides their extra ones: one of
/// them holds its extra digit, so the other holds the shared one, and neither holds its
/// last digit.
fn type4(board: &Board, g: &Grave) -> Option<Found> {
    let geo = &board.geo;
    let [a, b] = g.cells[..] else {
        return None;
    };
    let shared = board.cand[a] & board.cand[b] & !g.all_extra;
    if shared.count_ones() != 1 {
        return None;
    }
    let v = shared.trailing_zeros() as u8 + 1;
    let u = regions(board, a)
        .into_iter()
        .find(|u| regions(board, b).contains(u))?;
    let eliminate: Vec<(usize, u8)> = [(a, g.extra[0]), (b, g.extra[1])]
        .into_iter()
        .flat_map(|(c, x)| digits(board.cand[c] & !x & !bit(v)).map(move |d| (c, d)))
        .collect();
    if eliminate.is_empty() {
        return None;
    }
    let mut f = Found::new(Technique::BivalueUniversalGrave, 57);
    f.text = format!(
        "bivalue-universal-grave (type 4): but for the extra digits {} of {} and {}, the grid could be finished in two ways; one of the two holds its extra digit, and in {} the other must then hold {v}; so neither holds its last digit",
        cands_name(g.all_extra),
        geo.cell_name(a),
        geo.cell_name(b),
        geo.unit_name(u)
    );
    f.eliminate = eliminate;
    f.cells = vec![a, b];
    Some(f)
}

/// Type 3: the BUG cells in one unit, whose extra digits with the candidates of k other
/// cells there (that see them all) number k + 1: a naked subset; its digits leave the cells
/// seeing all the subset's cells that hold them (rated 5.7 plus 0.1 a digit past two).
fn type3(board: &Board, g: &Grave) -> Option<Found> {
    let geo = &board.geo;
    let extra = g.all_extra;
    for k in 2..=6usize {
        for kind in [2usize, 0, 1] {
            let u = geo.cell_units[g.cells[0]][kind];
            if g.cells.iter().any(|&c| geo.cell_units[c][kind] != u) {
                continue;
            }
            // Only empty cells join the subset: a solved cell holds a digit of its own.
            let open: Vec<usize> = g
                .common
                .iter()
                .copied()
                .filter(|&c| board.value[c] == 0 && geo.cell_units[c][kind] == u)
                .collect();
            if open.len() < k {
                continue;
            }
            let found = subsets(&open, k - 1, &mut |set| {
                let union = set.iter().fold(0, |m, &c| m | board.cand[c]);
                if union.count_ones() as usize != k || (union | extra) != union {
                    return None;
                }
                let mut eliminate = Vec::new();
                for d in digits(union) {
                    let holders: Vec<usize> = set
                        .iter()
                        .chain(&g.cells)
                        .copied()
                        .filter(|&c| board.cand[c] & bit(d) != 0)
                        .collect();
                    let Some(&first) = holders.first() else {
                        continue;
                    };
                    for &c in &geo.peers[first] {
                        if board.cand[c] & bit(d) != 0
                            && holders.iter().all(|&h| h != c && geo.sees(h, c))
                        {
                            eliminate.push((c, d));
                        }
                    }
                }
                if eliminate.is_empty() {
                    return None;
                }
                let mut f = Found::new(Technique::BivalueUniversalGrave, 57 + k as u16 - 1);
                f.text = format!(
                    "bivalue-universal-grave (type 3): one of {} holds one of its extra digits {}, or the grid could be finished in two ways; with {} they make a naked subset of {} in {}, so those digits leave the cells that see all their places",
                    geo.cells_name(&g.cells),
                    cands_name(extra),
                    geo.cells_name(set),
                    cands_name(union),
                    geo.unit_name(u)
                );
                f.eliminate = eliminate;
                f.cells = g.cells.iter().chain(set).copied().collect();
                Some(f)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
