//! Counting every tour of a small board: a bitboard backtracking counter split over the cores.
//!
//! The same search as [`crate::knight::find::search`] (free squares keep their count of free
//! neighbours; a branch dies when a square has none, or when more squares than
//! the tour's one last square have a single way in), on a board of at most 128
//! squares held in one machine word, with one more cut: a free square whose
//! only way in is the knight's square must be the next and last move, so the
//! knight may go nowhere else. The paths are split after their first few moves
//! into independent tasks that rayon spreads over the cores; all starts of a
//! board are counted once per orbit of the board's symmetries.

use crate::control::Control;
use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};
use crate::knight::{theorems, Knight, SEED_MOVES};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The largest board counted, in cells (the counter keeps the free squares in one `u128`).
pub const MAX_COUNT_CELLS: usize = 128;

/// How many independent tasks the first moves are split into, at least (when there are that many paths).
const MIN_TASKS: usize = 256;

/// One of `count` independent parts of a count (`index` from 1 to `count`):
/// the counter's task list (paths cut after their first moves, the same on
/// every run and machine) dealt round-robin, so the parts of a count add up to
/// the whole and can run as separate jobs (a Slurm array, GNU parallel).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    /// Which part, from 1.
    pub index: usize,
    /// How many parts.
    pub count: usize,
}

impl Shard {
    /// The whole count (part 1 of 1).
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether task number `task` belongs to this part.
    pub fn owns(&self, task: usize) -> bool {
        task % self.count == self.index - 1
    }
}

/// A shard in JSON: its `i/N` text.
impl TryFrom<String> for Shard {
    type Error = Error;

    fn try_from(text: String) -> Result<Shard> {
        text.parse()
    }
}

impl From<Shard> for String {
    fn from(shard: Shard) -> String {
        shard.to_string()
    }
}

impl Default for Shard {
    fn default() -> Self {
        Shard::WHOLE
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = Error;

    /// Parses `i/N` with `1 ≤ i ≤ N`.
    fn from_str(text: &str) -> Result<Shard> {
        let bad = |why: &str| {
            Error::usage(format!(
                "shard '{text}': {why} (expected i/N with 1 ≤ i ≤ N, e.g. 3/8)"
            ))
        };
        let (i, n) = text.trim().split_once('/').ok_or_else(|| bad("no '/'"))?;
        let index: usize = i
            .trim()
            .parse()
            .map_err(|_| bad("the part is not a number"))?;
        let count: usize = n
            .trim()
            .parse()
            .map_err(|_| bad("the number of parts is not a number"))?;
        if count == 0 {
            return Err(bad("there must be at least one part"));
        }
        if index == 0 || index > count {
            return Err(bad("the part is out of range"));
        }
        Ok(Shard { index, count })
    }
}

/// Tours counted from one start square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CountResult {
    /// The start square.
    pub start: Pos,
    /// Directed tours from the start (a closed tour once per direction).
    pub count: u64,
    /// Whether the count was interrupted (then `count` is a lower bound).
    pub partial: bool,
}

/// The free squares, one bit each.
trait Set: Copy + Send + Sync {
    fn full(n: usize) -> Self;
    fn has(self, i: u8) -> bool;
    fn without(self, i: u8) -> Self;
    fn with(self, i: u8) -> Self;
}

