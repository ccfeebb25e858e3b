//! The screens drawn on ratatui's `TestBackend` and driven with synthetic events: no terminal needed.

use super::knight::KnightScreen;
use super::lightsout::LightsOutScreen;
use super::revertigo::RevertigoScreen;
use super::{is_quit, Flow, Screen};
use puzzles::grid::{Dims, Pos};
use puzzles::knight::{Knight, MoveOrder};
use puzzles::lightsout::LightsOutGame;
use puzzles::random::rng;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::style::Color;
use ratatui::Terminal;

/// Draws `screen` on a `w` × `h` test terminal; returns the buffer.
fn draw(screen: &mut dyn Screen, w: u16, h: u16) -> Buffer {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| screen.draw(f)).unwrap();
    term.backend().buffer().clone()
}

/// The buffer's text, one string per line, trailing blanks cut.
fn lines(buf: &Buffer) -> Vec<String> {
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            let line: String = (0..area.width).map(|x| buf[(x, y)].symbol()).collect();
            line.trim_end().to_string()
        })
        .collect()
}

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn click(column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

fn dims(r: usize, c: usize) -> Dims {
    Dims::new(r, c, 1 << 20).unwrap()
}

/// A 3×3 Lights Out game whose only solution is a press on the top-left cell.
fn corner_game() -> LightsOutScreen {
    LightsOutScreen::new(lights_game("##.\n#..\n...\n"), rng(1), None)
}

/// A Lights Out game from its rows (`#` on, `.` off).
fn lights_game(rows: &str) -> LightsOutGame {
    LightsOutGame::parse(&puzzles::input::Source::from_text("board", rows), false).unwrap()
}

#[test]
fn lightsout_screen_shows_lights_cursor_and_hint_marks() {
    let mut screen = corner_game();
    assert_eq!(
        lines(&draw(&mut screen, 60, 9)),
        [
            "Lights Out 3×3 · 0 presses · 3 lights on",
            "┌─────────────┐",
            "│ ███ ███  ·  │",
            "│ ███ [·]  ·  │",
            "│  ·   ·   ·  │",
            "└─────────────┘",
            "Switch every light off.",
            "click or arrows+space: press · s: hints · u: undo",
            "r: new board · q: quit",
        ]
    );
    screen.handle(&key(KeyCode::Char('s')));
    let buf = draw(&mut screen, 60, 9);
    assert_eq!(
        lines(&buf)[2..7],
        [
            "│ █●█ ███  ·  │",
            "│ ███ [·]  ·  │",
            "│  ·   ·   ·  │",
            "└─────────────┘",
            "Press the 1 cell marked ● (the fewest possible).",
        ]
    );
    // Lit cells are yellow, the mark red on yellow, dark cells grey.
    assert_eq!(buf[(2, 2)].fg, Color::Yellow);
    assert_eq!(
        (buf[(3, 2)].fg, buf[(3, 2)].bg),
        (Color::Red, Color::Yellow)
    );
    assert_eq!(buf[(11, 2)].fg, Color::DarkGray);
}

#[test]
fn lightsout_a_click_on_the_mark_wins_and_says_how_many_presses() {
    let mut screen = corner_game();
    draw(&mut screen, 60, 9);
    screen.handle(&key(KeyCode::Char('s')));
    // Outside the board: nothing happens.
    screen.handle(&click(40, 3));
    assert_eq!(screen.game().presses(), 0);
    // Column 3, row 2 is inside the top-left cell.
    screen.handle(&click(3, 2));
    assert!(screen.game().is_won());
    assert_eq!(screen.cursor(), Pos::new(0, 0));
    let text = lines(&draw(&mut screen, 60, 9));
    assert_eq!(text[0], "Lights Out 3×3 · 1 press · 0 lights on");
    assert_eq!(text[2], "│ [·]  ·   ·  │");
    assert_eq!(text[6], "All lights off in 1 press! r: new board, q: quit.");
}

#[test]
fn lightsout_arrows_and_space_press_at_the_cursor_and_marks_follow() {
    let mut screen = corner_game();
    screen.handle(&key(KeyCode::Char('s')));
    // From the centre: up, right, space presses (0, 2); it gains a mark.
    for k in [KeyCode::Up, KeyCode::Right, KeyCode::Char(' ')] {
        assert_eq!(screen.handle(&key(k)), Flow::Continue);
    }
    assert_eq!(screen.cursor(), Pos::new(0, 2));
    let marks = screen.game().marks().unwrap();
    assert!(marks.get(Pos::new(0, 0)) && marks.get(Pos::new(0, 2)));
    // The cursor stops at the edge; enter presses too; u takes it back.
    screen.handle(&key(KeyCode::Right));
    assert_eq!(screen.cursor(), Pos::new(0, 2));
    screen.handle(&key(KeyCode::Enter));
    assert_eq!(screen.game().presses(), 2);
    screen.handle(&key(KeyCode::Char('u')));
    assert_eq!(screen.game().presses(), 1);
    let text = lines(&draw(&mut screen, 60, 9));
    assert_eq!(text[2], "│ █●█  ·  [●] │");
    assert_eq!(text[3], "│ ███  ·  ███ │");
}

#[test]
fn lightsout_an_unsolvable_board_says_so() {
    let mut screen = LightsOutScreen::new(lights_game("#...\n....\n....\n....\n"), rng(1), None);
    screen.handle(&key(KeyCode::Char('s')));
    let text = lines(&draw(&mut screen, 80, 10));
    assert!(text[7].starts_with("No solution"), "{text:?}");
    // r draws a new, solvable board.
    screen.handle(&key(KeyCode::Char('r')));
    assert!(!screen.game().is_won());
    screen.handle(&key(KeyCode::Char('s')));
    assert!(screen.game().marks().is_some());
}

#[test]
fn a_screen_too_small_for_the_board_says_so() {
    let mut screen = corner_game();
    assert_eq!(screen.min_size(), (24, 8));
    draw(&mut screen, 60, 9);
    let text = lines(&draw(&mut screen, 23, 8)).join(" ");
    assert!(text.starts_with("The terminal is 23×8;"), "{text}");
    assert!(text.contains("needs 24×8."), "{text}");
    // Nothing is drawn there, so a click presses nothing.
    screen.handle(&click(3, 2));
    assert_eq!(screen.game().presses(), 0);
}

#[test]
fn revertigo_screen_plays_the_seed_2x2_walk() {
    let mut screen = RevertigoScreen::new(dims(2, 2), Some(5));
    assert_eq!(
        lines(&draw(&mut screen, 80, 8)),
        [
            "Revertigo 2×2 (random size, seed 5) · 0 moves · 1 white",
            "┌─────────┐",
            "│  ·  ███ │",
            "│  @   ·  │",
            "└─────────┘",
            "Turn every cell black: each landing flips the cell and its neighbours.",
            "arrows: move · s: map of what remains · u: undo · r: restart · q: quit",
            "",
        ]
    );
    screen.handle(&key(KeyCode::Char('s')));
    let buf = draw(&mut screen, 80, 8);
    let marks = screen.game().marks().unwrap().clone();
    assert!(!marks.is_clear());
    for p in dims(2, 2).positions() {
        // The mark sits in the middle of its cell, or left of the pawn.
        let pawn = p == screen.game().pawn();
        let x = (p.col * 4 + if pawn { 2 } else { 3 }) as u16;
        let shown = buf[(x, 2 + p.row as u16)].symbol() == "●";
        assert_eq!(shown, marks.get(p), "{p}");
    }
    for k in [KeyCode::Up, KeyCode::Right, KeyCode::Down] {
        screen.handle(&key(k));
    }
    assert!(screen.game().is_won());
    let text = lines(&draw(&mut screen, 80, 8));
    assert_eq!(
        text[0],
        "Revertigo 2×2 (random size, seed 5) · 3 moves · 0 white"
    );
    assert_eq!(text[2..4], ["│  ·   ·  │", "│  ·   @  │"]);
    assert_eq!(text[5], "All black in 3 moves! NES");
    // The edge stops the pawn; u undoes; r restarts.
    screen.handle(&key(KeyCode::Right));
    assert_eq!(screen.game().moves(), 3);
    screen.handle(&key(KeyCode::Char('u')));
    assert_eq!(screen.game().moves(), 2);
    assert!(!screen.game().is_won());
    screen.handle(&key(KeyCode::Char('r')));
    assert_eq!(screen.game().moves(), 0);
}

#[test]
fn knight_screen_numbers_squares_as_placed_and_clears_them_backing_up() {
    let k = Knight::new(dims(3, 4), Pos::new(0, 0), false).unwrap();
    let mut screen = KnightScreen::new(k, MoveOrder::Plain, 100);
    for _ in 0..4 {
        screen.step();
    }
    // The knight's tour lab's order (SEED_MOVES, (drow, dcol)): from (0,0) the first
    // move on the board is (+2,+1), then (-2,+1), then (+1,-2).
    assert_eq!(
        lines(&draw(&mut screen, 64, 8)),
        [
            "Knight 3×4 from 0,0 (plain) · step 4 · 4/12 placed · 100 ms",
            "┌────────────┐",
            "│ 1|  | 3|  |│",
            "│ 4|  |  |  |│",
            "│  | 2|  |  |│",
            "└────────────┘",
            "",
            "space: pause · →/n: one step · +/-: faster/slower · q: quit",
        ]
    );
    // The square just placed is highlighted.
    let buf = draw(&mut screen, 64, 8);
    assert_eq!(buf[(1, 3)].fg, Color::Yellow);
    assert_eq!(buf[(1, 2)].fg, Color::Reset);
    // Run to the end: the last screen shows the verified tour, numbered 1..12.
    let mut steps = 4;
    while screen.outcome().is_none() {
        screen.step();
        steps += 1;
        if steps % 2 == 0 {
            // Every placed square shows its number, every free one is blank.
            let buf = draw(&mut screen, 64, 8);
            for p in dims(3, 4).positions() {
                let x = 1 + p.col as u16 * 3;
                let cell: String = (x..x + 2)
                    .map(|x| buf[(x, 2 + p.row as u16)].symbol())
                    .collect();
                let want = match screen.number(p) {
                    Some(n) => format!("{n:>2}"),
                    None => "  ".to_string(),
                };
                assert_eq!(cell, want, "{p} at step {steps}");
            }
        }
    }
    assert_eq!(screen.outcome(), Some(true));
    // The path is a tour: every square once, each step a knight's move.
    let path = screen.path();
    let mut seen: Vec<Pos> = path.to_vec();
    seen.sort_unstable_by_key(|p| (p.row, p.col));
    seen.dedup();
    assert_eq!(seen.len(), 12);
    assert!(path.windows(2).all(|w| {
        let (dr, dc) = (w[0].row.abs_diff(w[1].row), w[0].col.abs_diff(w[1].col));
        dr * dc == 2
    }));
    let text = lines(&draw(&mut screen, 64, 8));
    assert!(text[6].starts_with("A tour found after "), "{text:?}");
    // A finished animation does not tick any more.
    assert!(screen.tick_in().is_none());
}

#[test]
fn knight_keys_pause_step_and_change_the_speed() {
    let k = Knight::new(dims(4, 4), Pos::new(0, 0), false).unwrap();
    let mut screen = KnightScreen::new(k, MoveOrder::Plain, 100);
    assert!(screen.tick_in().is_some());
    screen.handle(&key(KeyCode::Char(' ')));
    assert!(screen.tick_in().is_none(), "paused");
    screen.handle(&key(KeyCode::Right));
    assert_eq!(screen.steps(), 1);
    screen.handle(&key(KeyCode::Char(' ')));
    screen.handle(&key(KeyCode::Char('+')));
    assert_eq!(screen.tick_in(), Some(std::time::Duration::from_millis(50)));
    screen.handle(&key(KeyCode::Char('-')));
    screen.handle(&key(KeyCode::Char('-')));
    assert_eq!(
        screen.tick_in(),
        Some(std::time::Duration::from_millis(200))
    );
    // 4×4 has no tour: the search ends on the proof.
    while screen.outcome().is_none() {
        screen.tick();
    }
    let text = lines(&draw(&mut screen, 64, 9));
    assert!(
        text[7].starts_with("No tour from 0,0: every path was tried"),
        "{text:?}"
    );
}

#[test]
fn q_escape_and_ctrl_c_quit_and_nothing_else_does() {
    assert!(is_quit(&key(KeyCode::Char('q'))));
    assert!(is_quit(&key(KeyCode::Esc)));
    assert!(is_quit(&Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL
    ))));
    assert!(!is_quit(&key(KeyCode::Char('c'))));
    assert!(!is_quit(&click(1, 1)));
}

