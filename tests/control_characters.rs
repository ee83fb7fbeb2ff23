//! A match file's control characters (an ESC starting a colour, a bell, a carriage return) in
//! a move line, an SGF node or a player's name: `tavli validate` (text and JSON) and `tavli
//! analyse` show each as its Unicode control picture (`␛`), never the raw byte, which would
//! act on the terminal, nor a program's escape (`\u{1b}`).

use crate::support::tavli;
use std::path::PathBuf;

/// `fixture` with `from` replaced by `to` once, written under the test's temporary directory.
fn damaged(fixture: &str, from: &[u8], to: &[u8], name: &str) -> String {
    let original = std::fs::read(format!("{}/fixtures/{fixture}", env!("CARGO_MANIFEST_DIR")))
        .expect("the fixture");
    let at = original
        .windows(from.len())
        .position(|window| window == from)
        .expect("the text to replace");
    let mut bytes = original[..at].to_vec();
    bytes.extend_from_slice(to);
    bytes.extend_from_slice(&original[at + from.len()..]);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("control-characters");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_string_lossy().into_owned()
}

/// What `args` prints (standard output and error), checked free of raw control characters
/// but the line ends and of Rust escapes.
fn shown(args: &[&str]) -> String {
    let output = tavli(args, "");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{args:?}: {text:?}"
    );
    assert!(!text.contains("\\u{"), "{args:?}: {text}");
    text
}

#[test]
fn control_characters_in_a_mat_move_line_are_shown_as_pictures() {
    let path = damaged(
        "mat/seed07-3pt.mat",
        b"53: 8/3 6/3",
        b"53: 8/3\x1b[31m 6/3\x07\r",
        "move-line.mat",
    );
    let text = shown(&["validate", "--color", "never", &path]);
    assert!(
        text.contains("unrecognised text `8/3\u{241b}[31m 6/3\u{2407}\u{240d}`"),
        "{text}"
    );
    assert!(
        text.contains("\n      3) 53: 8/3\u{241b}[31m 6/3\u{2407}\u{240d}"),
        "{text}"
    );
    // JSON says the same (its own escapes would hand a reader the raw bytes back).
    let json = shown(&["validate", "--json", &path]);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let diagnostics = report["files"][0]["diagnostics"].as_array().unwrap();
    assert!(
        diagnostics.iter().any(|diagnostic| diagnostic["message"]
            == "unrecognised text `8/3\u{241b}[31m 6/3\u{2407}\u{240d}`"),
        "{json}"
    );
    let analysed = shown(&["analyse", "--plies", "0", "--color", "never", &path]);
    assert!(analysed.contains("\u{241b}[31m"), "{analysed}");
}

#[test]
fn control_characters_in_an_sgf_are_shown_as_pictures() {
    let path = damaged("sgf/seed07-1pt.sgf", b"\n;B[21", b"\n\x1b;B[21", "node.sgf");
    let text = shown(&["validate", "--color", "never", &path]);
    assert!(text.contains("found `\u{241b}`"), "{text}");
    assert!(text.contains("\n    \u{241b};B[21"), "{text}");
}

#[test]
fn a_players_name_with_control_characters_is_shown_as_pictures() {
    let path = damaged(
        "mat/seed07-3pt.mat",
        b" gnubg : 0 ",
        b" gn\x1b[31mubg : 0 ",
        "name.mat",
    );
    let text = shown(&["validate", "--color", "never", &path]);
    assert!(text.contains("gn\u{241b}[31mubg"), "{text}");
    let analysed = shown(&["analyse", "--plies", "0", "--color", "never", &path]);
    assert!(analysed.contains("gn\u{241b}[31mubg"), "{analysed}");
}
