//! Why a game or a match refuses an action, as typed reasons (callers word them).

use crate::rules::resignation::Resignation;
use crate::rules::side::Side;
use crate::rules::variants::cube::CubeRefusal;
use std::fmt;

/// Why [`super::Game::apply`] or [`super::Match::apply`] refused an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// No game is being played (none started, or the last one is over).
    NoGame,
    /// The game is over.
    GameOver,
    /// The game's opening roll comes first (nobody may double before it).
    BeforeOpeningRoll,
    /// Who starts the game has been decided already (no opening roll any more).
    OpeningDecided,
    /// It is this player's turn, not the one who acted.
    NotYourTurn(Side),
    /// The match is over.
    MatchOver,
    /// The dice have been rolled already.
    AlreadyRolled,
    /// The dice must be rolled first.
    MustRoll,
    /// The play is not one of the legal plays.
    IllegalPlay,
    /// A legal play exists, so the player cannot pass.
    MustPlay,
    /// A double waits for an answer.
    DoublePending,
    /// A resignation waits for an answer.
    ResignationPending,
    /// No resignation has been offered.
    NoResignation,
    /// The opponent has declined a resignation of this much already, so an offer of as much
    /// or less waits until the game has moved on.
    AlreadyDeclined(Resignation),
    /// The cube rules refuse the cube action.
    Cube(CubeRefusal),
    /// The board is not a position of the variant.
    InvalidBoard,
    /// The cube value is not a power of two.
    InvalidCube,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NoGame => f.write_str("no game is being played"),
            GameError::GameOver => f.write_str("the game is over"),
            GameError::BeforeOpeningRoll => f.write_str("the opening roll comes first"),
            GameError::OpeningDecided => f.write_str("who starts has been decided already"),
            GameError::NotYourTurn(_) => f.write_str("it is the other player's turn"),
            GameError::MatchOver => f.write_str("the match is over"),
            GameError::AlreadyRolled => f.write_str("the dice have been rolled already"),
            GameError::MustRoll => f.write_str("the dice must be rolled first"),
            GameError::IllegalPlay => f.write_str("illegal play"),
            GameError::MustPlay => f.write_str("a legal play exists"),
            GameError::DoublePending => f.write_str("a double waits for an answer"),
            GameError::ResignationPending => f.write_str("a resignation waits for an answer"),
            GameError::NoResignation => f.write_str("no resignation has been offered"),
            GameError::AlreadyDeclined(_) => f.write_str("that resignation was declined"),
            GameError::Cube(refusal) => refusal.fmt(f),
            GameError::InvalidBoard => f.write_str("not a position of the variant"),
            GameError::InvalidCube => f.write_str("not a cube value"),
        }
    }
}

impl std::error::Error for GameError {}
