//! How a board of a variant is solved — chased (along the shorter side), by the polynomial method, or by the whole elimination — decided from its shape alone, every limit checked before anything is built.

use super::chase::Chase;
use super::{Variant, MAX_CHASE_UNKNOWNS};
use crate::error::{Bound, Error, Result};
use crate::grid::Dims;
use crate::lightsout::LightsOutMethod;
use crate::linalg::band::MAX_BAND_UNKNOWNS;

/// The way a board will be solved, within its limits.
pub(super) enum Plan {
    /// Light chasing on the first rows' presses (on the turned board when
    /// `transposed`), finished by the polynomial method when `poly`.
    Chase {
        chase: Chase,
        transposed: bool,
        poly: bool,
    },
    /// The elimination with one unknown per cell.
    Gauss,
}

impl Variant {
    /// How a `dims` board is solved by `method` (`None`: the fastest that
    /// applies). Refuses, before any board is built, a method that does not
    /// apply to the variant and a board too large for the method: the same
    /// refusals whatever the mode (one board, its count, a nullity table).
    pub(super) fn plan(&self, dims: Dims, method: Option<LightsOutMethod>) -> Result<Plan> {
        match method {
            Some(LightsOutMethod::Gauss) => return self.gauss_plan(dims),
            Some(LightsOutMethod::Polynomial) if !self.has_polynomial_method() => {
                return Err(Error::usage(format!(
                    "the polynomial method needs the cross on the plane and a prime number of states, not {} states, pattern {}{}",
                    self.states.get(),
                    self.pattern.name(),
                    if self.torus { " on the torus" } else { "" }
                )))
            }
            _ => {}
        }
        let Some((chase, transposed)) = self.chase_for(dims) else {
            if method == Some(LightsOutMethod::Chase) {
                return Err(Error::usage(format!(
                    "pattern {} cannot be chased{}: its top row must be the one cell above the pressed one",
                    self.pattern.name(),
                    if self.torus { " on the torus" } else { "" }
                )));
            }
            return self.gauss_plan(dims);
        };
        let poly = self.has_polynomial_method() && method != Some(LightsOutMethod::Chase);
        let unknowns = chase.unknowns();
        if !poly && unknowns > MAX_CHASE_UNKNOWNS {
            return Err(Error::TooLarge {
                bound: Bound::Other("first-row unknowns of the chase"),
                got: unknowns.into(),
                limit: MAX_CHASE_UNKNOWNS.into(),
                note: format!(
                    " with {} states; with a prime number of states the cross has the polynomial method, which has no such limit",
                    self.states.get()
                ),
            });
        }
        Ok(Plan::Chase {
            chase,
            transposed,
            poly,
        })
    }

    /// The chase of a `dims` board, along the shorter side when the turned
    /// pattern still chases; `None` when the pattern cannot be chased.
    fn chase_for(&self, dims: Dims) -> Option<(Chase, bool)> {
        let turned = self.transposed();
        match (
            Chase::new(self, dims),
            Chase::new(&turned, dims.transposed()),
        ) {
            (Some(a), Some(b)) if b.unknowns() < a.unknowns() => Some((b, true)),
            (Some(a), _) => Some((a, false)),
            (None, Some(b)) => Some((b, true)),
            (None, None) => None,
        }
    }

    /// The elimination, refused past its largest board.
    fn gauss_plan(&self, dims: Dims) -> Result<Plan> {
        if dims.cells() > MAX_BAND_UNKNOWNS {
            return Err(Error::TooLarge {
                bound: Bound::Other("cells"),
                got: dims.cells().into(),
                limit: MAX_BAND_UNKNOWNS.into(),
                note: format!(
                    " for the elimination ({} states, pattern {}{}: a pattern that cannot be chased needs one unknown per cell)",
                    self.states.get(),
                    self.pattern.name(),
                    if self.torus { ", torus" } else { "" }
                ),
            });
        }
        Ok(Plan::Gauss)
    }
}
