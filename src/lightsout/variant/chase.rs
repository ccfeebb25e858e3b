//! Light chasing over Z/K for any pattern whose top row is the single cell above the pressed one.
//!
//! With `g` the number of rows the pattern reaches upward, light `(r, c)` is
//! last changed by the press at `(r+g, c)`, whose count is then forced: it is
//! minus what the earlier presses and the light left there (the Lights Out chapter's
//! "récolte", with signs because `−1 ≠ 1` mod K). The presses of the first
//! `g` rows are the unknowns; the lights of the last `g` rows give as many
//! equations. Each press is carried as an affine form in the unknowns (their
//! coefficients, then the constant), added a whole form at a time so the inner
//! loop runs over contiguous bytes.

use super::Variant;
use crate::grid::{Dims, Grid};
use crate::linalg::modular::{add_mod, ModMatrix, Modulus};

/// The chase of one board shape under one (plane) variant.
#[derive(Debug, Clone)]
pub(super) struct Chase {
    dims: Dims,
    k: Modulus,
    /// The pattern's offsets other than the settling one `(−g, 0)`.
    others: Vec<(i32, i32)>,
    /// Rows reached upward (`g`).
    up: usize,
    /// Rows reached downward.
    down: usize,
}

impl Chase {
    /// The chase of `dims` under `variant`, or `None` when its pattern does not allow chasing.
    pub(super) fn new(variant: &Variant, dims: Dims) -> Option<Self> {
        if variant.torus {
            return None;
        }
        let up = variant.pattern.chase_reach()?;
        let others = variant
            .pattern
            .offsets()
            .iter()
            .copied()
            .filter(|&o| o != (-(up as i32), 0))
            .collect();
        Some(Chase {
            dims,
            k: variant.states,
            others,
            up,
            down: variant.pattern.reach_below(),
        })
    }

    /// The number of unknowns: the presses of the first `g` rows (fewer on a short board).
    pub(super) fn unknowns(&self) -> usize {
        self.up.min(self.dims.rows) * self.dims.cols
    }

    /// The first light row whose light is not settled by a chased press.
    fn first_equation_row(&self) -> usize {
        self.dims.rows.saturating_sub(self.up)
    }

    /// The system `A·u = b` on the unknowns `u` that leaves the last lights dark.
    pub(super) fn system(&self, lights: &Grid<u8>) -> (ModMatrix, Vec<u8>) {
        let Dims { rows: m, cols: n } = self.dims;
        let u = self.unknowns();
        let width = u + 1;
        let k = self.k.get();
        let ring = self.up + self.down + 1;
        // forms[(row % ring) * n + c] is the affine form of press (row, c), `width` bytes.
        let mut forms = vec![0u8; ring * n * width];
        let slot = |row: usize, c: usize| ((row % ring) * n + c) * width;
        for i in 0..u {
            forms[slot(i / n, i % n) + i] = 1;
        }
        let mut acc = vec![0u8; width];
        let gather = |forms: &[u8], r: usize, c: usize, acc: &mut Vec<u8>, lights: &Grid<u8>| {
            acc.iter_mut().for_each(|a| *a = 0);
            acc[u] = lights.cells()[r * n + c];
            for &(dr, dc) in &self.others {
                let (pr, pc) = (r as i64 - dr as i64, c as i64 - dc as i64);
                if pr < 0 || pc < 0 || pr >= m as i64 || pc >= n as i64 {
                    continue;
                }
                let at = slot(pr as usize, pc as usize);
                add_mod(acc, &forms[at..at + width], k);
            }
        };
        for r in 0..self.first_equation_row() {
            for c in 0..n {
                gather(&forms, r, c, &mut acc, lights);
                // The settling press cancels what is there: its form is −acc.
                let at = slot(r + self.up, c);
                for (f, &a) in forms[at..at + width].iter_mut().zip(&acc) {
                    *f = if a == 0 { 0 } else { k - a };
                }
            }
        }
        let equations = (m - self.first_equation_row()) * n;
        let mut a = ModMatrix::zeros(equations, u);
        let mut b = vec![0u8; equations];
        for (e, r) in (self.first_equation_row()..m).enumerate() {
            for c in 0..n {
                gather(&forms, r, c, &mut acc, lights);
                // The settling press (r+g) is off the board: add its own term only if it is on.
                let row = e * n + c;
                for (j, &v) in acc[..u].iter().enumerate() {
                    a.set(row, j, v);
                }
                b[row] = self.k.neg(acc[u]);
            }
        }
        (a, b)
    }

    /// The states of the rows the chase does not settle (the last `g`), after
    /// the presses chased from `first`: all 0 exactly when `first` solves the board.
    pub(super) fn left(&self, lights: &Grid<u8>, first: &[u8]) -> Vec<u8> {
        let Dims { rows: m, cols: n } = self.dims;
        let presses = self.presses(lights, first);
        let k = self.k.get() as u32;
        let mut out = Vec::with_capacity((m - self.first_equation_row()) * n);
        for r in self.first_equation_row()..m {
            for c in 0..n {
                let mut sum = lights.cells()[r * n + c] as u32;
                for &(dr, dc) in self.others.iter().chain([&(-(self.up as i32), 0)]) {
                    let (pr, pc) = (r as i64 - dr as i64, c as i64 - dc as i64);
                    if pr >= 0 && pc >= 0 && pr < m as i64 && pc < n as i64 {
                        sum += presses.cells()[pr as usize * n + pc as usize] as u32;
                    }
                }
                out.push((sum % k) as u8);
            }
        }
        out
    }

    /// The whole board of presses chased from the unknowns `first` (their values, row by row).
    pub(super) fn presses(&self, lights: &Grid<u8>, first: &[u8]) -> Grid<u8> {
        let Dims { rows: m, cols: n } = self.dims;
        let mut presses = vec![0u8; m * n];
        presses[..first.len()].copy_from_slice(first);
        for r in 0..self.first_equation_row() {
            for c in 0..n {
                let mut sum = lights.cells()[r * n + c] as u32;
                for &(dr, dc) in &self.others {
                    let (pr, pc) = (r as i64 - dr as i64, c as i64 - dc as i64);
                    if pr >= 0 && pc >= 0 && pr < m as i64 && pc < n as i64 {
                        sum += presses[pr as usize * n + pc as usize] as u32;
                    }
                }
                presses[(r + self.up) * n + c] = self.k.neg((sum % self.k.get() as u32) as u8);
            }
        }
        Grid::from_cells(self.dims, presses).expect("one press per cell")
    }
}
