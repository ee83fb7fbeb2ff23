//! eXtreme Gammon's XGID, read as gnubg 1.07's `set xgid` reads it, and written as XG does.
//!
//! `XGID=<position>:<cube>:<cubepos>:<turn>:<dice>:<score X>:<score O>:<rules>:<matchlen>:<maxcube>`
//!
//! * position: 26 characters, `-` empty, `A`..`P` = 1..16 checkers of `X` (XG's player 1),
//!   `a`..`p` of `O`. Character 0 is `O`'s bar, characters 1..24 are points 1..24 numbered
//!   from `X`'s side, character 25 is `X`'s bar.
//! * cube: log2 of the cube; cubepos: `1` `X` owns it, `-1` `O` owns it, anything else centred.
//! * turn: `1` = `X` on roll, anything else = `O`. dice: `00`, two dice, or `D` (the player
//!   on roll has doubled). One die 0 and the other 1 to 6 (`05`, `60`) is read as gnubg
//!   reads it: not rolled (gnubg's `set xgid` first prints its `set dice` refusal).
//! * rules: match play `1` = Crawford game (gnubg only sets Crawford when a player is
//!   1-away in a match longer than 1 point, and then sets the cube value to 1, keeping its
//!   owner); money play bit 0
//!   = Jacoby, bit 1 = beavers.
//! * maxcube: gnubg ignores it (except that `0` turns the cube off). tavli writes `10`, as
//!   XG does (a cube of at most 1024), or the cube's own log2 when the cube is larger.
//!
//! Like gnubg, the text after the last `=` is the XGID and each field is cut to 4
//! characters. Unlike gnubg, whose `atoi` reads any text as a number, tavli requires each
//! number field to be an optionally signed integer (only maxcube may be empty).

use super::error::{EncodeXgidError, IllegalPosition, ParseXgidError};
use super::match_id::{MAX_CUBE_LOG2, MAX_MATCH_LENGTH};
use super::position_id::board_from_slots;
use crate::rules::{Board, Dice, GameState, MatchState, Side, Variant, BAR};
use std::fmt;

/// The maxcube field tavli writes (XG's default: a cube of at most 2^10).
pub const DEFAULT_MAX_CUBE_LOG2: i64 = 10;
const POSITION_LENGTH: usize = 26;
const FIELD_WIDTH: usize = 4;
/// The largest score that fits in a field of four characters.
const MAX_SCORE: u32 = 9999;

/// The dice field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XgidDice {
    /// `00`: the player on roll has not rolled.
    NotRolled,
    /// `D`: the player on roll has doubled; the opponent must take or pass.
    Doubled,
    /// Two dice as written.
    Rolled(Dice),
    /// One die 0 and the other 1 to 6, as written: gnubg sets no roll (after refusing the
    /// dice as its `set dice` does), and so does tavli.
    HalfRolled([u8; 2]),
}

/// Every field of an XGID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Xgid {
    /// The checkers (borne-off checkers are the variant's rest).
    pub board: Board,
    /// log2 of the cube value (0..=12).
    pub cube_log2: u32,
    /// Who owns the cube; `None` when centred.
    pub cube_owner: Option<Side>,
    /// The player on roll (or who doubled, with [`XgidDice::Doubled`]).
    pub turn: Side,
    /// The dice field.
    pub dice: XgidDice,
    /// Scores of `O` (index 0) and `X` (index 1); the XGID writes `X`'s first.
    pub score: [u32; 2],
    /// The rules field: match play 0/1 (Crawford), money 0..=3 (bit 0 Jacoby, bit 1 beavers).
    pub rules: u32,
    /// The match length, 0 for money.
    pub match_length: u32,
    /// The maxcube field as written, `None` when empty.
    pub max_cube: Option<i64>,
}

impl Xgid {
    /// Whether this is the Crawford game, by gnubg's reading of the rules field.
    #[must_use]
    pub fn crawford(&self) -> bool {
        let length = self.match_length;
        self.rules == 1
            && length > 1
            && (self.score[0] == length - 1 || self.score[1] == length - 1)
    }

