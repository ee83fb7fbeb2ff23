//! Reads a POSITION argument (Position ID, GNUbg ID, XGID, FIBS board or `start`).

use crate::codec::{parse_position, ParsePositionError};
use crate::rules::{MatchState, Variant};

/// Reads any of the position forms tavli accepts; the form is detected.
///
/// # Errors
/// The codec's error, which names the forms when none matches.
pub fn read_position(text: &str, variant: Variant) -> Result<MatchState, ParsePositionError> {
    parse_position(text, variant)
}
