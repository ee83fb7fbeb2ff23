//! `tavli external` with many clients: idle clients do not block others, the connection
//! limit refuses clearly, idle connections are closed, abuse (garbage, binary, 20 MB lines,
//! abrupt disconnects) costs the others nothing and little memory, and SIGINT/SIGTERM stop
//! the server cleanly. Loopback addresses only; every loop is bounded.

use crate::support::tavli_binary;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use tavli::engine::Pubeval;
use tavli::wire::external::server::{serve, Address, Listener, ServerOptions};

const OPENING: &str = "board:You:Opp:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:5:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0";

/// An in-process server on a free loopback port; stopped (and joined) on drop.
struct Server {
    address: String,
    stop: Arc<AtomicBool>,
    handle: Option<thread::JoinHandle<Vec<String>>>,
}

impl Server {
    fn start(options: ServerOptions) -> Server {
        let listener =
            Listener::bind(&Address::parse("127.0.0.1:0").expect("address")).expect("bind");
        let address = listener.local_address();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let handle = thread::spawn(move || {
            let mut events = Vec::new();
            let result = serve(&listener, &Pubeval, &options, &flag, &mut |event| {
                events.push(format!("{event:?}"));
            });
            events.push(format!("end {result:?}"));
            events
        });
        Server {
            address,
            stop,
            handle: Some(handle),
        }
    }

