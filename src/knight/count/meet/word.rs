//! The word a state of the meet is packed in: four bits a slot, a `u64` (16 slots, up to 6 rows) or a `u128` (32 slots, 7 and 8 rows).
//!
//! Tests on every slot at once are done within the word ("SIMD within a
//! register"): a comparison yields the high bit of each matching nibble.

use super::super::key::Stored;
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
    ($t:ty, $pack:expr) => {
        impl Word for $t {
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

impl_word!(u64, pack_u64);
impl_word!(u128, |x: u128| pack_u64(x as u64)
    | pack_u64((x >> 64) as u64) << 32);