#[test]
fn lightsout_starts_from_a_state_file_or_a_seeded_random_board() {
    use super::lightsout::{first_game, LightsOutStart};
    let path = format!(
        "{}/puzzles/lightsout/5x5-unsolvable.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let from_file = LightsOutStart {
        state: Some(path.clone()),
        rows: None,
        cols: None,
        seed: None,
        torus: false,
    };
    let (game, r, seed) = first_game(&from_file, |_| Ok(())).unwrap();
    assert_eq!(seed, None);
    let file = LightsOutGame::parse(&puzzles::input::Source::read(&path).unwrap(), false).unwrap();
    assert_eq!(game.lights(), file.lights());
    let mut screen = LightsOutScreen::new(game, r, None);
    screen.handle(&key(KeyCode::Char('s')));
    let text = lines(&draw(&mut screen, 80, 10));
    assert!(text[8].starts_with("No solution"), "{text:?}");
    // Standard input is the keyboard: `--state -` is refused.
    let stdin = LightsOutStart {
        state: Some("-".to_string()),
        ..from_file
    };
    assert!(first_game(&stdin, |_| Ok(())).is_err());
    // A seed gives the same solvable board every time; a board the terminal
    // cannot show is refused before it is drawn.
    let random = LightsOutStart {
        state: None,
        rows: Some(4),
        cols: Some(7),
        seed: Some(9),
        torus: false,
    };
    let (game, _, seed) = first_game(&random, |_| Ok(())).unwrap();
    assert_eq!(seed, Some(9));
    assert_eq!(
        game.lights(),
        LightsOutGame::random(dims(4, 7), false, &mut rng(9)).lights()
    );
    let refused = first_game(&random, |need| {
        assert_eq!(need, (31, 9));
        Err(puzzles::Error::usage("too small"))
    });
    assert!(refused.is_err());
}

