//! Tests of Lights Out on graphs: the grid game, complete graphs and brute force, Sutner's theorem, bad files.

use super::*;
use crate::grid::Dims;
use crate::lightsout::{Pattern, Variant};

/// The game's answer on `lights`, with the fewest presses or not.
fn solved(game: &GraphGame, lights: &[u8], fewest: bool) -> Solution {
    let mut request = Request::new(super::super::BoardSource::Random {
        rows: 1,
        cols: 1,
        seed: None,
    });
    request.mode = Mode::Solve {
        fewest,
        quiet_patterns: false,
    };
    match game.answer(lights, &request, &Control::new()).unwrap() {
        Answer::Solve(s) => s,
        other => panic!("{other:?}"),
    }
}

fn grid_graph(rows: usize, cols: usize, wrap: bool) -> Graph {
    let names = (0..rows * cols).map(|i| format!("v{i}")).collect();
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            if c + 1 < cols {
                edges.push((i, i + 1));
            } else if wrap && cols > 2 {
                edges.push((i, r * cols));
            }
            if r + 1 < rows {
                edges.push((i, i + cols));
            }
        }
    }
    Graph::new(names, &edges).unwrap()
}

#[test]
fn sigma_plus_on_paths_cycles_and_grids_is_the_grid_game() {
    let mut rng = crate::random::rng(1);
    for k in [2u32, 3, 4, 5, 6] {
        for (rows, cols, torus) in [
            (1, 7, false),
            (1, 9, true),
            (4, 5, false),
            (6, 6, false),
            (1, 5, true),
        ] {
            let game = GraphGame::new(grid_graph(rows, cols, torus), k, true).unwrap();
            let variant = Variant::new(k, Pattern::cross(), torus).unwrap();
            let lights = variant.random(Dims { rows, cols }, &mut rng);
            let on_graph = solved(&game, lights.cells(), false);
            let on_grid = variant.analyse(&lights).unwrap();
            assert_eq!(
                on_graph.solutions,
                on_grid.solution_count(),
                "K={k} {rows}×{cols}"
            );
            assert_eq!(on_graph.nullity, on_grid.nullity());
        }
    }
}

/// Every press vector, counted in base K.
fn brute_count(game: &GraphGame, lights: &[u8]) -> usize {
    let (n, k) = (game.graph().len(), game.states.get() as u64);
    (0..k.pow(n as u32))
        .filter(|&i| {
            let presses: Vec<u8> = (0..n).map(|j| (i / k.pow(j as u32) % k) as u8).collect();
            game.after(lights, &presses).iter().all(|&x| x == 0)
        })
        .count()
}

#[test]
fn complete_graphs_and_random_graphs_agree_with_brute_force() {
    let mut rng = crate::random::rng(2);
    for k in [2u32, 3, 4, 6] {
        for n in 2..=5usize {
            let names: Vec<String> = (0..n).map(|i| i.to_string()).collect();
            let all: Vec<(usize, usize)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .collect();
            let random: Vec<(usize, usize)> =
                all.iter().copied().filter(|_| rng.gen_bool(0.5)).collect();
            for edges in [&all, &random] {
                for with_self in [true, false] {
                    let g = Graph::new(names.clone(), edges).unwrap();
                    let game = GraphGame::new(g, k, with_self).unwrap();
                    let lights: Vec<u8> = (0..n).map(|_| rng.gen_range(0..k as u8)).collect();
                    let report = solved(&game, &lights, true);
                    assert_eq!(report.solutions, brute_count(&game, &lights).to_string());
                    if let Some(w) = game.solve(&lights).unwrap().witness {
                        // w·M = 0 (M symmetric: w is quiet) and w·s ≠ 0.
                        assert!(game.after(&vec![0; n], &w).iter().all(|&x| x == 0));
                        let dot: u32 = w
                            .iter()
                            .zip(&lights)
                            .map(|(&a, &b)| a as u32 * b as u32)
                            .sum();
                        assert_ne!(dot % k, 0);
                    }
                }
            }
        }
    }
}

#[test]
fn sutners_theorem_the_all_on_sigma_plus_board_of_any_graph_is_solvable() {
    let mut rng = crate::random::rng(3);
    for _ in 0..40 {
        let n = rng.gen_range(1..=60);
        let p = rng.gen_range(0.02..0.5);
        let edges: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .filter(|_| rng.gen_bool(p))
            .collect();
        let g = Graph::new((0..n).map(|i| i.to_string()).collect(), &edges).unwrap();
        let game = GraphGame::new(g, 2, true).unwrap();
        let report = solved(&game, &game.all_on(), false);
        assert!(report.solvable, "{n} vertices, {} edges", edges.len());
    }
}

