//! Lights Out's answers as text: the board, the presses marked, the press count and solution count, or the witness; listed solutions and nullity-table rows.
//!
//! The classic game (two states, the cross) shows lights as `#`/`.` and presses
//! as `X`; other variants show each cell's state as a symbol (digits, then
//! letters, numbers beyond 36 states); graphs name the vertices to press.

use super::answer::{
    Answer, Item, ListedPresses, NullityRow, NullityTable, PressListing, PressPattern, Pressed,
    Setup, Solution, SolutionCount,
};
use super::cells::Cells;
use super::values::MAX_SYMBOL_STATES;
use super::GraphRule;
use crate::report::{listing_note, Detail, Ending, Report, Text, Tone};
use crate::Stop;

/// "press count: N", with whether it is proven the fewest.
fn press_count(text: &mut Text, count: u64, minimal: Option<bool>) {
    let minimal = match minimal {
        Some(true) => " (the fewest: every solution was compared)",
        Some(false) => " (not proven the fewest: too many solutions to compare)",
        None => "",
    };
    text.line(format!("press count: {count}{minimal}"));
}

/// A board of counts as rows: with 2 states each pressed cell is marked (a
/// board of any size stays a few pieces); with more the counts speak for themselves.
fn count_rows(text: &mut Text, cells: &Cells, states: u8) {
    for row in cells.symbol_rows(states) {
        match states {
            2 => text.marked_row(&row, '1'),
            _ => text.line(row),
        };
    }
}

/// The title line: the board, its rules and its seed.
pub(super) fn title(setup: &Setup) -> String {
    match setup {
        Setup::Grid(g) => {
            let seed = g.seed.map(|s| format!(", seed {s}")).unwrap_or_default();
            let torus = if g.torus { " torus" } else { "" };
            match setup.is_classic_grid() {
                true => format!("Lights Out {}×{}{torus}{seed}", g.rows, g.cols),
                false => format!(
                    "Lights Out {}×{}{torus}, {} states, pattern {}{seed}",
                    g.rows, g.cols, g.states, g.pattern
                ),
            }
        }
        Setup::Graph(g) => {
            let game = match g.game {
                GraphRule::Sigma => "σ",
                GraphRule::SigmaPlus => "σ+",
            };
            format!(
                "Lights Out on a graph ({game}): {} vertices, {} edges, {} states",
                g.vertices, g.edges, g.states
            )
        }
    }
}

impl Report for Answer {
    fn text(&self, detail: Detail) -> Text {
        match self {
            Answer::Solve(s) => s.text(detail),
            Answer::Count(c) => c.text(detail),
            Answer::List(l) => l.text(detail),
            Answer::Table(t) => t.text(detail),
            Answer::Pattern(p) => p.text(detail),
            Answer::Check(c) => c.text(detail),
            Answer::Steps(s) => s.text(detail),
        }
    }

    fn ending(&self) -> Ending {
        match self {
            Answer::Solve(s) => s.ending(),
            Answer::Count(c) => c.ending(),
            Answer::List(l) => l.ending(),
            Answer::Table(t) => t.ending(),
            Answer::Pattern(p) => p.ending(),
            Answer::Check(c) => c.ending(),
            Answer::Steps(s) => s.ending(),
        }
    }

    fn partial(&self) -> Option<String> {
        match self {
            Answer::Solve(s) => s.partial(),
            Answer::List(l) => l.partial(),
            Answer::Table(t) => t.partial(),
            Answer::Count(_) | Answer::Pattern(_) | Answer::Check(_) | Answer::Steps(_) => None,
        }
    }
}

impl Report for Solution {
    /// Quiet (or presses written to a file) leaves out the boards: the
    /// states, the presses, the witness; quiet patterns asked for are shown either way.
    fn text(&self, detail: Detail) -> Text {
        let boards = detail == Detail::Full && self.output.is_none();
        let classic = self.setup.is_classic_grid();
        let states = self.setup.states();
        let mut text = Text::new();
        text.line(title(&self.setup));
        if let (Some(state), true) = (&self.state, boards) {
            let rows = match classic {
                true => state.marked_rows('#', '.'),
                false => state.symbol_rows(states),
            };
            rows.iter().for_each(|r| {
                text.line(r);
            });
        }
        // Written to a file, the presses are not in the report: its press count still is.
        match (self.solvable, self.press_count) {
            (true, Some(count)) => {
                match (&self.presses, boards) {
                    (Some(Pressed::Cells(p)), true) if classic => {
                        text.line("presses (X):");
                        p.marked_rows('X', '.').iter().for_each(|r| {
                            text.marked_row(r, 'X');
                        });
                    }
                    (Some(Pressed::Cells(p)), true) => {
                        text.line("presses (how many times each cell):");
                        count_rows(&mut text, p, states);
                    }
                    (Some(Pressed::Vertices(v)), true) => {
                        text.plain("press:");
                        for name in v {
                            text.plain(" ").tone(Tone::Mark, name);
                        }
                        text.end_line();
                    }
                    (None, _) | (_, false) => {}
                }
                press_count(&mut text, count, self.minimal);
                text.line(format!(
                    "solutions: {} (nullity {})",
                    self.solutions, self.nullity
                ));
            }
            _ => {
                text.tone(Tone::Bad, "no solution").end_line();
                self.witness_text(&mut text, boards);
            }
        }
        let orders = self.quiet_orders.iter().flatten();
        for (i, (pattern, order)) in self.quiet_patterns.iter().flatten().zip(orders).enumerate() {
            match classic {
                true => {
                    text.line(format!("quiet pattern {}:", i + 1));
                    pattern.marked_rows('Q', '.').iter().for_each(|r| {
                        text.line(r);
                    });
                }
                false => {
                    text.line(format!("quiet pattern {} (order {order}):", i + 1));
                    count_rows(&mut text, pattern, states);
                }
            }
        }
        if let Some(path) = &self.output {
            text.line(format!("presses written to {path}"));
        }
        text
    }

