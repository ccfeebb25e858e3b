//! `puzzles lightsout --play`: one terminal screen for the Lights Out games, and the lab's classic game on it with its red hint dots (K states: `lightsout_states`).

use super::{draw_chrome, min_size, plural, pressed_key, Chrome, Flow, Screen};
use crate::cli::{Context, Exit, Failure};
use puzzles::grid::{Dims, Pos};
use puzzles::input::Source;
use puzzles::lightsout::{Answer, LightsOut, Pattern, Request};
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

/// The methods of [`LightsGame`] that the library's games have under the
/// same names: the screen asks them of `$game` as they are.
macro_rules! the_game_s_own_methods {
    ($game:ty) => {
        fn dims(&self) -> Dims {
            <$game>::dims(self)
        }
        fn is_torus(&self) -> bool {
            <$game>::is_torus(self)
        }
        fn press(&mut self, p: Pos) -> bool {
            <$game>::press(self, p)
        }
        fn undo(&mut self) -> bool {
            <$game>::undo(self)
        }
        fn presses(&self) -> usize {
            <$game>::presses(self)
        }
        fn is_won(&self) -> bool {
            <$game>::is_won(self)
        }
        fn has_marks(&self) -> bool {
            self.marks().is_some()
        }
        fn clear_marks(&mut self) {
            <$game>::clear_marks(self)
        }
        fn hint_request(&self) -> Request {
            <$game>::hint_request(self)
        }
        fn show_hint(&mut self, answer: &Answer) -> Result<PressHint, Error> {
            <$game>::show_hint(self, answer)
        }
        fn redraw(&self, rng: &mut Rng) -> Self {
            <$game>::redraw(self, rng)
        }
    };
}
pub(super) use the_game_s_own_methods;

/// A Lights Out game as the screen plays it: the classic one (this file)
/// or the game of K states (`lightsout_states`). The screen is one; what
/// differs is said here: the words, the title and how a cell looks.
pub(super) trait LightsGame: Sized {
    /// The keys, as the screen lists them.
    const KEYS: &'static str;
    /// The goal, the first message.
    const GOAL: &'static str;
    /// What is said when the board is won, before the presses it took.
    const WON: &'static str;
    /// What is said when the hint finds no solution.
    const UNSOLVABLE: &'static str;
    /// The rules, as the title says them after the board's shape (empty: the classic game's).
    fn rules(&self) -> String;
    /// What the title says after the presses (empty: nothing).
    fn tally(&self) -> String;
    /// Whether presses wrap around the edges.
    fn is_torus(&self) -> bool;
    /// The three characters of cell `p` and their styles (`cursor`: under the cursor).
    fn cell(&self, p: Pos, cursor: bool) -> [(char, Style); 3];
    /// What the hint asks, `presses` in all.
    fn hint_shown(presses: usize) -> String;
    /// What the marks still ask after a press (`None`: no marks shown).
    fn marks_left(&self) -> Option<String>;
    /// The board's shape.
    fn dims(&self) -> Dims;
    /// Presses `p`; false when it is not on the board.
    fn press(&mut self, p: Pos) -> bool;
    /// Takes back the last press; false when there is none.
    fn undo(&mut self) -> bool;
    /// The presses made.
    fn presses(&self) -> usize;
    /// Whether the board is won.
    fn is_won(&self) -> bool;
    /// Whether the hint's marks are shown.
    fn has_marks(&self) -> bool;
    /// Hides the hint's marks.
    fn clear_marks(&mut self);
    /// The request whose answer is the hint.
    fn hint_request(&self) -> Request;
    /// Shows the hint `answer` gives.
    fn show_hint(&mut self, answer: &Answer) -> Result<PressHint, Error>;
    /// A new random board of the same rules.
    fn redraw(&self, rng: &mut Rng) -> Self;
}

/// A Lights Out game on the screen.
pub struct LightsScreen<G> {
    game: G,
    cursor: Pos,
    rng: Rng,
    /// The seed of the board, when it was random.
    seed: Option<u64>,
    message: String,
    /// Where the board was last drawn (cells start here), for mouse clicks.
    pub(super) board: Rect,
}

/// The classic game on the screen.
pub type LightsOutScreen = LightsScreen<LightsOutGame>;

impl<G: LightsGame> LightsScreen<G> {
    /// A screen for `game`; `rng` draws the boards `r` asks for.
    pub fn new(game: G, rng: Rng, seed: Option<u64>) -> Self {
        let dims = game.dims();
        LightsScreen {
            game,
            cursor: Pos::new(dims.rows / 2, dims.cols / 2),
            rng,
            seed,
            message: G::GOAL.to_string(),
            board: Rect::default(),
        }
    }

    /// The game.
    #[cfg(test)]
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The cell under the cursor.
    #[cfg(test)]
    pub fn cursor(&self) -> Pos {
        self.cursor
    }

