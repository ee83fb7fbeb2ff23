//! gnubg's text protocol: parse command lines, apply them to a session, render gnubg's text.

pub mod rng;
