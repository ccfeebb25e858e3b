//! Exact counts of knight's tours by a frontier dynamic programme: cost by the number of frontier states, not of tours.
//!
//! The squares are added one at a time, column by column along the board's
//! longer side (`rows` ≤ `cols`, the board turned over first if need be), so
//! a square's index is `col · rows + row`. A knight move joins squares at most
//! `2·rows + 1` apart in that order: when square `v` is added, only the last
//! `w = 2·rows + 1` squares (the frontier) can still gain moves, and a square
//! leaves the frontier as soon as its last neighbour has been added. Adding
//! `v` chooses which of its (at most four) moves back into the frontier the
//! tour uses, at most two. The state is, for each frontier square, one of:
//! unused (no move yet), full (two moves, or gone), or the end of a path
//! fragment together with the pairing of the fragment ends (a label shared by
//! the two ends of each fragment). Knight paths cross, so the pairings are
//! general, not the non-crossing ones of grid-graph programmes; they are
//! renumbered by first appearance so that equal states meet. A state packs
//! four bits a square into a `u64` (up to 7 rows); on 8 rows it is stepped
//! as a `u128` and stored in 62 bits of a `u64` (labels renumbered by first
//! appearance leave the first squares of the frontier fewer values: 2 bits
//! for the first, 3 for the next four).
//! The states after each square are a run of keys in increasing order, built
//! from batches of successors, each sorted by a radix sort with the counts of
//! equal keys added, and merged as they come (see `layers`), so that a step
//! holds about its distinct states, not all their successors; at each
//! column's end a state is folded with its mirror image across the middle row
//! when the count has no start square. A successor is dropped as soon as it
//! cannot be completed: a square still to come with fewer than two moves
//! left (into squares to come or frontier squares not yet full) must end the
//! path, and so must an open path's square whose only moves left are into
//! the two ends of one fragment (taking both would close a cycle); there are
//! at most two ends; none at all leaves it out; and the
//! moves the frontier squares still need (one an end, two an unused square,
//! less one for each of at most two path ends) must not exceed what the
//! squares to come can give them, at most two each. Knight moves change
//! colour, so the squares to come fix the colours of the frontier's ends:
//! twice the white squares to come less the black ones equals the black ends
//! less the white ones (an unused square two ends), give or take one for each
//! path terminal not yet placed. The step works on the packed words
//! themselves (see `key`).
//!
//! - Closed tours: a fragment may close on itself only with the last square,
//!   when every square is full: the count is that of undirected Hamiltonian
//!   cycles. Directed tours from a square are twice that.
//! - Open tours: a square may leave the frontier with one move only: it is an
//!   end of the whole path (a "terminal"), at most two of them; the other end
//!   of its fragment is then marked as leading to a terminal. Joining two
//!   marked ends completes the path. This counts the undirected Hamiltonian
//!   paths; directed tours summed over every start are twice that. It is the
//!   same as Knuth's apex vertex (DYNAHAMP: one extra vertex joined to every
//!   square, whose two edges are the two terminals). From one start `s`, `s`
//!   is made to keep one move and the other terminal is any other square:
//!   that counts the directed tours from `s`.
//!
//! Boards of 3 to 6 rows and at most 120 squares are counted instead by
//! meeting in the middle (see `meet`): the moves taken one at a time, half
//! of them, and each state joined with the half-turn image of another; for
//! open tours this is about ten times as fast as the column programme.
//!
//! Counts are exact sums held in fixed words of 64-bit limbs; when a sum
//! carries out of the top limb the programme runs again with twice the limbs,
//! so counts of any length come out exact.
//!
//! Sources: D. E. Knuth, *The Art of Computer Programming*, Volume 4,
//! pre-fascicle 8A, "Hamiltonian paths and cycles" (2025), programs DYNAHAM
//! and DYNAHAMP; the transfer-matrix method for counting Hamiltonian cycles of
//! grid-like graphs (Stoyan and Strehl, "Enumeration of Hamiltonian circuits
//! in rectangular grids", J. Combin. Math. Combin. Comput. 21, 1996; Jacobsen,
//! "Exact enumeration of Hamiltonian circuits, walks and chains in two and
//! three dimensions", J. Phys. A 40, 2007); and for the published counts,
//! B. D. McKay, "Knight's tours of an 8×8 chessboard", Technical report
//! TR-CS-97-03, ANU, 1997, and OEIS A175881 (closed tours of 6×n boards).

use super::count::{count_all_starts_shard, count_tours_shard, Shard};
use super::{theorems, Knight};
use crate::control::Control;
use crate::error::{Bound, Error, Result, Size};
use crate::grid::{Dims, Pos};
use key::{Key, Narrow, Stored};
use layers::{bytes_per_state, run_with, Halt};
use num_bigint::BigUint;
use serde::Serialize;
use std::collections::HashMap;

mod key;
mod layers;
mod meet;

