//! The HTML report of a file with many bad lines stays the size of the text report's: a
//! note for each diagnostic the text lists (`--max-diagnostics`, 200 by default) and one
//! counting the rest in the text's words, and a long run of unreadable lines as one row.

use crate::support::tavli;
use std::path::{Path, PathBuf};

/// A valid 5-point match followed by `bad` lines of text that are no record.
fn match_with_bad_lines(bad: usize) -> (PathBuf, usize) {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mat/seed11-5pt.mat");
    let mut text = std::fs::read_to_string(fixture).expect("the fixture");
    let first_bad = text.lines().count() + 1;
    for line in 0..bad {
        text.push_str(&format!("garbage line {line} !!\n"));
    }
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("many-bad-lines-{bad}.mat"));
    std::fs::write(&path, text).expect("write");
    (path, first_bad)
}

/// `tavli validate` of `path` with `args`: (the text report, the page on standard output).
fn text_and_page(path: &Path, args: &[&str]) -> (String, String) {
    let name = path.to_string_lossy();
    let run = |extra: &[&str]| {
        let mut all = vec!["validate", "--color", "never"];
        all.extend_from_slice(args);
        all.extend_from_slice(extra);
        all.push(&name);
        let output = tavli(&all, "");
        assert_eq!(output.status.code(), Some(1), "{all:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    (run(&[]), run(&["--html", "-"]))
}

/// The count in `... and N more errors not listed` of `text`, if it says so.
fn not_listed(text: &str) -> Option<usize> {
    let at = text.find("... and ")? + "... and ".len();
    text[at..].split(' ').next()?.parse().ok()
}

#[test]
fn a_file_of_many_bad_lines_makes_a_page_bounded_as_the_text_report() {
    let bad = 2_000;
    let (path, first_bad) = match_with_bad_lines(bad);
    let (text, page) = text_and_page(&path, &[]);
    // Each bad line is two errors (unreadable, and after the game's end).
    let unlisted = not_listed(&text).expect("the text report counts what it does not list");
    assert_eq!(unlisted, 2 * bad - 200, "{text}");
    assert_eq!(
        not_listed(&page),
        Some(unlisted),
        "the page counts the same"
    );
    // Three rows of bad lines and one row for the rest of the run.
    let rows = page.matches("<li id=\"g3-t").count();
    let game_three = page.split("id=\"game-3\"").nth(1).expect("game 3");
    let grouped = format!(
        "{} more lines the reader could not read: lines {} to {}",
        bad - 3,
        first_bad + 3,
        first_bad + bad - 1
    );
    assert!(game_three.contains(&grouped), "no row `{grouped}`");
    for line in 0..3 {
        assert!(game_three.contains(&format!("data-written=\"garbage line {line} !!\"")));
    }
    assert!(!game_three.contains("data-written=\"garbage line 3 !!\""));
    let notes = page.matches("<article class=\"note").count();
    assert!(
        rows < 100 && notes <= 5 && page.len() < 150_000,
        "{rows} rows, {notes} notes, {} bytes",
        page.len()
    );
}

/// `--max-diagnostics` bounds the page as it bounds the text; 0 lists every diagnostic on
/// the page (each on its row's note, or said again under it), the rows still grouped.
#[test]
fn max_diagnostics_bounds_the_page_as_the_text() {
    let bad = 300;
    let (path, _) = match_with_bad_lines(bad);
    let (text, page) = text_and_page(&path, &["--max-diagnostics", "10"]);
    assert_eq!(not_listed(&text), Some(2 * bad - 10));
    assert_eq!(not_listed(&page), Some(2 * bad - 10));
    let (text, page) = text_and_page(&path, &["--max-diagnostics", "0"]);
    assert_eq!(not_listed(&text), None);
    assert_eq!(not_listed(&page), None);
    let headings = page.matches("<h3>Line ").count();
    let again = page.matches("<dt>Also (error)</dt>").count();
    assert_eq!(headings + again, 2 * bad, "every diagnostic on the page");
    assert!(page.matches("<li id=\"g3-t").count() < 100);
}
