//! Sudoku for people: the solution as steps a person can follow, the next step as a hint, and a rating of how hard a puzzle is.
//!
//! The explainer works on its own candidate board (a [`Sudoku`] of any
//! [`Shape`] and its pencil marks), general over box shapes: N×N cells with
//! boxes of R×C cells (R·C = N, N up to 36), the units being the rows, the
//! columns and the boxes. At each step it looks for the easiest technique that makes
//! progress, in the order of their difficulty on Sudoku Explainer's scale
//! (Nicolas Juillerat's Sudoku Explainer, as documented in "Difficulty
//! ratings in Sudoku Explainer v1.2.1", Sukaku Explainer wiki): full house,
//! hidden and naked singles, locked candidates, naked and hidden subsets,
//! fish, XY- and XYZ-wings, unique rectangles, the bivalue universal grave,
//! aligned pair exclusion, the chains of one chain (X- and XY-chains, W-wings and
//! a candidate implying its own negation, the lowest rated taken, as Sudoku
//! Explainer takes its "forcing chains and cycles"), aligned triple exclusion,
//! Nishio, multiple and dynamic forcing chains, and last a
//! `trial` — a guess whose refutation is shown by a search — so that every
//! explanation of a puzzle with one solution ends in that solution.
//!
//! Every step is checked before it is returned: a placement is the
//! solution's digit, an elimination never removes it, and the steps replayed
//! from the clues give the solution. The rating of a puzzle is the rating of
//! its hardest step, as in Sudoku Explainer.
//!
//! Its requests go through `Sudoku::answer` ([`super::Mode::Explain`],
//! [`super::Mode::Hint`], [`super::Mode::Rate`]):
//!
//! ```
//! use puzzles::input::Source;
//! use puzzles::sudoku::explain::Outcome;
//! use puzzles::sudoku::{Sudoku, Answer, Mode, Request};
//! use puzzles::{Control, GridPuzzle, NoItems};
//!
//! let mut request = Request::new(Source::from_text("4x4", "1.....3..4.....2"));
//! request.mode = Mode::Explain { candidates: false };
//! let Answer::Explain(explanation) = Sudoku::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
//! assert_eq!(explanation.outcome, Outcome::Solved);
//! assert_eq!(explanation.solution.as_deref(), Some("1324423124133142"));
//! assert!(explanation.rating.unwrap().value() <= 2.3);
//!
//! request.mode = Mode::Hint { marks: None };
//! let Answer::Hint(hint) = Sudoku::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
//! assert_eq!((hint.outcome, hint.step.is_some()), (Outcome::Solved, true));
//!
//! // A 6×6 puzzle with 2×3 boxes (made by this crate's generator) that needs the bivalue universal grave.
//! request.source = Some(Source::from_text("6x6", "...4..3...6...135..356...5...4..3..."));
//! request.mode = Mode::Rate;
//! let Answer::Rate(rated) = Sudoku::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
//! assert_eq!(rated.box_shape, [2, 3]);
//! assert_eq!(rated.rated.hardest.map(|t| t.name()), Some("bivalue-universal-grave"));
//! assert_eq!(rated.rated.rating.unwrap().to_string(), "5.6");
//! # Ok::<(), puzzles::Error>(())
//! ```

mod als_wings;
mod board;
mod budget;
mod chaining;
mod exclusion;
mod fish;
mod grave;
mod intersections;
mod plus;
mod singles;
mod solve;
mod strong_links;
mod subsets;
mod sukaku;
mod text;
mod trial;
mod uniqueness;
mod wings;

use super::{Shape, Sudoku};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::input::Source;
use board::{bit, digits, Board};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use sukaku::Hook;
pub use sukaku::TechniqueSet;

