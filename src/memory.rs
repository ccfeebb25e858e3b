//! The machine's memory: what a memory limit may ask for, so that a limit the
//! machine cannot give is refused up front instead of ending in an allocator failure.

use crate::error::{Bound, Error, Result, Size};

/// The memory the system can still give this process, in bytes, where the
/// system tells it (Linux: `MemAvailable` in `/proc/meminfo`).
pub fn available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib << 10)
}

/// `default` bytes, or less where the machine has less available.
pub fn default_limit(default: u64) -> u64 {
    available().map_or(default, |a| a.min(default))
}

/// Refuses a memory limit of `limit` bytes above what the machine has
/// available: the resident-memory checks it bounds would never fire before
/// the allocator failed.
///
/// ```
/// use puzzles::memory::check_limit;
/// assert!(check_limit(1 << 20).is_ok());
/// assert!(check_limit(u64::MAX).is_err());
/// ```
pub fn check_limit(limit: u64) -> Result<()> {
    match available() {
        Some(free) if limit > free => Err(Error::TooLarge {
            bound: Bound::Other("memory limit (MiB)"),
            got: Size::from(limit >> 20),
            limit: Size::from(free >> 20),
            note: " that this machine has available".to_string(),
        }),
        _ => Ok(()),
    }
}
