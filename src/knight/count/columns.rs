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

use super::key::{Key, Narrow, Stored};
use super::layers::{run_with, ColumnsHalt, Wide};
use super::{Census, Outcome};
use crate::control::Control;
use crate::error::{Bound, Error, Result, Size};
use crate::grid::{Dims, Pos};
use num_bigint::BigUint;

/// An unused frontier square.
const FREE: u8 = 0;
/// A full square: two moves, or a terminal that left the frontier.
const FULL: u8 = 1;
/// A fragment end whose other end is a terminal of the open path.
const TO_TERMINAL: u8 = 2;
/// The first fragment label (labels pair the two ends of a fragment).
pub(super) const FIRST_LABEL: u8 = 3;
/// The label of a fragment the added square starts: above any a state holds
/// (at most eight fragments, labels up to 10), renumbered before it is kept.
const FRESH: u8 = 15;

/// The board as the programme walks it: `rows` ≤ `cols`, squares numbered `col · rows + row`.
pub(super) struct Sweep {
    pub(super) rows: usize,
    pub(super) n: usize,
    /// Frontier width: `2·rows + 1`.
    pub(super) w: usize,
    /// For each square `v`: its moves back, as slots of the frontier before `v` is added (`0..w`).
    back: Vec<Vec<usize>>,
    /// For each square `v`: the slots (of `0..=w`, `w` being `v`) that leave the frontier once `v` is added.
    leaving: Vec<Vec<usize>>,
    /// For each square `v`: the slots whose squares have fewer than two moves left after `v`.
    starved: Vec<u32>,
    /// For each square `v`: the squares still to come that have a move into
    /// the frontier once `v` is added, as (the slots of those moves, of
    /// `0..=w`; the number of their moves to squares still to come; whether
    /// it is one of the path's given ends).
    ahead: Vec<Vec<(u32, u8, bool)>>,
    /// The squares an open path must end on (none, one or two): each has
    /// exactly one move.
    pub(super) ends: Vec<usize>,
    /// Whether other squares may end the path (open tours with fewer than two ends given).
    free_ends: bool,
    /// For each square `v`: how many of the given ends are still to leave
    /// the frontier once `v` is added (one that has left is a terminal).
    ends_left: Vec<u8>,
    census: Census,
}

impl Sweep {
    pub(super) fn new(dims: Dims, census: Census) -> Sweep {
        // Along the longer side.
        Sweep::along(dims, census, dims.rows > dims.cols)
    }

    /// The walk of `dims` column by column, or row by row when `turned`.
    pub(super) fn along(dims: Dims, census: Census, turned: bool) -> Sweep {
        Sweep::along_to(dims, census, turned, usize::MAX)
    }

    /// The walk of `dims` for the first `columns` columns of a count whose
    /// other ends, if any, lie past them: the squares past them may end the
    /// path as far as pruning goes (a square with one move left is not
    /// dropped), so that the states suit any ends there.
    pub(super) fn half(dims: Dims, census: Census, columns: usize) -> Sweep {
        Sweep::along_to(dims, census, false, columns)
    }

