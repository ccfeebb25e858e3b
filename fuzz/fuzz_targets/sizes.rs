//! Fuzz target: size arguments — a board side (`parse_side`), a range of
//! sides (`--nullity A..B`, `parse_side_range`) and the board limit check (`Dims::new`).
//!
//! Must never panic; what is accepted is at least 1, and `Dims::new` refuses
//! exactly the boards over its limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::grid::Dims;
use puzzles::input::{parse_side, parse_side_range};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(n) = parse_side(text) {
        assert!(n >= 1);
        assert_eq!(parse_side(&n.to_string()), Ok(n));
    }
    if let Ok((a, b)) = parse_side_range(text) {
        assert!(1 <= a && a <= b);
    }
    let mut it = text.split_whitespace().map(parse_side);
    if let (Some(Ok(r)), Some(Ok(c))) = (it.next(), it.next()) {
        let limit = 1 << 20;
        let fits = r.checked_mul(c).is_some_and(|n| n <= limit);
        assert_eq!(Dims::new(r, c, limit).is_ok(), fits, "{r}×{c}");
    }
});
