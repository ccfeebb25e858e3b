use super::*;
use crate::band;
use crate::random;
use rand::Rng;

/// Random sparse systems (symmetric and not, with and without the diagonal,
/// some with empty rows and columns): the sparse elimination and the band
/// elimination find the same solvability and nullity; its solution and
/// kernel vectors replay.
#[test]
fn agrees_with_the_band_elimination_and_replays() {
    let mut rng = random::rng(898);
    for round in 0..60 {
        let n = [1usize, 2, 5, 17, 64, 65, 200, 700][round % 8];
        let mut ones = Vec::new();
        for _ in 0..(round % 4 + 1) * n {
            let (i, j) = (rng.gen_range(0..n), rng.gen_range(0..n));
            ones.push((i, j));
            if round % 3 == 0 {
                ones.push((j, i));
            }
        }
        if round % 2 == 0 {
            ones.extend((0..n).map(|v| (v, v)));
        }
        let rhs: Vec<u8> = (0..n).map(|_| rng.gen_range(0..2)).collect();
        let s = solve(n, &ones, &rhs).unwrap();
        let b = band::solve(2, n, &ones, &rhs, &band::identity(n)).unwrap();
        assert_eq!(
            s.particular.is_some(),
            b.particular.is_some(),
            "round {round}"
        );
        assert_eq!(s.kernel.len(), b.kernel.len(), "round {round}");
        let apply = |x: &[u8]| {
            let mut y = vec![0u8; n];
            let mut seen = std::collections::HashSet::new();
            for &(i, j) in &ones {
                if seen.insert((i, j)) {
                    y[i] ^= x[j];
                }
            }
            y
        };
        if let Some(x) = &s.particular {
            assert_eq!(apply(x), rhs);
        }
        for k in &s.kernel {
            assert!(apply(k).iter().all(|&v| v == 0));
        }
        // The kernel vectors are independent: the dense rank of their matrix is their number.
        let mut m = BitMatrix::zeros(s.kernel.len(), n);
        for (r, k) in s.kernel.iter().enumerate() {
            for (j, &v) in k.iter().enumerate() {
                m.set(r, j, v == 1);
            }
        }
        assert_eq!(m.reduce(n).len(), s.kernel.len());
    }
}