#[test]
fn edge_lists_and_dimacs_files_are_read_and_bad_lines_placed() {
    let src = |t: &str| Source::from_text("g", t);
    let g = Graph::parse(&src(
        "# a triangle\nx y\ny z # last side next\nz x\nlonely\n",
    ))
    .unwrap();
    assert_eq!(g.len(), 4);
    assert_eq!(g.neighbours(g.vertex("x").unwrap()).len(), 2);
    let d = Graph::parse(&src("c triangle\np edge 3 3\ne 1 2\ne 2 3\ne 3 1\n")).unwrap();
    assert_eq!(d.len(), 3);
    let game = GraphGame::new(d, 2, true).unwrap();
    assert_eq!(game.lights_on(["1", "3"]).unwrap(), vec![1, 0, 1]);
    let e = game.lights_on(["4"]).unwrap_err().to_string();
    assert!(e.contains("'4'"), "{e}");
    for (text, place) in [
        ("a b\nb c d\n", "g:2:5:"),
        ("a b\nc c\n", "g:2:3:"),
        ("p edge 3 1\ne 1 4\n", "g:2:5:"),
        ("p edge 3 1\ne 2 2\n", "g:2:5:"),
        ("p edge 3 1\nx 1 2\n", "g:2:1:"),
        ("p edge x 1\n", "g:1:8:"),
    ] {
        let e = Graph::parse(&src(text)).unwrap_err().to_string();
        assert!(e.starts_with(place), "{text:?}: {e}");
    }
    assert!(Graph::parse(&src("\n# nothing\n")).is_err());
}

#[test]
fn the_report_names_the_vertices_to_press() {
    let g = Graph::parse(&Source::from_text("star", "hub a\nhub b\nhub c\n")).unwrap();
    let game = GraphGame::new(g, 3, true).unwrap();
    let report = solved(&game, &game.all_on(), true);
    assert_eq!(report.minimal, Some(true));
    let presses = report.presses.unwrap().vertices().unwrap().to_vec();
    let lights = game.all_on();
    let mut counts = vec![0u8; 4];
    for p in &presses {
        let (name, c) = p
            .split_once('*')
            .map_or((p.as_str(), 1), |(n, c)| (n, c.parse().unwrap()));
        counts[game.graph().vertex(name).unwrap()] = c;
    }
    assert!(game.after(&lights, &counts).iter().all(|&x| x == 0));
}

/// The graph with its vertices renamed and renumbered at random (no order to exploit).
fn shuffled(g: &Graph, seed: u64) -> Graph {
    let mut rng = crate::random::rng(seed);
    let n = g.len();
    let mut to: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        to.swap(i, rng.gen_range(0..=i));
    }
    let edges: Vec<(usize, usize)> = (0..n)
        .flat_map(|v| g.neighbours(v).iter().map(move |&u| (v, u)))
        .filter(|&(v, u)| v < u)
        .map(|(v, u)| (to[v], to[u]))
        .collect();
    let mut names = vec![String::new(); n];
    for v in 0..n {
        names[to[v]] = g.names()[v].clone();
    }
    Graph::new(names, &edges).unwrap()
}

fn solve_all_on(g: Graph, k: u32, with_self: bool) -> Solution {
    let game = GraphGame::new(g, k, with_self).unwrap();
    solved(&game, &game.all_on(), false)
}

#[test]
fn long_paths_and_cycles_have_their_known_nullities() {
    // σ+ over GF(2): x_{i+1} = x_{i−1} + x_i, so a quiet pattern repeats
    // a a 0 along a path (it fits when n ≡ 2 mod 3) and a b a+b around a cycle
    // (n ≡ 0 mod 3); σ: x_{i+1} = x_{i−1}, one free value per parity class.
    for n in [29_999usize, 30_000, 30_001] {
        let path: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        let mut cycle = path.clone();
        cycle.push((n - 1, 0));
        let names = || (0..n).map(|v| v.to_string()).collect::<Vec<_>>();
        let graph = |edges: &[(usize, usize)]| shuffled(&Graph::new(names(), edges).unwrap(), 7);
        let cases = [
            (&path, true, usize::from(n % 3 == 2)),
            (&cycle, true, if n % 3 == 0 { 2 } else { 0 }),
            (&path, false, n % 2),
            (&cycle, false, 2 - n % 2),
        ];
        for (edges, with_self, nullity) in cases {
            let report = solve_all_on(graph(edges), 2, with_self);
            assert_eq!(report.nullity, nullity, "n = {n}, σ+ {with_self}");
        }
    }
}

