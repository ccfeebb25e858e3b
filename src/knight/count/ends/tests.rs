//! Counts by ends against backtracking and the summed counts.

use super::super::backtrack::{count_between, Shard};
use super::super::{run, Census, Outcome, DEFAULT_MEMORY_LIMIT};
use super::*;
use crate::control::Control;
use crate::grid::{Dims, Pos};
use num_bigint::BigUint;

fn frontier(dims: Dims, census: Census) -> BigUint {
    match run(dims, census, DEFAULT_MEMORY_LIMIT, None, &Control::new()) {
        Ok(Outcome::Done { count, .. }) => count,
        other => panic!("{dims} {census:?}: {other:?}"),
    }
}

#[test]
fn paths_between_two_squares_agree_with_backtracking() {
    // A pair of each class of 5 × 6 and 6 × 6.
    for (rows, cols) in [(5, 6), (6, 6)] {
        let dims = Dims { rows, cols };
        for class in classes(dims, Split::Pairs, None) {
            let (s, t) = (class.ends[0], class.ends[1]);
            let want = BigUint::from(count_between(dims, s, t));
            assert_eq!(frontier(dims, class.census()), want, "{dims} {s} {t}");
        }
    }
    // Every pair, of either colours, of smaller boards.
    for (rows, cols) in [(3, 4), (3, 7), (4, 5), (5, 5), (3, 10), (4, 6)] {
        let dims = Dims { rows, cols };
        let squares: Vec<Pos> = dims.positions().collect();
        for (i, &s) in squares.iter().enumerate() {
            for &t in &squares[i + 1..] {
                let want = count_between(dims, s, t);
                assert_eq!(
                    frontier(dims, Census::PathsBetween(s, t)),
                    BigUint::from(want),
                    "{dims} {s} {t}"
                );
            }
        }
    }
}

/// The count of `census` by the column programme alone.
fn columns(dims: Dims, census: Census) -> BigUint {
    use super::super::columns::{run_walk, Sweep};
    match run_walk(
        &Sweep::new(dims, census),
        DEFAULT_MEMORY_LIMIT,
        &Control::new(),
    ) {
        Ok(Outcome::Done { count, .. }) => count,
        other => panic!("{dims} {census:?}: {other:?}"),
    }
}

/// The count of `census` by the halves.
fn halved(dims: Dims, census: Census) -> BigUint {
    use super::super::halves;
    match halves::count(dims, census, DEFAULT_MEMORY_LIMIT, None, &Control::new()) {
        Some(Ok(Outcome::Done { count, .. })) => count,
        other => panic!("{dims} {census:?}: {other:?}"),
    }
}

#[test]
fn the_halves_between_two_squares_agree_with_the_columns() {
    // A pair of each class: both ends in one half, one in each, by the middle and far from it.
    for (rows, cols) in [(5, 6), (6, 5), (6, 6), (5, 7), (6, 7), (7, 6)] {
        let dims = Dims { rows, cols };
        for class in classes(dims, Split::Pairs, None) {
            let census = class.census();
            assert_eq!(
                halved(dims, census),
                columns(dims, census),
                "{dims} {census:?}"
            );
        }
    }
}

/// The directed open tours of `dims` summed over every start, counted in one run.
fn summed(dims: Dims) -> BigUint {
    frontier(dims, Census::Paths) * 2u32
}

/// The count of `dims` by classes (`split`, from `start`), whole.
fn by_classes(dims: Dims, split: Split, start: Option<Pos>) -> Summed {
    let by = ByClasses {
        split,
        start,
        part: Shard::WHOLE,
        checkpoint: None,
        store: None,
    };
    count(dims, &by, DEFAULT_MEMORY_LIMIT, &Control::new()).unwrap()
}

