use super::*;
use crate::random;
use rand::Rng;

/// The rank of the coefficient part of the augmented matrix `rows` (last
/// column the right-hand side) and whether the system is consistent, by plain Gauss.
fn plain(p: u8, rows: &[Vec<u8>]) -> (usize, bool) {
    let width = rows.first().map_or(0, Vec::len);
    crate::linalg::modular::tests::plain_rank(p, rows, width.saturating_sub(1))
}

/// The solution and the kernel vectors of the core over GF(p) (every generator of order p).
fn solved(core: Core) -> (Option<Vec<u8>>, Vec<Vec<u8>>) {
    let p = u32::from(core.p);
    let (particular, kernel) = core.solve();
    assert!(kernel.iter().all(|g| g.order == p));
    (particular, kernel.into_iter().map(|g| g.vector).collect())
}

/// `A·x` over GF(p), `A` the coefficient part of the augmented `rows`.
fn apply(p: u8, rows: &[Vec<u8>], x: &[u8]) -> Vec<u8> {
    rows.iter()
        .map(|r| {
            let s: u32 = r.iter().zip(x).map(|(&a, &b)| a as u32 * b as u32).sum();
            (s % p as u32) as u8
        })
        .collect()
}

/// Random augmented systems over GF(p): `rank` random rows, the others
/// combinations of them (singular systems), a right-hand side in the image
/// or not.
fn system(p: u8, rows: usize, cols: usize, rank: usize, rng: &mut random::Rng) -> Vec<Vec<u8>> {
    let basis: Vec<Vec<u8>> = (0..rank.max(1))
        .map(|_| (0..=cols).map(|_| rng.gen_range(0..p)).collect())
        .collect();
    (0..rows)
        .map(|i| {
            if i < rank {
                return basis[i].clone();
            }
            let mut row = vec![0u32; cols + 1];
            for b in &basis {
                let f = rng.gen_range(0..p) as u32;
                for (a, &v) in row.iter_mut().zip(b) {
                    *a += f * v as u32;
                }
            }
            row.into_iter().map(|v| (v % p as u32) as u8).collect()
        })
        .collect()
}

/// The four-Russians core agrees with plain Gauss elimination on random
/// systems over GF(3), GF(5), GF(7) and GF(251), singular and unsolvable
/// ones included: the same nullity and solvability, its solution replays,
/// its kernel vectors solve `A·x = 0` and are independent (rank by plain
/// Gauss), and when it finds no solution the kernel of the transpose holds
/// a witness `w` (`w·A = 0`, `w·b ≠ 0`).
#[test]
fn agrees_with_plain_gauss_over_gf_p_singular_and_unsolvable_included() {
    let mut rng = random::rng(2009);
    for round in 0..96 {
        let p = [3u8, 5, 7, 251][round % 4];
        let (rows, cols): (usize, usize) =
            [(1, 1), (7, 7), (40, 40), (64, 30), (30, 64), (150, 150)][round % 6];
        let rank = [
            rows.min(cols),
            rows.min(cols) / 2,
            rows.min(cols).saturating_sub(1),
        ][round / 6 % 3];
        let mut aug = system(p, rows, cols, rank, &mut rng);
        if round % 5 == 4 {
            // An unsolvable one, most likely: a random right-hand side on dependent rows.
            for row in aug.iter_mut() {
                row[cols] = rng.gen_range(0..p);
            }
        }
        let mut core = Core::zeros(rows, cols + 1, p, p);
        for (i, r) in aug.iter().enumerate() {
            core.row_mut(i).copy_from_slice(r);
        }
        let (particular, kernel) = solved(core);
        let (rank, consistent) = plain(p, &aug);
        assert_eq!(kernel.len(), cols - rank, "round {round}: nullity");
        assert_eq!(
            particular.is_some(),
            consistent,
            "round {round}: solvability"
        );
        let rhs: Vec<u8> = aug.iter().map(|r| r[cols]).collect();
        if let Some(x) = &particular {
            assert_eq!(apply(p, &aug, x), rhs, "round {round}: replay");
        }
        for k in &kernel {
            assert!(apply(p, &aug, k).iter().all(|&v| v == 0), "round {round}");
        }
        let with_zero: Vec<Vec<u8>> = kernel
            .iter()
            .map(|k| [k.clone(), vec![0]].concat())
            .collect();
        assert_eq!(
            plain(p, &with_zero).0,
            kernel.len(),
            "round {round}: independence"
        );
        // The transpose's kernel: a witness exactly when there is no solution.
        let mut t = Core::zeros(cols, rows + 1, p, p);
        for (i, r) in aug.iter().enumerate() {
            for (j, &v) in r[..cols].iter().enumerate() {
                t.row_mut(j)[i] = v;
            }
        }
        let (_, dual) = solved(t);
        let overlaps = dual.iter().any(|w| {
            let s: u32 = w.iter().zip(&rhs).map(|(&a, &b)| a as u32 * b as u32).sum();
            s % p as u32 != 0
        });
        assert_eq!(overlaps, particular.is_none(), "round {round}: witness");
    }
}

