//! Fuzz target: any text read as a Lights Out state file, as `--state` and the game read it.
//!
//! Must never panic; a board read must have the dimensions of its rows.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::input::Source;
use puzzles::lightsout::LightsOutGame;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match LightsOutGame::parse(&Source::from_text("fuzz", text), false) {
        Ok(game) => {
            let lights = game.lights();
            let dims = lights.dims();
            let rows = lights.row_strings('1', '0');
            assert_eq!(rows.len(), dims.rows);
            assert!(rows.iter().all(|r| r.chars().count() == dims.cols));
        }
        Err(e) => assert!(!e.to_string().contains('\n')),
    }
});
