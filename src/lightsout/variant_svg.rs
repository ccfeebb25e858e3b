//! Pictures of K-state boards: the states and the press counts side by side, each value a shade of one colour ramp.

use super::values::symbol;
use super::Variant;
use crate::error::Result;
use crate::grid::{Dims, Grid, Pos};
use crate::render::{self, Svg, MAX_LABELLED_SIDE};

/// The ramp's ends: 0 is the classic game's dark cell, K − 1 its lit amber.
const DARK: [u8; 3] = [0x2e, 0x34, 0x40];
const LIT: [u8; 3] = [0xf6, 0xc7, 0x44];

/// The colour of value `v` of `k`: evenly spaced from dark (0) to amber (k − 1).
fn shade(v: u8, k: u8) -> String {
    let t = v as f64 / (k.max(2) - 1) as f64;
    let [r, g, b] =
        [0, 1, 2].map(|i| (DARK[i] as f64 + t * (LIT[i] as f64 - DARK[i] as f64)).round() as u8);
    format!("#{r:02x}{g:02x}{b:02x}")
}

impl Variant {
    /// The board `lights` as an SVG picture, and with `presses` the press
    /// counts as a second board to its right: each cell shaded by its value
    /// (0 dark, K − 1 amber) and, up to 30 cells a side and 36 states, its
    /// digit or letter written on it.
    ///
    /// Refused, naming the limit, when the two boards are too large to draw.
    pub fn render_svg(&self, lights: &Grid<u8>, presses: Option<&Grid<u8>>) -> Result<String> {
        states_svg(self.states.get(), lights, presses)
    }
}

/// The picture of [`Variant::render_svg`] for `k` states.
pub(super) fn states_svg(k: u8, lights: &Grid<u8>, presses: Option<&Grid<u8>>) -> Result<String> {
    let dims = lights.dims();
    let boards = if presses.is_some() { 2 } else { 1 };
    // The presses stand one column to the right of the board.
    let whole = Dims {
        rows: dims.rows,
        cols: boards * dims.cols + boards - 1,
    };
    render::check_drawable(whole)?;
    let cell = render::cell_size(whole);
    let mut svg = Svg::new(cell * whole.cols as f64, cell * whole.rows as f64);
    let labelled = dims.rows.max(dims.cols) <= MAX_LABELLED_SIDE && k <= super::MAX_SYMBOL_STATES;
    let mut draw = |grid: &Grid<u8>, left: usize| {
        for p in dims.positions() {
            let v = grid[p];
            let at = Pos {
                row: p.row,
                col: p.col + left,
            };
            svg.cell(at, cell, &shade(v, k), Some("#111111"));
            if labelled {
                let (x, y) = render::cell_centre(at, cell);
                let ink = if 2 * v as u32 >= k as u32 {
                    "#111111"
                } else {
                    "#eceff4"
                };
                svg.text(x, y, cell * 0.55, ink, &symbol(v).to_string());
            }
        }
    };
    draw(lights, 0);
    if let Some(p) = presses {
        draw(p, dims.cols + 1);
    }
    Ok(svg.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lightsout::Pattern;

    /// The picture parses as XML; one square per cell of each board, shaded
    /// by its value; the written symbols are the board's states then the
    /// presses the solver returned.
    #[test]
    fn the_picture_shows_the_states_and_the_presses_by_value() {
        for (k, pattern) in [(3u32, "cross"), (5, "plus-x"), (12, "knight")] {
            let variant = Variant::new(k, Pattern::named(pattern).unwrap(), false).unwrap();
            let dims = Dims { rows: 6, cols: 7 };
            let lights = variant.random(dims, &mut crate::random::rng(k as u64));
            let analysis = variant.analyse(&lights).unwrap();
            let presses = analysis.presses.as_ref();
            let svg = variant.render_svg(&lights, presses).unwrap();
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let cells: Vec<_> = doc
                .descendants()
                .filter(|n| n.has_tag_name("rect"))
                .collect();
            let texts: Vec<String> = doc
                .descendants()
                .filter(|n| n.has_tag_name("text"))
                .map(|n| n.text().unwrap_or_default().to_string())
                .collect();
            let boards = 1 + presses.is_some() as usize;
            assert_eq!(cells.len(), boards * 42, "K = {k}");
            let mut expected: Vec<u8> = dims.positions().map(|p| lights[p]).collect();
            if let Some(p) = presses {
                expected.extend(dims.positions().map(|q| p[q]));
            }
            let written: Vec<u8> = texts
                .iter()
                .map(|t| u8::from_str_radix(t, 36).unwrap())
                .collect();
            assert_eq!(written, expected, "K = {k}");
            for (cell, &v) in cells.iter().zip(&expected) {
                assert_eq!(cell.attribute("fill"), Some(shade(v, k as u8).as_str()));
            }
        }
        assert_eq!(shade(0, 2), "#2e3440");
        assert_eq!(shade(1, 2), "#f6c744");
    }

    #[test]
    fn boards_too_large_to_draw_are_refused() {
        let variant = Variant::new(3, Pattern::cross(), false).unwrap();
        let lights = Grid::filled(
            Dims {
                rows: 600,
                cols: 600,
            },
            1u8,
        );
        assert!(variant.render_svg(&lights, None).is_err());
        // 135,000 cells alone, 270,300 with the presses beside them.
        let small = Grid::filled(
            Dims {
                rows: 300,
                cols: 450,
            },
            1u8,
        );
        assert!(variant.render_svg(&small, None).is_ok());
        assert!(variant.render_svg(&small, Some(&small)).is_err());
    }

    #[test]
    fn three_state_board_drawn_with_its_digits() {
        use crate::lightsout::{Pattern, Variant};

        let variant = Variant::new(3, Pattern::cross(), false).unwrap();
        let lights = variant
            .parse(&crate::input::Source::from_text("b", "012\n120\n"))
            .unwrap();
        let svg = variant.render_svg(&lights, None).unwrap();
        assert_eq!(svg.matches("<rect").count(), 6);
        assert!(svg.contains(">2</text>"));
    }
}
