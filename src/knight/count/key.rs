//! Frontier states packed four bits a square in one word, and the word operations the step works with, none unpacking the squares.
//!
//! Square `i` of a state is bits `4i..4i + 4` of the word. Tests on every
//! square at once are done within the word ("SIMD within a register"): a
//! comparison yields a word with bit `4i` set where square `i` matches, and
//! such bits are counted, cleared one at a time, or gathered into a plain
//! mask of squares.

/// A packed state: four bits a frontier square.
pub(super) trait Key: Copy + Ord + Send + Sync {
    /// The most squares it holds.
    const SLOTS: usize;
    /// No square set (all unused).
    const ZERO: Self;
    /// The value of square `i`.
    fn get(self, i: usize) -> u8;
    /// The word with square `i` set to `x`.
    fn set(self, i: usize, x: u8) -> Self;
    /// The squares holding `x` among `range` (bits `4i`, as [`Key::spread`] makes them).
    fn equal(self, x: u8, range: Self) -> Self;
    /// The squares holding a fragment label (a value of three or more) among `range`.
    fn labels(self, range: Self) -> Self;
    /// The word with the value of each square marked in `at` xor-ed with `d`.
    fn flip(self, at: Self, d: u8) -> Self;
    /// The squares `i` of `mask` as the bits `4i` of a word.
    fn spread(mask: u32) -> Self;
    /// The squares marked by bits `4i`, as a mask of squares (the inverse of [`Key::spread`]).
    fn gather(self) -> u32;
    /// How many squares are marked.
    fn marked(self) -> u32;
    /// The first marked square.
    fn first(self) -> usize;
    /// The marks without the first one.
    fn rest(self) -> Self;
    /// The word moved down one square (square 0 dropped).
    fn down(self) -> Self;
    /// Marks in both words.
    fn and(self, other: Self) -> Self;
    /// Marks of this word not in `other`.
    fn but(self, other: Self) -> Self;
    /// Whether no bit is set.
    fn is_zero(self) -> bool;
    /// Bits in either word.
    fn or(self, other: Self) -> Self;
    /// The word with its squares in reverse order (square `i` to `SLOTS - 1 - i`).
    fn reversed(self) -> Self;
    /// The word moved up `by` squares (down when negative).
    fn shifted(self, by: isize) -> Self;
    /// The radix digit of `bits` bits from bit `shift`.
    fn digit(self, shift: u32, bits: u32) -> usize;
}

macro_rules! impl_key {
    ($t:ty) => {
        impl Key for $t {
            const SLOTS: usize = <$t>::BITS as usize / 4;
            const ZERO: Self = 0;

            #[inline(always)]
            fn get(self, i: usize) -> u8 {
                ((self >> (4 * i)) & 15) as u8
            }

            #[inline(always)]
            fn set(self, i: usize, x: u8) -> Self {
                (self & !(15 << (4 * i))) | (<$t>::from(x) << (4 * i))
            }

            #[inline(always)]
            fn equal(self, x: u8, range: Self) -> Self {
                let ones = <$t>::MAX / 15;
                let y = self ^ (ones * <$t>::from(x));
                let differ = (y | (y >> 1) | (y >> 2) | (y >> 3)) & ones;
                range & !differ
            }

            #[inline(always)]
            fn labels(self, range: Self) -> Self {
                ((self >> 3) | (self >> 2) | (self & (self >> 1))) & range
            }

            #[inline(always)]
            fn flip(self, at: Self, d: u8) -> Self {
                self ^ (at * <$t>::from(d))
            }

            #[inline(always)]
            fn spread(mask: u32) -> Self {
                (0..32)
                    .filter(|&i| mask & (1 << i) != 0 && 4 * i < <$t>::BITS)
                    .fold(0, |k, i| k | (1 << (4 * i)))
            }

            #[inline(always)]
            fn gather(self) -> u32 {
                let mut out = 0u32;
                for half in 0..(<$t>::BITS / 64) {
                    // Bits 4i of 64 → bits i of 16, three foldings.
                    let mut x = (self >> (64 * half)) as u64;
                    x = (x | (x >> 3)) & 0x0303_0303_0303_0303;
                    x = (x | (x >> 6)) & 0x000f_000f_000f_000f;
                    x = (x | (x >> 12)) & 0x0000_00ff_0000_00ff;
                    x = (x | (x >> 24)) & 0xffff;
                    out |= (x as u32) << (16 * half);
                }
                out
            }

            #[inline(always)]
            fn marked(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn first(self) -> usize {
                self.trailing_zeros() as usize / 4
            }

            #[inline(always)]
            fn rest(self) -> Self {
                self & (self - 1)
            }

            #[inline(always)]
            fn down(self) -> Self {
                self >> 4
            }

            #[inline(always)]
            fn and(self, other: Self) -> Self {
                self & other
            }

            #[inline(always)]
            fn but(self, other: Self) -> Self {
                self & !other
            }

            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }

            #[inline(always)]
            fn or(self, other: Self) -> Self {
                self | other
            }

            #[inline(always)]
            fn reversed(self) -> Self {
                let x = self.swap_bytes();
                let low = <$t>::MAX / 17;
                ((x >> 4) & low) | ((x & low) << 4)
            }

            #[inline(always)]
            fn shifted(self, by: isize) -> Self {
                if by >= 0 {
                    self << (4 * by)
                } else {
                    self >> (-4 * by)
                }
            }

            #[inline(always)]
            fn digit(self, shift: u32, bits: u32) -> usize {
                ((self >> shift) as usize) & ((1 << bits) - 1)
            }
        }
    };
}
impl_key!(u64);
impl_key!(u128);