    fn press(&mut self, p: Pos) {
        if !self.game.press(p) {
            return;
        }
        self.cursor = p;
        self.message = if self.game.is_won() {
            format!(
                "{} in {}! r: new board, q: quit.",
                G::WON,
                plural(self.game.presses(), "press", "presses")
            )
        } else {
            self.game.marks_left().unwrap_or_default()
        };
    }

    fn hint(&mut self) {
        if self.game.has_marks() {
            self.game.clear_marks();
            self.message = "Hints hidden.".to_string();
            return;
        }
        let request = self.game.hint_request();
        let answer = LightsOut::answer(&request, &Control::new(), &mut NoItems);
        self.message = match answer.and_then(|a| self.game.show_hint(&a)) {
            Ok(PressHint::Shown { presses, fewest }) => format!(
                "{}{}.",
                G::hint_shown(presses),
                if fewest { " (the fewest possible)" } else { "" }
            ),
            Ok(PressHint::Unsolvable) => G::UNSOLVABLE.to_string(),
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

impl<G: LightsGame> Screen for LightsScreen<G> {
    fn min_size(&self) -> (u16, u16) {
        needs::<G>(self.game.dims())
    }

    fn draw(&mut self, frame: &mut Frame) {
        let d = self.game.dims();
        let clamp = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        let seed = self.seed.map(|s| format!(", seed {s}")).unwrap_or_default();
        let torus = if self.game.is_torus() { " torus" } else { "" };
        let title = format!(
            "Lights Out {}×{}{torus}{}{seed} · {}{}",
            d.rows,
            d.cols,
            self.game.rules(),
            plural(self.game.presses(), "press", "presses"),
            self.game.tally(),
        );
        let chrome = Chrome {
            title: &title,
            message: &self.message,
            keys: G::KEYS,
        };
        let board = (clamp(d.cols * CELL + 1), clamp(d.rows));
        let Some(at) = draw_chrome(frame, self.min_size(), board, &chrome) else {
            // No board on the screen: no click may press a cell.
            self.board = Rect::default();
            return;
        };
        self.board = at.board;
        let buf = frame.buffer_mut();
        for p in d.positions() {
            let x = at.board.x + (p.col * CELL + 1) as u16;
            let y = at.board.y + p.row as u16;
            for (i, (ch, st)) in self.game.cell(p, p == self.cursor).iter().enumerate() {
                buf.set_string(x + i as u16, y, ch.to_string(), *st);
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

/// The classic game: lights on or off, the hint's presses as red dots.
impl LightsGame for LightsOutGame {
    const KEYS: &'static str =
        "click or arrows+space: press · s: hints · u: undo · r: new board · q: quit";
    const GOAL: &'static str = "Switch every light off.";
    const WON: &'static str = "All lights off";
    const UNSOLVABLE: &'static str =
        "No solution: this board cannot be switched off (parity test). r: new board.";

    fn rules(&self) -> String {
        String::new()
    }

    fn tally(&self) -> String {
        let lit = self.lights().count_ones();
        format!(" · {} on", plural(lit, "light", "lights"))
    }

    fn cell(&self, p: Pos, cursor: bool) -> [(char, Style); 3] {
        let on = self.lights().get(p);
        let (fill, style) = if on {
            ('█', Style::new().fg(Color::Yellow))
        } else {
            ('·', Style::new().fg(Color::DarkGray))
        };
        let edge = if on { fill } else { ' ' };
        let mut cell = [(edge, style), (fill, style), (edge, style)];
        if self.marks().is_some_and(|m| m.get(p)) {
            let dot = Style::new().fg(Color::Red).add_modifier(Modifier::BOLD);
            cell[1] = ('●', if on { dot.bg(Color::Yellow) } else { dot });
        }
        if cursor {
            let bracket = Style::new().add_modifier(Modifier::BOLD);
            let bracket = if on {
                bracket.fg(Color::Black).bg(Color::Yellow)
            } else {
                bracket.fg(Color::White)
            };
            cell[0] = ('[', bracket);
            cell[2] = (']', bracket);
        }
        cell
    }

    fn hint_shown(presses: usize) -> String {
        format!("Press the {} marked ●", plural(presses, "cell", "cells"))
    }

    fn marks_left(&self) -> Option<String> {
        self.marks().map(|m| match m.count_ones() {
            0 => "The marks are gone.".to_string(),
            n => format!("Press the {} marked to finish.", plural(n, "cell", "cells")),
        })
    }

    the_game_s_own_methods!(LightsOutGame);
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

/// The smallest terminal for a board of shape `dims` of the game `G`.
pub(super) fn needs<G: LightsGame>(dims: Dims) -> (u16, u16) {
    min_size(dims.cols.saturating_mul(CELL) + 1, dims.rows, G::KEYS)
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
    fits(needs::<LightsOutGame>(dims))?;
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
