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
use puzzles::internals::{file_name, parse_square, Graph, GraphGame, PencilMarks};
use puzzles::knight::Shard;
use puzzles::lightsout::{self, LightsOut, LightsOutGame};
use puzzles::revertigo::{self, Revertigo};
use puzzles::sudoku::{self, Input, Sudoku};
use puzzles::{Control, Error};
use puzzles::{GridPuzzle, NoItems};

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

/// Solves a read Sudoku of 9×9 at most through its door and checks the
/// answer here, independently: every clue kept, every row, column and box a
/// permutation. Larger ones are only read.
fn check_sudoku(p: &Sudoku) {
    if p.side() > 9 {
        return;
    }
    let mut request = sudoku::Request::new(Source::from_text("prop", p.to_line()));
    request.shape = Some(p.shape());
    let answer = Sudoku::answer(&request, &Control::new(), &mut NoItems).expect("read once");
    let sudoku::Answer::Solve(report) = answer else {
        panic!("a grid is solved")
    };
    let Some(solution) = report.solution else {
        assert_eq!(report.unique, None);
        return;
    };
    let Ok(Input::Single(solved)) =
        sudoku::Input::read(&Source::from_text("solution", solution), Some(p.shape()))
    else {
        panic!("a solution reads back")
    };
    let n = p.side();
    let shape = p.shape();
    let [bh, bw] = shape.box_dims();
    let (clues, cells) = (p.cells(), solved.cells());
    assert!(clues.iter().zip(cells).all(|(&c, &v)| c == 0 || c == v));
    let unit = |cells_of: &dyn Fn(usize) -> usize| {
        let mut seen: Vec<u8> = (0..n).map(|k| cells[cells_of(k)]).collect();
        seen.sort_unstable();
        seen == (1..=n as u8).collect::<Vec<_>>()
    };
    for i in 0..n {
        assert!(unit(&|k| i * n + k), "row {i}");
        assert!(unit(&|k| k * n + i), "column {i}");
        let (r0, c0) = (i / (n / bw) * bh, i % (n / bw) * bw);
        assert!(unit(&|k| (r0 + k / bw) * n + c0 + k % bw), "box {i}");
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
        match sudoku::Input::read(&Source::from_text("prop", mutated.as_str()), None) {
            Ok(Input::Single(p)) => {
                if mutations.is_empty() {
                    prop_assert_eq!(&p, &grid);
                }
                check_sudoku(&p);
                // What is read prints back to a line that reads the same.
                let again = sudoku::Input::read(&Source::from_text("again", p.to_line()), None);
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
        let board = lightsout::BoardSource::Given { name: "prop".into(), text: mutated.clone() };
        match LightsOut::answer(&lightsout::Request::new(board), &Control::new(), &mut NoItems) {
            Ok(lightsout::Answer::Solve(s)) => {
                let lights = LightsOutGame::parse(&Source::from_text("prop", mutated.as_str()), false)
                    .expect("the door read it");
                if mutations.is_empty() {
                    prop_assert_eq!(lights.dims(), Dims { rows, cols });
                }
                // The presses, replayed here by the rule, switch every light off.
                if let Some(presses) = s.presses.as_ref().and_then(|p| p.cells()) {
                    let mut game = lights;
                    for p in game.dims().positions().collect::<Vec<_>>() {
                        if presses.get(p) == 1 {
                            game.press(p);
                        }
                    }
                    prop_assert!(game.is_won());
                }
            }
            Ok(other) => prop_assert!(false, "a solve answers a solve: {other:?}"),
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
        let dims = Dims::new(rows, cols, 64).expect("small");
        let mut request = revertigo::Request::new(dims);
        request.mode = revertigo::Mode::Check { walk: text.clone() };
        match Revertigo::answer(&request, &Control::new(), &mut NoItems) {
            Ok(revertigo::Answer::Check(c)) => {
                // The walk as read checks again to the same answer, ends on the
                // board, and is black exactly when no cell stays white.
                request.mode = revertigo::Mode::Check { walk: c.walk.clone() };
                let again = Revertigo::answer(&request, &Control::new(), &mut NoItems).unwrap();
                prop_assert_eq!(&again, &revertigo::Answer::Check(c.clone()));
                prop_assert!(dims.contains(c.end));
                // Black only when no cell stays white (a walk that goes wrong
                // is not black, whatever the board it leaves).
                prop_assert!(!c.black || c.white.is_empty());
                // A walk that goes wrong is replayed up to the move before.
                prop_assert!(c.moves <= c.walk.len());
            }
            Ok(other) => prop_assert!(false, "a check answers a check: {other:?}"),
            Err(e) => {
                // Refused: a character that is not a move, or a move off the board.
                let letters_only = text.chars().all(|ch| "NESWOnesow".contains(ch));
                prop_assert!(!mutations.is_empty() || letters_only, "{text}: {e}");
                prop_assert!(!e.to_string().contains('\n'));
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
            format!("{}{}", file_name(c), r + 1)
        } else {
            format!("{r},{c}")
        };
        let text = mutate(&text, &mutations);
        if let Ok(p) = dims.parse_pos(&text) {
            prop_assert!(dims.contains(p));
        }
        match parse_square(dims, &text) {
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
            Err(msg) => prop_assert!(!msg.to_string().contains('\n')),
        }
        match parse_side_range(&text) {
            Ok((x, y)) => prop_assert!(1 <= x && x <= y),
            Err(msg) => {
                prop_assert!(!msg.to_string().contains('\n'));
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

/// `text` as a file saved elsewhere: a byte-order mark, CRLF line ends and
/// trailing blanks, each when its flag is set.
fn dressed(text: &str, bom: bool, crlf: bool, blanks: bool) -> String {
    let end = match (blanks, crlf) {
        (true, true) => " \t\r\n",
        (true, false) => "  \n",
        (false, true) => "\r\n",
        (false, false) => "\n",
    };
    let body = text.replace('\n', end);
    if bom {
        format!("\u{feff}{body}")
    } else {
        body
    }
}

proptest! {
    /// Pencil marks of any 4×4 or 6×6 board, dressed or mutated: a dressed
    /// text reads as the marks written, a mutated one as marks or a one-line error.
    #[test]
    fn pencil_marks_read_back_or_fail_in_one_line(
        six in any::<bool>(),
        masks in prop::collection::vec(1u64..64, 36),
        dress in any::<(bool, bool, bool)>(),
        mutations in prop::collection::vec(mutation(), 0..4),
    ) {
        let shape = if six { sudoku::Shape::new(2, 3) } else { sudoku::Shape::new(2, 2) }.unwrap();
        let side = shape.side();
        let masks: Vec<u64> = masks[..side * side].iter().map(|m| m & ((1 << side) - 1)).map(|m| m.max(1)).collect();
        let field = |m: u64| (1..=side).filter(|d| m >> (d - 1) & 1 == 1).map(|d| d.to_string()).collect::<String>();
        let text: String = masks
            .chunks(side)
            .map(|row| row.iter().map(|&m| field(m)).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        let read = PencilMarks::from_text(&dressed(&text, dress.0, dress.1, dress.2), shape);
        prop_assert_eq!(read.unwrap(), PencilMarks::from_masks(masks));
        if let Err(e) = PencilMarks::from_text(&mutate(&text, &mutations), shape) {
            assert_one_line(&e);
        }
    }

    /// A random simple graph written as an edge list and as DIMACS, dressed:
    /// both read as the same graph; a mutated text reads or fails in one line.
    #[test]
    fn graph_files_read_alike_in_both_formats(
        n in 2usize..12,
        pairs in prop::collection::vec((0usize..12, 0usize..12), 1..30),
        dress in any::<(bool, bool, bool)>(),
        mutations in prop::collection::vec(mutation(), 0..4),
    ) {
        let mut edges: Vec<(usize, usize)> = pairs
            .into_iter()
            .map(|(a, b)| (a % n, b % n))
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        prop_assume!(!edges.is_empty());
        let list: String = edges.iter().map(|(a, b)| format!("{} {}\n", a + 1, b + 1)).collect();
        let dimacs = format!("c a test\np edge {n} {}\n", edges.len())
            + &edges.iter().map(|(a, b)| format!("e {} {}\n", a + 1, b + 1)).collect::<String>();
        let read = |t: &str| Graph::parse(&Source::from_text("g", dressed(t, dress.0, dress.1, dress.2)));
        let (from_list, from_dimacs) = (read(&list).unwrap(), read(&dimacs).unwrap());
        // The edge list names only the vertices it meets; compare edges by name.
        let named = |g: &Graph| {
            let mut e: Vec<(String, String)> = (0..g.len())
                .flat_map(|v| g.neighbours(v).iter().map(move |&u| (v, u)))
                .filter(|(v, u)| v < u)
                .map(|(v, u)| {
                    let (a, b) = (g.names()[v].clone(), g.names()[u].clone());
                    if a.parse::<usize>().unwrap() < b.parse::<usize>().unwrap() { (a, b) } else { (b, a) }
                })
                .collect();
            e.sort();
            e
        };
        prop_assert_eq!(named(&from_list), named(&from_dimacs));
        prop_assert_eq!(named(&from_list).len(), edges.len());
        for text in [&list, &dimacs] {
            if let Err(e) = Graph::parse(&Source::from_text("g", mutate(text, &mutations))) {
                assert_one_line(&e);
            }
        }
    }

    /// A stencil written in rows (dressed) and on one line with `/` reads as the
    /// same pattern; a mutated one reads or fails in one line.
    #[test]
    fn stencils_read_alike_in_rows_and_on_one_line(
        side in 1usize..4,
        cells in prop::collection::vec(any::<bool>(), 49),
        pressed_changes in any::<bool>(),
        dress in any::<(bool, bool, bool)>(),
        mutations in prop::collection::vec(mutation(), 0..4),
    ) {
        let w = 2 * side + 1;
        let rows: Vec<String> = (0..w)
            .map(|r| {
                (0..w)
                    .map(|c| match (r == side && c == side, cells[r * w + c]) {
                        (true, _) => if pressed_changes { '@' } else { 'o' },
                        (false, true) => '#',
                        (false, false) => '.',
                    })
                    .collect()
            })
            .collect();
        let text = rows.join("\n") + "\n";
        let from_rows = lightsout::Pattern::parse(&Source::from_text("p", dressed(&text, dress.0, dress.1, dress.2)));
        let from_line: Result<lightsout::Pattern, Error> = rows.join("/").parse();
        match (from_rows, from_line) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a.offsets(), b.offsets()),
            (Err(a), Err(b)) => {
                let (a, b) = (a.to_string(), b.to_string());
                prop_assert_eq!(a.rsplit(": ").next(), b.rsplit(": ").next());
            }
            (a, b) => prop_assert!(false, "{:?} {:?}", a.map(|p| p.offsets().to_vec()), b.map(|p| p.offsets().to_vec())),
        }
        if let Err(e) = lightsout::Pattern::parse(&Source::from_text("p", mutate(&text, &mutations))) {
            assert_one_line(&e);
        }
    }

    /// `--box RxC`: every shape the board accepts reads back from its name, in
    /// any of the accepted separators and blanks; anything else fails in one line.
    #[test]
    fn box_shapes_read_back(r in 0usize..12, c in 0usize..12, sep in prop::sample::select(&['x', 'X', '×'][..]), junk in ".{0,6}") {
        let read = sudoku::Shape::parse(&format!(" {r} {sep} {c} "));
        match sudoku::Shape::new(r, c) {
            Ok(shape) => prop_assert_eq!(read.unwrap(), shape),
            Err(_) => assert_one_line(&read.unwrap_err()),
        }
        if let Err(e) = sudoku::Shape::parse(&junk) {
            assert_one_line(&e);
        }
    }

    /// `--on V1,V2,…` on the Petersen graph: the named vertices (with blanks
    /// and empty names among them) are exactly the ones on; an unknown name is
    /// a one-line error.
    #[test]
    fn on_lists_light_exactly_the_vertices_named(
        on in prop::collection::vec(any::<bool>(), 10),
        empties in 0usize..3,
        unknown in prop::option::of("[a-z]{1,3}"),
    ) {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/lightsout/petersen.txt")).unwrap();
        let game = GraphGame::new(Graph::parse(&Source::from_text("g", text)).unwrap(), 2, true).unwrap();
        let names = game.graph().names().to_vec();
        let mut list: Vec<String> = names.iter().zip(&on).filter(|(_, &o)| o).map(|(n, _)| format!(" {n} ")).collect();
        list.extend(std::iter::repeat_n(String::new(), empties));
        match &unknown {
            Some(u) if !names.contains(u) => {
                list.push(u.clone());
                let e = game.lights_on(list.iter().map(|n| n.trim())).unwrap_err();
                assert_one_line(&e);
            }
            _ => {
                let lights = game.lights_on(list.iter().map(|n| n.trim())).unwrap();
                let want: Vec<u8> = on.iter().map(|&o| u8::from(o)).collect();
                prop_assert_eq!(lights, want);
            }
        }
    }
}
