//! The shape of a Sudoku board: N×N cells cut into boxes of R rows by C columns, R·C = N.
//!
//! 9×9 with 3×3 boxes is the classic board; 6×6 with 2×3 boxes is the most
//! common board of children's puzzle books, and 8×8 (2×4), 10×10 (2×5),
//! 12×12 (3×4) and the rest follow the same rule. Nothing in the graph
//! colouring of the Sudoku page (cells joined when they share a row, a column
//! or a box) needs square boxes.

use crate::error::{Bound, Error, Result};

/// The largest side accepted: a 36×36 board (candidate sets are `u64` masks).
pub const MAX_SIDE: usize = 36;

/// The shape of a board: `side`×`side` cells, boxes of `box_rows` rows by `box_cols` columns.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "[usize; 2]", into = "[usize; 2]")]
pub struct Shape {
    side: usize,
    box_rows: usize,
    box_cols: usize,
}

impl Shape {
    /// The classic board: 9×9 cells in 3×3 boxes.
    pub const CLASSIC: Shape = Shape {
        side: 9,
        box_rows: 3,
        box_cols: 3,
    };

    /// Boxes of `box_rows` × `box_cols` cells (each at least 2): the board is
    /// (`box_rows`·`box_cols`)² cells, its side at most `MAX_SIDE`.
    ///
    /// ```
    /// use puzzles::sudoku::Shape;
    ///
    /// let shape = Shape::new(2, 3).unwrap();
    /// assert_eq!((shape.side(), shape.cells()), (6, 36));
    /// assert!(Shape::new(1, 6).is_err() && Shape::new(6, 7).is_err());
    /// ```
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape> {
        if box_rows < 2 || box_cols < 2 {
            return Err(Error::usage(format!(
                "boxes of {box_rows}×{box_cols} cells make no Sudoku: a box has at least 2 rows and 2 columns"
            )));
        }
        let side = box_rows.saturating_mul(box_cols);
        if side > MAX_SIDE {
            return Err(Error::too_large(Bound::Other("board side"), side, MAX_SIDE));
        }
        Ok(Shape {
            side,
            box_rows,
            box_cols,
        })
    }

    /// The n²×n² board of order n, with n×n boxes.
    pub fn square(order: usize) -> Result<Shape> {
        Shape::new(order, order)
    }

    /// The squarest boxes for a board of `side`: as tall as possible, never
    /// taller than wide (6 gives 2×3, 12 gives 3×4, 20 gives 4×5).
    pub fn squarest(side: usize) -> Result<Shape> {
        let rows = (2..=side)
            .take_while(|r| r * r <= side)
            .filter(|r| side % r == 0)
            .last();
        match rows {
            Some(r) => Shape::new(r, side / r),
            None if side > MAX_SIDE => Err(Error::too_large(
                Bound::Other("board side"),
                side,
                MAX_SIDE,
            )),
            None => Err(Error::usage(format!(
                "a {side}×{side} board has no boxes: its side is not a product of two numbers from 2 up"
            ))),
        }
    }

    /// The shape of a board of `cells` cells (a square number) with the squarest boxes.
    pub fn of_cells(cells: usize) -> Result<Shape> {
        let side = cells.isqrt();
        if side * side != cells {
            return Err(Error::usage(format!("{cells} cells make no square board")));
        }
        Shape::squarest(side)
    }

    /// Reads a box shape written `RxC` (box rows, then columns: `2x3`; `×` or `X` also do) and checks it.
    ///
    /// ```
    /// use puzzles::sudoku::Shape;
    ///
    /// assert_eq!(Shape::parse("3x4").unwrap().box_dims(), [3, 4]);
    /// assert!(Shape::parse("3-4").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Shape> {
        let bad = || {
            Error::usage(format!(
                "'{}' is not a box shape RxC (2x3, say)",
                text.escape_debug()
            ))
        };
        let (r, c) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        Shape::new(num(r)?, num(c)?)
    }

    /// The shape of a board to make: boxes of `box_shape` when given (its
    /// side must then be `side`, when that is given too), else the squarest
    /// boxes of `side` when given, else the n×n boxes of `order`.
    ///
    /// ```
    /// use puzzles::sudoku::Shape;
    ///
    /// assert_eq!(Shape::chosen(None, Some(12), 3).unwrap().box_dims(), [3, 4]);
    /// assert_eq!(Shape::chosen(None, None, 3).unwrap(), Shape::CLASSIC);
    /// assert!(Shape::chosen(Shape::new(2, 3).ok(), Some(8), 3).is_err());
    /// ```
    pub fn chosen(box_shape: Option<Shape>, side: Option<usize>, order: usize) -> Result<Shape> {
        match (box_shape, side) {
            (Some(s), Some(n)) if s.side != n => {
                let [r, c] = s.box_dims();
                Err(Error::usage(format!(
                    "boxes of {r}×{c} make a {0}×{0} grid, not {n}×{n}",
                    s.side
                )))
            }
            (Some(s), _) => Ok(s),
            (None, Some(n)) => Shape::squarest(n),
            (None, None) => Shape::square(order),
        }
    }

    /// The side N (also the largest digit and the number of boxes).
    pub fn side(&self) -> usize {
        self.side
    }

    /// The box height R and width C.
    pub fn box_dims(&self) -> [usize; 2] {
        [self.box_rows, self.box_cols]
    }

    /// The box height R: a band holds R rows.
    pub fn box_rows(&self) -> usize {
        self.box_rows
    }

    /// The box width C: a stack holds C columns.
    pub fn box_cols(&self) -> usize {
        self.box_cols
    }

    /// Whether the boxes are square (the n²×n² boards of order n).
    pub fn is_square(&self) -> bool {
        self.box_rows == self.box_cols
    }

    /// The number of cells, N².
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The box holding the cell at `row`, `col` (boxes numbered in reading order).
    #[inline]
    pub fn box_at(&self, row: usize, col: usize) -> usize {
        (row / self.box_rows) * (self.side / self.box_cols) + col / self.box_cols
    }

    /// The box holding `cell` (an index in reading order).
    pub fn box_of(&self, cell: usize) -> usize {
        self.box_at(cell / self.side, cell % self.side)
    }
}

impl std::fmt::Display for Shape {
    /// `N×N (boxes R×C)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{0}×{0} (boxes {1}×{2})",
            self.side, self.box_rows, self.box_cols
        )
    }
}

/// The symbols of the digits: 1–9, then A–Z for 10–35 (as the grid files write them).
const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The symbol of digit `d` (1-based): `7`, `C` for 12; `?` off the table.
pub(crate) fn symbol(d: u8) -> char {
    d.checked_sub(1)
        .and_then(|i| SYMBOLS.get(i as usize))
        .map_or('?', |&s| s as char)
}

/// The digit a symbol stands for (`1`–`9`, `A`–`Z`, either case), if any.
pub(crate) fn digit_of(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    SYMBOLS
        .iter()
        .position(|&s| s as char == c)
        .map(|i| i as u8 + 1)
}

#[cfg(test)]
mod tests;

/// A shape in JSON: `[R, C]`, boxes of R rows by C columns.
impl From<Shape> for [usize; 2] {
    fn from(shape: Shape) -> [usize; 2] {
        shape.box_dims()
    }
}

impl TryFrom<[usize; 2]> for Shape {
    type Error = crate::Error;

    fn try_from([rows, cols]: [usize; 2]) -> Result<Shape> {
        Shape::new(rows, cols)
    }
}
