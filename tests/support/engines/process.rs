//! The engine protocols' processes driven as a controller drives them: `tavli ubgi` over its
//! standard input and output, `tavli external` over TCP, for any tavli binary (the tests run
//! the one cargo built; `benches/engine_latency.rs` also runs older builds beside it).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;
use tavli::codec::fibs::{self, FibsFlavour};
use tavli::codec::gnubg_id;
use tavli::rules::{Dice, MatchState};

/// `BINARY ubgi ARGS` spoken to line by line, as a controller speaks to it, keeping the last
/// lines both ways to show when a test fails.
pub struct Ubgi {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    transcript: VecDeque<String>,
}

/// How many lines sent and read [`Ubgi::tail`] shows.
const TAIL_LINES: usize = 20;

impl Ubgi {
    /// Starts `binary ubgi` with `args`.
    pub fn start_binary(binary: &str, args: &[&str]) -> Ubgi {
        let mut child = Command::new(binary)
            .arg("ubgi")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("tavli ubgi starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Ubgi {
            child,
            input,
            output,
            transcript: VecDeque::new(),
        }
    }

    fn record(&mut self, line: String) {
        if self.transcript.len() == TAIL_LINES {
            self.transcript.pop_front();
        }
        self.transcript.push_back(line);
    }

    /// Sends one command (`line`, without its newline).
    pub fn send(&mut self, line: &str) {
        self.record(format!("> {line}"));
        writeln!(self.input, "{line}").expect("send");
        self.input.flush().expect("flush");
    }

    /// Reads reply lines up to the first for which `last` holds or that is an `error` line
    /// (a failure is always one line), that one included.
    pub fn read_until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut reply = Vec::new();
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).expect("reply");
            assert!(read > 0, "tavli ubgi closed its output\n{}", self.tail());
            let line = line.trim_end().to_string();
            self.record(format!("< {line}"));
            let done = last(&line) || line.starts_with("error");
            reply.push(line);
            if done {
                return reply;
            }
        }
    }

    /// The last lines sent (`> `) and read (`< `).
    pub fn tail(&self) -> String {
        Vec::from(self.transcript.clone()).join("\n")
    }

    /// Sends each line of `lines` and returns the reply lines up to the first that starts
    /// with `best`, `value` or `error`, that one included.
    pub fn ask(&mut self, lines: &str) -> Vec<String> {
        for line in lines.lines() {
            self.send(line);
        }
        self.read_until(|line| line.starts_with("best") || line.starts_with("value"))
    }

    /// The payload of the last line of [`Ubgi::ask`], after `prefix` (`bestmove `...).
    pub fn answer(&mut self, lines: &str, prefix: &str) -> String {
        let reply = self.ask(lines);
        let last = reply.last().expect("a reply");
        last.strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{lines} -> {reply:?}"))
            .to_string()
    }

    /// `bestmove` for `state` (given by its GNUbg ID, without dice) and `dice`.
    pub fn best_move(&mut self, state: &MatchState, dice: Dice) -> String {
        let request = format!(
            "position gnubgid {}\ndice {} {}\ngo\n",
            gnubg_id::encode(&MatchState {
                dice: None,
                ..*state
            }),
            dice.high(),
            dice.low()
        );
        self.answer(&request, "bestmove ")
    }
}

impl Drop for Ubgi {
    fn drop(&mut self) {
        let _ = self.input.write_all(b"quit\n");
        let _ = self.child.wait();
    }
}

/// `BINARY external ARGS` serving one client, and that client's connection.
pub struct External {
    child: Child,
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl External {
    /// Starts `binary external` on a free loopback port with `args` and connects to it
    /// (without Nagle's delay: each request is one line, answered before the next).
    pub fn start_binary(binary: &str, args: &[&str]) -> External {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let address = format!("127.0.0.1:{port}");
        let child = Command::new(binary)
            .args(["external", &address, "--quiet", "--clients", "1"])
            .args(args)
            .stdin(Stdio::null())
            .spawn()
            .expect("tavli external starts");
        let stream = (0..400)
            .find_map(|_| {
                TcpStream::connect(&address).ok().or_else(|| {
                    std::thread::sleep(Duration::from_millis(25));
                    None
                })
            })
            .expect("tavli external listens");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        stream.set_nodelay(true).expect("nodelay");
        let reader = BufReader::new(stream.try_clone().expect("clone"));
        External {
            child,
            stream,
            reader,
        }
    }

    /// Sends one request line and returns its one-line reply without the newline.
    pub fn ask(&mut self, line: &str) -> String {
        self.stream
            .write_all(format!("{line}\n").as_bytes())
            .expect("send");
        let mut reply = String::new();
        self.reader.read_line(&mut reply).expect("reply");
        reply.trim_end().to_string()
    }

    /// The reply to `state`'s FIBS board ("you" are X), with its dice if it has any.
    pub fn answer(&mut self, state: &MatchState) -> String {
        self.ask(&fibs::encode(state, ["O", "X"], FibsFlavour::ShowBoard))
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.stream.write_all(b"exit\n");
        let _ = self.child.wait();
    }
}
