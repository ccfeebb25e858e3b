//! Runs the real binary from the project root, so `puzzles/…` paths resolve as in the README.

use assert_cmd::Command;

/// `puzzles` with `args`, run from the project root.
pub fn puzzles(args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("puzzles").expect("the puzzles binary is built");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR")).args(args);
    cmd
}

/// The standard output of `puzzles args`, which must exit with `status`.
pub fn stdout(args: &[&str], status: i32) -> String {
    let out = puzzles(args)
        .assert()
        .code(status)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).expect("stdout is UTF-8")
}

/// The JSON object printed by `puzzles args`, which must exit with `status`.
pub fn json(args: &[&str], status: i32) -> serde_json::Value {
    serde_json::from_str(&stdout(args, status)).expect("stdout is one JSON object")
}

/// The exit status and the JSON object printed by `puzzles args`.
pub fn json_status(args: &[&str]) -> (i32, serde_json::Value) {
    let out = puzzles(args).output().expect("the binary runs");
    let value = serde_json::from_slice(&out.stdout).expect("stdout is one JSON object");
    (out.status.code().expect("an exit status"), value)
}

/// A fresh path in the system's temporary folder for a file a test writes.
pub fn temp_path(name: &str) -> String {
    std::env::temp_dir()
        .join(format!("puzzles-test-{}-{name}", std::process::id()))
        .to_string_lossy()
        .into_owned()
}

/// Counts the elements named `tag` in an SVG file, which must parse as XML with an `<svg>` root.
pub fn svg_elements(path: &str, tag: &str) -> usize {
    let text = std::fs::read_to_string(path).expect("the SVG file was written");
    let doc = roxmltree::Document::parse(&text).expect("the SVG parses as XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants().filter(|n| n.has_tag_name(tag)).count()
}

/// `puzzles` with `args` under an address-space limit of `mib` MiB (the
/// `prlimit` command of util-linux): an allocation past it fails as it
/// would on a machine that has no more.
pub fn puzzles_within(mib: u64, args: &[&str]) -> std::process::Command {
    let bin = assert_cmd::cargo::cargo_bin("puzzles");
    let mut cmd = std::process::Command::new("prlimit");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg(format!("--as={}", mib << 20))
        .arg("--")
        .arg(bin)
        .args(args);
    cmd
}

/// Asserts that `out` exited with `status` and said one line on stderr, nothing on stdout.
pub fn assert_one_line_refusal(out: &std::process::Output, status: i32) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(status), "stderr: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
}
