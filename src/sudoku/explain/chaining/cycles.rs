//! Sudoku Explainer's "forcing chains and cycles": X-, Y- and XY-cycles, and the chains from a candidate to its own negation, on static links.

use super::closure::{start_queues, Closure, Implied};
use super::{parts, pot, Best, Chainer, Pot};
use crate::sudoku::explain::board::{bit, digits};
use crate::sudoku::explain::{length_bonus, Found, Technique};
use std::collections::VecDeque;

/// The cycles and forcing chains of [`forcing_chains_and_cycles`] from every candidate, kept in `best`.
pub(super) fn cycle_starts(ch: &mut Chainer, best: &mut Best) {
    let board = ch.board;
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for c in board.empty_cells() {
            if board.cand[c].count_ones() < 2 || (!x && board.cand[c].count_ones() > 2) {
                continue;
            }
            for d in digits(board.cand[c]) {
                let on = pot(ch.n, c, d, true);
                cycles(ch, on, (y, x), best);
                if x {
                    unary(ch, on, y, best);
                    unary(ch, on & !1, y, best);
                }
            }
        }
    }
}

/// The sort key of a chain of one kind of link: X-links only 2, Y-links only 3, both 4.
pub(super) fn link_kind((y, x): (bool, bool)) -> u8 {
    match (y, x) {
        (false, _) => 2,
        (true, false) => 3,
        (true, true) => 4,
    }
}

/// Whether `ancestor`'s potential is on the chain of first causes above node `k`.
pub(super) fn is_parent(clo: &Closure, k: u32, ancestor: Pot) -> bool {
    let mut at = k;
    while let Some(&p) = clo.parents_of(at).first() {
        if clo.pot[p as usize] == ancestor {
            return true;
        }
        at = p;
    }
    false
}

/// The cycles through `start` ("on"): a chain of alternating "off" and "on" back to it,
/// whose candidates seen by an "on" and by an "off" of the loop are removed.
pub(super) fn cycles(ch: &mut Chainer, start: Pot, links: (bool, bool), best: &mut Best) {
    let base = if links == (true, true) { 70 } else { 65 };
    let Some(longest) = best.longest(base, link_kind(links)) else {
        return;
    };
    let mut clo = ch.scratch();
    cycles_in(ch, &mut clo, start, (links, longest), best);
    ch.recycle(clo);
}

/// [`cycles`] of at most `longest` nodes, followed in `clo`.
pub(super) fn cycles_in(
    ch: &mut Chainer,
    clo: &mut Closure,
    start: Pot,
    (links, longest): ((bool, bool), usize),
    best: &mut Best,
) {
    let board = ch.board;
    let cand = &board.cand;
    let first = clo.add(start, &[]);
    let mut on_queue = VecDeque::from([first]);
    let mut off_queue = VecDeque::new();
    let mut found = Vec::new();
    let (mut offs, mut ons) = (Vec::new(), Implied::default());
    let mut length = 0;
    while !on_queue.is_empty() || !off_queue.is_empty() {
        length += 1;
        while let Some(k) = on_queue.pop_front() {
            // Whatever follows would make a loop of more nodes than may be kept.
            if clo.depth[k as usize] as usize + 2 > longest {
                continue;
            }
            ch.on_to_off(cand, clo.pot[k as usize], links.0, &mut offs);
            for &q in &offs {
                if !is_parent(clo, k, q) {
                    let node = clo.node(q, &[k]);
                    off_queue.push_back(node);
                    if clo.get(q).is_none() {
                        clo.off[q / 2] = node + 1;
                    }
                }
            }
        }
        length += 1;
        while let Some(k) = off_queue.pop_front() {
            if clo.depth[k as usize] as usize + 2 > longest {
                continue;
            }
            let p = clo.pot[k as usize];
            ch.off_to_on(cand, cand, p, k, clo, links, &mut ons);
            for (q, causes) in ons.iter() {
                if length >= 4 && q == start {
                    found.push(clo.node(q, causes));
                }
                if clo.get(q).is_none() {
                    on_queue.push_back(clo.add(q, causes));
                }
            }
        }
    }
    for end in found {
        cycle_step(ch, clo, end, links, best);
    }
}

/// The step of the loop closed at node `end` of `clo`, kept in `best` if it removes a candidate and beats it.
fn cycle_step(ch: &mut Chainer, clo: &Closure, end: u32, links: (bool, bool), best: &mut Best) {
    let cand = &ch.board.cand;
    let geo = &ch.board.geo;
    let n = ch.n;
    let mut loop_nodes = Vec::new();
    let mut at = end;
    while let Some(&p) = clo.parents_of(at).first() {
        loop_nodes.push(at);
        at = p;
    }
    let loop_cells: Vec<usize> = loop_nodes
        .iter()
        .map(|&k| parts(n, clo.pot[k as usize]).0)
        .collect();
    let (mut forward, mut back) = (Vec::new(), Vec::new());
    for &k in &loop_nodes {
        let (c, d, on) = parts(n, clo.pot[k as usize]);
        for &q in &geo.peers[c] {
            if !loop_cells.contains(&q) && cand[q] & bit(d) != 0 {
                let list = if on { &mut forward } else { &mut back };
                if !list.contains(&(q, d)) {
                    list.push((q, d));
                }
            }
        }
    }
    let eliminate: Vec<(usize, u8)> = forward.into_iter().filter(|e| back.contains(e)).collect();
    if eliminate.is_empty() {
        return;
    }
    let length = ch.ancestors(clo, end);
    let rating = if links == (true, true) { 70 } else { 65 } + length_bonus(length);
    let kind = link_kind(links);
    if !best.beats(rating, length, kind) {
        return;
    }
    let (technique, name) = match links {
        (false, _) => (Technique::XChain, "x-cycle"),
        (true, false) => (Technique::Cycle, "y-cycle"),
        (true, true) => (Technique::Cycle, "cycle"),
    };
    let mut f = Found::new(technique, rating);
    let mut cells = loop_cells.clone();
    cells.reverse();
    f.text = format!(
            "bidirectional {name}: {}; the loop holds either way round, so every candidate seen by both kinds of its links goes: {}",
            ch.path(clo, end),
            removals_name(ch, &eliminate)
        );
    f.eliminate = eliminate;
    f.cells = cells;
    best.keep(rating, length, kind, f, || {
        ch.rests_on(clo, &[end], None, true)
    });
}

