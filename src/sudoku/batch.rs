//! Batch solving: one puzzle per line, answered in order on one or more
//! threads, each answer verified; bad lines are reported and the rest answered.
//!
//! The batch is how solvers are benchmarked, so its common case is kept
//! cheap: a plain 81-character 9×9 line goes from bytes to answer line
//! through [`super::Grid9`] without a `Sudoku`, a report or a `String`, and
//! the answers of [`PIECE`] consecutive lines share one buffer, handed over
//! as one [`Item::Lines`].

use super::answer::{AnswerLines, BadLine, Item};
use super::grid9::Grid9;
use super::parse::{Batch, BatchLine};
use super::solve::{answer_line, GridReport, Mode};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::grid::Pos;
use crate::input::Source;
use crate::sink::Sink;
use rayon::prelude::*;
use std::io::Write as _;

/// Puzzles of a batch solved between two hand-overs (bounds memory with several threads).
const CHUNK: usize = 4096;

/// Puzzles answered in a row by one thread (between two steps of the progress).
const PIECE: usize = 64;

/// How a batch is answered.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BatchOptions {
    /// What is asked of each puzzle.
    pub mode: Mode,
    /// Answers as [`GridReport`]s rather than text lines.
    pub reports: bool,
    /// Threads (1: the calling thread only).
    pub jobs: usize,
}

/// How a batch ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct BatchSummary {
    /// Lines answered (bad lines included).
    pub answered: u64,
    /// Some lines were not puzzles.
    pub bad: bool,
    /// Some puzzle has no solution.
    pub none: bool,
    /// A stop (Ctrl-C) ended the batch before its last line.
    pub interrupted: bool,
}

/// Writes the text line of a solved batch puzzle: the solution and whether
/// it is unique, or why there is none.
fn solve_line(
    text: &mut Vec<u8>,
    solution: Option<&[u8]>,
    unique: Option<bool>,
    interrupted: bool,
    clash: Option<[Pos; 2]>,
) {
    let verdict: &[u8] = match (solution, unique) {
        (Some(_), Some(true)) => b" unique\n",
        (Some(_), Some(false)) => b" multiple\n",
        (Some(_), None) => b" interrupted\n",
        (None, _) if interrupted => b"interrupted\n",
        (None, _) => match clash {
            Some([a, b]) => {
                // Writing to a Vec cannot fail.
                let _ = writeln!(text, "none (clash: {a} and {b})");
                return;
            }
            None => b"none\n",
        },
    };
    text.extend_from_slice(solution.unwrap_or_default());
    text.extend_from_slice(verdict);
}

/// What one batch line came to; its text answer, if any, is in the [`Piece`]'s buffer.
#[derive(Debug)]
enum Done {
    /// A text answer was written (`none`: the puzzle has no solution).
    Answered { none: bool, interrupted: bool },
    /// A report, to be handed over in order.
    Report(Box<GridReport>),
    /// The line is not a puzzle.
    Bad(usize, Error),
    /// A solution failed its check: the batch stops there.
    Failed(Error),
    /// Not answered: the run was stopped first.
    Skipped,
}

/// The answers of consecutive batch lines: their text, and per line where
/// its text ends and what it came to. One buffer for many answers: a batch
/// of small puzzles allocates next to nothing per line.
#[derive(Debug, Default)]
struct Piece {
    text: Vec<u8>,
    done: Vec<(usize, Done)>,
}

/// What every batch line needs besides itself.
struct Work<'a> {
    source: &'a Source,
    options: BatchOptions,
    ctl: &'a Control,
}

