//! How many states the halves hold, about, and the bytes each takes: what decides whether they fit.

/// The states after `k` columns of the column programme on boards of
/// `rows` rows (folded), as measured here at four columns (closed, 8 rows:
/// 3,969,876; 7 rows: 239,743; 6 rows: 12,260; 5 rows: 1,125; open summed,
/// 8 rows: 126,875,529; 7 rows: 6,352,912; 6 rows: 328,771; 5 rows: 15,017)
/// and growing by about the factor measured from the fourth column to the
/// fifth (closed, 8 rows: 20; 7 rows: 14; 6 rows: 10; 5 rows: 4; open, 6
/// rows: 6.0; 5 rows: 4.2; 7 and 8 rows, not measured: the closed ones')
/// each column after.
fn column_states(rows: usize, k: usize, closed: bool) -> f64 {
    let (at_four, growth): (f64, f64) = match (closed, rows) {
        (true, 5) => (1.2e3, 4.0),
        (true, 6) => (1.3e4, 10.0),
        (true, 7) => (2.4e5, 14.0),
        (true, _) => (4.0e6, 20.0),
        (false, 5) => (1.6e4, 4.2),
        (false, 6) => (3.3e5, 6.0),
        (false, 7) => (6.4e6, 14.0),
        (false, _) => (1.3e8, 20.0),
    };
    at_four * growth.powi(k as i32 - 4)
}

/// The states the halves are expected to hold at the most, on a board of
/// `rows` ≤ `cols` (closed tours, or open ones summed over every start):
/// each half's states across the middle (see [`growth_across`]; one half
/// when the columns are even, the other its mirror image), and with them
/// its states before, where the moves across hardly add any; `u64::MAX`
/// where they do not apply.
pub(in crate::knight::count) fn estimated_states(rows: usize, cols: usize, closed: bool) -> u64 {
    if !(5..=8).contains(&rows) || cols < 6 {
        return u64::MAX;
    }
    let held = |k: usize| {
        let growth = growth_across(rows, k, closed);
        column_states(rows, k, closed) * if growth < 2.0 { 1.0 + growth } else { growth }
    };
    let (h, k) = (cols / 2, cols - cols / 2);
    let states = held(k) + if h < k { held(h) } else { 0.0 };
    if states >= u64::MAX as f64 {
        u64::MAX
    } else {
        states as u64
    }
}

/// The states the halves are expected to hold at the most with both ends
/// of the path given, on a board of `rows` ≤ `cols`: both halves' states
/// across the middle, unfolded (the ends break the symmetries), each half
/// holding up to [`ENDS_GIVEN`] times the closed tours' states; `u64::MAX`
/// where they do not apply.
pub(in crate::knight::count) fn estimated_states_between(rows: usize, cols: usize) -> u64 {
    if !(5..=8).contains(&rows) || cols < 6 {
        return u64::MAX;
    }
    let held = |k: usize| {
        let growth = match (rows, k) {
            (8, 4) => ACROSS_BETWEEN_8X4,
            _ => match growth_across(rows, k, true) {
                g if g < 2.0 => 1.0 + g,
                g => g,
            },
        };
        2.0 * ENDS_GIVEN * column_states(rows, k, true) * growth
    };
    let (h, k) = (cols / 2, cols - cols / 2);
    let states = held(k) + held(h);
    if states >= u64::MAX as f64 {
        u64::MAX
    } else {
        states as u64
    }
}

/// How many times the states of a half with an end of the path given
/// outnumber the closed tours' (unfolded), at the most: measured on 8 × 8
/// after four columns, 3,969,876 folded closed states against 25,992,650
/// with a corner given and 3,860,134 with c6 (and f3, on the other half).
const ENDS_GIVEN: f64 = 3.3;

/// The states a half between two given ends is expected to hold at the
/// most when the halves are kept on disk and made one at a time (see
/// `sides`), on a board of `rows` ≤ `cols` (the columns even), and the
/// bytes each takes: the column programme's states within the half's last
/// column, twice those after it (see [`spilled_need`]), at
/// [`COLUMN_BYTES`] each, [`ENDS_GIVEN`] times the closed tours'
/// unfolded; its states across the middle then wait held, or spilled
/// within what that leaves (see `sides`); `u64::MAX` states where the
/// halves do not apply.
pub(in crate::knight::count) fn kept_half_need(rows: usize, cols: usize) -> (u64, u64) {
    if !(5..=8).contains(&rows) || cols < 6 || cols % 2 == 1 {
        return (u64::MAX, COLUMN_BYTES);
    }
    let states = 2.0 * 2.0 * ENDS_GIVEN * column_states(rows, cols / 2, true);
    (states.min(u64::MAX as f64) as u64, COLUMN_BYTES)
}

