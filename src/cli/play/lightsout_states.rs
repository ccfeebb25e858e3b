//! `puzzles lightsout --play --states K` (and `--pattern`): the game with K states, each cell coloured by its value, hints as press counts.

use super::lightsout::{needs, the_game_s_own_methods, LightsGame, LightsOutStart, LightsScreen};
use super::plural;
use crate::cli::{Context, Exit, Failure};
use puzzles::grid::{Dims, Pos};
use puzzles::input::Source;
use puzzles::lightsout::{Answer, LightsOutGame, Pattern, Request};
use puzzles::lightsout::{PressHint, StatesGame};
use puzzles::random::{self, Rng};
use puzzles::Error;
use ratatui::style::{Color, Modifier, Style};

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
pub type StatesScreen = LightsScreen<StatesGame>;

/// The most states a screen shows, one symbol per cell: digits, then letters.
const MAX_SYMBOL_STATES: u32 = 36;

/// The symbol of a value: digits, then letters.
fn symbol(v: u8) -> char {
    char::from_digit(v as u32, MAX_SYMBOL_STATES).unwrap_or('?')
}

/// The game of K states: each cell coloured by its value, the hint's
/// presses as red counts.
impl LightsGame for StatesGame {
    const KEYS: &'static str =
        "click or arrows+space: press (adds 1) · s: hints · u: undo · r: new board · q: quit";
    const GOAL: &'static str = "Bring every cell to 0.";
    const WON: &'static str = "Every cell at 0";
    const UNSOLVABLE: &'static str =
        "No solution: this board cannot be brought to 0. r: new board.";

    fn rules(&self) -> String {
        format!(
            ", {} states, pattern {}",
            self.states(),
            self.pattern().name()
        )
    }

    fn tally(&self) -> String {
        String::new()
    }

    fn cell(&self, p: Pos, cursor: bool) -> [(char, Style); 3] {
        let value = self.lights()[p];
        let style = match value {
            0 => Style::new().fg(Color::DarkGray),
            v => Style::new()
                .fg(Color::Black)
                .bg(COLOURS[(v as usize - 1) % COLOURS.len()]),
        };
        let fill = if value == 0 { '·' } else { symbol(value) };
        let mut cell = [(' ', style), (fill, style), (' ', style)];
        if let Some(m) = self.marks().map(|m| m[p]).filter(|&m| m != 0) {
            cell[2] = (symbol(m), style.fg(Color::Red).add_modifier(Modifier::BOLD));
        }
        if cursor {
            let bold = style.add_modifier(Modifier::BOLD);
            cell[0] = ('[', bold);
            if cell[2].0 == ' ' {
                cell[2] = (']', bold);
            }
        }
        cell
    }

    fn hint_shown(presses: usize) -> String {
        format!(
            "Press each cell as many times as its red count: {}",
            plural(presses, "press", "presses")
        )
    }

    fn marks_left(&self) -> Option<String> {
        self.marks().map(|m| {
            let left: usize = m.cells().iter().map(|&v| v as usize).sum();
            format!("{} left as marked.", plural(left, "press", "presses"))
        })
    }

    the_game_s_own_methods!(StatesGame);
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
        fits(needs::<StatesGame>(game.dims()))?;
        return Ok((game, rng, None));
    }
    let Some(rows) = start.rows else {
        return Err(Error::usage(
            "give a board size (puzzles lightsout ROWS [COLS] --play) or --state FILE",
        ));
    };
    let dims = LightsOutGame::size(rows, start.cols.unwrap_or(rows))?;
    fits(needs::<StatesGame>(dims))?;
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
