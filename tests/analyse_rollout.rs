//! `tavli analyse --rollout-close` on a short match with one-trial rollouts: fast enough for
//! every test run (the full case, `rollout_close_settles_close_calls_by_rollouts` in
//! `analyse.rs`, is ignored for its minutes).

use crate::analyse::{analyse, json_lines};
use serde_json::Value;
use std::path::Path;

/// The shortest real-looking match of the fixtures: a 1-point match of 44 moves.
const MATCH: &str = "fixtures/mat/seed08-1pt.mat";

/// Plays this close (EMG) are rolled out.
const THRESHOLD: f64 = 0.01;

fn run(extra: &[&str]) -> Value {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(MATCH);
    let file = file.to_str().expect("a UTF-8 path");
    let (code, out, err) = analyse(&[&["--json", "--decisions"], extra, &[file]].concat());
    assert_eq!(code, 0, "{err}");
    json_lines(&out).remove(0)
}

/// Each decision's equity loss (EMG).
fn losses(line: &Value) -> Vec<f64> {
    line["decisions"]
        .as_array()
        .expect("decisions")
        .iter()
        .map(|decision| decision["loss"]["emg"].as_f64().expect("a loss"))
        .collect()
}

#[test]
fn rollout_close_rolls_out_the_close_calls_only() {
    let plain = run(&[]);
    let threshold = THRESHOLD.to_string();
    let rolled = run(&[
        "--rollout-close",
        "--close-threshold",
        &threshold,
        "--rollout-trials",
        "1",
    ]);
    let (before, after) = (losses(&plain), losses(&rolled));
    assert_eq!(before.len(), after.len());
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    assert!(!changed.is_empty(), "some close call was rolled out");
    for &i in &changed {
        // Only a call whose plays were within the threshold is rolled out.
        assert!(
            before[i] < THRESHOLD,
            "decision {i}: loss {} rolled out to {}",
            before[i],
            after[i]
        );
        assert!(after[i] >= 0.0, "decision {i}: loss {}", after[i]);
    }
    for (player, statistics) in rolled["players"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            statistics["chequer"]["unforced"],
            plain["players"][player]["chequer"]["unforced"]
        );
        assert_eq!(statistics["cube"], plain["players"][player]["cube"]);
    }
    // Nothing is within 0 EMG: the analysis is the plain one.
    assert_eq!(run(&["--rollout-close", "--close-threshold", "0"]), plain);
}
