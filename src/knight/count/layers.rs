//! The states of the frontier programme held as sorted runs: each square's successors are sorted by key in batches and merged.
//!
//! A hash table of states spends its time in cache misses, one a successor.
//! Here the states after a square are a run: keys in increasing order, each
//! once, held in chunks of 2^16 entries. Adding the next square, each core
//! takes chunks of the layer in turn (freeing each once read), writes their
//! successors to a batch of a few million entries, and when the batch is
//! full sorts it by a radix sort on the key's digits (a few streaming
//! passes), adds up the counts of equal keys, and keeps the result as a run.
//! A core merges its last two runs whenever the later is at least half the
//! earlier (equal keys meet early, and there are few runs at a time, as in a
//! log-structured merge), and the cores' runs are merged at the step's end,
//! a merge freeing its inputs chunk by chunk as it reads them. So a step
//! holds about the layer being read plus the distinct successors made so
//! far, not every successor. The memory limit is checked against what the
//! process really holds (its resident set: states, batches, and what the
//! allocator keeps), with room for the growth until the next check. At a
//! column's end a state and its mirror image across the board's middle row
//! have the same completions, so only the smaller of the two keys is kept
//! (their counts added): about half the states, when the count has no start
//! square to break the symmetry.

use super::columns::{SquarePlan, Sweep};
use super::key::{canonical, Key, Mirror, Stored};
use crate::control::Control;
use num_bigint::BigUint;
use rayon::prelude::*;
use std::collections::VecDeque;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

/// Bits of a radix digit.
const DIGIT: u32 = 11;

/// An exact count in `L` limbs of 64 bits (least significant first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Wide<const L: usize>(pub(super) [u64; L]);

impl<const L: usize> Wide<L> {
    const ONE: Self = {
        let mut limbs = [0u64; L];
        limbs[0] = 1;
        Wide(limbs)
    };
    pub(super) const ZERO: Self = Wide([0u64; L]);

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

    /// The limbs, least significant first.
    #[cfg(feature = "mpi")]
    pub(super) fn limbs(&self) -> &[u64; L] {
        &self.0
    }

