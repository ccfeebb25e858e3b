//! Sukaku Explainer's technique set: puzzles whose hardest step is each added technique, rated as its default set rates them, every step checked and replayed.

use super::super::board::Board;
use super::super::tests::{check_solved, marks_text};
use super::super::{apply, explain, hint, Found, PencilMarks, Technique, TechniqueSet};
use crate::control::Control;
use crate::sudoku::Sudoku;

/// Puzzles of sudoku-exchange-puzzle-bank's `diabolical.txt` (public domain; the two-link
/// fishes, easier, from this crate's generator: `--generate 300 --difficulty expert --seed 5`), each with
/// the rating and hardest technique Sukaku Explainer's default set gives it (its
/// command-line rater, `serate`, built from its sources; the name as it prints it), and
/// the technique it is here.
const RATED: &[(&str, f64, &str, Technique)] = &[
    (
        "....81..3.7.5.3.....9......2.....9...65....1....7...2482.6...5.9.....2...3..1....",
        4.0,
        "Skyscraper 011",
        Technique::TurbotFish,
    ),
    (
        ".5..........1..4.9..1..6.....3.5..71...7.........91..2615...8.4..2....1.3....89..",
        4.1,
        "2-String Kite 012",
        Technique::TurbotFish,
    ),
    (
        ".86..9..21.2....5....6......1.3...2.....7.38....9......45..1....2..6.9..3.8...5..",
        4.1,
        "2 Strong links 001",
        Technique::TurbotFish,
    ),
    (
        "5..8.9..793...1..........2...2..............8.6.35..7...3.6.....1..3.2..2.5...8..",
        4.3,
        "Grouped Skyscraper 111",
        Technique::TurbotFish,
    ),
    (
        ".....2.9....15.74..7.4...86...58.....5...7.....4.2....8....15........46..26....78",
        4.3,
        "Grouped 2 Strong links 101",
        Technique::TurbotFish,
    ),
    (
        "..9.5.8..4..3.2..1..1...2...9..6..5...79.43..3.2...9.8.1.5.8.3....6.9.......1....",
        7.5,
        "TUVWXYZ-Wing 2418",
        Technique::TuvwxyzWing,
    ),
    (
        "......36.1...28.45..2..6.8..7.1....6....7....4....9.5..1.9..4..32.84...9.84......",
        7.5,
        "TUVWXYZ-Wing 2419",
        Technique::TuvwxyzWing,
    ),
    (
        "2194...3........21....52.481......53....7....82......798.32....63........4...1376",
        5.5,
        "WXYZ-Wing 126",
        Technique::WxyzWing,
    ),
    (
        ".9...7......58...7..5...6..5...6..7..2.179.8..1..3...4..9...3..4...96......2...5.",
        5.5,
        "WXYZ-Wing 148",
        Technique::WxyzWing,
    ),
    (
        "......5.771.2...8.95.7..2..8...6.94.....7.....91.4...8..9..3.52.6...4.795.3......",
        5.6,
        "WXYZ-Wing 137",
        Technique::WxyzWing,
    ),
    (
        "1..8.97329..4.....8...31...3.2....75..4...6..76....2.9...71...6.....6..76793.2..1",
        5.6,
        "WXYZ-Wing 139",
        Technique::WxyzWing,
    ),
    (
        "3.8..527..5..12......38.5.9.....7.8..2.....6..4.5.....7.1.39......27..9..826..7.3",
        6.3,
        "VWXYZ-Wing 128",
        Technique::VwxyzWing,
    ),
    (
        "2.9...7.4..16.8..9.4.....5...7.26...............58.6...2.....6.7..3.59..9.6...5.3",
        6.3,
        "VWXYZ-Wing 2412",
        Technique::VwxyzWing,
    ),
    (
        "1...2..9.2.467.....9....6.......7.5.31..5..26.8.9.......3....1.....132.7.7..9...3",
        6.4,
        "VWXYZ-Wing 1310",
        Technique::VwxyzWing,
    ),
    (
        "93...8......5.9..764..1....7...8..4...6...2...1..7...5....2..191..6.5......4...83",
        6.4,
        "VWXYZ-Wing 2310",
        Technique::VwxyzWing,
    ),
    (
        ".97.2..........92....1...68..39....1..96.45..5....34..84...5....75..........8.24.",
        6.6,
        "UVWXYZ-Wing 1210",
        Technique::UvwxyzWing,
    ),
    (
        "...6.1.....5.9.3..67.5.3.98.1.....2..24...76.9...6...34.......7..1...9.....485...",
        6.6,
        "UVWXYZ-Wing 1412",
        Technique::UvwxyzWing,
    ),
    (
        "3..7...126..85.3...7...........4..96.4.1.8.3.82..7...........2...3.19..541...7..3",
        5.4,
        "3 Skyscrapers 0111",
        Technique::StrongLinks,
    ),
    (
        "..41.37....6...4..5.......3.4.5.7.9.....1....2..864..7..7.5.6....3...9..68.....41",
        5.5,
        "3-String Kite 0112",
        Technique::StrongLinks,
    ),
    (
        "..1...92.2.4..9...7...2..43.7.9.2.....5.1.3.....4.3.1.51..6...9...8..1.2.62...7..",
        5.5,
        "3 Strong links 0011",
        Technique::StrongLinks,
    ),
    (
        ".59..3.6.8..6..3.9.3...7..89.4....5.....6.....1....4.22..9...3.1.3..5..6.6.7..92.",
        5.7,
        "Grouped 3 Skyscrapers 1111",
        Technique::StrongLinks,
    ),
    (
        "..1...4...7.4.9.8.8..521..9.3.....7...8.3.5....57.69..396...142.............9....",
        5.7,
        "Grouped 3 Strong links 1011",
        Technique::StrongLinks,
    ),
    (
        "493..1.2...536...7.1..2...8.8.......5.......4.......3.6...4..8.2...865...4.5..962",
        5.7,
        "Grouped 3 Strong links 1102",
        Technique::StrongLinks,
    ),
    (
        ".5.7......67..521.1...4...7......9.4.3.5.4.6.8.4......5...8...6.496..78......2.5.",
        5.7,
        "(3 Strong Links) Grouped X-Loop 1001",
        Technique::StrongLinks,
    ),
    (
        "..2.......5...691.19..3...767.3..85...........23..8.963...9..78.187...6.......2..",
        6.1,
        "Grouped 4 Strong links 11022",
        Technique::StrongLinks,
    ),
];

