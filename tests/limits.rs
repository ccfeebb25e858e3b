//! No abort on any size: every mode of every subcommand, with every variant
//! and method, asked for a size just past the limit that applies to it, is
//! refused in one line with exit 2 — under a 2 GiB address-space cap, so a
//! limit checked after its allocation would show as an abort.
//!
//! The limits are restated here from the documentation, as a reader would
//! compute them: a change of limit in the code and not here fails.

use crate::util::{assert_one_line_refusal, puzzles_within, temp_path};

/// The address space each run gets: 2 GiB.
const CAP_MIB: u64 = 2048;

/// Runs `args` under the cap and asserts a one-line refusal naming `says`.
fn refused_within_cap(args: &[&str], says: &str) {
    let out = puzzles_within(CAP_MIB, args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_one_line_refusal(&out, 2);
    assert!(stderr.contains(says), "{args:?}: {stderr}");
}

/// The Lights Out games: the options that make them; the side past which a
/// square board is refused, and a word of the refusal; whether the limit is on
/// the shorter side (the chase's unknowns) rather than on the cells; the same
/// side and word for a nullity table.
type Game = (
    &'static [&'static str],
    usize,
    &'static str,
    bool,
    usize,
    &'static str,
);

/// Board cells: 10^8 (a 10,000 × 10,000 board); the full elimination of the
/// classic game: 4096 cells (64 × 64); the elimination over Z/K, or any
/// pattern that cannot be chased: 2^18 cells (512 × 512); the chase without
/// the polynomial method: 2048 first-row unknowns; the classic table by
/// Sutner's gcd: a side of 100,000.
#[rustfmt::skip]
const GAMES: &[Game] = &[
    (&[], 10_000, "board cells", false, 100_000, "side for --nullity"),
    (&["--method", "poly"], 10_000, "board cells", false, 100_000, "side for --nullity"),
    (&["--method", "chase"], 10_000, "board cells", false, 10_000, "board cells"),
    (&["--method", "gauss"], 64, "--method gauss", false, 64, "--method gauss"),
    (&["--torus"], 10_000, "board cells", false, 10_000, "board cells"),
    (&["--torus", "--method", "gauss"], 64, "--method gauss", false, 64, "--method gauss"),
    (&["--states", "3"], 10_000, "board cells", false, 10_000, "board cells"),
    (&["--states", "5", "--method", "chase"], 2048, "first-row unknowns", true, 2048, "first-row unknowns"),
    (&["--states", "4"], 2048, "first-row unknowns", true, 2048, "first-row unknowns"),
    (&["--states", "6"], 2048, "first-row unknowns", true, 2048, "first-row unknowns"),
    (&["--states", "3", "--method", "gauss"], 512, "for the elimination", false, 512, "for the elimination"),
    (&["--states", "3", "--torus"], 512, "for the elimination", false, 512, "for the elimination"),
    (&["--states", "9", "--torus"], 512, "for the elimination", false, 512, "for the elimination"),
    (&["--pattern", "x"], 512, "for the elimination", false, 512, "for the elimination"),
    (&["--pattern", "knight"], 512, "for the elimination", false, 512, "for the elimination"),
    (&["--pattern", "plus-x", "--states", "3"], 512, "for the elimination", false, 512, "for the elimination"),
    (&["--pattern", ".#./#@#/.#.", "--torus"], 10_000, "board cells", false, 10_000, "board cells"),
    (&["--pattern", "#.#/.@./#.#", "--states", "7"], 512, "for the elimination", false, 512, "for the elimination"),
];

/// The modes of a board.
const BOARD_MODES: &[&[&str]] = &[
    &[],
    &["--count"],
    &["--all", "--limit", "1"],
    &["--min"],
    &["--quiet-patterns"],
    &["--json"],
];

