//! The documented JSON is the printed JSON: every object the program prints
//! (of a set of runs that together reach every key) is checked against the
//! tables of docs/json.md — each key listed there, with a type that takes its
//! value — and every key the tables list is printed by some run.
//!
//! A table follows a marker `<!-- json: SUBCOMMAND KIND -->`; an answer's kind
//! is its `mode`, a streamed item's kind is named with its run below, and an
//! object inside another is named by its key's type (`object (step)`).

use crate::util::{puzzles, temp_path};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The runs: a subcommand's arguments and the kind of the objects without `mode` it streams.
const RUNS: &[(&[&str], &str)] = &[
    (&["revertigo", "4", "4", "--json"], ""),
    (&["revertigo", "--seed", "7", "--json"], ""),
    (&["revertigo", "5", "--json", "--output", "OUT"], ""),
    (&["revertigo", "3", "3", "--check", "NN", "--json"], ""),
    (&["revertigo", "3", "3", "--check", "NXN", "--json"], ""),
    (
        &[
            "lightsout",
            "3",
            "--seed",
            "1",
            "--check",
            "puzzles/lightsout/3x3-plus.txt",
            "--json",
        ],
        "",
    ),
    (
        &[
            "lightsout",
            "--graph",
            "puzzles/lightsout/petersen.txt",
            "--check",
            "puzzles/lightsout/petersen-outer.txt",
            "--json",
        ],
        "",
    ),
    (&["knight", "5", "--check", "TOUR", "--json"], ""),
    (
        &[
            "knight", "5", "5", "--count", "--start", "0,0", "--end", "4,4", "--json",
        ],
        "",
    ),
    (
        &[
            "knight", "5", "5", "--count", "--sum", "--method", "starts", "--part", "1/2", "--json",
        ],
        "",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--check",
            "SOLVED",
            "--json",
        ],
        "",
    ),
    (&["revertigo", "2", "2", "--all", "--json"], "map"),
    (&["revertigo", "3", "3", "--steps", "--json"], "step"),
    (
        &[
            "lightsout",
            "3",
            "--seed",
            "1",
            "--steps",
            "--max-steps",
            "2",
            "--json",
        ],
        "step",
    ),
    (
        &[
            "lightsout",
            "--state",
            "CORNER",
            "--steps",
            "--max-steps",
            "1",
            "--json",
        ],
        "step",
    ),
    (
        &[
            "lightsout",
            "--state",
            "CORNER",
            "--steps",
            "--method",
            "chase",
            "--json",
        ],
        "step",
    ),
    (
        &["sudoku", "puzzles/sudoku/4x4.txt", "--steps", "--json"],
        "node",
    ),
    (
        &["knight", "5", "--steps", "--max-steps", "3", "--json"],
        "step",
    ),
    (
        &["revertigo", "4", "--all", "--limit", "2", "--json"],
        "map",
    ),
    (&["lightsout", "3", "--seed", "1", "--json"], ""),
    (
        &[
            "lightsout",
            "5",
            "--seed",
            "2",
            "--json",
            "--min",
            "--quiet-patterns",
        ],
        "",
    ),
    (&["lightsout", "4", "--seed", "3", "--json"], ""),
    (
        &[
            "lightsout",
            "--state",
            "puzzles/lightsout/5x5-all-on.txt",
            "--json",
            "--output",
            "OUT",
        ],
        "",
    ),
    (
        &[
            "lightsout",
            "4",
            "--seed",
            "3",
            "--states",
            "3",
            "--pattern",
            "x",
            "--torus",
            "--json",
        ],
        "",
    ),
    (
        &[
            "lightsout",
            "--graph",
            "puzzles/lightsout/petersen.txt",
            "--json",
            "--min",
        ],
        "",
    ),
    (
        &[
            "lightsout",
            "--graph",
            "puzzles/lightsout/petersen.txt",
            "--json",
            "--count",
        ],
        "",
    ),
    (
        &[
            "lightsout",
            "--graph",
            "puzzles/lightsout/petersen.txt",
            "--on",
            "o0",
            "--json",
        ],
        "",
    ),
    (&["lightsout", "5", "--seed", "1", "--json", "--count"], ""),
    (
        &["lightsout", "2", "1", "--seed", "5", "--all", "--json"],
        "solution",
    ),
    (
        &[
            "lightsout",
            "5",
            "--seed",
            "1",
            "--all",
            "--limit",
            "1",
            "--json",
        ],
        "solution",
    ),
    (
        &["lightsout", "--nullity", "4..5", "--states", "3", "--json"],
        "row",
    ),
    (&["knight", "5", "--json"], ""),
    (&["knight", "3", "--json"], ""),
    (
        &[
            "knight", "20", "--budget", "10", "--order", "plain", "--json",
        ],
        "",
    ),
    (&["knight", "5", "--all", "--limit", "1", "--json"], "tour"),
    (&["knight", "3", "--all", "--json"], "tour"),
    (&["knight", "6", "6", "--count", "--sum", "--json"], ""),
    (&["knight", "5", "--count", "--json"], ""),
    (&["knight", "5", "--count", "--all-starts", "--json"], ""),
    (&["knight", "6", "--closed", "--count", "--json"], ""),
    (
        &["knight", "5", "6", "--count", "--shard", "2/3", "--json"],
        "",
    ),
    (&["sudoku", "puzzles/sudoku/4x4.txt", "--json"], ""),
    (&["sudoku", "puzzles/sudoku/clash.txt", "--json"], ""),
    (
        &["sudoku", "puzzles/sudoku/clash.txt", "--count", "--json"],
        "",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/4x4-empty.txt",
            "--count",
            "--limit",
            "5",
            "--json",
        ],
        "",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/4x4-empty.txt",
            "--all",
            "--limit",
            "2",
            "--json",
        ],
        "solution",
    ),
    (
        &["sudoku", "puzzles/sudoku/4x4.txt", "--all", "--json"],
        "solution",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--explain",
            "--candidates",
            "--json",
        ],
        "",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/9x9-line.txt",
            "--explain",
            "--techniques",
            "sukaku",
            "--json",
        ],
        "",
    ),
    (
        &["sudoku", "puzzles/sudoku/clash.txt", "--explain", "--json"],
        "",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/4x4-empty.txt",
            "--explain",
            "--json",
        ],
        "",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--hint",
            "--json",
            "--techniques",
            "sukaku",
        ],
        "",
    ),
    (
        &["sudoku", "puzzles/sudoku/clash.txt", "--hint", "--json"],
        "",
    ),
    (
        &["sudoku", "puzzles/sudoku/4x4-empty.txt", "--hint", "--json"],
        "",
    ),
    (&["sudoku", "SOLVED", "--hint", "--json"], ""),
    (
        &[
            "sudoku",
            "puzzles/sudoku/4x4.txt",
            "--rate",
            "--json",
            "--techniques",
            "sukaku",
        ],
        "",
    ),
    (
        &["sudoku", "puzzles/sudoku/clash.txt", "--rate", "--json"],
        "",
    ),
    (
        &["sudoku", "puzzles/sudoku/4x4-empty.txt", "--rate", "--json"],
        "",
    ),
    (
        &["sudoku", "puzzles/sudoku/batch-9x9.txt", "--json"],
        "line",
    ),
    (
        &["sudoku", "puzzles/sudoku/25x25-clash-batch.txt", "--json"],
        "line",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/batch-9x9.txt",
            "--json",
            "--count",
            "--limit",
            "3",
        ],
        "line",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/batch-9x9.txt",
            "--json",
            "--rate",
            "--techniques",
            "sukaku",
        ],
        "rated",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/25x25-clash-batch.txt",
            "--json",
            "--rate",
        ],
        "rated",
    ),
    (
        &["sudoku", "HARD", "--json", "--rate", "--time-limit", "1"],
        "rated",
    ),
    (
        &[
            "sudoku",
            "--generate",
            "1",
            "--size",
            "4",
            "--seed",
            "2",
            "--json",
        ],
        "made",
    ),
    (
        &[
            "sudoku",
            "--generate",
            "1",
            "--size",
            "4",
            "--seed",
            "2",
            "--json",
            "--symmetry",
            "mirror",
        ],
        "made",
    ),
    (
        &[
            "sudoku",
            "puzzles/sudoku/batch-9x9.txt",
            "--transform",
            "--seed",
            "1",
            "--json",
        ],
        "made",
    ),
];

