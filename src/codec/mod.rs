//! Text forms of positions and match states: gnubg's Position ID, Match ID and GNUbg ID,
//! eXtreme Gammon's XGID and the FIBS `board:` line.
//!
//! Every decoder is a pure `&str -> Result` function that never panics; every encoder
//! writes what gnubg 1.07 writes. Boards and match states are absolute (`O` = gnubg's
//! player 0, `X` = player 1); the IDs that are relative to the player on roll take that
//! player as an argument.
//!
//! | module | form | read | write |
//! |---|---|---|---|
//! | [`position_id`] | 14-character Position ID | strict, and gnubg's lenient `set board` | yes |
//! | [`match_id`] | 12-character Match ID, all fields in [`MatchIdFields`] | yes | yes |
//! | [`gnubg_id`] | `POSITIONID:MATCHID`, and the lenient `set gnubgid` scan | yes | yes |
//! | [`xgid`] | XGID | as gnubg's `set xgid` | as XG (maxcube 10) |
//! | [`fibs`] | FIBS `board:` line, show-board and external-player flavours | yes | yes |
//! | [`detect`] | any of the above, or `start` | [`parse_position`] | — |
//! | [`tavli_position`] | tavli's position string, every variant (pins, captures) | yes | yes |
//!
//! Where tavli reads differently from gnubg 1.07 (all checked with `gnubg -t`):
//!
//! * Match ID: gnubg reads IDs of any length and turns characters outside the alphabet
//!   into garbage bits; tavli requires 12 alphabet characters.
//! * XGID: gnubg reads every number with `atoi` (`x` is 0, `-1` as a score is 32767);
//!   tavli requires integers and non-negative scores. gnubg drops lower-case checkers in
//!   `X`'s bar slot and calls upper case in `O`'s illegal; tavli refuses both with
//!   [`ParseXgidError::WrongSideOnBar`]. A dice field with one die 0 (`05`, `30`) gives
//!   gnubg no dice, and tavli too ([`XgidDice::HalfRolled`]).
//! * Fields gnubg accepts in a Match ID but then ignores (game state 5-7, one die 0, a cube
//!   above 4096) decode into [`MatchIdFields`] and are refused by
//!   [`MatchIdFields::into_state`]; gnubg reads one die 0 as no roll, and so do the REPL and
//!   [`parse_position`] ([`MatchIdFields::with_half_roll_undone`]).
//!
//! What gnubg keeps after setting an ID (pending decisions stepped back, Crawford settled)
//! is modelled by [`gnubg_id::settled_as_gnubg_sets`]; [`gnubg_id::apply_lenient`] is
//! `set gnubgid` on a current state.
//!
//! What gnubg writes but does not read back: at the end of a match its Match ID and FIBS
//! line hold the winner's score, which may exceed (Match ID) or reach (FIBS) the match
//! length; gnubg's readers and tavli's refuse them. After accepting a Match ID with game
//! state 5-7 gnubg prints it again; tavli reads the fields but no match state. The Match
//! ID keeps the larger die first, the FIBS line the order rolled; the FIBS post-Crawford
//! field is gnubg's own flag (tavli writes "not Crawford and a player 1-away"), which
//! `set score` can leave different.
//!
//! ```
//! use tavli::codec::{gnubg_id, position_id};
//! use tavli::rules::{Board, Side, Variant};
//! let start = Board::start(Variant::Standard);
//! assert_eq!(position_id::encode(&start, Side::X), "4HPwATDgc/ABMA");
//! let state = gnubg_id::decode("4HPwATDgc/ABMA:cIkFAAAAAAAA", Variant::Standard).unwrap();
//! assert_eq!(state.on_roll, Side::X);
//! assert_eq!(gnubg_id::encode(&state), "4HPwATDgc/ABMA:cIkFAAAAAAAA");
//! ```

pub mod base64;
pub mod detect;
pub mod error;
pub mod fibs;
pub mod gnubg_id;
pub mod match_id;
pub mod position_id;
pub mod tavli_position;
pub mod xgid;

pub use detect::{detect_form, parse_position, PositionNotation};
pub use error::{
    EncodeXgidError, IllegalPosition, MatchIdStateError, ParseFibsBoardError, ParseGnubgIdError,
    ParseMatchIdError, ParsePositionError, ParsePositionIdError, ParseXgidError,
};
pub use fibs::{FibsBoard, FibsFlavour};
pub use match_id::MatchIdFields;
pub use xgid::{Xgid, XgidDice};
