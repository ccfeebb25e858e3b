//! The Smith-form solver against brute force over every vector, for prime, prime-power and composite K.

use super::*;
use rand::{Rng, SeedableRng};

/// Plain Gauss over GF(p), one pivot at a time, pivots sought in the first
/// `cols` columns of `rows`: the rank there, and whether every row left
/// without a pivot is zero past those columns (for an augmented matrix,
/// `cols` its coefficient part: whether the system is consistent). The
/// reference the faster eliminations of the sub-modules are tested against.
pub(crate) fn plain_rank(p: u8, rows: &[Vec<u8>], cols: usize) -> (usize, bool) {
    let p = p as u32;
    let mut m: Vec<Vec<u32>> = rows
        .iter()
        .map(|r| r.iter().map(|&x| x as u32).collect())
        .collect();
    let mut r = 0;
    for c in 0..cols {
        let Some(k) = (r..m.len()).find(|&i| m[i][c] != 0) else {
            continue;
        };
        m.swap(r, k);
        let inv = u32::from(inverse(m[r][c] as u8, p as u8));
        let pivot: Vec<u32> = m[r].iter().map(|&v| v * inv % p).collect();
        for row in m.iter_mut().skip(r + 1) {
            let f = row[c];
            for (a, &b) in row.iter_mut().zip(&pivot) {
                *a = (*a + (p - f) * b) % p;
            }
        }
        r += 1;
    }
    let consistent = m[r..].iter().all(|row| row[cols..].iter().all(|&x| x == 0));
    (r, consistent)
}

/// `A·x` over Z/K, `A` the `n` × `n` matrix with entries 1 at `ones` (repeats count once).
pub(crate) fn apply_ones(k: Modulus, n: usize, ones: &[(usize, usize)], x: &[u8]) -> Vec<u8> {
    let mut m = ModMatrix::zeros(n, n);
    ones.iter().for_each(|&(i, j)| m.set(i, j, 1));
    m.mul_vec(x, k)
}

/// Checks an answer to `A·x = b` over Z/K (`A` the 0/1 matrix of `ones`)
/// against the dense Smith form's `reference`: the same number of solutions
/// and kernel orders; the solution replays; every generator solves `A·g = 0`
/// and has its order; the generators of each prime power `q = p^e` of K are
/// independent (a sum of cyclic groups is direct exactly when the elements of
/// order p, `(order/p)·g`, are independent over GF(p)); the witness `w` has
/// `w·A = 0` and `w·b ≠ 0`.
pub(crate) fn check_against_smith(
    k: Modulus,
    n: usize,
    ones: &[(usize, usize)],
    rhs: &[u8],
    answer: &Solutions,
    reference: &Solutions,
    context: &str,
) {
    let orders = |s: &Solutions| {
        let mut o: Vec<u32> = s.kernel.iter().map(|g| g.order).collect();
        o.sort_unstable();
        o
    };
    if let Some(x) = &answer.particular {
        assert_eq!(apply_ones(k, n, ones, x), rhs, "{context}: replay");
    }
    for g in &answer.kernel {
        assert!(
            apply_ones(k, n, ones, &g.vector).iter().all(|&v| v == 0),
            "{context}"
        );
        let times = |m: u32| {
            g.vector
                .iter()
                .map(move |&v| (v as u32 * m % k.get() as u32) as u8)
        };
        assert!(times(g.order).all(|v| v == 0), "{context}: order");
    }
    for (p, q) in k.prime_power_factors() {
        let socle: Vec<Vec<u8>> = answer
            .kernel
            .iter()
            .filter(|g| g.order % p == 0)
            .map(|g| {
                let m = g.order / p;
                let h = g.vector.iter().map(|&v| v as u32 * m % k.get() as u32 % q);
                h.map(|v| (v / (q / p)) as u8).collect()
            })
            .collect();
        assert_eq!(
            plain_rank(p as u8, &socle, n).0,
            socle.len(),
            "{context}: independence"
        );
    }
    assert_eq!(
        orders(answer),
        orders(reference),
        "{context}: kernel orders"
    );
    assert_eq!(answer.count(), reference.count(), "{context}: count");
    assert_eq!(
        answer.witness.is_some(),
        answer.particular.is_none(),
        "{context}"
    );
    if let Some(w) = &answer.witness {
        let t: Vec<(usize, usize)> = ones.iter().map(|&(i, j)| (j, i)).collect();
        assert!(
            apply_ones(k, n, &t, w).iter().all(|&v| v == 0),
            "{context}: w·A"
        );
        let dot: u64 = w.iter().zip(rhs).map(|(&a, &b)| a as u64 * b as u64).sum();
        assert_ne!(dot % k.get() as u64, 0, "{context}: w·b");
    }
}

/// Every vector of `(Z/k)^n`, in counting order.
fn all_vectors(n: usize, k: u8) -> impl Iterator<Item = Vec<u8>> {
    let total = (k as u64).pow(n as u32);
    (0..total).map(move |mut i| {
        (0..n)
            .map(|_| {
                let d = (i % k as u64) as u8;
                i /= k as u64;
                d
            })
            .collect()
    })
}

