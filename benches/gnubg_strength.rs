//! Benchmark against the measuring stick: gnubg 0-ply (chequer play and cube at 0 ply; the cube
//! off unless asked for, below) plays money games or matches against `tavli external`, and the
//! points per game (or the share of matches) tavli scores are
//! reported with a 95% confidence interval. Not a test: it needs gnubg and takes minutes.
//!
//! Run: `cargo build --release && cargo bench --bench gnubg_strength -- GAMES [TAVLI-ARGS...]`,
//! e.g. `-- 2000 --evaluator pubeval`. The games are split over two gnubg processes (one per
//! core), each with its own `tavli external` server; tavli sits in seat 1 in one and seat 0 in
//! the other. Each gnubg run is a money session of `new game` commands with `set automatic
//! game off`, its seed fixed (printed), so a run can be repeated; `TAVLI_STRENGTH_SEED=N`
//! plays other dice (seeds N and N + 1). The Jacoby rule is off: gnubg's money sessions have it
//! on, and with the cube off it would score every gammon and backgammon as a single game.
//! Beavers are off unless `TAVLI_STRENGTH_BEAVERS=1`: with it gnubg plays `set beavers 3` (its
//! default) and tavli `--beavers true`, so either may beaver a money double, and the report
//! counts each side's beavers. gnubg 1.07 stops a game once its external player has taken
//! gnubg's beaver (the external player is then still on turn, to roll, and gnubg takes that
//! for a player that did not act; `TAVLI_STRENGTH_BEAVERS=1 ... 400 --evaluator pubeval`, where
//! gnubg beavered 90 times, lost 37 games so, each discarded unscored by the next `new game`,
//! the one the bench's warning counts): each game is
//! therefore followed by a few `play` commands, which resume a stopped game and do nothing
//! after a finished one (the same pubeval run then scored 399 of 400, the other a beaver past
//! gnubg's largest cube, which `tavli external` no longer offers). Session 32
//! (`TAVLI_STRENGTH_CUBE=money TAVLI_STRENGTH_BEAVERS=1 nice -n 10 gnubg_strength 2000`, the
//! default seeds, the built-in net then soupT, load average 12 to 15, 1,279 s):
//! **+0.129 ± 0.135** points per game over
//! 2,000 games, all scored (1,033 won); one beaver each: tavli's of a redouble to 4, which
//! gnubg raccooned and won for 16 points (`AwAAbGubAFACAA:AQEAAJAfcBAE`: tavli's net 2-ply
//! wins 56.6% there, gnubg's 2-ply 74.4%).
//! gnubg as a host sends neither setting with its boards, so tavli is started with `--jacoby`
//! as gnubg's and `--beavers` as gnubg's (before session 21 it assumed both on: it played money
//! runs "Jacoby off" as if the rule held, and a beaver it answered in about one game of 1,000
//! stopped that game). Nor does gnubg say that its cube is off (it sends a centred cube either
//! player may turn): in cube-off runs tavli is started with `--cube false`, as a user playing
//! without the cube starts it, so that it chooses its plays by the cubeless search (a build
//! without `--cube`, from before session 33, always did).
//!
//! `TAVLI_STRENGTH_DUPLICATE=1` plays duplicate dice: game `i` of both runs is seeded
//! `N + i` (gnubg's `set seed` before each `new game`), so each dice sequence is played once
//! with tavli in each seat, and the interval is taken over the pairs (much narrower when the
//! two engines are close, as luck largely cancels within a pair). Results are paired by seed
//! (`benches/support/strength_log.rs`): a unit one seat did not finish leaves only its own
//! pair out.
//!
//! `TAVLI_STRENGTH_BINARY=PATH` serves with another tavli binary than this tree's release
//! build (a copy kept aside, so that the tree can be rebuilt while a long run plays).
//!
//! `TAVLI_STRENGTH_LOG=DIR` writes gnubg's output of each run to `DIR/seat-N.txt` (N: tavli's
//! seat), to read the games afterwards.
//!
//! `TAVLI_STRENGTH_SAVE=DIR` (matches only) keeps each match as a file gnubg can re-read:
//! after each match gnubg names the players (`tavli` and `gnubg`: `new match` gives them back
//! gnubg's default names) and runs `save match DIR/seat-N-match-K.sgf` (N: tavli's seat, K:
//! the match's index, the same dice in both seats with duplicate dice), so that gnubg can
//! analyse them afterwards (`load match F`, `analyse match`, `show statistics match`).
//!
//! `TAVLI_STRENGTH_SERIAL=1` plays the two halves one after the other instead of side by side,
//! so that the tavli being measured has the cores to itself, as in a single match.
//!
//! `TAVLI_STRENGTH_GNUBG_SELF=K` measures gnubg against itself instead of tavli: the seat tavli
//! would take is played by gnubg at K plies (chequer play; its cube decisions at 0 ply, its
//! move filters and pruning gnubg's defaults), no tavli server is started and the TAVLI-ARGS
//! are ignored. Everything else is as above (seats, seeds, duplicate dice, the cube setting);
//! in gnubg's output that seat is still named `tavli`, so the same tally reads it. With
//! `TAVLI_STRENGTH_DUPLICATE=1` and `K=2` this is what gnubg's own 2-ply is worth against its
//! 0-ply, the yardstick for what tavli's search should add to its net. Session 24
//! (`TAVLI_STRENGTH_GNUBG_SELF=2 TAVLI_STRENGTH_DUPLICATE=1 nice -n 5 gnubg_strength 1000`,
//! the default seed, so the dice of session 23's tavli runs; load average 5 to 12, 3,400 s):
//! gnubg 2-ply against gnubg 0-ply **+0.047 ± 0.079** points per game over 1,000 games (500
//! pairs, 520 won): on those dice tavli's full 2-ply scored +0.070 ± 0.082 and its default
//! +0.073 ± 0.080 against gnubg 0-ply, so gnubg's own 2-ply is not shown to be worth +0.15
//! over its 0-ply here (the interval's top is +0.126). The same with
//! `TAVLI_STRENGTH_SEED=24001` (load 3 to 6, 1,254 s): +0.116 ± 0.076 over 1,000 games (548
//! won); over the 2,000, +0.082 ± 0.055.
//!
//! With the cube (gnubg's cube decisions at 0 ply too): `TAVLI_STRENGTH_CUBE=money` plays money
//! games with the cube and the Jacoby rule off, `TAVLI_STRENGTH_CUBE=jacoby` with it on (points
//! per game, as above); `TAVLI_STRENGTH_MATCH=N` plays N-point matches instead of games (GAMES
//! then counts matches) and reports the share of matches tavli won with its 95% interval. With
//! duplicate dice in matches, game `g` of match `i` is seeded alike in both seats.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

