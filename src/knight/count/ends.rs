//! Open tours counted by their ends: summed over the classes of their pairs of ends (or of their starts) under the board's symmetries, a class at a time, resumable from a checkpoint and shared out in parts.
//!
//! Every undirected open tour (a Hamiltonian path) has two ends, and the
//! board's symmetries (four for a rectangle, eight for a square) carry the
//! paths between `s` and `t` onto those between their images, so the sum
//! over every pair of ends is a weighted sum over the classes of pairs: the
//! count of one pair of each class times the pairs of the class. This is
//! how Chernov and Stertenbrink counted the 8 × 8 open tours in 2014: "a
//! weighted sum of 136 individual counts for different choices of where to
//! start and stop the tour" (D. E. Knuth, *The Art of Computer Programming*,
//! Volume 4, pre-fascicle 8A, "Hamiltonian paths and cycles", 2025). With
//! both ends given, the frontier programme's states are close to those of
//! closed tours: each end has exactly one move, and no other square may end
//! the path. With one end given (the start), the other end is free: the
//! sum over the classes of starts, each counted with one end given.
//!
//! The classes are counted one at a time, each by itself (the frontier
//! programme, or its halves met in the middle): a count stopped, from
//! outside or by a crash, goes on from its checkpoint (see `checkpoint`),
//! and a part of the classes (`i/N`: every `N`-th from the `i`-th) is a
//! job of its own whose checkpoint a merge sums with the others'.

use super::backtrack::Shard;
use super::halves::{count_by_sides, Store};
use super::layers::bytes_per_state;
use super::{estimated_states, halves, run, Outcome, TourCount};
use crate::control::{Control, NoProgress};
use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};
use crate::knight::algebraic;
pub(crate) use checkpoint::Counted;
use checkpoint::Header;
pub(crate) use classes::{classes, colours_differ, Class, Split};
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod checkpoint;
mod classes;
#[cfg(feature = "mpi")]
mod ranks;

/// A class of ends counted: in a report of a count by classes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndClass {
    /// Its representative: the two ends of the paths counted, or their start.
    pub ends: Vec<Pos>,
    /// The pairs of ends (or the starts) it stands for.
    pub weight: u64,
    /// The undirected paths between the two ends (the directed tours from
    /// the first to the second), or the directed tours from the start.
    pub count: TourCount,
}

/// A count by classes: how the tours are split, and what this run takes.
#[derive(Debug, Clone)]
pub(crate) struct ByClasses {
    pub(crate) split: Split,
    /// With pairs: only the tours from this square.
    pub(crate) start: Option<Pos>,
    /// The classes this run counts.
    pub(crate) part: Shard,
    /// Where each class counted is recorded, and read back from.
    pub(crate) checkpoint: Option<PathBuf>,
    /// Pairs: where the halves met in the middle are kept, each worked out
    /// once for all the pairs it meets (see `halves::sides`).
    pub(crate) store: Option<Store>,
}

/// What a count by classes gives.
#[derive(Debug, Clone)]
pub(crate) struct Summed {
    /// The classes counted, in order.
    pub(crate) classes: Vec<EndClass>,
    /// The classes of the whole count.
    pub(crate) of: usize,
    /// The directed tours, once every class is counted.
    pub(crate) total: Option<BigUint>,
    /// Whether the count was stopped before the part's last class.
    pub(crate) stopped: bool,
    /// The most states a class held (0 for classes read from a checkpoint).
    pub(crate) peak_states: u64,
}

impl ByClasses {
    fn header(&self, dims: Dims, classes: usize) -> Header {
        Header {
            dims,
            split: self.split,
            start: self.start,
            classes,
            part: self.part,
        }
    }
}

/// A count by classes under way: its board, its split, its classes and
/// its checkpoint's header.
pub(crate) struct Job<'a> {
    pub(crate) dims: Dims,
    pub(crate) by: &'a ByClasses,
    /// The classes of the whole count.
    pub(crate) all: Vec<Class>,
    header: Header,
}

