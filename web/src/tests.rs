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

/// A small deterministic generator for the random positions below (xorshift64*).
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// The free squares a knight's move from `p` on a `rows`×`cols` board, in the lab's order.
fn free_moves(rows: i64, cols: i64, seen: &[bool], (r, c): (i64, i64)) -> Vec<(i64, i64)> {
    // The knight's tour lab's order of the moves, `deplacements (x,y)`, as
    // (x, y) steps with x the column and y the row.
    const LAB_ORDER: [(i64, i64); 8] = [
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ];
    LAB_ORDER
        .iter()
        .map(|(dx, dy)| (r + dy, c + dx))
        .filter(|&(a, b)| {
            a >= 0 && b >= 0 && a < rows && b < cols && !seen[(a * cols + b) as usize]
        })
        .collect()
}

#[test]
fn the_legal_moves_and_warnsdorffs_suggestion_the_page_shows_follow_the_rules_at_200_random_positions(
) {
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    for _ in 0..200 {
        let (rows, cols) = (3 + random.below(6) as i64, 3 + random.below(6) as i64);
        let start = (
            random.below(rows as usize) as i64,
            random.below(cols as usize) as i64,
        );
        let mut seen = vec![false; (rows * cols) as usize];
        seen[(start.0 * cols + start.1) as usize] = true;
        let (mut path, mut at) = (Vec::new(), start);
        for _ in 0..random.below((rows * cols) as usize) {
            let next = free_moves(rows, cols, &seen, at);
            if next.is_empty() {
                break;
            }
            at = next[random.below(next.len())];
            seen[(at.0 * cols + at.1) as usize] = true;
            path.push([at.0, at.1]);
        }
        let r = reply(json!({"puzzle": "knight", "request": {"mode": "moves",
            "dims": {"rows": rows, "cols": cols}, "start": format!("{},{}", start.0, start.1), "path": path}}));
        let a = &r["answer"];
        let legal = free_moves(rows, cols, &seen, at);
        let shown: Vec<(i64, i64)> = serde_json::from_value(a["legal"].clone()).unwrap();
        assert_eq!(shown, legal, "{r}");
        // Warnsdorff's rule (1823): fewest onward moves; ties to the square
        // farther from the centre (Roth), then the lab's order.
        let key = |&(qr, qc): &(i64, i64)| {
            let mut after = seen.clone();
            after[(qr * cols + qc) as usize] = true;
            let (dr, dc) = (2 * qr - (rows - 1), 2 * qc - (cols - 1));
            (
                free_moves(rows, cols, &after, (qr, qc)).len(),
                -(dr * dr + dc * dc),
            )
        };
        let best = legal.iter().min_by_key(|q| key(q)).copied();
        let suggested: Option<(i64, i64)> =
            serde_json::from_value(a["suggestion"].clone()).unwrap();
        assert_eq!(suggested, best, "{r}");
        assert_eq!(a["visited"], path.len() + 1);
        assert_eq!(a["tour"], path.len() as i64 + 1 == rows * cols, "{r}");
    }
    let r = reply(json!({"puzzle": "knight", "request": {"mode": "moves",
        "dims": {"rows": 5, "cols": 5}, "path": [[1, 2], [1, 3]]}}));
    assert_eq!(
        r["error"],
        "move 2: 1,3 is not a knight's move from the square before"
    );
}

#[test]
fn the_candidates_the_page_shows_are_the_digits_no_peer_holds_at_200_random_positions() {
    let mut random = Random(7);
    for _ in 0..200 {
        let (br, bc) = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)][random.below(5)];
        let n = br * bc;
        // Digits dropped at random (clashes allowed: the rule still says what each cell sees).
        let cells: Vec<usize> = (0..n * n)
            .map(|_| {
                if random.below(3) == 0 {
                    1 + random.below(n)
                } else {
                    0
                }
            })
            .collect();
        let text: String = cells
            .iter()
            .map(|&v| {
                if v == 0 {
                    '.'
                } else {
                    char::from_digit(v as u32, 36).unwrap().to_ascii_uppercase()
                }
            })
            .collect();
        let r = reply(json!({"puzzle": "sudoku", "request": {"mode": "candidates",
            "source": {"name": "grid", "text": text}, "box": [br, bc]}}));
        let shown: Vec<Vec<usize>> = serde_json::from_value(r["answer"]["candidates"].clone())
            .unwrap_or_else(|_| panic!("{r}"));
        for (i, digits) in shown.iter().enumerate() {
            let (row, col) = (i / n, i % n);
            let peer = |j: usize| {
                j / n == row || j % n == col || (j / n / br == row / br && j % n / bc == col / bc)
            };
            let want: Vec<usize> = match cells[i] {
                0 => (1..=n)
                    .filter(|&d| !(0..n * n).any(|j| j != i && peer(j) && cells[j] == d))
                    .collect(),
                _ => Vec::new(),
            };
            assert_eq!(digits, &want, "cell {i} of {text}");
        }
    }
}

