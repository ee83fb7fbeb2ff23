//! Rollout speed of `tavli rollout` beside gnubg's `rollout` on the same positions with the
//! same settings, in the same run: trials per second of each and the ratio. Not a test: it
//! needs gnubg and a release build, and takes minutes.
//!
//! Run: `cargo build --release && cargo bench --bench rollout_speed -- [TRIALS] [TRUNCATE]`
//! (default 216 trials truncated after 7 plies; `0` as TRUNCATE plays every game to its end).
//!
//! Settings, both programs: one thread, money game, 0-ply chequer play, cube decisions and
//! truncation judgements, lookahead variance reduction on, quasi-random dice, seed 1; each
//! position rolled out cubeful and then cubeless. gnubg: `set threads 1` and `set rollout ...`
//! (its cube decisions in rollouts default to 2 plies and its rollouts stop at its bear-off
//! databases: both are set to tavli's way, 0 plies and no bear-off truncation; its 0-ply
//! keeps its own pruning nets, its default). gnubg prints a rollout's result only to a
//! terminal, so it runs under `script(1)`; the trials it reports are checked, as are tavli's.
//!
//! Times are CPU seconds (user + system of the finished child processes, from
//! /proc/self/stat), the figure a shared machine does not blur; wall seconds are printed
//! beside them. Each program's start-up (a one-trial rollout: networks and databases loaded)
//! is measured once and taken off.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

// Only gnubg's path is used here: gnubg runs under script(1), not through `run`.
#[path = "support/gnubg.rs"]
#[allow(dead_code)]
mod gnubg_runner;
use gnubg_runner::GNUBG;
#[path = "support/cpu.rs"]
mod cpu;
use cpu::children_cpu;

const TAVLI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/tavli");

