//! Closed tours, and open ones summed over every start, counted by meeting the column programme in the middle: the states of the left half, of the right half (the left's mirror image), and the moves across.
//!
//! The column programme (see `columns`) runs over the first `h = ⌊cols/2⌋`
//! columns only: its states then give, for each square of columns `h − 2`
//! and `h − 1` (the squares with moves still to come), whether it is
//! unused, full or a fragment end, with the pairing of the ends. The board's
//! left–right mirror turns the states after the first `cols − h` columns
//! into those of the right half, on columns `h` and `h + 1` (the same run
//! when the columns are even). What neither half takes are the knight moves
//! across the middle, from columns `h − 2` and `h − 1` to columns `h` and
//! `h + 1` (40 on eight rows). The left half's states take them one at a
//! time, as meeting in the middle does (see `meet`), until the left
//! squares are full: the states then live on the right half's squares, and
//! each is joined with the right half's states that make up each square to
//! two moves; a pair counts when the two pairings of the ends make one
//! cycle. This is the transfer matrix run from both ends and joined in the
//! middle, with the column programme's pruning on each half (Stoyan and
//! Strehl, "Enumeration of Hamiltonian circuits in rectangular grids",
//! J. Combin. Math. Combin. Comput. 21, 1996; Jacobsen, "Exact enumeration
//! of Hamiltonian circuits, walks and chains in two and three dimensions",
//! J. Phys. A 40, 2007).
//!
//! The left half's states are kept folded with their mirror images across
//! the middle row (the moves across and the right half are symmetric so,
//! and a state and its image join alike); the right half's are unfolded.
//! On 8 × 8 the left half holds 3,969,876 states at its end, where the
//! column programme goes on to hold 424 million.
//!
//! Taking the moves across multiplies a half's states about sixteenfold for
//! closed tours (far more for open ones), and the layers in between need
//! more room than the states at the end: a half whose crossing would not
//! fit is taken across a part of its states at a time, each part's states
//! merged into the rest as they come. The
//! states across wait in buckets by a class of their moves a square that
//! two states which join always share (see [`class`]), and the buckets are
//! joined one at a time, so that the join's tables hold one bucket. Parts
//! cost time: states of two parts that would have merged before the end
//! are taken across twice (6 × 7 open, whose right half holds 696,299
//! states across the middle, made 9.9 million in parts of 300 states).
//!
//! Open tours (undirected Hamiltonian paths, counted over every start) are
//! the Hamiltonian cycles through one extra vertex, the apex, joined to
//! every square (Knuth's DYNAHAMP, as in `meet`): its two edges are the
//! path's terminals. The column programme marks a fragment end whose other
//! end is a terminal already placed (see `columns`); such an end leads to
//! the apex, so one of them shares its label with the apex, and two share
//! one, the apex full between them. The squares of the two columns by the
//! middle of each half may still end the path: each half takes their edges
//! to the apex along with its share of the moves across, each right after
//! the square's last move of the share. Where the halves meet, the apex is
//! one more square whose moves the two halves make up to two. On 8 × 8 the
//! left half then holds 126,875,529 states after four columns (209,779,949
//! at the most within the fourth), 32 times the closed ones, and a part of
//! a few hundred thousand of them grows to 10^8 states while it is taken
//! across (300 times and more, against 16 for closed tours): the count is
//! refused up front under the default memory limit (12 GiB), and in parts
//! it would take about half a day on two cores (see the knight guide).

use super::columns::Walk;
use super::key::{canonical, Key, Mirror, Narrow, Stored};
use super::layers::{merge_equal, run_squares, ColumnsHalt, Wide};
use super::meet::word::{Split, Word};
use super::meet::{
    advance, closing_sum, complement, degrees, merge_into, pairing, renumber, Layer, MeetHalt,
    Move, Watch, FIRST_LABEL, FREE, FRESH, FULL,
};
use super::one_cycle::one_cycle_sum;
use super::{Census, Outcome};
use crate::control::{Control, NoProgress};
use crate::error::{Bound, Error, Result, Size};
use crate::grid::Dims;
use num_bigint::BigUint;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::ops::Range;
use std::sync::Arc;

/// The column programme's code of a fragment end leading to an open path's terminal (closed tours have none).
const TO_TERMINAL: u8 = 2;

/// The slots of a state word: a square's slot is its index modulo this.
const RING: usize = 32;

/// The board as the halves see it: `rows` ≤ `cols`, squares numbered `col · rows + row`.
struct Halves {
    rows: usize,
    cols: usize,
    /// The columns of the left half.
    h: usize,
    /// Open tours: the apex (see `meet`) is joined to every square.
    open: bool,
}

impl Halves {
    fn slot(&self, square: usize) -> usize {
        square % RING
    }

    /// The apex's slot in the words of a half of `t` columns: the first
    /// after the squares of columns `t − 2` to `t` (at most 24 of the 32).
    fn apex(&self, t: usize) -> usize {
        self.slot((t + 1) * self.rows)
    }

    fn square(&self, row: usize, col: usize) -> usize {
        col * self.rows + row
    }

    /// The squares a knight's move from `(row, col)`.
    fn neighbours(&self, row: usize, col: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let dims = Dims {
            rows: self.rows,
            cols: self.cols,
        };
        crate::knight::SEED_MOVES
            .iter()
            .filter_map(move |&(dr, dc)| {
                dims.checked(row as i64 + dr, col as i64 + dc)
                    .map(|q| (q.row, q.col))
            })
    }

