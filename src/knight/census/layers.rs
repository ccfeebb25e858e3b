//! The states of the frontier programme held as sorted layers: each square's successors are sorted by key and merged.
//!
//! A hash table of states spends its time in cache misses, one a successor.
//! Here the states after a square are a vector sorted by packed key; adding
//! the next square writes the successors of each part of it (one part a core)
//! to a plain vector, sorts it by a radix sort on the key's digits (a few
//! streaming passes), adds up the counts of equal keys, and merges the sorted
//! parts. At a column's end a state and its mirror image across the board's
//! middle row have the same completions, so only the smaller of the two keys
//! is kept (their counts added): about half the states, when the count has no
//! start square to break the symmetry.

use super::{Walk, FULL};
use crate::control::Control;
use num_bigint::BigUint;
use rayon::prelude::*;

/// A packed state: four bits a frontier square.
pub(super) trait Key: Copy + Ord + Send + Sync {
    /// The most squares it holds.
    const SLOTS: usize;
    /// Packs the squares, renumbering the fragment labels by first appearance.
    fn pack(slots: &[u8]) -> Self;
    /// The squares of a key packing `w` of them (the rest full).
    fn unpack(self, w: usize) -> [u8; 18];
    /// The radix digit of `DIGIT` bits from bit `shift`.
    fn digit(self, shift: u32) -> usize;
}

macro_rules! impl_key {
    ($t:ty) => {
        impl Key for $t {
            const SLOTS: usize = <$t>::BITS as usize / 4;

            #[inline]
            fn pack(slots: &[u8]) -> Self {
                let mut map = [0u8; 32];
                let mut next = super::FIRST_LABEL;
                let mut key: $t = 0;
                for (i, &x) in slots.iter().enumerate() {
                    let y = if x >= super::FIRST_LABEL {
                        if map[x as usize] == 0 {
                            map[x as usize] = next;
                            next += 1;
                        }
                        map[x as usize]
                    } else {
                        x
                    };
                    key |= (y as $t) << (4 * i);
                }
                key
            }

            #[inline]
            fn unpack(self, w: usize) -> [u8; 18] {
                let mut a = [FULL; 18];
                for (i, x) in a.iter_mut().enumerate().take(w) {
                    *x = ((self >> (4 * i)) & 15) as u8;
                }
                a
            }

            #[inline]
            fn digit(self, shift: u32) -> usize {
                ((self >> shift) as usize) & ((1 << DIGIT) - 1)
            }
        }
    };
}
impl_key!(u64);
impl_key!(u128);

/// Bits of a radix digit.
const DIGIT: u32 = 11;

/// An exact count in `L` limbs of 64 bits (least significant first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Wide<L> {
    const ONE: Self = {
        let mut limbs = [0u64; L];
        limbs[0] = 1;
        Wide(limbs)
    };
    const ZERO: Self = Wide([0u64; L]);

    /// Adds `other`; false when the sum does not fit in `L` limbs.
    #[inline]
    fn add(&mut self, other: &Self) -> bool {
        let mut carry = false;
        for (a, &b) in self.0.iter_mut().zip(other.0.iter()) {
            let (s1, c1) = a.overflowing_add(b);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *a = s2;
            carry = c1 || c2;
        }
        !carry
    }

    pub(super) fn to_big(self) -> BigUint {
        let digits: Vec<u32> = self
            .0
            .iter()
            .flat_map(|&x| [x as u32, (x >> 32) as u32])
            .collect();
        BigUint::from_slice(&digits)
    }
}

/// Bytes one state takes at the peak of a step: in the layer, and about
/// three successors each in the unsorted vector and its sorting copy.
pub(super) fn bytes_per_state(rows: usize, limbs: usize) -> u64 {
    let key = if rows <= 7 { 8 } else { 16 };
    7 * (key + 8 * limbs as u64)
}

/// Why a run could not go on.
pub(super) enum Halt {
    /// The count needs more limbs.
    Carry,
    /// Stopped from outside, after `columns` board columns.
    Stopped { columns: usize },
    /// More states (held and successors) than memory allows.
    Memory { states: u64, limit: u64 },
}

/// Sorts `v` by key: least significant digit first, skipping the digits
/// that every key shares (`bits`: the key bits in use).
fn radix_sort<K: Key, C: Copy>(v: &mut Vec<(K, C)>, scratch: &mut Vec<(K, C)>, bits: u32) {
    let n = v.len();
    if n < 256 {
        v.sort_unstable_by_key(|e| e.0);
        return;
    }
    scratch.clear();
    scratch.extend_from_slice(v);
    let mut in_v = true;
    let mut hist = vec![0usize; 1 << DIGIT];
    let mut shift = 0;
    while shift < bits {
        let (src, dst) = if in_v {
            (&v[..], &mut scratch[..])
        } else {
            (&scratch[..], &mut v[..])
        };
        hist.iter_mut().for_each(|h| *h = 0);
        for e in src {
            hist[e.0.digit(shift)] += 1;
        }
        shift += DIGIT;
        if hist.contains(&n) {
            continue;
        }
        let mut sum = 0;
        for h in hist.iter_mut() {
            let c = *h;
            *h = sum;
            sum += c;
        }
        for e in src {
            let d = e.0.digit(shift - DIGIT);
            dst[hist[d]] = *e;
            hist[d] += 1;
        }
        in_v = !in_v;
    }
    if !in_v {
        std::mem::swap(v, scratch);
    }
}

