//! Integration tests: one crate root, one module per area.

mod movegen;
