//! The tavli position string (grammar/tavli-position.ebnf): a board of any variant, pinned
//! checkers included, as text such as `plakoto:O=24x14,10:X=24x14,13p`.
//!
//! Each side lists its checkers in its own numbering (bar first, then points from 24 down to
//! 1, a count after `x` when more than one, `p` for a pinned checker); borne-off checkers are
//! the variant's checkers not listed. O (gnubg's player 0) comes first.

use crate::rules::{Board, BoardError, Side, Variant, BAR};
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{char, digit1};
use nom::combinator::{map, map_res, opt};
use nom::multi::separated_list0;
use nom::sequence::{preceded, tuple};
use nom::IResult;
use std::fmt;
use std::fmt::Write;

/// Why a text is not a tavli position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStringError {
    /// The text does not follow the grammar; `offset` is the byte where reading stopped.
    Syntax {
        /// Byte offset of the first character that could not be read.
        offset: usize,
    },
    /// The variant name is not one tavli knows.
    UnknownVariant {
        /// The name as written.
        name: String,
    },
    /// A location (point or bar) appears twice for one side, starting at `offset`.
    Repeated {
        /// Byte offset of the repeated entry.
        offset: usize,
    },
    /// An entry has a count of 0 or a point outside 1..24, starting at `offset`.
    OutOfRange {
        /// Byte offset of the entry.
        offset: usize,
    },
    /// The checkers do not make a position of the variant.
    Board(BoardError),
}

impl fmt::Display for PositionStringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionStringError::Syntax { offset } => write!(
                f,
                "not a tavli position string at byte {offset}: expected \
                 `VARIANT:O=POINTS:X=POINTS` such as `portes:O=24x2,13x5,8x3,6x5:X=...`"
            ),
            PositionStringError::UnknownVariant { name } => {
                write!(f, "unknown variant `{name}` in a tavli position string")
            }
            PositionStringError::Repeated { offset } => {
                write!(f, "a point is listed twice for one side (byte {offset})")
            }
            PositionStringError::OutOfRange { offset } => write!(
                f,
                "a point must be 1 to 24 or `bar` and a count at least 1 (byte {offset})"
            ),
            PositionStringError::Board(error) => write!(f, "impossible position: {error}"),
        }
    }
}

impl std::error::Error for PositionStringError {}

/// The tavli position string of `board` in `variant`.
#[must_use]
pub fn encode_position(variant: Variant, board: &Board) -> String {
    let mut text = String::from(variant.name());
    for side in Side::BOTH {
        let _ = write!(text, ":{}=", side.letter());
        let slots = &board.slots[side.index()];
        let mut first = true;
        for index in (0..25).rev() {
            let count = slots[index];
            if count == 0 {
                continue;
            }
            if !first {
                text.push(',');
            }
            first = false;
            if index == BAR {
                text.push_str("bar");
            } else {
                let _ = write!(text, "{}", index + 1);
            }
            if count > 1 {
                let _ = write!(text, "x{count}");
            }
            if index < 24 && board.pinned[side.index()] & (1 << index) != 0 {
                text.push('p');
            }
        }
    }
    text
}

/// The position in the variant's own text form: gnubg's Position ID where it can hold the
/// position (no pins, contrary movement), the tavli position string otherwise.
#[must_use]
pub fn position_text(variant: Variant, board: &Board, on_roll: Side) -> String {
    if variant.has_gnubg_position_id() && board.pinned == [0, 0] {
        super::position_id::encode(board, on_roll)
    } else {
        encode_position(variant, board)
    }
}

/// One written entry: where (1..=24, or 25 for the bar), how many, pinned, and its offset.
struct Entry {
    location: u32,
    count: u32,
    pinned: bool,
    offset: usize,
}

/// Reads a tavli position string into its variant and board (checked with `validate`).
pub fn decode_position(text: &str) -> Result<(Variant, Board), PositionStringError> {
    let input = text.trim();
    let lead = text.len() - text.trim_start().len();
    let offset_of = |rest: &str| lead + input.len() - rest.len();
    let (rest, name) =
        variant_name(input).map_err(|_| PositionStringError::Syntax { offset: lead })?;
    let variant = Variant::from_name(name).map_err(|_| PositionStringError::UnknownVariant {
        name: name.to_string(),
    })?;
    let mut board = Board::empty();
    let mut rest = rest;
    for side in Side::BOTH {
        let letter = side.letter().to_string();
        let parsed: IResult<&str, Vec<Written<'_>>> = preceded(
            tuple((char(':'), tag_no_case(letter.as_str()), char('='))),
            separated_list0(char(','), entry),
        )(rest);
        let (after, entries) = parsed.map_err(|error| PositionStringError::Syntax {
            offset: match error {
                nom::Err::Error(e) | nom::Err::Failure(e) => offset_of(e.input),
                nom::Err::Incomplete(_) => offset_of(rest),
            },
        })?;
        let entries: Vec<Entry> = entries
            .into_iter()
            .map(|(start, (location, count, pinned))| Entry {
                location,
                count: count.unwrap_or(1),
                pinned: pinned.is_some(),
                offset: offset_of(start),
            })
            .collect();
        place(&mut board, side, &entries)?;
        rest = after;
    }
    if !rest.is_empty() {
        return Err(PositionStringError::Syntax {
            offset: offset_of(rest),
        });
    }
    let limit = variant.checkers();
    for side in Side::BOTH {
        let in_play = board.checkers_in_play(side);
        board.off[side.index()] =
            u8::try_from(u32::from(limit).saturating_sub(in_play)).unwrap_or(0);
        if in_play > u32::from(limit) {
            return Err(PositionStringError::Board(BoardError::TooManyCheckers {
                side,
                count: in_play,
                limit,
            }));
        }
    }
    board
        .validate(variant)
        .map_err(PositionStringError::Board)?;
    Ok((variant, board))
}

