//! gnubg's text protocol: parse command lines, apply them to a session, render gnubg's text.

pub mod ast;
pub mod keywords;
pub mod parser;
pub mod response;
pub mod rng;

pub use ast::Command;
pub use parser::parse_line;
pub use response::{CommandError, ErrorKind, Output, Response};
