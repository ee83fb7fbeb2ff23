//! Reads a POSITION argument: Position ID, GNUbg ID, XGID, FIBS board, a tavli position string
//! (any variant, `plakoto:O=...:X=...`) or `start`.

use super::exit::Outcome;
use crate::codec::parse_position;
use crate::codec::tavli_position::{decode_position, encode_position};
use crate::rules::{Board, GameResult, GameState, MatchState, RuleSet, Side, Variant};
use std::fmt;

/// Why a POSITION argument cannot be read.
#[derive(Debug)]
pub struct PositionArgumentError(String);

impl fmt::Display for PositionArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PositionArgumentError {}

/// Whether `text` is a tavli position string (`VARIANT:O=...:X=...`).
fn is_position_string(text: &str) -> bool {
    text.split_once(':')
        .is_some_and(|(name, rest)| Variant::from_name(name).is_ok() && rest.starts_with("O="))
}

/// Reads any of the position forms tavli accepts; the form is detected. A tavli position
/// string names its own variant (it must agree with `--variant` unless that is the default);
/// it and the bare forms put `X` on roll in a money game with no dice.
///
/// # Errors
/// A message naming the problem, or the forms when none matches; a gnubg ID for a variant
/// whose checkers a gnubg ID cannot hold (pinned Plakoto checkers, Fevga's geometry).
pub fn read_position(text: &str, variant: Variant) -> Result<MatchState, PositionArgumentError> {
    let text = text.trim();
    if is_position_string(text) {
        let (named, board) =
            decode_position(text).map_err(|error| PositionArgumentError(error.to_string()))?;
        if named != variant && variant != Variant::Standard {
            return Err(PositionArgumentError(format!(
                "the position string is a {named} position but --variant is {variant}"
            )));
        }
        return Ok(money_state(named, board));
    }
    if !variant.has_gnubg_position_id() && !text.eq_ignore_ascii_case("start") {
        return Err(PositionArgumentError(format!(
            "a gnubg ID, XGID or FIBS board cannot hold a {variant} position; write a tavli \
             position string such as `{}`",
            encode_position(variant, &Board::start(variant))
        )));
    }
    // The codec's messages quote a long argument by its first characters only (crate::echo).
    parse_position(text, variant).map_err(|error| PositionArgumentError(error.to_string()))
}

/// Reads the `--variant` and POSITION arguments of a subcommand. On failure gives the outcome
/// (an unknown variant is a usage error, a bad position rejected input) and the message.
pub fn read_arguments(position: &str, variant: &str) -> Result<MatchState, (Outcome, String)> {
    let variant = Variant::from_name(variant).map_err(|e| (Outcome::Failure, e.to_string()))?;
    read_position(position, variant).map_err(|e| (Outcome::Rejected, e.to_string()))
}

fn money_state(variant: Variant, board: Board) -> MatchState {
    let mut state = MatchState::new_money_game(variant, Side::X);
    state.board = board;
    state
}

/// Refuses a state with no game to play or judge: a match or game that is over, a board on
/// which a player has borne off every checker, or (Plakoto) a pinned mother checker.
///
/// # Errors
/// The message saying why there is no game.
pub fn refuse_finished(state: &MatchState) -> Result<(), String> {
    match state.game_state {
        GameState::Playing => {}
        GameState::NoGame => return Err("the position is of no game in progress".to_string()),
        GameState::Over | GameState::Resigned | GameState::Dropped => {
            return Err("the game is over: there is nothing to play or judge".to_string())
        }
    }
    if state.is_match()
        && (state.score[0] >= state.match_length || state.score[1] >= state.match_length)
    {
        return Err("the match is over: there is nothing to play or judge".to_string());
    }
    if let Some(side) = Side::BOTH
        .into_iter()
        .find(|side| state.board.checkers_in_play(*side) == 0)
    {
        return Err(format!(
            "the game is over: player {} ({}) has borne off every checker",
            side.index(),
            side.letter()
        ));
    }
    match RuleSet::new(state.variant).result(&state.board) {
        None => Ok(()),
        Some(GameResult::Draw) => {
            Err("the game is over: both mother checkers are pinned (a draw)".to_string())
        }
        Some(GameResult::Win { winner, .. }) => {
            let loser = winner.opponent();
            Err(format!(
                "the game is over: player {} ({})'s mother checker is pinned",
                loser.index(),
                loser.letter()
            ))
        }
    }
}

/// The position in the variant's own text form: gnubg's Position ID where it can hold the
/// position, the tavli position string otherwise.
#[must_use]
pub fn position_text(variant: Variant, board: &Board, on_roll: Side) -> String {
    crate::codec::tavli_position::position_text(variant, board, on_roll)
}

/// The value parser of `--variant`: every name and alias that [`Variant::from_name`] reads,
/// with the variants' names listed in `--help` and offered by the shell completions.
#[derive(Clone, Copy, Debug, Default)]
pub struct VariantName;

impl clap::builder::TypedValueParser for VariantName {
    type Value = String;

    fn parse_ref(
        &self,
        command: &clap::Command,
        argument: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        match Variant::from_name(&text) {
            Ok(_) => Ok(text.into_owned()),
            Err(error) => {
                let name = argument.map_or_else(|| "--variant".to_string(), ToString::to_string);
                Err(clap::Error::raw(
                    clap::error::ErrorKind::InvalidValue,
                    format!("invalid value '{text}' for '{name}': {error}\n"),
                )
                .with_cmd(command))
            }
        }
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(Variant::ALL.into_iter().map(|variant| {
            clap::builder::PossibleValue::new(variant.name())
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_in_play_is_accepted_and_a_finished_one_refused() {
        let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
        assert_eq!(refuse_finished(&state), Ok(()));
        state.game_state = GameState::Over;
        assert!(refuse_finished(&state).is_err());
    }

    #[test]
    fn a_side_without_checkers_or_a_pinned_mother_ends_the_game() {
        let borne_off = read_position("AAAABgAAAAAAAA", Variant::Standard).unwrap();
        assert_eq!(
            refuse_finished(&borne_off),
            Err("the game is over: player 0 (O) has borne off every checker".to_string())
        );
        let mother = read_position("plakoto:O=23x14,1:X=24p,6x14", Variant::Plakoto).unwrap();
        assert_eq!(
            refuse_finished(&mother),
            Err("the game is over: player 1 (X)'s mother checker is pinned".to_string())
        );
        let start = read_position("start", Variant::Plakoto).unwrap();
        assert_eq!(refuse_finished(&start), Ok(()));
    }
}
