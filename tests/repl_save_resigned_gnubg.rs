//! `save match` around a resignation made after the roll, against gnubg (needs gnubg; a few
//! seconds): random games of a random match (1 to 3 points) or money session, with automatic
//! new games on or off, after a first game resigned at once or not, are played a few turns
//! from the same seed in both programs; the
//! player on roll then rolls (`roll` or `set dice`) and offers a resignation that is
//! accepted, refused or left open, and the match is saved. tavli's file must be gnubg's
//! byte for byte (the `AP[...]` property masked), and each program must load its own file
//! to the same board, score and game list as the other (`TAVLI_SAVE_SEED` replays a run,
//! `TAVLI_SAVE_CASES` sets the number of cases).

use crate::support::repl::{scratch_dir, HUMAN_PLAYERS};
use crate::support::{env_number, gnubg_available, run_gnubg, run_gnubg_transcript, tavli};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use tavli::notation::format_play;
use tavli::protocol::{run_line, Session};
use tavli::rules::{legal_plays, GameState};

const LEVELS: [&str; 3] = ["normal", "gammon", "backgammon"];

/// Runs `line` in the script-building session and adds it to `script`.
fn run(session: &mut Session, script: &mut String, line: &str) {
    let _ = run_line(session, line);
    script.push_str(line);
    script.push('\n');
}

/// One case's script, ending with `save match PATH`: now and then a first game resigned at
/// once, a few turns of the next, then a roll, a resignation and its answer.
fn case_script(session: &mut Session, rng: &mut StdRng, path: &Path) -> String {
    let mut script = String::new();
    let automatic = if rng.gen_bool(0.5) { "on" } else { "off" };
    run(
        session,
        &mut script,
        &format!("set automatic game {automatic}"),
    );
    run(
        session,
        &mut script,
        &format!("set seed {}", rng.gen_range(0..100_000u32)),
    );
    let start = match rng.gen_range(0..4) {
        0 => "new session".to_string(),
        length => format!("new match {length}"),
    };
    run(session, &mut script, &start);
    // (Not in a 1-point match, which that game would end.)
    if start != "new match 1" && rng.gen_bool(0.5) {
        // A first game resigned at its opening roll, so that gnubg's loader has the match.
        run(session, &mut script, "resign normal");
        run(session, &mut script, "accept");
        if session.state().game_state != GameState::Playing {
            run(session, &mut script, "new game");
        }
    }
    for _ in 0..rng.gen_range(0..8) {
        let state = session.state();
        if state.game_state != GameState::Playing {
            break;
        }
        match state.dice {
            None => run(session, &mut script, "roll"),
            Some(dice) => {
                let plays = legal_plays(&state.board, state.on_roll, dice);
                if let Some(play) = plays.choose(rng) {
                    let text = format_play(
                        state.rules(),
                        &state.board,
                        state.on_roll,
                        dice,
                        play.steps(),
                    );
                    run(session, &mut script, &format!("move {text}"));
                }
            }
        }
    }
    if session.state().dice.is_none() {
        let roll = if rng.gen_bool(0.7) {
            "roll".to_string()
        } else {
            format!("set dice {}{}", rng.gen_range(1..=6), rng.gen_range(1..=6))
        };
        run(session, &mut script, &roll);
    }
    let level = LEVELS.choose(rng).copied().unwrap_or("normal");
    run(session, &mut script, &format!("resign {level}"));
    match rng.gen_range(0..5) {
        0 => run(session, &mut script, "reject"),
        1 => {}
        _ => run(session, &mut script, "accept"),
    }
    run(
        session,
        &mut script,
        &format!("save match {}", path.display()),
    );
    script
}