/// A technique a person uses, named as the solving literature names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// The last empty cell of a row, column or box.
    FullHouse,
    /// A digit with one place left in a row, column or box.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// Locked candidates: a digit of a box confined to one line leaves the rest of that line.
    Pointing,
    /// Locked candidates: a digit of a line confined to one box leaves the rest of that box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits of a unit confined to the same two cells.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Three digits of a unit confined to three cells.
    HiddenTriple,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Four digits of a unit confined to four cells.
    HiddenQuad,
    /// A digit confined to two columns in two rows (or the other way round).
    XWing,
    /// The same with three lines.
    Swordfish,
    /// The same with four lines.
    Jellyfish,
    /// A two-candidate pivot and two pincers that see it.
    XyWing,
    /// A three-candidate pivot and two pincers that see it.
    XyzWing,
    /// Two strong links on one digit joined by a weak link: skyscraper, two-string kite, Turbot fish (Sukaku Explainer's set).
    TurbotFish,
    /// Three or four strong links on one digit joined by weak links, grouped or not, or closed in a loop (Sukaku Explainer's set).
    StrongLinks,
    /// Three cells seeing one another with four candidates between them, and a two-candidate cell (Sukaku Explainer's set).
    WxyzWing,
    /// The same with four cells and five candidates (Sukaku Explainer's set).
    VwxyzWing,
    /// The same with five cells and six candidates (Sukaku Explainer's set).
    UvwxyzWing,
    /// The same with six cells and seven candidates (Sukaku Explainer's set).
    TuvwxyzWing,
    /// Every empty cell with two candidates but one with three: that cell holds the digit it has a third place for.
    BivalueUniversalGrave,
    /// Two cells whose combinations of digits, but those that would empty a cell seeing both, leave a candidate out.
    AlignedPairExclusion,
    /// A chain of one digit, strong and weak links alternating.
    XChain,
    /// A chain of two-candidate cells.
    XyChain,
    /// A loop of links that holds either way round (a bidirectional Y-cycle, or of both kinds of link).
    Cycle,
    /// Four cells on two rows, two columns and two boxes that would allow two solutions.
    UniqueRectangle,
    /// The same with three cells.
    AlignedTripleExclusion,
    /// A candidate whose assumption implies, link by link, its own negation.
    ForcingChain,
    /// A candidate whose assumption, followed on its digit with the candidates it removes taken off, meets a contradiction.
    NishioForcingChain,
    /// Every candidate of a cell, or every place of a digit in a unit, implying the same (static links).
    MultipleForcingChain,
    /// The same, a contradiction, or a candidate whose presence and absence imply the same, followed with the candidates removed taken off (dynamic links).
    DynamicForcingChain,
    /// The same, with locked candidates, hidden and naked pairs and X-wings applied when the links run out (Sudoku Explainer's "dynamic +").
    DynamicPlusForcingChain,
    /// The same, with static forcing chains, then static multiple forcing chains, sought on the grid a chain reaches when nothing else is left (Sudoku Explainer's nested forcing chains).
    NestedForcingChain,
    /// A guess refuted by a search.
    Trial,
}

impl Technique {
    /// Every technique, easiest first (in the order the explainer tries them, but for the unique rectangle).
    pub const ALL: [Technique; 36] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::TurbotFish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::StrongLinks,
        Technique::WxyzWing,
        Technique::BivalueUniversalGrave,
        Technique::VwxyzWing,
        Technique::AlignedPairExclusion,
        Technique::UvwxyzWing,
        Technique::XChain,
        Technique::XyChain,
        Technique::Cycle,
        Technique::ForcingChain,
        Technique::TuvwxyzWing,
        Technique::AlignedTripleExclusion,
        Technique::NishioForcingChain,
        Technique::MultipleForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicPlusForcingChain,
        Technique::NestedForcingChain,
        Technique::Trial,
    ];

    /// The name, the same in text and JSON: `hidden-single`, `x-wing`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::HiddenSingle => "hidden-single",
            Technique::NakedSingle => "naked-single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::NakedQuad => "naked-quad",
            Technique::HiddenQuad => "hidden-quad",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::TurbotFish => "turbot-fish",
            Technique::StrongLinks => "strong-links",
            Technique::WxyzWing => "wxyz-wing",
            Technique::VwxyzWing => "vwxyz-wing",
            Technique::UvwxyzWing => "uvwxyz-wing",
            Technique::TuvwxyzWing => "tuvwxyz-wing",
            Technique::BivalueUniversalGrave => "bivalue-universal-grave",
            Technique::AlignedPairExclusion => "aligned-pair-exclusion",
            Technique::AlignedTripleExclusion => "aligned-triple-exclusion",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::Cycle => "cycle",
            Technique::ForcingChain => "forcing-chain",
            Technique::NishioForcingChain => "nishio-forcing-chain",
            Technique::MultipleForcingChain => "multiple-forcing-chain",
            Technique::DynamicForcingChain => "dynamic-forcing-chain",
            Technique::DynamicPlusForcingChain => "dynamic-plus-forcing-chain",
            Technique::NestedForcingChain => "nested-forcing-chain",
            Technique::Trial => "trial",
        }
    }
}

