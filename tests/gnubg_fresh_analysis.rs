//! `tavli analyse` of fresh match files from gnubg (needs gnubg; about 30 seconds): gnubg
//! plays itself at 0 ply on a seed chosen at random (`TAVLI_FRESH_SEED` replays one), as in
//! `gnubg_fresh_matches.rs`. tavli must count, per player, the decisions gnubg's own `analyse
//! match` counts (moves, unforced moves, cube decisions, doubles, takes, passes: none depends
//! on the evaluator), and its text, JSON and HTML outputs must show the same figures.

use crate::gnubg_fresh_matches::{matches, play, seed, Random};
use crate::support::{gnubg_available, run_gnubg, tavli};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The per-player counts of gnubg's `show statistics match` after `analyse match` at 0 ply.
const GNUBG_COUNTS: [&str; 6] = [
    "Total moves",
    "Unforced moves",
    "Total cube decisions",
    "Doubles",
    "Takes",
    "Passes",
];

/// The same counts in tavli's JSON: (object, field).
const TAVLI_COUNTS: [(&str, &str); 6] = [
    ("chequer", "moves"),
    ("chequer", "unforced"),
    ("cube", "total_decisions"),
    ("cube", "doubles"),
    ("cube", "takes"),
    ("cube", "passes"),
];

/// gnubg's counts of `path`, per label of [`GNUBG_COUNTS`]: [player 0, player 1].
fn gnubg_counts(path: &Path) -> HashMap<&'static str, [u64; 2]> {
    let output = run_gnubg(&format!(
        "set threads 1\nset analysis chequerplay evaluation plies 0\n\
         set analysis cubedecision evaluation plies 0\nimport mat {}\nanalyse match\n\
         show statistics match\n",
        path.display()
    ));
    let mut counts = HashMap::new();
    for label in GNUBG_COUNTS {
        let line = output
            .lines()
            .find(|line| {
                line.strip_prefix(label)
                    .is_some_and(|rest| rest.starts_with("  "))
            })
            .unwrap_or_else(|| panic!("gnubg shows no `{label}`:\n{output}"));
        let values: Vec<u64> = line[label.len()..]
            .split_whitespace()
            .map(|word| word.parse().expect("a count"))
            .collect();
        counts.insert(label, [values[0], values[1]]);
    }
    counts
}

/// The text report's figure rows: label → [player 0, player 1] (columns are separated by at
/// least two spaces).
fn text_rows(text: &str) -> HashMap<String, [String; 2]> {
    text.lines()
        .skip(2)
        .filter_map(|line| {
            let cells: Vec<&str> = line
                .split("  ")
                .map(str::trim)
                .filter(|cell| !cell.is_empty())
                .collect();
            (cells.len() == 3).then(|| (cells[0].to_string(), [cells[1].into(), cells[2].into()]))
        })
        .collect()
}

/// The HTML statistics table: "group/label" → [player 0, player 1].
fn html_rows(page: &str) -> HashMap<String, [String; 2]> {
    let table = page
        .split("<table class=\"statistics\">")
        .nth(1)
        .and_then(|rest| rest.split("</table>").next())
        .expect("a statistics table");
    let unescape = |text: &str| text.replace("&apos;", "'").replace("&amp;", "&");
    let mut group = String::new();
    let mut rows = HashMap::new();
    for row in table.split("<tr").skip(1) {
        if let Some(rest) = row.split("colspan=\"3\">").nth(1) {
            group = unescape(rest.split('<').next().unwrap_or(""));
            continue;
        }
        let Some(rest) = row.split("<th scope=\"row\">").nth(1) else {
            continue;
        };
        let label = unescape(rest.split('<').next().unwrap_or(""));
        let cells: Vec<String> = rest
            .split("<td>")
            .skip(1)
            .map(|cell| unescape(cell.split("</td>").next().unwrap_or("")))
            .collect();
        assert_eq!(cells.len(), 2, "{label}: {row}");
        rows.insert(
            format!("{group}/{label}"),
            [cells[0].clone(), cells[1].clone()],
        );
    }
    rows
}

/// The EMG total of an HTML cell `0.607 (1.141 points)` and what is in parentheses.
fn total_and_aside(cell: &str) -> (&str, &str) {
    let (total, aside) = cell.split_once(" (").unwrap_or((cell, ""));
    (total, aside.trim_end_matches(')'))
}

