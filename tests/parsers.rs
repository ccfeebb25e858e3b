//! Every parser fed near-valid input: valid grids, walks, cells and sizes with
//! mutations (wrong symbols, ragged rows, stray separators, huge numbers,
//! unicode). No input may panic; each gives a one-line error, or an answer
//! that passes the puzzle's own check.
//!
//! The normal suite runs proptest's default number of cases per property;
//! `PROPTEST_CASES=200000 cargo test --release parsers` runs the five
//! properties for a million cases in all (the cargo-fuzz targets in `fuzz/`
//! cover the same parsers with coverage-guided input).

use proptest::prelude::*;
use puzzles::grid::Dims;
use puzzles::input::{parse_side, parse_side_range, Source};
use puzzles::knight::{self, Shard};
use puzzles::lightsout::{self, LightsOut};
use puzzles::revertigo::{Revertigo, Walk};
use puzzles::sudoku::{self, Input, Sudoku};
use puzzles::{Control, Error, GridPuzzle};

/// Characters a mutation may put in: symbols of every puzzle, separators,
/// blanks, line ends, and a few multi-byte ones.
const NOISE: &[char] = &[
    '0', '1', '9', 'A', 'z', '.', '#', '_', '|', '-', '+', ',', ' ', '\t', '\r', '\n', 'N', 'E',
    'S', 'W', 'O', 'é', '·', '█', '９', '\u{200b}', '\u{feff}', '😀',
];

/// One change to a text.
#[derive(Debug, Clone)]
enum Mutation {
    /// Replace the character at this fraction of the text.
    Replace(f64, char),
    /// Insert a character.
    Insert(f64, char),
    /// Delete a character.
    Delete(f64),
    /// Insert a huge number.
    Huge(f64),
    /// Duplicate a line (a ragged or overlong grid).
    DuplicateLine(f64),
    /// Cut the text short.
    Truncate(f64),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = 0.0..1.0f64;
    let ch = prop::sample::select(NOISE);
    prop_oneof![
        (at.clone(), ch.clone()).prop_map(|(a, c)| Mutation::Replace(a, c)),
        (at.clone(), ch).prop_map(|(a, c)| Mutation::Insert(a, c)),
        at.clone().prop_map(Mutation::Delete),
        at.clone().prop_map(Mutation::Huge),
        at.clone().prop_map(Mutation::DuplicateLine),
        at.prop_map(Mutation::Truncate),
    ]
}

/// `text` changed by each mutation in turn (positions in characters, so never inside a UTF-8 sequence).
fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let index = |f: f64, len: usize| ((f * len as f64) as usize).min(len);
    for m in mutations {
        match *m {
            Mutation::Replace(f, c) => {
                if !chars.is_empty() {
                    let i = index(f, chars.len() - 1);
                    chars[i] = c;
                }
            }
            Mutation::Insert(f, c) => chars.insert(index(f, chars.len()), c),
            Mutation::Delete(f) => {
                if !chars.is_empty() {
                    chars.remove(index(f, chars.len() - 1));
                }
            }
            Mutation::Huge(f) => {
                let i = index(f, chars.len());
                chars.splice(i..i, "99999999999999999999999 ".chars());
            }
            Mutation::DuplicateLine(f) => {
                let s: String = chars.iter().collect();
                let lines: Vec<&str> = s.split('\n').collect();
                let k = index(f, lines.len() - 1);
                let mut out: Vec<&str> = lines.clone();
                out.insert(k, lines[k]);
                chars = out.join("\n").chars().collect();
            }
            Mutation::Truncate(f) => chars.truncate(index(f, chars.len())),
        }
    }
    chars.into_iter().collect()
}

/// A parse error is one line naming where it is.
fn assert_one_line(e: &Error) {
    let msg = e.to_string();
    assert!(!msg.is_empty() && !msg.contains('\n'), "{msg:?}");
}

