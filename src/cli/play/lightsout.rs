//! `puzzles lightsout --play`: the Lights Out lab's game in the terminal, with its red hint dots.

use super::{draw_chrome, min_size, plural, pressed_key, Chrome, Flow, Screen};
use crate::cli::{Context, Exit, Failure};
use puzzles::grid::{Dims, Pos};
use puzzles::input::Source;
use puzzles::lightsout::{LightsOut, Pattern};
use puzzles::lightsout::{LightsOutGame, PressHint};
use puzzles::random::{self, Rng};
use puzzles::{Control, Error, GridPuzzle, NoItems};
use rand::RngCore;
use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::Frame;

/// Columns per cell: a gap, then three characters.
pub(super) const CELL: usize = 4;

/// The keys, as the screen lists them.
pub(super) const KEYS: &str =
    "click or arrows+space: press · s: hints · u: undo · r: new board · q: quit";

/// Where the game starts: a file, or a random solvable board.
#[derive(Debug, Clone)]
pub struct LightsOutStart {
    /// `--state FILE` (`-` is refused: stdin is the keyboard).
    pub state: Option<String>,
    /// Rows of a random board.
    pub rows: Option<usize>,
    /// Columns of a random board (default: as many as rows).
    pub cols: Option<usize>,
    /// `--seed`.
    pub seed: Option<u64>,
    /// `--torus`.
    pub torus: bool,
}

/// The game on the screen.
pub struct LightsOutScreen {
    game: LightsOutGame,
    cursor: Pos,
    rng: Rng,
    /// The seed of the board, when it was random.
    seed: Option<u64>,
    message: String,
    /// Where the board was last drawn (cells start here), for mouse clicks.
    board: Rect,
}

impl LightsOutScreen {
    /// A screen for `game`; `rng` draws the boards `r` asks for.
    pub fn new(game: LightsOutGame, rng: Rng, seed: Option<u64>) -> Self {
        let dims = game.dims();
        LightsOutScreen {
            game,
            cursor: Pos::new(dims.rows / 2, dims.cols / 2),
            rng,
            seed,
            message: "Switch every light off.".to_string(),
            board: Rect::default(),
        }
    }

    /// The game.
    #[cfg(test)]
    pub fn game(&self) -> &LightsOutGame {
        &self.game
    }

    /// The cell under the cursor.
    #[cfg(test)]
    pub fn cursor(&self) -> Pos {
        self.cursor
    }

    fn board_size(&self) -> (u16, u16) {
        let d = self.game.dims();
        let clamp = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        (clamp(d.cols * CELL + 1), clamp(d.rows))
    }

    fn press(&mut self, p: Pos) {
        if !self.game.press(p) {
            return;
        }
        self.cursor = p;
        self.message = if self.game.is_won() {
            format!(
                "All lights off in {}! r: new board, q: quit.",
                plural(self.game.presses(), "press", "presses")
            )
        } else {
            match self.game.marks() {
                Some(m) if m.is_clear() => "The marks are gone.".to_string(),
                Some(m) => format!(
                    "Press the {} marked to finish.",
                    plural(m.count_ones(), "cell", "cells")
                ),
                None => String::new(),
            }
        };
    }

    fn hint(&mut self) {
        if self.game.marks().is_some() {
            self.game.clear_marks();
            self.message = "Hints hidden.".to_string();
            return;
        }
        let request = self.game.hint_request();
        let answer = LightsOut::answer(&request, &Control::new(), &mut NoItems);
        self.message = match answer.and_then(|a| self.game.show_hint(&a)) {
            Ok(PressHint::Shown { presses, fewest }) => format!(
                "Press the {} marked ●{}.",
                plural(presses, "cell", "cells"),
                if fewest { " (the fewest possible)" } else { "" }
            ),
            Ok(PressHint::Unsolvable) => {
                "No solution: this board cannot be switched off (parity test). r: new board."
                    .to_string()
            }
            Err(e) => e.to_string(),
        };
    }

    /// A new random board, from a seed of its own drawn from `rng`: the title
    /// shows it, so `--seed` replays the board.
    fn new_board(&mut self) {
        let seed = self.rng.next_u64();
        self.game = self.game.redraw(&mut random::rng(seed));
        self.seed = Some(seed);
        self.message = format!("A new board: --seed {seed} plays it again.");
    }
}

impl Screen for LightsOutScreen {
    fn min_size(&self) -> (u16, u16) {
        needs(self.game.dims())
    }

