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

/// Two cells {x,y} that do not see each other, joined by a strong link on x
/// (a unit where x has two places, one seeing each cell): one of the two holds
/// y, so y leaves every cell that sees both. Not in Sudoku Explainer, which
/// finds it as a forcing chain of eight nodes (a removed y assumed, then y off
/// at one cell, x on there, x off at its end of the strong link, x on at the
/// other end, x off at the other cell, y on there, the removed y off): rated as
/// that chain, 7.0 plus the bonus of its length, 7.1, and sought among the chains.
pub(crate) fn w_wing(board: &Board) -> Option<Found> {
    let geo = &board.geo;
    let pairs = with_cands(board, 2);
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let m = board.cand[a];
            if board.cand[b] != m || geo.sees(a, b) {
                continue;
            }
            for x in super::board::digits(m) {
                let y = (m & !bit(x)).trailing_zeros() as u8 + 1;
                let eliminate = seeing_all(board, &[a, b], y);
                if eliminate.is_empty() {
                    continue;
                }
                for (u, unit) in geo.units.iter().enumerate() {
                    let places = board.places(u, x);
                    if places.count_ones() != 2 {
                        continue;
                    }
                    let p = unit[places.trailing_zeros() as usize];
                    let q = unit[63 - places.leading_zeros() as usize];
                    if [p, q].iter().any(|c| *c == a || *c == b) {
                        continue;
                    }
                    let (p, q) = if geo.sees(p, a) && geo.sees(q, b) {
                        (p, q)
                    } else if geo.sees(q, a) && geo.sees(p, b) {
                        (q, p)
                    } else {
                        continue;
                    };
                    let mut f = Found::new(Technique::WWing, 70 + super::length_bonus(8));
                    f.text = format!(
                        "w-wing: {} and {} both hold {}; in {}, {x} is at {} or {}, which see them; if neither held {y} both would be {x}, leaving {x} no place there, so {y} leaves every cell that sees both: {}",
                        geo.cell_name(a), geo.cell_name(b), cands_name(m),
                        geo.unit_name(u), geo.cell_name(p), geo.cell_name(q),
                        geo.cells_name(&eliminate.iter().map(|&(c, _)| c).collect::<Vec<_>>())
                    );
                    f.eliminate = eliminate;
                    f.cells = vec![a, b, p, q];
                    return Some(f);
                }
            }
        }
    }
    None
}
