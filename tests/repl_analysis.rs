//! The REPL's match analysis: `analyse game|match|session`, `show statistics game|match|
//! session`, `set analysis ...` and `show analysis`. Compared with live gnubg on scripted
//! sessions with the numbers masked (tavli's evaluator is not gnubg's, so the figures differ;
//! the lines, labels and layout must not), a snapshot of tavli's own figures, and the bad input
//! that must leave the session unchanged.

use crate::support::{gnubg_available, run_gnubg_transcript, run_tavli_transcript};
use tavli::protocol::{run_line, Session};

pub(crate) const PRELUDE: &str = "set player 0 human\nset player 1 human\n\
set analysis chequerplay evaluation plies 0\nset analysis cubedecision evaluation plies 0\n";

pub(crate) fn fixture(path: &str) -> String {
    format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// Real matches gnubg imports without a message, of several lengths and game counts.
pub(crate) const MATCHES: &[&str] = &[
    "mat/real/backgammon-galaxy/gnubg-scripts_match1486073.txt",
    "mat/real/backgammon-galaxy/match1709865.txt",
    "mat/real/backgammon-galaxy/match11274186.txt",
];

/// `text` with every number (and a count's equity beside it) as `#`, every rating word as
/// `<rating>`, the marks of `list game` dropped and runs of blanks as one: what stays is
/// gnubg's lines and labels.
pub(crate) fn masked(text: &str) -> String {
    let ratings = [
        "Chequerplay rating",
        "Luck rating",
        "Cube decision rating",
        "Overall rating",
    ];
    text.lines()
        .map(|line| {
            if let Some(label) = ratings.iter().find(|label| line.starts_with(*label)) {
                return format!("{label} <rating>");
            }
            let mut out = String::new();
            let mut chars = line.chars().peekable();
            while let Some(c) = chars.next() {
                let signed = (c == '+' || c == '-')
                    && chars.peek().is_some_and(|next| next.is_ascii_digit());
                if c.is_ascii_digit() || signed {
                    while chars
                        .peek()
                        .is_some_and(|next| next.is_ascii_digit() || *next == '.')
                    {
                        chars.next();
                    }
                    out.push('#');
                } else {
                    out.push(c);
                }
            }
            // The marks gnubg writes in `list game` after an analysis: `?!`, `?` and `??` after
            // a play, `+`, `++`, `-` and `--` after the dice (the numbers are `#` by now).
            let words: Vec<String> = out
                .split_whitespace()
                .map(|word| {
                    let word = word.replace(['?', '!'], "");
                    match word.strip_prefix('#') {
                        Some(rest)
                            if !rest.is_empty() && rest.chars().all(|c| c == '-' || c == '+') =>
                        {
                            "#".to_string()
                        }
                        _ => word,
                    }
                })
                .filter(|word| !word.is_empty())
                .collect();
            words
                .join(" ")
                .replace("( ", "(")
                .replace("[ ", "[")
                .replace(", ", ",")
                .replace("# (# (#%))", "#")
                .replace("# (# (#))", "#")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn compare_with_gnubg(script: &str) {
    let script = format!("{PRELUDE}{script}");
    let (gnubg_out, gnubg_err) = run_gnubg_transcript(&script);
    let (tavli_out, tavli_err, _) = run_tavli_transcript(&script);
    let (tavli_lines, gnubg_lines) = (masked(&tavli_out), masked(&gnubg_out));
    let first_difference = tavli_lines
        .lines()
        .zip(gnubg_lines.lines())
        .position(|(tavli, gnubg)| tavli != gnubg);
    if let Some(index) = first_difference {
        panic!(
            "line {} of\n{script}\ntavli: {:?}\ngnubg: {:?}",
            index + 1,
            tavli_lines.lines().nth(index),
            gnubg_lines.lines().nth(index)
        );
    }
    assert_eq!(tavli_lines, gnubg_lines, "stdout of\n{script}");
    assert_eq!(tavli_err, gnubg_err, "stderr of\n{script}");
}

#[test]
fn statistics_have_gnubgs_lines_and_labels() {
    if !gnubg_available() {
        eprintln!("gnubg is not installed: differential analysis test skipped");
        return;
    }
    compare_with_gnubg("show statistics match\nshow statistics game\nshow statistics session\n");
    for name in MATCHES {
        compare_with_gnubg(&format!(
            "import mat {}\nshow statistics game\nanalyse match\nshow statistics match\n\
             show statistics game\nshow statistics session\nlist game\nshow board\n",
            fixture(name)
        ));
    }
    // One game analysed, the luck left out, money play.
    compare_with_gnubg(&format!(
        "import mat {}\nset analysis luck off\nanalyse game\nshow statistics match\n\
         set analysis luck on\nanalyse session\nshow statistics game\n",
        fixture(MATCHES[2])
    ));
    compare_with_gnubg(&format!(
        "import mat {}\nanalyse session\nshow statistics session\nshow statistics game\n",
        fixture("mat/seed21-money.mat")
    ));
}

#[test]
fn settings_and_bad_input_answer_as_gnubg() {
    if !gnubg_available() {
        eprintln!("gnubg is not installed: differential analysis test skipped");
        return;
    }
    let script = "analyse match\nanalyse game\nanalyse session\nanalyse\nanalyse foo\n\
        show statistics\nshow statistics foo\n\
        set analysis threshold\nset analysis threshold foo 1\nset analysis threshold bad\n\
        set analysis threshold bad -1\nset analysis threshold doubtful x\n\
        set analysis threshold lucky\nset analysis threshold veryunlucky abc\n\
        set analysis threshold bad 0.07\nset analysis threshold doubtful 0.02\n\
        set analysis threshold verybad 0.15\nset analysis threshold lucky 0.5\n\
        set analysis threshold unlucky 0.5\nset analysis threshold verylucky 0.7\n\
        set analysis threshold veryunlucky 0.7\n\
        set analysis luck\nset analysis luck maybe\nset analysis luck off\nset analysis luck on\n\
        set analysis chequerplay evaluation plies 1\nset analysis cubedecision evaluation plies 0\n\
        set analysis chequerplay evaluation plies 9\nset analysis cubedecision evaluation plies x\n";
    let script = format!("{PRELUDE}{script}");
    let (gnubg_out, gnubg_err) = run_gnubg_transcript(&script);
    let (tavli_out, tavli_err, _) = run_tavli_transcript(&script);
    // gnubg searches up to 7 plies, tavli up to 3.
    let gnubg_out = gnubg_out.replace("are 0 to 7.", "are 0 to 3.");
    assert_eq!(tavli_out, gnubg_out);
    assert_eq!(tavli_err, gnubg_err);
}

#[test]
fn show_analysis_has_gnubgs_settings_lines() {
    let (out, _, _) = run_tavli_transcript(
        "set analysis threshold bad 0.07\nset analysis luck off\nshow analysis\n",
    );
    let expected = "Cube action will be analysed.\nDice rolls will not be analysed.\n\
        Chequer play will be analysed.\n\nAnalyse gnubg's chequerplay and cube decisions: yes\n\
        Analyse root's chequerplay and cube decisions: yes\n\nAnalysis thresholds:\n  \
        -0.030 doubtful\n  -0.070 bad\n  -0.120 very bad\n\n  +0.600 very lucky\n  \
        +0.300 lucky\n  -0.300 unlucky\n  -0.600 very unlucky\n";
    assert!(out.contains(expected), "{out}");
}

#[test]
fn statistics_of_an_analysed_real_match() {
    let (out, err, _) = run_tavli_transcript(&format!(
        "{PRELUDE}import mat {}\nanalyse match\nshow statistics match\n",
        fixture(MATCHES[0])
    ));
    assert_eq!(err, "");
    let statistics = &out[out.find("Player ").unwrap_or(0)..];
    insta::assert_snapshot!(statistics);
}

#[test]
fn rejected_analysis_commands_leave_the_session_unchanged() {
    let mut session = Session::new("root");
    for line in [
        "analyse match",
        "analyse game",
        "set analysis threshold bad -1",
        "set analysis threshold foo 1",
        "set analysis luck",
        "set analysis chequerplay evaluation plies 9",
        "show statistics move",
    ] {
        let before = session.clone();
        assert!(run_line(&mut session, line).is_err(), "{line}");
        assert!(session == before, "{line}");
    }
    // A match analysed, then played on: the game played on counts as not analysed.
    let (out, _, _) = run_tavli_transcript(&format!(
        "{PRELUDE}import mat {}\nanalyse game\nnew match 3\nshow statistics match\n",
        fixture(MATCHES[0])
    ));
    let statistics = &out[out.rfind("Player ").unwrap_or(0)..];
    assert!(
        statistics.contains("Chequerplay rating                       n/a"),
        "{statistics}"
    );
}

#[test]
fn statistics_json_follows_the_shared_vocabulary() {
    let mut session = Session::new("root");
    for line in PRELUDE.lines() {
        assert!(run_line(&mut session, line).is_ok(), "{line}");
    }
    let import = format!("import mat {}", fixture(MATCHES[0]));
    assert!(run_line(&mut session, &import).is_ok());
    assert!(run_line(&mut session, "analyse match").is_ok());
    let result = run_line(&mut session, "show statistics match");
    let json = tavli::protocol::json::render_result("show statistics match", &result);
    let value: serde_json::Value = serde_json::from_str(&json).expect("one JSON object");
    let statistics = &value["outputs"][0];
    assert_eq!(statistics["type"], "statistics");
    let player = &statistics["players"][0];
    for key in [
        "moves",
        "unforced",
        "doubtful",
        "bad",
        "very_bad",
        "error_total",
        "error_rate",
    ] {
        assert!(
            player["chequer"][key].is_number(),
            "chequer {key}: {player}"
        );
    }
    assert!(player["luck"]["rate"].is_number());
    assert!(player["cube"]["errors"].is_number());
    assert!(player["overall"]["pr"].is_number());
}
