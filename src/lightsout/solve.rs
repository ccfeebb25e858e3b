//! A grid request answered: the classic game by its bit-level fast paths,
//! every other variant (K states, other patterns) by [`Variant::analyse_with`];
//! one solution, the fewest presses, the count, or the listing.

use super::answer::{
    Answer, BoardSource, GridSetup, Item, ListedPresses, Mode, PressListing, Pressed, Request,
    Setup, Solution, MAX_PRINTED_CELLS,
};
use super::cells::Cells;
use super::{
    fewest_presses, Analysis, LightsOut, LightsOutMethod, LightsOutSolver, Pattern, StatesAnalysis,
    StatesBoard, Variant, MAX_CELLS,
};
use crate::control::{Control, Tally};
use crate::error::{Bound, Error, Result, Size};
use crate::grid::{BitGrid, Dims, Grid};
use crate::input::Source;
use crate::listing;
use crate::listing::Solutions;
use crate::random;
use crate::sink::Sink;

/// Answers a request whose board is a grid (given or random).
pub(super) fn grid(
    request: &Request,
    variant: Variant,
    board: &BoardSource,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    let (source, random) = match board {
        BoardSource::Given { name, text } => (Some(Source::from_text(name, text)), None),
        BoardSource::Random { rows, cols, seed } => {
            let dims = Dims::new(*rows, *cols, MAX_CELLS)?;
            let seed = seed.unwrap_or_else(random::fresh_seed);
            (None, Some((dims, seed)))
        }
        BoardSource::Graph { .. } => unreachable!("graphs are answered apart"),
    };
    let setup = |dims: Dims| grid_setup(request, &variant, dims, random.map(|(_, seed)| seed));
    if request.is_classic() {
        let mut puzzle = match (&source, random) {
            (Some(s), _) => LightsOut::parse(s)?,
            (None, Some((dims, seed))) => LightsOut::random(dims, &mut random::rng(seed)),
            (None, None) => unreachable!("a grid is given or random"),
        };
        if variant.torus {
            puzzle = puzzle.on_torus();
        }
        let setup = setup(puzzle.lights().dims());
        classic(request, puzzle, setup, ctl, sink)
    } else {
        let lights = match (&source, random) {
            (Some(s), _) => variant.parse(s)?,
            (None, Some((dims, seed))) => variant.random(dims, &mut random::rng(seed)),
            (None, None) => unreachable!("a grid is given or random"),
        };
        let setup = setup(lights.dims());
        states(request, &variant, lights, setup, ctl, sink)
    }
}

/// The keys of a grid board in a report: its shape, seed and rules.
pub(super) fn grid_setup(
    request: &Request,
    variant: &Variant,
    dims: Dims,
    seed: Option<u64>,
) -> GridSetup {
    GridSetup {
        rows: dims.rows,
        cols: dims.cols,
        seed,
        states: variant.states.get(),
        // A stencil drawing the cross is the classic game, named so.
        pattern: match request.is_classic() {
            true => Pattern::cross().name().to_string(),
            false => variant.pattern.name().to_string(),
        },
        torus: variant.torus,
    }
}

/// Refuses quiet patterns too large to spell out.
fn check_quiet_cells(nullity: usize, dims: Dims) -> Result<()> {
    let cells = nullity as u128 * dims.cells() as u128;
    if cells > MAX_PRINTED_CELLS as u128 {
        return Err(Error::TooLarge {
            bound: Bound::QuietPatternCells,
            got: Size::Count(cells),
            limit: MAX_PRINTED_CELLS.into(),
            note: String::new(),
        });
    }
    Ok(())
}

/// The classic game: lights and presses as bits, the chase and the gcd.
fn classic(
    request: &Request,
    puzzle: LightsOut,
    setup: GridSetup,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    let method = request.method.unwrap_or(LightsOutMethod::Polynomial);
    let solver = LightsOutSolver::new(puzzle, method)?;
    let analysis = solver.analysis();
    let dims = solver.dims();
    let (fewest, quiet) = match request.mode {
        Mode::Solve {
            fewest,
            quiet_patterns,
        } => (fewest, quiet_patterns),
        Mode::List { limit } => return classic_list(&solver, method, limit, setup, ctl, sink),
        _ => (false, false),
    };
    if quiet {
        check_quiet_cells(analysis.nullity(), dims)?;
    }
    let (presses, minimal) = if fewest {
        classic_fewest(analysis, ctl)
    } else {
        (analysis.presses.clone(), None)
    };
    if let Some(p) = &presses {
        solver.verify(p)?;
    }
    let lights = solver.puzzle().lights();
    let solution = Solution {
        setup: Setup::Grid(setup),
        method,
        state: Some(Cells::from(lights.clone())),
        solvable: analysis.presses.is_some(),
        nullity: analysis.nullity(),
        solutions: analysis.solution_count(),
        press_count: presses.as_ref().map(|p| p.count_ones() as u64),
        presses: presses.map(|p| Pressed::Cells(p.into())),
        minimal,
        witness: analysis.witness.clone().map(|w| Pressed::Cells(w.into())),
        overlap: analysis
            .witness
            .as_ref()
            .map(|w| w.bits().intersection_count(lights.bits()) as u64),
        quiet_patterns: quiet.then(|| {
            (0..analysis.nullity())
                .map(|i| Cells::from(analysis.quiet_pattern(i)))
                .collect()
        }),
        quiet_orders: quiet.then(|| vec![2; analysis.nullity()]),
        interrupted: fewest && ctl.stopped(),
        output: None,
    };
    Ok(match request.mode {
        Mode::Count => Answer::Count(solution.count()),
        _ => Answer::Solve(solution),
    })
}

