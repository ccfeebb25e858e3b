//! A dedicated search for the 9×9 grid (order 3): each digit as three 27-bit band words.
//!
//! The representation is the one of JCZSolve (zhouyundong's solver, tuned by
//! champagne and JasonLion on the New Sudoku Players' Forum, "3.77us solver",
//! and ported to Rust as the `sudoku` crate): for every digit and every band
//! (three rows of boxes), one `u32` holds the 27 cells of the band where the
//! digit may still go (bit `9·row + column`, row inside the band). A placed
//! digit keeps its own bit, so a word always tells where the digit is or may be.
//!
//! Inside a band, a digit occupies exactly one *segment* (the three cells of
//! one row inside one box) per row and per box: its three segments form a
//! permutation of the 3×3 grid of segments. From the nine "segment not empty"
//! bits of a word, one table lookup ([`PERMITTED`]) keeps the segments that
//! lie on at least one permutation made of non-empty segments: pointing and
//! claiming (box–line locked candidates) inside the band, and more, for four
//! lookups; a word left empty is a contradiction. A row left with one cell is
//! the digit's place there, which also covers a box with one cell (hidden
//! singles of rows and boxes); every other digit then loses that cell. A box
//! left with one column of the digit takes that column from the digit's two
//! other bands (which is also how a placed digit clears its column). Cells
//! with one candidate (naked singles) and none (a contradiction) come from
//! bit-sliced counting over the nine words of a band (the words are laid out
//! band by band, word `9·b + d`, so the nine of a band are contiguous).
//!
//! When the band passes stop, the same permutation argument is made on the
//! stacks ([`State::stack_pass`]): in the three columns of a stack, a digit
//! takes one column per band and one band per column. That finds column
//! hidden singles and column–box locked candidates, which the band words do
//! not see; tdoku (Tom Dillon, "Techniques for fast Sudoku solving", 2019)
//! gets the same from its box–line "triads" on both bands and stacks. It is
//! done only at fixpoints, on the digits that changed since the last time,
//! and only once a search has gone past its first [`DEEP`] nodes: it pays
//! on the hardest puzzles, not on those that a few guesses decide.
//!
//! When nothing follows, the search branches on a cell with two candidates
//! (there is one in almost every position), choosing the one with the most
//! open peers: measured on the benchmark sets, that takes 40% fewer guesses
//! than the first pair in reading order. Else it branches on a cell with the
//! fewest candidates. A node is 35 words, copied whole; the depth-first search
//! keeps an explicit stack (no recursion), reused from puzzle to puzzle by
//! each thread, so a batch allocates nothing in the search.
//!
//! The search is compiled twice: for the plain target, and for x86-64
//! processors with AVX2, `popcnt` and BMI (detected at run time), where a bit
//! count is one instruction, a band pass gathers its segment mask with one
//! `pext`, and a node is copied by vector moves rather than a call to `memcpy`. Both forms run the same code and find the same
//! solutions in the same order (tested). A batch asks for two solutions and
//! writes out only the first ([`first_two`]).

use crate::control::{Control, Stop, Tally};
use std::ops::ControlFlow;

mod band_tables;
use band_tables::{
    column, lone_in_row, segments_of, BAND_OF, BAND_PEERS, DIGIT_OF, LOCKED_COLUMNS, NEIGHBOURS,
    PERMITTED, PERMITTED_SEGMENTS, TWO_BAND_COLUMN,
};

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// The nodes of a search made without stack passes, before they start.
/// Most puzzles of the benchmark sets are decided in fewer (a few guesses:
/// the stack passes cost them more than they save, 7–13% of the time on
/// puzzles with many solutions), the hardest take thousands (where the stack
/// passes cut the search: 13% less time on the hardest forum puzzles).
const DEEP: u64 = 16;

/// How often (in nodes) the search polls the stop flag.
const POLL_MASK: u64 = (1 << 12) - 1;

