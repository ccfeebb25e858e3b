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

mod closure;
mod cycles;
mod forcing;
mod links;
mod nested;

use super::board::Board;
use super::plus;
use super::{length_bonus, Found};
use closure::Closure;
use cycles::cycle_starts;
use forcing::multiple_into;
pub(crate) use links::Chainer;

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

fn pot(n: usize, cell: usize, d: u8, on: bool) -> Pot {
    (cell * n + d as usize - 1) * 2 + usize::from(on)
}

fn parts(n: usize, p: Pot) -> (usize, u8, bool) {
    ((p / 2) / n, ((p / 2) % n) as u8 + 1, p & 1 == 1)
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