    /// The count of these limbs, least significant first.
    #[cfg(feature = "mpi")]
    pub(super) fn from_limbs(limbs: [u64; L]) -> Self {
        Wide(limbs)
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

/// Why a run could not go on.
pub(super) enum ColumnsHalt {
    /// The count needs more limbs.
    Carry,
    /// Stopped from outside, after `columns` board columns.
    Stopped { columns: usize },
    /// The memory the process would hold (`bytes`, with `states` states) passes the limit.
    Memory { states: u64, bytes: u64 },
}

/// Sorts `v` by key: least significant digit first, skipping the digits
/// that every key shares (`bits`: the key bits in use).
pub(super) fn radix_sort<K: Stored, C: Copy>(
    v: &mut Vec<(K, C)>,
    scratch: &mut Vec<(K, C)>,
    bits: u32,
) {
    let n = v.len();
    if n < 256 {
        v.sort_unstable_by_key(|e| e.0);
        return;
    }
    scratch.clear();
    scratch.reserve(n);
    if !radix_passes(v, &mut scratch.spare_capacity_mut()[..n], bits) {
        // SAFETY: the passes left the sorted entries in the first `n` places of the room.
        unsafe { scratch.set_len(n) };
        std::mem::swap(v, scratch);
    }
}

/// Sorts `v` as [`radix_sort`] does, in the room `scratch` (at least as
/// long; what it holds is never read, only written), the result left in `v`.
pub(super) fn radix_sort_in<K: Stored, C: Copy>(
    v: &mut [(K, C)],
    scratch: &mut [MaybeUninit<(K, C)>],
    bits: u32,
) {
    let n = v.len();
    if n < 256 {
        v.sort_unstable_by_key(|e| e.0);
    } else if !radix_passes(v, &mut scratch[..n], bits) {
        // SAFETY: the passes wrote each of the first `n` places of the room.
        v.copy_from_slice(unsafe { &*(&scratch[..n] as *const [_] as *const [(K, C)]) });
    }
}

/// Entries from which a radix sort counts every digit's values in one
/// reading: past the caches a reading costs more than the counting.
const COUNTED_AT_ONCE: usize = 1 << 20;

/// The passes of the radix sort of `v` (at least 256 entries) with the
/// room `scratch` of the same length (what it holds is only read once a
/// pass has written every place); whether the result is in `v` (else in
/// `scratch`).
fn radix_passes<K: Stored, C: Copy>(
    v: &mut [(K, C)],
    scratch: &mut [MaybeUninit<(K, C)>],
    bits: u32,
) -> bool {
    let n = v.len();
    let digits = bits.div_ceil(DIGIT);
    // The counts of each digit's values: of all the digits in one reading
    // on many entries, else of one digit at a time, ahead of its pass.
    let at_once = n >= COUNTED_AT_ONCE;
    let mut counts = vec![[0usize; 1 << DIGIT]; if at_once { digits as usize } else { 1 }];
    if at_once {
        for e in v.iter() {
            for (d, h) in (0..digits).zip(counts.iter_mut()) {
                h[e.0.digit(d * DIGIT, DIGIT)] += 1;
            }
        }
    }
    // SAFETY: `MaybeUninit<T>` has the layout of `T`, and only entries of
    // `v` or of the room once written (so initialised) are stored in it.
    let v = unsafe { &mut *(v as *mut [(K, C)] as *mut [MaybeUninit<(K, C)>]) };
    let mut in_v = true;
    for d in 0..digits {
        let shift = d * DIGIT;
        let (src, dst) = if in_v {
            (&*v, &mut *scratch)
        } else {
            (&*scratch, &mut *v)
        };
        // SAFETY: `src` is `v`, or the room after a pass wrote each of its places.
        let src = unsafe { &*(src as *const [MaybeUninit<(K, C)>] as *const [(K, C)]) };
        let hist = if at_once {
            &mut counts[d as usize]
        } else {
            let hist = &mut counts[0];
            hist.iter_mut().for_each(|h| *h = 0);
            for e in src {
                hist[e.0.digit(shift, DIGIT)] += 1;
            }
            hist
        };
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
            let d = e.0.digit(shift, DIGIT);
            dst[hist[d]].write(*e);
            hist[d] += 1;
        }
        in_v = !in_v;
    }
    in_v
}

/// A count that adds another and tells of a carry.
pub(super) trait Summable: Copy {
    /// Adds `other`; false when the sum carries out.
    fn tally(&mut self, other: &Self) -> bool;
}

impl<const L: usize> Summable for Wide<L> {
    fn tally(&mut self, other: &Self) -> bool {
        self.add(other)
    }
}

impl Summable for u64 {
    fn tally(&mut self, other: &Self) -> bool {
        let (sum, over) = self.overflowing_add(*other);
        *self = sum;
        !over
    }
}

/// Adds up the counts of equal keys in a sorted vector; false on a carry.
pub(super) fn merge_equal<K: Stored, C: Summable>(v: &mut Vec<(K, C)>) -> bool {
    let mut ok = true;
    let mut kept = 0;
    for i in 0..v.len() {
        let e = v[i];
        if kept > 0 && v[kept - 1].0 == e.0 {
            ok &= v[kept - 1].1.tally(&e.1);
        } else {
            v[kept] = e;
            kept += 1;
        }
    }
    v.truncate(kept);
    ok
}

/// One state with its count.
pub(super) type Entry<K, const L: usize> = (K, Wide<L>);

/// One core's batch of successors and its sorting copy, kept from square to square.
type Buffers<K, const L: usize> = Mutex<(Vec<Entry<K, L>>, Vec<Entry<K, L>>)>;

/// Entries in one chunk of a run: a merge frees its inputs chunk by chunk.
const CHUNK: usize = 1 << 16;

/// The most successors one core gathers before sorting them into a run.
const MAX_BATCH: usize = 1 << 23;

/// The most successors one state can have: at most two of at most four moves back.
const MAX_SUCCESSORS: usize = 11;

/// Bytes one state takes at the peak of a step: the layer being read, the
/// runs of successors already merged (about as many again), and some slack
/// for the runs not yet merged with each other.
pub(super) fn bytes_per_state(limbs: usize) -> u64 {
    // An entry is its key (64 bits, up to 8 rows: see `Narrow`) and its limbs.
    let entry = 8 + 8 * limbs;
    5 * entry as u64 / 2
}

/// Keys in increasing order without repeats, held in chunks that are freed as a merge reads them.
pub(super) struct SortedRun<E> {
    chunks: VecDeque<Vec<E>>,
    len: usize,
}

impl<E: Copy> SortedRun<E> {
    pub(super) fn new() -> Self {
        SortedRun {
            chunks: VecDeque::new(),
            len: 0,
        }
    }

