//! What Lights Out is asked and what it answers: a [`Request`] (the board,
//! the game's rules, the method and the mode), its verified [`Answer`], and
//! the [`Item`]s it streams (listed solutions, nullity-table rows, steps),
//! with the data they carry. [`crate::GridPuzzle::answer`] takes the one to
//! give the other.
//!
//! Every variant is a field of the one request: K states, any press
//! pattern, the torus, and graphs (σ and σ+). The classic game (two states,
//! the cross) keeps its own fast paths (light chasing, Sutner's polynomial
//! gcd, boards of 10^8 cells held as bits).

use super::cells::Cells;
use super::{LightsOutMethod, Pattern, Variant};
use crate::control::{Stop, Tally};
use crate::error::{Error, Result};
use crate::flaw::Checked;
use crate::listing::Limit;
use crate::render::Picture;
use serde::{Deserialize, Serialize};

/// Largest board whose quiet patterns a report spells out, in cells (all patterns together).
pub const MAX_PRINTED_CELLS: usize = 1 << 20;

/// Where the board to solve comes from: a given state, a random board, or a graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoardSource {
    /// A given state: rows of `0`/`1` or `.`/`#` (two states), of digits then
    /// letters (up to 36 states), or of numbers separated by blanks (beyond).
    Given {
        /// Where the text comes from, named in errors (a file name, `<stdin>`).
        #[serde(default = "state_name")]
        name: String,
        /// The rows, one per line.
        text: String,
    },
    /// A uniformly random state of this shape, from `seed` (a fresh seed when `None`).
    Random {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The seed, reported so the run can be repeated.
        #[serde(default)]
        seed: Option<u64>,
    },
    /// A graph: one edge `u v` per line (`#` comments) or DIMACS `p edge`.
    Graph {
        /// Where the text comes from, named in errors.
        #[serde(default = "graph_name")]
        name: String,
        /// The edges.
        text: String,
        /// The vertices at state 1 at the start (`None`: all of them).
        #[serde(default)]
        on: Option<Vec<String>>,
        /// Whether a press changes the vertex itself (σ+) or its neighbours only (σ).
        #[serde(default)]
        rule: GraphRule,
    },
}

fn state_name() -> String {
    "state".into()
}

fn graph_name() -> String {
    "graph".into()
}

/// The two games on a graph (Sutner's σ+ and σ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum GraphRule {
    /// A press changes the vertex and its neighbours.
    #[default]
    #[serde(rename = "sigma+")]
    SigmaPlus,
    /// A press changes the neighbours only.
    #[serde(rename = "sigma")]
    Sigma,
}

/// What to do with the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Mode {
    /// One solution, or the witness that there is none.
    Solve {
        /// The solution with the fewest presses (exact while the solutions are few
        /// enough to compare; a stop keeps the lightest seen).
        #[serde(default)]
        fewest: bool,
        /// Also report a basis of the quiet patterns (presses that change nothing).
        #[serde(default)]
        quiet_patterns: bool,
    },
    /// Only the number of solutions.
    Count,
    /// Every solution, streamed (at most `limit`; without one, only a
    /// listing known to be short is started).
    List {
        /// The most solutions to list.
        #[serde(default)]
        limit: Limit,
    },
    /// A player's or a student's presses checked: pressed on the board, the
    /// lights left on counted.
    Check {
        /// The presses as the answers write them: on a grid, rows of counts
        /// (`[[1,0],[0,1]]`, or the rows as a file of presses writes them,
        /// `["X.", ".X"]`); on a graph, the vertices pressed (`["a", "c*2"]`,
        /// `name*c` for `c` presses).
        presses: Pressed,
    },
    /// The nullity of every n×n board for n in `from..=to` (no board given), streamed.
    Table {
        /// The first side.
        from: usize,
        /// The last side.
        to: usize,
    },
    /// The cells a press changes, as the request's pattern reads (no board given).
    Pattern,
    /// The board solved step by step, as the Lights Out lab (`method` gauss,
    /// the default) or chapter (`chase`) does it by hand; at most
    /// `max_steps` steps streamed, the rest counted.
    Steps {
        /// The most steps to stream.
        #[serde(default)]
        max_steps: Limit,
    },
}

