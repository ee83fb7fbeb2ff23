//! The socket transport of the external-player protocol: TCP `host:port` or a Unix socket
//! path, several clients at once, each in its own thread with its own protocol state.
//!
//! Bounded: at most [`ServerOptions::max_connections`] clients at a time (one more is told
//! `Error: too many connections` and closed), an idle client is closed after
//! [`ServerOptions::idle_timeout`], a client that stops reading our replies is dropped after
//! the same time, and each connection keeps at most [`MAX_LINE`] bytes of a line. The accept
//! loop checks a stop flag between connections (the CLI sets it on SIGINT/SIGTERM) and then
//! closes every connection and returns.

use crate::engine::evaluator::Evaluator;
use crate::engine::search::SearchLimits;
pub use crate::wire::external::connection::{serve_bytes, serve_connection, Ending, MAX_LINE};
use crate::wire::external::connection::{serve_timed, TimedStream};
use crate::wire::external::{ExternalSession, SessionDefaults};
use std::collections::HashMap;
use std::fmt;
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

/// Where the server listens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    /// `host:port`; an empty host means all interfaces.
    Tcp(String),
    /// A Unix-domain socket path.
    Unix(PathBuf),
}

/// An unusable address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddressError(pub String);

impl fmt::Display for AddressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for AddressError {}

impl Address {
    /// gnubg's rule: a name with a `:` and no `/` is TCP `host:port`, anything else a Unix
    /// socket path.
    ///
    /// # Errors
    /// An empty name, or a TCP name whose port is not a number.
    pub fn parse(text: &str) -> Result<Address, AddressError> {
        if text.is_empty() {
            return Err(AddressError(
                "You must specify the name of the socket to the external controller.".into(),
            ));
        }
        if text.contains(':') && !text.contains('/') {
            let (host, port) = text.rsplit_once(':').unwrap_or(("", text));
            if port.parse::<u16>().is_err() {
                return Err(AddressError(format!("{text}: invalid port number")));
            }
            let host = if host.is_empty() { "0.0.0.0" } else { host };
            return Ok(Address::Tcp(format!("{host}:{port}")));
        }
        Ok(Address::Unix(PathBuf::from(text)))
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Address::Tcp(name) => write!(f, "{name}"),
            Address::Unix(path) => write!(f, "{}", path.display()),
        }
    }
}

/// A bound listening socket. A Unix socket file is removed when the listener is dropped.
pub enum Listener {
    /// TCP.
    Tcp(TcpListener),
    /// Unix domain, with the path to clean up.
    Unix(UnixListener, PathBuf),
}

impl Listener {
    /// Binds `address`; a stale Unix socket file at the path is replaced.
    ///
    /// # Errors
    /// The operating system's bind error.
    pub fn bind(address: &Address) -> io::Result<Listener> {
        match address {
            Address::Tcp(name) => TcpListener::bind(name).map(Listener::Tcp),
            Address::Unix(path) => {
                if let Ok(metadata) = std::fs::symlink_metadata(path) {
                    use std::os::unix::fs::FileTypeExt;
                    if metadata.file_type().is_socket() {
                        std::fs::remove_file(path)?;
                    }
                }
                UnixListener::bind(path).map(|listener| Listener::Unix(listener, path.clone()))
            }
        }
    }

    /// The address actually bound (useful with port 0).
    #[must_use]
    pub fn local_address(&self) -> String {
        match self {
            Listener::Tcp(listener) => listener
                .local_addr()
                .map_or_else(|_| "?".to_string(), |address| address.to_string()),
            Listener::Unix(_, path) => path.display().to_string(),
        }
    }

    fn set_nonblocking(&self, on: bool) -> io::Result<()> {
        match self {
            Listener::Tcp(listener) => listener.set_nonblocking(on),
            Listener::Unix(listener, _) => listener.set_nonblocking(on),
        }
    }

    fn accept(&self) -> io::Result<(Connection, String)> {
        match self {
            Listener::Tcp(listener) => {
                let (stream, peer) = listener.accept()?;
                stream.set_nonblocking(false)?;
                let _ = stream.set_nodelay(true);
                Ok((Connection::Tcp(stream), peer.ip().to_string()))
            }
            Listener::Unix(listener, path) => {
                let (stream, _) = listener.accept()?;
                stream.set_nonblocking(false)?;
                Ok((Connection::Unix(stream), path.display().to_string()))
            }
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        if let Listener::Unix(_, path) = self {
            let _ = std::fs::remove_file(path);
        }
    }
}

enum Connection {
    Tcp(TcpStream),
    Unix(UnixStream),
}

impl Connection {
    fn try_clone(&self) -> io::Result<Connection> {
        match self {
            Connection::Tcp(stream) => stream.try_clone().map(Connection::Tcp),
            Connection::Unix(stream) => stream.try_clone().map(Connection::Unix),
        }
    }