impl std::fmt::Display for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A rating on Sudoku Explainer's scale, in tenths (serialised as a number: `4.2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Rating(u16);

impl Rating {
    /// The rating of `tenths` tenths.
    pub const fn tenths(tenths: u16) -> Rating {
        Rating(tenths)
    }

    /// The rating as a number (`4.2`).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// The rating in tenths.
    pub fn in_tenths(self) -> u16 {
        self.0
    }
}

impl Serialize for Rating {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_f64(self.value())
    }
}

impl<'de> Deserialize<'de> for Rating {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Rating, D::Error> {
        let value = f64::deserialize(d)?;
        if !(0.0..=6553.5).contains(&value) {
            return Err(serde::de::Error::custom(format!("{value} is not a rating")));
        }
        Ok(Rating((value * 10.0).round() as u16))
    }
}

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// The rating added to a chain's base for its length, as Sudoku Explainer adds it
/// (Nicolas Juillerat's Sudoku Explainer, its chaining hints' length difficulty): a
/// chain of `nodes` nodes (each candidate it sets "on" or "off", the assumption
/// included) has length `nodes - 2`, and gains 0.1 once that length passes 4, then
/// again past 6, 8, 12, 16, 24, 32…, the bounds growing by 3/2 and 4/3 in turn.
pub(crate) fn length_bonus(nodes: usize) -> u16 {
    let length = nodes.saturating_sub(2);
    let (mut added, mut bound, mut odd) = (0u16, 4usize, false);
    while length > bound {
        added += 1;
        bound = if odd { bound * 4 / 3 } else { bound * 3 / 2 };
        odd = !odd;
    }
    added
}

/// One step of an explanation: what a person does next and why.
///
/// Cells are `[row, col]`, 0-based; digits are 1..N.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// The digits placed, `[row, col, digit]`.
    pub place: Vec<[usize; 3]>,
    /// The candidates removed, `[row, col, digit]`.
    pub eliminate: Vec<[usize; 3]>,
    /// The cells the technique acts on (its pattern).
    pub cells: Vec<[usize; 2]>,
    /// The step in words.
    pub text: String,
    /// This step's rating on Sudoku Explainer's scale.
    #[serde(skip)]
    pub rating: Rating,
}

/// A step as a technique finds it, on cell indices.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub technique: Technique,
    pub rating: u16,
    pub place: Vec<(usize, u8)>,
    pub eliminate: Vec<(usize, u8)>,
    pub cells: Vec<usize>,
    pub text: String,
}

impl Found {
    /// A step of `technique` rated `rating` tenths, with nothing yet.
    pub fn new(technique: Technique, rating: u16) -> Found {
        Found {
            technique,
            rating,
            place: Vec::new(),
            eliminate: Vec::new(),
            cells: Vec::new(),
            text: String::new(),
        }
    }

    /// Step `k` back on cell indices, for a board of `side`; refused when a cell or digit is off the board.
    fn of_step(step: &Step, side: usize, k: usize) -> Result<Found> {
        let mut found = Found::new(step.technique, step.rating.0);
        let on_board = |&[r, c, d]: &[usize; 3]| -> Result<(usize, u8)> {
            if r < side && c < side && (1..=side).contains(&d) {
                Ok((r * side + c, d as u8))
            } else {
                Err(Error::usage(format!(
                    "step {k}: r{}c{} {d} is off the board",
                    r + 1,
                    c + 1
                )))
            }
        };
        found.place = step.place.iter().map(on_board).collect::<Result<_>>()?;
        found.eliminate = step.eliminate.iter().map(on_board).collect::<Result<_>>()?;
        Ok(found)
    }

