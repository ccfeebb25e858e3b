//! The nullity table: the dimension of the quiet patterns of every n×n board of a variant, streamed row by row.

use super::answer::{Item, NullityRow, NullityTable};
use super::{nullity, variant_nullity, Variant, MAX_NULLITY_SIDE};
use crate::control::{Control, Stop};
use crate::error::{Bound, Error, Result};
use crate::grid::Dims;
use crate::sink::Sink;

/// The nullity of every n×n board of `variant` for n in `from..=to`, handed
/// to `sink` in order. The classic game (two states, the cross, no torus)
/// takes Sutner's gcd with no board built, up to [`MAX_NULLITY_SIDE`]; every
/// other variant solves the empty n×n board, and its largest board is solved
/// first, so a table too large for the variant is refused before any row.
/// Stops when `ctl` is stopped or the sink breaks.
pub(super) fn nullities(
    variant: &Variant,
    from: usize,
    to: usize,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<NullityTable> {
    let classic = variant.states.get() == 2 && variant.pattern.is_cross() && !variant.torus;
    let square = |n| Dims { rows: n, cols: n };
    // The largest board first: the variant's own size limits refuse it up front.
    let last = match classic {
        true if to > MAX_NULLITY_SIDE => {
            return Err(Error::too_large(Bound::NullitySide, to, MAX_NULLITY_SIDE))
        }
        true => None,
        false if from <= to => Some(variant_nullity(variant, square(to))?),
        false => None,
    };
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
        let nullity = match (classic, last) {
            (true, _) => nullity(square(n)),
            (false, Some(k)) if n == to => k,
            (false, _) => variant_nullity(variant, square(n))?,
        };
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
