//! A Sudoku answer as text: the heading, the solved grid, then the verdict (unique, multiple, no solution with the clash) or the count.

use super::Report;
use crate::report::{self, Detail, Ending, Text, Tone};

impl report::Report for Report {
    /// Quiet gives the solution on one line instead of a block.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let (side, [r, c]) = (self.size, self.box_shape);
        text.line(format!(
            "Sudoku {side}×{side} (boxes {r}×{c}), {} clues",
            self.clues
        ));
        if let Some(clash) = &self.clash_text {
            text.tone(Tone::Bad, "no solution")
                .line(format!(": the clues clash: {clash}"));
            return text;
        }
        if let Some(solved) = &self.grid {
            match detail {
                Detail::Quiet => text.line(solved.to_line()),
                Detail::Full => text.block(solved.to_block()),
            };
        }
        if let Some(count) = self.count {
            text.plain(format!("count: {count}"));
            match (self.complete, self.interrupted) {
                (_, true) => text
                    .plain(" (")
                    .tone(Tone::Partial, "interrupted")
                    .plain(")"),
                (Some(false), _) => text
                    .plain(" (")
                    .tone(Tone::Partial, "stopped at the limit")
                    .plain(")"),
                _ => &mut text,
            };
            text.end_line();
            return text;
        }
        let (tone, verdict) = match (&self.solution, self.unique) {
            (None, _) if self.interrupted => (Tone::Partial, "interrupted"),
            (None, _) => (Tone::Bad, "no solution"),
            (Some(_), Some(true)) => (Tone::Good, "unique"),
            (Some(_), Some(false)) => (Tone::Good, "multiple"),
            (Some(_), None) => (Tone::Partial, "interrupted before uniqueness was decided"),
        };
        text.tone(tone, verdict).end_line();
        text
    }

    fn ending(&self) -> Ending {
        if self.interrupted {
            Ending::Interrupted
        } else if self.solution.is_none() {
            Ending::NoSolution
        } else {
            Ending::Answered
        }
    }
}
