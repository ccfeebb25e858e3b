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
use puzzles::grid::Dims;
use puzzles::knight::{CountMethod, Knight, Mode, Request, Starts};
use puzzles::{Control, GridPuzzle, NoItems};

fn census(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight-count");
    group.sample_size(10);
    let ctl = Control::new();
    let cases = [
        ("closed 6x6", 6, 6, true, Starts::Start),
        ("closed 5x8", 5, 8, true, Starts::Start),
        ("open 5x6 every start", 5, 6, false, Starts::Every),
        ("open 6x6 from a corner", 6, 6, false, Starts::Start),
        ("open 6x6 summed over every start", 6, 6, false, Starts::Sum),
    ];
    for (name, rows, cols, closed, starts) in cases {
        for method in [CountMethod::Frontier, CountMethod::Backtrack] {
            let mut request = Request::new(Dims { rows, cols });
            request.closed = closed;
            request.mode = Mode::Count {
                starts,
                method,
                memory_mib: None,
                shard: Default::default(),
                end: None,
                part: Default::default(),
                checkpoint: None,
                merge: vec![],
                disk_mib: None,
                disk_dir: None,
                halves_dir: None,
            };
            let id = BenchmarkId::new(name, format!("{method:?}").to_lowercase());
            group.bench_with_input(id, &request, |b, request| {
                b.iter(|| Knight::answer(request, &ctl, &mut NoItems).expect("within limits"))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, census);
criterion_main!(benches);