impl Default for Mode {
    fn default() -> Self {
        Mode::Solve {
            fewest: false,
            quiet_patterns: false,
        }
    }
}

/// One Lights Out question: the board, the game's rules, the method and the mode.
///
/// ```
/// use puzzles::lightsout::{LightsOut, Answer, BoardSource, Mode, Request};
/// use puzzles::{Control, GridPuzzle, NoItems};
///
/// let board = BoardSource::Random { rows: 6, cols: 6, seed: Some(1) };
/// let Answer::Solve(s) = LightsOut::answer(&Request::new(board.clone()), &Control::new(), &mut NoItems)? else { panic!() };
/// assert!(s.solvable);
/// assert_eq!(s.solutions, "1"); // 6×6 has nullity 0
/// assert_eq!(s.press_count, Some(20));
///
/// // Lights Out 2000: three states; the 4×4 board all at state 1, its solutions listed.
/// let mut request = Request::new(BoardSource::Given { name: "b".into(), text: "1111\n".repeat(4) });
/// request.states = 3;
/// request.mode = Mode::List { limit: Default::default() };
/// let mut listed = Vec::new();
/// let Answer::List(end) = LightsOut::answer(&request, &Control::new(), &mut listed)? else { panic!() };
/// assert_eq!((listed.len() as u64, end.complete), (end.listed, true));
/// # Ok::<(), puzzles::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The board (none for a nullity table).
    #[serde(default)]
    pub board: Option<BoardSource>,
    /// K, the states of a cell (2..=255): a press adds 1 mod K to every cell it changes.
    #[serde(default = "two")]
    pub states: u32,
    /// The cells a press changes (grids only).
    #[serde(default)]
    pub pattern: Pattern,
    /// Presses wrap around the edges (grids only).
    #[serde(default)]
    pub torus: bool,
    /// How the system is solved (`None`: the fastest that applies).
    #[serde(default)]
    pub method: Option<LightsOutMethod>,
    /// What to do.
    #[serde(flatten)]
    pub mode: Mode,
}

fn two() -> u32 {
    2
}

impl Request {
    /// Solve `board` in the classic game (two states, the cross, the plane) by the fastest method.
    pub fn new(board: BoardSource) -> Self {
        Request {
            board: Some(board),
            states: 2,
            pattern: Pattern::cross(),
            torus: false,
            method: None,
            mode: Mode::default(),
        }
    }

    /// The game's rules on a grid.
    pub fn variant(&self) -> Result<Variant> {
        Variant::new(self.states, self.pattern.clone(), self.torus)
    }

    /// Whether the rules are the classic game's (two states, the cross): its fast paths apply.
    pub fn is_classic(&self) -> bool {
        self.states == 2 && self.pattern.is_cross()
    }
}

/// The board an answer is about, beside its results (flattened into the report's keys).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Setup {
    /// A grid.
    Grid(GridSetup),
    /// A graph.
    Graph(GraphSetup),
}

/// A grid board and its rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridSetup {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The seed of a random board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// K.
    pub states: u8,
    /// The press pattern: a built-in's name or the stencil as one line.
    pub pattern: String,
    /// Whether presses wrap around the edges.
    pub torus: bool,
}

/// A graph and its rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphSetup {
    /// Number of vertices.
    pub vertices: usize,
    /// Number of edges.
    pub edges: usize,
    /// K.
    pub states: u8,
    /// σ+ or σ.
    pub game: GraphRule,
}

impl Setup {
    /// K, the states of a cell or vertex.
    pub fn states(&self) -> u8 {
        match self {
            Setup::Grid(g) => g.states,
            Setup::Graph(g) => g.states,
        }
    }

    /// Whether this is the classic game on a grid (two states, the cross): its text shows lights as `#`.
    pub fn is_classic_grid(&self) -> bool {
        matches!(self, Setup::Grid(g) if g.states == 2 && g.pattern == "cross")
    }
}

