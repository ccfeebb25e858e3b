//! Chains of implications as Sudoku Explainer follows them: candidates assumed "on" (the cell holds the digit) or "off", each implication kept with the ones that caused it.
//!
//! This follows Nicolas Juillerat's Sudoku Explainer 1.2.1 (its `Chaining` rule;
//! "Difficulty ratings in Sudoku Explainer v1.2.1", Sukaku Explainer wiki). A
//! candidate "on" puts its digit "off" in the cell's peers and the cell's other
//! digits "off"; a candidate "off" puts "on" the other digit of a cell left with two,
//! and the other place of a digit left with two in a box, row or column. Static
//! chains read those links on the grid as it stands; dynamic ones take each "off" off
//! the grid as they go, so later links see the candidates removed (those removals
//! are then causes too); Nishio chains are dynamic on one digit. A contradiction is
//! a candidate implied both "on" and "off".
//!
//! A step's length is the number of distinct implications (with the assumption)
//! behind its conclusion, summed over its chains, and its rating the base of its
//! kind plus the bonus of that length ([`length_bonus`]): forcing X-chains 6.6,
//! forcing chains 7.0, X- and Y-cycles 6.5, cycles of both links 7.0, Nishio chains
//! 7.5, static cell and region forcing chains 8.0, dynamic chains 8.5. Of the
//! steps of one kind the lowest rated is taken, then the shortest, then (as Sudoku
//! Explainer sorts them) double forcing chains, X-chains, Y-chains, XY-chains, cell
//! and region forcing chains, and contradictions last, then the first found.

use super::board::{bit, digits, Board};
use super::plus;

mod nested;
use super::{length_bonus, Found, Technique};
use std::collections::VecDeque;
use std::fmt::Write as _;

/// The queues of "on" and "off" implications to follow, holding `start`
/// (added to `clo` as an assumption with no cause) on the side it belongs to.
fn start_queues(clo: &mut Closure, start: Pot) -> (VecDeque<u32>, VecDeque<u32>) {
    let first = clo.add(start, &[]);
    let (mut on_queue, mut off_queue) = (VecDeque::new(), VecDeque::new());
    match start & 1 {
        1 => on_queue.push_back(first),
        _ => off_queue.push_back(first),
    }
    (on_queue, off_queue)
}

/// A candidate assumed "on" or "off": `(cell·n + d-1)·2 + on`.
type Pot = usize;

/// How links are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// On the grid as it stands.
    Static,
    /// Each "off" removed from the grid as it is reached.
    Dynamic,
    /// Dynamic, on the links of one digit.
    Nishio,
}

/// The implications followed from one assumption: each node a potential and the nodes that caused it.
struct Closure {
    pot: Vec<Pot>,
    /// `parents[start[k]..start[k + 1]]` caused node k (the first is the chain's main cause).
    start: Vec<u32>,
    parents: Vec<u32>,
    /// The number of links from the assumption to each node, along first causes.
    depth: Vec<u32>,
    /// Node + 1 of each potential reached (0: not reached), at `pot / 2`, "on" and "off" apart.
    on: Vec<u32>,
    off: Vec<u32>,
    on_order: Vec<u32>,
    off_order: Vec<u32>,
    /// The two nodes ("on", "off") of the same candidate, when a contradiction was met.
    absurd: Option<(u32, u32)>,
    /// Once finished, each potential reached and its node, in place of `on` and `off`.
    sorted: Vec<(Pot, u32)>,
    /// The nodes a nested chain caused, in order, each with its chain's key and length.
    nest: Vec<(u32, nested::Nest)>,
}

impl Closure {
    fn new(size: usize) -> Closure {
        Closure {
            pot: Vec::new(),
            start: vec![0],
            parents: Vec::new(),
            depth: Vec::new(),
            on: vec![0; size],
            off: vec![0; size],
            on_order: Vec::new(),
            off_order: Vec::new(),
            absurd: None,
            sorted: Vec::new(),
            nest: Vec::new(),
        }
    }

    /// The closure emptied, its buffers kept.
    fn reset(mut self) -> Closure {
        self.pot.clear();
        self.start.clear();
        self.start.push(0);
        self.parents.clear();
        self.depth.clear();
        self.on.fill(0);
        self.off.fill(0);
        self.on_order.clear();
        self.off_order.clear();
        self.absurd = None;
        self.sorted.clear();
        self.nest.clear();
        self
    }

