//! Benchmark against the measuring stick: gnubg 0-ply (chequer play and cube at 0 ply, cube
//! off) plays money games against `tavli external`, and the points per game tavli scores are
//! reported with a 95% confidence interval. Not a test: it needs gnubg and takes minutes.
//!
//! Run: `cargo build --release && cargo bench --bench gnubg_strength -- GAMES [TAVLI-ARGS...]`,
//! e.g. `-- 2000 --evaluator pubeval`. The games are split over two gnubg processes (one per
//! core), each with its own `tavli external` server; tavli sits in seat 1 in one and seat 0 in
//! the other. Each gnubg run is a money session of `new game` commands with `set automatic
//! game off`, its seed fixed (printed), so a run can be repeated; `TAVLI_STRENGTH_SEED=N`
//! plays other dice (seeds N and N + 1). The Jacoby rule is off: gnubg's money sessions have it
//! on, and with the cube off it would score every gammon and backgammon as a single game.
//!
//! `TAVLI_STRENGTH_DUPLICATE=1` plays duplicate dice: game `i` of both runs is seeded
//! `N + i` (gnubg's `set seed` before each `new game`), so each dice sequence is played once
//! with tavli in each seat, and the interval is taken over the pairs (much narrower when the
//! two engines are close, as luck largely cancels within a pair).
//!
//! `TAVLI_STRENGTH_SERIAL=1` plays the two halves one after the other instead of side by side,
//! so that the tavli being measured has the cores to itself, as in a single match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

const GNUBG: &str = "/usr/games/gnubg";

