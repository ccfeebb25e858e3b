//! The request every process of an MPI run answers: each process's own
//! command line compared with the others', and the count it asks for made
//! one the processes can share.

use super::super::answer::{Mode, Request};
use super::super::count::{CountMethod, DEFAULT_MEMORY_LIMIT};
use super::super::Cluster;
use crate::error::{Error, Result};
use mpi::collective::SystemOperation;
use mpi::topology::SimpleCommunicator;
use mpi::traits::CommunicatorCollectives;
use std::hash::Hasher;

impl Cluster {
    /// The request every process counts: `request` when all the processes
    /// were given the same one, a count by the frontier programme, with a
    /// memory limit each process can take (by default the least any may
    /// take, up to the one process's default);
    /// refused on every process alike otherwise. Every process calls it,
    /// with `None` when it refused its own command line (its own error
    /// then goes first).
    pub fn agree(&self, request: Option<&Request>) -> Result<Request> {
        let world = SimpleCommunicator::world();
        let mine = [request.map_or(0, |r| {
            let mut fingerprint = rustc_hash::FxHasher::default();
            fingerprint.write(format!("{} {r:?}", env!("CARGO_PKG_VERSION")).as_bytes());
            fingerprint.finish() | 1
        })];
        let mut all = vec![0u64; self.size()];
        world.all_gather_into(&mine[..], &mut all[..]);
        let Some(request) = request else {
            return Err(Error::usage("this process refused its command line"));
        };
        if let Some(other) = all.iter().position(|&f| f != all[0]) {
            return Err(Error::usage(format!(
                "the {} processes of this distributed count were not given the same board and options (process {other} differs from process 0): start them with one command line",
                self.size()
            )));
        }
        let mut request = request.clone();
        let Mode::Count {
            method,
            memory_mib,
            shard,
            part,
            checkpoint,
            merge,
            ..
        } = &mut request.mode
        else {
            return Err(Error::usage(
                "a distributed run counts tours (--count): a search or a listing runs in one process",
            ));
        };
        if *method == CountMethod::Backtrack || *shard != Default::default() {
            return Err(Error::usage(
                "a distributed run counts by the frontier programme or by classes of ends: backtracking (--method backtrack, --shard) runs in one process",
            ));
        }
        if !merge.is_empty() {
            return Err(Error::usage(
                "a merge of the parts of a count by classes (--merge) runs in one process",
            ));
        }
        // Counts by classes of ends share out their classes; the others, the frontier programme.
        let by_classes = matches!(method, CountMethod::Pairs | CountMethod::Starts)
            || *part != Default::default()
            || checkpoint.is_some();
        if !by_classes {
            *method = CountMethod::Frontier;
        }
        // What each process may take, and the least of them.
        let usable = [crate::memory::usable().unwrap_or(u64::MAX)];
        let mut least = [0u64];
        world.all_reduce_into(&usable[..], &mut least[..], SystemOperation::min());
        let limit = memory_mib.map_or(least[0].min(DEFAULT_MEMORY_LIMIT), |m| m << 20);
        if limit > least[0] {
            return Err(Error::usage(format!(
                "--memory {} MiB is more than one process of this distributed count may take ({} MiB)",
                limit >> 20,
                least[0] >> 20
            )));
        }
        *memory_mib = Some(limit >> 20);
        Ok(request)
    }
}
