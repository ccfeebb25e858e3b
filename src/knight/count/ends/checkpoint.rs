//! The checkpoint of a count by classes: a text file naming the count, then one line a class counted, then a check of the whole; written anew after each class, read back to resume or to merge parts.
//!
//! ```text
//! puzzles knight count by classes, version 1
//! board 8x8, split pairs, start -, classes 136, part 1/1
//! class 0 a8 b6 weight 8 count 108154797558
//! check fnv1a64 9c2b1f0e4d7a6358
//! ```
//!
//! The file is written to a fresh file beside it, then renamed over it, so
//! that a stop at any moment leaves the old file or the new one whole. The
//! last line is the FNV-1a hash (64 bits) of every byte before it: a file
//! cut short, or edited, is refused, as is one of another board, split,
//! start, version or part.

use super::classes::{Class, Split};
use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};
use crate::knight::count::backtrack::Shard;
use crate::knight::{algebraic, parse_square};
use num_bigint::BigUint;
use std::collections::BTreeMap;
use std::path::Path;

/// The first line of every checkpoint.
const TITLE: &str = "puzzles knight count by classes, version 1";

/// What a checkpoint is of: a count must agree with it to resume from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Header {
    pub(crate) dims: Dims,
    pub(crate) split: Split,
    /// The start, when the pairs are those from one square.
    pub(crate) start: Option<Pos>,
    /// The classes of the whole count.
    pub(crate) classes: usize,
    /// The part of them this count takes.
    pub(crate) part: Shard,
}

impl Header {
    fn line(&self) -> String {
        let split = match self.split {
            Split::Pairs => "pairs",
            Split::Starts => "starts",
        };
        let start = self
            .start
            .map_or("-".to_string(), |p| algebraic(self.dims.rows, p));
        format!(
            "board {}x{}, split {split}, start {start}, classes {}, part {}",
            self.dims.rows, self.dims.cols, self.classes, self.part
        )
    }
}

/// The classes counted, by their place among `classes`.
pub(crate) type Counted = BTreeMap<usize, BigUint>;

/// FNV-1a, 64 bits: the check of a checkpoint's lines.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The text of a checkpoint of `header` with the classes `counted`.
fn text(header: &Header, classes: &[Class], counted: &Counted) -> String {
    let mut out = format!("{TITLE}\n{}\n", header.line());
    for (&i, count) in counted {
        let class = &classes[i];
        let ends: Vec<String> = class
            .ends
            .iter()
            .map(|&p| algebraic(header.dims.rows, p))
            .collect();
        out.push_str(&format!(
            "class {i} {} weight {} count {count}\n",
            ends.join(" "),
            class.weight
        ));
    }
    let check = fnv1a(out.as_bytes());
    out.push_str(&format!("check fnv1a64 {check:016x}\n"));
    out
}

/// Writes the checkpoint `path` of `header` with the classes `counted`:
/// to a fresh file beside it, then renamed over it.
pub(crate) fn save(
    path: &Path,
    header: &Header,
    classes: &[Class],
    counted: &Counted,
) -> Result<()> {
    let io = |source| Error::Io {
        path: path.display().to_string(),
        source,
    };
    let mut fresh = path.as_os_str().to_owned();
    fresh.push(".new");
    std::fs::write(&fresh, text(header, classes, counted)).map_err(io)?;
    std::fs::rename(&fresh, path).map_err(io)
}

/// The classes counted in the checkpoint `path` (none when there is no
/// such file yet), refused in one line when it is not a checkpoint of
/// `header` (with `any_part`, of any part of the same count) or when it
/// was cut short or edited.
pub(crate) fn load(
    path: &Path,
    header: &Header,
    classes: &[Class],
    any_part: bool,
) -> Result<Option<(Shard, Counted)>> {
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !any_part => return Ok(None),
        Err(source) => return Err(Error::Io { path: name, source }),
    };
    let bad = |line: usize, msg: String| Error::Parse {
        source_name: name.clone(),
        line,
        col: 1,
        msg: format!("not a checkpoint of this count: {msg}"),
    };
    let text = String::from_utf8(bytes).map_err(|_| bad(1, "not text".into()))?;
    let lines: Vec<&str> = text.lines().collect();
    if lines.first() != Some(&TITLE) {
        return Err(bad(1, format!("the first line should be '{TITLE}'")));
    }
    // The check: the last line, over every byte before it.
    let body_end = text.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
    let last = lines.len();
    let want = format!("check fnv1a64 {:016x}", fnv1a(&text.as_bytes()[..body_end]));
    if !text.ends_with('\n') || lines.last() != Some(&want.as_str()) {
        return Err(bad(
            last,
            "cut short or edited (its check does not match)".into(),
        ));
    }
    let part = read_header(lines.get(1).copied().unwrap_or(""), header, any_part)
        .map_err(|m| bad(2, m))?;
    let mut counted = Counted::new();
    for (n, line) in lines[2..last - 1].iter().enumerate() {
        let (i, count) = read_class(line, header, classes).map_err(|m| bad(n + 3, m))?;
        if !part.owns(i) {
            return Err(bad(n + 3, format!("class {i} is not of part {part}")));
        }
        if counted.insert(i, count).is_some() {
            return Err(bad(n + 3, format!("class {i} twice")));
        }
    }
    Ok(Some((part, counted)))
}

/// The part of the header line `line`, which must be `header`'s (but for
/// the part with `any_part`).
fn read_header(line: &str, header: &Header, any_part: bool) -> std::result::Result<Shard, String> {
    let (_, part) = line
        .rsplit_once(", part ")
        .ok_or_else(|| format!("the second line should be '{}'", header.line()))?;
    let part: Shard = part
        .parse()
        .map_err(|_| format!("the part '{part}' should be i/N"))?;
    let ours = Header {
        part,
        ..header.clone()
    };
    if ours.line() != line || (!any_part && part != header.part) {
        return Err(format!(
            "it is of '{line}', this count is of '{}'",
            header.line()
        ));
    }
    Ok(part)
}

/// The place and count of the class line `line`: `class I ENDS… weight W count C`.
fn read_class(
    line: &str,
    header: &Header,
    classes: &[Class],
) -> std::result::Result<(usize, BigUint), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let n = words.len();
    let wrong = || format!("'{line}' should be 'class I ENDS… weight W count C'");
    if n < 6 || words[0] != "class" || words[n - 4] != "weight" || words[n - 2] != "count" {
        return Err(wrong());
    }
    let i: usize = words[1].parse().map_err(|_| wrong())?;
    let class = classes
        .get(i)
        .ok_or_else(|| format!("there is no class {i} (there are {})", classes.len()))?;
    let ends = words[2..n - 4]
        .iter()
        .map(|w| parse_square(header.dims, w).map_err(|_| wrong()))
        .collect::<std::result::Result<Vec<Pos>, String>>()?;
    if ends != class.ends || words[n - 3] != class.weight.to_string() {
        return Err(format!("class {i} is not '{}'", words[2..n - 2].join(" ")));
    }
    let count = words[n - 1].parse().map_err(|_| wrong())?;
    Ok((i, count))
}
