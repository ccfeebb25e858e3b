//! The Sudoku page's backtracking, one step at a time: at each node the
//! empty cell with the fewest candidates (the most constrained, ties to the
//! first in reading order), its candidates, each digit guessed in turn, and
//! the backtrack when none of them leads to a solution.
//!
//! The search stops at the first solution, which is verified against the
//! puzzle; the steps past `max_steps` are counted, not built.

use super::Sudoku;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::grid::Pos;
use crate::listing::Limit;
use crate::report::{Detail, Ending, Report, Text, Tone};
use crate::sink::Sink;
use crate::stepper::Stepper;
use serde::{Deserialize, Serialize};

/// The largest side searched step by step (a cell's candidates are the bits of a word).
const MAX_STEPS_SIDE: usize = 64;

/// One step of the most-constrained-cell search; JSON names its kind as `"step"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum SudokuStep {
    /// A node: the empty cell with the fewest candidates and its candidates
    /// (none: a dead end, backtracked at once).
    Choose {
        /// Its place among the steps, from 1.
        index: u64,
        /// The digits placed above this node.
        depth: usize,
        /// The cell, `[row, col]` from 0.
        cell: Pos,
        /// The digits no cell of its row, column or box holds, in increasing order.
        candidates: Vec<u8>,
    },
    /// A digit tried in the chosen cell.
    Guess {
        /// Its place among the steps, from 1.
        index: u64,
        /// The digits placed above this node.
        depth: usize,
        /// The cell.
        cell: Pos,
        /// The digit.
        digit: u8,
    },
    /// Every candidate of the cell failed: it is emptied and the search backs up.
    Backtrack {
        /// Its place among the steps, from 1.
        index: u64,
        /// The digits placed above this node.
        depth: usize,
        /// The cell emptied.
        cell: Pos,
    },
}

/// The end of a grid solved step by step (the steps went to the sink).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SudokuSteps {
    /// The grid side.
    pub size: usize,
    /// The box shape `[R, C]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The puzzle in line form.
    pub puzzle: String,
    /// The search's steps.
    pub steps: u64,
    /// The steps not streamed (past `max_steps`).
    pub not_shown: u64,
    /// The first solution found, verified (`None`: there is none, or the search was stopped).
    pub solution: Option<String>,
    /// Whether the search was stopped (Ctrl-C) before its end.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
}

/// Searches `puzzle` by the most constrained cell, streaming at most `max_steps` steps to `sink`.
pub(crate) fn steps(
    puzzle: &Sudoku,
    max_steps: Limit,
    ctl: &Control,
    sink: &mut dyn Sink<SudokuStep>,
) -> Result<SudokuSteps> {
    let shape = puzzle.shape();
    let n = shape.side();
    if n > MAX_STEPS_SIDE {
        return Err(Error::usage(format!(
            "the steps search grids of side at most {MAX_STEPS_SIDE}, not {n}"
        )));
    }
    let mut search = Search {
        cells: puzzle.cells().to_vec(),
        n,
        box_of: (0..n * n).map(|i| shape.box_of(i)).collect(),
        used: [vec![0; n], vec![0; n], vec![0; n]],
        stepper: Stepper::new(sink, max_steps),
        ctl,
    };
    let end = |search: &Search, solution, interrupted| SudokuSteps {
        size: n,
        box_shape: shape.box_dims(),
        puzzle: puzzle.to_line(),
        steps: search.stepper.steps(),
        not_shown: search.stepper.not_shown(),
        solution,
        interrupted,
    };
    if puzzle.clash().is_some() {
        return Ok(end(&search, None, false));
    }
    for i in 0..n * n {
        if search.cells[i] != 0 {
            search.flip(i, search.cells[i]);
        }
    }
    match search.search(0) {
        Flow::Solved => {
            let solution = Sudoku::with_shape(shape, search.cells.clone())?;
            puzzle.check_solution(&solution)?;
            Ok(end(&search, Some(solution.to_line()), false))
        }
        Flow::Failed => Ok(end(&search, None, false)),
        Flow::Stopped => Ok(end(&search, None, true)),
    }
}

/// How a subtree of the search ended.
enum Flow {
    Solved,
    Failed,
    Stopped,
}

