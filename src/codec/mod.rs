//! Text forms of positions and match states: gnubg's Position ID, Match ID and GNUbg ID,
//! eXtreme Gammon's XGID and the FIBS `board:` line.
//!
//! Every decoder is a pure `&str -> Result` function that never panics; every encoder
//! writes what gnubg 1.07 writes. Boards and match states are absolute (`O` = gnubg's
//! player 0, `X` = player 1); the IDs that are relative to the player on roll take that
//! player as an argument.
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
pub mod xgid;

pub use detect::{detect_form, parse_position, PositionForm};
pub use error::{
    EncodeXgidError, IllegalPosition, MatchIdStateError, ParseFibsBoardError, ParseGnubgIdError,
    ParseMatchIdError, ParsePositionError, ParsePositionIdError, ParseXgidError,
};
pub use fibs::{FibsBoard, FibsFlavour};
pub use match_id::MatchIdFields;
pub use xgid::{Xgid, XgidDice};
