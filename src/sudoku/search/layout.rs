//! The fixed geometry of one Sudoku shape (units, peers) and which filters the search runs on it.

use super::super::Shape;
use std::sync::Mutex;

/// The smallest side on which locked candidates and the all-different filter run at every node.
const ALLDIFF_SIDE: usize = 16;

/// The smallest side on which failed-literal probing runs (near the root).
const PROBE_SIDE: usize = 25;

/// Probing runs at the nodes of depth below this.
const PROBE_DEPTH: usize = 3;

/// The most candidates of a cell whose candidates are probed.
const PROBE_CANDIDATES: u32 = 2;

/// The fixed geometry of one shape: units (rows, columns, boxes) and peers, computed once.
#[derive(Debug)]
pub struct Layout {
    pub(super) shape: Shape,
    pub(super) side: usize,
    pub(super) cells: usize,
    /// `3·side` units of `side` cells each: rows, then columns, then boxes.
    pub(super) units: Vec<u16>,
    /// The row, column and box unit of each cell.
    pub(super) cell_units: Vec<[u16; 3]>,
    /// The peers of each cell (cells sharing a unit with it), `npeers` per cell.
    pub(super) peers: Vec<u16>,
    pub(in crate::sudoku) npeers: usize,
    /// Whether to look for locked candidates before branching (they are always
    /// looked for at the root): measured, they
    /// pay on 16×16 and larger grids and cost more than they save on 9×9 ones.
    pub(super) locked: bool,
    /// Whether to run the all-different filter (the `alldiff` module) before
    /// branching: measured, it pays on 25×25 and larger grids.
    pub(super) alldiff: bool,
    /// Failed-literal probing runs at the nodes of depth below this.
    pub(super) probe_depth: usize,
}

/// The layouts built so far, one per shape (a few dozen shapes exist), kept for the program's life.
static LAYOUTS: Mutex<Vec<&'static Layout>> = Mutex::new(Vec::new());

impl Layout {
    /// The layout of `shape`, built on first use and shared.
    pub fn of_shape(shape: Shape) -> &'static Layout {
        let mut built = LAYOUTS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(lay) = built.iter().find(|l| l.shape == shape) {
            return lay;
        }
        let lay: &'static Layout = Box::leak(Box::new(Layout::build(shape)));
        built.push(lay);
        lay
    }

    /// The layout of `shape` with every filter on at every node (locked
    /// candidates, all-different, probing): for tests on small grids.
    #[cfg(test)]
    pub(crate) fn with_every_filter(shape: Shape) -> Layout {
        Layout {
            locked: true,
            alldiff: true,
            probe_depth: usize::MAX,
            ..Layout::build(shape)
        }
    }

    fn build(shape: Shape) -> Layout {
        let side = shape.side();
        let [rows, cols] = shape.box_dims();
        let cells = side * side;
        let mut units = Vec::with_capacity(3 * cells);
        for r in 0..side {
            units.extend((0..side).map(|c| (r * side + c) as u16));
        }
        for c in 0..side {
            units.extend((0..side).map(|r| (r * side + c) as u16));
        }
        // Box b: N/C boxes to a band of R rows.
        let stacks = side / cols;
        for b in 0..side {
            let (r0, c0) = ((b / stacks) * rows, (b % stacks) * cols);
            for k in 0..side {
                units.push(((r0 + k / cols) * side + c0 + k % cols) as u16);
            }
        }
        let cell_units: Vec<[u16; 3]> = (0..cells)
            .map(|i| {
                let (r, c) = (i / side, i % side);
                let b = shape.box_at(r, c);
                [r as u16, (side + c) as u16, (2 * side + b) as u16]
            })
            .collect();
        // A row, a column and a box, less the box's overlaps with the row (C cells) and column (R).
        let npeers = 3 * side - rows - cols - 1;
        let mut peers = Vec::with_capacity(cells * npeers);
        for (i, cu) in cell_units.iter().enumerate() {
            let mut mine: Vec<u16> = cu
                .iter()
                .flat_map(|&u| {
                    units[u as usize * side..(u as usize + 1) * side]
                        .iter()
                        .copied()
                })
                .filter(|&p| p as usize != i)
                .collect();
            mine.sort_unstable();
            mine.dedup();
            debug_assert_eq!(mine.len(), npeers);
            peers.extend(mine);
        }
        Layout {
            shape,
            side,
            cells,
            units,
            cell_units,
            peers,
            npeers,
            locked: side >= ALLDIFF_SIDE,
            alldiff: side >= ALLDIFF_SIDE,
            probe_depth: if side >= PROBE_SIDE { PROBE_DEPTH } else { 0 },
        }
    }

    /// The most candidates of a probed cell at `depth` (0: no probing).
    pub(super) fn probe(&self, depth: usize) -> u32 {
        if depth < self.probe_depth {
            PROBE_CANDIDATES
        } else {
            0
        }
    }

    /// The grid side N (the number of digits, and of cells per unit).
    #[cfg(feature = "sat")]
    pub(in crate::sudoku) fn side(&self) -> usize {
        self.side
    }

    /// The cells of unit `u` (rows, then columns, then boxes).
    #[inline]
    pub(in crate::sudoku) fn unit(&self, u: usize) -> &[u16] {
        &self.units[u * self.side..(u + 1) * self.side]
    }

    #[inline]
    pub(in crate::sudoku) fn peers_of(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.npeers..(cell + 1) * self.npeers]
    }
}