/// The default memory the programme may use for its states, in bytes (12 GiB).
pub const DEFAULT_MEMORY_LIMIT: u64 = 12 << 30;

/// An unused frontier square.
const FREE: u8 = 0;
/// A full square: two moves, or a terminal that left the frontier.
const FULL: u8 = 1;
/// A fragment end whose other end is a terminal of the open path.
const TO_TERMINAL: u8 = 2;
/// The first fragment label (labels pair the two ends of a fragment).
const FIRST_LABEL: u8 = 3;
/// The label of a fragment the added square starts: above any a state holds
/// (at most eight fragments, labels up to 10), renumbered before it is kept.
const FRESH: u8 = 15;

/// What the programme counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Census {
    /// Undirected closed tours (Hamiltonian cycles).
    Cycles,
    /// Undirected open tours (Hamiltonian paths): half the directed tours summed over every start.
    Paths,
    /// Directed open tours from one square.
    PathsFrom(Pos),
}

/// How a run of the programme ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Run {
    /// The exact count, with the largest number of states held after one square.
    Done { count: BigUint, peak_states: u64 },
    /// Stopped from outside after `columns` of the board's columns.
    Stopped { columns: usize },
}

/// The board as the programme walks it: `rows` ≤ `cols`, squares numbered `col · rows + row`.
struct Walk {
    rows: usize,
    n: usize,
    /// Frontier width: `2·rows + 1`.
    w: usize,
    /// For each square `v`: its moves back, as slots of the frontier before `v` is added (`0..w`).
    back: Vec<Vec<usize>>,
    /// For each square `v`: the slots (of `0..=w`, `w` being `v`) that leave the frontier once `v` is added.
    leaving: Vec<Vec<usize>>,
    /// For each square `v`: the slots whose squares have fewer than two moves left after `v`.
    starved: Vec<u32>,
    /// For each square `v`: the squares still to come that have a move into
    /// the frontier once `v` is added, as (the slots of those moves, of
    /// `0..=w`; the number of their moves to squares still to come; whether
    /// it is the start).
    ahead: Vec<Vec<(u32, u8, bool)>>,
    /// The square an open tour must start from, if one.
    start: Option<usize>,
    /// For each square `v`: whether the start has left the frontier once `v` is added (then it is a terminal).
    start_gone: Vec<bool>,
    census: Census,
}

impl Walk {
    fn new(dims: Dims, census: Census) -> Walk {
        // Along the longer side.
        Walk::along(dims, census, dims.rows > dims.cols)
    }

    /// The walk of `dims` column by column, or row by row when `turned`.
    fn along(dims: Dims, census: Census, turned: bool) -> Walk {
        let (rows, cols) = if turned {
            (dims.cols, dims.rows)
        } else {
            (dims.rows, dims.cols)
        };
        let index = |p: Pos| {
            let (r, c) = if turned {
                (p.col, p.row)
            } else {
                (p.row, p.col)
            };
            c * rows + r
        };
        let n = rows * cols;
        let w = 2 * rows + 1;
        let walked = Dims { rows, cols };
        let neighbours = |v: usize| -> Vec<usize> {
            let (r, c) = ((v % rows) as i64, (v / rows) as i64);
            super::SEED_MOVES
                .iter()
                .filter_map(|&(dr, dc)| walked.checked(r + dr, c + dc))
                .map(|q| q.col * rows + q.row)
                .collect()
        };
        let nbrs: Vec<Vec<usize>> = (0..n).map(neighbours).collect();
        let mut back = vec![Vec::new(); n];
        let mut leaving = vec![Vec::new(); n];
        let mut starved = vec![0u32; n];
        for v in 0..n {
            back[v] = nbrs[v]
                .iter()
                .filter(|&&u| u < v)
                .map(|&u| u + w - v)
                .collect();
            let last = nbrs[v].iter().copied().max().unwrap_or(v).max(v);
            leaving[last].push(v + w - last);
        }
        let start = match census {
            Census::PathsFrom(p) => Some(index(p)),
            _ => None,
        };
        for (v, list) in leaving.iter_mut().enumerate() {
            // The start leaves first, so that a terminal leaving with it knows the start is one.
            list.sort_by_key(|&slot| (Some(slot + v) != start.map(|s| s + w), slot));
        }
        {
            for (v, mask) in starved.iter_mut().enumerate() {
                for slot in 0..=w {
                    let Some(u) = (slot + v).checked_sub(w) else {
                        continue;
                    };
                    let ahead = nbrs[u].iter().filter(|&&x| x > v).count();
                    if ahead < 2 {
                        *mask |= 1 << slot;
                    }
                }
            }
        }
        let ahead = (0..n)
            .map(|v| {
                (v + 1..n.min(v + w + 1))
                    .filter_map(|y| {
                        let slots = nbrs[y]
                            .iter()
                            .filter(|&&u| u <= v)
                            .fold(0u32, |m, &u| m | 1 << (u + w - v));
                        let later = nbrs[y].iter().filter(|&&u| u > v).count() as u8;
                        (slots != 0).then_some((slots, later, Some(y) == start))
                    })
                    .collect()
            })
            .collect();
        // The start leaves once its last neighbour is added.
        let start_leaves = start.map(|s| nbrs[s].iter().copied().max().unwrap_or(s).max(s));
        let start_gone = (0..n)
            .map(|v| start_leaves.is_some_and(|t| t <= v))
            .collect();
        Walk {
            start_gone,
            rows,
            n,
            w,
            back,
            leaving,
            starved,
            ahead,
            start,
            census,
        }
    }

