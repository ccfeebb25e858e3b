//! Forcing chains of many branches: contradictions, double forcing chains, and the cell and region forcing chains whose every branch implies the same.

use super::closure::Closure;
use super::cycles::chain_cells;
use super::{nested, parts, pot, Best, Chainer, Mode, ABSURD, CELL, DOUBLE, REGION};
use crate::sudoku::explain::board::{bit, digits};
use crate::sudoku::explain::{length_bonus, Found};
use std::fmt::Write as _;

/// The chains of `mode` rated from `base`, kept in `best`.
pub(super) fn multiple_into(ch: &mut Chainer, mode: Mode, base: u16, best: &mut Best) {
    let board = ch.board;
    // What each candidate implies, followed once for its cell's chains and its regions'.
    let n = ch.n;
    let mut ons: Vec<Option<Closure>> = (0..ch.size()).map(|_| None).collect();
    for c in board.empty_cells() {
        for d in digits(board.cand[c]) {
            let on = pot(n, c, d, true);
            ons[on / 2] = Some(ch.follow(on, mode).finish());
        }
    }
    for c in board.empty_cells() {
        let count = board.cand[c].count_ones();
        if count > 2 || (count > 1 && mode != Mode::Static) {
            cell_chains(ch, c, mode, base, &ons, best);
        }
    }
}

/// The chains of one cell: contradictions and double forcing chains from each candidate,
/// the region chains the cell opens, and the cell's own forcing chain; `ons` holds what
/// each candidate implies.
pub(super) fn cell_chains(
    ch: &mut Chainer,
    c: usize,
    mode: Mode,
    base: u16,
    ons: &[Option<Closure>],
    best: &mut Best,
) {
    let board = ch.board;
    let n = ch.n;
    let count = board.cand[c].count_ones();
    let mut outcomes: Vec<(u8, &Closure)> = Vec::new();
    for d in digits(board.cand[c]) {
        let on = pot(n, c, d, true);
        let Some(yes) = ons[on / 2].as_ref() else {
            return;
        };
        // Static chains seek no contradiction and no double forcing chain: the absence is not followed.
        let no = if mode == Mode::Static {
            Closure::new(0)
        } else {
            ch.follow(on & !1, mode)
        };
        if mode != Mode::Static {
            for (clo, assumed) in [(yes, on), (&no, on & !1)] {
                if let Some((a, b)) = clo.absurd {
                    let length = ch.length(&[(clo, a), (clo, b)]);
                    let rating = base + length_bonus(length);
                    if best.beats(rating, length, ABSURD) {
                        let mut f = Found::new(ch.technique(mode), rating);
                        let conclusion = ch.conclude(&mut f, assumed ^ 1);
                        f.text = format!(
                            "{}contradiction forcing chain: {} and {}; so {conclusion}",
                            ch.prefix(mode),
                            ch.path(clo, a),
                            ch.path(clo, b)
                        );
                        f.cells = chain_cells(ch, clo, a);
                        best.keep(rating, length, ABSURD, f, Vec::new);
                    }
                }
            }
        }
        if count >= 3 && mode == Mode::Dynamic {
            double(ch, c, d, yes, &no, base, best);
        }
        ch.recycle(no);
        if mode != Mode::Nishio {
            region_chains(ch, c, d, mode, base, ons, best);
        }
        outcomes.push((d, yes));
    }
    if mode != Mode::Nishio {
        let branches: Vec<(String, &Closure)> = outcomes
            .iter()
            .map(|&(d, clo)| (format!("{}={d}", board.geo.cell_name(c)), clo))
            .collect();
        let what = format!(
            "{}cell forcing chain: {} holds {}",
            ch.prefix(mode),
            board.geo.cell_name(c),
            crate::sudoku::explain::board::digits_name(board.cand[c]).replace(" and ", " or ")
        );
        agreed(
            ch,
            &branches,
            &what,
            mode,
            (base, CELL),
            nested::Origin::Cell,
            best,
        );
    }
}
/// The double forcing chains of `d` at `c`: what both its presence and its absence imply.
pub(super) fn double(
    ch: &mut Chainer,
    c: usize,
    d: u8,
    yes: &Closure,
    no: &Closure,
    base: u16,
    best: &mut Best,
) {
    let board = ch.board;
    for order in [&yes.on_order, &yes.off_order] {
        for &k in order {
            let p = yes.pot[k as usize];
            let Some(j) = no.get(p) else {
                continue;
            };
            let (t, e, on) = parts(ch.n, p);
            if on && board.cand[t] == bit(e) {
                continue;
            }
            let length = ch.length(&[(yes, k), (no, j)]);
            let rating = base + length_bonus(length);
            if !best.beats(rating, length, DOUBLE) {
                continue;
            }
            let mut f = Found::new(ch.technique(Mode::Dynamic), rating);
            let conclusion = ch.conclude(&mut f, p);
            f.text = format!(
                "{}double forcing chain: whether {} holds {d} or not; {}; {}; either way {conclusion}",
                ch.prefix(Mode::Dynamic),
                board.geo.cell_name(c),
                ch.path(yes, k),
                ch.path(no, j)
            );
            let mut cells = chain_cells(ch, yes, k);
            cells.extend(chain_cells(ch, no, j));
            f.cells = cells;
            best.keep(rating, length, DOUBLE, f, Vec::new);
        }
    }
}

