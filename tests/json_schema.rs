//! Every JSON output of tavli, produced by the binary on real inputs, validated against its
//! JSON Schema in docs/schemas (the one vocabulary of docs/json.md).

use crate::support::json_schema::Schemas;
use crate::support::tavli;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const BASE: &str = "https://tavli.invalid/schemas/";

/// Every schema file: (file name, contents).
fn schema_files() -> Vec<(String, Value)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/schemas");
    let mut files: Vec<(String, Value)> = std::fs::read_dir(&folder)
        .expect("docs/schemas")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.to_string_lossy().ends_with(".schema.json"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("schema readable");
            let name = path
                .file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned();
            (name, serde_json::from_str(&text).expect("schema is JSON"))
        })
        .collect();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

/// The schema `docs/schemas/NAME.schema.json`, with the other schemas registered so that
/// references between them resolve (nothing is fetched).
struct Validator {
    schemas: Schemas,
    id: String,
}

impl Validator {
    /// Every way `document` fails the schema, each naming its place in the document.
    fn errors(&self, document: &Value) -> Vec<String> {
        self.schemas.errors(&self.id, document)
    }

    fn is_valid(&self, document: &Value) -> bool {
        self.errors(document).is_empty()
    }
}

fn validator(name: &str) -> Validator {
    let files = schema_files();
    for (file, contents) in &files {
        assert_eq!(contents["$id"], format!("{BASE}{file}"), "$id of {file}");
    }
    let id = format!("{BASE}{name}.schema.json");
    assert!(
        files.iter().any(|(file, _)| format!("{BASE}{file}") == id),
        "no docs/schemas/{name}.schema.json"
    );
    let schemas = Schemas::new(files.into_iter().map(|(_, contents)| contents))
        .unwrap_or_else(|error| panic!("the schemas load: {error}"));
    Validator { schemas, id }
}

/// Asserts that every document matches the schema `name`, naming each error.
fn assert_valid(name: &str, documents: &[Value]) {
    assert!(!documents.is_empty(), "no {name} output to check");
    let validator = validator(name);
    for document in documents {
        let errors = validator.errors(document);
        assert!(errors.is_empty(), "{name}: {errors:#?}\nin {document}");
    }
}

/// Runs tavli and reads its standard output as NDJSON (one document per line).
fn ndjson(args: &[&str], stdin: &str) -> Vec<Value> {
    let output = tavli(args, stdin);
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect()
}

/// Runs tavli, expects success, and reads its standard output as one JSON document.
fn document(args: &[&str]) -> Value {
    let output = tavli(args, "");
    assert!(output.status.success(), "{args:?}: {output:?}");
    serde_json::from_slice(&output.stdout).expect("one JSON document")
}

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(path)
}

fn fixture_text(path: &str) -> String {
    fixture(path).to_string_lossy().into_owned()
}

#[test]
fn every_schema_compiles_and_every_output_kind_has_one() {
    let names: BTreeSet<String> = schema_files().into_iter().map(|(name, _)| name).collect();
    for kind in [
        "vocabulary",
        "repl",
        "moves",
        "board",
        "id",
        "validate",
        "rollout",
        "analyse",
        "analyse-summary",
        "bench-strength",
        "hint",
        "eval",
    ] {
        assert!(names.contains(&format!("{kind}.schema.json")), "{kind}");
        validator(kind);
    }
}

