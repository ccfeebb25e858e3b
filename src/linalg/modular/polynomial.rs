//! Polynomials over GF(p), p a prime below 256: products, division, and the extended gcd the polynomial method of Lights Out needs.
//!
//! Coefficients are stored lowest degree first, with no zero leading
//! coefficient (the zero polynomial is empty). Schoolbook arithmetic: a
//! product or a gcd of degree-`n` polynomials costs `O(n²)` coefficient
//! operations, each one vectorised addition of a cached multiple.

use super::{add_mod, inverse};

/// A polynomial over GF(p).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolyMod {
    p: u8,
    coeffs: Vec<u8>,
}

impl PolyMod {
    /// The zero polynomial over GF(p).
    pub fn zero(p: u8) -> Self {
        PolyMod {
            p,
            coeffs: Vec::new(),
        }
    }

    /// The polynomial with these coefficients (lowest degree first, each below p).
    pub fn from_coeffs(p: u8, coeffs: Vec<u8>) -> Self {
        let mut f = PolyMod { p, coeffs };
        f.trim();
        f
    }

    /// `c·x^k`.
    pub fn monomial(p: u8, k: usize, c: u8) -> Self {
        let mut coeffs = vec![0; k + 1];
        coeffs[k] = c % p;
        Self::from_coeffs(p, coeffs)
    }

    /// The coefficients, lowest degree first (empty for zero).
    pub fn coeffs(&self) -> &[u8] {
        &self.coeffs
    }

    /// The degree, `None` for zero.
    pub fn degree(&self) -> Option<usize> {
        self.coeffs.len().checked_sub(1)
    }

    /// Whether this is the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.coeffs.is_empty()
    }

    fn trim(&mut self) {
        while self.coeffs.last() == Some(&0) {
            self.coeffs.pop();
        }
    }

    /// `self + c·x^shift·other`.
    pub fn add_scaled(&mut self, other: &PolyMod, c: u8, shift: usize) {
        if c == 0 || other.is_zero() {
            return;
        }
        let need = other.coeffs.len() + shift;
        if self.coeffs.len() < need {
            self.coeffs.resize(need, 0);
        }
        let scaled: Vec<u8> = other.coeffs.iter().map(|&x| mul(x, c, self.p)).collect();
        add_mod(&mut self.coeffs[shift..need], &scaled, self.p);
        self.trim();
    }

    /// `self · other`.
    pub fn mul(&self, other: &PolyMod) -> PolyMod {
        if self.is_zero() || other.is_zero() {
            return PolyMod::zero(self.p);
        }
        // Sums of products below 255² fit u64 for any length.
        let mut acc = vec![0u64; self.coeffs.len() + other.coeffs.len() - 1];
        for (i, &a) in self.coeffs.iter().enumerate() {
            if a != 0 {
                for (s, &b) in acc[i..].iter_mut().zip(&other.coeffs) {
                    *s += a as u64 * b as u64;
                }
            }
        }
        let p = self.p as u64;
        PolyMod::from_coeffs(self.p, acc.into_iter().map(|s| (s % p) as u8).collect())
    }

    /// Quotient and remainder of the division by `d` (nonzero).
    pub fn div_rem(&self, d: &PolyMod) -> (PolyMod, PolyMod) {
        let dd = d.degree().expect("division by the zero polynomial");
        let lead_inv = inverse(d.coeffs[dd], self.p);
        let mut r = self.clone();
        let mut q = vec![0u8; self.coeffs.len().saturating_sub(dd)];
        while let Some(rd) = r.degree().filter(|&rd| rd >= dd) {
            let c = mul(r.coeffs[rd], lead_inv, self.p);
            q[rd - dd] = c;
            r.add_scaled(d, self.p - c, rd - dd);
        }
        (PolyMod::from_coeffs(self.p, q), r)
    }

    /// `d = gcd(self, m)` (monic) and `s` with `s·self ≡ d (mod m)`.
    pub fn gcd_ext(&self, m: &PolyMod) -> (PolyMod, PolyMod) {
        let p = self.p;
        let (mut r0, mut r1) = (m.clone(), self.div_rem(m).1);
        let (mut s0, mut s1) = (PolyMod::zero(p), PolyMod::monomial(p, 0, 1));
        while !r1.is_zero() {
            let (q, r) = r0.div_rem(&r1);
            let mut s = s0;
            s.add_scaled(&q.mul(&s1), p - 1, 0);
            (r0, r1) = (r1, r);
            (s0, s1) = (s1, s);
        }
        match r0.degree() {
            // gcd(0, m) = m: s = 0 works.
            Some(d) => {
                let inv = inverse(r0.coeffs[d], p);
                let scale = |f: &PolyMod| {
                    PolyMod::from_coeffs(p, f.coeffs.iter().map(|&x| mul(x, inv, p)).collect())
                };
                (scale(&r0), scale(&s0))
            }
            None => (r0, s0),
        }
    }
}

#[inline]
fn mul(a: u8, b: u8, p: u8) -> u8 {
    (a as u32 * b as u32 % p as u32) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_and_gcd_satisfy_their_identities() {
        let p = 7;
        // (x+1)(x+2)(x+3) and (x+1)(x+5): the gcd is x+1.
        let lin = |c| PolyMod::from_coeffs(p, vec![c, 1]);
        let a = lin(1).mul(&lin(2)).mul(&lin(3));
        let m = lin(1).mul(&lin(5)).mul(&lin(6)).mul(&lin(4));
        let (d, s) = a.gcd_ext(&m);
        assert_eq!(d, lin(1));
        let (_, r) = s.mul(&a).div_rem(&m);
        assert_eq!(r, d);
        let (q, r) = m.div_rem(&a);
        let mut back = q.mul(&a);
        back.add_scaled(&r, 1, 0);
        assert_eq!(back, m);
    }
}