#[test]
fn every_lights_out_mode_and_game_is_refused_just_past_its_limit_under_a_memory_cap() {
    for &(flags, side, says, shorter_side, table_side, table_says) in GAMES {
        let past = (side + 1).to_string();
        for mode in BOARD_MODES {
            let mut args = vec!["lightsout", past.as_str()];
            args.extend(flags);
            args.extend(*mode);
            refused_within_cap(&args, says);
            // A board one longer than wide, either way round (past on its
            // shorter side when that is what the limit bounds).
            let other = match shorter_side {
                true => side + 2,
                false => side,
            }
            .to_string();
            for (rows, cols) in [(&past, &other), (&other, &past)] {
                let mut args = vec!["lightsout", rows.as_str(), cols.as_str()];
                args.extend(flags);
                args.extend(*mode);
                refused_within_cap(&args, says);
            }
        }
        // A table whose last side is just past, and one that starts there.
        let past = table_side + 1;
        for range in [format!("1..{past}"), format!("{past}..{past}")] {
            let mut args = vec!["lightsout", "--nullity", range.as_str()];
            args.extend(flags);
            refused_within_cap(&args, table_says);
        }
    }
}

#[test]
fn every_other_limit_is_refused_in_one_line_under_a_memory_cap() {
    let big = temp_path("limits-huge.txt");
    // Past the 256 MiB of an input, without writing it: the size is read first.
    std::fs::File::create(&big)
        .unwrap()
        .set_len((256 << 20) + 1)
        .unwrap();
    let graph = temp_path("limits-graph.txt");
    let edges: String = (0..65_536).map(|i| format!("{i} {}\n", i + 1)).collect();
    std::fs::write(&graph, edges).unwrap();
    let stencil = temp_path("limits-stencil.txt");
    std::fs::write(&stencil, format!("@{}\n", "#".repeat(15))).unwrap();
    let grid49 = temp_path("limits-49.txt");
    std::fs::write(&grid49, vec!["."; 49 * 49].join(" ")).unwrap();
    let svg = temp_path("limits.svg");
    let cases: &[(&[&str], &str)] = &[
        (&["lightsout", "--state", &big], "input bytes"),
        (&["lightsout", "--graph", &big], "input bytes"),
        (&["lightsout", "--graph", &graph], "graph vertices 65537"),
        (
            &["lightsout", "--graph", &graph, "--states", "3", "--count"],
            "graph vertices",
        ),
        (
            &["lightsout", "5", "--pattern", &stencil],
            "a stencil is at most 15×15",
        ),
        (&["lightsout", "5", "--states", "256"], "from 2 to 255"),
        (&["lightsout", "501", "--svg", &svg], "cells to draw"),
        (&["lightsout", "501", "--sheet", &svg], "cells to draw"),
        (&["revertigo", "2001", "2000"], "board cells"),
        (
            &["revertigo", "2001", "2000", "--all", "--limit", "1"],
            "board cells",
        ),
        (
            &["revertigo", "2001", "2000", "--method", "poly"],
            "board cells",
        ),
        (
            &["revertigo", "6", "5", "--method", "naive"],
            "--method naive",
        ),
        (
            &["revertigo", "100", "23", "--method", "first-row"],
            "--method first-row",
        ),
        (&["revertigo", "65", "--method", "gauss"], "--method gauss"),
        (
            &["revertigo", "5", "4", "--shortest"],
            "exact shortest walk",
        ),
        (&["revertigo", "501", "--svg", &svg], "cells to draw"),
        (&["revertigo", "3", "--check", &big], "input bytes"),
        (&["knight", "3001", "3000"], "board cells"),
        (&["knight", "3001", "3000", "--closed"], "board cells"),
        (
            &["knight", "3001", "3000", "--all", "--limit", "1"],
            "board cells",
        ),
        (
            &["knight", "12", "11", "--count", "--method", "backtrack"],
            "board cells for counting",
        ),
        (
            &["knight", "9", "9", "--count", "--method", "frontier"],
            "frontier programme",
        ),
        (&["knight", "6", "6", "--all"], "--all without --limit"),
        (
            &["knight", "8", "--count", "--memory", "100000000"],
            "memory limit",
        ),
        (&["knight", "501", "--svg", &svg], "cells to draw"),
        (&["sudoku", &grid49], "over the largest side 36"),
        (&["sudoku", &grid49, "--count"], "over the largest side 36"),
        (&["sudoku", &grid49, "--rate"], "over the largest side 36"),
        (&["sudoku", &big], "input bytes"),
        (
            &["sudoku", "--generate", "1", "--size", "37"],
            "board side 37",
        ),
        (
            &[
                "sudoku",
                "--generate",
                "1",
                "--size",
                "21",
                "--difficulty",
                "hard",
            ],
            "rated generated grid",
        ),
        (&["sudoku", "--generate", "100001"], "100001"),
    ];
    for (args, says) in cases {
        refused_within_cap(args, says);
    }
    for path in [big, graph, stencil, grid49] {
        let _ = std::fs::remove_file(path);
    }
}