impl Job<'_> {
    /// Counts the class `i` in this process, within `memory` bytes.
    pub(crate) fn count_one(&self, i: usize, memory: u64, ctl: &Control) -> Result<Outcome> {
        let kept = self.by.store.as_ref();
        let census = self.all[i].counted_as(self.dims, kept.is_some());
        match kept.and_then(|store| count_by_sides(self.dims, census, store, memory, ctl)) {
            Some(outcome) => outcome,
            None => run(self.dims, census, memory, None, ctl),
        }
    }

    /// Records the classes `counted` in the checkpoint, if there is one.
    pub(crate) fn record(&self, counted: &Counted) -> Result<()> {
        match &self.by.checkpoint {
            Some(path) => checkpoint::save(path, &self.header, &self.all, counted),
            None => Ok(()),
        }
    }

    /// The ends of the class `i`, as the progress notes name them (`a8–b6`).
    pub(crate) fn ends(&self, i: usize) -> String {
        let ends: Vec<String> = self.all[i]
            .ends
            .iter()
            .map(|&p| algebraic(self.dims.rows, p))
            .collect();
        ends.join("–")
    }

    /// What the classes `counted` add up to, stopped or not, with the most
    /// states a class held.
    pub(crate) fn summed(&self, counted: &Counted, stopped: bool, peak_states: u64) -> Summed {
        let by = self.by;
        let mut summed = summed(self.dims, by.split, by.start, &self.all, counted);
        summed.stopped = stopped;
        summed.peak_states = peak_states;
        summed
    }
}

/// Counts the open tours of `dims` by classes (`by`), each within `memory`
/// bytes: the classes of the part that are not already in the checkpoint,
/// one at a time, each recorded there as it ends (shared among the
/// processes of an MPI run when there are several: see `ranks`).
pub(crate) fn count(dims: Dims, by: &ByClasses, memory: u64, ctl: &Control) -> Result<Summed> {
    let all = classes(dims, by.split, by.start);
    let header = by.header(dims, all.len());
    let counted = match &by.checkpoint {
        Some(path) => {
            checkpoint::load(path, &header, &all, false)?.map_or_else(Counted::new, |c| c.1)
        }
        None => Counted::new(),
    };
    let todo: Vec<usize> = (0..all.len())
        .filter(|&i| by.part.owns(i) && !counted.contains_key(&i))
        .collect();
    let job = Job {
        dims,
        by,
        all,
        header,
    };
    #[cfg(feature = "mpi")]
    if super::distributed::processes() > 1 {
        return ranks::count(&job, counted, &todo, memory, ctl);
    }
    count_here(&job, counted, &todo, memory, ctl)
}

/// Counts the classes `todo` of `job` in this process, one after the
/// other, into `counted`.
fn count_here(
    job: &Job,
    mut counted: Counted,
    todo: &[usize],
    memory: u64,
    ctl: &Control,
) -> Result<Summed> {
    let bar = ctl.progress();
    bar.set_total(todo.len() as u64);
    // Each class counts on its own, its progress not shown: the bar counts classes.
    let quiet = ctl.clone().with_progress(Arc::new(NoProgress));
    let (mut peak_states, mut stopped) = (0, false);
    for (n, &i) in todo.iter().enumerate() {
        bar.note(&format!(
            "class {} of {}: {}",
            n + 1,
            todo.len(),
            job.ends(i)
        ));
        match job.count_one(i, memory, &quiet)? {
            Outcome::Done {
                count,
                peak_states: peak,
            } => {
                peak_states = peak_states.max(peak);
                counted.insert(i, count);
                job.record(&counted)?;
                bar.advance(1);
            }
            Outcome::Stopped { .. } => {
                stopped = true;
                break;
            }
        }
    }
    Ok(job.summed(&counted, stopped, peak_states))
}

/// The classes of `all` in `counted`, and the directed tours they add up to
/// once every class is in.
fn summed(
    dims: Dims,
    split: Split,
    start: Option<Pos>,
    all: &[Class],
    counted: &Counted,
) -> Summed {
    let classes = counted
        .iter()
        .map(|(&i, count)| EndClass {
            ends: all[i].ends.clone(),
            weight: all[i].weight,
            count: TourCount(count.clone()),
        })
        .collect();
    let sum: BigUint = counted
        .iter()
        .map(|(&i, count)| count * all[i].weight)
        .sum();
    // Each path between two squares is two directed tours, one from each end.
    let ways = if split == Split::Pairs && start.is_none() && dims.cells() > 1 {
        2u32
    } else {
        1
    };
    Summed {
        classes,
        of: all.len(),
        total: (counted.len() == all.len()).then(|| sum * ways),
        stopped: false,
        peak_states: 0,
    }
}

