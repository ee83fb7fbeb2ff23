//! A path that gives no file is worded the same by `validate`, `analyse` and `convert`: the
//! command, the path and the reason in lower case, without the operating system's error number.

use crate::support::tavli;

fn stderr(args: &[&str]) -> (Option<i32>, String) {
    let output = tavli(args, "");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_missing_file_is_worded_alike_by_every_command() {
    let missing = "/nonexistent/tavli-unreadable-paths.mat";
    let scratch = concat!(env!("CARGO_TARGET_TMPDIR"), "/unreadable-paths-out.sgf");
    for (command, args) in [
        ("validate", vec!["validate", missing]),
        ("analyse", vec!["analyse", missing]),
        ("convert", vec!["convert", missing, scratch]),
    ] {
        let (code, shown) = stderr(&args);
        assert_eq!(code, Some(2), "{command}: {shown}");
        assert_eq!(
            shown,
            format!("tavli {command}: {missing}: no such file or directory\n"),
            "{command}"
        );
    }
}

#[test]
fn convert_words_a_directory_and_an_unwritable_output_the_same_way() {
    let good = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/mat/seed08-1pt.mat");
    let (code, shown) = stderr(&["convert", "/", "/nonexistent/out.sgf"]);
    assert_eq!(code, Some(2), "{shown}");
    assert_eq!(shown, "tavli convert: /: is a directory\n");
    let (code, shown) = stderr(&["convert", good, "/nonexistent/out.sgf"]);
    assert_eq!(code, Some(2), "{shown}");
    assert_eq!(
        shown,
        "tavli convert: /nonexistent/out.sgf: no such file or directory\n"
    );
    assert!(!std::path::Path::new("/nonexistent/out.sgf").exists());
}