    /// The columns of the walked board.
    fn columns(&self) -> usize {
        self.n / self.rows
    }

    /// What adding square `v` needs, worked out once for the whole layer.
    fn plan<K: Key>(&self, v: usize) -> Plan<K> {
        let w = self.w;
        let back = self.back[v].clone();
        let start_slot = self.start.and_then(|s| (s + w).checked_sub(v));
        let cap = if start_slot == Some(w) { 1 } else { 2 };
        let moves = (0u32..1 << back.len())
            .filter(|m| m.count_ones() <= cap)
            .collect();
        let needs = self.leaving[v]
            .iter()
            .filter(|&&x| x != w)
            .map(|&x| (x, back.iter().position(|&u| u == x)))
            .collect();
        let starved = self.starved[v] & !start_slot.map_or(0, |s| 1 << s);
        // The squares still to come, by the frontier squares (after `v`) not yet full.
        let ahead = &self.ahead[v];
        let prune = (0u32..1 << w)
            .map(|open| {
                let (mut room, mut forced, mut dead) = (0, 0, false);
                for &(slots, later, is_start) in ahead {
                    let from = ((slots >> 1) & open).count_ones();
                    room += from.min(2);
                    match u32::from(later) + from {
                        0 => dead = true,
                        1 if !is_start => forced += 1,
                        _ => {}
                    }
                }
                room | forced << 8 | u32::from(dead) << 16
            })
            .collect();
        // Squares are coloured as on a chessboard; every knight move changes colour.
        let white = |u: usize| (u % self.rows + u / self.rows) % 2 == 0;
        let whites = (0..w)
            .filter(|&i| (v + 1 + i).checked_sub(w).is_some_and(white))
            .fold(0u32, |m, i| m | 1 << i);
        let balance = (v + 1..self.n).map(|u| if white(u) { 2 } else { -2 }).sum();
        // Open tours: squares to come with no move to a later square and
        // exactly two into the frontier (a closed tour's last square closes
        // its cycle so).
        let open = self.census != Census::Cycles;
        let pairs = ahead
            .iter()
            .filter(|&&(slots, later, is_start)| {
                open && later == 0 && !is_start && (slots >> 1).count_ones() == 2
            })
            .map(|&(slots, _, _)| {
                let low = (slots >> 1).trailing_zeros() as usize;
                (low, 31 - (slots >> 1).leading_zeros() as usize)
            })
            .collect();
        Plan {
            pairs,
            whites: K::spread(whites),
            balance,
            back,
            moves,
            needs,
            leaving: self.leaving[v].clone(),
            start_slot,
            start_gone: self.start_gone[v],
            last: v + 1 == self.n,
            range: K::spread((1 << (w + 1)) - 1),
            next: K::spread((1 << w) - 1),
            starved: K::spread(starved >> 1),
            prune,
        }
    }

