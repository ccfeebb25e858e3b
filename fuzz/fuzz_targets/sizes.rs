//! Fuzz target: size arguments — a board side (`parse_side`), a range of
//! sides (`--nullity A..B`, `parse_side_range`), the board limit check
//! (`Dims::new`) and the knight counter's `--shard i/N` (`knight::Shard`).
//!
//! Must never panic; what is accepted is at least 1, and `Dims::new` refuses
//! exactly the boards over its limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::grid::Dims;
use puzzles::input::{parse_side, parse_side_range};
use puzzles::knight::Shard;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(n) = parse_side(text) {
        assert!(n >= 1);
        assert_eq!(parse_side(&n.to_string()).ok(), Some(n));
    }
    if let Ok((a, b)) = parse_side_range(text) {
        assert!(1 <= a && a <= b);
    }
    if let Ok(shard) = text.parse::<Shard>() {
        assert!(1 <= shard.index && shard.index <= shard.count);
        assert_eq!(shard.to_string().parse::<Shard>().ok(), Some(shard));
    }
    let mut it = text.split_whitespace().map(parse_side);
    if let (Some(Ok(r)), Some(Ok(c))) = (it.next(), it.next()) {
        let limit = 1 << 20;
        let fits = r.checked_mul(c).is_some_and(|n| n <= limit);
        assert_eq!(Dims::new(r, c, limit).is_ok(), fits, "{r}×{c}");
    }
});
