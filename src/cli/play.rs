//! The terminal front end: `lightsout --play`, `revertigo --play`, `sudoku --play` and `knight --animate`.
//!
//! Each game is a [`Screen`]: it draws itself into a ratatui frame and turns
//! crossterm events into calls on a game model of the library
//! (`lightsout::game`, `revertigo::game`, `sudoku::game`, `knight::animate`), so that the
//! tests can draw it on ratatui's `TestBackend` and feed it events without a
//! terminal. [`run`] is the only code that touches the real terminal: it
//! refuses to start off a terminal or in one too small for the board, and a
//! guard puts the terminal back (raw mode off, main screen, no mouse capture,
//! cursor shown) however the game ends: a quit key, Ctrl-C (a key in raw
//! mode), an error, a panic, or SIGTERM (the signal handler sets the stop
//! flag, which the loop polls). A game whose terminal goes away (closed,
//! hung up) ends with status 129.

mod knight;
mod lightsout;
mod lightsout_states;
mod revertigo;
mod screen;
mod sudoku;
mod terminal;

#[cfg(test)]
mod tests;

pub use knight::animate_knight;
pub use lightsout::{play_lightsout, LightsOutStart};
pub use revertigo::play_revertigo;
pub use sudoku::play_sudoku;

pub use screen::{
    draw_chrome, is_ctrl_c, is_quit, min_size, plural, pressed_key, Chrome, Flow, Screen,
};
pub use terminal::{check_terminal, end_if_hung_up, restore, run};
