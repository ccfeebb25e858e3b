//! Lights Out beyond on/off: K states (a press adds 1 mod K to every cell it changes), any press pattern, the plane or the torus.
//!
//! The game is still linear: presses commute and K presses of one cell
//! cancel, so a solution is a vector of press counts `x` in `(Z/K)^cells`
//! with `M·x = −s` (mod K), `s` the states. Lights Out 2000 (Tiger, 1998) is
//! the cross with K = 3; Kreh, "Lights Out and variants", Amer. Math. Monthly
//! 124(10), 2017, surveys the K-state and other-pattern games.
//!
//! Two methods, chosen by the pattern:
//!
//! - **chase**: when the pattern's top row is the single cell above the
//!   pressed one (the cross, say), each light is settled by the press below
//!   it, so only the first rows are unknowns (the light chasing of the Lights Out chapter, with
//!   signs mod K); their system is solved in Smith form over each prime power
//!   of K ([`crate::linalg::modular`]).
//! - **gauss**: otherwise the whole `cells`-unknown system, by elimination
//!   over Z/K (Smith form, Chinese remainder theorem), or, for K = 2, the
//!   word-parallel GF(2) elimination of [`crate::linalg::gf2`].
//!
//! The solutions are one solution plus the kernel (the quiet patterns), a
//! direct sum of cyclic groups whose orders multiply to the solution count.
//! When there is none, a witness `w` with `w·M = 0` and `w·s ≠ 0` proves it.
//!
//! ```
//! use puzzles::lightsout::{LightsOut, Answer, BoardSource, Request};
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! // Lights Out 2000: three states, the cross, a 5×5 board all at state 1.
//! let mut request = Request::new(BoardSource::Given { name: "b".into(), text: "11111\n".repeat(5) });
//! request.states = 3;
//! let Answer::Solve(s) = LightsOut::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
//! assert!(s.solvable);
//! assert_eq!(s.presses.unwrap().cells().unwrap().dims().rows, 5); // five rows of press counts 0..2
//! # Ok::<(), puzzles::Error>(())
//! ```

mod chase;
mod plan;
mod polynomial;

use super::pattern::Pattern;
use super::system::System;
use super::values;
use super::LightsOutMethod;
use crate::control::{Control, Stop, Tally};
use crate::error::{Error, Result};
use crate::flaw::Flaw;
use crate::grid::{Dims, Grid, Pos};
use crate::linalg::modular::{Generator, ModMatrix, Modulus};
use crate::listing::{Expected, Solutions};
use crate::random::Rng;
use chase::Chase;
use plan::Plan;
use rand::Rng as _;
use std::ops::ControlFlow;

/// The largest board the elimination over Z/K (K > 2) takes, in cells (a 64 × 64 board).
pub const MAX_STATES_GAUSS_CELLS: usize = 4096;

/// The largest board the GF(2) elimination takes with a pattern that cannot be chased, in cells.
pub const MAX_GF2_GAUSS_CELLS: usize = 16_384;

/// The most unknowns (the presses of the first rows) light chasing carries.
pub const MAX_CHASE_UNKNOWNS: usize = 2048;

/// Largest `solutions × cells` searched exhaustively for the fewest presses.
const EXACT_WORK: u128 = 1 << 31;

/// The game: how many states, which cells a press changes, and whether the edges wrap.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Variant {
    /// K: a cell holds 0..K−1 and a press adds 1 mod K.
    pub states: Modulus,
    /// The cells a press changes.
    pub pattern: Pattern,
    /// Whether the pattern wraps around the edges (a torus).
    pub torus: bool,
}

impl Variant {
    /// K states (2..=255), the press `pattern`, on the torus or not.
    pub fn new(states: u32, pattern: Pattern, torus: bool) -> Result<Self> {
        Ok(Variant {
            states: Modulus::new(states)?,
            pattern,
            torus,
        })
    }

    /// The same game with rows and columns swapped.
    fn transposed(&self) -> Self {
        Variant {
            pattern: self.pattern.mapped(|(r, c)| (c, r)),
            ..self.clone()
        }
    }