    /// Sets the stop flag and returns the server's events once it has returned.
    fn stop(mut self) -> (Vec<String>, Duration) {
        let started = Instant::now();
        self.stop.store(true, Ordering::SeqCst);
        let events = self
            .handle
            .take()
            .expect("running")
            .join()
            .expect("server thread");
        (events, started.elapsed())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

fn connect(address: &str) -> (TcpStream, BufReader<TcpStream>) {
    let stream = TcpStream::connect(address).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let reader = BufReader::new(stream.try_clone().expect("clone"));
    (stream, reader)
}

fn ask(stream: &mut TcpStream, reader: &mut BufReader<TcpStream>, line: &str) -> String {
    stream
        .write_all(format!("{line}\n").as_bytes())
        .expect("send");
    let mut reply = String::new();
    reader.read_line(&mut reply).expect("reply");
    reply
}

#[test]
fn five_idle_clients_do_not_keep_a_sixth_waiting() {
    let server = Server::start(ServerOptions::default());
    let idle: Vec<TcpStream> = (0..5)
        .map(|_| TcpStream::connect(&server.address).expect("connect"))
        .collect();
    // One of them is half-way through a line.
    (&idle[0]).write_all(b"board:You:Opp:3:0").expect("send");
    thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    let (mut stream, mut reader) = connect(&server.address);
    let reply = ask(&mut stream, &mut reader, OPENING);
    let elapsed = started.elapsed();
    eprintln!("sixth client answered in {elapsed:?} with five idle connections open");
    assert!(reply.ends_with(" \n") && reply.contains('/'), "{reply:?}");
    assert!(elapsed < Duration::from_secs(1), "{elapsed:?}");
    // Each connection has its own state: debug output on one is not on the other.
    let (mut other, mut other_reader) = connect(&server.address);
    assert_eq!(
        ask(&mut stream, &mut reader, "set debug on"),
        "Debug output ON\n"
    );
    assert_eq!(ask(&mut other, &mut other_reader, OPENING), reply);
    drop(idle);
    let (events, took) = server.stop();
    assert!(took < Duration::from_secs(2), "stopping took {took:?}");
    assert!(events.iter().any(|e| e == "Stopping"), "{events:?}");
    assert_eq!(events.last().map(String::as_str), Some("end Ok(())"));
}

#[test]
fn one_client_over_the_limit_is_refused_clearly() {
    let server = Server::start(ServerOptions {
        max_connections: 2,
        ..ServerOptions::default()
    });
    let (mut first, mut first_reader) = connect(&server.address);
    let (_second, _second_reader) = connect(&server.address);
    assert_eq!(
        ask(&mut first, &mut first_reader, "help"),
        "\tNo help information available\n"
    );
    let (_third, mut third_reader) = connect(&server.address);
    let mut refusal = String::new();
    third_reader
        .read_to_string(&mut refusal)
        .expect("refusal, then the end");
    assert_eq!(
        refusal,
        "Error: too many connections (at most 2 at a time); try again later\n"
    );
    // Once a client leaves, a new one is served.
    ask(&mut first, &mut first_reader, "exit");
    let started = Instant::now();
    loop {
        let (mut next, mut next_reader) = connect(&server.address);
        let reply = ask(&mut next, &mut next_reader, "help");
        if reply == "\tNo help information available\n" {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(2), "{reply:?}");
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn idle_connections_and_endless_lines_are_closed_after_the_timeout() {
    let server = Server::start(ServerOptions {
        idle_timeout: Some(Duration::from_millis(400)),
        ..ServerOptions::default()
    });
    let (mut silent, _) = connect(&server.address);
    let (mut trickle, _) = connect(&server.address);
    let (mut busy, mut busy_reader) = connect(&server.address);
    let started = Instant::now();
    for _ in 0..10 {
        // A request every 100 ms keeps `busy` open; a line that never ends does not.
        assert_eq!(
            ask(&mut busy, &mut busy_reader, "help"),
            "\tNo help information available\n"
        );
        let _ = trickle.write_all(b"x");
        thread::sleep(Duration::from_millis(100));
    }
    let mut byte = [0u8; 1];
    assert_eq!(silent.read(&mut byte).expect("closed, not failed"), 0);
    let mut rest = Vec::new();
    let _ = trickle.read_to_end(&mut rest);
    assert!(rest.is_empty(), "{rest:?}");
    assert!(started.elapsed() < Duration::from_secs(3));
    assert_eq!(
        ask(&mut busy, &mut busy_reader, "help"),
        "\tNo help information available\n"
    );
}

/// `tavli external 127.0.0.1:0` as a child process; the port is read from its first line.
struct Process {
    child: Child,
    address: String,
}

impl Process {
    fn start(extra: &[&str]) -> Process {
        let mut child = Command::new(tavli_binary())
            .args(["external", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("tavli external starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("first line");
        let address = line
            .strip_prefix("Waiting for a connection from ")
            .and_then(|rest| rest.strip_suffix("...\n"))
            .unwrap_or_else(|| panic!("{line:?}"))
            .to_string();
        // Keep reading so that the server never blocks on a full pipe.
        thread::spawn(move || {
            let mut sink = String::new();
            while stdout.read_line(&mut sink).is_ok_and(|n| n > 0) {
                sink.clear();
            }
        });
        Process { child, address }
    }

    /// (current, peak) resident memory in KiB.
    fn memory(&self) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("/proc status");
        let field = |name: &str| -> u64 {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|kib| kib.parse().ok())
                .unwrap_or(0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }

    fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Waits up to `limit` for the process to exit; its status code.
    fn wait(&mut self, limit: Duration) -> Option<i32> {
        let started = Instant::now();
        while started.elapsed() < limit {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code();
            }
            thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Writes `total` bytes of `byte` in 64 KiB pieces; stops quietly if the server hangs up.
fn flood(stream: &mut TcpStream, total: usize, byte: u8) {
    let piece = vec![byte; 64 * 1024];
    let mut sent = 0;
    while sent < total {
        let count = piece.len().min(total - sent);
        if stream.write_all(&piece[..count]).is_err() {
            return;
        }
        sent += count;
    }
}

#[test]
fn abuse_leaves_the_server_answering_in_little_memory() {
    let mut server = Process::start(&[]);
    let mut rng = StdRng::seed_from_u64(12);
    // A well-behaved client stays connected through it all.
    let (mut steady, mut steady_reader) = connect(&server.address);
    let mut slowest = Duration::ZERO;
    let mut floods = 0usize;
    for round in 0..500 {
        let mut stream = TcpStream::connect(&server.address).expect("connect");
        match round % 10 {
            // A 20 MB line cut off by an abrupt disconnect.
            0 => {
                flood(&mut stream, 20 << 20, b'q');
                floods += 1;
            }
            // A 20 MB line that ends: refused, the connection stays usable.
            5 => {
                flood(&mut stream, 20 << 20, b'7');
                floods += 1;
                stream.write_all(b"\nversion\n").expect("send");
                stream
                    .set_read_timeout(Some(Duration::from_secs(10)))
                    .expect("timeout");
                let mut reader = BufReader::new(stream.try_clone().expect("clone"));
                let mut line = String::new();
                reader.read_line(&mut line).expect("refusal");
                assert_eq!(line, "Error: line too long\n");
                line.clear();
                reader.read_line(&mut line).expect("version");
                assert_eq!(line, "Interface: 2\n");
            }
            // Binary bytes, then gone without reading anything.
            1 | 4 | 7 => {
                let bytes: Vec<u8> = (0..rng.gen_range(1..65_536)).map(|_| rng.gen()).collect();
                let _ = stream.write_all(&bytes);
            }
            // Garbage lines and half a board, then a half-closed socket.
            _ => {
                let mut bytes = Vec::new();
                for _ in 0..rng.gen_range(1..20) {
                    let line: String = (0..rng.gen_range(0..200))
                        .map(|_| char::from(rng.gen_range(32u8..127)))
                        .collect();
                    bytes.extend(line.as_bytes());
                    bytes.push(b'\n');
                }
                bytes.extend(b"board:You:Opp:3:0:0");
                let _ = stream.write_all(&bytes);
                let _ = stream.shutdown(Shutdown::Write);
            }
        }
        drop(stream);
        if round % 25 == 0 {
            let started = Instant::now();
            let reply = ask(&mut steady, &mut steady_reader, OPENING);
            slowest = slowest.max(started.elapsed());
            assert!(reply.contains('/'), "round {round}: {reply:?}");
        }
    }
    let (rss, peak) = server.memory();
    eprintln!(
        "after 500 abusive connections ({floods} of 20 MB): resident {} MiB, peak {} MiB; steady client's slowest reply {slowest:?}",
        rss / 1024,
        peak / 1024
    );
    assert!(peak < 200 * 1024, "peak resident memory {peak} KiB");
    // Answering at all is the point: a move at the default budget takes some 50 ms, but on a
    // two-core machine loaded by parallel tests and builds (load 6.7) one reply took 1.05 s.
    assert!(slowest < Duration::from_secs(3), "{slowest:?}");
    // Still answering new clients.
    let (mut last, mut last_reader) = connect(&server.address);
    assert_eq!(
        ask(&mut last, &mut last_reader, "help"),
        "\tNo help information available\n"
    );
    // SIGTERM: the connections are closed and the process exits with success.
    server.signal("TERM");
    assert_eq!(server.wait(Duration::from_secs(3)), Some(0));
    let mut byte = [0u8; 1];
    assert_eq!(steady.read(&mut byte).unwrap_or(0), 0);
}

#[test]
fn sigint_stops_the_server_with_a_client_connected() {
    let mut server = Process::start(&[]);
    let (mut client, mut reader) = connect(&server.address);
    assert_eq!(
        ask(&mut client, &mut reader, "help"),
        "\tNo help information available\n"
    );
    server.signal("INT");
    assert_eq!(server.wait(Duration::from_secs(3)), Some(0));
    let mut rest = String::new();
    assert_eq!(reader.read_to_string(&mut rest).unwrap_or(0), 0);
}

#[test]
fn a_boxed_evaluator_chosen_at_run_time_serves_over_a_unix_socket() {
    use tavli::engine::Evaluator;
    let path = std::env::temp_dir().join(format!("tavli-multi-{}.socket", std::process::id()));
    let listener = Listener::bind(&Address::Unix(path.clone())).expect("bind");
    let evaluator: Box<dyn Evaluator + Send + Sync> = Box::new(Pubeval);
    let stop = AtomicBool::new(false);
    let options = ServerOptions {
        max_clients: Some(2),
        ..ServerOptions::default()
    };
    thread::scope(|scope| {
        let server =
            scope.spawn(|| serve(&listener, evaluator.as_ref(), &options, &stop, &mut |_| {}));
        let clients: Vec<_> = (0..2)
            .map(|_| std::os::unix::net::UnixStream::connect(&path).expect("connect"))
            .collect();
        for client in &clients {
            let mut writer = client;
            writer
                .write_all(format!("{OPENING}\nexit\n").as_bytes())
                .expect("send");
            let mut reply = String::new();
            BufReader::new(client).read_line(&mut reply).expect("reply");
            assert!(reply.contains('/'), "{reply:?}");
        }
        server
            .join()
            .expect("server")
            .expect("serves two clients and returns");
    });
}

/// `--move-time MS` is the budget of each answer; 0 lifts it, and a value that is not a
/// number of milliseconds is refused as a usage error.
#[test]
fn move_time_limits_each_answer_or_nothing() {
    let play = |move_time: &str| {
        let server = Process::start(&[
            "--evaluator",
            "pubeval",
            "--plies",
            "1",
            "--move-time",
            move_time,
        ]);
        let (mut client, mut reader) = connect(&server.address);
        ask(&mut client, &mut reader, OPENING)
    };
    let free = play("0");
    assert_eq!(free, play("60000"), "a budget not reached changes nothing");
    assert!(free.contains('/'), "a move: {free:?}");
    for value in ["x", "-1", "2.5"] {
        let status = Command::new(tavli_binary())
            .args(["external", "127.0.0.1:0", &format!("--move-time={value}")])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("tavli external runs");
        assert_eq!(status.code(), Some(2), "--move-time {value}");
    }
}