/// Keys the runs above cannot print, each with why (`*`: the whole kind).
const UNPRINTED: &[(&str, &str, &str)] = &[
    ("revertigo stopped", "*", "only after Ctrl-C"),
    ("lightsout solve", "interrupted", "only after Ctrl-C"),
    ("knight count", "columns_done", "only after Ctrl-C"),
    (
        "knight magic",
        "*",
        "the semi-magic search takes half a minute",
    ),
    (
        "knight sums",
        "*",
        "the semi-magic search takes half a minute",
    ),
    ("sudoku steps", "interrupted", "only after Ctrl-C"),
    ("sudoku solve", "interrupted", "only after Ctrl-C"),
    ("sudoku count", "interrupted", "only after Ctrl-C"),
    ("sudoku line", "interrupted", "only after Ctrl-C"),
];

/// A documented type: the JSON types it takes, and the kind of the objects it holds.
#[derive(Debug, Clone, Default)]
struct Type {
    json: BTreeSet<&'static str>,
    /// `object (K)` or `array of objects (K)`: the kind K of the object(s).
    kind: Option<String>,
}

/// The tables of docs/json.md: kind → key → its type text.
fn documented() -> BTreeMap<String, BTreeMap<String, String>> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json.md"),
    )
    .unwrap();
    let mut tables: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(kind) = line
            .strip_prefix("<!-- json: ")
            .and_then(|l| l.strip_suffix(" -->"))
        {
            current = Some(kind.to_string());
            tables.entry(kind.to_string()).or_default();
            continue;
        }
        let Some(kind) = &current else { continue };
        if line.starts_with("## ") || line.starts_with("```") {
            current = None;
            continue;
        }
        let cells: Vec<&str> = line.split(" | ").collect();
        if !line.starts_with("| `") || cells.len() < 3 {
            continue;
        }
        let ty = cells[1].trim().to_string();
        for key in cells[0].trim_start_matches("| ").split(", ") {
            let key = key.trim_matches('`').to_string();
            tables.get_mut(kind).unwrap().insert(key, ty.clone());
        }
    }
    tables
}

