//! The links of a board read from a candidate "on" or "off": what each implies, followed to a closure or a contradiction, and the words that name a chain.

use super::closure::{start_queues, Closure, Implied};
use super::{nested, parts, plus, pot, Mode, Pot};
use crate::sudoku::explain::board::{bit, digits, Board};
use crate::sudoku::explain::{Found, Technique};
use std::collections::VecDeque;

/// The links of a board, and scratch space for counting a chain's nodes.
pub(crate) struct Chainer<'a> {
    pub(super) board: &'a Board,
    pub(super) n: usize,
    /// The box, row and column of each cell, in Sudoku Explainer's order.
    pub(super) regions: Vec<[usize; 3]>,
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
    /// The nested chains met while counting a step's length.
    pub(super) nests: Vec<nested::Nest>,
    /// Closures done with, kept for their buffers.
    pub(super) spare: std::cell::RefCell<Vec<Closure>>,
    /// For a chain nested in another, the grid the outer chain started from.
    pub(super) outer: Option<&'a [u64]>,
    /// Sudoku Explainer's level of dynamic chains: 0 plain, 1 "dynamic +" (the rules of
    /// [`plus`] applied when the links run out), 2 and 3 with chains nested ([`nested`]).
    pub(super) level: u8,
}

impl<'a> Chainer<'a> {
    pub fn new(board: &'a Board) -> Chainer<'a> {
        let n = board.side();
        let regions = board
            .geo
            .cell_units
            .iter()
            .map(|&[r, c, b]| [b, r, c])
            .collect();
        Chainer {
            board,
            n,
            regions,
            seen: vec![0; board.value.len() * n * 2],
            stamp: 0,
            nests: Vec::new(),
            spare: Default::default(),
            outer: None,
            level: 0,
        }
    }

    pub(super) fn size(&self) -> usize {
        self.board.value.len() * self.n
    }

    /// An empty closure, from the spare ones if there is one.
    pub(super) fn scratch(&self) -> Closure {
        match self.spare.borrow_mut().pop() {
            Some(clo) => clo.reset(),
            None => Closure::new(self.size()),
        }
    }

    /// Keeps `clo`'s buffers for the next [`Chainer::scratch`].
    pub(super) fn recycle(&self, clo: Closure) {
        if clo.on.len() == self.size() {
            self.spare.borrow_mut().push(clo);
        }
    }

    /// What `p` ("on") puts "off" on the grid `cand`: the cell's other digits (with `y`), then the digit's other places in the box, the row and the column.
    pub(super) fn on_to_off(&self, cand: &[u64], p: Pot, y: bool, out: &mut Vec<Pot>) {
        let n = self.n;
        let (c, d, _) = parts(n, p);
        out.clear();
        if y {
            out.extend(digits(cand[c] & !bit(d)).map(|e| pot(n, c, e, false)));
        }
        let [b, _, _] = self.regions[c];
        for (k, &u) in self.regions[c].iter().enumerate() {
            for &q in &self.board.geo.units[u] {
                let in_box = k > 0 && self.board.geo.cell_units[q][2] == b;
                if q != c && !in_box && cand[q] & bit(d) != 0 {
                    out.push(pot(n, q, d, false));
                }
            }
        }
    }

    /// What `p` ("off") puts "on" on the grid `cand` (which still holds it): the cell's other
    /// digit if it has two (with `y`), the digit's other place in a region where it has two
    /// (with `x`); each with its causes: `p`, then the "off" nodes of `clo` that removed the
    /// other candidates from `source`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn off_to_on(
        &self,
        cand: &[u64],
        source: &[u64],
        p: Pot,
        node: u32,
        clo: &Closure,
        (y, x): (bool, bool),
        out: &mut Implied,
    ) {
        let n = self.n;
        let (c, d, _) = parts(n, p);
        out.clear();
        if y && cand[c].count_ones() == 2 {
            let e = (cand[c] & !bit(d)).trailing_zeros() as u8 + 1;
            out.causes.push(node);
            out.causes
                .extend(digits(source[c] & !cand[c]).filter_map(|v| clo.get(pot(n, c, v, false))));
            out.close(pot(n, c, e, true));
        }
        if x {
            for &u in &self.regions[c] {
                let unit = &self.board.geo.units[u];
                let mut others = unit
                    .iter()
                    .copied()
                    .filter(|&q| q != c && cand[q] & bit(d) != 0);
                let (Some(q), None) = (others.next(), others.next()) else {
                    continue;
                };
                let on = pot(n, q, d, true);
                if out.pots.iter().any(|&(o, _)| o == on) {
                    continue;
                }
                out.causes.push(node);
                out.causes.extend(
                    unit.iter()
                        .filter(|&&r| source[r] & bit(d) != 0 && cand[r] & bit(d) == 0)
                        .filter_map(|&r| clo.get(pot(n, r, d, false))),
                );
                out.close(on);
            }
        }
    }

