//! Text renderings of a game as gnubg prints them (board diagram, pip counts); pure functions.
//!
//! Nothing here parses or prints: each function turns a state into the exact text gnubg 1.07
//! writes, and the caller decides where it goes. Every returned text is complete lines, each
//! ending in `"\n"`. gnubg prints one empty line after each board; [`render_board`] does not
//! include it.
//!
//! ```
//! use tavli::render::{render_board, render_pipcount, BoardView};
//! use tavli::rules::{Dice, MatchState, Side, Variant};
//! let state = MatchState {
//!     dice: Some(Dice::new(3, 1).unwrap()),
//!     ..MatchState::new_money_game(Variant::Standard, Side::X)
//! };
//! let board = render_board(&BoardView {
//!     state: &state,
//!     names: ["gnubg", "root"],
//!     position_id: "4HPwATDgc/ABMA",
//!     match_id: "cIkFAAAAAAAA",
//!     clockwise: false,
//!     annotated: true,
//! });
//! let lines: Vec<&str> = board.lines().collect();
//! assert_eq!(lines.len(), 15);
//! assert_eq!(lines[2], " +13-14-15-16-17-18------19-20-21-22-23-24-+     O: gnubg");
//! assert_eq!(lines[12], " | O           X    |   | X              O |     Rolled 31");
//! assert_eq!(
//!     render_pipcount(&state.board, state.on_roll, ["gnubg", "root"]),
//!     "The pip counts are: root 167, gnubg 167.\n"
//! );
//! ```

pub mod board;
pub mod html_report;
pub mod picture;
pub mod pipcount;

pub use board::{render_board, BoardView};
pub use pipcount::render_pipcount;
