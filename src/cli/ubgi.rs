//! `tavli ubgi`: speaks UBGI (draft v0.2) on standard input and output.

use crate::engine::ubgi::{self, UbgiSession};
use crate::engine::Pubeval;
use anyhow::{Context, Result};
use clap::Args;
use std::io::{self, ErrorKind};

/// Arguments of `tavli ubgi` (none yet; engine settings are UBGI keys).
#[derive(Debug, Clone, Args)]
pub struct UbgiArgs {}

/// Runs a UBGI session on stdin/stdout until `quit` or the end of input. A closed output
/// (broken pipe) ends the session quietly.
///
/// # Errors
/// Read or write errors other than a broken pipe.
pub fn run(_args: &UbgiArgs) -> Result<()> {
    let name = concat!("tavli ", env!("CARGO_PKG_VERSION"));
    let mut session = UbgiSession::new(Pubeval, name);
    match ubgi::run(&mut session, io::stdin().lock(), io::stdout().lock()) {
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Ok(()),
        result => result.context("UBGI session on standard input/output"),
    }
}
