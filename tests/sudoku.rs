//! `puzzles sudoku` end to end: every example file solved and checked here, batches in order, counts, bad input.

use crate::util::{json, puzzles, temp_path};
use predicates::str::contains;

/// The values of a line-form grid (`.` empty; symbols, or numbers above order 5).
fn cells(line: &str) -> Vec<u32> {
    if line.contains(' ') {
        line.split_whitespace()
            .map(|w| w.parse().unwrap_or(0))
            .collect()
    } else {
        line.chars().map(|c| c.to_digit(36).unwrap_or(0)).collect()
    }
}

/// An independent check: `solution` is a full valid grid of side `side` keeping every clue of `puzzle`.
fn assert_solves(puzzle: &str, solution: &str, side: usize) {
    let (p, s) = (cells(puzzle), cells(solution));
    assert_eq!(p.len(), side * side);
    assert_eq!(s.len(), side * side);
    let n = (side as f64).sqrt().round() as usize;
    for (i, (&clue, &v)) in p.iter().zip(&s).enumerate() {
        assert!(v >= 1 && v as usize <= side, "cell {i} holds {v}");
        assert!(clue == 0 || clue == v, "clue at {i} changed");
    }
    for k in 0..side {
        let mut row: Vec<u32> = (0..side).map(|j| s[k * side + j]).collect();
        let mut col: Vec<u32> = (0..side).map(|j| s[j * side + k]).collect();
        let (br, bc) = (k / n * n, k % n * n);
        let mut boxed: Vec<u32> = (0..side)
            .map(|j| s[(br + j / n) * side + bc + j % n])
            .collect();
        for unit in [&mut row, &mut col, &mut boxed] {
            unit.sort_unstable();
            assert_eq!(*unit, (1..=side as u32).collect::<Vec<_>>());
        }
    }
}

#[test]
fn every_example_grid_is_solved_uniquely_and_checked() {
    for (file, side) in [
        ("puzzles/sudoku/4x4.txt", 4),
        ("puzzles/sudoku/9x9-line.txt", 9),
        ("puzzles/sudoku/9x9-block.txt", 9),
        ("puzzles/sudoku/16x16.txt", 16),
        ("puzzles/sudoku/25x25-numbers.txt", 25),
    ] {
        let v = json(&["sudoku", file, "--json"], 0);
        assert_eq!(v["size"], side, "{file}");
        assert_eq!(v["unique"], true, "{file}");
        assert_solves(
            v["puzzle"].as_str().unwrap(),
            v["solution"].as_str().unwrap(),
            side,
        );
    }
}

#[test]
fn text_output_shows_the_boxes_and_uniqueness() {
    puzzles(&["sudoku", "puzzles/sudoku/9x9-block.txt"])
        .assert()
        .success()
        .stdout(contains("Sudoku 9×9 (boxes 3×3)"))
        .stdout(contains("------+-------+------"))
        .stdout(contains(" | "))
        .stdout(contains("unique"));
}

#[test]
fn the_empty_4x4_grid_counts_288() {
    let v = json(
        &[
            "sudoku",
            "puzzles/sudoku/4x4-empty.txt",
            "--count",
            "--json",
        ],
        0,
    );
    assert_eq!(v["count"], "288");
    assert_eq!(v["complete"], true);
    assert_eq!(v["unique"], false);
    let v = json(
        &[
            "sudoku",
            "puzzles/sudoku/4x4-empty.txt",
            "--count",
            "--limit",
            "5",
            "--json",
        ],
        0,
    );
    assert_eq!(v["count"], "5");
    assert_eq!(v["complete"], false);
    puzzles(&["sudoku", "puzzles/sudoku/4x4-empty.txt", "--count"])
        .assert()
        .success()
        .stdout(contains("count: 288"));
}

#[test]
fn all_lists_distinct_valid_solutions() {
    let out = crate::util::stdout(
        &[
            "sudoku",
            "puzzles/sudoku/4x4-empty.txt",
            "--all",
            "--limit",
            "300",
            "--json",
        ],
        0,
    );
    let list = items(&out);
    assert_eq!(list.len(), 288);
    let end: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(
        (end["listed"].clone(), end["complete"].clone()),
        (288.into(), true.into())
    );
    let mut seen = std::collections::HashSet::new();
    for (k, v) in list.iter().enumerate() {
        assert_eq!(v["index"], k + 1);
        let s = v["solution"].as_str().unwrap();
        assert_solves("................", s, 4);
        assert!(seen.insert(s.to_string()));
    }
}

