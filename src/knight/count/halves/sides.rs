//! Paths between two given squares by halves kept on disk: a half's states across the middle, with the ends it holds, are worked out once, kept a bucket a file, and joined with every other half they meet.
//!
//! With both ends given, a half's states across the middle depend only on
//! the ends that lie in it (the other half's squares are taken as ends
//! that may be, for pruning: see `Sweep::half`). On a board of even columns
//! the right half, seen from its own side, is a left half too. So the
//! paths between `s` and `t` in different halves join the left half with
//! `s` and the left half with the mirror image of `t`; both in one half,
//! the half with both and the half with none. A count of many pairs (the
//! classes of ends of 8 × 8, see `ends`) then works out each half once:
//! 8 × 8 has 32 squares a half, 16 up to the mirror across the middle row,
//! whose image of a half's states is the image of its states.
//!
//! A half is kept as one file a bucket of its states (sorted, 24 bytes a
//! state), by a class of their moves a square that two joining states
//! share and that the mirror across the middle row keeps (see
//! [`Role::Side`](super::cross::Role)); a file `done` marks a half whole
//! and records the states of each bucket, checked as each is read back.
//! A half is written in a folder of its own, under a name no other process
//! takes, and renamed into place whole, so that the parts and processes
//! sharing a store (a folder given, `--halves-dir`) never read a half being
//! written: of two that work out the same half at once, the first renamed
//! stays. (A run stopped while writing leaves its `.part` folder behind.)
//! A half with both ends serves one pair only: it is kept under a name
//! of its own while that pair is joined, then removed.
//! Two halves are joined a bucket at a time.

use super::super::key::Stored;
use super::super::meet::word::Split;
use super::super::meet::Layer;
use super::super::spill::Disk;
use super::super::{Census, Outcome};
use super::board::Halves;
use super::cross::{cross_into, Layout, Role};
use super::join::join;
use super::start::start;
use super::waiting::Waiting;
use super::Ended;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::grid::{Dims, Pos};
use num_bigint::BigUint;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The buckets a half is kept in.
const BUCKETS: usize = 64;

/// Bytes a state takes in a file: its word and its count.
const ENTRY_BYTES: usize = 24;

/// The share of the memory a half's states across the middle may take
/// while they wait to be written (one part in this many), the rest left to
/// the states before the middle and the crossing: past it they are spilled
/// (8 × 8, the half with a8: 3.9 GB written, held under `--memory 14000`,
/// spilled under 3800).
const WAITING_SHARE: u64 = 3;

/// Runs of right states at least this long are joined by contracting ends
/// (see `join`), where the halves met in the middle by their own take 1024:
/// the halves of paths between two given squares hold longer runs, and
/// measured on 8 × 8 (the halves with a8 and with f8 joined, kept on disk,
/// 2026-12-07), 128 took 179 s of CPU where 1024 took 340 s (32: 179 s).
const SIDES_LONG_RUN: usize = 128;

/// The first word of a half's `done` file, before the states written in each bucket.
const DONE_HEADER: &str = "states";

/// A kept half found damaged (`why`): refused, never joined.
fn damaged(folder: &Path, why: String) -> Ended {
    Ended::Failed(Error::Io {
        path: folder.display().to_string(),
        source: std::io::Error::other(format!(
            "the half kept there is damaged: {why}; remove the folder to work it out again"
        )),
    })
}

/// Where the halves of a count are kept.
#[derive(Debug, Clone)]
pub(in crate::knight::count) struct Store {
    pub(in crate::knight::count) dir: PathBuf,
    /// A folder given, shared with other parts or processes and left in
    /// place (else the count's own, removed once it is whole).
    pub(in crate::knight::count) shared: bool,
}

/// A left half, by the ends it holds (its own squares, the least of the
/// set and its mirror image across the middle row), and whether its
/// states are to be taken mirrored.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Half {
    ends: Vec<Pos>,
    flipped: bool,
    /// A half with both ends serves one pair only: worked out by the count
    /// of that pair under a name of its own (this tag), which no other
    /// count sharing the store reads, or removes while this one reads it.
    own: Option<u64>,
}

impl Half {
    /// The half holding `ends` (squares of a left half of `rows` rows); with
    /// two, a count's own, under a fresh tag.
    fn new(mut ends: Vec<Pos>, rows: usize) -> Half {
        ends.sort();
        let mut image: Vec<Pos> = ends
            .iter()
            .map(|p| Pos::new(rows - 1 - p.row, p.col))
            .collect();
        image.sort();
        let flipped = image < ends;
        Half {
            own: (ends.len() == 2).then(crate::random::fresh_seed),
            ends: if flipped { image } else { ends },
            flipped,
        }
    }