/// A block with fewer pivots than columns (zero columns, repeated rows) and
/// a system wider than one stripe of the tables: the same as plain Gauss.
#[test]
fn zero_columns_and_wide_rows_agree_with_plain_gauss() {
    let mut rng = random::rng(2008);
    for p in [3u8, 5, 7, 251] {
        let (rows, cols) = (24, 1500);
        let mut aug = system(p, rows, cols, 20, &mut rng);
        for row in aug.iter_mut() {
            for j in (0..cols).step_by(3) {
                row[j] = 0;
            }
        }
        let mut core = Core::zeros(rows, cols + 1, p, p);
        for (i, r) in aug.iter().enumerate() {
            core.row_mut(i).copy_from_slice(r);
        }
        let (particular, kernel) = solved(core);
        let (rank, consistent) = plain(p, &aug);
        assert_eq!(kernel.len(), cols - rank, "GF({p})");
        assert_eq!(particular.is_some(), consistent, "GF({p})");
        let rhs: Vec<u8> = aug.iter().map(|r| r[cols]).collect();
        if let Some(x) = &particular {
            assert_eq!(apply(p, &aug, x), rhs, "GF({p})");
        }
        for k in &kernel {
            assert!(apply(p, &aug, k).iter().all(|&v| v == 0), "GF({p})");
        }
    }
}

/// The bit-sliced GF(3) core and the byte-per-entry core agree with plain
/// Gauss and with each other on random GF(3) systems, singular and
/// unsolvable ones included, some wider than one 64-bit word: the same
/// nullity and solvability, and both answers replay.
#[test]
fn the_bit_sliced_gf3_core_agrees_with_the_byte_core_and_plain_gauss() {
    use crate::linalg::modular::ternary::Ternary;
    let mut rng = random::rng(1998);
    for round in 0..40 {
        let (rows, cols): (usize, usize) =
            [(1, 1), (5, 9), (63, 63), (65, 64), (100, 130), (64, 700)][round % 6];
        let rank = [
            rows.min(cols),
            rows.min(cols) / 2,
            rows.min(cols).saturating_sub(1),
        ][round / 6 % 3];
        let mut aug = system(3, rows, cols, rank, &mut rng);
        if round % 4 == 3 {
            for row in aug.iter_mut() {
                row[cols] = rng.gen_range(0..3);
            }
        }
        let mut bytes = Core::zeros(rows, cols + 1, 3, 3);
        let mut sliced = Ternary::zeros(rows, cols + 1);
        for (i, r) in aug.iter().enumerate() {
            bytes.row_mut(i).copy_from_slice(r);
            for (j, &v) in r.iter().enumerate() {
                sliced.set(i, j, v);
            }
        }
        let (rank, consistent) = plain(3, &aug);
        let rhs: Vec<u8> = aug.iter().map(|r| r[cols]).collect();
        for (particular, kernel) in [solved(bytes), sliced.solve()] {
            assert_eq!(kernel.len(), cols - rank, "round {round}: nullity");
            assert_eq!(particular.is_some(), consistent, "round {round}");
            if let Some(x) = &particular {
                assert_eq!(apply(3, &aug, x), rhs, "round {round}: replay");
            }
            for k in &kernel {
                assert!(apply(3, &aug, k).iter().all(|&v| v == 0), "round {round}");
            }
            let with_zero: Vec<Vec<u8>> = kernel
                .iter()
                .map(|k| [k.clone(), vec![0]].concat())
                .collect();
            assert_eq!(plain(3, &with_zero).0, kernel.len(), "round {round}");
        }
    }
}