/// Text, JSON and HTML of one analysis show the same figures for `player`.
fn outputs_agree(
    text: &HashMap<String, [String; 2]>,
    json: &Value,
    html: &HashMap<String, [String; 2]>,
    player: usize,
    money: bool,
    context: &str,
) {
    let cell = |label: &str| -> &str {
        &html
            .get(label)
            .unwrap_or_else(|| panic!("{context}: no HTML row {label}: {html:?}"))[player]
    };
    let said = |label: &str| -> &str {
        &text
            .get(label)
            .unwrap_or_else(|| panic!("{context}: no text row {label}: {text:?}"))[player]
    };
    let figure = |object: &str, field: &str| -> f64 {
        json[object][field]
            .as_f64()
            .unwrap_or_else(|| panic!("{context}: no JSON {object}.{field}"))
    };
    let count = |object: &str, field: &str| figure(object, field).to_string();
    let context = format!("{context}, player {player}");
    // Chequer play.
    let moves = (
        cell("Chequer play/Total moves"),
        cell("Chequer play/Unforced moves"),
    );
    assert_eq!(
        said("Moves (unforced)"),
        format!("{} ({})", moves.0, moves.1),
        "{context}"
    );
    assert_eq!(
        (moves.0.to_string(), moves.1.to_string()),
        (count("chequer", "moves"), count("chequer", "unforced")),
        "{context}"
    );
    let marks = ["doubtful", "bad", "very bad"].map(|mark| {
        let shown = cell(&format!("Chequer play/Moves marked {mark}"));
        assert_eq!(
            shown,
            count("chequer", &mark.replace(' ', "_")),
            "{context}: {mark}"
        );
        shown
    });
    assert_eq!(
        said("Doubtful / bad / very bad"),
        marks.join(" / "),
        "{context}"
    );
    let chequer_rate = format!("{:.1}", figure("chequer", "error_rate"));
    assert_eq!(
        cell("Chequer play/Error rate (mEMG per unforced move)"),
        chequer_rate,
        "{context}"
    );
    assert_eq!(
        said("Chequer error rate (mEMG)"),
        format!(
            "{chequer_rate} {}",
            cell("Chequer play/Chequer play rating")
        ),
        "{context}"
    );
    assert_eq!(
        json["chequer"]["rating"].as_str(),
        Some(cell("Chequer play/Chequer play rating")),
        "{context}"
    );
    // Luck.
    let luck_rate = format!("{:+.1}", figure("luck", "rate"));
    assert_eq!(
        cell("Luck/Luck rate (mEMG per roll)"),
        luck_rate,
        "{context}"
    );
    assert_eq!(said("Luck rate (mEMG per roll)"), luck_rate, "{context}");
    let (luck_total, _) = total_and_aside(cell("Luck/Luck total (EMG)"));
    assert_eq!(
        luck_total,
        format!("{:.3}", figure("luck", "total")),
        "{context}"
    );
    for (label, field) in [
        ("very lucky", "very_lucky"),
        ("lucky", "lucky"),
        ("unlucky", "unlucky"),
        ("very unlucky", "very_unlucky"),
    ] {
        assert_eq!(
            cell(&format!("Luck/Rolls marked {label}")),
            count("luck", field),
            "{context}: {label}"
        );
    }
    // Cube.
    let decisions = (
        cell("Cube decisions/Total cube decisions"),
        cell("Cube decisions/Close or actual cube decisions"),
    );
    assert_eq!(
        said("Cube decisions (close or actual)"),
        format!("{} ({})", decisions.0, decisions.1),
        "{context}"
    );
    assert_eq!(
        (decisions.0.to_string(), decisions.1.to_string()),
        (count("cube", "total_decisions"), count("cube", "decisions")),
        "{context}"
    );
    let kinds = [
        (
            "Missed doubles below cash point",
            "missed_doubles_below_cash_point",
        ),
        (
            "Missed doubles above cash point",
            "missed_doubles_above_cash_point",
        ),
        (
            "Wrong doubles below double point",
            "wrong_doubles_below_double_point",
        ),
        (
            "Wrong doubles above too-good point",
            "wrong_doubles_above_too_good",
        ),
        ("Wrong takes", "wrong_takes"),
        ("Wrong passes", "wrong_passes"),
    ];
    let mut errors = 0;
    for (label, field) in kinds {
        let shown = cell(&format!("Cube decisions/{label}"));
        assert_eq!(shown, count("cube", field), "{context}: {label}");
        errors += shown.parse::<u64>().expect("a count");
    }
    assert_eq!(errors.to_string(), count("cube", "errors"), "{context}");
    for (label, field) in [
        ("Doubles", "doubles"),
        ("Takes", "takes"),
        ("Passes", "passes"),
    ] {
        assert_eq!(
            cell(&format!("Cube decisions/{label}")),
            count("cube", field),
            "{context}: {label}"
        );
    }
    let cube_rate = format!("{:.1}", figure("cube", "error_rate"));
    assert_eq!(
        cell("Cube decisions/Error rate (mEMG per cube decision)"),
        cube_rate,
        "{context}"
    );
    assert_eq!(
        said("Cube errors (error rate mEMG)"),
        format!("{errors} ({cube_rate})"),
        "{context}"
    );
    // Overall.
    let overall_rate = format!("{:.1}", figure("overall", "error_rate"));
    assert_eq!(
        cell("Overall/Error rate (mEMG per decision)"),
        overall_rate,
        "{context}"
    );
    assert_eq!(
        said("Overall error rate (mEMG)"),
        format!("{overall_rate} {}", cell("Overall/Overall rating")),
        "{context}"
    );
    assert_eq!(
        json["overall"]["rating"].as_str(),
        Some(cell("Overall/Overall rating")),
        "{context}"
    );
    let pr = format!("{:.1}", figure("overall", "pr"));
    assert_eq!(
        cell("Overall/PR (XG's performance rating)"),
        pr,
        "{context}"
    );
    assert_eq!(said("PR"), pr, "{context}");
    assert_eq!(
        cell("Overall/Error total (EMG)"),
        format!("{:.3}", figure("overall", "error_total")),
        "{context}"
    );
    let (actual, adjusted) = (
        figure("overall", "actual_result"),
        figure("overall", "luck_adjusted_result"),
    );
    if money {
        let result = (format!("{actual:+.3}"), format!("{adjusted:+.3}"));
        assert_eq!(
            (
                cell("Overall/Actual result (points per game)"),
                cell("Overall/Luck adjusted result (points per game)")
            ),
            (result.0.as_str(), result.1.as_str()),
            "{context}"
        );
        assert_eq!(
            said("Result / luck adjusted (ppg)"),
            format!("{} / {}", result.0, result.1),
            "{context}"
        );
        let points = |label: &str| {
            total_and_aside(cell(label))
                .1
                .trim_end_matches(" points")
                .to_string()
        };
        let lost = (
            points("Chequer play/Error total (EMG)"),
            points("Cube decisions/Error total (EMG)"),
        );
        assert_eq!(
            (lost.0.clone(), lost.1.clone()),
            (
                format!("{:.3}", figure("chequer", "error_total_points")),
                format!("{:.3}", figure("cube", "error_total_points"))
            ),
            "{context}"
        );
        assert_eq!(
            said("Points lost (chequer / cube)"),
            format!("{} / {}", lost.0, lost.1),
            "{context}"
        );
    } else {
        let result = (
            format!("{:+.1}%", 100.0 * actual),
            format!("{:+.1}%", 100.0 * adjusted),
        );
        assert_eq!(
            (
                cell("Overall/Actual result (MWC over 50%)"),
                cell("Overall/Luck adjusted result (MWC)")
            ),
            (result.0.as_str(), result.1.as_str()),
            "{context}"
        );
        assert_eq!(
            said("Result / luck adjusted (MWC)"),
            format!("{} / {}", result.0, result.1),
            "{context}"
        );
    }
}

