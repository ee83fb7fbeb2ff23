//! gnubg's GNUbg ID `POSITIONID:MATCHID` and the lenient scan of `set gnubgid`.
//!
//! The Position ID is relative to the player on roll (the dice owner of the Match ID).

use super::base64::is_base64_char;
use super::error::ParseGnubgIdError;
use super::match_id::{self, MATCH_ID_LENGTH};
use super::position_id::{self, POSITION_ID_LENGTH};
use crate::rules::{MatchState, Variant};

/// Writes `POSITIONID:MATCHID` for `state`.
#[must_use]
pub fn encode(state: &MatchState) -> String {
    format!(
        "{}:{}",
        position_id::encode(&state.board, state.on_roll),
        match_id::encode(state)
    )
}

/// Reads exactly `POSITIONID:MATCHID` (14 characters, `:`, 12 characters).
pub fn decode(text: &str, variant: Variant) -> Result<MatchState, ParseGnubgIdError> {
    decode_with(text, variant, |fields| fields)
}

/// [`decode`] as gnubg takes a GNUbg ID up: a Match ID with one die 0 is not rolled
/// ([`MatchIdFields::with_half_roll_undone`]).
///
/// [`MatchIdFields::with_half_roll_undone`]: super::MatchIdFields::with_half_roll_undone
pub fn decode_as_gnubg_reads(
    text: &str,
    variant: Variant,
) -> Result<MatchState, ParseGnubgIdError> {
    decode_with(text, variant, super::MatchIdFields::with_half_roll_undone)
}

fn decode_with(
    text: &str,
    variant: Variant,
    settle: fn(super::MatchIdFields) -> super::MatchIdFields,
) -> Result<MatchState, ParseGnubgIdError> {
    let (position_text, match_text) = text
        .split_once(':')
        .ok_or(ParseGnubgIdError::MissingSeparator)?;
    let match_offset = position_text.chars().count() + 1;
    let fields =
        settle(
            match_id::decode(match_text).map_err(|error| ParseGnubgIdError::Match {
                offset: match_offset,
                error,
            })?,
        );
    let board = position_id::decode(position_text, fields.dice_owner, variant)
        .map_err(|error| ParseGnubgIdError::Position { offset: 0, error })?;
    fields
        .into_state(board, variant)
        .map_err(ParseGnubgIdError::State)
}

/// What the lenient scan of `set gnubgid` found: the first run of exactly 14 Base64
/// characters (a Position ID) and the first run of exactly 12 (a Match ID), each with its
/// character offset. At least one of them is present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScannedIds<'a> {
    /// The Position ID and its offset.
    pub position_id: Option<(usize, &'a str)>,
    /// The Match ID and its offset.
    pub match_id: Option<(usize, &'a str)>,
}

/// Finds the IDs as gnubg's `set gnubgid` does: any separators, either order, runs of other
/// lengths ignored. Nothing found is [`ParseGnubgIdError::NoIdsFound`].
pub fn scan(text: &str) -> Result<ScannedIds<'_>, ParseGnubgIdError> {
    let mut found = ScannedIds {
        position_id: None,
        match_id: None,
    };
    let mut run_start: Option<(usize, usize)> = None; // (byte, char) offsets
    let mut chars = 0usize;
    let mut close_run = |start: Option<(usize, usize)>, end_byte: usize, end_char: usize| {
        if let Some((byte, char_offset)) = start {
            let run = &text[byte..end_byte];
            let slot = match end_char - char_offset {
                POSITION_ID_LENGTH => &mut found.position_id,
                MATCH_ID_LENGTH => &mut found.match_id,
                _ => return,
            };
            if slot.is_none() {
                *slot = Some((char_offset, run));
            }
        }
    };
    for (byte, character) in text.char_indices() {
        if is_base64_char(character) {
            if run_start.is_none() {
                run_start = Some((byte, chars));
            }
        } else {
            close_run(run_start.take(), byte, chars);
        }
        chars += 1;
    }
    close_run(run_start, text.len(), chars);
    if found.position_id.is_none() && found.match_id.is_none() {
        return Err(ParseGnubgIdError::NoIdsFound);
    }
    Ok(found)
}