    /// The moves a half of `t` columns (counted from its own side) takes
    /// across the middle, as (its square, the other half's square): all
    /// from column `t − 2` to column `t`, and of those from column `t − 1`
    /// to column `t`, two rows apart, those going down in the upper rows and
    /// up in the lower ones. The other half's share, read from its own side,
    /// is the mirror image of the rest, so the two shares make every move
    /// across once; and the share is its own image across the middle row
    /// when the rows are even (then a state and its image join alike).
    fn share(&self, t: usize) -> Vec<(usize, usize)> {
        let rows = self.rows;
        let mut moves = Vec::new();
        for r in 0..rows {
            for (q, c) in self.neighbours(r, t - 2) {
                if c == t {
                    moves.push((self.square(r, t - 2), self.square(q, t)));
                }
            }
        }
        for r in 0..rows.saturating_sub(2) {
            let (from, to) = if r < (rows - 2) / 2 {
                (r, r + 2)
            } else {
                (r + 2, r)
            };
            moves.push((self.square(from, t - 1), self.square(to, t)));
        }
        // By the square of column `t`, row by row, so that the squares of
        // column `t − 2` leave early.
        moves.sort_by_key(|&(a, b)| (b % rows, a));
        moves
    }

    /// The state word of a column-programme state after `t` columns (a
    /// `u128` of the column programme's nibbles) on the squares of columns
    /// `t − 2` and `t − 1`, and the apex: the ends leading to a terminal of
    /// the path lead to the apex (its edges are the terminals), so one such
    /// end shares a label with the apex, and two share one, the apex full.
    /// Closed tours have no such ends: the apex stays unused, and the join
    /// leaves it out.
    fn word(&self, key: u128, t: usize) -> u128 {
        let mut k = 0u128;
        let mut terminals = 0;
        for i in 1..=2 * self.rows {
            let square = (t - 2) * self.rows + i - 1;
            let code = match key.get(i) {
                TO_TERMINAL => {
                    terminals += 1;
                    FRESH
                }
                c if c < TO_TERMINAL => u64::from(c),
                l => u64::from(l) - 1,
            };
            k = k.with(self.slot(square), code);
        }
        let apex = match terminals {
            0 => FREE,
            1 => FRESH,
            _ => FULL,
        };
        renumber(k.with(self.apex(t), apex), 0, 0, FRESH - FIRST_LABEL)
    }

    /// The word `k` on columns `cols` (`t − 1` and `t`) with each square
    /// `(r, c)` moved to `to(r, c)` and the apex to slot `apex`, its labels
    /// renumbered.
    fn moved(
        &self,
        k: u128,
        cols: [usize; 2],
        to: impl Fn(usize, usize) -> (usize, usize),
        apex: usize,
    ) -> u128 {
        let mut out = 0u128.with(apex, k.nibble(self.apex(cols[1])));
        for c in cols {
            for r in 0..self.rows {
                let (r2, c2) = to(r, c);
                out = out.with(
                    self.slot(self.square(r2, c2)),
                    k.nibble(self.slot(self.square(r, c))),
                );
            }
        }
        renumber(out, 0, 0, FRESH - FIRST_LABEL)
    }

    /// The image across the middle row of a word on columns `t − 1` and `t`.
    fn flipped(&self, k: u128, t: usize) -> u128 {
        self.moved(k, [t - 1, t], |r, c| (self.rows - 1 - r, c), self.apex(t))
    }

    /// The image across the middle column of a word on columns `t − 1` and
    /// `t`, its apex in the left half's slot.
    fn mirrored(&self, k: u128, t: usize) -> u128 {
        self.moved(
            k,
            [t - 1, t],
            |r, c| (r, self.cols - 1 - c),
            self.apex(self.h),
        )
    }

    /// The moves of the share of a half of `t` columns as steps of the
    /// meet, and the most squares in hand at once (the apex with them).
    ///
    /// Open tours: each square of columns `t − 2` and `t − 1` may end the
    /// path, by its edge to the apex, taken right after its last move of
    /// the share (first, if it has none): a square of column `t − 2` then
    /// has no move to come, and takes the edge exactly when it lacks one.
    /// The other half takes the edges of its own two columns.
    fn moves(&self, t: usize) -> (Vec<Move<u128>>, usize) {
        let rows = self.rows;
        let apex = rows * self.cols;
        let slot = |v: usize| {
            if v == apex {
                self.apex(t)
            } else {
                self.slot(v)
            }
        };
        let share = self.share(t);
        let last = |v: usize| share.iter().rposition(|&(a, _)| a == v);
        let first = |v: usize| share.iter().position(|&(_, b)| b == v);
        let own: Vec<usize> = if self.open {
            ((t - 2) * rows..t * rows).collect()
        } else {
            Vec::new()
        };
        // The edges in order, each with the place in the share of the move it comes with.
        let mut edges: Vec<((usize, usize), usize)> = own
            .iter()
            .filter(|&&v| last(v).is_none())
            .map(|&v| ((v, apex), 0))
            .collect();
        for (i, &m) in share.iter().enumerate() {
            edges.push((m, i));
            edges.extend(
                own.iter()
                    .filter(|&&v| last(v) == Some(i))
                    .map(|&v| ((v, apex), i)),
            );
        }
        // The moves each square has outside the half's own (and its edge to
        // the apex), less those taken; the apex's edges to come are those
        // of the squares of columns `t − 2` to `t + 1`.
        let mut after = vec![0u8; apex + 1];
        for c in t - 2..=t {
            for r in 0..rows {
                let moves = self
                    .neighbours(r, c)
                    .filter(|&(_, c2)| c == t || c2 >= t)
                    .count();
                after[self.square(r, c)] = (moves + usize::from(self.open)) as u8;
            }
        }
        after[apex] = 4 * rows as u8;
        let left: Vec<usize> = (0..rows).map(|r| self.square(r, t - 2)).collect();
        let mut most = 0;
        let moves = edges
            .iter()
            .map(|&((a, b), i)| {
                after[a] -= 1;
                after[b] -= 1;
                let gone = left
                    .iter()
                    .filter(|&&x| last(x).is_some_and(|j| j < i))
                    .count();
                let come = (0..rows)
                    .filter(|&r| first(self.square(r, t)).is_some_and(|j| j <= i))
                    .count();
                let in_hand = 2 * rows - gone + come + usize::from(self.open);
                most = most.max(in_hand);
                let leaving = [a, b]
                    .iter()
                    .filter(|&&v| after[v] == 0)
                    .fold(0u32, |m, &v| m | 1 << slot(v));
                Move {
                    x: slot(a),
                    y: slot(b),
                    after_x: after[a],
                    after_y: after[b],
                    leave: u128::nibbles(leaving),
                    forced: false,
                    labels: (in_hand as u64 / 2 + 1).min(FRESH - FIRST_LABEL),
                    colours: None,
                }
            })
            .collect();
        (moves, most)
    }

