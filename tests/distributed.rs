//! A knight count shared among two processes of an MPI run (built with the `mpi` feature, Open MPI's `mpirun` on the path): the same count as one process, and no count when the processes disagree or one is lost.

use crate::util::{json, temp_path};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

/// `mpirun` starting two processes of `puzzles` with `args` (also as root, on one core).
fn mpirun(args: &[&str]) -> Command {
    let mut cmd = Command::new("mpirun");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .args(["-q", "--oversubscribe", "-n", "2"])
        .arg(assert_cmd::cargo::cargo_bin("puzzles"))
        .args(args);
    cmd
}

/// What two processes print for `args`.
fn shared(args: &[&str]) -> Output {
    mpirun(args).output().expect("mpirun runs")
}

/// The JSON answer two processes print for `args` (which must succeed).
fn shared_json(args: &[&str]) -> Value {
    let out = shared(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("process 0 prints one JSON object")
}

#[test]
fn two_processes_count_what_one_counts() {
    for args in [
        &["knight", "6", "8", "--closed", "--count", "--json"][..],
        &["knight", "6", "6", "--count", "--sum", "--json"],
    ] {
        // One process meets in the middle; two share the column programme.
        let alone = json(args, 0);
        let two = shared_json(args);
        for key in ["count", "cycles", "total"] {
            assert_eq!(two[key], alone[key], "{key} of {args:?}");
        }
        assert_eq!(two["method"], "frontier");
        assert!(two["peak_states"].as_u64().unwrap() > 0);
    }
}

#[test]
fn processes_given_different_boards_refuse_with_one_line() {
    let bin = assert_cmd::cargo::cargo_bin("puzzles");
    let out = Command::new("mpirun")
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .args(["-q", "--oversubscribe", "-n", "1"])
        .arg(&bin)
        .args(["knight", "6", "8", "--closed", "--count", ":", "-n", "1"])
        .arg(&bin)
        .args(["knight", "6", "6", "--closed", "--count"])
        .output()
        .expect("mpirun runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("not given the same board and options"));
}

#[test]
fn a_distributed_run_refuses_a_search() {
    let out = shared(&["knight", "6", "6"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("a distributed run counts tours"));
}

/// The process of `rank` that `parent` (an `mpirun`) started.
fn process_of_rank(parent: u32, rank: u32) -> Option<u32> {
    let wanted = format!("OMPI_COMM_WORLD_RANK={rank}");
    std::fs::read_dir("/proc")
        .ok()?
        .flatten()
        .find_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // The parent is the second field after the command's closing parenthesis.
            let ppid: u32 = stat
                .rsplit_once(')')?
                .1
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()?;
            let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
            let has = environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes());
            (ppid == parent && has).then_some(pid)
        })
}

/// What process 0 writes on its error stream after `mpirun` has started
/// two processes of `puzzles` with `args` and process 1 has been killed, once
/// process 0 wrote `under_way`: the run must end without a count.
fn killed_under_way(args: &[&str], under_way: &str) -> String {
    let mut child = mpirun(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun runs");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    while !line.contains(under_way) {
        line.clear();
        assert!(
            stderr.read_line(&mut line).expect("stderr reads") > 0,
            "ended early"
        );
    }
    let rank1 = process_of_rank(child.id(), 1).expect("process 1 runs");
    let killed = Command::new("kill")
        .args(["-KILL", &rank1.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).expect("stderr reads");
    let out = child.wait_with_output().expect("mpirun ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_ne!(out.status.code(), Some(0));
    assert!(!stdout.contains("tours"), "{stdout}");
    rest
}

#[test]
fn a_lost_process_leaves_no_count() {
    // Under way: process 0 reports the third column of eight.
    let rest = killed_under_way(&["knight", "6", "8", "--count", "--sum"], "column 3 of 8");
    assert!(
        rest.contains("did not answer") || rest.contains("lost one of its processes"),
        "{rest}"
    );
}

#[test]
fn ranks_taking_classes_count_what_one_process_counts() {
    for args in [
        &[
            "knight", "6", "6", "--count", "--sum", "--method", "pairs", "--json",
        ][..],
        &[
            "knight", "6", "6", "--count", "--sum", "--method", "starts", "--json",
        ],
        &[
            "knight", "6", "6", "--count", "--start", "a1", "--method", "pairs", "--json",
        ],
    ] {
        let alone = json(args, 0);
        let two = shared_json(args);
        for key in ["count", "total", "classes_of", "classes"] {
            assert_eq!(two[key], alone[key], "{key} of {args:?}");
        }
        assert_eq!(two["partial"], false);
    }
}

#[test]
fn ranks_taking_classes_record_them_in_the_checkpoint() {
    let file = temp_path("ranks-6x6.txt");
    let file = file.as_str();
    let args = [
        "knight",
        "6",
        "6",
        "--count",
        "--sum",
        "--method",
        "pairs",
        "--json",
        "--checkpoint",
        file,
    ];
    let two = shared_json(&args);
    // The checkpoint holds every class: one process resumes from it, counting none.
    let resumed = json(&args, 0);
    assert_eq!(resumed["total"], two["total"]);
    assert_eq!(resumed["total"], "6637920");
    assert_eq!(resumed["peak_states"], 0);
    std::fs::remove_file(file).expect("the checkpoint goes");
}

#[test]
fn a_lost_process_taking_classes_names_the_classes_missing() {
    let file = temp_path("ranks-lost-6x7.txt");
    let file = file.as_str();
    let args = [
        "knight",
        "6",
        "7",
        "--count",
        "--sum",
        "--method",
        "pairs",
        "--checkpoint",
        file,
    ];
    // Under way: process 0 has handed out a few classes (of 123).
    let rest = killed_under_way(&args, "class 12 of");
    // Process 0's last line, after its progress.
    let last = rest.lines().last().unwrap_or_default();
    assert!(last.contains("missing"), "{last}");
    assert!(last.contains(file), "{last}");
    // The classes counted are kept: one process finishes from them, to the
    // total that meeting in the middle counts.
    let mut resume = args.to_vec();
    resume.push("--json");
    let resumed = json(&resume, 0);
    let met = json(&["knight", "6", "7", "--count", "--sum", "--json"], 0);
    assert_eq!(resumed["total"], met["total"]);
    std::fs::remove_file(file).expect("the checkpoint goes");
}
