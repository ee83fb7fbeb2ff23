//! `rollout` and `set rollout ...`: gnubg's rollout of the current position, printed in its
//! layout, with its settings (trials, truncation, seed, cubeful, variance reduction, the
//! chequer play's plies).

use super::Session;
use crate::engine::rollout::{text, Rollout, RolloutSettings, DEFAULT_TRIALS};
use crate::engine::search::MAX_PLIES;
use crate::protocol::ast::{RolloutSetting, Toggle};
use crate::protocol::response::{CommandError, ErrorKind, Response};
use crate::rules::GameState;
use std::time::Instant;

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
        }
    }
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
        out.line("");
        out.line("Rollout done. Printing final results.");
        out.line("");
        for line in text::report(
            &estimate,
            &settings,
            self.evaluator.label(),
            started.elapsed(),
        )
        .lines()
        {
            out.line(line);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::protocol::response::Output;
    use crate::protocol::{run_line, Session};

    fn text(session: &mut Session, line: &str) -> Result<String, String> {
        match run_line(session, line) {
            Ok(response) => Ok(response
                .outputs
                .iter()
                .filter_map(|output| match output {
                    Output::Line { text } => Some(format!("{text}\n")),
                    _ => None,
                })
                .collect()),
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
}