/// Presses (or a witness): a board of counts on a grid, vertex names on a graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Pressed {
    /// How many times each cell, as a board.
    Cells(Cells),
    /// The vertices, each `name*c` when pressed `c > 1` times.
    Vertices(Vec<String>),
}

impl Pressed {
    /// The board, on a grid.
    pub fn cells(&self) -> Option<&Cells> {
        match self {
            Pressed::Cells(c) => Some(c),
            Pressed::Vertices(_) => None,
        }
    }

    /// The vertices, on a graph.
    pub fn vertices(&self) -> Option<&[String]> {
        match self {
            Pressed::Vertices(v) => Some(v),
            Pressed::Cells(_) => None,
        }
    }
}

/// A solved (or proven unsolvable) board: the same keys in text and JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The board and its rules.
    #[serde(flatten)]
    pub setup: Setup,
    /// How the system was solved.
    pub method: LightsOutMethod,
    /// The states of a grid's cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<Cells>,
    /// Whether some presses bring every cell to 0.
    pub solvable: bool,
    /// The number of basis quiet patterns (the kernel's dimension when K is prime).
    pub nullity: usize,
    /// The number of solutions (0 when unsolvable), an exact decimal string.
    pub solutions: String,
    /// The presses, verified (null when unsolvable, or when a front end wrote them to `output`).
    pub presses: Option<Pressed>,
    /// The sum of the press counts.
    pub press_count: Option<u64>,
    /// With the fewest presses asked: whether `press_count` is proven the fewest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minimal: Option<bool>,
    /// When unsolvable: `w` with `w·M = 0` and `w·state ≠ 0` (mod K), checked.
    pub witness: Option<Pressed>,
    /// Two states: how many lights the witness overlaps (odd).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overlap: Option<u64>,
    /// A basis of the quiet patterns, when asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quiet_patterns: Option<Vec<Cells>>,
    /// The additive order of each basis quiet pattern, when asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quiet_orders: Option<Vec<u32>>,
    /// The search for the fewest presses was stopped: `press_count` is the fewest seen.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
    /// Where a front end wrote the presses (a file, for huge boards): `presses` is then
    /// null, and the text leaves the boards out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
}

/// The number of solutions of a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolutionCount {
    /// The board and its rules.
    #[serde(flatten)]
    pub setup: Setup,
    /// How the system was solved.
    pub method: LightsOutMethod,
    /// The states of a grid's cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<Cells>,
    /// Whether some presses bring every cell to 0.
    pub solvable: bool,
    /// The number of basis quiet patterns.
    pub nullity: usize,
    /// The number of solutions (0 when unsolvable), an exact decimal string.
    pub solutions: String,
}

/// One listed solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedPresses {
    /// Its place in the listing, from 1.
    pub index: u64,
    /// How many times each cell is pressed.
    pub presses: Cells,
    /// The sum of the press counts.
    pub press_count: u64,
}

/// The end of a listing of solutions (the solutions went to the sink).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PressListing {
    /// The board and its rules.
    #[serde(flatten)]
    pub setup: Setup,
    /// How the system was solved.
    pub method: LightsOutMethod,
    /// Whether the board has solutions at all.
    pub solvable: bool,
    /// The number of basis quiet patterns.
    pub nullity: usize,
    /// The number of solutions, an exact decimal string.
    pub solutions: String,
    /// The solutions listed.
    pub listed: u64,
    /// Whether every solution was listed.
    pub complete: bool,
    /// Why the listing stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// One row of the nullity table: the board and its rules, and its nullity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NullityRow {
    /// Rows (= columns).
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// K: the states of a cell.
    pub states: u8,
    /// The press pattern: a built-in name or the stencil's text.
    pub pattern: String,
    /// Whether presses wrap around the edges.
    pub torus: bool,
    /// The dimension of the quiet patterns of the n×n board (over GF(K) for K
    /// prime; the number of independent generators of the kernel otherwise).
    pub nullity: usize,
}

