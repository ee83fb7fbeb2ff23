//! The REPL against live gnubg from random reachable positions: random games played with
//! tavli's rules give the boards; random match lengths, scores, Crawford states, cubes (up to
//! 64, owned or centred), turns and dice give the Match IDs. Both programs get `set matchid`
//! and `set board`, then commands chosen from tavli's state at each point (plays in gnubg's
//! notation, illegal plays, cube actions, resignations, cube and score edits, the `show`
//! commands), and must print the same bytes on both streams. Skipped when gnubg is not
//! installed; `TAVLI_DIFF_SEED` and `TAVLI_DIFF_POSITIONS` explore other and more cases.

use crate::support::repl::{
    gnubg_with_human_players, tavli_with_human_players, HUMAN_PLAYERS as PRELUDE,
};
use crate::support::{env_number, gnubg_available};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tavli::codec::{position_id, MatchIdFields};
use tavli::notation::format_play;
use tavli::protocol::{run_line, Session};
use tavli::rules::{legal_plays, Board, Dice, GameState, Resignation, Side, Variant};

/// Cases per gnubg process (one script: a new match or session for each case).
const PER_PROCESS: usize = 8;

/// A side, each with probability one half.
pub(crate) fn random_side(rng: &mut StdRng) -> Side {
    if rng.gen_bool(0.5) {
        Side::X
    } else {
        Side::O
    }
}

/// Who owns a cube of 2^`cube_log2`: nobody when it stands at 1, else either side or nobody
/// (a centred cube turned by hand), each with probability one third.
pub(crate) fn random_cube_owner(rng: &mut StdRng, cube_log2: impl Into<u32>) -> Option<Side> {
    if cube_log2.into() == 0 {
        None
    } else {
        [None, Some(Side::O), Some(Side::X)]
            .choose(rng)
            .copied()
            .flatten()
    }
}

/// A reachable standard board with both sides still in play, and a side to roll there:
/// a random game of tavli's rules stopped after a random number of plays.
pub(crate) fn random_reachable_board(rng: &mut StdRng) -> Board {
    loop {
        let mut board = Board::start(Variant::Standard);
        let mut mover = random_side(rng);
        let plies = rng.gen_range(0..90);
        let mut finished = false;
        for _ in 0..plies {
            let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
            let plays = legal_plays(&board, mover, dice);
            if let Some(play) = plays.choose(rng) {
                board = play.result;
            }
            if board.checkers_in_play(mover) == 0 {
                finished = true;
                break;
            }
            mover = mover.opponent();
        }
        if !finished {
            return board;
        }
    }
}

/// Random Match ID fields of a game being played: any length (money or 1 to 25 points),
/// scores short of the length, the Crawford game only where a player is 1-away, a cube from
/// 1 to 64 (none in the Crawford game), the dice rolled or not.
fn random_match_fields(rng: &mut StdRng) -> MatchIdFields {
    let match_length = *[0u32, 0, 0, 1, 2, 3, 5, 7, 11, 25]
        .choose(rng)
        .expect("lengths");
    let mut score = [0, 0];
    if match_length > 0 {
        for points in &mut score {
            // Often 1-away, so that Crawford and post-Crawford games come up.
            *points = if rng.gen_bool(0.3) {
                match_length - 1
            } else {
                rng.gen_range(0..match_length)
            };
        }
    }
    let one_away = score
        .iter()
        .filter(|&&points| points + 1 == match_length)
        .count();
    let crawford = one_away == 1 && rng.gen_bool(0.5);
    let cube_log2 = if crawford { 0 } else { rng.gen_range(0..=6) };
    let cube_owner = random_cube_owner(rng, cube_log2);
    let on_roll = random_side(rng);
    let dice = match rng.gen_range(0..10) {
        0..=3 => {
            let high = rng.gen_range(1..=6);
            [high, rng.gen_range(1..=high)]
        }
        // gnubg reads either order, and a field with one die 0 as not rolled.
        4 => [rng.gen_range(1..=6), rng.gen_range(1..=6)],
        5 => [0, rng.gen_range(1..=6)],
        6 => [rng.gen_range(1..=6), 0],
        _ => [0, 0],
    };
    let mut fields = MatchIdFields {
        cube_log2,
        cube_owner,
        dice_owner: on_roll,
        crawford,
        game_state: 1,
        turn: on_roll,
        double_offered: false,
        resignation: None,
        dice,
        match_length,
        score,
        jacoby: match_length == 0 && rng.gen_bool(0.5),
    };
    // A decision pending when the ID was written: a double offered (gnubg loads the position
    // before it) or a resignation offered (dropped), the turn with the player to answer.
    match rng.gen_range(0..10) {
        0 if !crawford => {
            fields.double_offered = true;
            fields.dice = [0, 0];
            fields.turn = on_roll.opponent();
        }
        1 => {
            fields.resignation = [
                Resignation::Single,
                Resignation::Gammon,
                Resignation::Backgammon,
            ]
            .choose(rng)
            .copied();
            fields.turn = on_roll.opponent();
        }
        _ => {}
    }
    fields
}

