//! gnubg's text for the replies of the `show`, settings and edit commands, made from their
//! values ([`Reply`]): the text renderer prints it, the JSON renderer sets it beside the
//! reply as `line` (and `partial`) outputs.

use super::ast::{AutomaticSetting, Decision, PlayerKind};
use super::event_text::{counted, resignation_word};
use super::game_list_text::game_list_lines;
use super::reply::Reply;
use super::response::Output;
use super::score_text::{game_complete_lines, game_scored_line, score_line};
use super::text::difference_text;

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

/// gnubg's text for `reply`, in order: whole lines ([`Output::Line`]), and text gnubg leaves
/// without a newline ([`Output::Partial`]: the score in match play, `show cube`, the step
/// back from a double).
#[must_use]
pub fn reply_text(reply: &Reply) -> Vec<Output> {
    let partial = |text: String| Output::Partial { text };
    match reply {
        Reply::Score(report) if report.length > 0 => vec![partial(score_line(report))],
        Reply::Cube { value, owner } => vec![partial(match owner {
            None => format!("The cube is at {value}, and is centred."),
            Some(owner) => format!("The cube is at {value}, and is owned by {}.", owner.name),
        })],
        Reply::DoubleSteppedBack => vec![
            Output::Line {
                text: "SetMatchID cannot handle positions where a double has been offered."
                    .to_string(),
            },
            partial("Stepping back to the offering of the cube. ".to_string()),
        ],
        other => reply_lines(other)
            .into_iter()
            .map(|text| Output::Line { text })
            .collect(),
    }
}