    /// Whether a half's states are kept folded with their images across the
    /// middle row: when the rows are even (the share is then its own image).
    fn folded(&self) -> bool {
        self.rows % 2 == 0
    }

    /// The high bits of the nibbles of the squares where the halves meet, and of the apex for open tours.
    fn high(&self) -> u128 {
        let apex = self.open.then(|| self.apex(self.h));
        u128::nibbles(self.meeting() | apex.map_or(0, |a| 1 << a)) & u128::filled(8)
    }

    /// The slots of the squares where the halves meet (columns `h − 1` and `h`), as a mask.
    fn meeting(&self) -> u32 {
        ((self.h - 1) * self.rows..(self.h + 1) * self.rows)
            .fold(0u32, |m, b| m | 1 << self.slot(b))
    }
}

/// Why the halves could not give a count.
enum Ended {
    /// The board does not suit (a count would carry past 64 bits, or the
    /// crossing would pass the memory limit): the column programme counts.
    Unsuited,
    /// Stopped from outside, after `columns` columns of a half.
    Stopped { columns: usize },
    /// An error to report.
    Failed(Error),
}

/// The states of the walk after its first `columns` columns, as `u128`
/// words of the column programme's nibbles, with their counts, and the most
/// states held.
fn half<S: Stored>(
    walk: &Walk,
    columns: usize,
    memory: u64,
    ctl: &Control,
) -> std::result::Result<(Vec<(u128, u64)>, u64), Ended> {
    match run_squares::<S, 1>(walk, columns * walk.rows, memory, ctl) {
        Ok((_, peak, states)) => {
            let states = states
                .into_iter()
                .map(|(k, c): (S, Wide<1>)| {
                    let k = k.unpack();
                    let wide = (0..walk.w).fold(0u128, |x, i| x.set(i, k.get(i)));
                    (wide, c.0[0])
                })
                .collect();
            Ok((states, peak))
        }
        Err(ColumnsHalt::Carry) => Err(Ended::Unsuited),
        Err(ColumnsHalt::Stopped { columns }) => Err(Ended::Stopped { columns }),
        Err(ColumnsHalt::Memory { states, bytes }) => Err(Ended::Failed(Error::TooLarge {
            bound: Bound::Other("memory (MiB) the frontier programme would hold"),
            got: Size::from(bytes.div_ceil(1 << 20)),
            limit: Size::from(memory >> 20),
            note: format!(" (the memory limit), with {states} states"),
        })),
    }
}

/// The states of a folded layer (each the smaller of itself and its mirror
/// image across the middle row, counted for both) one by one, each with its
/// own count; `None` when a count that should split evenly does not.
fn unfolded(layer: &[(u128, u64)], rows: usize) -> Option<Vec<(u128, u64)>> {
    let w = 2 * rows + 1;
    let range = u128::spread((1 << w) - 1);
    let mirror = Mirror::<u128>::new(rows);
    let mut out = Vec::with_capacity(2 * layer.len());
    for &(k, c) in layer {
        let m = canonical(mirror.apply(k), range);
        if m == k {
            out.push((k, c));
        } else if c % 2 == 0 {
            out.push((k, c / 2));
            out.push((m, c / 2));
        } else {
            return None;
        }
    }
    Some(out)
}

/// The states after `k` columns of the column programme on boards of
/// `rows` rows (folded), as measured here at four columns (closed, 8 rows:
/// 3,969,876; 7 rows: 239,743; 6 rows: 12,260; 5 rows: 1,125; open summed,
/// 8 rows: 126,875,529; 7 rows: 6,352,912; 6 rows: 328,771; 5 rows: 15,017)
/// and growing by about the factor measured from the fourth column to the
/// fifth (closed, 8 rows: 20; 7 rows: 14; 6 rows: 10; 5 rows: 4; open, 6
/// rows: 6.0; 5 rows: 4.2; 7 and 8 rows, not measured: the closed ones')
/// each column after.
fn column_states(rows: usize, k: usize, closed: bool) -> f64 {
    let (at_four, growth): (f64, f64) = match (closed, rows) {
        (true, 5) => (1.2e3, 4.0),
        (true, 6) => (1.3e4, 10.0),
        (true, 7) => (2.4e5, 14.0),
        (true, _) => (4.0e6, 20.0),
        (false, 5) => (1.6e4, 4.2),
        (false, 6) => (3.3e5, 6.0),
        (false, 7) => (6.4e6, 14.0),
        (false, _) => (1.3e8, 20.0),
    };
    at_four * growth.powi(k as i32 - 4)
}

