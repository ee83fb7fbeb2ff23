//! Integration tests: one crate root, one module per area.

mod support;

mod cli;
mod codec_vectors;
mod gnubg_movegen;
mod movegen;
mod render;
mod repl;
