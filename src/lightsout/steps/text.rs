//! Lights Out's steps as text: each pivot with its row operations and the
//! matrix (the lights' column after a `|`), each row chased with the board,
//! the first row's system; then the end, verified.

use crate::lightsout::answer::{LightsStep, LightsSteps};
use crate::lightsout::LightsOutMethod;
use crate::report::{Detail, Ending, Report, Text, Tone};

/// Rows of a matrix or a system, the last column after ` | `.
fn augmented(text: &mut Text, rows: &[String]) {
    for row in rows {
        let (a, b) = row.split_at(row.len().saturating_sub(1));
        text.line(format!("  {a} | {b}"));
    }
}

/// A list of row numbers: `0, 3, 5`.
fn list(rows: &[usize]) -> String {
    rows.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Report for LightsStep {
    /// The step on one line; not quiet, the matrix, board or system after it.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let full = detail == Detail::Full;
        match self {
            LightsStep::Pivot {
                index,
                pivot,
                swapped,
                added_to,
                matrix,
            } => {
                let swap = swapped.map_or(String::new(), |[a, b]| {
                    format!("; rows {a} and {b} swapped")
                });
                let added = match added_to.is_empty() {
                    true => String::new(),
                    false => format!("; row {} added to rows {}", pivot[0], list(added_to)),
                };
                text.line(format!(
                    "step {index}: pivot at row {}, column {}{swap}{added}",
                    pivot[0], pivot[1]
                ));
                if full {
                    augmented(&mut text, matrix);
                }
                &mut text
            }
            LightsStep::Chase {
                index,
                chase,
                row,
                presses,
                lights,
            } => {
                text.plain(format!("step {index}: chase {chase}, row {row} pressed: "));
                text.tone(Tone::Mark, presses).end_line();
                if full {
                    lights.iter().for_each(|r| {
                        text.line(format!("  {r}"));
                    });
                }
                &mut text
            }
            LightsStep::System {
                index,
                unknowns,
                harvest,
                equations,
            } => {
                text.line(format!(
                    "step {index}: the first row's system, {unknowns} unknowns; lights left in the last row: {harvest}"
                ));
                if full {
                    augmented(&mut text, equations);
                }
                &mut text
            }
            LightsStep::FirstRow {
                index,
                presses,
                nullity,
            } => match presses {
                Some(p) => text.line(format!(
                    "step {index}: first row {p} (free unknowns: {nullity})"
                )),
                None => text
                    .tone(
                        Tone::Bad,
                        format!("step {index}: the first row's system has no solution"),
                    )
                    .end_line(),
            },
        };
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

impl Report for LightsSteps {
    /// The method and its steps, the outcome; not quiet, the presses.
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let method = match self.method {
            LightsOutMethod::Chase => "light chasing",
            _ => "full elimination",
        };
        let left = crate::stepper::not_shown_words(self.not_shown);
        text.line(format!(
            "Lights Out {}×{}{}: {method} in {} steps{left}",
            self.setup.rows,
            self.setup.cols,
            if self.setup.torus { " torus" } else { "" },
            self.steps
        ));
        match (&self.presses, self.press_count) {
            (Some(p), Some(count)) => {
                let outcome = match self.nullity {
                    0 => "unique solution".to_string(),
                    n => format!("{} solutions ({n} free unknowns, set to 0)", self.solutions),
                };
                text.tone(Tone::Good, outcome).end_line();
                if detail == Detail::Full {
                    text.line("presses (X):");
                    p.marked_rows('X', '.').iter().for_each(|r| {
                        text.marked_row(r, 'X');
                    });
                }
                text.line(format!("press count: {count}, verified by replay"));
            }
            _ => {
                let why = self
                    .contradiction
                    .map_or(String::new(), |r| format!(": row {r} reads 0 = 1"));
                text.tone(Tone::Bad, format!("no solution{why}")).end_line();
            }
        }
        text
    }

    fn ending(&self) -> Ending {
        match self.solvable {
            true => Ending::Answered,
            false => Ending::NoSolution,
        }
    }
}