/// The state gnubg keeps when it sets the Match ID of `state` (`set matchid`, and the
/// Match ID part of `set gnubgid` and `set xgid`), as observed in gnubg 1.07:
///
/// * a pending double is stepped back: the player who offered it (the one not deciding)
///   is on roll and decides (the dice, normally none, are kept);
/// * a pending resignation is dropped;
/// * when the dice are rolled or the cube is not 1 and centred, the player on roll decides
///   (gnubg sets the dice and cube after the ID); otherwise the turn is kept as written;
/// * the Crawford flag is kept only when a player is 1-away in a match longer than one
///   point, and in the Crawford game the cube value is 1 (its owner is kept).
#[must_use]
pub fn settled_as_gnubg_sets(mut state: MatchState) -> MatchState {
    if state.double_offered {
        let doubler = state.turn.opponent();
        state.on_roll = doubler;
        state.turn = doubler;
        state.double_offered = false;
    }
    state.resignation = None;
    if state.dice.is_some() || state.cube_value > 1 || state.cube_owner.is_some() {
        // gnubg sets the dice and the cube after the ID, which gives the decision back to
        // the player on roll.
        state.turn = state.on_roll;
    }
    let length = state.match_length;
    let one_away = length > 1 && state.score.iter().any(|&points| points + 1 == length);
    state.crawford = state.crawford && one_away;
    if state.crawford {
        state.cube_value = 1;
    }
    state
}

/// Applies what [`scan`] finds to `current`, as `set gnubgid` does: the Match ID first
/// (replacing cube, dice, turn, score and settings, then settled as in
/// [`settled_as_gnubg_sets`]), then the Position ID relative to the resulting player on
/// roll. The board and variant come from `current` when absent. On any error `current` is
/// left as it was (it is only read).
pub fn apply_lenient(text: &str, current: &MatchState) -> Result<MatchState, ParseGnubgIdError> {
    apply_scanned(scan(text)?, current)
}