/// The schemas are not vacuous: the old spellings (before the one vocabulary) are refused.
#[test]
fn the_old_spellings_are_refused() {
    let start = document(&["board", "start", "--json"]);
    assert_valid("board", std::slice::from_ref(&start));
    let validator = validator("board");
    let with = |pointer: &str, value: Value| {
        let mut changed = start.clone();
        *changed.pointer_mut(pointer).expect("pointer") = value;
        changed
    };
    for (pointer, old) in [
        ("/state/dice", json!({"first": 5, "second": 6})),
        ("/state/variant", json!("Standard")),
        ("/state/on_roll", json!("X")),
        ("/state/game_state", json!("Playing")),
        (
            "/state/board",
            json!({"slots": [vec![0; 25], vec![0; 25]], "off": [15, 15]}),
        ),
    ] {
        assert!(
            !validator.is_valid(&with(pointer, old.clone())),
            "{pointer}: {old}"
        );
    }
    let hint = json!({"command": "hint", "ok": true, "text": "", "outputs": [{"type": "hints",
        "evaluator": "net", "plays": [{"play": "24/13", "equity": 0.1, "plies": 0,
        "probabilities": [0.5, 0.1, 0.0, 0.5, 0.1, 0.0]}]}]});
    assert!(!self::validator("repl").is_valid(&hint));
    let moves = json!({"position": "start", "dice": [3, 1], "plays": [{"notation": "8/5 6/5",
        "steps": [], "position_id": "4HPwATDgc/ABMA"}]});
    assert!(!self::validator("moves").is_valid(&moves));
    // A reply that names a side carries its player number (names only were the old way).
    let line =
        |reply: Value| json!({"command": "show dice", "ok": true, "text": "", "outputs": [reply]});
    let repl = self::validator("repl");
    assert!(repl.is_valid(&line(
        json!({"type": "reply", "reply": "dice", "player": 0, "name": "gnubg", "dice": [6, 4]})
    )));
    for old in [
        json!({"type": "reply", "reply": "dice", "name": "gnubg", "dice": [6, 4]}),
        json!({"type": "reply", "reply": "game_scored", "winner": "gnubg",
            "counted_as": "single", "points": 1}),
        json!({"type": "reply", "reply": "cube", "value": 2, "owner": "gnubg"}),
        json!({"type": "reply", "reply": "game_complete", "winner": ["gnubg", 1]}),
        json!({"type": "reply", "reply": "played_without_cube", "variant": "Plakoto"}),
        // The match length and the cube's value are spelled as in the board state.
        json!({"type": "reply", "reply": "match_started", "length": 5}),
        json!({"type": "reply", "reply": "match_length_set", "points": 5}),
        json!({"type": "reply", "reply": "match_length", "points": 5}),
        json!({"type": "reply", "reply": "cube", "value": 2, "owner": null}),
        json!({"type": "reply", "reply": "cube_value_set", "value": 2}),
        json!({"type": "reply", "reply": "score", "names": ["gnubg", "root"], "score": [0, 0],
            "games": 0, "length": 1, "crawford": false, "post_crawford": true, "jacoby": false}),
    ] {
        assert!(!repl.is_valid(&line(old.clone())), "{old}");
    }
    for new in [
        json!({"type": "reply", "reply": "match_started", "match_length": 5}),
        json!({"type": "reply", "reply": "match_length_set", "match_length": 5}),
        json!({"type": "reply", "reply": "match_length", "match_length": 5}),
        json!({"type": "reply", "reply": "cube", "cube_value": 2, "owner": null}),
        json!({"type": "reply", "reply": "cube_value_set", "cube_value": 2}),
        json!({"type": "reply", "reply": "score", "names": ["gnubg", "root"], "score": [0, 0],
            "games": 0, "match_length": 1, "crawford": false, "post_crawford": true,
            "jacoby": false}),
    ] {
        assert!(repl.is_valid(&line(new.clone())), "{new}");
    }
}