/// One node: per digit and band where the digit may go, and the open cells.
#[derive(Debug, Clone, Copy)]
struct State {
    /// Word `9·b + d`: the cells of band b where digit d + 1 is or may be
    /// (27 words; five more so that an index below 32 needs no bound check).
    cand: [u32; 32],
    /// Per band, the cells not placed yet.
    open: [u32; 3],
    /// Per band, the open cells with two candidates (as of the last naked-single pass).
    pairs: [u32; 3],
    /// Bit `9·b + d`: word `9·b + d` changed since its last band pass.
    dirty: u32,
    /// Bit `9·b + d`: word `9·b + d` changed since the last stack pass.
    touched: u32,
}

impl State {
    /// The root of the 81 `clues` (row by row, 0 empty), before any
    /// propagation: every clue placed and removed from its peers; `None`
    /// when two clues of one digit see each other.
    ///
    /// Built word by word from the clue bits of each digit and band, each
    /// word written once: placing the clues one by one, as the search
    /// places a guess, mixes a vector write of a band's nine words with
    /// single-word writes to the same ones, and each vector read after
    /// them waits for the writes to reach the cache: the profile of a
    /// batch of puzzles decided in a few guesses put a tenth of the
    /// search's time there, and this way the batch takes 5% less time.
    #[inline(always)]
    fn from_clues(clues: &[u8]) -> Option<State> {
        debug_assert_eq!(clues.len(), 81);
        // Word `9·b + d`: the cells of band b whose clue is d + 1.
        let mut placed = [0u32; 32];
        let mut open = [BAND; 3];
        // Each band's 27 cells in 32 bytes, read eight at a time.
        let mut bands = [0u8; 96];
        for (b, band) in clues.chunks_exact(27).enumerate() {
            bands[32 * b..32 * b + 27].copy_from_slice(band);
        }
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        for (j, eight) in bands.chunks_exact(8).enumerate() {
            let (b, at) = (j / 4, 8 * (j % 4));
            let x = u64::from_le_bytes(eight.try_into().unwrap_or_default());
            let mut nonzero = (((x & LOW7) + LOW7) | x) & !LOW7;
            while nonzero != 0 {
                let byte = nonzero.trailing_zeros() as usize / 8;
                nonzero &= nonzero - 1;
                let i = at + byte;
                let k = 9 * b + usize::from(eight[byte]).wrapping_sub(1);
                placed[k & 31] |= 1 << i;
                open[b] &= !(1 << i);
            }
        }
        // The nine columns of a band word where it has a cell.
        let fold = |w: u32| (w | w >> 9 | w >> 18) & 0x1ff;
        let mut cand = [BAND; 32];
        for k in 0..27 {
            let p = placed[k];
            let mut peers = 0;
            let mut m = p;
            while m != 0 {
                peers |= BAND_PEERS[m.trailing_zeros() as usize];
                m &= m - 1;
            }
            let [k1, k2] = NEIGHBOURS[k];
            let columns = fold(placed[k1 as usize] | placed[k2 as usize]);
            if peers & p != 0 || fold(p) & columns != 0 {
                return None;
            }
            cand[k] = (open[BAND_OF[k] as usize] & !peers & !(column(0) * columns)) | p;
        }
        Some(State {
            cand,
            open,
            pairs: [0; 3],
            dirty: BAND,
            touched: BAND,
        })
    }

    /// Chooses digit `d` at cell `i` of band `b` (where it is possible): the
    /// digit's word keeps the cell alone in its row and box, and the band pass
    /// of that word does the rest (the cell is placed, the other digits and
    /// the column in the other bands lose it).
    #[inline(always)]
    fn choose(&mut self, d: usize, b: usize, i: usize) {
        let k = 9 * b + d;
        self.cand[k] &= !BAND_PEERS[i];
        self.dirty |= 1 << k;
    }