    /// Follows the assumption `start` to all it implies, or to a contradiction.
    pub(super) fn follow(&self, start: Pot, mode: Mode) -> Closure {
        let source = &self.board.cand;
        let mut cand = source.clone();
        let mut clo = self.scratch();
        let (mut on_queue, mut off_queue) = start_queues(&mut clo, start);
        let y = mode != Mode::Nishio;
        let (mut offs, mut ons) = (Vec::new(), Implied::default());
        loop {
            if let Some(k) = on_queue.pop_front() {
                self.on_to_off(&cand, clo.pot[k as usize], y, &mut offs);
                for &q in &offs {
                    if let Some(on) = clo.get(q | 1) {
                        let off = clo.node(q, &[k]);
                        clo.absurd = Some((on, off));
                        return clo;
                    }
                    if clo.get(q).is_none() {
                        off_queue.push_back(clo.add(q, &[k]));
                    }
                }
                continue;
            }
            let Some(k) = off_queue.pop_front() else {
                if mode == Mode::Dynamic
                    && self.level > 0
                    && self.advance(&cand, &mut clo, &mut off_queue)
                {
                    continue;
                }
                return clo;
            };
            let p = clo.pot[k as usize];
            self.off_to_on(&cand, source, p, k, &clo, (y, true), &mut ons);
            if mode != Mode::Static {
                let (c, d, _) = parts(self.n, p);
                cand[c] &= !bit(d);
            }
            for (q, causes) in ons.iter() {
                if let Some(off) = clo.get(q & !1) {
                    let on = clo.node(q, causes);
                    clo.absurd = Some((on, off));
                    return clo;
                }
                if clo.get(q).is_none() {
                    on_queue.push_back(clo.add(q, causes));
                }
            }
        }
    }

    /// Applies the rules of the chain's level to the grid `cand` it has reached (see [`plus`]):
    /// each removal not yet reached becomes an "off" caused by the "off" nodes it rests on,
    /// queued; whether any was.
    pub(super) fn advance(
        &self,
        cand: &[u64],
        clo: &mut Closure,
        off_queue: &mut VecDeque<u32>,
    ) -> bool {
        let at = plus::Reached {
            geo: &self.board.geo,
            value: &self.board.value,
            cand,
            source: &self.board.cand,
        };
        let mut found = Vec::new();
        plus::basic_rules(&at, &mut found);
        if found.is_empty() && self.level >= 2 {
            return self.advance_nested(cand, clo, off_queue);
        }
        let n = self.n;
        let mut causes = Vec::new();
        for f in found {
            let q = pot(n, f.cell, f.digit, false);
            if clo.get(q).is_some() {
                continue;
            }
            causes.clear();
            causes.extend(
                f.parents
                    .iter()
                    .filter_map(|&(c, d)| clo.get(pot(n, c, d, false))),
            );
            off_queue.push_back(clo.add(q, &causes));
        }
        !off_queue.is_empty()
    }