    fn to_step(&self, side: usize) -> Step {
        let rc = |c: usize| [c / side, c % side];
        Step {
            technique: self.technique,
            place: self
                .place
                .iter()
                .map(|&(c, d)| [c / side, c % side, d as usize])
                .collect(),
            eliminate: self
                .eliminate
                .iter()
                .map(|&(c, d)| [c / side, c % side, d as usize])
                .collect(),
            cells: self.cells.iter().map(|&c| rc(c)).collect(),
            text: self.text.clone(),
            rating: Rating(self.rating),
        }
    }
}

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
    /// The candidate grid before each step, as text, when asked for (`candidate_grids`).
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

/// Pencil marks: for each cell of a grid, the digits a person has left as candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PencilMarks {
    marks: Vec<u64>,
}

impl PencilMarks {
    /// The marks of each cell row by row, bit d-1 for digit d.
    pub fn from_masks(marks: Vec<u64>) -> PencilMarks {
        PencilMarks { marks }
    }

    /// Reads N² whitespace-separated fields, each the candidate digits of one
    /// cell (`1`–`9`, `A`–`Z`; a filled cell written as its digit), as
    /// Sudoku Explainer and HoDoKu print candidate grids; `|`, `-`, `+`
    /// fields are layout. Errors name the source, line and column.
    pub fn read(source: &Source, shape: Shape) -> Result<PencilMarks> {
        let mut marks = Vec::with_capacity(shape.cells());
        let mut end = (1, 1);
        for (i, line) in source.text.lines().enumerate() {
            let mut col = 1;
            for piece in line.split_inclusive(|c: char| c.is_whitespace() || c == '|') {
                let start = col;
                col += piece.chars().count();
                let word = piece.trim_end_matches(|c: char| c.is_whitespace() || c == '|');
                if word.is_empty() || word.chars().all(|c| c == '-' || c == '+') {
                    continue;
                }
                if marks.len() == shape.cells() {
                    return Err(source.error(
                        i + 1,
                        start,
                        format!("a field past the board's {} cells", shape.cells()),
                    ));
                }
                let mut m = 0u64;
                for (k, c) in word.chars().enumerate() {
                    let d = c
                        .to_digit(36)
                        .filter(|&d| d >= 1 && d as usize <= shape.side())
                        .ok_or_else(|| {
                            source.error(
                                i + 1,
                                start + k,
                                format!(
                                    "'{}' is not a digit of the {}×{} board",
                                    c.escape_debug(),
                                    shape.side(),
                                    shape.side()
                                ),
                            )
                        })?;
                    m |= 1 << (d - 1);
                }
                marks.push(m);
            }
            end = (i + 1, col);
        }
        if marks.len() != shape.cells() {
            return Err(source.error(
                end.0,
                end.1,
                format!(
                    "pencil marks give {} cells, the board has {}",
                    marks.len(),
                    shape.cells()
                ),
            ));
        }
        Ok(PencilMarks { marks })
    }

    /// [`PencilMarks::read`] of text given directly (named `<marks>` in errors).
    pub fn from_text(text: &str, shape: Shape) -> Result<PencilMarks> {
        Self::read(&Source::from_text("<marks>", text), shape)
    }
}

/// Everything the steps are checked against: the known solutions of the grid.
struct Truth {
    /// The first solution, and a second one when the grid has several.
    first: Vec<u8>,
    second: Option<Vec<u8>>,
}

/// What the start of an explanation found: the board, or why there is nothing to explain.
enum Start {
    Ready(Board, Truth),
    Over(Outcome),
}

