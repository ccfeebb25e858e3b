//! Forcing chains: a candidate assumed and followed by singles alone, until a contradiction refutes it; or every candidate of a cell followed, until all agree on a digit or an elimination.
//!
//! This is Sudoku Explainer's chaining with singles as the only implications
//! (its forcing chains and cell forcing chains, "Difficulty ratings in Sudoku
//! Explainer v1.2.1"): each implication is a naked single (a cell's last
//! candidate) or a hidden single (a digit's last place in a unit), and the
//! chain shown is only the implications the conclusion needs, traced back
//! from it.

use super::board::{bit, digits, Board};
use super::{length_bonus, Found, Technique};
use std::fmt::Write as _;

/// Why a digit was put in a cell while following an assumption.
#[derive(Debug, Clone, Copy)]
enum Why {
    Assumed,
    /// The assumption that the cell does not hold the digit.
    Excluded,
    Naked,
    Hidden(usize),
}

/// A digit put in a cell, the reason, and the facts that caused it.
#[derive(Debug, Clone)]
struct Fact {
    cell: usize,
    d: u8,
    why: Why,
    causes: Vec<u32>,
}

/// What followed an assumption.
struct Followed {
    facts: Vec<Fact>,
    value: Vec<u8>,
    cand: Vec<u64>,
    /// The facts that caused a contradiction, when one was met, its description,
    /// and its digit when it is a digit left with no place in a unit.
    contradiction: Option<(Vec<u32>, String, Option<u8>)>,
    /// `removed_by[cell·n + d-1]`: the fact that removed candidate d of the cell, if any.
    removed_by: Vec<u32>,
}

const NONE: u32 = u32::MAX;

/// The base rating of Sudoku Explainer's static multiple forcing chains (two chains or
/// more: a contradiction, a double forcing chain, a cell or region forcing chain).
const MULTIPLE: u16 = 80;

/// How an assumption is followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Only implications with one cause: a cell with two candidates or a digit with two
    /// places in a unit, one of them removed (Sudoku Explainer's static chains).
    Static,
    /// Every single, whatever removed the other candidates (its dynamic chains).
    Dynamic,
}

