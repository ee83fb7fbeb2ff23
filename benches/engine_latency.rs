//! Answer times of the engine protocols at their default (2-ply within 50 ms), asked as a
//! controller asks them: `tavli external` over TCP and `tavli ubgi` over its standard input
//! and output, each started once per `--threads` setting, all of them asked in turn position
//! by position (the order rotated), so that every setting meets the same load. For each
//! protocol, setting and kind of question (a move, "double or roll?", "take or pass?"): the
//! median, the 99th percentile and the slowest answer, and how many took 100 ms or more (issue
//! 30: "every cube answer at the default in under 100 ms (slowest of 1,000)"); and how many
//! answers differ from the first setting's (within a budget the depth reached may differ),
//! and how many of UBGI's answers reached depth 3 (gnubg's 2-ply, the default's full depth:
//! its `info depth`, the depth of the chosen play's figures; since session 36 a move whose
//! play the move filter left alone after 1 ply shows depth 2 though its search was complete,
//! so moves at depth 3 count fewer than before for the same searches), what the threads buy
//! within the budget.
//! Not a test: it takes minutes and its figures are the machine's load as much as tavli's.
//!
//! Run: `cargo build --release && cargo bench --bench engine_latency -- [POSITIONS]
//! [SETTING...]` (default 1,000 positions, settings `default` (no `--threads`) and `1`; a
//! setting `PATH:THREADS` runs another build, `/tmp/tavli-old:default`, beside this one).
//! The positions are real: every position before a play of the shared archive's standard
//! match files (`../shared/fixtures/matches/MANIFEST.tsv`, or the directory in
//! `TAVLI_LATENCY_ARCHIVE`) with more than one legal play, spread evenly over them. Each is
//! asked as a move (with its recorded dice), and, where the player on roll may double, before
//! the roll ("double or roll?") and with his double pending ("take or pass?"). The load
//! average is printed before and after: run it beside the load the figures are meant for.

#[path = "support/archive.rs"]
mod archive;
// The tests' drivers of the two protocols' processes, for any binary.
#[path = "../tests/support/engines/process.rs"]
#[allow(dead_code)]
mod process;
use process::{External, Ubgi};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tavli::codec::gnubg_id;
use tavli::engine::Stakes;
use tavli::matchfile::positions::game_turns;
use tavli::rules::{Dice, GameState, MatchState, Side, Variant};

const TAVLI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/tavli");

/// The archive's standard-backgammon files that gnubg accepts, sorted.
fn archive_files() -> Vec<PathBuf> {
    archive::gnubg_accepted_files(&archive::root("TAVLI_LATENCY_ARCHIVE"), &["nack", "hyper"])
}

/// `count` positions before a play (dice recorded, more than one legal play), spread evenly
/// over every such position of the archive.
fn real_positions(count: usize) -> Vec<MatchState> {
    let mut all = Vec::new();
    for path in archive_files() {
        let Ok(record) = tavli::matchfile::read_match(&path) else {
            continue;
        };
        if record.variant != Variant::Standard {
            continue;
        }
        for turns in game_turns(&record) {
            for turn in turns {
                let state = turn.before;
                let Some(dice) = state.dice else { continue };
                if state.game_state != GameState::Playing || !turn.checked {
                    continue;
                }
                let plays = state.rules().legal_plays(&state.board, state.on_roll, dice);
                if plays.len() > 1 {
                    all.push(state);
                }
            }
        }
    }
    assert!(!all.is_empty(), "no positions in the archive");
    let step = (all.len() / count.max(1)).max(1);
    all.into_iter().step_by(step).take(count).collect()
}

/// The kinds of question asked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Move,
    Double,
    Take,
}

const KINDS: [Kind; 3] = [Kind::Move, Kind::Double, Kind::Take];

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Double => "double or roll",
            Kind::Take => "take or pass",
        }
    }
}

/// The state `kind` asks about at `position`: as played (with its dice), before the roll, or
/// with the double of the player on roll pending; `None` where he may not double.
fn question(position: &MatchState, kind: Kind) -> Option<MatchState> {
    let before = MatchState {
        dice: None,
        ..*position
    };
    let may_double = Stakes::from_state(&before).may_double(before.on_roll);
    match kind {
        Kind::Move => Some(*position),
        Kind::Double => may_double.then_some(before),
        Kind::Take => may_double.then_some(MatchState {
            double_offered: true,
            turn: before.on_roll.opponent(),
            ..before
        }),
    }
}

/// An engine process asked one question at a time.
trait Engine {
    /// The answer to `state` as a `kind` question, and the depth the search reached where
    /// the protocol says it (UBGI's `info depth`).
    fn reply_to(&mut self, state: &MatchState, kind: Kind) -> (String, Option<u32>);
}

impl Engine for External {
    fn reply_to(&mut self, state: &MatchState, _: Kind) -> (String, Option<u32>) {
        (self.answer(state), None)
    }
}

impl Engine for Ubgi {
    fn reply_to(&mut self, state: &MatchState, kind: Kind) -> (String, Option<u32>) {
        let id = gnubg_id::encode(&MatchState {
            dice: None,
            ..*state
        });
        let mut request = format!("newgame\nposition gnubgid {id}\n");
        match (kind, state.dice) {
            (Kind::Move, Some(dice)) => {
                request.push_str(&format!("dice {} {}\ngo\n", dice.high(), dice.low()));
            }
            _ => request.push_str("go cube\n"),
        }
        let reply = self.ask(&request);
        let depth = reply
            .iter()
            .filter(|line| line.starts_with("info"))
            .find_map(|line| {
                let mut words = line.split_whitespace();
                words
                    .by_ref()
                    .find(|word| *word == "depth")
                    .and_then(|_| words.next())
                    .and_then(|word| word.parse().ok())
            });
        (reply.last().cloned().unwrap_or_default(), depth)
    }
}

