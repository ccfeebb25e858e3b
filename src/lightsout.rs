//! Lights Out: a press toggles a cell and its orthogonal neighbours; turn every light off.
//!
//! Two documents are cited throughout: "the Lights Out lab" ("Laboratoire 2 —
//! Lights out", a university lab on Gaussian elimination over GF(2)) and "the
//! Lights Out chapter" ("Éteindre la lumière", a textbook chapter after
//! Sanchez & Pareja-Flores, "Two Reflected Analyses of Lights Out",
//! Mathematics Magazine 74(4), 2001).
//!
//! Presses commute and cancel in pairs, so a solution is a set of cells `x`
//! with `M·x = s` over GF(2), `M` the press matrix and `s` the lights
//! (the Lights Out lab). The solutions form a coset of the null space of `M`, whose
//! elements are the quiet patterns ("procédures neutres", the Lights Out chapter): there are
//! 2^nullity of them, or none when `s` overlaps some quiet pattern an odd
//! number of times (`M` is symmetric, so that is the whole parity test).
//!
//! ```
//! use puzzles::lightsout::{Answer, BoardSource, LightsOut, Request};
//! use puzzles::render::Picture;
//! use puzzles::report::{Detail, Report};
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! // The 3×3 board all on: one solution, the four corners and the centre.
//! let board = BoardSource::Given { name: "all on".into(), text: "111\n111\n111\n".into() };
//! let answer = LightsOut::answer(&Request::new(board), &Control::new(), &mut NoItems)?;
//! let Answer::Solve(solution) = &answer else { panic!() };
//! assert_eq!((solution.solutions.as_str(), solution.press_count), ("1", Some(5)));
//! assert!(answer.text(Detail::Full).to_plain_string().contains("X.X\n.X.\nX.X"));
//! assert!(LightsOut::picture(&answer, Picture::Solved)?.starts_with("<svg"));
//! # Ok::<(), puzzles::Error>(())
//! ```

mod answer;
mod cells;
mod chase;
mod chase_gcd;
mod check;
mod door;
mod fewest;
mod game;
pub(crate) mod graph;
mod parse;
mod pattern;
mod rows;
mod solve;
mod steps;
mod system;
mod table;
mod text;
mod torus;
mod values;
mod variant;
mod variant_svg;

use crate::control::{Control, Stop, Tally};
use crate::error::Result;
use crate::flaw::Flaw;
use crate::grid::{BitGrid, Dims};
use crate::linalg::gf2::{self, BitMatrix};
use crate::listing::{Searched, Solutions};
use crate::random::Rng;
use rand::Rng as _;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

pub use answer::{
    Answer, BoardSource, GraphRule, GraphSetup, GridSetup, Item, LightsStep, LightsSteps,
    ListedPresses, Mode, NullityRow, NullityTable, PressCheck, PressListing, PressPattern, Pressed,
    Request, Setup, Solution, SolutionCount,
};
pub use cells::Cells;
pub(crate) use chase_gcd::nullity;
pub(crate) use fewest::fewest_presses;
pub use game::{LightsOutGame, PressHint, StatesGame};
pub(crate) use graph::{Graph, GraphGame};
pub use pattern::Pattern;
pub(crate) use values::MAX_SYMBOL_STATES;
#[cfg(test)]
use values::{parse_states, state_rows};
use variant::variant_nullity;
pub(crate) use variant::{StatesAnalysis, StatesBoard, Variant};

/// The largest board accepted, in cells (a 10,000 × 10,000 board).
pub(crate) const MAX_CELLS: usize = 100_000_000;

/// The largest side `--nullity` tables (each size costs `O(n²/64)` word operations).
pub(crate) const MAX_NULLITY_SIDE: usize = 100_000;

/// The largest board the full elimination (`--method gauss`) takes, in cells.
pub(crate) const MAX_GAUSS_CELLS: usize = 4096;