/// Follows `d` at `cell` (or its absence, when `holds` is false) by singles until nothing
/// follows or a contradiction comes; in [`Mode::Static`] a single with several causes is not used.
fn follow(board: &Board, cell: usize, d: u8, holds: bool, mode: Mode) -> Followed {
    let geo = &board.geo;
    let n = board.side();
    let all = (1u64 << n) - 1;
    let mut f = Followed {
        facts: Vec::new(),
        value: board.value.clone(),
        cand: board.cand.clone(),
        contradiction: None,
        removed_by: vec![NONE; board.value.len() * n],
    };
    let place = |f: &mut Followed, cell: usize, d: u8, why: Why, causes: Vec<u32>| {
        let id = f.facts.len() as u32;
        f.facts.push(Fact {
            cell,
            d,
            why,
            causes,
        });
        for e in digits(f.cand[cell] & !bit(d)) {
            f.removed_by[cell * n + e as usize - 1] = id;
        }
        f.value[cell] = d;
        f.cand[cell] = 0;
        for &p in &geo.peers[cell] {
            if f.cand[p] & bit(d) != 0 {
                f.cand[p] &= !bit(d);
                f.removed_by[p * n + d as usize - 1] = id;
            }
        }
    };
    if holds {
        place(&mut f, cell, d, Why::Assumed, Vec::new());
    } else {
        f.facts.push(Fact {
            cell,
            d,
            why: Why::Excluded,
            causes: Vec::new(),
        });
        f.cand[cell] &= !bit(d);
        f.removed_by[cell * n + d as usize - 1] = 0;
    }
    let removers = |f: &Followed, c: usize, mask: u64| -> Vec<u32> {
        let mut v: Vec<u32> = digits(mask)
            .map(|e| f.removed_by[c * n + e as usize - 1])
            .filter(|&id| id != NONE)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    loop {
        let mut changed = false;
        for c in 0..f.value.len() {
            if f.value[c] != 0 {
                continue;
            }
            let m = f.cand[c];
            if m == 0 {
                let causes = removers(&f, c, board.cand[c]);
                f.contradiction = Some((
                    causes,
                    format!("{} has no candidate left", geo.cell_name(c)),
                    None,
                ));
                return f;
            }
            if m & (m - 1) == 0 {
                let e = m.trailing_zeros() as u8 + 1;
                let causes = removers(&f, c, board.cand[c] & !m);
                if mode == Mode::Static && causes.len() > 1 {
                    continue;
                }
                place(&mut f, c, e, Why::Naked, causes);
                changed = true;
            }
        }
        for (u, unit) in geo.units.iter().enumerate() {
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &c in unit {
                let m = f.cand[c];
                twice |= once & m;
                once |= m;
                if f.value[c] != 0 {
                    placed |= bit(f.value[c]);
                }
            }
            let missing = all & !(once | placed);
            if missing != 0 {
                let e = missing.trailing_zeros() as u8 + 1;
                let mut causes: Vec<u32> = unit
                    .iter()
                    .map(|&c| f.removed_by[c * n + e as usize - 1])
                    .filter(|&id| id != NONE)
                    .collect();
                causes.sort_unstable();
                causes.dedup();
                f.contradiction = Some((
                    causes,
                    format!("{e} has no place left in {}", geo.unit_name(u)),
                    Some(e),
                ));
                return f;
            }
            for e in digits(once & !twice & !placed) {
                let Some(&c) = unit.iter().find(|&&c| f.cand[c] & bit(e) != 0) else {
                    continue;
                };
                if f.value[c] != 0 {
                    continue;
                }
                let mut causes: Vec<u32> = unit
                    .iter()
                    .filter(|&&o| o != c)
                    .map(|&o| f.removed_by[o * n + e as usize - 1])
                    .filter(|&id| id != NONE)
                    .collect();
                causes.sort_unstable();
                causes.dedup();
                if mode == Mode::Static && causes.len() > 1 {
                    continue;
                }
                place(&mut f, c, e, Why::Hidden(u), causes);
                changed = true;
            }
        }
        if !changed {
            return f;
        }
    }
}

/// The facts needed for `roots`, in the order they were found.
fn needed(facts: &[Fact], roots: &[u32]) -> Vec<u32> {
    let mut keep = vec![false; facts.len()];
    let mut stack: Vec<u32> = roots.to_vec();
    while let Some(id) = stack.pop() {
        if !keep[id as usize] {
            keep[id as usize] = true;
            stack.extend(&facts[id as usize].causes);
        }
    }
    (0..facts.len() as u32)
        .filter(|&i| keep[i as usize])
        .collect()
}

/// The chain of facts in words: `5 at 0,3, so 7 at 0,5 (its last candidate), 7 at 2,2 (its last place in row 2)`.
fn describe(board: &Board, facts: &[Fact], chain: &[u32]) -> String {
    let geo = &board.geo;
    let mut s = String::new();
    for (k, &id) in chain.iter().enumerate() {
        let fact = &facts[id as usize];
        if k > 0 {
            s.push_str(if k == 1 { ", then " } else { ", " });
        }
        let not = if matches!(fact.why, Why::Excluded) {
            "no "
        } else {
            ""
        };
        let _ = write!(s, "{not}{} at {}", fact.d, geo.cell_name(fact.cell));
        match fact.why {
            Why::Assumed | Why::Excluded => {}
            Why::Naked => s.push_str(" (last candidate)"),
            Why::Hidden(u) => {
                let _ = write!(s, " (last place in {})", geo.unit_name(u));
            }
        }
    }
    s
}

/// The length of a chain as Sudoku Explainer counts it, its "on" and "off" nodes alike: each
/// digit put in a cell, and each candidate whose removal it needed.
fn nodes(facts: &[Fact], chain: &[u32]) -> usize {
    chain
        .iter()
        .map(|&id| 1 + facts[id as usize].causes.len())
        .sum()
}

/// Whether a chain is dynamic in Sudoku Explainer's sense: some implication in it needs
/// two earlier facts (a cell or a place emptied by two removals), not one.
fn is_dynamic(facts: &[Fact], chain: &[u32]) -> bool {
    chain.iter().any(|&id| facts[id as usize].causes.len() > 1)
}

/// The rating of a contradiction reached through `chain`, on Sudoku Explainer's
/// scale ("Difficulty ratings in Sudoku Explainer v1.2.1"). A static chain back to the
/// assumption's own candidate (the contradiction needs the candidate the assumption
/// removed: the assumption implies its own negation, one chain) is an X-chain (6.5) on
/// one digit, else a forcing chain (7.0); any other static contradiction needs two
/// chains (a fact and its negation), one of Sudoku Explainer's multiple forcing chains
/// (8.0). A dynamic chain of one digit is a Nishio (7.5), any other dynamic chain 8.5.
/// Each adds its length's bonus, the length counted in Sudoku Explainer's nodes.
fn contradiction_rating(
    facts: &[Fact],
    chain: &[u32],
    causes: &[u32],
    digit: Option<u8>,
) -> (Technique, u16) {
    let dynamic = causes.len() > 2 || is_dynamic(facts, chain);
    let one_chain = causes.contains(&0);
    let one_digit = digit.is_some_and(|d| chain.iter().all(|&id| facts[id as usize].d == d));
    let (technique, base) = match (dynamic, one_digit) {
        (false, _) if !one_chain => (Technique::ForcingChain, MULTIPLE),
        (false, true) => (Technique::XChain, 65),
        (false, false) => (Technique::ForcingChain, 70),
        (true, true) => (Technique::ForcingChain, 75),
        (true, false) => (Technique::ForcingChain, 85),
    };
    (technique, base + length_bonus(nodes(facts, chain)))
}

/// The candidate whose assumption (that the cell holds it, or that it does not) meets a
/// contradiction by the lowest-rated chain (the shortest among equals): it is removed, or placed.
pub(crate) fn contradiction(board: &Board) -> Option<Found> {
    let mut best: Option<(u16, usize, Found)> =
        super::unary::forcing(board).map(|f| (f.rating, f.cells.len(), f));
    for mode in [Mode::Static, Mode::Dynamic] {
        // A static chain (an X-chain or forcing chain, under 7.5) is taken before any dynamic one is sought.
        if best.as_ref().is_some_and(|(r, _, _)| *r < 75) {
            break;
        }
        refute_in(board, mode, &mut best);
    }
    best.map(|(_, _, f)| f)
}

/// The lowest-rated contradiction met following every candidate in `mode`, kept in `best` when lower.
fn refute_in(board: &Board, mode: Mode, best: &mut Option<(u16, usize, Found)>) {
    let geo = &board.geo;
    for c in board.empty_cells() {
        for d in digits(board.cand[c]) {
            let on = follow(board, c, d, true, mode);
            let off = follow(board, c, d, false, mode);
            for (holds, f) in [(true, &on), (false, &off)] {
                let Some((causes, what, digit)) = &f.contradiction else {
                    continue;
                };
                let chain = needed(&f.facts, causes);
                let (technique, rating) = contradiction_rating(&f.facts, &chain, causes, *digit);
                if best
                    .as_ref()
                    .is_some_and(|(r, len, _)| (rating, chain.len()) >= (*r, *len))
                {
                    continue;
                }
                let mut found = Found::new(technique, rating);
                let conclusion = if holds {
                    found.eliminate = vec![(c, d)];
                    format!("{d} is not at {}", geo.cell_name(c))
                } else {
                    found.place = vec![(c, d)];
                    format!("{d} goes at {}", geo.cell_name(c))
                };
                found.cells = chain.iter().map(|&id| f.facts[id as usize].cell).collect();
                found.text = format!(
                    "{technique}: suppose {}; then {what}; so {conclusion}",
                    describe(board, &f.facts, &chain),
                );
                *best = Some((rating, chain.len(), found));
            }
            let branches = [(format!("if {d}"), &on), ("if not".to_string(), &off)];
            if let Some((mut found, parts, result)) = agreed(board, &[c], &branches, MULTIPLE) {
                let length = found.cells.len();
                if best
                    .as_ref()
                    .is_none_or(|(r, len, _)| (found.rating, length) < (*r, *len))
                {
                    found.text = format!(
                        "double forcing chain: whether or not {} holds {d}; {}; either way {result}",
                        geo.cell_name(c),
                        parts.join("; ")
                    );
                    *best = Some((found.rating, length, found));
                }
            }
        }
    }
}

/// A cell every candidate of which leads, by singles, to the same digit somewhere (or
/// the same candidate removed), or a digit every place of which in a unit does: that
/// follows whatever the cell holds, wherever the digit goes (rated 8.2 plus the length's
/// bonus, as Sudoku Explainer's cell and region forcing chains; 8.5 plus the bonus when a
/// branch is dynamic). Static chains are sought first; the lowest rated is taken.
pub(crate) fn cell(board: &Board) -> Option<Found> {
    let mut cells: Vec<usize> = board
        .empty_cells()
        .filter(|&c| board.cand[c].count_ones() <= 3)
        .collect();
    cells.sort_by_key(|&c| board.cand[c].count_ones());
    let n = board.side() as u8;
    let regions: Vec<(usize, u8)> = (0..board.geo.units.len())
        .flat_map(|u| (1..=n).map(move |d| (u, d)))
        .filter(|&(u, d)| (2..=3).contains(&board.places(u, d).count_ones()))
        .collect();
    [Mode::Static, Mode::Dynamic].into_iter().find_map(|mode| {
        cells
            .iter()
            .filter_map(|&c| cell_in(board, c, mode))
            .chain(
                regions
                    .iter()
                    .filter_map(|&(u, d)| region_in(board, u, d, mode)),
            )
            .min_by_key(|f| (f.rating, f.cells.len()))
    })
}

/// The conclusion every place of `d` in unit `u` leads to, followed in `mode`, if there is one.
fn region_in(board: &Board, u: usize, d: u8, mode: Mode) -> Option<Found> {
    let geo = &board.geo;
    let places: Vec<usize> = geo.units[u]
        .iter()
        .copied()
        .filter(|&c| board.cand[c] & bit(d) != 0)
        .collect();
    let followed: Vec<(usize, Followed)> = places
        .iter()
        .map(|&c| (c, follow(board, c, d, true, mode)))
        .collect();
    let branches: Vec<(String, &Followed)> = followed
        .iter()
        .map(|(c, f)| (format!("if at {}", geo.cell_name(*c)), f))
        .collect();
    let (mut found, parts, result) = agreed(board, &places, &branches, MULTIPLE)?;
    found.text = format!(
        "region forcing chain: in {}, {d} goes at {}; {}; either way {result}",
        geo.unit_name(u),
        geo.cells_name(&places).replace(" and ", " or "),
        parts.join("; ")
    );
    Some(found)
}

/// The conclusion every candidate of `c` leads to, followed in `mode`, if there is one.
fn cell_in(board: &Board, c: usize, mode: Mode) -> Option<Found> {
    let geo = &board.geo;
    let followed: Vec<(u8, Followed)> = digits(board.cand[c])
        .map(|d| (d, follow(board, c, d, true, mode)))
        .collect();
    let branches: Vec<(String, &Followed)> = followed
        .iter()
        .map(|(d, f)| (format!("if {d}"), f))
        .collect();
    let (mut found, parts, result) = agreed(board, &[c], &branches, MULTIPLE)?;
    found.text = format!(
        "cell forcing chain: {} holds {}; {}; either way {result}",
        geo.cell_name(c),
        super::board::digits_name(board.cand[c]).replace(" and ", " or "),
        parts.join("; ")
    );
    Some(found)
}

/// A placement or an elimination off the `origin` cells (the assumptions') that every
/// branch reaches, when none meets a contradiction: the step, rated `base` tenths plus the
/// bonus of the branches' length (8.5 plus the bonus when a branch is dynamic), each
/// branch in words, and the conclusion.
fn agreed(
    board: &Board,
    origin: &[usize],
    branches: &[(String, &Followed)],
    base: u16,
) -> Option<(Found, Vec<String>, String)> {
    let geo = &board.geo;
    let n = board.side();
    if branches.iter().any(|(_, f)| f.contradiction.is_some()) {
        return None;
    }
    let first = branches.first()?.1;
    let placed = (0..board.value.len()).find_map(|t| {
        let v = first.value[t];
        (!origin.contains(&t)
            && board.value[t] == 0
            && v != 0
            && branches.iter().all(|(_, f)| f.value[t] == v))
        .then_some((t, v))
    });
    let removed = || {
        (0..board.value.len()).find_map(|t| {
            if origin.contains(&t) || board.value[t] != 0 {
                return None;
            }
            digits(board.cand[t])
                .find(|&e| {
                    branches
                        .iter()
                        .all(|(_, f)| f.removed_by[t * n + e as usize - 1] != NONE)
                })
                .map(|e| (t, e))
        })
    };
    let ((t, v), is_place) = match placed {
        Some(p) => (p, true),
        None => (removed()?, false),
    };
    let mut total = 0;
    let mut dynamic = false;
    let mut parts = Vec::new();
    let mut pattern = origin.to_vec();
    for (name, f) in branches {
        let root = if is_place {
            f.facts.iter().position(|x| x.cell == t).map(|i| i as u32)
        } else {
            Some(f.removed_by[t * n + v as usize - 1])
        };
        let chain = needed(&f.facts, &root.into_iter().collect::<Vec<_>>());
        total += nodes(&f.facts, &chain);
        dynamic |= is_dynamic(&f.facts, &chain);
        pattern.extend(chain.iter().map(|&id| f.facts[id as usize].cell));
        parts.push(format!("{name}: {}", describe(board, &f.facts, &chain)));
    }
    pattern.sort_unstable();
    pattern.dedup();
    let mut found = Found::new(
        Technique::ForcingChain,
        if dynamic { 85 } else { base } + length_bonus(total),
    );
    let result = if is_place {
        found.place = vec![(t, v)];
        format!("{v} goes at {}", geo.cell_name(t))
    } else {
        found.eliminate = vec![(t, v)];
        format!("{v} leaves {}", geo.cell_name(t))
    };
    found.cells = pattern;
    Some((found, parts, result))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Sudoku;

    #[test]
    fn a_static_follow_uses_only_implications_with_one_cause_and_a_dynamic_one_finds_more() {
        // The repository's 9x9-line.txt puzzle, straight from its clues.
        let puzzle =
            ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";
        let board = Board::new(&Sudoku::from_text(puzzle, None).unwrap()).unwrap();
        let (mut static_facts, mut dynamic_facts) = (0, 0);
        for c in board.empty_cells() {
            for d in digits(board.cand[c]) {
                for holds in [true, false] {
                    let s = follow(&board, c, d, holds, Mode::Static);
                    assert!(s.facts.iter().all(|f| f.causes.len() <= 1));
                    let all = follow(&board, c, d, holds, Mode::Dynamic);
                    // Whatever the static follow places, the dynamic one places too (or meets a contradiction).
                    if all.contradiction.is_none() {
                        for f in &s.facts {
                            assert!(all.value[f.cell] == f.d || matches!(f.why, Why::Excluded));
                        }
                    }
                    static_facts += s.facts.len();
                    dynamic_facts += all.facts.len();
                }
            }
        }
        assert!(
            static_facts < dynamic_facts,
            "{static_facts} {dynamic_facts}"
        );
    }
}
