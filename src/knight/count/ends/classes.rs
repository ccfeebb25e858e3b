//! The classes of ends under the board's symmetries: pairs of ends (both given), or starts (one given), each with its weight.

use super::super::backtrack::images;
use super::super::Census;
use crate::grid::{Dims, Pos};
use std::collections::BTreeSet;

/// How the open tours are summed: over the classes of their two ends, or of their starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Split {
    /// Both ends given: the paths between two squares.
    Pairs,
    /// One end given: the directed tours from a square, the other end anywhere.
    Starts,
}

/// A class of ends: its representative and how many it stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Class {
    /// The representative's ends: two (a pair) or one (a start).
    pub(crate) ends: Vec<Pos>,
    /// The pairs (or starts) of the class.
    pub(crate) weight: u64,
}

impl Class {
    /// What the frontier programme counts for the class.
    pub(crate) fn census(&self) -> Census {
        match self.ends[..] {
            [s, t] => Census::PathsBetween(s, t),
            [s] => Census::PathsFrom(s),
            _ => Census::Paths,
        }
    }

    /// What the frontier programme counts for the class on `dims`: both
    /// ends given, the image of the pair under the board's symmetries that
    /// the halves count fastest (the same count: see [`cost`]); with
    /// `kept` (halves kept for many pairs), first one with an end in each
    /// half, whose halves serve other pairs too.
    pub(crate) fn counted_as(&self, dims: Dims, kept: bool) -> Census {
        let [s, t] = self.ends[..] else {
            return self.census();
        };
        let (a, b) = (images(dims, s), images(dims, t));
        let key = |g: usize| {
            let (far, apart) = cost(dims, a[g], b[g]);
            if kept {
                (usize::from(!apart), far, apart)
            } else {
                (far, usize::from(apart), apart)
            }
        };
        let best = (0..a.len()).min_by_key(|&g| key(g)).unwrap_or(0);
        Census::PathsBetween(a[best], b[best])
    }
}

/// How dear the paths between `s` and `t` are to count by the halves of
/// `dims`, to compare the images of a pair: the ends that leave the
/// frontier before the middle (a fragment then leads to each, and the
/// states of its half are about three times as many; 8 × 8, after four
/// columns: 25,992,650 states with a corner given, 3,860,134 with c6),
/// and whether the ends lie in different halves.
fn cost(dims: Dims, s: Pos, t: Pos) -> (usize, bool) {
    // The columns as the halves see them (along the longer side).
    let col = |p: Pos| if dims.rows > dims.cols { p.row } else { p.col };
    let cols = dims.rows.max(dims.cols);
    let h = cols / 2;
    let far = |p: Pos| col(p) + 2 < h || col(p) > h + 1;
    let far_ends = usize::from(far(s)) + usize::from(far(t));
    (far_ends, (col(s) < h) != (col(t) < h))
}

/// The classes of `split` on `dims` (open tours), in increasing order of
/// their representatives, each the least of its images. With `start`
/// (pairs only), the pairs from that square, classed by the symmetries
/// that keep it in place. Pairs whose colours rule out every path are left
/// out (every move changes colour).
pub(crate) fn classes(dims: Dims, split: Split, start: Option<Pos>) -> Vec<Class> {
    let squares: Vec<Pos> = dims.positions().collect();
    let group = images(dims, Pos::new(0, 0)).len();
    // The images of every square, by symmetry.
    let image: Vec<Vec<Pos>> = squares.iter().map(|&p| images(dims, p)).collect();
    let at = |p: Pos| dims.index(p);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut class = |members: BTreeSet<Vec<Pos>>| {
        if let Some(rep) = members.first().cloned() {
            if seen.insert(rep.clone()) {
                let weight = members.len() as u64;
                out.push(Class { ends: rep, weight });
            }
        }
    };
    match (split, start) {
        (Split::Starts, _) => {
            for &s in &squares {
                class((0..group).map(|g| vec![image[at(s)][g]]).collect());
            }
        }
        (Split::Pairs, None) => {
            for (i, &s) in squares.iter().enumerate() {
                for &t in &squares[i + 1..] {
                    if colours_differ(dims, s, t) {
                        continue;
                    }
                    class(
                        (0..group)
                            .map(|g| {
                                let (a, b) = (image[at(s)][g], image[at(t)][g]);
                                vec![a.min(b), a.max(b)]
                            })
                            .collect(),
                    );
                }
            }
        }
        (Split::Pairs, Some(s)) => {
            let fixing: Vec<usize> = (0..group).filter(|&g| image[at(s)][g] == s).collect();
            for &t in squares.iter().filter(|&&t| t != s) {
                if colours_differ(dims, s, t) {
                    continue;
                }
                class(fixing.iter().map(|&g| vec![s, image[at(t)][g]]).collect());
            }
        }
    }
    out.sort_by(|a, b| a.ends.cmp(&b.ends));
    out
}

/// Whether the colours of `s` and `t` rule out every open tour between
/// them: on a board of an even number of squares they must differ, on an
/// odd one both be the corners' colour.
pub(crate) fn colours_differ(dims: Dims, s: Pos, t: Pos) -> bool {
    let white = |p: Pos| (p.row + p.col) % 2 == 0;
    if dims.cells() % 2 == 0 {
        white(s) == white(t)
    } else {
        !(white(s) && white(t))
    }
}
