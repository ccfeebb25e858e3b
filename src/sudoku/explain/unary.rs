//! Forcing chains of one chain: a candidate whose assumption implies, link by link, its own negation (so it is false), or whose absence implies its presence (so it is true).
//!
//! This is Sudoku Explainer's static forcing chain (Nicolas Juillerat's Sudoku
//! Explainer; "Difficulty ratings in Sudoku Explainer v1.2.1", Sukaku Explainer
//! wiki: forcing X-chains 6.6+, forcing chains 7.0+, both plus the length's
//! bonus). Its links are those of the grid as it stands: a digit in a cell
//! removes the cell's other candidates and the digit from the cell's peers
//! ("on" to "off"); a candidate removed from a cell of two candidates puts the
//! other there, and a digit removed from one of its two places in a unit puts
//! it at the other ("off" to "on"). The chains are sought breadth first, so
//! each is a shortest one; one-digit chains (X-chains) first.

use super::board::{bit, digits, Board};
use super::{length_bonus, Found, Technique};
use std::collections::VecDeque;

/// A node: `(cell·n + d-1)·2 + on`.
type Node = usize;

/// The lowest-rated chain from a candidate to its own negation (or from its absence to its
/// presence), among those rated below `below` tenths.
pub(crate) fn forcing(board: &Board, below: u16) -> Option<Found> {
    let n = board.side();
    let cells = board.value.len();
    let mut best: Option<(u16, Found)> = None;
    let mut parent: Vec<usize> = vec![usize::MAX; cells * n * 2];
    let mut depth: Vec<usize> = vec![0; cells * n * 2];
    for one_digit in [true, false] {
        let base = if one_digit { 66 } else { 70 };
        for c in board.empty_cells() {
            for d in digits(board.cand[c]) {
                for on in [true, false] {
                    // Only a chain rated below the best so far (and `below`) is of use.
                    let limit = best.as_ref().map_or(below, |(r, _)| below.min(*r));
                    let longest = if limit == u16::MAX {
                        Some(usize::MAX)
                    } else {
                        (2..=parent.len())
                            .take_while(|&k| base + length_bonus(k) < limit)
                            .last()
                    };
                    let Some(longest) = longest else {
                        continue;
                    };
                    let (start, goal) = (node(n, c, d, on), node(n, c, d, !on));
                    let mut search = Search {
                        parent: &mut parent,
                        depth: &mut depth,
                        longest,
                    };
                    let Some(path) = search.shortest(board, start, goal, one_digit) else {
                        continue;
                    };
                    let rating = base + length_bonus(path.len());
                    best = Some((rating, step(board, &path, one_digit, rating)));
                }
            }
        }
    }
    best.map(|(_, f)| f)
}

fn node(n: usize, cell: usize, d: u8, on: bool) -> Node {
    (cell * n + d as usize - 1) * 2 + usize::from(on)
}

/// The cell, digit and sign of a node.
fn parts(n: usize, s: Node) -> (usize, u8, bool) {
    ((s / 2) / n, ((s / 2) % n) as u8 + 1, s % 2 == 1)
}

/// The nodes that `s` implies, on the grid as it stands; only links of its digit when `one_digit`.
fn links(board: &Board, s: Node, one_digit: bool, out: &mut Vec<Node>) {
    let geo = &board.geo;
    let n = board.side();
    let (c, d, on) = parts(n, s);
    out.clear();
    if on {
        for &p in &geo.peers[c] {
            if board.cand[p] & bit(d) != 0 {
                out.push(node(n, p, d, false));
            }
        }
        if !one_digit {
            for e in digits(board.cand[c] & !bit(d)) {
                out.push(node(n, c, e, false));
            }
        }
    } else {
        let others = board.cand[c] & !bit(d);
        if !one_digit && others.count_ones() == 1 {
            out.push(node(n, c, others.trailing_zeros() as u8 + 1, true));
        }
        for &u in &geo.cell_units[c] {
            let mut places = geo.units[u]
                .iter()
                .copied()
                .filter(|&q| q != c && board.cand[q] & bit(d) != 0);
            if let (Some(q), None) = (places.next(), places.next()) {
                out.push(node(n, q, d, true));
            }
        }
    }
}

/// A breadth-first search of links, on buffers kept from one search to the next.
struct Search<'a> {
    parent: &'a mut [usize],
    /// The number of links from the start to each node reached.
    depth: &'a mut [usize],
    /// The most nodes a path may have.
    longest: usize,
}

impl Search<'_> {
    /// The shortest path of links from `start` to `goal` of at most `longest` nodes, its nodes in order.
    fn shortest(
        &mut self,
        board: &Board,
        start: Node,
        goal: Node,
        one_digit: bool,
    ) -> Option<Vec<Node>> {
        self.parent.fill(usize::MAX);
        self.parent[start] = start;
        self.depth[start] = 0;
        let mut queue = VecDeque::from([start]);
        let mut next = Vec::new();
        while let Some(s) = queue.pop_front() {
            // A path through a successor of `s` has at least depth + 2 nodes.
            if self.depth[s] + 2 > self.longest {
                break;
            }
            links(board, s, one_digit, &mut next);
            for &t in &next {
                if self.parent[t] != usize::MAX {
                    continue;
                }
                self.parent[t] = s;
                self.depth[t] = self.depth[s] + 1;
                if t == goal {
                    let mut path = vec![t];
                    let mut at = t;
                    while at != start {
                        at = self.parent[at];
                        path.push(at);
                    }
                    path.reverse();
                    return Some(path);
                }
                queue.push_back(t);
            }
        }
        None
    }
}

/// The step of a chain from a candidate to its negation.
fn step(board: &Board, path: &[Node], one_digit: bool, rating: u16) -> Found {
    let geo = &board.geo;
    let n = board.side();
    let (c, d, on) = parts(n, path[0]);
    let words: Vec<String> = path
        .iter()
        .map(|&s| {
            let (cell, e, on) = parts(n, s);
            let not = if on { "" } else { "no " };
            format!("{not}{e} at {}", geo.cell_name(cell))
        })
        .collect();
    let technique = if one_digit {
        Technique::XChain
    } else {
        Technique::ForcingChain
    };
    let mut f = Found::new(technique, rating);
    let conclusion = super::forcing::conclude(&mut f, board, c, d, !on);
    f.text = format!(
        "{} {technique}: {}; the assumption implies its own negation, so {conclusion}",
        if one_digit { "forcing" } else { "static" },
        words.join(" ⇒ ")
    );
    let mut cells: Vec<usize> = path.iter().map(|&s| parts(n, s).0).collect();
    cells.dedup();
    f.cells = cells;
    f
}
