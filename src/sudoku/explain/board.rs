//! The explainer's boards: the units and peers of a [`Shape`], and the candidates a person pencils in on a [`Sudoku`].

use crate::sudoku::{Shape, Sudoku};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
        let side = shape.side();
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

    /// The unit's name in players' notation (Sudoku Explainer's and HoDoKu's), 1-based:
    /// `r3` (row 3), `c5` (column 5), `b4` (box 4, counted row by row).
    pub fn unit_name(&self, u: usize) -> String {
        let s = self.side;
        match u / s {
            0 => format!("r{}", u + 1),
            1 => format!("c{}", u - s + 1),
            _ => format!("b{}", u - 2 * s + 1),
        }
    }

    /// A cell in players' notation, 1-based: `r1c5`.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.side + 1, cell % self.side + 1)
    }

    /// Cells in players' notation, joined: `r1c2, r1c5 and r3c3`.
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
    /// The stop flag of the explanation (Ctrl-C, a time limit): the long techniques
    /// look at it between cells and give up (no step) once it is set.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Board {
    /// The board of a grid: its digits placed, every other digit a candidate
    /// where no peer holds it; `Err` names two clashing cells.
    pub fn new(grid: &Sudoku) -> std::result::Result<Board, (usize, usize)> {
        let geo = Arc::new(Geometry::new(grid.shape));
        let all = (1u64 << grid.shape.side()) - 1;
        let mut board = Board {
            cand: vec![all; grid.shape.cells()],
            value: vec![0; grid.shape.cells()],
            geo,
            stop: None,
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

    /// Whether the explanation was asked to stop: a technique then gives up.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
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
    pub fn grid(&self) -> Sudoku {
        Sudoku {
            shape: self.geo.shape,
            cells: self.value.clone(),
        }
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.value.len()).filter(|&c| self.value[c] == 0)
    }
}
