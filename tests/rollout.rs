//! `tavli rollout` and the REPL's `rollout`: the JSON keys, gnubg's text layout, ranges rolled
//! out apart and merged, and clear errors (exit 2) for bad input.

use crate::support::{tavli, without_timings};
use serde_json::Value;
use std::process::Output;

fn json(output: &Output) -> Value {
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).expect("one JSON document")
}

/// A short rollout: the opening position, 2 plies, few trials.
const QUICK: &[&str] = &["rollout", "start", "--truncate", "2", "--seed", "3"];

fn quick(extra: &[&str]) -> Output {
    let args: Vec<&str> = QUICK.iter().chain(extra).copied().collect();
    tavli(&args, "")
}

const FIGURE_KEYS: [&str; 7] = [
    "win",
    "win_gammon",
    "win_backgammon",
    "lose_gammon",
    "lose_backgammon",
    "cubeless_equity",
    "cubeful_equity",
];

#[test]
fn json_has_the_probabilities_equities_and_their_standard_errors() {
    let document = json(&quick(&["--trials", "36", "--json"]));
    let probabilities = &document["probabilities"];
    for key in &FIGURE_KEYS[..5] {
        let value = probabilities[key].as_f64().unwrap_or(f64::NAN);
        assert!((0.0..=1.0).contains(&value), "{key}: {document}");
    }
    assert!(document["cubeless_equity"].is_f64(), "{document}");
    assert!(document["cubeful_equity"].is_f64(), "{document}");
    for key in FIGURE_KEYS {
        let error = document["standard_errors"][key]
            .as_f64()
            .unwrap_or(f64::NAN);
        assert!(error >= 0.0, "{key}: {document}");
    }
    assert_eq!(document["trials"], 36);
    // The position is named as in every output: its GNUbg ID under `gnubg_id`.
    let start = "4HPwATDgc/ABMA:cAkAAAAAAAAA";
    assert_eq!(document["gnubg_id"], start, "{document}");
    assert_eq!(document["part"]["gnubg_id"], start, "{document}");
    assert!(document.get("position").is_none(), "{document}");
    // Cubeless: no cubeful equity.
    let cubeless = json(&quick(&["--trials", "36", "--cubeless", "--json"]));
    assert!(cubeless["cubeful_equity"].is_null(), "{cubeless}");
    assert!(cubeless["standard_errors"]["cubeful_equity"].is_null());
}

