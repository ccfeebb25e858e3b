//! Benchmarks (criterion) of the band elimination: `cargo bench --bench lightsout_band`.
//!
//! 200×200 boards with patterns that cannot be chased (plus-x with 2 states,
//! knight with 3), and the 224×224 grid read as a graph of 50,176 vertices
//! (σ+, all on), and random 3- and 5-regular graphs of 50,000 vertices (no
//! narrow band: the sparse-direct elimination; the cubic one also with 3 and
//! 4 states), each asked of `lightsout::answer`: read (the graphs from their
//! edge lists), solved and verified.
// `criterion_group!` defines a public function without documentation.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use puzzles::internals::Graph;
use puzzles::lightsout::{BoardSource, GraphRule, LightsOut, Pattern, Request};
use puzzles::{Control, GridPuzzle, NoItems};

/// The request to solve `board` with `states` states.
fn request(board: BoardSource, states: u32) -> Request {
    let mut request = Request::new(board);
    request.states = states;
    request
}

/// A graph as the edge list `answer` reads, all vertices on.
fn all_on(name: &str, edges: String) -> BoardSource {
    BoardSource::Graph {
        name: name.into(),
        text: edges,
        on: None,
        rule: GraphRule::SigmaPlus,
    }
}

/// The vertices of `graph` (one name a line, so they are read in their order), then its edges, one `u v` a line.
fn edge_list(graph: &Graph) -> String {
    let mut edges: String = graph.names().iter().map(|n| format!("{n}\n")).collect();
    for (v, name) in graph.names().iter().enumerate() {
        for &u in graph.neighbours(v).iter().filter(|&&u| u > v) {
            edges.push_str(&format!("{name} {}\n", graph.names()[u]));
        }
    }
    edges
}

fn patterns(c: &mut Criterion) {
    let mut group = c.benchmark_group("lightsout_band");
    group.sample_size(10);
    for (k, name) in [(2u32, "plus-x"), (3, "knight")] {
        let board = BoardSource::Random {
            rows: 200,
            cols: 200,
            seed: Some(1),
        };
        let mut request = request(board, k);
        request.pattern = Pattern::named(name).expect("a built-in pattern");
        group.bench_function(format!("200x200 {name} K={k}"), |b| {
            b.iter(|| {
                LightsOut::answer(&request, &Control::new(), &mut NoItems).expect("within limits")
            })
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
    let grid = request(all_on("grid", edges), 2);
    group.bench_function("224x224 grid graph", |b| {
        b.iter(|| LightsOut::answer(&grid, &Control::new(), &mut NoItems).expect("within limits"))
    });
    // Two states, then 3 (GF(3)) and 4 (Z/4: lifted from GF(2), or the sparse
    // elimination over Z/4 when singular modulo 2) on the cubic graph.
    for (degree, states) in [(3, 2), (5, 2), (3, 3), (3, 4)] {
        let graph = Graph::random_regular(50_000, degree, 1).expect("an even degree sum");
        let regular = request(all_on("regular", edge_list(&graph)), states);
        let more = if states > 2 {
            format!(", {states} states")
        } else {
            String::new()
        };
        group.bench_function(
            format!("random {degree}-regular graph, 50000 vertices{more}"),
            |b| {
                b.iter(|| {
                    LightsOut::answer(&regular, &Control::new(), &mut NoItems)
                        .expect("within limits")
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, patterns);
criterion_main!(benches);