    /// Adds square `v` (planned in `p`) to the state `key` (its squares
    /// `0..w`), handing each successor (the frontier after `v`, squares
    /// `1..=w` moved down one, its labels not yet renumbered) to `out`, and
    /// each completed tour to `done`.
    fn step<K: Key>(&self, p: &Plan<K>, key: K, out: &mut impl FnMut(K), done: &mut impl FnMut()) {
        let w = self.w;
        let cycles = self.census == Census::Cycles;
        // Moves v cannot make (to a full square, or to the start once it has its one move),
        // and moves v must make (to a square leaving now that still needs one).
        let mut barred = 0u32;
        for (j, &u) in p.back.iter().enumerate() {
            let x = key.get(u);
            if x == FULL || (Some(u) == p.start_slot && x != FREE) {
                barred |= 1 << j;
            }
        }
        let mut needed = 0u32;
        for &(x, j) in &p.needs {
            match (key.get(x), j) {
                (FULL | TO_TERMINAL, _) => {}
                // An unused square needs two moves (a terminal one), and v gives one at most.
                (FREE, _) if cycles => return,
                (FREE, None) => return,
                (_, None) if cycles => return,
                (y, Some(j)) if cycles || y == FREE => needed |= 1 << j,
                _ => {}
            }
        }
        'moves: for &mask in &p.moves {
            if mask & barred != 0 || mask & needed != needed {
                continue;
            }
            let mut a = key;
            let mut complete = false;
            let mut left = mask;
            while left != 0 {
                let u = p.back[left.trailing_zeros() as usize];
                left &= left - 1;
                let (mv, mu) = (a.get(w), a.get(u));
                match (mv, mu) {
                    (FREE, FREE) => a = a.set(w, FRESH).set(u, FRESH),
                    (FREE, m) => a = a.set(w, m).set(u, FULL),
                    (m, FREE) => a = a.set(u, m).set(w, FULL),
                    _ => {
                        a = a.set(w, FULL).set(u, FULL);
                        if mv == mu {
                            // A cycle closes, or (both ends lead to terminals) the path is whole.
                            if !cycles && mv != TO_TERMINAL {
                                continue 'moves;
                            }
                            complete = true;
                        } else {
                            let (keep, gone) = if mv == TO_TERMINAL {
                                (mv, mu)
                            } else {
                                (mu, mv)
                            };
                            a = a.flip(a.equal(gone, p.range), gone ^ keep);
                        }
                    }
                }
            }
            for &x in &p.leaving {
                match a.get(x) {
                    FULL => {}
                    FREE => continue 'moves,
                    TO_TERMINAL => {
                        // Square x ends the path; a second whole path would leave two.
                        if complete {
                            continue 'moves;
                        }
                        a = a.set(x, FULL);
                        complete = true;
                    }
                    _ if cycles => continue 'moves,
                    label => {
                        // Square x ends the whole path.
                        let terminals = a.equal(TO_TERMINAL, p.range).marked();
                        let allowed = match p.start_slot {
                            None => terminals < 2,
                            Some(s) if s == x => true,
                            // The start, once gone, is one of the terminals; the other may be any square.
                            Some(_) => terminals == u32::from(p.start_gone),
                        };
                        if !allowed {
                            continue 'moves;
                        }
                        a = a.set(x, FULL);
                        a = a.flip(a.equal(label, p.range), label ^ TO_TERMINAL);
                    }
                }
            }
            if complete {
                if p.last && a.equal(FULL, p.range) == p.range {
                    done();
                }
                continue;
            }
            let s = a.down();
            let full = s.equal(FULL, p.next);
            let free = s.equal(FREE, p.next);
            // A square still to come needs two moves (one as a terminal) among the
            // squares still to come and the frontier squares not yet full; a
            // frontier square left unused, two among the squares still to come.
            let entry = p.prune[p.next.but(full).gather() as usize];
            let room = entry & 0xff;
            // A square to come whose only moves left are the two ends of one
            // fragment would close a cycle with both: it must end the path.
            let closing = p
                .pairs
                .iter()
                .filter(|&&(i, j)| s.get(i) == s.get(j) && s.get(i) >= FIRST_LABEL)
                .count() as u32;
            let forced = (entry >> 8 & 0xff) + free.and(p.starved).marked() + closing;
            // The moves the frontier squares still need: one an end, two an
            // unused square, one less for each of the (at most two) that may
            // end the whole path.
            let unused = free.marked();
            let ends = w as u32 - unused - full.marked();
            let loose = if cycles { 0 } else { (ends + unused).min(2) };
            if entry >> 16 != 0 || ends + 2 * unused - loose > room || (forced > 0 && cycles) {
                continue;
            }
            // Colours: the squares still to come, in runs between the frontier's
            // ends, alternate colours, so a run between two white ends has one
            // black square more, between two black ends one white more, and
            // mixed ends as many of each. Twice (the white squares to come less
            // the black ones) is then the black ends less the white ones (an
            // unused square counts as two ends); each of the path's terminals
            // not yet fixed moves that by one either way.
            let white_ends = p.next.but(full).and(p.whites).marked() + free.and(p.whites).marked();
            let black_less_white = (ends + 2 * unused) as i32 - 2 * white_ends as i32;
            let terminals = s.equal(TO_TERMINAL, p.next).marked();
            let slack = if cycles { 0 } else { 2 - terminals as i32 };
            let off = p.balance - black_less_white;
            if off.abs() > slack || (off - slack) % 2 != 0 {
                continue;
            }
            if forced > 0 {
                // ... and in a path such squares are terminals: at most two in all, one besides the start.
                let fits = match self.start {
                    None => terminals + forced <= 2,
                    Some(_) => terminals + forced <= 1 + u32::from(p.start_gone),
                };
                if !fits {
                    continue;
                }
            }
            out(s);
        }
    }
}

