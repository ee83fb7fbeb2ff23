//! `tavli external ADDRESS`: serves gnubg's external-player protocol on a TCP or Unix socket.

use super::exit::Outcome;
use crate::engine::external::ExternalSession;
use crate::engine::server::{serve, Address, Listener, ServerEvent};
use crate::engine::Pubeval;
use anyhow::Context;
use std::io::Write;

/// Arguments of `tavli external`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    after_help = "Examples:\n  tavli external localhost:17031\n  tavli external /tmp/tavli.socket\n\nThen in gnubg: `set player 1 external localhost:17031`, or connect a controller."
)]
pub struct ExternalArgs {
    /// Where to listen: `host:port` (TCP; `:port` for all interfaces) or a Unix socket path.
    pub address: String,
    /// Serve this many clients one after another, then exit (default: serve forever).
    #[arg(long, value_name = "N")]
    pub clients: Option<usize>,
    /// The Jacoby rule for money boards whose request does not say (`jacobyrule`), like
    /// gnubg's `set jacoby`.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub jacoby: bool,
    /// Do not print the "Waiting for a connection" and "Accepted connection" lines.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Binds the address and answers clients one after another (forever unless `--clients`).
/// Like gnubg, it prints `Waiting for a connection from ADDRESS...` and
/// `Accepted connection from PEER.` on standard output.
///
/// # Errors
/// A failing listening socket, or I/O errors on the outputs.
pub fn run(
    args: &ExternalArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let address = match Address::parse(&args.address) {
        Ok(address) => address,
        Err(error) => {
            writeln!(err, "tavli: {error}")?;
            return Ok(Outcome::Failure);
        }
    };
    let listener = match Listener::bind(&address) {
        Ok(listener) => listener,
        Err(error) => {
            writeln!(err, "tavli: {}: {error}", args.address)?;
            return Ok(Outcome::Failure);
        }
    };
    let shown = match &address {
        Address::Tcp(name) if name.ends_with(":0") => listener.local_address(),
        _ => args.address.clone(),
    };
    // Build the bear-off table in the background so that no reply waits for it.
    std::thread::spawn(crate::engine::bearoff::warm_up);
    let mut session = ExternalSession::new(Pubeval, args.jacoby);
    let mut write_error = None;
    serve(&listener, &mut session, args.clients, &mut |event| {
        if args.quiet || write_error.is_some() {
            return;
        }
        let written = match event {
            ServerEvent::Waiting(_) => writeln!(out, "Waiting for a connection from {shown}..."),
            ServerEvent::Accepted(peer) => writeln!(out, "Accepted connection from {peer}."),
            ServerEvent::Closed => Ok(()),
            ServerEvent::Failed(error) => writeln!(err, "tavli: connection dropped: {error}"),
        };
        let flushed = written.and_then(|()| out.flush());
        if let Err(error) = flushed {
            write_error = Some(error);
        }
    })
    .with_context(|| format!("accepting connections on {}", args.address))?;
    Ok(Outcome::Success)
}
