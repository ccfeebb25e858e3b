//! Forcing chains: a candidate assumed and followed by singles alone, until a contradiction refutes it; or every candidate of a cell (every place of a digit in a unit) followed, until all agree on a digit or an elimination.
//!
//! This is Sudoku Explainer's chaining with singles as the only implications
//! (Nicolas Juillerat's Sudoku Explainer 1.2.1, its `Chaining` rule and hints;
//! "Difficulty ratings in Sudoku Explainer v1.2.1", Sukaku Explainer wiki):
//! each implication is a naked single (a cell's last candidate) or a hidden
//! single (a digit's last place in a unit), and the chain shown is only the
//! implications the conclusion needs, traced back from it. The kinds are sought
//! in Sudoku Explainer's order, the first kind that finds anything giving its
//! lowest-rated step: Nishio chains ([`nishio`], 7.5: one digit, dynamic, to a
//! contradiction), multiple forcing chains ([`multiple`], 8.0: static cell and
//! region forcing chains) and dynamic forcing chains ([`dynamic`], 8.5:
//! contradictions, double forcing chains, cell and region forcing chains), each
//! plus the bonus of its length in Sudoku Explainer's nodes. A static chain to a
//! contradiction, or from both states of a two-candidate cell, is one chain from
//! a candidate to its own negation (the `unary` module's, sought before).

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

/// The base rating of Sudoku Explainer's static multiple forcing chains (cell and region
/// forcing chains).
const MULTIPLE: u16 = 80;

/// How an assumption is followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Only implications with one cause: a cell with two candidates or a digit with two
    /// places in a unit (on the board as it stands), one of them removed (Sudoku
    /// Explainer's static chains).
    Static,
    /// Every single, whatever removed the other candidates (its dynamic chains).
    Dynamic,
    /// Only the hidden singles of the assumption's digit, whatever removed its other
    /// places (Sudoku Explainer's Nishio chains, dynamic on one digit).
    Nishio,
}