#[test]
fn the_classes_hold_every_pair_and_every_start_once() {
    for (rows, cols) in [
        (1, 1),
        (3, 4),
        (4, 4),
        (5, 5),
        (5, 6),
        (6, 6),
        (4, 7),
        (8, 8),
    ] {
        let dims = Dims { rows, cols };
        let squares: Vec<Pos> = dims.positions().collect();
        let pairs = squares
            .iter()
            .enumerate()
            .flat_map(|(i, &s)| squares[i + 1..].iter().map(move |&t| (s, t)))
            .filter(|&(s, t)| !colours_differ(dims, s, t))
            .count() as u64;
        let weights = |split, start| {
            classes(dims, split, start)
                .iter()
                .map(|c| c.weight)
                .sum::<u64>()
        };
        assert_eq!(weights(Split::Pairs, None), pairs, "{dims}");
        assert_eq!(weights(Split::Starts, None), dims.cells() as u64, "{dims}");
        for &s in &squares {
            let others = squares
                .iter()
                .filter(|&&t| t != s && !colours_differ(dims, s, t))
                .count();
            assert_eq!(
                weights(Split::Pairs, Some(s)),
                others as u64,
                "{dims} from {s}"
            );
        }
    }
    // Knuth: 136 classes on 8 × 8, 120 of 8 pairs and 16 of 4.
    let eight = classes(Dims { rows: 8, cols: 8 }, Split::Pairs, None);
    assert_eq!(eight.len(), 136);
    assert_eq!(eight.iter().filter(|c| c.weight == 8).count(), 120);
    assert_eq!(eight.iter().filter(|c| c.weight == 4).count(), 16);
    assert_eq!(
        classes(Dims { rows: 8, cols: 8 }, Split::Starts, None).len(),
        10
    );
}

#[test]
fn the_weighted_sums_of_the_classes_are_the_summed_counts() {
    // 5 × 5: 1,728 directed tours; 6 × 6: 6,637,920 (OEIS A165134); 5 × 6,
    // the summed count (checked against backtracking in `count::tests`).
    for (rows, cols, published) in [(5, 5, Some(1728u64)), (5, 6, None), (6, 6, Some(6_637_920))] {
        let dims = Dims { rows, cols };
        let want = summed(dims);
        if let Some(published) = published {
            assert_eq!(want, BigUint::from(published), "{dims}");
        }
        for split in [Split::Pairs, Split::Starts] {
            let by = by_classes(dims, split, None);
            assert_eq!(by.total.as_ref(), Some(&want), "{dims} {split:?}");
            assert_eq!(by.classes.len(), by.of);
        }
        // From one start: the pairs from it, against the count from it in one run.
        for class in classes(dims, Split::Starts, None) {
            let s = class.ends[0];
            let from = by_classes(dims, Split::Pairs, Some(s)).total;
            assert_eq!(
                from,
                Some(frontier(dims, Census::PathsFrom(s))),
                "{dims} from {s}"
            );
        }
    }
}

#[test]
#[ignore = "about 9 minutes of CPU: 6 × 7 and 7 × 7 by classes"]
fn the_weighted_sums_on_six_by_seven_and_seven_by_seven() {
    // 6 × 7: 1,067,638,176; 7 × 7: 165,575,218,320 (OEIS A165134).
    for (rows, cols) in [(6, 7), (7, 7)] {
        let dims = Dims { rows, cols };
        let want = summed(dims);
        for split in [Split::Pairs, Split::Starts] {
            assert_eq!(
                by_classes(dims, split, None).total,
                Some(want.clone()),
                "{dims} {split:?}"
            );
        }
    }
}

#[test]
fn pairs_by_halves_kept_on_disk_agree_with_each_pair_counted_alone() {
    // Ends in one half and in both, halves taken mirrored or not: every
    // class of 6 × 6 (and the sum), a part of those of 6 × 8 and 8 × 6.
    for (rows, cols, part) in [(6, 6, "1/1"), (6, 8, "1/8"), (8, 6, "2/8")] {
        let dims = Dims { rows, cols };
        let store = super::super::halves::Store {
            dir: scratch(&format!("halves-{rows}x{cols}")),
            shared: false,
        };
        let by = |store| ByClasses {
            split: Split::Pairs,
            start: None,
            part: part.parse().unwrap(),
            checkpoint: None,
            store,
        };
        let ctl = Control::new();
        let kept = count(dims, &by(Some(store.clone())), DEFAULT_MEMORY_LIMIT, &ctl).unwrap();
        let alone = count(dims, &by(None), DEFAULT_MEMORY_LIMIT, &ctl).unwrap();
        assert!(!kept.classes.is_empty());
        assert_eq!(kept.classes, alone.classes, "{dims}");
        if part == "1/1" {
            assert_eq!(kept.total, Some(summed(dims)), "{dims}");
        }
        std::fs::remove_dir_all(&store.dir).unwrap();
    }
}