/// The type of `key` of `kind`, following `as for "other"` to the other kind's row.
fn type_of(
    tables: &BTreeMap<String, BTreeMap<String, String>>,
    kind: &str,
    key: &str,
) -> Option<Type> {
    let text = tables.get(kind)?.get(key)?;
    if let Some(other) = text
        .strip_prefix("as for `\"")
        .and_then(|t| t.strip_suffix("\"`"))
    {
        let sub = kind.split(' ').next().unwrap();
        return type_of(tables, &format!("{sub} {other}"), key);
    }
    let sub = kind.split(' ').next().unwrap();
    let mut ty = Type::default();
    for alternative in text.replace(", or ", " or ").split(" or ") {
        let a = alternative.trim().trim_end_matches(',');
        let json = if a.starts_with("`\"") {
            "string"
        } else if let Some(inner) = a.strip_prefix("array of objects (") {
            ty.kind = Some(format!("{sub} {}", inner.trim_end_matches(')')));
            "array"
        } else if let Some(inner) = a.strip_prefix("object (") {
            ty.kind = Some(format!("{sub} {}", inner.trim_end_matches(')')));
            "object"
        } else if a.starts_with("array") || a == "cell" {
            "array"
        } else {
            match a {
                "integer" => "integer",
                "number" => "number",
                "string" | "decimal string" => "string",
                "boolean" => "boolean",
                // An object whose keys the prose describes (a check's flaw).
                "object" => "object",
                "null" => "null",
                other => panic!("docs/json.md, {kind} `{key}`: unknown type `{other}`"),
            }
        };
        ty.json.insert(json);
    }
    Some(ty)
}

