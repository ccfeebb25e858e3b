//! `puzzles knight --animate`: the knight's tour lab's animated search, squares numbered as placed and cleared as it backs up.

use super::{draw_chrome, min_size, pressed_key, Chrome, Flow, Screen};
use crate::cli::{Context, Exit, Failure};
use puzzles::grid::Dims;
use puzzles::knight::animate::{Animation, SearchStep};
use puzzles::knight::{self, Impossible, Knight, MoveOrder};
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::style::{Color, Modifier, Style};
use ratatui::Frame;
use std::time::{Duration, Instant};

/// The keys, as the screen lists them.
pub(super) const KEYS: &str = "space: pause · →/n: one step · +/-: faster/slower · q: quit";

/// With no delay, how long one tick may run steps before the screen is redrawn.
const FRAME: Duration = Duration::from_millis(30);

/// The longest delay `-` goes to.
const MAX_DELAY_MS: u64 = 5000;

/// The animation on the screen.
pub struct KnightScreen {
    anim: Animation,
    delay_ms: u64,
    paused: bool,
    /// The last event, to highlight the square it touched.
    last: Option<SearchStep>,
}

impl KnightScreen {
    /// A screen for the search of `knight` in `order`, one step every `delay_ms`.
    pub fn new(knight: Knight, order: MoveOrder, delay_ms: u64) -> Self {
        KnightScreen {
            anim: Animation::new(knight, order),
            delay_ms,
            paused: false,
            last: None,
        }
    }

    /// The search.
    #[cfg(test)]
    pub fn animation(&self) -> &Animation {
        &self.anim
    }

    /// One event of the search.
    pub fn step(&mut self) {
        if let Some(s) = self.anim.next() {
            self.last = Some(s);
        }
    }

    /// Width of a square: the widest number, at least 2 (the knight's tour lab's `%2d`).
    fn width(dims: Dims) -> usize {
        dims.cells().to_string().len().max(2)
    }

    fn board_size(&self) -> (usize, usize) {
        let d = self.anim.knight().dims();
        (d.cols.saturating_mul(Self::width(d) + 1), d.rows)
    }

    fn message(&self) -> String {
        let k = self.anim.knight();
        let steps = self.anim.steps();
        match self.anim.outcome() {
            Some(true) => format!(
                "{} tour found after {steps} steps. q: quit.",
                if k.closed() { "A closed" } else { "A" }
            ),
            Some(false) => format!(
                "No {}tour from {}: every path was tried ({steps} steps). q: quit.",
                if k.closed() { "closed " } else { "" },
                k.start()
            ),
            None if self.paused => "Paused.".to_string(),
            None => match knight::impossible(k) {
                // Said up front: the unpruned search may take very long to prove it.
                Some(why) => {
                    let by = match why {
                        Impossible::Schwenk => "Schwenk 1991",
                        Impossible::Conrad => "Conrad et al. 1994",
                        Impossible::Colour => "the colouring argument",
                        _ => "a theorem",
                    };
                    format!("No tour exists here ({by}); the search will try every path.")
                }
                None => String::new(),
            },
        }
    }
}

impl Screen for KnightScreen {
    fn min_size(&self) -> (u16, u16) {
        let (w, h) = self.board_size();
        min_size(w, h, KEYS)
    }

    fn draw(&mut self, frame: &mut Frame) {
        let k = *self.anim.knight();
        let d = k.dims();
        let (w, h) = self.board_size();
        let order = match self.anim.order() {
            MoveOrder::Plain => "plain",
            MoveOrder::Warnsdorff => "warnsdorff",
        };
        let title = format!(
            "Knight {}×{} from {}{} ({order}) · step {} · {}/{} placed · {} ms",
            d.rows,
            d.cols,
            k.start(),
            if k.closed() { ", closed" } else { "" },
            self.anim.steps(),
            self.anim.path().len(),
            d.cells(),
            self.delay_ms
        );
        let message = self.message();
        let chrome = Chrome {
            title: &title,
            message: &message,
            keys: KEYS,
        };
        let board = (w as u16, h as u16);
        let Some(at) = draw_chrome(frame, self.min_size(), board, &chrome) else {
            return;
        };
        let width = Self::width(d);
        let latest = self.anim.path().last().copied();
        let buf = frame.buffer_mut();
        let plain = Style::new();
        let grid = Style::new().fg(Color::DarkGray);
        let hot = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
        for p in d.positions() {
            let x = at.board.x + (p.col * (width + 1)) as u16;
            let y = at.board.y + p.row as u16;
            let text = match self.anim.number(p) {
                Some(n) => format!("{n:>width$}"),
                None => " ".repeat(width),
            };
            let style = if Some(p) == latest { hot } else { plain };
            buf.set_string(x, y, text, style);
            buf.set_string(x + width as u16, y, "|", grid);
        }
    }

    fn handle(&mut self, event: &Event) -> Flow {
        match pressed_key(event) {
            Some(KeyCode::Char(' ') | KeyCode::Char('p')) => self.paused = !self.paused,
            Some(KeyCode::Right | KeyCode::Char('n')) => {
                self.paused = true;
                self.step();
            }
            Some(KeyCode::Char('+') | KeyCode::Char('=')) => self.delay_ms /= 2,
            Some(KeyCode::Char('-')) => {
                self.delay_ms = (self.delay_ms.max(1) * 2).min(MAX_DELAY_MS);
            }
            _ => {}
        }
        Flow::Continue
    }

    fn tick_in(&self) -> Option<Duration> {
        (!self.paused && self.anim.outcome().is_none())
            .then(|| Duration::from_millis(self.delay_ms))
    }

    fn tick(&mut self) {
        if self.delay_ms > 0 {
            self.step();
            return;
        }
        // No delay: as many steps as fit in a frame.
        let until = Instant::now() + FRAME;
        while self.anim.outcome().is_none() && Instant::now() < until {
            for _ in 0..256 {
                self.step();
            }
        }
    }
}

/// Runs the animation in the terminal.
pub fn animate_knight(
    knight: Knight,
    order: MoveOrder,
    delay_ms: u64,
    ctx: &mut Context,
) -> Result<Exit, Failure> {
    let mut screen = KnightScreen::new(knight, order, delay_ms);
    super::run(&mut screen, "--animate", ctx)
}
