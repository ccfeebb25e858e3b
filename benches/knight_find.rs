//! Finding one knight's tour (criterion): large boards by Warnsdorff's rule
//! and the block construction, narrow boards by the frontier programme.
//!
//! `cargo bench --bench knight_find`. Open and closed tours of 1000 × 1000 and
//! 3000 × 3000 from the corner (each verified by `answer`), and open tours of
//! long 3- and 4-row boards from a middle square, where Warnsdorff's rule
//! strands squares behind the knight.
// `criterion_group!` defines a public function without documentation.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use puzzles::grid::Dims;
use puzzles::knight::{Answer, Knight, Request, TourOutcome};
use puzzles::{Control, GridPuzzle, NoItems};

fn find_one(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight-find");
    group.sample_size(10);
    let ctl = Control::new();
    let cases = [
        ("open", 1000, 1000, "0,0", false),
        ("closed", 1000, 1000, "0,0", true),
        ("open", 3000, 3000, "0,0", false),
        ("closed", 3000, 3000, "0,0", true),
        ("open from the middle", 3, 40, "1,19", false),
        ("open from the middle", 4, 60, "0,30", false),
    ];
    for (name, rows, cols, start, closed) in cases {
        let mut request = Request::new(Dims { rows, cols });
        request.start = start.to_string();
        request.closed = closed;
        let id = BenchmarkId::new(name, format!("{rows}x{cols}"));
        group.bench_with_input(id, &request, |b, request| {
            b.iter(|| {
                let report = Knight::answer(request, &ctl, &mut NoItems).expect("a valid board");
                assert!(matches!(&report, Answer::Find(r) if r.result == TourOutcome::Tour));
                report
            })
        });
    }
    group.finish();
}

criterion_group!(benches, find_one);
criterion_main!(benches);
