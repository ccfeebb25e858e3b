//! Press patterns: which cells a press changes, relative to the pressed cell (the cross of the classic game, the 3×3 square, the X, the knight, or any stencil).
//!
//! A stencil is written as rows of `.` (unchanged) and `#` (changed), the
//! pressed cell marked `@` (changed too) or `o` (left alone, as in the σ game
//! of Sutner). Without a mark, a stencil of odd height and width is centred
//! on its middle cell.

use crate::error::{Error, Result};
use crate::input::Source;

/// The widest and tallest stencil accepted (so a press changes at most 15 × 15 cells).
pub const MAX_STENCIL_SIDE: usize = 15;

/// The cells a press changes, as `(row, column)` offsets from the pressed cell.
///
/// ```
/// use puzzles::lightsout::Pattern;
///
/// let knight = Pattern::named("knight").unwrap();
/// assert_eq!(knight.offsets().len(), 9);
/// assert!(Pattern::named("cross").unwrap().is_cross());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pattern {
    name: String,
    offsets: Vec<(i32, i32)>,
}

/// The built-in patterns' names, the default first.
pub const PATTERN_NAMES: [&str; 4] = ["cross", "plus-x", "x", "knight"];

impl Default for Pattern {
    fn default() -> Self {
        Pattern::cross()
    }
}

impl Pattern {
    /// The classic press: the cell and its four orthogonal neighbours.
    pub fn cross() -> Self {
        Pattern::from_offsets("cross", &[(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)])
    }

