//! Reads a position written in any of the forms tavli knows, telling them apart by shape.

use super::base64::is_base64_char;
use super::error::ParsePositionError;
use super::fibs::{self, FibsFlavour};
use super::position_id::POSITION_ID_LENGTH;
use super::{gnubg_id, position_id, xgid};
use crate::rules::{MatchState, Side, Variant};

/// The forms [`parse_position`] recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionNotation {
    /// The word `start`.
    Start,
    /// A bare 14-character Position ID.
    PositionId,
    /// `POSITIONID:MATCHID`.
    GnubgId,
    /// An XGID, with or without `XGID=`.
    Xgid,
    /// A FIBS `board:` line.
    FibsBoard,
}

/// Which form `text` (already trimmed) has, judging by its shape only.
#[must_use]
pub fn detect_form(text: &str) -> Option<PositionNotation> {
    if text.eq_ignore_ascii_case("start") {
        return Some(PositionNotation::Start);
    }
    if text.starts_with("board:") {
        return Some(PositionNotation::FibsBoard);
    }
    let head = text.split(':').next().unwrap_or("");
    if text
        .get(..5)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("XGID="))
        || (text.contains(':') && head.chars().count() == 26)
    {
        return Some(PositionNotation::Xgid);
    }
    if text.contains(':') && head.chars().count() == POSITION_ID_LENGTH {
        return Some(PositionNotation::GnubgId);
    }
    if text.chars().count() == POSITION_ID_LENGTH && text.chars().all(is_base64_char) {
        return Some(PositionNotation::PositionId);
    }
    None
}

/// Reads a position in any known form (surrounding blanks ignored):
///
/// * `start`: the variant's starting position, `X` on roll, money, no dice;
/// * a 14-character Position ID: `X` on roll, money, cube centred, no dice;
/// * a GNUbg ID `POSITIONID:MATCHID` (a Match ID with one die 0 read as not rolled, as gnubg
///   and the REPL read it: [`gnubg_id::decode_as_gnubg_reads`]);
/// * an XGID (`XGID=` optional);
/// * a FIBS `board:` line (gnubg's `show board` flavour; names are dropped).
pub fn parse_position(text: &str, variant: Variant) -> Result<MatchState, ParsePositionError> {
    let text = text.trim();
    let unrecognised = || ParsePositionError::Unrecognised {
        text: text.to_string(),
    };
    match detect_form(text).ok_or_else(unrecognised)? {
        PositionNotation::Start => Ok(MatchState::new_money_game(variant, Side::X)),
        PositionNotation::PositionId => {
            let board = position_id::decode(text, Side::X, variant)
                .map_err(ParsePositionError::PositionId)?;
            Ok(MatchState {
                board,
                ..MatchState::new_money_game(variant, Side::X)
            })
        }
        PositionNotation::GnubgId => {
            gnubg_id::decode_as_gnubg_reads(text, variant).map_err(ParsePositionError::GnubgId)
        }
        PositionNotation::Xgid => xgid::decode(text, variant).map_err(ParsePositionError::Xgid),
        PositionNotation::FibsBoard => fibs::decode(text, variant, FibsFlavour::ShowBoard)
            .map(|board| board.state)
            .map_err(ParsePositionError::FibsBoard),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Board;

    #[test]
    fn every_form() {
        let start = Board::start(Variant::Standard);
        for text in [
            "start",
            " 4HPwATDgc/ABMA ",
            "4HPwATDgc/ABMA:cAkAAAAAAAAA",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10",
            "-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10",
            "board:root:gnubg:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
        ] {
            let state = parse_position(text, Variant::Standard).unwrap();
            assert_eq!(state.board, start, "{text}");
            assert_eq!(state.on_roll, Side::X, "{text}");
            assert_eq!(state.dice, None, "{text}");
        }
    }

    #[test]
    fn errors_name_the_form() {
        let error = parse_position("hello", Variant::Standard).unwrap_err();
        assert!(error.to_string().contains("Position ID"));
        assert!(error.to_string().contains("XGID"));
        assert!(matches!(
            parse_position("4HPwATDgc/ABMA:cAk", Variant::Standard),
            Err(ParsePositionError::GnubgId(_))
        ));
        assert!(matches!(
            parse_position("XGID=nonsense", Variant::Standard),
            Err(ParsePositionError::Xgid(_))
        ));
        assert!(matches!(
            parse_position("board:1:2", Variant::Standard),
            Err(ParsePositionError::FibsBoard(_))
        ));
    }
}