#[path = "support/strength_log.rs"]
mod strength_log;
use strength_log::{Play, Seeding, Tally};

const GNUBG: &str = "/usr/games/gnubg";

struct Outcome {
    /// tavli's result of each unit (game or match), by the unit's index.
    tavli_points: BTreeMap<usize, i32>,
    /// Results that belonged to no unit (a game before the first seed, a second result for
    /// one seed).
    unplaced: usize,
    unclean: bool,
    /// Beavers (gnubg's "accepts and immediately redoubles") by tavli and by gnubg.
    beavers: [usize; 2],
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

/// What is played: money games (the cube off, on, or on with the Jacoby rule) or matches.
#[derive(Clone, Copy)]
enum Format {
    /// Money games; `cube` turns the cube on, `jacoby` the Jacoby rule (only with the cube).
    Money { cube: bool, jacoby: bool },
    /// Matches to this many points, always with the cube.
    Match(u32),
}

impl Format {
    fn from_environment() -> Format {
        if let Some(length) = std::env::var("TAVLI_STRENGTH_MATCH")
            .ok()
            .and_then(|value| value.parse::<u32>().ok())
            .filter(|&length| length > 0)
        {
            return Format::Match(length);
        }
        match std::env::var("TAVLI_STRENGTH_CUBE").as_deref() {
            Ok("money") => Format::Money {
                cube: true,
                jacoby: false,
            },
            Ok("jacoby") => Format::Money {
                cube: true,
                jacoby: true,
            },
            Ok("off") | Err(_) => Format::Money {
                cube: false,
                jacoby: false,
            },
            Ok(other) => panic!("TAVLI_STRENGTH_CUBE is off, money or jacoby, not {other:?}"),
        }
    }

    fn describe(self) -> String {
        match self {
            Format::Money {
                cube: false,
                jacoby: _,
            } => "cube off, gammons count".to_string(),
            Format::Money {
                cube: true,
                jacoby: false,
            } => "money, cube on, Jacoby off".to_string(),
            Format::Money {
                cube: true,
                jacoby: true,
            } => "money, cube on, Jacoby on".to_string(),
            Format::Match(length) => format!("{length}-point matches"),
        }
    }

