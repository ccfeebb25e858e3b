//! The band elimination against the dense Smith-form elimination of [`crate::linalg::modular`].

use super::*;
use crate::linalg::modular::{ModMatrix, Modulus};
use rand::{Rng, SeedableRng};

fn dense(n: usize, ones: &[(usize, usize)]) -> ModMatrix {
    let mut m = ModMatrix::zeros(n, n);
    ones.iter().for_each(|&(i, j)| m.set(i, j, 1));
    m
}

/// The rank over GF(p) of `vectors`, by plain elimination.
fn rank(mut vectors: Vec<Vec<u8>>, p: u8) -> usize {
    let k = Modulus::new(p as u32).unwrap();
    let mut r = 0;
    let n = vectors.first().map_or(0, Vec::len);
    for c in 0..n {
        let Some(i) = (r..vectors.len()).find(|&i| vectors[i][c] != 0) else {
            continue;
        };
        vectors.swap(r, i);
        let inv = (1..p).find(|&b| k.mul(vectors[r][c], b) == 1).unwrap();
        let pivot: Vec<u8> = vectors[r].iter().map(|&v| k.mul(v, inv)).collect();
        for (t, v) in vectors.iter_mut().enumerate() {
            if t != r && v[c] != 0 {
                let f = v[c];
                for (a, &b) in v.iter_mut().zip(&pivot) {
                    *a = k.add(*a, k.neg(k.mul(f, b)));
                }
            }
        }
        r += 1;
    }
    r
}

/// Random banded systems (some with empty rows and columns), in random and
/// Cuthill–McKee orders: the same solvability and nullity as Smith form,
/// every solution and kernel vector replayed, the kernel independent.
#[test]
fn agrees_with_the_dense_elimination() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    for round in 0..400 {
        let p = [2u8, 2, 3, 5, 7][round % 5];
        let k = Modulus::new(p as u32).unwrap();
        let n: usize = rng.gen_range(1..70);
        let width: usize = rng.gen_range(0..8);
        let mut ones = Vec::new();
        for i in 0..n {
            for j in i.saturating_sub(width)..(i + width + 1).min(n) {
                if rng.gen_bool(0.45) {
                    ones.push((i, j));
                }
            }
        }
        if round % 3 == 0 {
            // Symmetric, as the graphs' matrices are.
            let t: Vec<_> = ones.iter().map(|&(i, j)| (j, i)).collect();
            ones.extend(t);
        }
        let rhs: Vec<u8> = (0..n).map(|_| rng.gen_range(0..p)).collect();
        let m = dense(n, &ones);
        let reference = m.solve(&rhs, k);
        let mut orders = vec![identity(n), cuthill_mckee(n, &ones)];
        let mut shuffled = identity(n);
        for i in (1..n).rev() {
            shuffled.swap(i, rng.gen_range(0..=i));
        }
        orders.push(shuffled);
        for order in orders {
            let s = solve(p, n, &ones, &rhs, &order).unwrap();
            assert_eq!(s.kernel.len(), reference.kernel.len(), "round {round}");
            assert_eq!(s.particular.is_some(), reference.particular.is_some());
            if let Some(x) = &s.particular {
                assert_eq!(m.mul_vec(x, k), rhs);
            }
            for v in &s.kernel {
                assert!(m.mul_vec(v, k).iter().all(|&e| e == 0));
            }
            assert_eq!(rank(s.kernel.clone(), p), s.kernel.len());
        }
    }
}

#[test]
fn a_cycle_is_a_narrow_band_in_cuthill_mckee_order() {
    let n = 1000;
    let ones: Vec<_> = (0..n)
        .flat_map(|v| [(v, v), (v, (v + 1) % n), ((v + 1) % n, v)])
        .collect();
    assert!(front(n, &ones, &identity(n)) > n / 2);
    assert!(front(n, &ones, &cuthill_mckee(n, &ones)) <= 5);
    // σ+ on a cycle of 1000 (not a multiple of 3): no quiet pattern, all-on solved.
    let s = solve(2, n, &ones, &vec![1; n], &cuthill_mckee(n, &ones)).unwrap();
    assert!(s.kernel.is_empty());
    let x = s.particular.unwrap();
    let m = dense(n, &ones);
    assert!(m
        .mul_vec(&x, Modulus::new(2).unwrap())
        .iter()
        .all(|&e| e == 1));
}

#[test]
fn a_wide_front_is_refused_up_front() {
    let n = 60_000;
    let ones: Vec<_> = (0..n).flat_map(|v| [(v, v), (v, n - 1 - v)]).collect();
    let e = solve(3, n, &ones, &vec![0; n], &identity(n)).unwrap_err();
    assert!(e.to_string().contains("front"), "{e}");
}

#[test]
fn path_with_self_loops_has_one_solution() {
    use crate::linalg::band;

    // The path a – b – c with self-loops (the σ+ game): x_a + x_b = 1, x_a + x_b + x_c = 1, x_b + x_c = 1.
    let ones = [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)];
    let order = band::identity(3);
    let s = band::solve(2, 3, &ones, &[1, 1, 1], &order).unwrap();
    assert_eq!(s.particular, Some(vec![0, 1, 0]));
    assert!(s.kernel.is_empty());
}