#[test]
fn batch_answers_every_line_in_order() {
    let text = std::fs::read_to_string("puzzles/sudoku/batch-9x9.txt").unwrap();
    let inputs: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let out = puzzles(&["sudoku", "puzzles/sudoku/batch-9x9.txt", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let answers = items(&String::from_utf8(out).unwrap());
    assert_eq!(answers.len(), inputs.len());
    for (k, (a, input)) in answers.iter().zip(&inputs).enumerate() {
        assert_eq!(a["puzzle"], *input);
        assert_eq!(a["line"], k + 6);
        assert_solves(input, a["solution"].as_str().unwrap(), 9);
        // Lines 6-13 are the bank's unique puzzles, 14-16 have several solutions.
        assert_eq!(a["unique"], k < 8, "line {}", k + 6);
    }
    // Text: one line per puzzle, the solution then unique/multiple.
    let text_out = puzzles(&["sudoku", "puzzles/sudoku/batch-9x9.txt"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<String> = String::from_utf8(text_out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), inputs.len());
    for (line, a) in lines.iter().zip(&answers) {
        let word = if a["unique"] == true {
            "unique"
        } else {
            "multiple"
        };
        assert_eq!(*line, format!("{} {word}", a["solution"].as_str().unwrap()));
    }
}

#[test]
fn jobs_keep_the_batch_order() {
    let one = puzzles(&["sudoku", "puzzles/sudoku/batch-9x9.txt", "--json"])
        .output()
        .unwrap()
        .stdout;
    let two = puzzles(&[
        "sudoku",
        "puzzles/sudoku/batch-9x9.txt",
        "--json",
        "--jobs",
        "2",
    ])
    .output()
    .unwrap()
    .stdout;
    assert!(!one.is_empty());
    assert_eq!(one, two);
}

#[test]
fn clashing_clues_exit_1_naming_both_cells() {
    let v = json(&["sudoku", "puzzles/sudoku/clash.txt", "--json"], 1);
    assert!(v["solution"].is_null());
    assert!(v["unique"].is_null());
    assert_eq!(v["clash"], serde_json::json!([[0, 0], [0, 7]]));
    puzzles(&["sudoku", "puzzles/sudoku/clash.txt"])
        .assert()
        .code(1)
        .stdout(contains("no solution"))
        .stdout(contains("cells 0,0 and 0,7 both hold 5"));
}

#[test]
fn a_puzzle_without_solution_says_none() {
    // No clash, but cell 0,3 can hold nothing: row 0 has 1 and 2, column 3 has 3 and 4.
    let (status, v) = json_status_stdin("12..\n...3\n....\n...4\n", &["--json"]);
    assert_eq!(status, 1);
    assert!(v["solution"].is_null());
    assert!(v["clash"].is_null());
}

/// Runs `puzzles sudoku - args` with `input` on stdin; the exit status and the JSON printed.
fn json_status_stdin(input: &str, args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["sudoku", "-"];
    all.extend_from_slice(args);
    let out = puzzles(&all).write_stdin(input).output().unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (out.status.code().unwrap(), v)
}

#[test]
fn stdin_and_every_order_up_to_6() {
    let (status, v) = json_status_stdin(&".".repeat(81), &["--json"]);
    assert_eq!(status, 0);
    assert_eq!(v["unique"], false);
    assert_solves(&".".repeat(81), v["solution"].as_str().unwrap(), 9);
    // The empty 36×36 grid, as numbers.
    let row = vec!["0"; 36].join(" ");
    let grid = vec![row; 36].join("\n");
    let (status, v) = json_status_stdin(&grid, &["--json"]);
    assert_eq!(status, 0);
    assert_eq!(v["size"], 36);
    assert_solves(
        &vec!["."; 1296].join(" "),
        v["solution"].as_str().unwrap(),
        36,
    );
}

#[test]
fn bad_input_exits_2_with_file_line_and_column() {
    for (text, wanted) in [
        (
            "12.4\n..?.\n....\n....\n",
            "-:2:3: '?' is not a Sudoku symbol",
        ),
        ("12.4\n..x.\n....\n....\n", "-:2:3: 'x' (33) is above 4"),
        ("123456789\n1234567\n", "-:2:"),
        ("..........", "-:1:11: 10 cells is not a Sudoku grid"),
        ("5\n", "-:1:2: 1 cells is not a Sudoku grid"),
        ("1234\n5...\n....\n....\n", "-:2:1: 5 is above 4"),
    ] {
        puzzles(&["sudoku", "-"])
            .write_stdin(text)
            .assert()
            .code(2)
            .stderr(contains(wanted));
    }
    puzzles(&["sudoku", "puzzles/sudoku/missing.txt"])
        .assert()
        .code(2)
        .stderr(contains("missing.txt"));
}

#[test]
fn a_bad_batch_line_is_reported_and_the_rest_answered() {
    let good = "1.....3..4.....2";
    let input = format!("{good}\n1.....3..4....!2\n................\n");
    let out = puzzles(&["sudoku", "-", "--json"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stderr(contains("-:2:15: '!'"))
        .get_output()
        .stdout
        .clone();
    let answers = items(&String::from_utf8(out).unwrap());
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0]["line"], 1);
    assert_eq!(answers[0]["unique"], true);
    assert_eq!(answers[1]["line"], 3);
    assert_eq!(answers[1]["unique"], false);
}

#[test]
fn batch_count_prints_one_count_per_line() {
    puzzles(&["sudoku", "-", "--count", "--limit", "3"])
        .write_stdin("1.....3..4.....2\n................\n")
        .assert()
        .success()
        .stdout("1\n3+\n");
}

#[test]
fn limit_needs_count_or_all() {
    puzzles(&["sudoku", "puzzles/sudoku/4x4.txt", "--limit", "3"])
        .assert()
        .code(2);
}

/// The JSON Lines items printed by `puzzles args` (with `input` on stdin),
/// which must exit with `status`; the answer object that ends them (it has a
/// `"mode"`) is checked and left out.
fn json_lines(args: &[&str], input: &str, status: i32) -> Vec<serde_json::Value> {
    let out = puzzles(args)
        .write_stdin(input)
        .assert()
        .code(status)
        .get_output()
        .stdout
        .clone();
    items(&String::from_utf8(out).unwrap())
}

/// The items of JSON Lines `out`, without the answer object that ends them.
pub fn items(out: &str) -> Vec<serde_json::Value> {
    let mut lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let end = lines.pop().expect("the answer object ends the lines");
    assert!(end["mode"].is_string(), "{end}");
    assert!(lines.iter().all(|l| l.get("mode").is_none()));
    lines
}

#[test]
fn generated_puzzles_solve_back_uniquely_and_repeat_with_the_seed() {
    let made = puzzles(&["sudoku", "--generate", "3", "--seed", "11"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let made = String::from_utf8(made).unwrap();
    assert!(made.starts_with("# puzzles sudoku --generate 3 --box 3x3 --seed 11\n"));
    assert_eq!(made.lines().count(), 4);
    let again = puzzles(&["sudoku", "--generate", "3", "--seed", "11"])
        .output()
        .unwrap()
        .stdout;
    assert_eq!(made.as_bytes(), again.as_slice());
    // Fed back as a batch: every puzzle has exactly one solution.
    for a in json_lines(&["sudoku", "-", "--json"], &made, 0) {
        assert_eq!(a["unique"], true);
        assert_solves(
            a["puzzle"].as_str().unwrap(),
            a["solution"].as_str().unwrap(),
            9,
        );
    }
    let g = json_lines(
        &[
            "sudoku",
            "--generate",
            "1",
            "--order",
            "2",
            "--seed",
            "3",
            "--json",
        ],
        "",
        0,
    );
    assert_eq!(g[0]["size"], 4);
    assert_solves(
        g[0]["puzzle"].as_str().unwrap(),
        g[0]["solution"].as_str().unwrap(),
        4,
    );
    // A 16×16 one, minimal: removing any clue leaves several solutions.
    let g = json_lines(
        &[
            "sudoku",
            "--generate",
            "1",
            "--order",
            "4",
            "--seed",
            "4",
            "--json",
        ],
        "",
        0,
    );
    let puzzle = g[0]["puzzle"].as_str().unwrap();
    assert_solves(puzzle, g[0]["solution"].as_str().unwrap(), 16);
    let fewer: Vec<String> = puzzle
        .char_indices()
        .filter(|&(_, ch)| ch != '.')
        .map(|(i, _)| format!("{}.{}", &puzzle[..i], &puzzle[i + 1..]))
        .collect();
    let counts = json_lines(
        &["sudoku", "-", "--count", "--limit", "2", "--json"],
        &fewer.join("\n"),
        0,
    );
    assert_eq!(counts.len(), fewer.len());
    assert!(counts.iter().all(|v| v["count"] == "2"));
    // Sides above 36 are refused, naming the limit.
    puzzles(&["sudoku", "--generate", "1", "--size", "40"])
        .assert()
        .code(2)
        .stderr(contains("over the limit of 36"));
}

#[test]
fn transformed_puzzles_keep_their_number_of_solutions() {
    let moved = puzzles(&[
        "sudoku",
        "puzzles/sudoku/batch-9x9.txt",
        "--transform",
        "--seed",
        "2",
    ])
    .assert()
    .success()
    .get_output()
    .stdout
    .clone();
    let moved = String::from_utf8(moved).unwrap();
    let original = std::fs::read_to_string("puzzles/sudoku/batch-9x9.txt").unwrap();
    let before = json_lines(
        &["sudoku", "-", "--count", "--limit", "50", "--json"],
        &original,
        0,
    );
    let after = json_lines(
        &["sudoku", "-", "--count", "--limit", "50", "--json"],
        &moved,
        0,
    );
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b["count"], a["count"]);
        let clues =
            |v: &serde_json::Value| v["puzzle"].as_str().unwrap().matches(|c| c != '.').count();
        if clues(b) > 0 {
            assert_ne!(b["puzzle"], a["puzzle"]);
        }
        assert_eq!(clues(b), clues(a));
    }
}

#[test]
fn svg_draws_every_digit_and_the_box_lines() {
    let path = crate::util::temp_path("sudoku.svg");
    crate::util::puzzles(&["sudoku", "puzzles/sudoku/9x9-block.txt", "--svg", &path])
        .assert()
        .success();
    assert_eq!(crate::util::svg_elements(&path, "text"), 81);
    assert_eq!(crate::util::svg_elements(&path, "line"), 20);
}

#[test]
fn clashing_25x25_clues_are_named_in_a_batch() {
    let text = std::fs::read_to_string("puzzles/sudoku/25x25-clash-batch.txt").unwrap();
    let answers = json_lines(&["sudoku", "-", "--json"], &text, 1);
    assert_eq!(answers.len(), 3);
    for v in &answers {
        assert!(v["solution"].is_null());
        let grid = cells(v["puzzle"].as_str().unwrap());
        let at = |p: &serde_json::Value| {
            let (r, c) = (
                p[0].as_u64().unwrap() as usize,
                p[1].as_u64().unwrap() as usize,
            );
            (r, c, grid[r * 25 + c])
        };
        let (r1, c1, d1) = at(&v["clash"][0]);
        let (r2, c2, d2) = at(&v["clash"][1]);
        // Two different cells of a common row, column or box holding the same digit.
        assert_ne!((r1, c1), (r2, c2));
        assert!(d1 != 0 && d1 == d2);
        assert!(r1 == r2 || c1 == c2 || (r1 / 5, c1 / 5) == (r2 / 5, c2 / 5));
    }
    let out = puzzles(&["sudoku", "puzzles/sudoku/25x25-clash-batch.txt"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().count(), 3);
    assert!(out.lines().all(|l| l.starts_with("none (clash: ")), "{out}");
}

/// A 9×9 batch that takes every branch of the batch code: the vendored
/// diabolical puzzles (the plain-line fast path), with a bad line, clashing
/// clues, a puzzle without solution, one with several, a 9×9 line with box
/// separators and a 4×4 line (both read by the general path) among them.
fn mixed_batch() -> String {
    let text = std::fs::read_to_string("puzzles/sudoku/diabolical-300.txt").unwrap();
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(120)
        .map(str::to_string)
        .collect();
    let plain = lines[7].clone();
    let separated = format!("{}|{}|{}", &plain[..27], &plain[27..54], &plain[54..]);
    let no_place = format!("12345678.{}{}", "........9", ".".repeat(63));
    for (at, line) in [
        (3, format!("55{}", ".".repeat(79))),
        (10, format!("{}!{}", &plain[..40], &plain[41..])),
        (20, no_place),
        (30, ".".repeat(81)),
        (40, separated),
        (50, "1.....3..4.....2".to_string()),
    ] {
        lines.insert(at, line);
    }
    lines.join("\n") + "\n"
}

/// The text line of a batch answer as the JSON answer (the general path) gives it.
fn text_of(answer: &serde_json::Value) -> String {
    match answer["solution"].as_str() {
        Some(s) if answer["unique"] == true => format!("{s} unique"),
        Some(s) => format!("{s} multiple"),
        None => match answer["clash"].as_array() {
            Some(c) => format!(
                "none (clash: {},{} and {},{})",
                c[0][0], c[0][1], c[1][0], c[1][1]
            ),
            None => "none".to_string(),
        },
    }
}

#[test]
fn the_text_fast_path_answers_as_the_general_path_and_keeps_order_with_jobs() {
    let input = mixed_batch();
    let answers = json_lines(&["sudoku", "-", "--json"], &input, 2);
    // One answer per good line, in order; the bad line (11) is left out.
    assert_eq!(answers.len(), input.lines().count() - 1);
    assert!(answers.iter().all(|a| a["line"] != 11));
    for a in &answers {
        if let Some(s) = a["solution"].as_str() {
            let side = a["size"].as_u64().unwrap() as usize;
            assert_solves(a["puzzle"].as_str().unwrap(), s, side);
        }
    }
    let mut outputs = Vec::new();
    for jobs in ["1", "2"] {
        let out = puzzles(&["sudoku", "-", "--jobs", jobs])
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stderr(contains("-:11:41: '!' is not a Sudoku symbol"))
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), answers.len());
        for (line, a) in lines.iter().zip(&answers) {
            assert_eq!(*line, text_of(a), "line {}", a["line"]);
        }
        outputs.push(text);
    }
    assert_eq!(outputs[0], outputs[1]);
    // Every kind of answer is there: unique, multiple, a clash, none without a clash.
    let texts: Vec<String> = answers.iter().map(text_of).collect();
    for wanted in [" unique", " multiple", "none (clash: 0,0 and 0,1)"] {
        assert!(texts.iter().any(|t| t.ends_with(wanted)), "{wanted}");
    }
    assert!(texts.iter().any(|t| t == "none"));
}

#[test]
fn a_text_batch_exits_0_when_all_are_solved_and_1_when_one_is_not() {
    // All answered: 0; one puzzle without solution: 1.
    let good = mixed_batch()
        .lines()
        .filter(|l| {
            l.len() == 81 && !l.contains('!') && !l.starts_with("55") && !l.starts_with("12345678")
        })
        .collect::<Vec<_>>()
        .join("\n");
    puzzles(&["sudoku", "-"])
        .write_stdin(good.clone())
        .assert()
        .success();
    let with_none = format!("{good}\n55{}\n", ".".repeat(79));
    puzzles(&["sudoku", "-", "--jobs", "2"])
        .write_stdin(with_none)
        .assert()
        .code(1)
        .stdout(contains("none (clash: 0,0 and 0,1)"));
}

#[test]
fn jobs_on_one_25x25_puzzle_runs_a_portfolio_with_the_same_answer() {
    let file = "puzzles/sudoku/25x25-numbers.txt";
    let one = json(&["sudoku", file, "--json"], 0);
    for jobs in ["2", "3"] {
        let v = json(&["sudoku", file, "--json", "--jobs", jobs], 0);
        assert_eq!(v["unique"], true, "--jobs {jobs}");
        assert_eq!(v["solution"], one["solution"], "--jobs {jobs}");
        assert_solves(
            v["puzzle"].as_str().unwrap(),
            v["solution"].as_str().unwrap(),
            25,
        );
    }
    for bad in ["0", "x", "257"] {
        let out = puzzles(&["sudoku", file, "--jobs", bad])
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("--jobs"), "--jobs {bad}: {text}");
    }
}

#[test]
fn explain_prints_steps_that_end_in_the_solution_with_a_rating() {
    let v = json(
        &[
            "sudoku",
            "puzzles/sudoku/9x9-line.txt",
            "--explain",
            "--json",
        ],
        0,
    );
    assert_eq!(v["outcome"], "solved");
    assert_eq!(v["box"], serde_json::json!([3, 3]));
    let solution = v["solution"].as_str().unwrap();
    assert_solves(v["puzzle"].as_str().unwrap(), solution, 9);
    let steps = v["steps"].as_array().unwrap();
    let placed: usize = steps
        .iter()
        .map(|s| s["place"].as_array().unwrap().len())
        .sum();
    assert_eq!(placed, v["puzzle"].as_str().unwrap().matches('.').count());
    for s in steps {
        for p in s["place"].as_array().unwrap() {
            let (r, c, d) = (
                p[0].as_u64().unwrap(),
                p[1].as_u64().unwrap(),
                p[2].as_u64().unwrap(),
            );
            assert_eq!(solution.as_bytes()[(r * 9 + c) as usize] - b'0', d as u8);
        }
    }
    assert!(v["rating"].as_f64().unwrap() >= 4.0);
    puzzles(&["sudoku", "puzzles/sudoku/9x9-line.txt", "--explain"])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "rating 7.2 (forcing-chain), 74 steps",
        ));
}

