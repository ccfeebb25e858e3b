//! The files a run writes (`--svg`, `--sheet`, `--output`): each checked before the work, no two naming one file, so that nothing computed is thrown away for a path that could not take it.

use puzzles::Error;
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

/// Checks the files a run will write, each named by its option (`("--svg",
/// Some(path))`), before any work: each must be a file this process can write
/// (an existing one is left as it is, a new one is made and removed again),
/// and no two may name the same file.
pub fn check(files: &[(&str, Option<&str>)]) -> Result<(), Error> {
    let mut seen: Vec<(&str, &str, PathBuf)> = Vec::new();
    for &(option, path) in files {
        let Some(path) = path else {
            continue;
        };
        let place = writable(option, path)?;
        if let Some(place) = place {
            if let Some((other, other_path, _)) = seen.iter().find(|(_, _, p)| *p == place) {
                return Err(Error::usage(format!(
                    "{other} {other_path} and {option} {path} name the same file: give each its own"
                )));
            }
            seen.push((option, path, place));
        }
    }
    Ok(())
}

/// Refuses `path` when this process cannot write it; else where it is (its
/// folder's real path and its name), or `None` for something other than a
/// plain file (`/dev/null`, a pipe), which two options may share.
fn writable(option: &str, path: &str) -> Result<Option<PathBuf>, Error> {
    let refuse = |source: std::io::Error| {
        Error::usage(format!(
            "{option} {}: cannot write there ({})",
            path.escape_debug(),
            io_words(&source)
        ))
    };
    let file = Path::new(path);
    match std::fs::metadata(file) {
        Ok(meta) if meta.is_dir() => Err(refuse(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "a folder",
        ))),
        Ok(meta) if !meta.is_file() => Ok(None),
        Ok(_) => {
            OpenOptions::new().append(true).open(file).map_err(refuse)?;
            file.canonicalize().map(Some).map_err(refuse)
        }
        Err(_) => {
            OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(file)
                .map_err(refuse)?;
            let place = file.canonicalize().map_err(refuse);
            std::fs::remove_file(file).map_err(refuse)?;
            place.map(Some)
        }
    }
}

/// An I/O error in a few words, without the code the system adds.
fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such folder".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::IsADirectory => "it is a folder".into(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(cut) => text[..cut].to_string(),
                None => text,
            }
        }
    }
}

/// A failed write of `path` (named by `option`) after the work, named so.
pub fn write_failure(option: &str, path: &str, e: Error) -> Error {
    match e {
        Error::Io { source, .. } => unwritten(option, path, &source),
        other => other,
    }
}

/// The failure to write `path` (named by `option`) after the work: one line naming both.
pub fn unwritten(option: &str, path: &str, source: &std::io::Error) -> Error {
    Error::usage(format!(
        "{option} {}: not written ({}); the answer above is whole",
        path.escape_debug(),
        io_words(source)
    ))
}
