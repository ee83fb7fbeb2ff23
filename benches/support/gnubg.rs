//! Running the measuring stick: gnubg in text mode on a script, its standard output back.
//! Shared by the benches that ask gnubg for judgements (never for training data).

use std::io::Write;
use std::process::{Command, Stdio};

/// Where Debian's package installs gnubg.
pub const GNUBG: &str = "/usr/games/gnubg";

/// Runs gnubg on `script` and returns its standard output.
///
/// # Panics
/// gnubg is not installed (`apt-get install gnubg`) or cannot be run.
pub fn run(script: &str) -> String {
    let mut child = Command::new(GNUBG)
        .args(["-t", "-q"])
        .env("LC_ALL", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnubg starts (apt-get install gnubg)");
    let mut stdin = child.stdin.take().expect("stdin");
    let script = script.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    let output = child.wait_with_output().expect("gnubg runs");
    let _ = writer.join();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// How the cube is played in gnubg's self-play games.
#[allow(dead_code)] // Not every bench that runs gnubg collects self-play positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfPlayCube {
    /// No cube (`set cube use off`).
    Off,
    /// Money with the cube in play, no Jacoby rule, no beavers.
    Money,
}

/// Which positions of gnubg's self-play games are collected, and how.
#[allow(dead_code)]
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Games played (each `new game`, both players gnubg 0-ply for plays and cube).
    pub games: usize,
    /// gnubg's `set seed`.
    pub seed: u64,
    /// The cube.
    pub cube: SelfPlayCube,
    /// Only the positions gnubg shows with the dice rolled (else every position in play).
    pub rolled_only: bool,
    /// Each position taken before its roll (the dice cleared), else as shown.
    pub before_roll: bool,
    /// Two positions are the same when their boards are (else when the whole states are).
    pub distinct_boards: bool,
    /// At most this many, spaced evenly over the games (`None`: every one).
    pub count: Option<usize>,
}

/// The positions gnubg shows while it plays `settings.games` games against itself, in order:
/// each position in play decoded (a position ID followed by a match ID), taken as `settings`
/// says, kept when `keep` accepts it and no same position came before.
///
/// # Panics
/// gnubg is not installed or cannot be run.
#[allow(dead_code)]
pub fn self_play_positions(
    settings: &SelfPlay,
    keep: impl Fn(&tavli::rules::MatchState) -> bool,
) -> Vec<tavli::rules::MatchState> {
    use tavli::codec::gnubg_id;
    use tavli::rules::{GameState, MatchState, Variant};
    let cube = match settings.cube {
        SelfPlayCube::Off => "set cube use off\n",
        SelfPlayCube::Money => "set cube use on\nset jacoby off\nset beavers 0\n",
    };
    // Without `automatic game off` a money session between two computer players never ends.
    let mut script = format!(
        "set automatic game off\nset player 0 gnubg\nset player 1 gnubg\n\
         set player both chequerplay evaluation plies 0\n\
         set player both cubedecision evaluation plies 0\n\
         {cube}set seed {}\n",
        settings.seed
    );
    for _ in 0..settings.games {
        script.push_str("new game\n");
    }
    let output = run(&script);
    let mut states: Vec<MatchState> = Vec::new();
    let mut position = None;
    for line in output.lines() {
        if let Some(at) = line.find("Position ID: ") {
            position = Some(line[at + 13..].trim().to_string());
        } else if let Some(at) = line.find("Match ID   : ") {
            let Some(position) = position.take() else {
                continue;
            };
            let text = format!("{position}:{}", line[at + 13..].trim());
            let Ok(mut state) = gnubg_id::decode(&text, Variant::Standard) else {
                continue;
            };
            if state.game_state != GameState::Playing
                || (settings.rolled_only && state.dice.is_none())
            {
                continue;
            }
            if settings.before_roll {
                state.dice = None;
            }
            let same = |known: &MatchState| {
                if settings.distinct_boards {
                    known.board == state.board
                } else {
                    *known == state
                }
            };
            if keep(&state) && !states.iter().any(same) {
                states.push(state);
            }
        }
    }
    match settings.count {
        Some(count) => {
            let step = (states.len() / count.max(1)).max(1);
            states.into_iter().step_by(step).take(count).collect()
        }
        None => states,
    }
}
