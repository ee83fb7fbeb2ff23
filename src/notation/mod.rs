//! Move notation: gnubg's output form of a play, the syntax of written moves, and their
//! resolution against a position.

pub mod error;
pub mod format;
pub mod parser;
pub mod resolve;
pub mod variant_format;
pub mod variant_move;
pub mod written_play;

pub use error::{ParseMoveError, ParseMoveErrorKind, ResolveMoveError, Span};
pub use format::format_play;
pub use parser::{parse_move, MoveText};
pub use resolve::{apply_written_steps, resolve_move};
pub use variant_format::format_variant_play;
pub use variant_move::{parse_variant_move, resolve_variant_move};