/// The commands that set up one case: a seed, a new match or session of the same kind,
/// the Match ID and the board (by `set matchid` and `set board`, or by `set gnubgid` whole,
/// in either order with other text around, or in parts), and a look at them.
fn setup_lines(rng: &mut StdRng) -> Vec<String> {
    let fields = random_match_fields(rng);
    let board = random_reachable_board(rng);
    let start = if fields.match_length == 0 {
        "new session".to_string()
    } else {
        format!("new match {}", fields.match_length)
    };
    let match_text = fields.encode();
    let position_text = position_id::encode(&board, fields.turn);
    let mut lines = vec![format!("set seed {}", rng.gen_range(0..100_000u32)), start];
    match rng.gen_range(0..5) {
        0 | 1 => {
            lines.push(format!("set matchid {match_text}"));
            lines.push(format!("set board {position_text}"));
        }
        2 => lines.push(format!("set gnubgid {position_text}:{match_text}")),
        3 => lines.push(format!("set gnubgid  {match_text} ; {position_text} ")),
        _ => {
            lines.push(format!("set gnubgid {match_text}"));
            lines.push(format!("set gnubgid {position_text}"));
        }
    }
    lines.extend(
        [
            "show board",
            "show pipcount",
            "show score",
            "show cube",
            "show crawford",
            "show postcrawford",
            "show dice",
            "show turn",
        ]
        .map(String::from),
    );
    lines
}