    /// The game whose press matrix is this one's transpose (every offset reversed).
    fn reflected(&self) -> Self {
        Variant {
            pattern: self.pattern.mapped(|(r, c)| (-r, -c)),
            ..self.clone()
        }
    }

    /// The entries 1 of the press system on `dims`: (the cell changed, the cell pressed).
    pub(crate) fn press_entries(&self, dims: Dims) -> Vec<(usize, usize)> {
        dims.positions()
            .flat_map(|p| {
                self.targets(dims, p)
                    .into_iter()
                    .map(move |q| (dims.index(q), dims.index(p)))
            })
            .collect()
    }

    /// The cells that pressing `p` changes, each once (on a small torus two
    /// offsets may wrap onto the same cell: it still changes once).
    pub fn targets(&self, dims: Dims, p: Pos) -> Vec<Pos> {
        let mut cells: Vec<Pos> = self
            .pattern
            .offsets()
            .iter()
            .filter_map(|&(dr, dc)| {
                let (r, c) = (p.row as i64 + dr as i64, p.col as i64 + dc as i64);
                if self.torus {
                    let (m, n) = (dims.rows as i64, dims.cols as i64);
                    Some(Pos::new(r.rem_euclid(m) as usize, c.rem_euclid(n) as usize))
                } else {
                    dims.checked(r, c)
                }
            })
            .collect();
        cells.sort_unstable_by_key(|q| (q.row, q.col));
        cells.dedup();
        cells
    }

    /// The states after pressing each cell as many times as `presses` says.
    pub fn after(&self, lights: &Grid<u8>, presses: &Grid<u8>) -> Grid<u8> {
        let dims = lights.dims();
        let k = self.states;
        let mut out = lights.clone();
        let reach = |f: fn(&(i32, i32)) -> i32| {
            let offsets = self.pattern.offsets().iter();
            offsets
                .map(|o| f(o).unsigned_abs() as usize)
                .max()
                .unwrap_or(0)
        };
        // On a torus wider and taller than the pattern no two offsets wrap onto one cell.
        let distinct =
            !self.torus || (dims.rows > 2 * reach(|o| o.0) && dims.cols > 2 * reach(|o| o.1));
        if !distinct {
            for p in dims.positions() {
                let times = presses[p];
                if times != 0 {
                    for q in self.targets(dims, p) {
                        out[q] = k.add(out[q], times);
                    }
                }
            }
            return out;
        }
        let (m, n) = (dims.rows as i64, dims.cols as i64);
        let cells = out.cells_mut();
        for (i, &times) in presses.cells().iter().enumerate() {
            if times == 0 {
                continue;
            }
            let (r, c) = ((i / dims.cols) as i64, (i % dims.cols) as i64);
            for &(dr, dc) in self.pattern.offsets() {
                let (mut tr, mut tc) = (r + dr as i64, c + dc as i64);
                if self.torus {
                    (tr, tc) = (tr.rem_euclid(m), tc.rem_euclid(n));
                } else if tr < 0 || tc < 0 || tr >= m || tc >= n {
                    continue;
                }
                let j = (tr * n + tc) as usize;
                cells[j] = k.add(cells[j], times);
            }
        }
        out
    }

    /// Checks that `w` proves `lights` unsolvable: `w·M = 0` (pressing by `w`
    /// in the reflected game, whose matrix is `Mᵀ`, changes nothing) and `w·s ≠ 0`.
    pub fn verify_witness(&self, lights: &Grid<u8>, w: &Grid<u8>) -> Result<()> {
        let dark = Grid::filled(lights.dims(), 0);
        if self
            .reflected()
            .after(&dark, w)
            .cells()
            .iter()
            .any(|&x| x != 0)
        {
            return Err(Error::Check("the witness w has w·M ≠ 0".into()));
        }
        let dot: u64 = w
            .cells()
            .iter()
            .zip(lights.cells())
            .map(|(&a, &b)| a as u64 * b as u64)
            .sum();
        if dot % self.states.get() as u64 == 0 {
            return Err(Error::Check("the witness w has w·s = 0".into()));
        }
        Ok(())
    }

