//! Pictures of boards: a small SVG writer shared by the four puzzles (`--svg FILE`).
//!
//! Output is deterministic (fixed number formatting, no timestamps or ids),
//! so the same board always gives the same file.

use crate::error::{Error, Result, Size};
use crate::grid::Dims;
use std::fmt::Write;

/// Largest board drawn, in cells (a picture of a bigger one would be unreadable and huge).
pub const MAX_SVG_CELLS: usize = 250_000;

/// Boards up to this many rows and columns carry numbers and letters; larger ones only shapes.
pub(crate) const MAX_LABELLED_SIDE: usize = 30;

/// Which picture of an answer to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// The puzzle alone, as given to a player: no presses, no walk, no tour,
    /// no filled digits (a printable exercise sheet).
    Puzzle,
    /// The puzzle with its answer drawn on it.
    Solved,
}

impl Picture {
    /// What of `answer` this picture shows: all of it, or nothing on the puzzle alone.
    pub fn shows<T: ?Sized>(self, answer: Option<&T>) -> Option<&T> {
        match self {
            Picture::Solved => answer,
            Picture::Puzzle => None,
        }
    }
}

/// An SVG picture being drawn, in user units (pixels).
#[derive(Debug, Clone)]
pub(crate) struct Svg {
    width: f64,
    height: f64,
    body: String,
}

/// Formats a coordinate with at most two decimals and no trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Escapes text for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Svg {
    /// An empty picture of `width` × `height`.
    pub fn new(width: f64, height: f64) -> Self {
        Svg {
            width,
            height,
            body: String::new(),
        }
    }

    /// A rectangle; `stroke` draws its border.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: Option<&str>) {
        let stroke = stroke
            .map(|s| format!(r#" stroke="{s}" stroke-width="1""#))
            .unwrap_or_default();
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}"{stroke}/>"#,
            num(x),
            num(y),
            num(w),
            num(h)
        );
    }

    /// The square of cell `p` on a board of `cell`-sized cells.
    pub fn cell(&mut self, p: crate::grid::Pos, cell: f64, fill: &str, stroke: Option<&str>) {
        let (x, y) = (p.col as f64 * cell, p.row as f64 * cell);
        self.rect(x, y, cell, cell, fill, stroke);
    }

    /// A filled circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}"/>"#,
            num(cx),
            num(cy),
            num(r)
        );
    }

    /// A filled circle with an outline `width` wide: a disc to write a number on.
    pub fn disc(&mut self, centre: (f64, f64), r: f64, fill: &str, stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
            num(centre.0),
            num(centre.1),
            num(r),
            num(width)
        );
    }

    /// A straight line.
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{stroke}" stroke-width="{}"/>"#,
            num(from.0),
            num(from.1),
            num(to.0),
            num(to.1),
            num(width)
        );
    }

    /// An open path through `points`.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, width: f64) {
        let pts: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = writeln!(
            self.body,
            r#"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"/>"#,
            pts.join(" "),
            num(width)
        );
    }

    /// Text centred on `(x, y)`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" font-family="sans-serif" fill="{fill}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            num(x),
            num(y),
            num(size),
            escape(text)
        );
    }

    /// The finished document.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n{}</svg>\n",
            self.body,
            w = num(self.width),
            h = num(self.height)
        )
    }
}

/// The side of one cell for a board: large enough to read up to 30×30, smaller beyond.
pub(crate) fn cell_size(dims: Dims) -> f64 {
    let side = dims.rows.max(dims.cols) as f64;
    (720.0 / side).clamp(2.0, 40.0)
}

/// An empty picture sized for `dims` and the side of one cell; refuses boards too big to draw.
pub(crate) fn board_canvas(dims: Dims) -> Result<(Svg, f64)> {
    check_drawable(dims)?;
    let cell = cell_size(dims);
    Ok((
        Svg::new(cell * dims.cols as f64, cell * dims.rows as f64),
        cell,
    ))
}

/// The centre of cell `p` on a picture with cells of side `cell`.
pub(crate) fn cell_centre(p: crate::grid::Pos, cell: f64) -> (f64, f64) {
    ((p.col as f64 + 0.5) * cell, (p.row as f64 + 0.5) * cell)
}

/// Refuses boards too big to draw, naming the limit.
pub(crate) fn check_drawable(dims: Dims) -> Result<()> {
    if dims.cells() > MAX_SVG_CELLS {
        return Err(Error::TooLarge {
            bound: crate::error::Bound::SvgCells,
            got: Size::from(dims.cells()),
            limit: Size::from(MAX_SVG_CELLS),
            note: String::new(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_is_deterministic_and_escaped() {
        let draw = || {
            let mut s = Svg::new(10.0, 20.5);
            s.rect(0.0, 0.0, 10.0, 10.0, "#fff", Some("#000"));
            s.text(5.0, 5.0, 3.0, "#000", "a<b");
            s.finish()
        };
        assert_eq!(draw(), draw());
        assert!(draw().contains("a&lt;b"));
        assert!(draw().contains(r#"viewBox="0 0 10 20.5""#));
    }

    #[test]
    fn cells_shrink_on_large_boards() {
        let small = Dims::new(5, 5, 100).unwrap();
        let large = Dims::new(300, 300, 100_000).unwrap();
        assert_eq!(cell_size(small), 40.0);
        assert!(cell_size(large) < 3.0);
        assert!(check_drawable(Dims::new(600, 600, 1_000_000).unwrap()).is_err());
    }
}
