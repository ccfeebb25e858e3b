//! Benchmarks (criterion) of the Sudoku explainer: `cargo bench --bench explain`.
//!
//! Rating: the first 30 of the 300 diabolical 9×9 puzzles in `puzzles/sudoku`,
//! each explained step by step to its solution. Generating: 10 minimal 9×9
//! puzzles rated `hard` with half-turn symmetry.
// `criterion_group!` defines a public function without documentation.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use puzzles::sudoku::explain::rate;
use puzzles::sudoku::generate::{generate_rated, Difficulty, RatedRequest, Symmetry};
use puzzles::sudoku::{Shape, Sudoku};
use puzzles::Control;

fn explain(c: &mut Criterion) {
    let mut group = c.benchmark_group("explain");
    group.sample_size(10);
    let puzzles: Vec<Sudoku> = include_str!("../puzzles/sudoku/diabolical-300.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(30)
        .map(|l| Sudoku::from_text(l, None).expect("a puzzle"))
        .collect();
    let ctl = Control::new();
    group.bench_function("rate diabolical 30", |b| {
        b.iter(|| {
            for p in &puzzles {
                rate(p, &ctl).expect("rated");
            }
        })
    });
    let request = RatedRequest {
        shape: Shape::new(3, 3).expect("9×9"),
        count: 10,
        difficulty: Some(Difficulty::Hard),
        symmetry: Symmetry::Rotate180,
        seed: 1,
    };
    group.bench_function("generate 10 hard 9x9", |b| {
        b.iter(|| generate_rated(&request, &ctl).expect("generated"))
    });
    group.finish();
}

criterion_group!(benches, explain);
criterion_main!(benches);
