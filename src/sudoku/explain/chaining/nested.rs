//! Chains nested in a dynamic chain: Sudoku Explainer's "Dynamic Forcing Chains (+ Forcing Chains)" (9.5) and "(+ Multiple Forcing Chains)" (10.0).
//!
//! This follows Nicolas Juillerat's Sudoku Explainer 1.2.1 (its `Chaining` rule at
//! levels 2 and 3; "Difficulty ratings in Sudoku Explainer v1.2.1", Sukaku Explainer
//! wiki). When a dynamic chain's links run out and the rules of "dynamic +" find
//! nothing on the grid it has reached, the static forcing chains and cycles (level 2),
//! then the static cell and region forcing chains (level 3), are sought on that grid:
//! every removal of every one found, taken in their order (lowest rated, shortest,
//! then by kind), becomes an "off" of the outer chain. Its causes are the removals of
//! the outer chain that the inner chain's strong links need: a cell's other candidates
//! gone for a link within a cell, the digit's other places in the unit for a link
//! within a unit. A step's length adds the lengths of the distinct chains nested in it.

use super::{cycle_starts, multiple_into, parts, pot, Best, Chainer, Closure, Mode, MULTIPLE};
use crate::sudoku::explain::board::{bit, digits, Board};
use crate::sudoku::explain::Found;
use std::collections::VecDeque;
use std::sync::Arc;

/// A chain nested in a step: a key telling it from others, and its length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Nest {
    key: u64,
    pub length: u32,
}

/// A step found by a nested chain, with the removals of the outer chain it rests on.
pub(crate) struct Collected {
    pub key: (u16, usize, u8),
    pub found: Found,
    pub rests_on: Vec<(usize, u8)>,
}

/// Where the branches of a multiple forcing chain start: the candidates of a cell, or the places of a digit in a unit.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Origin {
    Cell,
    /// The unit.
    Region(usize),
}

