//! `puzzles sudoku` (placeholder until the puzzle lands).

use super::{Context, Failure, Outcome};

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: Args, _ctx: &mut Context) -> Result<Outcome, Failure> {
    Err(puzzles::Error::usage("sudoku is not built yet").into())
}