/// The states the halves are expected to hold at the most, on a board of
/// `rows` ≤ `cols` (closed tours, or open ones summed over every start):
/// each half's states across the middle (see [`growth_across`]; one half
/// when the columns are even, the other its mirror image), and with them
/// its states before, where the moves across hardly add any; `u64::MAX`
/// where they do not apply.
pub(super) fn estimated_states(rows: usize, cols: usize, closed: bool) -> u64 {
    if !(5..=8).contains(&rows) || cols < 6 {
        return u64::MAX;
    }
    let held = |k: usize| {
        let growth = growth_across(rows, k, closed);
        column_states(rows, k, closed) * if growth < 2.0 { 1.0 + growth } else { growth }
    };
    let (h, k) = (cols / 2, cols - cols / 2);
    let states = held(k) + if h < k { held(h) } else { 0.0 };
    if states >= u64::MAX as f64 {
        u64::MAX
    } else {
        states as u64
    }
}

/// How many times the moves across multiply the states of a half of `k`
/// columns on `rows` rows, about: sixteenfold after four columns (8 × 8
/// closed: 3,969,876 states grow to 64,664,686; 7 × 8 closed: 239,743 to
/// 3,833,580; 6 × 8 open: 328,771 to 3,813,405), but barely after five
/// columns of eight rows, closed, whose states already hold most of what
/// the squares by the middle can be (8 × 10: 80,757,404 to 88,946,920;
/// the column programme held 166,873,588 at the most within the fifth
/// column); sixteenfold where not measured.
fn growth_across(rows: usize, k: usize, closed: bool) -> f64 {
    if closed && rows == 8 && k >= 5 {
        1.1
    } else {
        GROWTH_ACROSS as f64
    }
}

/// Bytes a state takes while it is taken across the middle: the layer, the
/// states taking a move and the room they are sorted in, 24 bytes each
/// (7 × 8 open: 4.07 GB resident at the most for 59,752,024 states, 68
/// bytes a state with the states waiting).
const CROSSING_BYTES: u64 = 3 * 24;

/// The most parts a half is taken across in for the halves to be chosen:
/// two parts whose states would merge across the middle keep them twice
/// until they are merged, and take them across twice (6 × 7 open, taken
/// across in parts of 300 states, made 14 times the 696,299 states it
/// has across the middle).
const MOST_PARTS: u64 = 4;

/// Bytes a state across the middle needs at the least: its entry while it
/// waits for the join, and its share of the room to take the half across
/// in at most [`MOST_PARTS`] parts.
pub(super) const BYTES_PER_STATE: u64 = WAITING_BYTES + CROSSING_BYTES / MOST_PARTS;

/// Whether the halves' estimated states fit `memory` bytes.
pub(super) fn fits(rows: usize, cols: usize, closed: bool, memory: u64) -> bool {
    estimated_states(rows, cols, closed).saturating_mul(BYTES_PER_STATE) <= memory
}

/// Counts closed tours (undirected cycles) or open ones summed over every
/// start (undirected paths: `census`) on `dims` by meeting the column
/// programme in the middle; `None` when the board does not suit (then the
/// others count).
pub(super) fn count(
    dims: Dims,
    census: Census,
    memory: u64,
    ctl: &Control,
) -> Option<Result<Outcome>> {
    let (rows, cols) = (dims.rows.min(dims.cols), dims.rows.max(dims.cols));
    if cols < 6 {
        return None;
    }
    count_as_walked(Dims { rows, cols }, census, memory, None, ctl)
}

/// Counts as [`count`] does on `dims` as given, squares numbered down the
/// rows column by column, even when the rows are the longer side (a board
/// of 7 or 8 rows and 4 or 5 columns then takes the words of 7 or 8 rows);
/// `None` when the board does not suit.
pub(super) fn count_as_walked(
    dims: Dims,
    census: Census,
    memory: u64,
    forced: Option<&Layout>,
    ctl: &Control,
) -> Option<Result<Outcome>> {
    let (rows, cols) = (dims.rows, dims.cols);
    if matches!(census, Census::PathsFrom(_)) || !(5..=8).contains(&rows) || cols < 4 {
        return None;
    }
    let board = Halves {
        rows,
        cols,
        h: cols / 2,
        open: census == Census::Paths,
    };
    let sides = if cols % 2 == 0 {
        vec![board.h]
    } else {
        vec![board.h, cols - board.h]
    };
    for &t in &sides {
        let (_, most) = board.moves(t);
        // Fragment labels must stay below the code of a fresh one.
        if most / 2 + 1 + FIRST_LABEL as usize > FRESH as usize {
            return None;
        }
    }
    // The columns of the halves; taking them across counts their states (see `cross_into`).
    ctl.progress().set_total(sides.iter().sum::<usize>() as u64);
    match halves(&board, &sides, memory, forced, ctl) {
        Ok(outcome) => Some(Ok(outcome)),
        Err(Ended::Unsuited) => None,
        Err(Ended::Stopped { columns }) => Some(Ok(Outcome::Stopped { columns })),
        Err(Ended::Failed(e)) => Some(Err(e)),
    }
}

/// A half's states before the moves across: the column programme's after
/// `t` columns, as state words on columns `t − 2` and `t − 1` and the apex,
/// folded with their images across the middle row when the rows are even
/// (the share is then its own image), else unfolded; and the most states
/// the column programme held.
fn start(
    board: &Halves,
    t: usize,
    memory: u64,
    ctl: &Control,
) -> std::result::Result<(Layer<u128>, u64), Ended> {
    let rows = board.rows;
    let census = if board.open {
        Census::Paths
    } else {
        Census::Cycles
    };
    let walk = Walk::along(
        Dims {
            rows,
            cols: board.cols,
        },
        census,
        false,
    );
    let (layer, peak) = if rows == 8 {
        half::<Narrow>(&walk, t, memory, ctl)?
    } else {
        half::<u64>(&walk, t, memory, ctl)?
    };
    let layer = if board.folded() {
        layer
    } else {
        unfolded(&layer, rows).ok_or_else(asymmetric)?
    };
    let start = layer
        .iter()
        .map(|&(k, c)| (Split::pack(board.word(k, t)), c))
        .collect();
    Ok((start, peak))
}

