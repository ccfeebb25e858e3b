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

/// The strong links of one digit and how they may be chained.
struct Net<'a> {
    board: &'a Board,
    d: u8,
    links: Vec<Link>,
    /// Whether two links share a place (`k·L + j`): they cannot both be in a chain.
    clash: Vec<bool>,
    /// The unit an end (`2k + e`) shares with another end, if any (a weak link).
    joins: Vec<Option<usize>>,
    /// For each end (`2k + e`), the ends of other links it shares a unit with, as `(j, f)`.
    next: Vec<Vec<(usize, usize)>>,
}

impl Net<'_> {
    fn join(&self, (k, e): (usize, usize), (j, f): (usize, usize)) -> Option<usize> {
        self.joins[(2 * k + e) * 2 * self.links.len() + 2 * j + f]
    }
}

/// The best fish so far: rating, candidates removed, suffix, digit, chain, what it removes.
type Best = Option<(u16, usize, String, u8, Chain, Vec<usize>)>;

/// The fish of `links` strong links (2, 3 or 4) Sukaku Explainer takes first, if any.
pub(crate) fn fish(board: &Board, links: usize) -> Option<Found> {
    let n = board.side();
    let geo = &board.geo;
    let mut best: Best = None;
    let mut step = None;
    for d in 1..=n as u8 {
        if board.stopped() {
            return None;
        }
        let all = strong_links(board, d);
        let l = all.len();
        if l < links {
            continue;
        }
        // Each cell is a place of at most three links (its row's, column's and box's).
        let mut at = vec![[usize::MAX; 3]; board.value.len()];
        let mut clash = vec![false; l * l];
        for (k, link) in all.iter().enumerate() {
            clash[k * l + k] = true;
            for &c in link.places() {
                for slot in at[c].iter_mut() {
                    if *slot == usize::MAX {
                        *slot = k;
                        break;
                    }
                    clash[*slot * l + k] = true;
                    clash[k * l + *slot] = true;
                }
            }
        }
        // The units holding the whole of each end (column, row, box, as there).
        let common: Vec<Vec<usize>> = (0..2 * l)
            .map(|a| common_units(geo, &all[a / 2].ends[a % 2]))
            .collect();
        let joins: Vec<Option<usize>> = (0..4 * l * l)
            .map(|i| {
                let (a, b) = (i / (2 * l), i % (2 * l));
                common[a].iter().copied().find(|u| common[b].contains(u))
            })
            .collect();
        let net = Net {
            board,
            d,
            links: all,
            clash,
            next: (0..2 * l)
                .map(|a| {
                    (0..2 * l)
                        .filter(|&b| b / 2 != a / 2 && joins[a * 2 * l + b].is_some())
                        .map(|b| (b / 2, b % 2))
                        .collect()
                })
                .collect(),
            joins,
        };
        let before = best.as_ref().map(|b| (b.0, b.1, b.2.clone(), b.3));
        let mut chain: Chain = Vec::with_capacity(links);
        let mut scratch = Vec::new();
        for first in 0..l {
            for entry in 0..2 {
                chain.push((first, entry));
                extend(&net, links, &mut chain, &mut best, &mut scratch);
                chain.pop();
            }
        }
        // The step of a better fish of this digit, while its links are at hand.
        if let Some((r, e, s, bd, chain, eliminate)) = &best {
            if before != Some((*r, *e, s.clone(), *bd)) {
                step = Some(found(&net, chain, eliminate));
            }
        }
    }
    step
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

/// The units holding every cell of `cells`: its column, then its row, then its box (the
/// order a weak link's unit is looked for there).
fn common_units(geo: &Geometry, cells: &[usize]) -> Vec<usize> {
    let [r, c, x] = geo.cell_units[cells[0]];
    [c, r, x]
        .into_iter()
        .filter(|u| cells.iter().all(|&cell| geo.cell_units[cell].contains(u)))
        .collect()
}

/// Extends `chain` with links whose entry shares a unit with the last exit, up to `links`
/// links; each full chain that removes something is weighed against `best`.
fn extend(net: &Net, links: usize, chain: &mut Chain, best: &mut Best, scratch: &mut Vec<usize>) {
    if chain.len() == links {
        // A chain and its reverse remove the same: each is weighed once.
        if chain[0].0 < chain[links - 1].0 {
            weigh(net, chain, best, scratch);
        }
        return;
    }
    let &(last, entry) = chain.last().expect("a first link");
    let l = net.links.len();
    for &(k, e) in &net.next[2 * last + 1 - entry] {
        if chain.iter().any(|&(j, _)| net.clash[j * l + k]) {
            continue;
        }
        chain.push((k, e));
        extend(net, links, chain, best, scratch);
        chain.pop();
    }
}

/// Weighs a full chain against `best`: the lowest rated first, then the one removing most
/// candidates, then the least suffix, as Sukaku Explainer sorts its fishes.
fn weigh(net: &Net, chain: &Chain, best: &mut Best, eliminate: &mut Vec<usize>) {
    eliminations(net, chain, eliminate);
    if eliminate.is_empty() {
        return;
    }
    let geo = &net.board.geo;
    let rating = rating(geo, &net.links, chain);
    let better = match best {
        None => true,
        Some((r, e, s, ..)) => {
            (rating, std::cmp::Reverse(eliminate.len())) < (*r, std::cmp::Reverse(*e))
                || ((rating, eliminate.len()) == (*r, *e) && suffix(geo, &net.links, chain) < *s)
        }
    };
    if better {
        let s = suffix(geo, &net.links, chain);
        *best = Some((
            rating,
            eliminate.len(),
            s,
            net.d,
            chain.clone(),
            eliminate.clone(),
        ));
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
    let n = geo.side;
    let kind = |k: usize| all[k].unit / n;
    let has_box = chain.iter().any(|&(k, _)| kind(k) == 2);
    let rows = chain.iter().any(|&(k, _)| kind(k) == 0);
    let cols = chain.iter().any(|&(k, _)| kind(k) == 1);
    if chain.iter().any(|&(k, _)| all[k].grouped) {
        base + 3
    } else if has_box && rows && cols {
        base + 2
    } else if has_box || (rows && cols) {
        base + 1
    } else {
        base
    }
}

/// The outer ends of a chain: the first link's entry and the last link's exit.
fn outer<'a>(net: &'a Net, chain: &Chain) -> (&'a Vec<usize>, &'a Vec<usize>) {
    let (first, entry) = chain[0];
    let (last, into) = chain[chain.len() - 1];
    (
        &net.links[first].ends[entry],
        &net.links[last].ends[1 - into],
    )
}

/// What a full chain removes (cells holding the digit), into `eliminate`.
fn eliminations(net: &Net, chain: &Chain, eliminate: &mut Vec<usize>) {
    let board = net.board;
    let geo = &board.geo;
    let b = bit(net.d);
    let (start, end) = outer(net, chain);
    let (first, entry) = chain[0];
    let (last, into) = chain[chain.len() - 1];
    let ring = net.join((first, entry), (last, 1 - into)).is_some();
    let in_base = |c: usize| {
        chain
            .iter()
            .any(|&(k, _)| geo.cell_units[c].contains(&net.links[k].unit))
    };
    let in_weak = |c: usize| {
        chain.windows(2).any(|w| {
            net.join((w[0].0, 1 - w[0].1), w[1])
                .is_some_and(|u| geo.cell_units[c].contains(&u))
        })
    };
    let seeing = |a: &[usize], z: &[usize], c: usize| {
        board.cand[c] & b != 0
            && !a.contains(&c)
            && !z.contains(&c)
            && a.iter().chain(z).all(|&s| geo.sees(c, s))
            && !in_base(c)
    };
    eliminate.clear();
    eliminate.extend(
        geo.peers[start[0]]
            .iter()
            .copied()
            .filter(|&c| seeing(start, end, c) && (ring || !in_weak(c))),
    );
    if ring {
        for w in chain.windows(2) {
            let exit = &net.links[w[0].0].ends[1 - w[0].1];
            let entry = &net.links[w[1].0].ends[w[1].1];
            eliminate.extend(
                geo.peers[exit[0]]
                    .iter()
                    .copied()
                    .filter(|&c| seeing(exit, entry, c)),
            );
        }
        eliminate.sort_unstable();
        eliminate.dedup();
    }
}

/// The step of the chosen fish.
fn found(net: &Net, chain: &Chain, eliminate: &[usize]) -> Found {
    let geo = &net.board.geo;
    let d = net.d;
    let all = &net.links;
    let (start, end) = outer(net, chain);
    let (first, entry) = chain[0];
    let (last, into) = chain[chain.len() - 1];
    let ring = net.join((first, entry), (last, 1 - into)).is_some();
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
        "{technique} ({}{}): {d} is in one of two places in {}, joined end to end; so {d} is at {} or at {}{}, and leaves {}",
        suffix(geo, all, chain),
        if ring { ", a loop" } else { "" },
        links.join("; "),
        group(start),
        group(end),
        if ring { ", and either side of each link" } else { "" },
        geo.cells_name(eliminate)
    );
    f.cells = chain
        .iter()
        .flat_map(|&(k, _)| all[k].places().copied())
        .collect();
    f.eliminate = eliminate.iter().map(|&c| (c, d)).collect();
    f
}