    fn draw(&mut self, frame: &mut Frame) {
        let (w, h) = self.board_size();
        let d = self.game.dims();
        let seed = self.seed.map(|s| format!(", seed {s}")).unwrap_or_default();
        let torus = if self.game.is_torus() { " torus" } else { "" };
        let title = format!(
            "Lights Out {}×{}{torus}{seed} · {} · {} on",
            d.rows,
            d.cols,
            plural(self.game.presses(), "press", "presses"),
            plural(self.game.lights().count_ones(), "light", "lights"),
        );
        let chrome = Chrome {
            title: &title,
            message: &self.message,
            keys: KEYS,
        };
        let board = (w, h);
        let Some(at) = draw_chrome(frame, self.min_size(), board, &chrome) else {
            // No board on the screen: no click may press a cell.
            self.board = Rect::default();
            return;
        };
        self.board = at.board;
        let buf = frame.buffer_mut();
        let lit = Style::new().fg(Color::Yellow);
        let dark = Style::new().fg(Color::DarkGray);
        for p in d.positions() {
            let on = self.game.lights().get(p);
            let marked = self.game.marks().is_some_and(|m| m.get(p));
            let x = at.board.x + (p.col * CELL + 1) as u16;
            let y = at.board.y + p.row as u16;
            let (fill, style) = if on { ('█', lit) } else { ('·', dark) };
            let edge = if on { fill } else { ' ' };
            let mut cell = [edge, fill, edge];
            let mut styles = [style; 3];
            if marked {
                cell[1] = '●';
                styles[1] = Style::new().fg(Color::Red).add_modifier(Modifier::BOLD);
                if on {
                    styles[1] = styles[1].bg(Color::Yellow);
                }
            }
            if p == self.cursor {
                let bracket = Style::new().add_modifier(Modifier::BOLD);
                let bracket = if on {
                    bracket.fg(Color::Black).bg(Color::Yellow)
                } else {
                    bracket.fg(Color::White)
                };
                cell[0] = '[';
                cell[2] = ']';
                styles[0] = bracket;
                styles[2] = bracket;
            }
            for (i, (ch, st)) in cell.iter().zip(styles).enumerate() {
                buf.set_string(x + i as u16, y, ch.to_string(), st);
            }
        }
    }

    fn handle(&mut self, event: &Event) -> Flow {
        match board_action(event, self.board, self.game.dims(), &mut self.cursor) {
            Some(Action::Press(p)) => self.press(p),
            Some(Action::Hint) => self.hint(),
            Some(Action::Undo) => {
                self.message = if self.game.undo() {
                    "Press taken back.".to_string()
                } else {
                    "Nothing to undo.".to_string()
                };
            }
            Some(Action::NewBoard) => self.new_board(),
            None => {}
        }
        Flow::Continue
    }
}

/// What a key or a click asks of a Lights Out board (two states or K).
pub(super) enum Action {
    /// Press this cell.
    Press(Pos),
    /// Show or hide the hints.
    Hint,
    /// Take back the last press.
    Undo,
    /// Draw a new board.
    NewBoard,
}

/// The action `event` asks of a board of shape `dims` drawn at `board`;
/// the arrows move `cursor` and ask nothing more.
pub(super) fn board_action(
    event: &Event,
    board: Rect,
    dims: Dims,
    cursor: &mut Pos,
) -> Option<Action> {
    if let Event::Mouse(m) = event {
        let (x, y, b) = (m.column, m.row, board);
        let inside = x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height;
        if m.kind != MouseEventKind::Down(MouseButton::Left) || !inside {
            return None;
        }
        let (row, col) = ((y - b.y) as usize, (x - b.x) as usize / CELL);
        return (row < dims.rows && col < dims.cols).then_some(Action::Press(Pos::new(row, col)));
    }
    let step = |dr: i64, dc: i64| {
        let r = (cursor.row as i64 + dr).clamp(0, dims.rows as i64 - 1);
        let c = (cursor.col as i64 + dc).clamp(0, dims.cols as i64 - 1);
        Pos::new(r as usize, c as usize)
    };
    match pressed_key(event)? {
        KeyCode::Up => *cursor = step(-1, 0),
        KeyCode::Down => *cursor = step(1, 0),
        KeyCode::Left => *cursor = step(0, -1),
        KeyCode::Right => *cursor = step(0, 1),
        KeyCode::Char(' ') | KeyCode::Enter => return Some(Action::Press(*cursor)),
        KeyCode::Char('s' | 'S') => return Some(Action::Hint),
        KeyCode::Char('u' | 'U') => return Some(Action::Undo),
        KeyCode::Char('r' | 'R') => return Some(Action::NewBoard),
        _ => {}
    }
    None
}

/// The smallest terminal for a board of shape `dims`.
fn needs(dims: Dims) -> (u16, u16) {
    min_size(dims.cols.saturating_mul(CELL) + 1, dims.rows, KEYS)
}

/// The first board of the game: the file's, or a random solvable one;
/// `fits` may refuse the board's shape before a random board is drawn.
pub fn first_game(
    start: &LightsOutStart,
    fits: impl Fn((u16, u16)) -> Result<(), Error>,
) -> Result<(LightsOutGame, Rng, Option<u64>), Error> {
    let seed = start.seed.unwrap_or_else(random::fresh_seed);
    let mut rng = random::rng(seed);
    if let Some(path) = &start.state {
        if path == "-" {
            return Err(Error::usage(
                "--play reads the keyboard on stdin: give --state a file, not -",
            ));
        }
        let game = LightsOutGame::parse(&Source::read(path)?, start.torus)?;
        return Ok((game, rng, None));
    }
    let Some(rows) = start.rows else {
        return Err(Error::usage(
            "give a board size (puzzles lightsout ROWS [COLS] --play) or --state FILE",
        ));
    };
    let dims = LightsOutGame::size(rows, start.cols.unwrap_or(rows))?;
    fits(needs(dims))?;
    let game = LightsOutGame::random(dims, start.torus, &mut rng);
    Ok((game, rng, Some(seed)))
}

/// Runs the game in the terminal: the classic one, or the game of `states`
/// and `pattern` when they are not the classic two states and cross.
pub fn play_lightsout(
    start: LightsOutStart,
    states: u32,
    pattern: Pattern,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    if states != 2 || !pattern.is_cross() {
        return super::lightsout_states::play_states(start, (states, pattern), ctx);
    }
    let (game, rng, seed) = first_game(&start, |min| super::check_terminal("--play", min))?;
    let mut screen = LightsOutScreen::new(game, rng, seed);
    super::run(&mut screen, "--play", ctx)
}
