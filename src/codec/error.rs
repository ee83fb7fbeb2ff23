//! Typed errors of the codecs; every syntax error names the offset (in characters) it found.

use crate::rules::{BoardError, Side};
use std::fmt;

/// Why a set of checkers cannot be a gnubg position (gnubg answers `Illegal position.`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalPosition {
    /// A side has more checkers on the board and bar than the variant has.
    TooManyCheckers {
        /// The side.
        side: Side,
        /// Checkers found on its points and bar.
        count: u32,
        /// Checkers per side in the variant.
        limit: u8,
    },
    /// Both sides have checkers on one point.
    SharedPoint {
        /// The point, numbered from `X`'s side.
        point: u8,
    },
    /// Both sides have a closed home board and checkers on the bar: nobody could ever move.
    BothBarredAgainstClosedBoards,
    /// The position breaks a rule of the variant (a bad Plakoto pin, a bar in Plakoto or Fevga).
    VariantRules(BoardError),
}

impl From<BoardError> for IllegalPosition {
    fn from(error: BoardError) -> IllegalPosition {
        match error {
            BoardError::TooManyCheckers { side, count, limit } => {
                IllegalPosition::TooManyCheckers { side, count, limit }
            }
            BoardError::SharedPoint { point } => IllegalPosition::SharedPoint { point },
            // Pins and bar-less variants (the variants branch): gnubg's forms cannot hold them.
            other @ (BoardError::BadPin { .. } | BoardError::NoBar { .. }) => {
                IllegalPosition::VariantRules(other)
            }
        }
    }
}

impl fmt::Display for IllegalPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalPosition::TooManyCheckers { side, count, limit } => write!(
                f,
                "illegal position: player {} has {count} checkers on the board, more than {limit}",
                side.letter()
            ),
            IllegalPosition::SharedPoint { point } => write!(
                f,
                "illegal position: both players have checkers on point {point} (numbered from X's side)"
            ),
            IllegalPosition::BothBarredAgainstClosedBoards => f.write_str(
                "illegal position: both players have checkers on the bar against closed boards",
            ),
            IllegalPosition::VariantRules(error) => write!(f, "illegal position: {error}"),
        }
    }
}

impl std::error::Error for IllegalPosition {}

/// Why a text is not a gnubg Position ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionIdError {
    /// Not 14 characters (the lenient reader only rejects an empty ID).
    WrongLength {
        /// Characters found.
        length: usize,
    },
    /// A character outside the Base64 alphabet.
    BadCharacter {
        /// Its offset in characters from the start of the ID.
        position: usize,
        /// The character.
        character: char,
    },
    /// The bits decode to an impossible position.
    Illegal(IllegalPosition),
}

impl fmt::Display for ParsePositionIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionIdError::WrongLength { length } => write!(
                f,
                "a Position ID has 14 characters, this one has {length}"
            ),
            ParsePositionIdError::BadCharacter {
                position,
                character,
            } => write!(
                f,
                "bad character {character:?} at position {position} of the Position ID (allowed: A-Z a-z 0-9 + /)"
            ),
            ParsePositionIdError::Illegal(problem) => write!(f, "Position ID: {problem}"),
        }
    }
}

impl std::error::Error for ParsePositionIdError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParsePositionIdError::Illegal(problem) => Some(problem),
            _ => None,
        }
    }
}

/// Why a text is not a Match ID that gnubg accepts (gnubg: `Illegal match ID '...'`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMatchIdError {
    /// Not 12 characters.
    WrongLength {
        /// Characters found.
        length: usize,
    },
    /// A character outside the Base64 alphabet.
    BadCharacter {
        /// Its offset in characters from the start of the ID.
        position: usize,
        /// The character.
        character: char,
    },
    /// A die field holds 7.
    DieTooLarge {
        /// Which die field (1 or 2).
        die: u8,
        /// The value found.
        value: u8,
    },
    /// A match longer than gnubg's 64 points.
    MatchTooLong {
        /// The match length found.
        length: u32,
    },
    /// A score above the match length.
    ScoreAboveMatchLength {
        /// Whose score.
        side: Side,
        /// The score.
        score: u32,
        /// The match length.
        match_length: u32,
    },
    /// The Crawford bit in a money session.
    CrawfordInMoney,
}

