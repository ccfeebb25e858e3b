//! Open tours of long 3-row boards by chaining tours of short blocks.
//!
//! Not for 4 rows: there a path covering whole columns starts and ends on an
//! outer row, and an outer square's moves all land on inner rows, so no path
//! can cross from one block into the next (the `frontier` module answers those).
//!
//! On a 3×n board Warnsdorff's rule soon strands a few squares far behind the
//! knight, and backtracking cannot reach back that far. Instead the board is
//! cut across its length into blocks of [`BLOCK`] columns (the last one takes
//! the remainder); a tour of each block, entered on one of its first two
//! columns and left from one of its last two, hops into the next block with one
//! knight move. Every middle block has the same shape, so which entries lead to
//! which next entries is worked out once (by enumerating the block's tours),
//! then a forward pass over the blocks keeps, for every entry reached, the
//! entry it came from: the same idea as the divide-and-conquer constructions
//! of Parberry ("An efficient algorithm for the knight's tour problem",
//! Discrete Applied Math. 73, 1997), with the joins found by search.

use super::search;
use crate::control::Control;
use crate::grid::{Dims, Pos};
use crate::knight::{Knight, MoveOrder, Tour};
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// Columns per block.
const BLOCK: usize = 8;

/// Most tours enumerated per block entry while looking for its exits.
const TOURS_PER_ENTRY: u64 = 3_000;

/// Most search nodes spent per block entry (some entries have no tour at all).
const NODES_PER_ENTRY: u64 = 100_000;

/// One tour of a `rows × width` block from `entry` for each exit square in
/// the last two columns (at most `TOURS_PER_ENTRY` tours and `NODES_PER_ENTRY` nodes spent).
fn exits(rows: usize, width: usize, entry: Pos, ctl: &Control) -> BTreeMap<Pos, Tour> {
    let mut found: BTreeMap<Pos, Tour> = BTreeMap::new();
    let Ok(dims) = Dims::new(rows, width, usize::MAX) else {
        return found;
    };
    let Ok(k) = Knight::new(dims, entry, false) else {
        return found;
    };
    let mut seen = 0u64;
    let mut w = search::Walker::new(&k, MoveOrder::Warnsdorff);
    w.walk(ctl, Some(NODES_PER_ENTRY), &mut |t| {
        seen += 1;
        let end = t[t.len() - 1];
        if end.col + 2 >= width {
            found.entry(end).or_insert_with(|| t.clone());
        }
        if found.len() == 2 * rows || seen >= TOURS_PER_ENTRY {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// Knight moves from `x` (in a block ending at global column `offset + width`)
/// into the first two columns of the next block, as that block's local squares.
fn hops(rows: usize, x: Pos, width: usize) -> Vec<Pos> {
    let mut out = Vec::new();
    for (dr, dc) in crate::knight::SEED_MOVES {
        let (r, c) = (x.row as i64 + dr, x.col as i64 + dc - width as i64);
        if r >= 0 && (r as usize) < rows && (0..2).contains(&c) {
            out.push(Pos::new(r as usize, c as usize));
        }
    }
    out
}

/// An open tour of `knight` when it is a long board with 3 rows (or
/// columns) starting near one end; `None` when the construction does not apply
/// or finds nothing (the caller then searches).
pub(crate) fn thin_tour(knight: &Knight, ctl: &Control) -> Option<Tour> {
    let d = knight.dims();
    if knight.closed() {
        return None;
    }
    if d.rows > d.cols {
        let t = thin_tour(&knight.transposed(), ctl)?;
        return Some(t.into_iter().map(|p| Pos::new(p.col, p.row)).collect());
    }
    if d.rows != 3 || d.cols < 2 * BLOCK {
        return None;
    }
    if knight.start().col >= BLOCK {
        // Start near the right end: solve the mirror image.
        let mirror = |p: Pos| Pos::new(p.row, d.cols - 1 - p.col);
        if mirror(knight.start()).col >= BLOCK {
            return None;
        }
        let k = Knight::new(d, mirror(knight.start()), false).ok()?;
        let t = thin_tour(&k, ctl)?;
        return Some(t.into_iter().map(mirror).collect());
    }
    let rows = d.rows;
    let blocks = d.cols / BLOCK;
    // The middle blocks' table: entry -> (exit -> tour), computed on demand.
    let mut table: BTreeMap<Pos, BTreeMap<Pos, Tour>> = BTreeMap::new();
    // For each block, the entries reached and how: entry -> (previous entry, previous exit).
    let mut reached: Vec<BTreeMap<Pos, (Pos, Pos)>> = vec![BTreeMap::new(); blocks];
    let first = exits(rows, BLOCK, knight.start(), ctl);
    for &x in first.keys() {
        for e in hops(rows, x, BLOCK) {
            reached[1].entry(e).or_insert((knight.start(), x));
        }
    }
    for b in 1..blocks - 1 {
        let entries: Vec<Pos> = reached[b].keys().copied().collect();
        for e in entries {
            let ex = table.entry(e).or_insert_with(|| exits(rows, BLOCK, e, ctl));
            for &x in ex.keys() {
                for n in hops(rows, x, BLOCK) {
                    reached[b + 1].entry(n).or_insert((e, x));
                }
            }
        }
        if ctl.stopped() {
            return None;
        }
    }
    // The last block: any tour from a reached entry ends the tour.
    let entries: Vec<Pos> = reached[blocks - 1].keys().copied().collect();
    let (entry, last) = last_block(rows, BLOCK + d.cols % BLOCK, entries, ctl)?;
    // Walk back through the blocks, then lay the pieces out left to right.
    let mut pieces: Vec<Tour> = vec![last];
    let mut entry = entry;
    for b in (1..blocks).rev() {
        let (prev, x) = reached[b][&entry];
        let piece = if b == 1 {
            first.get(&x)?.clone()
        } else {
            table.get(&prev)?.get(&x)?.clone()
        };
        pieces.push(piece);
        entry = prev;
    }
    pieces.reverse();
    let mut tour = Vec::with_capacity(d.cells());
    for (b, piece) in pieces.into_iter().enumerate() {
        tour.extend(
            piece
                .into_iter()
                .map(|p| Pos::new(p.row, p.col + b * BLOCK)),
        );
    }
    Some(tour)
}

/// The first of `entries` (in order) from which the last block, of `rows`
/// × `width`, has an open tour, with that tour.
fn last_block(
    rows: usize,
    width: usize,
    mut entries: Vec<Pos>,
    ctl: &Control,
) -> Option<(Pos, Tour)> {
    entries.sort();
    entries.into_iter().find_map(|e| {
        let dims = Dims::new(rows, width, usize::MAX).ok()?;
        let k = Knight::new(dims, e, false).ok()?;
        let mut w = search::Walker::new(&k, MoveOrder::Warnsdorff);
        let mut tour = None;
        w.walk(ctl, Some(10 * NODES_PER_ENTRY), &mut |t| {
            tour = Some(t.clone());
            ControlFlow::Break(())
        });
        tour.map(|t| (e, t))
    })
}
