//! Fuzz target: the newer inputs — pencil marks (`--marks`), graph files
//! (`--graph`, edge lists and DIMACS), stencils (`--pattern`), box shapes
//! (`--box`) and vertex lists (`--on`). The first byte picks the reader.
//!
//! Must never panic; every error is one line; what is read obeys its
//! reader's promises (a graph is simple and symmetric, a box shape prints
//! back to itself, marks are one field per cell, a list of lights names
//! vertices of the graph).
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::input::Source;
use puzzles::internals::{Graph, GraphGame, PencilMarks};
use puzzles::lightsout::Pattern;
use puzzles::sudoku::Shape;

fn one_line<T>(r: &puzzles::Result<T>) {
    if let Err(e) = r {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
}

fn check_graph(g: &Graph) {
    for v in 0..g.len() {
        let ns = g.neighbours(v);
        assert!(ns.windows(2).all(|w| w[0] < w[1]));
        for &u in ns {
            assert_ne!(u, v);
            assert!(g.neighbours(u).binary_search(&v).is_ok());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let source = Source::from_text("fuzz", text);
    match pick % 5 {
        0 => {
            let [r, c] = [[2, 2], [2, 3], [3, 3]][pick as usize / 5 % 3];
            let shape = Shape::new(r, c).unwrap();
            let marks = PencilMarks::from_text(text, shape);
            one_line(&marks);
        }
        1 => {
            let g = Graph::parse(&source);
            one_line(&g);
            if let Ok(g) = g {
                check_graph(&g);
            }
        }
        2 => {
            let p = Pattern::parse(&source);
            one_line(&p);
            if let Ok(p) = p {
                assert!(!p.offsets().is_empty());
            }
        }
        3 => {
            let s = Shape::parse(text);
            one_line(&s);
            if let Ok(s) = s {
                let [r, c] = s.box_dims();
                assert_eq!(Shape::parse(&format!("{r}x{c}")).ok(), Some(s));
            }
        }
        _ => {
            // A graph, then after a line `--on` the list of lights, comma-separated.
            let (graph, on) = text.split_once("\n--on\n").unwrap_or((text, ""));
            let Ok(g) = Graph::parse(&Source::from_text("fuzz", graph)) else {
                return;
            };
            let n = g.len();
            let Ok(game) = GraphGame::new(g, 2, true) else {
                return;
            };
            let lights = game.lights_on(on.split(',').map(str::trim));
            one_line(&lights);
            if let Ok(lights) = lights {
                assert_eq!(lights.len(), n);
                assert!(lights.iter().all(|&l| l <= 1));
            }
        }
    }
});