#[test]
fn ranges_rolled_out_apart_merge_into_the_whole_run() {
    let whole = json(&quick(&["--trials", "40", "--json"]));
    let directory = std::env::temp_dir().join(format!("tavli-rollout-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let mut files = Vec::new();
    for (index, range) in ["25..40", "0..9", "9..25"].iter().enumerate() {
        let output = quick(&["--trials", range, "--json", "--threads", "1"]);
        let path = directory.join(format!("part-{index}.json"));
        std::fs::write(&path, &output.stdout).unwrap();
        files.push(path.display().to_string());
    }
    let mut args = vec!["rollout", "--json", "--merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = json(&tavli(&args, ""));
    std::fs::remove_dir_all(&directory).unwrap();
    assert_eq!(merged["part"]["sums"], whole["part"]["sums"]);
    assert_eq!(merged["probabilities"], whole["probabilities"]);
    assert_eq!(merged["standard_errors"], whole["standard_errors"]);
    assert_eq!(merged["cubeful_equity"], whole["cubeful_equity"]);
    assert_eq!(merged["part"]["ranges"], serde_json::json!([[0, 40]]));
}

/// Part files written before the shared vocabulary name the GNUbg ID `position`: they merge
/// with new ones into the whole run all the same.
#[test]
fn part_files_of_older_builds_still_merge() {
    let whole = json(&quick(&["--trials", "20", "--json"]));
    let directory = std::env::temp_dir().join(format!("tavli-rollout-old-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let mut old = json(&quick(&["--trials", "0..8", "--json", "--threads", "1"]));
    for pointer in ["/part", ""] {
        let object = old
            .pointer_mut(pointer)
            .and_then(Value::as_object_mut)
            .expect("an object");
        let id = object.remove("gnubg_id").expect("gnubg_id");
        object.insert("position".to_string(), id);
    }
    let new = quick(&["--trials", "8..20", "--json", "--threads", "1"]);
    let old_path = directory.join("old.json");
    let new_path = directory.join("new.json");
    std::fs::write(&old_path, serde_json::to_vec_pretty(&old).unwrap()).unwrap();
    std::fs::write(&new_path, &new.stdout).unwrap();
    let merged = json(&tavli(
        &[
            "rollout",
            "--json",
            "--merge",
            &old_path.display().to_string(),
            &new_path.display().to_string(),
        ],
        "",
    ));
    std::fs::remove_dir_all(&directory).unwrap();
    assert_eq!(merged["part"]["sums"], whole["part"]["sums"]);
    assert_eq!(merged["probabilities"], whole["probabilities"]);
    assert_eq!(merged["gnubg_id"], whole["gnubg_id"]);
    assert_eq!(merged["part"]["ranges"], serde_json::json!([[0, 20]]));
}

#[test]
fn text_is_gnubgs_rollout_layout() {
    let output = quick(&["--trials", "36"]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Current Position:");
    assert!(lines[1].starts_with("  0.") && lines[1].contains(" - ") && lines[1].contains(" CF "));
    assert!(
        lines[2].starts_with(" [") && lines[2].ends_with("] 1r"),
        "{text}"
    );
    assert_eq!(
        lines[3],
        "Truncated cubeful rollout (depth 2) with variance reduction"
    );
    assert!(
        lines[4].starts_with("36 games, ") && lines[4].contains("seed 3"),
        "{text}"
    );
    assert!(lines[8].starts_with("Estimated SE for \"Current Position\" after 36 trials "));
}

#[test]
fn bad_input_is_refused_with_a_clear_message_and_its_exit_status() {
    // A position that is not valid is rejected input (1), as `hint` and `eval` say; how the
    // rollout is asked for is usage (2).
    for (args, message, status) in [
        (&["rollout", "nonsense"][..], "nonsense", 1),
        (&["rollout", "AAAAAAAAAAAAAA"][..], "the game is over", 1),
        (
            &["rollout", "start", "--variant", "plakoto"][..],
            "not plakoto",
            1,
        ),
        (
            &["rollout", "start", "--variant", "no-such-variant"][..],
            "unknown variant",
            2,
        ),
        (
            &["rollout", "start", "--trials", "0"][..],
            "holds no trial",
            2,
        ),
        (
            &["rollout", "start", "--trials", "5..3"][..],
            "holds no trial",
            2,
        ),
        (
            &["rollout", "start", "--trials", "x"][..],
            "not a number",
            2,
        ),
        (&["rollout", "start", "--plies", "9"][..], "9", 2),
    ] {
        let output = tavli(args, "");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(status), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn the_repl_rolls_out_the_current_position() {
    let script = "set rollout trials 36\nset rollout truncation enable on\n\
                  set rollout truncation plies 2\nset rollout cubeful off\nnew session\nrollout\n";
    let output = tavli(&["repl"], script);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("36 games will be played per rollout."),
        "{text}"
    );
    assert!(
        text.contains("Rollout done. Printing final results."),
        "{text}"
    );
    assert!(
        text.contains("Truncated cubeless rollout (depth 2) with variance reduction"),
        "{text}"
    );
}

#[test]
fn the_rollouts_page_examples_print_what_it_says() {
    let page = include_str!("../docs/rollouts.md");
    let mut examples = 0;
    let mut blocks = page.split("```console\n").skip(1);
    for block in blocks.by_ref() {
        let block = block.split("```").next().unwrap_or_default();
        let (command, expected) = block.split_once('\n').unwrap_or((block, ""));
        let command = command.strip_prefix("$ tavli ").expect("a `$ tavli` line");
        let arguments: Vec<&str> = command.split_whitespace().collect();
        let output = tavli(&arguments, "");
        assert!(output.status.success(), "{command}: {output:?}");
        assert_eq!(
            without_timings(&String::from_utf8_lossy(&output.stdout)),
            without_timings(expected.trim_end()),
            "{command}"
        );
        examples += 1;
    }
    assert!(examples > 0);
}