#[test]
fn fresh_gnubg_matches_are_analysed_with_gnubgs_decisions_and_one_set_of_figures() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: skipped");
        return;
    }
    let seed = seed();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fresh-analysis-{seed}"));
    std::fs::create_dir_all(&dir).unwrap();
    // Other matches than gnubg_fresh_matches.rs plays on the same seed.
    let mut random = Random(seed ^ 0x5EED_A11A_1A5E);
    let played = matches(&mut random, &dir);
    play(seed.wrapping_add(1), &played);
    for one in &played {
        let context = format!("seed {seed} (TAVLI_FRESH_SEED={seed}), {}", one.name);
        let mat = dir.join(format!("{}.mat", one.name));
        let path = mat.to_string_lossy().into_owned();
        let page_path = dir.join(format!("{}.html", one.name));
        let page_arg = page_path.to_string_lossy().into_owned();
        let run = |args: &[&str]| {
            let output = tavli(args, "");
            assert_eq!(
                output.status.code(),
                Some(0),
                "{context}: tavli {args:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            String::from_utf8_lossy(&output.stdout).into_owned()
        };
        let text = run(&["analyse", "--plies", "0", &path]);
        let json: Value = serde_json::from_str(
            run(&["analyse", "--plies", "0", "--json", &path])
                .lines()
                .next()
                .expect("a line"),
        )
        .expect("JSON");
        run(&["analyse", "--plies", "0", "--html", &page_arg, &path]);
        let page = std::fs::read_to_string(&page_path).expect("the page");
        let money = json["match_length"] == 0;
        let (text, html) = (text_rows(&text), html_rows(&page));
        let gnubg = gnubg_counts(&mat);
        for player in 0..2 {
            let figures = &json["players"][player];
            outputs_agree(&text, figures, &html, player, money, &context);
            for (label, (object, field)) in GNUBG_COUNTS.iter().zip(TAVLI_COUNTS) {
                assert_eq!(
                    figures[object][field].as_u64(),
                    Some(gnubg[label][player]),
                    "{context}: player {player}'s {label} (gnubg {:?})",
                    gnubg[label]
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
