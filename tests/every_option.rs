//! Every option of every subcommand takes effect or is refused: each flag
//! that `puzzles SUBCOMMAND --help` documents is added to runs of each mode of
//! its subcommand, and the run must differ from the run without it (its
//! output, its exit status or the file it writes) or be refused (exit 2, one
//! line). A new flag needs a sample value in [`sample`] (or possible values
//! its help lists), or the test fails naming it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The runs each flag is added to: a subcommand and the arguments of one of its
/// modes (`BATCH`: a file of two 9×9 puzzles written by the test).
const MODES: &[(&str, &[&str])] = &[
    ("lightsout", &["5", "--seed", "1"]),
    (
        "lightsout",
        &["--state", "puzzles/lightsout/5x5-all-on.txt"],
    ),
    (
        "lightsout",
        &[
            "--state",
            "puzzles/lightsout/5x5-all-on.txt",
            "--pattern",
            "x",
        ],
    ),
    ("lightsout", &["--graph", "puzzles/lightsout/petersen.txt"]),
    ("lightsout", &["--nullity", "2..4", "--states", "3"]),
    ("lightsout", &["--nullity", "63..65"]),
    ("lightsout", &["5", "--seed", "1", "--all"]),
    ("lightsout", &["5", "--seed", "1", "--count"]),
    ("lightsout", &["3", "--seed", "1", "--steps"]),
    ("revertigo", &["5"]),
    ("revertigo", &["--seed", "1"]),
    ("revertigo", &["3", "--check", "NNSEENSS"]),
    ("revertigo", &["4", "--all"]),
    ("revertigo", &["4", "--steps"]),
    ("knight", &["5"]),
    ("knight", &["5", "--count"]),
    ("knight", &["5", "--count", "--all-starts"]),
    ("knight", &["5", "--count", "--sum"]),
    ("knight", &["5", "--all"]),
    // Open, a tour at step 25; closed, no tour in 3 million steps: stopped at 100.
    ("knight", &["5", "--steps", "--max-steps", "100"]),
    ("sudoku", &["puzzles/sudoku/4x4.txt"]),
    ("sudoku", &["puzzles/sudoku/6x6.txt"]),
    ("sudoku", &["BATCH"]),
    ("sudoku", &["puzzles/sudoku/4x4-empty.txt", "--count"]),
    ("sudoku", &["puzzles/sudoku/4x4-empty.txt", "--all"]),
    ("sudoku", &["puzzles/sudoku/4x4.txt", "--transform"]),
    ("sudoku", &["puzzles/sudoku/4x4.txt", "--explain"]),
    ("sudoku", &["puzzles/sudoku/4x4.txt", "--hint"]),
    ("sudoku", &["puzzles/sudoku/4x4.txt", "--rate"]),
    ("sudoku", &["puzzles/sudoku/4x4.txt", "--steps"]),
    ("sudoku", &["--generate", "1", "--seed", "1"]),
    ("sudoku", &["--generate", "2", "--seed", "1", "--size", "4"]),
];

/// Flags not walked: help and version end before any work, the colour changes
/// only styles (none without a terminal), and the terminal front ends need one.
const NOT_WALKED: &[&str] = &["help", "version", "color", "play", "animate"];

/// Flags that change how the answer is found, not the answer, in one mode
/// (every mode when `None`): a run with them prints the same (the answer is
/// verified either way). Anything else that prints the same is an option dropped.
const SAME_ANSWER: &[(&str, &str, Option<&[&str]>)] = &[
    ("lightsout", "method", None),
    ("revertigo", "method", None),
    ("knight", "method", None),
    ("knight", "memory", None),
    // The threads of a batch: its answers stay in input order.
    ("sudoku", "jobs", Some(&["BATCH"])),
    // A limit the 4×4 grids of the walk never reach.
    ("sudoku", "time-limit", None),
    // Answers with no board (or steps) to leave out: --quiet keeps only the
    // progress bar off, which is drawn on a terminal alone.
    (
        "lightsout",
        "quiet",
        Some(&["--nullity", "2..4", "--states", "3"]),
    ),
    ("lightsout", "quiet", Some(&["--nullity", "63..65"])),
    ("lightsout", "quiet", Some(&["5", "--seed", "1", "--count"])),
    ("knight", "quiet", Some(&["5", "--count"])),
    ("knight", "quiet", Some(&["5", "--count", "--sum"])),
    // A step of the knight's search is one line either way.
    (
        "knight",
        "quiet",
        Some(&["5", "--steps", "--max-steps", "100"]),
    ),
    ("sudoku", "quiet", Some(&["BATCH"])),
    (
        "sudoku",
        "quiet",
        Some(&["puzzles/sudoku/4x4-empty.txt", "--all"]),
    ),
    ("sudoku", "quiet", Some(&["--generate", "1", "--seed", "1"])),
    (
        "sudoku",
        "quiet",
        Some(&["--generate", "2", "--seed", "1", "--size", "4"]),
    ),
];