/// How many times a half of four columns on eight rows with an end of the
/// path given holds, at the most, its states before the moves across:
/// measured on 8 × 8 (2026-12-06), 107,343,071 states at the most with the
/// ends a8 and h8 (a corner in each half, the dearest class measured) and
/// 98,539,664 with d4 and e4, against 52,400,000 for the two halves before
/// the moves across at [`ENDS_GIVEN`] times the closed tours' states: about
/// twice. Far under the sixteenfold of the closed halves ([`growth_across`]):
/// the given ends leave fewer ways across. 2.5 keeps a margin.
const ACROSS_BETWEEN_8X4: f64 = 2.5;

/// How many times the moves across multiply the states of a half of `k`
/// columns on `rows` rows, about: sixteenfold after four columns (8 × 8
/// closed: 3,969,876 states grow to 64,664,686; 7 × 8 closed: 239,743 to
/// 3,833,580; 6 × 8 open: 328,771 to 3,813,405), but barely after five
/// columns of eight rows, closed, whose states already hold most of what
/// the squares by the middle can be (8 × 10: 80,757,404 to 88,946,920;
/// the column programme held 166,873,588 at the most within the fifth
/// column); sixteenfold where not measured.
pub(super) fn growth_across(rows: usize, k: usize, closed: bool) -> f64 {
    if closed && rows == 8 && k >= 5 {
        1.1
    } else {
        GROWTH_ACROSS as f64
    }
}

/// Bytes a state takes while it is taken across the middle: the layer, the
/// states taking a move and the room they are sorted in, 24 bytes each
/// (7 × 8 open: 4.07 GB resident at the most for 59,752,024 states, 68
/// bytes a state with the states waiting).
pub(super) const CROSSING_BYTES: u64 = 3 * 24;

/// The most parts a half is taken across in for the halves to be chosen:
/// two parts whose states would merge across the middle keep them twice
/// until they are merged, and take them across twice (6 × 7 open, taken
/// across in parts of 300 states, made 14 times the 696,299 states it
/// has across the middle).
const MOST_PARTS: u64 = 4;

/// Bytes a state across the middle needs at the least: its entry while it
/// waits for the join, and its share of the room to take the half across
/// in at most [`MOST_PARTS`] parts.
pub(in crate::knight::count) const BYTES_PER_STATE: u64 =
    WAITING_BYTES + CROSSING_BYTES / MOST_PARTS;

/// The bytes of memory and of disk the halves are expected to need at the
/// most with their states across the middle spilled to disk, on a board of
/// `rows` ≤ `cols` (closed tours, or open ones summed over every start):
/// in memory, for each half, the column programme's states within its last
/// column (twice those after it: 8 × 9, 166,873,588 within the fifth
/// column against 80,757,404 after it), [`COLUMN_BYTES`] each, or a part's
/// share of the crossing, the more; on disk, the states across, 24 bytes
/// each; `None` where the halves do not apply.
pub(in crate::knight::count) fn spilled_need(
    rows: usize,
    cols: usize,
    closed: bool,
) -> Option<(u64, u64)> {
    if !(5..=8).contains(&rows) || cols < 6 {
        return None;
    }
    let (h, k) = (cols / 2, cols - cols / 2);
    let sides: &[usize] = if h < k { &[h, k] } else { &[k] };
    let (mut memory, mut disk) = (0.0, 0.0);
    for &k in sides {
        let states = column_states(rows, k, closed);
        let across = states * growth_across(rows, k, closed);
        let crossing = across * (CROSSING_BYTES / MOST_PARTS) as f64;
        memory += (2.0 * states * COLUMN_BYTES as f64).max(crossing);
        disk += across * WAITING_BYTES as f64;
    }
    let bytes = |x: f64| {
        if x >= u64::MAX as f64 {
            u64::MAX
        } else {
            x as u64
        }
    };
    Some((bytes(memory), bytes(disk)))
}

/// Bytes a state of the column programme takes within a half, about (8 × 9:
/// 11.6 GB resident at the most for 166,873,588 states, 70 bytes a state,
/// the states across the middle waiting beside them).
const COLUMN_BYTES: u64 = 64;

/// Whether the halves' estimated states fit `memory` bytes.
pub(in crate::knight::count) fn fits(rows: usize, cols: usize, closed: bool, memory: u64) -> bool {
    estimated_states(rows, cols, closed).saturating_mul(BYTES_PER_STATE) <= memory
}

/// How many times the states of a half the moves across multiply, about
/// (see [`estimated_states`]): the states across for closed tours (8 × 8:
/// 3,969,876 to 64,664,686), the most while they are taken across for
/// open ones (7 × 8, in parts of a quarter to a half of its 12,705,824
/// unfolded states: 15 to 49 times a part, and 26 million states across
/// at the end).
pub(super) const GROWTH_ACROSS: u64 = 16;

/// Bytes a state across the middle takes while it waits: its entry.
pub(super) const WAITING_BYTES: u64 = 24;
