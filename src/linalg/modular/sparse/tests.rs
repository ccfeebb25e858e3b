use super::*;
use crate::linalg::band;
use crate::random;
use rand::Rng;

/// `A·x` over GF(p), repeated entries counting once.
fn apply(p: u8, n: usize, ones: &[(usize, usize)], x: &[u8]) -> Vec<u8> {
    let mut seen = std::collections::HashSet::new();
    let mut y = vec![0u32; n];
    for &(i, j) in ones {
        if seen.insert((i, j)) {
            y[i] += x[j] as u32;
        }
    }
    y.into_iter().map(|v| (v % p as u32) as u8).collect()
}

/// The rank over GF(p) of the vectors, by plain Gauss elimination.
fn rank(p: u8, vectors: &[Vec<u8>]) -> usize {
    let cols = vectors.first().map_or(0, Vec::len);
    crate::linalg::modular::tests::plain_rank(p, vectors, cols).0
}

/// Random sparse systems over GF(3), GF(5), GF(7) (symmetric and not, with
/// and without the diagonal, some with empty rows and columns) and random
/// regular graphs: the sparse elimination and the band elimination find the
/// same solvability and nullity; its solution replays and its kernel vectors
/// are independent solutions of `A·x = 0`.
#[test]
fn agrees_with_the_band_elimination_over_gf_p_and_replays() {
    let mut rng = random::rng(1990);
    for round in 0..48 {
        let p = [3u8, 5, 7][round % 3];
        let n = [1usize, 2, 5, 17, 64, 65, 200, 700][round % 8];
        let mut ones = Vec::new();
        if round % 5 == 4 && n > 20 {
            let g =
                crate::lightsout::Graph::random_regular(n, 3 + round % 2, round as u64).unwrap();
            for v in 0..n {
                ones.extend(g.neighbours(v).iter().map(|&u| (u, v)));
            }
        } else {
            for _ in 0..(round % 4 + 1) * n {
                let (i, j) = (rng.gen_range(0..n), rng.gen_range(0..n));
                ones.push((i, j));
                if round % 3 == 0 {
                    ones.push((j, i));
                }
            }
        }
        if round % 2 == 0 {
            ones.extend((0..n).map(|v| (v, v)));
        }
        let rhs: Vec<u8> = (0..n).map(|_| rng.gen_range(0..p)).collect();
        let s = solve(p, n, &ones, &rhs).unwrap();
        let b = band::solve(p, n, &ones, &rhs, &band::identity(n)).unwrap();
        assert_eq!(
            s.particular.is_some(),
            b.particular.is_some(),
            "round {round}"
        );
        assert_eq!(s.kernel.len(), b.kernel.len(), "round {round}");
        if let Some(x) = &s.particular {
            assert_eq!(apply(p, n, &ones, x), rhs, "round {round}");
        }
        for k in &s.kernel {
            assert!(
                apply(p, n, &ones, k).iter().all(|&v| v == 0),
                "round {round}"
            );
        }
        assert_eq!(rank(p, &s.kernel), s.kernel.len(), "round {round}");
    }
}

/// Random sparse systems over Z/q for q = 4, 8, 9, 16, 25, 27 (square and
/// not symmetric, with and without the diagonal, some singular and some
/// unsolvable modulo p): the sparse elimination with unit pivots and the
/// dense Smith form find the same solution count and kernel orders, and every
/// answer replays (see [`crate::linalg::modular::tests::check_against_smith`]).
#[test]
fn agrees_with_the_smith_form_over_prime_powers() {
    use crate::linalg::modular::{ModMatrix, Modulus, Solutions};
    let mut rng = random::rng(2017);
    let mut singular = 0;
    for round in 0..36 {
        let (p, q) = [(2u8, 4u8), (2, 8), (3, 9), (2, 16), (5, 25), (3, 27)][round % 6];
        let n = [3usize, 20, 64, 150, 400, 900][round / 6 % 6];
        let mut ones = Vec::new();
        for _ in 0..(round % 3 + 1) * n {
            ones.push((rng.gen_range(0..n), rng.gen_range(0..n)));
        }
        if round % 2 == 0 {
            ones.extend((0..n).map(|v| (v, v)));
        }
        let rhs: Vec<u8> = (0..n).map(|_| rng.gen_range(0..q)).collect();
        let s = solve_power(p, q, n, &ones, &rhs).unwrap();
        let k = Modulus::new(q as u32).unwrap();
        let mut m = ModMatrix::zeros(n, n);
        ones.iter().for_each(|&(i, j)| m.set(i, j, 1));
        let reference = m.solve(&rhs, k);
        singular += !reference.kernel.is_empty() as usize;
        // The witness, as the callers find it: a kernel generator of the transpose that overlaps b.
        let t: Vec<(usize, usize)> = ones.iter().map(|&(i, j)| (j, i)).collect();
        let dual = solve_power(p, q, n, &t, &vec![0; n]).unwrap();
        let overlaps = |w: &&Vec<u8>| {
            let dot: u64 = w.iter().zip(&rhs).map(|(&a, &b)| a as u64 * b as u64).sum();
            dot % q as u64 != 0
        };
        let witness = s.particular.is_none().then(|| {
            let vectors: Vec<&Vec<u8>> = dual.kernel.iter().map(|g| &g.vector).collect();
            vectors.into_iter().find(overlaps).cloned()
        });
        let answer = Solutions {
            particular: s.particular.clone(),
            kernel: s.kernel.clone(),
            witness: witness.flatten(),
        };
        let context = format!("round {round}: n = {n}, q = {q}");
        crate::linalg::modular::tests::check_against_smith(
            k, n, &ones, &rhs, &answer, &reference, &context,
        );
    }
    assert!(singular > 12, "{singular} singular");
}

#[test]
fn solve_power_mod_4_inconsistent_and_free() {
    use crate::linalg::modular::sparse;

    // x_a + x_b = 2 and x_a + x_b = 0 (mod 4): no solution.
    let ones = [(0, 0), (0, 1), (1, 0), (1, 1)];
    assert_eq!(
        sparse::solve_power(2, 4, 2, &ones, &[2, 0])
            .unwrap()
            .particular,
        None
    );
    // x_a + x_b = 2 twice: x_b free, of order 4.
    let s = sparse::solve_power(2, 4, 2, &ones, &[2, 2]).unwrap();
    assert_eq!(s.kernel.iter().map(|g| g.order).collect::<Vec<_>>(), [4]);
}

#[test]
fn path_with_self_loops_over_gf3() {
    use crate::linalg::modular::sparse;

    // The path a – b – c with self-loops (the σ+ game) over GF(3), all lights at 1:
    // presses x with x_a + x_b = x_a + x_b + x_c = x_b + x_c = −1 = 2.
    let ones = [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)];
    let s = sparse::solve(3, 3, &ones, &[2, 2, 2]).unwrap();
    assert_eq!(s.particular, Some(vec![0, 2, 0]));
    assert!(s.kernel.is_empty());
}
