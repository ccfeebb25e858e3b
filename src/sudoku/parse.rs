//! Reading Sudoku text: one grid in any of the usual layouts, or a batch with one puzzle per line.
//!
//! Cells are one character each (`1`–`9`, then `A`–`Z` for 10–35, either
//! case; `.`, `0` or `_` empty) or whitespace-separated numbers (`0` or `.`
//! empty). `|`, `-`, `+` and spaces are layout and ignored; lines starting
//! with `#` are comments; lines made only of layout are rules between bands.
//! The shape comes from the cell count (N² cells make an N×N board, with
//! the squarest boxes, never taller than wide: 36 cells are 6×6 in 2×3
//! boxes), or is given (boxes of R×C cells, the `_shaped` readers).
//!
//! A text whose lines are each a whole puzzle is a batch (the benchmark
//! format), except that N lines of N cells are one grid (16 lines of 16
//! cells are a 16×16 grid, not sixteen 4×4 puzzles).

use super::{Grid9, Shape, Sudoku};
use crate::error::{Error, Result};
use crate::input::Source;

/// What a text holds.
#[derive(Debug)]
pub enum Input {
    /// One grid.
    Single(Sudoku),
    /// One puzzle per line, in order; a bad line is kept as its error.
    Batch(Vec<Entry>),
}

impl Input {
    /// Reads one grid or a batch from `source` with boxes of `shape` when given
    /// (else each shape from its cell count), every line of a batch parsed.
    ///
    /// ```
    /// use puzzles::input::Source;
    /// use puzzles::sudoku::{Input, Shape};
    ///
    /// // 36 cells: 2×3 boxes by default, 3×2 when asked.
    /// let text = Source::from_text("6x6", "1..... ...... ...... ...... ...... .....2");
    /// let Input::Single(grid) = Input::read(&text, Shape::new(3, 2).ok())? else { panic!() };
    /// assert_eq!(grid.shape().box_dims(), [3, 2]);
    /// assert!(Input::read(&text, Shape::new(3, 3).ok()).is_err());
    /// # Ok::<(), puzzles::Error>(())
    /// ```
    pub fn read(source: &Source, shape: Option<Shape>) -> Result<Input> {
        read(source, shape)
    }
}

/// One line of a batch.
#[derive(Debug)]
pub struct Entry {
    /// The 1-based line number in the source.
    pub line: usize,
    /// The puzzle, or why the line is not one.
    pub puzzle: Result<Sudoku>,
}

/// What a text holds, each batch line left unparsed until asked: a batch
/// streams through it without holding a grid per line.
#[derive(Debug)]
pub(crate) enum Scan<'a> {
    /// One grid.
    Single(Sudoku),
    /// One puzzle per line, in order.
    Batch(Batch<'a>),
}

/// The puzzle lines of a batch, split from the text as they are walked
/// ([`Batch::iter`]), never held: a benchmark file of tens of thousands of
/// lines is answered without a record per line (each page such a vector
/// first touches costs the kernel a fault: 130 of them, a quarter of all,
/// on a file of 10,000 puzzles decided in 30 ms).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Batch<'a> {
    /// The whole text.
    text: &'a str,
    /// How many puzzle lines it holds.
    len: usize,
    /// The box shape asked for, if any.
    shape: Option<Shape>,
}

impl<'a> Batch<'a> {
    /// How many puzzle lines the batch holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The puzzle lines in order.
    pub fn iter(&self) -> impl Iterator<Item = BatchLine<'a>> + 'a {
        content_lines(self.text, self.shape)
    }
}

/// The content lines of `text` (not a `#` comment, not only layout), in order.
fn content_lines(text: &str, shape: Option<Shape>) -> impl Iterator<Item = BatchLine<'_>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim_start();
            !t.starts_with('#') && !t.chars().all(is_layout)
        })
        .map(move |(i, text)| BatchLine {
            line: i + 1,
            text,
            shape,
        })
}

/// One line of a batch, parsed when asked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BatchLine<'a> {
    /// The 1-based line number in the source.
    pub line: usize,
    /// The text of the line.
    text: &'a str,
    /// The box shape asked for, if any.
    shape: Option<Shape>,
}