/// The classic game's solutions streamed under the one listing policy of
/// [`crate::listing`].
fn classic_list(
    solver: &LightsOutSolver,
    method: LightsOutMethod,
    limit: crate::listing::Limit,
    setup: GridSetup,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    let analysis = solver.analysis();
    let tally = match analysis.presses {
        None => Tally {
            found: 0,
            stopped: None,
        },
        Some(_) => listing::list(solver, limit, "solutions", ctl, |index, p| {
            sink.take(Item::Solution(ListedPresses {
                index,
                presses: Cells::from(p.clone()),
                press_count: p.count_ones() as u64,
            }))
        })?,
    };
    let solvable = analysis.presses.is_some();
    let (nullity, solutions) = (analysis.nullity(), analysis.solution_count());
    Ok(Answer::List(PressListing::ended(
        setup,
        method,
        (solvable, nullity, solutions),
        tally,
    )))
}

/// The classic game's fewest presses, and whether they are proven fewest.
fn classic_fewest(analysis: &Analysis, ctl: &Control) -> (Option<BitGrid>, Option<bool>) {
    let found = fewest_presses(analysis, ctl);
    ctl.progress().finish();
    match found {
        // No press at all is the fewest, whatever the search could prove.
        Some(f) => {
            let proven = f.proven || f.presses.count_ones() == 0;
            (Some(f.presses), Some(proven))
        }
        None => (None, None),
    }
}

/// Any other variant: K states, any pattern, by chasing or elimination over Z/K.
fn states(
    request: &Request,
    variant: &Variant,
    lights: Grid<u8>,
    setup: GridSetup,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Answer> {
    let analysis = variant.analyse_with(&lights, request.method)?;
    if let Some(w) = &analysis.witness {
        variant.verify_witness(&lights, w)?;
    }
    let (fewest, quiet) = match request.mode {
        Mode::Solve {
            fewest,
            quiet_patterns,
        } => (fewest, quiet_patterns),
        Mode::List { limit } => {
            let tally = list(&analysis, &lights, limit, ctl, sink)?;
            let solvable = analysis.presses.is_some();
            let (nullity, solutions) = (analysis.nullity(), analysis.solution_count());
            return Ok(Answer::List(PressListing::ended(
                setup,
                analysis.method(),
                (solvable, nullity, solutions),
                tally,
            )));
        }
        _ => (false, false),
    };
    let dims = lights.dims();
    let (presses, minimal) = match fewest {
        true => match analysis.fewest(ctl) {
            Some((p, proven)) => {
                let none = p.cells().iter().all(|&v| v == 0);
                (Some(p), Some(proven || none))
            }
            None => (None, None),
        },
        false => (analysis.presses.clone(), None),
    };
    if let Some(p) = &presses {
        analysis.verify(&lights, p)?;
    }
    let quiet_patterns = quiet_patterns(&analysis, dims, quiet)?;
    let solution = Solution {
        setup: Setup::Grid(setup),
        method: analysis.method(),
        state: Some(Cells::from(lights)),
        solvable: analysis.presses.is_some(),
        nullity: analysis.nullity(),
        solutions: analysis.solution_count(),
        press_count: presses
            .as_ref()
            .map(|p| p.cells().iter().map(|&v| v as u64).sum()),
        presses: presses.map(|p| Pressed::Cells(p.into())),
        minimal,
        witness: analysis.witness.clone().map(|w| Pressed::Cells(w.into())),
        overlap: None,
        quiet_patterns: quiet_patterns.map(|q| q.into_iter().map(Cells::from).collect()),
        quiet_orders: quiet.then(|| analysis.quiet_orders()),
        interrupted: fewest && ctl.stopped(),
        output: None,
    };
    Ok(match request.mode {
        Mode::Count => Answer::Count(solution.count()),
        _ => Answer::Solve(solution),
    })
}

/// The quiet patterns of a variant's board when asked for (`quiet`), each
/// verified; refused when too large to spell out.
fn quiet_patterns(
    analysis: &StatesAnalysis,
    dims: Dims,
    quiet: bool,
) -> Result<Option<Vec<Grid<u8>>>> {
    if quiet {
        check_quiet_cells(analysis.nullity(), dims)?;
    }
    let quiet_patterns: Option<Vec<Grid<u8>>> = quiet.then(|| {
        (0..analysis.nullity())
            .map(|i| analysis.quiet_pattern(i))
            .collect()
    });
    if let Some(q) = &quiet_patterns {
        let dark = Grid::filled(dims, 0);
        q.iter().try_for_each(|p| analysis.verify(&dark, p))?;
    }
    Ok(quiet_patterns)
}

/// Streams the solutions of a variant's board under the one listing policy
/// of [`crate::listing`] (each verified; without a limit, only a listing
/// known to hold at most 1024 solutions is started).
fn list(
    analysis: &StatesAnalysis,
    lights: &Grid<u8>,
    limit: crate::listing::Limit,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<Tally> {
    let board = StatesBoard { analysis, lights };
    listing::list(&board, limit, "solutions", ctl, |index, p| {
        sink.take(Item::Solution(ListedPresses {
            index,
            presses: Cells::from(p.clone()),
            press_count: p.cells().iter().map(|&v| v as u64).sum(),
        }))
    })
}

/// The classic game's board of bits, for pictures.
pub(super) fn bits(cells: &Cells) -> Result<BitGrid> {
    cells
        .to_bits()
        .ok_or_else(|| Error::usage("a board of two states holds only 0 and 1"))
}
