//! Joining the states across the middle: each left state with the right states that make every square up to two moves, counted when the ends close into one cycle.

use super::super::key::Stored;
use super::super::meet::word::{Split, Word};
use super::super::meet::{closing_sum, complement, degrees, pairing, FIRST_LABEL};
use super::super::one_cycle::one_cycle_sum;
use super::{Ended, Halves};
use crate::control::Control;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// Joins the left half's states across the middle (`left`, on columns `h −
/// 1` and `h`) with the right half's (`right`, carried across from its own
/// side, `t` columns, folded with their images across the middle row when
/// the rows are even): the sum of the counts of the pairs, each pair
/// counted twice when folded; unsuited when the sum would carry past 128
/// bits.
///
/// When the right half's states are folded with their images across the
/// middle row, each stands for itself and its image, half its count each;
/// the image `σy` of `y` joins a left state `x` as `y` joins `σx`, so each
/// left state is joined with the folded states twice, as itself and as its
/// image (the caller halves the sum).
///
/// When the right half is the left one's mirror image (`same`: the columns
/// are even, and `left` and `right` are the same states), a left state `x`
/// and the mirror image of a left state `z` join as `z` and the image of
/// `x` do (the board's mirror turns one tour into the other), and so do
/// `σx` with `z` and `σz` with `x`: the pairs are counted with `z` from `x`
/// on only (in the right states' order), twice each, and `x` with itself
/// once.
///
/// A left state is tried against each right state of its run, unless the
/// run holds `long_run` states or more: the left states of such a run are
/// gathered and joined with it by contracting ends ([`one_cycle_sum`]).
/// With `same`, all the left states of a run count alike then (none, twice,
/// or, where their mirror images lie in the run itself, once with every
/// state of the run: the pairs and their mirror images are then both in
/// it).
pub(super) fn join(
    board: &Halves,
    left: &[(Split, u64)],
    right: &[(Split, u64)],
    t: usize,
    same: bool,
    long_run: usize,
    ctl: &Control,
) -> std::result::Result<u128, Ended> {
    let sides = Sides::new(board, right, t, same)?;
    const CHUNK: usize = 1 << 14;
    let sums: Vec<std::result::Result<(u128, Vec<Long>), Ended>> = left
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(n, chunk)| {
            if ctl.stopped() {
                return Err(Ended::Stopped { columns: t });
            }
            sides.chunk(board, chunk, n * CHUNK, long_run)
        })
        .collect();
    let (mut total, mut long) = (0u128, Vec::new());
    for s in sums {
        let (sum, more) = s?;
        total = total.checked_add(sum).ok_or(Ended::Unsuited)?;
        long.extend(more);
    }
    let long = long_sums(long, &sides.turned, t, ctl)?;
    total.checked_add(long).ok_or(Ended::Unsuited)
}

/// The right half's states as the join reads them, and how to read a left state.
struct Sides {
    /// The right states turned onto the left squares, as (pairing, count),
    /// by the moves they give each square, then by their pairings (a state
    /// is its degrees and its pairing, so no two are equal).
    turned: Vec<(u64, u64)>,
    /// The run of `turned` of each degrees.
    runs: FxHashMap<u64, (usize, usize)>,
    /// Each left state's place among the right ones (`same`): its mirror image's.
    place: Vec<u32>,
    same: bool,
    meeting: u32,
    rank: [u8; 32],
    apex: Option<usize>,
    high: u128,
}

