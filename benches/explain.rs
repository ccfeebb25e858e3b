//! Benchmarks (criterion) of the Sudoku explainer: `cargo bench --bench explain`.
//!
//! Rating: the first 30 of the 300 diabolical 9×9 puzzles in `puzzles/sudoku`,
//! each explained step by step to its solution. Generating: 10 minimal 9×9
//! puzzles rated `hard` with half-turn symmetry.
// `criterion_group!` defines a public function without documentation.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use puzzles::input::Source;
use puzzles::sudoku::{Difficulty, Item, Mode, Request, Shape, Sudoku, Symmetry};
use puzzles::{Control, GridPuzzle, NoItems};

fn explain(c: &mut Criterion) {
    let mut group = c.benchmark_group("explain");
    group.sample_size(10);
    let requests: Vec<Request> = include_str!("../puzzles/sudoku/diabolical-300.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(30)
        .map(|l| Request {
            mode: Mode::Rate,
            ..Request::new(Source::from_text("diabolical", l))
        })
        .collect();
    let ctl = Control::new();
    group.bench_function("rate diabolical 30", |b| {
        b.iter(|| {
            for r in &requests {
                Sudoku::answer(r, &ctl, &mut NoItems).expect("rated");
            }
        })
    });
    let mut request = Request::generate(Shape::new(3, 3).expect("9×9"), 10);
    request.seed = Some(1);
    request.mode = Mode::Generate {
        count: 10,
        difficulty: Some(Difficulty::Hard),
        symmetry: Some(Symmetry::Rotate180),
    };
    group.bench_function("generate 10 hard 9x9", |b| {
        b.iter(|| {
            let mut made: Vec<Item> = Vec::new();
            Sudoku::answer(&request, &ctl, &mut made).expect("generated")
        })
    });
    group.finish();
}

criterion_group!(benches, explain);
criterion_main!(benches);
