//! The Lights Out chapter's light chasing ("récolte"), one row a step: the
//! harvest, the first row's system, its solution, the chase that finishes.

use super::super::chase::last_row_system;
use super::{digits, Found};
use crate::grid::{BitGrid, Pos};
use crate::lightsout::answer::LightsStep;
use crate::stepper::Stepper;
use fixedbitset::FixedBitSet;

/// Chases `lights` with the first row unpressed, solves the first row's
/// system on the lights left in the last row, and chases again from the
/// first row found; each row chased and the system are steps.
pub(super) fn solve(lights: &BitGrid, stepper: &mut Stepper<LightsStep>) -> Found {
    let dims = lights.dims();
    let n = dims.cols;
    chase(lights.clone(), None, 1, stepper);
    let (a, b) = last_row_system(lights);
    stepper.step(|index| LightsStep::System {
        index,
        unknowns: n,
        harvest: (0..n)
            .map(|c| if b.contains(c) { '#' } else { '.' })
            .collect(),
        equations: (0..n)
            .map(|i| digits((0..n).map(|j| a.get(i, j)).chain([b.contains(i)])))
            .collect(),
    });
    let (first_row, nullity) = match a.solve(&b) {
        Ok(s) => (Some(s.particular), s.kernel.len()),
        Err(e) => (None, e.kernel.len()),
    };
    stepper.step(|index| LightsStep::FirstRow {
        index,
        presses: first_row.as_ref().map(|u| marks(u, n)),
        nullity,
    });
    let presses = first_row.map(|u| chase(lights.clone(), Some(&u), 2, stepper));
    Found {
        presses,
        nullity,
        contradiction: None,
    }
}

/// Chases `lights` row by row after pressing `first_row` (when given: the
/// second chase, whose first step is that row): each row is pressed under
/// the lights still on above it. Returns every press made.
fn chase(
    mut lights: BitGrid,
    first_row: Option<&FixedBitSet>,
    pass: u8,
    stepper: &mut Stepper<LightsStep>,
) -> BitGrid {
    let dims = lights.dims();
    let mut presses = BitGrid::new(dims);
    let rows = first_row.map_or(1, |_| 0)..dims.rows;
    for r in rows {
        let pressed: Vec<bool> = (0..dims.cols)
            .map(|c| match (r, first_row) {
                (0, Some(u)) => u.contains(c),
                _ => lights.get(Pos::new(r - 1, c)),
            })
            .collect();
        for (c, _) in pressed.iter().enumerate().filter(|&(_, &on)| on) {
            lights.toggle_plus(Pos::new(r, c));
            presses.toggle(Pos::new(r, c));
        }
        stepper.step(|index| LightsStep::Chase {
            index,
            chase: pass,
            row: r,
            presses: pressed
                .iter()
                .map(|&on| if on { 'X' } else { '.' })
                .collect(),
            lights: lights.row_strings('#', '.'),
        });
    }
    presses
}

/// The first row's presses as `X` and `.`.
fn marks(u: &FixedBitSet, n: usize) -> String {
    (0..n)
        .map(|c| if u.contains(c) { 'X' } else { '.' })
        .collect()
}