    /// The most games one match can take (a game scores at least one point for someone).
    fn games_per_unit(self) -> usize {
        match self {
            Format::Money { .. } => 1,
            Format::Match(length) => 2 * length as usize,
        }
    }
}

/// How many `play` commands follow each money game when beavers are on: gnubg 1.07 stops
/// a game after its external player takes gnubg's beaver (the turn is then still the external
/// player's, which gnubg takes for a player that did not act), and `play` resumes it. After a
/// finished game `play` only prints "No game in progress".
const RESUMES_AFTER_BEAVER: usize = 3;

/// The script's commands for unit `unit` (a game, or a match of games). `new match` starts
/// the match's first game at once, so with duplicate dice its seed is set before it. With
/// `resumes`, each game is followed by that many `play` commands (see [`RESUMES_AFTER_BEAVER`]).
fn unit_script(format: Format, dice: Dice, unit: usize, resumes: usize) -> String {
    let mut script = String::new();
    for game in 0..format.games_per_unit() {
        if let Dice::PerGame(seed) = dice {
            let index = unit * format.games_per_unit() + game;
            script.push_str(&format!("set seed {}\n", seed.wrapping_add(index as u32)));
        }
        match format {
            Format::Match(length) if game == 0 => {
                script.push_str(&format!("new match {length}\n"));
            }
            _ => script.push_str("new game\n"),
        }
        script.push_str(&"play\n".repeat(resumes));
    }
    script
}

/// Whether `binary`'s `external` takes the option `flag` (`--beavers`: builds from session
/// 21 on; `--cube`: from session 33 on).
fn knows_flag(binary: &str, flag: &str) -> bool {
    let option = format!("{flag} <");
    Command::new(binary)
        .args(["external", "--help"])
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).contains(&option))
}

/// The commands that save match `unit` as `DIRECTORY/seat-N-match-K.sgf`, its players named
/// first (gnubg refuses a name the other player has: tavli's seat is named first, and the
/// names `new match` gives back are neither of these).
fn save_script(directory: &str, tavli_seat: usize, unit: usize) -> String {
    let gnubg_seat = 1 - tavli_seat;
    let path = std::path::Path::new(directory).join(format!("seat-{tavli_seat}-match-{unit}.sgf"));
    format!(
        "set player {tavli_seat} name tavli\n\
         set player {gnubg_seat} name gnubg\n\
         save match {}\n",
        path.display()
    )
}