/// The grid being filled and the digits each row, column and box holds (bit d−1 for d).
struct Search<'a, 's> {
    cells: Vec<u8>,
    n: usize,
    box_of: Vec<usize>,
    used: [Vec<u64>; 3],
    stepper: Stepper<'s, SudokuStep>,
    ctl: &'a Control,
}

impl Search<'_, '_> {
    /// Places or removes digit `d` at cell `i` in the units' masks.
    fn flip(&mut self, i: usize, d: u8) {
        let bit = 1u64 << (d - 1);
        self.used[0][i / self.n] ^= bit;
        self.used[1][i % self.n] ^= bit;
        self.used[2][self.box_of[i]] ^= bit;
    }

    /// The candidates of empty cell `i` as bits.
    fn free(&self, i: usize) -> u64 {
        let all = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        all & !(self.used[0][i / self.n] | self.used[1][i % self.n] | self.used[2][self.box_of[i]])
    }

    /// The empty cell with the fewest candidates (the first in reading order on a tie).
    fn most_constrained(&self) -> Option<usize> {
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == 0)
            .min_by_key(|&i| self.free(i).count_ones())
    }

    /// Fills the grid from here: `Solved` leaves the solution in `cells`.
    fn search(&mut self, depth: usize) -> Flow {
        if self.ctl.stopped() {
            return Flow::Stopped;
        }
        let Some(i) = self.most_constrained() else {
            return Flow::Solved;
        };
        let cell = Pos::new(i / self.n, i % self.n);
        let free = self.free(i);
        let digits: Vec<u8> = (1..=self.n as u8)
            .filter(|&d| free & (1u64 << (d - 1)) != 0)
            .collect();
        let shown = digits.clone();
        self.stepper.step(|index| SudokuStep::Choose {
            index,
            depth,
            cell,
            candidates: shown,
        });
        for digit in digits {
            self.cells[i] = digit;
            self.flip(i, digit);
            self.stepper.step(|index| SudokuStep::Guess {
                index,
                depth,
                cell,
                digit,
            });
            match self.search(depth + 1) {
                Flow::Failed => {}
                done => return done,
            }
            self.flip(i, digit);
            self.cells[i] = 0;
        }
        self.stepper
            .step(|index| SudokuStep::Backtrack { index, depth, cell });
        Flow::Failed
    }
}

impl Report for SudokuStep {
    /// One line: the cell (row,col from 0) and its candidates, the digit guessed, or the backtrack.
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        match self {
            SudokuStep::Choose {
                index,
                depth,
                cell,
                candidates,
            } => {
                let digits: Vec<String> = candidates.iter().map(u8::to_string).collect();
                let digits = match digits.is_empty() {
                    true => "none: a dead end".to_string(),
                    false => digits.join(" "),
                };
                text.line(format!(
                    "step {index}: depth {depth}, cell {cell}, candidates {digits}"
                ))
            }
            SudokuStep::Guess {
                index,
                depth,
                cell,
                digit,
            } => {
                text.plain(format!("step {index}: depth {depth}, cell {cell}, guess "));
                text.tone(Tone::Mark, digit.to_string()).end_line()
            }
            SudokuStep::Backtrack { index, depth, cell } => text.line(format!(
                "step {index}: depth {depth}, cell {cell} emptied: backtrack"
            )),
        };
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

impl Report for SudokuSteps {
    /// The search's steps and its end; not quiet, the solution's rows.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let left = crate::stepper::not_shown_words(self.not_shown);
        text.line(format!(
            "Sudoku {0}×{0}: the most constrained cell first, {1} steps{left}",
            self.size, self.steps
        ));
        match (&self.solution, self.interrupted) {
            (Some(s), _) => {
                text.tone(Tone::Good, "solved, verified").end_line();
                if detail == Detail::Full {
                    let digits: Vec<char> = s.chars().collect();
                    for row in digits.chunks(self.size) {
                        text.line(row.iter().collect::<String>());
                    }
                }
            }
            (None, true) => {
                text.tone(Tone::Partial, "interrupted").end_line();
            }
            (None, false) => {
                text.tone(Tone::Bad, "no solution").end_line();
            }
        }
        text
    }

    fn ending(&self) -> Ending {
        match (&self.solution, self.interrupted) {
            (Some(_), _) => Ending::Answered,
            (None, true) => Ending::Interrupted,
            (None, false) => Ending::NoSolution,
        }
    }
}

#[cfg(test)]
mod tests;
