//! What every game screen shares: the [`Screen`] trait, the quit and key helpers, and the common layout (title, framed board, message, keys).

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;
use std::time::Duration;

/// What the loop does after an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Keep playing.
    Continue,
    /// Leave the game.
    Quit,
}

/// A game or animation shown in the terminal.
pub trait Screen {
    /// The smallest terminal, `(columns, rows)`, that shows the whole board.
    fn min_size(&self) -> (u16, u16);
    /// Draws the whole screen into `frame` (remembering where the board went, for the mouse).
    fn draw(&mut self, frame: &mut Frame);
    /// Reacts to one key or mouse event.
    fn handle(&mut self, event: &Event) -> Flow;
    /// How long until the next [`Screen::tick`], or `None` to wait for input only.
    fn tick_in(&self) -> Option<Duration> {
        None
    }
    /// Advances an animation by one tick.
    fn tick(&mut self) {}
}

/// Whether `event` asks to leave: `q`, Esc, or Ctrl-C (which raw mode delivers as a key).
/// Whether `event` is Ctrl-C (in raw mode a key, not a signal): the game
/// ends as interrupted, status 130, as a signal would end it.
pub fn is_ctrl_c(event: &Event) -> bool {
    matches!(event, Event::Key(KeyEvent { code: KeyCode::Char('c'), modifiers, .. })
        if modifiers.contains(KeyModifiers::CONTROL))
}

pub fn is_quit(event: &Event) -> bool {
    match event {
        Event::Key(KeyEvent {
            code, modifiers, ..
        }) => {
            matches!(code, KeyCode::Char('q') | KeyCode::Char('Q') | KeyCode::Esc)
                || (*code == KeyCode::Char('c') && modifiers.contains(KeyModifiers::CONTROL))
        }
        _ => false,
    }
}

/// The key of a key press (repeats included, releases ignored).
pub fn pressed_key(event: &Event) -> Option<KeyCode> {
    match event {
        Event::Key(k) if k.kind != KeyEventKind::Release => Some(k.code),
        _ => None,
    }
}

/// Where the parts of a screen go: the title line, the framed board, the message and the keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The first line: what is played and the counters.
    pub title: Rect,
    /// The board with its frame.
    pub frame: Rect,
    /// The board inside its frame.
    pub board: Rect,
    /// What just happened.
    pub message: Rect,
    /// The keys.
    pub keys: Rect,
}

/// The lines a screen adds to its board: title, frame top and bottom, message, keys.
pub const EXTRA_ROWS: u16 = 5;

/// The smallest terminal for a board `width` × `height` characters (the keys line may be cut).
pub fn min_size(width: usize, height: usize) -> (u16, u16) {
    let clamp = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    (
        clamp(width.saturating_add(2)).max(24),
        clamp(height.saturating_add(EXTRA_ROWS as usize)),
    )
}

/// Lays a board of `width` × `height` characters out in `area`, top-left.
pub fn layout(area: Rect, width: u16, height: u16) -> Layout {
    let line = |y: u16| Rect::new(area.x, y, area.width, 1).intersection(area);
    let frame = Rect::new(area.x, area.y + 1, width + 2, height + 2).intersection(area);
    let board = Rect::new(frame.x + 1, frame.y + 1, width, height).intersection(area);
    Layout {
        title: line(area.y),
        frame,
        board,
        message: line(area.y + height + 3),
        keys: line(area.y + height + 4),
    }
}

/// Draws the common parts: the title, the frame, the message and the keys line.
/// Returns false (after saying so) when `frame` is smaller than `min`.
pub fn draw_chrome(
    frame: &mut Frame,
    min: (u16, u16),
    at: &Layout,
    title: &str,
    message: &str,
    keys: &str,
) -> bool {
    let area = frame.area();
    if area.width < min.0 || area.height < min.1 {
        let text = format!(
            "The terminal is {}×{}; this board needs {}×{}. Enlarge it, or press q.",
            area.width, area.height, min.0, min.1
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return false;
    }
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(
            title.to_string(),
            Style::new().add_modifier(Modifier::BOLD),
        ))),
        at.title,
    );
    frame.render_widget(Block::bordered(), at.frame);
    frame.render_widget(Paragraph::new(message.to_string()), at.message);
    frame.render_widget(
        Paragraph::new(Span::styled(
            keys.to_string(),
            Style::new().fg(Color::DarkGray),
        )),
        at.keys,
    );
    true
}

/// "1 press", "2 presses".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