    fn shutdown(&self) {
        let _ = match self {
            Connection::Tcp(stream) => stream.shutdown(Shutdown::Both),
            Connection::Unix(stream) => stream.shutdown(Shutdown::Both),
        };
    }

    fn set_write_timeout(&self, timeout: Option<Duration>) -> io::Result<()> {
        match self {
            Connection::Tcp(stream) => stream.set_write_timeout(timeout),
            Connection::Unix(stream) => stream.set_write_timeout(timeout),
        }
    }
}

impl TimedStream for Connection {
    fn set_read_timeout(&self, timeout: Option<Duration>) -> io::Result<()> {
        match self {
            Connection::Tcp(stream) => stream.set_read_timeout(timeout),
            Connection::Unix(stream) => stream.set_read_timeout(timeout),
        }
    }
}

impl Read for Connection {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        match self {
            Connection::Tcp(stream) => stream.read(buffer),
            Connection::Unix(stream) => stream.read(buffer),
        }
    }
}

impl Write for Connection {
    fn write(&mut self, buffer: &[u8]) -> io::Result<usize> {
        match self {
            Connection::Tcp(stream) => stream.write(buffer),
            Connection::Unix(stream) => stream.write(buffer),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Connection::Tcp(stream) => stream.flush(),
            Connection::Unix(stream) => stream.flush(),
        }
    }
}

/// The default for [`ServerOptions::max_connections`].
pub const DEFAULT_MAX_CONNECTIONS: usize = 8;
/// The default for [`ServerOptions::idle_timeout`]: five minutes.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(300);
/// How often the accept loop looks at the stop flag and the finished connections.
const POLL: Duration = Duration::from_millis(10);
/// How long a refused client is given to read its refusal.
const REFUSAL_TIMEOUT: Duration = Duration::from_secs(1);

/// How the server serves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerOptions {
    /// Accept this many clients, then stop accepting and return once they have left
    /// (`None`: serve until stopped).
    pub max_clients: Option<usize>,
    /// Clients served at the same time; one more is refused.
    pub max_connections: usize,
    /// Close a connection when no complete request line has arrived for this long, or when
    /// the client has not read a reply for this long (`None`: never).
    pub idle_timeout: Option<Duration>,
    /// gnubg's `set jacoby` and `set beavers` for requests that do not say (`jacobyrule`,
    /// `beavers`), and its `set cube use`.
    pub defaults: SessionDefaults,
    /// Plies searched for each move and cube answer (gnubg's counting; 0: the evaluator
    /// alone).
    pub move_plies: u32,
    /// When a move search stops deepening, and its threads.
    pub move_limits: SearchLimits,
}

impl Default for ServerOptions {
    fn default() -> ServerOptions {
        ServerOptions {
            max_clients: None,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            idle_timeout: Some(DEFAULT_IDLE_TIMEOUT),
            defaults: SessionDefaults::default(),
            move_plies: 0,
            move_limits: SearchLimits::UNLIMITED,
        }
    }
}

/// What happened on the server, for the caller to log (the library never prints).
#[derive(Debug)]
pub enum ServerEvent {
    /// Listening for clients (at the start, and whenever a client has left).
    Waiting(String),
    /// A client connected (its IP address or the socket path).
    Accepted(String),
    /// A client was refused because [`ServerOptions::max_connections`] are being served.
    Refused(String),
    /// A client left (disconnect or `exit`).
    Closed,
    /// A client was closed after [`ServerOptions::idle_timeout`] without a request.
    IdleTimeout,
    /// A connection failed; the server goes on.
    Failed(io::Error),
    /// The stop flag was seen: the open connections are being closed.
    Stopping,
}

/// The refusal sent to a client over the connection limit.
fn refusal(limit: usize) -> String {
    format!("Error: too many connections (at most {limit} at a time); try again later\n")
}

