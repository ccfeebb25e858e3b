//! The sparse phase shared by the eliminations over GF(2) and Z/K: Markowitz pivots while they cost less than the dense work they save.
//!
//! Structured Gaussian elimination (LaMacchia & Odlyzko, "Solving large
//! sparse linear systems over finite fields", CRYPTO 1990) with pivots by
//! the Markowitz rule (Markowitz, "The elimination form of the inverse and
//! its application to linear programming", Management Science 1957). Each
//! field keeps its own equations ([`Markowitz`]); this module chooses the
//! pivots and keeps the unknowns sorted by how many equations hold them
//! ([`Buckets`]).

/// The sparse side of an elimination, as the Markowitz phase sees it.
pub trait Markowitz {
    /// The unknowns by how many active equations hold them.
    fn buckets(&mut self) -> &mut Buckets;
    /// The active equations holding unknown `c`.
    fn equations_of(&self, c: usize) -> &[u32];
    /// How many unknowns equation `r` holds.
    fn weight(&self, r: usize) -> usize;
    /// The entries stored in the sparse pivots so far.
    fn fill(&self) -> usize;
    /// Eliminates unknown `c` by equation `r` from every other active equation.
    fn eliminate(&mut self, r: usize, c: usize);
    /// Whether equation `r` may be the pivot of unknown `c` (over a field any
    /// that holds it; over Z/p^e only one where its coefficient is a unit).
    fn takes(&self, _r: usize, _c: usize) -> bool {
        true
    }
}

/// Takes Markowitz pivots (the unknown in the fewest equations, in its
/// shortest equation) while one costs less than a `cheaper`-th of the dense
/// work it saves and the stored pivots stay within `max_fill` entries.
pub fn sparse_phase<E: Markowitz>(e: &mut E, n: usize, cheaper: usize, max_fill: usize) {
    let mut left = n;
    while let Some(c) = e.buckets().first() {
        let count = e.equations_of(c).len();
        if count == 0 {
            // In no active equation: a free unknown, left to the core.
            e.buckets().remove(c);
            continue;
        }
        let Some(&r) = e
            .equations_of(c)
            .iter()
            .filter(|&&r| e.takes(r as usize, c))
            .min_by_key(|&&r| e.weight(r as usize))
        else {
            // No unit coefficient (over Z/p^e): left to the core.
            e.buckets().remove(c);
            continue;
        };
        let weight = e.weight(r as usize);
        // A pivot touches about count × weight entries (each a merge step and
        // a list update); one unknown fewer in a dense core of `left` saves
        // about left² dense operations (over GF(2), bit operations 64 to a word).
        let cost = count.saturating_mul(weight);
        if cost.saturating_mul(cheaper) > left * left || e.fill() + count * weight > max_fill {
            break;
        }
        e.eliminate(r as usize, c);
        left -= 1;
    }
}

/// Removes `v` from `list` (order not kept).
pub fn remove(list: &mut Vec<u32>, v: u32) {
    if let Some(k) = list.iter().position(|&x| x == v) {
        list.swap_remove(k);
    }
}

/// The unknowns by how many active equations hold them: a doubly linked list per count.
pub struct Buckets {
    head: Vec<u32>,
    next: Vec<u32>,
    prev: Vec<u32>,
    count: Vec<u32>,
    /// No bucket below this is occupied.
    low: usize,
}

const NONE: u32 = u32::MAX;

impl Buckets {
    pub fn new(n: usize) -> Self {
        Buckets {
            head: vec![NONE; n + 1],
            next: vec![NONE; n],
            prev: vec![NONE; n],
            count: vec![NONE; n],
            low: 0,
        }
    }

    pub fn insert(&mut self, j: usize, count: usize) {
        let h = self.head[count];
        self.next[j] = h;
        self.prev[j] = NONE;
        if h != NONE {
            self.prev[h as usize] = j as u32;
        }
        self.head[count] = j as u32;
        self.count[j] = count as u32;
        self.low = self.low.min(count);
    }

    /// Takes `j` out if it is in.
    pub fn remove(&mut self, j: usize) {
        let count = self.count[j];
        if count == NONE {
            return;
        }
        let (p, q) = (self.prev[j], self.next[j]);
        if p == NONE {
            self.head[count as usize] = q;
        } else {
            self.next[p as usize] = q;
        }
        if q != NONE {
            self.prev[q as usize] = p;
        }
        self.count[j] = NONE;
    }

    /// An unknown of the lowest count.
    pub fn first(&mut self) -> Option<usize> {
        while self.low < self.head.len() {
            let h = self.head[self.low];
            if h != NONE {
                return Some(h as usize);
            }
            self.low += 1;
        }
        None
    }
}
