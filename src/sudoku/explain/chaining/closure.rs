//! The implications followed from one assumption, each kept with the ones that caused it, and the queues that follow them.

use super::{nested, Pot};
use std::collections::VecDeque;

/// The queues of "on" and "off" implications to follow, holding `start`
/// (added to `clo` as an assumption with no cause) on the side it belongs to.
pub(super) fn start_queues(clo: &mut Closure, start: Pot) -> (VecDeque<u32>, VecDeque<u32>) {
    let first = clo.add(start, &[]);
    let (mut on_queue, mut off_queue) = (VecDeque::new(), VecDeque::new());
    match start & 1 {
        1 => on_queue.push_back(first),
        _ => off_queue.push_back(first),
    }
    (on_queue, off_queue)
}

/// The implications followed from one assumption: each node a potential and the nodes that caused it.
pub(super) struct Closure {
    pub(super) pot: Vec<Pot>,
    /// `parents[start[k]..start[k + 1]]` caused node k (the first is the chain's main cause).
    pub(super) start: Vec<u32>,
    pub(super) parents: Vec<u32>,
    /// The number of links from the assumption to each node, along first causes.
    pub(super) depth: Vec<u32>,
    /// Node + 1 of each potential reached (0: not reached), at `pot / 2`, "on" and "off" apart.
    pub(super) on: Vec<u32>,
    pub(super) off: Vec<u32>,
    pub(super) on_order: Vec<u32>,
    pub(super) off_order: Vec<u32>,
    /// The two nodes ("on", "off") of the same candidate, when a contradiction was met.
    pub(super) absurd: Option<(u32, u32)>,
    /// Once finished, each potential reached and its node, in place of `on` and `off`.
    pub(super) sorted: Vec<(Pot, u32)>,
    /// The nodes a nested chain caused, in order, each with its chain's key and length.
    pub(super) nest: Vec<(u32, nested::Nest)>,
}

impl Closure {
    pub(super) fn new(size: usize) -> Closure {
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
    pub(super) fn reset(mut self) -> Closure {
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
    pub(super) fn finish(mut self) -> Closure {
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
    pub(super) fn node(&mut self, pot: Pot, parents: &[u32]) -> u32 {
        self.pot.push(pot);
        let depth = parents.first().map_or(0, |&p| self.depth[p as usize] + 1);
        self.depth.push(depth);
        self.parents.extend_from_slice(parents);
        self.start.push(self.parents.len() as u32);
        (self.pot.len() - 1) as u32
    }

    /// The node of `pot` in the sets, if reached.
    pub(super) fn get(&self, pot: Pot) -> Option<u32> {
        if self.on.is_empty() {
            let i = self.sorted.binary_search_by_key(&pot, |&(p, _)| p).ok()?;
            return Some(self.sorted[i].1);
        }
        let set = if pot & 1 == 1 { &self.on } else { &self.off };
        set[pot / 2].checked_sub(1)
    }

    /// Adds `pot`, caused by `parents`, to its set.
    pub(super) fn add(&mut self, pot: Pot, parents: &[u32]) -> u32 {
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

    pub(super) fn parents_of(&self, k: u32) -> &[u32] {
        &self.parents[self.start[k as usize] as usize..self.start[k as usize + 1] as usize]
    }
}

/// The potentials an "off" implies, each with its causes.
#[derive(Default)]
pub(super) struct Implied {
    /// Each potential and the end of its causes in `causes` (they start where the previous end).
    pub(super) pots: Vec<(Pot, usize)>,
    pub(super) causes: Vec<u32>,
}

impl Implied {
    pub(super) fn clear(&mut self) {
        self.pots.clear();
        self.causes.clear();
    }

    /// Ends the causes pushed since the last potential: they are `pot`'s.
    pub(super) fn close(&mut self, pot: Pot) {
        self.pots.push((pot, self.causes.len()));
    }

    /// Each potential and its causes.
    pub(super) fn iter(&self) -> impl Iterator<Item = (Pot, &[u32])> + '_ {
        self.pots.iter().enumerate().map(|(i, &(p, end))| {
            let start = if i == 0 { 0 } else { self.pots[i - 1].1 };
            (p, &self.causes[start..end])
        })
    }
}
