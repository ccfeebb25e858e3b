//! The moves of a board in the meet's order, each with what taking or passing it needs, and the half turn that maps one half onto the other.

use super::super::Census;
use super::step::{full_nibbles, need};
use super::word::Word;
use super::{FIRST_LABEL, FRESH, MAX_ENDS};
use crate::grid::Dims;

/// One move, with what taking or passing it needs.
pub(in crate::knight::count) struct Move<W> {
    /// The slots of its two squares.
    pub(in crate::knight::count) x: usize,
    pub(in crate::knight::count) y: usize,
    /// The moves each has after this one.
    pub(in crate::knight::count) after_x: u8,
    pub(in crate::knight::count) after_y: u8,
    /// The nibbles of the squares with no move after this one (then full, and cleared).
    pub(in crate::knight::count) leave: W,
    /// The move must be taken (the start's edge to the apex).
    pub(in crate::knight::count) forced: bool,
    /// At least the fragment labels a state holds about this move.
    pub(in crate::knight::count) labels: u64,
    /// For a square's edge to the apex: the colours after the move (see [`Colours`]).
    pub(in crate::knight::count) colours: Option<Colours<W>>,
}

/// The chessboard colours of the squares, which every knight move changes:
/// the moves still needed by the white squares less those needed by the
/// black ones are the path's terminals still to come on white squares less
/// those on black ones, so at most the apex's moves still needed, and of
/// their parity (Hamiltonian cycles: none). Only the apex's moves change it.
#[derive(Clone, Copy)]
pub(in crate::knight::count) struct Colours<W> {
    /// The high bits of the nibbles of the white, and of the black, squares in hand.
    white: W,
    black: W,
    /// Twice (the white squares not yet in hand less the black ones).
    base: i32,
}

impl<W: Word> Colours<W> {
    /// Whether state `k` can still end with its terminals' colours.
    #[inline]
    pub(super) fn fit(&self, k: W) -> bool {
        let (zero, full) = (k.zero_nibbles(), full_nibbles(k));
        let needs = |m: W| (m.ones() + (zero & m).ones()) as i32 - (full & m).ones() as i32;
        let off = self.base + needs(self.white) - needs(self.black);
        let left = i32::from(need(k.nibble(W::NIBBLES - 1)));
        off.abs() <= left && (left - off) % 2 == 0
    }
}

/// The whole programme for one board and census.
pub(super) struct MeetPlan<W> {
    /// The moves below the middle sum, then those of the middle sum.
    pub(super) moves: Vec<Move<W>>,
    /// How many moves lie below the middle sum.
    pub(super) below: usize,
    /// The slots of the ring (all of the word's, or all but the top one, the apex's).
    pub(super) ring: u32,
    /// Where the half turn sends slot 0 of the ring: square `v`'s slot `s`
    /// goes to that of `n − 1 − v`, `(last − s) mod ring`.
    pub(super) last: u32,
    /// The slots of the squares in hand where the halves meet, as a bit mask.
    pub(super) meeting: u32,
    /// The high bits of their nibbles.
    pub(super) meeting_high: W,
}

