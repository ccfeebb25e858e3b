//! The explainer's own boards: a shape of N×N cells with R×C boxes, a grid of digits on it, and the candidates a person pencils in.

use crate::error::{Error, Result};
use crate::grid::Pos;
use crate::sudoku::Sudoku;
use std::sync::Arc;

/// The largest side accepted: a 36×36 board (candidate sets are `u64` masks).
pub const MAX_SIDE: usize = 36;

/// The symbols of the one-character form: 1–9, then A–Z for 10–35.
const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The shape of a board: `side`×`side` cells, boxes of `box_rows` rows by `box_cols` columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    side: usize,
    box_rows: usize,
    box_cols: usize,
}

impl Shape {
    /// Boxes of `box_rows` × `box_cols` cells: the board is (`box_rows`·`box_cols`)² cells.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape> {
        let side = box_rows * box_cols;
        if box_rows == 0 || box_cols == 0 || side < 2 {
            return Err(Error::usage(format!(
                "boxes of {box_rows}×{box_cols} cells make no board"
            )));
        }
        if side > MAX_SIDE {
            return Err(Error::too_large(
                crate::error::Bound::Other("board side"),
                side,
                MAX_SIDE,
            ));
        }
        Ok(Shape {
            side,
            box_rows,
            box_cols,
        })
    }

    /// The squarest boxes for a board of `side`: as tall as possible, never taller than wide (6 gives 2×3).
    pub fn squarest(side: usize) -> Result<Shape> {
        let rows = (1..=side)
            .take_while(|r| r * r <= side)
            .filter(|r| side % r == 0)
            .last()
            .unwrap_or(1);
        Shape::new(rows, side / rows)
    }

    /// The shape of a board of `cells` cells (a square number), with the squarest boxes.
    pub fn of_cells(cells: usize) -> Result<Shape> {
        let side = (1..=MAX_SIDE + 1).find(|s| s * s >= cells).unwrap_or(0);
        if side * side != cells {
            return Err(Error::usage(format!(
                "{cells} cells make no square board (the largest side is {MAX_SIDE})"
            )));
        }
        Shape::squarest(side)
    }

    /// The side N (also the largest digit).
    pub fn side(&self) -> usize {
        self.side
    }

    /// The box height R and width C.
    pub fn box_dims(&self) -> [usize; 2] {
        [self.box_rows, self.box_cols]
    }

    /// The number of cells, N².
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The box holding `cell` (boxes numbered in reading order).
    pub fn box_of(&self, cell: usize) -> usize {
        let (r, c) = (cell / self.side, cell % self.side);
        (r / self.box_rows) * (self.side / self.box_cols) + c / self.box_cols
    }
}

/// A grid of digits on a [`Shape`]: a puzzle (its clues), a partly filled grid, or a solution.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoxGrid {
    shape: Shape,
    cells: Vec<u8>,
}

impl BoxGrid {
    /// The grid with these cells row by row (0 empty); refused when the count or a digit does not fit the shape.
    pub fn new(shape: Shape, cells: Vec<u8>) -> Result<BoxGrid> {
        if cells.len() != shape.cells() {
            return Err(Error::usage(format!(
                "a {0}×{0} board has {1} cells, not {2}",
                shape.side,
                shape.cells(),
                cells.len()
            )));
        }
        if let Some(i) = cells.iter().position(|&v| v as usize > shape.side) {
            return Err(Error::usage(format!(
                "cell {} holds {}, above {}",
                Pos::new(i / shape.side, i % shape.side),
                cells[i],
                shape.side
            )));
        }
        Ok(BoxGrid { shape, cells })
    }

