//! Sudoku's answers as text: a grid's heading, its solved grid, then the verdict (unique, multiple, no solution with the clash) or the count; listings, batches and made puzzles one line each.

use super::answer::{
    Answer, AnswerLines, BadLine, BatchEnd, GridListing, Item, ListedGrid, RatedGrid,
};
use super::{GridReport, MadePuzzle, Shape, Sudoku};
use crate::control::Stop;
use crate::report::{Detail, Ending, Report, Text, Tone};

impl Report for GridReport {
    /// Quiet gives the solution on one line instead of a block.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let (side, [r, c]) = (self.size, self.box_shape);
        text.line(format!(
            "Sudoku {side}×{side} (boxes {r}×{c}), {} clue{}",
            self.clues,
            if self.clues == 1 { "" } else { "s" }
        ));
        if let (Some(clash), Some(digit)) = (self.clash, self.clash_digit) {
            text.tone(Tone::Bad, "no solution").line(format!(
                ": the clues clash: {}",
                super::describe_clash(clash, digit)
            ));
            return text;
        }
        if let Some(solved) = &self.solution {
            match detail {
                Detail::Quiet => text.line(solved),
                Detail::Full => {
                    let grid =
                        Shape::new(r, c).and_then(|shape| Sudoku::from_text(solved, Some(shape)));
                    match grid {
                        Ok(grid) => text.block(grid.to_block()),
                        Err(_) => text.line(solved),
                    }
                }
            };
        }
        if let Some(count) = &self.count {
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

impl Report for Answer {
    fn text(&self, detail: Detail) -> Text {
        match self {
            Answer::Solve(r) | Answer::Count(r) => r.text(detail),
            Answer::List(l) => l.text(detail),
            Answer::Explain(e) => e.text(detail),
            Answer::Hint(h) => h.text(detail),
            Answer::Rate(r) => r.rated.text(detail),
            Answer::Candidates(c) => c.text(detail),
            Answer::Check(c) => c.text(detail),
            Answer::Steps(s) => s.text(detail),
            Answer::Batch(_) | Answer::Transform(_) | Answer::Generate(_) => Text::new(),
        }
    }

    fn ending(&self) -> Ending {
        match self {
            Answer::Solve(r) | Answer::Count(r) => r.ending(),
            Answer::List(l) => l.ending(),
            Answer::Batch(b) | Answer::Transform(b) => b.ending(),
            Answer::Generate(g) => match g.stopped {
                Some(Stop::Interrupted) => Ending::Interrupted,
                _ => Ending::Answered,
            },
            Answer::Explain(e) => e.ending(),
            Answer::Hint(h) => h.ending(),
            Answer::Rate(r) => r.rated.ending(),
            Answer::Candidates(c) => c.ending(),
            Answer::Check(c) => c.ending(),
            Answer::Steps(s) => s.ending(),
        }
    }

    fn partial(&self) -> Option<String> {
        match self {
            Answer::List(l) => l.partial(),
            Answer::Explain(e) => e.partial(),
            Answer::Hint(h) => h.partial(),
            Answer::Generate(g) if g.stopped == Some(Stop::Interrupted) => Some(format!(
                "interrupted: the puzzles are partial ({} made)",
                g.listed
            )),
            Answer::Batch(b) | Answer::Transform(b) if b.stopped == Some(Stop::Interrupted) => {
                Some(format!(
                    "interrupted: the batch is partial ({} lines answered)",
                    b.listed
                ))
            }
            _ => None,
        }
    }
}

impl Report for GridListing {
    /// The number of solutions, after the solutions printed as they came.
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        match self.stopped {
            Some(Stop::Interrupted) => {}
            Some(Stop::Limit) => {
                text.line(format!("{} solutions (stopped at the limit)", self.listed));
            }
            None => {
                text.line(format!("{} solutions", self.listed));
            }
        }
        text
    }

    fn ending(&self) -> Ending {
        match self.stopped {
            Some(Stop::Interrupted) => Ending::Interrupted,
            _ if self.listed == 0 => Ending::NoSolution,
            _ => Ending::Answered,
        }
    }

    fn partial(&self) -> Option<String> {
        (self.stopped == Some(Stop::Interrupted)).then(|| {
            format!(
                "interrupted: the list is partial ({} solutions listed)",
                self.listed
            )
        })
    }
}

impl BatchEnd {
    /// Interrupted, else no solution when a puzzle had none.
    fn ending(&self) -> Ending {
        match (self.stopped, self.none) {
            (Some(Stop::Interrupted), _) => Ending::Interrupted,
            (_, true) => Ending::NoSolution,
            _ => Ending::Answered,
        }
    }
}

impl Report for Item {
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        match self {
            Item::Solution(ListedGrid { solution, .. }) => {
                text.line(solution);
            }
            Item::Lines(AnswerLines { text: lines }) => {
                text.block(lines.clone());
            }
            Item::Line(report) => return report.text(detail),
            Item::Step(step) => return step.text(detail),
            Item::Made(MadePuzzle { puzzle, .. }) => {
                text.line(puzzle);
            }
            Item::Bad(BadLine { error, .. }) => {
                text.line(error);
            }
            Item::Rated(RatedGrid { rated, .. }) => {
                text.line(rated.summary());
            }
        }
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }

    fn complaint(&self) -> Option<String> {
        match self {
            Item::Bad(BadLine { error, .. }) => Some(error.clone()),
            _ => None,
        }
    }
}
