//! One external-protocol connection: bytes to request lines, replies back, and the limits
//! that keep one client from costing the others anything (line length, idle time, a client
//! that stops reading).
//!
//! Lines are cut at `\n`; NUL bytes (gnubg sends one after every newline) and a trailing `\r`
//! are dropped; invalid UTF-8 is read lossily. A NUL marks the client as gnubg playing through
//! `set player N external` (whose boards are read with gnubg's score order). The first line of
//! a connection is answered only once the byte after its newline has been seen (gnubg writes
//! its NUL in the same write, but the network may split them: then the line waits
//! [`FIRST_LINE_GRACE`] at most for it), so the first board is read in gnubg's order however
//! the bytes arrive. A line longer than [`MAX_LINE`] bytes is not
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

/// How long the first line of a connection waits for the byte after its newline when that
/// byte has not arrived with it (gnubg's NUL, split off by the network): a client that sends
/// no NUL gets its first reply this much later, once.
pub const FIRST_LINE_GRACE: Duration = Duration::from_millis(100);

/// Collects request lines from the bytes of a connection.
struct Lines {
    line: Vec<u8>,
    too_long: bool,
    /// Whether the byte after a newline has been seen once: until then a line is not answered
    /// before the byte after its newline (a NUL marks gnubg, whose boards are read in its score
    /// order) has been seen, so the first line is read alike however the bytes arrive.
    follower_seen: bool,
    /// A complete line waits in `line` for the byte after its newline.
    waiting: bool,
}

impl Lines {
    fn new() -> Lines {
        Lines {
            line: Vec::with_capacity(256),
            too_long: false,
            follower_seen: false,
            waiting: false,
        }
    }

    /// Whether a complete line waits for the byte after its newline.
    fn is_waiting(&self) -> bool {
        self.waiting
    }