/// Whether a technique is one of Sukaku Explainer's additions.
fn added(t: Technique) -> bool {
    matches!(
        t,
        Technique::TurbotFish
            | Technique::StrongLinks
            | Technique::WxyzWing
            | Technique::VwxyzWing
            | Technique::UvwxyzWing
            | Technique::TuvwxyzWing
    )
}

fn grid(text: &str) -> Sudoku {
    Sudoku::from_text(text, None).expect("a grid")
}

#[test]
fn each_added_technique_rates_its_puzzles_as_sukaku_explainer_does_and_every_step_checks() {
    let ctl = Control::new();
    for &(line, rating, named, technique) in RATED {
        let puzzle = grid(line);
        let e = explain(&puzzle, TechniqueSet::Sukaku, &ctl).unwrap();
        check_solved(&puzzle, &e);
        assert_eq!(e.techniques, TechniqueSet::Sukaku);
        assert_eq!(
            e.rating.map(|r| r.value()),
            Some(rating),
            "{line}: {named} there, {:?} here",
            e.hardest
        );
        assert_eq!(e.hardest, Some(technique), "{line}: {named}");
    }
}

#[test]
fn the_classic_set_needs_harder_steps_for_the_same_puzzles() {
    // The classic set has none of these techniques: every puzzle above rates higher there.
    let ctl = Control::new();
    for &(line, rating, named, _) in RATED {
        let e = explain(&grid(line), TechniqueSet::Classic, &ctl).unwrap();
        assert!(e.rating.unwrap().value() > rating, "{line}: {named}");
        assert!(e.steps.iter().all(|s| !added(s.technique)));
    }
}

#[test]
fn the_bank_s_published_ratings_are_the_sukaku_set_s() {
    // Puzzles 3–10 of the bank's `diabolical.txt`, as the example batch holds them, and the
    // ratings the bank's file publishes (Sukaku Explainer's default set).
    let batch = include_str!("../../../../puzzles/sudoku/batch-9x9.txt");
    let puzzles: Vec<&str> = batch
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(8)
        .collect();
    let published = [7.1, 8.2, 7.2, 7.2, 5.5, 7.2, 7.1, 8.9];
    let ctl = Control::new();
    for (line, rating) in puzzles.into_iter().zip(published) {
        let e = explain(&grid(line), TechniqueSet::Sukaku, &ctl).unwrap();
        assert_eq!(e.rating.map(|r| r.value()), Some(rating), "{line}");
    }
}

#[test]
fn a_hint_with_pencil_marks_finds_each_added_step_where_the_explanation_took_it() {
    // The board before each step of an added technique, given as a grid with pencil marks,
    // gets that step as its hint with the same set (and a classic step with the classic set).
    let ctl = Control::new();
    let mut seen = 0;
    for &(line, ..) in RATED {
        let puzzle = grid(line);
        let e = explain(&puzzle, TechniqueSet::Sukaku, &ctl).unwrap();
        let mut board = Board::new(&puzzle).unwrap();
        let side = puzzle.shape().side();
        for step in &e.steps {
            if !added(step.technique) {
                apply(&mut board, &Found::of_step(step, side, 0).unwrap()).unwrap();
                continue;
            }
            let marks = PencilMarks::from_text(&marks_text(&board), puzzle.shape()).unwrap();
            let h = hint(&board.grid(), Some(&marks), TechniqueSet::Sukaku, &ctl).unwrap();
            assert_eq!(h.step.as_ref(), Some(step), "{line}");
            let classic = hint(&board.grid(), Some(&marks), TechniqueSet::Classic, &ctl).unwrap();
            assert_ne!(classic.step.map(|s| s.technique), Some(step.technique));
            seen += 1;
            apply(&mut board, &Found::of_step(step, side, 0).unwrap()).unwrap();
        }
    }
    assert!(seen >= RATED.len(), "{seen} steps of added techniques");
}