impl BatchLine<'_> {
    /// The grid of a line in the plain 9×9 benchmark form ([`Grid9::from_plain_line`]), if it is one
    /// (and no other box shape was asked).
    pub fn plain9(&self) -> Option<Grid9> {
        if self.shape.is_some_and(|s| s != Shape::CLASSIC) {
            return None;
        }
        Grid9::from_plain_line(self.text)
    }

    /// The puzzle on the line, in any form, or why it is not one (naming
    /// `source`, the line and the column).
    pub fn puzzle(&self, source: &Source) -> Result<Sudoku> {
        match self.plain9() {
            Some(grid) => Ok(grid.to_sudoku()),
            None => single(source, &[(self.line, self.text)], self.shape),
        }
    }
}

/// A cell as read: its value (0 empty, not yet checked against the order) and 1-based column.
#[derive(Debug, Clone, Copy)]
struct Cell {
    value: u32,
    col: usize,
}

/// A content line: its number, its text and its cells.
struct Line<'a> {
    no: usize,
    text: &'a str,
    cells: std::result::Result<Vec<Cell>, (usize, String)>,
}

/// Whether `c` only lays the grid out (box borders, spaces).
fn is_layout(c: char) -> bool {
    matches!(c, '|' | '-' | '+' | ' ' | '\t' | '\r')
}

/// The value of a one-character cell: `None` when it is not a symbol.
fn symbol_value(c: char) -> Option<u32> {
    match c {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(c as u32 - '0' as u32),
        'A'..='Z' => Some(c as u32 - 'A' as u32 + 10),
        'a'..='z' => Some(c as u32 - 'a' as u32 + 10),
        _ => None,
    }
}

/// The cells of a line in the one-character form.
fn char_cells(text: &str) -> std::result::Result<Vec<Cell>, (usize, String)> {
    let mut cells = Vec::with_capacity(text.len());
    let mut chars = text.chars().enumerate().peekable();
    while let Some((j, ch)) = chars.next() {
        // A border is dashes; a dash against a digit is a minus sign.
        if ch == '-' && chars.peek().is_some_and(|(_, next)| next.is_ascii_digit()) {
            return Err((
                j + 1,
                "'-' before a digit: a negative number is not a Sudoku value".to_string(),
            ));
        }
        if is_layout(ch) {
            continue;
        }
        match symbol_value(ch) {
            Some(value) => cells.push(Cell { value, col: j + 1 }),
            None => {
                return Err((
                    j + 1,
                    format!(
                        "'{}' is not a Sudoku symbol: use 1-9, A-Z, or . 0 _ for an empty cell",
                        ch.escape_debug()
                    ),
                ))
            }
        }
    }
    Ok(cells)
}