/// The load averages over 1, 5 and 15 minutes (Linux), or "?".
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "?".to_string(),
        |text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        },
    )
}

/// One engine process: its protocol, its `--threads` setting, and per kind its times and
/// answers (`None` where the kind was not asked).
struct Asked {
    protocol: &'static str,
    setting: String,
    engine: Box<dyn Engine>,
    times: [Vec<Duration>; 3],
    answers: [Vec<Option<String>>; 3],
    depths: [Vec<u32>; 3],
}

fn milliseconds(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn main() {
    let arguments: Vec<String> = std::env::args()
        .skip(1)
        .filter(|argument| argument != "--bench")
        .collect();
    let count = arguments
        .first()
        .and_then(|argument| argument.parse().ok())
        .unwrap_or(1000_usize);
    let mut settings: Vec<String> = arguments.iter().skip(1).cloned().collect();
    if settings.is_empty() {
        settings = vec!["default".to_string(), "1".to_string()];
    }
    let positions = real_positions(count);
    println!(
        "{} real positions; settings {settings:?}; load average before: {}",
        positions.len(),
        load_average()
    );
    let mut engines: Vec<Asked> = Vec::new();
    for setting in &settings {
        let (binary, threads) = setting.rsplit_once(':').unwrap_or((TAVLI, setting));
        let args: Vec<&str> = if threads == "default" {
            Vec::new()
        } else {
            vec!["--threads", threads]
        };
        for protocol in ["external", "ubgi"] {
            let engine: Box<dyn Engine> = if protocol == "external" {
                Box::new(External::start_binary(binary, &args))
            } else {
                Box::new(Ubgi::start_binary(binary, &args))
            };
            let label = match setting.rsplit_once(':') {
                Some((binary, threads)) => format!(
                    "{}:{threads}",
                    Path::new(binary)
                        .file_name()
                        .map_or(binary.into(), |name| name.to_string_lossy())
                ),
                None => setting.clone(),
            };
            engines.push(Asked {
                protocol,
                setting: label,
                engine,
                times: Default::default(),
                answers: Default::default(),
                depths: Default::default(),
            });
        }
    }
    // Untimed: the first answers of a process (the networks, the first race position's
    // bear-off database).
    let warm_up: Vec<&MatchState> = positions.iter().take(20).collect();
    for asked in &mut engines {
        for state in &warm_up {
            for kind in KINDS {
                if let Some(question) = question(state, kind) {
                    asked.engine.reply_to(&question, kind);
                }
            }
        }
        let race = MatchState {
            board: tavli::engine::bearoff::bear_off_board([2, 2, 2, 1, 0, 0], [1, 2, 2, 2, 0, 0]),
            game_state: GameState::Playing,
            dice: Dice::new(2, 1).ok(),
            ..MatchState::new_money_game(Variant::Standard, Side::X)
        };
        for kind in KINDS {
            if let Some(question) = question(&race, kind) {
                asked.engine.reply_to(&question, kind);
            }
        }
    }
    let started = Instant::now();
    let engine_count = engines.len();
    for (index, position) in positions.iter().enumerate() {
        for turn in 0..engine_count {
            let asked = &mut engines[(index + turn) % engine_count];
            for (slot, kind) in KINDS.into_iter().enumerate() {
                let answer = question(position, kind).map(|question| {
                    let asked_at = Instant::now();
                    let (answer, depth) = asked.engine.reply_to(&question, kind);
                    asked.times[slot].push(asked_at.elapsed());
                    asked.depths[slot].extend(depth);
                    answer
                });
                asked.answers[slot].push(answer);
            }
        }
    }
    println!(
        "asked in {:.0} s; load average after: {}",
        started.elapsed().as_secs_f64(),
        load_average()
    );
    println!(
        "protocol  setting              question        answers  median ms  99th pct ms  slowest ms  >= 100 ms  differ from {}  at depth 3",
        settings[0]
    );
    for asked in &engines {
        let reference = engines
            .iter()
            .find(|other| other.protocol == asked.protocol)
            .expect("the first setting");
        for (slot, kind) in KINDS.into_iter().enumerate() {
            let mut times = asked.times[slot].clone();
            if times.is_empty() {
                continue;
            }
            times.sort();
            let at = |share: f64| times[((times.len() - 1) as f64 * share).round() as usize];
            let slow = times
                .iter()
                .filter(|time| **time >= Duration::from_millis(100))
                .count();
            let differ = asked.answers[slot]
                .iter()
                .zip(&reference.answers[slot])
                .filter(|(mine, theirs)| mine != theirs)
                .count();
            let deepest = asked.depths[slot]
                .iter()
                .filter(|depth| **depth >= 3)
                .count();
            let deepest = if asked.depths[slot].is_empty() {
                "-".to_string()
            } else {
                deepest.to_string()
            };
            println!(
                "{:<9} {:<20} {:<15} {:>7} {:>10.1} {:>12.1} {:>11.1} {:>10} {:>12} {:>11}",
                asked.protocol,
                asked.setting,
                kind.name(),
                times.len(),
                milliseconds(at(0.5)),
                milliseconds(at(0.99)),
                milliseconds(times[times.len() - 1]),
                slow,
                differ,
                deepest
            );
        }
    }
}