/// How the system is solved (every method gives a verified answer; they differ in speed and reach).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum LightsOutMethod {
    /// Light chasing finished by one extended gcd of polynomials over GF(K)
    /// (Sutner): the fast default where it applies (the cross on the plane, K prime).
    #[default]
    #[serde(rename = "poly")]
    #[cfg_attr(feature = "cli", value(name = "poly"))]
    Polynomial,
    /// Light chasing (the Lights Out chapter, "récolte"): the first row's presses are the
    /// only unknowns, every later row follows from the row above; the last
    /// row's equations are solved by elimination.
    Chase,
    /// The full elimination, one unknown per cell (the Lights Out lab); the reference for small boards.
    Gauss,
}

/// A Lights Out position: which lights are on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LightsOut {
    lights: BitGrid,
    torus: bool,
}

/// Everything the linear algebra says about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Analysis {
    /// The presses that switch every light off (one solution), or `None` when there are none.
    pub presses: Option<BitGrid>,
    /// When unsolvable: a quiet pattern that overlaps the lit cells an odd number of times (the Lights Out chapter's parity test).
    pub witness: Option<BitGrid>,
    kernel: Kernel,
}

/// How a board was turned before chasing: the unknowns run along the shorter side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Oriented {
    /// The shape that was chased (columns ≤ rows).
    dims: Dims,
    /// Whether that shape is the user's board transposed.
    transposed: bool,
}

/// A basis of the quiet patterns ("procédures neutres", the Lights Out chapter).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kernel {
    /// Whole boards, from the full elimination.
    Boards(Vec<BitGrid>),
    /// First rows that chasing on a dark board turns into whole boards: `n`
    /// bits each instead of `m·n`, so large nullities on large boards stay small.
    FirstRows {
        oriented: Oriented,
        first_rows: Vec<rows::Row>,
    },
}

impl Analysis {
    /// Assembles the analysis of a chased board (`lights` and `presses` in the
    /// chased orientation), finding the parity witness when there is no solution.
    fn from_first_rows(lights: &BitGrid, presses: Option<BitGrid>, kernel: Kernel) -> Self {
        let transposed =
            matches!(kernel, Kernel::FirstRows { oriented, .. } if oriented.transposed);
        let mut a = Analysis {
            presses,
            witness: None,
            kernel,
        };
        if a.presses.is_none() {
            a.witness = (0..a.nullity())
                .map(|i| a.chased_pattern(i))
                .find(|q| gf2::dot(q.bits(), lights.bits()));
        }
        if transposed {
            a.presses = a.presses.map(|p| p.transposed());
            a.witness = a.witness.map(|w| w.transposed());
        }
        a
    }

    /// An analysis made elsewhere (Revertigo's teaching methods): one solution
    /// and a basis of the quiet patterns, as whole boards.
    pub(crate) fn from_solution(presses: BitGrid, quiet_patterns: Vec<BitGrid>) -> Self {
        Analysis {
            presses: Some(presses),
            witness: None,
            kernel: Kernel::Boards(quiet_patterns),
        }
    }

    /// The whole basis of quiet patterns, as boards (`nullity` of them).
    pub(crate) fn quiet_patterns(&self) -> Vec<BitGrid> {
        (0..self.nullity()).map(|i| self.quiet_pattern(i)).collect()
    }

    /// The same analysis for the board with rows and columns swapped.
    pub(crate) fn transposed(&self) -> Self {
        Analysis {
            presses: self.presses.as_ref().map(BitGrid::transposed),
            witness: self.witness.as_ref().map(BitGrid::transposed),
            kernel: Kernel::Boards(
                self.quiet_patterns()
                    .iter()
                    .map(BitGrid::transposed)
                    .collect(),
            ),
        }
    }