/// Adding one square, worked out for a whole layer of states.
struct Plan<K> {
    /// The moves back, as slots of the frontier before the square is added.
    back: Vec<usize>,
    /// The subsets of `back` (as bit masks) the square may take: at most two, one for the start.
    moves: Vec<u32>,
    /// The slots leaving before the square's own, each with its place in `back` if one.
    needs: Vec<(usize, Option<usize>)>,
    /// The slots leaving once the square is added (`w` being the square), the start first.
    leaving: Vec<usize>,
    /// The start's slot, while it is in the frontier.
    start_slot: Option<usize>,
    /// Whether the start has left the frontier once the square is added.
    start_gone: bool,
    /// Whether it is the board's last square.
    last: bool,
    /// The slots `0..=w`, marked.
    range: K,
    /// The slots of the next frontier, `0..w`, marked.
    next: K,
    /// The next frontier's squares with fewer than two moves left but the start, marked.
    starved: K,
    /// The next frontier's white squares, marked.
    whites: K,
    /// Twice the white squares still to come less twice the black ones.
    balance: i32,
    /// By the not-full squares of the next frontier (a mask of `0..w`): the
    /// moves the squares still to come can give the frontier (bits 0..8),
    /// how many of them must be terminals (bits 8..16), and whether one has
    /// no move left (bit 16).
    prune: Vec<u32>,
    /// The next frontier's two slots of each square to come (but the start)
    /// whose only moves left are into them (open tours only).
    pairs: Vec<(usize, usize)>,
}

fn run_keyed<S: Stored>(walk: &Walk, memory: u64, ctl: &Control) -> Result<Run> {
    macro_rules! attempt {
        ($l:literal) => {{
            match run_with::<S, $l>(walk, memory, ctl) {
                Ok((count, peak_states)) => {
                    return Ok(Run::Done {
                        count: count.to_big(),
                        peak_states,
                    })
                }
                Err(Halt::Carry) => {}
                Err(Halt::Stopped { columns }) => return Ok(Run::Stopped { columns }),
                Err(Halt::Memory { states, bytes }) => {
                    return Err(Error::TooLarge {
                        bound: Bound::Other("memory (MiB) the frontier programme would hold"),
                        got: Size::from(bytes.div_ceil(1 << 20)),
                        limit: Size::from(memory >> 20),
                        note: format!(" (the memory limit), with {states} states"),
                    })
                }
            }
        }};
    }
    attempt!(1);
    attempt!(2);
    attempt!(4);
    attempt!(8);
    attempt!(16);
    attempt!(32);
    Err(Error::TooLarge {
        bound: Bound::Other("count bits"),
        got: Size::Count(32 * 64 + 1),
        limit: Size::Count(32 * 64),
        note: String::new(),
    })
}

/// Runs the programme on `dims` (at least one side at most 8) for `census`, within `memory` bytes.
pub(crate) fn run(dims: Dims, census: Census, memory: u64, ctl: &Control) -> Result<Run> {
    if let Some(run) = meet::count(dims, census, memory, ctl) {
        return Ok(run);
    }
    run_walk(&Walk::new(dims, census), memory, ctl)
}

/// Runs the programme along `walk`, within `memory` bytes.
fn run_walk(walk: &Walk, memory: u64, ctl: &Control) -> Result<Run> {
    if walk.n == 1 {
        // One square: the open tour of no move; no closed one.
        let count = BigUint::from(u8::from(walk.census != Census::Cycles));
        return Ok(Run::Done {
            count,
            peak_states: 1,
        });
    }
    ctl.progress().set_total(walk.columns() as u64);
    // A step holds the frontier and the added square: `w + 1` squares in a
    // `u64` up to 7 rows; 8 rows are stepped in a `u128` and stored narrow.
    if walk.w < <u64 as Key>::SLOTS {
        run_keyed::<u64>(walk, memory, ctl)
    } else if walk.w <= Narrow::SLOTS {
        run_keyed::<Narrow>(walk, memory, ctl)
    } else {
        Err(Error::TooLarge {
            bound: Bound::Other("board short side"),
            got: Size::from(walk.rows),
            limit: Size::from((Narrow::SLOTS - 1) / 2),
            note: " for the frontier programme".to_string(),
        })
    }
}

/// Which engine counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The frontier programme on boards with a side of at most 8, but for
    /// the grid of open counts from each start on boards of at most 36
    /// squares and 5 or 6 rows; backtracking then, and when the frontier
    /// states would not fit on a board of at most [`MAX_FALLBACK_CELLS`]
    /// squares (larger ones are refused).
    #[default]
    Auto,
    /// The backtracking counter (boards of at most [`MAX_COUNT_CELLS`](super::MAX_COUNT_CELLS) squares).
    Backtrack,
    /// The frontier programme (boards with a side of at most 8).
    Frontier,
}

/// Which tours a count takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Starts {
    /// The directed tours from one square.
    From(Pos),
    /// The directed tours from each square (the grid) and their sum.
    Every,
    /// Only the sum of the directed tours over every start: for open tours
    /// the frontier programme makes one run instead of one a start.
    Sum,
}

