//! `tavli external ADDRESS`: serves gnubg's external-player protocol on a TCP or Unix socket.

use super::exit::Outcome;
use crate::engine::choice::{self, EvaluatorKind, DEFAULT_MOVE_BUDGET};
use crate::wire::external::server::{
    serve, Address, Listener, ServerEvent, ServerOptions, DEFAULT_MAX_CONNECTIONS,
};
use crate::wire::external::SessionDefaults;
use anyhow::Context;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `tavli external`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    after_help = "Examples:\n  tavli external localhost:17031\n  tavli external /tmp/tavli.socket\n\nThen in gnubg: `set player 1 external localhost:17031`, or connect a controller."
)]
pub struct ExternalArgs {
    /// Where to listen: `host:port` (TCP; `:port` for all interfaces) or a Unix socket path.
    pub address: String,
    /// Accept this many clients, then exit once they have left (default: serve until
    /// SIGINT or SIGTERM).
    #[arg(long, value_name = "N")]
    pub clients: Option<usize>,
    /// Clients served at the same time; one more gets `Error: too many connections` and is
    /// closed.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CONNECTIONS as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,
    /// Close a connection after this many seconds without a complete request line (or
    /// without reading a reply); 0 never closes it.
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    pub idle_timeout: u64,
    /// The Jacoby rule for money boards whose request does not say (`jacobyrule`), like
    /// gnubg's `set jacoby`.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub jacoby: bool,
    /// Whether a money double may be beavered, for boards whose request does not say
    /// (`beavers`), like gnubg's `set beavers`. gnubg as a host does not send it: give
    /// `--beavers false` when the host forbids beavers, or a beaver it refuses stops the game.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub beavers: bool,
    /// Whether the cube is in use, like gnubg's `set cube use`: with `--cube false` each
    /// play is chosen by the cubeless search and a double question is answered `roll` (a
    /// pending double is answered all the same). gnubg does not say it with its boards: when
    /// it plays with `set cube use off`, start tavli with `--cube false`.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub cube: bool,
    /// The evaluator: `net` (tavli's networks) or `pubeval` (the baseline).
    #[arg(long, value_enum, default_value_t = EvaluatorKind::Net)]
    pub evaluator: EvaluatorKind,
    /// Networks from this weight file instead of the built-in ones (`--evaluator net`).
    #[arg(long, value_name = "PATH")]
    pub weights: Option<std::path::PathBuf>,
    /// Plies searched for each move and cube answer (gnubg's counting: 0 = the evaluator
    /// alone), as deep as `--move-time` allows. Default: 2 with `net`, 0 with `pubeval` (the
    /// baseline plays as published).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=3))]
    pub plies: Option<u32>,
    /// Milliseconds per move or cube answer after which the search stops deepening, the
    /// last complete depth answering; 0: no limit (every answer at the full `--plies`).
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_MOVE_BUDGET.as_millis() as u64)]
    pub move_time: u64,
    /// Threads that share a move search (default: the machine's cores, at most 4).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: Option<u64>,
    /// Do not print the "Waiting for a connection" and "Accepted connection" lines.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Binds the address and answers clients, several at a time, until SIGINT or SIGTERM (or
/// `--clients`). Like gnubg, it prints `Waiting for a connection from ADDRESS...` and
/// `Accepted connection from PEER.` on standard output.
///
/// On the first SIGINT or SIGTERM the server closes its connections and exits with status 0
/// (removing a Unix socket file); a second one exits at once with status 130.
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
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        // The first signal sets `stop`; with `stop` set, the next one exits at once.
        signal_hook::flag::register_conditional_shutdown(signal, 130, Arc::clone(&stop))
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&stop)))
            .context("installing the SIGINT/SIGTERM handlers")?;
    }
    let evaluator = match choice::build_static(args.evaluator, args.weights.as_deref()) {
        Ok(evaluator) => evaluator,
        Err(error) => {
            writeln!(err, "tavli: {error}")?;
            return Ok(Outcome::Failure);
        }
    };
    let options = ServerOptions {
        move_plies: args.plies.unwrap_or(args.evaluator.default_plies()),
        move_limits: choice::move_limits_within(
            args.threads.map(|threads| threads as usize),
            choice::move_budget(args.move_time),
        ),
        max_clients: args.clients,
        max_connections: args.max_connections as usize,
        idle_timeout: (args.idle_timeout > 0).then(|| Duration::from_secs(args.idle_timeout)),
        defaults: SessionDefaults {
            jacoby: args.jacoby,
            beavers: args.beavers,
            cube: args.cube,
        },
    };
    // Read the bear-off table in the background so that no reply waits for it.
    std::thread::spawn(crate::engine::bearoff::warm_up);
    let mut write_error = None;
    serve(&listener, evaluator, &options, &stop, &mut |event| {
        if args.quiet || write_error.is_some() {
            return;
        }
        let written = match event {
            ServerEvent::Waiting(_) => writeln!(out, "Waiting for a connection from {shown}..."),
            ServerEvent::Accepted(peer) => writeln!(out, "Accepted connection from {peer}."),
            ServerEvent::Refused(peer) => {
                writeln!(
                    err,
                    "tavli: refused {peer}: {} clients connected",
                    options.max_connections
                )
            }
            ServerEvent::IdleTimeout => writeln!(err, "tavli: closed an idle connection"),
            ServerEvent::Closed => Ok(()),
            ServerEvent::Stopping => writeln!(err, "tavli: stopping"),
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