fn random_matrix(rng: &mut impl Rng, r: usize, c: usize, k: u8) -> ModMatrix {
    let mut a = ModMatrix::zeros(r, c);
    for i in 0..r {
        for j in 0..c {
            // Mostly small entries, so that singular systems are common.
            let v = if rng.gen_bool(0.5) {
                0
            } else {
                rng.gen_range(0..k)
            };
            a.set(i, j, v);
        }
    }
    a
}

fn scaled(v: &[u8], f: u32, k: Modulus) -> Vec<u8> {
    v.iter()
        .map(|&x| (x as u32 * f % k.get() as u32) as u8)
        .collect()
}

#[test]
fn smith_form_agrees_with_brute_force_on_random_systems() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    for k in [2u8, 3, 4, 5, 6, 8, 9, 12] {
        let modulus = Modulus::new(k as u32).unwrap();
        for _ in 0..40 {
            let (r, c) = (rng.gen_range(1..=4), rng.gen_range(1..=4));
            let a = random_matrix(&mut rng, r, c, k);
            let b: Vec<u8> = (0..r).map(|_| rng.gen_range(0..k)).collect();
            let brute = all_vectors(c, k)
                .filter(|x| a.mul_vec(x, modulus) == b)
                .count();
            let kernel_size = all_vectors(c, k)
                .filter(|x| a.mul_vec(x, modulus).iter().all(|&y| y == 0))
                .count();
            let s = a.solve(&b, modulus);
            assert_eq!(s.count(), brute.to_string(), "K={k} A={a:?} b={b:?}");
            let orders: usize = s.kernel.iter().map(|g| g.order as usize).product();
            assert_eq!(orders, kernel_size, "K={k} A={a:?}");
            for g in &s.kernel {
                assert!(a.mul_vec(&g.vector, modulus).iter().all(|&y| y == 0));
                assert!(scaled(&g.vector, g.order, modulus).iter().all(|&y| y == 0));
                // No smaller multiple vanishes: the order is exact.
                for f in 1..g.order {
                    assert!(scaled(&g.vector, f, modulus).iter().any(|&y| y != 0));
                }
            }
            match &s.particular {
                Some(x) => assert_eq!(a.mul_vec(x, modulus), b),
                None => {
                    let w = s.witness.as_ref().expect("a witness when unsolvable");
                    assert!(a.transposed().mul_vec(w, modulus).iter().all(|&y| y == 0));
                    assert_ne!(dot(w, &b, modulus), 0, "w·b must be nonzero");
                }
            }
        }
    }
}

#[test]
fn the_states_must_be_from_2_to_255() {
    assert!(Modulus::new(1).is_err());
    assert!(Modulus::new(256).is_err());
    assert!(Modulus::new(255).is_ok());
    assert!(Modulus::new(251).unwrap().is_prime());
    assert!(!Modulus::new(255).unwrap().is_prime());
}

#[test]
fn decimal_products_are_exact() {
    assert_eq!(decimal_product([]), "1");
    assert_eq!(
        decimal_product(std::iter::repeat_n(2, 100)),
        "1267650600228229401496703205376"
    );
    assert_eq!(
        decimal_product(std::iter::repeat_n(255, 5)),
        (255u64.pow(5)).to_string()
    );
}

#[test]
fn additions_mod_q_agree_with_plain_arithmetic() {
    for q in [2u8, 3, 4, 7, 9, 127, 128, 129, 243, 251, 255] {
        let all: Vec<u8> = (0..q).collect();
        for s in 0..q {
            let mut dst = all.clone();
            add_mod(&mut dst, &vec![s; q as usize], q);
            let expected: Vec<u8> = all
                .iter()
                .map(|&d| ((d as u32 + s as u32) % q as u32) as u8)
                .collect();
            assert_eq!(dst, expected, "q={q} s={s}");
        }
    }
}

#[test]
fn inverses_of_the_units_mod_every_modulus_below_256_are_inverses() {
    for m in 2u8..=255 {
        let coprime = |a: u8| (2..=a).all(|d| a % d != 0 || m % d != 0);
        for a in (1..m).filter(|&a| coprime(a)) {
            assert_eq!(
                u32::from(a) * u32::from(inverse(a, m)) % u32::from(m),
                1,
                "{a} mod {m}"
            );
        }
    }
}

#[test]
fn two_x_equals_two_mod_4() {
    use crate::linalg::modular::{ModMatrix, Modulus};

    // 2x = 2 (mod 4): x = 1 or x = 3.
    let k = Modulus::new(4).unwrap();
    let mut a = ModMatrix::zeros(1, 1);
    a.set(0, 0, 2);
    let s = a.solve(&[2], k);
    let x = s.particular.clone().unwrap();
    assert_eq!(a.mul_vec(&x, k), vec![2]);
    assert_eq!(s.count(), "2");
    assert!(a.solve(&[1], k).witness.is_some());
}
