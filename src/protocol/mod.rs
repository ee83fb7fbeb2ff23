//! gnubg's text protocol: parse command lines, apply them to a session, render gnubg's text.

pub mod ast;
pub mod evaluate;
pub mod help;
pub mod json;
pub mod keywords;
pub mod parser;
pub mod repl;
pub mod response;
pub mod rng;
pub mod session;
pub mod text;

pub use ast::Command;
pub use parser::parse_line;
pub use repl::{run, run_line, ReplOptions, ReplSummary};
pub use response::{CommandError, ErrorKind, Output, Response};
pub use session::Session;