/// One command that tavli's state allows (mostly legal, sometimes not): plays in gnubg's
/// notation when the dice are out, cube actions, answers, edits of the cube and score.
fn next_command(session: &Session, rng: &mut StdRng) -> String {
    let state = session.state();
    if state.game_state != GameState::Playing {
        return [
            "show score",
            "show board",
            "show cube",
            "new game",
            "double",
            "set matchid",
            "show turn",
        ]
        .choose(rng)
        .map_or("show score", |line| line)
        .to_string();
    }
    if state.double_offered {
        return [
            "take",
            "drop",
            "beaver",
            "redouble",
            "show cube",
            "show board",
            "show turn",
        ]
        .choose(rng)
        .map_or("take", |line| line)
        .to_string();
    }
    if state.resignation.is_some() {
        return match rng.gen_range(0..6) {
            0 => "accept".into(),
            1 => "reject".into(),
            2 => "show board".into(),
            5 => "show turn".into(),
            3 => format!(
                "set board {}",
                position_id::encode(&random_reachable_board(rng), state.on_roll)
            ),
            _ => format!(
                "set gnubgid {}",
                position_id::encode(&random_reachable_board(rng), state.on_roll)
            ),
        };
    }
    let side = if rng.gen_bool(0.5) { "0" } else { "1" };
    let edits = [
        format!(
            "set cube value {}",
            [1, 2, 4, 32, 64].choose(rng).unwrap_or(&1)
        ),
        format!("set cube owner {side}"),
        "set cube centre".into(),
        format!(
            "set score {} {}",
            rng.gen_range(0..=state.match_length.max(3)),
            rng.gen_range(0..=state.match_length.max(3))
        ),
        format!(
            "set crawford {}",
            if rng.gen_bool(0.5) { "on" } else { "off" }
        ),
        format!("set turn {side}"),
        format!("set dice {}{}", rng.gen_range(1..=6), rng.gen_range(1..=6)),
        format!(
            "resign {}",
            ["", "gammon", "backgammon"].choose(rng).unwrap_or(&"")
        ),
        "show board".into(),
        "show cube".into(),
        "show score".into(),
        "show pipcount".into(),
        "set matchid".into(),
        "show turn".into(),
        "move 24/23 23/22".into(),
        format!(
            "show board {}",
            position_id::encode(&random_reachable_board(rng), Side::X)
        ),
        format!(
            "set gnubgid {}",
            position_id::encode(&random_reachable_board(rng), state.on_roll)
        ),
    ];
    if state.turn != state.on_roll {
        // The turn is not with the player on roll (left so by `set board` over a pending
        // resignation, as gnubg leaves it). Not generated then: plays and `set turn`, where
        // gnubg goes on from its own odd state (a play gives the mover the roll again, `set
        // turn` swaps the sides' checkers) and tavli does not (docs/repl.md).
        return [
            "show board".to_string(),
            "show score".into(),
            "show cube".into(),
            "show pipcount".into(),
            "show turn".into(),
            format!(
                "set board {}",
                position_id::encode(&random_reachable_board(rng), state.on_roll)
            ),
        ]
        .choose(rng)
        .cloned()
        .unwrap_or_default();
    }
    match state.dice {
        Some(dice) => {
            let plays = legal_plays(&state.board, state.on_roll, dice);
            match plays.choose(rng) {
                Some(play) if rng.gen_bool(0.7) => format!(
                    "move {}",
                    format_play(
                        state.rules(),
                        &state.board,
                        state.on_roll,
                        dice,
                        play.steps()
                    )
                ),
                _ => edits.choose(rng).cloned().unwrap_or_default(),
            }
        }
        None => match rng.gen_range(0..10) {
            0..=3 => "roll".into(),
            4..=5 => "double".into(),
            _ => edits.choose(rng).cloned().unwrap_or_default(),
        },
    }
}

/// A script of `cases` random cases, each set up and then played on for 4 to 20 commands
/// chosen from tavli's state (tracked in-process while the script is written).
fn random_script(rng: &mut StdRng, cases: usize) -> String {
    let mut session = Session::new("root");
    for line in PRELUDE.lines() {
        let _ = run_line(&mut session, line);
    }
    let mut script = String::new();
    for _ in 0..cases {
        let mut lines = setup_lines(rng);
        for line in &lines {
            let _ = run_line(&mut session, line);
        }
        for _ in 0..rng.gen_range(4..20) {
            let line = next_command(&session, rng);
            let _ = run_line(&mut session, &line);
            lines.push(line);
        }
        lines.push("show board".into());
        for line in lines {
            script.push_str(&line);
            script.push('\n');
        }
    }
    script
}

/// The first differing line of two transcripts, with the lines before it.
fn first_difference(expected: &str, actual: &str) -> String {
    let expected_lines: Vec<&str> = expected.split('\n').collect();
    let actual_lines: Vec<&str> = actual.split('\n').collect();
    let index = (0..expected_lines.len().max(actual_lines.len()))
        .find(|&index| expected_lines.get(index) != actual_lines.get(index))
        .unwrap_or(0);
    let start = index.saturating_sub(16);
    format!(
        "line {}:\n  before: {:#?}\n  gnubg: {:?}\n  tavli: {:?}",
        index + 1,
        &expected_lines[start..index.min(expected_lines.len())],
        expected_lines.get(index),
        actual_lines.get(index)
    )
}