    /// A built-in pattern by name: `cross`, `plus-x` (the 3×3 square), `x`
    /// (the cell and its diagonals) or `knight` (the cell and its knight moves).
    pub fn named(name: &str) -> Option<Self> {
        let square: Vec<(i32, i32)> = (-1..=1)
            .flat_map(|r| (-1..=1).map(move |c| (r, c)))
            .collect();
        match name {
            "cross" => Some(Pattern::cross()),
            "plus-x" => Some(Pattern::from_offsets(name, &square)),
            "x" => Some(Pattern::from_offsets(
                name,
                &[(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
            )),
            "knight" => {
                let mut moves: Vec<(i32, i32)> = vec![(0, 0)];
                for (a, b) in [(1, 2), (2, 1)] {
                    for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        moves.push((sa * a, sb * b));
                    }
                }
                Some(Pattern::from_offsets(name, &moves))
            }
            _ => None,
        }
    }

    fn from_offsets(name: &str, offsets: &[(i32, i32)]) -> Self {
        let mut offsets = offsets.to_vec();
        offsets.sort_unstable();
        offsets.dedup();
        Pattern {
            name: name.to_string(),
            offsets,
        }
    }

    /// The pattern a user names in one word: a built-in name, a stencil file,
    /// or a one-line stencil (`.#./#@#/.#.`); refused in one line saying
    /// which of the three `arg` is not.
    ///
    /// ```
    /// use puzzles::lightsout::Pattern;
    /// assert!(Pattern::from_arg("knight").is_ok());
    /// assert!(Pattern::from_arg(".#./#@#/.#.").unwrap().is_cross());
    /// assert!(Pattern::from_arg("/nonexistent/x").unwrap_err().to_string().contains("no such file"));
    /// ```
    pub fn from_arg(arg: &str) -> Result<Self> {
        if let Some(p) = Pattern::named(arg) {
            return Ok(p);
        }
        let path = std::path::Path::new(arg);
        if path.is_file() {
            return Pattern::parse(&Source::read(arg)?);
        }
        // A one-line stencil holds only its cells, the pressed cell and `/` between rows.
        if arg.chars().all(|c| ".#o@/ ".contains(c)) {
            return arg.parse();
        }
        let what = if path.exists() {
            "not a file"
        } else {
            "no such file"
        };
        Err(Error::usage(format!(
            "unknown press pattern '{}': {what}, not a stencil (rows of . and # with the pressed cell @ or o, joined by /), nor one of {}",
            arg.escape_debug(),
            PATTERN_NAMES.join(", ")
        )))
    }

    /// Reads a stencil: rows of `.`/`#` with the pressed cell marked `@`
    /// (changed) or `o` (unchanged); spaces are ignored. Refused: rows of
    /// different lengths, two marks, no mark on a stencil of even side, a
    /// stencil that changes nothing, or one wider or taller than `MAX_STENCIL_SIDE`.
    pub fn parse(source: &Source) -> Result<Self> {
        let mut rows: Vec<Vec<char>> = Vec::new();
        let mut centre: Option<(usize, usize)> = None;
        for (i, line) in source.text.lines().enumerate() {
            let mut row = Vec::new();
            for (j, ch) in line.chars().enumerate() {
                match ch {
                    '.' | '#' => row.push(ch),
                    'o' | '@' => {
                        if centre.is_some() {
                            return Err(source.error(i + 1, j + 1, "a second pressed cell"));
                        }
                        centre = Some((rows.len(), row.len()));
                        row.push(ch);
                    }
                    ' ' | '\t' | '\r' => {}
                    other => {
                        return Err(source.error(
                            i + 1,
                            j + 1,
                            format!(
                                "'{}' is not a stencil cell: use . and #, the pressed cell o or @",
                                other.escape_debug()
                            ),
                        ))
                    }
                }
            }
            if row.is_empty() {
                continue;
            }
            if let Some(first) = rows.first() {
                if row.len() != first.len() {
                    return Err(source.error(
                        i + 1,
                        1,
                        format!("row has {} cells, the first row {}", row.len(), first.len()),
                    ));
                }
            }
            if rows.len() == MAX_STENCIL_SIDE || row.len() > MAX_STENCIL_SIDE {
                return Err(source.error(
                    i + 1,
                    1,
                    format!("a stencil is at most {MAX_STENCIL_SIDE}×{MAX_STENCIL_SIDE}"),
                ));
            }
            rows.push(row);
        }
        let (h, w) = (rows.len(), rows.first().map_or(0, Vec::len));
        if h == 0 {
            return Err(source.error(1, 1, "no stencil: the input is empty"));
        }
        let (cr, cc) = match centre {
            Some(c) => c,
            None if h % 2 == 1 && w % 2 == 1 => (h / 2, w / 2),
            None => {
                return Err(source.error(
                    1,
                    1,
                    format!(
                        "a {h}×{w} stencil has no middle cell: mark the pressed cell with @ or o"
                    ),
                ))
            }
        };
        let offsets: Vec<(i32, i32)> = rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &ch)| (r, c, ch)))
            .filter(|&(_, _, ch)| ch == '#' || ch == '@')
            .map(|(r, c, _)| (r as i32 - cr as i32, c as i32 - cc as i32))
            .collect();
        if offsets.is_empty() {
            return Err(source.error(1, 1, "the stencil changes no cell"));
        }
        let unnamed = Pattern::from_offsets("", &offsets);
        Ok(Pattern::from_offsets(&unnamed.stencil(), &offsets))
    }

    /// The name: a built-in's, or the stencil as one line (see [`Pattern::stencil`]).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The pattern as a one-line stencil, rows joined by `/`: the smallest
    /// rectangle holding the pressed cell and the changed ones, `#` a changed
    /// cell, `@` the pressed cell when it changes, `o` when it does not.
    ///
    /// ```
    /// use puzzles::lightsout::Pattern;
    /// assert_eq!(Pattern::cross().stencil(), ".#./#@#/.#.");
    /// assert_eq!("#o/..".parse::<Pattern>().unwrap().stencil(), "#o");
    /// ```
    pub fn stencil(&self) -> String {
        let cells = self.offsets.iter().copied().chain([(0, 0)]);
        let (top, bottom) = cells
            .clone()
            .fold((0, 0), |(a, b), (r, _)| (a.min(r), b.max(r)));
        let (left, right) = cells.fold((0, 0), |(a, b), (_, c)| (a.min(c), b.max(c)));
        let rows: Vec<String> = (top..=bottom)
            .map(|r| {
                (left..=right)
                    .map(|c| {
                        match (
                            self.offsets.binary_search(&(r, c)).is_ok(),
                            (r, c) == (0, 0),
                        ) {
                            (true, true) => '@',
                            (false, true) => 'o',
                            (true, false) => '#',
                            (false, false) => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    /// The offsets `(row, column)` of the changed cells, sorted.
    pub fn offsets(&self) -> &[(i32, i32)] {
        &self.offsets
    }

    /// Whether this is the classic cross.
    pub fn is_cross(&self) -> bool {
        self.offsets == Pattern::cross().offsets
    }

    /// Whether pressing `a` changes `b` exactly when pressing `b` changes `a`
    /// (the press matrix is symmetric).
    pub fn is_symmetric(&self) -> bool {
        self.offsets
            .iter()
            .all(|&(r, c)| self.offsets.binary_search(&(-r, -c)).is_ok())
    }

    /// How many rows above the pressed cell the pattern reaches, when light
    /// chasing works: the top row of the pattern is the single cell straight
    /// above the pressed one, so a light is settled by the press right below
    /// it. `None` when chasing does not apply.
    pub fn chase_reach(&self) -> Option<usize> {
        let top = self.offsets.first()?.0;
        let top_row: Vec<_> = self.offsets.iter().filter(|o| o.0 == top).collect();
        (top <= 0 && top_row.len() == 1 && top_row[0].1 == 0).then_some((-top) as usize)
    }

    /// The same pattern with every offset moved by `f` (a reflection or a quarter turn).
    pub(crate) fn mapped(&self, f: impl Fn((i32, i32)) -> (i32, i32)) -> Self {
        let offsets: Vec<(i32, i32)> = self.offsets.iter().map(|&o| f(o)).collect();
        Pattern::from_offsets(&self.name, &offsets)
    }

    /// The lowest row offset (0 or below the pressed cell).
    pub(crate) fn reach_below(&self) -> usize {
        self.offsets.iter().map(|o| o.0).max().unwrap_or(0).max(0) as usize
    }
}

/// A pattern as typed in one word: a built-in name or a one-line stencil.
impl std::str::FromStr for Pattern {
    type Err = Error;

    /// A built-in name, or a one-line stencil with rows separated by `/` (`.#./#@#/.#.`).
    fn from_str(s: &str) -> Result<Self> {
        match Pattern::named(s) {
            Some(p) => Ok(p),
            None if s.contains(['#', '@', 'o']) => {
                Pattern::parse(&Source::from_text("<pattern>", s.replace('/', "\n")))
            }
            None => Err(Error::usage(format!(
                "unknown press pattern '{}': the patterns are {}, or a stencil",
                s.escape_debug(),
                PATTERN_NAMES.join(", ")
            ))),
        }
    }
}

/// In JSON a pattern is its name: a built-in's, or the one-line stencil.
impl serde::Serialize for Pattern {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.name)
    }
}

impl<'de> serde::Deserialize<'de> for Pattern {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
