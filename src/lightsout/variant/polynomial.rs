//! The polynomial method over GF(p): light chasing on the cross finished by one extended gcd of polynomials, for K prime.
//!
//! Chasing gives `x_{r+1} = −(s_r + x_{r−1} + T·x_r)` for the rows of
//! presses, `T = I + S` with `S` the adjacency of a path of `n` cells, so the
//! first row `u` must satisfy `P_m(T)·u = R`, where `R` is what the chase of
//! the lights alone leaves on the last row and `P_0 = 1, P_1 = −x,
//! P_{r+1} = −(x·P_r + P_{r−1})` — the K = 2 recurrence with signs (Sutner,
//! "Linear cellular automata and the Garden-of-Eden", Math. Intelligencer
//! 11(2), 1989, over GF(2); the signed form over GF(p) as in Kreh, "Lights
//! Out and variants", Amer. Math. Monthly 124(10), 2017).
//!
//! `e_0` is a cyclic vector of `S`: `χ_k(S)·e_0 = e_k` for the path
//! polynomials `χ_0 = 1, χ_1 = y, χ_{k+1} = y·χ_k − χ_{k−1}`, and `χ_n` is
//! the characteristic polynomial of `S`. So a vector `v` is `b(S)·e_0` with
//! `b = Σ v_k·χ_k`, and the system is the congruence `f·a ≡ b (mod χ_n)` with
//! `f(y) = P_m(1 + y)`. With `d = gcd(f, χ_n) = s·f mod χ_n`: the nullity is
//! `deg d`, the board is solvable exactly when `d | b`, one solution is
//! `a = s·b/d`, and the quiet first rows are `(χ_n/d)·y^j`, `j < deg d`.
//! Cost: `O(m·n)` for the chase and the recurrence, `O(n²)` for the algebra.

use super::chase::Chase;
use crate::grid::Grid;
use crate::linalg::modular::{add_mod, Generator, PolyMod};

/// One solution's first row (or `None`) and the quiet first rows, for the cross on the plane over GF(p).
pub(super) fn analyse(
    lights: &Grid<u8>,
    chase: &Chase,
    p: u8,
) -> (Option<Vec<u8>>, Vec<Generator>) {
    let (m, n) = (lights.dims().rows, lights.dims().cols);
    let left = chase.left(lights, &vec![0; n]);
    let chi = path_polynomials(n, p);
    let modulus = &chi[n];
    let b = combination(&chi, &left, p);
    let f = chase_polynomial(m, modulus, p);
    let (d, s) = f.gcd_ext(modulus);
    let nullity = d.degree().unwrap_or(0);
    let (cofactor, _) = modulus.div_rem(&d);
    let kernel = (0..nullity)
        .map(|j| Generator {
            vector: vector(&cofactor.mul(&PolyMod::monomial(p, j, 1)), n, p),
            order: p as u32,
        })
        .collect();
    let (b_over_d, remainder) = b.div_rem(&d);
    let first = remainder
        .is_zero()
        .then(|| vector(&s.mul(&b_over_d).div_rem(modulus).1, n, p));
    (first, kernel)
}

/// `χ_0 … χ_n`, the path polynomials (`χ_n` is the characteristic polynomial of the path's adjacency).
fn path_polynomials(n: usize, p: u8) -> Vec<PolyMod> {
    let mut chi = vec![PolyMod::monomial(p, 0, 1), PolyMod::monomial(p, 1, 1)];
    for k in 1..n {
        let mut next = PolyMod::zero(p);
        next.add_scaled(&chi[k], 1, 1);
        next.add_scaled(&chi[k - 1], p - 1, 0);
        chi.push(next);
    }
    chi.truncate(n + 1);
    chi
}

/// `Σ v_k·χ_k`: the polynomial `b` with `b(S)·e_0 = v`.
fn combination(chi: &[PolyMod], v: &[u8], p: u8) -> PolyMod {
    let mut b = PolyMod::zero(p);
    for (k, &c) in v.iter().enumerate() {
        b.add_scaled(&chi[k], c, 0);
    }
    b
}

/// `P_m(1 + y) mod χ_n`, by the signed recurrence, one multiplication by `1 + y` per row.
fn chase_polynomial(m: usize, modulus: &PolyMod, p: u8) -> PolyMod {
    let n = modulus.degree().unwrap_or(0);
    let mut prev = vec![0u8; n];
    let mut here = vec![0u8; n];
    if n > 0 {
        here[0] = 1;
    }
    let neg = |x: u8| if x == 0 { 0 } else { p - x };
    let chi = modulus.coeffs();
    for _ in 0..m {
        // next = −((1 + y)·here + prev), reduced mod the monic χ_n of degree n.
        let mut next = vec![0u8; n + 1];
        next[..n].copy_from_slice(&here);
        add_mod(&mut next[1..], &here, p);
        add_mod(&mut next[..n], &prev, p);
        let top = next[n];
        if top != 0 {
            let scaled: Vec<u8> = chi[..n]
                .iter()
                .map(|&c| (neg(c) as u32 * top as u32 % p as u32) as u8)
                .collect();
            add_mod(&mut next[..n], &scaled, p);
        }
        next.truncate(n);
        next.iter_mut().for_each(|x| *x = neg(*x));
        prev = std::mem::replace(&mut here, next);
    }
    PolyMod::from_coeffs(p, here)
}

/// `a(S)·e_0`, by Horner's rule: `n` multiplications by the path's adjacency.
fn vector(a: &PolyMod, n: usize, p: u8) -> Vec<u8> {
    let mut w = vec![0u8; n];
    let mut shifted = vec![0u8; n];
    for &c in a.coeffs().iter().rev() {
        // w = S·w + c·e_0, with (S·w)_k = w_{k−1} + w_{k+1}.
        shifted.iter_mut().for_each(|x| *x = 0);
        if n > 1 {
            shifted[1..].copy_from_slice(&w[..n - 1]);
            add_mod(&mut shifted[..n - 1], &w[1..], p);
        }
        std::mem::swap(&mut w, &mut shifted);
        if n > 0 {
            w[0] = ((w[0] as u32 + c as u32) % p as u32) as u8;
        }
    }
    w
}