/// Follows `d` at `cell` (or its absence, when `holds` is false) by singles until nothing
/// follows or a contradiction comes; in [`Mode::Static`] a single with several causes is not
/// used, in [`Mode::Nishio`] only the hidden singles of `d`.
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
    let followed = if mode == Mode::Nishio { bit(d) } else { all };
    loop {
        let mut changed = false;
        for c in 0..f.value.len() {
            if f.value[c] != 0 || mode == Mode::Nishio {
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
                if mode == Mode::Static && board.cand[c].count_ones() != 2 {
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
            let missing = followed & !(once | placed);
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
            for e in digits(once & !twice & !placed & followed) {
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
                if mode == Mode::Static && board.places(u, e).count_ones() != 2 {
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

/// The length of a chain as Sudoku Explainer counts it: its distinct nodes, "on" and "off"
/// alike: each digit put in a cell, and each candidate whose removal that needed (the
/// cell's other candidates for a last candidate, the digit's other places in the unit
/// for a last place), the assumption included.
fn nodes(board: &Board, facts: &[Fact], chain: &[u32]) -> usize {
    let geo = &board.geo;
    let mut seen = std::collections::HashSet::new();
    for &id in chain {
        let fact = &facts[id as usize];
        let (c, d) = (fact.cell, fact.d);
        match fact.why {
            Why::Assumed => {
                seen.insert((c, d, true));
            }
            Why::Excluded => {
                seen.insert((c, d, false));
            }
            Why::Naked => {
                seen.insert((c, d, true));
                seen.extend(digits(board.cand[c] & !bit(d)).map(|e| (c, e, false)));
            }
            Why::Hidden(u) => {
                seen.insert((c, d, true));
                seen.extend(
                    geo.units[u]
                        .iter()
                        .filter(|&&o| o != c && board.cand[o] & bit(d) != 0)
                        .map(|&o| (o, d, false)),
                );
            }
        }
    }
    seen.len()
}

/// The length of a contradiction as Sudoku Explainer counts it: two chains, one to a
/// candidate "on" and one to the same candidate "off", each with its nodes. Here the
/// last removal (`causes`' latest fact) is the "off" chain, the others put the candidate
/// it removed "on" (its cell's last candidate, or its digit's last place).
fn contradiction_nodes(board: &Board, facts: &[Fact], causes: &[u32]) -> usize {
    let Some((&last, others)) = causes.split_last() else {
        return 0;
    };
    let on = nodes(board, facts, &needed(facts, others)) + others.len() + 1;
    on + nodes(board, facts, &needed(facts, &[last])) + 1
}

/// Every candidate of the board, followed as holding (in `mode`): `None` for placed cells
/// and digits that are not candidates, at `cell·n + d-1`.
fn follow_all(board: &Board, mode: Mode) -> Vec<Option<Followed>> {
    let n = board.side();
    (0..board.value.len() * n)
        .map(|i| {
            let (c, d) = (i / n, (i % n) as u8 + 1);
            (board.cand[c] & bit(d) != 0).then(|| follow(board, c, d, true, mode))
        })
        .collect()
}

/// Keeps `found` in `best` when it is rated lower, or as low with a shorter chain.
fn keep(best: &mut Option<Found>, found: Found) {
    if best
        .as_ref()
        .is_none_or(|b| (found.rating, found.cells.len()) < (b.rating, b.cells.len()))
    {
        *best = Some(found);
    }
}

/// The step of a contradiction met following `d` at `c` (its absence when `holds` is false):
/// the candidate is removed (or placed), rated `base` tenths plus the contradiction's bonus.
fn refuted(board: &Board, c: usize, d: u8, holds: bool, f: &Followed, base: u16) -> Option<Found> {
    let (causes, what, _) = f.contradiction.as_ref()?;
    let chain = needed(&f.facts, causes);
    let mut found = Found::new(
        Technique::ForcingChain,
        base + length_bonus(contradiction_nodes(board, &f.facts, causes)),
    );
    let conclusion = conclude(&mut found, board, c, d, !holds);
    found.cells = chain.iter().map(|&id| f.facts[id as usize].cell).collect();
    let kind = if base == NISHIO {
        "nishio forcing chain"
    } else {
        "dynamic contradiction forcing chain"
    };
    found.text = format!(
        "{kind}: suppose {}; then {what}; so {conclusion}",
        describe(board, &f.facts, &chain),
    );
    Some(found)
}

/// Gives `found` its conclusion, `d` placed at `cell` (or removed from it when `place` is
/// false), and returns it in words: `5 goes at 2,3`, `5 leaves 2,3`.
pub(super) fn conclude(
    found: &mut Found,
    board: &Board,
    cell: usize,
    d: u8,
    place: bool,
) -> String {
    let name = board.geo.cell_name(cell);
    if place {
        found.place = vec![(cell, d)];
        format!("{d} goes at {name}")
    } else {
        found.eliminate = vec![(cell, d)];
        format!("{d} leaves {name}")
    }
}

/// The base rating of Sudoku Explainer's Nishio forcing chains.
const NISHIO: u16 = 75;

/// The base rating of its dynamic forcing chains.
const DYNAMIC: u16 = 85;

/// The lowest-rated Nishio chain: a candidate whose assumption (that its cell holds it, or
/// that it does not), followed by the hidden singles of its digit alone, meets a
/// contradiction (rated 7.5 plus the bonus of both chains' nodes).
pub(crate) fn nishio(board: &Board) -> Option<Found> {
    let mut best = None;
    for c in board.empty_cells() {
        for d in digits(board.cand[c]) {
            for holds in [true, false] {
                let f = follow(board, c, d, holds, Mode::Nishio);
                if let Some(found) = refuted(board, c, d, holds, &f, NISHIO) {
                    keep(&mut best, found);
                }
            }
        }
    }
    best
}

/// The lowest-rated static multiple forcing chain: a cell of three candidates or more every
/// one of which leads, by static chains, to the same digit somewhere (or the same candidate
/// removed), or a digit every place of which in a unit does (rated 8.0 plus the bonus of
/// all the chains' nodes). Sudoku Explainer seeks no contradiction and no double forcing
/// chain statically: a static contradiction is one chain from the assumption to its
/// negation, sought before, and its double forcing chains are dynamic only.
pub(crate) fn multiple(board: &Board) -> Option<Found> {
    let on = follow_all(board, Mode::Static);
    let mut best = None;
    for c in board.empty_cells() {
        if board.cand[c].count_ones() >= 3 {
            if let Some(found) = cell_in(board, c, &on, MULTIPLE) {
                keep(&mut best, found);
            }
        }
    }
    for found in regions(board, &on, MULTIPLE) {
        keep(&mut best, found);
    }
    best
}

/// The lowest-rated dynamic forcing chain (rated 8.5 plus the bonus of its chains' nodes):
/// a candidate whose assumption, or whose absence, meets a contradiction by singles of any
/// cause; a candidate of a cell of three candidates or more whose presence and absence lead
/// to the same result (a double forcing chain); or a cell or region forcing chain.
pub(crate) fn dynamic(board: &Board) -> Option<Found> {
    let geo = &board.geo;
    let n = board.side();
    let on = follow_all(board, Mode::Dynamic);
    let mut best = None;
    for c in board.empty_cells() {
        for d in digits(board.cand[c]) {
            let Some(yes) = on[c * n + d as usize - 1].as_ref() else {
                continue;
            };
            let no = follow(board, c, d, false, Mode::Dynamic);
            for (holds, f) in [(true, yes), (false, &no)] {
                if let Some(found) = refuted(board, c, d, holds, f, DYNAMIC) {
                    keep(&mut best, found);
                }
            }
            if board.cand[c].count_ones() < 3 {
                continue;
            }
            let branches = [(format!("if {d}"), yes), ("if not".to_string(), &no)];
            if let Some((mut found, parts, result)) = agreed(board, &[c], &branches, DYNAMIC) {
                found.text = format!(
                    "dynamic double forcing chain: whether or not {} holds {d}; {}; either way {result}",
                    geo.cell_name(c),
                    parts.join("; ")
                );
                keep(&mut best, found);
            }
        }
        if let Some(found) = cell_in(board, c, &on, DYNAMIC) {
            keep(&mut best, found);
        }
    }
    for found in regions(board, &on, DYNAMIC) {
        keep(&mut best, found);
    }
    best
}

/// The region forcing chains of every digit with two places or more in a unit, its
/// places followed as in `on`, rated `base` tenths plus the bonus.
fn regions<'a>(
    board: &'a Board,
    on: &'a [Option<Followed>],
    base: u16,
) -> impl Iterator<Item = Found> + 'a {
    let n = board.side() as u8;
    (0..board.geo.units.len())
        .flat_map(move |u| (1..=n).map(move |d| (u, d)))
        .filter(|&(u, d)| board.places(u, d).count_ones() >= 2)
        .filter_map(move |(u, d)| region_in(board, u, d, on, base))
}

/// The conclusion every place of `d` in unit `u` leads to, followed as in `on`, if there is one.
fn region_in(board: &Board, u: usize, d: u8, on: &[Option<Followed>], base: u16) -> Option<Found> {
    let geo = &board.geo;
    let n = board.side();
    let places: Vec<usize> = geo.units[u]
        .iter()
        .copied()
        .filter(|&c| board.cand[c] & bit(d) != 0)
        .collect();
    let branches = places
        .iter()
        .map(|&c| {
            let f = on[c * n + d as usize - 1].as_ref()?;
            Some((format!("if at {}", geo.cell_name(c)), f))
        })
        .collect::<Option<Vec<_>>>()?;
    let (mut found, parts, result) = agreed(board, &places, &branches, base)?;
    found.text = format!(
        "{}region forcing chain: in {}, {d} goes at {}; {}; either way {result}",
        if base == DYNAMIC { "dynamic " } else { "" },
        geo.unit_name(u),
        geo.cells_name(&places).replace(" and ", " or "),
        parts.join("; ")
    );
    Some(found)
}

/// The conclusion every candidate of `c` leads to, followed as in `on`, if there is one.
fn cell_in(board: &Board, c: usize, on: &[Option<Followed>], base: u16) -> Option<Found> {
    let geo = &board.geo;
    let n = board.side();
    let branches = digits(board.cand[c])
        .map(|d| Some((format!("if {d}"), on[c * n + d as usize - 1].as_ref()?)))
        .collect::<Option<Vec<_>>>()?;
    let (mut found, parts, result) = agreed(board, &[c], &branches, base)?;
    found.text = format!(
        "{}cell forcing chain: {} holds {}; {}; either way {result}",
        if base == DYNAMIC { "dynamic " } else { "" },
        geo.cell_name(c),
        super::board::digits_name(board.cand[c]).replace(" and ", " or "),
        parts.join("; ")
    );
    Some(found)
}

/// A placement or an elimination off the `origin` cells (the assumptions') that every
/// branch reaches, when none meets a contradiction: the step, rated `base` tenths plus the
/// bonus of the branches' nodes (summed, as Sudoku Explainer sums its chains'), each
/// branch in words, and the conclusion.
fn agreed(
    board: &Board,
    origin: &[usize],
    branches: &[(String, &Followed)],
    base: u16,
) -> Option<(Found, Vec<String>, String)> {
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
    let mut parts = Vec::new();
    let mut pattern = origin.to_vec();
    for (name, f) in branches {
        let root = if is_place {
            f.facts.iter().position(|x| x.cell == t).map(|i| i as u32)
        } else {
            Some(f.removed_by[t * n + v as usize - 1])
        };
        let chain = needed(&f.facts, &root.into_iter().collect::<Vec<_>>());
        // The removed candidate is a node of its own ("off"); a placement is the chain's last fact.
        total += nodes(board, &f.facts, &chain) + usize::from(!is_place);
        pattern.extend(chain.iter().map(|&id| f.facts[id as usize].cell));
        parts.push(format!("{name}: {}", describe(board, &f.facts, &chain)));
    }
    pattern.sort_unstable();
    pattern.dedup();
    let mut found = Found::new(Technique::ForcingChain, base + length_bonus(total));
    let result = conclude(&mut found, board, t, v, is_place);
    found.cells = pattern;
    Some((found, parts, result))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Sudoku;

    #[test]
    fn a_static_follow_uses_only_two_way_links_a_nishio_follow_one_digit_and_a_dynamic_one_finds_more(
    ) {
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
                    // Sudoku Explainer's static links: a cell of two candidates, a digit of two places.
                    for f in &s.facts {
                        match f.why {
                            Why::Naked => assert_eq!(board.cand[f.cell].count_ones(), 2),
                            Why::Hidden(u) => assert_eq!(board.places(u, f.d).count_ones(), 2),
                            Why::Assumed | Why::Excluded => {}
                        }
                    }
                    // A Nishio follow puts only the assumption's digit, by hidden singles.
                    let one = follow(&board, c, d, holds, Mode::Nishio);
                    assert!(one.facts.iter().all(|f| f.d == d));
                    assert!(one.facts.iter().all(|f| !matches!(f.why, Why::Naked)));
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
