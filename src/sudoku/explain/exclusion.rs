//! Aligned exclusion: the combinations of digits two or three cells can hold together, some of which would empty a cell that sees them all; a digit left in no allowed combination leaves its cell.
//!
//! As Sudoku Explainer has it (Nicolas Juillerat's Sudoku Explainer, its
//! "aligned pair exclusion" 6.2 and "aligned triplet exclusion" 7.5 in
//! "Difficulty ratings in Sudoku Explainer v1.2.1", Sukaku Explainer wiki):
//! the base cells are empty cells with a common excluding cell, an empty
//! cell that sees all of them and has no more candidates than there are base
//! cells. A combination of one candidate per base cell is excluded when two
//! base cells that see each other would hold the same digit, or when an
//! excluding cell's candidates all lie among the combination's digits (it would
//! be left with none). Every candidate of a base cell that is in no allowed
//! combination is removed.

use super::board::{bit, digits, Board};
use super::{cands_name, Found, Technique};
use std::ops::ControlFlow;

/// A set of cells as bits, one word per 64 cells.
type Cells = Vec<u64>;

/// The first aligned exclusion on `degree` base cells (2 or 3) that removes a candidate.
pub(crate) fn aligned(board: &Board, degree: usize) -> Option<Found> {
    let geo = &board.geo;
    let cells = board.value.len();
    let words = cells.div_ceil(64);
    let open: Vec<usize> = board
        .empty_cells()
        .filter(|&c| board.cand[c].count_ones() >= 2)
        .collect();
    // The excluding cells of each base cell: its peers with 2..=degree candidates.
    let mut excluders: Vec<Cells> = vec![vec![0; words]; cells];
    for &c in &open {
        for &p in &geo.peers[c] {
            if board.value[p] == 0 && (2..=degree as u32).contains(&board.cand[p].count_ones()) {
                excluders[c][p / 64] |= 1 << (p % 64);
            }
        }
    }
    let mut chosen = Vec::with_capacity(degree);
    search(board, &open, &excluders, degree, 0, None, &mut chosen)
}

