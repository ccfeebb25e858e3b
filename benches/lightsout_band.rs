//! Benchmarks (criterion) of the band elimination: `cargo bench --bench lightsout_band`.
//!
//! 200×200 boards with patterns that cannot be chased (plus-x with 2 states,
//! knight with 3), and the 224×224 grid read as a graph of 50,176 vertices
//! (σ+, all on), and random 3- and 5-regular graphs of 50,000 vertices (no
//! narrow band: the sparse-direct elimination; the cubic one also with 3 and
//! 4 states), each solved and verified.
// `criterion_group!` defines a public function without documentation.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use puzzles::control::Control;
use puzzles::grid::Dims;
use puzzles::input::Source;
use puzzles::lightsout::{answer_states, Graph, GraphGame, Pattern, StatesRequest, Variant};
use puzzles::random;

fn patterns(c: &mut Criterion) {
    let mut group = c.benchmark_group("lightsout_band");
    group.sample_size(10);
    let dims = Dims {
        rows: 200,
        cols: 200,
    };
    for (k, name) in [(2u32, "plus-x"), (3, "knight")] {
        let pattern = Pattern::named(name).expect("a built-in pattern");
        let variant = Variant::new(k, pattern, false).expect("a valid K");
        let lights = variant.random(dims, &mut random::rng(1));
        let request = StatesRequest::new(variant, lights);
        group.bench_function(format!("200x200 {name} K={k}"), |b| {
            b.iter(|| answer_states(&request, &Control::new()).expect("within limits"))
        });
    }
    let side = 224;
    let mut edges = String::new();
    for r in 0..side {
        for c in 0..side {
            if c + 1 < side {
                edges.push_str(&format!("{r}_{c} {r}_{}\n", c + 1));
            }
            if r + 1 < side {
                edges.push_str(&format!("{r}_{c} {}_{c}\n", r + 1));
            }
        }
    }
    let graph = Graph::parse(&Source::from_text("grid", &edges)).expect("an edge list");
    let game = GraphGame::new(graph, 2, true).expect("a valid K");
    group.bench_function("224x224 grid graph", |b| {
        b.iter(|| {
            game.answer(&game.all_on(), false, &Control::new())
                .expect("within limits")
        })
    });
    // Two states, then 3 (GF(3)) and 4 (Z/4: lifted from GF(2), or the sparse
    // elimination over Z/4 when singular modulo 2) on the cubic graph.
    for (degree, states) in [(3, 2), (5, 2), (3, 3), (3, 4)] {
        let graph = Graph::random_regular(50_000, degree, 1).expect("an even degree sum");
        let game = GraphGame::new(graph, states, true).expect("a valid K");
        let more = if states > 2 {
            format!(", {states} states")
        } else {
            String::new()
        };
        group.bench_function(
            format!("random {degree}-regular graph, 50000 vertices{more}"),
            |b| {
                b.iter(|| {
                    game.answer(&game.all_on(), false, &Control::new())
                        .expect("within limits")
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, patterns);
criterion_main!(benches);
