//! Trial: when no named technique applies, a wrong candidate is guessed and the guess refuted by a search, so that every explanation ends in the solution.

use super::board::{digits, Board};
use super::solve::search_capped;
use super::{length_bonus, Found, Technique};
use crate::control::{Control, Stop};
use std::ops::ControlFlow;

/// How many of the cells with the fewest candidates are tried for the cheapest refutation.
const CELLS_TRIED: usize = 4;

/// The first cap on a refuting search's choices.
const FIRST_CAP: u64 = 64;

/// Refutes a candidate that is not `solution`'s digit by a search of the board with it
/// placed (rated 10.0 plus a bonus for the search's guesses); `None` when `ctl` stopped it.
pub(crate) fn refute(board: &Board, solution: &[u8], ctl: &Control) -> Option<Found> {
    let geo = &board.geo;
    let mut cells: Vec<usize> = board.empty_cells().collect();
    cells.sort_by_key(|&c| board.cand[c].count_ones());
    // Every guess is searched within a cap of choices, the cap growing sixteenfold until one is
    // refuted: the cheapest refutation is found without searching the costly guesses to the end
    // (on a 25×25 board one of them can take minutes).
    let mut best: Option<(u64, usize, u8)> = None;
    let mut cap = FIRST_CAP;
    loop {
        for &c in cells.iter().take(CELLS_TRIED) {
            for d in digits(board.cand[c]).filter(|&d| d != solution[c]) {
                let mut guess = board.clone();
                guess.place(c, d);
                let s = search_capped(&guess, 1, cap, ctl, &mut |_| ControlFlow::Break(()));
                match s.tally.stopped {
                    Some(Stop::Interrupted) => return None,
                    Some(Stop::Limit) => continue,
                    _ => {}
                }
                if s.tally.found == 0 && best.is_none_or(|(nodes, _, _)| s.nodes < nodes) {
                    best = Some((s.nodes, c, d));
                }
            }
        }
        if best.is_some() || cap == u64::MAX {
            break;
        }
        cap = cap.saturating_mul(16);
    }
    let (nodes, c, d) = best?;
    let mut f = Found::new(Technique::Trial, 100 + length_bonus(nodes as usize + 1));
    f.eliminate = vec![(c, d)];
    f.cells = vec![c];
    f.text = if nodes == 0 {
        format!(
            "trial: suppose {d} at {}; singles then fill the grid into a contradiction, so {d} is not there",
            geo.cell_name(c)
        )
    } else {
        format!(
            "trial: suppose {d} at {}; a search from there, filling singles and guessing {nodes} times, finds no way to finish the grid, so {d} is not there",
            geo.cell_name(c)
        )
    };
    Some(f)
}
