//! `puzzles sudoku --play`: Sudoku in the terminal, clues set apart from entries, pencil marks, hints that name their technique, a check against the solution.

use super::{draw_chrome, min_size, plural, pressed_key, Chrome, Flow, Screen};
use crate::cli::{Context, Exit, Failure};
use puzzles::grid::Pos;
use puzzles::sudoku::Step;
use puzzles::sudoku::{self, Input, Item, Mode, Request, Sudoku};
use puzzles::sudoku::{GameHint, SudokuGame};
use puzzles::{Control, Error, GridPuzzle, NoItems};
use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

/// Columns per cell.
const CELL: usize = 3;

/// Lines of text under the grid: the hint's words, or what the cursor's cell holds.
const TEXT_ROWS: usize = 3;

/// The narrowest the text under the grid is wrapped to.
const TEXT_WIDTH: usize = 46;

/// The keys, as the screen lists them.
pub(super) const KEYS: &str =
    "arrows/click: cell · 1-9 A-Z: digit · 0/⌫: clear · p: pencil · a: all candidates · h: hint · c: check · u: undo · q: quit";

/// A cell as Sudoku players and the hints name it: `r1c2`, row and column from 1
/// (the one notation of this screen).
fn cell_name(p: Pos) -> String {
    format!("r{}c{}", p.row + 1, p.col + 1)
}

/// The largest side whose cells can show all their candidates, each cell a box-shaped block of them.
const FULL_SIDE: usize = 9;