#[test]
fn the_stencils_the_page_reads_are_the_cells_marked_changed_at_200_random_patterns() {
    let mut random = Random(11);
    for _ in 0..200 {
        let (h, w) = (1 + 2 * random.below(3), 1 + 2 * random.below(3));
        let mut rows: Vec<Vec<char>> = (0..h)
            .map(|_| (0..w).map(|_| ['.', '#'][random.below(2)]).collect())
            .collect();
        let (cr, cc) = (h / 2, w / 2);
        rows[cr][cc] = ['@', 'o'][random.below(2)];
        let stencil: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
        let stencil = stencil.join("/");
        let mut want: Vec<[i64; 2]> = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            for (j, &ch) in row.iter().enumerate() {
                if ch == '#' || ch == '@' {
                    want.push([i as i64 - cr as i64, j as i64 - cc as i64]);
                }
            }
        }
        want.sort_unstable();
        let r = reply(
            json!({"puzzle": "lightsout", "request": {"mode": "pattern", "pattern": stencil}}),
        );
        if want.is_empty() {
            assert!(
                r["error"].as_str().unwrap().contains("changes no cell"),
                "{r}"
            );
            continue;
        }
        let shown: Vec<[i64; 2]> = serde_json::from_value(r["answer"]["offsets"].clone())
            .unwrap_or_else(|_| panic!("{stencil}: {r}"));
        assert_eq!(shown, want, "{stencil}");
    }
    let r =
        reply(json!({"puzzle": "lightsout", "request": {"mode": "pattern", "pattern": "#./.."}}));
    assert!(
        r["error"].as_str().unwrap().contains("no middle cell"),
        "{r}"
    );
}

#[test]
fn the_landings_the_page_shows_flip_each_cell_and_its_neighbours_at_200_random_walks() {
    let mut random = Random(5);
    for _ in 0..200 {
        let (rows, cols) = (1 + random.below(8), 1 + random.below(8));
        let mut black = vec![false; rows * cols];
        let (mut r, mut c) = (rows - 1, 0);
        let mut walk = String::new();
        let land = |black: &mut Vec<bool>, r: usize, c: usize| {
            for (dr, dc) in [(0i64, 0i64), (1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (a, b) = (r as i64 + dr, c as i64 + dc);
                if a >= 0 && b >= 0 && (a as usize) < rows && (b as usize) < cols {
                    black[a as usize * cols + b as usize] ^= true;
                }
            }
        };
        land(&mut black, r, c);
        for _ in 0..random.below(30) {
            let (letter, dr, dc) =
                [('N', -1, 0), ('E', 0, 1), ('S', 1, 0), ('W', 0, -1)][random.below(4)];
            let (a, b) = (r as i64 + dr, c as i64 + dc);
            if a < 0 || b < 0 || a as usize >= rows || b as usize >= cols {
                continue;
            }
            (r, c) = (a as usize, b as usize);
            walk.push(letter);
            land(&mut black, r, c);
        }
        let reply = reply(json!({"puzzle": "revertigo", "request": {"mode": "check",
            "dims": {"rows": rows, "cols": cols}, "walk": walk}}));
        let board: Vec<String> = serde_json::from_value(reply["answer"]["board"].clone()).unwrap();
        let want: Vec<String> = black
            .chunks(cols)
            .map(|row| row.iter().map(|&b| if b { '#' } else { '.' }).collect())
            .collect();
        assert_eq!(board, want, "{walk}");
        assert_eq!(reply["answer"]["end"], json!([r, c]));
    }
}

#[test]
fn the_pace_of_a_call_comes_before_its_work() {
    // Counting 8×8 closed tours would take minutes: the pace alone comes at once.
    let r = reply(json!({"puzzle": "knight", "pace_only": true, "request":
        {"mode": "count", "dims": {"rows": 8, "cols": 8}, "closed": true}}));
    assert_eq!(
        r["pace"],
        json!({"unit": "steps", "bounded": true, "stops": true})
    );
    assert_eq!(r["answer"], Value::Null);
    let r = reply(json!({"puzzle": "knight", "pace_only": true, "request":
        {"mode": "moves", "dims": {"rows": 5, "cols": 5}}}));
    assert_eq!(
        r["pace"],
        json!({"unit": null, "bounded": false, "stops": false})
    );
}
