//! The rules of backgammon and its variants: board, dice, plays and match state. No I/O.
//!
//! This layer depends on nothing else in the crate; every other layer builds on it.
//!
//! [`RuleSet`] is the one way into the rules of a variant: legal plays, starting position,
//! results and their scores, the opening rule and the cube. The rules of each variant live
//! behind it (in the private `variants` module); their types ([`GameResult`], [`WinKind`],
//! [`Cube`], ...) are named here. [`legal_plays`], [`legal_plays_into`] and
//! [`count_legal_plays`] are the standard-rules shorthand of [`RuleSet::legal_plays`] and its
//! kin: they generate gnubg's exact plays for the standard movement (standard, nackgammon,
//! the hypergammons and Portes) and are what hot loops of the standard engine call.

pub mod board;
pub mod dice;
pub mod game;
pub mod match_state;
pub mod movegen;
pub mod play;
mod resignation;
mod rule_set;
pub mod side;
pub mod variant;
mod variants;

pub use board::{Board, BoardError, BAR};
pub use dice::{Dice, DiceError};
pub use match_state::{GameState, MatchState};
pub use movegen::{count_legal_plays, legal_plays, legal_plays_into};
pub use play::{Play, Step, BAR_POINT, MAX_STEPS, OFF_POINT};
pub use resignation::Resignation;
pub use rule_set::{Contact, PositionEncoding, RuleSet};
pub use side::Side;
pub use variant::{UnknownVariant, Variant};
pub use variants::athroisma::BearOffAction;
pub use variants::cube::{Cube, CubeContext, CubeRefusal, Offer};
pub use variants::{GameResult, PointContents, WinKind};