/// The whitespace-separated words of a line that are not pure layout, with their 1-based columns.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut col = 0usize;
    let mut start = None;
    let mut out = Vec::new();
    for (i, ch) in text.char_indices() {
        col += 1;
        if ch.is_whitespace() {
            if let Some((s, c)) = start.take() {
                out.push((c, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some((i, col));
        }
    }
    if let Some((s, c)) = start {
        out.push((c, &text[s..]));
    }
    out.into_iter()
        .filter(|(_, w)| !w.chars().all(|c| matches!(c, '|' | '-' | '+')))
}

/// The cells of a line in the number form, or `None` when some word is not a number or `.`.
fn number_cells(text: &str) -> Option<Vec<Cell>> {
    words(text)
        .map(|(col, w)| {
            if w == "." || w == "_" {
                return Some(Cell { value: 0, col });
            }
            if w.len() > 3 || !w.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            w.parse().ok().map(|value| Cell { value, col })
        })
        .collect()
}

/// Whether `cells` cells make a whole grid: of `shape` when given, else of a side that has boxes.
fn is_whole(cells: usize, shape: Option<Shape>) -> bool {
    match shape {
        Some(s) => cells == s.cells(),
        None => Shape::of_cells(cells).is_ok(),
    }
}

/// Whether the number form fits better than the one-character form: every
/// word is a number, some word has several digits, and the numbers make up a
/// whole grid (or the characters do not).
fn prefer_numbers(lines: &[(usize, &str)], shape: Option<Shape>) -> bool {
    let mut multi = false;
    let mut words_total = 0usize;
    let mut chars_total = 0usize;
    for (_, text) in lines {
        let Some(cells) = number_cells(text) else {
            return false;
        };
        multi |= words(text).any(|(_, w)| w.len() > 1);
        words_total += cells.len();
        chars_total += text.chars().filter(|&c| !is_layout(c)).count();
    }
    let whole = |n: usize| is_whole(n, shape);
    multi && (whole(words_total) || !whole(chars_total))
}

/// Reads one grid or a batch: see [`Input::read`].
pub(crate) fn read(source: &Source, shape: Option<Shape>) -> Result<Input> {
    Ok(match scan_shaped(source, shape)? {
        Scan::Single(grid) => Input::Single(grid),
        Scan::Batch(lines) => Input::Batch(
            lines
                .iter()
                .map(|l| Entry {
                    line: l.line,
                    puzzle: l.puzzle(source),
                })
                .collect(),
        ),
    })
}

/// Reads one grid, or splits a batch into its lines (parsed later, one by
/// one); each shape from its cell count.
#[cfg(test)]
pub(crate) fn scan(source: &Source) -> Result<Scan<'_>> {
    scan_shaped(source, None)
}

/// Reads one grid, or splits a batch into its lines (parsed later, one by
/// one); boxes of `shape` when given, else each shape from its cell count.
pub(crate) fn scan_shaped(source: &Source, shape: Option<Shape>) -> Result<Scan<'_>> {
    // One pass counts the lines and how many are a whole puzzle, holding none of them.
    let (mut len, mut whole) = (0usize, 0usize);
    // The cell count every line has, if they all have the same one.
    let mut same: Option<Option<usize>> = None;
    for l in content_lines(&source.text, shape) {
        // A plain 9×9 line is whole unless another cell count was asked:
        // told without working the shape of 81 cells out line by line.
        let (count, is_whole_line) = match Grid9::from_plain_line(l.text) {
            Some(_) => (Some(81), shape.is_none_or(|s| s.cells() == 81)),
            None => {
                let count = line_cells(l.text, shape).ok().map(|c| c.len());
                (count, count.is_some_and(|c| is_whole(c, shape)))
            }
        };
        len += 1;
        whole += usize::from(is_whole_line);
        same = match same {
            None => Some(count),
            Some(c) if c == count => Some(c),
            Some(_) => Some(None),
        };
    }
    if len == 0 {
        return Err(source.error(1, 1, "no grid: the input has no cells"));
    }
    // Batch: several lines, most of them a whole puzzle, and not the N lines of N cells of one grid.
    let square_grid = same == Some(Some(len));
    if len >= 2 && 2 * whole > len && !square_grid {
        return Ok(Scan::Batch(Batch {
            text: &source.text,
            len,
            shape,
        }));
    }
    let content: Vec<(usize, &str)> = content_lines(&source.text, shape)
        .map(|l| (l.line, l.text))
        .collect();
    single(source, &content, shape).map(Scan::Single)
}

/// The cells of one line on its own (for batch detection and batch lines).
fn line_cells(text: &str, shape: Option<Shape>) -> std::result::Result<Vec<Cell>, (usize, String)> {
    if prefer_numbers(&[(0, text)], shape) {
        Ok(number_cells(text).unwrap_or_default())
    } else {
        char_cells(text)
    }
}