/// A state as the layers hold it: a word that sorts, made from the word
/// the step works on ([`Stored::Work`]) and back. Only canonical states
/// (see [`canonical`]) are stored.
pub(super) trait Stored: Copy + Ord + Send + Sync {
    /// The word the step works on.
    type Work: Key;
    /// The most frontier squares it holds.
    const SLOTS: usize;
    /// The stored form of a canonical state.
    fn pack(work: Self::Work) -> Self;
    /// The state back as the step works on it.
    fn unpack(self) -> Self::Work;
    /// The key bits in use for a frontier of `w` squares.
    fn bits(w: usize) -> u32;
    /// The radix digit of `bits` bits from bit `shift`.
    fn digit(self, shift: u32, bits: u32) -> usize;
    /// The stored bits, to send to another process.
    #[cfg(feature = "mpi")]
    fn to_bits(self) -> u128;
    /// The stored form of bits made by [`Stored::to_bits`].
    #[cfg(feature = "mpi")]
    fn from_bits(bits: u128) -> Self;
}

macro_rules! impl_stored {
    ($t:ty) => {
        impl Stored for $t {
            type Work = $t;
            const SLOTS: usize = <$t as Key>::SLOTS;

            #[inline(always)]
            fn pack(work: Self) -> Self {
                work
            }

            #[inline(always)]
            fn unpack(self) -> Self {
                self
            }

            fn bits(w: usize) -> u32 {
                4 * w as u32
            }

            #[inline(always)]
            fn digit(self, shift: u32, bits: u32) -> usize {
                Key::digit(self, shift, bits)
            }

            #[cfg(feature = "mpi")]
            fn to_bits(self) -> u128 {
                self as u128
            }

            #[cfg(feature = "mpi")]
            fn from_bits(bits: u128) -> Self {
                bits as $t
            }
        }
    };
}
impl_stored!(u64);
impl_stored!(u128);

/// A canonical state of up to 17 squares (8 rows) in 62 bits of a `u64`.
///
/// Labels are renumbered by first appearance, so square `i` holds at most
/// `FIRST_LABEL + i` = `3 + i` (a new label after `i` distinct ones): square
/// 0 fits in two bits (unused, full, an end leading to a terminal, or the
/// first label), squares 1 to 4 in three, and the other twelve in four
/// each: 2 + 4·3 + 12·4 = 62 bits, where four bits a square would take 68.
/// Entries of a key and one count limb then take 16 bytes, not 32 (a `u128`
/// key aligns its entry to 16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Narrow(u64);

impl Stored for Narrow {
    type Work = u128;
    const SLOTS: usize = 17;

    #[inline(always)]
    fn pack(k: u128) -> Self {
        debug_assert!(k >> (4 * Self::SLOTS) == 0 && k & 0xc == 0);
        debug_assert!((1..5).all(|i| k.get(i) < 8));
        let small = |i: usize| ((k >> (4 * i)) as u64 & 7) << (3 * i - 1);
        Narrow(k as u64 & 3 | small(1) | small(2) | small(3) | small(4) | ((k >> 20) as u64) << 14)
    }

    #[inline(always)]
    fn unpack(self) -> u128 {
        let x = self.0;
        let small = |i: usize| u128::from((x >> (3 * i - 1)) & 7) << (4 * i);
        u128::from(x & 3) | small(1) | small(2) | small(3) | small(4) | u128::from(x >> 14) << 20
    }

    fn bits(w: usize) -> u32 {
        // Two bits, three for each of the next four squares, four for the rest.
        (2 + 3 * w.saturating_sub(1).min(4) + 4 * w.saturating_sub(5)) as u32
    }

    #[inline(always)]
    fn digit(self, shift: u32, bits: u32) -> usize {
        Key::digit(self.0, shift, bits)
    }

    #[cfg(feature = "mpi")]
    fn to_bits(self) -> u128 {
        u128::from(self.0)
    }

    #[cfg(feature = "mpi")]
    fn from_bits(bits: u128) -> Self {
        Narrow(bits as u64)
    }
}

/// Renumbers the fragment labels of `key` (squares `range`) by first
/// appearance, from [`FIRST_LABEL`](super::columns::FIRST_LABEL) up: equal states get equal keys.
#[inline(always)]
pub(super) fn canonical<K: Key>(key: K, range: K) -> K {
    let mut marks = key.labels(range);
    // The new label of each old one, four bits an old label; 0 while unseen.
    let mut map = 0u64;
    let mut next = u64::from(super::columns::FIRST_LABEL);
    let mut out = key;
    while !marks.is_zero() {
        let i = marks.first();
        marks = marks.rest();
        let x = key.get(i);
        let seen = (map >> (4 * x)) & 15;
        let fresh = u64::from(seen == 0) * next;
        map |= fresh << (4 * x);
        next += u64::from(seen == 0);
        out = out.set(i, (seen | fresh) as u8);
    }
    out
}

