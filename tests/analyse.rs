//! `tavli analyse`: NDJSON per file, invalid files reported and skipped, `--resume`, variants
//! refused (agreement with gnubg is in `analyse_gnubg.rs`).

use crate::support::tavli_binary;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(path)
}

/// Runs `tavli analyse ARGS`: exit status, standard output, standard error (shared with the
/// archive tests).
pub(crate) fn analyse(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(tavli_binary())
        .arg("analyse")
        .args(args)
        .output()
        .expect("tavli runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Each line of NDJSON output, parsed.
pub(crate) fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
        .collect()
}

#[test]
fn ndjson_per_file_and_invalid_files_reported_as_validate_does() {
    let good = fixture("mat/seed07-1pt.mat");
    let bad = fixture("mat/corrupt/bad-roll.mat");
    let (code, out, err) = analyse(&[
        "--json",
        "--decisions",
        bad.to_str().unwrap(),
        good.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "one file is invalid: {err}");
    assert!(
        err.contains("bad-roll.mat") && err.contains("invalid"),
        "{err}"
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    assert_eq!(line["file"], good.display().to_string());
    let players = line["players"].as_array().unwrap();
    assert_eq!(players[0]["name"], "gnubg");
    assert_eq!(players[1]["name"], "user");
    for player in players {
        for key in [
            "moves",
            "unforced",
            "doubtful",
            "bad",
            "very_bad",
            "error_total",
            "error_rate",
        ] {
            assert!(player["chequer"][key].is_number(), "chequer.{key}");
        }
        for key in ["decisions", "errors", "error_total", "error_rate"] {
            assert!(player["cube"][key].is_number(), "cube.{key}");
        }
        assert!(player["luck"]["total"].is_number() && player["luck"]["rate"].is_number());
        assert!(player["overall"]["rating"].is_string() && player["overall"]["pr"].is_number());
    }
    let decisions = line["decisions"].as_array().unwrap();
    let moves: u64 = players
        .iter()
        .map(|p| p["chequer"]["moves"].as_u64().unwrap())
        .sum();
    let chequer = decisions.iter().filter(|d| d["type"] == "chequer").count() as u64;
    assert_eq!(chequer, moves);
    // The first play of the file: user's opening 21, written 13/11 24/23, in gnubg's order.
    assert_eq!(decisions[0]["name"], "user");
    assert_eq!(decisions[0]["player"], 1);
    assert_eq!(decisions[0]["played"], "24/23 13/11");
    assert!(decisions[0]["gnubg_id"].as_str().unwrap().contains(':'));
}

#[test]
fn resume_appends_only_the_files_not_yet_written() {
    let dir = std::env::temp_dir().join(format!("tavli-analyse-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let output = dir.join("out.ndjson");
    let first = fixture("mat/seed07-1pt.mat");
    let second = fixture("mat/seed08-1pt.mat");
    let (code, _, err) = analyse(&[
        "--json",
        "-o",
        output.to_str().unwrap(),
        first.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // An interrupted run's partial last line is cut off before appending.
    let mut written = std::fs::read_to_string(&output).unwrap();
    written.push_str("{\"file\": \"half a li");
    std::fs::write(&output, written).unwrap();
    let (code, _, err) = analyse(&[
        "--json",
        "--resume",
        "-o",
        output.to_str().unwrap(),
        first.to_str().unwrap(),
        second.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let lines = json_lines(&std::fs::read_to_string(&output).unwrap());
    let files: Vec<&str> = lines.iter().map(|l| l["file"].as_str().unwrap()).collect();
    assert_eq!(files, [first.to_str().unwrap(), second.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn text_report_and_variants_refused() {
    let good = fixture("mat/seed07-1pt.mat");
    let nack = fixture("mat/nack-3pt.mat");
    let (code, out, err) = analyse(&[
        "--worst",
        "2",
        good.to_str().unwrap(),
        nack.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("nack-3pt.mat") && err.contains("cannot be analysed"),
        "{err}"
    );
    for label in [
        "Moves (unforced)",
        "Chequer error rate",
        "Luck rate",
        "PR",
        "Worst decisions:",
        "XGID=",
    ] {
        assert!(out.contains(label), "{label} in\n{out}");
    }
    let (code, _, err) = analyse(&["--resume", good.to_str().unwrap()]);
    assert_eq!(code, 2, "--resume without --output is a usage error: {err}");
}

#[test]
fn luck_against_the_position_or_over_the_rolls_judges_the_same_plays() {
    let good = fixture("mat/seed07-1pt.mat");
    let run = |luck: &str| {
        let (code, out, err) = analyse(&["--json", "--luck", luck, good.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        json_lines(&out).remove(0)
    };
    let (position, rolls) = (run("position"), run("rolls"));
    for player in 0..2 {
        let (a, b) = (&position["players"][player], &rolls["players"][player]);
        assert_eq!(a["chequer"], b["chequer"]);
        assert_eq!(a["cube"], b["cube"]);
        let (a, b) = (
            a["luck"]["rate"].as_f64().unwrap(),
            b["luck"]["rate"].as_f64().unwrap(),
        );
        assert!(a != b && (a - b).abs() < 30.0, "{a} {b}");
    }
    let (code, _, err) = analyse(&["--luck", "dice", good.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
}

#[test]
#[ignore = "slow: rolls out every close call of a match (minutes on a loaded machine)"]
fn rollout_close_settles_close_calls_by_rollouts() {
    let good = fixture("mat/seed07-1pt.mat");
    let file = good.to_str().unwrap();
    let run = |extra: &[&str]| {
        let (code, out, err) = analyse(&[&["--json", "--decisions"], extra, &[file]].concat());
        assert_eq!(code, 0, "{err}");
        json_lines(&out).remove(0)
    };
    let plain = run(&[]);
    // Nothing is within 0 EMG: the same analysis.
    let none = run(&["--rollout-close", "--close-threshold", "0"]);
    assert_eq!(plain, none);
    let rolled = run(&[
        "--rollout-close",
        "--close-threshold",
        "0.05",
        "--rollout-trials",
        "36",
    ]);
    let losses = |line: &serde_json::Value| -> Vec<f64> {
        line["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["loss"]["emg"].as_f64().unwrap())
            .collect()
    };
    let (before, after) = (losses(&plain), losses(&rolled));
    assert_eq!(before.len(), after.len());
    assert!(before != after, "some close call was rolled out");
    for (player, statistics) in rolled["players"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            statistics["chequer"]["unforced"],
            plain["players"][player]["chequer"]["unforced"]
        );
    }
    let (code, _, err) = analyse(&["--close-threshold", "0.1", file]);
    assert_eq!(code, 2, "--close-threshold needs --rollout-close: {err}");
}

#[test]
fn a_no_double_decision_goes_with_the_roll_played_after_it() {
    // gnubg keeps the cube decision before a roll with the play that follows: a roll written
    // without its play ("31: ????" before the opponent wins) has no cube decision either.
    let file = fixture("mat/real/xg-transcribed/lazyBG_match2.txt");
    let (code, out, err) = analyse(&["--json", "--decisions", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let line = &json_lines(&out)[0];
    let decisions = line["decisions"].as_array().unwrap();
    let mut no_doubles = 0;
    for (index, decision) in decisions.iter().enumerate() {
        if decision["action"] != "no_double" {
            continue;
        }
        no_doubles += 1;
        let next = decisions
            .get(index + 1)
            .unwrap_or_else(|| panic!("no play after the last no-double decision: {decision}"));
        assert_eq!(next["type"], "chequer", "{decision} then {next}");
        assert_eq!(next["player"], decision["player"], "{decision} then {next}");
        assert_eq!(next["game"], decision["game"], "{decision} then {next}");
    }
    assert!(no_doubles > 100, "{no_doubles} no-double decisions");
}

#[test]
fn money_play_figures_have_their_points_beside_them() {
    // gnubg's statistics of a money session show each EMG figure with its points: the equity
    // lost times the cube of the decision (in match play the match-winning chance instead).
    let file = fixture("mat/real/xg-mobile/Ken_-_XG-Intermediate_Dec_24_2022.txt");
    let (code, out, err) = analyse(&["--json", "--decisions", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let line = &json_lines(&out)[0];
    assert_eq!(line["match_length"], 0);
    let decisions = line["decisions"].as_array().unwrap();
    // The cube of a decision: the XGID's second field is its logarithm.
    let cube = |decision: &serde_json::Value| -> f64 {
        let xgid = decision["xgid"].as_str().unwrap();
        let exponent: i32 = xgid.split(':').nth(1).unwrap().parse().unwrap();
        2f64.powi(exponent)
    };
    let mut above_one = 0;
    for decision in decisions {
        let loss = &decision["loss"];
        assert_eq!(loss["mwc"], 0.0);
        let (emg, points) = (
            loss["emg"].as_f64().unwrap(),
            loss["points"].as_f64().unwrap(),
        );
        assert!((points - emg * cube(decision)).abs() < 1e-9, "{decision}");
        above_one += usize::from(cube(decision) > 1.0 && emg > 0.0);
    }
    assert!(above_one > 0, "some loss at a cube above 1");
    for (index, player) in line["players"].as_array().unwrap().iter().enumerate() {
        let chequer_points: f64 = decisions
            .iter()
            .filter(|d| d["player"] == index && d["type"] == "chequer" && d["forced"] == false)
            .map(|d| d["loss"]["points"].as_f64().unwrap())
            .sum();
        let luck_points: f64 = decisions
            .iter()
            .filter(|d| d["player"] == index && d["type"] == "chequer")
            .map(|d| d["luck"]["points"].as_f64().unwrap())
            .sum();
        let chequer = &player["chequer"];
        assert!((chequer["error_total_points"].as_f64().unwrap() - chequer_points).abs() < 1e-9);
        assert!(chequer_points > chequer["error_total"].as_f64().unwrap());
        assert_eq!(chequer["error_total_mwc"], 0.0);
        assert!((player["luck"]["total_points"].as_f64().unwrap() - luck_points).abs() < 1e-9);
        assert!(player["cube"]["error_total_points"].is_number());
    }
    let (code, text, err) = analyse(&[file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("Points lost (chequer / cube)"), "{text}");
}