    pub(super) fn from_slice(v: &[E]) -> Self {
        SortedRun {
            chunks: v.chunks(CHUNK).map(<[E]>::to_vec).collect(),
            len: v.len(),
        }
    }

    /// The entries it holds.
    #[cfg(feature = "mpi")]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Takes its first chunk of entries out (the run goes on with the next).
    #[cfg(feature = "mpi")]
    pub(super) fn pop_chunk(&mut self) -> Option<Vec<E>> {
        let chunk = self.chunks.pop_front()?;
        self.len -= chunk.len();
        Some(chunk)
    }

    /// Adds an entry after the last (the keys must keep increasing).
    #[inline]
    pub(super) fn push(&mut self, e: E) {
        match self.chunks.back_mut() {
            Some(c) if c.len() < CHUNK => c.push(e),
            _ => {
                let mut c = Vec::with_capacity(CHUNK);
                c.push(e);
                self.chunks.push_back(c);
            }
        }
        self.len += 1;
    }

    /// The first entry and the place of the next one; the chunk is freed once read.
    #[inline]
    fn first(&self, at: usize) -> Option<E> {
        self.chunks.front().map(|c| c[at])
    }

    #[inline]
    fn advance(&mut self, at: &mut usize) {
        *at += 1;
        if self.chunks.front().is_some_and(|c| *at == c.len()) {
            self.chunks.pop_front();
            *at = 0;
        }
    }
}

/// Merges two runs into one, adding the counts of keys in both, freeing the
/// inputs as it goes; false on a carry.
pub(super) fn merge<K: Stored, const L: usize>(
    mut a: SortedRun<Entry<K, L>>,
    mut b: SortedRun<Entry<K, L>>,
) -> (SortedRun<Entry<K, L>>, bool) {
    let mut out = SortedRun::new();
    let mut ok = true;
    let (mut i, mut j) = (0, 0);
    loop {
        match (a.first(i), b.first(j)) {
            (Some(x), Some(y)) => match x.0.cmp(&y.0) {
                std::cmp::Ordering::Less => {
                    out.push(x);
                    a.advance(&mut i);
                }
                std::cmp::Ordering::Greater => {
                    out.push(y);
                    b.advance(&mut j);
                }
                std::cmp::Ordering::Equal => {
                    let mut c = x.1;
                    ok &= c.add(&y.1);
                    out.push((x.0, c));
                    a.advance(&mut i);
                    b.advance(&mut j);
                }
            },
            (Some(x), None) => {
                out.push(x);
                a.advance(&mut i);
            }
            (None, Some(y)) => {
                out.push(y);
                b.advance(&mut j);
            }
            (None, None) => break,
        }
    }
    (out, ok)
}

/// What one core made of its share of a layer.
struct Share<K, const L: usize> {
    run: SortedRun<Entry<K, L>>,
    done: Wide<L>,
    ok: bool,
}

/// One core's runs of successors, the largest first: two runs are merged
/// when the later is at least half the earlier, so equal keys meet early and
/// there are few runs at any time.
struct Runs<'a, K, const L: usize> {
    stack: Vec<SortedRun<Entry<K, L>>>,
    ok: bool,
    /// Entries held by the step on every core: the layer not yet read and the runs.
    held: &'a AtomicU64,
    bits: u32,
}

