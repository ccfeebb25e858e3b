//! What the explainer answers: an explanation, a hint or a rating, and how each ended.

use super::{Rating, Step, Technique, TechniqueSet};
use serde::{Deserialize, Serialize};

/// How an explanation (or a hint) ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Outcome {
    /// The puzzle has one solution and the steps reach it (a hint: its step leads there).
    Solved,
    /// The grid has no solution; `clash` names two clues holding the same digit in a unit, when that is why.
    NoSolution {
        /// Two clashing cells, `[[row, col], [row, col]]`.
        clash: Option<[[usize; 2]; 2]>,
    },
    /// The grid has several solutions: the steps stop where they part, at `cell`, which holds `digits[0]` in one and `digits[1]` in another.
    Several {
        /// A cell whose digit differs between two solutions.
        cell: [usize; 2],
        /// Its digit in each of the two.
        digits: [u8; 2],
    },
    /// Stopped (Ctrl-C) before the end: the steps so far are given.
    Interrupted,
}

/// The explanation of a puzzle: its steps from the clues to the solution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Explanation {
    /// The side N of the board.
    pub size: usize,
    /// The box shape `[rows, cols]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The puzzle in line form.
    pub puzzle: String,
    /// The number of clues.
    pub clues: usize,
    /// The technique set of the steps and the rating (left out of JSON when classic).
    #[serde(default, skip_serializing_if = "TechniqueSet::is_classic")]
    pub techniques: TechniqueSet,
    /// The solution in line form, when the steps reach it.
    pub solution: Option<String>,
    /// The rating: that of the hardest step, when the steps reach the solution.
    pub rating: Option<Rating>,
    /// The hardest step's technique.
    pub hardest: Option<Technique>,
    /// How it ended.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The candidate grid before each step, as text, when asked for (`candidates` of [`Mode::Explain`](crate::sudoku::Mode::Explain)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<String>,
}

/// The next step for a partly filled grid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    /// The side N of the board.
    pub size: usize,
    /// The box shape `[rows, cols]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The grid in line form.
    pub puzzle: String,
    /// The number of clues.
    pub clues: usize,
    /// The technique set of the steps and the rating (left out of JSON when classic).
    #[serde(default, skip_serializing_if = "TechniqueSet::is_classic")]
    pub techniques: TechniqueSet,
    /// Whether the grid can be finished in one way only (`solved`), or why not.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The next step; `None` when the grid is already full, or has no single solution.
    pub step: Option<Step>,
}

/// How hard a puzzle is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rated {
    /// The rating (that of the hardest step), when the puzzle has one solution.
    pub rating: Option<Rating>,
    /// The technique of the hardest step.
    pub hardest: Option<Technique>,
    /// The number of steps of the explanation.
    pub steps: usize,
    /// The technique set of the steps and the rating (left out of JSON when classic).
    #[serde(default, skip_serializing_if = "TechniqueSet::is_classic")]
    pub techniques: TechniqueSet,

    /// How the explanation ended.
    #[serde(flatten)]
    pub outcome: Outcome,
}

impl Rated {
    /// The rating as one line of text: `rating 7.0 (xy-chain), 71 steps` (rating, hardest
    /// technique, steps), or `none`, `none (clash: r1c1 and r1c5)`, `multiple`,
    /// `solved (no step…)` for a full grid, `interrupted`.
    pub fn summary(&self) -> String {
        match (&self.outcome, self.rating, self.hardest) {
            (Outcome::Solved, Some(r), Some(h)) => {
                format!(
                    "rating {r} ({h}), {} steps{}",
                    self.steps,
                    scale(self.techniques)
                )
            }
            (
                Outcome::NoSolution {
                    clash: Some([a, b]),
                },
                _,
                _,
            ) => {
                format!(
                    "none (clash: r{}c{} and r{}c{})",
                    a[0] + 1,
                    a[1] + 1,
                    b[0] + 1,
                    b[1] + 1
                )
            }
            (Outcome::NoSolution { .. }, _, _) => "none".into(),
            (Outcome::Several { .. }, _, _) => "multiple".into(),
            // A grid already full needs no step: there is nothing to rate.
            (Outcome::Solved, None, _) => "solved (no step: the grid is full)".into(),
            _ => "interrupted".into(),
        }
    }
}

/// What a rating's text adds to say it is on Sukaku Explainer's scale (nothing for the classic one).
pub(crate) fn scale(set: TechniqueSet) -> &'static str {
    match set {
        TechniqueSet::Classic => "",
        TechniqueSet::Sukaku => ", Sukaku Explainer's techniques",
    }
}
