//! `tavli analyse --shard`: the shipped Slurm array script run by hand for every task (and
//! the Kubernetes variables for every index) gives shards that together are one whole run,
//! decision for decision; bad shard values are usage errors.

use crate::support::tavli_binary;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const SLURM_SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/slurm/analyse.sh");
const KUBERNETES_JOB: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/deploy/kubernetes/analyse-job.yaml"
);

/// The variables of both batch engines, removed from every command here so that the
/// machine running the tests cannot change a share.
const BATCH_VARIABLES: [&str; 7] = [
    "JOB_COMPLETION_INDEX",
    "TAVLI_SHARD_COUNT",
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_STEP",
    "SLURM_ARRAY_TASK_MAX",
];

fn command(program: &str) -> Command {
    let mut command = Command::new(program);
    for variable in BATCH_VARIABLES {
        command.env_remove(variable);
    }
    command
}

fn run(command: &mut Command) -> (i32, String, String) {
    let output = command.output().expect("the command runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// An archive of seven matches in nested directories, one of them invalid.
fn archive(root: &Path) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mat");
    let copies = [
        ("seed07-1pt.mat", "2026/11/a.mat"),
        ("seed08-1pt.mat", "2026/11/b.mat"),
        ("seed07-3pt.mat", "2026/12/c.mat"),
        (
            "real/backgammon-galaxy/Llabba_match1278964.txt",
            "galaxy/llabba-1.txt",
        ),
        (
            "real/backgammon-galaxy/Llabba_match2906190.txt",
            "galaxy/llabba-2.txt",
        ),
        (
            "real/backgammon-galaxy/match3831101.txt",
            "galaxy/lasse.txt",
        ),
        ("corrupt/bad-roll.mat", "z-corrupt.mat"),
    ];
    for (from, to) in copies {
        let target = root.join(to);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(fixtures.join(from), target).unwrap();
    }
}

/// The NDJSON lines of `text` by file, each line kept whole (every decision in it).
fn by_file(text: &str, into: &mut BTreeMap<String, String>) {
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("one JSON object");
        let file = value["file"].as_str().expect("a file").to_string();
        assert!(
            into.insert(file.clone(), line.to_string()).is_none(),
            "{file} is in two shards"
        );
    }
}

#[test]
fn slurm_array_tasks_and_kubernetes_indices_together_are_one_whole_run() {
    let root = std::env::temp_dir().join(format!("tavli-analyse-shard-{}", std::process::id()));
    let archive_dir = root.join("archive");
    archive(&archive_dir);
    let archive_path = archive_dir.to_str().unwrap();

    let (code, whole, err) = run(command(tavli_binary())
        .args(["analyse", "--json", "--decisions"])
        .arg(archive_path));
    assert_eq!(code, 1, "the corrupt file is reported: {err}");
    let mut expected = BTreeMap::new();
    by_file(&whole, &mut expected);
    assert_eq!(expected.len(), 6);
    let (_, whole_summary, _) = run(command(tavli_binary())
        .args(["analyse", "--summary"])
        .arg(archive_path));

    // The script as Slurm runs it, an array --array=1-3: each task by hand.
    let results = root.join("slurm");
    let mut shards = BTreeMap::new();
    for task in 1..=3 {
        let (code, out, err) = run(command("bash")
            .arg(SLURM_SCRIPT)
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", "3")
            .env("SLURM_ARRAY_TASK_MIN", "1")
            .env("SLURM_ARRAY_TASK_MAX", "3")
            .env("SLURM_CPUS_PER_TASK", "1")
            .env("ARCHIVE", archive_path)
            .env("RESULTS", &results)
            .env("TAVLI", tavli_binary()));
        assert!(code == 0 || code == 1, "task {task}: {code} {err}");
        assert!(out.is_empty(), "the script writes to its results: {out}");
        let written = std::fs::read_to_string(results.join(format!("shard-{task}.ndjson")))
            .expect("the task wrote its shard");
        by_file(&written, &mut shards);
    }
    assert_eq!(shards, expected, "the three shards are the whole run");
    let outputs: Vec<PathBuf> = (1..=3)
        .map(|task| results.join(format!("shard-{task}.ndjson")))
        .collect();
    let (code, merged, err) = run(command(tavli_binary())
        .args(["analyse", "--merge"])
        .args(&outputs));
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, whole_summary);

    // The Kubernetes manifest's count variable, with every index of a two-pod Job.
    let manifest = std::fs::read_to_string(KUBERNETES_JOB).unwrap();
    assert!(manifest.contains("completionMode: Indexed"));
    assert!(manifest.contains("name: TAVLI_SHARD_COUNT"));
    assert!(manifest.contains("--shard auto"));
    let mut pods = BTreeMap::new();
    for index in 0..2 {
        let (code, out, err) = run(command(tavli_binary())
            .args(["analyse", "--shard", "auto", "--json", "--decisions"])
            .arg(archive_path)
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .env("TAVLI_SHARD_COUNT", "2"));
        assert!(code == 0 || code == 1, "pod {index}: {code} {err}");
        by_file(&out, &mut pods);
    }
    assert_eq!(pods, expected, "the two pods are the whole run");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn bad_shards_are_usage_errors() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/mat/seed07-1pt.mat");
    for (shard, message) in [
        ("3/3", "the index runs from 0 to 2"),
        ("0/0", "N must be at least 1"),
        ("1-3", "not a shard"),
        ("auto", "none is set"),
    ] {
        let (code, out, err) =
            run(command(tavli_binary()).args(["analyse", "--shard", shard, file]));
        assert_eq!(code, 2, "--shard {shard}: {err}");
        assert!(err.contains(message), "--shard {shard}: {err}");
        assert!(out.is_empty(), "{out}");
    }
    let (code, _, err) = run(command(tavli_binary())
        .args(["analyse", "--shard", "auto", file])
        .env("JOB_COMPLETION_INDEX", "0"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("TAVLI_SHARD_COUNT is not set"), "{err}");
    let (code, _, err) = run(command(tavli_binary())
        .args(["analyse", "--shard", "auto", file])
        .env("SLURM_ARRAY_TASK_ID", "4")
        .env("SLURM_ARRAY_TASK_COUNT", "4"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("shard 4 of 4"), "{err}");
    let (code, _, err) = run(command(tavli_binary()).args(["analyse", "--shard", "0/2", "-"]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("standard input"), "{err}");
    // One share of one file: the other share is empty, not an error.
    let (code, out, err) =
        run(command(tavli_binary()).args(["analyse", "--json", "--shard", "1/2", file]));
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
}