/// Adds up the counts of equal keys in a sorted vector; false on a carry.
fn merge_equal<K: Key, const L: usize>(v: &mut Vec<(K, Wide<L>)>) -> bool {
    let mut ok = true;
    let mut kept = 0;
    for i in 0..v.len() {
        let e = v[i];
        if kept > 0 && v[kept - 1].0 == e.0 {
            ok &= v[kept - 1].1.add(&e.1);
        } else {
            v[kept] = e;
            kept += 1;
        }
    }
    v.truncate(kept);
    ok
}

/// Merges two sorted vectors of distinct keys, adding the counts of keys in both; false on a carry.
fn merge_two<K: Key, const L: usize>(
    a: Vec<(K, Wide<L>)>,
    b: Vec<(K, Wide<L>)>,
) -> (Vec<(K, Wide<L>)>, bool) {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let mut ok = true;
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                let mut c = a[i].1;
                ok &= c.add(&b[j].1);
                out.push((a[i].0, c));
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    (out, ok)
}

/// The successors of one part of a layer, sorted and merged, with the tours it completed.
struct Part<K, const L: usize> {
    states: Vec<(K, Wide<L>)>,
    done: Wide<L>,
    ok: bool,
}

/// The slot permutation mirroring a column-end frontier across the middle row:
/// slot 0 is a square already gone, slots `1 + c·rows + r` the last two columns.
fn mirror_slots(rows: usize, w: usize) -> Vec<usize> {
    (0..w)
        .map(|i| match i {
            0 => 0,
            _ => {
                let j = i - 1;
                1 + (j / rows) * rows + (rows - 1 - j % rows)
            }
        })
        .collect()
}

/// Runs the programme with keys `K` and counts of `L` limbs within `memory`
/// bytes: a step stops with [`Halt::Memory`] before the layer and its
/// unsorted successors (twice: the radix sort's copy) would pass it.
pub(super) fn run_with<K: Key, const L: usize>(
    walk: &Walk,
    memory: u64,
    ctl: &Control,
) -> Result<(Wide<L>, u64), Halt> {
    let w = walk.w;
    let rows = walk.rows;
    let bits = 4 * w as u32;
    // The mirror across the middle row keeps every square's role but a start's.
    let symmetric = walk.start.is_none();
    let mirror = mirror_slots(rows, w);
    let mut states: Vec<(K, Wide<L>)> = vec![(K::pack(&[FULL; 18][..w]), Wide::ONE)];
    let mut total = Wide::<L>::ZERO;
    let mut peak = 1u64;
    let bar = ctl.progress();
    let parts = rayon::current_num_threads().max(1);
    let entry = std::mem::size_of::<(K, Wide<L>)>() as u64;
    let clock = std::time::Instant::now();
    let mut processed = 0u64;
    for v in 0..walk.n {
        let columns = v / rows;
        if ctl.stopped() {
            return Err(Halt::Stopped { columns });
        }
        let fold = symmetric && (v + 1) % rows == 0;
        let chunk = states.len().div_ceil(parts).max(1 << 12);
        let room = memory.saturating_sub(states.len() as u64 * entry) / (2 * entry);
        let cap = (room / parts as u64) as usize;
        processed += states.len() as u64;
        let results: Vec<Result<Part<K, L>, Halt>> = states
            .par_chunks(chunk)
            .map(|chunk| {
                let mut out: Vec<(K, Wide<L>)> = Vec::with_capacity(chunk.len() * 2);
                let mut done = Wide::<L>::ZERO;
                let mut ok = true;
                let mut mirrored = [FULL; 18];
                for (i, &(key, count)) in chunk.iter().enumerate() {
                    if i & 0x3FFF == 0 && ctl.stopped() {
                        return Err(Halt::Stopped { columns });
                    }
                    let slots = key.unpack(w);
                    walk.step(
                        v,
                        &slots,
                        &mut |succ| {
                            let mut k = K::pack(succ);
                            if fold {
                                for (m, &from) in mirrored.iter_mut().zip(&mirror) {
                                    *m = succ[from];
                                }
                                k = k.min(K::pack(&mirrored[..w]));
                            }
                            out.push((k, count));
                        },
                        &mut || ok &= done.add(&count),
                    );
                    if out.len() > cap {
                        return Err(Halt::Memory {
                            states: (states.len() + out.len() * parts) as u64,
                            limit: states.len() as u64 + room,
                        });
                    }
                }
                let mut scratch = Vec::new();
                radix_sort(&mut out, &mut scratch, bits);
                drop(scratch);
                ok &= merge_equal(&mut out);
                Ok(Part {
                    states: out,
                    done,
                    ok,
                })
            })
            .collect();
        drop(states);
        let mut runs = Vec::with_capacity(results.len());
        let mut carry = false;
        for r in results {
            let part = r?;
            carry |= !part.ok || !total.add(&part.done);
            runs.push(part.states);
        }
        // Merge the sorted parts pairwise.
        while runs.len() > 1 {
            let mut paired = Vec::with_capacity(runs.len().div_ceil(2));
            let mut it = runs.into_iter();
            while let Some(a) = it.next() {
                match it.next() {
                    Some(b) => {
                        let (m, ok) = merge_two(a, b);
                        carry |= !ok;
                        paired.push(m);
                    }
                    None => paired.push(a),
                }
            }
            runs = paired;
        }
        if carry {
            return Err(Halt::Carry);
        }
        states = runs.pop().unwrap_or_default();
        peak = peak.max(states.len() as u64);
        if (v + 1) % rows == 0 {
            bar.advance(1);
            let rate = processed as f64 / clock.elapsed().as_secs_f64().max(1e-3);
            bar.note(&format!(
                "{} states, peak {peak}, {rate:.0} states/s",
                states.len()
            ));
        }
    }
    Ok((total, peak))
}
