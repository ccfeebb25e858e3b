//! The band words' lookup tables and bit helpers of the 9×9 search, built at compile time.

/// Per 9-bit row of a band: bit k set when the row has a candidate in box k.
pub(super) const ROW_SEGMENTS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// The six permutations of three rows into three boxes, as 9-bit segment masks (bit `3·row + box`).
pub(super) const PERMUTATIONS: [u32; 6] = {
    let p = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0u32; 6];
    let mut i = 0;
    while i < 6 {
        out[i] = (1 << p[i][0]) | (1 << (3 + p[i][1])) | (1 << (6 + p[i][2]));
        i += 1;
    }
    out
};

/// For a 9-bit mask of non-empty segments (bit `3·row + box`), the segments
/// on some permutation of non-empty segments.
pub(super) const PERMITTED_SEGMENTS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 6 {
            if PERMUTATIONS[i] & s as u32 == PERMUTATIONS[i] {
                t[s] |= PERMUTATIONS[i];
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// For a 9-bit mask of non-empty segments (bit `3·row + box`), the 27-bit
/// mask of the cells of the segments that lie on some permutation of
/// non-empty segments: what stays possible for the digit in the band (0: nothing does).
pub(super) const PERMITTED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut segments = 0u32;
        let mut i = 0;
        while i < 6 {
            if PERMUTATIONS[i] & s as u32 == PERMUTATIONS[i] {
                segments |= PERMUTATIONS[i];
            }
            i += 1;
        }
        let mut seg = 0;
        while seg < 9 {
            if segments & (1 << seg) != 0 {
                let (row, bx) = (seg / 3, seg % 3);
                t[s] |= 7 << (9 * row + 3 * bx);
            }
            seg += 1;
        }
        s += 1;
    }
    t
};

/// Per 9-bit row: the row itself when it has exactly one bit, else 0.
pub(super) const LONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 1;
    while x < 512 {
        if x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// Per 9-bit column mask of a band word: the columns that are the only one of
/// their box (the digit is locked to that column in the box), spread to the
/// three rows of a band word.
pub(super) const LOCKED_COLUMNS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let m = (x >> (3 * k)) & 7;
            if m != 0 && m & (m - 1) == 0 {
                t[x] |= column(0) * (m << (3 * k)) as u32;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// The peers of each cell of a band inside the band (its row and its box, without itself).
pub(super) const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 / 3 == c / 3) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// Per cell of a band, its column in two band words side by side (bits 0–26 and 32–58).
pub(super) const TWO_BAND_COLUMN: [u64; 27] = {
    let mut t = [0u64; 27];
    let mut i = 0;
    while i < 27 {
        let col = column(i % 9) as u64;
        t[i] = col | col << 32;
        i += 1;
    }
    t
};

/// The three cells of column c in a band word.
pub(super) const fn column(c: usize) -> u32 {
    (1 | 1 << 9 | 1 << 18) << c
}

/// The band of word `9·b + d`.
pub(super) const BAND_OF: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut k = 0;
    while k < 32 {
        t[k] = ((k / 9) % 3) as u8;
        k += 1;
    }
    t
};

/// The words of the same digit in the two other bands.
pub(super) const NEIGHBOURS: [[u8; 2]; 32] = {
    let mut t = [[0u8; 2]; 32];
    let mut k = 0;
    while k < 27 {
        let (d, b) = (k % 9, k / 9);
        t[k] = [(9 * ((b + 1) % 3) + d) as u8, (9 * ((b + 2) % 3) + d) as u8];
        k += 1;
    }
    t
};

/// The digit (0-based) of word `9·b + d`.
pub(super) const DIGIT_OF: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut k = 0;
    while k < 32 {
        t[k] = (k % 9) as u8;
        k += 1;
    }
    t
};

/// Where each segment of a band word is not empty, as nine bits (`3·row + box`).
#[inline(always)]
pub(super) fn segments(w: u32) -> u32 {
    ROW_SEGMENTS[(w & 0x1ff) as usize]
        | ROW_SEGMENTS[((w >> 9) & 0x1ff) as usize] << 3
        | ROW_SEGMENTS[((w >> 18) & 0x1ff) as usize] << 6
}

/// The first cell of each segment of a band word (bits 0, 3, …, 24).
#[cfg(target_arch = "x86_64")]
pub(super) const SEGMENT_HEADS: u32 = 0x124_9249;

/// [`segments`] in one instruction on processors with BMI2: each segment's
/// three bits folded onto its first, and those nine bits gathered by
/// `pext` (in the same order, `3·row + box`), rather than three table loads
/// in a row. With `BMI2` false (or off x86-64), the tables.
#[inline(always)]
pub(super) fn segments_of<const BMI2: bool>(w: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: `BMI2` is true only in the search compiled for processors
        // with BMI2 (`run_avx2`, called once it is detected).
        return unsafe { std::arch::x86_64::_pext_u32(w | w >> 1 | w >> 2, SEGMENT_HEADS) };
    }
    segments(w)
}

/// The cells of a band word alone in their row.
#[inline(always)]
pub(super) fn lone_in_row(w: u32) -> u32 {
    LONE[(w & 0x1ff) as usize] as u32
        | (LONE[((w >> 9) & 0x1ff) as usize] as u32) << 9
        | (LONE[((w >> 18) & 0x1ff) as usize] as u32) << 18
}
