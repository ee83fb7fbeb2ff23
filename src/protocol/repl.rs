//! The line loop: read commands from any reader, apply them, write gnubg's text or NDJSON.

use super::json;
use super::parser::parse_line;
use super::response::{CommandError, ErrorKind, Response};
use super::session::Session;
use super::text::{render_error, render_response};
use std::io::{self, BufRead, Write};

/// The longest line accepted; longer lines are rejected (and not buffered beyond this).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// How the loop behaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplOptions {
    /// Write one NDJSON object per command instead of gnubg's text.
    pub json: bool,
    /// Stop at the first rejected command.
    pub stop_on_error: bool,
}

/// What happened during a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplSummary {
    /// Lines read.
    pub lines: usize,
    /// Commands rejected.
    pub errors: usize,
    /// Whether the run ended with `quit`/`exit`.
    pub quit: bool,
}

/// One line read: its text, or the fact that it was too long.
enum ReadLine {
    Text(String),
    TooLong,
}

/// Reads one line, keeping at most [`MAX_LINE_BYTES`] bytes of it; `None` at end of input.
fn read_bounded_line(input: &mut (impl BufRead + ?Sized)) -> io::Result<Option<ReadLine>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        any = true;
        let (chunk, found_newline) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(index) => (&buffer[..=index], true),
            None => (buffer, false),
        };
        let used = chunk.len();
        if !too_long {
            if bytes.len() + used > MAX_LINE_BYTES + 1 {
                too_long = true;
                bytes.clear();
            } else {
                bytes.extend_from_slice(chunk);
            }
        }
        input.consume(used);
        if found_newline {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(ReadLine::TooLong));
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(Some(ReadLine::Text(
        String::from_utf8_lossy(&bytes).into_owned(),
    )))
}

/// Parses and applies one line.
pub fn run_line(session: &mut Session, line: &str) -> Result<Response, CommandError> {
    let command = parse_line(line)?;
    session.apply(command)
}

/// The refusal of a line over [`MAX_LINE_BYTES`] (read from a pipe or typed on a terminal):
/// the line is not run, and the session is unchanged.
#[must_use]
pub fn line_too_long() -> CommandError {
    CommandError::new(
        ErrorKind::LineTooLong,
        format!("Line too long (more than {MAX_LINE_BYTES} bytes); ignored."),
    )
}

/// Runs the loop until end of input, `quit`, or (with `stop_on_error`) the first error.
///
/// # Errors
/// Only I/O errors of the reader or writers.
pub fn run(
    session: &mut Session,
    input: &mut (impl BufRead + ?Sized),
    stdout: &mut (impl Write + ?Sized),
    stderr: &mut (impl Write + ?Sized),
    options: ReplOptions,
) -> io::Result<ReplSummary> {
    let mut summary = ReplSummary::default();
    while let Some(read) = read_bounded_line(input)? {
        summary.lines += 1;
        let (line, result) = match read {
            ReadLine::Text(line) => {
                let result = run_line(session, &line);
                (line, result)
            }
            ReadLine::TooLong => (String::new(), Err(line_too_long())),
        };
        if options.json {
            writeln!(stdout, "{}", json::render_result(&line, &result))?;
        } else {
            let rendered = match &result {
                Ok(response) => render_response(response),
                Err(error) => render_error(error),
            };
            stdout.write_all(rendered.stdout.as_bytes())?;
            if !rendered.stderr.is_empty() {
                stdout.flush()?;
                stderr.write_all(rendered.stderr.as_bytes())?;
                stderr.flush()?;
            }
        }
        match result {
            Ok(response) if response.quit => {
                summary.quit = true;
                break;
            }
            Ok(_) => {}
            Err(_) => {
                summary.errors += 1;
                if options.stop_on_error {
                    break;
                }
            }
        }
    }
    stdout.flush()?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlong_lines_are_rejected_and_the_loop_goes_on() {
        let mut input = vec![b'x'; MAX_LINE_BYTES * 3];
        input.extend_from_slice(b"\nshow rng\n");
        let mut session = Session::new("user");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let summary = run(
            &mut session,
            &mut io::Cursor::new(input),
            &mut out,
            &mut err,
            ReplOptions::default(),
        );
        assert_eq!(
            summary.ok(),
            Some(ReplSummary {
                lines: 2,
                errors: 1,
                quit: false
            })
        );
        assert_eq!(
            String::from_utf8_lossy(&out),
            "You are using the Mersenne Twister generator.\n"
        );
        assert!(String::from_utf8_lossy(&err).starts_with("Line too long"));
    }
}
