//! gnubg's text for the replies of the `show` and settings commands, made from their values
//! ([`Reply`]): the text renderer prints these lines, the JSON renderer sets them beside the
//! reply as `line` outputs.

use super::ast::Decision;
use super::event_text::{counted, resignation_word};
use super::reply::Reply;

fn on_off(value: bool) -> &'static str {
    if value {
        "On"
    } else {
        "Off"
    }
}

fn with(on: bool) -> &'static str {
    if on {
        "with"
    } else {
        "without"
    }
}

/// The lines gnubg prints for `reply`, in order (no newlines).
#[must_use]
pub fn reply_lines(reply: &Reply) -> Vec<String> {
    match reply {
        Reply::Automatic {
            bearoff,
            crawford,
            doubles,
            game,
            moves,
            roll,
        } => vec![
            format!(
                "bearoff \t(Play certain non-contact bearoff moves):      \t{}",
                on_off(*bearoff)
            ),
            format!(
                "crawford\t(Enable the Crawford rule as appropriate):     \t{}",
                on_off(*crawford)
            ),
            format!("doubles \t(Turn the cube when opening roll is a double): \t{doubles}"),
            format!(
                "game    \t(Start a new game after each one is completed):\t{}",
                on_off(*game)
            ),
            format!(
                "move    \t(Play the forced move when there is no choice):\t{}",
                on_off(*moves)
            ),
            format!(
                "roll    \t(Roll the dice if no double is possible):      \t{}",
                on_off(*roll)
            ),
        ],
        Reply::PlayedWithoutCube { variant } => {
            vec![format!("{variant} is played without the doubling cube.")]
        }
        Reply::Dice { player, dice } => vec![match dice {
            Some([first, second]) => format!("{player} has rolled {first} and {second}."),
            None => format!("{player} has not yet rolled the dice."),
        }],
        Reply::Jacoby {
            session,
            new_sessions,
        } => {
            let mut lines = Vec::new();
            if let Some(on) = session {
                lines.push(format!(
                    "This money session is played {} the Jacoby rule.",
                    with(*on)
                ));
            }
            lines.push(format!(
                "New money sessions are played {} the Jacoby rule.",
                with(*new_sessions)
            ));
            lines
        }
        Reply::MatchLength { points } => vec![format!(
            "New matches default to {}.",
            counted(*points, "point")
        )],
        Reply::Turn {
            player,
            rolled,
            resignation,
        } => {
            let mut lines = vec![if *rolled {
                format!("{player} in on move.")
            } else {
                format!("{player} in on roll.")
            }];
            if let Some((resigner, kind)) = resignation {
                lines.push(format!(
                    "{resigner} has offered to resign a {}.",
                    resignation_word(*kind)
                ));
            }
            lines
        }
        Reply::Version { version } => vec![
            format!("tavli {version}"),
            "A command-line backgammon tool that speaks GNU Backgammon's text protocol."
                .to_string(),
        ],
        Reply::Variation {
            playing,
            default,
            changed,
        } => {
            let mut lines = Vec::new();
            if let Some(title) = playing {
                lines.push(format!("You are playing: {title}"));
            }
            lines.push(format!("Default variation is: {default}"));
            if *changed {
                if let Some(title) = playing {
                    lines.push(format!(
                        "The current match or session is being played as `{title}'."
                    ));
                }
                lines.push(format!(
                    "Please start a new match or session to play `{default}'"
                ));
            }
            lines
        }
        Reply::MatchStarted { length } => vec![format!(
            "A new {} match has been started.",
            counted(*length, "point")
        )],
        Reply::MatchLengthSet { points } => vec![format!(
            "New matches default to {}.",
            counted(*points, "point")
        )],
        Reply::AutomaticDouble { cube } => vec![format!("The cube is now at {cube}.")],
        Reply::Seed { seed } => vec![format!("Seed set to {seed}.")],
        Reply::CubeValueSet { value } => vec![format!("The cube has been set to {value}.")],
        Reply::CubeOwnerSet { player } => vec![format!("{player} now owns the cube.")],
        Reply::PlayerName { player, name } => {
            vec![format!("Player {player} is now known as `{name}'.")]
        }
        Reply::DefaultNames {
            names: [first, second],
        } => vec![
            format!("Players will be known as `{first}' and `{second}'."),
            " This setting will take effect when a new match is started.".to_string(),
        ],
        Reply::PreviousWinnerStarts { player } => {
            vec![format!("{player} won the previous game and starts.")]
        }
        Reply::OpeningRoll {
            names: [first_name, second_name],
            dice: [first, second],
        } => vec![format!(
            "{first_name} rolls {first}, {second_name} rolls {second}."
        )],
        Reply::RankedPlays { ranking, plays } => {
            let mut lines = vec![format!("Plays ranked by {ranking} (scores, not equities):")];
            let best = plays.first().map_or(0.0, |play| play.score);
            for (rank, play) in plays.iter().enumerate() {
                let difference = if rank == 0 {
                    String::new()
                } else {
                    format!(" ({:+.3})", play.score - best)
                };
                lines.push(format!(
                    " {:>4}. {:<28} Score: {:+.3}{difference}",
                    rank + 1,
                    play.notation,
                    play.score
                ));
            }
            lines
        }
        Reply::CubeReset { variant } => vec![format!(
            "({variant} has no cube: the cube stays at 1, centred, without a Crawford game.)"
        )],
        Reply::EvaluationDepth { decision, plies } => {
            let decisions = match decision {
                Decision::Chequerplay => "chequerplay",
                Decision::CubeDecision => "cube decisions",
            };
            vec![format!(
                "`eval' and `hint' {decisions} will use {plies} ply evaluation."
            )]
        }
        Reply::Evaluator { name, description } => {
            vec![format!(
                "Positions will be judged by {name}: {description}."
            )]
        }
        Reply::PlayerDepth {
            player,
            plies,
            human,
        } => {
            let mut lines = vec![format!("{player} will use {plies} ply evaluation.")];
            if *human {
                lines.push(format!(
                    "(Note that this setting will have no effect until you `set player {player} gnu'.)"
                ));
            }
            lines
        }
        Reply::Evaluation {
            evaluator,
            chequerplay,
            filters,
            cube_decision,
            players,
        } => {
            let mut lines = vec![
                "`eval' and `hint' will use:".to_string(),
                format!("    Evaluator: {evaluator}"),
                "    Chequer play:".to_string(),
                format!("        {chequerplay}-ply evaluation."),
                "    Move filters:".to_string(),
            ];
            for (level, filter) in filters.iter().enumerate() {
                lines.push(format!(
                    "      after {level} ply: keep up to {} moves within equity {:.2}",
                    filter.keep, filter.window
                ));
            }
            lines.push("    Cube decisions:".to_string());
            lines.push(format!("        {cube_decision}-ply evaluation."));
            for player in players {
                lines.push(format!(
                    "{} (when played by the computer): chequer play {}-ply, cube decisions {}-ply.",
                    player.player, player.chequerplay, player.cube_decision
                ));
            }
            lines
        }
    }
}
