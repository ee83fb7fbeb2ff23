//! gnubg's 12-character Match ID: cube, turn, dice, score and match settings in 66+1 bits.

use super::base64::{char_value, decode_values, encode_bytes, field, BitWriter};
use super::error::{MatchIdStateError, ParseMatchIdError};
use crate::rules::{Board, Dice, GameState, MatchState, Resignation, Side, Variant};

/// Characters in a Match ID.
pub const MATCH_ID_LENGTH: usize = 12;
/// gnubg's longest match.
pub const MAX_MATCH_LENGTH: u32 = 64;
/// log2 of gnubg's largest cube (4096).
pub const MAX_CUBE_LOG2: u8 = 12;
const BYTES: usize = 9;

/// Every field of a Match ID, as stored (before it is turned into a [`MatchState`]).
///
/// `decode` accepts exactly the IDs gnubg's `set matchid` accepts, so some fields can hold
/// values that [`MatchIdFields::into_state`] then refuses (game state 5-7, one die 0, cube
/// above 4096), which gnubg ignores in its own ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchIdFields {
    /// log2 of the cube value (bits 0-3).
    pub cube_log2: u8,
    /// The cube's owner (bits 4-5; 0 = `O`, 1 = `X`, anything else = centred).
    pub cube_owner: Option<Side>,
    /// The player on roll, gnubg's `fMove` (bit 6).
    pub dice_owner: Side,
    /// Whether this is the Crawford game (bit 7).
    pub crawford: bool,
    /// The game state 0-7 (bits 8-10): 0 none, 1 playing, 2 over, 3 resigned, 4 dropped.
    pub game_state: u8,
    /// The player who must decide next, gnubg's `fTurn` (bit 11).
    pub turn: Side,
    /// Whether a double is waiting for an answer (bit 12).
    pub double_offered: bool,
    /// A pending resignation (bits 13-14).
    pub resignation: Option<Resignation>,
    /// The dice as stored, 0 = not rolled (bits 15-17 and 18-20). gnubg writes the larger
    /// die first but reads either order.
    pub dice: [u8; 2],
    /// The match length, 0 for money (bits 21-35).
    pub match_length: u32,
    /// Scores of `O` and `X` (bits 36-50 and 51-65).
    pub score: [u32; 2],
    /// Whether the Jacoby rule is in force (bit 66 is its inverse).
    pub jacoby: bool,
}

impl MatchIdFields {
    /// The fields gnubg writes for `state`: the larger die first and cube owner 3 when
    /// centred. The Jacoby flag is written as it is: gnubg's new matches have it off (their
    /// IDs end in `E`), but a Match ID set with the flag on in match play keeps it.
    #[must_use]
    pub fn from_state(state: &MatchState) -> MatchIdFields {
        MatchIdFields {
            cube_log2: state.cube_value.max(1).ilog2().min(15) as u8,
            cube_owner: state.cube_owner,
            dice_owner: state.on_roll,
            crawford: state.crawford,
            game_state: game_state_code(state.game_state),
            turn: state.turn,
            double_offered: state.double_offered,
            resignation: state.resignation,
            dice: state.dice.map_or([0, 0], |dice| [dice.high(), dice.low()]),
            match_length: state.match_length,
            score: state.score,
            jacoby: state.jacoby,
        }
    }

    /// The cube value (`2^cube_log2`; `u32::MAX` if that does not fit).
    #[must_use]
    pub fn cube_value(&self) -> u32 {
        1u32.checked_shl(u32::from(self.cube_log2))
            .unwrap_or(u32::MAX)
    }

    /// The game state, if it is one of the five gnubg knows.
    #[must_use]
    pub fn game_state(&self) -> Option<GameState> {
        match self.game_state {
            0 => Some(GameState::NoGame),
            1 => Some(GameState::Playing),
            2 => Some(GameState::Over),
            3 => Some(GameState::Resigned),
            4 => Some(GameState::Dropped),
            _ => None,
        }
    }

    /// Whether exactly one die is 0 (a roll half made, which [`Self::roll`] refuses).
    #[must_use]
    pub fn is_half_rolled(&self) -> bool {
        self.dice.contains(&0) && self.dice != [0, 0]
    }

    /// Whether the first die is set and the second is 0: the half roll gnubg's `set matchid`
    /// and `set gnubgid` refuse aloud (with `set dice`'s message) before reading it as no roll.
    #[must_use]
    pub fn has_first_die_only(&self) -> bool {
        self.dice[0] != 0 && self.dice[1] == 0
    }

    /// The fields as gnubg 1.07 takes them up (`set matchid`, `set gnubgid`; checked live),
    /// and tavli with them in the REPL and the one-shot commands: a dice field with one die 0
    /// is read as not rolled. Every other field is kept.
    #[must_use]
    pub fn with_half_roll_undone(self) -> MatchIdFields {
        if self.is_half_rolled() {
            MatchIdFields {
                dice: [0, 0],
                ..self
            }
        } else {
            self
        }
    }