#[test]
fn lightsout_with_three_states_colours_cells_by_value_and_hints_press_counts() {
    use super::lightsout::LightsOutStart;
    use super::lightsout_states::{first_states_game, StatesScreen};
    use puzzles::lightsout::Pattern;
    let start = LightsOutStart {
        state: None,
        rows: Some(3),
        cols: Some(4),
        seed: Some(5),
        torus: false,
    };
    let variant = (3, Pattern::cross());
    let (game, r, seed) = first_states_game(&start, variant.clone(), |_| Ok(())).unwrap();
    let mut screen = StatesScreen::new(game, r, seed);
    let buf = draw(&mut screen, 80, 12);
    let text = lines(&buf).join("\n");
    assert!(text.contains("3 states, pattern cross, seed 5"), "{text}");
    // Every cell shows its value, coloured by it (0 dark).
    let board = screen.game().lights().clone();
    let b = screen.board;
    for p in board.dims().positions() {
        let cell = &buf[(b.x + (p.col * 4 + 2) as u16, b.y + p.row as u16)];
        match board[p] {
            0 => assert_eq!(cell.symbol(), "·"),
            v => {
                assert_eq!(cell.symbol(), v.to_string());
                assert_ne!(cell.bg, Color::Reset);
            }
        }
    }
    // The hint marks press counts; pressing each as often as marked wins.
    screen.handle(&key(KeyCode::Char('s')));
    let marks = screen.game().marks().unwrap().clone();
    let buf = draw(&mut screen, 80, 12);
    for p in marks.dims().positions().filter(|&p| marks[p] != 0) {
        let cell = &buf[(b.x + (p.col * 4 + 3) as u16, b.y + p.row as u16)];
        assert_eq!(cell.symbol(), marks[p].to_string());
        assert_eq!(cell.fg, Color::Red);
    }
    for p in marks.dims().positions() {
        for _ in 0..marks[p] {
            let (x, y) = (b.x + (p.col * 4 + 1) as u16, b.y + p.row as u16);
            screen.handle(&click(x, y));
        }
    }
    assert!(screen.game().is_won());
    let text = lines(&draw(&mut screen, 80, 12)).join("\n");
    assert!(text.contains("Every cell at 0"), "{text}");
    // Too many states for one symbol a cell.
    let wide = (40, Pattern::cross());
    assert!(first_states_game(&start, wide, |_| Ok(())).is_err());
}

