//! The arguments of `set ...` (the match, the cube, the players, the evaluation, the
//! analysis and rollouts) and gnubg's on/off words.

use super::words::Words;
use super::{incomplete, resolve, sub_keyword};
use crate::protocol::ast::{
    AnalysisSetting, AutomaticSetting, CubeSetting, Decision, EvaluationSetting, PlayerKind,
    PlayerSetting, RngChoice, RolloutSetting, SetCommand, ThresholdName, Toggle, VariationName,
};
use crate::protocol::keywords::{self, Keyword};
use crate::protocol::response::CommandError;
use crate::rules::Variant;

pub(super) fn parse_set(group: &Keyword, words: &mut Words) -> Result<SetCommand, CommandError> {
    let keyword = sub_keyword(group, words)?;
    Ok(match keyword.name {
        "analysis" => SetCommand::Analysis(parse_analysis(keyword, words)?),
        "automatic" => {
            let which = sub_keyword(keyword, words)?;
            let setting = match which.name {
                "bearoff" => AutomaticSetting::Bearoff,
                "crawford" => AutomaticSetting::Crawford,
                "doubles" => AutomaticSetting::Doubles,
                "game" => AutomaticSetting::Game,
                "move" => AutomaticSetting::Move,
                _ => AutomaticSetting::Roll,
            };
            if setting == AutomaticSetting::Doubles {
                SetCommand::Automatic(setting, words.next().map(|(word, _)| word))
            } else {
                let value = parse_toggle(words)?;
                SetCommand::Automatic(
                    setting,
                    value.map(|on| if on { "on" } else { "off" }.to_string()),
                )
            }
        }
        "beavers" => SetCommand::Beavers(words.next().and_then(|(word, _)| word.parse().ok())),
        "board" => SetCommand::Board(words.collect_all()),
        "clockwise" => SetCommand::Clockwise(parse_toggle(words)?),
        "crawford" => SetCommand::Crawford(parse_toggle(words)?),
        "cube" => {
            let which = sub_keyword(keyword, words)?;
            SetCommand::Cube(match which.name {
                "center" | "centre" => CubeSetting::Centre,
                "owner" => CubeSetting::Owner(words.next().map(|(word, _)| word)),
                "use" => CubeSetting::Use(parse_toggle(words)?),
                _ => CubeSetting::Value(words.next().map(|(word, _)| word)),
            })
        }
        "defaultnames" => SetCommand::DefaultNames(words.collect_all()),
        "dice" => SetCommand::Dice(words.collect_all()),
        "evaluation" => SetCommand::Evaluation(parse_evaluation(keyword, words)?),
        "gnubgid" => SetCommand::GnubgId(words.rest()),
        "jacoby" => SetCommand::Jacoby(parse_toggle(words)?),
        // gnubg reads the first word and ignores the rest (checked live), as for `set xgid`.
        "matchid" => SetCommand::MatchId(words.next().map(|(word, _)| word).unwrap_or_default()),
        "matchlength" => SetCommand::MatchLength(
            words
                .next()
                .and_then(|(word, _)| word.parse::<u32>().ok())
                .filter(|length| *length <= 64),
        ),
        "player" => parse_player(words)?,
        "postcrawford" => SetCommand::PostCrawford(parse_toggle(words)?),
        "rollout" => SetCommand::Rollout(parse_rollout(keyword, words)?),
        "rng" => {
            let which = sub_keyword(keyword, words)?;
            SetCommand::Rng(if which.name == "manual" {
                RngChoice::Manual
            } else {
                RngChoice::Mersenne
            })
        }
        "score" => SetCommand::Score(words.collect_all()),
        "seed" => SetCommand::Seed(
            words
                .next()
                .map(|(word, _)| word.parse::<u64>().map_err(|_| word)),
        ),
        "turn" => SetCommand::Turn(words.next().map(|(word, _)| word)),
        "variation" => SetCommand::Variation(parse_variation(keyword, words)?),
        _ => SetCommand::Xgid(words.next().map(|(word, _)| word).unwrap_or_default()),
    })
}

/// gnubg's on/off words (case-insensitive); anything else is "Illegal keyword".
fn parse_toggle(words: &mut Words) -> Result<Toggle, CommandError> {
    match words.next() {
        None => Ok(None),
        Some((word, offset)) => match word.to_ascii_lowercase().as_str() {
            "on" | "yes" | "true" => Ok(Some(true)),
            "off" | "no" | "false" => Ok(Some(false)),
            _ => Err(CommandError::bad_argument(format!(
                "Illegal keyword `{}'.",
                crate::echo::echoed(&word)
            ))
            .at(offset)),
        },
    }
}