    /// The press matrix: entry `(i, j)` is 1 when pressing cell `j` changes cell `i` (cells row by row).
    pub fn press_matrix(&self, dims: Dims) -> ModMatrix {
        let mut m = ModMatrix::zeros(dims.cells(), dims.cells());
        for p in dims.positions() {
            for q in self.targets(dims, p) {
                m.set(dims.index(q), dims.index(p), 1);
            }
        }
        m
    }

    /// A uniformly random board of states.
    pub fn random(&self, dims: Dims, rng: &mut Rng) -> Grid<u8> {
        let k = self.states.get();
        let cells = (0..dims.cells()).map(|_| rng.gen_range(0..k)).collect();
        Grid::from_cells(dims, cells).expect("one state per cell")
    }

    /// Reads a board of states (rows of symbols, see [`BoardSource::Given`](super::BoardSource::Given)).
    pub fn parse(&self, source: &crate::input::Source) -> Result<Grid<u8>> {
        values::parse_states(source, self.states)
    }

    /// The board as rows of text: one symbol per cell up to 36 states, numbers beyond.
    pub fn rows(&self, grid: &Grid<u8>) -> Vec<String> {
        values::state_rows(grid, self.states)
    }

    /// Solves `lights` by the fastest method that applies: one solution, the
    /// quiet patterns, or the witness that there is none.
    ///
    /// Fails only when the board is too large for the method its pattern needs.
    pub fn analyse(&self, lights: &Grid<u8>) -> Result<StatesAnalysis> {
        self.analyse_with(lights, None)
    }

    /// Whether the polynomial method applies: the cross on the plane, K prime.
    pub fn has_polynomial_method(&self) -> bool {
        self.pattern.is_cross() && !self.torus && self.states.is_prime()
    }

    /// Solves `lights` by `method` (`None`: the fastest that applies).
    ///
    /// Fails when the method does not apply to the variant, or the board is
    /// too large for it ([`Variant::plan`], checked before any work).
    pub fn analyse_with(
        &self,
        lights: &Grid<u8>,
        method: Option<LightsOutMethod>,
    ) -> Result<StatesAnalysis> {
        let mut analysis = match self.plan(lights.dims(), method)? {
            Plan::Gauss => self.analyse_gauss(lights)?,
            Plan::Chase {
                chase,
                transposed,
                poly,
            } => {
                let lights_t;
                let oriented = if transposed {
                    lights_t = transpose(lights);
                    &lights_t
                } else {
                    lights
                };
                self.analyse_chase(oriented, chase, transposed, poly)
            }
        };
        if analysis.presses.is_none() && analysis.witness.is_none() {
            analysis.witness = self.witness(lights, &analysis)?;
        }
        Ok(analysis)
    }

    /// Refuses, before anything is built, a `dims` board this variant cannot
    /// solve by `method`: past the largest board, or too large for the method.
    pub(crate) fn check_board(&self, dims: Dims, method: Option<LightsOutMethod>) -> Result<()> {
        Dims::new(dims.rows, dims.cols, super::MAX_CELLS)?;
        self.plan(dims, method).map(drop)
    }

    /// The analysis of a board already turned as `chase` wants it, by the
    /// polynomial method when `poly`, else by elimination on the first rows.
    fn analyse_chase(
        &self,
        lights: &Grid<u8>,
        chase: Chase,
        transposed: bool,
        poly: bool,
    ) -> StatesAnalysis {
        let (particular, kernel) = if poly {
            polynomial::analyse(lights, &chase, self.states.get())
        } else {
            let (a, b) = chase.system(lights);
            let s = a.solve(&b, self.states);
            (s.particular, s.kernel)
        };
        let presses = particular.map(|u| {
            let p = chase.presses(lights, &u);
            if transposed {
                transpose(&p)
            } else {
                p
            }
        });
        StatesAnalysis {
            variant: self.clone(),
            dims: if transposed {
                lights.dims().transposed()
            } else {
                lights.dims()
            },
            method: if poly {
                LightsOutMethod::Polynomial
            } else {
                LightsOutMethod::Chase
            },
            presses,
            witness: None,
            kernel,
            expand: Expand::Chased { chase, transposed },
        }
    }

