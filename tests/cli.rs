//! The `tavli` binary: subcommands `moves`, `board`, `id`, their output and exit codes.

use crate::support::tavli;
use std::process::Output;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn moves_lists_every_opening_play() {
    let output = tavli(&["moves", "start", "31"], "");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let plays: Vec<&str> = text.lines().collect();
    assert_eq!(plays.len(), 16);
    assert!(plays.contains(&"8/5 6/5"));
    assert!(plays.contains(&"24/20"));
}

#[test]
fn dice_forms_are_equivalent() {
    let a = stdout(&tavli(&["moves", "4HPwATDgc/ABMA", "65"], ""));
    let b = stdout(&tavli(&["moves", "4HPwATDgc/ABMA", "6-5"], ""));
    let c = stdout(&tavli(&["moves", "4HPwATDgc/ABMA", "6", "5"], ""));
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert!(a.lines().any(|l| l == "24/13"));
}

#[test]
fn moves_json_has_notation_steps_and_ids() {
    let output = tavli(&["moves", "start", "65", "--json"], "");
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let plays = value["plays"].as_array().expect("plays");
    let run = plays
        .iter()
        .find(|p| p["play"] == "24/13")
        .expect("24/13 is a play");
    assert_eq!(run["steps"].as_array().expect("steps").len(), 2);
    assert_eq!(run["position_id"].as_str().expect("ID").len(), 14);
}

#[test]
fn dice_from_a_gnubg_id_are_used() {
    let output = tavli(&["moves", "4HPwATDgc/ABMA:cIkFAAAAAAAA"], "");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output).lines().count(), 16, "the ID holds a 31");
}

