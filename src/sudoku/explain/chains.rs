//! Chains: the X-chain (one digit, strong and weak links alternating) and the XY-chain (two-candidate cells, each passing one digit to the next).
//!
//! A strong link joins the two places of a digit in a unit (one of them holds
//! it); a weak link joins two cells that see each other (not both hold it).
//! A chain that starts and ends with strong links proves that one of its ends
//! holds the digit, so the digit leaves every cell that sees both ends
//! (alternating inference chains, as Sudoku Explainer and HoDoKu describe them).
//! Each search is breadth first, so the chain found is a shortest one.
//!
//! Sudoku Explainer finds both eliminations by its chaining (Nicolas Juillerat's
//! Sudoku Explainer 1.2.1, `Chaining` and its hints; "Difficulty ratings in Sudoku
//! Explainer v1.2.1", Sukaku Explainer wiki), and they are rated as it rates them:
//! a removed candidate assumed true implies, through the chain, its own
//! negation. On one digit that is its forcing X-chain (6.6); through two-candidate
//! cells, whose links are of both kinds (a digit's weak link to its peers, a
//! cell's strong link to its other candidate), its forcing chain (7.0). Each adds
//! the length's bonus for the chain's nodes, the removed candidate counted twice
//! (assumed on, found off). When the two ends see each other the chain closes into
//! a loop, Sudoku Explainer's bidirectional X- or Y-cycle (6.5 plus the bonus of
//! the loop's nodes).

use super::board::{bit, Board};
use super::{length_bonus, Found, Technique};
use std::collections::VecDeque;

/// Follows the parent links from `end` back to the start, giving the chain's states in order.
fn path(parent: &[usize], end: usize) -> Vec<usize> {
    let mut p = vec![end];
    let mut at = end;
    while parent[at] != usize::MAX {
        at = parent[at];
        p.push(at);
    }
    p.reverse();
    p
}

/// The cells other than `a` and `t` that see both and hold `d`.
fn seeing_both(board: &Board, a: usize, t: usize, d: u8) -> Vec<(usize, u8)> {
    let geo = &board.geo;
    geo.peers[a]
        .iter()
        .copied()
        .filter(|&c| c != t && board.cand[c] & bit(d) != 0 && geo.sees(c, t))
        .map(|c| (c, d))
        .collect()
}

/// The shortest X-chain that removes a candidate, over every digit (rated 6.6 plus its length's bonus, 6.5 as a loop).
pub(crate) fn x_chain(board: &Board) -> Option<Found> {
    let geo = &board.geo;
    let cells = board.value.len();
    let mut best: Option<(usize, Found)> = None;
    for d in 1..=board.side() as u8 {
        let mut strong: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for unit in &geo.units {
            let places: Vec<usize> = unit
                .iter()
                .copied()
                .filter(|&c| board.cand[c] & bit(d) != 0)
                .collect();
            if let [p, q] = places[..] {
                strong[p].push(q);
                strong[q].push(p);
            }
        }
        // States: 2·cell + 1 for "holds d", 2·cell for "does not".
        for a in (0..cells).filter(|&c| !strong[c].is_empty()) {
            let mut parent = vec![usize::MAX; 2 * cells];
            let mut seen = vec![false; 2 * cells];
            let mut queue = VecDeque::from([2 * a]);
            seen[2 * a] = true;
            while let Some(s) = queue.pop_front() {
                let (x, on) = (s / 2, s % 2 == 1);
                if on && x != a {
                    let eliminate = seeing_both(board, a, x, d);
                    if !eliminate.is_empty() {
                        let chain = path(&parent, s);
                        if best.as_ref().is_none_or(|(len, _)| chain.len() < *len) {
                            best = Some((chain.len(), x_step(board, d, &chain, eliminate)));
                        }
                        break;
                    }
                }
                if best
                    .as_ref()
                    .is_some_and(|(len, _)| path(&parent, s).len() + 1 >= *len)
                {
                    break;
                }
                let next: Vec<usize> = if on {
                    geo.peers[x]
                        .iter()
                        .copied()
                        .filter(|&y| board.cand[y] & bit(d) != 0)
                        .map(|y| 2 * y)
                        .collect()
                } else {
                    strong[x].iter().map(|&y| 2 * y + 1).collect()
                };
                for t in next {
                    if !seen[t] {
                        seen[t] = true;
                        parent[t] = s;
                        queue.push_back(t);
                    }
                }
            }
        }
    }
    best.map(|(_, f)| f)
}

