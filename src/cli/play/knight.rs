//! `puzzles knight --animate`: the knight's tour lab's animated search, squares numbered as placed and cleared as it backs up.

use super::{draw_chrome, min_size, pressed_key, Chrome, Flow, Screen};
use crate::cli::{Context, Exit, Failure};
use puzzles::control::Control;
use puzzles::grid::{Dims, Pos};
use puzzles::knight::{self, Impossible, Item, Knight, MoveOrder, StepAction, TourOutcome};
use puzzles::listing::Limit;
use puzzles::stream::Stream;
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

/// The animation on the screen: the library's search drawn step by step
/// (the knight's `steps` request, pulled one step at a time), and the board
/// as those steps left it.
pub struct KnightScreen {
    knight: Knight,
    order: MoveOrder,
    /// The search, until it ends.
    search: Option<Stream<knight::Knight>>,
    /// The number of each square (row-major), 0 when free.
    numbers: Vec<usize>,
    /// The squares placed, the start first.
    path: Vec<Pos>,
    /// Steps drawn so far.
    steps: u64,
    /// How the search ended, once it has.
    outcome: Option<Result<TourOutcome, String>>,
    delay_ms: u64,
    paused: bool,
}

impl KnightScreen {
    /// A screen for the search of `knight` in `order`, one step every `delay_ms`.
    pub fn new(knight: Knight, order: MoveOrder, delay_ms: u64) -> Self {
        let mut request = knight::Request::new(knight.dims());
        request.start = knight.start().to_string();
        request.closed = knight.closed();
        request.mode = knight::Mode::Steps {
            order,
            skip: 0,
            limit: Limit::NONE,
        };
        KnightScreen {
            knight,
            order,
            search: Some(Stream::start(request, Control::new())),
            numbers: vec![0; knight.dims().cells()],
            path: Vec::new(),
            steps: 0,
            outcome: None,
            delay_ms,
            paused: false,
        }
    }

    /// The number on square `p` (1 for the start), `None` when it is free.
    pub fn number(&self, p: Pos) -> Option<usize> {
        let n = self.numbers[self.knight.dims().index(p)];
        (n > 0).then_some(n)
    }

    /// The squares placed, the start first.
    #[cfg(test)]
    pub fn path(&self) -> &[Pos] {
        &self.path
    }

    /// Steps drawn so far.
    #[cfg(test)]
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// `None` while searching; `Some(true)` when a tour was found, `Some(false)` when there is none.
    #[cfg(test)]
    pub fn outcome(&self) -> Option<bool> {
        self.outcome
            .as_ref()
            .map(|o| matches!(o, Ok(TourOutcome::Tour)))
    }

    /// One step of the search, drawn on the board; the end of the search once it comes.
    pub fn step(&mut self) {
        let Some(search) = self.search.as_mut() else {
            return;
        };
        match search.next() {
            Some(Item::Step(step)) => {
                let at = self.knight.dims().index(step.square);
                self.steps = step.index;
                match step.action {
                    StepAction::Place => {
                        self.numbers[at] = step.number;
                        self.path.push(step.square);
                    }
                    StepAction::Clear => {
                        self.numbers[at] = 0;
                        self.path.pop();
                    }
                }
            }
            Some(Item::Tour(_)) => {}
            None => {
                let end = self.search.take().map(Stream::finish);
                self.outcome = Some(match end {
                    Some(Ok(knight::Answer::Steps(end))) => {
                        Ok(end.result.unwrap_or(TourOutcome::Interrupted))
                    }
                    Some(Err(e)) => Err(e.to_string()),
                    _ => Ok(TourOutcome::Interrupted),
                });
            }
        }
    }

    /// Width of a square: the widest number, at least 2 (the knight's tour lab's `%2d`).
    fn width(dims: Dims) -> usize {
        dims.cells().to_string().len().max(2)
    }

    fn board_size(&self) -> (usize, usize) {
        let d = self.knight.dims();
        (d.cols.saturating_mul(Self::width(d) + 1), d.rows)
    }

    fn message(&self) -> String {
        let k = &self.knight;
        let steps = self.steps;
        match &self.outcome {
            Some(Err(why)) => format!("The search failed: {why}. q: quit."),
            Some(Ok(TourOutcome::Interrupted | TourOutcome::GaveUp)) => {
                format!("Stopped after {steps} steps. q: quit.")
            }
            Some(Ok(TourOutcome::Tour)) => format!(
                "{} tour found after {steps} steps. q: quit.",
                if k.closed() { "A closed" } else { "A" }
            ),
            Some(Ok(TourOutcome::NoTour)) => format!(
                "No {}tour from {}: every path was tried ({steps} steps). q: quit.",
                if k.closed() { "closed " } else { "" },
                k.start()
            ),
            None if self.paused => "Paused.".to_string(),
            None => match k.impossible() {
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
        let k = self.knight;
        let d = k.dims();
        let (w, h) = self.board_size();
        let order = match self.order {
            MoveOrder::Plain => "plain",
            MoveOrder::Warnsdorff => "warnsdorff",
        };
        let title = format!(
            "Knight {}×{} from {}{} ({order}) · step {} · {}/{} placed · {} ms",
            d.rows,
            d.cols,
            k.start(),
            if k.closed() { ", closed" } else { "" },
            self.steps,
            self.path.len(),
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
        let latest = self.path.last().copied();
        let buf = frame.buffer_mut();
        let plain = Style::new();
        let grid = Style::new().fg(Color::DarkGray);
        let hot = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
        for p in d.positions() {
            let x = at.board.x + (p.col * (width + 1)) as u16;
            let y = at.board.y + p.row as u16;
            let text = match self.number(p) {
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
        (!self.paused && self.outcome.is_none()).then(|| Duration::from_millis(self.delay_ms))
    }

    fn tick(&mut self) {
        if self.delay_ms > 0 {
            self.step();
            return;
        }
        // No delay: as many steps as fit in a frame.
        let until = Instant::now() + FRAME;
        while self.outcome.is_none() && Instant::now() < until {
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
