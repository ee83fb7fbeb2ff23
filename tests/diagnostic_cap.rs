//! A match file with hundreds of errors does not flood the terminal: `tavli validate` and
//! `tavli analyse` list the first diagnostics of a file (`--max-diagnostics`, 200 by default)
//! and say how many more there are, as a compiler does; the exit status is unchanged and
//! `--json` still lists every one.

use crate::support::tavli;

/// 600 lines that are not a match: 602 errors (each line, plus no match line, no game).
fn garbage() -> String {
    (0..600)
        .map(|index| format!("garbage line {index}\n"))
        .collect()
}

/// The diagnostics listed in a text report (`file:line:col: ...` lines).
fn listed(text: &str) -> usize {
    text.lines()
        .filter(|line| {
            line.starts_with("<stdin>:")
                && line
                    .split(':')
                    .nth(1)
                    .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .count()
}

#[test]
fn validate_lists_the_first_diagnostics_and_counts_the_rest() {
    let input = garbage();
    let run = |extra: &[&str]| {
        let mut args = vec!["validate", "--color", "never", "--format", "mat"];
        args.extend_from_slice(extra);
        args.push("-");
        let output = tavli(&args, &input);
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    let (code, capped) = run(&[]);
    assert_eq!(code, Some(1));
    assert_eq!(listed(&capped), 200);
    assert!(capped.contains(
        "<stdin>: ... and 402 more errors not listed (`tavli validate --max-diagnostics 0` lists them all)"
    ));
    assert!(capped.contains("invalid (602 error(s), 0 warning(s))"));
    let (code, every) = run(&["--max-diagnostics", "0"]);
    assert_eq!(code, Some(1));
    assert_eq!(listed(&every), 602);
    assert!(!every.contains("not listed"));
    let (code, json) = run(&["--json"]);
    assert_eq!(code, Some(1));
    assert_eq!(json.matches("\"severity\": \"error\"").count(), 602);
    let (code, few) = run(&["--max-diagnostics", "2"]);
    assert_eq!(code, Some(1));
    insta::assert_snapshot!("validate_max_diagnostics_2", few);
}

#[test]
fn analyse_says_an_invalid_files_first_diagnostics_only() {
    let output = tavli(
        &["analyse", "--color", "never", "--format", "mat", "-"],
        &garbage(),
    );
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8_lossy(&output.stderr);
    let shown = format!("{said}{}", String::from_utf8_lossy(&output.stdout));
    assert_eq!(listed(&shown), 200);
    assert!(shown.contains("<stdin>: ... and 402 more errors not listed"));
}