    /// The analysis of a chased board (`lights` turned as `oriented` says):
    /// the presses chased from `first_row` when there is one, and the quiet
    /// patterns kept as the first rows `kernel`.
    fn from_chase(
        lights: &BitGrid,
        oriented: Oriented,
        first_row: Option<rows::Row>,
        kernel: Vec<rows::Row>,
    ) -> Self {
        let presses = first_row.map(|u| {
            let (presses, _) = rows::chase(&rows::from_grid(lights), &u, lights.dims().cols);
            rows::to_grid(lights.dims(), &presses)
        });
        let kernel = Kernel::FirstRows {
            oriented,
            first_rows: kernel,
        };
        Self::from_first_rows(lights, presses, kernel)
    }

    /// The dimension of the null space: there are 2^nullity solutions when there are any.
    pub(crate) fn nullity(&self) -> usize {
        match &self.kernel {
            Kernel::Boards(b) => b.len(),
            Kernel::FirstRows { first_rows, .. } => first_rows.len(),
        }
    }

    /// Quiet pattern `i` of the basis (`i < nullity`): presses that change no light.
    pub(crate) fn quiet_pattern(&self, i: usize) -> BitGrid {
        let q = self.chased_pattern(i);
        match &self.kernel {
            Kernel::FirstRows { oriented, .. } if oriented.transposed => q.transposed(),
            _ => q,
        }
    }

    /// Quiet pattern `i` in the orientation it was computed in.
    fn chased_pattern(&self, i: usize) -> BitGrid {
        match &self.kernel {
            Kernel::Boards(b) => b[i].clone(),
            Kernel::FirstRows {
                oriented,
                first_rows,
            } => {
                let dark = rows::Rows::zeros(oriented.dims.rows, oriented.dims.cols);
                let (presses, _) = rows::chase(&dark, &first_rows[i], oriented.dims.cols);
                rows::to_grid(oriented.dims, &presses)
            }
        }
    }

    /// Visits every solution — the one found plus each sum of quiet patterns —
    /// in Gray-code order, one XOR per step, with the [`Solutions::enumerate`] contract.
    pub(crate) fn enumerate(
        &self,
        ctl: &Control,
        visit: &mut dyn FnMut(&BitGrid) -> ControlFlow<()>,
    ) -> Tally {
        let Some(mut current) = self.presses.clone() else {
            return Tally {
                found: 0,
                stopped: None,
            };
        };
        let nullity = self.nullity();
        let mut quiet: Vec<BitGrid> = Vec::new();
        let mut found = 0u64;
        loop {
            found += 1;
            if visit(&current).is_break() {
                return Tally {
                    found,
                    stopped: Some(Stop::Limit),
                };
            }
            // Gray code: step k flips the quiet pattern of k's lowest set bit.
            let bit = found.trailing_zeros() as usize;
            if bit >= nullity {
                return Tally {
                    found,
                    stopped: None,
                };
            }
            if ctl.stopped() {
                return Tally {
                    found,
                    stopped: Some(Stop::Interrupted),
                };
            }
            if bit == quiet.len() {
                quiet.push(self.quiet_pattern(bit));
            }
            current
                .bits_mut()
                .symmetric_difference_with(quiet[bit].bits());
        }
    }

    /// The exact number of solutions as a decimal string: 2^nullity, or 0 when unsolvable.
    pub(crate) fn solution_count(&self) -> String {
        match self.presses {
            Some(_) => {
                crate::linalg::modular::decimal_product(std::iter::repeat_n(2, self.nullity()))
            }
            None => "0".to_string(),
        }
    }
}

impl LightsOut {
    /// The position with these lights on.
    pub(crate) fn new(lights: BitGrid) -> Self {
        LightsOut {
            lights,
            torus: false,
        }
    }

    /// The same position on a torus: presses wrap around the edges.
    pub(crate) fn on_torus(self) -> Self {
        LightsOut {
            torus: true,
            ..self
        }
    }

    /// Whether presses wrap around the edges.
    pub(crate) fn is_torus(&self) -> bool {
        self.torus
    }

