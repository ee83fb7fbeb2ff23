//! `rollout` and `set rollout ...`: gnubg's rollout of the current position, printed in its
//! layout, with its settings (trials, truncation, seed, cubeful, variance reduction, the
//! chequer play's plies).

use super::Session;
use crate::engine::rollout::{text, Rollout, RolloutEstimate, RolloutSettings, DEFAULT_TRIALS};
use crate::engine::search::MAX_PLIES;
use crate::engine::Probabilities;
use crate::protocol::ast::{RolloutSetting, Toggle};
use crate::protocol::response::{CommandError, ErrorKind, Output, Response};
use crate::rules::GameState;
use serde::Serialize;
use std::time::{Duration, Instant};

/// gnubg's depth of a truncated rollout when truncation is turned on without a depth.
const DEFAULT_TRUNCATION: u32 = 10;

/// The session's rollout settings (gnubg's `set rollout ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutOptions {
    /// Trials per rollout.
    pub trials: u64,
    /// Whether games stop at `truncation_plies`.
    pub truncate: bool,
    /// The depth of a truncated rollout.
    pub truncation_plies: u32,
    /// The seed of the dice.
    pub seed: u64,
    /// Whether the cube is played.
    pub cubeful: bool,
    /// Whether each roll's luck is taken off.
    pub variance_reduction: bool,
    /// Plies of the evaluator inside the rollout.
    pub plies: u32,
}

impl Default for RolloutOptions {
    fn default() -> Self {
        RolloutOptions {
            trials: DEFAULT_TRIALS,
            truncate: false,
            truncation_plies: DEFAULT_TRUNCATION,
            seed: 1,
            cubeful: true,
            variance_reduction: true,
            plies: 0,
        }
    }
}

impl RolloutOptions {
    fn settings(&self) -> RolloutSettings {
        RolloutSettings {
            truncation: self.truncate.then_some(self.truncation_plies),
            cubeful: self.cubeful,
            variance_reduction: self.variance_reduction,
            plies: self.plies,
            seed: self.seed,
            // gnubg's `rollout`: no double before the first roll.
            cube_decision_at_start: false,
        }
    }
}

/// The standard errors of a rollout's figures, under the figures' own keys.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RolloutErrors {
    /// The probabilities' standard errors.
    #[serde(flatten)]
    pub probabilities: Probabilities,
    /// The cubeless equity's.
    pub cubeless_equity: f64,
    /// The cubeful equity's (`None` in a cubeless rollout).
    pub cubeful_equity: Option<f64>,
}

/// A finished rollout (`rollout` in the REPL): the position, the figures of the player on
/// roll with their standard errors, the settings, and the time it took (text only). In JSON
/// it has the keys of `tavli rollout --json` but the part's sums.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RolloutReport {
    /// The position rolled out: its GNUbg ID (`POSITION:MATCH`, the dice left out).
    pub gnubg_id: String,
    /// The evaluator's short name.
    pub evaluator: String,
    /// Trials rolled out.
    pub trials: u64,
    /// The probabilities of the player on roll.
    pub probabilities: Probabilities,
    /// The cubeless equity.
    pub cubeless_equity: f64,
    /// The cubeful equity (`None` in a cubeless rollout).
    pub cubeful_equity: Option<f64>,
    /// The standard errors of the figures.
    pub standard_errors: RolloutErrors,
    /// How the position was rolled out.
    pub settings: RolloutSettings,
    /// The time the rollout took (gnubg prints it).
    #[serde(skip)]
    pub elapsed: Duration,
}

impl RolloutReport {
    fn new(
        gnubg_id: String,
        evaluator: &str,
        estimate: &RolloutEstimate,
        settings: RolloutSettings,
        elapsed: Duration,
    ) -> RolloutReport {
        let errors = &estimate.standard_errors;
        RolloutReport {
            gnubg_id,
            evaluator: evaluator.to_string(),
            trials: estimate.trials,
            probabilities: estimate.figures.probabilities,
            cubeless_equity: estimate.figures.cubeless_equity,
            cubeful_equity: estimate.figures.cubeful_equity,
            standard_errors: RolloutErrors {
                probabilities: errors.probabilities,
                cubeless_equity: errors.cubeless_equity,
                cubeful_equity: errors.cubeful_equity,
            },
            settings,
            elapsed,
        }
    }