/// The region forcing chains of `d` whose first place is `c`; `ons` holds what each candidate implies.
pub(super) fn region_chains(
    ch: &mut Chainer,
    c: usize,
    d: u8,
    mode: Mode,
    base: u16,
    ons: &[Option<Closure>],
    best: &mut Best,
) {
    let board = ch.board;
    let geo = &board.geo;
    for u in ch.regions[c] {
        let places: Vec<usize> = geo.units[u]
            .iter()
            .copied()
            .filter(|&q| board.cand[q] & bit(d) != 0)
            .collect();
        if places.len() < 2 || places[0] != c {
            continue;
        }
        let Some(branches) = places
            .iter()
            .map(|&q| {
                let clo = ons[pot(ch.n, q, d, true) / 2].as_ref()?;
                Some((format!("{}={d}", geo.cell_name(q)), clo))
            })
            .collect::<Option<Vec<(String, &Closure)>>>()
        else {
            continue;
        };
        let what = format!(
            "{}region forcing chain: in {}, {d} goes at {}",
            ch.prefix(mode),
            geo.unit_name(u),
            geo.cells_name(&places).replace(" and ", " or ")
        );
        agreed(
            ch,
            &branches,
            &what,
            mode,
            (base, REGION),
            nested::Origin::Region(u),
            best,
        );
    }
}

/// The conclusions every branch reaches (in the first branch's order, "on" before "off"),
/// each a step rated `base` plus the bonus of the branches' summed lengths.
pub(super) fn agreed(
    ch: &mut Chainer,
    branches: &[(String, &Closure)],
    what: &str,
    mode: Mode,
    (base, kind): (u16, u8),
    origin: nested::Origin,
    best: &mut Best,
) {
    let board = ch.board;
    let Some((_, first)) = branches.first() else {
        return;
    };
    for order in [&first.on_order, &first.off_order] {
        for &k in order {
            let p = first.pot[k as usize];
            let Some(nodes) = branches
                .iter()
                .map(|(_, clo)| clo.get(p))
                .collect::<Option<Vec<u32>>>()
            else {
                continue;
            };
            let (t, e, on) = parts(ch.n, p);
            if on && board.cand[t] == bit(e) {
                continue;
            }
            let ends: Vec<(&Closure, u32)> = branches
                .iter()
                .map(|(_, clo)| *clo)
                .zip(nodes.iter().copied())
                .collect();
            let length = ch.length(&ends);
            let rating = base + length_bonus(length);
            if !best.beats(rating, length, kind) {
                continue;
            }
            let mut f = Found::new(ch.technique(mode), rating);
            let conclusion = ch.conclude(&mut f, p);
            let mut text = format!("{what}; ");
            let mut cells = Vec::new();
            for ((name, clo), &j) in branches.iter().zip(&nodes) {
                let _ = write!(text, "if {name}: {}; ", ch.path(clo, j));
                cells.extend(chain_cells(ch, clo, j));
            }
            let _ = write!(text, "either way {conclusion}");
            cells.sort_unstable();
            cells.dedup();
            f.text = text;
            f.cells = cells;
            best.keep(rating, length, kind, f, || {
                let ends: Vec<(&Closure, u32)> = branches
                    .iter()
                    .map(|(_, clo)| *clo)
                    .zip(nodes.iter().copied())
                    .collect();
                ch.rests_on_all(&ends, origin)
            });
        }
    }
}
