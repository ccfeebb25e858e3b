//! The board shared by all four puzzles: a rows × cols grid addressed `(row, col)`, row 0 at the top.
//!
//! ```
//! use puzzles::grid::{BitGrid, Dims, Pos};
//!
//! let dims = Dims::new(3, 4, 100)?; // refused past 100 cells, or with a side of 0
//! assert_eq!(dims.parse_pos("1,2")?, Pos::new(1, 2));
//! let mut lights = BitGrid::new(dims);
//! lights.toggle_plus(Pos::new(0, 0)); // the cell and its orthogonal neighbours
//! assert_eq!(lights.row_strings('#', '.'), ["##..", "#...", "...."]);
//! assert!(Dims::new(0, 4, 100).is_err());
//! # Ok::<(), puzzles::Error>(())
//! ```

use crate::error::{Error, Result, Size};
use fixedbitset::FixedBitSet;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A cell address: 0-based row (0 at the top) and column (0 at the left).
///
/// Serialised as the JSON array `[row, col]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[usize; 2]", into = "[usize; 2]")]
pub struct Pos {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 at the left.
    pub col: usize,
}

impl Pos {
    /// The cell at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }
}

impl From<[usize; 2]> for Pos {
    fn from([row, col]: [usize; 2]) -> Self {
        Pos { row, col }
    }
}

impl From<Pos> for [usize; 2] {
    fn from(p: Pos) -> Self {
        [p.row, p.col]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

/// The shape of a board: `rows` × `cols`, both at least 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dims {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
}

impl Dims {
    /// A board of `rows` × `cols` cells, refused when a side is 0 or the cell
    /// count exceeds `max_cells` (named in the error).
    pub fn new(rows: usize, cols: usize, max_cells: usize) -> Result<Self> {
        if rows == 0 || cols == 0 {
            return Err(Error::usage(format!(
                "a board needs at least one row and one column, got {rows}×{cols}"
            )));
        }
        if rows.checked_mul(cols).is_none_or(|cells| cells > max_cells) {
            return Err(Error::TooLarge {
                bound: crate::error::Bound::BoardCells,
                got: Size::Count(rows as u128 * cols as u128),
                limit: Size::from(max_cells),
                note: format!(" ({rows}×{cols} asked)"),
            });
        }
        Ok(Dims { rows, cols })
    }

