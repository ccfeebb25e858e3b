//! The knight's reports as text: a tour as the knight's tour lab prints it, a semi-magic tour with its sums, and counts.

use super::count::{CountMethod, CountReport, TourCount};
use super::{
    algebraic, render_board, Answer, Item, ListedTour, MagicReport, MoveOrder, Position,
    SearchStep, StepAction, StepsEnd, TourListing, TourOutcome, TourReport,
};
use crate::grid::Dims;
use crate::report::{self, Detail, Ending, Text, Tone};

impl report::Report for Answer {
    fn text(&self, detail: Detail) -> Text {
        match self {
            Answer::Find(r) => r.text(detail),
            Answer::List(r) => r.text(detail),
            Answer::Count(r) => r.text(detail),
            Answer::Magic(r) => r.text(detail),
            Answer::Steps(r) => r.text(detail),
            Answer::Moves(r) => r.text(detail),
            Answer::Check(r) => r.text(detail),
        }
    }

    fn ending(&self) -> Ending {
        match self {
            Answer::Find(r) => r.ending(),
            Answer::List(r) => r.ending(),
            Answer::Count(r) => r.ending(),
            Answer::Magic(r) => r.ending(),
            Answer::Steps(r) => r.ending(),
            Answer::Moves(r) => r.ending(),
            Answer::Check(r) => r.ending(),
        }
    }

    fn partial(&self) -> Option<String> {
        match self {
            Answer::List(r) => r.partial(),
            _ => None,
        }
    }
}

