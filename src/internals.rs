//! The engines behind the four doors, reachable from outside the crate only for the benchmarks, the fuzz targets, the property tests and the command's checks before its work (hidden from the documentation, not part of the library's surface, free to change).
//!
//! A user of the library asks each puzzle through [`crate::GridPuzzle`];
//! these are the parsers and engines its answers are made of, which a
//! benchmark times and a fuzz target or a property test drives directly.

pub use crate::knight::count::remove_spills;
pub use crate::knight::square::{file_name, parse_square};
pub use crate::lightsout::graph::{Graph, GraphGame};
pub use crate::memory::usable as usable_memory;
pub use crate::render::check_drawable;
pub use crate::sudoku::explain::PencilMarks;