impl fmt::Display for ParseMatchIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMatchIdError::WrongLength { length } => {
                write!(f, "a Match ID has 12 characters, this one has {length}")
            }
            ParseMatchIdError::BadCharacter {
                position,
                character,
            } => write!(
                f,
                "bad character {character:?} at position {position} of the Match ID (allowed: A-Z a-z 0-9 + /)"
            ),
            ParseMatchIdError::DieTooLarge { die, value } => {
                write!(f, "Match ID: die {die} is {value}, more than 6")
            }
            ParseMatchIdError::MatchTooLong { length } => write!(
                f,
                "Match ID: a {length}-point match is longer than the 64 points allowed"
            ),
            ParseMatchIdError::ScoreAboveMatchLength {
                side,
                score,
                match_length,
            } => write!(
                f,
                "Match ID: player {} has {score} points, more than the match length {match_length}",
                side.letter()
            ),
            ParseMatchIdError::CrawfordInMoney => {
                f.write_str("Match ID: the Crawford flag is set in a money session")
            }
        }
    }
}

impl std::error::Error for ParseMatchIdError {}

/// Why decoded Match ID fields do not make a [`crate::rules::MatchState`]. gnubg accepts
/// these IDs but then ignores the field (it refuses the dice or the cube, or stops the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchIdStateError {
    /// A game-state value above 4.
    UnknownGameState(u8),
    /// One die is rolled and the other is 0.
    HalfRolledDice([u8; 2]),
    /// A cube above 4096 (gnubg's largest).
    CubeTooLarge {
        /// The log2 of the cube found.
        log2: u8,
    },
}

impl fmt::Display for MatchIdStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchIdStateError::UnknownGameState(value) => {
                write!(
                    f,
                    "Match ID: game state {value} is unknown (0 to 4 allowed)"
                )
            }
            MatchIdStateError::HalfRolledDice([first, second]) => write!(
                f,
                "Match ID: dice {first} and {second}: either both dice are rolled or neither"
            ),
            MatchIdStateError::CubeTooLarge { log2 } => write!(
                f,
                "Match ID: a cube of 2^{log2} is larger than the 4096 allowed"
            ),
        }
    }
}

impl std::error::Error for MatchIdStateError {}

/// Why a text is not a GNUbg ID (`POSITIONID:MATCHID`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseGnubgIdError {
    /// No `:` between the two IDs.
    MissingSeparator,
    /// The Position ID part is wrong; `offset` is where it starts in the text.
    Position {
        /// Offset of the Position ID in the text.
        offset: usize,
        /// What is wrong with it.
        error: ParsePositionIdError,
    },
    /// The Match ID part is wrong; `offset` is where it starts in the text.
    Match {
        /// Offset of the Match ID in the text.
        offset: usize,
        /// What is wrong with it.
        error: ParseMatchIdError,
    },
    /// The Match ID decodes but cannot be a match state.
    State(MatchIdStateError),
    /// The lenient scan found neither a 14-character nor a 12-character Base64 run.
    NoIdsFound,
}

impl fmt::Display for ParseGnubgIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseGnubgIdError::MissingSeparator => {
                f.write_str("a GNUbg ID is POSITIONID:MATCHID, and this text has no `:`")
            }
            ParseGnubgIdError::Position { offset, error } => {
                write!(f, "at offset {offset}: {error}")
            }
            ParseGnubgIdError::Match { offset, error } => write!(f, "at offset {offset}: {error}"),
            ParseGnubgIdError::State(error) => write!(f, "{error}"),
            ParseGnubgIdError::NoIdsFound => f.write_str("No valid IDs found"),
        }
    }
}

impl std::error::Error for ParseGnubgIdError {}

