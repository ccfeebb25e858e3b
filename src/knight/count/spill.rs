//! States spilled to disk: a count's states hashed into bucket files under a disk limit, each bucket read back, sorted and merged in memory in turn, the files removed at the end.
//!
//! This is how the published counts of long boards were made past one
//! machine's memory: the states of a layer are written to a few hundred
//! files by a hash of what decides their merges and joins, so that a bucket
//! read back alone is whole (D. E. Knuth, *The Art of Computer
//! Programming*, Volume 4, pre-fascicle 8A, "Hamiltonian paths and cycles",
//! on counting 8 × n closed tours; Jacobsen, "Exact enumeration of
//! Hamiltonian circuits, walks and chains in two and three dimensions",
//! J. Phys. A 40, 2007, on the transfer matrix kept on disk).
//!
//! A [`Spill`] is one folder of bucket files, made under the folder asked
//! for and removed when it is dropped: at the end, on an error, on a stop.
//! An interrupted run that ends the process before its work comes back
//! (see the command's Ctrl-C) removes the folders still open with
//! [`remove_all`].

use super::key::Stored;
use super::layers::merge_equal;
use super::meet::word::Split;
use super::meet::Layer;
use crate::error::{Bound, Error, Result, Size};
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Where and how much a count may spill: `--disk MIB` and `--disk-dir DIR`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Disk {
    /// The most bytes the bucket files may take at once.
    pub limit: u64,
    /// The folder the bucket files are made in.
    pub dir: PathBuf,
}

impl Disk {
    /// Checks that the folder exists and takes files, before any work: a
    /// folder is made in it and removed.
    pub(crate) fn check(&self) -> Result<()> {
        match Spill::new(self, 0, self.limit) {
            Ok(probe) => {
                drop(probe);
                Ok(())
            }
            Err(Error::Io { source, .. }) => Err(Error::usage(format!(
                "the folder to spill to, {}, takes no files: {source}",
                self.dir.display()
            ))),
            Err(e) => Err(e),
        }
    }
}

/// Bytes a state takes in a bucket file: its word and its count.
pub(super) const ENTRY_BYTES: u64 = 24;

/// The folders of spills still open, for [`remove_all`].
static OPEN: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Makes each spill's folder a name of its own within the process.
static MADE: AtomicU64 = AtomicU64::new(0);

/// Removes the folders of every spill still open: for a process ending at
/// once (an interrupt the work did not answer in time), whose spills are
/// not dropped.
pub fn remove_all() {
    let open = OPEN.lock().map(|v| v.clone()).unwrap_or_default();
    for dir in open {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The bucket files of one layer of states: appended to a part at a time,
/// each taken back whole, sorted and merged.
pub(super) struct Spill {
    folder: PathBuf,
    /// The bytes in each bucket's file.
    bytes: Vec<u64>,
    /// The most bytes the files may hold at once.
    limit: u64,
    /// The limit asked for (for the refusal), in bytes.
    asked: u64,
    /// The most bytes the files held at once.
    pub(super) most: u64,
}

impl Spill {
    /// A folder of `buckets` empty bucket files in `disk.dir`, which may
    /// take `limit` bytes (at most `disk.limit`: what other spills leave).
    pub(super) fn new(disk: &Disk, buckets: usize, limit: u64) -> Result<Spill> {
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let name = format!("puzzles-spill-{}-{n}", std::process::id());
        let folder = disk.dir.join(name);
        std::fs::create_dir(&folder).map_err(io(&disk.dir))?;
        if let Ok(mut open) = OPEN.lock() {
            open.push(folder.clone());
        }
        Ok(Spill {
            folder,
            bytes: vec![0; buckets],
            limit: limit.min(disk.limit),
            asked: disk.limit,
            most: 0,
        })
    }

    fn path(&self, b: usize) -> PathBuf {
        self.folder.join(b.to_string())
    }

    /// The bytes the files hold now.
    pub(super) fn held(&self) -> u64 {
        self.bytes.iter().sum()
    }

    /// The states the files hold now (before their merge).
    pub(super) fn states(&self) -> u64 {
        self.held() / ENTRY_BYTES
    }

    /// Appends `entries` to bucket `b`; refused when the files would pass the limit.
    pub(super) fn append(&mut self, b: usize, entries: &[(Split, u64)]) -> Result<()> {
        if entries.is_empty() {
            return Ok(());
        }
        let adding = entries.len() as u64 * ENTRY_BYTES;
        let held = self.held() + adding;
        if held > self.limit {
            return Err(Error::TooLarge {
                bound: Bound::Other("disk (MiB) the states across the middle would take"),
                got: Size::from(held.div_ceil(1 << 20)),
                limit: Size::from(self.asked >> 20),
                note: " (the disk limit)".to_string(),
            });
        }
        let path = self.path(b);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io(&path))?;
        let mut out = BufWriter::with_capacity(1 << 16, file);
        for &(k, c) in entries {
            out.write_all(&k.unpack().to_le_bytes())
                .and_then(|()| out.write_all(&c.to_le_bytes()))
                .map_err(io(&path))?;
        }
        out.flush().map_err(io(&path))?;
        self.bytes[b] += adding;
        self.most = self.most.max(held);
        Ok(())
    }

    /// Bucket `b` read back, sorted and its equal states merged (its file
    /// removed); `None` when a count would carry past 64 bits.
    pub(super) fn take(&mut self, b: usize) -> Result<Option<Layer<u128>>> {
        if self.bytes[b] == 0 {
            return Ok(Some(Vec::new()));
        }
        let path = self.path(b);
        let file = std::fs::File::open(&path).map_err(io(&path))?;
        let mut input = BufReader::with_capacity(1 << 16, file);
        let mut states = Vec::with_capacity((self.bytes[b] / ENTRY_BYTES) as usize);
        let mut entry = [0u8; ENTRY_BYTES as usize];
        for _ in 0..self.bytes[b] / ENTRY_BYTES {
            input.read_exact(&mut entry).map_err(io(&path))?;
            let (word, count) = entry.split_at(16);
            let word = u128::from_le_bytes(word.try_into().expect("16 bytes"));
            let count = u64::from_le_bytes(count.try_into().expect("8 bytes"));
            states.push((Split::pack(word), count));
        }
        drop(input);
        std::fs::remove_file(&path).map_err(io(&path))?;
        self.bytes[b] = 0;
        states.sort_unstable_by_key(|e| e.0);
        Ok(merge_equal(&mut states).then_some(states))
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.folder);
        if let Ok(mut open) = OPEN.lock() {
            open.retain(|f| f != &self.folder);
        }
    }
}

/// An I/O error on `path`, named.
fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.display().to_string(),
        source,
    }
}

#[cfg(test)]
mod tests;