/// A REPL session covering every kind of line: events, replies, boards, hints, a cube
/// analysis, an evaluation, files exported to standard output and an error.
#[test]
fn repl_lines_match_the_repl_schema() {
    let script = std::fs::read_to_string(fixture("json/repl.txt")).expect("script");
    let lines = ndjson(&["--json"], &script);
    assert_valid("repl", &lines);
    // The rollouts: cubeful first, then cubeless (no cubeful equity, nor its error).
    let rollouts: Vec<&Value> = lines
        .iter()
        .flat_map(|line| line["outputs"].as_array().into_iter().flatten())
        .filter(|output| output["type"] == "rollout")
        .collect();
    assert_eq!(rollouts.len(), 2, "two rollouts in the script");
    assert!(rollouts[0]["cubeful_equity"].is_number());
    assert!(rollouts[1]["cubeful_equity"].is_null());
    assert!(rollouts[1]["standard_errors"]["cubeful_equity"].is_null());
    for rollout in &rollouts {
        assert_eq!(rollout["trials"], 36);
        assert_eq!(rollout["settings"]["truncation"], 2);
    }
    let mut wrong = rollouts[0].clone();
    wrong["standard_errors"]
        .as_object_mut()
        .expect("errors")
        .remove("win");
    let line = json!({"command": "rollout", "ok": true, "text": "", "outputs": [wrong]});
    assert!(
        !validator("repl").is_valid(&line),
        "the schema checks the errors"
    );
    let mut kinds = BTreeSet::new();
    for line in &lines {
        if line["ok"] == false {
            kinds.insert("error".to_string());
        }
        for output in line["outputs"].as_array().into_iter().flatten() {
            let kind = output["type"].as_str().unwrap_or_default().to_string();
            if kind == "export" {
                kinds.insert(format!(
                    "export {}",
                    output["format"].as_str().unwrap_or("")
                ));
            }
            kinds.insert(kind);
        }
    }
    for kind in [
        "line",
        "partial",
        "board",
        "hints",
        "cube_analysis",
        "evaluation",
        "rollout",
        "statistics",
        "reply",
        "event",
        "export svg",
        "export mat",
        "export sgf",
        "error",
    ] {
        assert!(
            kinds.contains(kind),
            "the script gives no {kind}: {kinds:?}"
        );
    }
}

#[test]
fn moves_json_and_batch_lines_match_the_moves_schema() {
    let mut documents = vec![
        document(&["moves", "start", "31", "--json"]),
        document(&["moves", "4HPwATDgc/ABMA", "66", "--json"]),
    ];
    documents.extend(ndjson(
        &["moves", "--batch", &fixture_text("readme/batch.txt")],
        "",
    ));
    assert!(documents
        .iter()
        .any(|document| document.get("error").is_some()));
    assert_valid("moves", &documents);
}

#[test]
fn board_and_id_json_match_their_schemas() {
    let positions = [
        &["start"][..],
        &["XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"][..],
        &["start", "--variant", "nackgammon"][..],
        &["plakoto:O=24x15:X=24x15", "--variant", "plakoto"][..],
    ];
    for position in positions {
        let board: Vec<&str> = ["board"]
            .iter()
            .chain(position)
            .chain(&["--json"])
            .copied()
            .collect();
        let board = document(&board);
        assert_valid("board", std::slice::from_ref(&board));
        let id: Vec<&str> = ["id"]
            .iter()
            .chain(position)
            .chain(&["--to", "json"])
            .copied()
            .collect();
        let id = document(&id);
        assert_valid("id", std::slice::from_ref(&id));
        // One board object: the same IDs and state in both.
        for key in ["position_id", "match_id", "state"] {
            assert_eq!(board[key], id[key], "{key} of {position:?}");
        }
    }
}

