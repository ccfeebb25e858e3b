//! The four puzzles by name: how a front end that knows a puzzle only by its name (a JSON call from the page, a Python call) reaches its [`GridPuzzle`].
//!
//! A front end writes what it does with *any* puzzle once, as a [`Visit`],
//! and [`visit`] runs it on the puzzle a name picks: no front end holds a
//! `match` over the four puzzles.
//!
//! ```
//! use puzzles::registry::{self, Visit};
//! use puzzles::GridPuzzle;
//!
//! /// The JSON of a request's answer, whatever the puzzle.
//! struct AnswerJson(&'static str);
//!
//! impl Visit for AnswerJson {
//!     type Output = puzzles::Result<String>;
//!     fn visit<P: GridPuzzle>(self) -> Self::Output {
//!         let request: P::Request = serde_json::from_str(self.0).expect("a valid request");
//!         let answer = P::answer(&request, &puzzles::Control::new(), &mut puzzles::NoItems)?;
//!         Ok(serde_json::to_string(&answer).expect("answers serialise"))
//!     }
//! }
//!
//! let json = registry::visit("revertigo", AnswerJson(r#"{"dims":{"rows":1,"cols":1},"mode":"solve"}"#))??;
//! assert!(json.contains(r#""walk":"""#));
//! assert_eq!(registry::NAMES, ["lightsout", "revertigo", "knight", "sudoku"]);
//! assert!(registry::visit("chess", AnswerJson("{}")).is_err());
//! # Ok::<(), puzzles::Error>(())
//! ```

use crate::error::{Error, Result};
use crate::knight::Knight;
use crate::lightsout::LightsOut;
use crate::puzzle::GridPuzzle;
use crate::revertigo::Revertigo;
use crate::sudoku::Sudoku;

/// The names of the four puzzles, in the order the command line lists them.
pub const NAMES: [&str; 4] = [LightsOut::NAME, Revertigo::NAME, Knight::NAME, Sudoku::NAME];

/// What a front end does with a puzzle it knows only by name.
pub trait Visit {
    /// What the visit gives.
    type Output;

    /// Does it with puzzle `P`.
    fn visit<P: GridPuzzle>(self) -> Self::Output;
}

/// Runs `visitor` on the puzzle called `name` (one of [`NAMES`]); an unknown
/// name is refused in one line that lists the names there are.
pub fn visit<V: Visit>(name: &str, visitor: V) -> Result<V::Output> {
    match name {
        LightsOut::NAME => Ok(visitor.visit::<LightsOut>()),
        Revertigo::NAME => Ok(visitor.visit::<Revertigo>()),
        Knight::NAME => Ok(visitor.visit::<Knight>()),
        Sudoku::NAME => Ok(visitor.visit::<Sudoku>()),
        _ => Err(Error::usage(format!(
            "no puzzle called {name:?}; the puzzles are {}",
            NAMES.join(", ")
        ))),
    }
}
