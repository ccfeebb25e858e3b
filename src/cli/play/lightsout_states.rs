//! `puzzles lightsout --play --states K` (and `--pattern`): the game with K states, each cell coloured by its value, hints as press counts.

use super::lightsout::{board_action, Action, LightsOutStart, CELL};
use super::{draw_chrome, min_size, plural, Chrome, Flow, Screen};
use crate::cli::{Context, Exit, Failure};
use puzzles::grid::{Dims, Pos};
use puzzles::input::Source;
use puzzles::lightsout::{LightsOut, LightsOutGame, Pattern};
use puzzles::lightsout::{PressHint, StatesGame};
use puzzles::random::{self, Rng};
use puzzles::{Control, Error, GridPuzzle, NoItems};
use rand::RngCore;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::Frame;

/// The keys, as the screen lists them.
pub(super) const KEYS: &str =
    "click or arrows+space: press (adds 1) · s: hints · u: undo · r: new board · q: quit";

/// The colour of each nonzero state, in turn (state 0 is dark).
const COLOURS: [Color; 8] = [
    Color::Yellow,
    Color::Cyan,
    Color::Magenta,
    Color::Green,
    Color::LightRed,
    Color::LightBlue,
    Color::White,
    Color::LightGreen,
];

/// The K-state game on the screen.
pub struct StatesScreen {
    game: StatesGame,
    cursor: Pos,
    rng: Rng,
    seed: Option<u64>,
    message: String,
    /// Where the board was last drawn, for mouse clicks.
    pub(super) board: Rect,
}

/// The most states a screen shows, one symbol per cell: digits, then letters.
const MAX_SYMBOL_STATES: u32 = 36;

/// The symbol of a value: digits, then letters.
fn symbol(v: u8) -> char {
    char::from_digit(v as u32, MAX_SYMBOL_STATES).unwrap_or('?')
}

impl StatesScreen {
    /// A screen for `game`; `rng` draws the boards `r` asks for.
    pub fn new(game: StatesGame, rng: Rng, seed: Option<u64>) -> Self {
        let d = game.dims();
        StatesScreen {
            game,
            cursor: Pos::new(d.rows / 2, d.cols / 2),
            rng,
            seed,
            message: "Bring every cell to 0.".to_string(),
            board: Rect::default(),
        }
    }

    /// The game.
    #[cfg(test)]
    pub fn game(&self) -> &StatesGame {
        &self.game
    }

    fn press(&mut self, p: Pos) {
        if !self.game.press(p) {
            return;
        }
        self.cursor = p;
        self.message = if self.game.is_won() {
            format!(
                "Every cell at 0 in {}! r: new board, q: quit.",
                plural(self.game.presses(), "press", "presses")
            )
        } else {
            match self.game.marks() {
                Some(m) => {
                    let left: usize = m.cells().iter().map(|&v| v as usize).sum();
                    format!("{} left as marked.", plural(left, "press", "presses"))
                }
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
                "Press each cell as many times as its red count: {}{}.",
                plural(presses, "press", "presses"),
                if fewest { " (the fewest possible)" } else { "" }
            ),
            Ok(PressHint::Unsolvable) => {
                "No solution: this board cannot be brought to 0. r: new board.".to_string()
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

impl Screen for StatesScreen {
    fn min_size(&self) -> (u16, u16) {
        needs(self.game.dims())
    }

    fn draw(&mut self, frame: &mut Frame) {
        let d = self.game.dims();
        let clamp = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        let seed = self.seed.map(|s| format!(", seed {s}")).unwrap_or_default();
        let torus = if self.game.is_torus() { " torus" } else { "" };
        let title = format!(
            "Lights Out {}×{}{torus}, {} states, pattern {}{seed} · {}",
            d.rows,
            d.cols,
            self.game.states(),
            self.game.pattern().name(),
            plural(self.game.presses(), "press", "presses"),
        );
        let chrome = Chrome {
            title: &title,
            message: &self.message,
            keys: KEYS,
        };
        let board = (clamp(d.cols * CELL + 1), clamp(d.rows));
        let Some(at) = draw_chrome(frame, self.min_size(), board, &chrome) else {
            self.board = Rect::default();
            return;
        };
        self.board = at.board;
        let buf = frame.buffer_mut();
        for p in d.positions() {
            let value = self.game.lights()[p];
            let style = match value {
                0 => Style::new().fg(Color::DarkGray),
                v => Style::new()
                    .fg(Color::Black)
                    .bg(COLOURS[(v as usize - 1) % COLOURS.len()]),
            };
            let mut cell = [' ', if value == 0 { '·' } else { symbol(value) }, ' '];
            let mut styles = [style; 3];
            if let Some(m) = self.game.marks().map(|m| m[p]).filter(|&m| m != 0) {
                cell[2] = symbol(m);
                styles[2] = style.fg(Color::Red).add_modifier(Modifier::BOLD);
            }
            if p == self.cursor {
                cell[0] = '[';
                styles[0] = style.add_modifier(Modifier::BOLD);
                if cell[2] == ' ' {
                    cell[2] = ']';
                    styles[2] = styles[0];
                }
            }
            let x = at.board.x + (p.col * CELL + 1) as u16;
            let y = at.board.y + p.row as u16;
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
                self.message = match self.game.undo() {
                    true => "Press taken back.".to_string(),
                    false => "Nothing to undo.".to_string(),
                };
            }
            Some(Action::NewBoard) => self.new_board(),
            None => {}
        }
        Flow::Continue
    }
}

fn needs(dims: Dims) -> (u16, u16) {
    min_size(dims.cols.saturating_mul(CELL) + 1, dims.rows, KEYS)
}

/// The first board: the file's, or a random solvable one.
pub fn first_states_game(
    start: &LightsOutStart,
    (states, pattern): (u32, Pattern),
    fits: impl Fn((u16, u16)) -> Result<(), Error>,
) -> Result<(StatesGame, Rng, Option<u64>), Error> {
    if states > MAX_SYMBOL_STATES {
        return Err(Error::usage(format!(
            "--play shows one symbol per cell: at most {MAX_SYMBOL_STATES} states"
        )));
    }
    let seed = start.seed.unwrap_or_else(random::fresh_seed);
    let mut rng = random::rng(seed);
    if let Some(path) = &start.state {
        if path == "-" {
            return Err(Error::usage(
                "--play reads the keyboard on stdin: give --state a file, not -",
            ));
        };
        let game = StatesGame::parse(states, pattern, start.torus, &Source::read(path)?)?;
        fits(needs(game.dims()))?;
        return Ok((game, rng, None));
    }
    let Some(rows) = start.rows else {
        return Err(Error::usage(
            "give a board size (puzzles lightsout ROWS [COLS] --play) or --state FILE",
        ));
    };
    let dims = LightsOutGame::size(rows, start.cols.unwrap_or(rows))?;
    fits(needs(dims))?;
    let game = StatesGame::random(states, pattern, start.torus, dims, &mut rng)?;
    Ok((game, rng, Some(seed)))
}

/// Runs the K-state game in the terminal.
pub fn play_states(
    start: LightsOutStart,
    rules: (u32, Pattern),
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    let (game, rng, seed) =
        first_states_game(&start, rules, |min| super::check_terminal("--play", min))?;
    let mut screen = StatesScreen::new(game, rng, seed);
    super::run(&mut screen, "--play", ctx)
}