/// Sets up the board of `grid` (with `marks` as its candidates, if given) and finds its solutions.
fn start(grid: &Sudoku, marks: Option<&PencilMarks>, ctl: &Control) -> Result<Start> {
    let side = grid.shape().side();
    let mut board = match Board::new(grid) {
        Ok(b) => b,
        Err((a, b)) => {
            return Ok(Start::Over(Outcome::NoSolution {
                clash: Some([[a / side, a % side], [b / side, b % side]]),
            }))
        }
    };
    if let Some(marks) = marks {
        apply_marks(&mut board, grid, marks)?;
    } else if let (Some(first), Some(true)) =
        super::SudokuSolver::new(grid.clone()).solve_and_check_unique(ctl)
    {
        // The crate's solver (CDCL from 25×25 up) decides a grid with one solution far sooner
        // than the explainer's own search, which minutes of a 25×25 puzzle's rating went to.
        let truth = Truth {
            first: first.cells,
            second: None,
        };
        return Ok(Start::Ready(board, truth));
    }
    let mut found: Vec<Vec<u8>> = Vec::new();
    let searched = solve::search(&board, 2, ctl, &mut |cells| {
        found.push(cells.to_vec());
        ControlFlow::Continue(())
    });
    if searched.tally.stopped == Some(crate::control::Stop::Interrupted) && found.len() < 2 {
        return Ok(Start::Over(Outcome::Interrupted));
    }
    let mut found = found.into_iter();
    let Some(first) = found.next() else {
        if marks.is_some() {
            if let Ok(plain) = Board::new(grid) {
                let mut any = Vec::new();
                solve::search(&plain, 1, ctl, &mut |cells| {
                    any = cells.to_vec();
                    ControlFlow::Break(())
                });
                if let Some(c) = (0..any.len())
                    .find(|&c| board.cand[c] & bit(any[c]) == 0 && board.value[c] == 0)
                {
                    return Err(Error::usage(format!(
                        "the pencil marks remove {} from {}, where the grid needs it",
                        any[c],
                        board.geo.cell_name(c)
                    )));
                }
            }
        }
        return Ok(Start::Over(Outcome::NoSolution { clash: None }));
    };
    Ok(Start::Ready(
        board,
        Truth {
            first,
            second: found.next(),
        },
    ))
}

/// Narrows the board's candidates to the pencil marks; refuses marks that exclude a clue or leave a cell empty.
fn apply_marks(board: &mut Board, grid: &Sudoku, marks: &PencilMarks) -> Result<()> {
    if marks.marks.len() != board.value.len() {
        return Err(Error::usage(format!(
            "pencil marks give {} cells, the board has {}",
            marks.marks.len(),
            board.value.len()
        )));
    }
    for (c, &m) in marks.marks.iter().enumerate() {
        let clue = grid.cells()[c];
        if clue != 0 {
            if m & bit(clue) == 0 {
                return Err(Error::usage(format!(
                    "the pencil marks of {} exclude its digit {clue}",
                    board.geo.cell_name(c)
                )));
            }
            continue;
        }
        if m == 0 || board.cand[c] & m == 0 {
            return Err(Error::usage(format!(
                "the pencil marks leave {} with no candidate",
                board.geo.cell_name(c)
            )));
        }
        board.cand[c] &= m;
    }
    Ok(())
}

/// The easiest step that makes progress on `board`, the trial last; `None` only when
/// the board is full, when only a trial is left and `trial_allowed` is false, or
/// when only the multiple and dynamic forcing chains (and the trial) are left and
/// `forcing_fits` is false (see [`budget`]).
fn next_step(
    board: &Board,
    set: TechniqueSet,
    unique: bool,
    truth: &[u8],
    trial_allowed: bool,
    forcing_fits: bool,
    ctl: &Control,
) -> Option<Found> {
    let easy = singles::full_house(board)
        .or_else(|| singles::hidden_single(board))
        .or_else(|| singles::naked_single(board))
        .or_else(|| intersections::pointing(board))
        .or_else(|| intersections::claiming(board))
        .or_else(|| subsets::naked(board, 2))
        .or_else(|| fish::basic(board, 2))
        .or_else(|| subsets::hidden(board, 2))
        .or_else(|| subsets::naked(board, 3))
        .or_else(|| fish::basic(board, 3))
        .or_else(|| subsets::hidden(board, 3))
        .or_else(|| sukaku::step(set, Hook::HiddenTriple, board))
        .or_else(|| wings::xy_wing(board))
        .or_else(|| wings::xyz_wing(board));
    if easy.is_some() {
        return easy;
    }
    let rectangle = if unique {
        uniqueness::rectangle(board)
    } else {
        None
    };
    rectangle
        .or_else(|| subsets::naked(board, 4))
        .or_else(|| fish::basic(board, 4))
        .or_else(|| subsets::hidden(board, 4))
        .or_else(|| sukaku::step(set, Hook::HiddenQuad, board))
        .or_else(|| {
            if unique {
                grave::bivalue_grave(board)
            } else {
                None
            }
        })
        .or_else(|| sukaku::step(set, Hook::Grave, board))
        .or_else(|| exclusion::aligned(board, 2))
        .or_else(|| sukaku::step(set, Hook::PairExclusion, board))
        .or_else(|| chaining::forcing_chains_and_cycles(board))
        .or_else(|| sukaku::step(set, Hook::Chains, board))
        .or_else(|| exclusion::aligned(board, 3))
        .or_else(|| chaining::nishio(board))
        .or_else(|| forcing_fits.then(|| chaining::multiple(board)).flatten())
        .or_else(|| forcing_fits.then(|| chaining::dynamic(board)).flatten())
        .or_else(|| {
            forcing_fits
                .then(|| chaining::dynamic_plus(board))
                .flatten()
        })
        .or_else(|| forcing_fits.then(|| chaining::nested(board, 2)).flatten())
        .or_else(|| forcing_fits.then(|| chaining::nested(board, 3)).flatten())
        .or_else(|| {
            if trial_allowed && forcing_fits {
                trial::refute(board, truth, ctl)
            } else {
                None
            }
        })
}