macro_rules! impl_set {
    ($t:ty) => {
        impl Set for $t {
            #[inline]
            fn full(n: usize) -> Self {
                if n == <$t>::BITS as usize {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            #[inline]
            fn has(self, i: u8) -> bool {
                (self >> i) & 1 == 1
            }
            #[inline]
            fn without(self, i: u8) -> Self {
                self & !(1 << i)
            }
            #[inline]
            fn with(self, i: u8) -> Self {
                self | (1 << i)
            }
        }
    };
}
impl_set!(u64);
impl_set!(u128);

/// The knight's graph of a small board.
/// (Arrays of 256 indexed by a `u8` square need no bounds checks.)
struct Graph {
    n: usize,
    nbr: Box<[[u8; 8]; 256]>,
    deg: Box<[u8; 256]>,
}

impl Graph {
    fn new(dims: Dims) -> Self {
        let n = dims.cells();
        let mut nbr = Box::new([[0u8; 8]; 256]);
        let mut deg = Box::new([0u8; 256]);
        for i in 0..n {
            let p = dims.pos(i);
            for (dr, dc) in SEED_MOVES {
                if let Some(q) = dims.checked(p.row as i64 + dr, p.col as i64 + dc) {
                    nbr[i][deg[i] as usize] = dims.index(q) as u8;
                    deg[i] += 1;
                }
            }
        }
        Graph { n, nbr, deg }
    }
}

/// One depth-first count, from the start or from the end of a task's prefix.
struct Counter<'g, S: Set> {
    g: &'g Graph,
    /// Closed tours: the start, kept free as the last move's goal (`NONE` for open tours).
    target: u8,
    free: S,
    avail: [u8; 256],
    low: u32,
    remaining: u32,
    /// The path: `path[..len]`, the start first (a closed tour ends on the start again).
    path: [u8; MAX_COUNT_CELLS + 2],
    len: usize,
    /// For each square of the path, the index of the next neighbour to try.
    next: [u8; MAX_COUNT_CELLS + 2],
    /// For each square of the path, what entering it added to `low` and whether it was low.
    added: [u8; MAX_COUNT_CELLS + 2],
    was_low: [bool; MAX_COUNT_CELLS + 2],
    /// For each square of the path, the move forced from it (`NONE` when free to choose).
    only: [u8; MAX_COUNT_CELLS + 2],
    hopeless: bool,
    /// Stop at the first tour, handing it to `leaf` (to decide whether there is one).
    first: bool,
    /// Nodes allowed before `run` gives up (checked every 65536 nodes).
    budget: u64,
    /// Nodes (moves tried) by the last `run`.
    nodes: u64,
}

/// No square (boards have at most 128).
const NONE: u8 = u8::MAX;

impl<'g, S: Set> Counter<'g, S> {
    fn new(g: &'g Graph, start: u8, closed: bool) -> Self {
        let target = if closed { start } else { NONE };
        let mut free = S::full(g.n);
        if !closed {
            free = free.without(start);
        }
        let mut c = Counter {
            g,
            target,
            free,
            avail: [0; 256],
            low: 0,
            remaining: if closed { g.n } else { g.n - 1 } as u32,
            path: [0; MAX_COUNT_CELLS + 2],
            len: 1,
            next: [0; MAX_COUNT_CELLS + 2],
            added: [0; MAX_COUNT_CELLS + 2],
            was_low: [false; MAX_COUNT_CELLS + 2],
            only: [NONE; MAX_COUNT_CELLS + 2],
            hopeless: false,
            first: false,
            budget: u64::MAX,
            nodes: 0,
        };
        for u in 0..g.n {
            c.avail[u] = g.deg[u];
            if c.free.has(u as u8) && u as u8 != target {
                match g.deg[u] {
                    0 => c.hopeless = true,
                    1 => c.low += 1,
                    _ => {}
                }
            }
        }
        c.path[0] = start;
        c.only[0] = c.forced(start);
        c.hopeless |= c.low > c.low_limit();
        c
    }

    #[inline]
    fn low_limit(&self) -> u32 {
        if self.target != NONE {
            0
        } else {
            1
        }
    }

    /// Moves to `v`; false when the branch cannot hold a tour (undo with `retreat` either way).
    #[inline(always)]
    fn advance(&mut self, v: u8) -> bool {
        let cur = self.path[self.len - 1];
        let vlow = v != self.target && self.avail[v as usize] <= 1;
        self.low -= vlow as u32;
        self.free = self.free.without(v);
        self.remaining -= 1;
        let mut dead = false;
        let mut added = 0u8;
        if cur != self.target {
            let c = cur as usize;
            for &w in self.g.nbr[c].iter().take(self.g.deg[c] as usize) {
                let a = &mut self.avail[w as usize];
                *a -= 1;
                if self.free.has(w) {
                    if *a == 0 {
                        dead = true;
                    } else if *a == 1 && w != self.target {
                        added += 1;
                    }
                }
            }
        }
        self.low += added as u32;
        self.path[self.len] = v;
        self.next[self.len] = 0;
        self.added[self.len] = added;
        self.was_low[self.len] = vlow;
        self.len += 1;
        !dead && self.low <= self.low_limit()
    }

    #[inline(always)]
    fn retreat(&mut self) {
        self.len -= 1;
        let v = self.path[self.len];
        let (added, vlow) = (self.added[self.len], self.was_low[self.len]);
        let cur = self.path[self.len - 1];
        if cur != self.target {
            let c = cur as usize;
            for &w in self.g.nbr[c].iter().take(self.g.deg[c] as usize) {
                self.avail[w as usize] += 1;
            }
        }
        self.low -= added as u32;
        self.free = self.free.with(v);
        self.remaining += 1;
        self.low += vlow as u32;
    }

    /// The move from `cur` that a free neighbour forces: one whose only way in is `cur`.
    #[inline(always)]
    fn forced(&self, cur: u8) -> u8 {
        if self.low == 0 {
            return NONE;
        }
        let c = cur as usize;
        self.g.nbr[c]
            .iter()
            .take(self.g.deg[c] as usize)
            .copied()
            .find(|&w| self.free.has(w) && self.avail[w as usize] == 1 && w != self.target)
            .unwrap_or(NONE)
    }

    /// Counts the tours below the current path. With `cap`, stops each path
    /// when it has `cap` squares and hands it to `leaf` instead. Returns the
    /// tours completed and whether `ctl` (or the budget) stopped the count.
    /// With `first` set, the first tour completed goes to `leaf` and ends the run.
    fn run(
        &mut self,
        cap: Option<usize>,
        ctl: &Control,
        leaf: &mut dyn FnMut(&[u8]),
    ) -> (u64, bool) {
        let floor = self.len;
        let mut count = 0u64;
        self.nodes = 0;
        if self.hopeless {
            return (0, false);
        }
        loop {
            let d = self.len - 1;
            if self.remaining == 0 || cap == Some(self.len) {
                if self.remaining == 0 {
                    count += 1;
                    if self.first {
                        leaf(&self.path[..self.len]);
                        return (count, false);
                    }
                } else {
                    leaf(&self.path[..self.len]);
                }
                if self.len == floor {
                    return (count, false);
                }
                self.retreat();
                continue;
            }
            let cur = self.path[d] as usize;
            // A neighbour reachable only from here must be the next and last square.
            let only = self.only[d];
            let mut moved = false;
            while (self.next[d] as usize) < self.g.deg[cur] as usize {
                let v = self.g.nbr[cur][self.next[d] as usize];
                self.next[d] += 1;
                if !self.free.has(v) || (v == self.target && self.remaining != 1) {
                    continue;
                }
                if only != NONE && (only != v || self.remaining != 1) {
                    continue;
                }
                self.nodes += 1;
                if self.nodes & 0xFFFF == 0 && (ctl.stopped() || self.nodes > self.budget) {
                    return (count, true);
                }
                if self.advance(v) {
                    self.only[d + 1] = self.forced(v);
                    moved = true;
                    break;
                }
                self.retreat();
            }
            if !moved {
                if self.len == floor {
                    return (count, false);
                }
                self.retreat();
            }
        }
    }
}

/// Counts the directed tours of `knight` from its start, split over the cores.
/// Boards ruled out by a theorem count 0 at once. Refuses boards over
/// [`MAX_COUNT_CELLS`] cells.
#[cfg(test)]
pub fn count_tours(knight: &Knight, ctl: &Control) -> Result<CountResult> {
    count_tours_shard(knight, Shard::WHOLE, ctl)
}

/// Part `shard` of [`count_tours`]: the parts of a count add up to it.
pub fn count_tours_shard(knight: &Knight, shard: Shard, ctl: &Control) -> Result<CountResult> {
    let mut all = count_starts(
        knight.dims(),
        knight.closed(),
        &[knight.start()],
        shard,
        ctl,
    )?;
    Ok(all.remove(0))
}

/// Counts the directed tours from every square of the board (a closed board:
/// the same count from each square), each orbit of the board's symmetries once.
#[cfg(test)]
pub fn count_all_starts(dims: Dims, closed: bool, ctl: &Control) -> Result<Vec<CountResult>> {
    count_all_starts_shard(dims, closed, Shard::WHOLE, ctl)
}

/// Part `shard` of [`count_all_starts`]: square by square, the parts add up to it.
pub fn count_all_starts_shard(
    dims: Dims,
    closed: bool,
    shard: Shard,
    ctl: &Control,
) -> Result<Vec<CountResult>> {
    let starts: Vec<Pos> = dims.positions().collect();
    count_starts(dims, closed, &starts, shard, ctl)
}

/// The images of `p` under the symmetries of the board (the rectangle's four,
/// the square's eight).
pub(crate) fn images(dims: Dims, p: Pos) -> Vec<Pos> {
    let (r, c) = (p.row, p.col);
    let (rr, cc) = (dims.rows - 1 - r, dims.cols - 1 - c);
    let mut v = vec![p, Pos::new(rr, c), Pos::new(r, cc), Pos::new(rr, cc)];
    if dims.rows == dims.cols {
        v.extend([
            Pos::new(c, r),
            Pos::new(cc, r),
            Pos::new(c, rr),
            Pos::new(cc, rr),
        ]);
    }
    v
}

fn count_starts(
    dims: Dims,
    closed: bool,
    starts: &[Pos],
    shard: Shard,
    ctl: &Control,
) -> Result<Vec<CountResult>> {
    if dims.cells() > MAX_COUNT_CELLS {
        return Err(Error::TooLarge {
            bound: crate::error::Bound::CountCells,
            got: dims.cells().into(),
            limit: MAX_COUNT_CELLS.into(),
            note: " (the counts of larger boards are out of reach of a search anyway)".to_string(),
        });
    }
    // One representative per symmetry orbit; a closed tour passes every square,
    // so every start of a closed board counts the same.
    let rep = |p: Pos| -> Pos {
        if closed {
            starts[0]
        } else {
            images(dims, p).into_iter().min().unwrap_or(p)
        }
    };
    let mut reps: Vec<Pos> = starts.iter().map(|&p| rep(p)).collect();
    reps.sort();
    reps.dedup();
    let counts: Vec<(u64, bool)> = if dims.cells() <= 64 {
        count_many::<u64>(dims, closed, &reps, shard, ctl)
    } else {
        count_many::<u128>(dims, closed, &reps, shard, ctl)
    };
    Ok(starts
        .iter()
        .map(|&p| {
            let i = reps.binary_search(&rep(p)).unwrap_or(0);
            CountResult {
                start: p,
                count: counts[i].0,
                partial: counts[i].1,
            }
        })
        .collect())
}

/// The counts from each of `starts`: (tours, interrupted).
fn count_many<S: Set>(
    dims: Dims,
    closed: bool,
    starts: &[Pos],
    shard: Shard,
    ctl: &Control,
) -> Vec<(u64, bool)> {
    let g = Graph::new(dims);
    let mut totals: Vec<(u64, bool)> = vec![(0, false); starts.len()];
    // Split every start's paths after their first few moves.
    let mut tasks: Vec<(usize, Vec<u8>)> = Vec::new();
    for (i, &s) in starts.iter().enumerate() {
        let knight = Knight {
            dims,
            start: s,
            closed,
        };
        if theorems::impossible(&knight).is_some() {
            continue;
        }
        let start = dims.index(s) as u8;
        let mut cap = 1;
        loop {
            cap += 1;
            let mut prefixes = Vec::new();
            let mut c = Counter::<S>::new(&g, start, closed);
            let (done, _) = c.run(Some(cap), &Control::new(), &mut |p| {
                prefixes.push(p.to_vec())
            });
            if prefixes.len() * starts.len() >= MIN_TASKS || prefixes.is_empty() || cap >= 8 {
                // Tours already complete within the first moves belong to part 1.
                if shard.index == 1 {
                    totals[i].0 += done;
                }
                tasks.extend(prefixes.into_iter().map(|p| (i, p)));
                break;
            }
        }
    }
    let tasks: Vec<(usize, Vec<u8>)> = tasks
        .into_iter()
        .enumerate()
        .filter(|(k, _)| shard.owns(*k))
        .map(|(_, t)| t)
        .collect();
    let bar = ctl.progress();
    bar.set_total(tasks.len() as u64);
    let results: Vec<(usize, u64, bool)> = tasks
        .par_iter()
        .map(|(i, prefix)| {
            if ctl.stopped() {
                return (*i, 0, true);
            }
            let mut c = Counter::<S>::new(&g, prefix[0], closed);
            for &v in &prefix[1..] {
                c.advance(v);
            }
            c.only[c.len - 1] = c.forced(c.path[c.len - 1]);
            let (n, stopped) = c.run(None, ctl, &mut |_| {});
            bar.advance(1);
            (*i, n, stopped)
        })
        .collect();
    for (i, n, stopped) in results {
        totals[i].0 += n;
        totals[i].1 |= stopped;
    }
    totals
}

/// Decides with the counter's cuts whether `knight` (at most
/// [`MAX_COUNT_CELLS`] cells) has a tour: `Some(Some(tour))`, `Some(None)`
/// when the search is exhausted, `None` when `budget` nodes did not suffice or
/// `ctl` was stopped; and the nodes spent.
pub(crate) fn decide(
    knight: &Knight,
    ctl: &Control,
    budget: u64,
) -> (Option<Option<Vec<Pos>>>, u64) {
    let dims = knight.dims();
    if dims.cells() > MAX_COUNT_CELLS {
        return (None, 0);
    }
    let g = Graph::new(dims);
    let start = dims.index(knight.start()) as u8;
    let mut found = None;
    let mut leaf = |p: &[u8]| {
        found = Some(
            p[..dims.cells()]
                .iter()
                .map(|&s| dims.pos(s as usize))
                .collect(),
        );
    };
    let (stopped, nodes) = if dims.cells() <= 64 {
        let mut c = Counter::<u64>::new(&g, start, knight.closed());
        c.first = true;
        c.budget = budget;
        let r = c.run(None, ctl, &mut leaf);
        (r.1, c.nodes)
    } else {
        let mut c = Counter::<u128>::new(&g, start, knight.closed());
        c.first = true;
        c.budget = budget;
        let r = c.run(None, ctl, &mut leaf);
        (r.1, c.nodes)
    };
    let answer = match (found, stopped) {
        (Some(t), _) => Some(Some(t)),
        (None, false) => Some(None),
        (None, true) => None,
    };
    (answer, nodes)
}

/// The open tours of `dims` from `start` to `end` (each once), by the plain
/// counter with `end` kept free as the last move's goal: for cross-checks.
#[cfg(test)]
pub(crate) fn count_between(dims: Dims, start: Pos, end: Pos) -> u64 {
    let g = Graph::new(dims);
    let mut c = Counter::<u128>::new(&g, dims.index(start) as u8, false);
    c.target = dims.index(end) as u8;
    c.low = 0;
    c.hopeless = false;
    for u in 0..g.n {
        if c.free.has(u as u8) && u as u8 != c.target {
            match g.deg[u] {
                0 => c.hopeless = true,
                1 => c.low += 1,
                _ => {}
            }
        }
    }
    c.only[0] = c.forced(c.path[0]);
    c.hopeless |= c.low > c.low_limit();
    c.run(None, &Control::new(), &mut |_| {}).0
}

/// The count without theorems, tasks or threads: the plain counter, for cross-checks.
#[cfg(test)]
pub(crate) fn count_sequential(knight: &Knight) -> u64 {
    let g = Graph::new(knight.dims());
    let start = knight.dims().index(knight.start()) as u8;
    let mut c = Counter::<u128>::new(&g, start, knight.closed());
    c.run(None, &Control::new(), &mut |_| {}).0
}
