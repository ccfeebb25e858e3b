//! Pencil marks: the candidates a person has left in each cell, read as Sudoku Explainer and HoDoKu print them.

use super::board::{bit, Board};
use crate::error::{Error, Result};
use crate::input::Source;
use crate::sudoku::{Shape, Sudoku};

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

/// Narrows the board's candidates to the pencil marks; refuses marks that exclude a clue or leave a cell empty.
pub(super) fn apply_marks(board: &mut Board, grid: &Sudoku, marks: &PencilMarks) -> Result<()> {
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
