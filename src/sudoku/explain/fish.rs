//! Basic fish: a digit confined, in k rows, to the same k columns (or the other way round) leaves those columns elsewhere: X-wing (k = 2), swordfish (3), jellyfish (4).

use super::board::{bit, digits, Board};
use super::subsets::subsets;
use super::{Found, Technique};

/// A fish of size `k` (2, 3 or 4) on any digit, rows as base first, then columns.
pub(crate) fn basic(board: &Board, k: usize) -> Option<Found> {
    let geo = &board.geo;
    let n = geo.side;
    let (technique, rating) = match k {
        2 => (Technique::XWing, 32),
        3 => (Technique::Swordfish, 38),
        _ => (Technique::Jellyfish, 52),
    };
    for d in 1..=n as u8 {
        if board.stopped() {
            return None;
        }
        for base_kind in 0..2 {
            // Lines of the base kind with 2..=k places of d, as (line unit, places across).
            let lines: Vec<(usize, u64)> = (base_kind * n..(base_kind + 1) * n)
                .map(|u| (u, board.places(u, d)))
                .filter(|&(_, p)| (2..=k as u32).contains(&p.count_ones()))
                .collect();
            if lines.len() < k {
                continue;
            }
            let found = subsets(&lines, k, &mut |base| {
                let cover = base.iter().fold(0u64, |m, &(_, p)| m | p);
                if cover.count_ones() as usize != k {
                    return None;
                }
                let cover_kind = 1 - base_kind;
                let base_units: Vec<usize> = base.iter().map(|&(u, _)| u).collect();
                let cover_units: Vec<usize> = digits(cover)
                    .map(|i| cover_kind * n + i as usize - 1)
                    .collect();
                let mut eliminate = Vec::new();
                for &cu in &cover_units {
                    for &c in &geo.units[cu] {
                        if board.cand[c] & bit(d) != 0
                            && !base_units.contains(&geo.cell_units[c][base_kind])
                        {
                            eliminate.push((c, d));
                        }
                    }
                }
                if eliminate.is_empty() {
                    return None;
                }
                let cells: Vec<usize> = base_units
                    .iter()
                    .flat_map(|&u| geo.units[u].iter().copied())
                    .filter(|&c| board.cand[c] & bit(d) != 0)
                    .collect();
                let mut f = Found::new(technique, rating);
                let names = |us: &[usize]| super::board::join(us.iter().map(|&u| geo.unit_name(u)));
                f.text = format!(
                    "{}: in {}, {d} can only go in {}; one {d} per {} there, so {d} leaves the rest of those {}s",
                    technique.name(),
                    names(&base_units),
                    names(&cover_units),
                    if cover_kind == 0 { "row" } else { "column" },
                    if cover_kind == 0 { "row" } else { "column" },
                );
                f.eliminate = eliminate;
                f.cells = cells;
                Some(f)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
