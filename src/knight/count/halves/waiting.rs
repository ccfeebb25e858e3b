//! Where a half's states across the middle wait for the join: in memory, a merged layer a bucket, or spilled to disk, a file a bucket.

use super::super::meet::{merge_into, Layer};
use super::super::spill::Spill;
use super::Ended;

/// The states across the middle of a half, by bucket.
pub(super) enum Waiting {
    /// Each bucket a sorted layer, each part's states merged in as they come.
    Held(Vec<Layer<u128>>),
    /// Each bucket a file, each part's states appended (sorted and merged
    /// when the bucket is taken back).
    Spilled(Spill),
}

impl Waiting {
    /// `buckets` empty buckets in memory.
    pub(super) fn held(buckets: usize) -> Waiting {
        Waiting::Held(vec![Vec::new(); buckets])
    }

    /// The states waiting in memory (none when spilled).
    pub(super) fn in_memory(&self) -> usize {
        match self {
            Waiting::Held(buckets) => buckets.iter().map(Vec::len).sum(),
            Waiting::Spilled(_) => 0,
        }
    }

    /// The states waiting, in memory or on disk (a spill's before their merge).
    pub(super) fn states(&self) -> u64 {
        match self {
            Waiting::Held(_) => self.in_memory() as u64,
            Waiting::Spilled(spill) => spill.states(),
        }
    }

    /// Files `entries` (sorted) into bucket `b`, leaving `entries` empty;
    /// unsuited on a carry.
    pub(super) fn file(
        &mut self,
        b: usize,
        entries: &mut Layer<u128>,
    ) -> std::result::Result<(), Ended> {
        match self {
            Waiting::Held(buckets) if buckets[b].is_empty() => {
                buckets[b] = std::mem::take(entries);
            }
            Waiting::Held(buckets) => {
                if !merge_into::<u128>(&mut buckets[b], entries) {
                    return Err(Ended::Unsuited);
                }
                entries.clear();
            }
            Waiting::Spilled(spill) => {
                spill.append(b, entries).map_err(Ended::Failed)?;
                entries.clear();
            }
        }
        Ok(())
    }

    /// Bucket `b`, taken out sorted and merged; unsuited on a carry.
    pub(super) fn take(&mut self, b: usize) -> std::result::Result<Layer<u128>, Ended> {
        match self {
            Waiting::Held(buckets) => Ok(std::mem::take(&mut buckets[b])),
            Waiting::Spilled(spill) => spill.take(b).map_err(Ended::Failed)?.ok_or(Ended::Unsuited),
        }
    }
}
