//! How the knight's tour answers a request: [`GridPuzzle`] for [`Knight`],
//! which runs the mode asked for (find, list, count, the semi-magic tour,
//! the search step by step, a position, a check) and returns its verified
//! [`Answer`], streaming listed tours and steps to the sink.

#[cfg(feature = "mpi")]
mod cluster;

use super::animate;
use super::answer::{Answer, Item, ListedTour, MagicReport, Mode, Request, Starts};
use super::answer::{TourListing, TourReport};
use super::check;
use super::count::{self, CountFrom, CountRequest};
use super::moves;
use super::{
    magic_sums, parse_square, semi_magic_tour, verify_tour, Impossible, Knight, MoveOrder,
    TourOutcome, TourSearch, DEFAULT_BUDGET,
};
use crate::control::Control;
use crate::control::{Pace, Stopping};
use crate::error::{Error, Result};
use crate::grid::Dims;
use crate::listing::Solutions as _;
use crate::listing::{self, Limit};
use crate::puzzle::GridPuzzle;
use crate::render::Picture;
use crate::sink::Sink;
use std::path::PathBuf;

impl GridPuzzle for Knight {
    const NAME: &'static str = "knight";
    type Request = Request;
    type Answer = Answer;
    type Item = Item;

    fn answer(request: &Request, ctl: &Control, sink: &mut dyn Sink<Item>) -> Result<Answer> {
        answer(request, ctl, sink)
    }

    /// Every knight search polls the stop flag and reports what it has; a
    /// count sets its total (backtracking's tasks, the frontier's columns).
    fn pace(request: &Request) -> Pace {
        match request.mode {
            Mode::Count { .. } => Pace::polling("steps", true),
            Mode::List { .. } => Pace::polling("tours", false),
            Mode::Find { .. } => Pace::polling("nodes", false),
            Mode::Moves { .. } => Pace::QUIET,
            Mode::Magic | Mode::Steps { .. } => Pace {
                unit: None,
                bounded: false,
                stopping: Stopping::Promptly,
            },
            Mode::Check { .. } => Pace::QUIET,
        }
    }

    fn picture(answer: &Answer, which: Picture) -> Result<String> {
        answer.svg(which)
    }
}

/// Answers `request`: finds one tour, lists them, counts them, or finds the
/// semi-magic tour. Listed tours go to `sink`, each verified; the answer
/// says how the listing ended. A stop by `ctl` is an answer too (a search
/// `interrupted`, a listing marked so, a count `partial`).
pub(crate) fn answer(
    request: &Request,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    match &request.mode {
        Mode::Find { order, budget } => find(request, *order, *budget, ctl).map(Answer::Find),
        Mode::List { order, limit } => list(request, *order, *limit, ctl, sink).map(Answer::List),
        Mode::Count {
            starts,
            method,
            memory_mib,
            shard,
            end,
            part,
            checkpoint,
            merge,
            disk_mib,
            disk_dir,
            halves_dir,
        } => {
            let knight = request.knight()?;
            let from = match (starts, end) {
                (Starts::Start, Some(end)) => {
                    CountFrom::Between(knight.start(), parse_square(knight.dims(), end)?)
                }
                (_, Some(_)) => {
                    return Err(Error::usage(
                        "an end is given with one start: the tours from the start to the end",
                    ))
                }
                (Starts::Start, None) => CountFrom::From(knight.start()),
                (Starts::Every, None) => CountFrom::Every,
                (Starts::Sum, None) => CountFrom::Sum,
            };
            let mut wanted = CountRequest::new(knight.dims(), knight.closed(), from);
            wanted.method = *method;
            wanted.shard = *shard;
            wanted.part = *part;
            wanted.checkpoint = checkpoint.clone();
            wanted.merge = merge.clone();
            wanted.halves = halves_dir.clone();
            wanted.memory_limit = memory_mib.map_or(wanted.memory_limit, |m| m << 20);
            wanted.disk = spill_disk(*disk_mib, disk_dir.as_ref())?;
            count::count(&wanted, ctl).map(Answer::Count)
        }
        Mode::Magic => magic(request.dims, ctl).map(Answer::Magic),
        Mode::Check { tour } => check::check(request.dims, request.closed, tour).map(Answer::Check),
        Mode::Steps { order, skip, limit } => {
            let mut steps = |step| sink.take(Item::Step(step));
            animate::steps(request.knight()?, *order, *skip, *limit, ctl, &mut steps)
                .map(Answer::Steps)
        }
        Mode::Moves { path } => moves::position(&request.knight()?, path).map(Answer::Moves),
    }
}