/// Whether `--flag` is one of [`SAME_ANSWER`] in the mode `mode` of `sub`.
fn same_answer(sub: &str, flag: &str, mode: &[&str]) -> bool {
    SAME_ANSWER
        .iter()
        .any(|&(s, f, m)| s == sub && f == flag && m.is_none_or(|m| m == mode))
}

/// The value given to a flag that takes one, by subcommand and flag; files
/// written go under `dir`.
fn sample(sub: &str, flag: &str, dir: &Path) -> Option<String> {
    let out = |name: &str| dir.join(name).to_string_lossy().into_owned();
    Some(match (sub, flag) {
        (_, "svg") => out("picture.svg"),
        (_, "sheet") => out("sheet.svg"),
        (_, "output") => out("written.txt"),
        (_, "seed") => "7".into(),
        (_, "limit") => "1".into(),
        (_, "max-steps") => "1".into(),
        ("lightsout", "state") => "puzzles/lightsout/3x3-plus.txt".into(),
        ("lightsout", "nullity") => "2..3".into(),
        ("lightsout", "states") => "3".into(),
        ("lightsout", "pattern") => "x".into(),
        ("lightsout", "graph") => "puzzles/lightsout/petersen.txt".into(),
        ("lightsout", "on") => "o0,o1".into(),
        ("revertigo", "check") => "NNSEENSS".into(),
        ("lightsout", "check") => out("presses.txt"),
        ("knight", "check") => out("tour.txt"),
        ("sudoku", "check") => out("filled.txt"),
        ("knight", "start") => "1,2".into(),
        ("knight", "end") => "0,1".into(),
        ("knight", "part") => "1/2".into(),
        ("knight", "checkpoint") => out("checkpoint.txt"),
        ("knight", "merge") => out("checkpoint.txt"),
        ("knight", "order") => "plain".into(),
        ("revertigo", "builder") => "diagonal".into(),
        ("knight", "memory") => "100".into(),
        ("knight", "disk") => "100".into(),
        ("knight", "disk-dir") => dir.to_string_lossy().into_owned(),
        ("knight", "halves-dir") => dir.to_string_lossy().into_owned(),
        ("knight", "shard") => "1/2".into(),
        ("knight", "budget") => "10".into(),
        ("knight", "delay") => "0".into(),
        ("sudoku", "jobs") => "2".into(),
        ("sudoku", "generate") => "1".into(),
        ("sudoku", "order") => "2".into(),
        ("sudoku", "size") => "4".into(),
        ("sudoku", "marks") => out("marks.txt"),
        ("sudoku", "time-limit") => "5".into(),
        ("sudoku", "box") => "3x2".into(),
        ("sudoku", "techniques") => "sukaku".into(),
        _ => return None,
    })
}

/// What a run did: its exit status, its standard output, the one-line stderr of a
/// refusal, and whether it wrote the file of `--svg` or `--output`.
#[derive(Debug, PartialEq)]
struct Run {
    status: Option<i32>,
    stdout: Vec<u8>,
    wrote: bool,
}

fn run(exe: &Path, args: &[String], dir: &Path) -> (Run, String) {
    let written = ["picture.svg", "sheet.svg", "written.txt"].map(|f| dir.join(f));
    for f in &written {
        let _ = std::fs::remove_file(f);
    }
    let out = Command::new(exe)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the puzzles binary runs");
    let wrote = written.iter().any(|f| f.exists());
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let run = Run {
        status: out.status.code(),
        stdout: out.stdout,
        wrote,
    };
    (run, stderr)
}

