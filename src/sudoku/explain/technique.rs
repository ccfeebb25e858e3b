//! The techniques a person uses, named as the solving literature names them, and their ratings on Sudoku Explainer's scale.

use serde::{Deserialize, Serialize};

/// A technique a person uses, named as the solving literature names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// The last empty cell of a row, column or box.
    FullHouse,
    /// A digit with one place left in a row, column or box.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// Locked candidates: a digit of a box confined to one line leaves the rest of that line.
    Pointing,
    /// Locked candidates: a digit of a line confined to one box leaves the rest of that box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits of a unit confined to the same two cells.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Three digits of a unit confined to three cells.
    HiddenTriple,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Four digits of a unit confined to four cells.
    HiddenQuad,
    /// A digit confined to two columns in two rows (or the other way round).
    XWing,
    /// The same with three lines.
    Swordfish,
    /// The same with four lines.
    Jellyfish,
    /// A two-candidate pivot and two pincers that see it.
    XyWing,
    /// A three-candidate pivot and two pincers that see it.
    XyzWing,
    /// Two strong links on one digit joined by a weak link: skyscraper, two-string kite, Turbot fish (Sukaku Explainer's set).
    TurbotFish,
    /// Three or four strong links on one digit joined by weak links, grouped or not, or closed in a loop (Sukaku Explainer's set).
    StrongLinks,
    /// Three cells seeing one another with four candidates between them, and a two-candidate cell (Sukaku Explainer's set).
    WxyzWing,
    /// The same with four cells and five candidates (Sukaku Explainer's set).
    VwxyzWing,
    /// The same with five cells and six candidates (Sukaku Explainer's set).
    UvwxyzWing,
    /// The same with six cells and seven candidates (Sukaku Explainer's set).
    TuvwxyzWing,
    /// Every empty cell with two candidates but one with three: that cell holds the digit it has a third place for.
    BivalueUniversalGrave,
    /// Two cells whose combinations of digits, but those that would empty a cell seeing both, leave a candidate out.
    AlignedPairExclusion,
    /// A chain of one digit, strong and weak links alternating.
    XChain,
    /// A chain of two-candidate cells.
    XyChain,
    /// A loop of links that holds either way round (a bidirectional Y-cycle, or of both kinds of link).
    Cycle,
    /// Four cells on two rows, two columns and two boxes that would allow two solutions.
    UniqueRectangle,
    /// The same with three cells.
    AlignedTripleExclusion,
    /// A candidate whose assumption implies, link by link, its own negation.
    ForcingChain,
    /// A candidate whose assumption, followed on its digit with the candidates it removes taken off, meets a contradiction.
    NishioForcingChain,
    /// Every candidate of a cell, or every place of a digit in a unit, implying the same (static links).
    MultipleForcingChain,
    /// The same, a contradiction, or a candidate whose presence and absence imply the same, followed with the candidates removed taken off (dynamic links).
    DynamicForcingChain,
    /// The same, with locked candidates, hidden and naked pairs and X-wings applied when the links run out (Sudoku Explainer's "dynamic +").
    DynamicPlusForcingChain,
    /// The same, with static forcing chains, then static multiple forcing chains, sought on the grid a chain reaches when nothing else is left (Sudoku Explainer's nested forcing chains).
    NestedForcingChain,
    /// A guess refuted by a search.
    Trial,
}

impl Technique {
    /// Every technique, easiest first (in the order the explainer tries them, but for the unique rectangle).
    pub const ALL: [Technique; 36] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::TurbotFish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::StrongLinks,
        Technique::WxyzWing,
        Technique::BivalueUniversalGrave,
        Technique::VwxyzWing,
        Technique::AlignedPairExclusion,
        Technique::UvwxyzWing,
        Technique::XChain,
        Technique::XyChain,
        Technique::Cycle,
        Technique::ForcingChain,
        Technique::TuvwxyzWing,
        Technique::AlignedTripleExclusion,
        Technique::NishioForcingChain,
        Technique::MultipleForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicPlusForcingChain,
        Technique::NestedForcingChain,
        Technique::Trial,
    ];

    /// The name, the same in text and JSON: `hidden-single`, `x-wing`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::HiddenSingle => "hidden-single",
            Technique::NakedSingle => "naked-single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::NakedQuad => "naked-quad",
            Technique::HiddenQuad => "hidden-quad",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::TurbotFish => "turbot-fish",
            Technique::StrongLinks => "strong-links",
            Technique::WxyzWing => "wxyz-wing",
            Technique::VwxyzWing => "vwxyz-wing",
            Technique::UvwxyzWing => "uvwxyz-wing",
            Technique::TuvwxyzWing => "tuvwxyz-wing",
            Technique::BivalueUniversalGrave => "bivalue-universal-grave",
            Technique::AlignedPairExclusion => "aligned-pair-exclusion",
            Technique::AlignedTripleExclusion => "aligned-triple-exclusion",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::Cycle => "cycle",
            Technique::ForcingChain => "forcing-chain",
            Technique::NishioForcingChain => "nishio-forcing-chain",
            Technique::MultipleForcingChain => "multiple-forcing-chain",
            Technique::DynamicForcingChain => "dynamic-forcing-chain",
            Technique::DynamicPlusForcingChain => "dynamic-plus-forcing-chain",
            Technique::NestedForcingChain => "nested-forcing-chain",
            Technique::Trial => "trial",
        }
    }
}

impl std::fmt::Display for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A rating on Sudoku Explainer's scale, in tenths (serialised as a number: `4.2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Rating(u16);

impl Rating {
    /// The rating of `tenths` tenths.
    pub const fn tenths(tenths: u16) -> Rating {
        Rating(tenths)
    }

    /// The rating as a number (`4.2`).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// The rating in tenths.
    pub fn in_tenths(self) -> u16 {
        self.0
    }
}

impl Serialize for Rating {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_f64(self.value())
    }
}

impl<'de> Deserialize<'de> for Rating {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Rating, D::Error> {
        let value = f64::deserialize(d)?;
        if !(0.0..=6553.5).contains(&value) {
            return Err(serde::de::Error::custom(format!("{value} is not a rating")));
        }
        Ok(Rating((value * 10.0).round() as u16))
    }
}

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// The rating added to a chain's base for its length, as Sudoku Explainer adds it
/// (Nicolas Juillerat's Sudoku Explainer, its chaining hints' length difficulty): a
/// chain of `nodes` nodes (each candidate it sets "on" or "off", the assumption
/// included) has length `nodes - 2`, and gains 0.1 once that length passes 4, then
/// again past 6, 8, 12, 16, 24, 32…, the bounds growing by 3/2 and 4/3 in turn.
pub(crate) fn length_bonus(nodes: usize) -> u16 {
    let length = nodes.saturating_sub(2);
    let (mut added, mut bound, mut odd) = (0u16, 4usize, false);
    while length > bound {
        added += 1;
        bound = if odd { bound * 4 / 3 } else { bound * 3 / 2 };
        odd = !odd;
    }
    added
}
