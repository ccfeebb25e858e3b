//! Locked candidates, the propagation's rule for a digit confined to where a line meets a box.

use super::{Layout, State};

impl State {
    /// Locked candidates: a digit whose places in a box all lie on one row (or
    /// column) cannot be elsewhere on that row (pointing); a digit whose places
    /// on a row (or column) all lie in one box cannot be elsewhere in that box
    /// (claiming). `None` on a contradiction, else whether anything was removed.
    ///
    /// Works on segments, the cells where a line meets a box (C cells of a
    /// row, R cells of a column): `seg[line·k + j]` holds the open candidates
    /// of line `line` inside its j-th box, k boxes to a line, a band of
    /// boxes `h` lines deep.
    pub(super) fn locked_candidates(
        &mut self,
        lay: &Layout,
        seg: &mut Vec<u64>,
        queue: &mut Vec<u16>,
    ) -> Option<bool> {
        let mut changed = false;
        for along_rows in [true, false] {
            let lines = Segments::new(lay, along_rows);
            self.fill_segments(lines, seg);
            changed |= self.claiming(lines, seg, queue)?;
            changed |= self.pointing(lines, seg, queue)?;
        }
        Some(changed)
    }

    /// Each segment's open candidates, line by line (`seg[line·n + k]`).
    fn fill_segments(&self, lines: Segments, seg: &mut Vec<u64>) {
        let (w, n) = (lines.w, lines.n);
        seg.clear();
        for line in 0..lines.side {
            for k in 0..n {
                let mut m = 0u64;
                for j in k * w..(k + 1) * w {
                    let cell = lines.at(line, j);
                    if self.value[cell] == 0 {
                        m |= self.cand[cell];
                    }
                }
                seg.push(m);
            }
        }
    }

    /// Claiming: on each line, digits found in one segment only are removed
    /// from the other lines of that box. `None` on a contradiction, else
    /// whether anything was removed.
    fn claiming(&mut self, lines: Segments, seg: &[u64], queue: &mut Vec<u16>) -> Option<bool> {
        let (w, h, n) = (lines.w, lines.h, lines.n);
        let mut changed = false;
        for line in 0..lines.side {
            let (mut once, mut twice) = (0u64, 0u64);
            for &m in &seg[line * n..(line + 1) * n] {
                twice |= once & m;
                once |= m;
            }
            let exclusive = once & !twice;
            if exclusive == 0 {
                continue;
            }
            for k in 0..n {
                let claim = seg[line * n + k] & exclusive;
                if claim == 0 {
                    continue;
                }
                // Remove from the other lines of the same box, inside that box.
                let band = line / h * h;
                for other in band..band + h {
                    if other == line || seg[other * n + k] & claim == 0 {
                        continue;
                    }
                    for j in k * w..(k + 1) * w {
                        changed |= self.remove(lines.at(other, j), claim, queue)?;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Pointing: in each box, digits found in one of its h line segments only
    /// are removed from the rest of that line. `None` on a contradiction,
    /// else whether anything was removed.
    fn pointing(&mut self, lines: Segments, seg: &[u64], queue: &mut Vec<u16>) -> Option<bool> {
        let (w, h, n) = (lines.w, lines.h, lines.n);
        let mut changed = false;
        for band in (0..lines.side).step_by(h) {
            for k in 0..n {
                let (mut once, mut twice) = (0u64, 0u64);
                for line in band..band + h {
                    let m = seg[line * n + k];
                    twice |= once & m;
                    once |= m;
                }
                let exclusive = once & !twice;
                if exclusive == 0 {
                    continue;
                }
                for line in band..band + h {
                    let point = seg[line * n + k] & exclusive;
                    if point == 0 {
                        continue;
                    }
                    for k2 in 0..n {
                        if k2 == k || seg[line * n + k2] & point == 0 {
                            continue;
                        }
                        for j in k2 * w..(k2 + 1) * w {
                            changed |= self.remove(lines.at(line, j), point, queue)?;
                        }
                    }
                }
            }
        }
        Some(changed)
    }
}

/// The lines of the grid (rows, or columns) cut into segments by the boxes,
/// for [`State::locked_candidates`].
#[derive(Clone, Copy)]
struct Segments {
    along_rows: bool,
    side: usize,
    /// Cells of a segment.
    w: usize,
    /// Lines through a box.
    h: usize,
    /// Segments (boxes) on a line.
    n: usize,
}

impl Segments {
    fn new(lay: &Layout, along_rows: bool) -> Segments {
        let side = lay.side;
        let [rows, cols] = lay.shape.box_dims();
        let (w, h) = if along_rows {
            (cols, rows)
        } else {
            (rows, cols)
        };
        Segments {
            along_rows,
            side,
            w,
            h,
            n: side / w,
        }
    }

    /// The cell at position j of line `line`.
    #[inline]
    fn at(self, line: usize, j: usize) -> usize {
        if self.along_rows {
            line * self.side + j
        } else {
            j * self.side + line
        }
    }
}
