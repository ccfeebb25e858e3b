//! The board as the halves see it: the squares by the middle, the moves across it, and the state words on them.

use super::super::key::Key;
use super::super::meet::word::Word;
use super::super::meet::{renumber, Move, FIRST_LABEL, FREE, FRESH, FULL};
use super::super::Census;
use crate::grid::{Dims, Pos};

/// The column programme's code of a fragment end leading to an open path's terminal (closed tours have none).
const TO_TERMINAL: u8 = 2;

/// The slots of a state word: a square's slot is its index modulo this.
const RING: usize = 32;

/// The board as the halves see it: `rows` ≤ `cols`, squares numbered `col · rows + row`.
pub(super) struct Halves {
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// The columns of the left half.
    pub(super) h: usize,
    /// Open tours: the apex (see `meet`) is joined to every square, or
    /// to the two ends given.
    pub(super) open: bool,
    /// What is counted, on the board as the halves see it.
    pub(super) census: Census,
}

impl Halves {
    pub(super) fn slot(&self, square: usize) -> usize {
        square % RING
    }

    /// The apex's slot in the words of a half of `t` columns: the first
    /// after the squares of columns `t − 2` to `t` (at most 24 of the 32).
    pub(super) fn apex(&self, t: usize) -> usize {
        self.slot((t + 1) * self.rows)
    }

    pub(super) fn square(&self, row: usize, col: usize) -> usize {
        col * self.rows + row
    }

    /// The squares a knight's move from `(row, col)`.
    pub(super) fn neighbours(
        &self,
        row: usize,
        col: usize,
    ) -> impl Iterator<Item = (usize, usize)> + '_ {
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
    pub(super) fn share(&self, t: usize) -> Vec<(usize, usize)> {
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
    pub(super) fn word(&self, key: u128, t: usize) -> u128 {
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
    pub(super) fn moved(
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
    pub(super) fn flipped(&self, k: u128, t: usize) -> u128 {
        self.moved(k, [t - 1, t], |r, c| (self.rows - 1 - r, c), self.apex(t))
    }

    /// The image across the middle column of a word on columns `t − 1` and
    /// `t`, its apex in the left half's slot.
    pub(super) fn mirrored(&self, k: u128, t: usize) -> u128 {
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
    ///
    /// Both ends given: only they have edges to the apex, and each must
    /// take it. `right`: the right half, from its own side.
    pub(super) fn moves(&self, t: usize, right: bool) -> (Vec<Move<u128>>, usize) {
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
        let own = self.apex_squares(t, right);
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
                let apex_edge = c < t && own.contains(&self.square(r, c));
                after[self.square(r, c)] = (moves + usize::from(apex_edge)) as u8;
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
                    forced: b == apex && self.ends_given(),
                    labels: (in_hand as u64 / 2 + 1).min(FRESH - FIRST_LABEL),
                    colours: None,
                }
            })
            .collect();
        (moves, most)
    }

    /// Whether a half's states are kept folded with their images across the
    /// middle row: when the rows are even (the share is then its own image)
    /// and no end is given (ends break the symmetry).
    pub(super) fn folded(&self) -> bool {
        self.rows % 2 == 0 && !self.ends_given()
    }

    /// Whether the right half is the left one's mirror image: when the
    /// columns are even and no end is given.
    pub(super) fn mirrored_halves(&self) -> bool {
        self.cols % 2 == 0 && !self.ends_given()
    }

    /// Whether both ends of the path are given.
    pub(super) fn ends_given(&self) -> bool {
        matches!(self.census, Census::PathsBetween(..))
    }

    /// What the column programme counts on the half of `right` (from its own side).
    pub(super) fn census_of(&self, right: bool) -> Census {
        let turn = |p: Pos| Pos::new(p.row, self.cols - 1 - p.col);
        match self.census {
            Census::PathsBetween(p, q) if right => Census::PathsBetween(turn(p), turn(q)),
            c => c,
        }
    }

    /// The squares of columns `t − 2` and `t − 1` of the half of `right`
    /// (from its own side, `t` columns) joined to the apex: all of them for
    /// open tours summed, the given ends among them, none for closed tours.
    fn apex_squares(&self, t: usize, right: bool) -> Vec<usize> {
        let squares = (t - 2) * self.rows..t * self.rows;
        match self.census_of(right) {
            Census::Paths => squares.collect(),
            Census::PathsBetween(p, q) => [p, q]
                .into_iter()
                .map(|p| self.square(p.row, p.col))
                .filter(|v| squares.contains(v))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The high bits of the nibbles of the squares where the halves meet, and of the apex for open tours.
    pub(super) fn high(&self) -> u128 {
        let apex = self.open.then(|| self.apex(self.h));
        u128::nibbles(self.meeting() | apex.map_or(0, |a| 1 << a)) & u128::filled(8)
    }

    /// The slots of the squares where the halves meet (columns `h − 1` and `h`), as a mask.
    pub(super) fn meeting(&self) -> u32 {
        ((self.h - 1) * self.rows..(self.h + 1) * self.rows)
            .fold(0u32, |m, b| m | 1 << self.slot(b))
    }
}