/// Checks a step against the known solutions and applies it to the board.
fn check_and_apply(board: &mut Board, found: &Found, truth: &Truth) -> Result<()> {
    let geo = std::sync::Arc::clone(&board.geo);
    let wrong = |what: &str, c: usize, d: u8| {
        Error::Check(format!(
            "the {} step {what} {d} at {}",
            found.technique,
            geo.cell_name(c)
        ))
    };
    if found.place.is_empty() && found.eliminate.is_empty() {
        return Err(Error::Check(format!(
            "the {} step does nothing",
            found.technique
        )));
    }
    for solution in std::iter::once(&truth.first).chain(truth.second.as_ref()) {
        for &(c, d) in &found.place {
            if solution[c] != d {
                return Err(wrong("places", c, d));
            }
        }
        for &(c, d) in &found.eliminate {
            if solution[c] == d {
                return Err(wrong("removes the solution's", c, d));
            }
        }
    }
    apply(board, found).map_err(|(what, c, d)| wrong(what, c, d))
}

/// Applies a step: its placements (each a candidate) and eliminations (each a candidate).
fn apply(board: &mut Board, found: &Found) -> std::result::Result<(), (&'static str, usize, u8)> {
    for &(c, d) in &found.eliminate {
        if board.cand[c] & bit(d) == 0 {
            return Err(("removes the absent candidate", c, d));
        }
        board.cand[c] &= !bit(d);
    }
    for &(c, d) in &found.place {
        if board.value[c] == d {
            continue;
        }
        if board.cand[c] & bit(d) == 0 {
            return Err(("places the absent candidate", c, d));
        }
        board.place(c, d);
    }
    Ok(())
}

/// Replays `steps` from the clues of `puzzle` (and its pencil marks, if given): every placement and
/// elimination must be a candidate when it comes; returns the grid they leave.
///
/// ```
/// use puzzles::input::Source;
/// use puzzles::sudoku::explain::replay;
/// use puzzles::sudoku::{Answer, Mode, Request, Sudoku};
/// use puzzles::{Control, GridPuzzle, NoItems};
///
/// let mut request = Request::new(Source::from_text("4x4", "1.....3..4.....2"));
/// request.mode = Mode::Explain { candidates: false };
/// let Answer::Explain(explanation) = Sudoku::answer(&request, &Control::new(), &mut NoItems)? else { panic!() };
/// let puzzle: Sudoku = "1.....3..4.....2".parse()?;
/// let end = replay(&puzzle, None, &explanation.steps)?;
/// assert_eq!(Some(end.to_line()), explanation.solution);
/// # Ok::<(), puzzles::Error>(())
/// ```
pub fn replay(puzzle: &Sudoku, marks: Option<&PencilMarks>, steps: &[Step]) -> Result<Sudoku> {
    let mut board = Board::new(puzzle).map_err(|_| Error::usage("the clues clash"))?;
    if let Some(marks) = marks {
        apply_marks(&mut board, puzzle, marks)?;
    }
    let side = puzzle.shape().side();
    for (k, step) in steps.iter().enumerate() {
        let found = Found::of_step(step, side, k)?;
        apply(&mut board, &found).map_err(|(what, c, d)| {
            Error::usage(format!("step {k} {what} {d} at {}", board.geo.cell_name(c)))
        })?;
    }
    Ok(board.grid())
}

