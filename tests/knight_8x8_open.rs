//! The 8 × 8 open tours by classes of ends, as docs/knight-8x8-open.md shows them: the
//! checkpoint kept in docs/data/ is merged by the real binary (which checks every class's
//! ends and weight against the board's classes), sums to the published count, and is the
//! table the page prints.

use crate::util::json;
use serde_json::Value;

/// The checkpoint of the whole count, as `--checkpoint` wrote it.
const CHECKPOINT: &str = "docs/data/knight-8x8-open.txt";

/// Open tours of 8 × 8 summed over every start, directed (OEIS A165134, from Chernov and
/// Stertenbrink's count by 136 classes of ends).
const PUBLISHED_TOTAL: u128 = 19_591_828_170_979_904;

/// Closed tours of 8 × 8 as undirected cycles (OEIS A001230).
const CLOSED_CYCLES: u128 = 13_267_364_410_532;

/// The classes the merge gives: their ends by algebraic name, weight and count.
fn merged() -> (Value, Vec<(String, u128, u128)>) {
    let v = json(
        &[
            "knight", "8", "8", "--count", "--sum", "--method", "pairs", "--merge", CHECKPOINT,
            "--json",
        ],
        0,
    );
    let classes = v["classes"]
        .as_array()
        .expect("a merge lists its classes")
        .iter()
        .map(|c| {
            let ends: Vec<String> = c["ends"]
                .as_array()
                .expect("two ends")
                .iter()
                .map(|e| {
                    let (row, col) = (e[0].as_u64().unwrap(), e[1].as_u64().unwrap());
                    format!("{}{}", (b'a' + col as u8) as char, 8 - row)
                })
                .collect();
            let count: u128 = c["count"].as_str().unwrap().parse().unwrap();
            (
                ends.join(" – "),
                c["weight"].as_u64().unwrap().into(),
                count,
            )
        })
        .collect();
    (v, classes)
}

#[test]
fn the_classes_kept_sum_to_the_published_count() {
    let (v, classes) = merged();
    assert_eq!(v["partial"], false);
    assert_eq!(v["total"], PUBLISHED_TOTAL.to_string());
    // 32 × 32 pairs of ends of opposite colours, gathered by the board's 8 symmetries.
    assert_eq!(classes.len(), 136);
    let of = |w: u128| classes.iter().filter(|c| c.1 == w).count();
    assert_eq!((of(8), of(4)), (120, 16));
    assert_eq!(classes.iter().map(|c| c.1).sum::<u128>(), 32 * 32);
    // Each class counts the tours one way between its ends: twice the weighted sum.
    let sum: u128 = classes.iter().map(|c| c.1 * c.2).sum();
    assert_eq!(2 * sum, PUBLISHED_TOTAL);
    // a8 has two moves, to b6 and c7, so every closed tour goes a8–c7 (or, mirrored, b6–a8)
    // once: the open tours between those two ends are the closed tours.
    let corner = classes
        .iter()
        .find(|c| c.0 == "a8 – c7")
        .expect("a class a8 – c7");
    assert_eq!(corner.2, CLOSED_CYCLES);
}

#[test]
fn the_page_s_table_is_the_merge_s() {
    let (_, classes) = merged();
    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/knight-8x8-open.md"),
    )
    .expect("the page is there");
    let (_, table) = page
        .split_once("## The 136 classes")
        .expect("the page has its table");
    let rows: Vec<(usize, String, u128, u128)> = table
        .lines()
        .filter(|l| l.starts_with("| ") && l.as_bytes()[2].is_ascii_digit())
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let number = |s: &str| s.replace(',', "").parse::<u128>().expect("a number");
            (
                cells[0].parse().expect("a class"),
                cells[1].to_string(),
                number(cells[2]),
                number(cells[3]),
            )
        })
        .collect();
    assert_eq!(rows.len(), classes.len());
    for (i, (row, class)) in rows.iter().zip(&classes).enumerate() {
        assert_eq!(row, &(i, class.0.clone(), class.1, class.2));
    }
}