#[test]
fn hint_gives_one_step_and_reads_pencil_marks() {
    let v = json(&["sudoku", "puzzles/sudoku/4x4.txt", "--hint", "--json"], 0);
    assert_eq!(v["step"]["technique"], "hidden-single");
    let marks = temp_path("marks.txt");
    std::fs::write(
        &marks,
        "1 1234 1234 1234 1234 1234 3 1234 1234 4 1234 1234 1234 1234 1234 2",
    )
    .unwrap();
    let v = json(
        &[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--hint",
            "--marks",
            &marks,
            "--json",
        ],
        0,
    );
    assert!(v["step"]["text"].is_string());
    std::fs::write(
        &marks,
        "2 1234 1234 1234 1234 1234 3 1234 1234 4 1234 1234 1234 1234 1234 2",
    )
    .unwrap();
    puzzles(&[
        "sudoku",
        "puzzles/sudoku/4x4.txt",
        "--hint",
        "--marks",
        &marks,
    ])
    .assert()
    .code(2)
    .stderr(predicates::str::contains("exclude its digit 1"));
    let _ = std::fs::remove_file(&marks);
}

#[test]
fn rate_answers_every_line_of_a_batch() {
    let rows = json_lines(
        &["sudoku", "puzzles/sudoku/batch-9x9.txt", "--rate", "--json"],
        "",
        0,
    );
    assert_eq!(rows.len(), 11);
    assert_eq!(rows[0]["line"], 6);
    assert!(rows[0]["rating"].as_f64().unwrap() >= 1.0 && rows[0]["hardest"].is_string());
    assert_eq!(rows[10]["outcome"], "several");
}