    fn analyse_gauss(&self, lights: &Grid<u8>) -> Result<StatesAnalysis> {
        let dims = lights.dims();
        let k = self.states;
        let to_grid = |v: Vec<u8>| Grid::from_cells(dims, v).expect("one value per cell");
        let rhs: Vec<u8> = lights.cells().iter().map(|&v| k.neg(v)).collect();
        let ones = self.press_entries(dims);
        // Row by row or column by column, whichever makes the narrower band.
        let by_columns = (0..dims.cells())
            .map(|i| (i % dims.rows) * dims.cols + i / dims.rows)
            .collect();
        let s = System {
            k,
            n: dims.cells(),
            ones: &ones,
            symmetric: self.pattern.is_symmetric(),
            orders: vec![crate::linalg::band::identity(dims.cells()), by_columns],
            what: "cells",
        }
        .solve(&rhs)?;
        Ok(StatesAnalysis {
            variant: self.clone(),
            dims,
            method: LightsOutMethod::Gauss,
            presses: s.particular.map(to_grid),
            witness: s.witness.map(to_grid),
            kernel: s.kernel,
            expand: Expand::Board,
        })
    }

    /// A witness for a chased board with no solution: a quiet pattern of the
    /// reflected game (the transpose) that `lights` overlaps with a nonzero sum.
    fn witness(&self, lights: &Grid<u8>, analysis: &StatesAnalysis) -> Result<Option<Grid<u8>>> {
        let dual;
        let source = if self.pattern.is_symmetric() {
            analysis
        } else {
            dual = self.reflected().analyse(&Grid::filled(lights.dims(), 0))?;
            &dual
        };
        let k = self.states.get() as u64;
        Ok((0..source.nullity())
            .map(|i| source.quiet_pattern(i))
            .find(|w| {
                let sum: u64 = w
                    .cells()
                    .iter()
                    .zip(lights.cells())
                    .map(|(&a, &b)| a as u64 * b as u64)
                    .sum();
                sum % k != 0
            }))
    }
}

impl Default for Variant {
    /// The classic game: two states, the cross, the plane.
    fn default() -> Self {
        Variant {
            states: Modulus::new(2).expect("2 states"),
            pattern: Pattern::cross(),
            torus: false,
        }
    }
}

/// The lightest `start + Σ c_i·g_i` (the sum of the entries, each 0..K−1)
/// and whether it is proven lightest: an odometer over every combination
/// while that is affordable, else a descent that adds any multiple of one
/// generator while that lowers the sum (finding the lightest member of a
/// coset is NP-hard already for K = 2: Berlekamp, McEliece & van Tilborg,
/// IEEE Trans. Inf. Theory 24(3), 1978). A stop keeps the lightest seen, unproven.
pub(super) fn fewest_in_coset(
    start: &[u8],
    kernel: &[Generator],
    k: Modulus,
    ctl: &Control,
) -> (Vec<u8>, bool) {
    let weight = |x: &[u8]| x.iter().map(|&v| v as u64).sum::<u64>();
    let add = |x: &mut [u8], g: &[u8]| {
        for (c, &v) in x.iter_mut().zip(g) {
            *c = k.add(*c, v);
        }
    };
    let total: u128 = kernel
        .iter()
        .try_fold(1u128, |acc, g| acc.checked_mul(g.order as u128))
        .unwrap_or(u128::MAX);
    let mut best = start.to_vec();
    let mut best_weight = weight(&best);
    if total.saturating_mul(start.len().max(1) as u128) <= EXACT_WORK {
        ctl.progress().set_total(total as u64);
        let mut current = start.to_vec();
        let mut digits = vec![0u32; kernel.len()];
        let mut step = 0u64;
        loop {
            // Add generator i; when its digit wraps the sum is back where it was and i+1 carries.
            let mut i = 0;
            loop {
                let Some(g) = kernel.get(i) else {
                    return (best, true);
                };
                add(&mut current, &g.vector);
                digits[i] += 1;
                if digits[i] < g.order {
                    break;
                }
                digits[i] = 0;
                i += 1;
            }
            let w = weight(&current);
            if w < best_weight {
                (best_weight, best) = (w, current.clone());
            }
            step += 1;
            if step % 4096 == 0 {
                ctl.progress().advance(4096);
                if ctl.stopped() {
                    return (best, false);
                }
            }
        }
    }
    let mut improved = true;
    while improved && !ctl.stopped() {
        improved = false;
        for g in kernel {
            let mut trial = best.clone();
            for _ in 1..g.order {
                add(&mut trial, &g.vector);
                let w = weight(&trial);
                if w < best_weight {
                    (best, best_weight, improved) = (trial.clone(), w, true);
                }
            }
        }
    }
    (best, false)
}

