//! `--check` of every puzzle end to end: the command's own answers checked
//! right (exit 0), answers spoiled by hand checked wrong (exit 1) with the
//! first thing wrong named in JSON and in words, files that cannot be read
//! refused (exit 2).

use crate::util::{json, puzzles};
use predicates::str::contains;
use serde_json::{json, Value};

/// The JSON verdict of `puzzles args --check - --json` fed `stdin`, which must exit with `status`.
fn checked(args: &[&str], stdin: &str, status: i32) -> Value {
    let mut all = args.to_vec();
    all.extend(["--check", "-", "--json"]);
    let out = puzzles(&all).write_stdin(stdin).assert().code(status);
    serde_json::from_slice(&out.get_output().stdout).expect("one JSON object")
}

/// The 0/1 rows of a JSON grid of presses.
fn rows01(presses: &Value) -> String {
    let rows = presses.as_array().expect("rows");
    rows.iter()
        .map(|r| {
            let cells = r.as_array().expect("a row of cells");
            cells.iter().map(|c| c.to_string()).collect::<String>() + "\n"
        })
        .collect()
}

#[test]
fn lightsout_checks_its_own_presses_and_names_the_lights_left_on() {
    let board = "puzzles/lightsout/5x5-all-on.txt";
    let solved = json(&["lightsout", "--state", board, "--json"], 0);
    let presses = rows01(&solved["presses"]);
    let v = checked(&["lightsout", "--state", board], &presses, 0);
    assert_eq!(
        (v["right"].clone(), v["flaw"].clone()),
        (json!(true), Value::Null)
    );
    assert_eq!(v["press_count"], solved["press_count"]);
    // The plus is one press in the middle, written as the answers print it.
    let plus = ["lightsout", "--state", "puzzles/lightsout/3x3-plus.txt"];
    checked(&plus, "...\n.X.\n...\n", 0);
    // No press leaves the five lights of the plus on, the first at 0,1.
    let v = checked(&plus, "000\n000\n000\n", 1);
    assert_eq!(
        v["flaw"],
        json!({"flaw": "lights_on", "first": [0, 1], "count": 5})
    );
    // A corner press instead: 5 + 3 lights toggled, 2 shared → 4 left on.
    let v = checked(&plus, "100\n000\n000\n", 1);
    assert_eq!(v["flaw"]["count"], 4);
    puzzles(&[
        "lightsout",
        "--state",
        "puzzles/lightsout/3x3-plus.txt",
        "--check",
        "-",
    ])
    .write_stdin("000\n000\n000\n")
    .assert()
    .code(1)
    .stdout(contains(
        "wrong: 5 light(s) stay on after the presses, the first at 0,1",
    ));
    // Presses of the wrong size: a verdict, not a refusal.
    let v = checked(&plus, "00\n00\n", 1);
    assert_eq!(v["flaw"]["flaw"], "wrong_shape");
    // A seeded board is the board its solve answers (every 6×6 board is solvable).
    let solved = json(&["lightsout", "6", "--seed", "3", "--json"], 0);
    checked(
        &["lightsout", "6", "--seed", "3"],
        &rows01(&solved["presses"]),
        0,
    );
    // Not presses: one line, exit 2.
    puzzles(&["lightsout", "3", "--seed", "1", "--check", "-"])
        .write_stdin("0z0\n")
        .assert()
        .code(2);
}