/// `set rollout ...` after `rollout`.
fn parse_rollout(group: &Keyword, words: &mut Words) -> Result<RolloutSetting, CommandError> {
    let keyword = sub_keyword(group, words)?;
    fn number<T: std::str::FromStr>(words: &mut Words) -> Option<T> {
        words.next().and_then(|(word, _)| word.parse().ok())
    }
    Ok(match keyword.name {
        "trials" => RolloutSetting::Trials(number(words)),
        "seed" => RolloutSetting::Seed(number(words)),
        "cubeful" => RolloutSetting::Cubeful(parse_toggle(words)?),
        "varredn" => RolloutSetting::VarianceReduction(parse_toggle(words)?),
        "chequerplay" => {
            sub_keyword(keyword, words)?;
            RolloutSetting::ChequerplayPlies(number(words))
        }
        _ => {
            if sub_keyword(keyword, words)?.name == "enable" {
                RolloutSetting::TruncationEnable(parse_toggle(words)?)
            } else {
                RolloutSetting::TruncationPlies(number(words))
            }
        }
    })
}

/// `set variation NAME`: a keyword (unique prefix) or, failing that, one of the spellings
/// `Variant::from_name` knows (`english`, `backgammon`, `hypergammon`, ...).
fn parse_variation(group: &Keyword, words: &mut Words) -> Result<VariationName, CommandError> {
    let Some((word, offset)) = words.peek() else {
        return Err(incomplete());
    };
    let name = match resolve(group.children, &word, offset) {
        Ok(which) => which.name.to_string(),
        Err(error) => match Variant::from_name(&word) {
            Ok(variant) => variant.name().to_string(),
            Err(_) => return Err(error),
        },
    };
    words.next();
    Ok(if name == "tavli" {
        VariationName::Tavli
    } else {
        // Every other keyword of `set variation` is one of `Variant::from_name`'s names.
        VariationName::Variant(Variant::from_name(&name).unwrap_or(Variant::Standard))
    })
}

/// `set evaluation chequerplay|cubedecision evaluation plies N` or `set evaluation evaluator
/// NAME`.
fn parse_evaluation(group: &Keyword, words: &mut Words) -> Result<EvaluationSetting, CommandError> {
    let which = sub_keyword(group, words)?;
    if which.name == "evaluator" {
        return Ok(EvaluationSetting::Evaluator(
            words.next().map(|(word, _)| word),
        ));
    }
    let (decision, plies) = parse_depth(which, words)?;
    Ok(EvaluationSetting::Plies(decision, plies))
}

/// `evaluation plies N` after `chequerplay` or `cubedecision` (`which`).
fn parse_depth(
    which: &Keyword,
    words: &mut Words,
) -> Result<(Decision, Option<String>), CommandError> {
    let decision = if which.name == "chequerplay" {
        Decision::Chequerplay
    } else {
        Decision::CubeDecision
    };
    let evaluation = sub_keyword(which, words)?;
    sub_keyword(evaluation, words)?;
    Ok((decision, words.next().map(|(word, _)| word)))
}

/// `set analysis chequerplay|cubedecision evaluation plies N`, `luck on|off` or `threshold
/// NAME X`.
fn parse_analysis(group: &Keyword, words: &mut Words) -> Result<AnalysisSetting, CommandError> {
    let which = sub_keyword(group, words)?;
    Ok(match which.name {
        "luck" => AnalysisSetting::Luck(parse_toggle(words)?),
        "threshold" => {
            let name = match sub_keyword(which, words)?.name {
                "bad" => ThresholdName::Bad,
                "doubtful" => ThresholdName::Doubtful,
                "lucky" => ThresholdName::Lucky,
                "unlucky" => ThresholdName::Unlucky,
                "verybad" => ThresholdName::VeryBad,
                "verylucky" => ThresholdName::VeryLucky,
                _ => ThresholdName::VeryUnlucky,
            };
            AnalysisSetting::Threshold(name, words.next().map(|(word, _)| word))
        }
        _ => {
            let (decision, plies) = parse_depth(which, words)?;
            AnalysisSetting::Plies(decision, plies)
        }
    })
}

/// `chequerplay` or `cubedecision` (a unique prefix) after `set player N`.
fn player_depth_keyword(word: &str) -> Option<&'static Keyword> {
    keywords::resolve(keywords::EVALUATION, word)
        .ok()
        .filter(|keyword| keyword.name != "evaluator")
}

fn parse_player(words: &mut Words) -> Result<SetCommand, CommandError> {
    let Some((player, _)) = words.next() else {
        return Ok(SetCommand::Player(None, PlayerSetting::Missing));
    };
    let setting = match words.next() {
        None => PlayerSetting::Missing,
        Some((word, _)) => match word.to_ascii_lowercase().as_str() {
            "human" => PlayerSetting::Kind(PlayerKind::Human),
            "gnubg" => PlayerSetting::Kind(PlayerKind::Computer),
            lower if player_depth_keyword(lower).is_some() => {
                let which = player_depth_keyword(lower).unwrap_or(&keywords::EVALUATION[0]);
                let (decision, plies) = parse_depth(which, words)?;
                PlayerSetting::Plies(decision, plies)
            }
            lower if "name".starts_with(lower) => {
                let rest = words.rest_raw();
                PlayerSetting::Name((!rest.is_empty()).then(|| rest.to_string()))
            }
            _ => PlayerSetting::Unknown(word),
        },
    };
    Ok(SetCommand::Player(Some(player), setting))
}
