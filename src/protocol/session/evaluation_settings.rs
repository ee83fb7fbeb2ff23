//! `set evaluation ...`, `set player N chequerplay|cubedecision evaluation plies N` and
//! `show evaluation`: how deep hints, `eval` and the computer search, and with which evaluator.

use super::*;
use crate::engine::choice::{self, EvaluatorKind};
use crate::engine::search::{DEFAULT_FILTERS, MAX_PLIES};
use crate::protocol::ast::{Decision, EvaluationSetting};

impl Session {
    pub(super) fn set_evaluation(
        &mut self,
        setting: EvaluationSetting,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        match setting {
            EvaluationSetting::Plies(decision, word) => {
                let plies = parse_plies(word.as_deref())?;
                let depth = &mut self.settings.evaluation;
                match decision {
                    Decision::Chequerplay => depth.chequerplay = plies,
                    Decision::CubeDecision => depth.cube_decision = plies,
                }
                out.reply(Reply::EvaluationDepth { decision, plies });
                Ok(())
            }
            EvaluationSetting::Evaluator(word) => {
                let kind = word
                    .as_deref()
                    // The names `--evaluator` takes, read by the same parser.
                    .and_then(|word| clap::ValueEnum::from_str(word, true).ok())
                    .ok_or_else(|| {
                        CommandError::bad_argument(format!(
                            "You must name an evaluator: {}.",
                            evaluator_names()
                        ))
                    })?;
                let evaluator = choice::build(kind, None).map_err(|error| {
                    CommandError::new(ErrorKind::Unsupported, error.to_string())
                })?;
                self.set_evaluator(evaluator, kind.name());
                out.reply(Reply::Evaluator {
                    name: kind.name().to_string(),
                    description: kind.description().to_string(),
                });
                Ok(())
            }
        }
    }

    /// `set player N|both chequerplay|cubedecision evaluation plies N` for `sides`.
    pub(super) fn set_player_depth(
        &mut self,
        sides: &[Side],
        decision: Decision,
        word: Option<&str>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let plies = parse_plies(word)?;
        for &side in sides {
            let depth = &mut self.settings.player_depth[side.index()];
            match decision {
                Decision::Chequerplay => depth.chequerplay = plies,
                Decision::CubeDecision => depth.cube_decision = plies,
            }
            out.reply(Reply::PlayerDepth {
                side: NamedSide::new(side, self.name(side)),
                plies,
                human: self.players[side.index()] == PlayerKind::Human,
            });
        }
        Ok(())
    }

    /// `show evaluation`: the evaluator and the depths of `hint` and `eval`, and the move
    /// filters (tavli's wording, in the shape of gnubg's).
    pub(super) fn show_evaluation(&self, out: &mut Response) {
        let depth = self.settings.evaluation;
        out.reply(Reply::Evaluation {
            evaluator: self.evaluator.label().to_string(),
            chequerplay: depth.chequerplay,
            filters: DEFAULT_FILTERS
                .iter()
                .map(|filter| FilterReport {
                    keep: filter.keep,
                    window: filter.window,
                })
                .collect(),
            cube_decision: depth.cube_decision,
            players: [Side::O, Side::X]
                .into_iter()
                .map(|side| {
                    let player = self.settings.player_depth[side.index()];
                    PlayerDepthReport {
                        side: NamedSide::new(side, self.name(side)),
                        chequerplay: player.chequerplay,
                        cube_decision: player.cube_decision,
                    }
                })
                .collect(),
        });
    }
}

/// The plies word of a `... evaluation plies N` command: 0 to [`MAX_PLIES`] (gnubg allows up
/// to 7; tavli searches at most 3).
fn parse_plies(word: Option<&str>) -> Result<u32, CommandError> {
    word.and_then(|word| word.parse::<u32>().ok())
        .filter(|plies| *plies <= MAX_PLIES)
        .ok_or_else(|| {
            CommandError::bad_argument(format!(
                "Valid numbers of plies to look ahead are 0 to {MAX_PLIES}."
            ))
        })
}

/// The evaluators `set evaluation evaluator` knows, for its error message.
fn evaluator_names() -> String {
    EvaluatorKind::ALL
        .iter()
        .map(|kind| kind.name())
        .collect::<Vec<_>>()
        .join(" or ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::repl::run_line;

    fn lines(session: &mut Session, line: &str) -> Result<Vec<String>, CommandError> {
        run_line(session, line).map(|response| {
            crate::protocol::text::render_response(&response)
                .stdout
                .lines()
                .map(str::to_string)
                .collect()
        })
    }

    #[test]
    fn depths_are_set_in_gnubgs_words() {
        let mut session = Session::new("root");
        assert_eq!(
            lines(
                &mut session,
                "set evaluation chequerplay evaluation plies 1"
            ),
            Ok(vec![
                "`eval' and `hint' chequerplay will use 1 ply evaluation.".to_string()
            ])
        );
        assert_eq!(
            lines(&mut session, "set eval cube eval plies 0"),
            Ok(vec![
                "`eval' and `hint' cube decisions will use 0 ply evaluation.".to_string()
            ])
        );
        assert_eq!(
            lines(&mut session, "set player 1 chequerplay evaluation plies 3"),
            Ok(vec![
                "root will use 3 ply evaluation.".to_string(),
                "(Note that this setting will have no effect until you `set player root gnu'.)"
                    .to_string()
            ])
        );
        assert_eq!(
            lines(&mut session, "set player 0 cubedecision evaluation plies 1"),
            Ok(vec!["gnubg will use 1 ply evaluation.".to_string()])
        );
        let settings = session.settings();
        assert_eq!(
            settings.evaluation,
            SearchDepth {
                chequerplay: 1,
                cube_decision: 0
            }
        );
        assert_eq!(settings.player_depth[1].chequerplay, 3);
        assert_eq!(settings.player_depth[0].cube_decision, 1);
    }

    #[test]
    fn bad_depths_and_evaluators_are_rejected_and_change_nothing() {
        let mut session = Session::new("root");
        for line in [
            "set evaluation chequerplay evaluation plies 4",
            "set evaluation chequerplay evaluation plies x",
            "set evaluation chequerplay evaluation plies",
            "set evaluation chequerplay evaluation",
            "set evaluation chequerplay",
            "set evaluation",
            "set player 0 cubedecision evaluation plies 9",
            "set player 2 chequerplay evaluation plies 1",
            "set evaluation evaluator gnubg",
        ] {
            let before = session.clone();
            assert!(lines(&mut session, line).is_err(), "{line}");
            assert!(session == before, "{line}");
        }
    }

    #[test]
    fn the_evaluator_can_be_chosen_by_name() {
        let mut session = Session::new("root");
        assert_eq!(session.evaluator.label(), "net");
        let answer = lines(&mut session, "set evaluation evaluator pubeval").unwrap_or_default();
        assert!(
            answer[0].starts_with("Positions will be judged by pubeval: "),
            "{answer:?}"
        );
        assert_eq!(session.evaluator().name(), "pubeval");
        let shown = lines(&mut session, "show evaluation").unwrap_or_default();
        assert!(
            shown.contains(&"    Evaluator: pubeval".to_string()),
            "{shown:?}"
        );
    }
}