/// A listed tour, or a step of the search.
impl report::Report for Item {
    fn text(&self, detail: Detail) -> Text {
        match self {
            Item::Tour(t) => t.text(detail),
            Item::Step(s) => s.text(detail),
        }
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

/// A step of the search on one line: `step 7: 2,1 placed as 7`.
impl report::Report for SearchStep {
    fn text(&self, _: Detail) -> Text {
        let (verb, as_was) = match self.action {
            StepAction::Place => ("placed", "as"),
            StepAction::Clear => ("cleared", "was"),
        };
        let mut text = Text::new();
        let scores: Vec<String> = self
            .scores
            .iter()
            .map(|[r, c, s]| format!("{r},{c}:{s}"))
            .collect();
        let scores = match scores.is_empty() {
            true => String::new(),
            false => format!("; next, Warnsdorff's scores {}", scores.join(" ")),
        };
        text.line(format!(
            "step {}: {} {verb} ({as_was} {}){scores}",
            self.index, self.square, self.number
        ));
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

/// The end of a stretch of steps: how the search ended, or that it goes on.
impl report::Report for StepsEnd {
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        let steps = self.steps;
        match self.result {
            Some(TourOutcome::Tour) => text
                .tone(Tone::Good, "a tour")
                .line(format!(" after {steps} steps")),
            Some(TourOutcome::NoTour) => text
                .tone(Tone::Bad, "no tour")
                .line(format!(": every path was tried ({steps} steps)")),
            Some(TourOutcome::Interrupted | TourOutcome::GaveUp) => text
                .tone(Tone::Partial, "interrupted")
                .line(format!(" after {steps} steps")),
            None => text.line(format!("{steps} steps; the search goes on")),
        };
        text
    }

    fn ending(&self) -> Ending {
        match self.result {
            Some(TourOutcome::NoTour) => Ending::NoSolution,
            Some(TourOutcome::Interrupted | TourOutcome::GaveUp) => Ending::Interrupted,
            _ => Ending::Answered,
        }
    }
}

/// A position played: the squares visited, the legal moves and Warnsdorff's
/// suggestion, or the tour: `3 of 25 squares visited; legal: 0,4 2,2; Warnsdorff: 0,4`.
impl report::Report for Position {
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        let cells = self.rows * self.cols;
        text.plain(format!("{} of {cells} squares visited", self.visited));
        if self.tour {
            let kind = if self.closed {
                "a closed tour"
            } else {
                "a tour"
            };
            text.plain(": ").tone(Tone::Good, kind).end_line();
            return text;
        }
        if self.legal.is_empty() {
            text.plain(": ").tone(Tone::Bad, "stuck").end_line();
            return text;
        }
        let legal: Vec<String> = self.legal.iter().map(|p| p.to_string()).collect();
        text.plain(format!("; legal: {}", legal.join(" ")));
        if let Some(s) = self.suggestion {
            text.plain("; Warnsdorff: ").tone(Tone::Mark, s.to_string());
        }
        text.end_line();
        text
    }

    fn ending(&self) -> Ending {
        match (self.tour, self.legal.is_empty()) {
            (false, true) => Ending::NoSolution,
            _ => Ending::Answered,
        }
    }
}

/// A listed tour: its number, then the board as the knight's tour lab prints it (quiet: nothing).
impl report::Report for ListedTour {
    fn text(&self, detail: Detail) -> Text {
        if detail == Detail::Quiet {
            return Text::new();
        }
        // A tour visits every square: its extent is the board.
        let rows = self.tour.iter().map(|p| p.row + 1).max().unwrap_or(0);
        let cols = self.tour.iter().map(|p| p.col + 1).max().unwrap_or(0);
        let mut text = Text::new();
        text.line(format!("tour {}:", self.index))
            .block(render_board(Dims { rows, cols }, &self.tour));
        text
    }

    fn ending(&self) -> Ending {
        Ending::Answered
    }
}

/// The end of a listing: how many tours, and whether that is all of them
/// (nothing on stdout when stopped by Ctrl-C: the note goes to stderr).
impl report::Report for TourListing {
    fn text(&self, _: Detail) -> Text {
        let mut text = Text::new();
        let (tone, end) = match self.stopped {
            Some(crate::Stop::Interrupted) => return text,
            None => (Tone::Good, "all of them"),
            Some(crate::Stop::Limit) => (Tone::Partial, "stopped at --limit"),
        };
        text.plain(format!("{} tours listed (", self.listed))
            .tone(tone, end)
            .line(")");
        text
    }

    fn ending(&self) -> Ending {
        match self.stopped {
            Some(crate::Stop::Interrupted) => Ending::Interrupted,
            None if self.listed == 0 => Ending::NoSolution,
            _ => Ending::Answered,
        }
    }

    fn partial(&self) -> Option<String> {
        (self.stopped == Some(crate::Stop::Interrupted)).then(|| {
            format!(
                "interrupted: the list is partial ({} tours listed)",
                self.listed
            )
        })
    }
}

impl report::Report for TourReport {
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        text.line(format!(
            "knight's tour {}×{} from {} ({}), {}, {} order",
            self.rows,
            self.cols,
            self.start,
            algebraic(self.rows, self.start),
            if self.closed { "closed" } else { "open" },
            match self.order {
                MoveOrder::Warnsdorff => "warnsdorff",
                MoveOrder::Plain => "plain",
            }
        ));
        match (&self.tour, &self.reason) {
            (Some(t), _) if detail == Detail::Quiet => {
                let end = t.last().copied().unwrap_or(self.start);
                text.plain(format!("tour: {} squares, ", t.len()))
                    .tone(Tone::Good, "verified")
                    .line(format!(", ends at {end}"));
            }
            (Some(t), _) => {
                text.block(render_board(self.dims(), t));
            }
            (None, Some(reason)) if self.result == TourOutcome::NoTour => {
                text.tone(Tone::Bad, "no tour").line(format!(": {reason}"));
            }
            (None, Some(reason)) => {
                text.tone(Tone::Partial, reason).end_line();
            }
            (None, None) => {}
        }
        text
    }

    fn ending(&self) -> Ending {
        match self.result {
            TourOutcome::Tour => Ending::Answered,
            TourOutcome::Interrupted => Ending::Interrupted,
            TourOutcome::NoTour | TourOutcome::GaveUp => Ending::NoSolution,
        }
    }
}

impl report::Report for MagicReport {
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let (Some(t), Some(m)) = (&self.tour, &self.sums) else {
            text.line("search interrupted before a semi-magic tour was found");
            return text;
        };
        text.line(format!(
            "semi-magic knight's tour 8×8 from {} (closed), verified",
            t[0]
        ));
        if detail == Detail::Full {
            text.block(render_board(self.dims(), t));
        }
        let line = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        text.line(format!("rows: {}", line(&m.rows)));
        text.line(format!("columns: {}", line(&m.cols)));
        text.line(format!(
            "diagonals: {} {} ({})",
            m.diagonals[0],
            m.diagonals[1],
            if m.magic {
                "magic"
            } else {
                "not magic: only rows and columns sum to 260"
            }
        ));
        text
    }

