//! The dispatch, natively: each puzzle's call answered and its answer checked
//! against the library's own rules (replays, counts).

use super::call;
use puzzles::control::NoProgress;
use serde_json::{json, Value};
use std::sync::Arc;

/// The reply to `request`, parsed.
fn reply(request: Value) -> Value {
    serde_json::from_str(&call(&request.to_string(), Arc::new(NoProgress))).unwrap()
}

#[test]
fn a_revertigo_walk_found_by_the_page_call_blackens_the_board_when_checked() {
    let solved = reply(
        json!({"puzzle": "revertigo", "request": {"dims": {"rows": 3, "cols": 3}, "mode": "solve"}}),
    );
    let walk = solved["answer"]["walk"].as_str().unwrap().to_string();
    let checked = reply(
        json!({"puzzle": "revertigo", "request": {"dims": {"rows": 3, "cols": 3}, "mode": "check", "walk": walk}}),
    );
    assert_eq!(checked["answer"]["mode"], "check");
    assert_eq!(checked["answer"]["black"], true);
}

#[test]
fn lights_out_presses_from_the_page_call_turn_the_board_off() {
    let lights = ["10100", "01110", "00100", "11011", "00001"];
    let board = json!({"given": {"text": lights.join("\n")}});
    let r = reply(
        json!({"puzzle": "lightsout", "request": {"board": board, "mode": "solve", "fewest": true}}),
    );
    let presses: Vec<Vec<bool>> = r["answer"]["presses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_array().unwrap().iter().map(|v| v == 1).collect())
        .collect();
    // Replayed here by the rule itself: each press flips the cell and its four neighbours.
    let mut board: Vec<Vec<bool>> = lights
        .iter()
        .map(|r| r.chars().map(|c| c == '1').collect())
        .collect();
    for (i, row) in presses.iter().enumerate() {
        for (j, &p) in row.iter().enumerate() {
            if p {
                for (di, dj) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (a, b) = (i as i64 + di, j as i64 + dj);
                    if (0..5).contains(&a) && (0..5).contains(&b) {
                        board[a as usize][b as usize] ^= true;
                    }
                }
            }
        }
    }
    assert!(board.iter().flatten().all(|&on| !on));
    // The 5×5 board has nullity 2 (Anderson and Feil, "Turning Lights Out
    // with Linear Algebra", 1998): a solvable board has 2² solutions.
    assert_eq!(r["answer"]["nullity"], 2);
    assert_eq!(r["answer"]["solutions"], "4");
}

#[test]
fn bad_requests_are_one_line_errors() {
    let source = json!({"name": "puzzle", "text": "53..7....\n6..1x5..."});
    let r = reply(json!({"puzzle": "sudoku", "request": {"source": source, "mode": "solve"}}));
    assert!(r["error"].as_str().unwrap().contains("puzzle:2:"), "{r}");
    let r = reply(json!({"puzzle": "chess"}));
    assert_eq!(
        r["error"],
        "no puzzle called \"chess\"; the puzzles are lightsout, revertigo, knight, sudoku"
    );
    let r = reply(json!({"puzzle": "knight", "request": {"dims": {"rows": 5}}}));
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .starts_with("bad request: missing field `cols`"),
        "{r}"
    );
}

#[test]
fn a_knights_tour_from_the_page_call_is_a_tour_and_the_corner_count_is_published() {
    let board = json!({"dims": {"rows": 5, "cols": 5}, "start": "0,0"});
    let mut find = board.clone();
    find["mode"] = json!("find");
    let r = reply(json!({"puzzle": "knight", "request": find}));
    let tour: Vec<(i64, i64)> = serde_json::from_value(r["answer"]["tour"].clone()).unwrap();
    let mut seen = tour.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 25);
    assert!(tour.windows(2).all(|w| {
        let (dr, dc) = ((w[0].0 - w[1].0).abs(), (w[0].1 - w[1].1).abs());
        dr * dc == 2
    }));
    // 304 open tours from a corner of the 5×5 board (OEIS A165134).
    let mut count = board;
    count["mode"] = json!("count");
    let r = reply(json!({"puzzle": "knight", "request": count}));
    assert_eq!(r["answer"]["count"], "304", "{r}");
}