/// Why a text is not an XGID that gnubg accepts (gnubg: `Not a valid XGID '...'`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseXgidError {
    /// Not the position plus nine `:`-separated fields.
    WrongFieldCount {
        /// Fields found, the position included (10 expected).
        found: usize,
    },
    /// The position field is not 26 characters.
    PositionLength {
        /// Characters found.
        length: usize,
    },
    /// A position character other than `-`, `A`-`P` or `a`-`p`.
    BadPositionCharacter {
        /// Offset in the text.
        offset: usize,
        /// The character.
        character: char,
    },
    /// `X`'s checkers in `O`'s bar slot (first character) or `O`'s in `X`'s (last).
    WrongSideOnBar {
        /// Offset in the text.
        offset: usize,
    },
    /// A field that must be an integer is not one, or is out of range.
    BadNumber {
        /// The field's name.
        field: &'static str,
        /// Offset of the field in the text.
        offset: usize,
        /// The field's text.
        text: String,
    },
    /// The dice field is not `00`, `D` or two dice 1-6.
    BadDice {
        /// Offset of the field in the text.
        offset: usize,
        /// The field's text.
        text: String,
    },
    /// A cube above 4096.
    CubeTooLarge {
        /// The log2 found.
        log2: u32,
    },
    /// A match longer than 64 points.
    MatchTooLong {
        /// The length found.
        length: u32,
    },
    /// In match play a score must be below the match length.
    ScoreNotBelowMatchLength {
        /// Whose score.
        side: Side,
        /// The score.
        score: u32,
        /// The match length.
        match_length: u32,
    },
    /// The rules field is not 0-1 (match) or 0-3 (money).
    BadRules {
        /// Offset of the field in the text.
        offset: usize,
        /// The value found.
        value: i64,
        /// Whether this is match play.
        match_play: bool,
    },
    /// The checkers make an impossible position.
    Illegal(IllegalPosition),
}

impl fmt::Display for ParseXgidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseXgidError::WrongFieldCount { found } => write!(
                f,
                "an XGID has a position and 9 fields separated by `:`, this one has {found} fields in all"
            ),
            ParseXgidError::PositionLength { length } => write!(
                f,
                "the XGID position has 26 characters, this one has {length}"
            ),
            ParseXgidError::BadPositionCharacter { offset, character } => write!(
                f,
                "bad character {character:?} at offset {offset} of the XGID position (allowed: - A-P a-p)"
            ),
            ParseXgidError::WrongSideOnBar { offset } => write!(
                f,
                "at offset {offset}: the first XGID character is O's bar (lower case), the last X's bar (upper case)"
            ),
            ParseXgidError::BadNumber {
                field,
                offset,
                text,
            } => write!(
                f,
                "at offset {offset}: XGID {field} `{}` is not a valid number",
                crate::echo::echoed(text)
            ),
            ParseXgidError::BadDice { offset, text } => write!(
                f,
                "at offset {offset}: XGID dice `{}` must be 00, D, or two dice from 1 to 6",
                crate::echo::echoed(text)
            ),
            ParseXgidError::CubeTooLarge { log2 } => {
                write!(f, "XGID cube 2^{log2} is larger than the 4096 allowed")
            }
            ParseXgidError::MatchTooLong { length } => write!(
                f,
                "XGID: a {length}-point match is longer than the 64 points allowed"
            ),
            ParseXgidError::ScoreNotBelowMatchLength {
                side,
                score,
                match_length,
            } => write!(
                f,
                "XGID: player {} has {score} points, not below the match length {match_length}",
                side.letter()
            ),
            ParseXgidError::BadRules {
                offset,
                value,
                match_play,
            } => {
                let allowed = if *match_play {
                    "0 or 1 in match play"
                } else {
                    "0 to 3 in money play"
                };
                write!(f, "at offset {offset}: XGID rules {value} must be {allowed}")
            }
            ParseXgidError::Illegal(problem) => write!(f, "XGID: {problem}"),
        }
    }
}

impl std::error::Error for ParseXgidError {}

/// Match states an XGID cannot describe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodeXgidError {
    /// A resignation is waiting for an answer.
    ResignationPending,
    /// A beaver (or raccoon) is waiting for the original doubler's answer.
    BeaverPending,
    /// The cube is above 4096.
    CubeTooLarge {
        /// The cube value.
        value: u32,
    },
    /// A score above 9999 (gnubg reads only four characters per field).
    ScoreTooLarge {
        /// The score.
        score: u32,
    },
    /// A match score that has reached the match length (the match is over).
    ScoreNotBelowMatchLength {
        /// The score.
        score: u32,
        /// The match length.
        match_length: u32,
    },
}