/// `r1c2≠5, r3c4≠7` for a list of removals.
pub(super) fn removals_name(ch: &Chainer, list: &[(usize, u8)]) -> String {
    let words: Vec<String> = list
        .iter()
        .map(|&(c, d)| ch.pot_name(pot(ch.n, c, d, false)))
        .collect();
    words.join(", ")
}

/// The forcing chains from `start` to its own negation: static links (X-links always,
/// Y-links with `y`), breadth first; rated 6.6 on X-links alone, 7.0 with both.
pub(super) fn unary(ch: &mut Chainer, start: Pot, y: bool, best: &mut Best) {
    let Some(longest) = best.longest(if y { 70 } else { 66 }, link_kind((y, true))) else {
        return;
    };
    let mut clo = ch.scratch();
    unary_in(ch, &mut clo, start, (y, longest), best);
    ch.recycle(clo);
}

/// [`unary`] of at most `longest` nodes, followed in `clo`.
pub(super) fn unary_in(
    ch: &mut Chainer,
    clo: &mut Closure,
    start: Pot,
    (y, longest): (bool, usize),
    best: &mut Best,
) {
    let board = ch.board;
    let cand = &board.cand;
    let (mut on_queue, mut off_queue) = start_queues(clo, start);
    let mut target = None;
    let (mut offs, mut ons) = (Vec::new(), Implied::default());
    'search: while !on_queue.is_empty() || !off_queue.is_empty() {
        while let Some(k) = on_queue.pop_front() {
            if clo.depth[k as usize] as usize + 2 > longest {
                continue;
            }
            ch.on_to_off(cand, clo.pot[k as usize], y, &mut offs);
            for &q in &offs {
                if q == start ^ 1 {
                    target = Some(clo.node(q, &[k]));
                    break 'search;
                }
                if clo.get(q).is_none() {
                    off_queue.push_back(clo.add(q, &[k]));
                }
            }
        }
        while let Some(k) = off_queue.pop_front() {
            if clo.depth[k as usize] as usize + 2 > longest {
                continue;
            }
            let p = clo.pot[k as usize];
            ch.off_to_on(cand, cand, p, k, clo, (y, true), &mut ons);
            for (q, causes) in ons.iter() {
                if q == start ^ 1 {
                    target = Some(clo.node(q, causes));
                    break 'search;
                }
                if clo.get(q).is_none() {
                    on_queue.push_back(clo.add(q, causes));
                }
            }
        }
    }
    let Some(end) = target else {
        return;
    };
    let length = ch.ancestors(clo, end);
    let rating = if y { 70 } else { 66 } + length_bonus(length);
    let kind = link_kind((y, true));
    if !best.beats(rating, length, kind) {
        return;
    }
    let technique = if !y {
        Technique::XChain
    } else if through_pairs(ch, clo, end) {
        Technique::XyChain
    } else {
        Technique::ForcingChain
    };
    let mut f = Found::new(technique, rating);
    let conclusion = ch.conclude(&mut f, clo.pot[end as usize]);
    f.text = format!(
        "{}: {}; the assumption implies its own negation, so {conclusion}",
        if y {
            "forcing-chain"
        } else {
            "forcing x-chain"
        },
        ch.path(clo, end)
    );
    f.cells = chain_cells(ch, clo, end);
    best.keep(rating, length, kind, f, || {
        ch.rests_on(clo, &[end], None, false)
    });
}

/// Whether every "on" of the chain to `end` comes from its cell's other candidate, the cells having two: an XY-chain.
pub(super) fn through_pairs(ch: &Chainer, clo: &Closure, end: u32) -> bool {
    let mut at = end;
    while let Some(&p) = clo.parents_of(at).first() {
        let (c, _, on) = parts(ch.n, clo.pot[at as usize]);
        let (pc, _, _) = parts(ch.n, clo.pot[p as usize]);
        if on && (pc != c || ch.board.cand[c].count_ones() != 2) {
            return false;
        }
        at = p;
    }
    true
}

/// The cells of the chain to `end`, from the assumption, without repeats in a row.
pub(super) fn chain_cells(ch: &Chainer, clo: &Closure, end: u32) -> Vec<usize> {
    let mut cells = vec![parts(ch.n, clo.pot[end as usize]).0];
    let mut at = end;
    while let Some(&p) = clo.parents_of(at).first() {
        cells.push(parts(ch.n, clo.pot[p as usize]).0);
        at = p;
    }
    cells.reverse();
    cells.dedup();
    cells
}
