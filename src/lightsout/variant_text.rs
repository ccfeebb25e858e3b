//! The answers of the K-state, other-pattern and graph games as text: the board, the press counts with the presses highlighted, the counts, or the witness.

use super::{GraphReport, StatesReport};
use crate::report::{Detail, Ending, Report, Text, Tone};

/// A row of press counts: with 2 states each pressed cell is marked (a
/// board of any size stays a few pieces); with more the counts speak for themselves.
fn press_row(text: &mut Text, row: &str, states: u8) {
    match states {
        2 => text.marked_row(row, '1'),
        _ => text.line(row),
    };
}

/// "press count: N", with whether it is proven the fewest.
fn press_count(text: &mut Text, count: u64, minimal: Option<bool>) {
    let minimal = match minimal {
        Some(true) => " (the fewest: every solution was compared)",
        Some(false) => " (not proven the fewest: too many solutions to compare)",
        None => "",
    };
    text.line(format!("press count: {count}{minimal}"));
}

fn ending(interrupted: bool, solvable: bool) -> Ending {
    match (interrupted, solvable) {
        (true, _) => Ending::Interrupted,
        (false, true) => Ending::Answered,
        (false, false) => Ending::NoSolution,
    }
}

impl Report for StatesReport {
    /// Quiet leaves out the boards (the states, the presses, the witness); the quiet patterns asked for are shown either way.
    fn text(&self, detail: Detail) -> Text {
        let boards = detail == Detail::Full;
        let mut text = Text::new();
        let seed = self.seed.map(|s| format!(", seed {s}")).unwrap_or_default();
        let torus = if self.torus { " torus" } else { "" };
        text.line(format!(
            "Lights Out {}×{}{torus}, {} states, pattern {}{seed}",
            self.rows, self.cols, self.states, self.pattern
        ));
        if boards {
            self.state.iter().for_each(|r| {
                text.line(r);
            });
        }
        match self.press_count {
            Some(count) => {
                if boards {
                    text.line("presses (how many times each cell):");
                    for row in self.presses.iter().flatten() {
                        press_row(&mut text, row, self.states);
                    }
                }
                press_count(&mut text, count, self.minimal);
                text.line(format!(
                    "solutions: {} (nullity {})",
                    self.solutions, self.nullity
                ));
            }
            None => {
                text.tone(Tone::Bad, "no solution").end_line();
                if let Some(w) = &self.witness {
                    text.line(format!(
                        "witness: these weights w satisfy w·M = 0 but w·state ≠ 0 (mod {}) (nullity {}):",
                        self.states, self.nullity
                    ));
                    if boards {
                        w.iter().for_each(|r| {
                            text.line(r);
                        });
                    }
                }
            }
        }
        for (i, pattern) in self.quiet_patterns.iter().flatten().enumerate() {
            let order = self
                .quiet_orders
                .as_ref()
                .and_then(|o| o.get(i))
                .map(|o| format!(" (order {o})"))
                .unwrap_or_default();
            text.line(format!("quiet pattern {}{order}:", i + 1));
            for row in pattern {
                press_row(&mut text, row, self.states);
            }
        }
        text
    }

    fn ending(&self) -> Ending {
        ending(self.interrupted, self.solvable)
    }
}

impl Report for GraphReport {
    /// The vertices to press are one line, left out (with the witness) in the quiet summary.
    fn text(&self, detail: Detail) -> Text {
        let full = detail == Detail::Full;
        let mut text = Text::new();
        let game = if self.game == "sigma" { "σ" } else { "σ+" };
        text.line(format!(
            "Lights Out on a graph ({game}): {} vertices, {} edges, {} states",
            self.vertices, self.edges, self.states
        ));
        match (&self.presses, self.press_count) {
            (Some(p), Some(count)) => {
                if full {
                    text.plain("press:");
                    for v in p {
                        text.plain(" ").tone(Tone::Mark, v);
                    }
                    text.end_line();
                }
                press_count(&mut text, count, self.minimal);
                text.line(format!(
                    "solutions: {} (nullity {})",
                    self.solutions, self.nullity
                ));
            }
            _ => {
                text.tone(Tone::Bad, "no solution").end_line();
                if let Some(w) = self.witness.as_ref().filter(|_| full) {
                    text.line(format!(
                        "witness (w·M = 0, w·state ≠ 0 mod {}): {}",
                        self.states,
                        w.join(" ")
                    ));
                }
            }
        }
        text
    }

    fn ending(&self) -> Ending {
        ending(self.interrupted, self.solvable)
    }
}