impl fmt::Display for EncodeXgidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeXgidError::ResignationPending => {
                f.write_str("an XGID cannot hold a pending resignation")
            }
            EncodeXgidError::BeaverPending => f.write_str("an XGID cannot hold a pending beaver"),
            EncodeXgidError::CubeTooLarge { value } => {
                write!(f, "an XGID cannot hold a cube of {value}")
            }
            EncodeXgidError::ScoreTooLarge { score } => {
                write!(f, "an XGID cannot hold a score of {score} (at most 9999)")
            }
            EncodeXgidError::ScoreNotBelowMatchLength {
                score,
                match_length,
            } => write!(
                f,
                "an XGID cannot hold a score of {score} in a {match_length}-point match"
            ),
        }
    }
}

impl std::error::Error for EncodeXgidError {}

/// Why a text is not a FIBS `board:` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFibsBoardError {
    /// The text does not start with `board:`.
    MissingPrefix,
    /// Not 53 `:`-separated fields (`board`, two names and 50 numbers).
    WrongFieldCount {
        /// Fields found.
        found: usize,
    },
    /// A numeric field is not an integer.
    BadNumber {
        /// The field's 1-based number (the `board` literal is field 1).
        field: usize,
        /// Offset of the field in the text.
        offset: usize,
        /// The field's text.
        text: String,
    },
    /// A field has a value the format does not allow.
    BadValue {
        /// The field's 1-based number.
        field: usize,
        /// Offset of the field in the text.
        offset: usize,
        /// The value.
        value: i64,
        /// What the field allows.
        expected: &'static str,
    },
    /// A score above the match length, or both scores at it (match play). One score equal to
    /// the length is a finished match.
    ScoreNotBelowMatchLength {
        /// The score that does not fit.
        score: u32,
        /// The match length.
        match_length: u32,
    },
    /// The checkers make an impossible position.
    Illegal(IllegalPosition),
}

impl fmt::Display for ParseFibsBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFibsBoardError::MissingPrefix => f.write_str("a FIBS board starts with `board:`"),
            ParseFibsBoardError::WrongFieldCount { found } => write!(
                f,
                "a FIBS board has 53 fields separated by `:`, this one has {found}"
            ),
            ParseFibsBoardError::BadNumber {
                field,
                offset,
                text,
            } => write!(
                f,
                "at offset {offset}: FIBS board field {field} `{}` is not an integer",
                crate::echo::echoed(text)
            ),
            ParseFibsBoardError::BadValue {
                field,
                offset,
                value,
                expected,
            } => write!(
                f,
                "at offset {offset}: FIBS board field {field} is {value}, expected {expected}"
            ),
            ParseFibsBoardError::ScoreNotBelowMatchLength {
                score,
                match_length,
            } => write!(
                f,
                "FIBS board: score {score} does not fit a {match_length}-point match (a finished match has one score equal to the length)"
            ),
            ParseFibsBoardError::Illegal(problem) => write!(f, "FIBS board: {problem}"),
        }
    }
}

impl std::error::Error for ParseFibsBoardError {}

/// Why [`crate::codec::parse_position`] could not read a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// The text has none of the known forms.
    Unrecognised {
        /// The text, trimmed.
        text: String,
    },
    /// It looks like a Position ID but is not a valid one.
    PositionId(ParsePositionIdError),
    /// It looks like a GNUbg ID but is not a valid one.
    GnubgId(ParseGnubgIdError),
    /// It looks like an XGID but is not a valid one.
    Xgid(ParseXgidError),
    /// It looks like a FIBS board but is not a valid one.
    FibsBoard(ParseFibsBoardError),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Unrecognised { text } => write!(
                f,
                "`{}` is not a position: expected a 14-character Position ID, a GNUbg ID \
                 (POSITIONID:MATCHID), an XGID (XGID=...), a FIBS board (board:...) or `start`",
                crate::echo::echoed(text)
            ),
            ParsePositionError::PositionId(error) => write!(f, "{error}"),
            ParsePositionError::GnubgId(error) => write!(f, "{error}"),
            ParsePositionError::Xgid(error) => write!(f, "{error}"),
            ParsePositionError::FibsBoard(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ParsePositionError {}

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