/// The 4×4 puzzle of the explainer's examples: one solution, 1324 4231 2413 3142.
fn sudoku_game() -> super::sudoku::SudokuScreen {
    super::sudoku::SudokuScreen::new(sudoku_start("1.....3..4.....2"), String::new())
}

/// A game of `puzzle`, started as the front end starts one: its solutions asked of the door.
fn sudoku_start(puzzle: &str) -> puzzles::sudoku::SudokuGame {
    use puzzles::sudoku::Sudoku;
    use puzzles::sudoku::SudokuGame;
    use puzzles::GridPuzzle;
    let puzzle: Sudoku = puzzle.parse().unwrap();
    let request = SudokuGame::solutions_request(&puzzle).unwrap();
    let mut listed = Vec::new();
    let answer = Sudoku::answer(&request, &puzzles::Control::new(), &mut listed).unwrap();
    SudokuGame::new(puzzle, &listed, &answer).unwrap().unwrap()
}

/// Where cell `r`,`c` of the 4×4 board is drawn (its middle character), on a terminal from the top-left corner.
fn sudoku_cell(r: u16, c: u16) -> (u16, u16) {
    (1 + c * 3 + c / 2 + 1, 2 + r + r / 2)
}

#[test]
fn sudoku_screen_shows_clues_boxes_and_the_cursor() {
    let mut screen = sudoku_game();
    let buf = draw(&mut screen, 60, 16);
    assert_eq!(
        lines(&buf),
        [
            "Sudoku 4×4 (boxes 2×2) · 4 clues · 0 moves · 12 empty",
            "┌──────────────────────────────────────────────┐",
            "│ 1  · │ ·  ·                                  │",
            "│ ·  · │ 3  ·                                  │",
            "│──────┼──────                                 │",
            "│ ·  4 │[·] ·                                  │",
            "│ ·  · │ ·  2                                  │",
            "│──────────────────────────────────────────────│",
            "│r3c3: empty.                                  │",
            "│Typing: digits (p: pencil marks).             │",
            "│                                              │",
            "└──────────────────────────────────────────────┘",
            "Fill every row, column and box with each digit once.",
            "arrows/click: cell · 1-9 A-Z: digit · 0/⌫: clear · p: pencil",
            "a: all candidates · h: hint · c: check · u: undo · q: quit",
            "",
        ]
    );
    // Clues are bold, empty cells grey.
    let (x, y) = sudoku_cell(0, 0);
    assert!(buf[(x, y)]
        .modifier
        .contains(ratatui::style::Modifier::BOLD));
    let (x, y) = sudoku_cell(0, 1);
    assert_eq!(buf[(x, y)].fg, Color::DarkGray);
}