/// The board turned a quarter: rows and columns swapped.
fn transpose(g: &Grid<u8>) -> Grid<u8> {
    let dims = g.dims();
    let t = dims.transposed();
    let cells = t.positions().map(|p| g[Pos::new(p.col, p.row)]).collect();
    Grid::from_cells(t, cells).expect("one value per cell")
}

/// How a kernel generator (over the unknowns) becomes a board.
#[derive(Debug, Clone)]
enum Expand {
    /// The unknowns are the cells.
    Board,
    /// The unknowns are the first rows' presses of a chase, maybe on the turned board.
    Chased { chase: Chase, transposed: bool },
}

/// Everything the linear algebra says about a board of K states.
#[derive(Debug, Clone)]
pub struct StatesAnalysis {
    variant: Variant,
    /// The board's shape (as the user gave it).
    dims: Dims,
    method: LightsOutMethod,
    /// One solution (press counts 0..K−1), or `None` when there is none.
    pub presses: Option<Grid<u8>>,
    /// When unsolvable: `w` with `w·M = 0` and `w·s ≠ 0` (mod K).
    pub witness: Option<Grid<u8>>,
    kernel: Vec<Generator>,
    expand: Expand,
}

impl StatesAnalysis {
    /// The method that solved the system.
    pub fn method(&self) -> LightsOutMethod {
        self.method
    }

    /// The number of quiet patterns in the basis: the dimension of the kernel
    /// over GF(K) when K is prime; for composite K, the number of cyclic
    /// generators (their orders are [`quiet_orders`](Self::quiet_orders)).
    pub fn nullity(&self) -> usize {
        self.kernel.len()
    }

    /// The additive order of each basis quiet pattern (a power of a prime dividing K).
    pub fn quiet_orders(&self) -> Vec<u32> {
        self.kernel.iter().map(|g| g.order).collect()
    }

    /// The exact number of solutions as a decimal string (the product of the orders, or 0).
    pub fn solution_count(&self) -> String {
        match self.presses {
            Some(_) => crate::linalg::modular::decimal_product(self.quiet_orders()),
            None => "0".to_string(),
        }
    }

    /// Quiet pattern `i` of the basis (`i < nullity`): presses that change no cell.
    pub fn quiet_pattern(&self, i: usize) -> Grid<u8> {
        let v = &self.kernel[i].vector;
        match &self.expand {
            Expand::Board => Grid::from_cells(self.dims, v.clone()).expect("one value per cell"),
            Expand::Chased { chase, transposed } => {
                let oriented = if *transposed {
                    self.dims.transposed()
                } else {
                    self.dims
                };
                let p = chase.presses(&Grid::filled(oriented, 0), v);
                if *transposed {
                    transpose(&p)
                } else {
                    p
                }
            }
        }
    }

    /// Visits every solution — the one found plus each combination of quiet
    /// patterns, as an odometer (one board addition per step, amortised).
    pub fn enumerate(
        &self,
        ctl: &Control,
        visit: &mut dyn FnMut(&Grid<u8>) -> ControlFlow<()>,
    ) -> Tally {
        let Some(mut current) = self.presses.clone() else {
            return Tally {
                found: 0,
                stopped: None,
            };
        };
        let k = self.variant.states;
        let mut quiet: Vec<Grid<u8>> = Vec::new();
        let mut digits = vec![0u32; self.nullity()];
        let mut found = 0u64;
        loop {
            found += 1;
            if visit(&current).is_break() {
                return Tally {
                    found,
                    stopped: Some(Stop::Limit),
                };
            }
            if ctl.stopped() {
                return Tally {
                    found,
                    stopped: Some(Stop::Interrupted),
                };
            }
            // Add generator i; when its digit wraps, the sum is back where it was and i+1 carries.
            let mut i = 0;
            loop {
                if i == digits.len() {
                    return Tally {
                        found,
                        stopped: None,
                    };
                }
                if i == quiet.len() {
                    quiet.push(self.quiet_pattern(i));
                }
                for (c, &q) in current.cells_mut().iter_mut().zip(quiet[i].cells()) {
                    *c = k.add(*c, q);
                }
                digits[i] += 1;
                if digits[i] < self.kernel[i].order {
                    break;
                }
                digits[i] = 0;
                i += 1;
            }
        }
    }

