//! The classic Lights Out answer as text: the board, the presses marked, the press count and solution count, or the parity witness.

use super::Answer;
use crate::puzzle::GridPuzzle;
use crate::report::{Detail, Ending, Report, Text, Tone};

impl Report for Answer {
    /// Quiet leaves out the boards (the state, the presses, the witness).
    fn text(&self, detail: Detail) -> Text {
        let (report, boards) = (&self.report, detail == Detail::Full);
        let mut text = Text::new();
        let seed = report
            .seed
            .map(|s| format!(", seed {s}"))
            .unwrap_or_default();
        let torus = if report.torus { " torus" } else { "" };
        text.line(format!(
            "Lights Out {}×{}{torus}{seed}",
            report.rows, report.cols
        ));
        if boards {
            text.block(self.solver.render_text(None));
        }
        match &self.presses {
            Some(p) => {
                if boards {
                    text.line("presses (X):");
                    for row in p.row_strings('X', '.') {
                        text.marked_row(&row, 'X');
                    }
                }
                let minimal = match report.minimal {
                    Some(true) => " (the fewest: every solution was compared)",
                    Some(false) => " (not proven the fewest: too many solutions to compare)",
                    None => "",
                };
                text.line(format!("press count: {}{minimal}", p.count_ones()));
                text.line(format!(
                    "solutions: {} (nullity {})",
                    report.solutions, report.nullity
                ));
            }
            None => {
                text.tone(Tone::Bad, "no solution").end_line();
                let witness = &self.solver.analysis().witness;
                if let (Some(w), Some(overlap)) = (witness, report.overlap) {
                    text.line(format!(
                        "parity test: the lights overlap this quiet pattern (nullity {}) an odd number of times ({overlap}):",
                        report.nullity,
                    ));
                    if boards {
                        w.row_strings('Q', '.').iter().for_each(|r| {
                            text.line(r);
                        });
                    }
                }
            }
        }
        for (i, pattern) in report.quiet_patterns.iter().flatten().enumerate() {
            text.line(format!("quiet pattern {}:", i + 1));
            for row in pattern {
                text.line(row.replace('1', "Q").replace('0', "."));
            }
        }
        text
    }

    fn ending(&self) -> Ending {
        match &self.report {
            r if r.interrupted => Ending::Interrupted,
            r if r.solvable => Ending::Answered,
            _ => Ending::NoSolution,
        }
    }
}