/// The end of a nullity table (the rows went to the sink).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NullityTable {
    /// K.
    pub states: u8,
    /// The press pattern.
    pub pattern: String,
    /// Whether presses wrap around the edges.
    pub torus: bool,
    /// The first side.
    pub from: usize,
    /// The last side.
    pub to: usize,
    /// The rows given.
    pub listed: u64,
    /// Whether every row was given.
    pub complete: bool,
    /// Why the table stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// A press pattern as the library reads it: the cells a press changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PressPattern {
    /// The pattern: a built-in's name or the stencil as one line.
    pub pattern: String,
    /// The pattern as a one-line stencil (`.#./#@#/.#.`).
    pub stencil: String,
    /// The changed cells as `[row, col]` offsets from the pressed cell, sorted.
    pub offsets: Vec<[i32; 2]>,
    /// K.
    pub states: u32,
    /// Whether presses wrap around the edges.
    pub torus: bool,
}

/// One streamed item: a listed solution or a row of the nullity table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Item {
    /// A listed solution.
    Solution(ListedPresses),
    /// A row of the nullity table.
    Size(NullityRow),
    /// A step of the elimination or the chasing.
    Step(LightsStep),
}

/// The answer to a [`Request`], one variant per mode; JSON carries the mode
/// as `"mode"` beside the report's own keys.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum Answer {
    /// One solution (the fewest presses when asked), or the witness that there is none.
    Solve(Solution),
    /// The number of solutions.
    Count(SolutionCount),
    /// The end of a listing of solutions.
    List(PressListing),
    /// The end of a nullity table.
    Table(NullityTable),
    /// The press pattern as read.
    Pattern(PressPattern),
    /// Presses checked.
    Check(PressCheck),
    /// The end of a board solved step by step (the steps went to the sink).
    Steps(LightsSteps),
}

/// Presses checked: the board, the presses, what is left on, the verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PressCheck {
    /// The board and its rules.
    #[serde(flatten)]
    pub setup: Setup,
    /// The states of the board's cells; on a graph, the vertices that are
    /// on (`name*c` at state `c` > 1).
    pub state: Pressed,
    /// The presses checked: how many times each cell (each vertex).
    pub presses: Pressed,
    /// The sum of the press counts.
    pub press_count: u64,
    /// The states after the presses, as `state` (null when the presses do
    /// not fit the board).
    pub after: Option<Pressed>,
    /// Right (every light off), or the first light left on.
    #[serde(flatten)]
    pub checked: Checked,
}

/// One step of Lights Out's elimination or chasing; JSON names its kind as
/// `"step"`. Rows, columns and cells count from 0; a matrix or a board is
/// its rows as strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum LightsStep {
    /// The elimination: one pivot, its row operations and the augmented
    /// matrix after them (row `i` is the equation of cell `i`, column `j`
    /// the press of cell `j`, the last column the lights).
    Pivot {
        /// Its place among the steps, from 1.
        index: u64,
        /// The pivot's `[row, column]` in the matrix, after the swap.
        pivot: [usize; 2],
        /// The two rows swapped to bring the pivot up, if any.
        swapped: Option<[usize; 2]>,
        /// The rows the pivot row was added to (mod 2).
        added_to: Vec<usize>,
        /// The augmented matrix after the operations: rows of `0`/`1`.
        matrix: Vec<String>,
    },
    /// The chasing: the presses of one row, each under a light still on in
    /// the row above (or, the first row of the second chase, the first row
    /// found), and the board after them.
    Chase {
        /// Its place among the steps, from 1.
        index: u64,
        /// 1: the harvest, with the first row unpressed; 2: the chase from the first row found.
        chase: u8,
        /// The row pressed.
        row: usize,
        /// Its presses: `X` pressed, `.` not.
        presses: String,
        /// The board after them: `#` on, `.` off.
        lights: Vec<String>,
    },
    /// The chasing: the first row's system `B·p = harvest`, one equation
    /// per light of the last row (the chapter's `B₅ = A⁵ + A` for 5×5).
    System {
        /// Its place among the steps, from 1.
        index: u64,
        /// The unknowns: the first row's presses.
        unknowns: usize,
        /// The lights the harvest left in the last row: `#` on, `.` off.
        harvest: String,
        /// The augmented rows: `B`'s coefficients, then the harvest's bit.
        equations: Vec<String>,
    },
    /// The chasing: the first row's system solved.
    FirstRow {
        /// Its place among the steps, from 1.
        index: u64,
        /// The first row's presses (free unknowns at 0), `None` when the system has no solution.
        presses: Option<String>,
        /// The number of free unknowns.
        nullity: usize,
    },
}