/// Sums the checkpoints `files` of the parts of a count of `dims` by
/// classes (`split`, `start`): refused when two of them hold one class, or
/// when classes are missing from all of them (named).
pub(crate) fn merge(
    dims: Dims,
    split: Split,
    start: Option<Pos>,
    files: &[PathBuf],
) -> Result<Summed> {
    let all = classes(dims, split, start);
    let header = Header {
        dims,
        split,
        start,
        classes: all.len(),
        part: Shard::WHOLE,
    };
    let mut counted = Counted::new();
    let mut from: Vec<Option<&Path>> = vec![None; all.len()];
    for file in files {
        let Some((_, part)) = checkpoint::load(file, &header, &all, true)? else {
            continue;
        };
        for (i, count) in part {
            if let Some(other) = from[i] {
                return Err(Error::usage(format!(
                    "the parts overlap: class {i} is in both {} and {}",
                    other.display(),
                    file.display()
                )));
            }
            from[i] = Some(file);
            counted.insert(i, count);
        }
    }
    let missing: Vec<usize> = (0..all.len())
        .filter(|i| !counted.contains_key(i))
        .collect();
    if !missing.is_empty() {
        return Err(Error::usage(format!(
            "the parts leave out {} of the {} classes ({}): count them (with --part and --checkpoint) and merge again",
            missing.len(),
            all.len(),
            listed(&missing)
        )));
    }
    Ok(summed(dims, split, start, &all, &counted))
}

/// The places `missing`, as a short list: the first dozen, and how many more.
fn listed(missing: &[usize]) -> String {
    let shown: Vec<String> = missing.iter().take(12).map(usize::to_string).collect();
    match missing.len().saturating_sub(12) {
        0 => format!("classes {}", shown.join(", ")),
        more => format!("classes {} and {more} more", shown.join(", ")),
    }
}

/// Where the halves of a count of `dims` by `split` are kept: with pairs
/// on boards of eight rows and even columns (whose halves are dear, each
/// met by many pairs), in the folder `shared` when given (with the parts
/// and processes that name it), else beside the checkpoint (`FILE.halves`),
/// else in the system's temporary folder; `None` elsewhere (each pair
/// counted alone).
pub(crate) fn store_for(
    dims: Dims,
    split: Split,
    checkpoint: Option<&Path>,
    shared: Option<&Path>,
) -> Option<Store> {
    let (rows, cols) = (dims.rows.min(dims.cols), dims.rows.max(dims.cols));
    if split != Split::Pairs || rows != 8 || cols % 2 == 1 {
        return None;
    }
    if let Some(dir) = shared {
        return Some(Store {
            dir: dir.to_path_buf(),
            shared: true,
        });
    }
    let dir = match checkpoint {
        Some(path) => {
            let mut name = path.as_os_str().to_owned();
            name.push(".halves");
            PathBuf::from(name)
        }
        None => std::env::temp_dir().join(format!("puzzles-halves-{}", std::process::id())),
    };
    // The processes of an MPI run each keep their own.
    #[cfg(feature = "mpi")]
    let dir = match super::distributed::rank() {
        0 => dir,
        rank => {
            let mut name = dir.into_os_string();
            name.push(format!(".{rank}"));
            PathBuf::from(name)
        }
    };
    Some(Store { dir, shared: false })
}

/// Whether a count by classes of `split` on `dims` keeps its halves on
/// disk, made one at a time (see [`store_for`]).
pub(crate) fn keeps_halves(dims: Dims, split: Split) -> bool {
    store_for(dims, split, None, None).is_some()
}

/// The states one class of `split` on `dims` is expected to hold at the
/// most in a count by classes, and the bytes each takes (see [`need`]).
pub(crate) fn class_need(dims: Dims, split: Split) -> (u64, u64) {
    need(dims, split, keeps_halves(dims, split))
}

/// The states the paths between two given squares of `dims`, counted
/// alone, are expected to hold at the most, and the bytes each takes.
pub(crate) fn pair_need(dims: Dims) -> (u64, u64) {
    need(dims, Split::Pairs, false)
}

/// The states one class of `split` on `dims` is expected to hold at the
/// most, and the bytes each takes: both ends given, those of the halves
/// met in the middle (see `halves`) where they apply, one half at a time
/// when they are `kept` on disk (see [`store_for`]), else of the column
/// programme with its states unfolded (close to those of closed tours);
/// one end given, those of the column programme from one start.
fn need(dims: Dims, split: Split, kept: bool) -> (u64, u64) {
    let (rows, cols) = (dims.rows.min(dims.cols), dims.rows.max(dims.cols));
    let columns = |closed: bool| estimated_states(rows, cols, closed).saturating_mul(2);
    match split {
        Split::Pairs => {
            let halved = halves::estimated_states_between(rows, cols);
            if halved >= columns(true) {
                (columns(true), bytes_per_state(1))
            } else if kept {
                halves::kept_half_need(rows, cols)
            } else {
                (halved, halves::BYTES_PER_STATE)
            }
        }
        Split::Starts => (columns(false), bytes_per_state(1)),
    }
}

#[cfg(test)]
mod tests;
