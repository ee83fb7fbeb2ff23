//! gnubg's 14-character Position ID: the checkers of both sides, relative to the player on roll.
//!
//! The side **not** on roll is written first, then the side on roll. For each side, slots
//! 0..24 (points 1..24, then the bar) give as many `1` bits as checkers followed by one `0`;
//! the stream is padded to 80 bits and written with [`super::base64`].

use super::base64::{char_value, decode_values, encode_bytes, BitWriter};
use super::error::{IllegalPosition, ParsePositionIdError};
use crate::rules::{Board, Side, Variant, BAR};

/// Characters in a Position ID.
pub const POSITION_ID_LENGTH: usize = 14;
const BYTES: usize = 10;

/// Writes the Position ID of `board` with `on_roll` as the player on roll.
///
/// A board with more than 30 checkers on it cannot be written; its bits past 80 are dropped.
#[must_use]
pub fn encode(board: &Board, on_roll: Side) -> String {
    let mut writer = BitWriter::new(BYTES);
    for side in [on_roll.opponent(), on_roll] {
        for &count in &board.slots[side.index()] {
            for _ in 0..count {
                writer.push(true);
            }
            writer.push(false);
        }
    }
    encode_bytes(&writer.into_bytes(), POSITION_ID_LENGTH)
}

/// Reads a Position ID of exactly 14 characters, `on_roll` being the player on roll (the
/// ID itself does not say which player that is). Checkers not on the board are borne off.
///
/// As in gnubg, the low four bits of the 14th character and any bits after the second
/// side's bar are ignored.
pub fn decode(text: &str, on_roll: Side, variant: Variant) -> Result<Board, ParsePositionIdError> {
    let length = text.chars().count();
    if length != POSITION_ID_LENGTH {
        return Err(ParsePositionIdError::WrongLength { length });
    }
    decode_lenient(text, on_roll, variant)
}

/// Reads a Position ID as gnubg's `set board` does: a shorter ID is padded with zero bits
/// (`xyz` reads as `xyzAAAAAAAAAAA`) and characters after the 14th are ignored. Only an
/// empty text, a character outside the alphabet among the first 14, or an illegal position
/// is rejected.
pub fn decode_lenient(
    text: &str,
    on_roll: Side,
    variant: Variant,
) -> Result<Board, ParsePositionIdError> {
    if text.is_empty() {
        return Err(ParsePositionIdError::WrongLength { length: 0 });
    }
    let mut values = Vec::with_capacity(POSITION_ID_LENGTH);
    for (position, character) in text.chars().take(POSITION_ID_LENGTH).enumerate() {
        let value = char_value(character).ok_or(ParsePositionIdError::BadCharacter {
            position,
            character,
        })?;
        values.push(value);
    }
    let bytes = decode_values(&values, BYTES);
    let slots = slots_from_bits(&bytes, on_roll);
    board_from_slots(slots, variant).map_err(ParsePositionIdError::Illegal)
}

/// Unpacks the bit stream into both sides' slots (gnubg stops at a `1` after the last slot).
fn slots_from_bits(bytes: &[u8], on_roll: Side) -> [[u8; 25]; 2] {
    let mut slots = [[0u8; 25]; 2];
    let order = [on_roll.opponent(), on_roll];
    let mut side = 0usize;
    let mut slot = 0usize;
    'bits: for &byte in bytes {
        for bit in 0..8 {
            if byte >> bit & 1 == 1 {
                match order.get(side) {
                    Some(owner) => {
                        let count = &mut slots[owner.index()][slot];
                        *count = count.saturating_add(1);
                    }
                    None => break 'bits,
                }
            } else {
                slot += 1;
                if slot == 25 {
                    slot = 0;
                    side += 1;
                }
            }
        }
    }
    slots
}