/// The states `part` of the half of `t` columns (from its own side)
/// carried across its share (`moves`), folded when the rows are even, sorted;
/// unsuited when a count would carry or the states pass `watch.most`.
fn cross(
    board: &Halves,
    t: usize,
    moves: &[Move<u128>],
    part: Layer<u128>,
    watch: &mut Watch,
) -> std::result::Result<Layer<u128>, Ended> {
    let mut states = match advance(part, moves, 0, watch) {
        Ok(layer) => layer,
        Err(MeetHalt::Unsuited) => return Err(Ended::Unsuited),
        Err(MeetHalt::Stopped) => return Err(Ended::Stopped { columns: t }),
    };
    if board.folded() {
        for e in states.iter_mut() {
            let k = e.0.unpack();
            e.0 = Split::pack(k.min(board.flipped(k, t)));
        }
        states.sort_unstable_by_key(|e| e.0);
        if !merge_equal(&mut states) {
            return Err(Ended::Unsuited);
        }
    }
    Ok(states)
}

fn asymmetric() -> Ended {
    Ended::Failed(Error::Check(
        "the column states are not symmetric across the middle row".to_string(),
    ))
}

/// Which side a crossed state joins from: the left half's states are
/// joined as they are (and as their images across the middle row), the
/// right half's turned onto the left half's squares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Left,
    Right,
    /// Both, when the right half is the left one's mirror image.
    Both,
}

/// The class of a crossed state `k` of the half of `t` columns, by which
/// it is bucketed: two states that join have the same class.
///
/// A left state `x` (tried as itself and its image `ρx` when folded) joins a
/// right state `y` when the degrees of `y` turned onto the left squares,
/// `D(μy) = π·D(y)` (π swaps the two middle columns), are the complement
/// of those of `x` or of `ρx`. So the left class is the least of the
/// complements of `x` and `ρx`, the right class the least of `D(μy)` and
/// `ρ·D(μy)`, and they agree on every pair that joins. When the right half
/// is the left one's mirror image a state plays both parts; the least of
/// the four is then its class, which again agrees on every pair that
/// joins (with `π·D(y)` the complement of `D(x)`, the four of `y` are those
/// of `x`, since ρ, π and the complement commute).
fn class(board: &Halves, k: u128, t: usize, role: Role, high: u128) -> u64 {
    // The least of `of` over a word and its image across the middle row (when folded).
    let least = |k: u128, of: fn(u128, u128) -> u64| {
        let image = board.folded().then(|| board.flipped(k, board.h));
        [Some(k), image]
            .into_iter()
            .flatten()
            .map(|x| of(x, high))
            .min()
            .expect("a state")
    };
    let left = || least(k, complement::<u128>);
    let right = || least(board.mirrored(k, t), degrees::<u128>);
    match role {
        Role::Left => left(),
        Role::Right => right(),
        Role::Both => left().min(right()),
    }
}

/// The bucket of class `c` among `buckets`.
fn bucket(c: u64, buckets: usize) -> usize {
    ((c.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) % buckets as u64) as usize
}

/// How the states across the middle are made and kept: a half's states
/// are taken across a part at a time, and the states across wait in
/// buckets for a join a bucket at a time.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    /// The most states of a half taken across at once: as many as the
    /// room left allows, at most this.
    pub(super) part: usize,
    pub(super) buckets: usize,
    /// Runs of right states at least this long are joined by contracting
    /// ends (see [`one_cycle_sum`]) rather than by trying each of their
    /// states.
    pub(super) long: usize,
}

/// How many times the states of a half the moves across multiply, about
/// (see [`estimated_states`]): the states across for closed tours (8 × 8:
/// 3,969,876 to 64,664,686), the most while they are taken across for
/// open ones (7 × 8, in parts of a quarter to a half of its 12,705,824
/// unfolded states: 15 to 49 times a part, and 26 million states across
/// at the end).
const GROWTH_ACROSS: u64 = 16;

/// Bytes a state across the middle takes while it waits: its entry.
const WAITING_BYTES: u64 = 24;

/// Bytes a state of the bucket being joined takes besides: its turned
/// entry, its place and its share of the look-up of runs.
const JOINED_BYTES: u64 = 32 + 4 + 36;

/// The most buckets a layout takes.
const MOST_BUCKETS: u64 = 64;

impl Layout {
    /// The layout for starts of `starts` states (both halves') and about
    /// `across` states across the middle, within `memory` bytes: the
    /// buckets as few as leave room for the join.
    pub(super) fn new(starts: u64, across: u64, memory: u64) -> Layout {
        let waiting = (starts + across) * WAITING_BYTES;
        let room = memory.saturating_sub(waiting).max(1);
        let buckets = (across * JOINED_BYTES).div_ceil(room);
        Layout {
            part: usize::MAX,
            buckets: buckets.clamp(1, MOST_BUCKETS) as usize,
            long: LONG_RUN,
        }
    }
}