/// The end of a board solved step by step (the steps went to the sink).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LightsSteps {
    /// The board and its rules.
    #[serde(flatten)]
    pub setup: GridSetup,
    /// `gauss` (the lab's elimination) or `chase` (the chapter's chasing).
    pub method: LightsOutMethod,
    /// The lights at the start.
    pub state: Cells,
    /// The steps the method took.
    pub steps: u64,
    /// The steps not streamed (past `max_steps`).
    pub not_shown: u64,
    /// Whether some presses switch every light off.
    pub solvable: bool,
    /// The free unknowns: the lab's three outcomes are a unique solution
    /// (0), several (2^nullity) and none (`solvable` false).
    pub nullity: usize,
    /// The number of solutions, an exact decimal string (0 when unsolvable).
    pub solutions: String,
    /// The elimination: the row of the final matrix that reads `0 = 1`, when unsolvable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contradiction: Option<usize>,
    /// The presses found (free unknowns at 0), replayed on the board.
    pub presses: Option<Cells>,
    /// The number of presses.
    pub press_count: Option<u64>,
}

impl PressListing {
    /// The end of a grid's listing: its board, its method, whether it is
    /// solvable with its nullity and solution count, and how far the listing went.
    pub(crate) fn ended(
        setup: GridSetup,
        method: LightsOutMethod,
        (solvable, nullity, solutions): (bool, usize, String),
        tally: Tally,
    ) -> Self {
        PressListing {
            setup: Setup::Grid(setup),
            method,
            solvable,
            nullity,
            solutions,
            listed: tally.found,
            complete: tally.is_complete(),
            stopped: tally.stopped,
        }
    }
}

impl Solution {
    /// The count of this solution's board (what [`Mode::Count`] answers).
    pub(crate) fn count(self) -> SolutionCount {
        SolutionCount {
            setup: self.setup,
            method: self.method,
            state: self.state,
            solvable: self.solvable,
            nullity: self.nullity,
            solutions: self.solutions,
        }
    }
}

impl Answer {
    /// The board drawn as SVG: alone (a printable exercise sheet), or with
    /// the presses (the classic game's red dots, or the press counts as a
    /// second board beside it). A graph, a listing and a table have no one
    /// board to draw: refused in one line.
    pub fn svg(&self, picture: Picture) -> Result<String> {
        let (setup, state, presses) = match self {
            Answer::Solve(s) => (&s.setup, s.state.as_ref(), s.presses.as_ref()),
            Answer::Count(c) => (&c.setup, c.state.as_ref(), None),
            Answer::Steps(s) => {
                let presses = picture.shows(s.presses.as_ref());
                return super::board_svg(2, true, &s.state, presses);
            }
            Answer::Check(c) => {
                let (Setup::Grid(grid), Some(state)) = (&c.setup, c.state.cells()) else {
                    return Err(Error::usage("a graph has no board to draw"));
                };
                let presses = picture.shows(c.presses.cells());
                return super::board_svg(grid.states, c.setup.is_classic_grid(), state, presses);
            }
            Answer::List(_) | Answer::Table(_) | Answer::Pattern(_) => {
                return Err(Error::usage(
                    "a listing, a table or a pattern has no one board to draw",
                ))
            }
        };
        let (Setup::Grid(grid), Some(state)) = (setup, state) else {
            return Err(Error::usage("a graph has no board to draw"));
        };
        let presses = picture.shows(presses.and_then(Pressed::cells));
        super::board_svg(grid.states, setup.is_classic_grid(), state, presses)
    }
}