    /// The solution with the fewest presses (the sum of the press counts),
    /// and whether that is proven (every solution compared); `None` when
    /// unsolvable: every solution compared while affordable, else a descent (see `fewest_in_coset`).
    pub fn fewest(&self, ctl: &Control) -> Option<(Grid<u8>, bool)> {
        let start = self.presses.as_ref()?;
        let quiet: Vec<Generator> = (0..self.nullity())
            .map(|i| Generator {
                vector: self.quiet_pattern(i).cells().to_vec(),
                order: self.kernel[i].order,
            })
            .collect();
        let (best, proven) = fewest_in_coset(start.cells(), &quiet, self.variant.states, ctl);
        Some((
            Grid::from_cells(self.dims, best).expect("one press per cell"),
            proven,
        ))
    }

    /// Checks that `presses` really bring `lights` to all 0.
    pub fn verify(&self, lights: &Grid<u8>, presses: &Grid<u8>) -> Result<()> {
        if presses.dims() != lights.dims() {
            return Err(Error::Check(format!(
                "presses are {}, the board {}",
                presses.dims(),
                lights.dims()
            )));
        }
        let left = self.variant.after(lights, presses);
        match left.cells().iter().position(|&v| v != 0) {
            None => Ok(()),
            Some(i) => Err(Error::Check(format!(
                "cell {} is left at state {} after the presses",
                lights.dims().pos(i),
                left.cells()[i]
            ))),
        }
    }
}

/// A board of a variant with its analysis: the solutions the one listing
/// policy of [`crate::listing`] lists (a solution is the press counts).
pub(crate) struct StatesBoard<'a> {
    /// The analysis of `lights`.
    pub analysis: &'a StatesAnalysis,
    /// The states of the cells.
    pub lights: &'a Grid<u8>,
}

impl Solutions for StatesBoard<'_> {
    type Solution = Grid<u8>;

    fn enumerate(
        &self,
        ctl: &Control,
        visit: &mut dyn FnMut(&Grid<u8>) -> ControlFlow<()>,
    ) -> Tally {
        self.analysis.enumerate(ctl, visit)
    }

    /// The presses must bring every cell to 0; the flaw names the first cell left.
    fn verify(&self, presses: &Grid<u8>) -> std::result::Result<(), Flaw> {
        let want = self.lights.dims();
        if presses.dims() != want {
            return Err(Flaw::WrongShape {
                want,
                got: presses.dims(),
            });
        }
        let left = self.analysis.variant.after(self.lights, presses);
        let on: Vec<usize> = (0..left.cells().len())
            .filter(|&i| left.cells()[i] != 0)
            .collect();
        match on.first() {
            None => Ok(()),
            Some(&i) => Err(Flaw::LightsOn {
                first: want.pos(i),
                count: on.len(),
            }),
        }
    }

    /// The exact number of solutions: the product of the quiet patterns' orders.
    fn expected_solutions(&self) -> Expected {
        Expected::Total(self.analysis.solution_count())
    }
}

/// The nullity of the dark `dims` board under `variant` (the dimension of the
/// quiet patterns over GF(K) when K is prime).
pub(crate) fn variant_nullity(
    variant: &Variant,
    dims: Dims,
    method: Option<LightsOutMethod>,
) -> Result<usize> {
    variant.check_board(dims, method)?;
    Ok(variant
        .analyse_with(&Grid::filled(dims, 0), method)?
        .nullity())
}

#[cfg(test)]
mod tests;