#[test]
fn explain_refuses_bad_grids_in_one_line() {
    puzzles(&["sudoku", "puzzles/sudoku/clash.txt", "--explain"])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("r1c1 and r1c8"));
    puzzles(&["sudoku", "puzzles/sudoku/4x4-empty.txt", "--explain"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("several solutions"));
    for bad in ["2x3", "7x7"] {
        let out = puzzles(&[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--explain",
            "--box",
            bad,
        ])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 1, "{bad}");
    }
}

#[test]
fn generate_by_difficulty_and_symmetry() {
    let rows = json_lines(
        &[
            "sudoku",
            "--generate",
            "2",
            "--difficulty",
            "hard",
            "--symmetry",
            "rotate180",
            "--seed",
            "4",
            "--json",
        ],
        "",
        0,
    );
    for p in &rows {
        let r = p["rating"].as_f64().unwrap();
        assert!((3.5..=4.6).contains(&r), "{r}");
        let line = p["puzzle"].as_str().unwrap().as_bytes();
        assert!((0..81).all(|i| (line[i] == b'.') == (line[80 - i] == b'.')));
        assert_solves(
            p["puzzle"].as_str().unwrap(),
            p["solution"].as_str().unwrap(),
            9,
        );
    }
    puzzles(&[
        "sudoku",
        "--generate",
        "1",
        "--box",
        "2x2",
        "--difficulty",
        "extreme",
        "--seed",
        "1",
    ])
    .assert()
    .code(2)
    .stderr(predicates::str::contains("the budget"));
}

