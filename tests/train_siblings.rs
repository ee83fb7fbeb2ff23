//! `tavli train sample --groups-out` and `tavli train fit --sibling-groups --order-weight`:
//! the groups file beside an unchanged positions file, the order term in the fit's log, an
//! order weight of 0 that changes nothing, and the bad values refused before any work.

use crate::support::tavli;
use std::path::{Path, PathBuf};
use std::process::Output;

struct Directory(PathBuf);

impl Directory {
    fn new(name: &str) -> Directory {
        let path =
            std::env::temp_dir().join(format!("tavli-siblings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a temporary directory");
        Directory(path)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("UTF-8 path").to_string()
    }
}

impl Drop for Directory {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(args: &[&str]) -> Output {
    let output = tavli(args, "");
    assert_eq!(output.status.code(), Some(0), "{args:?}: {output:?}");
    output
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).expect("a file written")
}

/// Samples `games` games with siblings, keeping single positions too when `base_keep` is
/// above 0; writes the groups when `groups` is given.
fn sample(out: &str, groups: Option<&str>, games: &str, base_keep: &str, threads: &str) -> Output {
    let mut args = vec![
        "train",
        "sample",
        "--out",
        out,
        "--games",
        games,
        "--seed",
        "3201",
        "--base-keep",
        base_keep,
        "--keep-per-disagreement",
        "0",
        "--siblings",
        "4",
        "--sibling-window",
        "0.1",
        "--threads",
        threads,
    ];
    if let Some(groups) = groups {
        args.extend(["--groups-out", groups]);
    }
    run(&args)
}

/// The same sampling command with `--groups-out` writes the same positions file, byte for
/// byte, and a groups file whose lines are the siblings of one decision each, in the order
/// the positions file holds them.
#[test]
fn groups_out_adds_the_groups_and_leaves_the_positions_as_they_were() {
    let directory = Directory::new("sample");
    for (base_keep, threads) in [("0", "1"), ("0.2", "2")] {
        let (old, new, groups) = (
            directory.path(&format!("old-{threads}.txt")),
            directory.path(&format!("new-{threads}.txt")),
            directory.path(&format!("groups-{threads}.txt")),
        );
        sample(&old, None, "3", base_keep, threads);
        let output = sample(&new, Some(&groups), "3", base_keep, threads);
        assert_eq!(read(&old), read(&new), "base keep {base_keep}");
        let lines = read(&groups);
        let groups: Vec<Vec<&str>> = lines
            .lines()
            .map(|line| line.split(' ').collect())
            .collect();
        assert!(groups.len() > 30, "{} groups", groups.len());
        assert!(groups.iter().all(|group| (2..=4).contains(&group.len())));
        assert!(
            stderr(&output).contains(&format!(" groups {} -> ", groups.len())),
            "{}",
            stderr(&output)
        );
        let positions = read(&new);
        let positions: Vec<&str> = positions.lines().collect();
        if base_keep == "0" {
            // Nothing else kept: the positions are the groups one after another.
            assert_eq!(positions, groups.concat());
        } else {
            // Single positions between the groups, each group together and in order.
            assert!(positions.len() > groups.concat().len());
            let mut rest = &positions[..];
            for group in &groups {
                let start = rest
                    .windows(group.len())
                    .position(|window| window == &group[..])
                    .expect("each group together, in order");
                rest = &rest[start + group.len()..];
            }
        }
    }
}

/// Labels from a 1-ply search (a second's work), a fit without groups, the
/// same fit with groups and no order weight (the same weights, byte for byte, and the order
/// reported from epoch 0), and one with an order weight (its term in the log, other weights).
#[test]
fn the_fit_reports_the_order_and_trains_it_only_with_a_weight() {
    let directory = Directory::new("fit");
    let (positions, groups, labels) = (
        directory.path("positions.txt"),
        directory.path("groups.txt"),
        directory.path("labels.txt"),
    );
    sample(&positions, Some(&groups), "8", "0", "1");
    run(&[
        "train",
        "label",
        "--positions",
        &positions,
        "--out",
        &labels,
        "--truncate",
        "1",
    ]);
    let fit = |out: &str, extra: &[&str]| {
        let mut args = vec![
            "train", "fit", "--data", &labels, "--out", out, "--epochs", "3", "--batch", "16",
        ];
        args.extend(extra);
        stderr(&run(&args))
    };
    let plain_log = fit(&directory.path("plain.tnet"), &[]);
    assert!(!plain_log.contains("epoch 0"), "{plain_log}");
    assert!(!plain_log.contains("order"), "{plain_log}");
    let measured_log = fit(
        &directory.path("measured.tnet"),
        &["--sibling-groups", &groups],
    );
    let ordered_log = fit(
        &directory.path("ordered.tnet"),
        &["--sibling-groups", &groups, "--order-weight", "5"],
    );
    let weights = |name: &str| std::fs::read(directory.path(name)).expect("weights written");
    assert_eq!(weights("plain.tnet"), weights("measured.tnet"));
    assert_ne!(weights("plain.tnet"), weights("ordered.tnet"));
    // Without a weight the order is measured on the validation groups, not trained.
    let contact: Vec<&str> = measured_log
        .lines()
        .filter(|line| line.starts_with("fit contact"))
        .collect();
    assert_eq!(contact.len(), 4, "{measured_log}");
    assert!(contact[0].starts_with("fit contact epoch 0 validation-loss "));
    for line in &contact {
        assert!(!line.contains("order-train-rms"), "{line}");
        assert!(line.contains(" order-validation-rms "), "{line}");
        assert!(line.contains(" best-sibling "), "{line}");
        assert!(line.contains(" groups "), "{line}");
    }
    // With one, the training groups' term is in the log and falls.
    let terms: Vec<f64> = ordered_log
        .lines()
        .filter(|line| line.starts_with("fit contact"))
        .filter_map(|line| {
            let mut words = line.split(' ');
            words.find(|&word| word == "order-train-rms")?;
            words.next()?.parse().ok()
        })
        .collect();
    assert_eq!(terms.len(), 3, "{ordered_log}");
    assert!(terms[2] < terms[1] && terms[1] < terms[0], "{ordered_log}");
}

fn refused(args: &[&str], message: &str) {
    let output = tavli(args, "");
    assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    assert!(
        stderr(&output).contains(message),
        "{args:?}: {}",
        stderr(&output)
    );
}

/// A window or weight that is not a finite number, 0 or more, is a usage error before any
/// work (a NaN window once kept nothing without a word); so are a weight without groups, a
/// groups file without groups in it or with a bad line, and groups without siblings.
#[test]
fn bad_windows_weights_and_groups_are_refused_before_any_work() {
    let directory = Directory::new("refused");
    let out = directory.path("out.txt");
    for window in ["nan", "-0.1", "inf", "wide"] {
        let setting = format!("--sibling-window={window}");
        refused(
            &[
                "train",
                "sample",
                "--out",
                &out,
                "--siblings",
                "4",
                &setting,
            ],
            "'--sibling-window <EQUITY>'",
        );
    }
    let labels = directory.path("labels.txt");
    std::fs::write(
        &labels,
        "4HPwATDgc/ABMA 0.50000 0.14000 0.01000 0.14000 0.01000\n",
    )
    .expect("written");
    for weight in ["nan", "-1", "inf"] {
        let setting = format!("--order-weight={weight}");
        refused(
            &["train", "fit", "--data", &labels, "--out", &out, &setting],
            "finite number, 0 or more",
        );
    }
    refused(
        &[
            "train",
            "fit",
            "--data",
            &labels,
            "--out",
            &out,
            "--order-weight",
            "1",
        ],
        "give a groups file",
    );
    let groups = directory.path("groups.txt");
    refused(
        &[
            "train",
            "fit",
            "--data",
            &labels,
            "--out",
            &out,
            "--sibling-groups",
            &groups,
        ],
        "no sibling groups",
    );
    std::fs::write(&groups, "4HPwATDgc/ABMA 4HPwATDgc/ABMA\n4HPwATDgc/ABMA\n").expect("written");
    refused(
        &[
            "train",
            "fit",
            "--data",
            &labels,
            "--out",
            &out,
            "--sibling-groups",
            &groups,
        ],
        "line 2: 1 Position ID",
    );
    refused(
        &["train", "sample", "--out", &out, "--groups-out", &groups],
        "--siblings N (2 or more)",
    );
    refused(
        &[
            "train",
            "sample",
            "--out",
            &out,
            "--groups-out",
            &groups,
            "--siblings",
            "100",
        ],
        "at most 67 siblings",
    );
    assert!(!Path::new(&out).exists(), "nothing written");
}