#[test]
fn sudoku_digits_go_into_cells_or_pencil_marks_and_undo_takes_them_back() {
    let mut screen = sudoku_game();
    draw(&mut screen, 60, 16);
    // A click on cell 0,1, then 3: an entry, drawn in cyan, not bold.
    let (x, y) = sudoku_cell(0, 1);
    screen.handle(&click(x, y));
    assert_eq!(screen.cursor(), Pos::new(0, 1));
    screen.handle(&key(KeyCode::Char('3')));
    assert_eq!(screen.game().value(Pos::new(0, 1)), 3);
    let buf = draw(&mut screen, 60, 16);
    assert_eq!(
        lines(&buf)[2],
        "│ 1 [3]│ ·  ·                                  │"
    );
    assert_eq!(buf[(x, y)].fg, Color::Cyan);
    assert_eq!(lines(&buf)[12], "3 at r1c2.");
    // A clue cannot be changed; a digit past the board's is refused.
    screen.handle(&key(KeyCode::Left));
    screen.handle(&key(KeyCode::Char('2')));
    assert_eq!(screen.game().value(Pos::new(0, 0)), 1);
    screen.handle(&key(KeyCode::Down));
    screen.handle(&key(KeyCode::Char('5')));
    assert_eq!(
        lines(&draw(&mut screen, 60, 16))[12],
        "5 is not a digit of this board."
    );
    // Pencil marks at 1,0: 2 and 3, drawn small.
    screen.handle(&key(KeyCode::Char('p')));
    screen.handle(&key(KeyCode::Char('2')));
    screen.handle(&key(KeyCode::Char('3')));
    screen.handle(&key(KeyCode::Right));
    let text = lines(&draw(&mut screen, 80, 16));
    assert!(
        text[0].ends_with("· 3 moves · 11 empty · pencil"),
        "{}",
        text[0]
    );
    assert_eq!(text[3], "│²³ [·]│ 3  ·                                  │");
    assert_eq!(screen.game().marks(Pos::new(1, 0)), 0b110);
    // Undo, three times: the marks, then the entry.
    for _ in 0..3 {
        screen.handle(&key(KeyCode::Char('u')));
    }
    assert_eq!(screen.game().moves(), 0);
    assert_eq!(screen.game().value(Pos::new(0, 1)), 0);
    screen.handle(&key(KeyCode::Char('u')));
    assert_eq!(lines(&draw(&mut screen, 80, 16))[12], "Nothing to undo.");
}