/// The mirror image of a column-end frontier across the board's middle row:
/// slot 0 (a square already gone) stays, and the two columns of `rows` slots
/// after it are each turned upside down.
pub(super) struct Mirror<K> {
    rows: usize,
    /// Slot 0, and each column's slots, marked as whole squares.
    gone: K,
    first: K,
    second: K,
}

impl<K: Key> Mirror<K> {
    pub(super) fn new(rows: usize) -> Self {
        let column = (1u32 << rows) - 1;
        let whole = |mask: u32| K::ZERO.flip(K::spread(mask), 15);
        Mirror {
            rows,
            gone: whole(1),
            first: whole(column << 1),
            second: whole(column << (rows + 1)),
        }
    }

    /// The mirror image of `key`.
    #[inline(always)]
    pub(super) fn apply(&self, key: K) -> K {
        // Reversed, slot 1 + j of the first column is at SLOTS - 2 - j, and wants to be at rows - j;
        // slot 1 + rows + j of the second, at SLOTS - 2 - rows - j, wants 2·rows - j.
        let (n, r) = (K::SLOTS as isize, self.rows as isize);
        let rev = key.reversed();
        let first = rev.shifted(r + 2 - n).and(self.first);
        let second = rev.shifted(3 * r + 2 - n).and(self.second);
        key.and(self.gone).or(first).or(second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The labels renumbered by a plain reading of the squares, one at a time.
    fn renumbered(squares: &[u8]) -> Vec<u8> {
        let mut seen: Vec<u8> = Vec::new();
        squares
            .iter()
            .map(|&x| {
                if x < super::super::columns::FIRST_LABEL {
                    return x;
                }
                let at = seen.iter().position(|&y| y == x).unwrap_or_else(|| {
                    seen.push(x);
                    seen.len() - 1
                });
                super::super::columns::FIRST_LABEL + at as u8
            })
            .collect()
    }

    /// The mirror image by moving the squares one by one.
    fn permuted<K: Key>(key: K, rows: usize) -> K {
        (0..2 * rows + 1).fold(K::ZERO, |k, i| {
            let from = match i {
                0 => 0,
                _ => 1 + (i - 1) / rows * rows + (rows - 1 - (i - 1) % rows),
            };
            k.set(i, key.get(from))
        })
    }

    fn packed<K: Key>(squares: &[u8]) -> K {
        squares
            .iter()
            .enumerate()
            .fold(K::ZERO, |k, (i, &x)| k.set(i, x))
    }

    #[test]
    fn word_operations_agree_with_square_by_square_readings() {
        use rand::Rng;
        let mut rng = crate::random::rng(7);
        for round in 0..2000 {
            let w = 1 + round % 17;
            let squares: Vec<u8> = (0..w).map(|_| rng.gen_range(0..16u8)).collect();
            let range = u128::spread((1u32 << w) - 1);
            let key: u128 = packed(&squares);
            for (i, &x) in squares.iter().enumerate() {
                assert_eq!(key.get(i), x);
            }
            let value = rng.gen_range(0..16u8);
            let marks: Vec<usize> = (0..w).filter(|&i| squares[i] == value).collect();
            let equal = key.equal(value, range);
            assert_eq!(equal.marked() as usize, marks.len());
            assert_eq!(
                equal.gather(),
                marks.iter().fold(0u32, |m, &i| m | 1 << i),
                "{squares:?} {value}"
            );
            let labels = key.labels(range).gather();
            assert_eq!(
                labels,
                (0..w)
                    .filter(|&i| squares[i] >= 3)
                    .fold(0u32, |m, i| m | 1 << i)
            );
            assert_eq!(canonical(key, range), packed::<u128>(&renumbered(&squares)));
            if w <= 16 {
                let small: u64 = packed(&squares);
                let range = u64::spread((1u32 << w) - 1);
                assert_eq!(
                    canonical(small, range),
                    packed::<u64>(&renumbered(&squares))
                );
                assert_eq!(small.equal(value, range).gather(), equal.gather());
            }
            if w <= Narrow::SLOTS {
                // Labels of at most eight fragments, renumbered: the narrow form holds them.
                let few: Vec<u8> = squares.iter().map(|&x| x % 11).collect();
                let c = canonical(packed::<u128>(&few), range);
                assert_eq!(Narrow::pack(c).unpack(), c, "{few:?}");
            }
            if w % 2 == 1 && w >= 3 {
                let rows = w / 2;
                assert_eq!(Mirror::new(rows).apply(key), permuted(key, rows));
                if w <= 15 {
                    let small: u64 = packed(&squares);
                    assert_eq!(Mirror::new(rows).apply(small), permuted(small, rows));
                }
            }
        }
    }
}
