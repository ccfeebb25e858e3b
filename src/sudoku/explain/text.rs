//! Explanations, hints and ratings as text: a heading, one numbered line per step, then the solution and the rating.

use super::{Explanation, Hint, Outcome, Rated, Step};
use crate::report::{Detail, Ending, Report, Text, Tone};

/// The first line: the board, its boxes and its clues.
fn heading(text: &mut Text, size: usize, [r, c]: [usize; 2], clues: usize) {
    text.line(format!(
        "Sudoku {size}×{size} (boxes {r}×{c}), {clues} clues"
    ));
}

/// One step as a line: `  12. 4.2  xy-wing: …`.
fn step_line(text: &mut Text, number: Option<usize>, step: &Step) {
    let number = number.map_or(String::new(), |k| format!("{k:>3}. "));
    text.line(format!("{number}{}  {}", step.rating, step.text));
}

/// The verdict of a grid with no solution, naming the clash when the clues have one.
fn no_solution(text: &mut Text, outcome: &Outcome) {
    if let Outcome::NoSolution { clash } = outcome {
        text.tone(Tone::Bad, "no solution");
        if let Some([a, b]) = clash {
            text.plain(format!(
                ": the clues clash: cells {},{} and {},{} hold the same digit",
                a[0], a[1], b[0], b[1]
            ));
        }
        text.end_line();
    }
}

/// How an explanation, a hint or a rating ended. Several solutions end as
/// answered: the steps up to where they part are the answer.
fn ending(outcome: &Outcome) -> Ending {
    match outcome {
        Outcome::Solved | Outcome::Several { .. } => Ending::Answered,
        Outcome::NoSolution { .. } => Ending::NoSolution,
        Outcome::Interrupted => Ending::Interrupted,
    }
}

impl Report for Explanation {
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        heading(&mut text, self.size, self.box_shape, self.clues);
        for (k, step) in self.steps.iter().enumerate() {
            step_line(&mut text, Some(k + 1), step);
        }
        if let (Some(solution), Some(rating), Some(hardest)) =
            (&self.solution, self.rating, self.hardest)
        {
            text.line(format!("solution: {solution}"));
            text.line(format!(
                "rating {rating} (hardest step: {hardest}), {} steps",
                self.steps.len()
            ));
        }
        no_solution(&mut text, &self.outcome);
        text
    }

    fn ending(&self) -> Ending {
        ending(&self.outcome)
    }
}

impl Report for Hint {
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        heading(&mut text, self.size, self.box_shape, self.clues);
        match &self.step {
            Some(step) => step_line(&mut text, None, step),
            None if self.outcome == Outcome::Solved => {
                text.line("the grid is full");
            }
            None => {}
        }
        no_solution(&mut text, &self.outcome);
        text
    }

    fn ending(&self) -> Ending {
        ending(&self.outcome)
    }
}

impl Report for Rated {
    /// One line: `rating hardest-technique steps`, or `none`, `multiple`, `interrupted`.
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        text.line(self.summary());
        text
    }

    fn ending(&self) -> Ending {
        ending(&self.outcome)
    }
}
