//! Runs the real binary from the project root, so `puzzles/…` paths resolve as in the README.

use assert_cmd::Command;

/// `puzzles` with `args`, run from the project root.
pub fn puzzles(args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("puzzles").expect("the puzzles binary is built");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR")).args(args);
    cmd
}

/// The JSON object printed by `puzzles args`, which must exit with `status`.
pub fn json(args: &[&str], status: i32) -> serde_json::Value {
    let out = puzzles(args)
        .assert()
        .code(status)
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).expect("stdout is one JSON object")
}

/// The exit status and the JSON object printed by `puzzles args`.
pub fn json_status(args: &[&str]) -> (i32, serde_json::Value) {
    let out = puzzles(args).output().expect("the binary runs");
    let value = serde_json::from_slice(&out.stdout).expect("stdout is one JSON object");
    (out.status.code().expect("an exit status"), value)
}
