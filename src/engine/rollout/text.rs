//! A rollout's result in gnubg's layout (what gnubg prints when its `rollout` is done): the
//! six figures and equities, their standard errors in brackets, then the settings and time.

use super::{RolloutEstimate, RolloutFigures, RolloutSettings};
use std::fmt::Write;
use std::time::Duration;

/// The six figures (win, win gammon, win backgammon, lose, lose gammon, lose backgammon), then
/// `CL` cubeless and `CF` cubeful equity, each with `equity` formatting.
fn figures_line(figures: &RolloutFigures, lose: f64, equity: fn(f64) -> String) -> String {
    let p = &figures.probabilities;
    let mut line = format!(
        "{:5.3} {:5.3} {:5.3} - {:5.3} {:5.3} {:5.3} CL {}",
        p.win,
        p.win_gammon,
        p.win_backgammon,
        lose,
        p.lose_gammon,
        p.lose_backgammon,
        equity(figures.cubeless_equity)
    );
    if let Some(cubeful) = figures.cubeful_equity {
        let _ = write!(line, " CF {}", equity(cubeful));
    }
    line
}

/// What kind of rollout it was, as gnubg says it.
#[must_use]
pub fn description(settings: &RolloutSettings) -> String {
    let cube = if settings.cubeful {
        "cubeful"
    } else {
        "cubeless"
    };
    let mut text = match settings.truncation {
        Some(depth) => format!("Truncated {cube} rollout (depth {depth})"),
        None => format!("Full {cube} rollout"),
    };
    if settings.variance_reduction {
        text.push_str(" with variance reduction");
    }
    text
}

/// The rollout's report in gnubg's layout; `evaluator` names the evaluator, `elapsed` the
/// time taken.
#[must_use]
pub fn report(
    estimate: &RolloutEstimate,
    settings: &RolloutSettings,
    evaluator: &str,
    elapsed: Duration,
) -> String {
    let win = estimate.figures.probabilities.win;
    let mut text = String::from("Current Position:\n");
    let _ = writeln!(
        text,
        "  {}",
        figures_line(&estimate.figures, 1.0 - win, |e| format!("{e:+6.3}"))
    );
    let errors = &estimate.standard_errors;
    let _ = writeln!(
        text,
        " [{}] 1r",
        figures_line(errors, errors.probabilities.win, |e| format!("{e:6.3}"))
    );
    let _ = writeln!(text, "{}", description(settings));
    let _ = writeln!(
        text,
        "{} games, ChaCha12 dice gen. with seed {} and quasi-random dice",
        estimate.trials, settings.seed
    );
    let cube = if settings.cubeful {
        "cubeful"
    } else {
        "cubeless"
    };
    let _ = writeln!(text, "Play: {}-ply {cube} {evaluator}", settings.plies);
    let _ = writeln!(text, "Cube: {}-ply {cube} {evaluator}", settings.plies);
    let _ = writeln!(
        text,
        "Time elapsed {}s Estimated time left 0s",
        elapsed.as_secs()
    );
    let equity_error = errors.cubeful_equity.unwrap_or(errors.cubeless_equity);
    let _ = writeln!(
        text,
        "Estimated SE for \"Current Position\" after {} trials {equity_error:6.3}",
        estimate.trials
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Probabilities;

    #[test]
    fn the_report_has_gnubgs_lines() {
        let figures = RolloutFigures {
            probabilities: Probabilities {
                win: 0.494,
                win_gammon: 0.144,
                win_backgammon: 0.005,
                lose_gammon: 0.130,
                lose_backgammon: 0.007,
            },
            cubeless_equity: -0.001,
            cubeful_equity: Some(0.005),
        };
        let errors = RolloutFigures {
            probabilities: Probabilities {
                win: 0.008,
                win_gammon: 0.007,
                win_backgammon: 0.003,
                lose_gammon: 0.009,
                lose_backgammon: 0.001,
            },
            cubeless_equity: 0.022,
            cubeful_equity: Some(0.089),
        };
        let estimate = RolloutEstimate {
            trials: 36,
            figures,
            standard_errors: errors,
        };
        let settings = RolloutSettings {
            seed: 7,
            ..RolloutSettings::default()
        };
        let text = report(&estimate, &settings, "net", Duration::from_secs(4));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Current Position:");
        assert_eq!(
            lines[1],
            "  0.494 0.144 0.005 - 0.506 0.130 0.007 CL -0.001 CF +0.005"
        );
        assert_eq!(
            lines[2],
            " [0.008 0.007 0.003 - 0.008 0.009 0.001 CL  0.022 CF  0.089] 1r"
        );
        assert_eq!(lines[3], "Full cubeful rollout with variance reduction");
        assert_eq!(
            lines[8],
            "Estimated SE for \"Current Position\" after 36 trials  0.089"
        );
    }
}
