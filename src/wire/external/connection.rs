//! One external-protocol connection: bytes to request lines, replies back, and the limits
//! that keep one client from costing the others anything (line length, idle time, a client
//! that stops reading).
//!
//! Lines are cut at `\n`; NUL bytes (gnubg sends one after every newline) and a trailing `\r`
//! are dropped; invalid UTF-8 is read lossily. A NUL marks the client as gnubg playing through
//! `set player N external` (whose boards are read with gnubg's score order); a line whose NUL
//! arrives with it (gnubg writes both at once) is read as gnubg's already, so the first board
//! of a connection is read right too. A line longer than [`MAX_LINE`] bytes is not
//! kept (its bytes are counted and dropped as they arrive) and gets `Error: line too long`
//! once its newline arrives.

use crate::engine::evaluator::Evaluator;
use crate::wire::external::{ExternalError, ExternalSession, Reply, ReplyStyle};
use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

/// The longest request line accepted, in bytes (gnubg itself reads 256 bytes per request).
pub const MAX_LINE: usize = 4096;

/// How a connection ended.
#[derive(Debug)]
pub enum Ending {
    /// The client disconnected or sent `exit`.
    Closed,
    /// No complete request line arrived within the idle timeout.
    IdleTimeout,
}

/// Collects request lines from the bytes of a connection.
struct Lines {
    line: Vec<u8>,
    too_long: bool,
}

impl Lines {
    fn new() -> Lines {
        Lines {
            line: Vec::with_capacity(256),
            too_long: false,
        }
    }

    /// Handles `bytes`: every complete line is answered on `stream`. Returns how many lines
    /// were complete, or `None` when a request asked to close the connection.
    fn feed<S: Write, E: Evaluator>(
        &mut self,
        bytes: &[u8],
        stream: &mut S,
        session: &mut ExternalSession<E>,
    ) -> io::Result<Option<usize>> {
        let mut complete = 0;
        for (index, &byte) in bytes.iter().enumerate() {
            match byte {
                0 => session.set_style(ReplyStyle { gnubg_client: true }),
                b'\n' => {
                    complete += 1;
                    // gnubg writes each line and its NUL in one write: the NUL after the
                    // first line of a connection tells that line is gnubg's too.
                    if bytes.get(index + 1) == Some(&0) {
                        session.set_style(ReplyStyle { gnubg_client: true });
                    }
                    let reply = if self.too_long {
                        Reply::Send(format!("Error: {}\n", ExternalError::LineTooLong))
                    } else {
                        let text = String::from_utf8_lossy(&self.line);
                        session.handle_line(text.trim_end_matches('\r'))
                    };
                    self.line.clear();
                    self.too_long = false;
                    match reply {
                        Reply::Send(text) => {
                            stream.write_all(text.as_bytes())?;
                            stream.flush()?;
                        }
                        Reply::Close => return Ok(None),
                    }
                }
                _ if self.too_long => {}
                _ => {
                    self.line.push(byte);
                    if self.line.len() > MAX_LINE {
                        self.too_long = true;
                        self.line = Vec::with_capacity(256);
                    }
                }
            }
        }
        Ok(Some(complete))
    }
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
    let mut lines = Lines::new();
    let mut chunk = [0u8; 8192];
    loop {
        let count = match stream.read(&mut chunk) {
            Ok(0) => return Ok(()),
            Ok(count) => count,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if lines.feed(&chunk[..count], &mut stream, session)?.is_none() {
            return Ok(());
        }
    }
}

/// A socket whose reads can time out.
pub trait TimedStream: Read + Write {
    /// Like `TcpStream::set_read_timeout`.
    ///
    /// # Errors
    /// The operating system's error.
    fn set_read_timeout(&self, timeout: Option<Duration>) -> io::Result<()>;
}

/// [`serve_connection`] with an idle limit: the connection is closed when no complete
/// request line has arrived for `idle` (a client trickling an endless line is idle too).
///
/// # Errors
/// A read or write error on the connection.
pub fn serve_timed<S: TimedStream, E: Evaluator>(
    mut stream: S,
    session: &mut ExternalSession<E>,
    idle: Option<Duration>,
) -> io::Result<Ending> {
    session.set_style(ReplyStyle::default());
    let mut lines = Lines::new();
    let mut chunk = [0u8; 8192];
    let mut last_line = Instant::now();
    loop {
        if let Some(idle) = idle {
            let left = idle.saturating_sub(last_line.elapsed());
            if left.is_zero() {
                return Ok(Ending::IdleTimeout);
            }
            stream.set_read_timeout(Some(left))?;
        }
        let count = match stream.read(&mut chunk) {
            Ok(0) => return Ok(Ending::Closed),
            Ok(count) => count,
            Err(error)
                if matches!(
                    error.kind(),
                    io::ErrorKind::Interrupted
                        | io::ErrorKind::WouldBlock
                        | io::ErrorKind::TimedOut
                ) =>
            {
                continue
            }
            Err(error) => return Err(error),
        };
        match lines.feed(&chunk[..count], &mut stream, session)? {
            None => return Ok(Ending::Closed),
            Some(0) => {}
            Some(_) => last_line = Instant::now(),
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
///
/// # Errors
/// None in practice (in-memory streams do not fail).
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
    use crate::wire::external::SessionDefaults;

    fn run(input: &[u8]) -> String {
        let mut session = ExternalSession::new(Pubeval, SessionDefaults::default());
        String::from_utf8(serve_bytes(input, &mut session).unwrap()).unwrap()
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

    /// A first board as gnubg 1.07 writes it to its external player (the form logged on the
    /// socket, the score set to 6-0 for gnubg in a 7-point match after the Crawford game, the
    /// external player on roll before the roll): tavli trails 0-6 and doubles. Read in FIBS's
    /// score order ("you" first) tavli would lead 6-0 and roll; the NUL gnubg sends after the
    /// newline tells the first board is gnubg's, as it does for the boards after it.
    #[test]
    fn the_first_board_of_a_gnubg_connection_is_read_in_gnubgs_score_order() {
        let board = "board:gnubg:root:7:6:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
        assert_eq!(
            run(format!("{board}\n\0{board}\n\0").as_bytes()),
            "double\ndouble\n"
        );
        // A client without NULs (FIBS) writes "you" first: tavli leads 6-0.
        assert_eq!(run(format!("{board}\n").as_bytes()), "roll\n");
    }

    #[test]
    fn binary_input_gets_error_lines_and_no_panic() {
        let input: Vec<u8> = (0..=255u8).cycle().take(20_000).collect();
        let output = run(&input);
        assert!(
            output.lines().all(|line| line.starts_with("Error: ")),
            "{output}"
        );
    }
}