/// A count to make: the board, open or closed, from where, by which engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountRequest {
    /// The board.
    pub dims: Dims,
    /// Closed tours (the last square a knight's move from the first).
    pub closed: bool,
    /// From one square or from every square.
    pub starts: Starts,
    /// The engine.
    pub method: Method,
    /// The memory the frontier programme may take, in bytes: by default
    /// [`DEFAULT_MEMORY_LIMIT`] or what the machine has available, the less;
    /// a limit above what the machine has available is refused.
    pub memory_limit: u64,
    /// Only this part of a backtracking count (the parts add up to the whole).
    pub shard: Shard,
}

impl CountRequest {
    /// Counts on `dims` from `starts` with the automatic choice of engine and the default memory limit.
    pub fn new(dims: Dims, closed: bool, starts: Starts) -> Self {
        CountRequest {
            dims,
            closed,
            starts,
            method: Method::Auto,
            memory_limit: crate::memory::default_limit(DEFAULT_MEMORY_LIMIT),
            shard: Shard::WHOLE,
        }
    }
}

/// An exact count of tours, of any length: JSON carries it as a number when
/// it fits in 64 bits, as a decimal string beyond.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct TourCount(pub BigUint);

impl std::fmt::Display for TourCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for TourCount {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match u64::try_from(&self.0) {
            Ok(n) => s.serialize_u64(n),
            Err(_) => s.serialize_str(&self.0.to_string()),
        }
    }
}

impl From<u64> for TourCount {
    fn from(n: u64) -> Self {
        TourCount(BigUint::from(n))
    }
}

/// A count of tours, checked as far as it can be: the keys are those of the CLI's JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CountReport {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Closed tours.
    pub closed: bool,
    /// The engine that counted (`backtrack` or `frontier`).
    pub method: Method,
    /// The start square, when counting from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Pos>,
    /// Directed tours from the start (a closed tour once per direction).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<TourCount>,
    /// Closed tours as undirected cycles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycles: Option<TourCount>,
    /// `counts[r][c]`: directed tours from square (r, c).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<Vec<TourCount>>>,
    /// Directed tours summed over every start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<TourCount>,
    /// Whether the count was stopped: backtracking counts are then lower
    /// bounds, the frontier programme gives none.
    pub partial: bool,
    /// Stopped frontier programme: the board columns it had taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns_done: Option<usize>,
    /// Frontier programme: the most states it held at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_states: Option<u64>,
    /// The part counted (`i/N`) when only a part of a backtracking count was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
}

/// The most frontier states a board with `rows` on its short side is
/// expected to need for closed tours and for open tours summed over every
/// start (from one start they are not folded with their mirror images: about
/// twice as many): measured here up to 6 rows (6 × 6 open: 944,747; 6 × 8
/// open: 10,052,101; 6 × 40 closed: at most 1,082,610) and for 7 × 7 open
/// (89,973,427 after one square, the most, in 3.4 GiB); 7 rows closed from
/// the growth per row; 8 rows closed: Knuth reports about 8.3·10^8 states a
/// step for closed tours of 8 × n, but a board of `cols` = 8 is short, its
/// states the most mid-board: measured here, 424,517,295 after square 44
/// of 64, the most, in a resident set of 14.6 GiB (4.3·10^8 allowed, so
/// that it runs under `--memory 16500`). A step that passes the memory
/// limit all the same stops with a one-line error.
pub fn estimated_states(rows: usize, cols: usize, closed: bool) -> u64 {
    if (rows, cols, closed) == (8, 8, true) {
        return 430_000_000;
    }
    const CLOSED: [u64; 9] = [
        1,
        1,
        1,
        200,
        1_000,
        15_000,
        1_200_000,
        30_000_000,
        900_000_000,
    ];
    const OPEN: [u64; 9] = [
        1,
        1,
        10,
        2_000,
        20_000,
        450_000,
        8_000_000,
        100_000_000,
        10_000_000_000,
    ];
    let table = if closed { &CLOSED } else { &OPEN };
    table.get(rows).copied().unwrap_or(u64::MAX)
}

/// The largest board the automatic choice backtracks when the frontier
/// states would not fit: 7 × 7 open under a limit below the frontier's
/// estimate is a count of hours that ends (and may be stopped); the 10^13 and more tours of larger boards such
/// as 8 × 8 would not end, so those are refused with the frontier's limit.
pub const MAX_FALLBACK_CELLS: usize = 49;

/// What the frontier programme runs for a request (the first of its runs for a grid).
fn census_of(request: &CountRequest) -> Census {
    match (request.closed, request.starts) {
        (true, _) => Census::Cycles,
        (false, Starts::From(p)) => Census::PathsFrom(p),
        (false, _) => Census::Paths,
    }
}