/// Where a count may spill its states: `disk_mib` MiB in `disk_dir` (the
/// system's temporary folder when not given); refused when the disk is 0
/// or a folder is given without it.
fn spill_disk(disk_mib: Option<u64>, disk_dir: Option<&PathBuf>) -> Result<Option<count::Disk>> {
    match (disk_mib, disk_dir) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err(Error::usage(
            "a folder to spill to is given with the disk it may take (--disk MIB)",
        )),
        (Some(0), _) => Err(Error::usage("--disk takes at least 1 MiB")),
        (Some(mib), dir) => Ok(Some(count::Disk {
            limit: mib.saturating_mul(1 << 20),
            dir: dir.cloned().unwrap_or_else(std::env::temp_dir),
        })),
    }
}

/// One tour (verified), or why there is none.
fn find(request: &Request, order: MoveOrder, budget: u64, ctl: &Control) -> Result<TourReport> {
    let search = TourSearch::new(request.knight()?, order, budget);
    let k = search.knight();
    let mut report = TourReport {
        rows: k.dims().rows,
        cols: k.dims().cols,
        start: k.start(),
        closed: k.closed(),
        order,
        result: TourOutcome::Tour,
        tour: None,
        reason: None,
        nodes: None,
    };
    let found = search.find(ctl);
    ctl.progress().finish();
    report.result = found.outcome;
    let nodes = found.nodes;
    match (found.tour, found.why) {
        (Some(t), _) => {
            search.verify(&t)?;
            report.tour = Some(t);
        }
        (None, Some(why)) => {
            if let Impossible::Exhausted { nodes } = why {
                report.nodes = Some(nodes);
            }
            report.reason = Some(why.to_string());
        }
        (None, None) if found.outcome == TourOutcome::GaveUp => {
            report.nodes = Some(nodes);
            report.reason = Some(format!(
                "search gave up after {nodes} nodes: no tour found, none ruled out (raise the budget)"
            ));
        }
        (None, None) => {
            report.nodes = Some(nodes);
            report.reason = Some(format!("search interrupted after {nodes} nodes"));
        }
    }
    Ok(report)
}

/// The tours from the start through [`listing::list`] (each verified, the one limit policy).
fn list(
    request: &Request,
    order: MoveOrder,
    limit: Limit,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<TourListing> {
    let search = TourSearch::new(request.knight()?, order, DEFAULT_BUDGET);
    let mut first = None;
    let tally = listing::list(&search, limit, "tours", ctl, |index, tour| {
        if first.is_none() {
            first = Some(tour.clone());
        }
        sink.take(Item::Tour(ListedTour {
            index,
            tour: tour.clone(),
        }))
    })?;
    let k = search.knight();
    Ok(TourListing {
        rows: k.dims().rows,
        cols: k.dims().cols,
        start: k.start(),
        closed: k.closed(),
        order,
        listed: tally.found,
        complete: tally.is_complete(),
        stopped: tally.stopped,
        first,
    })
}

/// A semi-magic closed tour of the 8×8 board (every row and column sums to
/// 260), verified, with its line sums; `interrupted` when `ctl` stopped the search first.
fn magic(dims: Dims, ctl: &Control) -> Result<MagicReport> {
    if (dims.rows, dims.cols) != (8, 8) {
        return Err(Error::usage(format!(
            "semi-magic tours are searched on the 8×8 board (rows and columns sum to 260), not {dims}"
        )));
    }
    let mut report = MagicReport {
        rows: 8,
        cols: 8,
        result: TourOutcome::Interrupted,
        tour: None,
        sums: None,
    };
    if let Some(t) = semi_magic_tour(ctl) {
        verify_tour(&Knight::new(dims, t[0], true)?, &t)?;
        let sums = magic_sums(&t)
            .filter(|m| m.semi_magic)
            .ok_or_else(|| Error::Check("the tour is not semi-magic".into()))?;
        report.result = TourOutcome::Tour;
        report.tour = Some(t);
        report.sums = Some(sums);
    }
    Ok(report)
}