/// Extends `chosen` (base cells, in the order of `open`) from `from` while the base cells keep a
/// common excluding cell (`common`), and tries each full set.
fn search(
    board: &Board,
    open: &[usize],
    excluders: &[Cells],
    degree: usize,
    from: usize,
    common: Option<&Cells>,
    chosen: &mut Vec<usize>,
) -> Option<Found> {
    if chosen.len() == degree {
        return exclude(board, chosen, common?);
    }
    for i in from..open.len() {
        if board.stopped() {
            return None;
        }
        let c = open[i];
        let next: Cells = match common {
            None => excluders[c].clone(),
            Some(m) => m.iter().zip(&excluders[c]).map(|(a, b)| a & b).collect(),
        };
        if next.iter().all(|&w| w == 0) {
            continue;
        }
        chosen.push(c);
        let found = search(board, open, excluders, degree, i + 1, Some(&next), chosen);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The step of base cells `base` with the excluding cells `common`, when some candidate is in no allowed combination.
fn exclude(board: &Board, base: &[usize], common: &Cells) -> Option<Found> {
    let excluding: Vec<usize> = (0..board.value.len())
        .filter(|&c| common[c / 64] & (1 << (c % 64)) != 0 && !base.contains(&c))
        .collect();
    if excluding.is_empty() {
        return None;
    }
    let sifted = sift(board, base, &excluding)?;
    let eliminate: Vec<(usize, u8)> = base
        .iter()
        .zip(&sifted.allowed)
        .flat_map(|(&c, &a)| digits(board.cand[c] & !a).map(move |d| (c, d)))
        .collect();
    if eliminate.is_empty() {
        return None;
    }
    let excluding: Vec<usize> = excluding
        .into_iter()
        .zip(sifted.used)
        .filter_map(|(e, u)| u.then_some(e))
        .collect();
    Some(step(board, base, &excluding, eliminate, sifted.excluded))
}

/// What the combinations of the base cells' candidates leave.
struct Sifted {
    /// Per base cell, the digits of some allowed combination.
    allowed: Vec<u64>,
    /// How many combinations are excluded.
    excluded: usize,
    /// Per excluding cell, whether it excludes some combination.
    used: Vec<bool>,
}

/// Sorts every combination of the base cells' candidates into allowed and
/// excluded (by a clash between base cells that see each other, or by an
/// excluding cell it would empty); `None` when every candidate is allowed.
fn sift(board: &Board, base: &[usize], excluding: &[usize]) -> Option<Sifted> {
    let choices: Vec<Vec<u8>> = base
        .iter()
        .map(|&c| digits(board.cand[c]).collect())
        .collect();
    let mut allowed = vec![0u64; base.len()];
    let mut combo = vec![0u8; base.len()];
    let mut excluded = 0usize;
    let mut used = vec![false; excluding.len()];
    let sees: Vec<(usize, usize)> = (0..base.len())
        .flat_map(|i| (i + 1..base.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| board.geo.sees(base[i], base[j]))
        .collect();
    let stopped = combinations(&choices, 0, &mut combo, &mut |combo| {
        let clash = sees.iter().any(|&(i, j)| combo[i] == combo[j]);
        let held = combo.iter().fold(0u64, |m, &d| m | bit(d));
        let emptied = excluding.iter().position(|&e| board.cand[e] & !held == 0);
        if let Some(k) = emptied {
            used[k] = true;
        }
        if clash || emptied.is_some() {
            excluded += 1;
        } else {
            for (a, &d) in allowed.iter_mut().zip(combo) {
                *a |= bit(d);
            }
            // Every candidate allowed: nothing will be removed.
            if base
                .iter()
                .zip(&allowed)
                .all(|(&c, &a)| board.cand[c] & !a == 0)
            {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    if stopped.is_break() {
        return None;
    }
    Some(Sifted {
        allowed,
        excluded,
        used,
    })
}

/// The step removing `eliminate` from the base cells `base`, `excluded`
/// combinations excluded, some by the cells `excluding`.
fn step(
    board: &Board,
    base: &[usize],
    excluding: &[usize],
    eliminate: Vec<(usize, u8)>,
    excluded: usize,
) -> Found {
    let geo = &board.geo;
    let (technique, rating, name) = if base.len() == 2 {
        (
            Technique::AlignedPairExclusion,
            62,
            "aligned-pair-exclusion",
        )
    } else {
        (
            Technique::AlignedTripleExclusion,
            75,
            "aligned-triple-exclusion",
        )
    };
    let mut f = Found::new(technique, rating);
    let bases: Vec<String> = base
        .iter()
        .map(|&c| format!("{} {}", geo.cell_name(c), cands_name(board.cand[c])))
        .collect();
    let removed: Vec<String> = eliminate
        .iter()
        .map(|&(c, d)| format!("{d} at {}", geo.cell_name(c)))
        .collect();
    f.text = format!(
        "{name}: {excluded} of the combinations of digits that {} can hold together would put one digit twice in a unit or leave one of {} with no candidate; every combination with {} is one of them, so {}",
        super::board::join(bases.into_iter()),
        geo.cells_name(excluding),
        super::board::join(removed.iter().cloned()).replace(" and ", " or "),
        if removed.len() == 1 { "it goes" } else { "they go" },
    );
    f.eliminate = eliminate;
    f.cells = base.iter().chain(excluding).copied().collect();
    f
}

/// Calls `visit` on every combination of one digit from each of `choices`, until it breaks.
fn combinations(
    choices: &[Vec<u8>],
    i: usize,
    combo: &mut [u8],
    visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if i == choices.len() {
        return visit(combo);
    }
    for &d in &choices[i] {
        combo[i] = d;
        combinations(choices, i + 1, combo, visit)?;
    }
    ControlFlow::Continue(())
}
