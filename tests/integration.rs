//! Integration tests: one crate root, one module per area.

mod support;

mod gnubg_movegen;
mod movegen;
mod render;
mod repl;
