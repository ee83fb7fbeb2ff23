//! `tavli analyse` says a file's warnings as `tavli validate` gives them: on standard error
//! beside the report of a file it analyses (a file with warnings is analysed), in its NDJSON
//! line, and with the errors of a file it does not analyse.

use crate::support::tavli;
use std::path::{Path, PathBuf};

fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(path)
        .to_string_lossy()
        .into_owned()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The warning of the short match as `tavli validate` writes it.
fn validate_warning(file: &str) -> String {
    let output = tavli(&["validate", "--color", "never", file], "");
    assert_eq!(output.status.code(), Some(0));
    let said = text(&output.stdout);
    let warning: Vec<&str> = said.lines().take(3).collect();
    assert!(warning[0].contains(": match-length: warning: "), "{said}");
    warning.join("\n")
}

#[test]
fn a_file_with_warnings_is_analysed_and_its_warnings_are_said_on_standard_error() {
    let file = fixture("mat/corrupt/short-match.mat");
    let warning = validate_warning(&file);
    let output = tavli(&["analyse", "--luck", "position", &file], "");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(text(&output.stderr).contains(&warning), "{output:?}");
    let report = text(&output.stdout);
    assert!(
        report.contains("9-point match, 2 game(s), analysed at 0 ply"),
        "{report}"
    );
    assert!(
        !report.contains("warning"),
        "data only on standard output: {report}"
    );
    // --summary analyses it too, and says the warning.
    let output = tavli(&["analyse", "--summary", "--luck", "position", &file], "");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(text(&output.stderr).contains(&warning), "{output:?}");
    assert!(text(&output.stdout).contains("gnubg"), "{output:?}");
}

#[test]
fn the_ndjson_line_carries_the_warnings_and_merge_reads_it() {
    let file = fixture("mat/corrupt/short-match.mat");
    let clean = fixture("mat/seed08-1pt.mat");
    let written: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("warnings.ndjson");
    let written_text = written.to_string_lossy().into_owned();
    let output = tavli(
        &[
            "analyse",
            "--json",
            "--luck",
            "position",
            "--jobs",
            "1",
            "-o",
            &written_text,
            &file,
            &clean,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&written)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let warnings = lines[0]["warnings"].as_array().expect("warnings");
    assert_eq!(warnings.len(), 1);
    let warning = &warnings[0];
    assert_eq!(
        (
            &warning["file"],
            &warning["line"],
            &warning["column"],
            &warning["severity"],
            &warning["kind"]
        ),
        (
            &serde_json::json!(file),
            &serde_json::json!(3),
            &serde_json::json!(2),
            &serde_json::json!("warning"),
            &serde_json::json!("match_length")
        )
    );
    // The same object as in `tavli validate --json`.
    let validated = tavli(&["validate", "--json", &file], "");
    let validated: serde_json::Value = serde_json::from_slice(&validated.stdout).unwrap();
    assert_eq!(&validated["files"][0]["diagnostics"][0], warning);
    // A file without warnings has no such key.
    assert!(lines[1].get("warnings").is_none(), "{}", lines[1]);
    // --merge reads lines with warnings.
    let merged = tavli(&["analyse", "--merge", &written_text], "");
    assert_eq!(merged.status.code(), Some(0), "{merged:?}");
    assert!(text(&merged.stdout).contains("gnubg"), "{merged:?}");
}

#[test]
fn an_invalid_file_is_reported_with_its_warnings_as_validate_reports_it() {
    // A move without its `[`: an error, and a warning that the game is not checked after it.
    let whole = std::fs::read_to_string(fixture("sgf/seed08-1pt.sgf")).unwrap();
    let damaged = whole.replacen("\n;B[", "\n;B", 1);
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("unreadable-move.sgf");
    std::fs::write(&file, damaged).unwrap();
    let file = file.to_string_lossy();
    let validated = tavli(&["validate", "--color", "never", &file], "");
    let output = tavli(&["analyse", "--luck", "position", &file], "");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(output.stdout.is_empty(), "{output:?}");
    assert_eq!(text(&output.stderr), text(&validated.stdout));
    assert!(
        text(&output.stderr).contains("(1 error(s), 1 warning(s))"),
        "{output:?}"
    );
    assert!(
        text(&output.stderr).contains(": syntax: warning: "),
        "{output:?}"
    );
}