    fn ending(&self) -> Ending {
        match (self.interrupted, self.solvable) {
            (true, _) => Ending::Interrupted,
            (false, true) => Ending::Answered,
            (false, false) => Ending::NoSolution,
        }
    }

    fn partial(&self) -> Option<String> {
        self.interrupted
            .then(|| "interrupted: the press count is the fewest seen so far".into())
    }
}

impl Solution {
    /// What proves the board unsolvable: the classic parity test, the weights w, or the graph's witness.
    fn witness_text(&self, text: &mut Text, boards: bool) {
        let states = self.setup.states();
        match (&self.witness, &self.setup) {
            (Some(Pressed::Cells(w)), setup) if setup.is_classic_grid() => {
                if let Some(overlap) = self.overlap {
                    text.line(format!(
                        "parity test: the lights overlap this quiet pattern (nullity {}) an odd number of times ({overlap}):",
                        self.nullity,
                    ));
                    if boards {
                        w.marked_rows('Q', '.').iter().for_each(|r| {
                            text.line(r);
                        });
                    }
                }
            }
            (Some(Pressed::Cells(w)), _) => {
                text.line(format!(
                    "witness: these weights w satisfy w·M = 0 but w·state ≠ 0 (mod {states}) (nullity {}):",
                    self.nullity
                ));
                if boards {
                    w.symbol_rows(states).iter().for_each(|r| {
                        text.line(r);
                    });
                }
            }
            (Some(Pressed::Vertices(w)), _) if boards => {
                text.line(format!(
                    "witness (w·M = 0, w·state ≠ 0 mod {states}): {}",
                    w.join(" ")
                ));
            }
            _ => {}
        }
    }
}

impl Report for SolutionCount {
    /// The number alone.
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        text.line(&self.solutions);
        text
    }

    fn ending(&self) -> Ending {
        match self.solvable {
            true => Ending::Answered,
            false => Ending::NoSolution,
        }
    }
}

impl Report for PressListing {
    /// The solutions were printed as they came: only a board without any says so.
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        if !self.solvable {
            text.line("no solution");
        }
        text
    }

    fn ending(&self) -> Ending {
        match (self.stopped, self.solvable) {
            (Some(Stop::Interrupted), _) => Ending::Interrupted,
            (_, false) => Ending::NoSolution,
            _ => Ending::Answered,
        }
    }

    fn partial(&self) -> Option<String> {
        listing_note(self.listed, self.stopped)
    }
}

impl Report for NullityTable {
    /// The rows were printed as they came: nothing more to say.
    fn text(&self, _: Detail) -> Text {
        Text::new()
    }

    fn ending(&self) -> Ending {
        match self.stopped {
            Some(Stop::Interrupted) => Ending::Interrupted,
            _ => Ending::Answered,
        }
    }

    fn partial(&self) -> Option<String> {
        (self.stopped == Some(Stop::Interrupted)).then(|| {
            format!(
                "interrupted before n = {}: the table is partial",
                self.from as u64 + self.listed
            )
        })
    }
}

impl Report for Item {
    fn text(&self, detail: Detail) -> Text {
        match self {
            Item::Solution(s) => s.text(detail),
            Item::Size(r) => r.text(detail),
            Item::Step(s) => s.text(detail),
        }
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

impl Report for ListedPresses {
    /// The heading and the presses (not when quiet): `X` on an on/off board, else each count.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        if detail == Detail::Quiet {
            text.line(format!(
                "solution {} ({} presses)",
                self.index, self.press_count
            ));
            return text;
        }
        text.line(format!(
            "solution {} ({} presses):",
            self.index, self.press_count
        ));
        let rows = match self.presses.is_bits() {
            true => self.presses.marked_rows('X', '.'),
            false => self.presses.symbol_rows(self.symbol_states()),
        };
        rows.iter().for_each(|r| {
            text.line(r);
        });
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

impl ListedPresses {
    /// The states to write the counts with: symbols while every count has one.
    fn symbol_states(&self) -> u8 {
        let dims = self.presses.dims();
        let most = dims.positions().map(|p| self.presses.get(p)).max();
        match most {
            Some(v) if v >= MAX_SYMBOL_STATES => u8::MAX,
            _ => MAX_SYMBOL_STATES,
        }
    }
}

impl Report for NullityRow {
    /// `n nullity`.
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        text.line(format!("{} {}", self.rows, self.nullity));
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

/// A press pattern: its name, then its stencil a row a line.
impl Report for PressPattern {
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        let torus = if self.torus { ", on the torus" } else { "" };
        text.line(format!(
            "pattern {}: a press changes {} cells{torus}",
            self.pattern,
            self.offsets.len()
        ));
        for row in self.stencil.split('/') {
            text.line(row);
        }
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}
