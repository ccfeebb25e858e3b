//! A board of cell values in a report (lights, press counts, witnesses, quiet
//! patterns): one representation at every size and state count.
//!
//! In JSON a board is an array of rows, each an array of integers `0..K`
//! (`[[1,0,1],[0,1,0]]`), whatever K and however large the board. In text
//! it is one symbol per cell (digits then letters) up to 36 states, numbers
//! beyond. On/off boards are kept as bits, so a board of 10^8 cells costs
//! 12.5 MB in an answer.

use super::values::{state_rows, MAX_SYMBOL_STATES};
use crate::grid::{BitGrid, Dims, Grid, Pos};
use crate::input::Source;
use crate::linalg::modular::Modulus;
use serde::de::Error as _;
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A board of values `0..K`: the lights, the presses, a witness or a quiet pattern.
#[derive(Debug, Clone)]
pub struct Cells(Repr);

#[derive(Debug, Clone)]
enum Repr {
    /// An on/off board (two states).
    Bits(BitGrid),
    /// Any number of states.
    Values(Grid<u8>),
}

impl Cells {
    /// Reads presses from text in a state file's notation (two states: rows of
    /// `0`/`1`, `.`/`#`, or `X` for a press as the answers print them; more
    /// states: how many times each cell, one symbol a cell, numbers beyond 36).
    ///
    /// ```
    /// use puzzles::input::Source;
    /// use puzzles::lightsout::Cells;
    ///
    /// let presses = Cells::read(&Source::from_text("mine", "X..\n.X.\n"), 2)?;
    /// assert_eq!((presses.dims().rows, presses.sum()), (2, 2));
    /// # Ok::<(), puzzles::Error>(())
    /// ```
    pub fn read(source: &Source, states: u32) -> crate::error::Result<Cells> {
        let k = Modulus::new(states)?;
        let text = match states {
            2 => source.text.replace(['X', 'x'], "#"),
            _ => source.text.clone(),
        };
        let values = super::values::parse_states(
            &Source {
                text,
                ..source.clone()
            },
            k,
        )?;
        Ok(Cells::from(values))
    }

    /// The board's shape.
    pub fn dims(&self) -> Dims {
        match &self.0 {
            Repr::Bits(b) => b.dims(),
            Repr::Values(g) => g.dims(),
        }
    }

    /// The value of cell `p`.
    pub fn get(&self, p: Pos) -> u8 {
        match &self.0 {
            Repr::Bits(b) => b.get(p) as u8,
            Repr::Values(g) => g[p],
        }
    }

    /// The sum of the values (the press count of a board of presses).
    pub fn sum(&self) -> u64 {
        match &self.0 {
            Repr::Bits(b) => b.count_ones() as u64,
            Repr::Values(g) => g.cells().iter().map(|&v| v as u64).sum(),
        }
    }

    /// The board as bits, when every value is 0 or 1.
    pub fn to_bits(&self) -> Option<BitGrid> {
        match &self.0 {
            Repr::Bits(b) => Some(b.clone()),
            Repr::Values(g) => {
                let mut b = BitGrid::new(g.dims());
                for p in g.dims().positions() {
                    match g[p] {
                        0 => {}
                        1 => b.set(p, true),
                        _ => return None,
                    }
                }
                Some(b)
            }
        }
    }

    /// The board as values.
    pub fn to_values(&self) -> Grid<u8> {
        match &self.0 {
            Repr::Bits(b) => {
                let cells = b.dims().positions().map(|p| b.get(p) as u8).collect();
                Grid::from_cells(b.dims(), cells).expect("one value per cell")
            }
            Repr::Values(g) => g.clone(),
        }
    }

    /// Whether the board is held as bits (an on/off board of the classic game).
    pub(crate) fn is_bits(&self) -> bool {
        matches!(self.0, Repr::Bits(_))
    }

    /// The board as text rows for `states` states: one symbol per cell up to
    /// 36 states, numbers separated by spaces beyond (as a state file is read).
    pub fn symbol_rows(&self, states: u8) -> Vec<String> {
        match &self.0 {
            Repr::Bits(b) => b.row_strings('1', '0'),
            Repr::Values(g) => match Modulus::new(states as u32) {
                Ok(k) => state_rows(g, k),
                Err(_) => state_rows(g, Modulus::new(MAX_SYMBOL_STATES as u32 + 1).expect("37")),
            },
        }
    }

    /// The board as rows of `on`/`off` characters (on: any value but 0).
    pub(crate) fn marked_rows(&self, on: char, off: char) -> Vec<String> {
        match &self.0 {
            Repr::Bits(b) => b.row_strings(on, off),
            Repr::Values(g) => g
                .rows()
                .map(|r| r.iter().map(|&v| if v != 0 { on } else { off }).collect())
                .collect(),
        }
    }
}

impl From<BitGrid> for Cells {
    fn from(b: BitGrid) -> Self {
        Cells(Repr::Bits(b))
    }
}

impl From<Grid<u8>> for Cells {
    fn from(g: Grid<u8>) -> Self {
        Cells(Repr::Values(g))
    }
}

/// Boards are equal when their shapes and values are, however they are held.
impl PartialEq for Cells {
    fn eq(&self, other: &Self) -> bool {
        self.dims() == other.dims() && self.dims().positions().all(|p| self.get(p) == other.get(p))
    }
}

impl Eq for Cells {}

/// One row of a board, serialised as an array of integers.
struct Row<'a>(&'a Cells, usize);

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Row(cells, r) = *self;
        let cols = cells.dims().cols;
        let mut seq = s.serialize_seq(Some(cols))?;
        match &cells.0 {
            Repr::Bits(b) => {
                for c in 0..cols {
                    seq.serialize_element(&(b.get(Pos::new(r, c)) as u8))?;
                }
            }
            Repr::Values(g) => {
                for v in &g.cells()[r * cols..(r + 1) * cols] {
                    seq.serialize_element(v)?;
                }
            }
        }
        seq.end()
    }
}

impl Serialize for Cells {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let rows = self.dims().rows;
        let mut seq = s.serialize_seq(Some(rows))?;
        for r in 0..rows {
            seq.serialize_element(&Row(self, r))?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Cells {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rows = Vec::<Vec<u8>>::deserialize(d)?;
        let cols = rows.first().map_or(0, Vec::len);
        if cols == 0 || rows.iter().any(|r| r.len() != cols) {
            return Err(D::Error::custom(
                "a board is a non-empty array of rows of equal length",
            ));
        }
        let dims = Dims {
            rows: rows.len(),
            cols,
        };
        let grid = Grid::from_cells(dims, rows.concat()).expect("one value per cell");
        Ok(Cells(Repr::Values(grid)))
    }
}