/// The SGF text without its `AP[...]` property (tavli names itself there).
fn without_application(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("AP[") {
            Some(start) => {
                let end = line[start..]
                    .find(']')
                    .map_or(line.len(), |at| start + at + 1);
                format!("{}{}", &line[..start], &line[end..])
            }
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether the file's last node is a move of dice alone (`;W[53])`).
fn ends_with_a_roll_as_move(text: &str) -> bool {
    let last = text.trim_end().rsplit(';').next().unwrap_or("");
    let value = last
        .strip_prefix("W[")
        .or_else(|| last.strip_prefix("B["))
        .and_then(|rest| rest.strip_suffix("])"));
    value.is_some_and(|dice| dice.len() == 2 && dice.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether the file's last node is dice alone (`;PL[W]DI[53])`).
fn last_node_is_dice(text: &str) -> bool {
    let last = text.trim_end().rsplit(';').next().unwrap_or("");
    last.starts_with("PL[") && last.contains("DI[")
}

/// Whether the last game of the file is a match's game with a result (`RE[B+1R]`) that
/// leaves the match to be played on.
fn ends_a_game_of_a_match(text: &str) -> bool {
    let Some(root) = text.lines().rfind(|line| line.starts_with("(;")) else {
        return false;
    };
    let number = |key: &str| -> Option<u32> {
        let start = root.find(key)? + key.len();
        let digits: String = root[start..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    };
    let (Some(length), Some(white), Some(black)) =
        (number("[length:"), number("[ws:"), number("[bs:"))
    else {
        return false;
    };
    let Some(points) = number("RE[W+").or(number("RE[B+")) else {
        return false;
    };
    let score = if root.contains("RE[W") { white } else { black } + points;
    length > 0 && score < length
}

/// What a program says after loading `path`: the board, the score and the game list.
fn loaded(path: &Path) -> String {
    format!(
        "{HUMAN_PLAYERS}load match {}\nshow board\nshow score\nlist game\n",
        path.display()
    )
}

#[test]
fn matches_saved_after_a_roll_and_a_resignation_are_gnubgs_files() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: skipped");
        return;
    }
    let seed: u64 = env_number("TAVLI_SAVE_SEED", rand::random::<u64>() % 1_000_000);
    let cases: usize = env_number("TAVLI_SAVE_CASES", 24);
    let dir = scratch_dir(&format!("save-resigned-{seed}"));
    let file =
        |program: &str, case: usize| -> PathBuf { dir.join(format!("{program}-{case}.sgf")) };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut session = Session::new("root");
    for line in HUMAN_PLAYERS.lines() {
        let _ = run_line(&mut session, line);
    }
    let scripts: Vec<String> = (0..cases)
        .map(|case| case_script(&mut session, &mut rng, &file("PROGRAM", case)))
        .collect();
    let whole = |program: &str| {
        format!(
            "{HUMAN_PLAYERS}{}",
            scripts.concat().replace("PROGRAM", program)
        )
    };
    run_gnubg(&whole("gnubg"));
    let output = tavli(&[], &whole("tavli"));
    assert!(output.status.success(), "TAVLI_SAVE_SEED={seed}");
    let read = |path: PathBuf| std::fs::read_to_string(path).unwrap_or_default();
    let mut resigned_after_roll = 0;
    let mut loads = 0;
    for (case, script) in scripts.iter().enumerate() {
        let context = format!("TAVLI_SAVE_SEED={seed}, case {case}:\n{script}");
        let gnubg = read(file("gnubg", case));
        assert!(!gnubg.is_empty(), "{context}gnubg wrote nothing");
        assert_eq!(
            without_application(&read(file("tavli", case))),
            without_application(&gnubg),
            "{context}"
        );
        let resigned = gnubg.matches("R]").count();
        resigned_after_roll += gnubg
            .split("\n(;")
            .filter(|game| game.contains("R]") && last_node_is_dice(game))
            .count();
        // Not compared, gnubg 1.07's loader being wrong there (tavli loads the match saved):
        // a match of one game that ends on a resignation or on dice not played loads as no
        // game at all ("No game in progress", the score after 0 games), and a roll saved
        // right after `roll` (`;PL[W]DI[53]`, `;W[53]`) as played without moving.
        // Nor, for the same reason, a match whose last game ended with the match still to
        // play: gnubg then says the Crawford state of that game (`Crawford game` after the
        // Crawford game ended), not the match's as it does before the save.
        let one_game_unfinished =
            gnubg.matches("(;").count() == 1 && (resigned == 1 || last_node_is_dice(&gnubg));
        if one_game_unfinished || ends_with_a_roll_as_move(&gnubg) || ends_a_game_of_a_match(&gnubg)
        {
            continue;
        }
        loads += 1;
        let (gnubg_read, _) = run_gnubg_transcript(&loaded(&file("gnubg", case)));
        let tavli_read = tavli(&[], &loaded(&file("tavli", case)));
        assert_eq!(
            String::from_utf8_lossy(&tavli_read.stdout),
            gnubg_read,
            "{context}: loaded again"
        );
    }
    eprintln!(
        "{cases} saved matches alike ({resigned_after_roll} games resigned after the roll), \
         {loads} loaded alike, TAVLI_SAVE_SEED={seed}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