/// One option as `--help` documents it.
#[derive(Debug)]
struct Flag {
    long: String,
    takes_value: bool,
    /// The values its help lists (`Possible values:` or `[possible values: …]`).
    possible: Vec<String>,
    /// Its `[default: …]`, if any.
    default: Option<String>,
}

/// The options of `puzzles sub`, read from its long help: each starts on a
/// line `  -q, --long <VALUE>` or `      --long`, and its description follows.
fn documented_flags(exe: &Path, sub: &str) -> Vec<Flag> {
    let out = Command::new(exe).args([sub, "--help"]).output().unwrap();
    assert!(out.status.success(), "puzzles {sub} --help runs");
    let help = String::from_utf8(out.stdout).unwrap();
    // The help is made from doc comments: none of their rustdoc links may show.
    assert!(
        !help.contains("[`") && !help.contains("`]("),
        "puzzles {sub} --help shows rustdoc link markup"
    );
    let mut flags: Vec<Flag> = Vec::new();
    let mut listing_values = false;
    for line in help.lines() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let header = trimmed.strip_prefix("--").or_else(|| {
            let (short, rest) = trimmed.split_once(", --")?;
            (short.len() == 2 && short.starts_with('-')).then_some(rest)
        });
        if let Some(header) = header.filter(|_| (2..=6).contains(&indent)) {
            let (long, value) = header.split_once(' ').unwrap_or((header, ""));
            flags.push(Flag {
                long: long.to_string(),
                takes_value: value.starts_with('<'),
                possible: Vec::new(),
                default: None,
            });
            listing_values = false;
            continue;
        }
        let Some(flag) = flags.last_mut() else {
            continue;
        };
        if trimmed == "Possible values:" {
            listing_values = true;
        } else if let Some(item) = trimmed.strip_prefix("- ").filter(|_| listing_values) {
            let name = item.split(':').next().unwrap_or(item);
            flag.possible.push(name.trim().to_string());
        } else if let Some(list) = trimmed.strip_prefix("[possible values: ") {
            let list = list.trim_end_matches(']');
            flag.possible = list.split(", ").map(str::to_string).collect();
        } else if let Some(default) = trimmed.strip_prefix("[default: ") {
            flag.default = Some(default.trim_end_matches(']').to_string());
        } else if trimmed.is_empty() {
            listing_values = false;
        }
    }
    flags
}