/// The states across the middle of the half of `t` columns (from its own
/// side), from `start`, merged into `buckets` by their class for `role`,
/// within `memory` bytes; the most states a part held.
///
/// The half is taken across a part at a time, two parts side by side. A
/// part is as large as the room left allows: what `memory` leaves past the
/// start and the states already waiting, shared by the two, over the room
/// a state of a part takes, its bytes times the most growth measured so
/// far (at first [`GROWTH_ACROSS`]) and a fifth more. A part whose states
/// pass its room all the same is split in two and taken again. The parts
/// follow what column `t − 1` and the apex hold (unused, full or an end),
/// so that states apt to merge across the middle are taken across
/// together.
#[allow(clippy::too_many_arguments)]
fn cross_into(
    board: &Halves,
    t: usize,
    mut start: Layer<u128>,
    role: Role,
    layout: &Layout,
    memory: u64,
    buckets: &mut [Layer<u128>],
    ctl: &Control,
) -> std::result::Result<u64, Ended> {
    let high = board.high();
    let (moves, _) = board.moves(t);
    let kept = (0..board.rows).fold(1u32 << board.apex(t), |m, r| {
        m | 1 << board.slot(board.square(r, t - 1))
    });
    let kept = u128::nibbles(kept) & u128::filled(8);
    start.sort_unstable_by_key(|e| (degrees(e.0.unpack(), kept), e.0));
    let held = start.len() as u64 * WAITING_BYTES;
    // The bar counts the half's states taken across; the parts' moves are not shown.
    let bar = ctl.progress();
    bar.set_total(start.len() as u64);
    let quiet = ctl.clone().with_progress(Arc::new(NoProgress));
    let (mut growth, mut peak) = (GROWTH_ACROSS as f64, 0);
    // Parts split again, as ranges of `start` (the next one last), and where the untaken rest begins.
    let (mut split, mut next): (Vec<Range<usize>>, usize) = (Vec::new(), 0);
    let mut sorted: Vec<Layer<u128>> = vec![Vec::new(); buckets.len()];
    while next < start.len() || !split.is_empty() {
        let waiting = buckets.iter().map(Vec::len).sum::<usize>() as u64 * WAITING_BYTES;
        let most = memory.saturating_sub(held + waiting) / 2 / CROSSING_BYTES;
        let size = ((most as f64 / (1.2 * growth)) as usize).clamp(1, layout.part);
        let mut parts = Vec::with_capacity(2);
        while parts.len() < 2 {
            match split.pop() {
                Some(part) => parts.push(part),
                None if next < start.len() => {
                    let end = (next + size).min(start.len());
                    parts.push(next..end);
                    next = end;
                }
                None => break,
            }
        }
        let crossed = |range: Range<usize>| {
            let mut part = start[range.clone()].to_vec();
            part.sort_unstable_by_key(|e| e.0);
            let mut own = Watch {
                peak: 0,
                done: 0,
                most,
                extrapolate: false,
                ctl: &quiet,
            };
            let result = cross(board, t, &moves, part, &mut own);
            (range, result, own.peak)
        };
        let results = match <[Range<usize>; 2]>::try_from(parts) {
            Ok([a, b]) => {
                let (x, y) = rayon::join(|| crossed(a), || crossed(b));
                vec![x, y]
            }
            Err(parts) => parts.into_iter().map(crossed).collect(),
        };
        for (range, result, held_most) in results {
            growth = growth.max(held_most as f64 / range.len() as f64);
            let states = match result {
                Err(Ended::Unsuited) if held_most > most && range.len() > 1 => {
                    let middle = range.start + range.len() / 2;
                    split.push(middle..range.end);
                    split.push(range.start..middle);
                    continue;
                }
                other => other?,
            };
            peak = peak.max(held_most);
            bar.advance(range.len() as u64);
            if buckets.len() == 1 {
                sorted[0] = states;
            } else {
                for &(k, c) in &states {
                    let b = bucket(class(board, k.unpack(), t, role, high), buckets.len());
                    sorted[b].push((k, c));
                }
            }
            for (b, entries) in sorted.iter_mut().enumerate() {
                if buckets[b].is_empty() {
                    buckets[b] = std::mem::take(entries);
                } else if !merge_into::<u128>(&mut buckets[b], entries) {
                    return Err(Ended::Unsuited);
                } else {
                    entries.clear();
                }
            }
        }
        bar.note(&format!(
            "{} states across the middle, peak {peak}",
            buckets.iter().map(Vec::len).sum::<usize>(),
        ));
    }
    Ok(peak)
}

/// Both halves worked out and carried across their shares, then joined bucket by bucket.
fn halves(
    board: &Halves,
    sides: &[usize],
    memory: u64,
    forced: Option<&Layout>,
    ctl: &Control,
) -> std::result::Result<Outcome, Ended> {
    let (left, mut peak) = start(board, board.h, memory, ctl)?;
    let right = match sides {
        [_, t] => {
            let (right, most) = start(board, *t, memory, ctl)?;
            peak = peak.max(most);
            Some((right, *t))
        }
        _ => None,
    };
    let starts = (left.len() + right.as_ref().map_or(0, |r| r.0.len())) as u64;
    let layout = match forced {
        Some(layout) => layout.clone(),
        None => {
            let across =
                |states: usize, k: usize| states as f64 * growth_across(board.rows, k, !board.open);
            let right = right.as_ref().map_or(0.0, |(r, t)| across(r.len(), *t));
            Layout::new(starts, (across(left.len(), board.h) + right) as u64, memory)
        }
    };
    let (same, t) = (right.is_none(), right.as_ref().map_or(board.h, |r| r.1));
    let role = if same { Role::Both } else { Role::Left };
    // Each half is taken across within what the other leaves: its start, then its states across.
    let bytes = |states: usize| states as u64 * WAITING_BYTES;
    let other = bytes(right.as_ref().map_or(0, |r| r.0.len()));
    let mut lefts = vec![Vec::new(); layout.buckets];
    let most = cross_into(
        board,
        board.h,
        left,
        role,
        &layout,
        memory.saturating_sub(other),
        &mut lefts,
        ctl,
    )?;
    peak = peak.max(most);
    let mut rights = match right {
        Some((right, t)) => {
            let other = bytes(lefts.iter().map(Vec::len).sum());
            let mut rights = vec![Vec::new(); layout.buckets];
            let most = cross_into(
                board,
                t,
                right,
                Role::Right,
                &layout,
                memory.saturating_sub(other),
                &mut rights,
                ctl,
            )?;
            peak = peak.max(most);
            Some(rights)
        }
        None => None,
    };
    let across = lefts
        .iter()
        .chain(rights.iter().flatten())
        .map(Vec::len)
        .sum::<usize>();
    peak = peak.max(across as u64);
    let folded = board.folded();
    let mut total = 0u128;
    for b in 0..layout.buckets {
        let left = std::mem::take(&mut lefts[b]);
        let right = rights.as_mut().map(|r| std::mem::take(&mut r[b]));
        let right = right.as_deref().unwrap_or(&left);
        let sum = join(board, &left, right, t, same, layout.long, ctl)?;
        total = total.checked_add(sum).ok_or(Ended::Unsuited)?;
    }
    let count = match (folded, total % 2) {
        (false, _) => total,
        (true, 0) => total / 2,
        (true, _) => return Err(asymmetric()),
    };
    Ok(Outcome::Done {
        count: BigUint::from(count),
        peak_states: peak,
    })
}