    /// The empty grid of `shape`.
    pub fn empty(shape: Shape) -> BoxGrid {
        BoxGrid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// Reads one grid: one symbol per cell (`1`–`9`, `A`–`Z`; `.`, `0` or `_` empty) up to 35 digits,
    /// whitespace-separated numbers above; lines starting with `#` are comments; spaces and `|`, `-`, `+` are layout. The shape is
    /// `shape`, or the squarest one for the cell count.
    pub fn from_text(text: &str, shape: Option<Shape>) -> Result<BoxGrid> {
        let text: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        let text = text.as_str();
        let layout = |c: char| c.is_whitespace() || matches!(c, '|' | '-' | '+');
        let symbols: Vec<char> = text.chars().filter(|&c| !layout(c)).collect();
        let numbers = shape.is_some_and(|s| s.side > SYMBOLS.len())
            || (shape.is_none() && Shape::of_cells(symbols.len()).is_err());
        let cells: Vec<u8> = if numbers {
            text.split(|c: char| layout(c))
                .filter(|w| !w.is_empty())
                .map(|w| match w {
                    "." | "_" => Ok(0),
                    w => w
                        .parse::<u8>()
                        .map_err(|_| Error::usage(format!("'{w}' is not a digit"))),
                })
                .collect::<Result<_>>()?
        } else {
            symbols
                .iter()
                .map(|&c| match c {
                    '.' | '0' | '_' => Ok(0),
                    c => SYMBOLS
                        .iter()
                        .position(|&s| s as char == c.to_ascii_uppercase())
                        .map(|i| i as u8 + 1)
                        .ok_or_else(|| Error::usage(format!("'{c}' is not a digit"))),
                })
                .collect::<Result<_>>()?
        };
        let shape = match shape {
            Some(s) => s,
            None => Shape::of_cells(cells.len())?,
        };
        BoxGrid::new(shape, cells)
    }

    /// The grid of a [`Sudoku`] of order n: n×n boxes.
    pub fn from_sudoku(grid: &Sudoku) -> BoxGrid {
        let n = grid.order();
        BoxGrid {
            shape: Shape {
                side: n * n,
                box_rows: n,
                box_cols: n,
            },
            cells: grid.cells().to_vec(),
        }
    }

    /// The same grid as a [`Sudoku`], when its boxes are square.
    pub fn to_sudoku(&self) -> Option<Sudoku> {
        let [r, c] = self.shape.box_dims();
        (r == c).then(|| Sudoku::new(r, self.cells.clone()).ok())?
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells row by row, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells, to change.
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The number of filled cells.
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The line form: one symbol per cell (`.` empty) up to 35 digits, whitespace-separated numbers above.
    pub fn to_line(&self) -> String {
        crate::sudoku::line_form(&self.cells, self.shape.side)
    }

    /// The first two filled cells with the same digit in a common row, column or box.
    pub fn clash(&self) -> Option<(Pos, Pos)> {
        let geo = Geometry::new(self.shape);
        let side = self.shape.side;
        for (i, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            if let Some(&j) = geo.peers[i].iter().find(|&&j| j < i && self.cells[j] == v) {
                return Some((Pos::new(j / side, j % side), Pos::new(i / side, i % side)));
            }
        }
        None
    }

    /// Checks that `solution` fills this grid validly, keeping every clue.
    pub fn check_solution(&self, solution: &BoxGrid) -> std::result::Result<(), String> {
        if solution.shape != self.shape {
            return Err("the solution has another shape".into());
        }
        let side = self.shape.side;
        if let Some(i) = solution.cells.iter().position(|&v| v == 0) {
            return Err(format!("cell {} is empty", Pos::new(i / side, i % side)));
        }
        if let Some((a, b)) = solution.clash() {
            return Err(format!("cells {a} and {b} hold the same digit"));
        }
        match self
            .cells
            .iter()
            .zip(&solution.cells)
            .position(|(&c, &v)| c != 0 && c != v)
        {
            Some(i) => Err(format!(
                "the clue at {} is not kept",
                Pos::new(i / side, i % side)
            )),
            None => Ok(()),
        }
    }
}

impl std::fmt::Display for BoxGrid {
    /// The line form.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// The units of a shape (rows, then columns, then boxes) and each cell's peers, computed once per board.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub shape: Shape,
    pub side: usize,
    /// `3·side` units of `side` cells: rows `0..N`, columns `N..2N`, boxes `2N..3N`.
    pub units: Vec<Vec<usize>>,
    /// The row, column and box unit of each cell.
    pub cell_units: Vec<[usize; 3]>,
    /// The cells sharing a unit with each cell.
    pub peers: Vec<Vec<usize>>,
}

impl Geometry {
    pub fn new(shape: Shape) -> Geometry {
        let side = shape.side;
        let cells = shape.cells();
        let mut units = vec![Vec::with_capacity(side); 3 * side];
        let mut cell_units = Vec::with_capacity(cells);
        for i in 0..cells {
            let (r, c) = (i / side, i % side);
            let us = [r, side + c, 2 * side + shape.box_of(i)];
            for &u in &us {
                units[u].push(i);
            }
            cell_units.push(us);
        }
        let peers = (0..cells)
            .map(|i| {
                let mut p: Vec<usize> = cell_units[i]
                    .iter()
                    .flat_map(|&u| units[u].iter().copied())
                    .filter(|&j| j != i)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Geometry {
            shape,
            side,
            units,
            cell_units,
            peers,
        }
    }

    /// Whether two cells share a unit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b
            && self.cell_units[a]
                .iter()
                .zip(&self.cell_units[b])
                .any(|(x, y)| x == y)
    }

    /// The unit's name for people: `row 3`, `column 5`, `box 4` (0-based).
    pub fn unit_name(&self, u: usize) -> String {
        let s = self.side;
        match u / s {
            0 => format!("row {u}"),
            1 => format!("column {}", u - s),
            _ => format!("box {}", u - 2 * s),
        }
    }

    /// A cell as people read it here: `row,col`, 0-based.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("{},{}", cell / self.side, cell % self.side)
    }

    /// Cells as people read them, joined: `0,1, 0,4 and 2,2`.
    pub fn cells_name(&self, cells: &[usize]) -> String {
        join(cells.iter().map(|&c| self.cell_name(c)))
    }
}

/// Words joined for a sentence: `a`, `a and b`, `a, b and c`.
pub(crate) fn join(words: impl Iterator<Item = String>) -> String {
    let words: Vec<String> = words.collect();
    match words.len() {
        0 => String::new(),
        1 => words[0].clone(),
        n => format!("{} and {}", words[..n - 1].join(", "), words[n - 1]),
    }
}

/// The digits of a candidate mask, for people: `3`, `3 and 7`, `1, 2 and 9`.
pub(crate) fn digits_name(mask: u64) -> String {
    join(digits(mask).map(|d| d.to_string()))
}

/// The digits of a mask (bit d-1 for digit d), lowest first.
pub(crate) fn digits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

/// The bit of digit `d`.
#[inline]
pub(crate) fn bit(d: u8) -> u64 {
    1u64 << (d - 1)
}

/// A board being solved by hand: the digits placed so far and the candidates of the empty cells.
///
/// A placed cell has no candidates (mask 0); placing a digit removes it from
/// the candidates of the cell's peers, as a person crossing off pencil marks does.
#[derive(Debug, Clone)]
pub(crate) struct Board {
    pub geo: Arc<Geometry>,
    pub value: Vec<u8>,
    pub cand: Vec<u64>,
}

impl Board {
    /// The board of a grid: its digits placed, every other digit a candidate
    /// where no peer holds it; `Err` names two clashing cells.
    pub fn new(grid: &BoxGrid) -> std::result::Result<Board, (usize, usize)> {
        let geo = Arc::new(Geometry::new(grid.shape));
        let all = (1u64 << grid.shape.side) - 1;
        let mut board = Board {
            cand: vec![all; grid.shape.cells()],
            value: vec![0; grid.shape.cells()],
            geo,
        };
        for (i, &v) in grid.cells.iter().enumerate() {
            if v != 0 {
                if board.cand[i] & bit(v) == 0 {
                    let geo = Arc::clone(&board.geo);
                    let j = geo.peers[i]
                        .iter()
                        .copied()
                        .find(|&j| board.value[j] == v)
                        .unwrap_or(i);
                    return Err((j.min(i), j.max(i)));
                }
                board.place(i, v);
            }
        }
        Ok(board)
    }

    pub fn side(&self) -> usize {
        self.geo.side
    }

    /// Puts `d` at `cell` and removes it from the peers' candidates.
    pub fn place(&mut self, cell: usize, d: u8) {
        self.value[cell] = d;
        self.cand[cell] = 0;
        let b = !bit(d);
        for &p in &self.geo.peers[cell] {
            self.cand[p] &= b;
        }
    }

    /// The positions (bit k for the unit's k-th cell) where `d` is still a candidate in unit `u`.
    pub fn places(&self, u: usize, d: u8) -> u64 {
        let b = bit(d);
        let mut m = 0;
        for (k, &c) in self.geo.units[u].iter().enumerate() {
            if self.cand[c] & b != 0 {
                m |= 1 << k;
            }
        }
        m
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The digits as a grid.
    pub fn grid(&self) -> BoxGrid {
        BoxGrid {
            shape: self.geo.shape,
            cells: self.value.clone(),
        }
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.value.len()).filter(|&c| self.value[c] == 0)
    }
}
