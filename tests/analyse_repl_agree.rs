//! `tavli analyse` and the REPL's `analyse match` then `show statistics match` (`tavli -t`)
//! print the same figures for the same file: both at 0 ply, the command with `--luck rolls`
//! (gnubg's definition of luck, which the REPL keeps; the command's default, `leaders`,
//! differs by design, see docs/analysis.md). A match, a money session and an SGF.

use crate::support::tavli;

/// The REPL's statistics of `file` (read with `command`), section by section.
fn repl_statistics(command: &str, file: &str) -> String {
    let script = format!(
        "set analysis chequerplay evaluation plies 0\nset analysis cubedecision evaluation plies 0\n\
         {command} {file}\nanalyse match\nshow statistics match\n"
    );
    let output = tavli(&["-t"], &script);
    String::from_utf8(output.stdout).unwrap()
}

/// The two players' figures of the row of `section` (`Chequerplay statistics`, ...) whose
/// label starts with `label`: the first number of each column, what is in brackets left out.
fn row(text: &str, section: &str, label: &str) -> [f64; 2] {
    let start = text
        .find(section)
        .unwrap_or_else(|| panic!("{section}: {text}"));
    let line = text[start..]
        .lines()
        .find(|line| line.starts_with(label))
        .unwrap_or_else(|| panic!("{section} / {label}: {text}"));
    let mut depth = 0;
    let outside: String = line[label.len()..]
        .chars()
        .filter(|&c| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => return depth == 0,
            }
            false
        })
        .collect();
    let numbers: Vec<f64> = outside
        .split_whitespace()
        .filter_map(|word| word.parse().ok())
        .collect();
    assert_eq!(numbers.len(), 2, "{line}");
    [numbers[0].abs(), numbers[1].abs()]
}

#[test]
fn the_analyse_command_and_the_repl_print_the_same_figures() {
    let root = env!("CARGO_MANIFEST_DIR");
    for (command, file) in [
        (
            "import mat",
            "fixtures/mat/real/backgammon-galaxy/match11274186.txt",
        ),
        ("import mat", "fixtures/mat/seed21-money.mat"),
        ("load match", "fixtures/sgf/seed11-5pt.sgf"),
    ] {
        let path = format!("{root}/{file}");
        let repl = repl_statistics(command, &path);
        let output = tavli(
            &[
                "analyse", "--plies", "0", "--luck", "rolls", "--json", &path,
            ],
            "",
        );
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        // (section, REPL label, JSON object and field, how many decimals the REPL prints)
        let rows: [(&str, &str, &str, &str, i32); 22] = [
            (
                "Chequerplay statistics",
                "Total moves",
                "chequer",
                "moves",
                0,
            ),
            (
                "Chequerplay statistics",
                "Unforced moves",
                "chequer",
                "unforced",
                0,
            ),
            (
                "Chequerplay statistics",
                "Moves marked doubtful",
                "chequer",
                "doubtful",
                0,
            ),
            (
                "Chequerplay statistics",
                "Moves marked bad",
                "chequer",
                "bad",
                0,
            ),
            (
                "Chequerplay statistics",
                "Moves marked very bad",
                "chequer",
                "very_bad",
                0,
            ),
            (
                "Chequerplay statistics",
                "Error total EMG",
                "chequer",
                "error_total",
                3,
            ),
            (
                "Chequerplay statistics",
                "Error rate mEMG",
                "chequer",
                "error_rate",
                1,
            ),
            (
                "Luck statistics",
                "Rolls marked very lucky",
                "luck",
                "very_lucky",
                0,
            ),
            ("Luck statistics", "Rolls marked lucky", "luck", "lucky", 0),
            (
                "Luck statistics",
                "Rolls marked unlucky",
                "luck",
                "unlucky",
                0,
            ),
            (
                "Luck statistics",
                "Rolls marked very unlucky",
                "luck",
                "very_unlucky",
                0,
            ),
            ("Luck statistics", "Luck total EMG", "luck", "total", 3),
            ("Luck statistics", "Luck rate mEMG", "luck", "rate", 1),
            (
                "Cube statistics",
                "Total cube decisions",
                "cube",
                "total_decisions",
                0,
            ),
            (
                "Cube statistics",
                "Close or actual cube",
                "cube",
                "decisions",
                0,
            ),
            ("Cube statistics", "Doubles", "cube", "doubles", 0),
            ("Cube statistics", "Takes", "cube", "takes", 0),
            ("Cube statistics", "Passes", "cube", "passes", 0),
            (
                "Cube statistics",
                "Error total EMG",
                "cube",
                "error_total",
                3,
            ),
            (
                "Cube statistics",
                "Error rate mEMG",
                "cube",
                "error_rate",
                1,
            ),
            (
                "Overall statistics",
                "Error total EMG",
                "overall",
                "error_total",
                3,
            ),
            (
                "Overall statistics",
                "Error rate mEMG",
                "overall",
                "error_rate",
                1,
            ),
        ];
        let mut differences = Vec::new();
        for (section, label, object, field, decimals) in rows {
            let printed = row(&repl, section, label);
            for (side, repl_value) in printed.into_iter().enumerate() {
                let value = json["players"][side][object][field]
                    .as_f64()
                    .unwrap_or_else(|| panic!("{object}.{field}: {json}"))
                    .abs();
                // The REPL's figure is the JSON's rounded to its decimals (half a unit of
                // the last place, and a little for the rounding of a printed half).
                let unit = 10f64.powi(-decimals);
                if (repl_value - value).abs() > unit / 2.0 + 1e-9 {
                    differences.push(format!(
                        "{section} / {label}, player {side}: REPL {repl_value}, analyse {value}"
                    ));
                }
            }
        }
        assert!(
            differences.is_empty(),
            "{file}:\n{}",
            differences.join("\n")
        );
    }
}