impl Chainer<'_> {
    /// The candidates the outer chain removed from cell `c` (its starting grid against this one).
    fn gone_in_cell(&self, outer: &[u64], c: usize, out: &mut Vec<(usize, u8)>) {
        out.extend(digits(outer[c] & !self.board.cand[c]).map(|d| (c, d)));
    }

    /// The places of `d` the outer chain removed from unit `u`.
    fn gone_in_unit(&self, outer: &[u64], u: usize, d: u8, out: &mut Vec<(usize, u8)>) {
        out.extend(
            self.board.geo.units[u]
                .iter()
                .filter(|&&c| outer[c] & bit(d) != 0 && self.board.cand[c] & bit(d) == 0)
                .map(|&c| (c, d)),
        );
    }

    /// The removals of the outer chain that the strong link from `from` to `to` needs: the
    /// cell's other candidates, or the digit's other places in the first unit (box, row,
    /// column) where the two cells are its only places.
    fn link_rests(
        &self,
        outer: &[u64],
        from: (usize, u8),
        to: (usize, u8),
        out: &mut Vec<(usize, u8)>,
    ) {
        let ((a, d), (b, _)) = (from, to);
        if a == b {
            self.gone_in_cell(outer, b, out);
            return;
        }
        let geo = &self.board.geo;
        let unit = self.regions[a]
            .into_iter()
            .find(|&u| geo.cell_units[b].contains(&u) && self.board.places(u, d).count_ones() == 2);
        if let Some(u) = unit {
            self.gone_in_unit(outer, u, d, out);
        }
    }

    /// The removals of the outer chain that the chain to each of `ends` in `clo` rests on:
    /// the causes of its strong links ("off" to "on"; every link of a cycle, which holds both
    /// ways), and of its start when it is a branch of a multiple forcing chain.
    pub(super) fn rests_on(
        &self,
        clo: &Closure,
        ends: &[u32],
        origin: Option<Origin>,
        both_ways: bool,
    ) -> Vec<(usize, u8)> {
        let Some(outer) = self.outer else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut done = vec![false; clo.pot.len()];
        let mut stack = ends.to_vec();
        while let Some(k) = stack.pop() {
            if std::mem::replace(&mut done[k as usize], true) {
                continue;
            }
            let (c, d, on) = parts(self.n, clo.pot[k as usize]);
            let causes = clo.parents_of(k);
            match causes.first() {
                None if on => match origin {
                    Some(Origin::Cell) => self.gone_in_cell(outer, c, &mut out),
                    Some(Origin::Region(u)) => self.gone_in_unit(outer, u, d, &mut out),
                    None => {}
                },
                Some(&j) if on || both_ways => {
                    let (pc, pd, _) = parts(self.n, clo.pot[j as usize]);
                    self.link_rests(outer, (pc, pd), (c, d), &mut out);
                }
                _ => {}
            }
            stack.extend_from_slice(causes);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// [`Chainer::rests_on`] over the branches of a multiple forcing chain.
    pub(super) fn rests_on_all(
        &self,
        ends: &[(&Closure, u32)],
        origin: Origin,
    ) -> Vec<(usize, u8)> {
        let mut out: Vec<(usize, u8)> = ends
            .iter()
            .flat_map(|&(clo, k)| self.rests_on(clo, &[k], Some(origin), false))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Seeks the chains of this level (static forcing chains and cycles, then static
    /// multiple forcing chains from level 3) on the grid `cand` an outer chain has
    /// reached: each removal they make that the outer chain has not reached becomes an
    /// "off" of it, caused by the removals it rests on and carrying its nested chain;
    /// whether any was queued.
    pub(super) fn advance_nested(
        &self,
        cand: &[u64],
        clo: &mut Closure,
        off_queue: &mut VecDeque<u32>,
    ) -> bool {
        let reached = Board {
            geo: Arc::clone(&self.board.geo),
            value: self.board.value.clone(),
            cand: cand.to_vec(),
            stop: self.board.stop.clone(),
        };
        let outer = &self.board.cand;
        let mut all = collect(&reached, outer, cycle_starts);
        if all.is_empty() && self.level >= 3 {
            all = collect(&reached, outer, |ch, best| {
                multiple_into(ch, Mode::Static, MULTIPLE, best)
            });
        }
        all.sort_by_key(|c| c.key);
        let n = self.n;
        let mut causes = Vec::new();
        for step in all {
            let removals: Vec<(usize, u8)> = match step.found.place.first() {
                Some(&(c, d)) => digits(cand[c] & !bit(d)).map(|e| (c, e)).collect(),
                None => step.found.eliminate.clone(),
            };
            let (c0, d0) = removals.first().copied().unwrap_or((0, 0));
            let nest = Nest {
                key: ((c0 * 64 + d0 as usize) as u64) << 40
                    | (step.key.1 as u64) << 8
                    | u64::from(step.key.2),
                length: step.key.1 as u32,
            };
            causes.clear();
            causes.extend(
                step.rests_on
                    .iter()
                    .filter_map(|&(c, d)| clo.get(pot(n, c, d, false))),
            );
            for (c, d) in removals {
                let q = pot(n, c, d, false);
                if clo.get(q).is_some() {
                    continue;
                }
                let node = clo.add(q, &causes);
                clo.nest.push((node, nest));
                off_queue.push_back(node);
            }
        }
        !off_queue.is_empty()
    }
}

/// Every step `seek` finds on `reached` (nested in a chain that started from `outer`).
fn collect(
    reached: &Board,
    outer: &[u64],
    seek: impl FnOnce(&mut Chainer, &mut Best),
) -> Vec<Collected> {
    let mut ch = Chainer::new(reached);
    ch.outer = Some(outer);
    let mut best = Best {
        all: Some(Vec::new()),
        ..Best::default()
    };
    seek(&mut ch, &mut best);
    best.all.unwrap_or_default()
}