/// The positions: GNUbg IDs of money games, the player on roll to roll. The contact ones from
/// the opening and the shared bot-play benchmark set (`../shared/bench/positions-botplay.txt`),
/// the races made up (XGID `---BBCDBB--------bbdcbb---` and `----BCC-BBC-----cc-cbbb---`):
/// long and close enough that the cube is taken and the games go on.
const POSITIONS: [(&str, &str); 4] = [
    (
        "contact: the opening position",
        "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    ),
    (
        "contact: a middle game, 136-136",
        "zD6DATBsnoMBMA:cAkAAAAAAAAA",
    ),
    ("race: 83 pips each", "bPc2AABs9zYAAA:cAkAAAAAAAAA"),
    ("race: 105 pips to 93", "bDt3AADYne0AAA:cAkAAAAAAAAA"),
];

/// One rollout's settings.
#[derive(Clone, Copy)]
struct Settings {
    trials: u64,
    truncation: Option<u32>,
    cubeful: bool,
}

impl Settings {
    fn describe(self) -> String {
        format!(
            "{} {}",
            if self.cubeful { "cubeful" } else { "cubeless" },
            self.truncation
                .map_or("to the end".to_string(), |plies| format!(
                    "truncated at {plies} plies"
                ))
        )
    }
}

/// What one program reported: trials done, cubeless and cubeful equity and their errors.
#[derive(Debug, Default)]
struct Reported {
    trials: u64,
    cubeless_equity: f64,
    cubeful_equity: Option<f64>,
    cubeless_error: f64,
    cubeful_error: Option<f64>,
}

/// A run: its CPU and wall time and what it reported.
struct Timed {
    cpu: f64,
    wall: Duration,
    reported: Reported,
}

/// Runs `command` to its end, timed.
fn timed(command: &mut Command, read: impl Fn(&str) -> Reported) -> Timed {
    let cpu = children_cpu();
    let start = Instant::now();
    let output = command
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("the program runs");
    let wall = start.elapsed();
    let cpu = children_cpu() - cpu;
    let text = String::from_utf8_lossy(&output.stdout);
    Timed {
        cpu,
        wall,
        reported: read(&text),
    }
}

fn tavli(gnubg_id: &str, settings: Settings) -> Timed {
    let mut command = Command::new(TAVLI);
    command.args([
        "rollout",
        gnubg_id,
        "--json",
        "--threads",
        "1",
        "--seed",
        "1",
    ]);
    command.args(["--trials", &settings.trials.to_string()]);
    if let Some(plies) = settings.truncation {
        command.args(["--truncate", &plies.to_string()]);
    }
    if !settings.cubeful {
        command.arg("--cubeless");
    }
    timed(&mut command, |text| {
        let document: serde_json::Value =
            serde_json::from_str(text).unwrap_or_else(|error| panic!("tavli: {error}: {text}"));
        let number = |pointer: &str| {
            document
                .pointer(pointer)
                .and_then(serde_json::Value::as_f64)
        };
        Reported {
            trials: document["trials"].as_u64().unwrap_or(0),
            cubeless_equity: number("/cubeless_equity").unwrap_or(f64::NAN),
            cubeful_equity: number("/cubeful_equity"),
            cubeless_error: number("/standard_errors/cubeless_equity").unwrap_or(f64::NAN),
            cubeful_error: number("/standard_errors/cubeful_equity"),
        }
    })
}

/// gnubg's script: the settings, the position, `rollout`.
fn gnubg_script(gnubg_id: &str, settings: Settings) -> String {
    let mut script = String::from("set threads 1\n");
    script.push_str(&format!("set rollout trials {}\n", settings.trials));
    match settings.truncation {
        Some(plies) => script.push_str(&format!(
            "set rollout truncation enable on\nset rollout truncation plies {plies}\n"
        )),
        None => script.push_str("set rollout truncation enable off\n"),
    }
    let on = |flag: bool| if flag { "on" } else { "off" };
    script.push_str(&format!("set rollout cubeful {}\n", on(settings.cubeful)));
    for line in [
        "set rollout varredn on",
        "set rollout quasirandom on",
        "set rollout initial off",
        "set rollout later enable off",
        "set rollout players-are-same on",
        "set rollout chequerplay plies 0",
        "set rollout cubedecision plies 0",
        "set rollout truncation chequerplay plies 0",
        "set rollout truncation cubedecision plies 0",
        "set rollout bearofftruncation exact off",
        "set rollout bearofftruncation onesided off",
        "set rollout seed 1",
    ] {
        script.push_str(line);
        script.push('\n');
    }
    script.push_str(&format!("set gnubgid {gnubg_id}\nrollout\n"));
    script
}

/// The two numbers after `label` on `line` (`CL +0.072`, `CF  0.003`).
fn after(line: &str, label: &str) -> Option<f64> {
    let mut words = line
        .split(|c: char| c.is_whitespace() || c == ']')
        .filter(|w| !w.is_empty());
    words.find(|w| *w == label)?;
    words.next()?.parse().ok()
}

/// gnubg's printed result: the figures line, the standard errors line, the trials.
fn read_gnubg(text: &str) -> Reported {
    let text = text.replace('\r', "\n");
    let result = text
        .split("Printing final results.")
        .nth(1)
        .unwrap_or_else(|| panic!("gnubg printed no rollout result: {text}"));
    let lines: Vec<&str> = result.lines().filter(|l| l.contains(" CL ")).collect();
    let (figures, errors) = match lines.as_slice() {
        [figures, errors, ..] => (*figures, *errors),
        _ => panic!("gnubg's result has no figures: {result}"),
    };
    let trials = result
        .lines()
        .find_map(|line| {
            let (_, rest) = line.split_once("\" after ")?;
            rest.split_whitespace().next()?.parse().ok()
        })
        .unwrap_or(0);
    Reported {
        trials,
        cubeless_equity: after(figures, "CL").unwrap_or(f64::NAN),
        cubeful_equity: after(figures, "CF"),
        cubeless_error: after(errors, "CL").unwrap_or(f64::NAN),
        cubeful_error: after(errors, "CF"),
    }
}

fn gnubg(gnubg_id: &str, settings: Settings, directory: &Path) -> Timed {
    let path = directory.join("rollout.gnubg");
    std::fs::write(&path, gnubg_script(gnubg_id, settings)).expect("a script file");
    let mut command = Command::new("script");
    command
        .args(["-q", "-e", "-c"])
        .arg(format!("{GNUBG} -t -q < {}", path.display()))
        .arg("/dev/null")
        .env("LC_ALL", "C");
    timed(&mut command, read_gnubg)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `value ± error`, or `-` when the rollout has none (a cubeless rollout's cubeful equity).
fn figure(value: Option<f64>, error: Option<f64>) -> String {
    match (value, error) {
        (Some(value), Some(error)) => format!("{value:+.3} ± {error:.3}"),
        _ => "-".to_string(),
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let trials: u64 = arguments
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(216);
    let truncation = match arguments.get(1).and_then(|a| a.parse::<u32>().ok()) {
        Some(0) => None,
        Some(plies) => Some(plies),
        None => Some(7),
    };
    assert!(
        Path::new(TAVLI).exists(),
        "{TAVLI}: cargo build --release first"
    );
    assert!(Path::new(GNUBG).exists(), "{GNUBG}: gnubg is not installed");
    let directory: PathBuf =
        std::env::temp_dir().join(format!("tavli-rollout-speed-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    println!(
        "{trials} trials a rollout, one thread each, 0 ply, variance reduction on, seed 1; \
         load average before: {}",
        load_average()
    );
    // Start-up: a one-trial rollout of the opening, cubeful, as the runs below.
    let one = Settings {
        trials: 1,
        truncation,
        cubeful: true,
    };
    let tavli_startup = tavli(POSITIONS[0].1, one);
    let gnubg_startup = gnubg(POSITIONS[0].1, one, &directory);
    println!(
        "start-up (a one-trial rollout): tavli {:.2} CPU s, gnubg {:.2} CPU s",
        tavli_startup.cpu, gnubg_startup.cpu
    );
    let rate = |timed: &Timed, startup: &Timed| {
        timed.reported.trials as f64 / (timed.cpu - startup.cpu).max(0.01)
    };
    let mut totals = [[0.0_f64; 2]; 2];
    for cubeful in [true, false] {
        let settings = Settings {
            trials,
            truncation,
            cubeful,
        };
        println!("\n{}:", settings.describe());
        for (name, gnubg_id) in POSITIONS {
            let ours = tavli(gnubg_id, settings);
            let theirs = gnubg(gnubg_id, settings, &directory);
            for (program, timed) in [("tavli", &ours), ("gnubg", &theirs)] {
                assert_eq!(
                    timed.reported.trials, trials,
                    "{program} on {gnubg_id}: {:?}",
                    timed.reported
                );
            }
            let (ours_rate, theirs_rate) =
                (rate(&ours, &tavli_startup), rate(&theirs, &gnubg_startup));
            let index = usize::from(!cubeful);
            totals[index][0] += ours.cpu - tavli_startup.cpu;
            totals[index][1] += theirs.cpu - gnubg_startup.cpu;
            println!("  {name} ({gnubg_id})");
            for (program, timed, rate) in
                [("tavli", &ours, ours_rate), ("gnubg", &theirs, theirs_rate)]
            {
                let reported = &timed.reported;
                println!(
                    "    {program}: {rate:7.1} trials/CPU s ({:.2} CPU s, {:.1} wall s); \
                     CL {} CF {}",
                    timed.cpu,
                    timed.wall.as_secs_f64(),
                    figure(
                        Some(reported.cubeless_equity),
                        Some(reported.cubeless_error)
                    ),
                    figure(reported.cubeful_equity, reported.cubeful_error),
                );
            }
            println!(
                "    ratio: tavli {:.2}x gnubg's trials per CPU second",
                ours_rate / theirs_rate
            );
        }
        let [ours, theirs] = totals[usize::from(!cubeful)];
        let count = (POSITIONS.len() as u64 * trials) as f64;
        println!(
            "  all {} positions: tavli {:.1} trials/CPU s, gnubg {:.1}: ratio {:.2}",
            POSITIONS.len(),
            count / ours,
            count / theirs,
            theirs / ours
        );
    }
    println!("\nload average after: {}", load_average());
    let _ = std::fs::remove_dir_all(&directory);
}