    /// Number of cells.
    pub const fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The same board turned a quarter: rows and columns swapped.
    pub const fn transposed(&self) -> Self {
        Dims {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// Row-major index of `p`.
    #[inline]
    pub const fn index(&self, p: Pos) -> usize {
        p.row * self.cols + p.col
    }

    /// The cell at row-major index `i`.
    #[inline]
    pub const fn pos(&self, i: usize) -> Pos {
        Pos {
            row: i / self.cols,
            col: i % self.cols,
        }
    }

    /// The cell at signed coordinates, if it lies on the board.
    #[inline]
    pub fn checked(&self, row: i64, col: i64) -> Option<Pos> {
        (row >= 0 && col >= 0 && (row as u64) < self.rows as u64 && (col as u64) < self.cols as u64)
            .then(|| Pos::new(row as usize, col as usize))
    }

    /// Whether `p` lies on the board.
    pub const fn contains(&self, p: Pos) -> bool {
        p.row < self.rows && p.col < self.cols
    }

    /// The orthogonal neighbours of `p` on the board (north, west, east, south).
    pub fn neighbours(&self, p: Pos) -> impl Iterator<Item = Pos> + '_ {
        const STEPS: [(i64, i64); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
        STEPS
            .iter()
            .filter_map(move |&(dr, dc)| self.checked(p.row as i64 + dr, p.col as i64 + dc))
    }

    /// The orthogonal neighbours of `p` on the torus (edges wrap), each cell
    /// once and never `p` itself: on a board 2 wide the cells left and right
    /// are the same cell, on a board 1 wide they are `p`.
    pub fn torus_neighbours(&self, p: Pos) -> impl Iterator<Item = Pos> {
        let (r, c) = (p.row, p.col);
        let up = Pos::new((r + self.rows - 1) % self.rows, c);
        let down = Pos::new((r + 1) % self.rows, c);
        let left = Pos::new(r, (c + self.cols - 1) % self.cols);
        let right = Pos::new(r, (c + 1) % self.cols);
        let mut cells = [Some(up), Some(left), Some(right), Some(down)];
        for i in 0..4 {
            let dup = cells[i].is_some_and(|q| q == p || cells[..i].contains(&Some(q)));
            if dup {
                cells[i] = None;
            }
        }
        cells.into_iter().flatten()
    }

    /// Every cell, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.cells()).map(|i| self.pos(i))
    }

    /// Parses a cell written `row,col` (0-based), checking it lies on this board.
    pub fn parse_pos(&self, text: &str) -> Result<Pos> {
        let (r, c) = text.split_once(',').ok_or_else(|| {
            Error::usage(format!("cell '{text}' should be written row,col (0-based)"))
        })?;
        let number = |s: &str, what: &str| {
            s.trim().parse::<usize>().map_err(|_| {
                Error::usage(format!(
                    "cell '{text}': {what} '{}' is not a non-negative number",
                    s.trim()
                ))
            })
        };
        let p = Pos::new(number(r, "row")?, number(c, "column")?);
        if !self.contains(p) {
            return Err(Error::usage(format!(
                "cell {p} is off the {}×{} board (rows 0..{}, columns 0..{})",
                self.rows,
                self.cols,
                self.rows - 1,
                self.cols - 1
            )));
        }
        Ok(p)
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.rows, self.cols)
    }
}

/// A value on every cell of a board, stored row by row.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    dims: Dims,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A board with `value` on every cell.
    pub fn filled(dims: Dims, value: T) -> Self {
        Grid {
            dims,
            cells: vec![value; dims.cells()],
        }
    }
}

impl<T> Grid<T> {
    /// A board from its cells in row-major order; `None` if the count is wrong.
    pub fn from_cells(dims: Dims, cells: Vec<T>) -> Option<Self> {
        (cells.len() == dims.cells()).then_some(Grid { dims, cells })
    }

    /// The board's shape.
    pub const fn dims(&self) -> Dims {
        self.dims
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The cells in row-major order, mutable.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The rows, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[T]> {
        self.cells.chunks(self.dims.cols)
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, p: Pos) -> &T {
        &self.cells[self.dims.index(p)]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, p: Pos) -> &mut T {
        let i = self.dims.index(p);
        &mut self.cells[i]
    }
}

/// A board of one bit per cell (lights, presses, activation maps), row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BitGrid {
    dims: Dims,
    bits: FixedBitSet,
}

impl BitGrid {
    /// A board with every bit clear.
    pub fn new(dims: Dims) -> Self {
        BitGrid {
            dims,
            bits: FixedBitSet::with_capacity(dims.cells()),
        }
    }

    /// A board with every bit set.
    pub fn full(dims: Dims) -> Self {
        let mut g = Self::new(dims);
        g.bits.insert_range(..);
        g
    }

    /// A board from its row-major bits; `None` if the length is wrong.
    pub fn from_bits(dims: Dims, bits: FixedBitSet) -> Option<Self> {
        (bits.len() == dims.cells()).then_some(BitGrid { dims, bits })
    }

    /// The board's shape.
    pub const fn dims(&self) -> Dims {
        self.dims
    }

    /// The row-major bits.
    pub fn bits(&self) -> &FixedBitSet {
        &self.bits
    }

    /// The row-major bits, mutable.
    pub fn bits_mut(&mut self) -> &mut FixedBitSet {
        &mut self.bits
    }

    /// The bit of cell `p`.
    #[inline]
    pub fn get(&self, p: Pos) -> bool {
        self.bits.contains(self.dims.index(p))
    }

