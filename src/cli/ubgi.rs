//! `tavli ubgi`: speaks UBGI (drafts v0.2 and v0.1) on standard input and `out`.

use super::exit::Outcome;
use crate::engine::ubgi::{self, UbgiSession};
use crate::engine::Pubeval;
use anyhow::Context;
use std::io::{self, ErrorKind, Write};

/// Arguments of `tavli ubgi` (none: engine settings are UBGI keys, see `keys`).
#[derive(clap::Args, Debug, Clone)]
#[command(
    after_help = "Example:\n  printf 'ubgi\\nposition gnubgid 4HPwATDgc/ABMA:cIkFAAAAAAAA\\ngo\\nquit\\n' | tavli ubgi"
)]
pub struct UbgiArgs {}

/// Runs a UBGI session on standard input and `out` until `quit` or the end of input. A
/// closed output (broken pipe) ends the session quietly.
///
/// # Errors
/// Read or write errors other than a broken pipe.
pub fn run(_args: &UbgiArgs, out: &mut dyn Write, _err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let name = concat!("tavli ", env!("CARGO_PKG_VERSION"));
    // Build the bear-off table in the background so that no reply waits for it.
    std::thread::spawn(crate::engine::bearoff::warm_up);
    let mut session = UbgiSession::new(Pubeval, name);
    match ubgi::run(&mut session, io::stdin().lock(), out) {
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Ok(Outcome::Success),
        result => result
            .map(|()| Outcome::Success)
            .context("UBGI session on standard input"),
    }
}
