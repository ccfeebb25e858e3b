//! The Revertigo game model: moves, undo, the hint map of what remains, the win.

use super::RevertigoGame;
use crate::grid::{Dims, Pos};
use crate::revertigo::{Move, Revertigo, Walk};

fn dims(r: usize, c: usize) -> Dims {
    Dims::new(r, c, 1 << 20).unwrap()
}

/// The marks finish the board: landing once on each of them turns every cell black.
fn marks_finish(game: &RevertigoGame) -> bool {
    let mut board = game.black().clone();
    for p in game.marks().expect("marks shown").ones() {
        board.toggle_plus(p);
    }
    board.count_ones() == board.dims().cells()
}

/// The `s` key: the map of what remains asked of Lights Out's door, then shown.
fn hint(game: &mut RevertigoGame) -> usize {
    let answer = <crate::lightsout::LightsOut as crate::GridPuzzle>::answer(
        &game.hint_request(),
        &crate::Control::new(),
        &mut crate::NoItems,
    )
    .unwrap();
    game.show_hint(&answer).unwrap()
}

#[test]
fn the_placement_is_a_landing_and_moves_flip_where_the_pawn_lands() {
    let mut game = RevertigoGame::new(dims(3, 3));
    assert_eq!(game.pawn(), Pos::new(2, 0));
    assert_eq!(game.black().row_strings('#', '.'), ["...", "#..", "##."]);
    assert!(game.step(Move::N));
    assert_eq!(game.black().row_strings('#', '.'), ["#..", ".#.", ".#."]);
    assert!(!game.step(Move::W), "off the board");
    assert_eq!(game.moves(), 1);
}

#[test]
fn the_game_agrees_with_the_replay_and_undo_goes_back() {
    let walk = Walk::parse("NNSEENSS").unwrap();
    let board = Revertigo::new(dims(3, 3));
    let replay = board.replay(&walk).unwrap();
    let mut game = RevertigoGame::new(dims(3, 3));
    let fresh = game.clone();
    for &m in walk.moves() {
        assert!(!game.is_won());
        assert!(game.step(m));
    }
    assert_eq!(game.black(), &replay.black);
    assert_eq!(game.pawn(), replay.end);
    assert_eq!(game.walk(), walk.to_string());
    assert!(game.is_won(), "the page's 3×3 walk");
    while game.undo() {}
    assert_eq!(game, fresh);
}

#[test]
fn following_the_hint_marks_wins() {
    let mut game = RevertigoGame::new(dims(4, 5));
    game.step(Move::E);
    game.step(Move::N);
    let cells = hint(&mut game);
    assert_eq!(game.marks().unwrap().count_ones(), cells);
    assert!(marks_finish(&game));
    // Walk to each mark in turn (row first, then column); every landing keeps the marks a finish.
    while let Some(target) = game.marks().and_then(|m| m.ones().next()) {
        while game.pawn() != target {
            let p = game.pawn();
            let m = if p.row < target.row {
                Move::S
            } else if p.row > target.row {
                Move::N
            } else if p.col < target.col {
                Move::E
            } else {
                Move::W
            };
            assert!(game.step(m));
            assert!(marks_finish(&game));
        }
    }
    assert!(game.is_won());
    // And the walk played is one the library's replay accepts.
    let replay = Revertigo::new(dims(4, 5))
        .replay(&Walk::parse(&game.walk()).unwrap())
        .unwrap();
    assert!(replay.is_solved());
}

#[test]
fn hint_at_the_start_is_a_lightest_activation_map() {
    // The placement is a landing: the map of what remains plus the start cell is a full map.
    let mut game = RevertigoGame::new(dims(4, 4));
    hint(&mut game);
    let mut map = game.marks().unwrap().clone();
    map.toggle(game.pawn());
    let board = Revertigo::new(dims(4, 4));
    assert!(board.check_map(&map).is_ok());
}

proptest::proptest! {
    #[test]
    fn marks_follow_any_walk_and_undo(
        r in 1usize..7, c in 1usize..7,
        moves in proptest::collection::vec(0usize..4, 0..20),
    ) {
        let mut game = RevertigoGame::new(dims(r, c));
        hint(&mut game);
        let before = game.clone();
        let mut made = 0;
        for m in moves {
            if game.step(Move::ALL[m]) {
                made += 1;
            }
            proptest::prop_assert!(marks_finish(&game));
        }
        proptest::prop_assert_eq!(game.moves(), made);
        while game.undo() {}
        proptest::prop_assert_eq!(game, before);
    }
}
