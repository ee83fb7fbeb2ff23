//! The rules of backgammon and its variants: board, dice, plays and match state. No I/O.
//!
//! This layer depends on nothing else in the crate; every other layer builds on it.

pub mod board;
pub mod dice;
pub mod game;
pub mod match_state;
pub mod movegen;
pub mod play;
pub mod side;
pub mod variant;
pub mod variants;

pub use board::{Board, BoardError, BAR};
pub use dice::{Dice, DiceError};
pub use match_state::{GameState, MatchState, Resignation};
pub use movegen::{count_legal_plays, legal_plays, legal_plays_into};
pub use play::{Play, Step, BAR_POINT, MAX_STEPS, OFF_POINT};
pub use side::Side;
pub use variant::{UnknownVariant, Variant};
