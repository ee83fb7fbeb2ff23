//! Move notation: one format, one parse and one resolve of a play, each taking the rule set:
//! gnubg's notation and syntax for the standard family, the variant grammar for the others.

pub mod error;
pub mod format;
pub mod parser;
pub mod resolve;
pub(crate) mod token;
pub mod variant_format;
pub mod variant_move;
pub mod written_move;
pub mod written_play;

pub use error::{ParseMoveError, ParseMoveErrorKind, ResolveMoveError, Span};
pub use format::{format_play, format_recorded_play};
pub use parser::MoveText;
pub use resolve::apply_written_steps;
pub use variant_move::VariantMoveText;
pub use written_move::{parse_move, resolve_move, WrittenMove};
