//! Move notation: gnubg's output form of a play, and (in `parser`) the syntax of written moves.

pub mod format;

pub use format::format_play;
