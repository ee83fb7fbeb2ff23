//! The socket transport of the external-player protocol: TCP `host:port` or a Unix socket
//! path, one client at a time, one request line in and one reply out.
//!
//! Lines are cut at `\n`; NUL bytes (gnubg sends one after every newline) and a trailing `\r`
//! are dropped; invalid UTF-8 is read lossily. A line longer than [`MAX_LINE`] bytes gets
//! `Error: line too long` once its newline arrives. A client that disconnects, fails or sends
//! `exit` is dropped and the server waits for the next one.

use crate::engine::evaluator::Evaluator;
use crate::engine::external::{ExternalError, ExternalSession, Reply, ReplyStyle};
use std::fmt;
use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;

/// The longest request line accepted, in bytes (gnubg itself reads 256 bytes per request).
pub const MAX_LINE: usize = 4096;

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

    fn accept(&self) -> io::Result<(Connection, String)> {
        match self {
            Listener::Tcp(listener) => {
                let (stream, peer) = listener.accept()?;
                let _ = stream.set_nodelay(true);
                Ok((Connection::Tcp(stream), peer.ip().to_string()))
            }
            Listener::Unix(listener, path) => {
                let (stream, _) = listener.accept()?;
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

/// What happened on the server, for the caller to log (the library never prints).
#[derive(Debug)]
pub enum ServerEvent {
    /// Listening for the next client.
    Waiting(String),
    /// A client connected (its IP address or the socket path).
    Accepted(String),
    /// The client left (disconnect or `exit`).
    Closed,
    /// The connection failed; the server goes on.
    Failed(io::Error),
}

/// Serves clients one after another until `max_clients` have been served (forever when
/// `None`). Only a failing `accept` ends the loop with an error.
///
/// # Errors
/// The error of `accept` on the listening socket.
pub fn serve<E: Evaluator>(
    listener: &Listener,
    session: &mut ExternalSession<E>,
    max_clients: Option<usize>,
    events: &mut dyn FnMut(ServerEvent),
) -> io::Result<()> {
    let mut served = 0usize;
    while max_clients.is_none_or(|limit| served < limit) {
        events(ServerEvent::Waiting(listener.local_address()));
        let (connection, peer) = listener.accept()?;
        served += 1;
        events(ServerEvent::Accepted(peer));
        match serve_connection(connection, session) {
            Ok(()) => events(ServerEvent::Closed),
            Err(error) => events(ServerEvent::Failed(error)),
        }
    }
    Ok(())
}

/// Answers the requests of one client until it disconnects or sends `exit`.
///
/// # Errors
/// A read or write error on the connection.
pub fn serve_connection<S: Read + Write, E: Evaluator>(
    mut stream: S,
    session: &mut ExternalSession<E>,
) -> io::Result<()> {
    session.set_style(ReplyStyle::default());
    let mut line: Vec<u8> = Vec::with_capacity(256);
    let mut too_long = false;
    let mut chunk = [0u8; 4096];
    loop {
        let count = match stream.read(&mut chunk) {
            Ok(0) => return Ok(()),
            Ok(count) => count,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        for &byte in &chunk[..count] {
            match byte {
                0 => session.set_style(ReplyStyle { gnubg_client: true }),
                b'\n' => {
                    let reply = if too_long {
                        Reply::Send(format!("Error: {}\n", ExternalError::LineTooLong))
                    } else {
                        let text = String::from_utf8_lossy(&line);
                        session.handle_line(text.trim_end_matches('\r'))
                    };
                    line.clear();
                    too_long = false;
                    match reply {
                        Reply::Send(text) => {
                            stream.write_all(text.as_bytes())?;
                            stream.flush()?;
                        }
                        Reply::Close => return Ok(()),
                    }
                }
                _ if too_long => {}
                _ => {
                    line.push(byte);
                    if line.len() > MAX_LINE {
                        too_long = true;
                        line.clear();
                    }
                }
            }
        }
    }
}

/// A connection held in memory: reads `input`, collects what is written.
struct MemoryConnection {
    input: io::Cursor<Vec<u8>>,
    output: Vec<u8>,
}

impl Read for MemoryConnection {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.input.read(buffer)
    }
}

impl Write for MemoryConnection {
    fn write(&mut self, buffer: &[u8]) -> io::Result<usize> {
        self.output.write(buffer)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Serves one connection whose client sends `input` and returns everything written back:
/// [`serve_connection`] without a socket (for tests and fuzzing).
pub fn serve_bytes<E: Evaluator>(
    input: &[u8],
    session: &mut ExternalSession<E>,
) -> io::Result<Vec<u8>> {
    let mut connection = MemoryConnection {
        input: io::Cursor::new(input.to_vec()),
        output: Vec::new(),
    };
    serve_connection(&mut connection, session)?;
    Ok(connection.output)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pubeval;

    fn run(input: &[u8]) -> String {
        let mut session = ExternalSession::new(Pubeval, true);
        String::from_utf8(serve_bytes(input, &mut session).unwrap()).unwrap()
    }

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
    fn nul_bytes_crlf_and_overlong_lines() {
        let mut input = b"\0help\r\n\0".to_vec();
        input.extend(vec![b'x'; MAX_LINE + 10]);
        input.extend(b"\nversion\nexit\nhelp\n");
        let output = run(&input);
        assert_eq!(
            output,
            "\tNo help information available\nError: line too long\nInterface: 2\nRFBF: 0\nEngine: 1.00\nSoftware: 1.07.001\n"
        );
    }
}
