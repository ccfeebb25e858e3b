//! Strong-link fishes on one digit (Sukaku Explainer's): skyscrapers, kites and Turbot fish of two strong links, and chains of three and four.
//!
//! As Sukaku Explainer (SudokuMonster's fork of Nicolas Juillerat's Sudoku
//! Explainer) finds them: a strong link is a row, column or box whose places
//! of a digit fall in two groups, one of which holds it — two cells, or
//! (grouped) the places of a line in two of its boxes, or of a box in one
//! mini-row and one mini-column (an empty rectangle) or in two mini-lines.
//! Links whose places are all distinct are chained end to exit, each exit
//! sharing a unit with the next link's entry (a weak link): one of the two
//! outer ends holds the digit, so it leaves every cell that sees both ends
//! (but those of the links' and the weak links' units). When the two outer
//! ends share a unit too, the chain is a loop, and the digit leaves every
//! cell seeing both sides of any of its weak links.
//!
//! Rated as it rates them: 4.0 for two links, 5.4 for three, 5.8 for four,
//! plus 0.1 when the lines are rows and columns mixed or a box takes part,
//! 0.2 when a box and both kinds of line do, 0.3 when a link is grouped. Of
//! all the fishes of one size the lowest rated is taken, then the one
//! removing most candidates.

use super::board::{bit, Board, Geometry};
use super::{Found, Technique};

/// One strong link: its unit, the two groups of places (one holds the digit), whether grouped.
struct Link {
    unit: usize,
    ends: [Vec<usize>; 2],
    grouped: bool,
}

impl Link {
    /// Every place of the digit the link covers.
    fn places(&self) -> impl Iterator<Item = &usize> {
        self.ends[0].iter().chain(&self.ends[1])
    }
}

/// A chain of links, each with the end it is entered by (0 or 1).
type Chain = Vec<(usize, usize)>;

/// The fish of `links` strong links (2, 3 or 4) Sukaku Explainer takes first, if any.
pub(crate) fn fish(board: &Board, links: usize) -> Option<Found> {
    let n = board.side();
    let mut best: Option<(u16, usize, String, Found)> = None;
    for d in 1..=n as u8 {
        let all = strong_links(board, d);
        let mut chain: Chain = Vec::with_capacity(links);
        for first in 0..all.len() {
            for entry in 0..2 {
                chain.push((first, entry));
                extend(board, d, &all, links, &mut chain, &mut best);
                chain.pop();
            }
        }
    }
    best.map(|(_, _, _, f)| f)
}

/// The strong links of digit `d`: each unit whose two to six places fall in two groups.
fn strong_links(board: &Board, d: u8) -> Vec<Link> {
    let geo = &board.geo;
    let n = geo.side;
    let mut out = Vec::new();
    for u in 0..3 * n {
        let places: Vec<usize> = geo.units[u]
            .iter()
            .copied()
            .filter(|&c| board.cand[c] & bit(d) != 0)
            .collect();
        if places.len() < 2 || places.len() > 6 {
            continue;
        }
        let is_box = u >= 2 * n;
        if places.len() == 2 {
            let (a, b) = (places[0], places[1]);
            if is_box && (a / n == b / n || a % n == b % n) {
                continue;
            }
            out.push(Link {
                unit: u,
                ends: [vec![a], vec![b]],
                grouped: false,
            });
            continue;
        }
        let ends = if is_box {
            box_groups(geo, u, &places, board, d)
        } else {
            line_groups(geo, &places)
        };
        if let Some(ends) = ends {
            out.push(Link {
                unit: u,
                ends,
                grouped: true,
            });
        }
    }
    out
}

/// A line's places in exactly two of its boxes: those two groups.
fn line_groups(geo: &Geometry, places: &[usize]) -> Option<[Vec<usize>; 2]> {
    let boxes = |c: usize| geo.cell_units[c][2];
    let first = boxes(places[0]);
    let (a, b): (Vec<usize>, Vec<usize>) = places.iter().partition(|&&c| boxes(c) == first);
    let second = boxes(*b.first()?);
    b.iter().all(|&c| boxes(c) == second).then_some([a, b])
}