/// Joins the left half's states across the middle (`left`, on columns `h −
/// 1` and `h`) with the right half's (`right`, carried across from its own
/// side, `t` columns, folded with their images across the middle row when
/// the rows are even): the sum of the counts of the pairs, each pair
/// counted twice when folded; unsuited when the sum would carry past 128
/// bits.
///
/// When the right half's states are folded with their images across the
/// middle row, each stands for itself and its image, half its count each;
/// the image `σy` of `y` joins a left state `x` as `y` joins `σx`, so each
/// left state is joined with the folded states twice, as itself and as its
/// image (the caller halves the sum).
///
/// When the right half is the left one's mirror image (`same`: the columns
/// are even, and `left` and `right` are the same states), a left state `x`
/// and the mirror image of a left state `z` join as `z` and the image of
/// `x` do (the board's mirror turns one tour into the other), and so do
/// `σx` with `z` and `σz` with `x`: the pairs are counted with `z` from `x`
/// on only (in the right states' order), twice each, and `x` with itself
/// once.
///
/// A left state is tried against each right state of its run, unless the
/// run holds `long_run` states or more: the left states of such a run are
/// gathered and joined with it by contracting ends ([`one_cycle_sum`]).
/// With `same`, all the left states of a run count alike then (none, twice,
/// or, where their mirror images lie in the run itself, once with every
/// state of the run: the pairs and their mirror images are then both in
/// it).
fn join(
    board: &Halves,
    left: &[(Split, u64)],
    right: &[(Split, u64)],
    t: usize,
    same: bool,
    long_run: usize,
    ctl: &Control,
) -> std::result::Result<u128, Ended> {
    let folded = board.folded();
    let meeting = board.meeting();
    let apex = board.open.then(|| board.apex(board.h));
    let high = board.high();
    let mut rank = [0u8; 32];
    for (r, s) in (0..32).filter(|s| meeting >> s & 1 == 1).enumerate() {
        rank[s] = r as u8;
    }
    // The right half's states by the moves they give each square, then by
    // their pairings (a state is its degrees and its pairing, so no two
    // are equal), each with its place in the half.
    let mut turned: Vec<(u64, u64, u64, u32)> = right
        .iter()
        .enumerate()
        .map(|(i, &(k, c))| {
            let y = board.mirrored(k.unpack(), t);
            let i = u32::try_from(i).map_err(|_| Ended::Unsuited)?;
            Ok((
                degrees(y, high),
                ends_paired(y, meeting, &rank, apex).0,
                c,
                i,
            ))
        })
        .collect::<std::result::Result<_, Ended>>()?;
    turned.sort_unstable();
    let mut runs: FxHashMap<u64, (usize, usize)> = FxHashMap::default();
    for (i, e) in turned.iter().enumerate() {
        runs.entry(e.0)
            .and_modify(|r| r.1 = i + 1)
            .or_insert((i, i + 1));
    }
    // Each left state's place among the right ones (`same`): its mirror image's.
    let mut place = vec![0u32; if same { turned.len() } else { 0 }];
    for (p, e) in turned.iter().enumerate().filter(|_| same) {
        place[e.3 as usize] = p as u32;
    }
    let turned: Vec<(u64, u64)> = turned.into_iter().map(|(_, p, c, _)| (p, c)).collect();
    let h = board.h;
    const CHUNK: usize = 1 << 14;
    let sums: Vec<std::result::Result<(u128, Vec<Long>), Ended>> = left
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(n, chunk)| {
            if ctl.stopped() {
                return Err(Ended::Stopped { columns: t });
            }
            let (mut total, mut long) = (0u128, Vec::new());
            let images = |k: u128| [Some(k), folded.then(|| board.flipped(k, h))];
            for (i, &(k, c)) in chunk.iter().enumerate() {
                let own = same.then(|| place[n * CHUNK + i] as usize);
                for k in images(k.unpack()).into_iter().flatten() {
                    let Some(&(from, to)) = runs.get(&complement(k, high)) else {
                        continue;
                    };
                    let (partner, ends) = ends_paired(k, meeting, &rank, apex);
                    if ends == 0 {
                        continue;
                    }
                    let long_here = to - from >= long_run;
                    let times = match own {
                        None => 1,
                        Some(p) if p >= to => continue,
                        Some(p) if p < from => 2,
                        Some(p) if !long_here => {
                            let sum = |a: usize, b: usize| run_sum(partner, ends, &turned[a..b]);
                            let sum = 2 * sum(p + 1, to) + sum(p, p + 1);
                            total = add(total, sum, c)?;
                            continue;
                        }
                        Some(_) => 1,
                    };
                    if long_here {
                        long.push(Long {
                            from: from as u32,
                            to: to as u32,
                            times,
                            ends,
                            partner,
                            count: c,
                        });
                    } else {
                        let sum = run_sum(partner, ends, &turned[from..to]);
                        total = add(total, sum * u128::from(times), c)?;
                    }
                }
            }
            Ok((total, long))
        })
        .collect();
    let (mut total, mut long) = (0u128, Vec::new());
    for s in sums {
        let (sum, more) = s?;
        total = total.checked_add(sum).ok_or(Ended::Unsuited)?;
        long.extend(more);
    }
    // The left states of a long run, by the run and how many times they count.
    long.sort_unstable_by_key(|e| (e.from, e.times));
    let groups: Vec<&[Long]> = long
        .chunk_by(|a, b| (a.from, a.times) == (b.from, b.times))
        .collect();
    let sums: Vec<std::result::Result<u128, Ended>> = groups
        .par_iter()
        .map(|group| {
            if ctl.stopped() {
                return Err(Ended::Stopped { columns: t });
            }
            let first = group[0];
            let left = group
                .iter()
                .map(|e| (e.partner, u128::from(e.count)))
                .collect();
            let right = &turned[first.from as usize..first.to as usize];
            one_cycle_sum(first.ends, left, right)
                .and_then(|s| s.checked_mul(u128::from(first.times)))
                .ok_or(Ended::Unsuited)
        })
        .collect();
    sums.into_iter()
        .try_fold(total, |t, s| t.checked_add(s?).ok_or(Ended::Unsuited))
}

