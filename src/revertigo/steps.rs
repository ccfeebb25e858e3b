//! The Revertigo page's polynomial method, one step at a time: the first
//! row's cells are the unknowns `x1 … xC`, every later row of the activation
//! map follows from the two above it (the page's recurrence, mod 2)
//!
//! `a(l,c) = a(l−2,c) + a(l−1,c−1) + a(l−1,c) + a(l−1,c+1) + 1`,
//!
//! so each cell is an affine form in the unknowns (its coefficients are the
//! page's coefficient triangle, folded at the borders); the fictive row
//! below the board must be all 0, which gives C equations in C unknowns.
//! The steps are each row's forms, that system and its solution; the map
//! it gives is replayed (every cell it activates flips itself and its
//! neighbours: all must end black).

use super::{MAX_CELLS, MAX_STEPS_CELLS};
use crate::error::{Error, Result};
use crate::grid::{BitGrid, Dims, Pos};
use crate::linalg::gf2::BitMatrix;
use crate::listing::Limit;
use crate::report::{Detail, Ending, Report, Text, Tone};
use crate::sink::Sink;
use crate::stepper::Stepper;
use fixedbitset::FixedBitSet;
use serde::{Deserialize, Serialize};

/// One step of the polynomial method; JSON names its kind as `"step"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum RevertigoStep {
    /// A row of the map, each cell as an affine form in the first row's
    /// unknowns (`x1+x3+1`, `0`, `1`); row 0 is the unknowns themselves.
    Row {
        /// Its place among the steps, from 1.
        index: u64,
        /// The row, from 0 at the top.
        row: usize,
        /// Each cell's form, left to right.
        forms: Vec<String>,
    },
    /// The fictive row below the board must be all 0: one equation per
    /// column, the coefficients of `x1 … xC` then the constant.
    System {
        /// Its place among the steps, from 1.
        index: u64,
        /// The unknowns: the first row's cells.
        unknowns: usize,
        /// The augmented rows of `0`/`1`.
        equations: Vec<String>,
    },
    /// The system solved: the first row of a map (free unknowns at 0).
    FirstRow {
        /// Its place among the steps, from 1.
        index: u64,
        /// The first row: `#` activated, `_` not.
        first_row: String,
        /// The free unknowns (2^nullity maps in all).
        nullity: usize,
    },
}

/// The end of the polynomial method step by step (the steps went to the sink).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevertigoSteps {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The steps the method took.
    pub steps: u64,
    /// The steps not streamed (past `max_steps`).
    pub not_shown: u64,
    /// The free unknowns of the first row's system.
    pub nullity: usize,
    /// The number of activation maps, 2^nullity, an exact decimal string.
    pub solutions: String,
    /// The map from the first row found, top row first: `#` odd, `_` even; replayed.
    pub map: Vec<String>,
    /// Its activated cells.
    pub activated: usize,
}

/// Runs the polynomial method on `dims` step by step, at most `max_steps` streamed.
pub(crate) fn steps(
    dims: Dims,
    max_steps: Limit,
    sink: &mut dyn Sink<RevertigoStep>,
) -> Result<RevertigoSteps> {
    let dims = Dims::new(dims.rows, dims.cols, MAX_CELLS)?;
    if dims.cells() > MAX_STEPS_CELLS {
        return Err(Error::usage(format!(
            "the steps write every cell's form: at most {MAX_STEPS_CELLS} cells (20×20), not {}×{}",
            dims.rows, dims.cols
        )));
    }
    let c = dims.cols;
    let mut stepper = Stepper::new(sink, max_steps);
    let unknown = |j: usize| {
        let mut f = FixedBitSet::with_capacity(c + 1);
        f.insert(j);
        f
    };
    let mut above = vec![FixedBitSet::with_capacity(c + 1); c];
    let mut here: Vec<FixedBitSet> = (0..c).map(unknown).collect();
    for row in 0..dims.rows {
        stepper.step(|index| RevertigoStep::Row {
            index,
            row,
            forms: here.iter().map(|f| form(f, c)).collect(),
        });
        let below: Vec<FixedBitSet> = (0..c)
            .map(|k| {
                let mut f = above[k].clone();
                for side in &here[k.saturating_sub(1)..(k + 2).min(c)] {
                    f.symmetric_difference_with(side);
                }
                f.toggle(c);
                f
            })
            .collect();
        above = std::mem::replace(&mut here, below);
    }
    let (a, b) = system(&here, c);
    stepper.step(|index| RevertigoStep::System {
        index,
        unknowns: c,
        equations: (0..c)
            .map(|i| {
                (0..c)
                    .map(|j| a.get(i, j))
                    .chain([b.contains(i)])
                    .map(|x| if x { '1' } else { '0' })
                    .collect()
            })
            .collect(),
    });
    let solved = a
        .solve(&b)
        .map_err(|_| Error::Check("the first row's system has no solution".into()))?;
    let nullity = solved.kernel.len();
    let first = solved.particular;
    stepper.step(|index| RevertigoStep::FirstRow {
        index,
        first_row: (0..c)
            .map(|j| if first.contains(j) { '#' } else { '_' })
            .collect(),
        nullity,
    });
    let map = replayed(dims, &first)?;
    Ok(RevertigoSteps {
        rows: dims.rows,
        cols: c,
        steps: stepper.steps(),
        not_shown: stepper.not_shown(),
        nullity,
        solutions: crate::linalg::modular::decimal_product(std::iter::repeat_n(2, nullity)),
        map: map.row_strings('#', '_'),
        activated: map.count_ones(),
    })
}

