//! The two technique sets: Sudoku Explainer 1.2.1's (classic) and Sukaku Explainer's default, which adds strong-link fishes and the larger wings.
//!
//! Sukaku Explainer (SudokuMonster's fork of Nicolas Juillerat's Sudoku
//! Explainer, whose default set rates the puzzles of the Sudoku Exchange puzzle
//! bank) tries, besides the classic techniques and in this order: two strong
//! links (skyscraper, two-string kite, Turbot fish) after the hidden triple,
//! three strong links after the hidden quad, the WXYZ-wing before the bivalue
//! universal grave, four strong links and the VWXYZ-wing after it, the
//! UVWXYZ-wing after aligned pair exclusion, and the TUVWXYZ-wing after the
//! forcing chains and cycles. As with the classic set, the first technique in
//! that order that finds anything gives the step.

use super::board::Board;
use super::{als_wings, strong_links, Found};
use serde::{Deserialize, Serialize};

/// Which techniques the explainer uses, and so which scale its ratings are on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum TechniqueSet {
    /// Sudoku Explainer 1.2.1's techniques, as the forum's published ratings use them.
    #[default]
    Classic,
    /// Sukaku Explainer's default set: the classic one with skyscrapers, kites, Turbot fish,
    /// 3 and 4 strong links and WXYZ- to TUVWXYZ-wings (the Sudoku Exchange bank's ratings).
    Sukaku,
}

impl TechniqueSet {
    /// Whether this is the classic set (the default, left out of JSON).
    pub fn is_classic(&self) -> bool {
        *self == TechniqueSet::Classic
    }
}

/// Where Sukaku Explainer's additions come in the classic step order: after the named technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hook {
    /// After the hidden triple: two strong links.
    HiddenTriple,
    /// After the hidden quad: three strong links, then the WXYZ-wing.
    HiddenQuad,
    /// After the bivalue universal grave: four strong links, then the VWXYZ-wing.
    Grave,
    /// After aligned pair exclusion: the UVWXYZ-wing.
    PairExclusion,
    /// After the forcing chains and cycles: the TUVWXYZ-wing.
    Chains,
}

/// The step the set's additions at `hook` find, if any (none for the classic set).
pub(crate) fn step(set: TechniqueSet, hook: Hook, board: &Board) -> Option<Found> {
    if set == TechniqueSet::Classic {
        return None;
    }
    match hook {
        Hook::HiddenTriple => strong_links::fish(board, 2),
        Hook::HiddenQuad => strong_links::fish(board, 3).or_else(|| als_wings::wing(board, 3)),
        Hook::Grave => strong_links::fish(board, 4).or_else(|| als_wings::wing(board, 4)),
        Hook::PairExclusion => als_wings::wing(board, 5),
        Hook::Chains => als_wings::wing(board, 6),
    }
}

#[cfg(test)]
mod tests;