    /// Sets the bit of cell `p` to `on`.
    #[inline]
    pub fn set(&mut self, p: Pos, on: bool) {
        self.bits.set(self.dims.index(p), on)
    }

    /// Flips the bit of cell `p`.
    #[inline]
    pub fn toggle(&mut self, p: Pos) {
        self.bits.toggle(self.dims.index(p))
    }

    /// Flips `p` and its orthogonal neighbours: a Lights Out press, a Revertigo landing.
    pub fn toggle_plus(&mut self, p: Pos) {
        self.toggle(p);
        for q in self.dims.neighbours(p) {
            self.bits.toggle(self.dims.index(q));
        }
    }

    /// Number of set bits.
    pub fn count_ones(&self) -> usize {
        self.bits.count_ones(..)
    }

    /// Whether no bit is set.
    pub fn is_clear(&self) -> bool {
        self.bits.is_clear()
    }

    /// The cells whose bit is set, row by row.
    pub fn ones(&self) -> impl Iterator<Item = Pos> + '_ {
        self.bits.ones().map(|i| self.dims.pos(i))
    }

    /// Each row as a string: `on` for a set bit, `off` for a clear one, top row first.
    pub fn row_strings(&self, on: char, off: char) -> Vec<String> {
        (0..self.dims.rows)
            .map(|r| {
                (0..self.dims.cols)
                    .map(|c| if self.get(Pos::new(r, c)) { on } else { off })
                    .collect()
            })
            .collect()
    }

    /// The grid whose rows are `rows` (as [`BitGrid::row_strings`] writes
    /// them), `on` a set bit and any other character a clear one; `None`
    /// when the rows are not `dims`.
    pub fn from_row_strings(dims: Dims, rows: &[String], on: char) -> Option<Self> {
        if rows.len() != dims.rows || rows.iter().any(|r| r.chars().count() != dims.cols) {
            return None;
        }
        let mut grid = BitGrid::new(dims);
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                grid.set(Pos::new(r, c), ch == on);
            }
        }
        Some(grid)
    }

    /// Row `r` as 64-bit words: column `c` is bit `c % 64` of word `c / 64`.
    /// For word-parallel kernels (a whole row pressed with a few shifts).
    pub fn row_words(&self, r: usize) -> Vec<u64> {
        let mut row = vec![0u64; self.dims.cols.div_ceil(64)];
        self.row_words_into(r, &mut row);
        row
    }

    /// Writes row `r` as [`BitGrid::row_words`] gives it into `row` (`cols.div_ceil(64)` words).
    pub fn row_words_into(&self, r: usize, row: &mut [u64]) {
        let n = self.dims.cols;
        let start = r * n;
        row.fill(0);
        if usize::BITS == 64 {
            let blocks = self.bits.as_slice();
            let block = |i: usize| blocks.get(i).map_or(0, |&b| b as u64);
            for (k, word) in row.iter_mut().enumerate() {
                let at = start + 64 * k;
                let (i, shift) = (at / 64, at % 64);
                *word = block(i) >> shift;
                if shift > 0 {
                    *word |= block(i + 1) << (64 - shift);
                }
            }
            if n % 64 != 0 {
                if let Some(last) = row.last_mut() {
                    *last &= (1u64 << (n % 64)) - 1;
                }
            }
        } else {
            for c in (0..n).filter(|&c| self.bits.contains(start + c)) {
                row[c / 64] |= 1 << (c % 64);
            }
        }
    }

    /// The board whose rows are laid one after another in `words`, each as
    /// [`BitGrid::row_words`] gives it (`cols.div_ceil(64)` words a row).
    pub fn from_row_words(dims: Dims, words: &[u64]) -> Self {
        let mut grid = BitGrid::new(dims);
        let n = dims.cols;
        let rows = words.chunks(n.div_ceil(64));
        if usize::BITS == 64 {
            let blocks = grid.bits.as_mut_slice();
            for (r, row) in rows.enumerate() {
                for (k, &word) in row.iter().enumerate() {
                    let at = r * n + 64 * k;
                    let (i, shift) = (at / 64, at % 64);
                    // Words never carry bits past column n, so nothing spills into the next row.
                    blocks[i] |= (word << shift) as usize;
                    if shift > 0 && word >> (64 - shift) != 0 {
                        blocks[i + 1] |= (word >> (64 - shift)) as usize;
                    }
                }
            }
        } else {
            for (r, row) in rows.enumerate() {
                for c in (0..n).filter(|&c| row[c / 64] >> (c % 64) & 1 == 1) {
                    grid.bits.insert(r * n + c);
                }
            }
        }
        grid
    }

    /// The same board with rows and columns swapped.
    pub fn transposed(&self) -> Self {
        let mut t = BitGrid::new(self.dims.transposed());
        for p in self.ones() {
            t.set(Pos::new(p.col, p.row), true);
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_stay_on_the_board() {
        let d = Dims::new(2, 3, 100).unwrap();
        let corner: Vec<_> = d.neighbours(Pos::new(0, 0)).collect();
        assert_eq!(corner, vec![Pos::new(0, 1), Pos::new(1, 0)]);
        assert_eq!(d.neighbours(Pos::new(1, 1)).count(), 3);
    }

    #[test]
    fn torus_neighbours_wrap_and_never_repeat() {
        let d = Dims::new(4, 5, 100).unwrap();
        let mut n: Vec<_> = d.torus_neighbours(Pos::new(0, 0)).collect();
        n.sort();
        assert_eq!(
            n,
            vec![
                Pos::new(0, 1),
                Pos::new(0, 4),
                Pos::new(1, 0),
                Pos::new(3, 0)
            ]
        );
        let thin = Dims::new(2, 1, 100).unwrap();
        assert_eq!(
            thin.torus_neighbours(Pos::new(0, 0)).collect::<Vec<_>>(),
            vec![Pos::new(1, 0)]
        );
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Dims::new(0, 3, 100).is_err());
        assert!(Dims::new(11, 10, 100).is_err());
        assert!(Dims::new(usize::MAX, 2, usize::MAX).is_err());
        assert!(Dims::new(10, 10, 100).is_ok());
    }

    #[test]
    fn cells_parse_and_stay_on_the_board() {
        let d = Dims::new(3, 4, 100).unwrap();
        assert_eq!(d.parse_pos("2,3").unwrap(), Pos::new(2, 3));
        assert_eq!(d.parse_pos(" 1 , 0 ").unwrap(), Pos::new(1, 0));
        for bad in ["3,0", "0,4", "a,1", "1", "-1,0", ""] {
            assert!(d.parse_pos(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn rows_of_words_round_trip() {
        for (r, c) in [(1, 1), (3, 70), (5, 64), (7, 129), (2, 3)] {
            let d = Dims::new(r, c, 10_000).unwrap();
            let mut g = BitGrid::new(d);
            for i in (0..d.cells()).filter(|i| (i * 7 + i / 3) % 5 < 2) {
                g.bits_mut().insert(i);
            }
            let rows: Vec<Vec<u64>> = (0..r).map(|i| g.row_words(i)).collect();
            for (i, row) in rows.iter().enumerate() {
                for col in 0..c {
                    assert_eq!(
                        row[col / 64] >> (col % 64) & 1 == 1,
                        g.get(Pos::new(i, col))
                    );
                }
            }
            assert_eq!(BitGrid::from_row_words(d, &rows.concat()), g);
        }
    }

    #[test]
    fn a_press_flips_the_plus() {
        let d = Dims::new(3, 3, 100).unwrap();
        let mut g = BitGrid::new(d);
        g.toggle_plus(Pos::new(1, 1));
        assert_eq!(g.row_strings('#', '.'), vec![".#.", "###", ".#."]);
        g.toggle_plus(Pos::new(0, 0));
        assert_eq!(g.row_strings('#', '.'), vec!["#..", ".##", ".#."]);
    }
}