#[test]
fn validate_json_matches_the_validate_schema_on_every_fixture() {
    let mut files: Vec<String> = Vec::new();
    for folder in ["mat", "mat/corrupt", "sgf/valid", "sgf/invalid"] {
        let Ok(entries) = std::fs::read_dir(fixture(folder)) else {
            continue;
        };
        for entry in entries.flatten() {
            if entry.path().is_file() {
                files.push(entry.path().to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    assert!(files.len() > 20, "{files:?}");
    let mut args = vec!["validate", "--json"];
    args.extend(files.iter().map(String::as_str));
    let output = tavli(&args, "");
    let report: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_valid("validate", std::slice::from_ref(&report));
    let verdicts: BTreeSet<&str> = report["files"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|file| file["verdict"].as_str())
        .collect();
    assert!(
        verdicts.contains("valid") && verdicts.contains("invalid"),
        "{verdicts:?}"
    );
}

#[test]
fn rollout_json_matches_the_rollout_schema() {
    let args = [
        "rollout",
        "start",
        "--truncate",
        "2",
        "--seed",
        "3",
        "--trials",
        "36",
        "--json",
    ];
    let whole = document(&args);
    let cubeless = document(&[&args[..], &["--cubeless"]].concat());
    assert_valid("rollout", &[whole.clone(), cubeless]);
    // The old name of the GNUbg ID (`position`, before the shared vocabulary) is refused.
    let mut old = whole;
    for pointer in ["/part", ""] {
        let object = old
            .pointer_mut(pointer)
            .and_then(Value::as_object_mut)
            .expect("an object");
        let id = object.remove("gnubg_id").expect("gnubg_id");
        object.insert("position".to_string(), id);
    }
    assert!(!validator("rollout").is_valid(&old), "{old}");
}

#[test]
fn analyse_json_matches_the_analyse_schema() {
    let lines = ndjson(
        &[
            "analyse",
            "--json",
            "--decisions",
            "--worst",
            "3",
            &fixture_text("mat/seed07-1pt.mat"),
        ],
        "",
    );
    assert_eq!(lines.len(), 1);
    assert!(lines[0]["decisions"]
        .as_array()
        .is_some_and(|decisions| !decisions.is_empty()));
    assert_valid("analyse", &lines);
}

/// A file with warnings is analysed, its line carrying them as `validate --json` does.
#[test]
fn analyse_json_with_warnings_matches_the_analyse_schema() {
    let lines = ndjson(
        &[
            "analyse",
            "--json",
            "--luck",
            "position",
            &fixture_text("mat/corrupt/short-match.mat"),
        ],
        "",
    );
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["warnings"][0]["kind"], "match_length");
    assert_valid("analyse", &lines);
}

/// `--summary --json` and `--merge --json` (over the NDJSON `--json` wrote): one line per
/// player, both of the summary's shape.
#[test]
fn analyse_summary_and_merge_json_match_the_summary_schema() {
    let files = [
        fixture_text("mat/seed07-1pt.mat"),
        fixture_text("mat/seed08-1pt.mat"),
    ];
    let mut summary_args = vec!["analyse", "--summary", "--json", "--jobs", "1"];
    summary_args.extend(files.iter().map(String::as_str));
    let summary = ndjson(&summary_args, "");
    assert_eq!(summary.len(), 2, "{summary:?}");
    assert_valid("analyse-summary", &summary);
    let written = std::env::temp_dir().join(format!(
        "tavli-json-schema-merge-{}.ndjson",
        std::process::id()
    ));
    let written_text = written.to_string_lossy().into_owned();
    let mut analyse_args = vec!["analyse", "--json", "--jobs", "1", "-o", &written_text];
    analyse_args.extend(files.iter().map(String::as_str));
    let output = tavli(&analyse_args, "");
    assert!(output.status.success(), "{output:?}");
    let merged = ndjson(&["analyse", "--merge", "--json", &written_text], "");
    std::fs::remove_file(&written).ok();
    assert_eq!(merged, summary);
    assert_valid("analyse-summary", &merged);
}

#[test]
fn bench_strength_json_matches_its_schema() {
    let result = document(&[
        "bench",
        "strength",
        "--a",
        "pubeval",
        "--b",
        "pubeval",
        "--games",
        "2",
        "--seed",
        "1",
        "--threads",
        "1",
        "--json",
    ]);
    assert_valid("bench-strength", std::slice::from_ref(&result));
}

#[test]
fn hint_and_eval_json_match_their_schemas() {
    let mut hints = Vec::new();
    let mut evaluations = Vec::new();
    for position in [
        "start",
        "4HPwATDgc/ABMA:cAkAAAAAAAAA",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
    ] {
        hints.push(document(&[
            "hint", position, "31", "--plies", "0", "--json",
        ]));
        evaluations.push(document(&["eval", position, "--plies", "0", "--json"]));
    }
    // A resignation offered to X (O resigns a gammon, X rolled 53): the offer weighed.
    hints.push(document(&[
        "hint",
        "4HPwATDgc/ABMA:cMkOAAAAAAAA",
        "--plies",
        "0",
        "--json",
    ]));
    assert_valid("hint", &hints);
    assert_valid("eval", &evaluations);
}
