//! The press system `M·x = rhs` over Z/K of a board or a graph, solved by the method its size and shape allow.
//!
//! - K squarefree (every prime K has, and 6, 10, 15, …): over GF(p) for each
//!   prime p of K by the band elimination of [`crate::linalg::band`], in the order
//!   of the unknowns that gives the narrowest front, and joined by the
//!   Chinese remainder theorem. A front too wide for that (more than half the
//!   unknowns) is left to the dense elimination while the system is small enough for it.
//! - K with a square factor (4, 8, 9, 12, …), past the dense elimination's
//!   size: the one solution lifted from GF(p) when the matrix is invertible
//!   modulo every prime p of K; otherwise over Z/p^e for each prime power of
//!   K by the sparse-direct elimination with unit pivots of
//!   [`crate::linalg::modular::sparse::solve_power`] (over GF(p) as above when p
//!   divides K once), joined by the Chinese remainder theorem.
//! - Otherwise the dense elimination: the word-parallel GF(2) elimination of
//!   [`crate::linalg::gf2`] for K = 2, Smith form over each prime power of K ([`crate::linalg::modular`]).

use crate::error::{Bound, Error, Result};
use crate::linalg::band;
use crate::linalg::gf2::{sparse, BitMatrix};
use crate::linalg::modular::sparse::PowerSolution;
use crate::linalg::modular::{crt_embed, Generator, ModMatrix, Modulus, Solutions};
use fixedbitset::FixedBitSet;

/// The largest board the elimination over Z/K (K > 2) takes, in cells (a 64 × 64 board).
pub const MAX_STATES_GAUSS_CELLS: usize = 4096;

/// The largest board the GF(2) elimination takes with a pattern that cannot be chased, in cells.
pub const MAX_GF2_GAUSS_CELLS: usize = 16_384;

/// The widest band front (columns) the band elimination is used with over GF(2);
/// wider fronts (random graphs, expanders) go to the sparse-direct elimination.
pub const SPARSE_FRONT: usize = 1024;

/// The vector of Z/K that is `v` (entries below `q`) modulo the prime power `q` of K and 0 modulo the others.
fn lift(v: &[u8], q: u32, k: Modulus) -> Vec<u8> {
    let v: Vec<u32> = v.iter().map(|&x| x as u32).collect();
    crt_embed(&v, q, k)
}

/// The system: `n` unknowns and equations, entries 1 at `ones` (row, column).
pub(super) struct System<'a> {
    /// K.
    pub k: Modulus,
    /// Unknowns (and equations).
    pub n: usize,
    /// Where the matrix is 1.
    pub ones: &'a [(usize, usize)],
    /// Whether `M = Mᵀ` (the witness is then in `M`'s own kernel).
    pub symmetric: bool,
    /// Orders of the unknowns to try for the band elimination (the narrowest front wins).
    pub orders: Vec<Vec<usize>>,
    /// What the unknowns are, for a refusal ("cells", "graph vertices": "cells 300000 is over the limit of …").
    pub what: &'static str,
}

