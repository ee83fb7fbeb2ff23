//! `tavli analyse --summary` and `--merge`: one row per player name across files, rates
//! weighted by decisions, and the merge of a run's NDJSON split in parts equal to the summary
//! of the whole run, to the last digit.

use crate::analyse::{analyse, json_lines};
use std::path::{Path, PathBuf};

fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(path)
        .display()
        .to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tavli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Seven files, nine players: `gnubg` and `user` play two, `llabba` three, `lasse` two (two
/// matches resigned before a decision counted).
fn files() -> Vec<String> {
    [
        "mat/seed07-1pt.mat",
        "mat/seed08-1pt.mat",
        "mat/real/backgammon-galaxy/Llabba_match2906727.txt",
        "mat/real/backgammon-galaxy/Llabba_match1278964.txt",
        "mat/real/backgammon-galaxy/Llabba_match2906190.txt",
        "mat/real/backgammon-galaxy/match8600770.txt",
        "mat/real/backgammon-galaxy/match3831101.txt",
    ]
    .iter()
    .map(|f| fixture(f))
    .collect()
}

#[test]
fn merged_parts_equal_the_summary_of_the_whole_run() {
    let files = files();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let (code, whole_json, err) = analyse(&[&["--summary", "--json"], &names[..]].concat());
    assert_eq!(code, 0, "{err}");
    let (code, whole_text, err) = analyse(&[&["--summary"], &names[..]].concat());
    assert_eq!(code, 0, "{err}");

    let dir = scratch("analyse-summary");
    let parts = [dir.join("a.ndjson"), dir.join("b.ndjson")];
    for (part, range) in parts.iter().zip([0..3, 3..names.len()]) {
        let output = part.to_str().unwrap();
        let (code, _, err) = analyse(&[&["--json", "-o", output], &names[range]].concat());
        assert_eq!(code, 0, "{err}");
    }
    // Merged in the other order: the sums do not depend on it.
    let (b, a) = (parts[1].to_str().unwrap(), parts[0].to_str().unwrap());
    let (code, merged_json, err) = analyse(&["--merge", "--json", b, a]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged_json, whole_json);
    let (code, merged_text, err) = analyse(&["--merge", a, b]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged_text, whole_text);
    assert!(
        whole_text.starts_with("7 match(es), 9 player(s), ranked by PR\n"),
        "{whole_text}"
    );

    // One row per name; the rates recomputed from the files' sums, weighted by decisions.
    let per_file: Vec<serde_json::Value> = parts
        .iter()
        .flat_map(|p| json_lines(&std::fs::read_to_string(p).unwrap()))
        .collect();
    let rows = json_lines(&whole_json);
    assert_eq!(rows.len(), 9);
    for (name, matches) in [("llabba", 3), ("gnubg", 2), ("user", 2), ("jpe", 1)] {
        let found: Vec<_> = rows.iter().filter(|r| r["name"] == name).collect();
        assert_eq!(found.len(), 1, "{name}");
        let row = found[0];
        assert_eq!(row["matches"], matches, "{name}");
        let players: Vec<&serde_json::Value> = per_file
            .iter()
            .flat_map(|line| line["players"].as_array().unwrap())
            .filter(|p| p["name"] == name)
            .collect();
        let sum = |block: &str, key: &str| -> f64 {
            players
                .iter()
                .map(|p| p[block][key].as_f64().unwrap())
                .sum()
        };
        let unforced = sum("chequer", "unforced");
        let cube = sum("cube", "decisions");
        let expected = [
            (
                "chequer",
                "error_rate",
                1000.0 * sum("chequer", "error_total") / unforced,
            ),
            (
                "luck",
                "rate",
                1000.0 * sum("luck", "total") / sum("chequer", "moves"),
            ),
            (
                "overall",
                "pr",
                500.0 * (sum("chequer", "error_total") + sum("cube", "error_total"))
                    / (unforced + cube),
            ),
        ];
        for (block, key, value) in expected {
            let got = row[block][key].as_f64().unwrap();
            assert!(
                (got - value).abs() < 1e-9,
                "{name} {block}.{key}: {got} vs {value}"
            );
        }
        assert_eq!(row["decisions"].as_f64().unwrap(), unforced + cube);
    }
    // Ranked by PR; the players with no decision counted (lasse's two matches) come last.
    let counted: Vec<bool> = rows.iter().map(|r| r["decisions"] != 0).collect();
    assert_eq!(
        counted,
        [true, true, true, true, true, true, false, false, false]
    );
    let prs: Vec<f64> = rows[..6]
        .iter()
        .map(|r| r["overall"]["pr"].as_f64().unwrap())
        .collect();
    assert!(
        prs.windows(2).all(|w| w[0] <= w[1]),
        "ranked by PR: {prs:?}"
    );
    let lasse = rows.iter().find(|r| r["name"] == "lasse").unwrap();
    assert_eq!(lasse["matches"], 2);
    let ranks: Vec<u64> = rows.iter().map(|r| r["rank"].as_u64().unwrap()).collect();
    assert_eq!(ranks, (1..=9).collect::<Vec<u64>>());
    assert!(
        whole_text
            .lines()
            .any(|l| l.contains("lasse") && l.ends_with(" -")),
        "no rating without a decision: {whole_text}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A line written before the match length was spelled `match_length` (it was `length`) still
/// merges, to the same summary as the line written now.
#[test]
fn merge_reads_lines_written_with_the_old_length_key() {
    let names = [fixture("mat/seed07-1pt.mat"), fixture("mat/seed08-1pt.mat")];
    let (code, whole_json, err) = analyse(&["--summary", "--json", &names[0], &names[1]]);
    assert_eq!(code, 0, "{err}");
    let (code, lines, err) = analyse(&["--json", &names[0], &names[1]]);
    assert_eq!(code, 0, "{err}");
    let mut lines: Vec<String> = lines.lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains("\"match_length\":1"), "{}", lines[0]);
    lines[0] = lines[0].replace("\"match_length\":1", "\"length\":1");
    let input = scratch("analyse-merge-old-length").join("old.ndjson");
    std::fs::write(&input, lines.join("\n") + "\n").unwrap();
    let (code, merged_json, err) = analyse(&["--merge", "--json", input.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged_json, whole_json);
}

#[test]
fn merge_reports_what_it_cannot_read_and_sums_the_rest() {
    let dir = scratch("analyse-merge-bad");
    let good = fixture("mat/seed07-1pt.mat");
    let (code, line, err) = analyse(&["--json", &good]);
    assert_eq!(code, 0, "{err}");
    let input = dir.join("mixed.ndjson");
    std::fs::write(
        &input,
        format!("{line}{{\"players\": []}}\nnot json\n{line}"),
    )
    .unwrap();
    let (code, out, err) = analyse(&["--merge", input.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("mixed.ndjson:2: not a line of `tavli analyse --json`"),
        "{err}"
    );
    assert!(err.contains("mixed.ndjson:3: not a line"), "{err}");
    assert!(err.contains("more than once: counted once"), "{err}");
    assert!(out.starts_with("1 match(es), 2 player(s)"), "{out}");

    let missing = dir.join("missing.ndjson");
    let (code, out, err) = analyse(&["--merge", missing.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("missing.ndjson"), "{err}");
    assert!(out.starts_with("0 match(es), 0 player(s)"), "{out}");

    let (code, _, err) = analyse(&["--summary", "--decisions", &good]);
    assert_eq!(code, 2, "--summary has no per-decision output: {err}");
    let (code, _, err) = analyse(&["--merge", "--plies", "1", &good]);
    assert_eq!(code, 2, "--merge analyses nothing: {err}");
    std::fs::remove_dir_all(&dir).ok();
}