/// The memory budget is read once a run: a default limit taken from it is
/// never refused by a later check against a fresh reading (made after a
/// thread had mapped its stack, it was a little lower, and 1 to 5 runs in a
/// hundred were refused "3739 is over the limit of 3739").
#[test]
fn a_default_memory_limit_is_never_refused_by_its_own_budget() {
    let args = [
        "knight",
        "5",
        "--count",
        "--all-starts",
        "--method",
        "backtrack",
        "--quiet",
    ];
    for run in 0..200 {
        let out = puzzles_within(4000, &args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "run {run}: {stderr}");
        assert!(stderr.is_empty(), "run {run}: {stderr}");
    }
}

/// A board past its limit: the puzzle, its sides (rows, columns), its modes,
/// the words of its refusal.
type PastLimit = (
    &'static str,
    [&'static str; 2],
    &'static [&'static [&'static str]],
    &'static str,
);

/// Every mode of a graph, of the knight, of Revertigo and of Sudoku, either
/// way round, just past the limit that applies: the same one-line refusal.
#[test]
fn every_mode_of_the_other_boards_is_refused_just_past_its_limit_under_a_memory_cap() {
    let graph = temp_path("limits-modes-graph.txt");
    let edges: String = (0..65_536).map(|i| format!("{i} {}\n", i + 1)).collect();
    std::fs::write(&graph, edges).unwrap();
    for mode in [
        &[][..],
        &["--count"],
        &["--min"],
        &["--json"],
        &["--no-self"],
        &["--states", "3"],
        &["--states", "3", "--count"],
        &["--states", "4", "--min"],
        &["--states", "5", "--no-self", "--count"],
    ] {
        let mut args = vec!["lightsout", "--graph", graph.as_str()];
        args.extend(mode);
        refused_within_cap(&args, "graph vertices 65537");
    }
    let grid49 = temp_path("limits-modes-49.txt");
    std::fs::write(&grid49, vec!["."; 49 * 49].join(" ")).unwrap();
    for mode in [
        &[][..],
        &["--count"],
        &["--all", "--limit", "1"],
        &["--rate"],
        &["--explain"],
        &["--hint"],
        &["--json"],
    ] {
        let mut args = vec!["sudoku", grid49.as_str()];
        args.extend(mode);
        refused_within_cap(&args, "over the largest side 36");
    }
    for mode in [
        &[][..],
        &["--json"],
        &["--difficulty", "easy"],
        &["--symmetry", "mirror"],
    ] {
        let mut args = vec!["sudoku", "--generate", "1", "--size", "37"];
        args.extend(mode);
        refused_within_cap(&args, "board side 37");
    }
    let boards: &[PastLimit] = &[
        (
            "knight",
            ["3001", "3000"],
            &[
                &[],
                &["--closed"],
                &["--json"],
                &["--order", "plain"],
                &["--start", "0,0"],
                &["--count"],
                &["--count", "--closed"],
                &["--count", "--all-starts"],
                &["--all", "--limit", "1"],
                &["--animate"],
            ],
            "board cells 9003000",
        ),
        (
            "knight",
            ["12", "11"],
            &[
                &["--count", "--method", "backtrack"],
                &["--count", "--closed", "--method", "backtrack"],
                &["--count", "--all-starts", "--method", "backtrack"],
            ],
            "board cells for counting 132",
        ),
        (
            "revertigo",
            ["2001", "2000"],
            &[
                &[],
                &["--json"],
                &["--quiet"],
                &["--shortest"],
                &["--method", "poly"],
                &["--all", "--limit", "1"],
                &["--play"],
            ],
            "board cells 4002000",
        ),
    ];
    for &(puzzle, [long, short], modes, says) in boards {
        for (rows, cols) in [(long, short), (short, long)] {
            for mode in modes {
                let mut args = vec![puzzle, rows, cols];
                args.extend(*mode);
                refused_within_cap(&args, says);
            }
        }
    }
    for path in [graph, grid49] {
        let _ = std::fs::remove_file(path);
    }
}
