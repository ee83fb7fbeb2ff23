//! A word the REPL does not know (a keyword, a player, an XGID or Match ID it cannot read) is
//! quoted back in its error: whole up to 64 characters, as gnubg quotes it (byte for byte),
//! cut to 64 characters and `...` beyond (gnubg prints any length back, a 300,000-byte word
//! included). The JSON form keeps the whole line in `command`.

use crate::support::{gnubg_available, run_gnubg_transcript, tavli};

/// The lines of the REPL's standard output and standard error (`tavli -t -q` on `script`)
/// that hold `needle`: gnubg writes some of these errors to one stream, some to the other.
fn tavli_lines(script: &str, needle: &str) -> (Vec<String>, Vec<String>) {
    let output = tavli(&["-t", "-q"], script);
    (
        holding(&String::from_utf8_lossy(&output.stdout), needle),
        holding(&String::from_utf8_lossy(&output.stderr), needle),
    )
}

fn holding(text: &str, needle: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.contains(needle))
        .map(str::to_string)
        .collect()
}

/// Every command here whose error quotes the word typed, with `WORD` in its place.
const QUOTING: &[&str] = &[
    "WORD",
    "show WORD",
    "set WORD",
    "set player WORD name someone",
    "set player 0 WORD",
    "set jacoby WORD",
    "set xgid WORD",
    "set matchid WORD",
];

#[test]
fn a_short_unknown_word_is_quoted_whole_as_gnubg_quotes_it() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: echo test skipped");
        return;
    }
    let word = "q".repeat(64);
    let script: String = QUOTING
        .iter()
        .map(|command| format!("{}\n", command.replace("WORD", &word)))
        .collect();
    let (out, err) = run_gnubg_transcript(&script);
    let gnubg = (holding(&out, &word), holding(&err, &word));
    let ours = tavli_lines(&script, &word);
    assert_eq!(ours, gnubg);
    assert_eq!(ours.0.len() + ours.1.len(), QUOTING.len(), "{ours:?}");
}

#[test]
fn a_long_unknown_word_is_cut_to_64_characters() {
    let word = "q".repeat(300);
    let cut = format!("{}...", "q".repeat(64));
    let script: String = QUOTING
        .iter()
        .map(|command| format!("{}\n", command.replace("WORD", &word)))
        .collect();
    let (out, err) = tavli_lines(&script, &cut);
    assert_eq!(
        err,
        [
            format!("Unknown keyword `{cut}'."),
            format!("Unknown keyword `{cut}'."),
            format!("Unknown keyword `{cut}'."),
            format!("Unknown keyword `{cut}'."),
            format!("Not a valid XGID '{cut}'"),
        ]
    );
    assert_eq!(
        out,
        [
            format!("Unknown player `{cut}' (see `help set player')."),
            format!("Illegal keyword `{cut}'."),
            format!("Illegal match ID '{cut}'"),
        ]
    );
    // Characters, not bytes: a word of two-byte letters is cut after 64 of them.
    let greek = "λ".repeat(100);
    let cut = format!("Unknown keyword `{}...'.", "λ".repeat(64));
    assert_eq!(
        tavli_lines(&format!("{greek}\n"), "Unknown"),
        (vec![], vec![cut])
    );
}

#[test]
fn the_json_form_keeps_the_whole_command_and_cuts_the_message() {
    let word = "q".repeat(300);
    let output = tavli(&["--json"], &format!("{word}\n"));
    let line = String::from_utf8_lossy(&output.stdout);
    let reply: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON line");
    assert_eq!(reply["command"], word.as_str());
    assert_eq!(
        reply["error"]["message"],
        format!("Unknown keyword `{}...'.", "q".repeat(64)).as_str()
    );
}