#[test]
fn sudoku_check_marks_wrong_entries_and_a_hint_names_its_technique_and_lights_its_cells() {
    let mut screen = sudoku_game();
    draw(&mut screen, 60, 16);
    let (x, y) = sudoku_cell(0, 1);
    screen.handle(&click(x, y));
    // 4 at 0,1: the solution has 3 there.
    screen.handle(&key(KeyCode::Char('4')));
    screen.handle(&key(KeyCode::Char('c')));
    let buf = draw(&mut screen, 60, 16);
    assert_eq!(lines(&buf)[12], "1 entry contradicts the solution (red).");
    assert_eq!(buf[(x, y)].bg, Color::Red);
    screen.handle(&key(KeyCode::Char('h')));
    assert_eq!(
        lines(&draw(&mut screen, 60, 16))[12],
        "Fix the red entry first: no step can follow from it."
    );
    screen.handle(&key(KeyCode::Char('u')));
    screen.handle(&key(KeyCode::Char('h')));
    let buf = draw(&mut screen, 60, 16);
    let text = lines(&buf);
    assert_eq!(
        text[12],
        "Hint: hidden-single (1.2), its cells highlighted."
    );
    assert!(text[8].contains("hidden-single"), "{}", text[8]);
    // The explainer's first step places 3 at 0,1: that cell is lit green.
    assert_eq!(buf[(x, y)].bg, Color::Green);
    screen.handle(&key(KeyCode::Char('3')));
    assert_eq!(draw(&mut screen, 60, 16)[(x, y)].bg, Color::Reset);
}

#[test]
fn sudoku_is_won_when_every_cell_holds_the_solution_s_digit() {
    let mut screen = sudoku_game();
    let solution = "1324423124133142";
    let clues = "1.....3..4.....2";
    for (i, ch) in solution.chars().enumerate() {
        if clues.as_bytes()[i] != b'.' {
            continue;
        }
        let (x, y) = sudoku_cell(i as u16 / 4, i as u16 % 4);
        draw(&mut screen, 60, 16);
        screen.handle(&click(x, y));
        screen.handle(&key(KeyCode::Char(ch)));
    }
    assert!(screen.game().is_won());
    let text = lines(&draw(&mut screen, 80, 16));
    assert_eq!(
        text[12],
        "Solved in 12 moves! Every row, column and box holds each digit once. q: quit."
    );
    assert!(text[0].contains("· 12 moves · 0 empty"), "{}", text[0]);
}