    /// The band pass of word `k` (digit d, band b): locked candidates inside
    /// the band, locked columns out of it, and the cells left alone in their
    /// row placed. Returns the words it changed (bits `9·b + d`), or `None`
    /// when the digit has no place left in the band.
    #[inline(always)]
    fn band_pass<const BMI2: bool>(&mut self, k: usize) -> Option<u32> {
        let k = k & 31;
        let b = BAND_OF[k] as usize;
        let w = self.cand[k] & PERMITTED[segments_of::<BMI2>(self.cand[k]) as usize & 0x1ff];
        if w == 0 {
            return None;
        }
        // A box where the digit is left on one column (a placed digit
        // included): the column is the digit's in that box, not in the other bands.
        let locked = LOCKED_COLUMNS[((w | w >> 9 | w >> 18) & 0x1ff) as usize];
        let mut dirty = 0u32;
        for k2 in NEIGHBOURS[k] {
            let k2 = k2 as usize & 31;
            let w2 = self.cand[k2];
            dirty |= ((w2 & locked != 0) as u32) << k2;
            self.cand[k2] = w2 & !locked;
        }
        // A cell alone in its row is the digit's: every other digit loses it.
        let placed = lone_in_row(w) & self.open[b];
        if placed != 0 {
            self.open[b] &= !placed;
            let mut lost = 0u32;
            for (e, w3) in self.cand[9 * b..9 * b + 9].iter_mut().enumerate() {
                lost |= ((*w3 & placed != 0) as u32) << e;
                *w3 &= !placed;
            }
            dirty |= (lost << (9 * b)) & !(1 << k);
        }
        self.cand[k] = w;
        Some(dirty)
    }

    /// Band passes and naked singles to a fixpoint, then, with `stacks`,
    /// stack passes too (and band passes again after each one that changed
    /// a word). False on a contradiction. `BMI2`: see [`segments_of`].
    #[inline(always)]
    fn propagate<const BMI2: bool>(&mut self, stacks: bool) -> bool {
        // The words given a band pass since the last count of naked singles
        // (every word changed since then is among them): a band without
        // one is counted as before, its pairs unchanged and no single in it
        // (the state came from a fixpoint, where no band had one).
        let mut stale = 0u32;
        loop {
            // Sweeps over the words changed before the sweep, lowest first:
            // each pass sees every change made so far, and a word changed
            // after its pass waits for the next sweep. Which word comes next
            // does not wait for the pass before it (as taking the lowest
            // changed word each time would), so the processor overlaps the
            // table lookups of consecutive passes: 10% less time measured.
            // The changed words in a register, not in the state: the
            // passes store to the state's words, and a field read back after
            // each of them would wait on those stores.
            let mut dirty = self.dirty;
            while dirty != 0 {
                let mut todo = dirty;
                stale |= todo;
                while todo != 0 {
                    let k = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    dirty &= !(1 << k);
                    match self.band_pass::<BMI2>(k) {
                        Some(changed) => dirty |= changed,
                        None => return false,
                    }
                }
            }
            self.dirty = 0;
            self.touched |= stale;
            if self.open == [0; 3] {
                return true;
            }
            let mut chosen = false;
            for b in 0..3 {
                if (stale >> (9 * b)) & 0x1ff == 0 {
                    continue;
                }
                let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
                // Bit j of each cell's digits (0-based), ORed: the digit
                // itself for a cell left with one.
                let mut planes = [0u32; 4];
                for d in 0..9 {
                    let w = self.cand[9 * b + d];
                    thrice |= twice & w;
                    twice |= once & w;
                    once |= w;
                    for (j, plane) in planes.iter_mut().enumerate() {
                        *plane |= w & 0u32.wrapping_sub((d >> j) as u32 & 1);
                    }
                }
                let open = self.open[b];
                if open & !once != 0 {
                    return false;
                }
                self.pairs[b] = twice & !thrice & open;
                let mut singles = open & !twice;
                while singles != 0 {
                    let i = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let d = (0..4).fold(0, |d, j| d | ((planes[j] >> i) as usize & 1) << j);
                    // An earlier single of this round may have emptied the cell.
                    if self.cand[9 * b + d] >> i & 1 == 0 {
                        return false;
                    }
                    self.choose(d, b, i);
                    chosen = true;
                }
            }
            stale = 0;
            if !chosen && (!stacks || !self.stack_pass()) {
                return true;
            }
        }
    }