    /// [`Sweep::along`], the squares past the first `columns` columns taken
    /// as ends that may be (see [`Sweep::half`]).
    fn along_to(dims: Dims, census: Census, turned: bool, columns: usize) -> Sweep {
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
            crate::knight::SEED_MOVES
                .iter()
                .filter_map(|&(dr, dc)| walked.checked(r + dr, c + dc))
                .map(|q| q.col * rows + q.row)
                .collect()
        };
        let nbrs: Vec<Vec<usize>> = (0..n).map(neighbours).collect();
        let mut back = vec![Vec::new(); n];
        let mut leaving = vec![Vec::new(); n];
        for v in 0..n {
            back[v] = nbrs[v]
                .iter()
                .filter(|&&u| u < v)
                .map(|&u| u + w - v)
                .collect();
            let last = nbrs[v].iter().copied().max().unwrap_or(v).max(v);
            leaving[last].push(v + w - last);
        }
        let (ends, free_ends) = match census {
            Census::Cycles => (vec![], false),
            Census::Paths => (vec![], true),
            Census::PathsFrom(p) => (vec![index(p)], true),
            Census::PathsBetween(p, q) => (vec![index(p), index(q)], false),
        };
        for (v, list) in leaving.iter_mut().enumerate() {
            // The given ends leave first, so that a terminal leaving with one knows it is one.
            list.sort_by_key(|&slot| (!ends.contains(&(slot + v).wrapping_sub(w)), slot));
        }
        let starved = starved_slots(&nbrs, w);
        let loose: Vec<usize> = (columns.saturating_mul(rows)..n)
            .chain(ends.iter().copied())
            .collect();
        let ahead = ahead_of(&nbrs, w, &loose);
        // A given end leaves once its last neighbour is added.
        let leaves: Vec<usize> = ends
            .iter()
            .map(|&s| nbrs[s].iter().copied().max().unwrap_or(s).max(s))
            .collect();
        let ends_left = (0..n)
            .map(|v| leaves.iter().filter(|&&t| t > v).count() as u8)
            .collect();
        Sweep {
            ends_left,
            free_ends,
            rows,
            n,
            w,
            back,
            leaving,
            starved,
            ahead,
            ends,
            census,
        }
    }

    /// The columns of the walked board.
    fn columns(&self) -> usize {
        self.n / self.rows
    }

    /// What adding square `v` needs, worked out once for the whole layer.
    pub(super) fn plan<K: Key>(&self, v: usize) -> SquarePlan<K> {
        let w = self.w;
        let back = self.back[v].clone();
        let end_slots = self
            .ends
            .iter()
            .filter_map(|&s| (s + w).checked_sub(v).filter(|&x| x <= w))
            .fold(0u32, |m, x| m | 1 << x);
        let cap = if end_slots >> w & 1 == 1 { 1 } else { 2 };
        let moves = (0u32..1 << back.len())
            .filter(|m| m.count_ones() <= cap)
            .collect();
        let needs = self.leaving[v]
            .iter()
            .filter(|&&x| x != w)
            .map(|&x| (x, back.iter().position(|&u| u == x)))
            .collect();
        let starved = self.starved[v] & !end_slots;
        // The squares still to come, by the frontier squares (after `v`) not yet full.
        let ahead = &self.ahead[v];
        let prune = (0u32..1 << w)
            .map(|open| {
                let (mut room, mut forced, mut dead) = (0, 0, false);
                for &(slots, later, is_end) in ahead {
                    let from = ((slots >> 1) & open).count_ones();
                    room += from.min(2);
                    match u32::from(later) + from {
                        0 => dead = true,
                        1 if !is_end => forced += 1,
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
            .filter(|&&(slots, later, is_end)| {
                open && later == 0 && !is_end && (slots >> 1).count_ones() == 2
            })
            .map(|&(slots, _, _)| {
                let low = (slots >> 1).trailing_zeros() as usize;
                (low, 31 - (slots >> 1).leading_zeros() as usize)
            })
            .collect();
        SquarePlan {
            pairs,
            whites: K::spread(whites),
            balance,
            back,
            moves,
            needs,
            leaving: self.leaving[v].clone(),
            end_slots,
            ends_left: u32::from(self.ends_left[v]),
            free_ends: self.free_ends,
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
    pub(super) fn step<K: Key>(
        &self,
        p: &SquarePlan<K>,
        key: K,
        out: &mut impl FnMut(K),
        done: &mut impl FnMut(),
    ) {
        let Some((barred, needed)) = self.constraints(p, key) else {
            return;
        };
        for &mask in &p.moves {
            if mask & barred != 0 || mask & needed != needed {
                continue;
            }
            match self.taken(p, key, mask) {
                Some((_, true)) => done(),
                Some((a, false)) => {
                    let s = a.down();
                    if self.viable(p, s) {
                        out(s);
                    }
                }
                None => {}
            }
        }
    }

    /// The moves back square `v` cannot make (to a full square, or to the
    /// start once it has its one move) and those it must make (to a square
    /// leaving now that still needs one), as masks over `p.back`; `None`
    /// when a square leaving now cannot get the moves it needs.
    #[inline(always)]
    fn constraints<K: Key>(&self, p: &SquarePlan<K>, key: K) -> Option<(u32, u32)> {
        let cycles = self.census == Census::Cycles;
        let mut barred = 0u32;
        for (j, &u) in p.back.iter().enumerate() {
            let x = key.get(u);
            if x == FULL || (p.end_slots >> u & 1 == 1 && x != FREE) {
                barred |= 1 << j;
            }
        }
        let mut needed = 0u32;
        for &(x, j) in &p.needs {
            match (key.get(x), j) {
                (FULL | TO_TERMINAL, _) => {}
                // An unused square needs two moves (a terminal one), and v gives one at most.
                (FREE, _) if cycles => return None,
                (FREE, None) => return None,
                (_, None) if cycles => return None,
                (y, Some(j)) if cycles || y == FREE => needed |= 1 << j,
                _ => {}
            }
        }
        Some((barred, needed))
    }

    /// The state `key` with the moves `mask` taken and the squares leaving
    /// gone (the frontier and the added square, `0..=w`), and whether the
    /// tour is then whole (a last square completing it); `None` when the
    /// moves close a cycle short of the board, or a square leaves without
    /// its moves.
    #[inline(always)]
    fn taken<K: Key>(&self, p: &SquarePlan<K>, key: K, mask: u32) -> Option<(K, bool)> {
        let w = self.w;
        let cycles = self.census == Census::Cycles;
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
                            return None;
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
                FREE => return None,
                TO_TERMINAL => {
                    // Square x ends the path; a second whole path would leave two.
                    if complete {
                        return None;
                    }
                    a = a.set(x, FULL);
                    complete = true;
                }
                _ if cycles => return None,
                label => {
                    // Square x ends the whole path.
                    let terminals = a.equal(TO_TERMINAL, p.range).marked();
                    // A given end; or, while fewer are given, any square, as
                    // long as the terminals placed and the given ends still
                    // to leave come to at most two.
                    let allowed =
                        p.end_slots >> x & 1 == 1 || (p.free_ends && terminals + p.ends_left < 2);
                    if !allowed {
                        return None;
                    }
                    a = a.set(x, FULL);
                    a = a.flip(a.equal(label, p.range), label ^ TO_TERMINAL);
                }
            }
        }
        if complete && !(p.last && a.equal(FULL, p.range) == p.range) {
            // A whole tour before the last square: no successor.
            return None;
        }
        Some((a, complete))
    }

    /// Whether the successor `s` (the frontier after the square, `0..w`)
    /// can still be completed: the moves the squares still to come can
    /// give, the squares that must end the path, and the colours.
    #[inline(always)]
    fn viable<K: Key>(&self, p: &SquarePlan<K>, s: K) -> bool {
        let w = self.w;
        let cycles = self.census == Census::Cycles;
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
            return false;
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
            return false;
        }
        // ... and in a path such squares are terminals: at most two in all
        // with the given ends, and none besides two given ends.
        forced == 0 || (p.free_ends && terminals + forced + p.ends_left <= 2)
    }
}

/// For each square `v` of a board whose squares have the moves `nbrs`
/// (frontier width `w`): the slots whose squares have fewer than two moves
/// left after `v`.
fn starved_slots(nbrs: &[Vec<usize>], w: usize) -> Vec<u32> {
    let mut starved = vec![0u32; nbrs.len()];
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
    starved
}

/// For each square `v` (see [`Sweep::ahead`]): the squares still to come
/// with a move into the frontier once `v` is added, as (the slots of those
/// moves, their moves to squares still to come, whether it is one of `ends`).
fn ahead_of(nbrs: &[Vec<usize>], w: usize, ends: &[usize]) -> Vec<Vec<(u32, u8, bool)>> {
    let n = nbrs.len();
    (0..n)
        .map(|v| {
            (v + 1..n.min(v + w + 1))
                .filter_map(|y| {
                    let slots = nbrs[y]
                        .iter()
                        .filter(|&&u| u <= v)
                        .fold(0u32, |m, &u| m | 1 << (u + w - v));
                    let later = nbrs[y].iter().filter(|&&u| u > v).count() as u8;
                    (slots != 0).then_some((slots, later, ends.contains(&y)))
                })
                .collect()
        })
        .collect()
}

/// Adding one square, worked out for a whole layer of states.
pub(super) struct SquarePlan<K> {
    /// The moves back, as slots of the frontier before the square is added.
    back: Vec<usize>,
    /// The subsets of `back` (as bit masks) the square may take: at most two, one for the start.
    moves: Vec<u32>,
    /// The slots leaving before the square's own, each with its place in `back` if one.
    needs: Vec<(usize, Option<usize>)>,
    /// The slots leaving once the square is added (`w` being the square), the start first.
    leaving: Vec<usize>,
    /// The slots of the given ends (of `0..=w`), while they are in the frontier.
    end_slots: u32,
    /// The given ends still to leave the frontier once the square is added.
    ends_left: u32,
    /// Whether squares other than the given ends may end the path.
    free_ends: bool,
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

/// Where the programme runs with keys stored as `S` and counts of `L` limbs:
/// in this process, or shared among several.
pub(super) trait Runner {
    /// The count and the most states held after one square, within `memory` bytes (a process).
    fn run<S: Stored, const L: usize>(
        &self,
        walk: &Sweep,
        memory: u64,
        ctl: &Control,
    ) -> Result<(Wide<L>, u64), ColumnsHalt>;
}

/// The programme in this process, on every core.
struct Local;

impl Runner for Local {
    fn run<S: Stored, const L: usize>(
        &self,
        walk: &Sweep,
        memory: u64,
        ctl: &Control,
    ) -> Result<(Wide<L>, u64), ColumnsHalt> {
        run_with::<S, L>(walk, memory, ctl)
    }
}

fn run_keyed<S: Stored>(
    walk: &Sweep,
    memory: u64,
    ctl: &Control,
    runner: &impl Runner,
) -> Result<Outcome> {
    macro_rules! attempt {
        ($l:literal) => {{
            match runner.run::<S, $l>(walk, memory, ctl) {
                Ok((count, peak_states)) => {
                    return Ok(Outcome::Done {
                        count: count.to_big(),
                        peak_states,
                    })
                }
                Err(ColumnsHalt::Carry) => {}
                Err(ColumnsHalt::Stopped { columns }) => return Ok(Outcome::Stopped { columns }),
                Err(ColumnsHalt::Memory { states, bytes }) => {
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

/// Runs the programme along `walk`, within `memory` bytes.
pub(super) fn run_walk(walk: &Sweep, memory: u64, ctl: &Control) -> Result<Outcome> {
    run_walk_by(walk, memory, ctl, &Local)
}

/// Runs the programme along `walk` by `runner`, within `memory` bytes a process.
pub(super) fn run_walk_by(
    walk: &Sweep,
    memory: u64,
    ctl: &Control,
    runner: &impl Runner,
) -> Result<Outcome> {
    if walk.n == 1 {
        // One square: the open tour of no move; no closed one.
        let count = BigUint::from(u8::from(walk.census != Census::Cycles));
        return Ok(Outcome::Done {
            count,
            peak_states: 1,
        });
    }
    ctl.progress().set_total(walk.columns() as u64);
    // A step holds the frontier and the added square: `w + 1` squares in a
    // `u64` up to 7 rows; 8 rows are stepped in a `u128` and stored narrow.
    if walk.w < <u64 as Key>::SLOTS {
        run_keyed::<u64>(walk, memory, ctl, runner)
    } else if walk.w <= Narrow::SLOTS {
        run_keyed::<Narrow>(walk, memory, ctl, runner)
    } else {
        Err(Error::TooLarge {
            bound: Bound::Other("board short side"),
            got: Size::from(walk.rows),
            limit: Size::from((Narrow::SLOTS - 1) / 2),
            note: " for the frontier programme".to_string(),
        })
    }
}
