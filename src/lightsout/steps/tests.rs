//! The steps against the Lights Out documents: the lab's 9×10 matrix and its
//! three outcomes, the chapter's 5-unknown system, and every answer replayed.

use super::*;
use crate::listing::Limit;

fn board(text: &str) -> BoardSource {
    BoardSource::Given {
        name: "t".into(),
        text: text.into(),
    }
}

fn run(text: &str, method: Option<LightsOutMethod>, max: Limit) -> (LightsSteps, Vec<LightsStep>) {
    let mut request = Request::new(board(text));
    request.method = method;
    let mut steps = Vec::new();
    let end = answer(&request, request.board.as_ref().unwrap(), max, &mut steps).unwrap();
    (end, steps)
}

/// The presses as a board of bits.
fn bits(cells: &Cells) -> BitGrid {
    cells.to_bits().unwrap()
}

#[test]
fn the_labs_3x3_matrix_is_9_by_10_and_ends_as_the_identity() {
    let (end, steps) = run("#.#\n.#.\n#.#", None, Limit::NONE);
    assert_eq!((end.nullity, end.solutions.as_str()), (0, "1"));
    let LightsStep::Pivot { matrix, .. } = steps.last().unwrap() else {
        panic!()
    };
    assert_eq!(matrix.len(), 9);
    assert!(matrix.iter().all(|r| r.len() == 10));
    // The lab's final form: the 9×9 identity, then the presses.
    let presses = bits(end.presses.as_ref().unwrap());
    for (i, row) in matrix.iter().enumerate() {
        let mut want: Vec<char> = (0..9).map(|j| if i == j { '1' } else { '0' }).collect();
        want.push(if presses.get(presses.dims().pos(i)) {
            '1'
        } else {
            '0'
        });
        assert_eq!(row, &want.into_iter().collect::<String>());
    }
    assert_eq!(steps.len(), 9);
    replay(&end.state.to_bits().unwrap(), &presses, false).unwrap();
}

#[test]
fn the_three_outcomes_unique_several_none() {
    // 3×3 has nullity 0; 4×4 nullity 4; 5×5 nullity 2 and one light alone is unsolvable.
    let (unique, _) = run("#..\n...\n...", None, Limit::NONE);
    assert_eq!((unique.solvable, unique.nullity), (true, 0));
    let (several, _) = run("####\n####\n####\n####", None, Limit::NONE);
    assert_eq!(
        (
            several.solvable,
            several.nullity,
            several.solutions.as_str()
        ),
        (true, 4, "16")
    );
    let (none, steps) = run("#....\n.....\n.....\n.....\n.....", None, Limit::NONE);
    assert_eq!(
        (none.solvable, none.nullity, none.solutions.as_str()),
        (false, 2, "0")
    );
    let row = none.contradiction.unwrap();
    let LightsStep::Pivot { matrix, .. } = steps.last().unwrap() else {
        panic!()
    };
    assert_eq!(matrix[row], format!("{}1", "0".repeat(25)));
}

#[test]
fn the_chapters_5x5_system_is_b5_and_its_harvest() {
    // The chapter's example state, its harvest (1 0 1 1 0) and B₅ = A⁵ + A.
    let state = ".##.#\n#...#\n..#..\n#..#.\n.###.";
    let (end, steps) = run(state, Some(LightsOutMethod::Chase), Limit::NONE);
    let system = steps.iter().find_map(|s| match s {
        LightsStep::System {
            unknowns,
            harvest,
            equations,
            ..
        } => Some((*unknowns, harvest.clone(), equations.clone())),
        _ => None,
    });
    let (unknowns, harvest, equations) = system.unwrap();
    assert_eq!((unknowns, harvest.as_str()), (5, "#.##."));
    let b5: Vec<&str> = equations.iter().map(|e| &e[..5]).collect();
    assert_eq!(b5, ["01101", "11100", "11011", "00111", "10110"]);
    assert_eq!(
        (end.solvable, end.nullity, end.solutions.as_str()),
        (true, 2, "4")
    );
    // The second chase ends dark.
    let LightsStep::Chase {
        chase: 2, lights, ..
    } = steps.last().unwrap()
    else {
        panic!()
    };
    assert!(lights.iter().all(|r| !r.contains('#')));
}

#[test]
fn both_methods_replay_on_random_boards_and_agree_on_the_outcome() {
    for (rows, cols, seed) in [(5, 5, 1), (4, 7, 2), (9, 9, 3), (6, 3, 4)] {
        let mut request = Request::new(BoardSource::Random {
            rows,
            cols,
            seed: Some(seed),
        });
        let mut ends = Vec::new();
        for method in [LightsOutMethod::Gauss, LightsOutMethod::Chase] {
            request.method = Some(method);
            let end = answer(
                &request,
                request.board.as_ref().unwrap(),
                Limit::NONE,
                &mut crate::NoItems,
            )
            .unwrap();
            if let Some(p) = &end.presses {
                replay(&end.state.to_bits().unwrap(), &bits(p), false).unwrap();
            }
            ends.push((end.solvable, end.nullity));
        }
        assert_eq!(ends[0], ends[1], "{rows}×{cols}");
    }
}

#[test]
fn max_steps_streams_the_first_and_counts_the_rest() {
    let (end, steps) = run("#.#\n.#.\n#.#", None, Limit::at_most(4).unwrap());
    assert_eq!((steps.len(), end.steps, end.not_shown), (4, 9, 5));
    let (all, _) = run("#.#\n.#.\n#.#", None, Limit::NONE);
    assert_eq!(end.presses, all.presses);
}
