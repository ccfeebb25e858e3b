//! Wings: XY-wing and XYZ-wing (a pivot cell and two pincers it sees), and the W-wing (two like pairs joined by a strong link).

use super::board::{bit, Board};
use super::{cands_name, Found, Technique};

/// The empty cells with exactly `k` candidates.
fn with_cands(board: &Board, k: u32) -> Vec<usize> {
    board
        .empty_cells()
        .filter(|&c| board.cand[c].count_ones() == k)
        .collect()
}

/// The cells outside `seen` that see every cell of `seen` and still hold `d`.
fn seeing_all(board: &Board, seen: &[usize], d: u8) -> Vec<(usize, u8)> {
    let geo = &board.geo;
    geo.peers[seen[0]]
        .iter()
        .copied()
        .filter(|&c| {
            board.cand[c] & bit(d) != 0
                && !seen.contains(&c)
                && seen.iter().all(|&s| geo.sees(c, s))
        })
        .map(|c| (c, d))
        .collect()
}

/// A pivot with `k` candidates (2 or 3), two pincers it sees with two candidates each,
/// and the digit z they share: the first such wing that removes z somewhere.
fn wing(board: &Board, k: u32) -> Option<Found> {
    let geo = &board.geo;
    for pivot in with_cands(board, k) {
        let pm = board.cand[pivot];
        // XY-wing pincers share one digit with the pivot; XYZ-wing pincers lie inside it.
        let fits = |m: u64| {
            if k == 2 {
                (m & pm).count_ones() == 1
            } else {
                m & !pm == 0
            }
        };
        let wings: Vec<usize> = geo.peers[pivot]
            .iter()
            .copied()
            .filter(|&c| {
                board.value[c] == 0 && board.cand[c].count_ones() == 2 && fits(board.cand[c])
            })
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (board.cand[a], board.cand[b]);
                let z = if k == 2 { ma & mb & !pm } else { ma & mb };
                if ma == mb || z.count_ones() != 1 || (ma | mb | pm).count_ones() != 3 {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let seen: &[usize] = if k == 2 { &[a, b] } else { &[pivot, a, b] };
                let eliminate = seeing_all(board, seen, zd);
                if eliminate.is_empty() {
                    continue;
                }
                let (technique, rating, why) = if k == 2 {
                    (
                        Technique::XyWing,
                        42,
                        "whichever digit the pivot holds, one of those two holds",
                    )
                } else {
                    (Technique::XyzWing, 44, "one of the three holds")
                };
                let mut f = Found::new(technique, rating);
                f.text = format!(
                    "{technique}: the pivot {} {} sees {} {} and {} {}; {why} {zd}, so {zd} leaves every cell that sees {}: {}",
                    geo.cell_name(pivot), cands_name(pm),
                    geo.cell_name(a), cands_name(ma),
                    geo.cell_name(b), cands_name(mb),
                    if k == 2 { "both pincers" } else { "all three" },
                    geo.cells_name(&eliminate.iter().map(|&(c, _)| c).collect::<Vec<_>>())
                );
                f.eliminate = eliminate;
                f.cells = vec![pivot, a, b];
                return Some(f);
            }
        }
    }
    None
}

/// A pivot {x,y} seeing pincers {x,z} and {y,z}: whichever the pivot holds, a
/// pincer holds z, so z leaves every cell that sees both pincers (rated 4.2).
pub(crate) fn xy_wing(board: &Board) -> Option<Found> {
    wing(board, 2)
}

/// A pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three holds z,
/// so z leaves every cell that sees all three (rated 4.4).
pub(crate) fn xyz_wing(board: &Board) -> Option<Found> {
    wing(board, 3)
}