    /// The estimate again, for gnubg's layout.
    fn estimate(&self) -> RolloutEstimate {
        let errors = &self.standard_errors;
        RolloutEstimate {
            trials: self.trials,
            figures: crate::engine::rollout::RolloutFigures {
                probabilities: self.probabilities,
                cubeless_equity: self.cubeless_equity,
                cubeful_equity: self.cubeful_equity,
            },
            standard_errors: crate::engine::rollout::RolloutFigures {
                probabilities: errors.probabilities,
                cubeless_equity: errors.cubeless_equity,
                cubeful_equity: errors.cubeful_equity,
            },
        }
    }
}

/// gnubg's text of a finished rollout: `Rollout done. Printing final results.` and its
/// layout of the figures, settings and time.
#[must_use]
pub fn rollout_text(report: &RolloutReport) -> String {
    let mut text = String::from("\nRollout done. Printing final results.\n\n");
    text.push_str(&text::report(
        &report.estimate(),
        &report.settings,
        &report.evaluator,
        report.elapsed,
    ));
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

fn toggle(value: Toggle, name: &str) -> Result<bool, CommandError> {
    value.ok_or_else(|| {
        CommandError::bad_argument(format!(
            "You must specify whether to {name} (see `help set rollout')."
        ))
    })
}

impl Session {
    /// `set rollout ...`.
    pub(super) fn set_rollout(
        &mut self,
        setting: RolloutSetting,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let options = &mut self.settings.rollout;
        match setting {
            RolloutSetting::Trials(trials) => {
                let trials = trials.filter(|&trials| trials > 0).ok_or_else(|| {
                    CommandError::bad_argument(
                        "You must specify a valid number of trials to make (see `help set rollout trials').",
                    )
                })?;
                options.trials = trials;
                let games = if trials == 1 { "game" } else { "games" };
                out.line(format!("{trials} {games} will be played per rollout."));
            }
            RolloutSetting::TruncationEnable(value) => {
                options.truncate = toggle(value, "truncate rollouts")?;
                out.line(if options.truncate {
                    "Games in rollouts will be stopped after a fixed number of moves."
                } else {
                    "Games in rollouts will be played out until the end."
                });
            }
            RolloutSetting::TruncationPlies(plies) => {
                let plies = plies.filter(|&plies| plies > 0).ok_or_else(|| {
                    CommandError::bad_argument(
                        "You must specify a valid ply at which to truncate rollouts (see `help set rollout truncation plies').",
                    )
                })?;
                options.truncation_plies = plies;
                out.line(format!("Rollouts will be truncated after {plies} plies."));
            }
            RolloutSetting::Seed(seed) => {
                let seed = seed.ok_or_else(|| {
                    CommandError::bad_argument(
                        "You must specify a valid seed (see `help set rollout seed').",
                    )
                })?;
                options.seed = seed;
                out.line(format!("Rollout seed set to {seed}."));
            }
            RolloutSetting::Cubeful(value) => {
                options.cubeful = toggle(value, "play the cube in rollouts")?;
                out.line(if options.cubeful {
                    "Cubeful rollouts will be performed."
                } else {
                    "Cubeless rollouts will be performed."
                });
            }
            RolloutSetting::VarianceReduction(value) => {
                options.variance_reduction = toggle(value, "reduce the variance")?;
                out.line(if options.variance_reduction {
                    "Will use lookahead during rollouts to reduce variance."
                } else {
                    "Will not use lookahead variance reduction during rollouts."
                });
            }
            RolloutSetting::ChequerplayPlies(plies) => {
                let plies = plies.filter(|&plies| plies <= MAX_PLIES).ok_or_else(|| {
                    CommandError::bad_argument(format!(
                        "You must specify a number of plies from 0 to {MAX_PLIES}."
                    ))
                })?;
                options.plies = plies;
                out.line(format!(
                    "Chequer play in rollouts will use {plies} ply evaluation."
                ));
            }
        }
        Ok(())
    }

    /// `rollout`: the current position rolled out with the session's settings, the player on
    /// roll rolling first.
    pub(super) fn rollout_command(&self, out: &mut Response) -> Result<(), CommandError> {
        let state = self.state();
        if state.game_state == GameState::NoGame {
            return Err(CommandError::not_now(
                "No position specified and no game in progress.",
            ));
        }
        let options = self.settings.rollout;
        let settings = options.settings();
        let rollout = Rollout::new(self.evaluator.get(), &state, settings)
            .map_err(|error| CommandError::new(ErrorKind::Unsupported, error.to_string()))?;
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        let started = Instant::now();
        let sums = rollout.run(0..options.trials, threads, &mut |_| {});
        let estimate = rollout.estimate(&sums);
        let mut position = state;
        position.dice = None;
        let gnubg_id = crate::codec::gnubg_id::encode(&position);
        out.outputs.push(Output::Rollout {
            report: Box::new(RolloutReport::new(
                gnubg_id,
                self.evaluator.label(),
                &estimate,
                settings,
                started.elapsed(),
            )),
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::protocol::response::Output;
    use crate::protocol::text::render_response;
    use crate::protocol::{run_line, Session};

    fn text(session: &mut Session, line: &str) -> Result<String, String> {
        match run_line(session, line) {
            Ok(response) => Ok(render_response(&response).stdout),
            Err(error) => Err(error.to_string()),
        }
    }

    #[test]
    fn settings_are_kept_and_a_rollout_prints_gnubgs_layout() {
        let mut session = Session::new("root");
        for (line, answer) in [
            (
                "set rollout trials 36",
                "36 games will be played per rollout.\n",
            ),
            (
                "set rollout truncation enable on",
                "Games in rollouts will be stopped after a fixed number of moves.\n",
            ),
            (
                "set rollout truncation plies 3",
                "Rollouts will be truncated after 3 plies.\n",
            ),
            ("set rollout seed 4", "Rollout seed set to 4.\n"),
            (
                "set rollout cubeful off",
                "Cubeless rollouts will be performed.\n",
            ),
        ] {
            assert_eq!(text(&mut session, line).as_deref(), Ok(answer), "{line}");
        }
        let _ = run_line(&mut session, "new session");
        let report = text(&mut session, "rollout").unwrap();
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(
            lines[1], "Rollout done. Printing final results.",
            "{report}"
        );
        assert_eq!(lines[3], "Current Position:", "{report}");
        assert!(
            lines[4].contains(" CL ") && !lines[4].contains(" CF "),
            "{report}"
        );
        assert_eq!(
            lines[6],
            "Truncated cubeless rollout (depth 3) with variance reduction"
        );
        assert!(lines[7].starts_with("36 games, "), "{report}");
    }

    #[test]
    fn bad_settings_are_refused_and_change_nothing() {
        let mut session = Session::new("root");
        let before = session.settings.rollout;
        assert!(text(&mut session, "set rollout trials 0").is_err());
        assert!(text(&mut session, "set rollout truncation plies x").is_err());
        assert_eq!(
            text(&mut session, "rollout"),
            Err("No position specified and no game in progress.".to_string())
        );
        assert_eq!(session.settings.rollout, before);
    }

    #[test]
    fn a_rollout_is_one_typed_reply_in_the_shared_vocabulary() {
        let mut session = Session::new("root");
        for line in [
            "set rollout trials 12",
            "set rollout truncation enable on",
            "set rollout truncation plies 2",
            "new session",
        ] {
            assert!(run_line(&mut session, line).is_ok(), "{line}");
        }
        let response = run_line(&mut session, "rollout").expect("a rollout");
        let [Output::Rollout { report }] = response.outputs.as_slice() else {
            panic!("one rollout reply: {:?}", response.outputs);
        };
        assert_eq!(report.trials, 12);
        assert_eq!(report.settings.truncation, Some(2));
        let value = serde_json::to_value(report).expect("JSON");
        let keys: Vec<&str> = value
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "cubeful_equity",
                "cubeless_equity",
                "evaluator",
                "gnubg_id",
                "probabilities",
                "settings",
                "standard_errors",
                "trials"
            ]
        );
        let errors = &value["standard_errors"];
        for key in [
            "win",
            "win_gammon",
            "win_backgammon",
            "lose_gammon",
            "lose_backgammon",
            "cubeless_equity",
            "cubeful_equity",
        ] {
            assert!(errors[key].is_number(), "{key}: {errors}");
            assert!(value["probabilities"][key].is_number() || key.ends_with("equity"));
        }
        // The position rolled out: the session's (who opens is rolled, and the computer
        // plays its opening roll when it wins it, so the board is not always the start).
        let mut position = session.state();
        position.dice = None;
        assert_eq!(value["gnubg_id"], crate::codec::gnubg_id::encode(&position));
        // The text is gnubg's layout, as before the reply was typed.
        let text = render_response(&response).stdout;
        assert!(text.starts_with("\nRollout done. Printing final results.\n\nCurrent Position:\n"));
        assert!(text.contains("12 games, "), "{text}");
    }
}
