//! gnubg's text protocol: parse command lines, apply them to a session, render gnubg's text.
//!
//! The pipeline is `parser::parse_line` (syntax only, a [`Command`] value) →
//! [`Session::apply`] (state; a rejected command changes nothing) → [`Response`] values →
//! `text` (gnubg's exact bytes, stdout and stderr parts) or `json` (one NDJSON object).
//! `repl::run` is the line loop over any reader and writers.
//!
//! ```
//! use tavli::protocol::{run_line, text, Session};
//! let mut session = Session::new("root");
//! run_line(&mut session, "set seed 1").unwrap();
//! let response = run_line(&mut session, "new session").unwrap();
//! let out = text::render_response(&response).stdout;
//! assert!(out.starts_with("A new session has been started.\ngnubg rolls 3, root rolls 6.\n"));
//! ```
//!
//! Checked against gnubg 1.07.001: every script in `fixtures/protocol/` and 200 random legal
//! sessions per test run give gnubg's output byte for byte (boards, IDs, messages, dice).
//! gnubg behaviours reproduced on purpose, found by experiment:
//! * dice: MT19937 `init_genrand(seed)`, die = `(x * 6) >> 32` + 1 (see `rng`);
//! * `set turn` always clears the dice; a player who rolls again before a double gets his
//!   last roll back while the checkers stand as when he rolled it (a play, `set board` or
//!   an ID moves them; set back to that position, the roll is given back again); the roll
//!   belongs to the seat (player 0 or 1), also when an XGID exchanges the players;
//! * `new game` over a match game: after an earlier game the Crawford flags go back to what
//!   that game left; in the first game an abandoned Crawford game counts as played;
//! * a game started automatically after a game with no roll or double since the opening
//!   repeats that opening roll;
//! * a beaver gives the cube to the first doubled player; Jacoby applies while the cube is
//!   centred (whatever its value);
//! * finished games keep gnubg's Match ID fields (drop, resignation and bear-off differ).
//!
//! Known differences: keywords resolve by unique prefix among tavli's commands (see
//! `keywords`); `help`, `show version` and `hint` print tavli's own texts. The hint list, the
//! cube analysis of `hint` (before rolling, on a pending double), the resignation analysis of
//! `hint` (on a pending resignation) and `eval` have gnubg's layout with tavli's evaluator's
//! numbers, named with the ply (`net 2-ply`) in place of gnubg's; `eval` prints no bear-off
//! database block and takes no position argument. `set evaluation` and `set player N` set
//! only the plies (0 to 3; tavli's default is 2, gnubg's 0), and `set evaluation evaluator`
//! is tavli's own. Not implemented: `hint` after a beaver, the other `set evaluation`
//! settings (noise, pruning, move filters), `set rng manual` and Python (`>`). The file commands (`import mat`, `export match mat`,
//! `save match|position`, `load match|position`, see `session/files.rs`) are implemented. A
//! player set to `gnubg` is played by tavli's evaluator, so its moves and cube actions
//! differ from gnubg's; `list game` after board edits can differ; seeds of 2^32 and above
//! give other dice than gnubg.

pub mod ast;
pub mod cube_report;
pub mod evaluate;
pub mod event_text;
pub mod game_list_text;
pub mod help;
pub mod json;
pub mod keywords;
pub mod named_side;
pub mod parser;
pub mod repl;
pub mod reply;
pub mod reply_text;
pub mod response;
pub mod rng;
pub mod score_text;
pub mod session;
pub mod statistics_report;
pub mod statistics_text;
pub mod text;

pub use ast::Command;
pub use parser::parse_line;
pub use repl::{run, run_line, ReplOptions, ReplSummary};
pub use response::{CommandError, ErrorKind, Output, Response};
pub use session::Session;