    /// Keeps the potentials reached in a sorted list, to be kept at less cost.
    fn finish(mut self) -> Closure {
        self.sorted = self
            .on_order
            .iter()
            .chain(&self.off_order)
            .map(|&k| (self.pot[k as usize], k))
            .collect();
        self.sorted.sort_unstable();
        self.on = Vec::new();
        self.off = Vec::new();
        self
    }

    /// A node of `pot` caused by `parents`, not yet in the sets.
    fn node(&mut self, pot: Pot, parents: &[u32]) -> u32 {
        self.pot.push(pot);
        let depth = parents.first().map_or(0, |&p| self.depth[p as usize] + 1);
        self.depth.push(depth);
        self.parents.extend_from_slice(parents);
        self.start.push(self.parents.len() as u32);
        (self.pot.len() - 1) as u32
    }

    /// The node of `pot` in the sets, if reached.
    fn get(&self, pot: Pot) -> Option<u32> {
        if self.on.is_empty() {
            let i = self.sorted.binary_search_by_key(&pot, |&(p, _)| p).ok()?;
            return Some(self.sorted[i].1);
        }
        let set = if pot & 1 == 1 { &self.on } else { &self.off };
        set[pot / 2].checked_sub(1)
    }

    /// Adds `pot`, caused by `parents`, to its set.
    fn add(&mut self, pot: Pot, parents: &[u32]) -> u32 {
        let k = self.node(pot, parents);
        if pot & 1 == 1 {
            self.on[pot / 2] = k + 1;
            self.on_order.push(k);
        } else {
            self.off[pot / 2] = k + 1;
            self.off_order.push(k);
        }
        k
    }

    fn parents_of(&self, k: u32) -> &[u32] {
        &self.parents[self.start[k as usize] as usize..self.start[k as usize + 1] as usize]
    }
}

/// The potentials an "off" implies, each with its causes.
#[derive(Default)]
struct Implied {
    /// Each potential and the end of its causes in `causes` (they start where the previous end).
    pots: Vec<(Pot, usize)>,
    causes: Vec<u32>,
}

impl Implied {
    fn clear(&mut self) {
        self.pots.clear();
        self.causes.clear();
    }

    /// Ends the causes pushed since the last potential: they are `pot`'s.
    fn close(&mut self, pot: Pot) {
        self.pots.push((pot, self.causes.len()));
    }

    /// Each potential and its causes.
    fn iter(&self) -> impl Iterator<Item = (Pot, &[u32])> + '_ {
        self.pots.iter().enumerate().map(|(i, &(p, end))| {
            let start = if i == 0 { 0 } else { self.pots[i - 1].1 };
            (p, &self.causes[start..end])
        })
    }
}

/// The links of a board, and scratch space for counting a chain's nodes.
pub(crate) struct Chainer<'a> {
    board: &'a Board,
    n: usize,
    /// The box, row and column of each cell, in Sudoku Explainer's order.
    regions: Vec<[usize; 3]>,
    seen: Vec<u32>,
    stamp: u32,
    /// The nested chains met while counting a step's length.
    nests: Vec<nested::Nest>,
    /// Closures done with, kept for their buffers.
    spare: std::cell::RefCell<Vec<Closure>>,
    /// For a chain nested in another, the grid the outer chain started from.
    outer: Option<&'a [u64]>,
    /// Sudoku Explainer's level of dynamic chains: 0 plain, 1 "dynamic +" (the rules of
    /// [`plus`] applied when the links run out), 2 and 3 with chains nested ([`nested`]).
    level: u8,
}

fn pot(n: usize, cell: usize, d: u8, on: bool) -> Pot {
    (cell * n + d as usize - 1) * 2 + usize::from(on)
}

