//! Integration tests: they run the `tavli` binary and compare with gnubg's recorded vectors.
mod validate;