impl Sides {
    /// The right states `right` of the half of `t` columns turned and sorted.
    fn new(
        board: &Halves,
        right: &[(Split, u64)],
        t: usize,
        same: bool,
    ) -> std::result::Result<Sides, Ended> {
        let meeting = board.meeting();
        let apex = board.open.then(|| board.apex(board.h));
        let high = board.high();
        let mut rank = [0u8; 32];
        for (r, s) in (0..32).filter(|s| meeting >> s & 1 == 1).enumerate() {
            rank[s] = r as u8;
        }
        let mut turned: Vec<(u64, u64, u64, u32)> = right
            .iter()
            .enumerate()
            .map(|(i, &(k, c))| {
                let y = board.mirrored(k.unpack(), t);
                let i = u32::try_from(i).map_err(|_| Ended::Unsuited)?;
                Ok((
                    degrees(y, high),
                    ends_paired(y, meeting, &rank, apex).0,
                    c,
                    i,
                ))
            })
            .collect::<std::result::Result<_, Ended>>()?;
        turned.sort_unstable();
        let mut runs: FxHashMap<u64, (usize, usize)> = FxHashMap::default();
        for (i, e) in turned.iter().enumerate() {
            runs.entry(e.0)
                .and_modify(|r| r.1 = i + 1)
                .or_insert((i, i + 1));
        }
        let mut place = vec![0u32; if same { turned.len() } else { 0 }];
        for (p, e) in turned.iter().enumerate().filter(|_| same) {
            place[e.3 as usize] = p as u32;
        }
        Ok(Sides {
            turned: turned.into_iter().map(|(_, p, c, _)| (p, c)).collect(),
            runs,
            place,
            same,
            meeting,
            rank,
            apex,
            high,
        })
    }

    /// The left states `chunk` (from place `first` of the left half) joined
    /// with the right states: the sum over the short runs, and the states
    /// of the long runs, gathered.
    fn chunk(
        &self,
        board: &Halves,
        chunk: &[(Split, u64)],
        first: usize,
        long_run: usize,
    ) -> std::result::Result<(u128, Vec<Long>), Ended> {
        let (mut total, mut long) = (0u128, Vec::new());
        let folded = board.folded();
        let images = |k: u128| [Some(k), folded.then(|| board.flipped(k, board.h))];
        for (i, &(k, c)) in chunk.iter().enumerate() {
            let own = self.same.then(|| self.place[first + i] as usize);
            for k in images(k.unpack()).into_iter().flatten() {
                let Some(&(from, to)) = self.runs.get(&complement(k, self.high)) else {
                    continue;
                };
                let (partner, ends) = ends_paired(k, self.meeting, &self.rank, self.apex);
                if ends == 0 {
                    continue;
                }
                let long_here = to - from >= long_run;
                let times = match own {
                    None => 1,
                    Some(p) if p >= to => continue,
                    Some(p) if p < from => 2,
                    Some(p) if !long_here => {
                        let sum = |a: usize, b: usize| run_sum(partner, ends, &self.turned[a..b]);
                        let sum = 2 * sum(p + 1, to) + sum(p, p + 1);
                        total = add(total, sum, c)?;
                        continue;
                    }
                    Some(_) => 1,
                };
                if long_here {
                    long.push(Long {
                        from: from as u32,
                        to: to as u32,
                        times,
                        ends,
                        partner,
                        count: c,
                    });
                } else {
                    let sum = run_sum(partner, ends, &self.turned[from..to]);
                    total = add(total, sum * u128::from(times), c)?;
                }
            }
        }
        Ok((total, long))
    }
}

/// The left states of the long runs joined with their runs by contracting
/// ends, gathered by the run and how many times they count.
fn long_sums(
    mut long: Vec<Long>,
    turned: &[(u64, u64)],
    t: usize,
    ctl: &Control,
) -> std::result::Result<u128, Ended> {
    long.sort_unstable_by_key(|e| (e.from, e.times));
    let groups: Vec<&[Long]> = long
        .chunk_by(|a, b| (a.from, a.times) == (b.from, b.times))
        .collect();
    let sums: Vec<std::result::Result<u128, Ended>> = groups
        .par_iter()
        .map(|group| {
            if ctl.stopped() {
                return Err(Ended::Stopped { columns: t });
            }
            let first = group[0];
            let left = group
                .iter()
                .map(|e| (e.partner, u128::from(e.count)))
                .collect();
            let right = &turned[first.from as usize..first.to as usize];
            one_cycle_sum(first.ends, left, right)
                .and_then(|s| s.checked_mul(u128::from(first.times)))
                .ok_or(Ended::Unsuited)
        })
        .collect();
    sums.into_iter()
        .try_fold(0u128, |t, s| t.checked_add(s?).ok_or(Ended::Unsuited))
}

/// `total` plus `sum` times `count`; unsuited when it would carry past 128 bits.
fn add(total: u128, sum: u128, count: u64) -> std::result::Result<u128, Ended> {
    sum.checked_mul(u128::from(count))
        .and_then(|s| total.checked_add(s))
        .ok_or(Ended::Unsuited)
}