    /// A uniformly random position of shape `dims`.
    pub(crate) fn random(dims: Dims, rng: &mut Rng) -> Self {
        let cells = dims.cells();
        let width = usize::BITS as usize;
        let mut blocks: Vec<usize> = (0..cells.div_ceil(width)).map(|_| rng.gen()).collect();
        // Clear the bits past the last cell so equal boards compare equal.
        if let (Some(last), tail @ 1..) = (blocks.last_mut(), cells % width) {
            *last &= (1 << tail) - 1;
        }
        let bits = fixedbitset::FixedBitSet::with_capacity_and_blocks(cells, blocks);
        LightsOut::new(BitGrid::from_bits(dims, bits).expect("one bit per cell"))
    }

    /// Reads a position from rows of `0`/`1` or `.`/`#` (spaces between cells ignored).
    pub(crate) fn parse(source: &crate::input::Source) -> Result<Self> {
        parse::lights(source).map(LightsOut::new)
    }

    /// The lights that are on.
    pub(crate) fn lights(&self) -> &BitGrid {
        &self.lights
    }

    /// The lights after pressing every cell of `presses` once.
    pub(crate) fn after(&self, presses: &BitGrid) -> BitGrid {
        let dims = self.lights.dims();
        if !self.torus {
            let left = rows::after(
                &rows::from_grid(&self.lights),
                &rows::from_grid(presses),
                dims.cols,
            );
            return rows::to_grid(dims, &left);
        }
        let mut lights = self.lights.clone();
        for p in presses.ones() {
            lights.toggle(p);
            dims.torus_neighbours(p).for_each(|q| lights.toggle(q));
        }
        lights
    }

    /// The press matrix `M` of the Lights Out lab: entry `(i, j)` is 1 when pressing cell
    /// `j` toggles light `i` (cells numbered row by row), on the plane or the torus.
    pub(crate) fn press_matrix(dims: Dims, torus: bool) -> BitMatrix {
        let mut m = BitMatrix::zeros(dims.cells(), dims.cells());
        for p in dims.positions() {
            let i = dims.index(p);
            m.set(i, i, true);
            if torus {
                dims.torus_neighbours(p)
                    .for_each(|q| m.set(i, dims.index(q), true));
            } else {
                dims.neighbours(p)
                    .for_each(|q| m.set(i, dims.index(q), true));
            }
        }
        m
    }

    /// Solves the position with `method`: one solution, the quiet patterns, or the parity witness.
    ///
    /// Fails only when the board is too large for the method.
    pub(crate) fn analyse(&self, method: LightsOutMethod) -> Result<Analysis> {
        let dims = self.lights.dims();
        // A torus narrower than 3 has rows that are their own neighbours' neighbours: no chase.
        if method == LightsOutMethod::Gauss || (self.torus && dims.rows.min(dims.cols) < 3) {
            return self.analyse_gauss();
        }
        let transposed = dims.cols > dims.rows;
        let turned;
        let lights = if transposed {
            turned = self.lights.transposed();
            &turned
        } else {
            &self.lights
        };
        let oriented = Oriented {
            dims: lights.dims(),
            transposed,
        };
        Ok(match method {
            _ if self.torus => torus::analyse(lights, oriented),
            LightsOutMethod::Chase => chase::analyse(lights, oriented),
            _ => chase_gcd::analyse(lights, oriented),
        })
    }

    fn analyse_gauss(&self) -> Result<Analysis> {
        let dims = self.lights.dims();
        if dims.cells() > MAX_GAUSS_CELLS {
            return Err(crate::error::Error::TooLarge {
                bound: crate::error::Bound::GaussCells,
                got: dims.cells().into(),
                limit: MAX_GAUSS_CELLS.into(),
                note: String::new(),
            });
        }
        let to_grid = |bits| BitGrid::from_bits(dims, bits).expect("one bit per cell");
        let (presses, kernel) = match Self::press_matrix(dims, self.torus).solve(self.lights.bits())
        {
            Ok(s) => (Some(to_grid(s.particular)), s.kernel),
            Err(e) => (None, e.kernel),
        };
        let quiet: Vec<BitGrid> = kernel.into_iter().map(to_grid).collect();
        let witness = match presses {
            Some(_) => None,
            None => quiet
                .iter()
                .find(|q| gf2::dot(q.bits(), self.lights.bits()))
                .cloned(),
        };
        Ok(Analysis {
            presses,
            witness,
            kernel: Kernel::Boards(quiet),
        })
    }
}