/// The candidates before each of `steps`, replayed from the clues of `puzzle`, as text grids
/// (each cell a block of its candidates shaped as a box, `.` for a digit it cannot hold, a
/// filled cell its digit alone in the middle).
pub(crate) fn candidate_grids(puzzle: &Sudoku, steps: &[Step]) -> Result<Vec<String>> {
    let mut board = Board::new(puzzle).map_err(|_| Error::usage("the clues clash"))?;
    let side = puzzle.shape().side();
    let mut grids = Vec::with_capacity(steps.len());
    for (k, step) in steps.iter().enumerate() {
        grids.push(text::candidates(&board));
        let found = Found::of_step(step, side, k)?;
        apply(&mut board, &found).map_err(|(what, c, d)| {
            Error::usage(format!("step {k} {what} {d} at {}", board.geo.cell_name(c)))
        })?;
    }
    Ok(grids)
}

/// Explains `puzzle`: the steps from its clues to its solution, each checked, and its rating.
///
/// A grid with no solution gives [`Outcome::NoSolution`] (naming the clash when
/// two clues conflict); one with several gives the steps up to where the
/// solutions part and [`Outcome::Several`]; no unique-rectangle step is used then.
pub(crate) fn explain(puzzle: &Sudoku, set: TechniqueSet, ctl: &Control) -> Result<Explanation> {
    let shape = puzzle.shape();
    let mut explanation = Explanation {
        size: shape.side(),
        box_shape: shape.box_dims(),
        puzzle: puzzle.to_line(),
        clues: puzzle.clues(),
        techniques: set,
        solution: None,
        rating: None,
        hardest: None,
        outcome: Outcome::Solved,
        steps: Vec::new(),
        candidates: Vec::new(),
    };
    let (mut board, truth) = match start(puzzle, None, ctl)? {
        Start::Ready(board, truth) => (board, truth),
        Start::Over(outcome) => {
            explanation.outcome = outcome;
            return Ok(explanation);
        }
    };
    let unique = truth.second.is_none();
    let side = shape.side();
    let mut hardest: Option<(u16, Technique)> = None;
    let cap = budget::Cap::default();
    while !board.is_full() {
        if ctl.stopped() {
            explanation.outcome = Outcome::Interrupted;
            return Ok(explanation);
        }
        let refusal = budget::forcing_refusal(&board, &cap);
        let fits = refusal.is_none();
        let Some(found) = next_step(&board, set, unique, &truth.first, unique, fits, ctl) else {
            if let (Some(e), false) = (refusal, ctl.stopped()) {
                return Err(e);
            }
            explanation.outcome = if unique {
                Outcome::Interrupted
            } else {
                parting(&board, &truth)
            };
            return Ok(explanation);
        };
        check_and_apply(&mut board, &found, &truth)?;
        if hardest.is_none_or(|(r, _)| found.rating > r) {
            hardest = Some((found.rating, found.technique));
        }
        explanation.steps.push(found.to_step(side));
        ctl.progress().advance(1);
    }
    let end = board.grid();
    let solution =
        Sudoku::with_shape(shape, truth.first.clone()).map_err(|e| Error::Check(e.to_string()))?;
    if end != solution {
        return Err(Error::Check("the steps do not end in the solution".into()));
    }
    puzzle
        .check_solution(&end)
        .map_err(|e| Error::Check(e.to_string()))?;
    let replayed =
        replay(puzzle, None, &explanation.steps).map_err(|e| Error::Check(e.to_string()))?;
    if replayed != end {
        return Err(Error::Check(
            "the steps replayed do not give the solution".into(),
        ));
    }
    explanation.solution = Some(end.to_line());
    explanation.rating = hardest.map(|(r, _)| Rating(r));
    explanation.hardest = hardest.map(|(_, t)| t);
    Ok(explanation)
}