    /// Locked candidates seen from the stacks: in each stack (three columns
    /// of boxes) a digit occupies one column per band and one band per
    /// column, a permutation again, of the 3×3 grid of *minicolumns* (a
    /// column inside a band). Minicolumns on no permutation of non-empty ones
    /// are cleared, which also finds hidden singles of columns. True when a
    /// word changed (it is marked dirty).
    #[inline(always)]
    fn stack_pass(&mut self) -> bool {
        let mut dirty = 0u32;
        let mut digits = self.touched;
        self.touched = 0;
        // Only the digits with a word changed since the last stack pass.
        while digits != 0 {
            let d = DIGIT_OF[digits.trailing_zeros() as usize & 31] as usize;
            digits &= !(0x40201 << d);
            let fold = |w: u32| (w | w >> 9 | w >> 18) & 0x1ff;
            let f = [
                fold(self.cand[d]),
                fold(self.cand[9 + d]),
                fold(self.cand[18 + d]),
            ];
            let mut keep = [0u32; 3];
            for s in 0..3 {
                let x = (f[0] >> (3 * s)) & 7
                    | ((f[1] >> (3 * s)) & 7) << 3
                    | ((f[2] >> (3 * s)) & 7) << 6;
                let a = PERMITTED_SEGMENTS[x as usize];
                for (b, kb) in keep.iter_mut().enumerate() {
                    *kb |= ((a >> (3 * b)) & 7) << (3 * s);
                }
            }
            for (b, kb) in keep.iter().enumerate() {
                let k = 9 * b + d;
                let w = self.cand[k];
                let nw = w & (column(0) * kb);
                dirty |= ((nw != w) as u32) << k;
                self.cand[k] = nw;
            }
        }
        self.dirty |= dirty;
        dirty != 0
    }

    /// The candidates of cell `i` of band `b` as a 9-bit mask (bit d for digit d + 1).
    #[inline]
    fn candidates(&self, b: usize, i: usize) -> u16 {
        let mut m = 0u16;
        for d in 0..9 {
            m |= (((self.cand[9 * b + d] >> i) & 1) as u16) << d;
        }
        m
    }