/// Parts counted at once by two threads sharing one folder of halves (a
/// folder given, as `--halves-dir`): each half is put in place whole by
/// one of them, the parts' classes equal the classes counted alone and sum
/// to the total, and the halves with one end stay for the next part.
#[test]
fn parts_sharing_a_folder_of_halves_at_once_count_what_each_counts_alone() {
    let dims = Dims { rows: 6, cols: 6 };
    let store = super::super::halves::Store {
        dir: scratch("halves-shared-6x6"),
        shared: true,
    };
    let by = |part: &str, store: Option<super::super::halves::Store>| ByClasses {
        split: Split::Pairs,
        start: None,
        part: part.parse().unwrap(),
        checkpoint: None,
        store,
    };
    let counted: Vec<Summed> = std::thread::scope(|scope| {
        let parts = ["1/2", "2/2"].map(|part| {
            let by = by(part, Some(store.clone()));
            scope.spawn(move || count(dims, &by, DEFAULT_MEMORY_LIMIT, &Control::new()).unwrap())
        });
        parts.map(|p| p.join().unwrap()).into()
    });
    let alone = count(
        dims,
        &by("1/1", None),
        DEFAULT_MEMORY_LIMIT,
        &Control::new(),
    )
    .unwrap();
    let mut classes: Vec<EndClass> = counted.iter().flat_map(|s| s.classes.clone()).collect();
    classes.sort_by(|a, b| a.ends.cmp(&b.ends));
    assert_eq!(classes, alone.classes);
    assert_eq!(alone.total, Some(summed(dims)));
    let kept: Vec<String> = std::fs::read_dir(&store.dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(kept.iter().all(|name| !name.ends_with(".part")), "{kept:?}");
    assert!(kept.len() > 4, "{kept:?}");
    for name in &kept {
        assert!(store.dir.join(name).join("done").exists(), "{name}");
    }
    std::fs::remove_dir_all(&store.dir).unwrap();
}

/// Where the halves are kept: the folder given (shared, left in place),
/// else beside the checkpoint; only by pairs on eight rows and even columns.
#[test]
fn the_halves_are_kept_in_the_folder_given_else_beside_the_checkpoint() {
    use std::path::Path;
    let (board, file, folder) = (
        Dims { rows: 8, cols: 8 },
        Path::new("c.txt"),
        Path::new("h"),
    );
    let shared = store_for(board, Split::Pairs, Some(file), Some(folder)).unwrap();
    assert_eq!((shared.dir.as_path(), shared.shared), (folder, true));
    let own = store_for(board, Split::Pairs, Some(file), None).unwrap();
    assert_eq!(
        (own.dir.as_path(), own.shared),
        (Path::new("c.txt.halves"), false)
    );
    assert!(store_for(board, Split::Starts, None, Some(folder)).is_none());
    assert!(store_for(Dims { rows: 7, cols: 8 }, Split::Pairs, None, Some(folder)).is_none());
    assert!(store_for(Dims { rows: 10, cols: 8 }, Split::Pairs, None, None).is_some());
}

/// A progress that stops the count after `n` classes.
struct StopAfter(
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    std::sync::atomic::AtomicU64,
    u64,
);

impl crate::control::Progress for StopAfter {
    fn advance(&self, n: u64) {
        use std::sync::atomic::Ordering::SeqCst;
        if self.1.fetch_add(n, SeqCst) + n >= self.2 {
            self.0.store(true, SeqCst);
        }
    }
}

/// A file in the system's temporary folder, removed first.
fn scratch(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("puzzles-ends-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn a_count_stopped_goes_on_from_its_checkpoint_to_the_same_total() {
    let dims = Dims { rows: 5, cols: 6 };
    let path = scratch("resume.txt");
    let by = ByClasses {
        split: Split::Pairs,
        start: None,
        part: Shard::WHOLE,
        checkpoint: Some(path.clone()),
        store: None,
    };
    let ctl = Control::new();
    let stop = StopAfter(ctl.stop_flag(), 0.into(), 5);
    let ctl = ctl.with_progress(std::sync::Arc::new(stop));
    let first = count(dims, &by, DEFAULT_MEMORY_LIMIT, &ctl).unwrap();
    assert!(first.stopped && first.total.is_none());
    assert_eq!(first.classes.len(), 5);
    let second = count(dims, &by, DEFAULT_MEMORY_LIMIT, &Control::new()).unwrap();
    assert!(!second.stopped);
    assert_eq!(second.total, Some(summed(dims)));
    // Only the classes the first run left were counted again.
    assert!(second.peak_states > 0);
    let again = count(dims, &by, DEFAULT_MEMORY_LIMIT, &Control::new()).unwrap();
    assert_eq!((again.total, again.peak_states), (second.total, 0));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn checkpoints_of_another_count_cut_short_or_edited_are_refused_in_one_line() {
    let dims = Dims { rows: 5, cols: 5 };
    let path = scratch("refused.txt");
    let by = |split, part: &str| ByClasses {
        split,
        start: None,
        part: part.parse().unwrap(),
        checkpoint: Some(path.clone()),
        store: None,
    };
    let run = |by: &ByClasses, dims| count(dims, by, DEFAULT_MEMORY_LIMIT, &Control::new());
    run(&by(Split::Pairs, "1/1"), dims).unwrap();
    let good = std::fs::read_to_string(&path).unwrap();
    let refused = |what: &str, text: &str, by: &ByClasses, dims: Dims| {
        std::fs::write(&path, text).unwrap();
        let e = run(by, dims).expect_err(what).to_string();
        assert!(
            e.contains(&path.display().to_string()) && !e.contains('\n'),
            "{what}: {e}"
        );
        // Nothing overwritten.
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{what}");
        e
    };
    let pairs = by(Split::Pairs, "1/1");
    let cut = &good[..good.len() - 30];
    assert!(refused("cut short", cut, &pairs, dims).contains("cut short or edited"));
    let edited = good.replacen("count 14", "count 15", 1);
    assert!(refused("edited", &edited, &pairs, dims).contains("cut short or edited"));
    let e = refused("another board", &good, &pairs, Dims { rows: 5, cols: 6 });
    assert!(e.contains("board 5x6"), "{e}");
    refused("another split", &good, &by(Split::Starts, "1/1"), dims);
    refused("another part", &good, &by(Split::Pairs, "2/3"), dims);
    refused("not one", "hello\n", &pairs, dims);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_parts_merge_to_the_whole_and_overlaps_and_gaps_are_refused() {
    let dims = Dims { rows: 6, cols: 6 };
    let files: Vec<std::path::PathBuf> =
        (1..=3).map(|i| scratch(&format!("part-{i}.txt"))).collect();
    for (i, file) in files.iter().enumerate() {
        let by = ByClasses {
            split: Split::Pairs,
            start: None,
            part: format!("{}/3", i + 1).parse().unwrap(),
            checkpoint: Some(file.clone()),
            store: None,
        };
        let part = count(dims, &by, DEFAULT_MEMORY_LIMIT, &Control::new()).unwrap();
        assert!(part.total.is_none() && !part.classes.is_empty());
    }
    let whole = merge(dims, Split::Pairs, None, &files).unwrap();
    assert_eq!(whole.total, Some(BigUint::from(6_637_920u32)));
    let twice = [files.clone(), vec![files[1].clone()]].concat();
    let e = merge(dims, Split::Pairs, None, &twice)
        .unwrap_err()
        .to_string();
    assert!(e.contains("overlap"), "{e}");
    let e = merge(dims, Split::Pairs, None, &files[..2])
        .unwrap_err()
        .to_string();
    assert!(e.contains("leave out") && e.contains("classes 2, 5"), "{e}");
    for file in files {
        std::fs::remove_file(file).unwrap();
    }
}

#[test]
fn ends_whose_colours_rule_out_every_path_count_none_at_once() {
    use super::super::{count as count_request, CountFrom, CountRequest};
    // c6 and f3 are of one colour: an open tour of 8 × 8 (63 moves) ends on the other.
    let between = CountFrom::Between(Pos::new(2, 2), Pos::new(5, 5));
    let request = CountRequest::new(Dims { rows: 8, cols: 8 }, false, between);
    let report = count_request(&request, &Control::new()).unwrap();
    assert_eq!(report.count.map(|c| c.to_string()), Some("0".to_string()));
}
