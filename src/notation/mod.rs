//! Move notation: gnubg's output form of a play, the syntax of written moves, and their
//! resolution against a position.

pub mod error;
pub mod format;
pub mod parser;
pub mod resolve;

pub use error::{ParseMoveError, ParseMoveErrorKind, ResolveMoveError, Span};
pub use format::format_play;
pub use parser::{parse_move, MoveText};
pub use resolve::{apply_written_steps, resolve_move};