#[test]
fn sudoku_shows_all_candidates_on_demand_and_lights_the_cursor_s_digit_elsewhere() {
    let mut screen = sudoku_game();
    draw(&mut screen, 60, 20);
    // 3 at 0,1 (the solution's digit), then the cursor on the clue 3 at 1,2: the 3 at 0,1 is lit.
    let (x, y) = sudoku_cell(0, 1);
    screen.handle(&click(x, y));
    screen.handle(&key(KeyCode::Char('3')));
    screen.handle(&key(KeyCode::Down));
    screen.handle(&key(KeyCode::Right));
    assert_eq!(screen.cursor(), Pos::new(1, 2));
    let buf = draw(&mut screen, 60, 20);
    assert_eq!(buf[(x, y)].bg, Color::Blue);
    let (x1, y1) = sudoku_cell(0, 0);
    assert_eq!(buf[(x1, y1)].bg, Color::Reset, "a 1 is not lit");
    // `a`: every empty cell a 2×2 block of its candidates (1 2 over 3 4).
    screen.handle(&key(KeyCode::Char('a')));
    let buf = draw(&mut screen, 60, 20);
    let text = lines(&buf);
    assert_eq!(
        &text[2..11],
        [
            "│ 1  3 │ 2                                     │",
            "│      │ 4  4                                  │",
            "│ 2  2 │ 3 1                                   │",
            "│ 4    │    4                                  │",
            "│──────┼──────                                 │",
            "│ 2  4 │1  1                                   │",
            "│3     │   3                                   │",
            "│   1  │1   2                                  │",
            "│3     │ 4                                     │",
        ]
    );
    assert_eq!(text[16], "Every empty cell shows all its candidates.");
    // The cursor's cell reversed; the candidate 3 of 2,0 lit like the digit 3.
    assert_eq!(buf[(9, 4)].symbol(), "3");
    assert!(buf[(9, 4)]
        .modifier
        .contains(ratatui::style::Modifier::REVERSED));
    assert_eq!((buf[(1, 8)].symbol(), buf[(1, 8)].bg), ("3", Color::Blue));
    assert_eq!(buf[(2, 7)].bg, Color::Reset, "a 4 is not lit");
    // A click lands on the cell whose block holds it; `a` again goes back to pencil marks.
    screen.handle(&click(2, 8));
    assert_eq!(screen.cursor(), Pos::new(2, 0));
    assert!(lines(&draw(&mut screen, 60, 20))[12].starts_with("│r3c1: empty, candidates 2 3."));
    screen.handle(&key(KeyCode::Char('a')));
    assert_eq!(
        lines(&draw(&mut screen, 60, 20))[5],
        "│[·] 4 │ ·  ·                                  │"
    );
}

/// Whether `text` names a cell `row,col` (a digit, a comma, a digit).
fn has_row_comma_col(text: &str) -> bool {
    let c: Vec<char> = text.chars().collect();
    c.windows(3)
        .any(|w| w[0].is_ascii_digit() && w[1] == ',' && w[2].is_ascii_digit())
}

#[test]
fn every_screen_fits_80_by_24_with_its_title_message_and_keys_whole() {
    use super::lightsout_states::StatesScreen;
    use puzzles::lightsout::Pattern;
    use puzzles::lightsout::StatesGame;
    let diabolical =
        ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";
    let game = sudoku_start(diabolical);
    // The longest title a generated puzzle gets: the largest seed, a two-digit rating.
    let origin = ", seed 18446744073709551615, rated 10.5".to_string();
    let screens: Vec<(Box<dyn Screen>, &str, &str)> = vec![
        (
            Box::new(LightsOutScreen::new(
                LightsOutGame::random(dims(10, 10), false, &mut rng(1)),
                rng(1),
                Some(u64::MAX),
            )),
            <LightsOutGame as super::lightsout::LightsGame>::KEYS,
            "Lights Out 10×10, seed 18446744073709551615",
        ),
        (
            Box::new(StatesScreen::new(
                StatesGame::random(3, Pattern::cross(), false, dims(10, 10), &mut rng(2)).unwrap(),
                rng(2),
                Some(u64::MAX),
            )),
            <StatesGame as super::lightsout::LightsGame>::KEYS,
            "Lights Out 10×10, 3 states, pattern cross, seed 18446744073709551615",
        ),
        (
            Box::new(RevertigoScreen::new(dims(10, 10), Some(u64::MAX))),
            super::revertigo::KEYS,
            "Revertigo 10×10 (random size, seed 18446744073709551615)",
        ),
        (
            Box::new(KnightScreen::new(
                Knight::new(dims(8, 8), Pos::new(0, 0), false).unwrap(),
                MoveOrder::Warnsdorff,
                100,
            )),
            super::knight::KEYS,
            "Knight 8×8 from 0,0 (warnsdorff)",
        ),
        (
            Box::new(super::sudoku::SudokuScreen::new(game, origin)),
            super::sudoku::KEYS,
            "Sudoku 9×9 (boxes 3×3), seed 18446744073709551615, rated 10.5",
        ),
    ];
    for (mut screen, keys, title) in screens {
        let (w, h) = screen.min_size();
        assert!(w <= 80 && h <= 24, "{title}: needs {w}×{h}");
        let text = lines(&draw(screen.as_mut(), 80, 24));
        let all = text.join(" ");
        assert!(!all.contains("The terminal is"), "{all}");
        assert!(text[0].starts_with(title), "{text:?}");
        // Every key, whole: wrapped between the items, never cut.
        for item in keys.split(" · ") {
            assert!(
                all.contains(item),
                "{title}: {item:?} missing from {text:?}"
            );
        }
    }
}