/// The cells of a line form read back on a board of `side` (one symbol per cell).
fn symbols(line: &str) -> Vec<u32> {
    line.chars().map(|c| c.to_digit(36).unwrap_or(0)).collect()
}

/// Checks that `solution` fills `puzzle` (both line forms) on boxes of `r`×`c`.
fn check_boxes(puzzle: &str, solution: &str, r: usize, c: usize) {
    let (p, s) = (symbols(puzzle), symbols(solution));
    let n = r * c;
    assert_eq!((p.len(), s.len()), (n * n, n * n));
    assert!(p.iter().zip(&s).all(|(&a, &b)| a == 0 || a == b));
    let unit = |cells: Vec<usize>| {
        let mut d: Vec<u32> = cells.into_iter().map(|i| s[i]).collect();
        d.sort_unstable();
        d == (1..=n as u32).collect::<Vec<_>>()
    };
    for k in 0..n {
        assert!(unit((0..n).map(|j| k * n + j).collect()), "row {k}");
        assert!(unit((0..n).map(|j| j * n + k).collect()), "column {k}");
        let (r0, c0) = (k / (n / c) * r, k % (n / c) * c);
        assert!(
            unit((0..n).map(|j| (r0 + j / c) * n + c0 + j % c).collect()),
            "box {k}"
        );
    }
}

