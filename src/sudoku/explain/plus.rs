//! The rules Sudoku Explainer's "dynamic +" forcing chains apply when their links run out: locked candidates, hidden and naked pairs and X-wings, each removal resting on the candidates the chain took off.
//!
//! This follows Nicolas Juillerat's Sudoku Explainer 1.2.1 (its `Chaining` rule at
//! level 1, "Dynamic Forcing Chains (+)", 9.0; "Difficulty ratings in Sudoku Explainer
//! v1.2.1", Sukaku Explainer wiki). A dynamic chain takes its "off" candidates off the
//! grid as it goes; when no link is left to follow, the rules are tried in that order on
//! the grid it has reached, and every removal of the first rule that finds one becomes
//! an "off" of the chain. Its causes are the candidates of the grid the chain started
//! from that the pattern needed gone: the other places of the locking region, of the
//! hidden pair's unit, of the X-wing's lines outside its crossings, the other digits of
//! the naked pair's cells. A pattern that needs none of them was on the grid already
//! and is passed over.

use super::board::{bit, Geometry};

/// A removal found by a rule on the grid a chain has reached.
pub(super) struct Inferred {
    pub cell: usize,
    pub digit: u8,
    /// The candidates of the chain's starting grid that the rule needs gone.
    pub parents: Vec<(usize, u8)>,
}

/// The grid a chain has reached, and the one it started from.
pub(super) struct Reached<'a> {
    pub geo: &'a Geometry,
    /// The digits placed (the chain places none).
    pub value: &'a [u8],
    /// The candidates left.
    pub cand: &'a [u64],
    /// The candidates at the chain's start.
    pub source: &'a [u64],
}

impl Reached<'_> {
    fn has(&self, c: usize, d: u8) -> bool {
        self.cand[c] & bit(d) != 0
    }

    /// Whether the chain took `d` off `c`.
    fn gone(&self, c: usize, d: u8) -> bool {
        self.source[c] & bit(d) != 0 && !self.has(c, d)
    }

    fn in_unit(&self, c: usize, u: usize) -> bool {
        self.geo.cell_units[c].contains(&u)
    }

    fn empty_cells(&self, u: usize) -> usize {
        self.geo.units[u]
            .iter()
            .filter(|&&c| self.value[c] == 0)
            .count()
    }

    /// The positions (bit k for the unit's k-th cell) of `d` in unit `u`.
    fn places(&self, u: usize, d: u8) -> u64 {
        let mut m = 0;
        for (k, &c) in self.geo.units[u].iter().enumerate() {
            if self.has(c, d) {
                m |= 1 << k;
            }
        }
        m
    }
}

/// The removals of the first of Sudoku Explainer's level-1 rules (locked candidates,
/// hidden pairs, naked pairs, X-wings) that finds any on `at`, in its order.
pub(super) fn basic_rules(at: &Reached, out: &mut Vec<Inferred>) {
    out.clear();
    let rules: [fn(&Reached, &mut Vec<Inferred>); 4] =
        [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in rules {
        rule(at, out);
        if !out.is_empty() {
            return;
        }
    }
}

/// Pushes one pattern's removals, all resting on `parents`; none when the pattern needs no removal of the chain.
fn push(out: &mut Vec<Inferred>, removals: &[(usize, u8)], parents: Vec<(usize, u8)>) {
    if removals.is_empty() || parents.is_empty() {
        return;
    }
    for &(cell, digit) in removals {
        out.push(Inferred {
            cell,
            digit,
            parents: parents.clone(),
        });
    }
}

/// The units in Sudoku Explainer's order of kinds: boxes, columns, rows.
fn boxes_columns_rows(n: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n).chain(n..2 * n).chain(0..n)
}

/// Pointing and claiming: a digit of one unit confined to a crossing unit leaves the rest of it.
fn locking(at: &Reached, out: &mut Vec<Inferred>) {
    let n = at.geo.side;
    let (boxes, rows, cols) = (2 * n..3 * n, 0..n, n..2 * n);
    for (firsts, seconds) in [
        (boxes.clone(), cols.clone()),
        (boxes.clone(), rows.clone()),
        (cols, boxes.clone()),
        (rows, boxes),
    ] {
        for d in 1..=n as u8 {
            for u1 in firsts.clone() {
                let places: Vec<usize> = at.geo.units[u1]
                    .iter()
                    .copied()
                    .filter(|&c| at.has(c, d))
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                for u2 in seconds.clone() {
                    if !places.iter().all(|&c| at.in_unit(c, u2)) {
                        continue;
                    }
                    let removals: Vec<(usize, u8)> = at.geo.units[u2]
                        .iter()
                        .filter(|&&c| !at.in_unit(c, u1) && at.has(c, d))
                        .map(|&c| (c, d))
                        .collect();
                    let parents = at.geo.units[u1]
                        .iter()
                        .filter(|&&c| at.gone(c, d) && !at.in_unit(c, u2))
                        .map(|&c| (c, d))
                        .collect();
                    push(out, &removals, parents);
                }
            }
        }
    }
}

