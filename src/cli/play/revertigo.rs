//! `puzzles revertigo --play`: the Revertigo page's game in the terminal, the pawn moved with the arrow keys.

use super::{draw_chrome, min_size, plural, pressed_key, Chrome, Flow, Screen};
use crate::cli::{Context, Exit, Failure};
use puzzles::grid::Dims;
use puzzles::lightsout::LightsOut;
use puzzles::revertigo::Move;
use puzzles::revertigo::RevertigoGame;
use puzzles::{Control, GridPuzzle, NoItems};
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::style::{Color, Modifier, Style};
use ratatui::Frame;

/// Columns per cell: a gap, then three characters.
const CELL: usize = 4;

/// The keys, as the screen lists them.
pub(super) const KEYS: &str =
    "arrows: move · s: map of what remains · u: undo · r: restart · q: quit";

/// Longest walk written out in the win message.
const SHOWN_WALK: usize = 40;

/// The game on the screen.
pub struct RevertigoScreen {
    game: RevertigoGame,
    /// The seed of a random board size.
    seed: Option<u64>,
    message: String,
}

impl RevertigoScreen {
    /// A screen for a new game on `dims`.
    pub fn new(dims: Dims, seed: Option<u64>) -> Self {
        let game = RevertigoGame::new(dims);
        let message = if game.is_won() {
            "All black already: placing the pawn flipped the whole board."
        } else {
            "Turn every cell black: each landing flips the cell and its neighbours."
        };
        RevertigoScreen {
            game,
            seed,
            message: message.to_string(),
        }
    }

    /// The game.
    #[cfg(test)]
    pub fn game(&self) -> &RevertigoGame {
        &self.game
    }

    fn step(&mut self, m: Move) {
        if !self.game.step(m) {
            self.message = "The pawn is at the edge.".to_string();
            return;
        }
        self.message = if self.game.is_won() {
            let walk = self.game.walk();
            let walk = if walk.len() > SHOWN_WALK {
                format!("{}…", &walk[..SHOWN_WALK])
            } else {
                walk
            };
            format!(
                "All black in {}! {walk}",
                plural(self.game.moves(), "move", "moves")
            )
        } else {
            match self.game.marks() {
                Some(m) => format!(
                    "Land once more on the {} marked.",
                    plural(m.count_ones(), "cell", "cells")
                ),
                None => String::new(),
            }
        };
    }

    fn hint(&mut self) {
        if self.game.marks().is_some() {
            self.game.clear_marks();
            self.message = "Map hidden.".to_string();
            return;
        }
        let request = self.game.hint_request();
        let answer = LightsOut::answer(&request, &Control::new(), &mut NoItems);
        self.message = match answer.and_then(|a| self.game.show_hint(&a)) {
            Ok(0) => "Nothing remains: the board is black.".to_string(),
            Ok(n) => format!(
                "What remains: land an odd number of times on the {} marked ●.",
                plural(n, "cell", "cells")
            ),
            Err(e) => e.to_string(),
        };
    }
}

impl Screen for RevertigoScreen {
    fn min_size(&self) -> (u16, u16) {
        let d = self.game.dims();
        min_size(d.cols.saturating_mul(CELL) + 1, d.rows, KEYS)
    }

    fn draw(&mut self, frame: &mut Frame) {
        let d = self.game.dims();
        let seed = self
            .seed
            .map(|s| format!(" (random size, seed {s})"))
            .unwrap_or_default();
        let white = d.cells() - self.game.black().count_ones();
        let title = format!(
            "Revertigo {}×{}{seed} · {} · {} white",
            d.rows,
            d.cols,
            plural(self.game.moves(), "move", "moves"),
            white
        );
        let chrome = Chrome {
            title: &title,
            message: &self.message,
            keys: KEYS,
        };
        let board = ((d.cols * CELL + 1) as u16, d.rows as u16);
        let Some(at) = draw_chrome(frame, self.min_size(), board, &chrome) else {
            return;
        };
        let buf = frame.buffer_mut();
        let white_style = Style::new().fg(Color::White);
        let black_style = Style::new().fg(Color::DarkGray);
        for p in d.positions() {
            let black = self.game.black().get(p);
            let marked = self.game.marks().is_some_and(|m| m.get(p));
            let x = at.board.x + (p.col * CELL + 1) as u16;
            let y = at.board.y + p.row as u16;
            let (fill, style) = if black {
                ('·', black_style)
            } else {
                ('█', white_style)
            };
            let edge = if black { ' ' } else { fill };
            let mut cell = [edge, fill, edge];
            let mut styles = [style; 3];
            let mark = Style::new().fg(Color::Red).add_modifier(Modifier::BOLD);
            let mark = if black { mark } else { mark.bg(Color::White) };
            if p == self.game.pawn() {
                cell[1] = '@';
                styles[1] = Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD);
                if !black {
                    styles[1] = styles[1].bg(Color::White);
                }
                if marked {
                    cell[0] = '●';
                    styles[0] = mark;
                }
            } else if marked {
                cell[1] = '●';
                styles[1] = mark;
            }
            for (i, (ch, st)) in cell.iter().zip(styles).enumerate() {
                buf.set_string(x + i as u16, y, ch.to_string(), st);
            }
        }
    }

    fn handle(&mut self, event: &Event) -> Flow {
        match pressed_key(event) {
            Some(KeyCode::Up) => self.step(Move::N),
            Some(KeyCode::Down) => self.step(Move::S),
            Some(KeyCode::Left) => self.step(Move::W),
            Some(KeyCode::Right) => self.step(Move::E),
            Some(KeyCode::Char('s' | 'S')) => self.hint(),
            Some(KeyCode::Char('u' | 'U')) => {
                self.message = if self.game.undo() {
                    "Move taken back.".to_string()
                } else {
                    "Nothing to undo.".to_string()
                };
            }
            Some(KeyCode::Char('r' | 'R')) => {
                self.game = RevertigoGame::new(self.game.dims());
                self.message = "Back to the start.".to_string();
            }
            _ => {}
        };
        Flow::Continue
    }
}

/// Runs the game in the terminal on a board of shape `dims`.
pub fn play_revertigo(dims: Dims, seed: Option<u64>, ctx: &mut Context) -> Result<Exit, Failure> {
    let mut screen = RevertigoScreen::new(dims, seed);
    super::run(&mut screen, "--play", ctx)
}
