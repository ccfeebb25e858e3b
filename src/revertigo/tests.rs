//! Revertigo against the seed's published counts, maps and walks, and the methods against each other.

use super::*;

fn game(r: usize, c: usize) -> Revertigo {
    Revertigo::new(Dims::new(r, c, MAX_CELLS).unwrap())
}

#[test]
fn placeholder() {
    let g = game(4, 4);
    let s = Solver::new(g, Method::Chase, &Control::new()).unwrap();
    let w = s.walk(Builder::Diagonal, &Control::new()).unwrap();
    assert!(s.verify_walk(&w).is_ok());
}

#[test]
#[ignore]
fn stats_tmp() {
    let ctl = Control::new();
    let (mut cells, mut dmoves, mut smoves) = (0usize, 0usize, 0usize);
    for r in 1..=30 {
        for c in 1..=30 {
            let s = Solver::new(game(r, c), Method::Chase, &ctl).unwrap();
            let d = s.walk(Builder::Diagonal, &ctl).unwrap();
            let sh = s.walk(Builder::Short, &ctl).unwrap();
            cells += r * c;
            dmoves += d.len();
            smoves += sh.len();
        }
    }
    println!(
        "cells {cells} diagonal {dmoves} ({:.3}) short {smoves} ({:.3})",
        dmoves as f64 / cells as f64,
        smoves as f64 / cells as f64
    );
}
