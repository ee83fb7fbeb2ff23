//! The REPL's match analysis: `analyse game|match|session`, `show statistics game|match|
//! session`, `set analysis ...` and `show analysis`. Compared with live gnubg on scripted
//! sessions with the numbers masked (tavli's evaluator is not gnubg's, so the figures differ;
//! the lines, labels and layout must not), a snapshot of tavli's own figures, and the bad input
//! that must leave the session unchanged.

use crate::support::repl::{
    compare_analysis_with_gnubg, fixture, masked, scratch_dir, ANALYSIS_PRELUDE as PRELUDE, MATCHES,
};
use crate::support::{gnubg_available, run_gnubg_transcript, run_tavli_transcript};
use tavli::protocol::{run_line, Session};

fn compare_with_gnubg(script: &str) {
    compare_analysis_with_gnubg(script, masked);
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

/// Both cells of each line of `text` that starts with `label`, in order.
fn cells_of(text: &str, label: &str) -> Vec<[String; 2]> {
    text.lines()
        .filter_map(|line| line.strip_prefix(label))
        .map(|rest| {
            let rest = format!("{rest:<48}");
            let (first, second) = rest.split_at(rest.len() - 48 + 24);
            [first.trim().to_string(), second.trim().to_string()]
        })
        .collect()
}

/// The two ends of an interval cell `[a,b]`.
fn interval_of(cell: &str) -> [f64; 2] {
    let inner = cell.trim_start_matches('[').trim_end_matches(']');
    let (low, high) = inner.split_once(',').expect("an interval");
    [low, high].map(|end| end.trim().parse::<f64>().expect("a number"))
}

#[test]
fn statistics_results_are_gnubgs_totals() {
    if !gnubg_available() {
        eprintln!("gnubg is not installed: differential analysis test skipped");
        return;
    }
    // Whole sessions, a session whose last game is unfinished (its result counts as 0, its
    // luck does), and a session of one game (no advantage lines).
    let whole = std::fs::read_to_string(fixture("mat/seed21-money.mat")).expect("fixture");
    let dir = scratch_dir("money-session");
    let mut sessions = vec![
        fixture("mat/seed21-money.mat"),
        fixture("mat/seed22-money.mat"),
    ];
    // And a 3-point match cut in its second game: the unfinished game shows no result.
    let match_text = std::fs::read_to_string(fixture("mat/seed07-3pt.mat")).expect("fixture");
    for (name, source, lines) in [
        ("unfinished.mat", &whole, 45),
        ("one-game.mat", &whole, 27),
        ("unfinished-match.mat", &match_text, 40),
    ] {
        let path = dir.join(name);
        let text: Vec<&str> = source.lines().take(lines).collect();
        std::fs::write(&path, text.join("\n") + "\n").expect("scratch file");
        sessions.push(path.display().to_string());
    }
    for session in sessions {
        let script = format!(
            "import mat {session}\nanalyse session\nshow statistics session\n\
             show statistics game\nfirst game\nshow statistics game\nshow statistics match\n"
        );
        let (tavli, gnubg) = compare_analysis_with_gnubg(&script, masked);
        // These come from the games' records, not from the evaluator: gnubg's figures.
        for label in [
            "Total moves",
            "Unforced moves",
            "Total cube decisions",
            "Doubles",
            "Takes",
            "Passes",
            "Actual result",
            "Advantage (actual) in ppg",
        ] {
            assert_eq!(
                cells_of(&tavli, label),
                cells_of(&gnubg, label),
                "{label} of {session}"
            );
        }
        // gnubg centres the interval of the points per game on the session's total; tavli on
        // the points per game. The half-widths are the same.
        let ppg = cells_of(&tavli, "Advantage (actual) in ppg");
        let tavli_intervals = cells_of(&tavli, "95% confidence interval (ppg)");
        let gnubg_intervals = cells_of(&gnubg, "95% confidence interval (ppg)");
        assert_eq!(tavli_intervals.len(), gnubg_intervals.len(), "{session}");
        // The intervals come in pairs, actual then luck adjusted; only the actual is compared.
        for (index, (ours, theirs)) in tavli_intervals
            .iter()
            .zip(&gnubg_intervals)
            .enumerate()
            .step_by(2)
        {
            for player in 0..2 {
                let [low, high] = interval_of(&ours[player]);
                let [their_low, their_high] = interval_of(&theirs[player]);
                let centre: f64 = ppg[index / 2][player].parse().expect("a number");
                assert!(
                    ((high - low) - (their_high - their_low)).abs() <= 0.002,
                    "{session}: {ours:?} {theirs:?}"
                );
                assert!(
                    ((high + low) / 2.0 - centre).abs() <= 0.001,
                    "{session}: {ours:?}"
                );
            }
        }
    }
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

/// The figure of a statistics cell as [`cells_of`] cuts it: its first word (`n/a`, or a number
/// before its aside), after the unit a shortened label leaves in the first cell.
fn figure_of(cell: &str) -> &str {
    cell.split_whitespace()
        .find(|word| !matches!(*word, "(MWC)" | "(Points)"))
        .unwrap_or("")
}

#[test]
fn a_game_analysed_move_by_move_counts_every_move_as_gnubg() {
    if !gnubg_available() {
        eprintln!("gnubg is not installed: differential analysis test skipped");
        return;
    }
    // gnubg's total moves count every move of the covered games, analysed or not, and its
    // luck rate and Snowie error rate are per move so counted; a player without a move has
    // no luck rate (`n/a`), analysed or not. Two moves analysed by `analyse move`, then the
    // match, one game of it analysed in full; then a new game of one move.
    let script = format!(
        "{PRELUDE}import mat {}\nfirst game\nnext\nanalyse move\nshow statistics game\n\
         next 2\nanalyse move\nshow statistics game\nshow statistics match\nnext game\n\
         analyse game\nshow statistics match\nnew session\nset turn 1\nset dice 5 2\n\
         move 13/11 13/8\nanalyse game\nshow statistics game\n",
        fixture("mat/real/backgammon-galaxy/match1709865.txt")
    );
    let (gnubg, _) = run_gnubg_transcript(&script);
    let (tavli, tavli_errors, _) = run_tavli_transcript(&script);
    assert_eq!(tavli_errors, "");
    for label in ["Total moves", "Unforced moves"] {
        assert_eq!(cells_of(&tavli, label), cells_of(&gnubg, label), "{label}");
    }
    let figures = |text: &str, label: &str| -> Vec<[String; 2]> {
        cells_of(text, label)
            .into_iter()
            .map(|cells| cells.map(|cell| figure_of(&cell).to_string()))
            .collect()
    };
    let rates = figures(&tavli, "Luck rate mEMG");
    let totals = figures(&tavli, "Luck total EMG");
    let moves = figures(&tavli, "Total moves");
    assert_eq!(rates.len(), 5, "{tavli}");
    for ((rate, total), count) in rates.iter().zip(&totals).zip(&moves) {
        for player in 0..2 {
            let count: f64 = count[player].parse().expect("a count");
            if count == 0.0 {
                assert_eq!(rate[player], "n/a");
                continue;
            }
            // The rate is the total (three decimals shown) per move.
            let rate: f64 = rate[player].parse().expect("a rate");
            let total: f64 = total[player].parse().expect("a total");
            assert!(
                (rate - 1000.0 * total / count).abs() <= 0.5 / count + 0.05,
                "{rate} {total} {count}"
            );
        }
    }
    // Where gnubg has no rate or rating, neither has tavli, and the other way round.
    for label in ["Luck rate mEMG", "Luck rating", "Snowie error rate"] {
        let not_available = |text: &str| -> Vec<[bool; 2]> {
            figures(text, label)
                .iter()
                .map(|cells| cells.clone().map(|cell| cell == "n/a"))
                .collect()
        };
        assert_eq!(not_available(&tavli), not_available(&gnubg), "{label}");
    }
}