    /// A step's length: the distinct potentials behind each of its `ends` (node `k` of a
    /// closure), summed, and the lengths of the distinct chains nested in them.
    pub(super) fn length(&mut self, ends: &[(&Closure, u32)]) -> usize {
        self.nests.clear();
        let mut length = 0;
        for &(clo, k) in ends {
            length += self.ancestors(clo, k);
        }
        self.nests.sort_unstable();
        self.nests.dedup();
        length + self.nests.iter().map(|n| n.length as usize).sum::<usize>()
    }

    /// The number of distinct potentials behind node `k` of `clo`, itself included (the
    /// chains nested in them are noted in `nests`).
    pub(super) fn ancestors(&mut self, clo: &Closure, k: u32) -> usize {
        self.stamp += 1;
        let mut count = 0;
        let mut stack = vec![k];
        while let Some(k) = stack.pop() {
            let p = clo.pot[k as usize];
            if self.seen[p] == self.stamp {
                continue;
            }
            self.seen[p] = self.stamp;
            count += 1;
            if !clo.nest.is_empty() {
                if let Ok(i) = clo.nest.binary_search_by_key(&k, |&(node, _)| node) {
                    self.nests.push(clo.nest[i].1);
                }
            }
            stack.extend_from_slice(clo.parents_of(k));
        }
        count
    }

    /// The chain to node `k` along first causes, from the assumption: `r1c2=5 → r1c7≠5 → …`.
    pub(super) fn path(&self, clo: &Closure, k: u32) -> String {
        let mut nodes = vec![k];
        let mut at = k;
        while let Some(&p) = clo.parents_of(at).first() {
            nodes.push(p);
            at = p;
        }
        nodes.reverse();
        let words: Vec<String> = nodes
            .iter()
            .map(|&k| self.pot_name(clo.pot[k as usize]))
            .collect();
        words.join(" → ")
    }

    /// A potential in players' notation: `r1c2=5`, `r1c2≠5`.
    pub(super) fn pot_name(&self, p: Pot) -> String {
        let (c, d, on) = parts(self.n, p);
        format!(
            "{}{}{d}",
            self.board.geo.cell_name(c),
            if on { "=" } else { "≠" }
        )
    }

    /// The conclusion that `p` holds: a placement when "on", a removal when "off".
    pub(super) fn conclude(&self, found: &mut Found, p: Pot) -> String {
        let (c, d, on) = parts(self.n, p);
        let name = self.board.geo.cell_name(c);
        if on {
            found.place = vec![(c, d)];
            format!("{d} goes at {name}")
        } else {
            found.eliminate = vec![(c, d)];
            format!("{d} leaves {name}")
        }
    }
}
impl Chainer<'_> {
    /// The words naming the kind of chain: `dynamic `, `dynamic+ `…
    pub(super) fn prefix(&self, mode: Mode) -> &'static str {
        match (mode, self.level) {
            (Mode::Dynamic, 0) => "dynamic ",
            (Mode::Dynamic, 1) => "dynamic+ ",
            (Mode::Dynamic, 2) => "nested (+ forcing chains) ",
            (Mode::Dynamic, _) => "nested (+ multiple forcing chains) ",
            (Mode::Nishio, _) => "nishio ",
            (Mode::Static, _) => "",
        }
    }

    pub(super) fn technique(&self, mode: Mode) -> Technique {
        match (mode, self.level) {
            (Mode::Nishio, _) => Technique::NishioForcingChain,
            (Mode::Static, _) => Technique::MultipleForcingChain,
            (Mode::Dynamic, 0) => Technique::DynamicForcingChain,
            (Mode::Dynamic, 1) => Technique::DynamicPlusForcingChain,
            (Mode::Dynamic, _) => Technique::NestedForcingChain,
        }
    }
}
