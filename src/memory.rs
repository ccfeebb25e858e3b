//! How much memory this process may still take: what the system has available, and what an address-space limit leaves.
//!
//! Work whose memory grows with its input (the forcing chains of a Sudoku
//! explanation, say) compares its estimate with [`usable`] before it starts and
//! refuses in one line, rather than dying in the allocator. On systems
//! without `/proc` nothing is known and nothing is refused.

/// The bytes this process may still allocate: the smaller of the system's
/// available memory (`MemAvailable` in `/proc/meminfo`) and, under an
/// address-space limit (`ulimit -v`, `prlimit --as`), the limit less the
/// address space already mapped. `None` when neither can be read.
pub fn usable() -> Option<u64> {
    let available = read_field("/proc/meminfo", "MemAvailable:").map(|kb| kb << 10);
    let limit = address_space_limit();
    let left = limit.map(|max| {
        let mapped = read_field("/proc/self/status", "VmSize:").unwrap_or(0) << 10;
        max.saturating_sub(mapped)
    });
    match (available, left) {
        (Some(a), Some(l)) => Some(a.min(l)),
        (a, l) => a.or(l),
    }
}

/// The soft address-space limit of this process in bytes, if one is set.
fn address_space_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    // "Max address space  <soft>  <hard>  bytes": the soft limit, or "unlimited".
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The number after `key` on its line of the file at `path` (kB in `/proc`).
fn read_field(path: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line[key.len()..].split_whitespace().next()?.parse().ok()
}

/// `bytes` in the unit a person reads best: `512 KiB`, `37.5 MiB`, `9.3 GiB`.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if value >= 100.0 || unit == 0 {
        format!("{value:.0} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// `default` bytes, or less where this process may take less.
pub fn default_limit(default: u64) -> u64 {
    usable().map_or(default, |a| a.min(default))
}

/// Refuses a memory limit of `limit` bytes above what this process may take
/// ([`usable`]): the resident-memory checks it bounds would never fire
/// before the allocator failed.
pub fn check_limit(limit: u64) -> crate::Result<()> {
    match usable() {
        Some(free) if limit > free => Err(crate::Error::TooLarge {
            bound: crate::error::Bound::Other("memory limit (MiB)"),
            got: crate::error::Size::from(limit >> 20),
            limit: crate::error::Size::from(free >> 20),
            note: " that this machine has available".to_string(),
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usable_memory_is_read_on_linux_and_never_above_what_is_available() {
        if cfg!(target_os = "linux") {
            let usable = usable().unwrap();
            let available = read_field("/proc/meminfo", "MemAvailable:").unwrap() << 10;
            assert!(0 < usable && usable <= available);
        }
    }

    #[test]
    fn sizes_are_named_in_their_unit() {
        assert_eq!(human(512 << 10), "512 KiB");
        assert_eq!(human(3 << 19), "1.5 MiB");
        assert_eq!(human(10 << 30), "10.0 GiB");
    }

    #[test]
    fn check_limit_accepts_a_mebibyte_and_refuses_the_impossible() {
        use crate::memory::check_limit;
        assert!(check_limit(1 << 20).is_ok());
        assert!(check_limit(u64::MAX).is_err());
    }
}