/// Two digits of a unit confined to the same two cells leave those cells' other digits.
fn hidden_pairs(at: &Reached, out: &mut Vec<Inferred>) {
    let n = at.geo.side;
    for u in boxes_columns_rows(n) {
        if at.empty_cells(u) <= 4 {
            continue;
        }
        let cells = &at.geo.units[u];
        for a in 1..=n as u8 {
            let pa = at.places(u, a);
            if pa.count_ones() < 2 {
                continue;
            }
            for b in a + 1..=n as u8 {
                let pb = at.places(u, b);
                if pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let pair = pa | pb;
                let mut removals = Vec::new();
                let mut parents = Vec::new();
                for (k, &c) in cells.iter().enumerate() {
                    if pair & (1 << k) != 0 {
                        let others = at.cand[c] & !(bit(a) | bit(b));
                        removals.extend(super::board::digits(others).map(|e| (c, e)));
                    } else {
                        parents.extend(
                            [a, b]
                                .into_iter()
                                .filter(|&e| at.source[c] & bit(e) != 0)
                                .map(|e| (c, e)),
                        );
                    }
                }
                push(out, &removals, parents);
            }
        }
    }
}

/// Two cells of a unit holding the same two digits and no other: those digits leave the unit's other cells.
fn naked_pairs(at: &Reached, out: &mut Vec<Inferred>) {
    let n = at.geo.side;
    for u in boxes_columns_rows(n) {
        if at.empty_cells(u) < 4 {
            continue;
        }
        let cells = &at.geo.units[u];
        for (i, &p) in cells.iter().enumerate() {
            if at.cand[p].count_ones() < 2 {
                continue;
            }
            for &q in &cells[i + 1..] {
                let pair = at.cand[p] | at.cand[q];
                if at.cand[q].count_ones() < 2 || pair.count_ones() != 2 {
                    continue;
                }
                let removals: Vec<(usize, u8)> = cells
                    .iter()
                    .filter(|&&c| c != p && c != q)
                    .flat_map(|&c| super::board::digits(at.cand[c] & pair).map(move |d| (c, d)))
                    .collect();
                let parents = [p, q]
                    .into_iter()
                    .flat_map(|c| super::board::digits(at.source[c] & !pair).map(move |d| (c, d)))
                    .collect();
                push(out, &removals, parents);
            }
        }
    }
}

/// A digit confined to the same two crossings in two columns (then rows) leaves the rest of the crossing lines.
fn x_wings(at: &Reached, out: &mut Vec<Inferred>) {
    let n = at.geo.side;
    let placed = |d: u8| at.value.iter().filter(|&&v| v == d).count();
    // Base lines, and the offset of the unit a base cell's position names (rows for columns).
    for (bases, cover) in [(n..2 * n, 0), (0..n, n)] {
        for i in bases.clone() {
            for j in i + 1..bases.end {
                for d in 1..=n as u8 {
                    if placed(d) + 4 > n {
                        continue;
                    }
                    let (pi, pj) = (at.places(i, d), at.places(j, d));
                    let both = pi | pj;
                    if pi.count_ones() < 2 || pj.count_ones() < 2 || both.count_ones() != 2 {
                        continue;
                    }
                    let covers: Vec<usize> = (0..n)
                        .filter(|&k| both & (1 << k) != 0)
                        .map(|k| cover + k)
                        .collect();
                    let removals: Vec<(usize, u8)> = covers
                        .iter()
                        .flat_map(|&v| at.geo.units[v].iter().copied())
                        .filter(|&c| !at.in_unit(c, i) && !at.in_unit(c, j) && at.has(c, d))
                        .map(|c| (c, d))
                        .collect();
                    let parents = [i, j]
                        .into_iter()
                        .flat_map(|u| at.geo.units[u].iter().copied())
                        .filter(|&c| at.gone(c, d) && !covers.iter().any(|&v| at.in_unit(c, v)))
                        .map(|c| (c, d))
                        .collect();
                    push(out, &removals, parents);
                }
            }
        }
    }
}