fn run(
    format: Format,
    games: usize,
    tavli_seat: usize,
    dice: Dice,
    tavli_args: &[String],
) -> Outcome {
    let port = free_port();
    let address = format!("127.0.0.1:{port}");
    // TAVLI_STRENGTH_BINARY runs another build (a copy kept while the tree is rebuilt).
    let binary = std::env::var("TAVLI_STRENGTH_BINARY").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/tavli").to_string()
    });
    // TAVLI_STRENGTH_GNUBG_SELF=K: gnubg at K plies in tavli's seat, no tavli server.
    let gnubg_self = gnubg_self_plies();
    let (cube, jacoby) = match format {
        Format::Money { cube, jacoby } => (cube, jacoby),
        Format::Match(_) => (true, false),
    };
    // gnubg as a host sends neither its Jacoby rule nor its beaver setting: tavli is told
    // both (a beaver gnubg refuses would stop the game). A build from before session 21 has
    // no --beavers: it runs as it did then.
    let beavers = beavers_on();
    let mut settings: Vec<&str> = if gnubg_self.is_some() {
        Vec::new()
    } else if knows_flag(&binary, "--beavers") {
        vec![
            "--jacoby",
            if jacoby { "true" } else { "false" },
            "--beavers",
            if beavers { "true" } else { "false" },
        ]
    } else {
        eprintln!("warning: {binary} has no --beavers: it assumes the Jacoby rule and beavers on");
        Vec::new()
    };
    // Nor does it say that its cube is off: tavli is told, as a user playing without the
    // cube tells it (a build from before session 33 has no --cube and always chose so).
    if !cube && gnubg_self.is_none() && knows_flag(&binary, "--cube") {
        settings.extend(["--cube", "false"]);
    }
    let mut server = if gnubg_self.is_some() {
        None
    } else {
        let server = Command::new(&binary)
            .arg("external")
            .arg(&address)
            .arg("--quiet")
            .args(&settings)
            .args(tavli_args)
            .stdout(Stdio::null())
            .spawn()
            .expect("tavli external starts (cargo build --release first)");
        std::thread::sleep(std::time::Duration::from_millis(300));
        Some(server)
    };
    let gnubg_seat = 1 - tavli_seat;
    let measured_player = match gnubg_self {
        Some(plies) => format!(
            "set player {tavli_seat} gnubg\n\
             set player {tavli_seat} chequerplay evaluation plies {plies}\n\
             set player {tavli_seat} cubedecision evaluation plies 0\n"
        ),
        None => format!("set player {tavli_seat} external {address}\n"),
    };
    // Names first tavli's, then gnubg's: gnubg refuses a name the other player has.
    let cube = if cube { "on" } else { "off" };
    let jacoby = if jacoby { "on" } else { "off" };
    // A beaver taken by tavli stops gnubg's game: `play` resumes it (money only: no beavers
    // in matches).
    let resumes = if beavers && matches!(format, Format::Money { .. }) {
        RESUMES_AFTER_BEAVER
    } else {
        0
    };
    let beavers = if beavers { 3 } else { 0 };
    let mut script = format!(
        "set player {gnubg_seat} gnubg\n\
         set player {gnubg_seat} chequerplay evaluation plies 0\n\
         set player {gnubg_seat} cubedecision evaluation plies 0\n\
         set cube use {cube}\n\
         set jacoby {jacoby}\n\
         set player {tavli_seat} name tavli\n\
         set player {gnubg_seat} name gnubg\n\
         {measured_player}\
         set automatic game off\n\
         set beavers {beavers}\n"
    );
    if let Dice::Session(seed) = dice {
        script.push_str(&format!("set seed {seed}\n"));
    }
    // TAVLI_STRENGTH_SAVE=DIR keeps each match as DIR/seat-N-match-K.sgf.
    let save = match format {
        Format::Match(_) => std::env::var("TAVLI_STRENGTH_SAVE").ok(),
        Format::Money { .. } => None,
    };
    for unit in 0..games {
        script.push_str(&unit_script(format, dice, unit, resumes));
        if let Some(directory) = &save {
            script.push_str(&save_script(directory, tavli_seat, unit));
        }
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
    // TAVLI_STRENGTH_LOG=DIR keeps gnubg's output of each run (seat-N.txt) to read the games.
    let mut log = std::env::var("TAVLI_STRENGTH_LOG").ok().map(|directory| {
        let path = std::path::Path::new(&directory).join(format!("seat-{tavli_seat}.txt"));
        std::fs::File::create(&path).expect("the log file can be written")
    });
    let play = match format {
        Format::Money { .. } => Play::Money,
        Format::Match(length) => Play::Match(length),
    };
    let seeding = match dice {
        Dice::Session(_) => Seeding::Session,
        Dice::PerGame(base) => Seeding::PerGame {
            base,
            games_per_unit: format.games_per_unit(),
        },
    };
    let mut tally = Tally::new(play, seeding, tavli_seat);
    let mut unclean = false;
    let mut beavers = [0, 0];
    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
        if let Some(player) = line
            .strip_suffix('.')
            .and_then(|line| line.split_once(" accepts and immediately redoubles to "))
            .map(|(player, _)| player)
        {
            beavers[usize::from(player != "tavli")] += 1;
        }
        if let Some(log) = log.as_mut() {
            let _ = writeln!(log, "{line}");
        }
        if tally.read(&line).is_some() {
            let every = if matches!(format, Format::Match(_)) {
                20
            } else {
                100
            };
            if tally.results.len().is_multiple_of(every) {
                eprintln!("seat {tavli_seat}: {} units", tally.results.len());
            }
        }
        if line.contains("Error") || line.contains("error") {
            unclean = true;
            eprintln!("gnubg: {line}");
        }
    }
    let _ = child.wait();
    let _ = writer.join();
    if let Some(server) = server.as_mut() {
        let _ = server.kill();
        let _ = server.wait();
    }
    Outcome {
        tavli_points: tally.results,
        unplaced: tally.unplaced,
        unclean,
        beavers,
    }
}

/// Whether `TAVLI_STRENGTH_BEAVERS=1` allows beavers (gnubg's `set beavers 3`, tavli's
/// `--beavers true`).
fn beavers_on() -> bool {
    std::env::var("TAVLI_STRENGTH_BEAVERS").is_ok_and(|value| value == "1")
}

/// The plies of `TAVLI_STRENGTH_GNUBG_SELF` (gnubg measured against itself), if set.
fn gnubg_self_plies() -> Option<u32> {
    let value = std::env::var("TAVLI_STRENGTH_GNUBG_SELF").ok()?;
    match value.parse::<u32>() {
        Ok(plies) if plies <= 4 => Some(plies),
        _ => {
            eprintln!("TAVLI_STRENGTH_GNUBG_SELF is gnubg's plies, 0 to 4, not {value:?}");
            std::process::exit(2);
        }
    }
}

