//! The polynomial method's steps against the solver: the same number of
//! maps, a map that replays, the page's 20×20 map.

use super::*;
use crate::revertigo::{Answer, Request, Revertigo};
use crate::{Control, GridPuzzle, NoItems};

fn solved(dims: Dims) -> crate::revertigo::WalkReport {
    let Answer::Solve(s) =
        Revertigo::answer(&Request::new(dims), &Control::new(), &mut NoItems).unwrap()
    else {
        panic!()
    };
    s
}

#[test]
fn the_steps_count_the_maps_the_solver_counts() {
    for (rows, cols) in [(1, 1), (3, 3), (4, 4), (5, 5), (7, 4), (20, 20), (11, 19)] {
        let dims = Dims { rows, cols };
        let mut steps = Vec::new();
        let end = super::steps(dims, Limit::NONE, &mut steps).unwrap();
        let s = solved(dims);
        assert_eq!(
            (end.nullity, &end.solutions),
            (s.nullity, &s.solutions),
            "{rows}×{cols}"
        );
        // A unique map is the solver's map.
        if s.nullity == 0 {
            assert_eq!(end.map, s.map);
        }
        assert_eq!(steps.len() as u64, end.steps);
        assert_eq!(end.steps, rows as u64 + 2);
    }
}

#[test]
fn the_first_row_holds_the_unknowns_and_the_system_is_square() {
    let mut steps = Vec::new();
    super::steps(Dims { rows: 5, cols: 5 }, Limit::NONE, &mut steps).unwrap();
    let RevertigoStep::Row { row: 0, forms, .. } = &steps[0] else {
        panic!()
    };
    assert_eq!(forms, &["x1", "x2", "x3", "x4", "x5"]);
    let RevertigoStep::Row { row: 1, forms, .. } = &steps[1] else {
        panic!()
    };
    assert_eq!(
        forms,
        &[
            "x1+x2+1",
            "x1+x2+x3+1",
            "x2+x3+x4+1",
            "x3+x4+x5+1",
            "x4+x5+1"
        ]
    );
    let RevertigoStep::System {
        unknowns: 5,
        equations,
        ..
    } = &steps[5]
    else {
        panic!()
    };
    assert!(equations.iter().all(|e| e.len() == 6));
}

#[test]
fn max_steps_streams_the_first_and_counts_the_rest() {
    let mut steps = Vec::new();
    let end = super::steps(
        Dims { rows: 20, cols: 20 },
        Limit::at_most(5).unwrap(),
        &mut steps,
    )
    .unwrap();
    assert_eq!((steps.len(), end.steps, end.not_shown), (5, 22, 17));
}