/// Serves clients, each in its own thread with its own [`ExternalSession`] sharing
/// `evaluator`, until `options.max_clients` have come and gone or `stop` is set. Accept
/// errors that concern one client (reset, aborted, out of file descriptors) are reported as
/// [`ServerEvent::Failed`] and the server goes on.
///
/// # Errors
/// An unrecoverable error of the listening socket (the open connections are closed first).
pub fn serve<E: Evaluator + Sync + ?Sized>(
    listener: &Listener,
    evaluator: &E,
    options: &ServerOptions,
    stop: &AtomicBool,
    events: &mut dyn FnMut(ServerEvent),
) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let (sender, receiver) = mpsc::channel::<ServerEvent>();
    let open: Mutex<HashMap<usize, Connection>> = Mutex::new(HashMap::new());
    let close_all = || {
        if let Ok(open) = open.lock() {
            open.values().for_each(Connection::shutdown);
        }
    };
    let result = std::thread::scope(|scope| {
        let mut active = 0usize;
        let mut accepted = 0usize;
        events(ServerEvent::Waiting(listener.local_address()));
        loop {
            while let Ok(event) = receiver.try_recv() {
                active -= 1;
                events(event);
                if options.max_clients.is_none_or(|limit| accepted < limit) {
                    events(ServerEvent::Waiting(listener.local_address()));
                }
            }
            if stop.load(Ordering::SeqCst) {
                events(ServerEvent::Stopping);
                close_all();
                return Ok(());
            }
            if options.max_clients.is_some_and(|limit| accepted >= limit) {
                if active == 0 {
                    return Ok(());
                }
                std::thread::sleep(POLL);
                continue;
            }
            let (connection, peer) = match listener.accept() {
                Ok(accepted) => accepted,
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                    std::thread::sleep(POLL);
                    continue;
                }
                Err(error) if is_transient(&error) => {
                    events(ServerEvent::Failed(error));
                    std::thread::sleep(POLL);
                    continue;
                }
                Err(error) => {
                    close_all();
                    return Err(error);
                }
            };
            if active >= options.max_connections {
                let mut connection = connection;
                let _ = connection.set_write_timeout(Some(REFUSAL_TIMEOUT));
                let _ = connection.write_all(refusal(options.max_connections).as_bytes());
                connection.shutdown();
                events(ServerEvent::Refused(peer));
                continue;
            }
            let _ = connection.set_write_timeout(options.idle_timeout);
            let id = accepted;
            if let (Ok(clone), Ok(mut open)) = (connection.try_clone(), open.lock()) {
                open.insert(id, clone);
            }
            accepted += 1;
            active += 1;
            events(ServerEvent::Accepted(peer));
            let sender = sender.clone();
            let open = &open;
            let idle = options.idle_timeout;
            let defaults = options.defaults;
            let (plies, limits) = (options.move_plies, options.move_limits);
            scope.spawn(move || {
                let mut session =
                    ExternalSession::new(evaluator, defaults).with_search(plies, limits);
                let event = match serve_timed(connection, &mut session, idle) {
                    Ok(Ending::Closed) => ServerEvent::Closed,
                    Ok(Ending::IdleTimeout) => ServerEvent::IdleTimeout,
                    Err(error) => ServerEvent::Failed(error),
                };
                if let Ok(mut open) = open.lock() {
                    if let Some(connection) = open.remove(&id) {
                        connection.shutdown();
                    }
                }
                let _ = sender.send(event);
            });
        }
    });
    // Connections that ended while the server was stopping.
    drop(sender);
    for event in receiver.try_iter() {
        events(event);
    }
    result
}

/// Accept errors caused by one client or by momentary exhaustion, after which the listening
/// socket still works.
fn is_transient(error: &io::Error) -> bool {
    const EMFILE: i32 = 24;
    const ENFILE: i32 = 23;
    const ENOBUFS: i32 = 105;
    const ENOMEM: i32 = 12;
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
            | io::ErrorKind::TimedOut
    ) || matches!(
        error.raw_os_error(),
        Some(EMFILE | ENFILE | ENOBUFS | ENOMEM)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_follow_gnubgs_rule() {
        assert_eq!(
            Address::parse("localhost:17031").unwrap(),
            Address::Tcp("localhost:17031".into())
        );
        assert_eq!(
            Address::parse(":4000").unwrap(),
            Address::Tcp("0.0.0.0:4000".into())
        );
        assert_eq!(
            Address::parse("/tmp/x:1").unwrap(),
            Address::Unix("/tmp/x:1".into())
        );
        assert!(Address::parse("").is_err());
        assert!(Address::parse("host:port").is_err());
    }

    #[test]
    fn the_refusal_names_the_limit() {
        assert_eq!(
            refusal(8),
            "Error: too many connections (at most 8 at a time); try again later\n"
        );
    }
}