/// Who is measured, as the report names it: tavli's external player with its arguments, or
/// gnubg at the plies of `TAVLI_STRENGTH_GNUBG_SELF`.
fn measured_name(tavli_args: &[String]) -> String {
    match gnubg_self_plies() {
        Some(plies) => format!("gnubg {plies}-ply"),
        None => format!("tavli external {}", tavli_args.join(" ")),
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
    // The folders of TAVLI_STRENGTH_LOG and TAVLI_STRENGTH_SAVE are made before anything
    // starts: a missing one stopped a run midway with its tavli and gnubg children left running.
    for variable in ["TAVLI_STRENGTH_LOG", "TAVLI_STRENGTH_SAVE"] {
        if let Ok(directory) = std::env::var(variable) {
            if let Err(error) = std::fs::create_dir_all(&directory) {
                eprintln!("{variable}={directory}: the folder cannot be made: {error}");
                std::process::exit(2);
            }
        }
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
    let format = Format::from_environment();
    let started = Instant::now();
    // TAVLI_STRENGTH_SERIAL=1 plays the two runs one after the other, each tavli with the
    // machine to itself beside one gnubg, as a user runs one match (its search threads then
    // get the cores; run in parallel, two servers share them).
    let serial = std::env::var("TAVLI_STRENGTH_SERIAL").is_ok_and(|value| value == "1");
    let outcomes: Vec<Outcome> = if serial {
        runs.into_iter()
            .map(|(seat, seed)| run(format, games.div_ceil(2), seat, seed, &tavli_args))
            .collect()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = runs
                .into_iter()
                .map(|(seat, seed)| {
                    let tavli_args = &tavli_args;
                    scope.spawn(move || run(format, games.div_ceil(2), seat, seed, tavli_args))
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
        .flat_map(|o| o.tavli_points.values().copied())
        .collect();
    // A game or match that did not end with a score line (gnubg discarded it, or a line this
    // bench does not know) leaves its unit out; with duplicate dice only its own pair goes.
    for (seat, outcome) in outcomes.iter().enumerate() {
        if outcome.tavli_points.len() != games.div_ceil(2) || outcome.unplaced > 0 {
            eprintln!(
                "warning: run {seat} scored {} of its {} units ({} results outside any unit){}",
                outcome.tavli_points.len(),
                games.div_ceil(2),
                outcome.unplaced,
                if duplicate {
                    ": the pairs of the missing units are left out"
                } else {
                    ""
                }
            );
        }
    }
    // The independent units: single games, or with duplicate dice the pairs of game i.
    let units: Vec<f64> = if duplicate {
        strength_log::pairs(&outcomes[0].tavli_points, &outcomes[1].tavli_points)
    } else {
        points.iter().map(|&p| f64::from(p)).collect()
    };
    let n = units.len().max(1) as f64;
    let mean = units.iter().sum::<f64>() / n;
    let variance = units.iter().map(|&p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let interval = 1.96 * (variance / n).sqrt();
    let dice_text = if duplicate {
        format!("duplicate dice, games seeded {seed} on")
    } else {
        format!("seeds {seed} and {}", seed + 1)
    };
    let unclean = if outcomes.iter().any(|o| o.unclean) {
        " (gnubg reported errors)"
    } else {
        ""
    };
    let won = points.iter().filter(|&&p| p > 0).count();
    if let Format::Match(_) = format {
        // Each unit is +1 (won) or -1 (lost), or with duplicate dice their mean: the share won
        // is (1 + mean) / 2 and its interval half the mean's.
        println!(
            "{} against gnubg 0-ply ({}): {:.1}% ± {:.1}% of matches won (95%), {} of {} matches, {}, {:.0} s{}",
            measured_name(&tavli_args),
            format.describe(),
            50.0 * (1.0 + mean),
            50.0 * interval,
            won,
            points.len(),
            dice_text,
            started.elapsed().as_secs_f64(),
            unclean
        );
        return;
    }
    let beavers = if beavers_on() {
        let count = |who: usize| outcomes.iter().map(|o| o.beavers[who]).sum::<usize>();
        format!(", beavers: tavli {} gnubg {}", count(0), count(1))
    } else {
        String::new()
    };
    let gammons_won = points.iter().filter(|&&p| p > 1).count();
    let gammons_lost = points.iter().filter(|&&p| p < -1).count();
    println!(
        "{} against gnubg 0-ply ({}): {:+.3} ± {:.3} points per game (95%), {} games, {} won ({} scoring more than one point), {} lost for more than one point{}, {}, {:.0} s{}",
        measured_name(&tavli_args),
        format.describe(),
        mean,
        interval,
        points.len(),
        won,
        gammons_won,
        gammons_lost,
        beavers,
        dice_text,
        started.elapsed().as_secs_f64(),
        unclean
    );
}