#[test]
fn bad_input_exits_one_and_usage_errors_exit_two() {
    let output = tavli(&["moves", "garbage", "31"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a position"));
    let output = tavli(&["moves", "start", "71"], "");
    assert_eq!(output.status.code(), Some(1));
    let output = tavli(&["moves", "--no-such-flag"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn batch_writes_one_line_per_input_line_and_goes_on_after_errors() {
    let input = "4HPwATDgc/ABMA 5 3\nnot-a-position 3 1\n\n4HPwATDgc/ABMA 66\n";
    let output = tavli(&["moves", "--batch", "-"], input);
    assert_eq!(output.status.code(), Some(1), "a failed line gives exit 1");
    let text = stdout(&output);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("NDJSON line"))
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["dice"], serde_json::json!([5, 3]));
    assert!(lines[0]["plays"].as_array().expect("plays").len() > 5);
    assert_eq!(lines[1]["error"]["kind"], "position");
    assert_eq!(lines[2]["error"]["kind"], "syntax");
    assert_eq!(lines[3]["dice"], serde_json::json!([6, 6]));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("-:2:"), "{stderr}");
}

#[test]
fn batch_line_that_is_not_utf8_fails_alone() {
    use std::io::Write;
    let mut child = std::process::Command::new(crate::support::tavli_binary())
        .args(["moves", "--batch", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("tavli runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"4HPwATDgc/ABMA 21\n\xff\xfe 3 1\n4HPwATDgc/ABMA 31\n")
        .expect("input written");
    drop(stdin);
    let output = child.wait_with_output().expect("tavli ends");
    assert_eq!(output.status.code(), Some(1), "a failed line gives exit 1");
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("NDJSON line"))
        .collect();
    assert_eq!(lines.len(), 3, "the lines after the bad one are answered");
    assert_eq!(lines[0]["dice"], serde_json::json!([2, 1]));
    assert_eq!(lines[1]["error"]["kind"], "syntax");
    assert_eq!(lines[2]["dice"], serde_json::json!([3, 1]));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("-:2: the line is not valid UTF-8"),
        "{stderr}"
    );
}

#[test]
fn batch_of_a_position_with_no_play_gives_an_empty_list() {
    // A position from the bot-play bench set where 3-3 cannot be played.
    let output = tavli(&["moves", "--batch", "-"], "NXegARhjbgdgQA 3 3\n");
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(value["plays"], serde_json::json!([]));
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn board_prints_gnubgs_diagram() {
    let output = tavli(
        &["board", "4HPwATDgc/ABMA:cIkFAAAAAAAA", "--x-name", "root"],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let expected = concat!(
        " GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n",
        "                 Match ID   : cIkFAAAAAAAA\n",
        " +13-14-15-16-17-18------19-20-21-22-23-24-+     O: gnubg\n",
        " | X           O    |   | O              X |     0 points\n",
        " | X           O    |   | O              X |     \n",
        " | X           O    |   | O                |     \n",
        " | X                |   | O                |     \n",
        " | X                |   | O                |    \n",
        "v|                  |BAR|                  |     (Cube: 1)\n",
        " | O                |   | X                |    \n",
        " | O                |   | X                |     \n",
        " | O           X    |   | X                |     \n",
        " | O           X    |   | X              O |     Rolled 31\n",
        " | O           X    |   | X              O |     0 points\n",
        " +12-11-10--9--8--7-------6--5--4--3--2--1-+     X: root\n",
    );
    assert_eq!(stdout(&output), expected);
}

#[test]
fn id_converts_between_forms() {
    let xgid = "XGID=-b----E-C---eE---c-e----B-:2:-1:1:66:3:5:0:9:10";
    let output = tavli(&["id", xgid, "--to", "gnubgid"], "");
    assert_eq!(stdout(&output), "4HPwATDgc/ABMA:Qgk7AVAAGAAE\n");
    let output = tavli(&["id", "4HPwATDgc/ABMA:Qgk7AVAAGAAE", "--to", "xgid"], "");
    assert_eq!(stdout(&output), format!("{xgid}\n"));
    let output = tavli(&["id", "start", "--to", "posid"], "");
    assert_eq!(stdout(&output), "4HPwATDgc/ABMA\n");
    let output = tavli(
        &[
            "id",
            "4HPwATDgc/ABMA:cIkFAAAAAAAA",
            "--to",
            "fibs",
            "--x-name",
            "root",
        ],
        "",
    );
    assert_eq!(
        stdout(&output),
        "board:root:gnubg:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:3:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1\n"
    );
    let output = tavli(&["id", "start", "--to", "json"], "");
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(value["position_id"], "4HPwATDgc/ABMA");
}

#[test]
fn completions_and_man_page_come_from_the_clap_definitions() {
    let output = tavli(&["completions", "bash"], "");
    assert_eq!(output.status.code(), Some(0));
    let script = stdout(&output);
    for subcommand in [
        "moves", "board", "id", "validate", "repl", "external", "ubgi",
    ] {
        assert!(script.contains(subcommand), "completion lacks {subcommand}");
    }
    let output = tavli(&["man"], "");
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains(".TH tavli 1"));
}

#[test]
fn no_subcommand_runs_the_repl_on_standard_input() {
    let output = tavli(&[], "show version\nquit\n");
    assert_eq!(output.status.code(), Some(0));
    let output = tavli(&["--stop-on-error"], "frobnicate\nshow version\n");
    assert_eq!(output.status.code(), Some(1));
}

/// `--json` replies of `show` and the settings commands carry their values first, then
/// gnubg's lines for them.
#[test]
fn repl_json_replies_carry_settings_as_values() {
    let script =
        "show matchlength\nset player 1 name alice\nset player 1 chequerplay evaluation plies 1\n";
    let replies = json_replies(script);
    use serde_json::json;
    assert_eq!(
        replies[0]["outputs"],
        json!([
            {"type": "reply", "reply": "match_length", "match_length": 7},
            {"type": "line", "text": "New matches default to 7 points."}
        ])
    );
    assert_eq!(
        replies[2]["outputs"][0],
        json!({"type": "reply", "reply": "player_depth", "player": 1, "name": "alice",
            "plies": 1, "human": true})
    );
    assert_eq!(
        replies[2]["outputs"][2]["text"],
        "(Note that this setting will have no effect until you `set player alice gnu'.)"
    );
}

/// The REPL's `--json` replies to `script`, one value per command.
fn json_replies(script: &str) -> Vec<serde_json::Value> {
    let output = tavli(&["--json"], script);
    stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("NDJSON line"))
        .collect()
}

/// The outputs of the reply to `command` that `keep` keeps, in order.
fn outputs_of(
    replies: &[serde_json::Value],
    command: &str,
    keep: impl Fn(&serde_json::Value) -> bool,
) -> Vec<serde_json::Value> {
    replies
        .iter()
        .find(|reply| reply["command"] == command)
        .and_then(|reply| reply["outputs"].as_array())
        .map(|outputs| {
            outputs
                .iter()
                .filter(|output| keep(output))
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

/// `--json` replies of the game commands carry typed events beside gnubg's text.
#[test]
fn repl_json_replies_carry_game_events() {
    let script = "set player 0 human\nset seed 5\nnew match 3\nmove 13/11 6/5\ndouble\ntake\nresign\naccept\n";
    let replies = json_replies(script);
    let events = |command: &str| outputs_of(&replies, command, |output| output["type"] == "event");
    use serde_json::json;
    assert_eq!(
        events("new match 3"),
        [json!({"type": "event", "event": "rolled", "player": 0, "dice": [2, 1]})]
    );
    assert_eq!(
        events("move 13/11 6/5"),
        [
            json!({"type": "event", "event": "played", "player": 0, "dice": [2, 1],
            "play": "13/11 6/5", "steps": [{"from": 13, "to": 11, "hit": false},
            {"from": 6, "to": 5, "hit": false}]})
        ]
    );
    assert_eq!(
        events("double"),
        [json!({"type": "event", "event": "doubled", "player": 1, "cube": 2})]
    );
    // Taking hands the dice to the doubler, who rolls automatically.
    assert_eq!(
        events("take"),
        [
            json!({"type": "event", "event": "took", "player": 0, "cube": 2}),
            json!({"type": "event", "event": "rolled", "player": 1, "dice": [6, 5]})
        ]
    );
    assert_eq!(
        events("resign"),
        [
            json!({"type": "event", "event": "resignation_offered", "player": 1,
            "resignation": "single"})
        ]
    );
    // The next game starts at once with its opening roll.
    assert_eq!(
        events("accept"),
        [
            json!({"type": "event", "event": "won", "player": 0, "ending": "resigned",
                "result": "single", "points": 2}),
            json!({"type": "event", "event": "rolled", "player": 1, "dice": [3, 2]})
        ]
    );
}

/// `--json` replies of the edits, of `show` and of the end of a game carry their values
/// (the score, the dice set, the game's records, what a game counts as) and the match won
/// is an event; gnubg's text comes beside them, `partial` where it ends without a newline.
#[test]
fn repl_json_replies_carry_the_match_as_values() {
    let script = "set player 0 human\nset seed 5\nnew match 1\nshow score\nset dice 31\nlist game\nresign\naccept\n";
    let replies = json_replies(script);
    let outputs = |command: &str| outputs_of(&replies, command, |output| output["type"] != "board");
    use serde_json::json;
    let names = json!(["gnubg", "root"]);
    assert_eq!(
        outputs("show score"),
        [
            json!({"type": "reply", "reply": "score", "names": names, "score": [0, 0],
                "games": 0, "match_length": 1, "crawford": false, "post_crawford": true,
                "jacoby": false}),
            json!({"type": "partial", "text":
                "The score (after 0 games) is: gnubg 0, root 0 (match to 1 point, post-Crawford play)"})
        ]
    );
    assert_eq!(
        outputs("set dice 31"),
        [
            json!({"type": "reply", "reply": "dice_set", "dice": [3, 1]}),
            json!({"type": "line", "text": "The dice have been set to 3 and 1."})
        ]
    );
    assert_eq!(
        outputs("list game")[0],
        json!({"type": "reply", "reply": "game_list", "entries": [
            {"record": "rolled", "player": 0, "dice": [3, 1]}
        ]})
    );
    let accept = outputs("accept");
    let kinds: Vec<&str> = accept
        .iter()
        .map(|output| {
            output["reply"]
                .as_str()
                .or(output["event"].as_str())
                .or(output["type"].as_str())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "line",
            "won",
            "game_scored",
            "line",
            "score",
            "partial",
            "line",
            "match_won"
        ]
    );
    assert_eq!(
        accept[2],
        json!({"type": "reply", "reply": "game_scored", "player": 1, "name": "root",
            "counted_as": "single", "points": 1})
    );
    assert_eq!(
        accept[7],
        json!({"type": "event", "event": "match_won", "player": 1})
    );
}

#[test]
fn a_training_rate_of_zero_or_below_is_refused_before_any_work() {
    let out = std::env::temp_dir().join(format!("tavli-rate-{}.tnet", std::process::id()));
    let out = out.to_str().expect("UTF-8 path");
    for (stage, flag, value) in [
        ("fit", "--final-rate", "0"),
        ("fit", "--rate", "-0.001"),
        ("td", "--final-rate", "0"),
        ("td", "--rate", "nan"),
    ] {
        let setting = format!("{flag}={value}");
        let mut args = vec!["train", stage, "--out", out, &setting];
        if stage == "fit" {
            args.extend(["--data", "no-such-labels.txt.gz"]);
        }
        let output = tavli(&args, "");
        assert_eq!(output.status.code(), Some(2), "{stage} {flag} {value}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("finite number above 0"), "{stderr}");
        assert!(!std::path::Path::new(out).exists());
    }
}

#[test]
fn train_calibrate_writes_weights_that_load_and_reports_each_round() {
    let directory = std::env::temp_dir().join(format!("tavli-calibrate-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    let out = directory.join("calibrated.tnet");
    let out_text = out.to_str().expect("UTF-8 path");
    let output = tavli(
        &[
            "train",
            "calibrate",
            "--out",
            out_text,
            "--games",
            "6",
            "--rounds",
            "2",
            "--threads",
            "2",
            "--seed",
            "3",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    for round in ["round 1", "round 2"] {
        assert!(
            stderr.contains(&format!("calibrate {round} games 6 Contact")),
            "{stderr}"
        );
        assert!(
            stderr.contains(&format!("calibrate {round} games 6 Race")),
            "{stderr}"
        );
    }
    // The calibrated weights load and play.
    let output = tavli(
        &[
            "bench",
            "strength",
            "--a",
            "net",
            "--weights-a",
            out_text,
            "--b",
            "pubeval",
            "--games",
            "2",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(stdout(&output).contains("points per game"));
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

/// A net averaged with itself is itself, byte for byte; nets of two shapes are refused with
/// the reason, and nothing is written.
#[test]
fn train_average_keeps_a_net_averaged_with_itself_and_refuses_two_shapes() {
    let directory = std::env::temp_dir().join(format!("tavli-average-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    let out = directory.join("mean.tnet");
    let out_text = out.to_str().expect("UTF-8 path");
    let built_in = "src/engine/net/weights/tavli.tnet";
    let output = tavli(
        &[
            "train",
            "average",
            "--weights",
            built_in,
            "--weights",
            built_in,
            "--out",
            out_text,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        std::fs::read(&out).expect("written"),
        std::fs::read(built_in).expect("the built-in net")
    );
    std::fs::remove_file(&out).expect("removed");
    let output = tavli(
        &[
            "train",
            "average",
            "--weights",
            built_in,
            "--weights",
            "fixtures/training/net2.tnet",
            "--out",
            out_text,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("only nets of one shape"), "{stderr}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

/// A contact net with a second hidden layer trains by self-play, is written (format version 2),
/// loads and plays, and averages with itself to the same bytes.
#[test]
fn a_two_layer_contact_net_trains_loads_and_plays() {
    let directory = std::env::temp_dir().join(format!("tavli-deep-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    let out = directory.join("deep.tnet");
    let out_text = out.to_str().expect("UTF-8 path");
    let output = tavli(
        &[
            "train",
            "td",
            "--out",
            out_text,
            "--games",
            "20",
            "--contact-hidden",
            "16",
            "--race-hidden",
            "8",
            "--contact-second",
            "6",
            "--seed",
            "4",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let bytes = std::fs::read(&out).expect("written");
    assert_eq!(&bytes[..8], b"TAVLINET");
    assert_eq!(bytes[8..12], 2u32.to_le_bytes(), "format version 2");
    let output = tavli(
        &[
            "bench",
            "strength",
            "--a",
            "net",
            "--weights-a",
            out_text,
            "--b",
            "pubeval",
            "--games",
            "2",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(stdout(&output).contains("points per game"));
    let mean = directory.join("mean.tnet");
    let output = tavli(
        &[
            "train",
            "average",
            "--weights",
            out_text,
            "--weights",
            out_text,
            "--out",
            mean.to_str().expect("UTF-8 path"),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(std::fs::read(&mean).expect("written"), bytes);
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

/// `--variant` lists its values in `--help` and the completions offer them; an alias still
/// reads, an unknown name is a usage error naming the variants.
#[test]
fn variant_values_are_listed_in_help_and_completions() {
    let help = stdout(&tavli(&["moves", "--help"], ""));
    assert!(
        help.contains("[possible values: standard, nackgammon, 1-chequer-hypergammon"),
        "{help}"
    );
    let bash = stdout(&tavli(&["completions", "bash"], ""));
    assert!(
        bash.contains("standard nackgammon 1-chequer-hypergammon"),
        "completions"
    );
    let alias = tavli(&["moves", "--variant", "backgammon", "start", "31"], "");
    assert_eq!(alias.status.code(), Some(0));
    let unknown = tavli(&["moves", "--variant", "plako", "start", "31"], "");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("plakoto"));
}

/// Every subcommand with `--variant` refuses an unknown name the same way, before reading
/// anything else: clap's usage error (status 2) naming the variants, `rollout` included
/// (it once answered with its own message after reading the position).
#[test]
fn every_variant_option_refuses_an_unknown_name_alike() {
    let expected = "error: invalid value 'plako' for '--variant <VARIANT>': unknown variant \
                    `plako` (known: standard, nackgammon, 1-chequer-hypergammon, \
                    2-chequer-hypergammon, 3-chequer-hypergammon, old-english, portes, plakoto, \
                    fevga, athroisma)\n";
    for args in [
        vec!["moves", "start", "31"],
        vec!["board", "start"],
        vec!["id", "start"],
        vec!["hint", "start", "31"],
        vec!["eval", "start"],
        vec!["rollout", "start"],
        // The position is not read first: a bad one does not change the answer.
        vec!["rollout", "garbage"],
        vec!["rollout", "--merge", "/nonexistent/a.json"],
    ] {
        let mut all = args.clone();
        all.extend(["--variant", "plako"]);
        let output = tavli(&all, "");
        assert_eq!(output.status.code(), Some(2), "{all:?}");
        assert_eq!(output.stdout, b"", "{all:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), expected, "{all:?}");
    }
    let help = stdout(&tavli(&["rollout", "--help"], ""));
    assert!(
        help.contains("[possible values: standard, nackgammon, 1-chequer-hypergammon"),
        "{help}"
    );
}

/// `train fit` on fewer than twenty examples of a class holds none back: it says so once
/// instead of printing `validation-loss NaN`.
#[test]
fn train_fit_on_too_few_examples_warns_instead_of_nan() {
    let directory = std::env::temp_dir().join(format!("tavli-fit-few-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    let data = directory.join("labels.txt");
    std::fs::write(
        &data,
        "4HPwATDgc/ABMA 0.50000 0.14000 0.01000 0.14000 0.01000\n".repeat(3),
    )
    .expect("written");
    let output = tavli(
        &[
            "train",
            "fit",
            "--data",
            data.to_str().expect("UTF-8 path"),
            "--epochs",
            "2",
            "--out",
            directory.join("out.tnet").to_str().expect("UTF-8 path"),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("NaN"), "{stderr}");
    assert_eq!(
        stderr.matches("warning: only 3 contact examples").count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("validation-loss none"), "{stderr}");
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

/// `train fit --race-hidden N --race-second M` reshapes the race network before a fit on race
/// labels alone: the weights grow, the contact network is untouched (the same evaluation of a
/// contact position as the start's), and the race network's evaluation of a race changes.
#[test]
fn train_fit_widens_and_deepens_the_race_network() {
    let directory = std::env::temp_dir().join(format!("tavli-fit-race-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    let data = directory.join("race.txt");
    std::fs::write(
        &data,
        "2NsAAMDbNgAAAA 0.41000 0.00000 0.00000 0.00000 0.00000\n".repeat(40),
    )
    .expect("written");
    let start = directory.join("start.tnet");
    let out = directory.join("out.tnet");
    let path = |file: &std::path::Path| file.to_str().expect("UTF-8 path").to_string();
    let fit = |extra: &[&str], target: &std::path::Path| {
        let data = path(&data);
        let target = path(target);
        let mut args = vec![
            "train", "fit", "--data", &data, "--epochs", "1", "--out", &target,
        ];
        args.extend_from_slice(extra);
        let output = tavli(&args, "");
        assert_eq!(output.status.code(), Some(0), "{output:?}");
    };
    fit(&[], &start);
    let start_text = path(&start);
    fit(
        &[
            "--resume",
            &start_text,
            "--race-hidden",
            "80",
            "--race-second",
            "8",
        ],
        &out,
    );
    let grown = std::fs::metadata(&out).expect("written").len();
    assert!(grown > std::fs::metadata(&start).expect("written").len());
    let evaluate = |weights: &std::path::Path, position: &str| {
        let output = tavli(
            &[
                "eval",
                position,
                "--plies",
                "0",
                "--weights",
                &path(weights),
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    assert_eq!(
        evaluate(&start, "4HPwATDgc/ABMA"),
        evaluate(&out, "4HPwATDgc/ABMA")
    );
    assert_ne!(
        evaluate(&start, "2NsAAMDbNgAAAA"),
        evaluate(&out, "2NsAAMDbNgAAAA")
    );
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

/// `train classify` with a tab field and `--only` keeps the lines of that type unchanged; a
/// line without a Position ID is refused with its number; a bad `--type-weight` is refused
/// before any work.
#[test]
fn train_classify_picks_lines_by_type_and_refuses_a_bad_id() {
    let directory = std::env::temp_dir().join(format!("tavli-classify-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    let file = directory.join("errors.tsv");
    let start = "4HPwATDgc/ABMA:MAEFAAAAAAAA";
    let race = "2NsAAMDbNgAAAA:cAkLAAAAAAAA";
    std::fs::write(&file, format!("net\t0\t{start}\t1.5\nnet\t1\t{race}\t0\n")).expect("written");
    let path = file.to_str().expect("UTF-8 path");
    let output = tavli(&["train", "classify", "--field", "3", path], "");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("early\tnet\t0\t{start}\t1.5\nrace\tnet\t1\t{race}\t0\n")
    );
    let output = tavli(
        &["train", "classify", "--field", "3", "--only", "race", path],
        "",
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("net\t1\t{race}\t0\n")
    );
    let output = tavli(&["train", "classify", path], "");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("line 1: bad Position ID `net`"), "{stderr}");
    let output = tavli(
        &[
            "train",
            "fit",
            "--data",
            path,
            "--out",
            "/dev/null",
            "--type-weight",
            "crash=2",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not a position type"), "{stderr}");
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

/// A position argument that is no position is quoted back in the error whole up to 64
/// characters, cut to 64 and `...` beyond (a 100,000-character argument once came back whole),
/// on the command line and in a `--batch` line alike.
#[test]
fn a_long_bad_position_is_quoted_cut_to_64_characters() {
    let long = format!("start{}", "x".repeat(100_000));
    let cut = format!("`start{}...` is not a position", "x".repeat(59));
    for command in ["moves", "board", "id", "hint", "eval", "rollout"] {
        let output = tavli(&[command, &long], "");
        assert_eq!(output.status.code(), Some(1), "{command}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            message.starts_with(&format!("tavli: {cut}")),
            "{command}: {message}"
        );
        assert!(message.len() < 300, "{command}: {} bytes", message.len());
    }
    let short = "startxxx";
    let output = tavli(&["moves", short, "31"], "");
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("tavli: `startxxx` is not"));
    let line = format!("start{} 31\n", "x".repeat(4000));
    let output = tavli(&["moves", "--batch", "-"], &line);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&output.stdout).contains(&cut),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}
