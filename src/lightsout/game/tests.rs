//! The Lights Out game model: presses, undo, the Lights Out lab's hint rule, the win.

use super::{LightsOutGame, PressHint};
use crate::grid::{BitGrid, Dims, Pos};
use crate::lightsout::{LightsOut, LightsOutMethod};
use crate::random::rng;

fn dims(r: usize, c: usize) -> Dims {
    Dims::new(r, c, 1 << 20).unwrap()
}

/// Pressing every marked cell of `game` switches every light off.
fn marks_solve(game: &LightsOutGame) -> bool {
    let marks = game.marks().expect("marks shown");
    let mut puzzle = LightsOut::new(game.lights().clone());
    if game.is_torus() {
        puzzle = puzzle.on_torus();
    }
    puzzle.after(marks).is_clear()
}

/// The `s` key: the hint asked of the library's one door, then shown.
fn hint(game: &mut LightsOutGame) -> PressHint {
    let answer = <crate::lightsout::LightsOut as crate::GridPuzzle>::answer(
        &game.hint_request(),
        &crate::Control::new(),
        &mut crate::NoItems,
    )
    .unwrap();
    game.show_hint(&answer).unwrap()
}

#[test]
fn a_press_toggles_the_cell_and_its_neighbours_and_undo_restores() {
    let start = LightsOut::new(BitGrid::new(dims(3, 4)));
    let mut game = LightsOutGame::new(&start);
    assert!(game.press(Pos::new(1, 1)));
    assert_eq!(
        game.lights().row_strings('#', '.'),
        [".#..", "###.", ".#.."]
    );
    assert!(game.press(Pos::new(0, 3)));
    assert_eq!(
        game.lights().row_strings('#', '.'),
        [".###", "####", ".#.."]
    );
    assert_eq!(game.presses(), 2);
    assert!(!game.press(Pos::new(3, 0)), "off the board");
    assert_eq!(game.presses(), 2);
    assert!(game.undo());
    assert!(game.undo());
    assert!(!game.undo());
    assert_eq!(game.lights(), start.lights());
    assert_eq!(game.presses(), 0);
}

#[test]
fn torus_presses_wrap_around() {
    let start = LightsOut::new(BitGrid::new(dims(3, 3))).on_torus();
    let mut game = LightsOutGame::new(&start);
    game.press(Pos::new(0, 0));
    assert_eq!(game.lights().row_strings('#', '.'), ["###", "#..", "#.."]);
}

#[test]
fn hint_marks_follow_the_lights_out_labs_rule_and_stay_a_solution() {
    let mut game = LightsOutGame::random(dims(5, 5), false, &mut rng(3));
    let PressHint::Shown { presses, fewest } = hint(&mut game) else {
        panic!("a random game is solvable");
    };
    assert!(fewest, "5×5 has 4 solutions: all compared");
    let marks = game.marks().unwrap().clone();
    assert_eq!(marks.count_ones(), presses);
    assert!(marks_solve(&game));
    // A marked cell loses its mark, an unmarked one gains one.
    let marked = marks.ones().next().unwrap();
    let unmarked = game.dims().positions().find(|&p| !marks.get(p)).unwrap();
    game.press(marked);
    assert!(!game.marks().unwrap().get(marked));
    game.press(unmarked);
    assert!(game.marks().unwrap().get(unmarked));
    assert!(marks_solve(&game));
    // Undo takes the marks back too.
    game.undo();
    game.undo();
    assert_eq!(game.marks(), Some(&marks));
}

#[test]
fn following_the_marks_wins_with_that_many_presses() {
    let mut game = LightsOutGame::random(dims(4, 6), false, &mut rng(11));
    let PressHint::Shown { presses, .. } = hint(&mut game) else {
        panic!("a random game is solvable");
    };
    while let Some(p) = game.marks().and_then(|m| m.ones().next()) {
        assert!(!game.is_won());
        game.press(p);
    }
    assert!(game.is_won());
    assert_eq!(game.presses(), presses);
}

#[test]
fn the_hint_is_a_fewest_press_solution() {
    // 4×4 has nullity 4: 16 solutions, compared with --method gauss's coset.
    let mut game = LightsOutGame::random(dims(4, 4), false, &mut rng(5));
    let PressHint::Shown { presses, fewest } = hint(&mut game) else {
        panic!("solvable");
    };
    assert!(fewest);
    let solver = crate::lightsout::LightsOutSolver::new(
        LightsOut::new(game.lights().clone()),
        LightsOutMethod::Gauss,
    )
    .unwrap();
    let mut lightest = usize::MAX;
    crate::listing::Solutions::enumerate(&solver, &crate::Control::new(), &mut |s| {
        lightest = lightest.min(s.count_ones());
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(presses, lightest);
}

#[test]
fn an_unsolvable_board_says_so_and_clears_the_marks() {
    // 4×4 with one light: it overlaps a quiet pattern oddly (nullity 4).
    let mut lights = BitGrid::new(dims(4, 4));
    lights.set(Pos::new(0, 0), true);
    let mut game = LightsOutGame::new(&LightsOut::new(lights));
    assert_eq!(hint(&mut game), PressHint::Unsolvable);
    assert!(game.marks().is_none());
}

proptest::proptest! {
    #[test]
    fn random_games_are_solvable_and_marks_survive_any_presses(
        r in 1usize..8, c in 1usize..8, torus: bool, seed: u64,
        presses in proptest::collection::vec((0usize..8, 0usize..8), 0..12),
    ) {
        let mut game = LightsOutGame::random(dims(r, c), torus, &mut rng(seed));
        proptest::prop_assert!(!game.is_won());
        let shown = matches!(hint(&mut game), PressHint::Shown { .. });
        proptest::prop_assert!(shown);
        for (pr, pc) in presses {
            game.press(Pos::new(pr, pc));
            proptest::prop_assert!(marks_solve(&game));
        }
    }
}