/// Where two solutions part: the first empty cell whose digit differs.
fn parting(board: &Board, truth: &Truth) -> Outcome {
    let side = board.side();
    let second = truth.second.as_deref().unwrap_or(&truth.first);
    let c = (0..board.value.len())
        .find(|&c| truth.first[c] != second[c])
        .unwrap_or(0);
    Outcome::Several {
        cell: [c / side, c % side],
        digits: [truth.first[c], second[c]],
    }
}

/// The next step for a partly filled grid (clues and entries alike), with `marks` as the candidates when given.
///
/// Pencil marks that exclude a filled cell's digit, or leave a cell with no
/// candidate, are refused; marks that remove a digit the grid needs are refused too.
pub(crate) fn hint(
    grid: &Sudoku,
    marks: Option<&PencilMarks>,
    set: TechniqueSet,
    ctl: &Control,
) -> Result<Hint> {
    let shape = grid.shape();
    let mut hint = Hint {
        size: shape.side(),
        box_shape: shape.box_dims(),
        puzzle: grid.to_line(),
        clues: grid.clues(),
        techniques: set,
        outcome: Outcome::Solved,
        step: None,
    };
    let (mut board, truth) = match start(grid, marks, ctl)? {
        Start::Ready(board, truth) => (board, truth),
        Start::Over(outcome) => {
            hint.outcome = outcome;
            return Ok(hint);
        }
    };
    if board.is_full() {
        return Ok(hint);
    }
    let unique = truth.second.is_none();
    let refusal = budget::forcing_refusal(&board, &budget::Cap::default());
    let fits = refusal.is_none();
    match next_step(&board, set, unique, &truth.first, unique, fits, ctl) {
        Some(found) => {
            check_and_apply(&mut board, &found, &truth)?;
            hint.step = Some(found.to_step(shape.side()));
        }
        None => {
            if let (Some(e), false) = (refusal, ctl.stopped()) {
                return Err(e);
            }
            hint.outcome = if unique {
                Outcome::Interrupted
            } else {
                parting(&board, &truth)
            }
        }
    }
    Ok(hint)
}

/// Rates `puzzle`: the rating of its explanation's hardest step.
pub(crate) fn rate(puzzle: &Sudoku, set: TechniqueSet, ctl: &Control) -> Result<Rated> {
    let e = explain(puzzle, set, ctl)?;
    Ok(Rated {
        techniques: set,
        rating: e.rating,
        hardest: e.hardest,
        steps: e.steps.len(),
        outcome: e.outcome,
    })
}

/// The rating of one batch line: its number, grid and rating, or its number and why it is not a puzzle.
pub(crate) type LineRating = std::result::Result<(usize, Sudoku, Rated), (usize, Error)>;

/// Rates every puzzle of a batch (one per line; blank lines and lines starting with `#` are skipped),
/// in order, giving each line's grid and rating, or its parse error, to `visit`; the boxes are `shape`, or
/// the squarest for each line's cell count. Returns whether every line was rated (false when
/// `ctl` stopped it, or `visit` broke).
pub(crate) fn rate_batch(
    source: &Source,
    shape: Option<Shape>,
    set: TechniqueSet,
    ctl: &Control,
    visit: &mut dyn FnMut(LineRating) -> ControlFlow<()>,
) -> bool {
    let lines: Vec<(usize, &str)> = source
        .text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    ctl.progress().set_total(lines.len() as u64);
    // The bar counts puzzles: each rating's own steps are not shown.
    let each = ctl
        .clone()
        .with_progress(std::sync::Arc::new(crate::control::NoProgress));
    for (line, text) in lines {
        if ctl.stopped() {
            return false;
        }
        let rated = super::parse::line_puzzle(source, line, text, shape)
            .and_then(|grid| rate(&grid, set, &each).map(|rated| (line, grid, rated)))
            .map_err(|e| (line, e));
        ctl.progress().advance(1);
        if visit(rated).is_break() {
            return false;
        }
    }
    ctl.progress().finish();
    !ctl.stopped()
}

/// The candidates of the cells of `cells` joined, for texts: `{3,7}`.
pub(crate) fn cands_name(mask: u64) -> String {
    let d: Vec<String> = digits(mask).map(|d| d.to_string()).collect();
    format!("{{{}}}", d.join(","))
}

#[cfg(test)]
mod tests;