/// Refuses up front a request whose frontier would not fit in its memory limit.
fn check_memory(request: &CountRequest) -> Result<()> {
    let (dims, memory) = (request.dims, request.memory_limit);
    let (rows, cols) = (dims.rows.min(dims.cols), dims.rows.max(dims.cols));
    if rows > 8 {
        return Err(Error::TooLarge {
            bound: Bound::Other("board short side"),
            got: Size::from(rows),
            limit: Size::from(8usize),
            note: " for the frontier programme".to_string(),
        });
    }
    let fit = memory / bytes_per_state(1);
    // Open tours from a start (one run for each, or for each orbit) lose
    // the mirror folding that halves the states of the other counts.
    let folded = request.closed || request.starts == Starts::Sum;
    let need = estimated_states(rows, cols, request.closed) * if folded { 1 } else { 2 };
    if need > fit {
        return Err(Error::TooLarge {
            bound: Bound::Other("estimated frontier states"),
            got: Size::from(need),
            limit: Size::from(fit),
            note: format!(" that fit the memory limit of {} MiB", memory >> 20),
        });
    }
    Ok(())
}

/// Counts the knight's tours of a request, by backtracking or by the frontier programme.
///
/// Closed tours come both as directed tours from a square (twice the cycles)
/// and as cycles; open tours are directed, from one square or from each.
/// Counts are exact at any length. A stop (`ctl`) is a report with `partial`
/// set. Refused up front: a frontier board whose states would not fit in the
/// memory limit, a backtracking board over [`MAX_COUNT_CELLS`](super::MAX_COUNT_CELLS) squares, a
/// start off the board.
///
/// ```
/// use puzzles::control::Control;
/// use puzzles::grid::{Dims, Pos};
/// use puzzles::knight::census::{count, CountRequest, Method, Starts};
///
/// let dims = Dims::new(6, 6, 100)?;
/// let mut request = CountRequest::new(dims, true, Starts::From(Pos::new(0, 0)));
/// request.method = Method::Frontier;
/// let report = count(&request, &Control::new())?;
/// assert_eq!(report.cycles.unwrap().to_string(), "9862");
/// assert_eq!(report.count.unwrap().to_string(), "19724");
/// # Ok::<(), puzzles::Error>(())
/// ```
pub fn count(request: &CountRequest, ctl: &Control) -> Result<CountReport> {
    let dims = request.dims;
    crate::memory::check_limit(request.memory_limit)?;
    if let Starts::From(p) = request.starts {
        Knight::new(dims, p, request.closed)?;
    }
    let mut method = match request.method {
        Method::Auto => {
            let short = dims.rows.min(dims.cols);
            // Measured: the frontier (meeting in the middle up to 6 rows) is faster
            // than backtracking but for the grid of open counts from each start of a
            // board of at most 36 squares, one run a start (6 × 6: 1.5 s against 1.3 s
            // wall; summed in one run, 0.29 s against 1.74 s wall side by side). A board whose frontier
            // states would not fit is backtracked when it can be (a long count the user
            // may stop, up to 7 × 7), refused otherwise.
            let grid = request.starts == Starts::Every && !request.closed;
            let frontier = short <= 8 && (short <= 4 || dims.cells() > 36 || !grid);
            let fits = check_memory(request);
            if frontier && (fits.is_ok() || dims.cells() > super::MAX_COUNT_CELLS) {
                Method::Frontier
            } else {
                // Past 7 × 7 backtracking could not end: the frontier's refusal, with its limit.
                if dims.cells() > MAX_FALLBACK_CELLS && !ruled_out(dims, census_of(request)) {
                    fits?;
                }
                Method::Backtrack
            }
        }
        m => m,
    };
    if method == Method::Frontier && request.shard != Shard::WHOLE {
        if request.method == Method::Frontier {
            return Err(Error::usage(
                "the frontier programme counts a board whole: shards split backtracking only",
            ));
        }
        // Only backtracking splits into shards.
        method = Method::Backtrack;
    }
    let mut report = CountReport {
        rows: dims.rows,
        cols: dims.cols,
        closed: request.closed,
        method,
        start: None,
        count: None,
        cycles: None,
        counts: None,
        total: None,
        partial: false,
        columns_done: None,
        peak_states: None,
        shard: (request.shard != Shard::WHOLE).then(|| request.shard.to_string()),
    };
    if method == Method::Backtrack {
        backtrack(request, &mut report, ctl)?;
    } else {
        check_memory(request)?;
        frontier(request, &mut report, ctl)?;
    }
    Ok(report)
}

