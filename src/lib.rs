//! tavli: backgammon rules, gnubg-compatible notation and codecs, a gnubg text-protocol
//! session, match-file validation and an engine backend.
//!
//! The library never prints; the `tavli` binary is the only place that writes to a terminal.
//!
//! ```
//! use tavli::rules::{legal_plays, Board, Dice, Side, Variant};
//! let board = Board::start(Variant::Standard);
//! let plays = legal_plays(&board, Side::X, Dice::new(3, 1).unwrap());
//! assert_eq!(plays.len(), 16);
//! ```

#![warn(clippy::print_stdout, clippy::print_stderr)]
#![warn(missing_docs)]

pub mod analysis;
pub mod cli;
pub mod codec;
pub mod echo;
pub mod engine;
pub mod matchfile;
pub mod notation;
pub mod protocol;
pub mod render;
pub mod rules;
pub mod train;
pub mod wire;
