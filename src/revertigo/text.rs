//! Revertigo's reports as text: the activation map, the count of maps and the replayed walk; or a user's walk checked.

use super::{Answer, Item, MapListing, WalkCheck, WalkReport};
use crate::flaw::Flaw;
use crate::report::{Detail, Ending, Report, Text, Tone};

/// "1 move", "9 moves".
fn moves(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

impl Report for Answer {
    fn text(&self, detail: Detail) -> Text {
        match self {
            Answer::Solve(r) => r.text(detail),
            Answer::Check(r) => r.text(detail),
            Answer::Steps(r) => r.text(detail),
            Answer::List(_) | Answer::Stopped(_) => Text::new(),
        }
    }

    fn ending(&self) -> Ending {
        match self {
            Answer::Solve(r) => r.ending(),
            Answer::Check(r) => r.ending(),
            Answer::List(l) => l.ending(),
            Answer::Steps(r) => r.ending(),
            Answer::Stopped(_) => Ending::Interrupted,
        }
    }

    fn partial(&self) -> Option<String> {
        match self {
            Answer::List(l) => l.partial(),
            Answer::Stopped(_) => Some("interrupted before the activation maps were known".into()),
            _ => None,
        }
    }
}

impl Report for MapListing {
    /// The maps were printed as they came: nothing more to say.
    fn text(&self, _: Detail) -> Text {
        Text::new()
    }

    fn ending(&self) -> Ending {
        match self.stopped {
            Some(crate::Stop::Interrupted) => Ending::Interrupted,
            _ => Ending::Answered,
        }
    }

    fn partial(&self) -> Option<String> {
        crate::report::listing_note(self.listed, self.stopped)
    }
}

impl Report for Item {
    /// The heading and the map (not when quiet), or the step.
    fn text(&self, detail: Detail) -> Text {
        let (index, map, activated) = match self {
            Item::Map {
                index,
                map,
                activated,
            } => (index, map, activated),
            Item::Step(step) => return step.text(detail),
        };
        let mut text = Text::new();
        if detail == Detail::Quiet {
            text.line(format!("map {index} ({activated} activated)"));
            return text;
        }
        text.line(format!("map {index} ({activated} activated):"));
        map.iter().for_each(|row| {
            text.line(row);
        });
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

impl Report for WalkReport {
    /// Quiet leaves out the map and the walk's letters.
    fn text(&self, detail: Detail) -> Text {
        let (report, full) = (self, detail == Detail::Full);
        let mut text = Text::new();
        let seed = report
            .seed
            .map(|s| format!(" (random size, seed {s})"))
            .unwrap_or_default();
        text.line(format!("Revertigo {}×{}{seed}", report.rows, report.cols));
        if full {
            text.line("activation map (# landed on an odd number of times, _ even):");
            report.map.iter().for_each(|row| {
                text.line(row);
            });
        }
        text.line(format!(
            "maps: {} (nullity {}); this one activates {} cell(s)",
            report.solutions, report.nullity, report.activated
        ));
        if let Some(bound) = report.lower_bound {
            text.line(format!(
                "lower bound: {} (every activated cell of the lightest map is landed on)",
                moves(bound)
            ));
        }
        text.plain(format!("walk: {}", moves(report.moves)));
        if let Some(path) = &report.output {
            text.plain(format!(" written to {path}"));
        }
        text.plain(" (")
            .tone(Tone::Good, "replayed: every cell black")
            .plain(")");
        match (&report.walk, full) {
            (Some(walk), true) => {
                text.line(":").line(walk);
            }
            _ => {
                text.end_line();
            }
        }
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

impl Report for WalkCheck {
    /// Quiet leaves out the board and the map after the walk.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let dims = format!("{}×{}", self.rows, self.cols);
        if let Some(Flaw::NotAMove { .. } | Flaw::WalkOffBoard { .. }) = &self.checked.flaw {
            self.checked.line(&mut text, "");
            text.line(format!(
                "the walk replayed up to the move before ({}):",
                moves(self.moves)
            ));
        }
        if self.black {
            text.line(format!(
                "Revertigo {dims}: the walk of {} turns every cell black",
                moves(self.moves)
            ));
        } else {
            text.plain(format!("Revertigo {dims}: "))
                .tone(
                    Tone::Bad,
                    format!("{} cell(s) still white", self.white.len()),
                )
                .line(format!(" after the walk of {}", moves(self.moves)));
        }
        if detail == Detail::Full {
            text.line("board after the walk (# black, . white):");
            self.board.iter().for_each(|row| {
                text.line(row);
            });
            text.line("activation map of the walk (# odd, _ even):");
            self.map.iter().for_each(|row| {
                text.line(row);
            });
        }
        if !self.black {
            let cells: Vec<String> = self.white.iter().map(ToString::to_string).collect();
            text.line(format!("white cells: {}", cells.join(" ")));
        }
        text
    }

    fn ending(&self) -> Ending {
        match self.black {
            true => Ending::Answered,
            false => Ending::NoSolution,
        }
    }
}
