//! The most-constrained-cell steps replayed: their end is the verified
//! solution, each node's cell has the fewest candidates of the grid it sees.

use super::*;
use crate::input::Source;
use crate::sudoku::{Answer, Mode, Request};
use crate::{GridPuzzle, NoItems};

/// The grid's candidates count for cell `i` of `cells` (side `n`), counted afresh.
fn candidates(puzzle: &Sudoku, cells: &[u8], i: usize) -> usize {
    let n = puzzle.side();
    let shape = puzzle.shape();
    (1..=n as u8)
        .filter(|&d| {
            !(0..n * n).any(|j| {
                j != i
                    && cells[j] == d
                    && (j / n == i / n || j % n == i % n || shape.box_of(j) == shape.box_of(i))
            })
        })
        .count()
}

/// Replays `steps` on `puzzle` (a guess fills its cell, a backtrack empties it),
/// checking each node against the grid it sees; returns the grid at the end.
fn replay(puzzle: &Sudoku, steps: &[SudokuStep]) -> Vec<u8> {
    let n = puzzle.side();
    let mut cells = puzzle.cells().to_vec();
    for step in steps {
        match step {
            SudokuStep::Choose {
                cell,
                candidates: c,
                ..
            } => {
                let i = cell.row * n + cell.col;
                assert_eq!(cells[i], 0, "a node's cell is empty");
                assert_eq!(candidates(puzzle, &cells, i), c.len());
                let fewest = (0..n * n)
                    .filter(|&j| cells[j] == 0)
                    .map(|j| candidates(puzzle, &cells, j))
                    .min();
                assert_eq!(fewest, Some(c.len()), "the most constrained cell");
            }
            SudokuStep::Guess { cell, digit, .. } => cells[cell.row * n + cell.col] = *digit,
            SudokuStep::Backtrack { cell, .. } => cells[cell.row * n + cell.col] = 0,
        }
    }
    cells
}

fn run(text: &str, max: Limit) -> (Sudoku, SudokuSteps, Vec<SudokuStep>) {
    let puzzle = Sudoku::from_text(text, None).unwrap();
    let mut steps = Vec::new();
    let end = super::steps(&puzzle, max, &Control::new(), &mut steps).unwrap();
    (puzzle, end, steps)
}

#[test]
fn the_steps_replay_to_the_solution_the_solver_finds() {
    for text in [
        "1... ..3. .4.. ...2",
        ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
        "3..9...6..2......468....7.....49..1.4..217..6.9..65.....9....517......4..5...6..2",
    ] {
        let (puzzle, end, steps) = run(text, Limit::NONE);
        assert_eq!((end.steps, end.not_shown), (steps.len() as u64, 0));
        let line: String = replay(&puzzle, &steps)
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        assert_eq!(Some(line), end.solution, "{text}");
        let request = Request::new(Source::from_text("t", text));
        let Answer::Solve(s) =
            crate::sudoku::Sudoku::answer(&request, &Control::new(), &mut NoItems).unwrap()
        else {
            panic!()
        };
        assert_eq!(s.solution, end.solution);
    }
}

#[test]
fn an_unsolvable_grid_backtracks_to_the_top() {
    // No clash among the clues, yet row 0's last cell can hold nothing.
    let (puzzle, end, steps) = run("123. ...4 .... ....", Limit::NONE);
    assert_eq!(end.solution, None);
    assert!(!end.interrupted);
    assert!(matches!(
        steps.last(),
        Some(SudokuStep::Backtrack { depth: 0, .. })
    ));
    assert_eq!(replay(&puzzle, &steps), puzzle.cells());
}

#[test]
fn max_steps_streams_the_first_and_counts_the_rest() {
    let text = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";
    let (_, all, every) = run(text, Limit::NONE);
    let (_, end, steps) = run(text, Limit::at_most(10).unwrap());
    assert_eq!(steps, every[..10]);
    assert_eq!(
        (end.steps, end.not_shown, end.solution),
        (all.steps, all.steps - 10, all.solution)
    );
    let mut request = Request::new(Source::from_text("t", text));
    request.mode = Mode::Steps {
        max_steps: Limit::at_most(3).unwrap(),
    };
    let mut items = Vec::new();
    let Answer::Steps(s) =
        crate::sudoku::Sudoku::answer(&request, &Control::new(), &mut items).unwrap()
    else {
        panic!()
    };
    assert_eq!((items.len(), s.not_shown), (3, all.steps - 3));
}