/// Pencil marks 1–9 as they are drawn in a cell.
const SMALL: [char; 9] = ['¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/// What is highlighted on the board until the next move.
#[derive(Debug, Clone, PartialEq)]
enum Shown {
    Nothing,
    /// The entries `c` (or a hint) found off the solution.
    Wrong(Vec<Pos>),
    /// The last hint's step.
    Hint(Step),
}

/// The game on the screen.
pub struct SudokuScreen {
    game: SudokuGame,
    cursor: Pos,
    /// Digits go into the pencil marks instead of the cells.
    pencil: bool,
    /// Every empty cell shows all its candidates (on boards up to [`FULL_SIDE`]).
    full: bool,
    shown: Shown,
    /// What the title says of where the puzzle came from.
    origin: String,
    message: String,
    /// Where the board was last drawn, for mouse clicks.
    board: Rect,
}

impl SudokuScreen {
    /// A screen for `game`; `origin` is added to the title (a seed, a file name).
    pub fn new(game: SudokuGame, origin: String) -> Self {
        let n = game.side();
        SudokuScreen {
            game,
            cursor: Pos::new(n / 2, n / 2),
            pencil: false,
            full: false,
            shown: Shown::Nothing,
            origin,
            message: "Fill every row, column and box with each digit once.".to_string(),
            board: Rect::default(),
        }
    }

    /// The game.
    #[cfg(test)]
    pub fn game(&self) -> &SudokuGame {
        &self.game
    }

    /// The cell under the cursor.
    #[cfg(test)]
    pub fn cursor(&self) -> Pos {
        self.cursor
    }

    fn boxes(&self) -> (usize, usize) {
        let [r, c] = self.game.shape().box_dims();
        (r, c)
    }

    /// Whether the cells show all their candidates, each a block of the box's shape.
    fn blocks(&self) -> bool {
        self.full && self.game.side() <= FULL_SIDE
    }

    /// A cell's width and height in characters: 3×1, or with all candidates shown a
    /// block of the box's shape and a space.
    fn cell_dims(&self) -> (usize, usize) {
        let (br, bc) = self.boxes();
        if self.blocks() {
            (bc + 1, br)
        } else {
            (CELL, 1)
        }
    }

    /// The grid's size in characters: cells and the lines between boxes.
    fn grid_size(&self) -> (usize, usize) {
        let n = self.game.side();
        let (br, bc) = self.boxes();
        let (w, h) = self.cell_dims();
        (n * w + n / bc - 1, n * h + n / br - 1)
    }

    fn board_size(&self) -> (u16, u16) {
        let (w, h) = self.grid_size();
        let clamp = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        (clamp(w.max(TEXT_WIDTH)), clamp(h + 1 + TEXT_ROWS))
    }

    /// Where cell `p` starts, from the board's top-left corner.
    fn offset(&self, p: Pos) -> (usize, usize) {
        let (br, bc) = self.boxes();
        let (w, h) = self.cell_dims();
        (p.col * w + p.col / bc, p.row * h + p.row / br)
    }

    /// The cell at screen position (`x`, `y`), if the grid is there.
    fn cell_at(&self, x: u16, y: u16) -> Option<Pos> {
        let b = self.board;
        if x < b.x || y < b.y {
            return None;
        }
        let (dx, dy) = ((x - b.x) as usize, (y - b.y) as usize);
        let n = self.game.side();
        let (w, h) = self.cell_dims();
        let row = (0..n).find(|&r| {
            let y0 = self.offset(Pos::new(r, 0)).1;
            (y0..y0 + h).contains(&dy)
        })?;
        let col = (0..n).find(|&c| {
            let x0 = self.offset(Pos::new(0, c)).0;
            (x0..x0 + w).contains(&dx)
        })?;
        Some(Pos::new(row, col))
    }

    fn move_cursor(&mut self, dr: i64, dc: i64) {
        let n = self.game.side() as i64;
        let r = (self.cursor.row as i64 + dr).clamp(0, n - 1);
        let c = (self.cursor.col as i64 + dc).clamp(0, n - 1);
        self.cursor = Pos::new(r as usize, c as usize);
    }

    /// A digit typed at the cursor: entered, or a pencil mark set or removed.
    fn digit(&mut self, d: u8) {
        let (p, at) = (self.cursor, cell_name(self.cursor));
        if self.game.is_clue(p) {
            self.message = format!("{at} is a clue.");
            return;
        }
        if self.pencil {
            self.message = if self.game.toggle_mark(p, d) {
                self.shown = Shown::Nothing;
                let on = self.game.marks(p) & (1 << (d - 1)) != 0;
                format!(
                    "Pencil mark {} {} {at}.",
                    SudokuGame::symbol(d),
                    if on { "set at" } else { "removed from" }
                )
            } else {
                format!("{at} holds a digit: clear it (0) before pencilling marks.")
            };
            return;
        }
        if !self.game.enter(p, d) {
            return;
        }
        self.shown = Shown::Nothing;
        self.message = if self.game.is_won() {
            format!(
                "Solved in {}! Every row, column and box holds each digit once. q: quit.",
                plural(self.game.moves(), "move", "moves")
            )
        } else {
            format!("{} at {at}.", SudokuGame::symbol(d))
        };
    }

    fn clear(&mut self) {
        let (p, at) = (self.cursor, cell_name(self.cursor));
        self.message = if self.game.clear(p) {
            self.shown = Shown::Nothing;
            format!("{at} cleared.")
        } else if self.game.is_clue(p) {
            format!("{at} is a clue.")
        } else {
            "Nothing to clear.".to_string()
        };
    }

    fn hint(&mut self) {
        let hint = match self.game.hint_request() {
            Ok(request) => Sudoku::answer(&request, &Control::new(), &mut NoItems)
                .and_then(|answer| self.game.take_hint(&answer)),
            Err(known) => Ok(known),
        };
        match hint {
            Ok(GameHint::Step(step)) => {
                self.message = format!(
                    "Hint: {} ({}), its cells highlighted.",
                    step.technique, step.rating
                );
                self.shown = Shown::Hint(step);
            }
            Ok(GameHint::Wrong(cells)) => {
                self.message = if cells.len() == 1 {
                    "Fix the red entry first: no step can follow from it.".to_string()
                } else {
                    format!(
                        "Fix the {} red entries first: no step can follow from them.",
                        cells.len()
                    )
                };
                self.shown = Shown::Wrong(cells);
            }
            Ok(GameHint::Solved) => self.message = "The grid is solved.".to_string(),
            Ok(GameHint::Interrupted) => self.message = "The hint was stopped.".to_string(),
            Err(e) => self.message = e.to_string(),
        }
    }

    fn check(&mut self) {
        let wrong = self.game.contradictions();
        self.message = if wrong.is_empty() {
            "No entry contradicts the solution.".to_string()
        } else {
            format!(
                "{} the solution (red).",
                plural(wrong.len(), "entry contradicts", "entries contradict")
            )
        };
        self.shown = Shown::Wrong(wrong);
    }

    /// The three characters of cell `p` and their style.
    fn cell(&self, p: Pos) -> ([char; 3], Style) {
        let v = self.game.value(p);
        let marks = self.game.marks(p);
        let mut style = if v == 0 {
            Style::new().fg(Color::DarkGray)
        } else if self.game.is_clue(p) {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(Color::Cyan)
        };
        let mut text = [' ', '·', ' '];
        if v != 0 {
            text[1] = SudokuGame::symbol(v);
        } else if marks != 0 {
            let small: Vec<char> = (1..=self.game.side() as u8)
                .filter(|&d| marks & (1 << (d - 1)) != 0)
                .map(|d| {
                    SMALL
                        .get(d as usize - 1)
                        .copied()
                        .unwrap_or_else(|| SudokuGame::symbol(d).to_ascii_lowercase())
                })
                .collect();
            text = match small[..] {
                [a] => [' ', a, ' '],
                [a, b] => [a, b, ' '],
                [a, b, c] => [a, b, c],
                _ => [small[0], small[1], '⁺'],
            };
        }
        match &self.shown {
            Shown::Wrong(cells) if cells.contains(&p) => {
                style = style.fg(Color::White).bg(Color::Red);
            }
            Shown::Hint(step) => {
                let at = |list: &[[usize; 3]]| list.iter().any(|&[r, c, _]| Pos::new(r, c) == p);
                if at(&step.place) {
                    style = style.fg(Color::Black).bg(Color::Green);
                } else if at(&step.eliminate) {
                    style = style.fg(Color::Black).bg(Color::Magenta);
                } else if step.cells.contains(&[p.row, p.col]) {
                    style = style.fg(Color::Black).bg(Color::Yellow);
                }
            }
            _ if self.is_equal(p) => style = style.fg(Color::White).bg(Color::Blue),
            _ => {}
        }
        if p == self.cursor {
            if text[0] != ' ' {
                text = [' ', '…', ' '];
            }
            text[0] = '[';
            text[2] = ']';
        }
        (text, style)
    }

    /// Whether `p` holds the digit of the cursor's cell (another cell than the cursor's).
    fn is_equal(&self, p: Pos) -> bool {
        let d = self.game.value(self.cursor);
        d != 0 && p != self.cursor && self.game.value(p) == d
    }

    /// The lines of cell `p` when every cell shows its candidates, each character with its
    /// style: the digit in the middle of a filled cell, else each candidate at its place
    /// in a block of the box's shape (the cursor's digit lit where it is a candidate);
    /// the cursor's cell reversed.
    fn block(&self, p: Pos) -> Vec<Vec<(char, Style)>> {
        let (br, bc) = self.boxes();
        let (_, style) = self.cell(p);
        let v = self.game.value(p);
        let cursor_digit = self.game.value(self.cursor);
        let mut lines = vec![vec![(' ', style); bc + 1]; br];
        if v != 0 {
            lines[(br - 1) / 2][bc / 2] = (SudokuGame::symbol(v), style);
        } else {
            let cands = self.game.candidates(p);
            for d in 1..=(br * bc) as u8 {
                let (i, j) = ((d as usize - 1) / bc, (d as usize - 1) % bc);
                lines[i][j] = if cands & 1 << (d - 1) == 0 {
                    (' ', style)
                } else if d == cursor_digit {
                    (
                        SudokuGame::symbol(d),
                        Style::new().fg(Color::White).bg(Color::Blue),
                    )
                } else {
                    (SudokuGame::symbol(d), style)
                };
            }
        }
        if p == self.cursor {
            for line in &mut lines {
                for (_, s) in &mut line[..bc] {
                    *s = s.add_modifier(Modifier::REVERSED);
                }
            }
        }
        lines
    }

    /// The words under the grid: the hint's step, or what the cursor's cell holds.
    fn words(&self) -> String {
        if let Shown::Hint(step) = &self.shown {
            return step.text.clone();
        }
        let p = self.cursor;
        let v = self.game.value(p);
        let marks = self.game.marks(p);
        let what = if self.game.is_clue(p) {
            format!("clue {}", SudokuGame::symbol(v))
        } else if v != 0 {
            format!("your {}", SudokuGame::symbol(v))
        } else if self.full {
            format!(
                "empty, candidates {}",
                self.digit_list(self.game.candidates(p))
            )
        } else if marks != 0 {
            format!("empty, pencil marks {}", self.digit_list(marks))
        } else {
            "empty".to_string()
        };
        let mode = if self.pencil {
            "pencil marks (p: back to digits)"
        } else {
            "digits (p: pencil marks)"
        };
        format!("{}: {what}.\nTyping: {mode}.", cell_name(p))
    }
}

impl SudokuScreen {
    /// The digits of `mask`, `1 4 7`.
    fn digit_list(&self, mask: u64) -> String {
        let list: Vec<String> = (1..=self.game.side() as u8)
            .filter(|&d| mask & (1 << (d - 1)) != 0)
            .map(|d| SudokuGame::symbol(d).to_string())
            .collect();
        list.join(" ")
    }
}

impl Screen for SudokuScreen {
    fn min_size(&self) -> (u16, u16) {
        let (w, h) = self.board_size();
        min_size(w as usize, h as usize, KEYS)
    }

    fn draw(&mut self, frame: &mut Frame) {
        let (w, h) = self.board_size();
        let n = self.game.side();
        let (br, bc) = self.boxes();
        let left = (0..n * n)
            .filter(|&i| self.game.value(Pos::new(i / n, i % n)) == 0)
            .count();
        let title = format!(
            "Sudoku {n}×{n} (boxes {br}×{bc}){} · {} · {} · {} empty{}",
            self.origin,
            plural(self.game.puzzle().clues(), "clue", "clues"),
            plural(self.game.moves(), "move", "moves"),
            left,
            if self.pencil { " · pencil" } else { "" }
        );
        let chrome = Chrome {
            title: &title,
            message: &self.message,
            keys: KEYS,
        };
        let Some(at) = draw_chrome(frame, self.min_size(), (w, h), &chrome) else {
            self.board = Rect::default();
            return;
        };
        self.board = at.board;
        let (gw, gh) = self.grid_size();
        let buf = frame.buffer_mut();
        let line = Style::new().fg(Color::DarkGray);
        let (x0, y0) = (at.board.x, at.board.y);
        let (cw, ch) = self.cell_dims();
        // The lines between boxes.
        for k in 1..n / bc {
            let x = x0 + (k * (bc * cw + 1) - 1) as u16;
            for y in 0..gh {
                buf.set_string(x, y0 + y as u16, "│", line);
            }
        }
        for k in 1..n / br {
            let y = y0 + (k * (br * ch + 1) - 1) as u16;
            for x in 0..gw {
                let cross = (x + 1) % (bc * cw + 1) == 0;
                buf.set_string(x0 + x as u16, y, if cross { "┼" } else { "─" }, line);
            }
        }
        for r in 0..n {
            for c in 0..n {
                let p = Pos::new(r, c);
                let (dx, dy) = self.offset(p);
                if self.blocks() {
                    for (i, chars) in self.block(p).iter().enumerate() {
                        for (j, &(glyph, style)) in chars.iter().enumerate() {
                            let (x, y) = (x0 + (dx + j) as u16, y0 + (dy + i) as u16);
                            buf.set_string(x, y, glyph.to_string(), style);
                        }
                    }
                    continue;
                }
                let (text, style) = self.cell(p);
                let s: String = text.iter().collect();
                buf.set_string(x0 + dx as u16, y0 + dy as u16, s, style);
            }
        }
        let below = y0 + gh as u16;
        buf.set_string(x0, below, "─".repeat(w as usize), line);
        let text = Rect::new(x0, below + 1, w, TEXT_ROWS as u16).intersection(at.board);
        frame.render_widget(Paragraph::new(self.words()).wrap(Wrap { trim: true }), text);
    }

    fn handle(&mut self, event: &Event) -> Flow {
        if let Event::Mouse(m) = event {
            if m.kind == MouseEventKind::Down(MouseButton::Left) {
                if let Some(p) = self.cell_at(m.column, m.row) {
                    self.cursor = p;
                }
            }
            return Flow::Continue;
        }
        match pressed_key(event) {
            Some(KeyCode::Up) => self.move_cursor(-1, 0),
            Some(KeyCode::Down) => self.move_cursor(1, 0),
            Some(KeyCode::Left) => self.move_cursor(0, -1),
            Some(KeyCode::Right) => self.move_cursor(0, 1),
            Some(KeyCode::Char('0' | '.') | KeyCode::Backspace | KeyCode::Delete) => self.clear(),
            Some(KeyCode::Char('p')) => {
                self.pencil = !self.pencil;
                self.message = if self.pencil {
                    "Pencil: digits now set or remove pencil marks.".to_string()
                } else {
                    "Digits now go into the cells.".to_string()
                };
            }
            Some(KeyCode::Char('a')) => {
                self.full = !self.full;
                self.message = match (self.full, self.blocks()) {
                    (false, _) => "Cells show your pencil marks.".to_string(),
                    (true, true) => "Every empty cell shows all its candidates.".to_string(),
                    (true, false) => {
                        "The cursor's cell names all its candidates below the grid.".to_string()
                    }
                };
            }
            Some(KeyCode::Char('h')) => self.hint(),
            Some(KeyCode::Char('c')) => self.check(),
            Some(KeyCode::Char('u')) => {
                self.message = if self.game.undo() {
                    self.shown = Shown::Nothing;
                    "Move taken back.".to_string()
                } else {
                    "Nothing to undo.".to_string()
                };
            }
            // Digits: 1–9, then capital letters (lower-case letters are the commands).
            Some(KeyCode::Char(ch)) if ch.is_ascii_digit() || ch.is_ascii_uppercase() => {
                match SudokuGame::digit_of(ch).filter(|&d| d as usize <= self.game.side()) {
                    Some(d) => self.digit(d),
                    None => self.message = format!("{ch} is not a digit of this board."),
                }
            }
            _ => {}
        }
        Flow::Continue
    }
}

/// The puzzle to play and what the title says of it: the request's grid, or
/// the one puzzle it generates.
pub fn first_puzzle(request: &Request, ctl: &Control) -> Result<(Sudoku, String), Error> {
    if let Mode::Generate { .. } = request.mode {
        let mut made: Vec<Item> = Vec::new();
        Sudoku::answer(request, ctl, &mut made)?;
        let Some(Item::Made(p)) = made.into_iter().next() else {
            return Err(Error::usage("stopped before a puzzle was made"));
        };
        let rated = p.rating.map(|r| format!(", rated {r}")).unwrap_or_default();
        return Ok((p.grid()?, format!(", seed {}{rated}", p.seed)));
    }
    let source = request
        .source
        .as_ref()
        .ok_or_else(|| Error::usage("--play needs a puzzle file or --generate 1"))?;
    match sudoku::Input::read(source, request.shape)? {
        Input::Single(grid) => Ok((grid, String::new())),
        Input::Batch(_) => Err(Error::usage(
            "--play plays one grid, not a batch: give a file of one puzzle",
        )),
    }
}

/// Runs the game in the terminal.
pub fn play_sudoku(request: Request, ctx: &mut Context) -> Result<Exit, Failure> {
    // Refused off a terminal before any work (a generated puzzle takes a moment).
    super::check_terminal("--play", (24, 6))?;
    let (puzzle, origin) = first_puzzle(&request, &ctx.control)?;
    let mut listed = Vec::new();
    let answer = Sudoku::answer(
        &SudokuGame::solutions_request(&puzzle)?,
        &ctx.control,
        &mut listed,
    )?;
    let Some(game) = SudokuGame::new(puzzle, &listed, &answer)? else {
        return Ok(Exit::Interrupted);
    };
    let mut screen = SudokuScreen::new(game, origin);
    super::run(&mut screen, "--play", ctx)
}