/// A box's places in one mini-row and one mini-column (an empty rectangle, its heart
/// the first cell, in the box's order, whose row and column hold them all), or failing
/// that in two mini-rows or two mini-columns: the two groups.
fn box_groups(
    geo: &Geometry,
    u: usize,
    places: &[usize],
    board: &Board,
    d: u8,
) -> Option<[Vec<usize>; 2]> {
    let n = geo.side;
    let row = |c: usize| c / n;
    let col = |c: usize| c % n;
    for &heart in &geo.units[u] {
        if !places
            .iter()
            .all(|&c| row(c) == row(heart) || col(c) == col(heart))
        {
            continue;
        }
        // The first heart that holds every place settles the box, as there.
        let in_row: Vec<usize> = places
            .iter()
            .copied()
            .filter(|&c| c != heart && row(c) == row(heart))
            .collect();
        let in_col: Vec<usize> = places
            .iter()
            .copied()
            .filter(|&c| c != heart && col(c) == col(heart))
            .collect();
        if in_row.is_empty() || in_col.is_empty() {
            return None;
        }
        let holds = board.cand[heart] & bit(d) != 0;
        return match (in_row.len(), in_col.len()) {
            (1, 1) if holds => None,
            (1, 1) => Some([in_row, in_col]),
            (1, _) => Some([in_row, with(heart, in_col)]),
            (_, 1) => Some([in_col, with(heart, in_row)]),
            _ if holds => Some([with(heart, in_row), with(heart, in_col)]),
            _ => Some([in_row, in_col]),
        };
    }
    if places.len() < 4 {
        return None;
    }
    let lines: [&dyn Fn(usize) -> usize; 2] = [&row, &col];
    for line in lines {
        let first = line(places[0]);
        let (a, b): (Vec<usize>, Vec<usize>) = places.iter().partition(|&&c| line(c) == first);
        if let Some(&s) = b.first() {
            if b.iter().all(|&c| line(c) == line(s)) {
                return Some([a, b]);
            }
        }
    }
    None
}

/// `cells` with `heart` added.
fn with(heart: usize, mut cells: Vec<usize>) -> Vec<usize> {
    cells.push(heart);
    cells.sort_unstable();
    cells
}

/// The first unit (column, then row, then box, as there) holding every cell of `a` and `b`.
fn shared_unit(geo: &Geometry, a: &[usize], b: &[usize]) -> Option<usize> {
    let first = a[0];
    let [r, c, x] = geo.cell_units[first];
    [c, r, x].into_iter().find(|&u| {
        a.iter()
            .chain(b)
            .all(|&cell| geo.cell_units[cell].contains(&u))
    })
}

/// Extends `chain` with links whose entry shares a unit with the last exit, up to `links`
/// links; each full chain that removes something is weighed against `best`.
fn extend(
    board: &Board,
    d: u8,
    all: &[Link],
    links: usize,
    chain: &mut Chain,
    best: &mut Option<(u16, usize, String, Found)>,
) {
    let geo = &board.geo;
    if chain.len() == links {
        if let Some(f) = conclude(board, d, all, chain) {
            let key = (
                f.rating,
                std::cmp::Reverse(f.eliminate.len()),
                suffix(geo, all, chain),
            );
            let better = best
                .as_ref()
                .is_none_or(|(r, e, s, _)| key < (*r, std::cmp::Reverse(*e), s.clone()));
            if better {
                *best = Some((key.0, f.eliminate.len(), key.2, f));
            }
        }
        return;
    }
    let &(last, entry) = chain.last().expect("a first link");
    let exit = &all[last].ends[1 - entry];
    for (k, link) in all.iter().enumerate() {
        if chain
            .iter()
            .any(|&(j, _)| j == k || all[j].places().any(|c| link.places().any(|p| p == c)))
        {
            continue;
        }
        for e in 0..2 {
            if shared_unit(geo, exit, &link.ends[e]).is_some() {
                chain.push((k, e));
                extend(board, d, all, links, chain, best);
                chain.pop();
            }
        }
    }
}