/// The first row's system read from the fictive row below the board: each
/// of its `c` forms must vanish, A·x + b = 0, that is A·x = b.
fn system(fictive: &[FixedBitSet], c: usize) -> (BitMatrix, FixedBitSet) {
    let mut a = BitMatrix::zeros(c, c);
    let mut b = FixedBitSet::with_capacity(c);
    for (i, f) in fictive.iter().enumerate() {
        for j in f.ones().take_while(|&j| j < c) {
            a.set(i, j, true);
        }
        b.set(i, f.contains(c));
    }
    (a, b)
}

/// An affine form as text: `x1+x3+1`, `1`, `0`.
fn form(f: &FixedBitSet, c: usize) -> String {
    let mut terms: Vec<String> = f
        .ones()
        .take_while(|&j| j < c)
        .map(|j| format!("x{}", j + 1))
        .collect();
    if f.contains(c) {
        terms.push("1".into());
    }
    match terms.is_empty() {
        true => "0".into(),
        false => terms.join("+"),
    }
}

/// The map whose first row is `first` (the recurrence, with numbers), checked:
/// flipping each activated cell and its neighbours turns every cell black.
fn replayed(dims: Dims, first: &FixedBitSet) -> Result<BitGrid> {
    let mut map = BitGrid::new(dims);
    for r in 0..dims.rows {
        for k in 0..dims.cols {
            let on = match r {
                0 => first.contains(k),
                _ => {
                    let up = |j: usize| map.get(Pos::new(r - 1, j));
                    let two_up = r >= 2 && map.get(Pos::new(r - 2, k));
                    let sides = (k > 0 && up(k - 1)) ^ (k + 1 < dims.cols && up(k + 1));
                    !(two_up ^ up(k) ^ sides)
                }
            };
            map.set(Pos::new(r, k), on);
        }
    }
    let mut board = BitGrid::new(dims);
    for p in map.ones() {
        board.toggle_plus(p);
    }
    match board.count_ones() == dims.cells() {
        true => Ok(map),
        false => Err(Error::Check(format!(
            "the steps' map leaves {} cells white",
            dims.cells() - board.count_ones()
        ))),
    }
}

impl Report for RevertigoStep {
    /// The step's line; not quiet, a row's forms one a line.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        match self {
            RevertigoStep::Row { index, row, forms } => {
                text.line(format!("step {index}: row {row}"));
                if detail == Detail::Full {
                    forms.iter().for_each(|f| {
                        text.line(format!("  {f}"));
                    });
                }
            }
            RevertigoStep::System {
                index,
                unknowns,
                equations,
            } => {
                text.line(format!(
                    "step {index}: the row below must be 0: {unknowns} equations in x1…x{unknowns}"
                ));
                if detail == Detail::Full {
                    for e in equations {
                        let (a, b) = e.split_at(e.len() - 1);
                        text.line(format!("  {a} | {b}"));
                    }
                }
            }
            RevertigoStep::FirstRow {
                index,
                first_row,
                nullity,
            } => {
                text.line(format!(
                    "step {index}: first row {first_row} (free unknowns: {nullity})"
                ));
            }
        }
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

impl Report for RevertigoSteps {
    /// The method's steps and the map found; not quiet, its rows.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let left = crate::stepper::not_shown_words(self.not_shown);
        text.line(format!(
            "Revertigo {}×{}: the polynomial method in {} steps{left}",
            self.rows, self.cols, self.steps
        ));
        text.tone(
            Tone::Good,
            format!(
                "activation maps: {} (nullity {}); one map, replayed: every cell black",
                self.solutions, self.nullity
            ),
        )
        .end_line();
        if detail == Detail::Full {
            self.map.iter().for_each(|r| {
                text.line(r);
            });
        }
        text.line(format!("activated cells: {}", self.activated));
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

#[cfg(test)]
mod tests;