    /// The roll, if both dice are set (`None` if neither is; an error if only one is).
    pub fn roll(&self) -> Result<Option<Dice>, MatchIdStateError> {
        match self.dice {
            [0, 0] => Ok(None),
            [first, second] => Dice::new(first, second)
                .map(Some)
                .map_err(|_| MatchIdStateError::HalfRolledDice(self.dice)),
        }
    }

    /// Combines the fields with a board into a match state (the dice keep their stored order).
    pub fn into_state(
        self,
        board: Board,
        variant: Variant,
    ) -> Result<MatchState, MatchIdStateError> {
        let game_state = self
            .game_state()
            .ok_or(MatchIdStateError::UnknownGameState(self.game_state))?;
        if self.cube_log2 > MAX_CUBE_LOG2 {
            return Err(MatchIdStateError::CubeTooLarge {
                log2: self.cube_log2,
            });
        }
        Ok(MatchState {
            board,
            variant,
            cube_value: self.cube_value(),
            cube_owner: self.cube_owner,
            on_roll: self.dice_owner,
            turn: self.turn,
            crawford: self.crawford,
            game_state,
            double_offered: self.double_offered,
            resignation: self.resignation,
            dice: self.roll()?,
            match_length: self.match_length,
            score: self.score,
            jacoby: self.jacoby,
        })
    }

    /// Writes the fields as a Match ID.
    #[must_use]
    pub fn encode(&self) -> String {
        let mut writer = BitWriter::new(BYTES);
        writer.push_field(u32::from(self.cube_log2), 4);
        writer.push_field(self.cube_owner.map_or(3, |side| side.index() as u32), 2);
        writer.push_field(self.dice_owner.index() as u32, 1);
        writer.push_field(u32::from(self.crawford), 1);
        writer.push_field(u32::from(self.game_state), 3);
        writer.push_field(self.turn.index() as u32, 1);
        writer.push_field(u32::from(self.double_offered), 1);
        writer.push_field(self.resignation.map_or(0, Resignation::points), 2);
        writer.push_field(u32::from(self.dice[0]), 3);
        writer.push_field(u32::from(self.dice[1]), 3);
        writer.push_field(self.match_length, 15);
        writer.push_field(self.score[0], 15);
        writer.push_field(self.score[1], 15);
        writer.push_field(u32::from(!self.jacoby), 1);
        encode_bytes(&writer.into_bytes(), MATCH_ID_LENGTH)
    }
}

fn game_state_code(state: GameState) -> u8 {
    match state {
        GameState::NoGame => 0,
        GameState::Playing => 1,
        GameState::Over => 2,
        GameState::Resigned => 3,
        GameState::Dropped => 4,
    }
}

fn side_bit(bytes: &[u8], index: usize) -> Side {
    if field(bytes, index, 1) == 1 {
        Side::X
    } else {
        Side::O
    }
}

/// Writes the Match ID of `state` (the board is not part of it).
///
/// Values too wide for their field are cut to it (scores and match length to 15 bits, the
/// cube's log2 to 4); a cube that is not a power of two is written as the power below it.
#[must_use]
pub fn encode(state: &MatchState) -> String {
    MatchIdFields::from_state(state).encode()
}

/// Reads a 12-character Match ID with gnubg's checks: dice above 6, a match longer than
/// 64, a score above the match length, and the Crawford flag in money play are refused.
///
/// Unlike gnubg 1.07, which reads any length and treats a character outside the alphabet
/// as bits of garbage, tavli requires 12 alphabet characters.
pub fn decode(text: &str) -> Result<MatchIdFields, ParseMatchIdError> {
    let length = text.chars().count();
    if length != MATCH_ID_LENGTH {
        return Err(ParseMatchIdError::WrongLength { length });
    }
    let mut values = Vec::with_capacity(MATCH_ID_LENGTH);
    for (position, character) in text.chars().enumerate() {
        values.push(
            char_value(character).ok_or(ParseMatchIdError::BadCharacter {
                position,
                character,
            })?,
        );
    }
    let bytes = decode_values(&values, BYTES);
    let owner = field(&bytes, 4, 2);
    let fields = MatchIdFields {
        cube_log2: field(&bytes, 0, 4) as u8,
        cube_owner: Side::from_index(owner as usize),
        dice_owner: side_bit(&bytes, 6),
        crawford: field(&bytes, 7, 1) == 1,
        game_state: field(&bytes, 8, 3) as u8,
        turn: side_bit(&bytes, 11),
        double_offered: field(&bytes, 12, 1) == 1,
        resignation: Resignation::from_points(field(&bytes, 13, 2)),
        dice: [field(&bytes, 15, 3) as u8, field(&bytes, 18, 3) as u8],
        match_length: field(&bytes, 21, 15),
        score: [field(&bytes, 36, 15), field(&bytes, 51, 15)],
        jacoby: field(&bytes, 66, 1) == 0,
    };
    check(&fields)?;
    Ok(fields)
}

