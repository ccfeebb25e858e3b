use super::*;
use crate::band;
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
    crate::modular::tests::plain_rank(p, vectors, cols).0
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
