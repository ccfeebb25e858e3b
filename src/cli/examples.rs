//! `puzzles examples [NAME]`: the example puzzles of the project's `puzzles/` folder, built into the command so that they work wherever it is installed.

use super::{Exit, Failure, Out};
use puzzles::Error;

/// One example file: its name (its path under `puzzles/`, without `.txt`),
/// what it holds, and its text.
pub struct Example {
    /// `sudoku/9x9-block`: the puzzle, then the file's name.
    pub name: &'static str,
    /// What the file holds, in a few words.
    pub what: &'static str,
    /// The file's text, as in the checkout.
    pub text: &'static str,
}

/// An example of `puzzles/<name>.txt`, its text built in.
macro_rules! example {
    ($name:literal, $what:literal) => {
        Example {
            name: $name,
            what: $what,
            text: include_str!(concat!("../../puzzles/", $name, ".txt")),
        }
    };
}

/// Every example file, puzzle by puzzle (a test checks that none of `puzzles/` is left out).
pub const EXAMPLES: &[Example] = &[
    example!("lightsout/3x3-plus", "3×3 state as 0/1: a plus, one press"),
    example!(
        "lightsout/5x5-all-on",
        "5×5 with every light on (4 solutions)"
    ),
    example!("lightsout/5x5-unsolvable", "5×5 that fails the parity test"),
    example!(
        "lightsout/6x6-three-states",
        "6×6 with 3 states (--states 3)"
    ),
    example!(
        "lightsout/petersen",
        "the Petersen graph, an edge a line (--graph)"
    ),
    example!(
        "lightsout/petersen-outer",
        "presses on the Petersen graph: its outer vertices (--check)"
    ),
    example!(
        "revertigo/20x20-map",
        "an activation map of 20×20: # odd, _ even"
    ),
    example!(
        "revertigo/page-walks",
        "the Revertigo page's walks: ROWS COLS WALK"
    ),
    example!("sudoku/4x4", "4×4 in block form, unique"),
    example!("sudoku/4x4-empty", "the empty 4×4 grid: 288 solutions"),
    example!("sudoku/6x6", "6×6 with 2×3 boxes, unique"),
    example!("sudoku/9x9-line", "9×9 on one line, unique"),
    example!(
        "sudoku/9x9-block",
        "9×9 in block form with separators, unique"
    ),
    example!(
        "sudoku/12x12-line",
        "12×12 with 3×4 boxes on one line, unique"
    ),
    example!("sudoku/16x16", "16×16, letters A-G for 10-16, unique"),
    example!("sudoku/25x25-numbers", "25×25 as numbers, 0 empty, unique"),
    example!(
        "sudoku/25x25-hard",
        "25×25 whose explanation takes minutes, unique"
    ),
    example!("sudoku/batch-9x9", "a batch of 11 9×9 puzzles, one a line"),
    example!("sudoku/clash", "9×9 whose clues clash: no solution"),
    example!(
        "sudoku/diabolical-300",
        "a batch of 300 diabolical 9×9 puzzles"
    ),
    example!(
        "sudoku/25x25-clash-batch",
        "a batch of three clashing 25×25 puzzles"
    ),
];

/// Prints the example called `name`, or the list of them without one.
pub fn print(name: Option<&str>, out: &mut Out) -> Result<Exit, Failure> {
    match name {
        Some(name) => out.bytes(find(name)?.text.as_bytes())?,
        None => out.bytes(listing().as_bytes())?,
    }
    Ok(Exit::Answered)
}

/// The example called `name` (`.txt` may end it), or a refusal that lists the names there are.
pub fn find(name: &str) -> Result<&'static Example, Error> {
    let bare = name.strip_suffix(".txt").unwrap_or(name);
    EXAMPLES.iter().find(|e| e.name == bare).ok_or_else(|| {
        let names: Vec<&str> = EXAMPLES.iter().map(|e| e.name).collect();
        Error::usage(format!(
            "no example {name}; the examples are {}",
            names.join(", ")
        ))
    })
}

/// The list `puzzles examples` prints: each name and what it holds, then how to use one.
pub fn listing() -> String {
    let width = EXAMPLES.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let mut text: String = EXAMPLES
        .iter()
        .map(|e| format!("{:width$}  {}\n", e.name, e.what))
        .collect();
    text.push_str(
        "puzzles examples NAME prints one: puzzles examples sudoku/9x9-line | puzzles sudoku -\n",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_examples_folder_is_built_in_and_named_once() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles");
        let mut on_disk = Vec::new();
        for puzzle in std::fs::read_dir(root).unwrap() {
            let dir = puzzle.unwrap().path();
            for file in std::fs::read_dir(&dir).unwrap() {
                let path = file.unwrap().path();
                if path.extension().is_some_and(|x| x == "txt") {
                    let name = path.strip_prefix(root).unwrap().with_extension("");
                    on_disk.push(name.to_string_lossy().into_owned());
                }
            }
        }
        on_disk.sort();
        let mut built_in: Vec<String> = EXAMPLES.iter().map(|e| e.name.to_string()).collect();
        built_in.sort();
        assert_eq!(built_in, on_disk);
        for e in EXAMPLES {
            assert_eq!(find(e.name).unwrap().text, e.text);
            assert_eq!(find(&format!("{}.txt", e.name)).unwrap().name, e.name);
        }
    }

    #[test]
    fn an_unknown_name_is_refused_with_the_names_there_are() {
        let refusal = find("sudoku/nosuch").err().unwrap().to_string();
        assert!(
            refusal.starts_with("no example sudoku/nosuch; the examples are lightsout/3x3-plus, ")
        );
        assert!(EXAMPLES.iter().all(|e| refusal.contains(e.name)));
        assert!(!refusal.contains('\n'));
    }
}