    /// Whether the Jacoby rule is in force (money play, rules bit 0).
    #[must_use]
    pub fn jacoby(&self) -> bool {
        self.match_length == 0 && self.rules & 1 == 1
    }

    /// Whether beavers are allowed (money play, rules bit 1).
    #[must_use]
    pub fn beavers(&self) -> bool {
        self.match_length == 0 && self.rules & 2 == 2
    }

    /// The match state the XGID describes, as gnubg sets it up, except that a `D` is kept as
    /// a pending double (gnubg cannot hold one and steps back to before the double).
    #[must_use]
    pub fn to_match_state(&self, variant: Variant) -> MatchState {
        let crawford = self.crawford();
        // gnubg disables the cube in the Crawford game: the value drops to 1, the owner stays.
        let cube_value = if crawford {
            1
        } else {
            1u32.checked_shl(self.cube_log2).unwrap_or(u32::MAX)
        };
        let cube_owner = self.cube_owner;
        let (dice, double_offered) = match self.dice {
            XgidDice::NotRolled | XgidDice::HalfRolled(_) => (None, false),
            XgidDice::Doubled => (None, true),
            XgidDice::Rolled(dice) => (Some(dice), false),
        };
        MatchState {
            board: self.board,
            variant,
            cube_value,
            cube_owner,
            on_roll: self.turn,
            turn: if double_offered {
                self.turn.opponent()
            } else {
                self.turn
            },
            crawford,
            game_state: GameState::Playing,
            double_offered,
            resignation: None,
            dice,
            match_length: self.match_length,
            score: self.score,
            jacoby: self.jacoby(),
        }
    }

    /// The XGID of `state`. States an XGID cannot hold are refused (a pending resignation
    /// or beaver, a cube above 4096, a score above 9999 or not below the match length);
    /// the game state, a turn that differs from the player on roll without a double, and
    /// Jacoby in match play are not written.
    pub fn from_state(state: &MatchState) -> Result<Xgid, EncodeXgidError> {
        if state.resignation.is_some() {
            return Err(EncodeXgidError::ResignationPending);
        }
        if state.double_offered && state.turn == state.on_roll {
            return Err(EncodeXgidError::BeaverPending);
        }
        let cube_log2 = state.cube_value.max(1).ilog2();
        if cube_log2 > u32::from(MAX_CUBE_LOG2) || !state.cube_value.is_power_of_two() {
            return Err(EncodeXgidError::CubeTooLarge {
                value: state.cube_value,
            });
        }
        if let Some(&score) = state.score.iter().find(|&&score| score > MAX_SCORE) {
            return Err(EncodeXgidError::ScoreTooLarge { score });
        }
        let match_length = state.match_length;
        if let Some(&score) = state
            .score
            .iter()
            .find(|&&score| match_length > 0 && score >= match_length)
        {
            return Err(EncodeXgidError::ScoreNotBelowMatchLength {
                score,
                match_length,
            });
        }
        let dice = if state.double_offered {
            XgidDice::Doubled
        } else {
            state.dice.map_or(XgidDice::NotRolled, XgidDice::Rolled)
        };
        let rules = if state.is_match() {
            u32::from(state.crawford)
        } else {
            u32::from(state.jacoby)
        };
        Ok(Xgid {
            board: state.board,
            cube_log2,
            cube_owner: state.cube_owner,
            turn: state.on_roll,
            dice,
            score: state.score,
            rules,
            match_length: state.match_length,
            max_cube: Some(DEFAULT_MAX_CUBE_LOG2.max(i64::from(cube_log2))),
        })
    }
}