/// The standard output of `puzzles args` fed `input`, which must succeed.
fn output(args: &[&str], input: &str) -> String {
    let out = puzzles(args).write_stdin(input).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8 output")
}

#[test]
fn oblong_boxes_are_solved_counted_batched_moved_and_drawn() {
    for (file, r, c) in [
        ("puzzles/sudoku/6x6.txt", 2, 3),
        ("puzzles/sudoku/12x12-line.txt", 3, 4),
    ] {
        let v = json(&["sudoku", file, "--json"], 0);
        assert_eq!(v["box"], serde_json::json!([r, c]));
        assert_eq!(v["unique"], true);
        check_boxes(
            v["puzzle"].as_str().unwrap(),
            v["solution"].as_str().unwrap(),
            r,
            c,
        );
    }
    // 36 cells read with 3×2 boxes when asked; the empty 6×6 board's 28,200,960 grids.
    let empty = ".".repeat(36);
    let out = output(
        &["sudoku", "-", "--box", "3x2", "--count", "--json"],
        &empty,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["box"].clone(), v["count"].clone()),
        (serde_json::json!([3, 2]), serde_json::json!("28200960"))
    );
    // Generated puzzles of 2×4 and 2×5 boxes, answered as a batch, each unique.
    for (shape, r, c) in [("2x4", 2, 4), ("2x5", 2, 5)] {
        let made = output(
            &["sudoku", "--generate", "3", "--box", shape, "--seed", "4"],
            "",
        );
        let answers = json_lines(&["sudoku", "-", "--json"], &made, 0);
        assert_eq!(answers.len(), 3);
        for a in &answers {
            assert_eq!(
                (a["box"].clone(), a["unique"].clone()),
                (serde_json::json!([r, c]), serde_json::json!(true))
            );
            check_boxes(
                a["puzzle"].as_str().unwrap(),
                a["solution"].as_str().unwrap(),
                r,
                c,
            );
        }
        // Moved by symmetries that keep the boxes: still one solution each.
        let moved = output(&["sudoku", "-", "--transform", "--seed", "2"], &made);
        let moved = json_lines(&["sudoku", "-", "--json"], &moved, 0);
        assert!(moved
            .iter()
            .all(|a| a["unique"] == true && a["box"] == serde_json::json!([r, c])));
    }
    // --size picks the squarest boxes.
    let v = json_lines(
        &[
            "sudoku",
            "--generate",
            "1",
            "--size",
            "10",
            "--seed",
            "1",
            "--json",
        ],
        "",
        0,
    );
    assert_eq!(v[0]["box"], serde_json::json!([2, 5]));
    // The picture: 7 + 7 lines, thick at every third column and every second row.
    let path = crate::util::temp_path("sudoku-6x6.svg");
    puzzles(&["sudoku", "puzzles/sudoku/6x6.txt", "--svg", &path])
        .assert()
        .success();
    assert_eq!(crate::util::svg_elements(&path, "line"), 14);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(svg.matches("stroke-width=\"2.5\"").count(), 3 + 4);
}