/// `total` plus `sum` times `count`; unsuited when it would carry past 128 bits.
fn add(total: u128, sum: u128, count: u64) -> std::result::Result<u128, Ended> {
    sum.checked_mul(u128::from(count))
        .and_then(|s| total.checked_add(s))
        .ok_or(Ended::Unsuited)
}

/// Right runs from which the join contracts ends (see [`Layout::long`]).
const LONG_RUN: usize = 1024;

/// A left state (or its image) whose class has a long run of right states:
/// the run, how many times the state counts there (see [`join`]), its ends
/// and their pairing, and its count.
#[derive(Clone, Copy)]
struct Long {
    from: u32,
    to: u32,
    times: u8,
    ends: u32,
    partner: u64,
    count: u64,
}

/// The counts of the right states of `run` (sorted by pairing, as
/// `(pairing, count)`) whose pairing makes one cycle with `partner` through
/// the ends `ends`.
///
/// Either each state of the run is tried, or each pairing that closes one
/// cycle is looked up in the run: a try is a few steps along the cycle, a
/// look-up a binary search, some times dearer.
fn run_sum(partner: u64, ends: u32, run: &[(u64, u64)]) -> u128 {
    let closing = CLOSING[ends.count_ones() as usize / 2];
    let bits = u64::from(usize::BITS - run.len().leading_zeros());
    if LOOKUP_COST * closing * bits >= run.len() as u64 {
        let (first, m) = (u64::from(ends.trailing_zeros()), ends.count_ones() / 2);
        return closing_sum(partner, first, m, run, |e| *e);
    }
    let mut sum = 0u128;
    closings(partner, ends, &mut |q| {
        if let Ok(i) = run.binary_search_by_key(&q, |e| e.0) {
            sum += u128::from(run[i].1);
        }
    });
    sum
}

/// How many tries of a right state a look-up of a closing pairing costs, about.
const LOOKUP_COST: u64 = 4;

/// Each fragment end's other end in state `k`, both by their ranks (`rank`)
/// among the slots `meeting` (at most 16: four bits a rank), and the ranks
/// of the ends.
///
/// Open tours: the apex (in slot `apex`), when an end, takes the rank of
/// the first square of `meeting` that is not one. The ends are odd among
/// the squares then, at most 15 of 16; and two states that join have the
/// same ends (their degrees make up two moves a square), so the apex has
/// the same rank in both.
fn ends_paired(k: u128, meeting: u32, rank: &[u8; 32], apex: Option<usize>) -> (u64, u32) {
    let mut k = k;
    if let Some(a) = apex.filter(|&a| k.nibble(a) >= FIRST_LABEL) {
        let mut slots = meeting;
        while slots != 0 {
            let s = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            if k.nibble(s) < FIRST_LABEL {
                k = k.with(s, k.nibble(a));
                break;
            }
        }
    }
    let (partner, ends) = pairing::<u128, 4>(k, meeting, rank);
    (partner as u64, ends)
}

/// The pairings of `m` pairs of ends that make one cycle with a given one: `2^(m−1)·(m−1)!`.
const CLOSING: [u64; 9] = {
    let mut n = [1u64; 9];
    let mut m = 2;
    while m < 9 {
        n[m] = n[m - 1] * 2 * (m as u64 - 1);
        m += 1;
    }
    n
};

/// Calls `f` with each pairing of the ends `ends` (four bits an end, as
/// [`ends_paired`] gives them) that makes one cycle with the pairing `p`.
fn closings(p: u64, ends: u32, f: &mut impl FnMut(u64)) {
    let other = |at: u32| (p >> (4 * at)) as u32 & 15;
    /// From end `at` (reached along `p`), each free end `x` joined to it, then along `p` from `x`.
    fn walk(
        other: &impl Fn(u32) -> u32,
        first: u32,
        at: u32,
        free: u32,
        q: u64,
        f: &mut impl FnMut(u64),
    ) {
        if free == 0 {
            f(q | u64::from(first) << (4 * at) | u64::from(at) << (4 * first));
            return;
        }
        let mut rest = free;
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            let y = other(x);
            let joined = q | u64::from(x) << (4 * at) | u64::from(at) << (4 * x);
            walk(other, first, y, free & !(1 << x | 1 << y), joined, f);
        }
    }
    if ends == 0 {
        return;
    }
    let first = ends.trailing_zeros();
    let second = other(first);
    walk(
        &other,
        first,
        second,
        ends & !(1 << first | 1 << second),
        0,
        f,
    );
}