impl Work<'_> {
    /// Answers `lines` (at most [`PIECE`] of them) into `piece`, after what it holds.
    fn answer_lines(&self, lines: &[BatchLine], piece: &mut Piece) {
        for line in lines {
            let done = if self.ctl.stopped() {
                Done::Skipped
            } else {
                self.answer_line(line, &mut piece.text)
            };
            let failed = matches!(done, Done::Failed(_));
            piece.done.push((piece.text.len(), done));
            if failed {
                break;
            }
        }
        // Once per piece: a progress bar may read the clock at every step.
        self.ctl.progress().advance(lines.len() as u64);
    }

    /// Answers one line, its text written to `text`; every solution is verified first.
    fn answer_line(&self, line: &BatchLine, text: &mut Vec<u8>) -> Done {
        let BatchOptions { mode, reports, .. } = self.options;
        // A plain 9×9 line solved for a report: the search of the text lines
        // below, the report filled as `answer_line` fills it.
        if let (Mode::Solve, true, Some(grid)) = (mode, reports, line.plain9()) {
            return self.report9(line.line, grid);
        }
        // The bulk of the benchmark files: a plain 9×9 line, solved, checked
        // and written without a `Sudoku`, a report or a `String`.
        if let (Mode::Solve, false, Some(grid)) = (mode, reports, line.plain9()) {
            let (first, unique) = grid.solve_and_check_unique(self.ctl);
            if let Some(s) = &first {
                if let Err(e) = grid.check_solution(s) {
                    let shown = String::from_utf8_lossy(&grid.line()).into_owned();
                    return Done::Failed(Error::Check(format!("{shown}: {e}")));
                }
            }
            let interrupted = unique.is_none() && self.ctl.stopped();
            let clash = match first {
                None if !interrupted => grid.to_sudoku().clash().map(|(a, b)| [a, b]),
                _ => None,
            };
            let solution = first.map(|s| s.line());
            solve_line(
                text,
                solution.as_ref().map(|s| &s[..]),
                unique,
                interrupted,
                clash,
            );
            return Done::Answered {
                none: first.is_none() && !interrupted,
                interrupted,
            };
        }
        let puzzle = match line.puzzle(self.source) {
            Ok(p) => p,
            Err(e) => return Done::Bad(line.line, e),
        };
        let report = match answer_line(puzzle, Some(line.line), mode, self.ctl, reports, 1) {
            Ok(r) => r,
            Err(e) => return Done::Failed(e),
        };
        if reports {
            return Done::Report(Box::new(report));
        }
        match mode {
            Mode::Count(_) => {
                let more = if report.complete == Some(false) {
                    "+"
                } else {
                    ""
                };
                let _ = writeln!(text, "{}{more}", report.counted().unwrap_or(0));
            }
            Mode::Solve => solve_line(
                text,
                report.solution.as_ref().map(|s| s.as_bytes()),
                report.unique,
                report.interrupted,
                report.clash,
            ),
        }
        Done::Answered {
            none: report.solution.is_none() && !report.interrupted,
            interrupted: report.interrupted,
        }
    }
}

impl Work<'_> {
    /// The report of plain 9×9 line number `line` solved: the one
    /// [`answer_line`] makes of it, through [`Grid9`]'s search.
    fn report9(&self, line: usize, grid: Grid9) -> Done {
        let (first, unique) = grid.solve_and_check_unique(self.ctl);
        let shown = String::from_utf8_lossy(&grid.line()).into_owned();
        if let Some(s) = &first {
            if let Err(e) = grid.check_solution(s) {
                return Done::Failed(Error::Check(format!("{shown}: {e}")));
            }
        }
        // Clues that clash leave no solution: only then is the clash looked for.
        let clash = match first {
            None => {
                let puzzle = grid.to_sudoku();
                puzzle.clash().map(|(a, b)| ([a, b], puzzle.get(a)))
            }
            Some(_) => None,
        };
        Done::Report(Box::new(GridReport {
            line: Some(line),
            size: 9,
            box_shape: [3, 3],
            clues: shown.bytes().filter(|&b| b != b'.').count(),
            puzzle: shown,
            solution: first.map(|s| String::from_utf8_lossy(&s.line()).into_owned()),
            unique,
            count: None,
            complete: None,
            clash: clash.map(|(cells, _)| cells),
            clash_digit: clash.map(|(_, digit)| digit),
            interrupted: unique.is_none() && self.ctl.stopped(),
        }))
    }
}

/// Answers every line of a batch (`lines` of `source`, split as they are reached)
/// in order, handing the answers to `sink`: the text of consecutive lines as one
/// [`Item::Lines`], or one [`Item::Line`] per line with reports; bad lines are
/// handed over as [`Item::Bad`] and the rest still answered. With `jobs` above 1 the
/// lines are solved on that many threads, the answers still in order (a short
/// batch is shared out line by line: a file of a few hard 25×25 grids keeps
/// every thread busy, one grid per thread, rather than a portfolio per grid). A stop
/// of `ctl`, or `sink` breaking, ends the batch after the last whole answer.
///
/// Fails only when a solution fails its own check (a bug) or the threads
/// cannot be started.
pub(crate) fn batch(
    source: &Source,
    lines: &Batch,
    options: BatchOptions,
    ctl: &Control,
    sink: &mut dyn Sink<Item>,
) -> Result<BatchSummary> {
    ctl.progress().set_total(lines.len() as u64);
    let pool = match options.jobs {
        0 | 1 => None,
        jobs => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .map_err(|e| Error::usage(format!("cannot start {jobs} threads: {e}")))?,
        ),
    };
    let work = Work {
        source,
        options,
        ctl,
    };
    let mut summary = BatchSummary::default();
    // One piece reused on one thread; a piece per PIECE lines (fewer in a short batch) on several.
    let mut pieces = vec![Piece::default()];
    // On one thread, each piece is handed over as soon as it is answered:
    // its buffers stay a few kilobytes, in cache, rather than growing to a
    // chunk's answers in fresh pages (a kernel fault each: a third of the
    // faults of a 10,000-puzzle batch).
    let chunk_len = if pool.is_none() { PIECE } else { CHUNK };
    let mut rest = lines.iter();
    let mut chunk: Vec<BatchLine> = Vec::with_capacity(chunk_len.min(lines.len()));
    'run: loop {
        chunk.clear();
        chunk.extend(rest.by_ref().take(chunk_len));
        if chunk.is_empty() {
            break;
        }
        match &pool {
            None => {
                pieces[0].text.clear();
                work.answer_lines(&chunk, &mut pieces[0]);
            }
            Some(pool) => {
                // Pieces small enough that every thread gets several: a short
                // batch of hard grids (seconds each) is then shared out line
                // by line, not left to one thread.
                let piece = (chunk.len() / (8 * options.jobs)).clamp(1, PIECE);
                pieces = pool.install(|| {
                    chunk
                        .par_chunks(piece)
                        .map(|part| {
                            let mut piece = Piece::default();
                            work.answer_lines(part, &mut piece);
                            piece
                        })
                        .collect()
                })
            }
        }
        for piece in &mut pieces {
            if hand_over(piece, &mut summary, sink)?.is_break() {
                break 'run;
            }
        }
    }
    ctl.progress().finish();
    Ok(summary)
}

