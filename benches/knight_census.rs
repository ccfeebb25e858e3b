//! Knight's tour counts (criterion): the frontier programme against the backtracking counter, side by side.
//!
//! `cargo bench --bench knight_census`. Closed tours of 6×6 and 5×8, open
//! tours of 5×6 from every start (the grid), of 6×6 from a corner, and of
//! 6×6 summed over every start (6,637,920), each counted by both engines
//! (the frontier here meets in the middle; the same answers: the library's
//! tests check that they agree).
// `criterion_group!` defines a public function without documentation.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use puzzles::grid::{Dims, Pos};
use puzzles::knight::count::{count, CountRequest, Method, Starts};
use puzzles::Control;

fn census(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight-count");
    group.sample_size(10);
    let ctl = Control::new();
    let cases = [
        ("closed 6x6", 6, 6, true, Starts::From(Pos::new(0, 0))),
        ("closed 5x8", 5, 8, true, Starts::From(Pos::new(0, 0))),
        ("open 5x6 every start", 5, 6, false, Starts::Every),
        (
            "open 6x6 from a corner",
            6,
            6,
            false,
            Starts::From(Pos::new(0, 0)),
        ),
        ("open 6x6 summed over every start", 6, 6, false, Starts::Sum),
    ];
    for (name, rows, cols, closed, starts) in cases {
        let dims = Dims::new(rows, cols, 100).expect("a valid size");
        for method in [Method::Frontier, Method::Backtrack] {
            let mut request = CountRequest::new(dims, closed, starts);
            request.method = method;
            let id = BenchmarkId::new(name, format!("{method:?}").to_lowercase());
            group.bench_with_input(id, &request, |b, request| {
                b.iter(|| count(request, &ctl).expect("within limits"))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, census);
criterion_main!(benches);
