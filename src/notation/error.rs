//! Errors of move notation: syntax errors (with a span) apart from resolution errors.

use serde::Serialize;
use std::fmt;

/// A byte range `start..end` in a text (a move, a match file): the one span type of
/// the crate, also what match-file diagnostics point at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    #[must_use]
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start,
            end: end.max(start),
        }
    }

    /// An empty span at `offset`.
    #[must_use]
    pub fn at(offset: usize) -> Span {
        Span {
            start: offset,
            end: offset,
        }
    }
}

/// Why a move text cannot be read (syntax only, no board involved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// What is wrong.
    pub kind: ParseMoveErrorKind,
    /// Where in the text.
    pub span: Span,
}

/// The kinds of move syntax errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveErrorKind {
    /// No points at all.
    Empty,
    /// A character that has no meaning in a move.
    UnexpectedCharacter(char),
    /// A number above 25.
    PointOutOfRange(u32),
    /// `/` with no point before it, two `/` in a row, or a trailing `/`.
    DanglingSlash,
    /// A repeat count that is not a number of at least 2, or a `(` without one.
    BadRepeat,
    /// More than eight points (four steps) after expanding chains and repeats.
    TooManySteps,
    /// An odd number of points, so one step has no destination.
    OddPointCount,
    /// A step that starts from off.
    FromOff,
    /// A step that ends on the bar.
    ToBar,
    /// A chain passing through the bar or off.
    InnerBarOrOff,
    /// Not a play of the variant grammar (grammar/variant-moves.ebnf); the span is empty,
    /// at the byte where reading stopped.
    NotAMove,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = self.span.start + 1;
        match &self.kind {
            ParseMoveErrorKind::Empty => write!(f, "no move given"),
            ParseMoveErrorKind::UnexpectedCharacter(c) => {
                write!(f, "unexpected character `{c}` at column {column}")
            }
            ParseMoveErrorKind::PointOutOfRange(n) => {
                write!(f, "point {n} at column {column} is not 0 to 25")
            }
            ParseMoveErrorKind::DanglingSlash => {
                write!(f, "`/` at column {column} must stand between two points")
            }
            ParseMoveErrorKind::BadRepeat => write!(
                f,
                "repeat count at column {column} must be a number of at least 2, as in `8/5(2)`"
            ),
            ParseMoveErrorKind::TooManySteps => write!(f, "more than four steps"),
            ParseMoveErrorKind::OddPointCount => {
                write!(f, "a step has a starting point but no destination")
            }
            ParseMoveErrorKind::FromOff => write!(f, "a checker cannot move from off"),
            ParseMoveErrorKind::ToBar => write!(f, "a checker cannot move to the bar"),
            ParseMoveErrorKind::InnerBarOrOff => {
                write!(f, "a chain cannot pass through the bar or off")
            }
            ParseMoveErrorKind::NotAMove => write!(
                f,
                "not a move at byte {}: write moves as `24/18 13/11`, `13/10^`, `10/8x(3)` or \
                 `sum 3: 3/off`",
                self.span.start
            ),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Why a well-formed move is not a legal play on the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveMoveError {
    /// A step starts where the mover has no checker, or moves backwards (mover's numbering;
    /// 25 = bar).
    NoChecker {
        /// The starting point.
        point: u8,
    },
    /// A jump of gnubg's syntax lands on a point the opponent holds with two or more checkers.
    Blocked {
        /// The landing point.
        point: u8,
    },
    /// The steps can be made but do not give the result of any legal play.
    Illegal,
    /// The Athroisma bear-off label does not describe the play.
    WrongAction,
}

impl fmt::Display for ResolveMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveMoveError::NoChecker { point: 25 } => {
                write!(f, "illegal move: no checker on the bar to move")
            }
            ResolveMoveError::NoChecker { point } => {
                write!(
                    f,
                    "illegal move: no checker on point {point} to move from there"
                )
            }
            ResolveMoveError::Blocked { point } => {
                write!(f, "illegal move: point {point} is blocked")
            }
            ResolveMoveError::Illegal => write!(f, "illegal move"),
            ResolveMoveError::WrongAction => {
                write!(
                    f,
                    "illegal move: the label does not name this bear-off action"
                )
            }
        }
    }
}

impl std::error::Error for ResolveMoveError {}