/// A solved grid of `order` (the shifted-rows pattern), with the cells where `holes` is true emptied.
fn sudoku_grid(order: usize, holes: &[bool]) -> Sudoku {
    let side = order * order;
    let cells = (0..side * side)
        .map(|i| {
            let (r, c) = (i / side, i % side);
            if holes[i % holes.len()] {
                0
            } else {
                ((order * (r % order) + r / order + c) % side + 1) as u8
            }
        })
        .collect();
    Sudoku::new(order, cells).expect("the pattern is a grid")
}

/// The grid written in one of the layouts the reader accepts.
fn sudoku_text(s: &Sudoku, layout: u8) -> String {
    let side = s.side();
    let cell = |v: u8| -> String {
        match v {
            0 => ".".to_string(),
            1..=9 => v.to_string(),
            _ => ((b'A' + v - 10) as char).to_string(),
        }
    };
    match layout % 4 {
        0 => s.to_line() + "\n",
        1 => s.to_block(),
        2 => s
            .cells()
            .chunks(side)
            .map(|row| row.iter().map(|&v| cell(v)).collect::<String>() + "\n")
            .collect(),
        _ => s
            .cells()
            .chunks(side)
            .map(|row| {
                row.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect(),
    }
}

/// Solves a read Sudoku of 9×9 at most and checks the answer; larger ones only read.
fn check_sudoku(p: &Sudoku) {
    if p.side() > 9 {
        return;
    }
    let solver = sudoku::Solver::new(p.clone());
    let (first, unique) = solver.solve_and_check_unique(&Control::new());
    match &first {
        Some(s) => solver.verify(s).expect("a Sudoku answer is right"),
        None => assert_eq!(unique, None),
    }
}

proptest! {
    #[test]
    fn sudoku_text_near_valid(
        order in 2usize..=4,
        holes in prop::collection::vec(any::<bool>(), 1..40),
        layout in any::<u8>(),
        mutations in prop::collection::vec(mutation(), 0..4),
        batch in 0usize..3,
    ) {
        let grid = sudoku_grid(order, &holes);
        let mut text = sudoku_text(&grid, layout);
        if batch > 0 {
            text = format!("{}\n", grid.to_line()).repeat(batch + 1);
        }
        let mutated = mutate(&text, &mutations);
        match sudoku::read(&Source::from_text("prop", mutated.as_str())) {
            Ok(Input::Single(p)) => {
                if mutations.is_empty() {
                    prop_assert_eq!(&p, &grid);
                }
                check_sudoku(&p);
                // What is read prints back to a line that reads the same.
                let again = sudoku::read(&Source::from_text("again", p.to_line()));
                prop_assert!(matches!(again, Ok(Input::Single(q)) if q == p));
            }
            Ok(Input::Batch(entries)) => {
                for e in &entries {
                    match &e.puzzle {
                        Ok(p) => check_sudoku(p),
                        Err(err) => assert_one_line(err),
                    }
                }
                if mutations.is_empty() {
                    prop_assert!(entries.iter().all(|e| e.puzzle.as_ref().ok() == Some(&grid)));
                }
            }
            Err(e) => {
                prop_assert!(!mutations.is_empty(), "a valid grid was refused: {e}");
                assert_one_line(&e);
            }
        }
    }

    #[test]
    fn lightsout_state_near_valid(
        rows in 1usize..12,
        cols in 1usize..12,
        bits in prop::collection::vec(any::<bool>(), 1..144),
        hashes in any::<bool>(),
        mutations in prop::collection::vec(mutation(), 0..4),
    ) {
        let (on, off) = if hashes { ('#', '.') } else { ('1', '0') };
        let text: String = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| if bits[(r * cols + c) % bits.len()] { on } else { off })
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        let mutated = mutate(&text, &mutations);
        match LightsOut::parse(&Source::from_text("prop", mutated.as_str())) {
            Ok(p) => {
                let dims = p.lights().dims();
                if mutations.is_empty() {
                    prop_assert_eq!(dims, Dims { rows, cols });
                }
                let solver = lightsout::Solver::new(p, lightsout::Method::Polynomial)
                    .expect("a small board is solved");
                if let Some(presses) = &solver.analysis().presses {
                    prop_assert!(solver.verify(presses).is_ok());
                }
            }
            Err(e) => {
                prop_assert!(!mutations.is_empty(), "a valid state was refused: {e}");
                assert_one_line(&e);
            }
        }
    }

    #[test]
    fn revertigo_walk_near_valid(
        rows in 1usize..8,
        cols in 1usize..8,
        letters in "[NESWOnesw]{0,40}",
        mutations in prop::collection::vec(mutation(), 0..3),
    ) {
        let text = mutate(&letters, &mutations);
        let game = Revertigo::new(Dims::new(rows, cols, 64).expect("small"));
        match Walk::parse(&text) {
            Ok(walk) => {
                // The walk prints back to itself, and a replay ends on the board.
                prop_assert_eq!(Walk::parse(&walk.to_string()), Ok(walk.clone()));
                if let Ok(replay) = game.replay(&walk) {
                    prop_assert!(game.dims().contains(replay.end));
                    prop_assert_eq!(replay.is_solved(), game.check_map(&replay.map).is_ok());
                }
            }
            Err(e) => {
                prop_assert!(!mutations.is_empty());
                prop_assert!(!Error::from(e).to_string().contains('\n'));
            }
        }
    }

    #[test]
    fn positions_near_valid(
        rows in 1usize..40,
        cols in 1usize..40,
        r in 0usize..60,
        c in 0usize..60,
        algebraic in any::<bool>(),
        mutations in prop::collection::vec(mutation(), 0..3),
    ) {
        let dims = Dims::new(rows, cols, 1 << 20).expect("small");
        let text = if algebraic {
            format!("{}{}", knight::file_name(c), r + 1)
        } else {
            format!("{r},{c}")
        };
        let text = mutate(&text, &mutations);
        if let Ok(p) = dims.parse_pos(&text) {
            prop_assert!(dims.contains(p));
        }
        match knight::parse_square(dims, &text) {
            Ok(p) => {
                prop_assert!(dims.contains(p));
                if mutations.is_empty() && algebraic {
                    prop_assert_eq!((dims.rows - p.row - 1, p.col), (r, c));
                }
            }
            Err(e) => {
                if mutations.is_empty() {
                    // Refused only when off the board.
                    prop_assert!(r >= rows || c >= cols, "{text}: {e}");
                }
                assert_one_line(&e);
            }
        }
    }

    #[test]
    fn sizes_near_valid(
        a in 0u64..5000,
        b in 0u64..5000,
        form in 0u8..4,
        mutations in prop::collection::vec(mutation(), 0..3),
    ) {
        let text = match form {
            0 => a.to_string(),
            1 => format!("{a}..{b}"),
            2 => format!("{a}..={b}"),
            _ => format!(" {a} "),
        };
        let text = mutate(&text, &mutations);
        match parse_side(&text) {
            Ok(n) => {
                prop_assert!(n >= 1);
                if mutations.is_empty() {
                    prop_assert_eq!(n as u64, a);
                }
            }
            Err(msg) => prop_assert!(!msg.contains('\n')),
        }
        match parse_side_range(&text) {
            Ok((x, y)) => prop_assert!(1 <= x && x <= y),
            Err(msg) => {
                prop_assert!(!msg.contains('\n'));
                if mutations.is_empty() && form == 1 {
                    prop_assert!(a == 0 || b == 0 || a > b, "{text}: {msg}");
                }
            }
        }
    }

    #[test]
    fn shard_specs_near_valid(
        i in 0usize..20,
        n in 0usize..20,
        mutations in prop::collection::vec(mutation(), 0..3),
    ) {
        let text = mutate(&format!("{i}/{n}"), &mutations);
        match text.parse::<Shard>() {
            Ok(shard) => {
                prop_assert!(1 <= shard.index && shard.index <= shard.count);
                if mutations.is_empty() {
                    prop_assert_eq!((shard.index, shard.count), (i, n));
                }
            }
            Err(e) => {
                assert_one_line(&e);
                if mutations.is_empty() {
                    prop_assert!(i == 0 || n == 0 || i > n, "{text}: {e}");
                }
            }
        }
    }
}
