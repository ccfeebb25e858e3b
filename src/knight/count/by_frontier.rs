//! A count by the frontier programmes ([`run`]) into the report: one run per census, and for open tours from every start one run per orbit of the board's symmetries.

use super::backtrack::images;
use super::{ruled_out, run, Census, CountFrom, CountReport, CountRequest, Outcome, TourCount};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};
use num_bigint::BigUint;
use std::collections::HashMap;

/// One run of the programme into the report: `None` when it was stopped.
fn frontier_run(
    dims: Dims,
    census: Census,
    request: &CountRequest,
    report: &mut CountReport,
    ctl: &Control,
) -> Result<Option<BigUint>> {
    if ruled_out(dims, census) {
        return Ok(Some(BigUint::ZERO));
    }
    let shared_or_here = || {
        #[cfg(feature = "mpi")]
        if let Some(shared) = super::distributed::run(dims, census, request.memory_limit, ctl) {
            return shared;
        }
        run(
            dims,
            census,
            request.memory_limit,
            request.disk.as_ref(),
            ctl,
        )
    };
    match shared_or_here()? {
        Outcome::Done { count, peak_states } => {
            report.peak_states = Some(report.peak_states.unwrap_or(0).max(peak_states));
            Ok(Some(count))
        }
        Outcome::Stopped { columns } => {
            report.partial = true;
            report.columns_done = Some(columns);
            Ok(None)
        }
    }
}

/// Counts `request` by the programmes into `report`.
pub(super) fn frontier(
    request: &CountRequest,
    report: &mut CountReport,
    ctl: &Control,
) -> Result<()> {
    let dims = request.dims;
    if request.closed {
        return closed(request, report, ctl);
    }
    // A path of two squares or more is two directed tours; the one square is one.
    let ways = if dims.cells() == 1 { 1u32 } else { 2 };
    match request.starts {
        CountFrom::From(p) => {
            report.start = Some(p);
            if let Some(c) = frontier_run(dims, Census::PathsFrom(p), request, report, ctl)? {
                report.count = Some(TourCount(c));
            }
        }
        CountFrom::Between(p, q) => {
            let census = Census::PathsBetween(p, q);
            if let Some(c) = frontier_run(dims, census, request, report, ctl)? {
                report.count = Some(TourCount(c));
            }
        }
        CountFrom::Sum => {
            if let Some(paths) = frontier_run(dims, Census::Paths, request, report, ctl)? {
                report.total = Some(TourCount(paths * ways));
            }
        }
        CountFrom::Every => every_start(request, report, ctl, ways)?,
    }
    Ok(())
}

/// Closed tours: the cycles, counted once, give the tours from every square.
fn closed(request: &CountRequest, report: &mut CountReport, ctl: &Control) -> Result<()> {
    let dims = request.dims;
    let Some(cycles) = frontier_run(dims, Census::Cycles, request, report, ctl)? else {
        return Ok(());
    };
    let from = TourCount(&cycles * 2u32);
    match request.starts {
        CountFrom::From(p) => {
            report.start = Some(p);
            report.count = Some(from);
        }
        CountFrom::Every => {
            report.total = Some(TourCount(&from.0 * dims.cells()));
            report.counts = Some(vec![vec![from; dims.cols]; dims.rows]);
        }
        CountFrom::Sum => report.total = Some(TourCount(&from.0 * dims.cells())),
        // Refused before (see `count`): an end is given for open tours only.
        CountFrom::Between(..) => return Ok(()),
    }
    report.cycles = Some(TourCount(cycles));
    Ok(())
}

/// Open tours from every square: one run per orbit of the board's
/// symmetries, checked against the count of all paths (each path is read
/// from both its ends, `ways` directed tours).
fn every_start(
    request: &CountRequest,
    report: &mut CountReport,
    ctl: &Control,
    ways: u32,
) -> Result<()> {
    let dims = request.dims;
    let mut by_orbit: HashMap<Pos, BigUint> = HashMap::new();
    let mut grid = Vec::with_capacity(dims.rows);
    for r in 0..dims.rows {
        let mut row = Vec::with_capacity(dims.cols);
        for c in 0..dims.cols {
            let rep = images(dims, Pos::new(r, c))
                .into_iter()
                .min()
                .unwrap_or(Pos::new(r, c));
            let n = match by_orbit.entry(rep) {
                std::collections::hash_map::Entry::Occupied(e) => e.get().clone(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    let Some(n) = frontier_run(dims, Census::PathsFrom(rep), request, report, ctl)?
                    else {
                        return Ok(());
                    };
                    e.insert(n).clone()
                }
            };
            row.push(TourCount(n));
        }
        grid.push(row);
    }
    let total: BigUint = grid.iter().flatten().map(|c| &c.0).sum();
    let Some(paths) = frontier_run(dims, Census::Paths, request, report, ctl)? else {
        return Ok(());
    };
    if paths * ways != total {
        return Err(Error::Check(format!(
            "the tours from each square of the {dims} board do not add up to twice the paths"
        )));
    }
    report.counts = Some(grid);
    report.total = Some(TourCount(total));
    Ok(())
}