/// [`apply_lenient`] of what [`scan`] already found (for a caller that also reads the IDs
/// found).
pub fn apply_scanned(
    found: ScannedIds<'_>,
    current: &MatchState,
) -> Result<MatchState, ParseGnubgIdError> {
    let mut state = *current;
    if let Some((offset, match_text)) = found.match_id {
        let fields = match_id::decode(match_text)
            .map_err(|error| ParseGnubgIdError::Match { offset, error })?;
        state = fields
            .into_state(current.board, current.variant)
            .map(settled_as_gnubg_sets)
            .map_err(ParseGnubgIdError::State)?;
    }
    if let Some((offset, position_text)) = found.position_id {
        state.board = position_id::decode(position_text, state.on_roll, state.variant)
            .map_err(|error| ParseGnubgIdError::Position { offset, error })?;
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Dice, Side};

    #[test]
    fn round_trip_of_the_opening() {
        let state = decode("4HPwATDgc/ABMA:cIkFAAAAAAAA", Variant::Standard).unwrap();
        assert_eq!(state.dice, Some(Dice::new(3, 1).unwrap()));
        assert_eq!(state.on_roll, Side::X);
        assert_eq!(encode(&state), "4HPwATDgc/ABMA:cIkFAAAAAAAA");
    }

    #[test]
    fn errors_carry_offsets() {
        assert_eq!(
            decode("4HPwATDgc/ABMA", Variant::Standard),
            Err(ParseGnubgIdError::MissingSeparator)
        );
        assert!(matches!(
            decode("4HPwATDgc/ABMA:cIkFAAA!AAAA", Variant::Standard),
            Err(ParseGnubgIdError::Match { offset: 15, .. })
        ));
        assert!(matches!(
            decode("4HPwATDgc/AB?A:cIkFAAAAAAAA", Variant::Standard),
            Err(ParseGnubgIdError::Position { offset: 0, .. })
        ));
    }

    #[test]
    fn scan_like_set_gnubgid() {
        // Cases tried with gnubg 1.07.
        let found = scan("MAEAAAAAAAAA;; sGfwATDgc/ABMA").unwrap();
        assert_eq!(found.position_id, Some((15, "sGfwATDgc/ABMA")));
        assert_eq!(found.match_id, Some((0, "MAEAAAAAAAAA")));
        let found = scan("4HPwATDgc/ABMAxx:cIkFAAAAAAAA").unwrap();
        assert_eq!(found.position_id, None);
        assert_eq!(found.match_id, Some((17, "cIkFAAAAAAAA")));
        let found = scan("sGfwATDgc/ABMA:MAEAAAAAAAAAA").unwrap();
        assert_eq!(found.match_id, None);
        assert_eq!(scan("no ids here"), Err(ParseGnubgIdError::NoIdsFound));
    }

    #[test]
    fn settled_like_set_matchid() {
        // Match IDs given to gnubg 1.07's `set matchid` and the IDs it then showed.
        let current = MatchState::new_money_game(Variant::Standard, Side::X);
        for (given, shown) in [
            ("cKEFAAAAAAAA", "cIkFAAAAAAAA"), // resignation pending: dropped
            ("MBkAAAAAAAAA", "MAEAAAAAAAAA"), // O doubled: O on roll again
            ("chEGAAAAAAAA", "cgkGAAAAAAAA"), // doubled with dice (odd, but kept)
            ("EREAAAAAAAAA", "UQkAAAAAAAAA"), // X beavered: X (who redoubled) on roll
            ("MEllAAAAAAAE", "MAFlAAAAAAAE"), // resignation pending, dice kept
            ("sClAAAAACAAE", "sAlAAAAACAAE"), // resigned before rolling: turn kept
            ("ciEAAAAAAAAA", "cgkAAAAAAAAA"), // ... unless the cube is not 1 and centred
            ("ECkAAAAAAAAE", "EAEAAAAAAAAE"),
            ("MAkAAAAAAAAE", "MAkAAAAAAAAE"), // turn differs, nothing pending: kept
            ("8IklAAAAAAAA", "cIklAAAAAAAA"), // no Crawford game in a 1-point match
            ("0omlACAAAAAA", "UomlACAAAAAA"), // nor when nobody is 1-away
            ("0omlAEAAAAAA", "0ImlAEAAAAAA"), // Crawford game: cube 1, owner kept
            ("8ImlAEAAIAAA", "8ImlAEAAIAAA"), // Crawford flag kept at 4-4
        ] {
            let state = apply_lenient(given, &current).unwrap();
            assert_eq!(match_id::encode(&state), shown, "{given}");
        }
    }

    #[test]
    fn apply_lenient_uses_the_new_player_on_roll() {
        let current = MatchState::new_money_game(Variant::Standard, Side::X);
        let state = apply_lenient(" sGfwATDgc/ABMA  MAEAAAAAAAAA", &current).unwrap();
        assert_eq!(state.on_roll, Side::O);
        assert_eq!(encode(&state), "sGfwATDgc/ABMA:MAEAAAAAAAAA");
        // A pending beaver steps back to the beaverer on roll, and gnubg reads the Position
        // ID for that player: the ID shown afterwards has the same position part.
        let beaver = apply_lenient("sGfwATDgc/ABMA:EREAAAAAAAAA", &current).unwrap();
        assert_eq!(encode(&beaver), "sGfwATDgc/ABMA:UQkAAAAAAAAA");
        let only_position = apply_lenient("4HPwATDgc/ABMA", &current).unwrap();
        assert_eq!(only_position.board, Board::start(Variant::Standard));
        assert!(apply_lenient("cIkFAAAAAAA!", &current).is_err());
    }
}
