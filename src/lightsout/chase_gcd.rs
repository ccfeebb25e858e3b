//! The polynomial method: light chasing finished by one extended gcd instead of an elimination.
//!
//! Chasing gives `p_{k+1} = T·p_k + p_{k-1} + s_k` for the rows of presses,
//! with `T = tridiag(1,1,1)`, so the first row `u` must satisfy
//! `f_{m+1}(T)·u = c`, where `c` is what the chase of the lights alone leaves
//! for a virtual row `m`, and `f_0 = 0, f_1 = 1, f_{k+1} = x·f_k + f_{k-1}`
//! over GF(2) (Sutner, "Linear cellular automata and the Garden-of-Eden",
//! Math. Intelligencer 11(2), 1989; Sanchez & Pareja-Flores, Math. Magazine
//! 74(4), 2001, the source of the Lights Out chapter).
//!
//! `e_1` is a cyclic vector of `T`: `T^k·e_1` has its highest bit at `k`, so
//! the vectors `T^0·e_1 … T^{n-1}·e_1` form a triangular basis and every
//! vector is `g(T)·e_1` for one polynomial `g` of degree `< n`. With
//! `P = f_{n+1}(x+1)`, the characteristic polynomial of `T`, the system
//! becomes the congruence `f_{m+1}·g ≡ h (mod P)`. One extended gcd
//! `d = gcd(f_{m+1}, P) = s·f_{m+1} mod P` decides everything: the nullity
//! is `deg d` (Sutner's theorem), the state is solvable exactly when `d`
//! divides `h`, one solution is `g = s·h/d`, and the quiet patterns are
//! `(P/d)·x^j`, `j < deg d`. Cost: `O(m·n/64)` for the chases and
//! `O(n²/64)` word operations for the algebra.

use super::rows::{self, Row};
use super::{Analysis, Oriented};
use crate::grid::{BitGrid, Dims};
use crate::linalg::gf2::Poly;

/// Analyses `lights`, already turned so that columns ≤ rows.
pub fn analyse(lights: &BitGrid, oriented: Oriented) -> Analysis {
    let dims = lights.dims();
    let (m, n) = (dims.rows, dims.cols);
    let light_rows = rows::from_grid(lights);
    let zero_first = vec![0u64; rows::words(n)];
    let (_, c) = rows::chase(&light_rows, &zero_first, n);
    let krylov = Krylov::new(n);
    let h = krylov.coordinates(&c);
    let modulus = chebyshev_shifted(n + 1);
    let f = chebyshev_mod(m + 1, &modulus);
    let (d, s) = f.gcd_ext(&modulus);
    let cofactor = modulus.div_rem(&d).0;
    let nullity = d.degree().unwrap_or(0);
    let kernel: Vec<Row> = (0..nullity)
        .map(|j| krylov.vector(&cofactor.mul(&Poly::monomial(j))))
        .collect();
    let (h_over_d, remainder) = h.div_rem(&d);
    let first_row = remainder
        .is_zero()
        .then(|| krylov.vector(&s.mul(&h_over_d).rem(&modulus)));
    Analysis::from_chase(lights, oriented, first_row, kernel)
}

/// The nullity of the `dims` board: `deg gcd(f_{m+1}(x), f_{n+1}(x+1))`
/// (Sutner), with `n` the shorter side. No board is built: `O(n²/64 + m·n/64)` word operations.
pub fn nullity(dims: Dims) -> usize {
    let (m, n) = (dims.rows.max(dims.cols), dims.rows.min(dims.cols));
    let modulus = chebyshev_shifted(n + 1);
    let (d, _) = chebyshev_mod(m + 1, &modulus).gcd_ext(&modulus);
    d.degree().unwrap_or(0)
}

/// `f_k` reduced modulo `modulus`, by the recurrence `f_{k+1} = x·f_k + f_{k-1}`.
fn chebyshev_mod(k: usize, modulus: &Poly) -> Poly {
    let deg = modulus.degree().unwrap_or(0);
    let (mut prev, mut cur) = (Poly::zero(), Poly::one());
    if k == 0 {
        return prev;
    }
    for _ in 1..k {
        let mut next = Poly::zero();
        next.add_shifted(&cur, 1);
        if next.degree() == Some(deg) {
            next.add_shifted(modulus, 0);
        }
        next.add_shifted(&prev, 0);
        prev = std::mem::replace(&mut cur, next);
    }
    cur
}

/// `f_k(x+1)`, by the same recurrence with `x+1` for `x`: the characteristic
/// polynomial of the `(k-1)`-cell row matrix `T` over GF(2).
fn chebyshev_shifted(k: usize) -> Poly {
    let x_plus_1 = Poly::from_words(vec![0b11]);
    let (mut prev, mut cur) = (Poly::zero(), Poly::one());
    for _ in 1..k {
        let next = x_plus_1.mul(&cur).add(&prev);
        prev = std::mem::replace(&mut cur, next);
    }
    cur
}

/// The triangular basis `T^k·e_1`, `k < n`, of the row space.
struct Krylov {
    n: usize,
    basis: Vec<Row>,
}

impl Krylov {
    fn new(n: usize) -> Self {
        let w = rows::words(n);
        let mut basis = Vec::with_capacity(n);
        let mut v = vec![0u64; w];
        v[0] = 1;
        for _ in 0..n {
            let mut next = vec![0u64; w];
            rows::spread(&v, n, &mut next);
            basis.push(std::mem::replace(&mut v, next));
        }
        Krylov { n, basis }
    }

    /// The polynomial `g` (degree `< n`) with `g(T)·e_1 = v`, by back-substitution from the top bit.
    fn coordinates(&self, v: &[u64]) -> Poly {
        let mut v = v.to_vec();
        let mut g = vec![0u64; rows::words(self.n)];
        for k in (0..self.n).rev() {
            if v[k / 64] >> (k % 64) & 1 == 1 {
                g[k / 64] |= 1 << (k % 64);
                for (a, b) in v.iter_mut().zip(&self.basis[k]) {
                    *a ^= b;
                }
            }
        }
        Poly::from_words(g)
    }

    /// `g(T)·e_1` for `g` of degree `< n`.
    fn vector(&self, g: &Poly) -> Row {
        let mut v = vec![0u64; rows::words(self.n)];
        for k in (0..self.n).filter(|&k| g.coeff(k)) {
            for (a, b) in v.iter_mut().zip(&self.basis[k]) {
                *a ^= b;
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_characteristic_polynomial_annihilates_t() {
        // Cayley–Hamilton: P(T)·e_1 = 0, checked through the Krylov basis.
        for n in 1..70 {
            let p = chebyshev_shifted(n + 1);
            assert_eq!(p.degree(), Some(n));
            let krylov = Krylov::new(n);
            // P(T)e_1 = T^n e_1 + (lower terms)(T) e_1.
            let mut v = krylov.vector(&p.add(&Poly::monomial(n)));
            let mut tn = krylov.basis[n - 1].clone();
            let mut spread = vec![0u64; tn.len()];
            rows::spread(&tn, n, &mut spread);
            tn = spread;
            for (a, b) in v.iter_mut().zip(&tn) {
                *a ^= b;
            }
            assert!(v.iter().all(|&w| w == 0), "n = {n}");
        }
    }
}