#[test]
fn every_option_takes_effect_or_is_refused_in_every_mode() {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_puzzles"));
    let dir = std::env::temp_dir().join(format!("puzzles-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The pencil marks of 4x4.txt's solution: a hint with them differs from one without.
    std::fs::write(
        dir.join("marks.txt"),
        "1 3 2 4\n4 2 3 1\n2 4 1 3\n3 1 4 2\n",
    )
    .unwrap();
    // Answers to check: no press, a short tour, 4x4.txt's solution.
    std::fs::write(dir.join("presses.txt"), "00000\n".repeat(5)).unwrap();
    std::fs::write(dir.join("tour.txt"), "a1 b3 c5\n").unwrap();
    std::fs::write(dir.join("filled.txt"), "1324423124133142\n").unwrap();
    // Two puzzles of batch-9x9.txt with one solution each: a count ends at once.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lines = std::fs::read_to_string(root.join("puzzles/sudoku/batch-9x9.txt")).unwrap();
    let two: Vec<&str> = lines
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(2)
        .collect();
    std::fs::write(dir.join("batch.txt"), two.join("\n") + "\n").unwrap();
    let mut dropped = Vec::new();
    for &(sub, mode) in MODES {
        let flags = documented_flags(&exe, sub);
        assert!(flags.len() > 5, "puzzles {sub} --help lists its options");
        let batch = dir.join("batch.txt").to_string_lossy().into_owned();
        let base: Vec<String> = std::iter::once(sub)
            .chain(mode.iter().copied())
            .map(|a| {
                if a == "BATCH" {
                    batch.clone()
                } else {
                    a.to_string()
                }
            })
            .collect();
        let (without, _) = run(&exe, &base, &dir);
        for flag in &flags {
            let long = flag.long.as_str();
            if NOT_WALKED.contains(&long) || mode.contains(&format!("--{long}").as_str()) {
                continue;
            }
            let mut args = base.clone();
            args.push(format!("--{long}"));
            if flag.takes_value {
                // A sample that shows the flag, else a possible value other than the default.
                let choice = || {
                    flag.possible
                        .iter()
                        .find(|v| flag.default.as_ref() != Some(*v))
                        .cloned()
                };
                let value = sample(sub, long, &dir).or_else(choice);
                let Some(value) = value else {
                    panic!("give `{sub} --{long}` a sample value in every_option::sample");
                };
                args.push(value);
            }
            let (with, stderr) = run(&exe, &args, &dir);
            let refused = with.status == Some(2) && stderr.trim_end().lines().count() == 1;
            if refused || with != without || same_answer(sub, long, mode) {
                continue;
            }
            dropped.push(args.join(" "));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        dropped.is_empty(),
        "options neither honoured nor refused:\n  puzzles {}",
        dropped.join("\n  puzzles ")
    );
}

/// The options an adversary found accepted and dropped: each now refused in
/// one line, or taking effect.
#[test]
fn the_options_once_dropped_are_refused_or_honoured() {
    use crate::util::{puzzles, stdout};
    let svg = crate::util::temp_path("dropped-generate.svg");
    let refused: [(&[&str], &str); 8] = [
        (
            &["knight", "5", "--count", "--all-starts", "--start", "1,1"],
            "--start",
        ),
        (
            &["knight", "5", "--count", "--sum", "--start", "1,1"],
            "--start",
        ),
        (&["knight", "8", "--magic", "--start", "1,2"], "--start"),
        (
            &["sudoku", "puzzles/sudoku/4x4.txt", "--jobs", "2"],
            "--jobs N",
        ),
        (&["sudoku", "--generate", "1", "--jobs", "2"], "--jobs N"),
        (
            &[
                "sudoku",
                "puzzles/sudoku/4x4-empty.txt",
                "--count",
                "--jobs",
                "2",
            ],
            "--jobs N",
        ),
        (
            &["sudoku", "puzzles/sudoku/4x4.txt", "--rate", "--quiet"],
            "--quiet",
        ),
        (
            &["sudoku", "--generate", "3", "--svg", &svg],
            "--generate 1",
        ),
    ];
    for (args, says) in refused {
        let out = puzzles(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(!std::path::Path::new(&svg).exists());
    // A nullity table takes the method: the full elimination's own limit, and
    // every method's table the same (OEIS A159257's first twelve).
    let out = puzzles(&["lightsout", "--nullity", "65..65", "--method", "gauss"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&["lightsout", "--nullity", "65..65"], 0), "65 42\n");
    for method in ["poly", "chase", "gauss"] {
        let table = stdout(&["lightsout", "--nullity", "1..12", "--method", method], 0);
        let nullities: Vec<&str> = table
            .lines()
            .map(|l| l.split(' ').nth(1).unwrap())
            .collect();
        assert_eq!(
            nullities,
            ["0", "0", "0", "4", "2", "0", "0", "0", "8", "0", "6", "0"]
        );
    }
    // --quiet leaves out an explanation's steps, and a hint's heading.
    let full = stdout(&["sudoku", "puzzles/sudoku/4x4.txt", "--explain"], 0);
    let quiet = stdout(
        &["sudoku", "puzzles/sudoku/4x4.txt", "--explain", "--quiet"],
        0,
    );
    let kept: Vec<&str> = full.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(quiet.lines().collect::<Vec<_>>(), kept);
    assert!(
        quiet.contains("rating 1.2 (hidden-single), 12 steps"),
        "{quiet}"
    );
    let hint = stdout(&["sudoku", "puzzles/sudoku/4x4.txt", "--hint"], 0);
    let quiet = stdout(
        &["sudoku", "puzzles/sudoku/4x4.txt", "--hint", "--quiet"],
        0,
    );
    assert_eq!(
        hint.lines().skip(1).collect::<Vec<_>>(),
        quiet.lines().collect::<Vec<_>>()
    );
}
