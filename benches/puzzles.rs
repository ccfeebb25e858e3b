//! Benchmarks (criterion): `cargo bench`, or `cargo bench -- lightsout` for one puzzle.
//!
//! Lights Out: random and all-on boards at 1000, 4000 and 10,000 per side,
//! solved by the default polynomial method (state built outside the timing).
//! Revertigo: map and default walk (built and replayed) at 1000 and 2000.
//! Sudoku: 300 diabolical 9×9 puzzles, uniqueness decided (`cargo bench -- sudoku`).
// `criterion_group!` defines a public function without documentation.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use puzzles::grid::{BitGrid, Dims};
use puzzles::lightsout::{LightsOut, LightsOutMethod};
use puzzles::random;

fn lightsout(c: &mut Criterion) {
    let mut group = c.benchmark_group("lightsout");
    group.sample_size(10);
    for n in [1000usize, 4000, 10_000] {
        let dims = Dims::new(n, n, n * n).expect("a valid size");
        let random_board = LightsOut::random(dims, &mut random::rng(1));
        let all_on = LightsOut::new(BitGrid::full(dims));
        for (name, board) in [("random", &random_board), ("all-on", &all_on)] {
            group.bench_with_input(BenchmarkId::new(name, n), board, |b, board| {
                b.iter(|| {
                    board
                        .analyse(LightsOutMethod::Polynomial)
                        .expect("within limits")
                })
            });
        }
    }
    group.finish();
}

/// Revertigo: the map and the default walk of 1000×1000 and 2000×2000 boards (issue 4's scale).
fn revertigo(c: &mut Criterion) {
    use puzzles::revertigo::{Builder, Revertigo, RevertigoMethod, RevertigoSolver};
    let mut group = c.benchmark_group("revertigo");
    group.sample_size(10);
    let ctl = puzzles::Control::new();
    for n in [1000usize, 2000] {
        let game = Revertigo::new(Dims::new(n, n, n * n).expect("a valid size"));
        group.bench_with_input(BenchmarkId::new("map+walk", n), &game, |b, game| {
            b.iter(|| {
                let solver = RevertigoSolver::new(*game, RevertigoMethod::Chase, &ctl)
                    .expect("within limits")
                    .expect("not stopped");
                solver
                    .walk(Builder::Short, &ctl)
                    .expect("a walk")
                    .expect("not stopped")
            })
        });
    }
    group.finish();
}

/// Sudoku: the 300 vendored diabolical 9×9 puzzles, each solved with its
/// uniqueness decided (up to two solutions), as a batch does.
fn sudoku(c: &mut Criterion) {
    use puzzles::input::Source;
    use puzzles::sudoku::{read, Input, SudokuSolver};
    let text = include_str!("../puzzles/sudoku/diabolical-300.txt");
    let Ok(Input::Batch(entries)) = read(&Source::from_text("diabolical-300.txt", text), None)
    else {
        panic!("the vendored file is a batch");
    };
    let puzzles: Vec<_> = entries.into_iter().filter_map(|e| e.puzzle.ok()).collect();
    let ctl = puzzles::Control::new();
    let mut group = c.benchmark_group("sudoku");
    group.bench_function("diabolical-300 unique", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .filter(|p| {
                    SudokuSolver::new((*p).clone())
                        .solve_and_check_unique(&ctl)
                        .1
                        == Some(true)
                })
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, lightsout, revertigo, sudoku);
criterion_main!(benches);
