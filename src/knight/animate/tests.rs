//! The step-by-step search: its events replay to a verified tour, or it exhausts.

use super::{Animation, Event};
use crate::control::Control;
use crate::grid::{Dims, Pos};
use crate::knight::{count_tours, verify_tour, Knight, MoveOrder};

/// Runs the animation to its end, replaying every event on a board of its
/// own; returns the final path and whether it ended on a tour.
fn replay(knight: Knight, order: MoveOrder) -> (Vec<Pos>, bool, u64) {
    let dims = knight.dims();
    let mut board = vec![0usize; dims.cells()];
    let mut path: Vec<Pos> = Vec::new();
    let mut anim = Animation::new(knight, order);
    let mut end = None;
    while let Some(step) = anim.next() {
        assert!(end.is_none(), "an event after the last");
        match step {
            Event::Place { square, number } => {
                assert_eq!(board[dims.index(square)], 0, "{square} placed twice");
                if let Some(&last) = path.last() {
                    assert!(crate::knight::is_knight_move(last, square));
                }
                path.push(square);
                assert_eq!(number, path.len());
                board[dims.index(square)] = number;
            }
            Event::Remove { square, number } => {
                assert_eq!(path.pop(), Some(square), "only the last square is cleared");
                assert_eq!(board[dims.index(square)], number);
                board[dims.index(square)] = 0;
            }
            Event::Tour => end = Some(true),
            Event::NoTour => end = Some(false),
        }
        assert_eq!(anim.path(), &path[..]);
    }
    let found = end.expect("the search ends with Tour or NoTour");
    assert_eq!(anim.outcome(), Some(found));
    (path, found, anim.steps())
}

fn knight(r: usize, c: usize, start: (usize, usize), closed: bool) -> Knight {
    let dims = Dims::new(r, c, 1 << 20).unwrap();
    Knight::new(dims, Pos::new(start.0, start.1), closed).unwrap()
}

#[test]
fn plain_order_finds_a_tour_of_5x5_from_a_corner() {
    let k = knight(5, 5, (0, 0), false);
    let (path, found, steps) = replay(k, MoveOrder::Plain);
    assert!(found);
    assert!(verify_tour(&k, &path).is_ok());
    assert!(steps > 25, "the plain order backtracks on 5×5");
}

#[test]
fn warnsdorff_finds_a_tour_of_8x8() {
    let k = knight(8, 8, (0, 0), false);
    let (path, found, _) = replay(k, MoveOrder::Warnsdorff);
    assert!(found);
    assert!(verify_tour(&k, &path).is_ok());
}

#[test]
fn a_closed_tour_ends_a_knight_move_from_the_start() {
    // Starts where Warnsdorff's order needs little backtracking (from a
    // corner of 6×6 the unpruned search takes minutes).
    for (r, c, start) in [(6, 6, (2, 3)), (5, 6, (2, 2)), (3, 10, (0, 0))] {
        let k = knight(r, c, start, true);
        let (path, found, _) = replay(k, MoveOrder::Warnsdorff);
        assert!(found, "{r}×{c}");
        assert!(verify_tour(&k, &path).is_ok());
    }
    // 3×4 has open tours but no closed one (Schwenk): the search exhausts.
    let k = knight(3, 4, (0, 0), true);
    assert_eq!(count_tours(&k, &Control::new()).unwrap().count, 0);
    assert!(!replay(k, MoveOrder::Plain).1);
}

#[test]
fn the_4x4_search_exhausts_and_clears_the_board() {
    for order in [MoveOrder::Plain, MoveOrder::Warnsdorff] {
        let (path, found, steps) = replay(knight(4, 4, (0, 0), false), order);
        assert!(!found);
        assert!(path.is_empty(), "every placed square is cleared");
        assert_eq!(steps % 2, 0, "each place has its remove");
    }
}

#[test]
fn the_animation_finds_a_tour_exactly_where_the_counter_counts_some() {
    // Every start of 3×4 (open tours from some squares only) and of 3×3 (none):
    // the exhaustive animation and the counting engine agree.
    let ctl = Control::new();
    for (r, c) in [(3, 4), (4, 3), (3, 3), (1, 1)] {
        for row in 0..r {
            for col in 0..c {
                let k = knight(r, c, (row, col), false);
                let (path, found, _) = replay(k, MoveOrder::Plain);
                let count = count_tours(&k, &ctl).unwrap().count;
                assert_eq!(found, count > 0, "{r}×{c} from ({row},{col})");
                if found {
                    assert!(verify_tour(&k, &path).is_ok());
                }
            }
        }
    }
}

#[test]
fn the_board_shows_the_numbers_of_the_path() {
    let k = knight(5, 5, (2, 2), false);
    let mut anim = Animation::new(k, MoveOrder::Plain);
    for _ in 0..7 {
        anim.next();
    }
    for (i, &p) in anim.path().iter().enumerate() {
        assert_eq!(anim.number(p), Some(i + 1));
    }
    let placed = k
        .dims()
        .positions()
        .filter(|&p| anim.number(p).is_some())
        .count();
    assert_eq!(placed, anim.path().len());
    assert_eq!(anim.number(Pos::new(9, 9)), None);
}