#[test]
fn a_224_by_224_grid_read_as_edges_has_the_grid_commands_nullity() {
    for (side, k) in [(224usize, 2u32), (60, 3), (45, 5)] {
        let graph = shuffled(&grid_graph(side, side, false), side as u64);
        let report = solve_all_on(graph, k, true);
        let dims = Dims {
            rows: side,
            cols: side,
        };
        let expected = Variant::new(k, Pattern::cross(), false)
            .unwrap()
            .analyse(&crate::grid::Grid::filled(dims, 1))
            .unwrap()
            .nullity();
        assert_eq!(report.nullity, expected, "{side}×{side}, K = {k}");
        if k == 2 {
            assert_eq!(report.nullity, crate::lightsout::nullity(dims));
        }
    }
}

#[test]
fn sutners_theorem_on_large_sparse_graphs() {
    let mut rng = crate::random::rng(4);
    // Edges between vertices at most 40 apart, then every name shuffled: a band to rediscover.
    let n = 50_000;
    let edges: Vec<(usize, usize)> = (0..2 * n)
        .map(|_| {
            let u = rng.gen_range(0..n - 40);
            (u, u + rng.gen_range(1..=40))
        })
        .collect();
    let g = Graph::new((0..n).map(|v| v.to_string()).collect(), &edges).unwrap();
    assert!(solve_all_on(shuffled(&g, 5), 2, true).solvable);
    for seed in 0..3 {
        let g = Graph::random_regular(3000, 3, seed).unwrap();
        assert!(solve_all_on(g, 2, true).solvable);
    }
}

#[test]
fn random_regular_graphs_are_regular_simple_and_repeatable() {
    for (n, d) in [(10usize, 3usize), (1000, 3), (999, 4), (50, 7)] {
        let g = Graph::random_regular(n, d, 3).unwrap();
        assert_eq!(g, Graph::random_regular(n, d, 3).unwrap());
        assert_ne!(g, Graph::random_regular(n, d, 4).unwrap());
        for v in 0..n {
            assert_eq!(g.neighbours(v).len(), d, "n = {n}, d = {d}");
            assert!(!g.neighbours(v).contains(&v));
        }
    }
    assert!(Graph::random_regular(5, 3, 1).is_err());
    assert!(Graph::random_regular(4, 4, 1).is_err());
}

/// Random regular graphs (no narrow band: the sparse-direct elimination)
/// small enough for the dense one: the same nullity and solvability, σ and
/// σ+, K = 2 and 6 (whose GF(2) part goes the same way); the answers are
/// verified by `answer` (replayed, the witness checked).
#[test]
fn the_sparse_and_the_dense_elimination_agree_on_random_regular_graphs() {
    use crate::lightsout::system::MAX_GF2_GAUSS_CELLS;
    use crate::linalg::modular::ModMatrix;
    for (n, d, seed) in [(4000usize, 3usize, 1u64), (3000, 4, 2), (2000, 5, 3)] {
        let g = Graph::random_regular(n, d, seed).unwrap();
        for (k, with_self) in [(2u32, true), (2, false), (6, true)] {
            let game = GraphGame::new(g.clone(), k, with_self).unwrap();
            let lights = game.all_on();
            let report = solved(&game, &lights, false);
            // The dense elimination of the same system over Z/K.
            let modulus = crate::linalg::modular::Modulus::new(k).unwrap();
            let mut m = ModMatrix::zeros(n, n);
            for v in 0..n {
                if with_self {
                    m.set(v, v, 1);
                }
                for &u in g.neighbours(v) {
                    m.set(u, v, 1);
                }
            }
            let rhs: Vec<u8> = lights.iter().map(|&x| modulus.neg(x)).collect();
            assert!(n <= MAX_GF2_GAUSS_CELLS);
            let dense = m.solve(&rhs, modulus);
            assert_eq!(
                report.nullity,
                dense.kernel.len(),
                "n = {n}, d = {d}, K = {k}"
            );
            assert_eq!(report.solvable, dense.particular.is_some());
            assert_eq!(report.solutions, dense.count());
        }
    }
}