/// Right runs from which the join contracts ends (see [`Layout::long`]).
pub(super) const LONG_RUN: usize = 1024;

/// A left state (or its image) whose class has a long run of right states:
/// the run, how many times the state counts there (see [`join`]), its ends
/// and their pairing, and its count.
#[derive(Clone, Copy)]
struct Long {
    from: u32,
    to: u32,
    times: u8,
    ends: u32,
    partner: u64,
    count: u64,
}

/// The counts of the right states of `run` (sorted by pairing, as
/// `(pairing, count)`) whose pairing makes one cycle with `partner` through
/// the ends `ends`.
///
/// Either each state of the run is tried, or each pairing that closes one
/// cycle is looked up in the run: a try is a few steps along the cycle, a
/// look-up a binary search, some times dearer.
fn run_sum(partner: u64, ends: u32, run: &[(u64, u64)]) -> u128 {
    let closing = CLOSING[ends.count_ones() as usize / 2];
    let bits = u64::from(usize::BITS - run.len().leading_zeros());
    if LOOKUP_COST * closing * bits >= run.len() as u64 {
        let (first, m) = (u64::from(ends.trailing_zeros()), ends.count_ones() / 2);
        return closing_sum(partner, first, m, run, |e| *e);
    }
    let mut sum = 0u128;
    closings(partner, ends, &mut |q| {
        if let Ok(i) = run.binary_search_by_key(&q, |e| e.0) {
            sum += u128::from(run[i].1);
        }
    });
    sum
}

/// How many tries of a right state a look-up of a closing pairing costs, about.
const LOOKUP_COST: u64 = 4;

/// Each fragment end's other end in state `k`, both by their ranks (`rank`)
/// among the slots `meeting` (at most 16: four bits a rank), and the ranks
/// of the ends.
///
/// Open tours: the apex (in slot `apex`), when an end, takes the rank of
/// the first square of `meeting` that is not one. The ends are odd among
/// the squares then, at most 15 of 16; and two states that join have the
/// same ends (their degrees make up two moves a square), so the apex has
/// the same rank in both.
fn ends_paired(k: u128, meeting: u32, rank: &[u8; 32], apex: Option<usize>) -> (u64, u32) {
    let mut k = k;
    if let Some(a) = apex.filter(|&a| k.nibble(a) >= FIRST_LABEL) {
        let mut slots = meeting;
        while slots != 0 {
            let s = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            if k.nibble(s) < FIRST_LABEL {
                k = k.with(s, k.nibble(a));
                break;
            }
        }
    }
    let (partner, ends) = pairing::<u128, 4>(k, meeting, rank);
    (partner as u64, ends)
}

/// The pairings of `m` pairs of ends that make one cycle with a given one: `2^(m−1)·(m−1)!`.
const CLOSING: [u64; 9] = {
    let mut n = [1u64; 9];
    let mut m = 2;
    while m < 9 {
        n[m] = n[m - 1] * 2 * (m as u64 - 1);
        m += 1;
    }
    n
};

/// Calls `f` with each pairing of the ends `ends` (four bits an end, as
/// [`ends_paired`] gives them) that makes one cycle with the pairing `p`.
fn closings(p: u64, ends: u32, f: &mut impl FnMut(u64)) {
    let other = |at: u32| (p >> (4 * at)) as u32 & 15;
    /// From end `at` (reached along `p`), each free end `x` joined to it, then along `p` from `x`.
    fn walk(
        other: &impl Fn(u32) -> u32,
        first: u32,
        at: u32,
        free: u32,
        q: u64,
        f: &mut impl FnMut(u64),
    ) {
        if free == 0 {
            f(q | u64::from(first) << (4 * at) | u64::from(at) << (4 * first));
            return;
        }
        let mut rest = free;
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            let y = other(x);
            let joined = q | u64::from(x) << (4 * at) | u64::from(at) << (4 * x);
            walk(other, first, y, free & !(1 << x | 1 << y), joined, f);
        }
    }
    if ends == 0 {
        return;
    }
    let first = ends.trailing_zeros();
    let second = other(first);
    walk(
        &other,
        first,
        second,
        ends & !(1 << first | 1 << second),
        0,
        f,
    );
}
