//! The page's two exhaustive methods, kept for teaching and as independent cross-checks.
//!
//! * Naive ("algorithme naïf"): every one of the 2^(L·C) maps, in Gray-code
//!   order so that each costs one XOR of its cell's plus.
//! * First row ("algorithme moins naïf"): every one of the 2^C first rows,
//!   completed by the parity rule (`completerPlateau`), kept when the fictive
//!   row below the last is all 0. Rows are bit masks, one word per row.
//!
//! Both count every map they meet, and keep the first and a basis of the
//! differences with it: the maps form a coset, so the count must be 2 to the
//! basis size — checked, not assumed.

use super::polynomial_method::complete;
use crate::control::Control;
use crate::error::{Error, Result, Size};
use crate::grid::{BitGrid, Dims};
use crate::lightsout::Analysis;
use fixedbitset::FixedBitSet;

/// Most `2^C × L` row steps the first-row method takes.
const FIRST_ROW_WORK: u64 = 1 << 32;

/// A basis of bit vectors (as words), kept in echelon form by leading bit.
#[derive(Default)]
struct Basis {
    rows: Vec<u64>,
}

impl Basis {
    /// Adds `v` unless it is a sum of the rows already there.
    fn insert(&mut self, mut v: u64) {
        for &r in &self.rows {
            v = v.min(v ^ r);
        }
        if v != 0 {
            self.rows.push(v);
            // Keep rows sorted by decreasing leading bit so `min` reduces correctly.
            self.rows.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
}

/// What an exhaustive search met: the first solution, a basis of differences, how many.
struct Found {
    first: Option<u64>,
    basis: Basis,
    count: u64,
}

impl Found {
    fn new() -> Self {
        Found {
            first: None,
            basis: Basis::default(),
            count: 0,
        }
    }

    fn add(&mut self, v: u64) {
        self.count += 1;
        match self.first {
            None => self.first = Some(v),
            Some(f) => self.basis.insert(v ^ f),
        }
    }

    /// The first solution and the basis, once the count is checked to be 2^rank.
    fn finish(self, dims: Dims) -> Result<(u64, Vec<u64>)> {
        let first = self.first.ok_or_else(|| {
            Error::Check(format!("the exhaustive search found no map for {dims}"))
        })?;
        let rank = self.basis.rows.len();
        if self.count != 1u64 << rank {
            return Err(Error::Check(format!(
                "{} maps found for {dims}, not a power of two 2^{rank}",
                self.count
            )));
        }
        Ok((first, self.basis.rows))
    }
}

fn bits(v: u64, len: usize) -> FixedBitSet {
    let mut b = FixedBitSet::with_capacity(len);
    for i in (0..len).filter(|&i| v >> i & 1 == 1) {
        b.insert(i);
    }
    b
}

/// Every map of the board, tried one by one; `None` when `ctl` stopped the search first.
pub fn naive(dims: Dims, ctl: &Control) -> Result<Option<Analysis>> {
    let n = dims.cells();
    if n > super::MAX_NAIVE_CELLS {
        return Err(Error::TooLarge {
            bound: crate::error::Bound::NaiveCells,
            got: n.into(),
            limit: super::MAX_NAIVE_CELLS.into(),
            note: format!(" (2^{n} maps to try)"),
        });
    }
    let plus: Vec<u64> = dims
        .positions()
        .map(|p| {
            dims.neighbours(p)
                .fold(1u64 << dims.index(p), |m, q| m | 1 << dims.index(q))
        })
        .collect();
    let black = (1u64 << n) - 1;
    let mut found = Found::new();
    let (mut map, mut board) = (0u64, 0u64);
    for k in 1u64..(1 << n) {
        let cell = k.trailing_zeros() as usize;
        map ^= 1 << cell;
        board ^= plus[cell];
        if board == black {
            found.add(map);
        }
        if k & 0xffff == 0 && ctl.stopped() {
            return Ok(None);
        }
    }
    let (first, basis) = found.finish(dims)?;
    let grid = |v: u64| BitGrid::from_bits(dims, bits(v, n)).unwrap_or_else(|| BitGrid::new(dims));
    Ok(Some(Analysis::from_solution(
        grid(first),
        basis.into_iter().map(grid).collect(),
    )))
}

/// Every first row, completed by the parity rule (the board turned so that
/// the row is the shorter side); `None` when `ctl` stopped the search first.
pub fn first_row(dims: Dims, ctl: &Control) -> Result<Option<Analysis>> {
    if dims.cols > dims.rows {
        let a = first_row(dims.transposed(), ctl)?;
        return Ok(a.map(|a| a.transposed()));
    }
    let (l, c) = (dims.rows, dims.cols);
    if c > super::MAX_FIRST_ROW_UNKNOWNS {
        return Err(Error::TooLarge {
            bound: crate::error::Bound::FirstRowUnknowns,
            got: c.into(),
            limit: super::MAX_FIRST_ROW_UNKNOWNS.into(),
            note: String::new(),
        });
    }
    if (l as u64).saturating_mul(1 << c) > FIRST_ROW_WORK {
        return Err(Error::TooLarge {
            bound: crate::error::Bound::FirstRowSteps,
            got: Size::Count((l as u128) << c),
            limit: Size::PowerOfTwo(32),
            note: String::new(),
        });
    }
    let mask = (1u64 << c) - 1;
    // The parity rule: a(l+1) = not(a(l) + its two shifts + a(l−1)), as masks.
    let next = |row: u64, above: u64| !(row ^ row << 1 ^ row >> 1 ^ above) & mask;
    let mut found = Found::new();
    for u in 0..(1u64 << c) {
        let (mut above, mut row) = (0u64, u);
        for _ in 1..l {
            (above, row) = (row, next(row, above));
        }
        if next(row, above) == 0 {
            found.add(u);
        }
        if u & 0xfff == 0 && ctl.stopped() {
            return Ok(None);
        }
    }
    let (first, basis) = found.finish(dims)?;
    Ok(Some(Analysis::from_solution(
        complete(dims, &bits(first, c), true),
        basis
            .into_iter()
            .map(|v| complete(dims, &bits(v, c), false))
            .collect(),
    )))
}