impl<W: Word> MeetPlan<W> {
    /// The plan for `dims` (rows ≤ cols) and `census`, or `None` when the squares in hand would not fit the slots.
    pub(super) fn new(dims: Dims, census: Census) -> Option<MeetPlan<W>> {
        let (rows, n) = (dims.rows, dims.cells());
        let open = census != Census::Cycles;
        let order = Order::new(dims, open);
        let (edges, apex, upto, below) = (&order.edges, order.apex, order.upto, order.below);
        let ring = W::NIBBLES - usize::from(open);
        let slot = |v: usize| if v == apex { W::NIBBLES - 1 } else { v % ring };
        let most_in_hand = order.most_in_hand(ring)?;
        let start = match census {
            Census::PathsFrom(p) => Some(p.col * rows + p.row),
            _ => None,
        };
        let mut after = vec![0u8; order.first.len()];
        for &(x, y) in edges {
            after[x] += 1;
            after[y] += 1;
        }
        let moves = edges[..upto]
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| {
                after[x] -= 1;
                after[y] -= 1;
                let leave = [x, y]
                    .iter()
                    .filter(|&&v| order.last[v] == i)
                    .fold(0u32, |m, &v| m | 1 << slot(v));
                Move {
                    x: slot(x),
                    y: slot(y),
                    after_x: after[x],
                    after_y: after[y],
                    leave: W::nibbles(leave),
                    forced: y == apex && Some(x) == start,
                    labels: most_in_hand[i] / 2 + 1,
                    colours: (y == apex).then(|| order.colours(rows, i, slot)),
                }
            })
            .collect();
        let (first, last) = (&order.first, &order.last);
        let in_hand = |i: usize| (0..first.len()).filter(move |&v| first[v] < i && last[v] >= i);
        let turn_of = |v: usize| if v == apex { apex } else { n - 1 - v };
        let meeting = in_hand(upto).fold(0u32, |m, v| m | 1 << slot(v));
        // The half turn maps the squares in hand below the middle onto those where the halves meet.
        let turned = in_hand(below).fold(0u32, |m, v| m | 1 << slot(turn_of(v)));
        if turned != meeting || meeting.count_ones() as usize > MAX_ENDS {
            return None;
        }
        Some(MeetPlan {
            moves,
            below,
            ring: ring as u32,
            last: ((n - 1) % ring) as u32,
            meeting,
            meeting_high: W::nibbles(meeting) & W::filled(8),
        })
    }

    /// The state `k` after the moves below the middle, turned a half turn:
    /// the ring's nibbles reversed (slot `s` to `ring − 1 − s`), then turned
    /// by `last + 1`; the apex stays.
    pub(super) fn turned(&self, k: W) -> W {
        let by = 4 * ((self.last + 1) % self.ring);
        let width = 4 * self.ring;
        if self.ring as usize == W::NIBBLES {
            return k.reversed().rotated(by, width);
        }
        let apex = W::nibbles(1 << (W::NIBBLES - 1));
        (k.reversed() >> 4).rotated(by, width) | k & apex
    }
}

/// The moves of a board (and, for open tours, the apex's edges) in the
/// meet's order, with the first and last move of each vertex.
struct Order {
    edges: Vec<(usize, usize)>,
    /// The squares; the apex is vertex `n`.
    n: usize,
    apex: usize,
    open: bool,
    /// How many moves lie below the middle sum, and up to it.
    below: usize,
    upto: usize,
    /// Each vertex's first and last move.
    first: Vec<usize>,
    last: Vec<usize>,
}

impl Order {
    fn new(dims: Dims, open: bool) -> Order {
        let (rows, cols) = (dims.rows, dims.cols);
        let n = rows * cols;
        let apex = n;
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for c in 0..cols {
            for r in 0..rows {
                for (dr, dc) in [(-2i64, 1i64), (-1, 2), (1, 2), (2, 1)] {
                    if let Some(q) = dims.checked(r as i64 + dr, c as i64 + dc) {
                        edges.push((c * rows + r, q.col * rows + q.row));
                    }
                }
            }
        }
        edges
            .iter_mut()
            .for_each(|e| *e = (e.0.min(e.1), e.0.max(e.1)));
        if open {
            edges.extend((0..n).map(|x| (x, apex)));
        }
        // By sum (an apex edge at twice its square), then by length: shortest
        // first below the middle, longest first above it, so that the half turn
        // reverses the order.
        let middle = n as i64 - 1;
        let order = |&(x, y): &(usize, usize)| {
            let (sum, len) = if y == apex {
                (2 * x as i64, 0)
            } else {
                ((x + y) as i64, (y - x) as i64)
            };
            (sum, if sum < middle { len } else { -len })
        };
        edges.sort_by_key(order);
        let below = edges.iter().take_while(|e| order(e).0 < middle).count();
        let upto = edges.iter().take_while(|e| order(e).0 <= middle).count();
        let vertices = n + usize::from(open);
        let (mut first, mut last) = (vec![usize::MAX; vertices], vec![0; vertices]);
        for (i, &(x, y)) in edges.iter().enumerate() {
            for v in [x, y] {
                first[v] = first[v].min(i);
                last[v] = i;
            }
        }
        Order {
            edges,
            n,
            apex,
            open,
            below,
            upto,
            first,
            last,
        }
    }