#[test]
fn random_positions_and_match_states_match_gnubg() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: random position differential test skipped");
        return;
    }
    let seed: u64 = env_number("TAVLI_DIFF_SEED", 2025);
    let cases: usize = env_number("TAVLI_DIFF_POSITIONS", 96);
    let mut rng = StdRng::seed_from_u64(seed);
    let scripts: Vec<String> = (0..cases.div_ceil(PER_PROCESS))
        .map(|_| random_script(&mut rng, PER_PROCESS))
        .collect();
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for chunk in scripts.chunks(scripts.len().div_ceil(2).max(1)) {
            let failures = &failures;
            scope.spawn(move || {
                for script in chunk {
                    let (out, err, _) = tavli_with_human_players(script);
                    let (gnubg_out, gnubg_err) = gnubg_with_human_players(script);
                    if out != gnubg_out || err != gnubg_err {
                        let difference = if out == gnubg_out {
                            format!("stderr: {}", first_difference(&gnubg_err, &err))
                        } else {
                            format!("stdout: {}", first_difference(&gnubg_out, &out))
                        };
                        if let Ok(mut failures) = failures.lock() {
                            failures.push(format!("{difference}\nscript:\n{script}"));
                        }
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_default();
    assert!(
        failures.is_empty(),
        "{} of {} scripts differ (TAVLI_DIFF_SEED={seed}):\n{}",
        failures.len(),
        scripts.len(),
        failures.join("\n\n")
    );
}

/// The last board diagram in a transcript (from its last `GNU Backgammon` line to the empty
/// line after it).
fn last_board(transcript: &str) -> Option<&str> {
    let start = transcript.rfind(" GNU Backgammon  Position ID:")?;
    let rest = &transcript[start..];
    let end = rest.find("\n\n").map_or(rest.len(), |index| index + 1);
    Some(&rest[..end])
}

#[test]
fn board_command_draws_random_states_as_gnubg_shows_them() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: random board differential test skipped");
        return;
    }
    let seed: u64 = env_number("TAVLI_DIFF_SEED", 2026);
    let cases: usize = env_number("TAVLI_DIFF_POSITIONS", 48);
    let mut rng = StdRng::seed_from_u64(seed);
    // One gnubg process: per case a seed line (the separator), the state set by
    // `set matchid` and `set board` (which keep random fields of a game being played as
    // they are), and `show board`.
    let mut script = String::new();
    let mut ids = Vec::new();
    for case in 0..cases {
        // States gnubg can hold as they are: `set matchid` steps back from a double offered
        // and drops a resignation, which `tavli board` draws (or refuses) as written. A
        // half-rolled pair of dice is read as not rolled by both.
        let mut fields = random_match_fields(&mut rng);
        if fields.double_offered || fields.resignation.is_some() {
            fields.double_offered = false;
            fields.resignation = None;
            fields.turn = fields.dice_owner;
        }
        let board = random_reachable_board(&mut rng);
        let match_text = fields.encode();
        let position_text = position_id::encode(&board, fields.turn);
        script.push_str(&format!(
            "set seed {case}\n{}\nset matchid {match_text}\nset board {position_text}\nshow board\n",
            if fields.match_length == 0 {
                "new session".to_string()
            } else {
                format!("new match {}", fields.match_length)
            }
        ));
        ids.push(format!("{position_text}:{match_text}"));
    }
    let (gnubg_out, _) = gnubg_with_human_players(&script);
    let chunks: Vec<&str> = gnubg_out.split("Seed set to ").skip(1).collect();
    assert_eq!(chunks.len(), cases, "one transcript part per case");
    let mut failures = Vec::new();
    for (id, chunk) in ids.iter().zip(&chunks) {
        let expected = last_board(chunk).unwrap_or_default();
        let output = crate::support::tavli(&["board", id, "--x-name", "root"], "");
        let drawn = String::from_utf8_lossy(&output.stdout);
        if !output.status.success() || drawn != expected {
            failures.push(format!(
                "tavli board {id}:\n{drawn}{}\ngnubg:\n{expected}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} boards differ (TAVLI_DIFF_SEED={seed}):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