#[test]
fn bad_box_shapes_are_refused_in_one_line() {
    for args in [
        &["sudoku", "puzzles/sudoku/4x4.txt", "--box", "3y"][..],
        &["sudoku", "puzzles/sudoku/4x4.txt", "--box", "3x3"],
        &["sudoku", "puzzles/sudoku/4x4.txt", "--box", "1x4"],
        &["sudoku", "puzzles/sudoku/6x6.txt", "--box", "6x7"],
        &[
            "sudoku",
            "puzzles/sudoku/6x6.txt",
            "--box",
            "3x3",
            "--count",
        ],
        &["sudoku", "--generate", "1", "--size", "7"],
        &["sudoku", "--generate", "1", "--size", "8", "--box", "2x3"],
        &["sudoku", "--generate", "1", "--box", "7x7"],
        &[
            "sudoku",
            "--generate",
            "1",
            "--order",
            "5",
            "--difficulty",
            "easy",
        ],
    ] {
        let out = puzzles(args).assert().code(2).get_output().clone();
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("puzzles: "), "{err}");
    }
}

/// Every mode's JSON read back through the library's own types: each line
/// of the output parses as an `Item`, the last as the `Answer`, and each
/// writes back to the same JSON.
#[test]
fn the_json_of_every_mode_reads_back_through_the_library_types() {
    use puzzles::sudoku::{Answer, Item};
    let marks = temp_path("roundtrip-marks.txt");
    std::fs::write(
        &marks,
        "1 234 234 234\n1234 1234 3 1234\n1234 4 1234 1234\n1234 1234 1234 2\n",
    )
    .unwrap();
    let runs: Vec<Vec<&str>> = vec![
        vec!["puzzles/sudoku/9x9-line.txt"],
        vec!["puzzles/sudoku/clash.txt"],
        vec!["puzzles/sudoku/4x4-empty.txt", "--count", "--limit", "7"],
        vec!["puzzles/sudoku/4x4-empty.txt", "--all", "--limit", "3"],
        vec!["puzzles/sudoku/batch-9x9.txt"],
        vec!["puzzles/sudoku/batch-9x9.txt", "--count", "--limit", "3"],
        vec!["puzzles/sudoku/batch-9x9.txt", "--rate"],
        vec!["puzzles/sudoku/batch-9x9.txt", "--transform", "--seed", "3"],
        vec!["--generate", "2", "--size", "6", "--seed", "5"],
        vec!["--generate", "1", "--difficulty", "easy", "--seed", "5"],
        vec!["puzzles/sudoku/9x9-line.txt", "--explain"],
        vec!["puzzles/sudoku/4x4.txt", "--explain", "--candidates"],
        vec!["puzzles/sudoku/9x9-line.txt", "--hint"],
        vec!["puzzles/sudoku/4x4.txt", "--hint", "--marks", &marks],
        vec!["puzzles/sudoku/9x9-line.txt", "--rate"],
        vec![
            "puzzles/sudoku/9x9-line.txt",
            "--rate",
            "--techniques",
            "sukaku",
        ],
        vec![
            "puzzles/sudoku/9x9-line.txt",
            "--explain",
            "--techniques",
            "sukaku",
        ],
        vec![
            "puzzles/sudoku/9x9-line.txt",
            "--hint",
            "--techniques",
            "sukaku",
        ],
        vec![
            "puzzles/sudoku/batch-9x9.txt",
            "--rate",
            "--techniques",
            "sukaku",
        ],
    ];
    for run in runs {
        let args: Vec<&str> = ["sudoku"]
            .into_iter()
            .chain(run)
            .chain(["--json"])
            .collect();
        let out = puzzles(&args).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let (last, items) = lines
            .split_last()
            .unwrap_or_else(|| panic!("{args:?}: no output"));
        for line in items {
            let item: Item =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}"));
            let again: serde_json::Value = serde_json::to_value(&item).unwrap();
            assert_eq!(
                again,
                serde_json::from_str::<serde_json::Value>(line).unwrap(),
                "{args:?}"
            );
        }
        let answer: Answer =
            serde_json::from_str(last).unwrap_or_else(|e| panic!("{args:?}: {e}: {last}"));
        let again = serde_json::to_value(&answer).unwrap();
        assert_eq!(
            again,
            serde_json::from_str::<serde_json::Value>(last).unwrap(),
            "{args:?}"
        );
    }
    let _ = std::fs::remove_file(&marks);
}

#[test]
fn one_clue_is_said_in_the_singular() {
    let path = temp_path("one-clue.txt");
    std::fs::write(&path, "1...............\n").unwrap();
    let solved = puzzles(&["sudoku", &path]).output().unwrap();
    let first = String::from_utf8_lossy(&solved.stdout);
    assert!(
        first.starts_with("Sudoku 4×4 (boxes 2×2), 1 clue\n"),
        "{first}"
    );
    // The explainer's heading, printed before it finds two solutions.
    let hint = puzzles(&["sudoku", &path, "--hint"]).output().unwrap();
    let first = String::from_utf8_lossy(&hint.stdout);
    assert!(
        first.starts_with("Sudoku 4×4 (boxes 2×2), 1 clue\n"),
        "{first}"
    );
    let two = puzzles(&["sudoku", "puzzles/sudoku/4x4.txt"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&two.stdout).contains("), 4 clues\n"));
    let _ = std::fs::remove_file(path);
}
