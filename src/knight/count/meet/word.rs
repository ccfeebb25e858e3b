//! The word a state of the meet is packed in: four bits a slot, a `u64` (16 slots, up to 6 rows) or a `u128` (32 slots, 7 and 8 rows).
//!
//! Tests on every slot at once are done within the word ("SIMD within a
//! register"): a comparison yields the high bit of each matching nibble.

use super::super::key::{Key, Stored};
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// A state word of the meet.
pub(in crate::knight::count) trait Word:
    Stored
    + Default
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The word as a layer holds it: it sorts as the word does.
    type Held: Stored<Work = Self> + std::fmt::Debug;
    /// Nibbles in the word.
    const NIBBLES: usize;
    /// No bit set.
    const ZERO: Self;
    /// The low bit of every nibble.
    const ONES: Self;
    /// The three low bits of every nibble.
    const LOW: Self;
    /// Every nibble holding `code`.
    fn filled(code: u64) -> Self;
    /// The word times `d` (a word of nibbles 0 or 1 times a code spreads it).
    fn times(self, d: u64) -> Self;
    /// The nibble of slot `slot`.
    fn nibble(self, slot: usize) -> u64;
    /// The word with slot `slot` set to `code` (at most 15).
    fn with(self, slot: usize, code: u64) -> Self;
    /// The nibbles `mask` marks (a bit a slot), all ones.
    fn nibbles(mask: u32) -> Self;
    /// The high bits of the nibbles that are zero.
    fn zero_nibbles(self) -> Self;
    /// Set bits.
    fn ones(self) -> u32;
    /// The lowest set bit alone.
    fn lowest(self) -> Self;
    /// The bits below the lowest set bit (of a word not zero).
    fn below_lowest(self) -> Self;
    /// Whether no bit is set.
    fn is_zero(self) -> bool;
    /// The nibbles in reverse order (slot `s` to `NIBBLES − 1 − s`).
    fn reversed(self) -> Self;
    /// The word rotated up `by` bits within its low `width` bits (the rest cleared).
    fn rotated(self, by: u32, width: u32) -> Self;
    /// Bits 2 and 3 of each nibble gathered two a slot, slot 0 lowest.
    fn packed(self) -> u64;
}

/// Gathers bits 2 and 3 of each nibble of a `u64` into 32 bits.
#[inline]
fn pack_u64(x: u64) -> u64 {
    let mut x = (x >> 2) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0xffff_ffff
}

macro_rules! impl_word {
    ($t:ty, $held:ty, $pack:expr) => {
        impl Word for $t {
            type Held = $held;
            const NIBBLES: usize = <$t>::BITS as usize / 4;
            const ZERO: Self = 0;
            const ONES: Self = <$t>::MAX / 15;
            const LOW: Self = Self::ONES * 7;

            #[inline(always)]
            fn filled(code: u64) -> Self {
                Self::ONES * code as $t
            }

            #[inline(always)]
            fn times(self, d: u64) -> Self {
                self * d as $t
            }

            #[inline(always)]
            fn nibble(self, slot: usize) -> u64 {
                ((self >> (4 * slot)) & 15) as u64
            }

            #[inline(always)]
            fn with(self, slot: usize, code: u64) -> Self {
                (self & !(15 << (4 * slot))) | (code as $t) << (4 * slot)
            }

            fn nibbles(mask: u32) -> Self {
                (0..Self::NIBBLES)
                    .filter(|s| mask >> s & 1 == 1)
                    .fold(0, |m, s| m | 15 << (4 * s))
            }

            #[inline(always)]
            fn zero_nibbles(self) -> Self {
                !((((self & Self::LOW) + Self::LOW) | self) | Self::LOW)
            }

            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }

            #[inline(always)]
            fn below_lowest(self) -> Self {
                (self & self.wrapping_neg()) - 1
            }

            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }

            #[inline(always)]
            fn reversed(self) -> Self {
                const LOW_NIBBLES: $t = <$t>::MAX / 0xff * 0x0f;
                let b = self.swap_bytes();
                (b & LOW_NIBBLES) << 4 | (b >> 4) & LOW_NIBBLES
            }

            #[inline(always)]
            fn rotated(self, by: u32, width: u32) -> Self {
                if width == <$t>::BITS {
                    return self.rotate_left(by);
                }
                let ring: $t = (1 << width) - 1;
                let x = self & ring;
                if by == 0 {
                    x
                } else {
                    (x << by | x >> (width - by)) & ring
                }
            }

            #[inline(always)]
            fn packed(self) -> u64 {
                $pack(self)
            }
        }
    };
}

impl_word!(u64, u64, pack_u64);
impl_word!(u128, Split, |x: u128| pack_u64(x as u64)
    | pack_u64((x >> 64) as u64) << 32);

/// A `u128` word held as two `u64`s, the high one first, so that it sorts
/// as the word does: aligned to 8 bytes, an entry of it and a 64-bit count
/// takes 24 bytes, where a `u128` (aligned to 16) makes it 32.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(in crate::knight::count) struct Split {
    high: u64,
    low: u64,
}

impl Stored for Split {
    type Work = u128;
    const SLOTS: usize = 32;

    #[inline(always)]
    fn pack(w: u128) -> Self {
        Split {
            high: (w >> 64) as u64,
            low: w as u64,
        }
    }

    #[inline(always)]
    fn unpack(self) -> u128 {
        u128::from(self.high) << 64 | u128::from(self.low)
    }

    fn bits(w: usize) -> u32 {
        4 * w as u32
    }

    #[inline(always)]
    fn digit(self, shift: u32, bits: u32) -> usize {
        Key::digit(self.unpack(), shift, bits)
    }

    #[cfg(feature = "mpi")]
    fn to_bits(self) -> u128 {
        self.unpack()
    }

    #[cfg(feature = "mpi")]
    fn from_bits(bits: u128) -> Self {
        Split::pack(bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_word_comes_back_and_sorts_as_the_word() {
        use rand::Rng;
        let mut rng = crate::random::rng(11);
        let words: Vec<u128> = (0..500)
            .map(|i| match i % 3 {
                0 => u128::from(rng.gen::<u64>()),
                1 => u128::from(rng.gen::<u64>()) << 64,
                _ => rng.gen::<u128>(),
            })
            .collect();
        for &a in &words {
            assert_eq!(Split::pack(a).unpack(), a);
            assert_eq!(Split::pack(a).digit(60, 11), Key::digit(a, 60, 11));
            for &b in &words[..20] {
                assert_eq!(Split::pack(a).cmp(&Split::pack(b)), a.cmp(&b));
            }
        }
        assert_eq!(std::mem::size_of::<(Split, u64)>(), 24);
    }
}
