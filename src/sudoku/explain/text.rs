//! Explanations, hints and ratings as text: a heading, one numbered line per step, then the solution and the rating.

use super::board::{bit, Board};
use super::{scale, Explanation, Hint, Outcome, Rated, Step, TechniqueSet};
use crate::report::{Detail, Ending, Report, Text, Tone};

/// The first line: the board, its boxes and its clues (and the technique set, when not the classic one).
fn heading(text: &mut Text, size: usize, [r, c]: [usize; 2], clues: usize, set: TechniqueSet) {
    text.line(format!(
        "Sudoku {size}×{size} (boxes {r}×{c}), {clues} clue{}{}",
        if clues == 1 { "" } else { "s" },
        scale(set)
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
                ": the clues clash: r{}c{} and r{}c{} hold the same digit",
                a[0] + 1,
                a[1] + 1,
                b[0] + 1,
                b[1] + 1
            ));
        }
        text.end_line();
    }
}

/// How an explanation, a hint or a rating ended. Several solutions end as
/// answered: where they part is the answer (the command then refuses the
/// grid, see [`crate::sudoku::Answer::refusal`]).
fn ending(outcome: &Outcome) -> Ending {
    match outcome {
        Outcome::Solved | Outcome::Several { .. } => Ending::Answered,
        Outcome::NoSolution { .. } => Ending::NoSolution,
        Outcome::Interrupted | Outcome::OutOfTime { .. } => Ending::Interrupted,
    }
}

impl Report for Explanation {
    /// The heading, each step (not when quiet), the solution and the rating.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        heading(
            &mut text,
            self.size,
            self.box_shape,
            self.clues,
            self.techniques,
        );
        let steps = match detail {
            Detail::Full => &self.steps[..],
            Detail::Quiet => &[],
        };
        for (k, step) in steps.iter().enumerate() {
            if let Some(grid) = self.candidates.get(k) {
                for line in grid.lines() {
                    text.line(line);
                }
            }
            step_line(&mut text, Some(k + 1), step);
        }
        if let (Some(solution), Some(rating), Some(hardest)) =
            (&self.solution, self.rating, self.hardest)
        {
            text.line(format!("solution: {solution}"));
            text.line(format!(
                "rating {rating} ({hardest}), {} steps{}",
                self.steps.len(),
                scale(self.techniques)
            ));
        }
        no_solution(&mut text, &self.outcome);
        text
    }

    fn ending(&self) -> Ending {
        ending(&self.outcome)
    }

    fn partial(&self) -> Option<String> {
        (self.outcome == Outcome::Interrupted).then(|| {
            format!(
                "interrupted: the explanation is partial ({} steps)",
                self.steps.len()
            )
        })
    }
}

impl Report for Hint {
    /// The heading (not when quiet) and the step.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        if detail == Detail::Full {
            heading(
                &mut text,
                self.size,
                self.box_shape,
                self.clues,
                self.techniques,
            );
        }
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

    fn partial(&self) -> Option<String> {
        (self.outcome == Outcome::Interrupted)
            .then(|| "interrupted before the next step was found".to_string())
    }
}

impl Report for Rated {
    /// One line: `rating 7.0 (xy-chain), 71 steps`, or `none`, `several solutions (…)`, `interrupted`.
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        text.line(self.summary());
        text
    }

    fn ending(&self) -> Ending {
        ending(&self.outcome)
    }
}

/// A digit as one character: `1`–`9`, then `A` for 10 and on.
fn digit_char(d: u8) -> char {
    char::from_digit(u32::from(d), 36).map_or('?', |c| c.to_ascii_uppercase())
}

/// The board's candidates as text: each cell a block of R lines of C characters (the box
/// shape R×C), digit d at its place in reading order or `.` when the cell cannot hold it;
/// a filled cell shows its digit alone in the middle. Cells apart by a space, boxes by `|`
/// and lines of `-`.
pub(super) fn candidates(board: &Board) -> String {
    let geo = &board.geo;
    let n = geo.side;
    let [br, bc] = geo.shape.box_dims();
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % br == 0 {
            let width = n * (bc + 1) + (n / bc - 1) * 2 - 1;
            out.push_str(&"-".repeat(width));
            out.push('\n');
        }
        for line in 0..br {
            let mut row = String::new();
            for c in 0..n {
                if c > 0 {
                    row.push_str(if c % bc == 0 { " | " } else { " " });
                }
                let cell = r * n + c;
                for k in 0..bc {
                    let d = (line * bc + k + 1) as u8;
                    let ch = if board.value[cell] != 0 {
                        if line == br / 2 && k == bc / 2 {
                            digit_char(board.value[cell])
                        } else {
                            ' '
                        }
                    } else if board.cand[cell] & bit(d) != 0 {
                        digit_char(d)
                    } else {
                        '.'
                    };
                    row.push(ch);
                }
            }
            out.push_str(row.trim_end());
            out.push('\n');
        }
    }
    out
}