impl<K: Stored, const L: usize> Runs<'_, K, L> {
    /// Sorts the successors gathered in `batch` into a run (emptying it).
    fn flush(&mut self, batch: &mut Vec<Entry<K, L>>, scratch: &mut Vec<Entry<K, L>>) {
        if batch.is_empty() {
            return;
        }
        radix_sort(batch, scratch, self.bits);
        self.ok &= merge_equal(batch);
        self.held.fetch_add(batch.len() as u64, Relaxed);
        self.stack.push(SortedRun::from_slice(batch));
        batch.clear();
        while self.stack.len() >= 2 {
            let n = self.stack.len();
            if self.stack[n - 2].len > 2 * self.stack[n - 1].len {
                break;
            }
            self.merge_last();
        }
    }

    fn merge_last(&mut self) {
        if let (Some(b), Some(a)) = (self.stack.pop(), self.stack.pop()) {
            let before = a.len + b.len;
            let (m, ok) = merge(a, b);
            self.ok &= ok;
            self.held.fetch_sub((before - m.len) as u64, Relaxed);
            self.stack.push(m);
        }
    }
}

/// The memory the process holds (its resident set), in bytes, where the
/// system tells it (Linux: `VmRSS` in `/proc/self/status`): the states and
/// the batches, and what the allocator keeps of memory freed.
fn resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib << 10)
}

/// The note's rate: states per second since this call, as ", N states/s".
/// The browser (wasm32) has no clock (`std::time::Instant` panics there), so
/// the rate is left out.
fn rate_meter() -> impl Fn(u64) -> String {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let clock = std::time::Instant::now();
        move |states| {
            let rate = states as f64 / clock.elapsed().as_secs_f64().max(1e-3);
            format!(", {rate:.0} states/s")
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        |_| String::new()
    }
}

/// The progress of a run: at each column's end, the states held, the peak and the rate.
pub(super) struct Meter {
    rate: Box<dyn Fn(u64) -> String>,
    /// The states read so far.
    processed: u64,
    rows: usize,
}

impl Meter {
    pub(super) fn new(rows: usize) -> Self {
        Meter {
            rate: Box::new(rate_meter()),
            processed: 0,
            rows,
        }
    }

    /// A square is to be added to `held` states.
    pub(super) fn read(&mut self, held: u64) {
        self.processed += held;
    }

    /// Square `v` was added: `held` states now (`place`: where), `peak` at most.
    pub(super) fn added(&self, ctl: &Control, v: usize, held: u64, peak: u64, place: &str) {
        if (v + 1) % self.rows == 0 {
            let bar = ctl.progress();
            bar.advance(1);
            bar.note(&format!(
                "{held} states{place}, peak {peak}{}",
                (self.rate)(self.processed)
            ));
        }
    }
}

/// Adds one square at a time to a layer of states, on every core, with
/// keys stored as `S` and counts of `L` limbs, within `memory` bytes.
pub(super) struct Stepper<'w, S: Stored, const L: usize> {
    walk: &'w Sweep,
    memory: u64,
    bits: u32,
    /// The mirror across the middle row keeps every square's role but a start's.
    symmetric: bool,
    mirror: Mirror<S::Work>,
    /// The slots of a frontier and its added square.
    range: S::Work,
    /// The successors one core gathers before sorting them.
    batch: usize,
    /// What the process may take between two looks at the memory it holds.
    margin: u64,
    /// Each core's batch and its sorting copy.
    buffers: Vec<Buffers<S, L>>,
}