/// The lines gnubg prints for `reply`, in order (no newlines), for a reply made of whole
/// lines.
fn reply_lines(reply: &Reply) -> Vec<String> {
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
        Reply::PlayedWithoutCube { title, .. } => {
            vec![format!("{title} is played without the doubling cube.")]
        }
        Reply::Dice { side, dice } => vec![match dice {
            Some([first, second]) => format!("{} has rolled {first} and {second}.", side.name),
            None => format!("{} has not yet rolled the dice.", side.name),
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
            side,
            rolled,
            resignation,
        } => {
            let player = &side.name;
            let mut lines = vec![if *rolled {
                format!("{player} in on move.")
            } else {
                format!("{player} in on roll.")
            }];
            if let Some(offered) = resignation {
                lines.push(format!(
                    "{} has offered to resign a {}.",
                    offered.side.name,
                    resignation_word(offered.resignation)
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
            playing_title: playing,
            default_title: default,
            changed,
            ..
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
        Reply::CubeOwnerSet { side } => vec![format!("{} now owns the cube.", side.name)],
        Reply::PlayerName { player, name } => {
            vec![format!("Player {player} is now known as `{name}'.")]
        }
        Reply::DefaultNames {
            names: [first, second],
        } => vec![
            format!("Players will be known as `{first}' and `{second}'."),
            " This setting will take effect when a new match is started.".to_string(),
        ],
        Reply::PreviousWinnerStarts { side } => {
            vec![format!("{} won the previous game and starts.", side.name)]
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
                    format!(" ({})", difference_text(play.score - best))
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
        Reply::CubeReset { title, .. } => vec![format!(
            "({title} has no cube: the cube stays at 1, centred, without a Crawford game.)"
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
        Reply::PlayerDepth { side, plies, human } => {
            let player = &side.name;
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
                    player.side.name, player.chequerplay, player.cube_decision
                ));
            }
            lines
        }
        Reply::Beavers { count } => vec![match count {
            0 => "No beavers allowed in money sessions.".to_string(),
            1 => "1 beaver allowed in money sessions.".to_string(),
            _ => format!("{count} beavers/raccoons allowed in money sessions."),
        }],
        Reply::Clockwise { on } => vec![if *on {
            "Player 1 moves clockwise (and player 0 moves anticlockwise).".to_string()
        } else {
            "Player 1 moves anticlockwise (and player 0 moves clockwise).".to_string()
        }],
        Reply::JacobySet { on } => vec![format!(
            "Will {}use the Jacoby rule for money sessions.",
            if *on { "" } else { "not " }
        )],
        Reply::SystemSeed => vec!["Seed initialised from system random data.".to_string()],
        Reply::AutomaticDoublesSet {
            count,
            match_play,
            cube_use,
        } => automatic_doubles_lines(*count, *match_play, *cube_use),
        Reply::AutomaticSet { setting, on } => vec![automatic_line(*setting, *on).to_string()],
        Reply::CrawfordSet { on } => vec![if *on {
            "This game is the Crawford game (no doubling allowed).".to_string()
        } else {
            "This game is not the Crawford game.".to_string()
        }],
        Reply::PostCrawfordSet { on } => vec![if *on {
            "This is post-Crawford play (doubling allowed).".to_string()
        } else {
            "This is not post-Crawford play.".to_string()
        }],
        Reply::CubeUse {
            on,
            crawford_game,
            money_jacoby,
        } => cube_use_lines(*on, *crawford_game, *money_jacoby),
        Reply::CubeCentred => vec!["The cube has been centred.".to_string()],
        Reply::HalfRolledDice => {
            vec!["You must specify two numbers from 1 to 6 for the dice.".to_string()]
        }
        Reply::CubeDisabled => vec!["The cube is disabled (see `help set cube use').".to_string()],
        Reply::PlayerKindSet { side, kind } => {
            let player = &side.name;
            vec![match kind {
            PlayerKind::Human => format!("Moves for {player} must now be entered manually."),
            PlayerKind::Computer => {
                format!("Moves for {player} will now be played by GNU Backgammon.")
            }
        }]
        }
        Reply::DiceSet {
            dice: [first, second],
        } => vec![format!("The dice have been set to {first} and {second}.")],
        Reply::TurnSet { side } => vec![format!("`{}' is now on roll.", side.name)],
        Reply::GnubgId { id } => vec![format!("Setting GNUbg ID {id}")],
        Reply::Score(report) => vec![score_line(report)],
        Reply::CrawfordGame { crawford } => vec![match crawford {
            None => "Crawford rule is not used in money sessions.".to_string(),
            Some(true) => "This game is the Crawford game.".to_string(),
            Some(false) => "This game is not the Crawford game".to_string(),
        }],
        Reply::PostCrawford { post_crawford } => vec![match post_crawford {
            None => "Crawford rule is not used in money sessions.".to_string(),
            Some(true) => "This is post-Crawford play.".to_string(),
            Some(false) => "This is not post-Crawford play.".to_string(),
        }],
        Reply::CubeInCrawfordGame => {
            vec!["The cube is disabled during the Crawford game.".to_string()]
        }
        Reply::CubeNotUsed => vec!["The doubling cube is disabled.".to_string()],
        Reply::DiceBeforeGame => {
            vec!["The dice will not be rolled until a game is started.".to_string()]
        }
        Reply::PipCounts {
            players: [first, second],
        } => vec![format!(
            "The pip counts are: {} {}, {} {}.",
            first.side.name, first.pips, second.side.name, second.pips
        )],
        Reply::Rng => vec!["You are using the Mersenne Twister generator.".to_string()],
        // gnubg writes no full stop after the Mersenne Twister's seed.
        Reply::CurrentSeed { seed } => vec![format!("The current seed is {seed}")],
        Reply::NoGameBeingPlayed => vec!["No game is being played.".to_string()],
        Reply::NoLegalMoves => vec!["There are no legal moves.".to_string()],
        Reply::GameList { entries } => game_list_lines(entries),
        Reply::ResignationHint {
            equity_before,
            equity_after,
            accept,
        } => vec![
            format!("Equity before resignation : {equity_before:+.3}"),
            format!(
                "Equity after resignation : {equity_after:+.3} ({:+.3})",
                equity_after - equity_before
            ),
            String::new(),
            format!(
                "Correct resign decision : {}",
                if *accept { "Accept" } else { "Reject" }
            ),
            String::new(),
        ],
        Reply::SessionStarted => vec!["A new session has been started.".to_string()],
        Reply::GameScored {
            side,
            counted_as,
            points,
        } => vec![game_scored_line(&side.name, *counted_as, *points)],
        Reply::GameComplete { winner } => game_complete_lines(
            winner
                .as_ref()
                .map(|winner| (winner.side.name.clone(), winner.points))
                .as_ref(),
        ),
        Reply::EditedGameExport => vec![
            "Warning: this game was edited during play and cannot be exported correctly in this format.".to_string(),
            "Use Snowie text format instead.".to_string(),
        ],
        // Text left open: made by `reply_text` itself.
        Reply::Cube { .. } | Reply::DoubleSteppedBack => Vec::new(),
    }
}

/// `set automatic doubles N`: the count, and why it has no effect yet, if it has none.
fn automatic_doubles_lines(count: u32, match_play: bool, cube_use: bool) -> Vec<String> {
    let mut lines = vec![match count {
        0 => "Automatic doubles will not be used.".to_string(),
        1 => "A single automatic double will be permitted.".to_string(),
        _ => format!("Automatic doubles will be used (up to a limit of {count})."),
    }];
    if count > 0 && match_play {
        lines.push(
            "(Note that automatic doubles will have no effect until you start session play.)"
                .to_string(),
        );
    } else if count > 0 && !cube_use {
        lines.push(
            "Note that automatic doubles will have no effect until you enable cube use".to_string(),
        );
        lines.push("(see `help set cube use').".to_string());
    }
    lines
}

/// `set automatic SETTING on|off`.
fn automatic_line(setting: AutomaticSetting, on: bool) -> &'static str {
    match (setting, on) {
        (AutomaticSetting::Bearoff, true) => {
            "Will automatically bear off as many chequers as possible."
        }
        (AutomaticSetting::Bearoff, false) => "Will not automatically bear off chequers.",
        (AutomaticSetting::Crawford, true) => {
            "Will enable the Crawford game according to match score."
        }
        (AutomaticSetting::Crawford, false) => {
            "Will not enable the Crawford game according to match score."
        }
        (AutomaticSetting::Game, true) => "Will automatically start games after wins.",
        (AutomaticSetting::Game, false) => "Will not automatically start games.",
        (AutomaticSetting::Move, true) => "Forced moves will be made automatically.",
        (AutomaticSetting::Move, false) => "Forced moves will not be made automatically.",
        (AutomaticSetting::Roll | AutomaticSetting::Doubles, true) => {
            "Will automatically roll the dice when no cube action is possible."
        }
        (AutomaticSetting::Roll | AutomaticSetting::Doubles, false) => {
            "Will not automatically roll the dice."
        }
    }
}

/// `set cube use on|off`, with gnubg's notes on the Crawford game and the Jacoby rule.
fn cube_use_lines(on: bool, crawford_game: bool, money_jacoby: bool) -> Vec<String> {
    let mut lines = vec![if on {
        "Use of the doubling cube is permitted.".to_string()
    } else {
        "Use of the doubling cube is disabled.".to_string()
    }];
    if on && crawford_game {
        lines.push(
            "(But the Crawford rule is in effect, so you won't be able to use it during"
                .to_string(),
        );
        lines.push("this game.)".to_string());
    }
    if !on && money_jacoby {
        lines.push(
            "Note that you'll have to disable the Jacoby rule if you want gammons and".to_string(),
        );
        lines.push("backgammons to be scored (see `help set jacoby').".to_string());
    }
    lines
}
