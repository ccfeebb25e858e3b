//! Benchmarks (criterion) of whole requests through each puzzle's door: `cargo bench`, or `cargo bench -- lightsout` for one puzzle.
//!
//! Lights Out: a random board of 1000, 4000 and 10,000 per side, solved and
//! verified as `puzzles lightsout N --seed 1` does. Revertigo: the map and
//! the default walk (built and replayed) at 1000 and 2000. Sudoku: the 300
//! diabolical 9×9 puzzles solved as a batch, each with its uniqueness
//! decided (`cargo bench -- sudoku`).
// `criterion_group!` defines a public function without documentation.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use puzzles::grid::Dims;
use puzzles::input::Source;
use puzzles::lightsout::{self, LightsOut};
use puzzles::revertigo::{self, Revertigo};
use puzzles::sudoku::{self, Sudoku};
use puzzles::{Control, GridPuzzle, NoItems};

fn lightsout(c: &mut Criterion) {
    let mut group = c.benchmark_group("lightsout");
    group.sample_size(10);
    for n in [1000usize, 4000, 10_000] {
        let board = lightsout::BoardSource::Random {
            rows: n,
            cols: n,
            seed: Some(1),
        };
        let request = lightsout::Request::new(board);
        group.bench_with_input(BenchmarkId::new("random", n), &request, |b, request| {
            b.iter(|| {
                LightsOut::answer(request, &Control::new(), &mut NoItems).expect("within limits")
            })
        });
    }
    group.finish();
}

/// Lights Out: one 5×5 board given as text, solved (and verified), then
/// solved with its answer written as JSON: the library's side of a call from
/// Python, without and with the command's output (docs/python.md compares
/// them; `cargo bench -- "lightsout/5x5"`).
fn lightsout_call(c: &mut Criterion) {
    let board = lightsout::BoardSource::Given {
        name: "state".into(),
        text: "#.##.\n..#.#\n##...\n.#.##\n#..#.\n".into(),
    };
    let request = lightsout::Request::new(board);
    c.bench_function("lightsout/5x5 solve", |b| {
        b.iter(|| LightsOut::answer(&request, &Control::new(), &mut NoItems).expect("a board"))
    });
    c.bench_function("lightsout/5x5 solve+json", |b| {
        b.iter(|| {
            let answer =
                LightsOut::answer(&request, &Control::new(), &mut NoItems).expect("a board");
            serde_json::to_string(&answer).expect("answers serialise")
        })
    });
}

/// Revertigo: the map and the default walk of 1000×1000 and 2000×2000 boards.
fn revertigo(c: &mut Criterion) {
    let mut group = c.benchmark_group("revertigo");
    group.sample_size(10);
    for n in [1000usize, 2000] {
        let request = revertigo::Request::new(Dims { rows: n, cols: n });
        group.bench_with_input(BenchmarkId::new("map+walk", n), &request, |b, request| {
            b.iter(|| {
                Revertigo::answer(request, &Control::new(), &mut NoItems).expect("within limits")
            })
        });
    }
    group.finish();
}

/// Sudoku: the 300 vendored diabolical 9×9 puzzles, solved as a batch (each
/// with its uniqueness decided, up to two solutions).
fn sudoku(c: &mut Criterion) {
    let text = include_str!("../puzzles/sudoku/diabolical-300.txt");
    let request = sudoku::Request::new(Source::from_text("diabolical-300.txt", text));
    let mut group = c.benchmark_group("sudoku");
    group.bench_function("diabolical-300 unique", |b| {
        b.iter(|| Sudoku::answer(&request, &Control::new(), &mut NoItems).expect("a batch"))
    });
    group.finish();
}

criterion_group!(benches, lightsout, lightsout_call, revertigo, sudoku);
criterion_main!(benches);
