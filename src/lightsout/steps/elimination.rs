//! The Lights Out lab's Gaussian elimination over GF(2) on the n²×(n²+1) augmented matrix, one pivot a step.

use super::{digits, pressed_cells, Found};
use crate::grid::BitGrid;
use crate::lightsout::answer::LightsStep;
use crate::stepper::Stepper;
use fixedbitset::FixedBitSet;

/// Eliminates the system of `lights` (presses wrapping around on a torus),
/// each pivot a step, and reads the presses off the last column.
pub(super) fn solve(lights: &BitGrid, torus: bool, stepper: &mut Stepper<LightsStep>) -> Found {
    let dims = lights.dims();
    let p = dims.cells();
    // Row i: the presses that change cell i (the cross is symmetric), then its light.
    let mut m: Vec<FixedBitSet> = dims
        .positions()
        .map(|cell| {
            let mut row = FixedBitSet::with_capacity(p + 1);
            for q in pressed_cells(dims, cell, torus) {
                row.insert(dims.index(q));
            }
            row.set(p, lights.get(cell));
            row
        })
        .collect();
    let mut pivots = Vec::new();
    for c in 0..p {
        let k = pivots.len();
        let Some(r) = (k..p).find(|&r| m[r].contains(c)) else {
            continue;
        };
        let swapped = (r != k).then(|| {
            m.swap(r, k);
            [k, r]
        });
        let pivot_row = m[k].clone();
        let added_to: Vec<usize> = (0..p).filter(|&i| i != k && m[i].contains(c)).collect();
        for &i in &added_to {
            m[i].symmetric_difference_with(&pivot_row);
        }
        pivots.push(c);
        stepper.step(|index| LightsStep::Pivot {
            index,
            pivot: [k, c],
            swapped,
            added_to,
            matrix: m
                .iter()
                .map(|row| digits((0..=p).map(|j| row.contains(j))))
                .collect(),
        });
    }
    let rank = pivots.len();
    if let Some(row) = (rank..p).find(|&i| m[i].contains(p)) {
        return Found {
            presses: None,
            nullity: p - rank,
            contradiction: Some(row),
        };
    }
    let mut presses = BitGrid::new(dims);
    for (k, &c) in pivots.iter().enumerate() {
        presses.set(dims.pos(c), m[k].contains(p));
    }
    Found {
        presses: Some(presses),
        nullity: p - rank,
        contradiction: None,
    }
}