    /// Its folder's name in the store: the board and its ends, and its tag
    /// when it is a count's own.
    fn name(&self, dims: Dims) -> String {
        let ends: Vec<String> = self
            .ends
            .iter()
            .map(|p| format!("{}-{}", p.row, p.col))
            .collect();
        let own = self
            .own
            .map_or(String::new(), |tag| format!(".own-{tag:016x}"));
        format!("half-{}x{}-{}{own}", dims.rows, dims.cols, ends.join("_"))
    }
}

/// The board of a left half holding `ends`: what it counts, its other ends
/// put past its columns (the half does not see them: see `Sweep::half`).
fn board_of(dims: Dims, ends: &[Pos]) -> Halves {
    let (rows, cols) = (dims.rows, dims.cols);
    let past = [Pos::new(0, cols - 1), Pos::new(1, cols - 1)];
    let mut all = ends.to_vec();
    all.extend(past.iter().take(2 - ends.len()));
    Halves {
        rows,
        cols,
        h: cols / 2,
        open: true,
        census: Census::PathsBetween(all[0], all[1]),
    }
}

/// Counts the paths between the ends of `census` (both given) on `dims`
/// (rows ≤ cols, the columns even) by halves kept in `store`, each within
/// `memory` bytes; `None` when the board does not suit.
pub(in crate::knight::count) fn count(
    dims: Dims,
    census: Census,
    store: &Store,
    memory: u64,
    ctl: &Control,
) -> Option<Result<Outcome>> {
    let Census::PathsBetween(s, t) = census else {
        return None;
    };
    // As the halves see the board: along its longer side.
    let turn = |p: Pos| Pos::new(p.col, p.row);
    let (dims, s, t) = if dims.rows > dims.cols {
        (
            Dims {
                rows: dims.cols,
                cols: dims.rows,
            },
            turn(s),
            turn(t),
        )
    } else {
        (dims, s, t)
    };
    let (rows, cols) = (dims.rows, dims.cols);
    if !(5..=8).contains(&rows) || cols < 6 || cols % 2 == 1 || rows > cols {
        return None;
    }
    let (one, other) = halves_between(dims, s, t);
    let counted = (|| {
        let mut peak = store.make(dims, &other, memory, ctl)?;
        peak = peak.max(store.make(dims, &one, memory, ctl)?);
        let joined = store.join(dims, &one, &other, SIDES_LONG_RUN, ctl);
        // The half with both ends serves this pair only: kept no longer than it.
        if one.own.is_some() {
            store.remove(dims, &one);
        }
        Ok::<_, Ended>((joined?, peak))
    })();
    match counted {
        Ok((count, peak_states)) => Some(Ok(Outcome::Done {
            count: BigUint::from(count),
            peak_states,
        })),
        Err(Ended::Unsuited) => None,
        Err(Ended::Stopped { columns }) => Some(Ok(Outcome::Stopped { columns })),
        Err(Ended::Failed(e)) => Some(Err(e)),
    }
}

/// The two left halves whose join gives the paths between `s` and `t`:
/// ends in both halves, each half with its own (the right one seen from its
/// side); in one, it with both and the other with none.
fn halves_between(dims: Dims, s: Pos, t: Pos) -> (Half, Half) {
    let (rows, cols) = (dims.rows, dims.cols);
    let h = cols / 2;
    let mirror = |p: Pos| Pos::new(p.row, cols - 1 - p.col);
    let left = |p: Pos| if p.col < h { p } else { mirror(p) };
    let (one, other) = match (s.col < h, t.col < h) {
        (true, false) | (false, true) => (vec![left(s)], vec![left(t)]),
        _ => (vec![left(s), left(t)], vec![]),
    };
    (Half::new(one, rows), Half::new(other, rows))
}

impl Store {
    fn folder(&self, dims: Dims, half: &Half) -> PathBuf {
        self.dir.join(half.name(dims))
    }