/// Builds a board from both sides' slots and checks it as gnubg does: checker counts (the
/// rest of the variant's checkers are borne off), shared points, and both sides on the bar
/// against closed boards.
pub fn board_from_slots(slots: [[u8; 25]; 2], variant: Variant) -> Result<Board, IllegalPosition> {
    let board = Board::from_slots(slots, variant)?;
    let both_closed = (0..6).all(|index| slots[0][index] >= 2 && slots[1][index] >= 2);
    if both_closed && slots[0][BAR] > 0 && slots[1][BAR] > 0 {
        return Err(IllegalPosition::BothBarredAgainstClosedBoards);
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let board = Board::start(Variant::Standard);
        assert_eq!(encode(&board, Side::X), "4HPwATDgc/ABMA");
        assert_eq!(encode(&board, Side::O), "4HPwATDgc/ABMA");
        assert_eq!(
            decode("4HPwATDgc/ABMA", Side::X, Variant::Standard),
            Ok(board)
        );
    }

    #[test]
    fn worked_example_from_the_spec() {
        // On roll: one checker on the bar. Opponent: two on each of its points 19-24, one on
        // its bar.
        let mut slots = [[0u8; 25]; 2];
        slots[Side::X.index()][BAR] = 1;
        for count in &mut slots[Side::O.index()][18..24] {
            *count = 2;
        }
        slots[Side::O.index()][BAR] = 1;
        let board = Board::from_slots(slots, Variant::Standard).unwrap();
        assert_eq!(encode(&board, Side::X), "AABs2xYAAEAAAA");
        assert_eq!(
            decode("AABs2xYAAEAAAA", Side::X, Variant::Standard),
            Ok(board)
        );
    }

    #[test]
    fn lenient_reading_pads_and_ignores_like_gnubg() {
        let start = Board::start(Variant::Standard);
        assert_eq!(
            decode_lenient("4HPwATDgc/ABMA1", Side::X, Variant::Standard),
            Ok(start)
        );
        let short = decode_lenient("4HPwATDgc/AB", Side::X, Variant::Standard).unwrap();
        assert_eq!(encode(&short, Side::X), "4HPwATDgc/ABAA");
        let odd = decode_lenient("xyz", Side::X, Variant::Standard).unwrap();
        assert_eq!(encode(&odd, Side::X), "xyzAAAAAAAAAAA");
        assert_eq!(
            decode("4HPwATDgc/AB", Side::X, Variant::Standard),
            Err(ParsePositionIdError::WrongLength { length: 12 })
        );
    }

    #[test]
    fn ignored_bits_as_in_gnubg() {
        let start = Board::start(Variant::Standard);
        // Low bits of the 14th character.
        assert_eq!(
            decode("4HPwATDgc/ABMB", Side::X, Variant::Standard),
            Ok(start)
        );
        // A 1 bit after both sides are complete: gnubg shows an empty board.
        assert_eq!(
            decode("AAAAAAAAAAAAgA", Side::X, Variant::Standard),
            Ok(Board::from_slots([[0; 25]; 2], Variant::Standard).unwrap())
        );
    }

    #[test]
    fn rejects_what_gnubg_calls_illegal() {
        assert_eq!(
            decode("4HPwATDgc/AB!A", Side::X, Variant::Standard),
            Err(ParsePositionIdError::BadCharacter {
                position: 12,
                character: '!'
            })
        );
        assert!(matches!(
            decode("4HPwATDgc/ABMX", Side::X, Variant::Standard),
            Err(ParsePositionIdError::Illegal(_))
        ));
        assert!(matches!(
            decode("4HPwATDgc/ABMA", Side::X, Variant::Hypergammon3),
            Err(ParsePositionIdError::Illegal(
                IllegalPosition::TooManyCheckers { .. }
            ))
        ));
        let mut slots = [[0u8; 25]; 2];
        for side in &mut slots {
            for count in &mut side[..6] {
                *count = 2;
            }
            side[BAR] = 1;
        }
        assert_eq!(
            board_from_slots(slots, Variant::Standard),
            Err(IllegalPosition::BothBarredAgainstClosedBoards)
        );
        // The same position as a Position ID is `Illegal position.` in gnubg; with one home
        // point opened it is legal.
        assert_eq!(
            decode("27YBANC2bQAABA", Side::X, Variant::Standard),
            Err(ParsePositionIdError::Illegal(
                IllegalPosition::BothBarredAgainstClosedBoards
            ))
        );
        assert!(decode("27YAAGjbNgAAAg", Side::X, Variant::Standard).is_ok());
    }
}