fn backtrack(request: &CountRequest, report: &mut CountReport, ctl: &Control) -> Result<()> {
    let dims = request.dims;
    let whole = request.shard == Shard::WHOLE;
    match request.starts {
        Starts::From(p) => {
            let knight = Knight::new(dims, p, request.closed)?;
            let c = count_tours_shard(&knight, request.shard, ctl)?;
            report.start = Some(p);
            report.count = Some(c.count.into());
            report.partial = c.partial;
            if request.closed && !c.partial && whole {
                report.cycles = Some((c.count / 2).into());
            }
        }
        Starts::Every | Starts::Sum => {
            let all = count_all_starts_shard(dims, request.closed, request.shard, ctl)?;
            report.partial = all.iter().any(|c| c.partial);
            let total: u64 = all.iter().map(|c| c.count).sum();
            // A closed tour visits every square: the cycles through the first are all of them.
            if request.closed && !report.partial && whole {
                report.cycles = Some(all.first().map_or(0, |c| c.count / 2).into());
            }
            if request.starts == Starts::Every {
                report.counts = Some(
                    all.chunks(dims.cols)
                        .map(|row| row.iter().map(|c| c.count.into()).collect())
                        .collect(),
                );
            }
            report.total = Some(total.into());
        }
    }
    Ok(())
}

/// One run of the programme into the report: `None` when it was stopped.
fn frontier_run(
    dims: Dims,
    census: Census,
    request: &CountRequest,
    report: &mut CountReport,
    ctl: &Control,
) -> Result<Option<BigUint>> {
    if ruled_out(dims, census) {
        return Ok(Some(BigUint::ZERO));
    }
    match run(dims, census, request.memory_limit, ctl)? {
        Run::Done { count, peak_states } => {
            report.peak_states = Some(report.peak_states.unwrap_or(0).max(peak_states));
            Ok(Some(count))
        }
        Run::Stopped { columns } => {
            report.partial = true;
            report.columns_done = Some(columns);
            Ok(None)
        }
    }
}

fn frontier(request: &CountRequest, report: &mut CountReport, ctl: &Control) -> Result<()> {
    let dims = request.dims;
    // A path of two squares or more is two directed tours; the one square is one.
    let ways = if dims.cells() == 1 { 1u32 } else { 2 };
    if request.closed {
        let Some(cycles) = frontier_run(dims, Census::Cycles, request, report, ctl)? else {
            return Ok(());
        };
        let from = TourCount(&cycles * 2u32);
        match request.starts {
            Starts::From(p) => {
                report.start = Some(p);
                report.count = Some(from);
            }
            Starts::Every => {
                report.total = Some(TourCount(&from.0 * dims.cells()));
                report.counts = Some(vec![vec![from; dims.cols]; dims.rows]);
            }
            Starts::Sum => report.total = Some(TourCount(&from.0 * dims.cells())),
        }
        report.cycles = Some(TourCount(cycles));
        return Ok(());
    }
    match request.starts {
        Starts::From(p) => {
            report.start = Some(p);
            if let Some(c) = frontier_run(dims, Census::PathsFrom(p), request, report, ctl)? {
                report.count = Some(TourCount(c));
            }
        }
        Starts::Sum => {
            if let Some(paths) = frontier_run(dims, Census::Paths, request, report, ctl)? {
                report.total = Some(TourCount(paths * ways));
            }
        }
        Starts::Every => {
            // One run per orbit of the board's symmetries, checked against the
            // count of all paths (each path is read from both its ends).
            let mut by_orbit: HashMap<Pos, BigUint> = HashMap::new();
            let mut grid = Vec::with_capacity(dims.rows);
            for r in 0..dims.rows {
                let mut row = Vec::with_capacity(dims.cols);
                for c in 0..dims.cols {
                    let rep = super::count::images(dims, Pos::new(r, c))
                        .into_iter()
                        .min()
                        .unwrap_or(Pos::new(r, c));
                    let n = match by_orbit.entry(rep) {
                        std::collections::hash_map::Entry::Occupied(e) => e.get().clone(),
                        std::collections::hash_map::Entry::Vacant(e) => {
                            let Some(n) =
                                frontier_run(dims, Census::PathsFrom(rep), request, report, ctl)?
                            else {
                                return Ok(());
                            };
                            e.insert(n).clone()
                        }
                    };
                    row.push(TourCount(n));
                }
                grid.push(row);
            }
            let total: BigUint = grid.iter().flatten().map(|c| &c.0).sum();
            let Some(paths) = frontier_run(dims, Census::Paths, request, report, ctl)? else {
                return Ok(());
            };
            if paths * ways != total {
                return Err(Error::Check(format!("the tours from each square of the {dims} board do not add up to twice the paths")));
            }
            report.counts = Some(grid);
            report.total = Some(TourCount(total));
        }
    }
    Ok(())
}

/// Whether a theorem rules out every tour counted by `census` (then the count is 0 at once).
pub(crate) fn ruled_out(dims: Dims, census: Census) -> bool {
    let (closed, start) = match census {
        Census::Cycles => (true, Pos::new(0, 0)),
        Census::Paths => return false,
        Census::PathsFrom(p) => (false, p),
    };
    theorems::impossible(&Knight {
        dims,
        start,
        closed,
    })
    .is_some()
}

#[cfg(test)]
mod tests;
