//! Text renderings of a game as gnubg prints them (board diagram, pip counts); pure functions.
//!
//! Nothing here parses or prints: each function turns a state into the exact text gnubg 1.07
//! writes, and the caller decides where it goes.

pub mod board;
pub mod pipcount;

pub use board::{render_board, BoardView};
pub use pipcount::render_pipcount;
