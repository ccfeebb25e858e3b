//! `puzzles man` and `puzzles completions`: the manual pages and the shell completion scripts, printed or written into a folder.

use super::{Cli, Exit, Failure, Out};
use clap::CommandFactory;
use puzzles::Error;
use std::path::Path;

/// The subcommands that have a page of their own (`puzzles-knight(1)`, …).
pub const SUBCOMMANDS: [&str; 7] = [
    "lightsout",
    "revertigo",
    "knight",
    "sudoku",
    "examples",
    "completions",
    "man",
];

/// The command as clap describes it, every subcommand built.
fn command() -> clap::Command {
    let mut command = Cli::command();
    command.build();
    command
}

/// The page of `name` (or of the command itself): its roff text and its file name.
fn page(name: Option<&str>) -> Result<(Vec<u8>, String), Failure> {
    let mut command = command();
    if let Some(name) = name {
        let sub = command.find_subcommand(name).cloned();
        command = sub
            .ok_or_else(|| Error::usage(format!("no subcommand {name}")))?
            .name(format!("puzzles-{name}"));
    }
    let file = format!("{}.1", command.get_name());
    let mut roff = Vec::new();
    clap_mangen::Man::new(command).render(&mut roff)?;
    Ok((roff, file))
}

/// Makes `dir` (and its parents) when missing.
fn make_dir(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        path: dir.display().to_string(),
        source,
    })?;
    Ok(())
}

/// Writes `bytes` to `path`.
fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|source| Error::Io {
        path: path.display().to_string(),
        source,
    })?;
    Ok(())
}

/// `puzzles man [SUBCOMMAND]` prints one page; `puzzles man --dir DIR` writes
/// the command's page and every subcommand's into DIR and prints their paths.
pub fn man(subcommand: Option<&str>, dir: Option<&Path>, out: &mut Out) -> Result<Exit, Failure> {
    let Some(dir) = dir else {
        out.bytes(&page(subcommand)?.0)?;
        return Ok(Exit::Answered);
    };
    make_dir(dir)?;
    for name in std::iter::once(None).chain(SUBCOMMANDS.map(Some)) {
        let (roff, file) = page(name)?;
        let path = dir.join(file);
        write(&path, &roff)?;
        out.bytes(format!("{}\n", path.display()).as_bytes())?;
    }
    Ok(Exit::Answered)
}

/// `puzzles completions SHELL` prints the script; with `--dir DIR` writes it
/// there under the name the shell looks for, and prints its path.
pub fn completions(
    shell: clap_complete::Shell,
    dir: Option<&Path>,
    out: &mut Out,
) -> Result<Exit, Failure> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "puzzles", &mut script);
    let Some(dir) = dir else {
        out.bytes(&script)?;
        return Ok(Exit::Answered);
    };
    make_dir(dir)?;
    let path = dir.join(script_name(shell));
    write(&path, &script)?;
    out.bytes(format!("{}\n", path.display()).as_bytes())?;
    Ok(Exit::Answered)
}

/// The file name under which `shell` looks for the command's completions:
/// bash-completion loads `puzzles` on demand, zsh `_puzzles` from its fpath,
/// fish `puzzles.fish`; elvish and PowerShell read the file they are given.
fn script_name(shell: clap_complete::Shell) -> &'static str {
    use clap_complete::Shell;
    match shell {
        Shell::Zsh => "_puzzles",
        Shell::Fish => "puzzles.fish",
        Shell::Elvish => "puzzles.elv",
        Shell::PowerShell => "_puzzles.ps1",
        _ => "puzzles",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subcommand_has_a_page_and_every_page_has_examples() {
        let named: Vec<String> = command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .filter(|n| n != "help")
            .collect();
        assert_eq!(named, SUBCOMMANDS);
        for name in std::iter::once(None).chain(SUBCOMMANDS.map(Some)) {
            let (roff, file) = page(name).unwrap();
            let roff = String::from_utf8(roff).unwrap();
            assert!(roff.contains("Example"), "{file} has no examples");
            // Examples run from anywhere: none reads a file of the checkout.
            assert!(
                !roff.contains("puzzles/"),
                "{file} names a path of the checkout"
            );
        }
    }
}