fn place(board: &mut Board, side: Side, entries: &[Entry]) -> Result<(), PositionStringError> {
    let mut seen = 0u32;
    for entry in entries {
        if entry.location == 0 || entry.location > 25 || entry.count == 0 || entry.count > 15 {
            return Err(PositionStringError::OutOfRange {
                offset: entry.offset,
            });
        }
        if entry.pinned && entry.location == 25 {
            return Err(PositionStringError::OutOfRange {
                offset: entry.offset,
            });
        }
        let bit = 1u32 << entry.location;
        if seen & bit != 0 {
            return Err(PositionStringError::Repeated {
                offset: entry.offset,
            });
        }
        seen |= bit;
        let index = entry.location as usize - 1;
        board.slots[side.index()][index] = entry.count as u8;
        if entry.pinned {
            board.set_pinned(side, entry.location as u8, true);
        }
    }
    Ok(())
}

fn variant_name(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_')(input)
}

/// An entry as read, with the text where it starts: location (25 = bar), optional count and
/// optional `p`.
type Written<'a> = (&'a str, (u32, Option<u32>, Option<char>));

fn entry(input: &str) -> IResult<&str, Written<'_>> {
    let start = input;
    let (rest, parsed) = tuple((
        alt((
            map(tag_no_case("bar"), |_| 25u32),
            // A written point over 24 becomes 0, which `place` rejects as out of range.
            map(number, |point| if point >= 25 { 0 } else { point }),
        )),
        opt(preceded(char('x'), number)),
        opt(char('p')),
    ))(input)?;
    Ok((rest, (start, parsed)))
}

fn number(input: &str) -> IResult<&str, u32> {
    map_res(digit1, str::parse::<u32>)(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_round_trip() {
        for variant in Variant::ALL {
            let board = Board::start(variant);
            let text = encode_position(variant, &board);
            assert_eq!(decode_position(&text), Ok((variant, board)), "{text}");
        }
        assert_eq!(
            encode_position(Variant::Portes, &Board::start(Variant::Portes)),
            "portes:O=24x2,13x5,8x3,6x5:X=24x2,13x5,8x3,6x5"
        );
    }

    #[test]
    fn pins_and_errors() {
        let text = "plakoto:O=24x14,15:X=24x14,10p";
        let (variant, board) = decode_position(text).unwrap();
        assert_eq!(variant, Variant::Plakoto);
        assert!(board.is_pinned(Side::X, 10));
        assert_eq!(encode_position(variant, &board), text);
        // A pin needs a pinner: O's 15 is X's 10.
        assert!(matches!(
            decode_position("plakoto:O=24x14,16:X=24x14,10p"),
            Err(PositionStringError::Board(BoardError::BadPin { point: 10 }))
        ));
        assert!(matches!(
            decode_position("portes:O=24x14,15:X=24x14,10p"),
            Err(PositionStringError::Board(BoardError::BadPin { .. }))
        ));
        assert_eq!(
            decode_position("chess:O=:X="),
            Err(PositionStringError::UnknownVariant {
                name: "chess".into()
            })
        );
        assert_eq!(
            decode_position("fevga:O=24x15:X=24,24"),
            Err(PositionStringError::Repeated { offset: 19 })
        );
        assert_eq!(
            decode_position("fevga:O=24x15:X=25"),
            Err(PositionStringError::OutOfRange { offset: 16 })
        );
        assert_eq!(
            decode_position("fevga:O=24x15;X=24"),
            Err(PositionStringError::Syntax { offset: 13 })
        );
        assert!(matches!(
            decode_position("fevga:O=bar,24x14:X=24x15"),
            Err(PositionStringError::Board(BoardError::NoBar {
                side: Side::O,
                ..
            }))
        ));
        assert!(matches!(
            decode_position("standard:O=24x15,13:X="),
            Err(PositionStringError::Board(
                BoardError::TooManyCheckers { .. }
            ))
        ));
    }
}
