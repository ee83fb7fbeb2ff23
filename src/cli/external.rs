//! `tavli external ADDRESS`: serves gnubg's external-player protocol on a TCP or Unix socket.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use crate::engine::external::ExternalSession;
use crate::engine::server::{serve, Address, Listener, ServerEvent};
use crate::engine::Pubeval;
use anyhow::{Context, Result};
use clap::Args;

/// Arguments of `tavli external`.
#[derive(Debug, Clone, Args)]
pub struct ExternalArgs {
    /// Where to listen: `host:port` (TCP; `:port` for all interfaces) or a Unix socket path.
    pub address: String,
    /// Serve this many clients one after another, then exit (default: serve forever).
    #[arg(long, value_name = "N")]
    pub clients: Option<usize>,
    /// The Jacoby rule for money boards that do not say (`jacobyrule` on the request line
    /// overrides it), like gnubg's `set jacoby`.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub jacoby: bool,
    /// Do not print the "Waiting for a connection" and "Accepted connection" lines.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Binds the address and answers clients one after another (forever unless `--clients`).
///
/// # Errors
/// An unusable address, a failed bind or a failing listening socket.
pub fn run(args: &ExternalArgs) -> Result<()> {
    let address = Address::parse(&args.address)?;
    let listener =
        Listener::bind(&address).with_context(|| format!("cannot listen on {}", args.address))?;
    let shown = match &address {
        Address::Tcp(name) if name.ends_with(":0") => listener.local_address(),
        _ => args.address.clone(),
    };
    let mut session = ExternalSession::new(Pubeval, args.jacoby);
    let quiet = args.quiet;
    serve(&listener, &mut session, args.clients, &mut |event| {
        if quiet {
            return;
        }
        match event {
            ServerEvent::Waiting(_) => println!("Waiting for a connection from {shown}..."),
            ServerEvent::Accepted(peer) => println!("Accepted connection from {peer}."),
            ServerEvent::Closed => {}
            ServerEvent::Failed(error) => eprintln!("Connection dropped: {error}"),
        }
    })
    .with_context(|| format!("accepting connections on {}", args.address))
}