impl fmt::Display for Xgid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "XGID={}", position_text(&self.board))?;
        let cube_position = match self.cube_owner {
            None => 0,
            Some(Side::X) => 1,
            Some(Side::O) => -1,
        };
        let turn = if self.turn == Side::X { 1 } else { -1 };
        write!(f, ":{}:{cube_position}:{turn}:", self.cube_log2)?;
        match self.dice {
            XgidDice::NotRolled => f.write_str("00")?,
            XgidDice::Doubled => f.write_str("D")?,
            XgidDice::Rolled(dice) => write!(f, "{}{}", dice.first(), dice.second())?,
            XgidDice::HalfRolled([first, second]) => write!(f, "{first}{second}")?,
        }
        write!(
            f,
            ":{}:{}:{}:{}:",
            self.score[Side::X.index()],
            self.score[Side::O.index()],
            self.rules,
            self.match_length
        )?;
        if let Some(max_cube) = self.max_cube {
            write!(f, "{max_cube}")?;
        }
        Ok(())
    }
}

fn checker_char(count: u8, side: Side) -> char {
    if count == 0 {
        return '-';
    }
    let base = if side == Side::X { b'A' } else { b'a' };
    char::from(base + count.min(16) - 1)
}

fn position_text(board: &Board) -> String {
    let x = &board.slots[Side::X.index()];
    let o = &board.slots[Side::O.index()];
    let mut text = String::with_capacity(POSITION_LENGTH);
    text.push(checker_char(o[BAR], Side::O));
    for point in 1..=24usize {
        let x_count = x[point - 1];
        if x_count > 0 {
            text.push(checker_char(x_count, Side::X));
        } else {
            text.push(checker_char(o[24 - point], Side::O));
        }
    }
    text.push(checker_char(x[BAR], Side::X));
    text
}

/// Writes the XGID of `state` (see [`Xgid::from_state`] for what cannot be written).
pub fn encode(state: &MatchState) -> Result<String, EncodeXgidError> {
    Xgid::from_state(state).map(|xgid| xgid.to_string())
}

/// Reads an XGID into a match state (see [`Xgid::to_match_state`]).
pub fn decode(text: &str, variant: Variant) -> Result<MatchState, ParseXgidError> {
    parse(text, variant).map(|xgid| xgid.to_match_state(variant))
}

/// Reads every field of an XGID with gnubg's checks.
pub fn parse(text: &str, variant: Variant) -> Result<Xgid, ParseXgidError> {
    let start = text.rfind('=').map_or(0, |index| index + 1);
    let base = text[..start].chars().count();
    let body = &text[start..];
    let mut fields = Vec::with_capacity(10);
    let mut offset = base;
    for part in body.split(':') {
        fields.push((offset, part));
        offset += part.chars().count() + 1;
    }
    let [(position_offset, position), rest @ ..] = fields.as_slice() else {
        return Err(ParseXgidError::WrongFieldCount { found: 0 });
    };
    let [cube, cube_position, turn, dice, score_x, score_o, rules, length, max_cube] = rest else {
        return Err(ParseXgidError::WrongFieldCount {
            found: fields.len(),
        });
    };
    let board = parse_position(position, *position_offset, variant)?;

    let cube_log2 = number(*cube, "cube")?;
    if cube_log2 < 0 {
        return Err(bad_number(*cube, "cube"));
    }
    if cube_log2 > i64::from(MAX_CUBE_LOG2) {
        return Err(ParseXgidError::CubeTooLarge {
            log2: cube_log2 as u32,
        });
    }
    let cube_owner = match number(*cube_position, "cube position")? {
        1 => Some(Side::X),
        -1 => Some(Side::O),
        _ => None,
    };
    let turn = if number(*turn, "turn")? == 1 {
        Side::X
    } else {
        Side::O
    };
    let dice = parse_dice(*dice)?;
    let match_length = number(*length, "match length")?;
    if match_length < 0 {
        return Err(bad_number(*length, "match length"));
    }
    if match_length > i64::from(MAX_MATCH_LENGTH) {
        return Err(ParseXgidError::MatchTooLong {
            length: match_length as u32,
        });
    }
    let match_length = match_length as u32;
    let mut score = [0u32; 2];
    for (side, field, name) in [
        (Side::X, score_x, "score of X"),
        (Side::O, score_o, "score of O"),
    ] {
        let value = number(*field, name)?;
        if !(0..=0x7fff).contains(&value) {
            return Err(bad_number(*field, name));
        }
        let value = value as u32;
        if match_length > 0 && value >= match_length {
            return Err(ParseXgidError::ScoreNotBelowMatchLength {
                side,
                score: value,
                match_length,
            });
        }
        score[side.index()] = value;
    }
    let rules_value = number(*rules, "rules")?;
    let allowed = if match_length > 0 { 0..=1 } else { 0..=3 };
    if !allowed.contains(&rules_value) {
        return Err(ParseXgidError::BadRules {
            offset: rules.0,
            value: rules_value,
            match_play: match_length > 0,
        });
    }
    let max_cube = if truncated(max_cube.1).is_empty() {
        None
    } else {
        Some(number(*max_cube, "maxcube")?)
    };
    Ok(Xgid {
        board,
        cube_log2: cube_log2 as u32,
        cube_owner,
        turn,
        dice,
        score,
        rules: rules_value as u32,
        match_length,
        max_cube,
    })
}