    /// Handles `bytes`: every complete line is answered on `stream`. Returns how many lines
    /// were answered, or `None` when a request asked to close the connection.
    fn feed<S: Write, E: Evaluator>(
        &mut self,
        bytes: &[u8],
        stream: &mut S,
        session: &mut ExternalSession<E>,
    ) -> io::Result<Option<usize>> {
        let mut complete = 0;
        for (index, &byte) in bytes.iter().enumerate() {
            if self.waiting {
                // The byte after the waiting line's newline: a NUL says the client is gnubg.
                if byte == 0 {
                    session.set_style(ReplyStyle { gnubg_client: true });
                }
                if self.answer_waiting(stream, session)?.is_none() {
                    return Ok(None);
                }
                complete += 1;
            }
            match byte {
                0 => session.set_style(ReplyStyle { gnubg_client: true }),
                b'\n' => {
                    if !self.follower_seen {
                        match bytes.get(index + 1) {
                            // gnubg writes each line and its NUL in one write: the NUL after
                            // the first line of a connection tells that line is gnubg's too.
                            Some(&next) => {
                                self.follower_seen = true;
                                if next == 0 {
                                    session.set_style(ReplyStyle { gnubg_client: true });
                                }
                            }
                            // The byte after the newline has not arrived: wait for it.
                            None => {
                                self.waiting = true;
                                continue;
                            }
                        }
                    }
                    if self.answer(stream, session)?.is_none() {
                        return Ok(None);
                    }
                    complete += 1;
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

    /// Answers the waiting line without the byte after it (it did not come in time, or the
    /// client closed its side). `None` when the line asked to close the connection.
    fn answer_waiting<S: Write, E: Evaluator>(
        &mut self,
        stream: &mut S,
        session: &mut ExternalSession<E>,
    ) -> io::Result<Option<()>> {
        self.waiting = false;
        self.follower_seen = true;
        self.answer(stream, session)
    }

    /// Answers the complete line held. `None` when it asked to close the connection.
    fn answer<S: Write, E: Evaluator>(
        &mut self,
        stream: &mut S,
        session: &mut ExternalSession<E>,
    ) -> io::Result<Option<()>> {
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
                Ok(Some(()))
            }
            Reply::Close => Ok(None),
        }
    }
}

/// Answers the requests of one client until it disconnects or sends `exit`. Reads block: the
/// first line is answered once the byte after its newline (or the end of the input) has been
/// read, so this suits input that is complete or keeps coming (tests, fuzzing); a socket is
/// served by [`serve_timed`], which waits [`FIRST_LINE_GRACE`] at most.
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
            Ok(0) => {
                if lines.is_waiting() {
                    lines.answer_waiting(&mut stream, session)?;
                }
                return Ok(());
            }
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
    let mut waiting_since: Option<Instant> = None;
    loop {
        if let Some(since) = waiting_since {
            if since.elapsed() >= FIRST_LINE_GRACE {
                // No byte after the first line's newline in time: not gnubg's NUL.
                waiting_since = None;
                if lines.answer_waiting(&mut stream, session)?.is_none() {
                    return Ok(Ending::Closed);
                }
                last_line = Instant::now();
                continue;
            }
        }
        let mut timeout = None;
        if let Some(idle) = idle {
            let left = idle.saturating_sub(last_line.elapsed());
            if left.is_zero() {
                if lines.is_waiting() {
                    lines.answer_waiting(&mut stream, session)?;
                }
                return Ok(Ending::IdleTimeout);
            }
            timeout = Some(left);
        }
        if let Some(since) = waiting_since {
            let left = FIRST_LINE_GRACE
                .saturating_sub(since.elapsed())
                .max(Duration::from_millis(1));
            timeout = Some(timeout.map_or(left, |idle: Duration| idle.min(left)));
        }
        stream.set_read_timeout(timeout)?;
        let count = match stream.read(&mut chunk) {
            Ok(0) => {
                if lines.is_waiting() {
                    lines.answer_waiting(&mut stream, session)?;
                }
                return Ok(Ending::Closed);
            }
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
        waiting_since = None;
        match lines.feed(&chunk[..count], &mut stream, session)? {
            None => return Ok(Ending::Closed),
            Some(0) if !lines.is_waiting() => {}
            Some(_) => last_line = Instant::now(),
        }
        if lines.is_waiting() {
            waiting_since = Some(Instant::now());
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

    /// A client whose bytes arrive in the given pieces, one per read; reads after the last
    /// piece time out (`timing_out`) or find the end of the input.
    struct Pieces {
        pieces: std::collections::VecDeque<Vec<u8>>,
        timing_out: bool,
        /// The length of the output at each timeout.
        timeouts: Vec<usize>,
        output: Vec<u8>,
    }

    impl Pieces {
        fn new(pieces: &[&[u8]], timing_out: bool) -> Pieces {
            Pieces {
                pieces: pieces.iter().map(|piece| piece.to_vec()).collect(),
                timing_out,
                timeouts: Vec::new(),
                output: Vec::new(),
            }
        }
    }

    impl Read for Pieces {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            match self.pieces.pop_front() {
                Some(piece) => {
                    buffer[..piece.len()].copy_from_slice(&piece);
                    Ok(piece.len())
                }
                None if self.timing_out && self.timeouts.len() < 3 => {
                    // A socket's read timeout: the grace period passes.
                    self.timeouts.push(self.output.len());
                    std::thread::sleep(FIRST_LINE_GRACE);
                    Err(io::ErrorKind::WouldBlock.into())
                }
                None => Ok(0),
            }
        }
    }

    impl Write for Pieces {
        fn write(&mut self, buffer: &[u8]) -> io::Result<usize> {
            self.output.write(buffer)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl TimedStream for &mut Pieces {
        fn set_read_timeout(&self, _: Option<Duration>) -> io::Result<()> {
            Ok(())
        }
    }

    const GNUBG_FIRST_BOARD: &str = "board:gnubg:root:7:6:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";

    /// The first board of a gnubg connection is read in gnubg's score order however the
    /// bytes arrive: its NUL in a later read than its newline, every byte in a read of its
    /// own, served as a socket is (with timeouts) or blocking.
    #[test]
    fn the_first_board_is_read_alike_however_the_bytes_arrive() {
        let board = GNUBG_FIRST_BOARD.as_bytes();
        let whole = [board, b"\n\0"].concat();
        let bytes: Vec<&[u8]> = whole.chunks(1).collect();
        let splits: [Vec<&[u8]>; 3] = [
            vec![board, b"\n", b"\0"],
            vec![&whole[..10], &whole[10..whole.len() - 1], b"\0"],
            bytes,
        ];
        for pieces in &splits {
            for timed in [false, true] {
                let mut client = Pieces::new(pieces, timed);
                let mut session = ExternalSession::new(Pubeval, SessionDefaults::default());
                if timed {
                    serve_timed(&mut client, &mut session, None).unwrap();
                } else {
                    serve_connection(&mut client, &mut session).unwrap();
                }
                assert_eq!(
                    String::from_utf8(client.output).unwrap(),
                    "double\n",
                    "{} pieces, timed {timed}",
                    pieces.len()
                );
            }
        }
    }

    /// A client that sends no NUL (FIBS's order, "you" first) gets its first reply when the
    /// byte after the newline does not come within the grace period, or the input ends.
    #[test]
    fn a_first_line_without_a_nul_is_answered_after_the_grace_period() {
        let line = [GNUBG_FIRST_BOARD.as_bytes(), b"\n"].concat();
        let mut client = Pieces::new(&[&line], true);
        let mut session = ExternalSession::new(Pubeval, SessionDefaults::default());
        let started = Instant::now();
        let ending = serve_timed(&mut client, &mut session, None).unwrap();
        assert!(matches!(ending, Ending::Closed));
        assert!(started.elapsed() >= FIRST_LINE_GRACE);
        // Nothing was answered before the first timeout, the reply was out by the second.
        assert_eq!(client.timeouts[..2], [0, 5], "{:?}", client.timeouts);
        assert_eq!(String::from_utf8(client.output).unwrap(), "roll\n");
        let mut ended = Pieces::new(&[&line], false);
        serve_connection(&mut ended, &mut session).unwrap();
        assert_eq!(String::from_utf8(ended.output).unwrap(), "roll\n");
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