/// Reads one grid from its content lines (one line, or one line per row),
/// with boxes of `shape` when given.
fn single(source: &Source, content: &[(usize, &str)], shape: Option<Shape>) -> Result<Sudoku> {
    let numbers = prefer_numbers(content, shape);
    let lines: Vec<Line> = content
        .iter()
        .map(|&(no, text)| Line {
            no,
            text,
            cells: if numbers {
                Ok(number_cells(text).unwrap_or_default())
            } else {
                char_cells(text)
            },
        })
        .collect();
    let mut rows: Vec<(&Line, &Vec<Cell>)> = Vec::with_capacity(lines.len());
    for line in &lines {
        match &line.cells {
            Ok(cells) => rows.push((line, cells)),
            Err((col, msg)) => return Err(source.error(line.no, *col, msg.clone())),
        }
    }
    let total: usize = rows.iter().map(|(_, c)| c.len()).sum();
    let (last, _) = rows[rows.len() - 1];
    let end_col = last.text.chars().count() + 1;
    if rows.len() > 1 {
        let width = rows[0].1.len();
        if let Some((line, cells)) = rows.iter().find(|(_, c)| c.len() != width) {
            let col = cells
                .get(width)
                .map_or(line.text.chars().count() + 1, |c| c.col);
            return Err(source.error(
                line.no,
                col,
                format!(
                    "ragged grid: this row has {} cells, the first row {width}",
                    cells.len()
                ),
            ));
        }
        if rows.len() != width {
            return Err(source.error(
                last.no,
                end_col,
                format!(
                    "{} rows of {width} cells: a Sudoku grid has as many rows as columns",
                    rows.len()
                ),
            ));
        }
    }
    let shape = match shape {
        Some(s) if s.cells() == total => s,
        Some(s) => {
            let [r, c] = s.box_dims();
            return Err(source.error(
                last.no,
                end_col,
                format!(
                    "{total} cells do not fit boxes of {r}×{c}: those make a {n}×{n} grid of {} cells",
                    s.cells(),
                    n = s.side()
                ),
            ));
        }
        None => Shape::of_cells(total).map_err(|_| {
            let side = total.isqrt();
            let msg = if side * side == total && side > super::MAX_SIDE {
                format!(
                    "{total} cells make a {side}×{side} grid, over the largest side {}",
                    super::MAX_SIDE
                )
            } else {
                format!(
                    "{total} cells is not a Sudoku grid: the cell count must be N² for a side N \
                     from 4 to 36 with boxes of at least 2×2 (16, 36, 64, 81, 100, 144, …, 1296)"
                )
            };
            source.error(last.no, end_col, msg)
        })?,
    };
    let side = shape.side() as u32;
    let mut values = Vec::with_capacity(total);
    for (line, cells) in &rows {
        for cell in cells.iter() {
            if cell.value > side {
                let shown = match line.text.chars().nth(cell.col - 1) {
                    Some(ch) if !numbers && ch.is_ascii_alphabetic() => {
                        format!("'{ch}' ({})", cell.value)
                    }
                    _ => cell.value.to_string(),
                };
                return Err(source.error(
                    line.no,
                    cell.col,
                    format!("{shown} is above {side}, the largest digit of a {side}×{side} grid"),
                ));
            }
            values.push(cell.value as u8);
        }
    }
    Sudoku::with_shape(shape, values)
        .map_err(|e| Error::parse(&source.name, last.no, 1, e.to_string()))
}

impl Sudoku {
    /// Reads one grid from `text`, in any form [`read`] takes, with boxes of
    /// `shape` when given (else the squarest for the cell count).
    pub(crate) fn from_text(text: &str, shape: Option<Shape>) -> Result<Sudoku> {
        let source = Source::from_text("grid", text);
        match scan_shaped(&source, shape)? {
            Scan::Single(grid) => Ok(grid),
            Scan::Batch(_) => Err(Error::usage("the text holds a batch, not one grid")),
        }
    }
}

/// One grid in any form [`Input::read`] takes, with the squarest boxes for its
/// cell count (2×3 for 6×6); errors name the line and column.
///
/// ```
/// use puzzles::sudoku::Sudoku;
///
/// let grid: Sudoku = "...4..3...6...135..356...5...4..3...".parse()?;
/// assert_eq!((grid.side(), grid.shape().box_dims()), (6, [2, 3]));
/// assert!("1.....3..4....x2".parse::<Sudoku>().is_err());
/// # Ok::<(), puzzles::Error>(())
/// ```
impl std::str::FromStr for Sudoku {
    type Err = Error;

    fn from_str(text: &str) -> Result<Sudoku> {
        Sudoku::from_text(text, None)
    }
}

/// The puzzle on line `line` of `source`, whose text is `text`, with boxes of `shape` when given.
pub(crate) fn line_puzzle(
    source: &Source,
    line: usize,
    text: &str,
    shape: Option<Shape>,
) -> Result<Sudoku> {
    single(source, &[(line, text)], shape)
}
