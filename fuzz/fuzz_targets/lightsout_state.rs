//! Fuzz target: any text read as a Lights Out state file (and as a Revertigo map).
//!
//! Must never panic; a board read must have the dimensions of its rows, and
//! the map rule of Revertigo must answer without panicking on it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::input::Source;
use puzzles::lightsout::LightsOut;
use puzzles::revertigo::Revertigo;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match LightsOut::parse(&Source::from_text("fuzz", text)) {
        Ok(p) => {
            let lights = p.lights();
            let dims = lights.dims();
            let rows = lights.row_strings('1', '0');
            assert_eq!(rows.len(), dims.rows);
            assert!(rows.iter().all(|r| r.chars().count() == dims.cols));
            // The same text as a Revertigo activation map of its own size.
            let _ = Revertigo::new(dims).check_map(lights);
        }
        Err(e) => assert!(!e.to_string().contains('\n')),
    }
});