/// Hands the answers of `piece` over to `sink` in order, the text of
/// consecutive lines as one item; `Break` when the batch ends there (a stop,
/// or the sink breaking).
fn hand_over(
    piece: &mut Piece,
    summary: &mut BatchSummary,
    sink: &mut dyn Sink<Item>,
) -> Result<std::ops::ControlFlow<()>> {
    use std::ops::ControlFlow::{Break, Continue};
    // The text of the lines answered but not yet handed over: piece.text[from..to].
    let (mut from, mut to) = (0, 0);
    let Piece { text, done } = piece;
    let lines = |from: &mut usize, to: usize, sink: &mut dyn Sink<Item>| {
        if to == *from {
            return Continue(());
        }
        // The answers are ASCII, written above: `from_utf8` checks that on
        // its fast path, where a lossy decoding took 2% of Serg's batch.
        let bytes = text[*from..to].to_vec();
        let text = String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        *from = to;
        sink.take(Item::Lines(AnswerLines { text }))
    };
    for (end, done) in done.drain(..) {
        let item = match done {
            Done::Answered { none, interrupted } => {
                summary.none |= none;
                summary.answered += 1;
                to = end;
                // The line a stop cut short says so ("interrupted"), and the batch ends there.
                if interrupted {
                    summary.interrupted = true;
                    let _ = lines(&mut from, to, sink);
                    return Ok(Break(()));
                }
                continue;
            }
            Done::Report(report) => {
                summary.none |= report.solution.is_none() && !report.interrupted;
                if report.interrupted {
                    summary.interrupted = true;
                }
                Item::Line(*report)
            }
            Done::Bad(line, e) => {
                summary.bad = true;
                Item::Bad(BadLine {
                    line,
                    error: e.to_string(),
                })
            }
            Done::Failed(e) => return Err(e),
            Done::Skipped => {
                summary.interrupted = true;
                let _ = lines(&mut from, to, sink);
                return Ok(Break(()));
            }
        };
        if lines(&mut from, to, sink).is_break() {
            return Ok(Break(()));
        }
        from = end;
        to = end;
        summary.answered += 1;
        let stop = summary.interrupted;
        if sink.take(item).is_break() || stop {
            return Ok(Break(()));
        }
    }
    Ok(lines(&mut from, to, sink))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_lines_report_is_the_general_one() {
        let first =
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
        let lines = [
            // Royle's first 17-clue puzzle: one solution.
            first.to_owned(),
            // Two 1s in the first row; a 2 whose column already holds one.
            format!("11{}", &first[2..]),
            format!("12{}", &first[2..]),
            // No clue: many solutions.
            ".".repeat(81),
        ];
        let source = Source::from_text("lines", lines.join("\n"));
        let ctl = Control::new();
        let options = BatchOptions {
            mode: Mode::Solve,
            reports: true,
            jobs: 1,
        };
        let work = Work {
            source: &source,
            options,
            ctl: &ctl,
        };
        for (n, line) in lines.iter().enumerate() {
            let grid = Grid9::from_plain_line(line).expect("a plain line");
            let Done::Report(fast) = work.report9(n + 1, grid) else {
                panic!("line {n} is answered")
            };
            let general = answer_line(grid.to_sudoku(), Some(n + 1), Mode::Solve, &ctl, true, 1);
            assert_eq!(*fast, general.expect("answered"), "line {}", n + 1);
        }
    }
}