#[test]
fn knight_checks_its_own_tours_in_both_forms_and_names_the_bad_move() {
    let found = json(&["knight", "5", "--json"], 0);
    let squares: Vec<(i64, i64)> = found["tour"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect();
    let listed: String = squares.iter().map(|(r, c)| format!("{r},{c}\n")).collect();
    let v = checked(&["knight", "5"], &listed, 0);
    assert_eq!(v["right"], true);
    // The board as the command prints it (the lab's %2d| rows) reads back.
    let board = puzzles(&["knight", "5"]).output().unwrap().stdout;
    checked(&["knight", "5"], &String::from_utf8(board).unwrap(), 0);
    // An open tour is not closed (no 5×5 tour is: 25 squares, odd).
    let v = checked(&["knight", "5", "--closed"], &listed, 1);
    assert_eq!(v["flaw"]["flaw"], "not_closed");
    // The last two squares swapped: move 24 is no knight's move.
    let mut spoiled = squares.clone();
    spoiled.swap(23, 24);
    let text: String = spoiled.iter().map(|(r, c)| format!("{r},{c} ")).collect();
    let v = checked(&["knight", "5"], &text, 1);
    assert_eq!(v["flaw"]["flaw"], "not_a_knight_move");
    // Short: a verdict; a square off the board: the file refused where it is.
    let v = checked(&["knight", "5"], "a1 b3", 1);
    assert_eq!(
        v["flaw"],
        json!({"flaw": "tour_length", "want": 25, "got": 2})
    );
    puzzles(&["knight", "5", "--check", "-"])
        .write_stdin("0,0\n9,9\n")
        .assert()
        .code(2)
        .stderr(contains("-:2:1: cell 9,9 is off the 5×5 board"));
}

#[test]
fn sudoku_checks_a_filled_grid_and_names_the_clash_or_the_changed_clue() {
    let puzzle = ["sudoku", "puzzles/sudoku/4x4.txt"];
    let solved = json(&["sudoku", "puzzles/sudoku/4x4.txt", "--json"], 0);
    let solution = solved["solution"].as_str().unwrap().to_string();
    let v = checked(&puzzle, &solution, 0);
    assert_eq!(
        (v["right"].clone(), v["solution"].clone()),
        (json!(true), json!(solution))
    );
    // The block form reads as well.
    checked(&puzzle, "1 3 2 4\n4 2 3 1\n2 4 1 3\n3 1 4 2\n", 0);
    // The first row's 3 and 2 swapped: a digit twice in a column and a box.
    let v = checked(&puzzle, "1234423124133142", 1);
    assert_eq!(v["flaw"]["flaw"], "same_digit");
    // A clue changed (1 → 4 at 0,0 and its row and column adjusted).
    let v = checked(&puzzle, "4132231414233241", 1);
    assert_eq!(
        (v["flaw"]["flaw"].clone(), v["flaw"]["at"].clone()),
        (json!("clue_changed"), json!([0, 0]))
    );
    // An empty cell, and a grid of the wrong side: verdicts.
    let v = checked(&puzzle, "1.24423124133142", 1);
    assert_eq!(v["flaw"], json!({"flaw": "empty_cell", "at": [0, 1]}));
    let v = checked(&puzzle, &"1".repeat(81), 1);
    assert_eq!(v["flaw"]["flaw"], "wrong_shape");
}

#[test]
fn revertigo_names_the_letter_that_is_not_a_move() {
    let v = json(&["revertigo", "3", "3", "--check", "NNX", "--json"], 1);
    assert_eq!(
        v["flaw"],
        json!({"flaw": "not_a_move", "index": 3, "found": 'X'})
    );
    assert_eq!(v["moves"], 2);
}

#[test]
fn lightsout_checks_presses_on_a_graph_by_the_vertices_names() {
    let petersen = ["lightsout", "--graph", "puzzles/lightsout/petersen.txt"];
    let v = checked(&petersen, "o0 o1 o2 o3 o4\n", 0);
    assert_eq!(
        (v["press_count"].clone(), v["after"].clone()),
        (json!(5), json!([]))
    );
    // Commas, lines and counts: three presses of o4 are one (two states).
    checked(&petersen, "# mine\no0,o1\no2 o3 o4*3\n", 0);
    // o4 left out: the four vertices its press changes stay on, o0 first in
    // the file's order.
    let v = checked(&petersen, "o0 o1 o2 o3\n", 1);
    assert_eq!(
        v["flaw"],
        json!({"flaw": "vertex_on", "first": "o0", "count": 4})
    );
    assert_eq!(v["after"], json!(["o0", "o3", "o4", "i4"]));
    // A name that is no vertex: a verdict, not a refusal.
    let v = checked(&petersen, "o0 o9\n", 1);
    assert_eq!(v["flaw"], json!({"flaw": "no_such_vertex", "name": "o9"}));
    puzzles(&petersen)
        .args(["--check", "-"])
        .write_stdin("o0 o1 o2 o3\n")
        .assert()
        .code(1)
        .stdout(contains("on after the presses: o0 o3 o4 i4"))
        .stdout(contains(
            "wrong: 4 light(s) stay on after the presses, the first at vertex o0",
        ));
}