impl System<'_> {
    /// Solves `M·x = rhs`: one solution and the kernel, or the witness that there is none.
    ///
    /// Refused, naming the limit, when neither elimination takes the system.
    pub fn solve(&self, rhs: &[u8]) -> Result<Solutions> {
        let dense_limit = match self.k.get() {
            2 => MAX_GF2_GAUSS_CELLS,
            _ => MAX_STATES_GAUSS_CELLS,
        };
        let squarefree = self.k.squarefree_primes().is_some();
        if !squarefree && self.n <= MAX_STATES_GAUSS_CELLS {
            return Ok(self.dense(rhs));
        }
        if self.n > band::MAX_BAND_UNKNOWNS.max(dense_limit) {
            return Err(Error::TooLarge {
                bound: Bound::Other(self.what),
                got: self.n.into(),
                limit: band::MAX_BAND_UNKNOWNS.into(),
                note: " for the elimination".into(),
            });
        }
        let identity = band::identity(self.n);
        let Some((order, front)) = self
            .orders
            .iter()
            .map(|o| (o, band::front(self.n, self.ones, o)))
            .min_by_key(|&(_, f)| f)
        else {
            if !squarefree {
                return self.by_prime_powers(rhs, &identity);
            }
            return Ok(self.dense(rhs));
        };
        if !squarefree {
            if let Some(s) = self.lifted(rhs)? {
                return Ok(s);
            }
            return self.by_prime_powers(rhs, order);
        }
        let sparse = front > SPARSE_FRONT;
        if self.n <= dense_limit && 2 * front > self.n && !sparse {
            return Ok(self.dense(rhs));
        }
        match self.by_prime_powers(rhs, order) {
            Err(Error::TooLarge { .. }) if self.n <= dense_limit => Ok(self.dense(rhs)),
            other => other,
        }
    }

    /// K with a square factor, the matrix invertible modulo every prime p of
    /// K: the one solution modulo each p^e lifted from GF(p) a digit at a time
    /// (Hensel lifting, as in Dixon, "Exact solution of linear equations using
    /// p-adic expansions", Numerische Mathematik 40, 1982: with `x ≡ x_i mod
    /// p^i`, the residual `b − M·x_i` is divisible by p^i and the next digit
    /// solves `M·y ≡ (b − M·x_i)/p^i mod p`), joined by the Chinese remainder
    /// theorem. The solution is then the only one (M is invertible mod K).
    /// `None` when M is singular modulo some p (its kernel over Z/p^e is not
    /// found this way).
    fn lifted(&self, rhs: &[u8]) -> Result<Option<Solutions>> {
        let n = self.n;
        let mut ones = self.ones.to_vec();
        ones.sort_unstable();
        ones.dedup();
        let Some(order) = self.orders.iter().min_by_key(|o| band::front(n, &ones, o)) else {
            return Ok(None);
        };
        let k = self.k;
        let mut x = vec![0u8; n];
        for (p, q) in k.prime_power_factors() {
            let mut local = vec![0u32; n];
            let mut residual: Vec<u32> = rhs.iter().map(|&v| v as u32 % q).collect();
            let mut scale = 1;
            while scale < q {
                let digit_rhs: Vec<u8> = residual.iter().map(|&r| (r / scale % p) as u8).collect();
                let s = self.eliminate(p as u8, &ones, &digit_rhs, order)?;
                let (Some(y), true) = (s.particular, s.kernel.is_empty()) else {
                    return Ok(None);
                };
                let mut my = vec![0u32; n];
                for &(i, j) in &ones {
                    my[i] += y[j] as u32;
                }
                for i in 0..n {
                    local[i] = (local[i] + scale * y[i] as u32) % q;
                    residual[i] = (residual[i] + q - scale * (my[i] % q) % q) % q;
                }
                scale *= p;
            }
            for (a, b) in x.iter_mut().zip(crt_embed(&local, q, k)) {
                *a = k.add(*a, b);
            }
        }
        Ok(Some(Solutions {
            particular: Some(x),
            kernel: Vec::new(),
            witness: None,
        }))
    }

    /// Prime power by prime power (over GF(p) through the band or the sparse
    /// elimination, over Z/p^e through the sparse one), joined by the Chinese
    /// remainder theorem. The witness, when there is no solution modulo some
    /// p^e, is the first kernel generator of the transpose modulo p^e that
    /// does not annihilate the lights there (one exists: Z/p^e is a Frobenius
    /// ring, so the image of M is what the kernel of Mᵀ annihilates).
    fn by_prime_powers(&self, rhs: &[u8], order: &[usize]) -> Result<Solutions> {
        let k = self.k;
        let mut x = Some(vec![0u8; self.n]);
        let mut kernel = Vec::new();
        let mut witness = None;
        for (p, q) in k.prime_power_factors() {
            let local: Vec<u8> = rhs.iter().map(|&v| (v as u32 % q) as u8).collect();
            let s = self.local(p as u8, q as u8, self.ones, &local, order)?;
            match (&mut x, &s.particular) {
                (Some(x), Some(xp)) => {
                    for (a, b) in x.iter_mut().zip(lift(xp, q, k)) {
                        *a = k.add(*a, b);
                    }
                }
                _ => x = None,
            }
            if s.particular.is_none() && witness.is_none() {
                let dual = if self.symmetric {
                    s.kernel.clone()
                } else {
                    let t: Vec<(usize, usize)> = self.ones.iter().map(|&(i, j)| (j, i)).collect();
                    let zero = vec![0; self.n];
                    self.local(p as u8, q as u8, &t, &zero, order)?.kernel
                };
                let overlaps = |w: &&Generator| {
                    let sum: u64 = w
                        .vector
                        .iter()
                        .zip(&local)
                        .map(|(&a, &b)| a as u64 * b as u64)
                        .sum();
                    sum % q as u64 != 0
                };
                witness = dual.iter().find(overlaps).map(|w| lift(&w.vector, q, k));
            }
            kernel.extend(s.kernel.iter().map(|g| Generator {
                vector: lift(&g.vector, q, k),
                order: g.order,
            }));
        }
        Ok(Solutions {
            particular: x,
            kernel,
            witness,
        })
    }

    /// Over Z/q, `q` a power of the prime `p`: over GF(p) by [`Self::eliminate`],
    /// over Z/p^e by the sparse elimination with unit pivots.
    fn local(
        &self,
        p: u8,
        q: u8,
        ones: &[(usize, usize)],
        rhs: &[u8],
        order: &[usize],
    ) -> Result<PowerSolution> {
        if p != q {
            return crate::linalg::modular::sparse::solve_power(p, q, self.n, ones, rhs);
        }
        let s = self.eliminate(p, ones, rhs, order)?;
        Ok(PowerSolution {
            particular: s.particular,
            kernel: s
                .kernel
                .into_iter()
                .map(|vector| Generator {
                    vector,
                    order: p as u32,
                })
                .collect(),
        })
    }

    /// Over GF(p) by the band elimination in `order`, or with a front wider
    /// than [`SPARSE_FRONT`] by the sparse-direct elimination (of [`crate::linalg::gf2`]
    /// for p = 2, of [`crate::linalg::modular`] for odd p).
    fn eliminate(
        &self,
        p: u8,
        ones: &[(usize, usize)],
        rhs: &[u8],
        order: &[usize],
    ) -> Result<band::BandSolution> {
        if band::front(self.n, ones, order) <= SPARSE_FRONT {
            band::solve(p, self.n, ones, rhs, order)
        } else if p == 2 {
            sparse::solve(self.n, ones, rhs)
        } else {
            crate::linalg::modular::sparse::solve(p, self.n, ones, rhs)
        }
    }

    /// The dense elimination: word-parallel over GF(2) for K = 2, Smith form otherwise.
    fn dense(&self, rhs: &[u8]) -> Solutions {
        let (k, n, ones) = (self.k, self.n, self.ones);
        if k.get() != 2 {
            let mut m = ModMatrix::zeros(n, n);
            ones.iter().for_each(|&(i, j)| m.set(i, j, 1));
            return m.solve(rhs, k);
        }
        let matrix = |transposed: bool| {
            let mut m = BitMatrix::zeros(n, n);
            for &(i, j) in ones {
                let (i, j) = if transposed { (j, i) } else { (i, j) };
                m.set(i, j, true);
            }
            m
        };
        let bytes = |b: &FixedBitSet| (0..n).map(|i| b.contains(i) as u8).collect::<Vec<u8>>();
        let mut b = FixedBitSet::with_capacity(n);
        for (i, &v) in rhs.iter().enumerate() {
            b.set(i, v == 1);
        }
        let gens = |kernel: &[FixedBitSet]| {
            kernel
                .iter()
                .map(|g| Generator {
                    vector: bytes(g),
                    order: 2,
                })
                .collect::<Vec<_>>()
        };
        match matrix(false).solve(&b) {
            Ok(s) => Solutions {
                particular: Some(bytes(&s.particular)),
                kernel: gens(&s.kernel),
                witness: None,
            },
            Err(e) => {
                // The witness lies in the kernel of the transpose.
                let dual = if self.symmetric {
                    e.kernel.clone()
                } else {
                    matrix(true).kernel()
                };
                Solutions {
                    particular: None,
                    kernel: gens(&e.kernel),
                    witness: dual
                        .iter()
                        .find(|w| crate::linalg::gf2::dot(w, &b))
                        .map(bytes),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// The entries 1 of a press system, (row, column).
    type Ones = Vec<(usize, usize)>;

    /// A random graph on `n` vertices with about `edges` edges (σ+ when
    /// `with_self`): the entries 1 of its press system.
    fn random_graph(rng: &mut impl Rng, n: usize, edges: usize, with_self: bool) -> Ones {
        let mut ones: Ones = Vec::new();
        for _ in 0..edges {
            let (u, v) = (rng.gen_range(0..n), rng.gen_range(0..n));
            if u != v {
                ones.extend([(u, v), (v, u)]);
            }
        }
        if with_self {
            ones.extend((0..n).map(|v| (v, v)));
        }
        ones
    }

    /// The symmetric system of `ones` with lights `rhs` solved prime power by
    /// prime power (in the Cuthill–McKee order) and by the dense elimination,
    /// checked against each other (see [`crate::linalg::modular::tests::check_against_smith`]).
    fn check_both(
        k: Modulus,
        n: usize,
        ones: &[(usize, usize)],
        rhs: &[u8],
        context: &str,
    ) -> bool {
        let system = System {
            k,
            n,
            ones,
            symmetric: true,
            orders: vec![band::cuthill_mckee(n, ones)],
            what: "vertices",
        };
        let answer = system.by_prime_powers(rhs, &system.orders[0]).unwrap();
        let reference = system.dense(rhs);
        crate::linalg::modular::tests::check_against_smith(
            k, n, ones, rhs, &answer, &reference, context,
        );
        !reference.kernel.is_empty()
    }

    /// Random graphs of degree at most 4 up to 4,096 vertices, σ and σ+, prime
    /// and composite K: the band elimination and the dense one find the same
    /// solvability and kernel orders, and the band's answers replay.
    #[test]
    fn the_band_and_the_dense_elimination_agree_on_bounded_degree_graphs() {
        let mut rng = crate::random::rng(15);
        for (round, n) in [40usize, 300, 1000, 4096].into_iter().enumerate() {
            for k in [2u32, 3, 6, 7] {
                let k = Modulus::new(k).unwrap();
                let ones = random_graph(&mut rng, n, 2 * n, round % 2 == 0);
                let rhs: Vec<u8> = (0..n).map(|_| rng.gen_range(0..k.get())).collect();
                check_both(k, n, &ones, &rhs, &format!("n = {n}, K = {}", k.get()));
            }
        }
    }

    /// K = 4, 8, 9, 12 on random sparse systems invertible or not modulo
    /// their primes: where lifting answers, the answer is the dense Smith-form
    /// elimination's one solution and replays; where it declines, the dense
    /// elimination finds the matrix singular modulo some prime of K.
    #[test]
    fn lifting_from_gf_p_agrees_with_the_smith_form_over_prime_powers() {
        let mut rng = crate::random::rng(1982);
        let (mut answered, mut declined) = (0, 0);
        for round in 0..40 {
            let k = Modulus::new([4u32, 8, 9, 12][round % 4]).unwrap();
            let n = [30usize, 200, 700][round % 3];
            let mut ones: Vec<(usize, usize)> = (0..n).map(|v| (v, v)).collect();
            for _ in 0..n * (round % 3) / 2 {
                ones.push((rng.gen_range(0..n), rng.gen_range(0..n)));
            }
            let rhs: Vec<u8> = (0..n).map(|_| rng.gen_range(0..k.get())).collect();
            let system = System {
                k,
                n,
                ones: &ones,
                symmetric: false,
                orders: vec![band::identity(n)],
                what: "unknowns",
            };
            let dense = system.dense(&rhs);
            match system.lifted(&rhs).unwrap() {
                Some(s) => {
                    answered += 1;
                    assert!(dense.kernel.is_empty(), "round {round}");
                    assert_eq!(s.particular, dense.particular, "round {round}");
                    let mut m = ModMatrix::zeros(n, n);
                    ones.iter().for_each(|&(i, j)| m.set(i, j, 1));
                    assert_eq!(m.mul_vec(s.particular.as_ref().unwrap(), k), rhs);
                }
                None => {
                    declined += 1;
                    let singular = k.prime_power_factors().into_iter().any(|(p, _)| {
                        let local = System {
                            k: Modulus::new(p).unwrap(),
                            orders: Vec::new(),
                            ..system
                        };
                        !local.dense(&vec![0; n]).kernel.is_empty()
                    });
                    assert!(singular, "round {round}");
                }
            }
        }
        assert!(
            answered > 5 && declined > 5,
            "{answered} answered, {declined} declined"
        );
    }

    /// The plain grid board of `rows` × `cols` (a press changes the cell and its four neighbours).
    fn grid(rows: usize, cols: usize) -> Vec<(usize, usize)> {
        crate::lightsout::Variant::default().press_entries(crate::grid::Dims { rows, cols })
    }

    /// K = 4, 8, 9, 12, 25, 27 on random graphs of bounded degree (σ and σ+)
    /// and on grid boards up to 4,096 unknowns, many singular modulo the
    /// primes of K: prime power by prime power, the sparse elimination over
    /// Z/p^e with unit pivots and the dense Smith form find the same number
    /// of solutions and kernel orders, and the answer replays (solution,
    /// generators and their orders and independence, witness: see
    /// [`crate::linalg::modular::tests::check_against_smith`]).
    #[test]
    fn the_sparse_elimination_over_prime_powers_agrees_with_the_smith_form() {
        let mut rng = crate::random::rng(2017);
        let mut singular = 0;
        let boards = [
            (4, 4),
            (5, 5),
            (9, 9),
            (16, 16),
            (11, 19),
            (24, 24),
            (5, 5),
            (64, 64),
        ];
        for round in 0..24 {
            let k = Modulus::new([4u32, 8, 9, 12, 25, 27][round % 6]).unwrap();
            let (n, ones) = if round % 3 == 2 {
                let (r, c) = boards[round / 3];
                (r * c, grid(r, c))
            } else {
                let n = [50usize, 300, 900, 2000][round % 4];
                (n, random_graph(&mut rng, n, 3 * n / 2, round % 2 == 0))
            };
            let rhs: Vec<u8> = (0..n).map(|_| rng.gen_range(0..k.get())).collect();
            let context = format!("round {round}: n = {n}, K = {}", k.get());
            singular += check_both(k, n, &ones, &rhs, &context) as usize;
        }
        assert!(singular >= 12, "{singular} singular");
    }

    /// A random cubic graph of 50,000 vertices (σ+): its press system, and the
    /// same with the vertices renumbered (another pivot order).
    fn cubic_50000() -> (usize, Ones, Ones) {
        let g = crate::lightsout::Graph::random_regular(50_000, 3, 11).unwrap();
        let n = g.len();
        let shuffled: Vec<usize> = (0..n).map(|v| (v * 7919 + 13) % n).collect();
        let system = |name: &dyn Fn(usize) -> usize| {
            let mut ones: Vec<(usize, usize)> = (0..n).map(|v| (name(v), name(v))).collect();
            for v in 0..n {
                ones.extend(g.neighbours(v).iter().map(|&u| (name(u), name(v))));
            }
            ones
        };
        let (ones, renamed) = (system(&|v| v), system(&|v| shuffled[v]));
        (n, ones, renamed)
    }

    /// A random cubic graph of 50,000 vertices (σ+), K = 4 and K = 9 (it is
    /// singular modulo 2, so lifting from GF(2) does not apply): the
    /// sparse elimination over Z/4 and Z/9 answers, every solution and kernel
    /// generator replays, and a renumbering of the vertices (another pivot
    /// order) finds the same kernel orders.
    #[test]
    #[ignore = "tens of seconds: sparse eliminations over Z/4 and Z/9 of 50,000 unknowns"]
    fn the_sparse_elimination_over_z4_and_z9_of_random_cubic_graphs_of_50000_vertices_replays() {
        let (n, ones, renamed) = cubic_50000();
        let apply = |k: u32, x: &[u8]| {
            let mut m = vec![0u32; n];
            for &(i, j) in &ones {
                m[i] += x[j] as u32;
            }
            m.into_iter().map(move |v| v % k)
        };
        for (p, q) in [(2u8, 4u8), (3, 9)] {
            let rhs = vec![q - 1; n];
            let s = crate::linalg::modular::sparse::solve_power(p, q, n, &ones, &rhs).unwrap();
            let other =
                crate::linalg::modular::sparse::solve_power(p, q, n, &renamed, &rhs).unwrap();
            let orders = |s: &PowerSolution| {
                let mut o: Vec<u32> = s.kernel.iter().map(|g| g.order).collect();
                o.sort_unstable();
                o
            };
            assert_eq!(orders(&s), orders(&other), "Z/{q}");
            // This graph is singular modulo 2 (lifting from GF(2) would not apply), not modulo 3.
            assert_eq!(!s.kernel.is_empty(), p == 2, "Z/{q}: singular");
            let x = s
                .particular
                .as_ref()
                .expect("σ+ all-on boards are solvable mod 2 and here mod 4, 9");
            assert!(apply(q as u32, x).all(|v| v == (q - 1) as u32), "Z/{q}");
            for g in &s.kernel {
                assert!(apply(q as u32, &g.vector).all(|v| v == 0), "Z/{q}");
            }
        }
    }

    /// A random cubic graph of 50,000 vertices (σ+), K = 3 (the band elimination
    /// refuses its front): the sparse-direct elimination over GF(3) of the
    /// system and of the same system with the vertices renumbered (another
    /// pivot order, the same nullity) agree, and the answer replays.
    #[test]
    #[ignore = "about a minute: two sparse-direct eliminations over GF(3) of 50,000 unknowns"]
    fn the_sparse_elimination_over_gf3_of_a_random_cubic_graph_of_50000_vertices_replays() {
        let (n, ones, renamed) = cubic_50000();
        let rhs = vec![2u8; n];
        let sparse = crate::linalg::modular::sparse::solve(3, n, &ones, &rhs).unwrap();
        let other = crate::linalg::modular::sparse::solve(3, n, &renamed, &rhs).unwrap();
        assert_eq!(sparse.kernel.len(), other.kernel.len());
        for s in [&sparse, &other] {
            assert!(s.particular.is_some());
        }
        let mut m = vec![0u32; n];
        let x = sparse.particular.as_ref().unwrap();
        for &(i, j) in &ones {
            m[i] += x[j] as u32;
        }
        assert!(m.iter().all(|&v| v % 3 == 2));
    }
}