/// The JSON type of a value, as the tables name it.
fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Checks `object` of `kind` against the tables, noting each key seen in `seen`.
fn check(
    tables: &BTreeMap<String, BTreeMap<String, String>>,
    kind: &str,
    object: &serde_json::Map<String, Value>,
    run: &str,
    seen: &mut BTreeSet<(String, String)>,
) {
    assert!(
        tables.contains_key(kind),
        "{run}: no table for `{kind}` in docs/json.md"
    );
    for (key, value) in object {
        let Some(ty) = type_of(tables, kind, key) else {
            panic!("{run}: `{key}` of {kind} is printed but not in docs/json.md");
        };
        let got = json_type(value);
        // A number the table calls `number` may print without a fraction.
        let fits = ty.json.contains(got) || (got == "integer" && ty.json.contains("number"));
        assert!(
            fits,
            "{run}: `{key}` of {kind} is {got}, documented {:?}",
            ty.json
        );
        seen.insert((kind.to_string(), key.clone()));
        let inner: Vec<&Value> = match value {
            Value::Array(items) => items.iter().collect(),
            Value::Object(_) => vec![value],
            _ => Vec::new(),
        };
        for item in inner {
            if let (Some(inner_kind), Value::Object(o)) = (&ty.kind, item) {
                check(tables, inner_kind, o, run, seen);
            }
        }
    }
}

#[test]
fn every_printed_key_is_documented_with_its_type_and_every_documented_key_is_printed() {
    let tables = documented();
    assert!(tables.len() > 30, "docs/json.md has its tables");
    let out = temp_path("json-contract-out.txt");
    let solved = temp_path("json-contract-solved.txt");
    std::fs::write(&solved, "1324423124133142").unwrap();
    // An open tour of 5×5 from the corner, row,col squares in order.
    let tour = temp_path("json-contract-tour.txt");
    let squares = "0,0 2,1 4,0 3,2 4,4 2,3 0,4 1,2 2,0 0,1 1,3 3,4 4,2 3,0 1,1 0,3 2,4 4,3 3,1 1,0 0,2 1,4 3,3 4,1 2,2";
    std::fs::write(&tour, squares).unwrap();
    // A batch of one 25×25 puzzle whose rating takes minutes: out of time.
    let hard = temp_path("json-contract-hard.txt");
    let hard_line = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/sudoku/25x25-hard.txt"),
    )
    .unwrap();
    std::fs::write(&hard, format!("{}\n1.....3..4.....2\n", hard_line.trim())).unwrap();
    // One light in a corner of 5×5: no solution.
    let corner = temp_path("json-contract-corner.txt");
    std::fs::write(&corner, "#....\n.....\n.....\n.....\n.....\n").unwrap();
    let mut seen = BTreeSet::new();
    for (args, item) in RUNS {
        let args: Vec<&str> = args
            .iter()
            .map(|&a| match a {
                "OUT" => out.as_str(),
                "SOLVED" => solved.as_str(),
                "TOUR" => tour.as_str(),
                "HARD" => hard.as_str(),
                "CORNER" => corner.as_str(),
                a => a,
            })
            .collect();
        let run = args.join(" ");
        let printed = puzzles(&args).output().unwrap();
        let stdout = String::from_utf8(printed.stdout).unwrap();
        assert!(!stdout.is_empty(), "{run} printed nothing");
        let sub = args[0];
        for line in stdout.lines() {
            let Value::Object(object) = serde_json::from_str(line).unwrap() else {
                panic!("{run}: a line that is not an object: {line}");
            };
            let kind = match object.get("mode").and_then(Value::as_str) {
                Some(mode) => format!("{sub} {mode}"),
                None => format!("{sub} {item}"),
            };
            check(&tables, &kind, &object, &run, &mut seen);
        }
    }
    let mut unprinted = Vec::new();
    for (kind, keys) in &tables {
        for key in keys.keys() {
            let excused = UNPRINTED
                .iter()
                .any(|&(k, key_, _)| k == kind && (key_ == "*" || key_ == key));
            if !excused && !seen.contains(&(kind.clone(), key.clone())) {
                unprinted.push(format!("{kind} `{key}`"));
            }
        }
    }
    assert!(
        unprinted.is_empty(),
        "documented in docs/json.md, printed by no run: {}",
        unprinted.join(", ")
    );
    for path in [out, solved, hard, corner] {
        let _ = std::fs::remove_file(path);
    }
}
