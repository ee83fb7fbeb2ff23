//! Match files: reading .mat and SGF, replaying them on the rules core, validation, writing.

pub mod ast;
pub mod diagnostic;
pub mod mat;