fn check(fields: &MatchIdFields) -> Result<(), ParseMatchIdError> {
    for (index, &value) in fields.dice.iter().enumerate() {
        if value > 6 {
            return Err(ParseMatchIdError::DieTooLarge {
                die: index as u8 + 1,
                value,
            });
        }
    }
    if fields.match_length > MAX_MATCH_LENGTH {
        return Err(ParseMatchIdError::MatchTooLong {
            length: fields.match_length,
        });
    }
    if fields.match_length > 0 {
        for side in Side::BOTH {
            let score = fields.score[side.index()];
            if score > fields.match_length {
                return Err(ParseMatchIdError::ScoreAboveMatchLength {
                    side,
                    score,
                    match_length: fields.match_length,
                });
            }
        }
    } else if fields.crawford {
        return Err(ParseMatchIdError::CrawfordInMoney);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_decode_from_the_spec() {
        let fields = decode("cIkFAAAAAAAA").unwrap();
        assert_eq!(
            fields,
            MatchIdFields {
                cube_log2: 0,
                cube_owner: None,
                dice_owner: Side::X,
                crawford: false,
                game_state: 1,
                turn: Side::X,
                double_offered: false,
                resignation: None,
                dice: [3, 1],
                match_length: 0,
                score: [0, 0],
                jacoby: true,
            }
        );
        assert_eq!(fields.encode(), "cIkFAAAAAAAA");
    }

    #[test]
    fn gnubg_checks() {
        // Each ID below was tried with gnubg 1.07's `set matchid`.
        assert_eq!(
            decode("cImlAGAAAAAA"),
            Err(ParseMatchIdError::ScoreAboveMatchLength {
                side: Side::O,
                score: 6,
                match_length: 5
            })
        );
        // gnubg prints this ID itself when a 3-point match ends 4-0, but refuses to read it.
        assert!(matches!(
            decode("QcNqAEAAAAAE"),
            Err(ParseMatchIdError::ScoreAboveMatchLength { score: 4, .. })
        ));
        // A score equal to the match length is accepted by gnubg.
        assert!(decode("cImlAFAAAAAA").is_ok());
        assert_eq!(
            decode("cIklCAAAAAAA"),
            Err(ParseMatchIdError::MatchTooLong { length: 65 })
        );
        assert!(decode("cIkFCAAAAAAA").is_ok());
        assert_eq!(
            decode("cIkHAAAAAAAA"),
            Err(ParseMatchIdError::DieTooLarge { die: 1, value: 7 })
        );
        assert_eq!(
            decode("8IkFAAAAAAAA"),
            Err(ParseMatchIdError::CrawfordInMoney)
        );
        assert_eq!(
            decode("cIkFAAAAAAA!"),
            Err(ParseMatchIdError::BadCharacter {
                position: 11,
                character: '!'
            })
        );
        assert_eq!(
            decode("garbage"),
            Err(ParseMatchIdError::WrongLength { length: 7 })
        );
    }

    #[test]
    fn accepted_fields_that_are_no_state() {
        let board = Board::start(Variant::Standard);
        let game_state_five = decode("cI0FAAAAAAAA").unwrap();
        assert_eq!(
            game_state_five.into_state(board, Variant::Standard),
            Err(MatchIdStateError::UnknownGameState(5))
        );
        let half = decode("cIkBAAAAAAAA").unwrap();
        assert_eq!(
            half.into_state(board, Variant::Standard),
            Err(MatchIdStateError::HalfRolledDice([3, 0]))
        );
        let big_cube = decode("fYkFAAAAAAAA").unwrap();
        assert_eq!(
            big_cube.into_state(board, Variant::Standard),
            Err(MatchIdStateError::CubeTooLarge { log2: 13 })
        );
        assert!(half.is_half_rolled());
        let undone = half.with_half_roll_undone();
        assert_eq!(undone.dice, [0, 0]);
        assert_eq!(
            undone.into_state(board, Variant::Standard).unwrap().dice,
            None
        );
        assert_eq!(game_state_five.with_half_roll_undone(), game_state_five);
        // Cube owner 2 means centred.
        assert_eq!(decode("YIkFAAAAAAAA").unwrap().cube_owner, None);
    }

    #[test]
    fn larger_die_first() {
        let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
        state.dice = Some(Dice::new(1, 3).unwrap());
        assert_eq!(encode(&state), "cIkFAAAAAAAA");
        // gnubg reads the smaller die first too, and keeps that order.
        let fields = decode("cIkMAAAAAAAA").unwrap();
        assert_eq!(fields.dice, [1, 3]);
    }
}
