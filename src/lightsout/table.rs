//! The nullity table: the dimension of the quiet patterns of every n×n board of a variant, streamed row by row.

use super::answer::{Item, NullityRow, NullityTable};
use super::{
    nullity, variant_nullity, LightsOut, LightsOutMethod, LightsOutSolver, Variant, MAX_CELLS,
    MAX_GAUSS_CELLS, MAX_NULLITY_SIDE,
};
use crate::control::{Control, Stop};
use crate::error::{Bound, Error, Result};
use crate::grid::{BitGrid, Dims};
use crate::sink::Sink;

/// The n×n board.
fn square(n: usize) -> Dims {
    Dims { rows: n, cols: n }
}

/// How the nullities of a table are found.
enum Way<'a> {
    /// Sutner's gcd, no board built (the classic game on the plane, by the polynomial method).
    Gcd,
    /// The classic game's own solver on the dark board (the torus, or chasing, or the full elimination).
    Classic {
        torus: bool,
        method: LightsOutMethod,
    },
    /// Any other variant, on the dark board of its states.
    Variant(&'a Variant, Option<LightsOutMethod>),
}

impl<'a> Way<'a> {
    fn of(variant: &'a Variant, method: Option<LightsOutMethod>) -> Way<'a> {
        if variant.states.get() != 2 || !variant.pattern.is_cross() {
            return Way::Variant(variant, method);
        }
        match (variant.torus, method) {
            (false, None | Some(LightsOutMethod::Polynomial)) => Way::Gcd,
            (torus, method) => Way::Classic {
                torus,
                method: method.unwrap_or_default(),
            },
        }
    }

    /// Refuses a `dims` board past this way's limits, before anything is built.
    fn check(&self, dims: Dims) -> Result<()> {
        match *self {
            Way::Gcd if dims.rows > MAX_NULLITY_SIDE => Err(Error::too_large(
                Bound::NullitySide,
                dims.rows,
                MAX_NULLITY_SIDE,
            )),
            Way::Gcd => Ok(()),
            Way::Classic { torus, method } => {
                let dims = Dims::new(dims.rows, dims.cols, MAX_CELLS)?;
                let gauss =
                    method == LightsOutMethod::Gauss || (torus && dims.rows.min(dims.cols) < 3);
                if gauss && dims.cells() > MAX_GAUSS_CELLS {
                    return Err(Error::too_large(
                        Bound::GaussCells,
                        dims.cells(),
                        MAX_GAUSS_CELLS,
                    ));
                }
                Ok(())
            }
            Way::Variant(variant, method) => variant.check_board(dims, method),
        }
    }

    /// The nullity of the dark `dims` board.
    fn nullity(&self, dims: Dims) -> Result<usize> {
        self.check(dims)?;
        match *self {
            Way::Gcd => Ok(nullity(dims)),
            Way::Classic { torus, method } => {
                let mut dark = LightsOut::new(BitGrid::new(dims));
                if torus {
                    dark = dark.on_torus();
                }
                Ok(LightsOutSolver::new(dark, method)?.analysis().nullity())
            }
            Way::Variant(variant, method) => variant_nullity(variant, dims, method),
        }
    }
}

/// The nullity of every n×n board of `variant` for n in `from..=to`, by
/// `method` (`None`: the fastest that applies), handed to `sink` in order. The
/// classic game on the plane by the polynomial method takes Sutner's gcd with
/// no board built, up to [`MAX_NULLITY_SIDE`]; any other variant or method
/// solves the dark n×n board with the limits of one board, and the largest
/// board's limits are checked first, so a table too large is refused before
/// any row. Stops when `ctl` is stopped or the sink breaks.
pub(super) fn nullities(
    variant: &Variant,
    method: Option<LightsOutMethod>,
    (from, to): (usize, usize),
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<NullityTable> {
    let way = Way::of(variant, method);
    if from <= to {
        way.check(square(to))?;
    }
    ctl.progress()
        .set_total((to + 1).saturating_sub(from) as u64);
    let mut table = NullityTable {
        states: variant.states.get(),
        pattern: variant.pattern.name().to_string(),
        torus: variant.torus,
        from,
        to,
        listed: 0,
        complete: false,
        stopped: None,
    };
    for n in from..=to {
        if ctl.stopped() {
            table.stopped = Some(Stop::Interrupted);
            break;
        }
        let nullity = way.nullity(square(n))?;
        table.listed += 1;
        ctl.progress().advance(1);
        let row = NullityRow {
            rows: n,
            cols: n,
            states: table.states,
            pattern: table.pattern.clone(),
            torus: variant.torus,
            nullity,
        };
        if sink.take(Item::Size(row)).is_break() {
            table.stopped = Some(Stop::Limit);
            break;
        }
    }
    ctl.progress().finish();
    table.complete = table.stopped.is_none();
    Ok(table)
}