/// The step of an X-chain on `d` through `chain` (states alternating "not d", "d").
fn x_step(board: &Board, d: u8, chain: &[usize], eliminate: Vec<(usize, u8)>) -> Found {
    let geo = &board.geo;
    let cells: Vec<usize> = chain.iter().map(|s| s / 2).collect();
    let mut links = geo.cell_name(cells[0]);
    for (i, c) in cells.iter().enumerate().skip(1) {
        links.push_str(if i % 2 == 1 { " = " } else { " - " });
        links.push_str(&geo.cell_name(*c));
    }
    let (a, t) = (cells[0], cells[cells.len() - 1]);
    let rating = if geo.sees(a, t) {
        65 + length_bonus(cells.len())
    } else {
        66 + length_bonus(cells.len() + 2)
    };
    let mut f = Found::new(Technique::XChain, rating);
    f.text = format!(
        "x-chain on {d}: {links} (= one of the two holds {d}, - not both); if {} does not hold {d}, the chain puts {d} at {}, so one of them holds it and {d} leaves {}",
        geo.cell_name(a),
        geo.cell_name(t),
        geo.cells_name(&eliminate.iter().map(|&(c, _)| c).collect::<Vec<_>>())
    );
    f.eliminate = eliminate;
    f.cells = cells;
    f
}

/// The shortest XY-chain that removes a candidate (rated 7.0 plus its length's bonus, 6.5 as a loop).
pub(crate) fn xy_chain(board: &Board) -> Option<Found> {
    let geo = &board.geo;
    let n = board.side();
    let cells = board.value.len();
    let pair = |c: usize| board.value[c] == 0 && board.cand[c].count_ones() == 2;
    let other = |c: usize, v: u8| (board.cand[c] & !bit(v)).trailing_zeros() as u8 + 1;
    let mut best: Option<(usize, Found)> = None;
    // States: cell·n + (v-1) for "the cell holds v".
    for a in (0..cells).filter(|&c| pair(c)) {
        for x in super::board::digits(board.cand[a]) {
            let mut parent = vec![usize::MAX; cells * n];
            let mut seen = vec![false; cells * n];
            let start = a * n + other(a, x) as usize - 1;
            seen[start] = true;
            let mut queue = VecDeque::from([start]);
            while let Some(s) = queue.pop_front() {
                let (c, v) = (s / n, (s % n) as u8 + 1);
                if v == x && c != a {
                    let eliminate = seeing_both(board, a, c, x);
                    if !eliminate.is_empty() {
                        let chain = path(&parent, s);
                        if best.as_ref().is_none_or(|(len, _)| chain.len() < *len) {
                            best = Some((chain.len(), xy_step(board, x, &chain, eliminate)));
                        }
                        break;
                    }
                }
                if best
                    .as_ref()
                    .is_some_and(|(len, _)| path(&parent, s).len() + 1 >= *len)
                {
                    break;
                }
                for &p in &geo.peers[c] {
                    if pair(p) && board.cand[p] & bit(v) != 0 {
                        let t = p * n + other(p, v) as usize - 1;
                        if !seen[t] {
                            seen[t] = true;
                            parent[t] = s;
                            queue.push_back(t);
                        }
                    }
                }
            }
        }
    }
    best.map(|(_, f)| f)
}

/// The step of an XY-chain ending in `x` through `chain` (each state a cell and the digit it then holds).
fn xy_step(board: &Board, x: u8, chain: &[usize], eliminate: Vec<(usize, u8)>) -> Found {
    let geo = &board.geo;
    let n = board.side();
    let cells: Vec<usize> = chain.iter().map(|s| s / n).collect();
    let links: Vec<String> = chain
        .iter()
        .map(|&s| {
            let (c, v) = (s / n, (s % n) as u8 + 1);
            let w = (board.cand[c] & !bit(v)).trailing_zeros() + 1;
            format!("{} ({w}→{v})", geo.cell_name(c))
        })
        .collect();
    let (a, t) = (cells[0], cells[cells.len() - 1]);
    let rating = if geo.sees(a, t) {
        65 + length_bonus(2 * cells.len())
    } else {
        70 + length_bonus(2 * cells.len() + 2)
    };
    let mut f = Found::new(Technique::XyChain, rating);
    f.text = format!(
        "xy-chain: {}; if {} is not {x}, each cell of the chain forces the next, and {} is {x}; so one of them is {x}, and {x} leaves {}",
        links.join(", "),
        geo.cell_name(a),
        geo.cell_name(t),
        geo.cells_name(&eliminate.iter().map(|&(c, _)| c).collect::<Vec<_>>())
    );
    f.eliminate = eliminate;
    f.cells = cells;
    f
}