    fn io(path: &Path) -> impl Fn(std::io::Error) -> Ended + '_ {
        move |source| {
            Ended::Failed(Error::Io {
                path: path.display().to_string(),
                source,
            })
        }
    }

    /// Works out `half` and keeps it, unless it is kept already: the most
    /// states it held (0 when it was kept).
    fn make(
        &self,
        dims: Dims,
        half: &Half,
        memory: u64,
        ctl: &Control,
    ) -> std::result::Result<u64, Ended> {
        self.make_within(dims, half, memory, memory / WAITING_SHARE, ctl)
    }

    /// [`Store::make`], the states across the middle spilled once they pass
    /// `waiting` bytes.
    fn make_within(
        &self,
        dims: Dims,
        half: &Half,
        memory: u64,
        waiting: u64,
        ctl: &Control,
    ) -> std::result::Result<u64, Ended> {
        let folder = self.folder(dims, half);
        if folder.join("done").exists() {
            return Ok(0);
        }
        let board = board_of(dims, &half.ends);
        let (states, mut peak) = start(&board, board.h, false, memory, ctl)?;
        let layout = Layout {
            part: usize::MAX,
            buckets: BUCKETS,
            long: SIDES_LONG_RUN,
        };
        // Held while they leave room for the crossing, else spilled to the
        // store's folder and each bucket sorted in turn as it is written.
        let spill = Disk {
            limit: u64::MAX,
            dir: self.dir.clone(),
        };
        std::fs::create_dir_all(&self.dir).map_err(Store::io(&self.dir))?;
        let mut buckets = Waiting::overflowing(BUCKETS, waiting, spill);
        let most = cross_into(
            &board,
            board.h,
            states,
            Role::Side,
            &layout,
            memory,
            &mut buckets,
            ctl,
        )?;
        peak = peak.max(most);
        // Written aside (a name no other process, here or on another
        // machine sharing the folder, takes), then renamed into place whole.
        let mut aside = folder.clone().into_os_string();
        aside.push(format!(".{:016x}.part", crate::random::fresh_seed()));
        let aside = PathBuf::from(aside);
        let _ = std::fs::remove_dir_all(&aside);
        std::fs::create_dir_all(&aside).map_err(Store::io(&aside))?;
        let mut written = Vec::with_capacity(BUCKETS);
        for b in 0..BUCKETS {
            let bucket = buckets.take(b)?;
            written.push(bucket.len().to_string());
            let path = aside.join(format!("{b}"));
            let file = std::fs::File::create(&path).map_err(Store::io(&path))?;
            let mut out = BufWriter::new(file);
            for &(k, c) in &bucket {
                out.write_all(&k.unpack().to_le_bytes())
                    .and_then(|()| out.write_all(&c.to_le_bytes()))
                    .map_err(Store::io(&path))?;
            }
            out.flush().map_err(Store::io(&path))?;
        }
        let done = aside.join("done");
        let record = format!("{DONE_HEADER} {}\n", written.join(" "));
        std::fs::write(&done, record).map_err(Store::io(&done))?;
        if folder.exists() && !folder.join("done").exists() {
            // A half cut short by a crash of a version that wrote in place.
            let _ = std::fs::remove_dir_all(&folder);
        }
        if std::fs::rename(&aside, &folder).is_err() {
            // Another part renamed the same half into place first.
            let _ = std::fs::remove_dir_all(&aside);
            if !folder.join("done").exists() {
                return Err(Store::io(&folder)(std::io::Error::other(
                    "the half could not be put in place",
                )));
            }
        }
        Ok(peak)
    }

    /// The states written in each bucket of the kept `half`, as its `done`
    /// file records them; refused when the record is not whole.
    fn recorded(&self, dims: Dims, half: &Half) -> std::result::Result<Vec<u64>, Ended> {
        let folder = self.folder(dims, half);
        let done = folder.join("done");
        let text = std::fs::read_to_string(&done).map_err(Store::io(&done))?;
        let states: Option<Vec<u64>> = text
            .strip_prefix(DONE_HEADER)
            .map(|rest| rest.split_whitespace().map(|n| n.parse().ok()).collect())
            .and_then(|n: Option<Vec<u64>>| n.filter(|n| n.len() == BUCKETS));
        states.ok_or_else(|| {
            damaged(
                &folder,
                "its record of the states written (done) is not whole".to_string(),
            )
        })
    }

    /// Bucket `b` of the kept `half`, which holds `states` states (as
    /// recorded), mirrored across the middle row when the half says so;
    /// refused when its file holds another length (cut short, or copied in
    /// part).
    fn load(
        &self,
        dims: Dims,
        half: &Half,
        board: &Halves,
        (b, states): (usize, u64),
    ) -> std::result::Result<Layer<u128>, Ended> {
        let folder = self.folder(dims, half);
        let path = folder.join(format!("{b}"));
        let file = std::fs::File::open(&path).map_err(Store::io(&path))?;
        let bytes = file.metadata().map_err(Store::io(&path))?.len();
        if bytes != states * ENTRY_BYTES as u64 {
            let why = format!("bucket {b} holds {bytes} bytes where {states} states were written");
            return Err(damaged(&folder, why));
        }
        let mut input = BufReader::new(file);
        let mut layer = Vec::with_capacity(states as usize);
        let mut entry = [0u8; ENTRY_BYTES];
        for _ in 0..states {
            input.read_exact(&mut entry).map_err(Store::io(&path))?;
            let mut word = [0u8; 16];
            word.copy_from_slice(&entry[..16]);
            let mut count = [0u8; 8];
            count.copy_from_slice(&entry[16..]);
            let mut k = u128::from_le_bytes(word);
            if half.flipped {
                k = board.flipped(k, board.h);
            }
            layer.push((Split::pack(k), u64::from_le_bytes(count)));
        }
        Ok(layer)
    }

    /// The paths of the left half `one` joined with the right half, `other`
    /// mirrored: the sum over the buckets, the ends of runs of `long` right
    /// states and more contracted.
    fn join(
        &self,
        dims: Dims,
        one: &Half,
        other: &Half,
        long: usize,
        ctl: &Control,
    ) -> std::result::Result<u128, Ended> {
        let board = board_of(dims, &one.ends);
        let (lefts, rights) = (self.recorded(dims, one)?, self.recorded(dims, other)?);
        let mut total = 0u128;
        for b in 0..BUCKETS {
            let left = self.load(dims, one, &board, (b, lefts[b]))?;
            let right = self.load(dims, other, &board, (b, rights[b]))?;
            let sum = join(&board, &left, &right, board.h, false, long, ctl)?;
            total = total.checked_add(sum).ok_or(Ended::Unsuited)?;
        }
        Ok(total)
    }

    /// Forgets `half`.
    fn remove(&self, dims: Dims, half: &Half) {
        let _ = std::fs::remove_dir_all(self.folder(dims, half));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 6 × 8: its halves small, with runs of right states long and short.
    const DIMS: Dims = Dims { rows: 6, cols: 8 };

    /// A store of its own for a test (`shared` or the count's).
    fn store(name: &str, shared: bool) -> Store {
        let dir = std::env::temp_dir().join(format!("puzzles-{name}-{}", std::process::id()));
        Store { dir, shared }
    }

    /// The paths between `s` and `t` on [`DIMS`] counted alone (the column
    /// programme or the halves in memory).
    fn alone(s: Pos, t: Pos) -> BigUint {
        let memory = crate::knight::count::DEFAULT_MEMORY_LIMIT;
        let census = Census::PathsBetween(s, t);
        match super::super::super::run(DIMS, census, memory, None, &Control::new()) {
            Ok(Outcome::Done { count, .. }) => count,
            other => panic!("{s} {t}: {other:?}"),
        }
    }

    /// The two halves whose join counts the paths between `s` and `t` on
    /// [`DIMS`], made in `store` (their states across the middle spilled
    /// past `waiting` bytes).
    fn made(store: &Store, s: Pos, t: Pos, waiting: u64) -> (Half, Half) {
        let memory = crate::knight::count::DEFAULT_MEMORY_LIMIT;
        let (one, other) = halves_between(DIMS, s, t);
        let ctl = Control::new();
        let made = |half| store.make_within(DIMS, half, memory, waiting, &ctl).is_ok();
        assert!(made(&other) && made(&one), "{s} {t}");
        (one, other)
    }

    /// Two halves kept on disk joined by contracting the ends of every run
    /// give what trying each right state gives (the threshold only chooses
    /// the way), and the count of the paths alone: ends in both halves and in
    /// one, halves mirrored across the middle row or not.
    #[test]
    fn contracting_every_run_or_none_joins_alike() {
        let (dims, store) = (DIMS, store("sides", false));
        let ctl = Control::new();
        let memory = crate::knight::count::DEFAULT_MEMORY_LIMIT;
        let pairs = [
            ((0, 0), (0, 7)),
            ((5, 1), (2, 6)),
            ((0, 0), (1, 2)),
            ((4, 3), (0, 4)),
        ];
        for ((a, b), (c, d)) in pairs {
            let (s, t) = (Pos::new(a, b), Pos::new(c, d));
            let (one, other) = made(&store, s, t, memory / WAITING_SHARE);
            let joined = |long| match store.join(dims, &one, &other, long, &ctl) {
                Ok(sum) => sum,
                Err(_) => panic!("{s} {t}: the join failed"),
            };
            let (every, none) = (joined(1), joined(usize::MAX));
            assert_eq!(every, none, "{s} {t}");
            assert_eq!(BigUint::from(every), alone(s, t), "{s} {t}");
        }
        std::fs::remove_dir_all(&store.dir).unwrap();
    }

    /// Halves whose states across the middle pass the share of the memory
    /// they may wait in (so spilled to the store's folder, each bucket
    /// sorted and merged as it is written) join to the count of the paths
    /// alone, and leave no spill behind: ends in both halves and in one.
    #[test]
    fn halves_spilled_while_made_join_alike() {
        let (dims, store) = (DIMS, store("spilled", false));
        let ctl = Control::new();
        let waiting = 64 << 10;
        for (s, t) in [
            (Pos::new(5, 1), Pos::new(2, 6)),
            (Pos::new(0, 0), Pos::new(1, 2)),
        ] {
            let (one, other) = made(&store, s, t, waiting);
            let written = |half| -> u64 {
                let folder = store.folder(dims, half);
                (0..BUCKETS)
                    .map(|b| std::fs::metadata(folder.join(b.to_string())).unwrap().len())
                    .sum()
            };
            assert!(written(&one).min(written(&other)) > waiting, "{s} {t}");
            let joined = match store.join(dims, &one, &other, SIDES_LONG_RUN, &ctl) {
                Ok(sum) => sum,
                Err(_) => panic!("{s} {t}: the join failed"),
            };
            assert_eq!(BigUint::from(joined), alone(s, t), "{s} {t}");
            store.remove(dims, &one);
        }
        for entry in std::fs::read_dir(&store.dir).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                name.starts_with("half-") && !name.ends_with(".part"),
                "{name}"
            );
        }
        std::fs::remove_dir_all(&store.dir).unwrap();
    }

    /// A kept half whose bucket file holds another length than its record
    /// says (cut short, or copied in part), or whose record is not whole,
    /// is refused by name, never joined into a wrong count.
    #[test]
    fn a_damaged_half_is_refused() {
        let (dims, store) = (DIMS, store("damaged", false));
        let ctl = Control::new();
        let memory = crate::knight::count::DEFAULT_MEMORY_LIMIT;
        let (one, other) = made(
            &store,
            Pos::new(5, 1),
            Pos::new(2, 6),
            memory / WAITING_SHARE,
        );
        let refused = |store: &Store| match store.join(dims, &one, &other, SIDES_LONG_RUN, &ctl) {
            Err(Ended::Failed(e)) => e.to_string(),
            Ok(_) => "joined".to_string(),
            Err(_) => "not refused".to_string(),
        };
        let folder = store.folder(dims, &other);
        let recorded = store.recorded(dims, &other).ok().unwrap_or_default();
        let b = (0..BUCKETS).find(|&b| recorded[b] > 0).unwrap();
        let bucket = folder.join(b.to_string());
        let bytes = std::fs::read(&bucket).unwrap();
        std::fs::write(&bucket, &bytes[..bytes.len() - ENTRY_BYTES]).unwrap();
        let err = refused(&store);
        assert!(
            err.contains("damaged") && err.contains(&format!("bucket {b} ")),
            "{err}"
        );
        std::fs::write(&bucket, &bytes).unwrap();
        assert_eq!(refused(&store), "joined");
        std::fs::write(folder.join("done"), b"").unwrap();
        let err = refused(&store);
        assert!(
            err.contains("damaged") && err.contains("not whole"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1);
        std::fs::remove_dir_all(&store.dir).unwrap();
    }

    /// A pair with both ends in one half works its half out under a name of
    /// its own in a shared store: another count's half of the same ends,
    /// under the shared name (here a wrong one, as one being written or
    /// read), is neither read nor removed, and the pair's own half is gone
    /// after its join.
    #[test]
    fn a_half_with_both_ends_is_the_counts_own() {
        let (dims, store) = (DIMS, store("own", true));
        let memory = crate::knight::count::DEFAULT_MEMORY_LIMIT;
        let (s, t) = (Pos::new(0, 0), Pos::new(1, 2));
        let mut others = Half::new(vec![s, t], dims.rows);
        others.own = None;
        let theirs = store.folder(dims, &others);
        std::fs::create_dir_all(theirs.join("0")).unwrap();
        std::fs::write(theirs.join("done"), b"").unwrap();
        let census = Census::PathsBetween(s, t);
        match count(dims, census, &store, memory, &Control::new()) {
            Some(Ok(Outcome::Done { count, .. })) => assert_eq!(count, alone(s, t)),
            other => panic!("{other:?}"),
        }
        assert!(theirs.join("done").exists());
        let kept: Vec<String> = std::fs::read_dir(&store.dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(!kept.iter().any(|name| name.contains(".own-")), "{kept:?}");
        std::fs::remove_dir_all(&store.dir).unwrap();
    }
}
