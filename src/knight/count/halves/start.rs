//! A half's states before the moves across: the column programme's after the half's columns, as state words.

use super::super::columns::Sweep;
use super::super::key::{canonical, Key, Mirror, Narrow, Stored};
use super::super::layers::{run_squares, ColumnsHalt, Wide};
use super::super::meet::word::Split;
use super::super::meet::Layer;
use super::{asymmetric, Ended, Halves};
use crate::control::Control;
use crate::error::{Bound, Error, Size};
use crate::grid::Dims;

/// The states of the walk after its first `columns` columns, as `u128`
/// words of the column programme's nibbles, with their counts, and the most
/// states held.
fn half<S: Stored>(
    walk: &Sweep,
    columns: usize,
    memory: u64,
    ctl: &Control,
) -> std::result::Result<(Vec<(u128, u64)>, u64), Ended> {
    match run_squares::<S, 1>(walk, columns * walk.rows, memory, ctl) {
        Ok((_, peak, states)) => {
            let states = states
                .into_iter()
                .map(|(k, c): (S, Wide<1>)| {
                    let k = k.unpack();
                    let wide = (0..walk.w).fold(0u128, |x, i| x.set(i, k.get(i)));
                    (wide, c.0[0])
                })
                .collect();
            Ok((states, peak))
        }
        Err(ColumnsHalt::Carry) => Err(Ended::Unsuited),
        Err(ColumnsHalt::Stopped { columns }) => Err(Ended::Stopped { columns }),
        Err(ColumnsHalt::Memory { states, bytes }) => Err(Ended::Failed(Error::TooLarge {
            bound: Bound::Other("memory (MiB) the frontier programme would hold"),
            got: Size::from(bytes.div_ceil(1 << 20)),
            limit: Size::from(memory >> 20),
            note: format!(" (the memory limit), with {states} states"),
        })),
    }
}

/// The states of a folded layer (each the smaller of itself and its mirror
/// image across the middle row, counted for both) one by one, each with its
/// own count; `None` when a count that should split evenly does not.
fn unfolded(layer: &[(u128, u64)], rows: usize) -> Option<Vec<(u128, u64)>> {
    let w = 2 * rows + 1;
    let range = u128::spread((1 << w) - 1);
    let mirror = Mirror::<u128>::new(rows);
    let mut out = Vec::with_capacity(2 * layer.len());
    for &(k, c) in layer {
        let m = canonical(mirror.apply(k), range);
        if m == k {
            out.push((k, c));
        } else if c % 2 == 0 {
            out.push((k, c / 2));
            out.push((m, c / 2));
        } else {
            return None;
        }
    }
    Some(out)
}

/// A half's states before the moves across: the column programme's after
/// `t` columns, as state words on columns `t − 2` and `t − 1` and the apex,
/// folded with their images across the middle row when the rows are even
/// (the share is then its own image) and no end is given, else unfolded;
/// and the most states the column programme held. `right`: the right half,
/// from its own side.
pub(super) fn start(
    board: &Halves,
    t: usize,
    right: bool,
    memory: u64,
    ctl: &Control,
) -> std::result::Result<(Layer<u128>, u64), Ended> {
    let rows = board.rows;
    let census = board.census_of(right);
    let dims = Dims {
        rows,
        cols: board.cols,
    };
    // Both ends given: the half's states suit any ends past it (see `sides`).
    let walk = if board.ends_given() {
        Sweep::half(dims, census, t)
    } else {
        Sweep::along(dims, census, false)
    };
    let (layer, peak) = if rows == 8 {
        half::<Narrow>(&walk, t, memory, ctl)?
    } else {
        half::<u64>(&walk, t, memory, ctl)?
    };
    // The column programme folds where no end is given.
    let layer = if board.folded() || !walk.ends.is_empty() {
        layer
    } else {
        unfolded(&layer, rows).ok_or_else(asymmetric)?
    };
    let start = layer
        .iter()
        .map(|&(k, c)| (Split::pack(board.word(k, t)), c))
        .collect();
    Ok((start, peak))
}