#[test]
fn the_words_wrap_between_items_then_between_words() {
    use super::screen::wrap;
    assert_eq!(
        wrap("a: one · b: two · c: three", 17),
        ["a: one · b: two", "c: three"]
    );
    assert_eq!(wrap("a: one · b: two", 80), ["a: one · b: two"]);
    assert_eq!(
        wrap("press the cells marked", 10),
        ["press the", "cells", "marked"]
    );
    assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
    assert!(wrap("", 10).is_empty());
}

#[test]
fn lightsout_r_shows_the_new_board_s_seed_and_that_seed_plays_it_again() {
    use super::lightsout::{first_game, LightsOutStart};
    let start = LightsOutStart {
        state: None,
        rows: Some(5),
        cols: None,
        seed: Some(3),
        torus: false,
    };
    let (game, r, seed) = first_game(&start, |_| Ok(())).unwrap();
    let mut screen = LightsOutScreen::new(game, r, seed);
    assert!(lines(&draw(&mut screen, 80, 24))[0].starts_with("Lights Out 5×5, seed 3 · "));
    screen.handle(&key(KeyCode::Char('r')));
    let text = lines(&draw(&mut screen, 80, 24));
    let seed: u64 = text[0]
        .strip_prefix("Lights Out 5×5, seed ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seed in {:?}", text[0]));
    assert_ne!(seed, 3);
    assert!(
        text.contains(&format!("A new board: --seed {seed} plays it again.")),
        "{text:?}"
    );
    let again = LightsOutStart {
        seed: Some(seed),
        ..start
    };
    let (replayed, _, _) = first_game(&again, |_| Ok(())).unwrap();
    assert_eq!(replayed.lights(), screen.game().lights());
}

#[test]
fn lightsout_with_k_states_r_shows_the_new_board_s_seed_too() {
    use super::lightsout::LightsOutStart;
    use super::lightsout_states::{first_states_game, StatesScreen};
    use puzzles::lightsout::Pattern;
    let variant = (3, Pattern::cross());
    let start = LightsOutStart {
        state: None,
        rows: Some(4),
        cols: None,
        seed: Some(8),
        torus: false,
    };
    let (game, r, seed) = first_states_game(&start, variant.clone(), |_| Ok(())).unwrap();
    let mut screen = StatesScreen::new(game, r, seed);
    screen.handle(&key(KeyCode::Char('r')));
    let title = lines(&draw(&mut screen, 80, 24))[0].clone();
    let seed: u64 = title
        .split(", seed ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seed in {title:?}"));
    let again = LightsOutStart {
        seed: Some(seed),
        ..start
    };
    let (replayed, _, _) = first_states_game(&again, variant, |_| Ok(())).unwrap();
    assert_eq!(replayed.lights(), screen.game().lights());
}

#[test]
fn the_sudoku_screen_names_cells_one_way_as_its_hints_do() {
    let mut screen = sudoku_game();
    let mut seen = Vec::new();
    // Move, enter, clear, pencil, ask for a hint, check: every screen on the way.
    for k in [
        KeyCode::Up,
        KeyCode::Char('4'),
        KeyCode::Char('0'),
        KeyCode::Char('p'),
        KeyCode::Char('2'),
        KeyCode::Char('p'),
        KeyCode::Left,
        KeyCode::Char('h'),
        KeyCode::Char('c'),
    ] {
        screen.handle(&key(k));
        seen.push(lines(&draw(&mut screen, 80, 24)).join("\n"));
    }
    let all = seen.join("\n");
    assert!(all.contains("r2c3"), "{all}");
    assert!(!has_row_comma_col(&all), "{all}");
}