#[test]
#[ignore = "about 40 s: the band elimination of a random cubic graph (no narrow band)"]
fn the_sparse_and_the_band_elimination_agree_on_a_random_cubic_graph_of_50000_vertices() {
    let g = Graph::random_regular(50_000, 3, 11).unwrap();
    let n = g.len();
    let mut ones: Vec<(usize, usize)> = (0..n).map(|v| (v, v)).collect();
    for v in 0..n {
        ones.extend(g.neighbours(v).iter().map(|&u| (u, v)));
    }
    let rhs = vec![1u8; n];
    let sparse = crate::linalg::gf2::sparse::solve(n, &ones, &rhs).unwrap();
    let order = crate::linalg::band::cuthill_mckee(n, &ones);
    let banded = crate::linalg::band::solve(2, n, &ones, &rhs, &order).unwrap();
    assert_eq!(sparse.kernel.len(), banded.kernel.len());
    assert!(sparse.particular.is_some() && banded.particular.is_some());
    assert!(solve_all_on(g, 2, true).solvable);
}

/// A student's presses checked on a graph, through the door: the solve's own
/// presses are right; with one pressed vertex left out, the vertices its
/// presses change (itself under σ+, and its neighbours) stay on, the count
/// said; a name that is no vertex is the verdict's flaw, not a refusal.
#[test]
fn presses_checked_on_a_graph_are_right_or_name_what_stays_on() {
    use crate::flaw::Flaw;
    use crate::lightsout::{BoardSource, LightsOut, PressCheck};
    use crate::{GridPuzzle, NoItems};
    let answer = |request: &Request| LightsOut::answer(request, &Control::new(), &mut NoItems);
    let check = |request: &Request| -> PressCheck {
        match answer(request).unwrap() {
            Answer::Check(c) => c,
            other => panic!("{other:?}"),
        }
    };
    let mut checked = 0;
    for (n, d, seed) in [(12usize, 3usize, 5u64), (30, 4, 6), (41, 2, 7)] {
        let g = Graph::random_regular(n, d, seed).unwrap();
        let name = |v: usize| g.names()[v].clone();
        let text: String = (0..n)
            .flat_map(|v| g.neighbours(v).iter().map(move |&u| (v, u)))
            .filter(|&(v, u)| v < u)
            .map(|(v, u)| format!("{} {}\n", name(v), name(u)))
            .collect();
        for (k, rule) in [
            (2u32, GraphRule::SigmaPlus),
            (3, GraphRule::SigmaPlus),
            (2, GraphRule::Sigma),
        ] {
            let board = BoardSource::Graph {
                name: "g".into(),
                text: text.clone(),
                on: None,
                rule,
            };
            let mut request = Request::new(board);
            request.states = k;
            let Answer::Solve(s) = answer(&request).unwrap() else {
                panic!("a solve answers a solve")
            };
            let Some(presses) = s.presses else {
                continue;
            };
            request.mode = Mode::Check {
                presses: presses.clone(),
            };
            let c = check(&request);
            assert!(c.checked.right, "{c:?}");
            assert_eq!(c.after, Some(Pressed::Vertices(vec![])));
            assert_eq!(Some(c.press_count), s.press_count);
            // The first pressed vertex left out.
            let names = presses.vertices().unwrap();
            let left_out = names[0].split('*').next().unwrap();
            let v = g.vertex(left_out).unwrap();
            request.mode = Mode::Check {
                presses: Pressed::Vertices(names[1..].to_vec()),
            };
            let c = check(&request);
            let changed = g.neighbours(v).len() + usize::from(rule == GraphRule::SigmaPlus);
            match c.checked.flaw {
                Some(Flaw::VertexOn { count, .. }) => assert_eq!(count, changed),
                other => panic!("{other:?}"),
            }
            request.mode = Mode::Check {
                presses: Pressed::Vertices(vec![names[0].clone(), "nowhere".into()]),
            };
            let flaw = check(&request).checked.flaw;
            let nowhere = "nowhere".to_string();
            assert_eq!(flaw, Some(Flaw::NoSuchVertex { name: nowhere }));
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked} games had presses to check");
}