    /// The cell to branch on (band, cell of the band): the open cell with two
    /// candidates that has the most open peers (the first of them), else the
    /// first open cell with the fewest candidates. Measured on the benchmark
    /// sets, preferring the pair among the most open cells saves 40% of the
    /// guesses of the first pair in reading order (JCZSolve's choice): a guess
    /// there has the most cells to act on.
    ///
    /// Each pair is scored `open · 128 + 127 − (27·band + cell)` and the
    /// highest score taken, the first of the most open on a tie, without a
    /// branch per pair (a branch taken when a pair beats the best so far is
    /// one the processor mispredicts: measured, the choice took 2–3% less of
    /// the batch's time on Serg's puzzles this way).
    #[inline(always)]
    fn branch_cell(&self) -> (usize, usize) {
        let mut best = 0u32;
        for b in 0..3 {
            let mut pairs = self.pairs[b];
            // The open cells of the two other bands in one word, so that a
            // column of both is counted at once (the default x86-64 target
            // has no popcount instruction: each count is a dozen).
            let others =
                u64::from(self.open[(b + 1) % 3]) | u64::from(self.open[(b + 2) % 3]) << 32;
            while pairs != 0 {
                let i = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let open = 1
                    + (BAND_PEERS[i] & self.open[b]).count_ones()
                    + (others & TWO_BAND_COLUMN[i]).count_ones();
                best = best.max(open << 7 | (127 - (27 * b + i) as u32));
            }
        }
        if best > 0 {
            let at = 127 - (best & 127) as usize;
            return (at / 27, at % 27);
        }
        let (mut best, mut best_count) = ((0, 0), u32::MAX);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let i = open.trailing_zeros() as usize;
                open &= open - 1;
                let count = self.candidates(b, i).count_ones();
                if count < best_count {
                    (best, best_count) = ((b, i), count);
                }
            }
        }
        best
    }

    /// The values of a full grid, row by row.
    fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (k, &w) in self.cand[..27].iter().enumerate() {
            let (d, b) = (k % 9, k / 9);
            let mut m = w;
            while m != 0 {
                out[27 * b + m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        out
    }
}

/// The 81 cells of a line in the plain benchmark form: exactly 81
/// characters `1`–`9` (a clue) or `.`, `0`, `_` (empty), spaces, tabs and a
/// carriage return around them allowed; `None` for any other line, which the
/// general reader then takes. A fast path for batch files: it gives the same
/// cells as the general reader, without its per-cell bookkeeping.
pub(super) fn plain_cells(text: &str) -> Option<[u8; 81]> {
    // Trimmed as bytes: a pattern of chars costs more than the rest of the line.
    let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\r');
    let mut bytes = text.as_bytes();
    while let [first, rest @ ..] = bytes {
        if !blank(first) {
            break;
        }
        bytes = rest;
    }
    while let [rest @ .., last] = bytes {
        if !blank(last) {
            break;
        }
        bytes = rest;
    }
    let bytes: &[u8; 81] = bytes.try_into().ok()?;
    let mut cells = [0u8; 81];
    let mut bad = false;
    for (cell, &ch) in cells.iter_mut().zip(bytes) {
        let v = ch.wrapping_sub(b'0');
        bad |= v > 9 && ch != b'.' && ch != b'_';
        *cell = if v <= 9 { v } else { 0 };
    }
    (!bad).then_some(cells)
}

/// Whether `cells` is a full valid 9×9 grid that keeps every clue of
/// `clues`: each row, column and box holds the nine digits. A plain check,
/// independent of the search, for verifying its solutions quickly (a few
/// hundred instructions: fixed loops over the rows, no index tables); a grid
/// it refuses is refused by the general check too, which says why.
pub(super) fn solves(clues: &[u8; 81], cells: &[u8; 81]) -> bool {
    // Digit v is bit v (1 to 9) of a mask; the nine digits make 0x3fe.
    const ALL: u16 = 0x3fe;
    // Digits in range and clues kept: a byte-wise pass, vectorised.
    let kept = clues.iter().zip(cells).fold(true, |ok, (&clue, &v)| {
        ok & (v.wrapping_sub(1) < 9) & ((clue == 0) | (clue == v))
    });
    let bits = cells.map(|v| 1u16 << (v & 15));
    let (mut rows, mut columns, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (r, row) in bits.chunks_exact(9).enumerate() {
        for (column, &bit) in columns.iter_mut().zip(row) {
            *column |= bit;
        }
        // A box row (three cells) goes to the row and to its box.
        for (k, three) in row.chunks_exact(3).enumerate() {
            let m = three[0] | three[1] | three[2];
            rows[r] |= m;
            boxes[r / 3 * 3 + k] |= m;
        }
    }
    kept && rows.iter().chain(&columns).chain(&boxes).all(|&m| m == ALL)
}

/// One level of the depth-first search: the state before branching, the cell and the digits left.
#[derive(Debug, Clone, Copy)]
struct Frame {
    state: State,
    band: usize,
    cell: usize,
    remaining: u16,
}

/// Visits every completion of the 81 `clues` (row by row, 0 empty) until
/// `visit` breaks or `ctl` is stopped; the same contract as the general
/// search. Clashing clues give no solution.
pub(crate) fn run(
    clues: &[u8],
    ctl: &Control,
    visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
) -> Tally {
    dispatch(clues, ctl, &mut |state| visit(&state.values()))
}

/// Up to two completions of the 81 `clues`: the first one found (row by row)
/// and the tally (two found: not unique). The second is only counted, never
/// written out: on puzzles with many solutions that is a tenth of the time.
pub(crate) fn first_two(clues: &[u8], ctl: &Control) -> (Option<[u8; 81]>, Tally) {
    let mut first = None;
    let tally = dispatch(clues, ctl, &mut |state| {
        if first.is_some() {
            return ControlFlow::Break(());
        }
        first = Some(state.values());
        ControlFlow::Continue(())
    });
    (first, tally)
}

/// Runs the search compiled for this processor: with `popcnt`, BMI and
/// AVX2 where it has them (detected once, then a load per call), else the
/// plain x86-64 (or other) form.
fn dispatch(
    clues: &[u8],
    ctl: &Control,
    visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
) -> Tally {
    #[cfg(target_arch = "x86_64")]
    match cpu::form() {
        // SAFETY: the processor has every feature `run_avx2` is compiled for (detected).
        cpu::Form::Avx2Pext => return unsafe { run_avx2::<true>(clues, ctl, visit) },
        // SAFETY: as above.
        cpu::Form::Avx2 => return unsafe { run_avx2::<false>(clues, ctl, visit) },
        cpu::Form::Plain => {}
    }
    run_with::<false>(clues, ctl, visit)
}

/// [`run_with`] compiled for processors with AVX2, `popcnt`, BMI1 and BMI2:
/// one instruction per bit count (the branch choice counts open peers), per
/// lowest set bit and, with `PEXT` (where it is fast, as [`cpu::form`] tells), per
/// band pass's segment mask ([`segments_of`]: 5–7% less time than three
/// table loads, on serg's, the forum's and top1465's sets), and a node
/// copied by vector moves rather than a call.
///
/// # Safety
/// The processor must have these features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
unsafe fn run_avx2<const PEXT: bool>(
    clues: &[u8],
    ctl: &Control,
    visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
) -> Tally {
    run_with::<PEXT>(clues, ctl, visit)
}

/// The search of [`run`], each full grid handed to `visit` as its state;
/// inlined into each compiled form of [`dispatch`] (`BMI2` true only in the
/// one for processors with BMI2).
#[inline(always)]
fn run_with<const BMI2: bool>(
    clues: &[u8],
    ctl: &Control,
    visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
) -> Tally {
    let done = |found, stopped| Tally { found, stopped };
    let Some(mut root) = State::from_clues(clues) else {
        return done(0, None);
    };
    if !root.propagate::<BMI2>(false) {
        return done(0, None);
    }
    if root.open == [0; 3] {
        let stop = visit(&root).is_break();
        return done(1, stop.then_some(Stop::Limit));
    }
    // This thread's stack of an earlier puzzle, if idle: a batch then
    // allocates none. The depth is at most the 81 cells, so it never grows after.
    let mut stack = STACKS.with(|s| s.take());
    stack.clear();
    stack.reserve(81);
    let tally = search::<BMI2>(root, &mut stack, ctl, visit);
    STACKS.with(|s| s.set(stack));
    tally
}

thread_local! {
    /// One idle search stack per thread (taken while in use, so a nested search makes its own).
    static STACKS: std::cell::Cell<Vec<Frame>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The depth-first search from `root` (propagated, not solved) on `stack` (empty).
#[inline(always)]
fn search<const BMI2: bool>(
    root: State,
    stack: &mut Vec<Frame>,
    ctl: &Control,
    visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
) -> Tally {
    let done = |found, stopped| Tally { found, stopped };
    let (band, cell) = root.branch_cell();
    stack.push(Frame {
        state: root,
        band,
        cell,
        remaining: root.candidates(band, cell),
    });
    let mut found = 0u64;
    let mut nodes = 0u64;
    while let Some(top) = stack.last_mut() {
        nodes += 1;
        if nodes & POLL_MASK == 0 && ctl.stopped() {
            return done(found, Some(Stop::Interrupted));
        }
        let d = top.remaining.trailing_zeros() as usize;
        top.remaining &= top.remaining - 1;
        let (band, cell) = (top.band, top.cell);
        // The child is worked on in place: a copy of its parent pushed above
        // it, or, for the last digit of a cell, the parent itself (not needed again).
        if top.remaining != 0 {
            let copy = *top;
            stack.push(copy);
        }
        let Some(child) = stack.last_mut() else {
            break;
        };
        let state = &mut child.state;
        state.choose(d, band, cell);
        if !state.propagate::<BMI2>(nodes > DEEP) {
            stack.pop();
            continue;
        }
        if state.open == [0; 3] {
            found += 1;
            if visit(state).is_break() {
                return done(found, Some(Stop::Limit));
            }
            stack.pop();
            continue;
        }
        let (band, cell) = state.branch_cell();
        child.remaining = state.candidates(band, cell);
        (child.band, child.cell) = (band, cell);
    }
    done(found, None)
}

#[cfg(target_arch = "x86_64")]
mod cpu;
#[cfg(test)]
mod tests;
