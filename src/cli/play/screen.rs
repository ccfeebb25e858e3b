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

/// The words around a board: the title, the message under it and the keys,
/// each wrapped to the terminal's width (so an 80-column terminal shows them whole).
#[derive(Debug, Clone, Copy)]
pub struct Chrome<'a> {
    /// What is played and the counters.
    pub title: &'a str,
    /// What just happened.
    pub message: &'a str,
    /// The keys, items parted by ` · `.
    pub keys: &'a str,
}

/// Where the parts of a screen go: the title, the framed board, the message and the keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The title's lines: what is played and the counters.
    pub title: Rect,
    /// The board with its frame.
    pub frame: Rect,
    /// The board inside its frame.
    pub board: Rect,
    /// What just happened.
    pub message: Rect,
    /// The keys.
    pub keys: Rect,
    /// The rows the whole screen takes at this width.
    pub rows: u16,
}

/// The separator of the items of a title or a keys line, where they wrap first.
const ITEM: &str = " · ";

/// `text` in lines of at most `width` characters: whole ` · ` items where they
/// fit, an item too long for a line broken between words (and a word too
/// long for a line cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in text.split(ITEM).filter(|i| !i.is_empty()) {
        let joined = line.chars().count() + ITEM.chars().count() + item.chars().count();
        if !line.is_empty() && joined <= width {
            line.push_str(ITEM);
            line.push_str(item);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for word in item.split(' ') {
            let len = line.chars().count();
            if len > 0 && len + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            while line.chars().count() > width {
                let rest: String = line.chars().skip(width).collect();
                lines.push(line.chars().take(width).collect());
                line = rest;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The width the keys are assumed to wrap to before the terminal's is known.
const USUAL_COLUMNS: u16 = 80;

/// The smallest terminal for a board `width` × `height` characters with
/// `keys` under it: as wide as the framed board (24 columns at least), as
/// high as the board with a one-line title and message and the keys wrapped
/// to 80 columns or the board's width. A narrower terminal may need more
/// rows for the words: [`draw_chrome`] says so.
pub fn min_size(width: usize, height: usize, keys: &str) -> (u16, u16) {
    let clamp = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    let columns = clamp(width.saturating_add(2)).max(24);
    let key_rows = wrap(keys, columns.max(USUAL_COLUMNS) as usize).len();
    (
        columns,
        clamp(height.saturating_add(4).saturating_add(key_rows)),
    )
}

/// Lays a board of `width` × `height` characters out in `area`, top-left,
/// with the `chrome`'s words wrapped to the area's width.
fn layout(area: Rect, width: u16, height: u16, chrome: &Chrome) -> Layout {
    let rows = |text: &str| wrap(text, area.width as usize).len().max(1) as u16;
    let (title_rows, message_rows) = (rows(chrome.title), rows(chrome.message));
    let key_rows = wrap(chrome.keys, area.width as usize).len() as u16;
    let lines = |y: u16, n: u16| Rect::new(area.x, y, area.width, n).intersection(area);
    let frame = Rect::new(area.x, area.y + title_rows, width + 2, height + 2).intersection(area);
    let board = Rect::new(frame.x + 1, frame.y + 1, width, height).intersection(area);
    let message_y = area.y + title_rows + height + 2;
    Layout {
        title: lines(area.y, title_rows),
        frame,
        board,
        message: lines(message_y, message_rows),
        keys: lines(message_y + message_rows, key_rows),
        rows: title_rows + height + 2 + message_rows + key_rows,
    }
}

/// Lays out a board of `board` (width, height) characters and draws the
/// common parts: the title, the frame, the message and the keys. Returns where
/// they went, or nothing (after saying so) when the terminal is smaller than
/// `min` or than the board and its words need.
pub fn draw_chrome(
    frame: &mut Frame,
    min: (u16, u16),
    board: (u16, u16),
    chrome: &Chrome,
) -> Option<Layout> {
    let area = frame.area();
    let at = layout(area, board.0, board.1, chrome);
    // At this width or more, the words may take more rows than `min` counts.
    let needs = match area.width < min.0 {
        true => min,
        false => (min.0, min.1.max(at.rows)),
    };
    if area.width < needs.0 || area.height < needs.1 {
        let text = format!(
            "The terminal is {}×{}; this board needs {}×{}. Enlarge it, or press q.",
            area.width, area.height, needs.0, needs.1
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return None;
    }
    let lines = |text: &str, style: Style| -> Vec<Line<'static>> {
        wrap(text, area.width as usize)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, style)))
            .collect()
    };
    let bold = Style::new().add_modifier(Modifier::BOLD);
    frame.render_widget(Paragraph::new(lines(chrome.title, bold)), at.title);
    frame.render_widget(Block::bordered(), at.frame);
    frame.render_widget(
        Paragraph::new(lines(chrome.message, Style::new())),
        at.message,
    );
    let grey = Style::new().fg(Color::DarkGray);
    frame.render_widget(Paragraph::new(lines(chrome.keys, grey)), at.keys);
    Some(at)
}

/// "1 press", "2 presses".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