struct Outcome {
    tavli_points: Vec<i32>,
    unclean: bool,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// How gnubg seeds its dice in a run.
#[derive(Clone, Copy)]
enum Dice {
    /// One seed for the whole session.
    Session(u32),
    /// Game `i` seeded with the seed plus `i`.
    PerGame(u32),
}

fn run(games: usize, tavli_seat: usize, dice: Dice, tavli_args: &[String]) -> Outcome {
    let port = free_port();
    let address = format!("127.0.0.1:{port}");
    let binary = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/tavli");
    let mut server = Command::new(binary)
        .arg("external")
        .arg(&address)
        .arg("--quiet")
        .args(tavli_args)
        .stdout(Stdio::null())
        .spawn()
        .expect("tavli external starts (cargo build --release first)");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let gnubg_seat = 1 - tavli_seat;
    // Names first tavli's, then gnubg's: gnubg refuses a name the other player has.
    let mut script = format!(
        "set player {gnubg_seat} gnubg\n\
         set player {gnubg_seat} chequerplay evaluation plies 0\n\
         set player {gnubg_seat} cubedecision evaluation plies 0\n\
         set cube use off\n\
         set jacoby off\n\
         set player {tavli_seat} name tavli\n\
         set player {gnubg_seat} name gnubg\n\
         set player {tavli_seat} external {address}\n\
         set automatic game off\n\
         new session\n"
    );
    if let Dice::Session(seed) = dice {
        script.push_str(&format!("set seed {seed}\n"));
    }
    for game in 0..games {
        if let Dice::PerGame(seed) = dice {
            script.push_str(&format!("set seed {}\n", seed.wrapping_add(game as u32)));
        }
        script.push_str("new game\n");
    }
    script.push_str("quit\ny\n");
    let mut child = Command::new(GNUBG)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnubg starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    let stdout = child.stdout.take().expect("stdout");
    let mut tavli_points = Vec::new();
    let mut unclean = false;
    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
        // "tavli wins a gammon and 2 points.", "gnubg accepts and wins a single game and 1 point."
        if let Some((who, rest)) = line.split_once(" wins a") {
            let points: i32 = rest
                .split_whitespace()
                .rev()
                .nth(1)
                .and_then(|w| w.parse().ok())
                .unwrap_or(0);
            let sign = match who.split_whitespace().next().unwrap_or("") {
                "tavli" => 1,
                "gnubg" => -1,
                other => panic!("unknown winner {other:?}"),
            };
            tavli_points.push(sign * points);
            if tavli_points.len() % 100 == 0 {
                eprintln!("seat {tavli_seat}: {} games", tavli_points.len());
            }
        }
        if line.contains("Error") || line.contains("error") {
            unclean = true;
            eprintln!("gnubg: {line}");
        }
    }
    let _ = child.wait();
    let _ = writer.join();
    let _ = server.kill();
    let _ = server.wait();
    Outcome {
        tavli_points,
        unclean,
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let games: usize = args.first().and_then(|g| g.parse().ok()).unwrap_or(200);
    let tavli_args: Vec<String> = args.iter().skip(1).cloned().collect();
    if !std::path::Path::new(GNUBG).exists() {
        eprintln!("gnubg is not installed (apt-get install gnubg)");
        return;
    }
    // TAVLI_STRENGTH_SEED picks other dice (gnubg's seeds are it and the next one).
    let seed: u32 = std::env::var("TAVLI_STRENGTH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_201);
    let duplicate = std::env::var("TAVLI_STRENGTH_DUPLICATE").is_ok_and(|value| value == "1");
    let runs = if duplicate {
        [(1usize, Dice::PerGame(seed)), (0usize, Dice::PerGame(seed))]
    } else {
        [
            (1usize, Dice::Session(seed)),
            (0usize, Dice::Session(seed + 1)),
        ]
    };
    let started = Instant::now();
    // TAVLI_STRENGTH_SERIAL=1 plays the two runs one after the other, each tavli with the
    // machine to itself beside one gnubg, as a user runs one match (its search threads then
    // get the cores; run in parallel, two servers share them).
    let serial = std::env::var("TAVLI_STRENGTH_SERIAL").is_ok_and(|value| value == "1");
    let outcomes: Vec<Outcome> = if serial {
        runs.into_iter()
            .map(|(seat, seed)| run(games.div_ceil(2), seat, seed, &tavli_args))
            .collect()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = runs
                .into_iter()
                .map(|(seat, seed)| {
                    let tavli_args = &tavli_args;
                    scope.spawn(move || run(games.div_ceil(2), seat, seed, tavli_args))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a run"))
                .collect()
        })
    };
    let points: Vec<i32> = outcomes
        .iter()
        .flat_map(|o| o.tavli_points.iter().copied())
        .collect();
    // The independent units: single games, or with duplicate dice the pairs of game i.
    let units: Vec<f64> = if duplicate {
        outcomes[0]
            .tavli_points
            .iter()
            .zip(&outcomes[1].tavli_points)
            .map(|(&a, &b)| f64::from(a + b) / 2.0)
            .collect()
    } else {
        points.iter().map(|&p| f64::from(p)).collect()
    };
    let n = units.len().max(1) as f64;
    let mean = units.iter().sum::<f64>() / n;
    let variance = units.iter().map(|&p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let won = points.iter().filter(|&&p| p > 0).count();
    let gammons_won = points.iter().filter(|&&p| p > 1).count();
    let gammons_lost = points.iter().filter(|&&p| p < -1).count();
    println!(
        "tavli external {} against gnubg 0-ply (cube off, gammons count): {:+.3} ± {:.3} points per game (95%), {} games, {} won ({} gammons), {} gammons lost, {}, {:.0} s{}",
        tavli_args.join(" "),
        mean,
        1.96 * (variance / n).sqrt(),
        points.len(),
        won,
        gammons_won,
        gammons_lost,
        if duplicate {
            format!("duplicate dice, games seeded {seed} on")
        } else {
            format!("seeds {seed} and {}", seed + 1)
        },
        started.elapsed().as_secs_f64(),
        if outcomes.iter().any(|o| o.unclean) { " (gnubg reported errors)" } else { "" }
    );
}