impl<'w, S: Stored, const L: usize> Stepper<'w, S, L> {
    pub(super) fn new(walk: &'w Sweep, memory: u64) -> Self {
        let parts = rayon::current_num_threads().max(1);
        let entry = std::mem::size_of::<Entry<S, L>>() as u64;
        let batch = ((memory / entry / (16 * parts as u64)) as usize).clamp(1 << 12, MAX_BATCH);
        Stepper {
            walk,
            memory,
            bits: S::bits(walk.w),
            symmetric: walk.ends.is_empty(),
            mirror: Mirror::<S::Work>::new(walk.rows),
            range: S::Work::spread((1 << walk.w) - 1),
            batch,
            // Between two looks at the memory held, each core may grow its batch and
            // its sorting copy to their full size and copy a batch into a run.
            margin: 3 * (parts * batch) as u64 * entry,
            buffers: (0..parts)
                .map(|_| Mutex::new((Vec::new(), Vec::new())))
                .collect(),
        }
    }

    /// The state before the first square: every slot full (off the board).
    pub(super) fn first(&self) -> Entry<S, L> {
        (S::pack(self.range), Wide::ONE)
    }

    /// Adds square `v` to `states`: the run of their successors and the
    /// tours completed. Stops with [`ColumnsHalt::Memory`] as soon as the
    /// memory the process holds (its resident set, else the bytes of the
    /// states), with room for what it may take before the next look, would
    /// pass the limit.
    pub(super) fn step(
        &self,
        v: usize,
        mut states: SortedRun<Entry<S, L>>,
        ctl: &Control,
    ) -> Result<(SortedRun<Entry<S, L>>, Wide<L>), ColumnsHalt> {
        let walk = self.walk;
        let columns = v / walk.rows;
        let fold = self.symmetric && (v + 1) % walk.rows == 0;
        let held = AtomicU64::new(states.len as u64);
        let plan = walk.plan::<S::Work>(v);
        let layer = Mutex::new(std::mem::take(&mut states.chunks));
        let next_chunk = || layer.lock().ok().and_then(|mut q| q.pop_front());
        let shares: Vec<Result<Share<S, L>, ColumnsHalt>> = self
            .buffers
            .par_iter()
            .map(|buffers| {
                let mut guard = buffers
                    .lock()
                    .map_err(|_| ColumnsHalt::Stopped { columns })?;
                let (out, scratch) = &mut *guard;
                let from = Step {
                    plan: &plan,
                    fold,
                    columns,
                    held: &held,
                };
                self.share(&from, &next_chunk, out, scratch, ctl)
            })
            .collect();
        let mut carry = false;
        let mut total = Wide::<L>::ZERO;
        let mut next = SortedRun::new();
        for share in shares {
            let share = share?;
            carry |= !share.ok || !total.add(&share.done);
            let (m, ok) = merge(next, share.run);
            carry |= !ok;
            next = m;
        }
        if carry {
            return Err(ColumnsHalt::Carry);
        }
        Ok((next, total))
    }