    fn ending(&self) -> Ending {
        match self.tour {
            Some(_) => Ending::Answered,
            None => Ending::Interrupted,
        }
    }
}

/// A count: one line from one start, or the grid of every start and the
/// total; the shard and a partial mark when they apply.
impl report::Report for CountReport {
    /// The count's line, after the grid of counts from each square (not when quiet).
    fn text(&self, detail: Detail) -> Text {
        let mut text = Text::new();
        let kind = if self.closed { "closed" } else { "open" };
        let (rows, cols) = (self.rows, self.cols);
        let grid = self.counts.as_ref().filter(|_| detail == Detail::Full);
        let mut line = match (&self.start, &self.end, grid) {
            (Some(start), Some(end), _) => {
                format!("{rows}×{cols} {kind} tours from {start} to {end}:")
            }
            (Some(start), None, _) => format!("{rows}×{cols} {kind} tours from {start}:"),
            (None, _, Some(_)) => "total:".to_string(),
            (None, _, None) => format!("{rows}×{cols} {kind} tours summed over every start:"),
        };
        if let Some(counts) = grid {
            let width = counts.iter().flatten().map(|c| c.to_string().len()).max();
            text.line(format!(
                "{rows}×{cols} {kind} tours (directed) from each square:"
            ));
            for row in counts {
                let cells: Vec<String> = row
                    .iter()
                    .map(|c| format!("{:>w$}", c.to_string(), w = width.unwrap_or(1)))
                    .collect();
                text.line(cells.join(" "));
            }
        }
        if let Some(t) = self.total() {
            line.push_str(&format!(" {t}"));
        }
        match (&self.cycles, self.start.is_some()) {
            (Some(c), true) => line.push_str(&format!(" directed = {c} cycles")),
            (Some(c), false) => line.push_str(&format!(" ({c} cycles)")),
            (None, _) => {}
        }
        if let (Some(classes), Some(of)) = (&self.classes, self.classes_of) {
            line.push_str(&self.classes_note(classes.len(), of));
        }
        if let Some(shard) = &self.shard {
            line.push_str(&format!(" (shard {shard})"));
        }
        if let Some(c) = self.columns_done {
            line.push_str(&format!(" stopped after {c} of {} columns", rows.max(cols)));
        }
        text.plain(line);
        if self.partial {
            text.plain(" (")
                .tone(Tone::Partial, "partial: interrupted")
                .plain(")");
        }
        text.end_line();
        text
    }

    fn ending(&self) -> Ending {
        match self.total() {
            _ if self.partial => Ending::Interrupted,
            Some(t) if t.0 == 0u32.into() => Ending::NoSolution,
            _ => Ending::Answered,
        }
    }
}

impl TourReport {
    fn dims(&self) -> Dims {
        Dims {
            rows: self.rows,
            cols: self.cols,
        }
    }
}

impl MagicReport {
    fn dims(&self) -> Dims {
        Dims {
            rows: self.rows,
            cols: self.cols,
        }
    }
}

impl CountReport {
    /// How a count by classes of ends went: the classes of the whole
    /// count, or, short of them, those counted and what is missing.
    fn classes_note(&self, counted: usize, of: usize) -> String {
        let kind = match self.method {
            CountMethod::Starts => "starts",
            _ => "pairs of ends",
        };
        match &self.part {
            _ if counted == of => format!(" (by {of} classes of {kind})"),
            Some(part) => format!(
                " {counted} of the {of} classes of {kind} counted (part {part}: merge the parts' checkpoints for the total)"
            ),
            None => format!(" {counted} of the {of} classes of {kind} counted"),
        }
    }

    /// The count from the start, or the total over every start.
    fn total(&self) -> Option<&TourCount> {
        self.count.as_ref().or(self.total.as_ref())
    }
}