/// A position with its analysis done: what the [`Solutions`] trait drives.
#[derive(Debug, Clone)]
pub(crate) struct LightsOutSolver {
    puzzle: LightsOut,
    analysis: Analysis,
}

impl LightsOutSolver {
    /// The board's shape.
    pub(crate) fn dims(&self) -> Dims {
        self.puzzle.lights.dims()
    }

    /// Analyses `puzzle` with `method`; fails only when the board is too large for the method.
    pub(crate) fn new(puzzle: LightsOut, method: LightsOutMethod) -> Result<Self> {
        let analysis = puzzle.analyse(method)?;
        Ok(LightsOutSolver { puzzle, analysis })
    }

    /// The position.
    pub(crate) fn puzzle(&self) -> &LightsOut {
        &self.puzzle
    }

    /// One solution, the quiet patterns, or the parity witness.
    pub(crate) fn analysis(&self) -> &Analysis {
        &self.analysis
    }
}

impl Solutions for LightsOutSolver {
    type Solution = BitGrid;

    /// 2^nullity solutions when solvable.
    fn expected_solutions(&self) -> crate::listing::Expected {
        match self.analysis.presses {
            Some(_) => crate::listing::Expected::PowerOfTwo(self.analysis.nullity() as u32),
            None => crate::listing::Expected::Unknown,
        }
    }

    /// Every solution is the particular one plus a sum of quiet patterns;
    /// they are visited in Gray-code order, one XOR each.
    fn enumerate(
        &self,
        ctl: &Control,
        visit: &mut dyn FnMut(&BitGrid) -> ControlFlow<()>,
    ) -> Tally {
        self.analysis.enumerate(ctl, visit)
    }

    fn verify(&self, presses: &BitGrid) -> std::result::Result<(), Flaw> {
        if presses.dims() != self.dims() {
            return Err(Flaw::WrongShape {
                want: self.dims(),
                got: presses.dims(),
            });
        }
        let left = self.puzzle.after(presses);
        let first_lit = left.ones().next();
        match first_lit {
            None => Ok(()),
            Some(first) => Err(Flaw::LightsOn {
                first,
                count: left.count_ones(),
            }),
        }
    }

    fn solve(&self, _ctl: &Control) -> Searched<BitGrid> {
        match &self.analysis.presses {
            Some(p) => Searched::Solved(p.clone()),
            None => Searched::NoSolution,
        }
    }
}

/// The classic board as SVG: lit cells in amber, dark ones in slate, and the
/// Lights Out lab's red dots on the cells to press.
fn classic_svg(lights: &BitGrid, presses: Option<&BitGrid>) -> Result<String> {
    let dims = lights.dims();
    let (mut svg, cell) = crate::render::board_canvas(dims)?;
    for p in dims.positions() {
        let fill = if lights.get(p) { "#f6c744" } else { "#2e3440" };
        svg.cell(p, cell, fill, Some("#111111"));
        if presses.is_some_and(|q| q.get(p)) {
            let (x, y) = crate::render::cell_centre(p, cell);
            svg.circle(x, y, cell / 5.0, "#d62828");
        }
    }
    Ok(svg.finish())
}

/// A board of `states` states as SVG, with its presses when given: the
/// classic game's picture (red dots on the lights), or for any other variant
/// the press counts as a second board beside the states.
fn board_svg(states: u8, classic: bool, lights: &Cells, presses: Option<&Cells>) -> Result<String> {
    if classic {
        let presses = presses.map(solve::bits).transpose()?;
        return classic_svg(&solve::bits(lights)?, presses.as_ref());
    }
    let values = presses.map(Cells::to_values);
    variant_svg::states_svg(states, &lights.to_values(), values.as_ref())
}

#[cfg(test)]
mod tests;
