//! Polynomials over GF(2), one bit per coefficient packed in 64-bit words.
//!
//! Enough arithmetic for the polynomial Lights Out solver: product, division
//! with remainder, and the extended Euclidean algorithm. Every operation is a
//! sequence of shifted XORs, so degree-`n` work costs about `n²/64` word operations.

use std::cmp::Ordering;

/// A polynomial over GF(2); bit `k` of the words is the coefficient of `x^k`.
/// The words never carry zero high words, so equal polynomials compare equal.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Poly {
    words: Vec<u64>,
}

impl std::fmt::Debug for Poly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let terms: Vec<String> = (0..=self.degree().unwrap_or(0))
            .rev()
            .filter(|&k| self.coeff(k))
            .map(|k| match k {
                0 => "1".to_string(),
                1 => "x".to_string(),
                _ => format!("x^{k}"),
            })
            .collect();
        if terms.is_empty() {
            write!(f, "0")
        } else {
            write!(f, "{}", terms.join(" + "))
        }
    }
}

impl Poly {
    /// The zero polynomial.
    pub fn zero() -> Self {
        Poly { words: Vec::new() }
    }

    /// The constant 1.
    pub fn one() -> Self {
        Self::monomial(0)
    }

    /// `x^k`.
    pub fn monomial(k: usize) -> Self {
        let mut words = vec![0u64; k / 64 + 1];
        words[k / 64] = 1 << (k % 64);
        Poly { words }
    }

    /// The polynomial whose coefficients are `bits` (bit `k` for `x^k`).
    pub fn from_words(words: Vec<u64>) -> Self {
        let mut p = Poly { words };
        p.trim();
        p
    }

    fn trim(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }

    /// Whether this is the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.words.is_empty()
    }

    /// The degree; `None` for zero.
    pub fn degree(&self) -> Option<usize> {
        let top = *self.words.last()?;
        Some((self.words.len() - 1) * 64 + 63 - top.leading_zeros() as usize)
    }

    /// The coefficient of `x^k`.
    pub fn coeff(&self, k: usize) -> bool {
        self.words
            .get(k / 64)
            .is_some_and(|w| w >> (k % 64) & 1 == 1)
    }

    /// `self += other · x^shift` (addition is XOR).
    pub fn add_shifted(&mut self, other: &Poly, shift: usize) {
        if other.is_zero() {
            return;
        }
        let (ws, bs) = (shift / 64, shift % 64);
        let need = other.words.len() + ws + 1;
        if self.words.len() < need {
            self.words.resize(need, 0);
        }
        for (i, &w) in other.words.iter().enumerate() {
            self.words[i + ws] ^= w << bs;
            if bs > 0 {
                self.words[i + ws + 1] ^= w >> (64 - bs);
            }
        }
        self.trim();
    }

    /// `self + other`.
    pub fn add(&self, other: &Poly) -> Poly {
        let mut s = self.clone();
        s.add_shifted(other, 0);
        s
    }

    /// `self · other` (carry-less product, shift and XOR per set bit of the shorter factor).
    pub fn mul(&self, other: &Poly) -> Poly {
        let (a, b) = if self.words.len() <= other.words.len() {
            (self, other)
        } else {
            (other, self)
        };
        let mut product = Poly::zero();
        for (i, &w) in a.words.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let bit = w.trailing_zeros() as usize;
                product.add_shifted(b, i * 64 + bit);
                w &= w - 1;
            }
        }
        product
    }

    /// Quotient and remainder of `self / divisor`.
    ///
    /// # Panics
    /// When `divisor` is zero.
    pub fn div_rem(&self, divisor: &Poly) -> (Poly, Poly) {
        let d = divisor.degree().expect("division by the zero polynomial");
        let mut rem = self.clone();
        let mut quot = Poly::zero();
        while let Some(r) = rem.degree() {
            if r < d {
                break;
            }
            quot.add_shifted(&Poly::one(), r - d);
            rem.add_shifted(divisor, r - d);
        }
        (quot, rem)
    }

    /// `self mod modulus`.
    pub fn rem(&self, modulus: &Poly) -> Poly {
        self.div_rem(modulus).1
    }

    /// The greatest common divisor `d` of `self` and `modulus`, with `s` such
    /// that `s · self ≡ d (mod modulus)` (extended Euclid, keeping only the
    /// cofactor of `self`).
    pub fn gcd_ext(&self, modulus: &Poly) -> (Poly, Poly) {
        // Invariants: r0 ≡ s0·self, r1 ≡ s1·self (mod modulus).
        let (mut r0, mut s0) = (modulus.clone(), Poly::zero());
        let (mut r1, mut s1) = (self.rem(modulus), Poly::one());
        while let Some(d1) = r1.degree() {
            // One reduction step of r0 by r1: cancel r0's leading term.
            match r0.degree() {
                Some(d0) if d0 >= d1 => {
                    r0.add_shifted(&r1, d0 - d1);
                    s0.add_shifted(&s1, d0 - d1);
                }
                _ => {
                    std::mem::swap(&mut r0, &mut r1);
                    std::mem::swap(&mut s0, &mut s1);
                }
            }
        }
        (r0, s0.rem(modulus))
    }
}

impl PartialOrd for Poly {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Poly {
    /// By degree, then coefficients from the top: a total order for tests and sets.
    fn cmp(&self, other: &Self) -> Ordering {
        self.words
            .len()
            .cmp(&other.words.len())
            .then_with(|| self.words.iter().rev().cmp(other.words.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn poly(bits: u64) -> Poly {
        Poly::from_words(vec![bits])
    }

    #[test]
    fn small_products_and_quotients() {
        // (x + 1)² = x² + 1 over GF(2).
        assert_eq!(poly(0b11).mul(&poly(0b11)), poly(0b101));
        let (q, r) = poly(0b1011).div_rem(&poly(0b11));
        assert_eq!(q.mul(&poly(0b11)).add(&r), poly(0b1011));
        assert!(r.degree().unwrap_or(0) < 1);
        assert_eq!(format!("{:?}", poly(0b1011)), "x^3 + x + 1");
    }

    fn arb_poly() -> impl Strategy<Value = Poly> {
        prop::collection::vec(any::<u64>(), 0..4).prop_map(Poly::from_words)
    }

    proptest! {
        #[test]
        fn division_reassembles(a in arb_poly(), b in arb_poly()) {
            prop_assume!(!b.is_zero());
            let (q, r) = a.div_rem(&b);
            prop_assert_eq!(q.mul(&b).add(&r), a);
            prop_assert!(r.is_zero() || r.degree() < b.degree());
        }

        #[test]
        fn extended_gcd_divides_and_combines(a in arb_poly(), m in arb_poly()) {
            prop_assume!(m.degree().is_some_and(|d| d > 0));
            let (d, s) = a.gcd_ext(&m);
            prop_assert!(!d.is_zero());
            prop_assert!(m.rem(&d).is_zero());
            prop_assert!(a.rem(&d).is_zero());
            prop_assert_eq!(s.mul(&a).rem(&m), d.rem(&m));
        }
    }
}