fn parts(n: usize, p: Pot) -> (usize, u8, bool) {
    ((p / 2) / n, ((p / 2) % n) as u8 + 1, p & 1 == 1)
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

    fn size(&self) -> usize {
        self.board.value.len() * self.n
    }

    /// An empty closure, from the spare ones if there is one.
    fn scratch(&self) -> Closure {
        match self.spare.borrow_mut().pop() {
            Some(clo) => clo.reset(),
            None => Closure::new(self.size()),
        }
    }

    /// Keeps `clo`'s buffers for the next [`Chainer::scratch`].
    fn recycle(&self, clo: Closure) {
        if clo.on.len() == self.size() {
            self.spare.borrow_mut().push(clo);
        }
    }

    /// What `p` ("on") puts "off" on the grid `cand`: the cell's other digits (with `y`), then the digit's other places in the box, the row and the column.
    fn on_to_off(&self, cand: &[u64], p: Pot, y: bool, out: &mut Vec<Pot>) {
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
    fn off_to_on(
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
    fn follow(&self, start: Pot, mode: Mode) -> Closure {
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
    fn advance(&self, cand: &[u64], clo: &mut Closure, off_queue: &mut VecDeque<u32>) -> bool {
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
    fn length(&mut self, ends: &[(&Closure, u32)]) -> usize {
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
    fn ancestors(&mut self, clo: &Closure, k: u32) -> usize {
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
    fn path(&self, clo: &Closure, k: u32) -> String {
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
    fn pot_name(&self, p: Pot) -> String {
        let (c, d, on) = parts(self.n, p);
        format!(
            "{}{}{d}",
            self.board.geo.cell_name(c),
            if on { "=" } else { "≠" }
        )
    }

    /// The conclusion that `p` holds: a placement when "on", a removal when "off".
    fn conclude(&self, found: &mut Found, p: Pot) -> String {
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

/// The best step so far: lowest rating, then shortest, then by kind, then first found.
#[derive(Default)]
pub(crate) struct Best {
    key: Option<(u16, usize, u8)>,
    pub found: Option<Found>,
    /// When set, every step found is kept, not only the best (the chains nested in a
    /// dynamic chain use them all).
    all: Option<Vec<nested::Collected>>,
}

impl Best {
    /// Whether a step rated `rating` with `length` nodes and sort key `kind` would be kept.
    fn beats(&self, rating: u16, length: usize, kind: u8) -> bool {
        self.all.is_some() || self.key.is_none_or(|k| (rating, length, kind) < k)
    }

    /// The most nodes a chain of base rating `base` and sort key `kind` may have and still be kept; `None` when none may.
    fn longest(&self, base: u16, kind: u8) -> Option<usize> {
        let Some(key) = self.key.filter(|_| self.all.is_none()) else {
            return Some(usize::MAX);
        };
        let fits = |l: usize| (base + length_bonus(l), l, kind) < key;
        (1..=key.1 + 1).take_while(|&l| fits(l)).last()
    }

    /// Keeps `found` if it is the best so far (every step when collecting them all, with
    /// the removals of the outer chain it `rests_on`).
    fn keep(
        &mut self,
        rating: u16,
        length: usize,
        kind: u8,
        found: Found,
        rests_on: impl FnOnce() -> Vec<(usize, u8)>,
    ) {
        if let Some(all) = &mut self.all {
            all.push(nested::Collected {
                key: (rating, length, kind),
                found,
                rests_on: rests_on(),
            });
        } else if self.beats(rating, length, kind) {
            self.key = Some((rating, length, kind));
            self.found = Some(found);
        }
    }
}

/// Sudoku Explainer's sort keys of chaining steps, the lower sorted first among equals.
const DOUBLE: u8 = 1;
const CELL: u8 = 5;
const REGION: u8 = 6;
const ABSURD: u8 = 7;

/// The base ratings.
const NISHIO: u16 = 75;
const MULTIPLE: u16 = 80;
const DYNAMIC: u16 = 85;

/// Sudoku Explainer's "forcing chains and cycles": the lowest-rated of the X-, Y- and
/// XY-cycles and the forcing chains from a candidate to its own negation, all static.
pub(crate) fn forcing_chains_and_cycles(board: &Board) -> Option<Found> {
    let mut ch = Chainer::new(board);
    let mut best = Best::default();
    cycle_starts(&mut ch, &mut best);
    best.found
}

/// The cycles and forcing chains of [`forcing_chains_and_cycles`] from every candidate, kept in `best`.
fn cycle_starts(ch: &mut Chainer, best: &mut Best) {
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
fn link_kind((y, x): (bool, bool)) -> u8 {
    match (y, x) {
        (false, _) => 2,
        (true, false) => 3,
        (true, true) => 4,
    }
}

/// Whether `ancestor`'s potential is on the chain of first causes above node `k`.
fn is_parent(clo: &Closure, k: u32, ancestor: Pot) -> bool {
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
fn cycles(ch: &mut Chainer, start: Pot, links: (bool, bool), best: &mut Best) {
    let base = if links == (true, true) { 70 } else { 65 };
    let Some(longest) = best.longest(base, link_kind(links)) else {
        return;
    };
    let mut clo = ch.scratch();
    cycles_in(ch, &mut clo, start, (links, longest), best);
    ch.recycle(clo);
}

/// [`cycles`] of at most `longest` nodes, followed in `clo`.
fn cycles_in(
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
    let geo = &board.geo;
    let n = ch.n;
    for end in found {
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
        let eliminate: Vec<(usize, u8)> =
            forward.into_iter().filter(|e| back.contains(e)).collect();
        if eliminate.is_empty() {
            continue;
        }
        let length = ch.ancestors(clo, end);
        let rating = if links == (true, true) { 70 } else { 65 } + length_bonus(length);
        let kind = link_kind(links);
        if !best.beats(rating, length, kind) {
            continue;
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
}

/// `r1c2≠5, r3c4≠7` for a list of removals.
fn removals_name(ch: &Chainer, list: &[(usize, u8)]) -> String {
    let words: Vec<String> = list
        .iter()
        .map(|&(c, d)| ch.pot_name(pot(ch.n, c, d, false)))
        .collect();
    words.join(", ")
}

/// The forcing chains from `start` to its own negation: static links (X-links always,
/// Y-links with `y`), breadth first; rated 6.6 on X-links alone, 7.0 with both.
fn unary(ch: &mut Chainer, start: Pot, y: bool, best: &mut Best) {
    let Some(longest) = best.longest(if y { 70 } else { 66 }, link_kind((y, true))) else {
        return;
    };
    let mut clo = ch.scratch();
    unary_in(ch, &mut clo, start, (y, longest), best);
    ch.recycle(clo);
}

/// [`unary`] of at most `longest` nodes, followed in `clo`.
fn unary_in(
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
fn through_pairs(ch: &Chainer, clo: &Closure, end: u32) -> bool {
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
fn chain_cells(ch: &Chainer, clo: &Closure, end: u32) -> Vec<usize> {
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

/// Sudoku Explainer's Nishio forcing chains (7.5): a candidate whose assumption, "on" or
/// "off", followed dynamically on its digit alone, meets a contradiction.
pub(crate) fn nishio(board: &Board) -> Option<Found> {
    multiple_chains(board, Mode::Nishio)
}

/// Its multiple forcing chains (8.0): static cell forcing chains (every candidate of a
/// cell of three or more leading to the same conclusion) and region forcing chains (every
/// place of a digit in a region).
pub(crate) fn multiple(board: &Board) -> Option<Found> {
    multiple_chains(board, Mode::Static)
}

/// Its dynamic forcing chains (8.5): contradictions, double forcing chains (a candidate
/// whose presence and absence imply the same), cell and region forcing chains, all dynamic.
pub(crate) fn dynamic(board: &Board) -> Option<Found> {
    multiple_chains(board, Mode::Dynamic)
}

/// Its dynamic forcing chains "+" (9.0): the same, with locked candidates, hidden and naked
/// pairs and X-wings applied on the grid a chain reaches when its links run out ([`plus`]).
pub(crate) fn dynamic_plus(board: &Board) -> Option<Found> {
    chains_at_level(board, Mode::Dynamic, 1)
}

/// Its nested forcing chains: dynamic chains "+" that also apply, when nothing else is
/// left, the static forcing chains and cycles (level 2, 9.5) and then the static multiple
/// forcing chains (level 3, 10.0) on the grid they reach ([`nested`]).
pub(crate) fn nested(board: &Board, level: u8) -> Option<Found> {
    chains_at_level(board, Mode::Dynamic, level)
}

/// The chains of `mode` from every cell of two candidates or more (three or more when static).
fn multiple_chains(board: &Board, mode: Mode) -> Option<Found> {
    chains_at_level(board, mode, 0)
}

/// [`multiple_chains`] at Sudoku Explainer's `level` of dynamic chains (0 plain, rated 0.5 more a level).
fn chains_at_level(board: &Board, mode: Mode, level: u8) -> Option<Found> {
    let mut ch = Chainer::new(board);
    ch.level = level;
    let mut best = Best::default();
    let base = match mode {
        Mode::Static => MULTIPLE,
        Mode::Dynamic => DYNAMIC + 5 * u16::from(level),
        Mode::Nishio => NISHIO,
    };
    multiple_into(&mut ch, mode, base, &mut best);
    best.found
}

/// The chains of `mode` rated from `base`, kept in `best`.
fn multiple_into(ch: &mut Chainer, mode: Mode, base: u16, best: &mut Best) {
    let board = ch.board;
    // What each candidate implies, followed once for its cell's chains and its regions'.
    let n = ch.n;
    let mut ons: Vec<Option<Closure>> = (0..ch.size()).map(|_| None).collect();
    for c in board.empty_cells() {
        for d in digits(board.cand[c]) {
            let on = pot(n, c, d, true);
            ons[on / 2] = Some(ch.follow(on, mode).finish());
        }
    }
    for c in board.empty_cells() {
        let count = board.cand[c].count_ones();
        if count > 2 || (count > 1 && mode != Mode::Static) {
            cell_chains(ch, c, mode, base, &ons, best);
        }
    }
}

/// The chains of one cell: contradictions and double forcing chains from each candidate,
/// the region chains the cell opens, and the cell's own forcing chain; `ons` holds what
/// each candidate implies.
fn cell_chains(
    ch: &mut Chainer,
    c: usize,
    mode: Mode,
    base: u16,
    ons: &[Option<Closure>],
    best: &mut Best,
) {
    let board = ch.board;
    let n = ch.n;
    let count = board.cand[c].count_ones();
    let mut outcomes: Vec<(u8, &Closure)> = Vec::new();
    for d in digits(board.cand[c]) {
        let on = pot(n, c, d, true);
        let Some(yes) = ons[on / 2].as_ref() else {
            return;
        };
        // Static chains seek no contradiction and no double forcing chain: the absence is not followed.
        let no = if mode == Mode::Static {
            Closure::new(0)
        } else {
            ch.follow(on & !1, mode)
        };
        if mode != Mode::Static {
            for (clo, assumed) in [(yes, on), (&no, on & !1)] {
                if let Some((a, b)) = clo.absurd {
                    let length = ch.length(&[(clo, a), (clo, b)]);
                    let rating = base + length_bonus(length);
                    if best.beats(rating, length, ABSURD) {
                        let mut f = Found::new(ch.technique(mode), rating);
                        let conclusion = ch.conclude(&mut f, assumed ^ 1);
                        f.text = format!(
                            "{}contradiction forcing chain: {} and {}; so {conclusion}",
                            ch.prefix(mode),
                            ch.path(clo, a),
                            ch.path(clo, b)
                        );
                        f.cells = chain_cells(ch, clo, a);
                        best.keep(rating, length, ABSURD, f, Vec::new);
                    }
                }
            }
        }
        if count >= 3 && mode == Mode::Dynamic {
            double(ch, c, d, yes, &no, base, best);
        }
        ch.recycle(no);
        if mode != Mode::Nishio {
            region_chains(ch, c, d, mode, base, ons, best);
        }
        outcomes.push((d, yes));
    }
    if mode != Mode::Nishio {
        let branches: Vec<(String, &Closure)> = outcomes
            .iter()
            .map(|&(d, clo)| (format!("{}={d}", board.geo.cell_name(c)), clo))
            .collect();
        let what = format!(
            "{}cell forcing chain: {} holds {}",
            ch.prefix(mode),
            board.geo.cell_name(c),
            super::board::digits_name(board.cand[c]).replace(" and ", " or ")
        );
        agreed(
            ch,
            &branches,
            &what,
            mode,
            (base, CELL),
            nested::Origin::Cell,
            best,
        );
    }
}

impl Chainer<'_> {
    /// The words naming the kind of chain: `dynamic `, `dynamic+ `…
    fn prefix(&self, mode: Mode) -> &'static str {
        match (mode, self.level) {
            (Mode::Dynamic, 0) => "dynamic ",
            (Mode::Dynamic, 1) => "dynamic+ ",
            (Mode::Dynamic, 2) => "nested (+ forcing chains) ",
            (Mode::Dynamic, _) => "nested (+ multiple forcing chains) ",
            (Mode::Nishio, _) => "nishio ",
            (Mode::Static, _) => "",
        }
    }

    fn technique(&self, mode: Mode) -> Technique {
        match (mode, self.level) {
            (Mode::Nishio, _) => Technique::NishioForcingChain,
            (Mode::Static, _) => Technique::MultipleForcingChain,
            (Mode::Dynamic, 0) => Technique::DynamicForcingChain,
            (Mode::Dynamic, 1) => Technique::DynamicPlusForcingChain,
            (Mode::Dynamic, _) => Technique::NestedForcingChain,
        }
    }
}

/// The double forcing chains of `d` at `c`: what both its presence and its absence imply.
fn double(
    ch: &mut Chainer,
    c: usize,
    d: u8,
    yes: &Closure,
    no: &Closure,
    base: u16,
    best: &mut Best,
) {
    let board = ch.board;
    for order in [&yes.on_order, &yes.off_order] {
        for &k in order {
            let p = yes.pot[k as usize];
            let Some(j) = no.get(p) else {
                continue;
            };
            let (t, e, on) = parts(ch.n, p);
            if on && board.cand[t] == bit(e) {
                continue;
            }
            let length = ch.length(&[(yes, k), (no, j)]);
            let rating = base + length_bonus(length);
            if !best.beats(rating, length, DOUBLE) {
                continue;
            }
            let mut f = Found::new(ch.technique(Mode::Dynamic), rating);
            let conclusion = ch.conclude(&mut f, p);
            f.text = format!(
                "{}double forcing chain: whether {} holds {d} or not; {}; {}; either way {conclusion}",
                ch.prefix(Mode::Dynamic),
                board.geo.cell_name(c),
                ch.path(yes, k),
                ch.path(no, j)
            );
            let mut cells = chain_cells(ch, yes, k);
            cells.extend(chain_cells(ch, no, j));
            f.cells = cells;
            best.keep(rating, length, DOUBLE, f, Vec::new);
        }
    }
}

/// The region forcing chains of `d` whose first place is `c`; `ons` holds what each candidate implies.
fn region_chains(
    ch: &mut Chainer,
    c: usize,
    d: u8,
    mode: Mode,
    base: u16,
    ons: &[Option<Closure>],
    best: &mut Best,
) {
    let board = ch.board;
    let geo = &board.geo;
    for u in ch.regions[c] {
        let places: Vec<usize> = geo.units[u]
            .iter()
            .copied()
            .filter(|&q| board.cand[q] & bit(d) != 0)
            .collect();
        if places.len() < 2 || places[0] != c {
            continue;
        }
        let Some(branches) = places
            .iter()
            .map(|&q| {
                let clo = ons[pot(ch.n, q, d, true) / 2].as_ref()?;
                Some((format!("{}={d}", geo.cell_name(q)), clo))
            })
            .collect::<Option<Vec<(String, &Closure)>>>()
        else {
            continue;
        };
        let what = format!(
            "{}region forcing chain: in {}, {d} goes at {}",
            ch.prefix(mode),
            geo.unit_name(u),
            geo.cells_name(&places).replace(" and ", " or ")
        );
        agreed(
            ch,
            &branches,
            &what,
            mode,
            (base, REGION),
            nested::Origin::Region(u),
            best,
        );
    }
}

/// The conclusions every branch reaches (in the first branch's order, "on" before "off"),
/// each a step rated `base` plus the bonus of the branches' summed lengths.
fn agreed(
    ch: &mut Chainer,
    branches: &[(String, &Closure)],
    what: &str,
    mode: Mode,
    (base, kind): (u16, u8),
    origin: nested::Origin,
    best: &mut Best,
) {
    let board = ch.board;
    let Some((_, first)) = branches.first() else {
        return;
    };
    for order in [&first.on_order, &first.off_order] {
        for &k in order {
            let p = first.pot[k as usize];
            let Some(nodes) = branches
                .iter()
                .map(|(_, clo)| clo.get(p))
                .collect::<Option<Vec<u32>>>()
            else {
                continue;
            };
            let (t, e, on) = parts(ch.n, p);
            if on && board.cand[t] == bit(e) {
                continue;
            }
            let ends: Vec<(&Closure, u32)> = branches
                .iter()
                .map(|(_, clo)| *clo)
                .zip(nodes.iter().copied())
                .collect();
            let length = ch.length(&ends);
            let rating = base + length_bonus(length);
            if !best.beats(rating, length, kind) {
                continue;
            }
            let mut f = Found::new(ch.technique(mode), rating);
            let conclusion = ch.conclude(&mut f, p);
            let mut text = format!("{what}; ");
            let mut cells = Vec::new();
            for ((name, clo), &j) in branches.iter().zip(&nodes) {
                let _ = write!(text, "if {name}: {}; ", ch.path(clo, j));
                cells.extend(chain_cells(ch, clo, j));
            }
            let _ = write!(text, "either way {conclusion}");
            cells.sort_unstable();
            cells.dedup();
            f.text = text;
            f.cells = cells;
            best.keep(rating, length, kind, f, || {
                let ends: Vec<(&Closure, u32)> = branches
                    .iter()
                    .map(|(_, clo)| *clo)
                    .zip(nodes.iter().copied())
                    .collect();
                ch.rests_on_all(&ends, origin)
            });
        }
    }
}