fn truncated(text: &str) -> &str {
    match text.char_indices().nth(FIELD_WIDTH) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

fn bad_number((offset, text): (usize, &str), field: &'static str) -> ParseXgidError {
    ParseXgidError::BadNumber {
        field,
        offset,
        text: text.to_string(),
    }
}

fn number(field: (usize, &str), name: &'static str) -> Result<i64, ParseXgidError> {
    let text = truncated(field.1);
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(bad_number(field, name));
    }
    text.parse::<i64>().map_err(|_| bad_number(field, name))
}

fn parse_dice((offset, text): (usize, &str)) -> Result<XgidDice, ParseXgidError> {
    let bad = || ParseXgidError::BadDice {
        offset,
        text: text.to_string(),
    };
    match truncated(text) {
        "00" => Ok(XgidDice::NotRolled),
        // gnubg only looks at the first character for a double (`D5` reads as `D`).
        doubled if doubled.starts_with('D') => Ok(XgidDice::Doubled),
        digits => {
            let bytes = digits.as_bytes();
            let [first @ b'0'..=b'6', second @ b'0'..=b'6'] = bytes else {
                return Err(bad());
            };
            if (*first == b'0') != (*second == b'0') {
                return Ok(XgidDice::HalfRolled([first - b'0', second - b'0']));
            }
            Dice::new(first - b'0', second - b'0')
                .map(XgidDice::Rolled)
                .map_err(|_| bad())
        }
    }
}

fn parse_position(text: &str, offset: usize, variant: Variant) -> Result<Board, ParseXgidError> {
    let length = text.chars().count();
    if length != POSITION_LENGTH {
        return Err(ParseXgidError::PositionLength { length });
    }
    let mut slots = [[0u8; 25]; 2];
    for (index, character) in text.chars().enumerate() {
        let (side, count) = match character {
            '-' => continue,
            'A'..='P' => (Side::X, character as u8 - b'A' + 1),
            'a'..='p' => (Side::O, character as u8 - b'a' + 1),
            _ => {
                return Err(ParseXgidError::BadPositionCharacter {
                    offset: offset + index,
                    character,
                })
            }
        };
        let slot = match (side, index) {
            (Side::O, 0) => BAR,
            (Side::X, POSITION_LENGTH_LAST) => BAR,
            (_, 0) | (_, POSITION_LENGTH_LAST) => {
                return Err(ParseXgidError::WrongSideOnBar {
                    offset: offset + index,
                })
            }
            (Side::X, point) => point - 1,
            (Side::O, point) => 24 - point,
        };
        slots[side.index()][slot] = count;
    }
    board_from_slots(slots, variant)
        .map_err(|problem: IllegalPosition| ParseXgidError::Illegal(problem))
}

const POSITION_LENGTH_LAST: usize = POSITION_LENGTH - 1;

#[cfg(test)]
#[path = "xgid_tests.rs"]
mod tests;