    /// The most squares in hand (the apex with them) about each move up to
    /// the middle; `None` when they would not fit a ring of `ring` slots,
    /// or their labels the codes below `FRESH`.
    fn most_in_hand(&self, ring: usize) -> Option<Vec<u64>> {
        let (first, last, upto) = (&self.first, &self.last, self.upto);
        let mut most_in_hand = vec![0u64; upto];
        for i in 0..=upto.min(self.edges.len() - 1) {
            let mut live = (0..self.n).filter(|&v| first[v] <= i && last[v] >= i);
            let held = live.clone().count() as u64 + u64::from(self.open);
            for j in [i.saturating_sub(1), i] {
                if j < upto {
                    most_in_hand[j] = most_in_hand[j].max(held);
                }
            }
            if let (Some(lo), Some(hi)) = (live.next(), live.next_back()) {
                if hi - lo >= ring || held / 2 + 1 + FIRST_LABEL > FRESH {
                    return None;
                }
            }
        }
        Some(most_in_hand)
    }

    /// The colours of the squares in hand about move `i` (a board of `rows`
    /// rows, square `v` in slot `slot(v)`).
    fn colours<W: Word>(&self, rows: usize, i: usize, slot: impl Fn(usize) -> usize) -> Colours<W> {
        let (first, last) = (&self.first, &self.last);
        let white = |v: usize| (v % rows + v / rows) % 2 == 0;
        let in_hand = |w: bool| {
            (0..self.n)
                .filter(|&v| white(v) == w && first[v] <= i && last[v] >= i)
                .fold(W::ZERO, |m, v| m | W::nibbles(1 << slot(v)) & W::filled(8))
        };
        let ahead = (0..self.n).filter(|&v| first[v] > i);
        Colours {
            white: in_hand(true),
            black: in_hand(false),
            base: ahead.map(|v| if white(v) { 2 } else { -2 }).sum(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::state;
    use super::*;
    /// The half turn of a state of `plan` sends each slot's code to its image.
    fn turns_each_slot<W: Word>(plan: &MeetPlan<W>, what: &str) {
        let ring = plan.ring as usize;
        let codes: Vec<u64> = (0..W::NIBBLES).map(|s| 1 + (s as u64 * 7) % 15).collect();
        let k = state::<W>(&codes);
        let t = plan.turned(k);
        for s in 0..ring {
            let image = (plan.last as usize + ring - s) % ring;
            assert_eq!(t.nibble(image), k.nibble(s), "{what} slot {s}");
        }
        if ring < W::NIBBLES {
            assert_eq!(
                t.nibble(W::NIBBLES - 1),
                k.nibble(W::NIBBLES - 1),
                "{what} apex"
            );
        }
    }

    #[test]
    fn the_half_turn_sends_each_slot_to_its_image() {
        for (rows, cols, census) in [
            (6, 6, Census::Paths),
            (5, 7, Census::Paths),
            (6, 8, Census::Cycles),
        ] {
            let plan = MeetPlan::<u64>::new(Dims { rows, cols }, census).unwrap();
            turns_each_slot(&plan, &format!("{rows}×{cols}"));
        }
        for (rows, cols, census) in [
            (7, 7, Census::Paths),
            (8, 8, Census::Paths),
            (8, 8, Census::Cycles),
            (8, 10, Census::Cycles),
        ] {
            let dims = Dims { rows, cols };
            assert!(
                MeetPlan::<u64>::new(dims, census).is_none(),
                "{dims} fits 16 slots"
            );
            let plan = MeetPlan::<u128>::new(dims, census).unwrap();
            turns_each_slot(&plan, &format!("{rows}×{cols}"));
        }
    }
}
