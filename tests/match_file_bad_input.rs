//! `tavli validate` and `tavli analyse` on a terminal with bad input: a directory without
//! match files, a binary file, a file that cannot be read, a huge single line full of
//! errors. Each ends with a clear message and the documented exit status, within seconds.

use crate::terminal::on_terminal;
use std::path::PathBuf;
use std::time::Duration;

fn directory(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&path).unwrap();
    path
}

const LIMIT: Duration = Duration::from_secs(60);

#[test]
fn a_directory_without_match_files_is_an_error_with_status_2() {
    let empty = directory("bad-input-no-match-files");
    std::fs::write(empty.join("notes.md"), "not a match\n").unwrap();
    let empty = empty.to_string_lossy();
    for command in ["validate", "analyse"] {
        let (code, shown) = on_terminal(&[command, "--color", "never", &empty], LIMIT);
        assert_eq!(code, Some(2), "{command}: {shown}");
        assert!(
            shown.contains(&format!(
                "tavli {command}: {empty}: no match files (.mat, .txt, .sgf) in this directory"
            )),
            "{command}: {shown}"
        );
    }
    // Beside a good file, the good file is still checked; the status says a path gave none.
    let good = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/mat/seed08-1pt.mat");
    let (code, shown) = on_terminal(&["validate", "--color", "never", &empty, good], LIMIT);
    assert_eq!(code, Some(2), "{shown}");
    assert!(shown.contains("seed08-1pt.mat: 1-point match"), "{shown}");
}

#[test]
fn binary_and_unreadable_files_are_invalid_with_status_1() {
    let dir = directory("bad-input-files");
    let binary = dir.join("binary.mat");
    std::fs::write(&binary, b"\x7fELF\x02\x01\x01\x00\x00binary").unwrap();
    let binary = binary.to_string_lossy().into_owned();
    // Reading /proc/self/mem from its start fails (EIO) even for root.
    let unreadable = "/proc/self/mem";
    for command in ["validate", "analyse"] {
        for (file, said) in [
            (
                binary.as_str(),
                "unreadable: binary data (a NUL byte at offset 7)",
            ),
            (unreadable, "unreadable: cannot read the file"),
        ] {
            let (code, shown) = on_terminal(&[command, "--color", "never", file], LIMIT);
            assert_eq!(code, Some(1), "{command} {file}: {shown}");
            assert!(shown.contains(said), "{command} {file}: {shown}");
            assert!(!shown.contains("panicked"), "{shown}");
        }
    }
}

#[test]
fn a_huge_single_line_full_of_errors_is_reported_in_seconds() {
    let dir = directory("bad-input-huge-line");
    let file = dir.join("one-line.sgf");
    let head = "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]";
    let text = format!("{head}{})", "x;C[1]".repeat(600_000));
    std::fs::write(&file, text).unwrap();
    let file = file.to_string_lossy();
    let (code, shown) = on_terminal(&["validate", "--color", "never", &file], LIMIT);
    assert_eq!(
        code,
        Some(1),
        "{}",
        &shown[shown.len().saturating_sub(2000)..]
    );
    assert!(
        shown.contains("599900 more syntax errors after this one are not listed (600000 in all)")
    );
    assert!(shown.contains("invalid (101 error(s), 1 warning(s))"));
    // Each shown line is cut: the output stays small.
    assert!(shown.len() < 200_000, "{} bytes shown", shown.len());
}