/// Sukaku Explainer's suffix of a fish's name: the grouped links, then the kinds of its
/// units (`0` box, `1` line, `2` a line of the other kind), the least of both ways round.
fn suffix(geo: &Geometry, all: &[Link], chain: &Chain) -> String {
    let n = geo.side;
    let kinds: Vec<usize> = chain
        .iter()
        .map(|&(k, _)| all[k].unit / n)
        .map(|k| (k + 1) % 3)
        .collect();
    let grouped = chain.iter().filter(|&&(k, _)| all[k].grouped).count();
    let name = |ks: &[usize]| -> String {
        // Rows and columns alike, the first line named 1, the other kind 2.
        let first_line = ks.iter().copied().find(|&k| k != 0);
        ks.iter()
            .map(|&k| match (k, first_line) {
                (0, _) => '0',
                (k, Some(f)) if k == f => '1',
                _ => '2',
            })
            .collect()
    };
    let forward = name(&kinds);
    let mut rev = kinds.clone();
    rev.reverse();
    let backward = name(&rev);
    format!("{grouped}{}", forward.min(backward))
}

/// The rating (tenths) of a fish of these links.
fn rating(geo: &Geometry, all: &[Link], chain: &Chain) -> u16 {
    let base = match chain.len() {
        2 => 40,
        3 => 54,
        _ => 58,
    };
    let s = suffix(geo, all, chain);
    let kinds = &s[1..];
    if chain.iter().any(|&(k, _)| all[k].grouped) {
        base + 3
    } else if !kinds.contains('0') && !kinds.contains('2') {
        base
    } else if kinds.contains('0') && kinds.contains('2') {
        base + 2
    } else {
        base + 1
    }
}

/// The step of a full chain, when it removes something.
fn conclude(board: &Board, d: u8, all: &[Link], chain: &Chain) -> Option<Found> {
    let geo = &board.geo;
    let start = &all[chain[0].0].ends[chain[0].1];
    let &(last, entry) = chain.last()?;
    let end = &all[last].ends[1 - entry];
    let bases: Vec<usize> = chain.iter().map(|&(k, _)| all[k].unit).collect();
    let weak: Vec<(&Vec<usize>, &Vec<usize>)> = chain
        .windows(2)
        .map(|w| (&all[w[0].0].ends[1 - w[0].1], &all[w[1].0].ends[w[1].1]))
        .collect();
    let shared: Vec<usize> = weak
        .iter()
        .filter_map(|(a, b)| shared_unit(geo, a, b))
        .collect();
    let ring = shared_unit(geo, start, end).is_some();
    let in_any = |c: usize, us: &[usize]| us.iter().any(|u| geo.cell_units[c].contains(u));
    let seeing = |a: &[usize], b: &[usize], c: usize| {
        board.cand[c] & bit(d) != 0
            && !a.contains(&c)
            && !b.contains(&c)
            && a.iter().chain(b).all(|&s| geo.sees(c, s))
            && !in_any(c, &bases)
    };
    let mut eliminate: Vec<usize> = (0..board.value.len())
        .filter(|&c| seeing(start, end, c) && (ring || !in_any(c, &shared)))
        .collect();
    if ring {
        for (a, b) in &weak {
            eliminate.extend((0..board.value.len()).filter(|&c| seeing(a, b, c)));
        }
        eliminate.sort_unstable();
        eliminate.dedup();
    }
    if eliminate.is_empty() {
        return None;
    }
    let technique = if chain.len() == 2 {
        Technique::TurbotFish
    } else {
        Technique::StrongLinks
    };
    let mut f = Found::new(technique, rating(geo, all, chain));
    let group = |g: &[usize]| {
        let names: Vec<String> = g.iter().map(|&c| geo.cell_name(c)).collect();
        names.join("/")
    };
    let links: Vec<String> = chain
        .iter()
        .map(|&(k, e)| {
            let l = &all[k];
            format!(
                "{}: {}={d} or {}={d}",
                geo.unit_name(l.unit),
                group(&l.ends[e]),
                group(&l.ends[1 - e])
            )
        })
        .collect();
    f.text = format!(
        "{technique} {}{}: {d} is in one of two places in {}, joined end to end; so {d} is at {} or at {}{}, and leaves {}",
        suffix(geo, all, chain),
        if ring { " (a loop)" } else { "" },
        links.join("; "),
        group(start),
        group(end),
        if ring { ", and either side of each link" } else { "" },
        geo.cells_name(&eliminate)
    );
    f.cells = chain
        .iter()
        .flat_map(|&(k, _)| all[k].places().copied())
        .collect();
    f.eliminate = eliminate.into_iter().map(|c| (c, d)).collect();
    Some(f)
}