    /// One core's share of a step (`from`): it takes chunks of the layer
    /// (`next_chunk`) until none is left, its successors gathered in `out`
    /// (sorted in `scratch`) and kept as runs; stops with
    /// [`ColumnsHalt::Memory`] as [`Stepper::step`] says.
    fn share(
        &self,
        from: &Step<'_, S::Work>,
        next_chunk: &impl Fn() -> Option<Vec<Entry<S, L>>>,
        out: &mut Vec<Entry<S, L>>,
        scratch: &mut Vec<Entry<S, L>>,
        ctl: &Control,
    ) -> Result<Share<S, L>, ColumnsHalt> {
        let walk = self.walk;
        let (range, memory, margin, batch) = (self.range, self.memory, self.margin, self.batch);
        let (plan, fold, columns, held) = (from.plan, from.fold, from.columns, from.held);
        let entry = std::mem::size_of::<Entry<S, L>>() as u64;
        // At their full size from the start: growing by doubling would copy them.
        for buffer in [&mut *out, &mut *scratch] {
            buffer.reserve_exact(batch.saturating_sub(buffer.len()));
        }
        let mut runs = Runs {
            stack: Vec::new(),
            ok: true,
            held,
            bits: self.bits,
        };
        let mut done = Wide::<L>::ZERO;
        while let Some(chunk) = next_chunk() {
            if ctl.stopped() {
                return Err(ColumnsHalt::Stopped { columns });
            }
            for &(key, count) in &chunk {
                if out.len() + MAX_SUCCESSORS > batch {
                    runs.flush(out, scratch);
                    let states = held.load(Relaxed);
                    // What the system says the process holds, where it tells.
                    let resident = resident().unwrap_or(states * entry);
                    if resident + margin > memory {
                        let bytes = resident + margin;
                        return Err(ColumnsHalt::Memory { states, bytes });
                    }
                }
                walk.step(
                    plan,
                    key.unpack(),
                    &mut |succ| {
                        let mut k = canonical(succ, range);
                        if fold {
                            k = k.min(canonical(self.mirror.apply(succ), range));
                        }
                        out.push((S::pack(k), count));
                    },
                    &mut || runs.ok &= done.add(&count),
                );
            }
            held.fetch_sub(chunk.len() as u64, Relaxed);
        }
        runs.flush(out, scratch);
        while runs.stack.len() > 1 {
            runs.merge_last();
        }
        Ok(Share {
            run: runs.stack.pop().unwrap_or_else(SortedRun::new),
            done,
            ok: runs.ok,
        })
    }
}

/// What a step's cores share: the square's plan, whether successors are
/// folded with their mirror images, the columns done, and the entries held.
struct Step<'a, K> {
    plan: &'a SquarePlan<K>,
    fold: bool,
    columns: usize,
    held: &'a AtomicU64,
}

/// Runs the programme with keys stored as `S` and counts of `L` limbs within
/// `memory` bytes (see [`Stepper::step`]): the count and the most states
/// held after one square.
pub(super) fn run_with<S: Stored, const L: usize>(
    walk: &Sweep,
    memory: u64,
    ctl: &Control,
) -> Result<(Wide<L>, u64), ColumnsHalt> {
    run_squares::<S, L>(walk, walk.n, memory, ctl).map(|(total, peak, _)| (total, peak))
}

/// The states after the first `squares` squares of `walk` with their counts,
/// in increasing order (see [`run_with`]), with the tours completed and the
/// most states held.
pub(super) type Squares<S, const L: usize> = (Wide<L>, u64, Vec<Entry<S, L>>);

/// Runs the first `squares` squares of `walk` (see [`run_with`]) and gives
/// the tours completed, the most states held and the states reached.
pub(super) fn run_squares<S: Stored, const L: usize>(
    walk: &Sweep,
    squares: usize,
    memory: u64,
    ctl: &Control,
) -> Result<Squares<S, L>, ColumnsHalt> {
    let rows = walk.rows;
    let stepper = Stepper::<S, L>::new(walk, memory);
    let mut states = SortedRun::from_slice(&[stepper.first()]);
    let mut total = Wide::<L>::ZERO;
    let mut peak = 1u64;
    let mut meter = Meter::new(rows);
    for v in 0..squares.min(walk.n) {
        if ctl.stopped() {
            return Err(ColumnsHalt::Stopped { columns: v / rows });
        }
        meter.read(states.len as u64);
        let (next, done) = stepper.step(v, states, ctl)?;
        if !total.add(&done) {
            return Err(ColumnsHalt::Carry);
        }
        states = next;
        peak = peak.max(states.len as u64);
        meter.added(ctl, v, states.len as u64, peak, "");
    }
    Ok((total, peak, states.chunks.into_iter().flatten().collect()))
}
