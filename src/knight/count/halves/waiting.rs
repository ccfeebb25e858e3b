//! Where a half's states across the middle wait for the join: in memory, a merged layer a bucket, or spilled to disk, a file a bucket, or held until they pass a budget and spilled from then on.

use super::super::meet::{merge_into, Layer};
use super::super::spill::{Disk, Spill};
use super::estimate::WAITING_BYTES;
use super::Ended;

/// The states across the middle of a half, by bucket.
pub(super) enum Waiting {
    /// Each bucket a sorted layer, each part's states merged in as they come.
    Held(Vec<Layer<u128>>),
    /// Each bucket a file, each part's states appended (sorted and merged
    /// when the bucket is taken back).
    Spilled(Spill),
    /// Held, until the states waiting pass `budget` bytes: then every
    /// bucket is spilled to `disk`, and every part after.
    Overflowing {
        held: Vec<Layer<u128>>,
        budget: u64,
        disk: Disk,
    },
}

impl Waiting {
    /// `buckets` empty buckets in memory.
    pub(super) fn held(buckets: usize) -> Waiting {
        Waiting::Held(vec![Vec::new(); buckets])
    }

    /// `buckets` empty buckets in memory, spilled to `disk` once the
    /// states waiting pass `budget` bytes.
    pub(super) fn overflowing(buckets: usize, budget: u64, disk: Disk) -> Waiting {
        Waiting::Overflowing {
            held: vec![Vec::new(); buckets],
            budget,
            disk,
        }
    }

    /// The states waiting in memory (none when spilled).
    pub(super) fn in_memory(&self) -> usize {
        match self {
            Waiting::Held(held) | Waiting::Overflowing { held, .. } => {
                held.iter().map(Vec::len).sum()
            }
            Waiting::Spilled(_) => 0,
        }
    }

    /// The states waiting, in memory or on disk (a spill's before their merge).
    pub(super) fn states(&self) -> u64 {
        match self {
            Waiting::Spilled(spill) => spill.states(),
            _ => self.in_memory() as u64,
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
            Waiting::Held(held) | Waiting::Overflowing { held, .. } => {
                if held[b].is_empty() {
                    held[b] = std::mem::take(entries);
                } else if !merge_into::<u128>(&mut held[b], entries) {
                    return Err(Ended::Unsuited);
                }
                entries.clear();
            }
            Waiting::Spilled(spill) => {
                spill.append(b, entries).map_err(Ended::Failed)?;
                entries.clear();
            }
        }
        self.overflow()
    }

    /// Spills every bucket held, when they pass the budget.
    fn overflow(&mut self) -> std::result::Result<(), Ended> {
        let Waiting::Overflowing { held, budget, disk } = self else {
            return Ok(());
        };
        if held_bytes(held) <= *budget {
            return Ok(());
        }
        let mut spill = Spill::new(disk, held.len(), disk.limit).map_err(Ended::Failed)?;
        for (b, bucket) in held.iter_mut().enumerate() {
            spill.append(b, bucket).map_err(Ended::Failed)?;
            *bucket = Vec::new();
        }
        *self = Waiting::Spilled(spill);
        Ok(())
    }

    /// Bucket `b`, taken out sorted and merged; unsuited on a carry.
    pub(super) fn take(&mut self, b: usize) -> std::result::Result<Layer<u128>, Ended> {
        match self {
            Waiting::Held(held) | Waiting::Overflowing { held, .. } => {
                Ok(std::mem::take(&mut held[b]))
            }
            Waiting::Spilled(spill) => spill.take(b).map_err(Ended::Failed)?.ok_or(Ended::Unsuited),
        }
    }
}

/// The bytes the buckets `held` take in memory.
fn held_bytes(held: &[Layer<u128>]) -> u64 {
    held.iter().map(|b| b.len() as u64).sum::<u64>() * WAITING_BYTES
}

#[cfg(test)]
mod tests {
    use super::super::super::key::Stored;
    use super::super::super::meet::word::Split;
    use super::*;

    /// Parts filed into buckets held and into buckets that pass their
    /// budget (spilled then, the buckets already held with them) are taken
    /// back alike: each bucket sorted, equal states merged.
    #[test]
    fn overflowing_buckets_take_back_what_held_ones_do() {
        let dir = std::env::temp_dir().join(format!("puzzles-waiting-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let disk = Disk {
            limit: u64::MAX,
            dir: dir.clone(),
        };
        let buckets = 4;
        let mut held = Waiting::held(buckets);
        // Spilled after the first few parts.
        let mut over = Waiting::overflowing(buckets, 40 * WAITING_BYTES, disk);
        for part in 0..12u128 {
            let mut entries: Layer<u128> = (0..20u128)
                .map(|i| (Split::pack((i * 7 + part * 3) % 50), 1 + (i % 5) as u64))
                .collect();
            entries.sort_unstable_by_key(|e| e.0);
            assert!(super::super::super::layers::merge_equal(&mut entries));
            let b = (part % buckets as u128) as usize;
            let mut again = entries.clone();
            assert!(held.file(b, &mut entries).is_ok());
            assert!(over.file(b, &mut again).is_ok());
            assert!(entries.is_empty() && again.is_empty());
        }
        assert!(matches!(over, Waiting::Spilled(_)));
        for b in 0..buckets {
            let (Ok(h), Ok(o)) = (held.take(b), over.take(b)) else {
                panic!("bucket {b} not taken back");
            };
            assert!(!h.is_empty());
            assert_eq!(h, o, "bucket {b}");
        }
        drop(over);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