#[test]
fn the_search_steps_of_the_page_call_end_on_the_tour_placed() {
    let r = reply(
        json!({"puzzle": "knight", "request": {"dims": {"rows": 5, "cols": 5}, "mode": "steps"}}),
    );
    assert_eq!(r["answer"]["result"], "tour", "{r}");
    assert_eq!(r["pace"]["stops"], true, "{r}");
    // Replaying places and clearings leaves 25 squares numbered 1..=25.
    let mut board = [0u64; 25];
    let steps = r["items"].as_array().unwrap();
    assert_eq!(steps.len() as u64, r["answer"]["steps"].as_u64().unwrap());
    for step in steps {
        let [row, col]: [usize; 2] = serde_json::from_value(step["square"].clone()).unwrap();
        board[row * 5 + col] = match step["action"].as_str() {
            Some("place") => step["number"].as_u64().unwrap(),
            _ => 0,
        };
    }
    let mut numbers = board.to_vec();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=25).collect::<Vec<_>>());
    // A stretch of the search: the steps after the first ten, three of them.
    let stretch = reply(json!({"puzzle": "knight", "request":
        {"dims": {"rows": 5, "cols": 5}, "mode": "steps", "skip": 10, "limit": 3}}));
    assert_eq!(stretch["items"].as_array().unwrap()[..], steps[10..13]);
    assert_eq!(stretch["answer"]["result"], Value::Null);
}

/// The Sudoku `request` of the page for `text` in boxes of 2×2 or 3×3.
fn sudoku(mode: Value, text: &str) -> Value {
    let side = (text.len() as f64).sqrt() as usize;
    let b = if side == 4 { 2 } else { 3 };
    let mut request = mode;
    request["source"] = json!({"name": "puzzle", "text": text});
    request["box"] = json!([b, b]);
    reply(json!({"puzzle": "sudoku", "request": request}))
}

#[test]
fn a_generated_sudoku_of_the_page_call_is_the_one_the_solver_finds() {
    let r = reply(json!({"puzzle": "sudoku", "request": {
        "box": [2, 2], "seed": 7, "mode": "generate", "count": 1, "symmetry": "none"}}));
    assert_eq!(r["answer"]["listed"], 1, "{r}");
    let made = &r["items"][0];
    let (puzzle, solution) = (made["puzzle"].as_str().unwrap(), &made["solution"]);
    assert!(made["rating"].is_number(), "a rated puzzle: {made}");
    // The solver, asked separately, finds the generator's solution, and only it.
    let solved = sudoku(json!({"mode": "solve"}), puzzle);
    assert_eq!(&solved["answer"]["solution"], solution);
    assert_eq!(solved["answer"]["unique"], true);
}

#[test]
fn a_sudoku_hint_of_the_page_call_places_a_digit_of_the_solution() {
    // A puzzle of the Wikipedia article "Sudoku" (a single solution).
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let solution = sudoku(json!({"mode": "solve"}), puzzle)["answer"]["solution"].clone();
    let solution = solution.as_str().unwrap().as_bytes();
    // The page's pencil marks: every digit 1-9 in each empty cell, a filled cell its digit.
    let marks: Vec<String> = puzzle
        .chars()
        .map(|c| match c {
            '.' => "123456789".to_string(),
            d => d.to_string(),
        })
        .collect();
    let r = sudoku(
        json!({"mode": "hint", "marks": {"name": "marks", "text": marks.join(" ")}}),
        puzzle,
    );
    let step = &r["answer"]["step"];
    let moves: Vec<[usize; 3]> = serde_json::from_value(step["place"].clone()).unwrap();
    let struck: Vec<[usize; 3]> = serde_json::from_value(step["eliminate"].clone()).unwrap();
    assert!(!moves.is_empty() || !struck.is_empty(), "{r}");
    for [row, col, digit] in moves {
        assert_eq!(solution[row * 9 + col] - b'0', digit as u8, "{r}");
    }
    for [row, col, digit] in struck {
        assert_ne!(solution[row * 9 + col] - b'0', digit as u8, "{r}");
    }
    let rated = sudoku(json!({"mode": "rate"}), puzzle);
    assert!(
        rated["answer"]["rating"].as_f64().unwrap() >= 1.0,
        "{rated}"
    );
}
