//! Resignations offered by a human to gnubg's computer player, and `hint` and `eval` while a
//! resignation waits, against live gnubg on random positions (random reachable boards, money
//! with and without the Jacoby rule or a 3- to 9-point match, random scores and cubes, the
//! dice rolled or not, every level of resignation). For each case both programs run two
//! scripts: one where both players are human and `hint` and `eval` are asked with the offer
//! pending (the layout must be gnubg's, numbers masked, and where both evaluators see the
//! answer clearly by more than [`CLEAR`] the `Correct resign decision` line must be gnubg's),
//! and one where player 0 is the computer at 0 plies and answers at once (the transcript
//! must be gnubg's byte for byte, up to the computer's first play of a next game, wherever
//! both programs' hints give the same answer; and tavli's computer must answer as its own
//! hint says). `TAVLI_ANSWER_CASES` (default 10) and `TAVLI_ANSWER_SEED` explore more.

use crate::oneshot_gnubg::{masked, without_bearoff_block};
use crate::repl_positions_gnubg::{random_cube_owner, random_reachable_board};
use crate::support::repl::{gnubg_with_human_players, tavli_with_human_players};
use crate::support::{env_number, gnubg_available};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tavli::codec::{position_id, MatchIdFields};
use tavli::rules::Side;

/// How far from even (in gnubg's normalised units) a resignation's weighing must be, by
/// both evaluators, for their answers to be required to agree: closer ones are the nets' to
/// differ (seen: gnubg +0.047, tavli -0.078, on gammon chances of 0.377 against 0.425).
const CLEAR: f64 = 0.25;

/// Both programs judge at 0 plies: gnubg's player's default, and fast.
const DEPTHS: &str = "set evaluation chequerplay evaluation plies 0\n\
                      set evaluation cubedecision evaluation plies 0\n";

/// One case: how the game is started and the position set, and the level offered.
struct Case {
    setup: String,
    level: &'static str,
    automatic_game: bool,
}

/// A random case: root (player 1, `X`) to act, not answering anything.
fn random_case(rng: &mut StdRng) -> Case {
    let match_length = *[0u32, 0, 0, 3, 5, 7, 9].choose(rng).unwrap_or(&0);
    let mut score = [0, 0];
    if match_length > 0 {
        for points in &mut score {
            *points = rng.gen_range(0..match_length - 1);
        }
    }
    let cube_log2 = rng.gen_range(0..=2);
    let cube_owner = random_cube_owner(rng, cube_log2);
    let dice = if rng.gen_bool(0.5) {
        let high = rng.gen_range(1..=6);
        [high, rng.gen_range(1..=high)]
    } else {
        [0, 0]
    };
    let fields = MatchIdFields {
        cube_log2,
        cube_owner,
        dice_owner: Side::X,
        crawford: false,
        game_state: 1,
        turn: Side::X,
        double_offered: false,
        resignation: None,
        dice,
        match_length,
        score,
        jacoby: match_length == 0 && rng.gen_bool(0.5),
    };
    let start = if match_length == 0 {
        "new session".to_string()
    } else {
        format!("new match {match_length}")
    };
    let board = random_reachable_board(rng);
    let setup = format!(
        "set seed {}\n{start}\nset matchid {}\nset board {}\n",
        rng.gen_range(0..100_000u32),
        fields.encode(),
        position_id::encode(&board, Side::X)
    );
    Case {
        setup,
        level: ["normal", "gammon", "backgammon"]
            .choose(rng)
            .copied()
            .unwrap_or("normal"),
        automatic_game: rng.gen_bool(0.5),
    }
}

/// The difference `hint` shows between accepting and playing on (the number in brackets
/// after `Equity after resignation`).
fn weighed(transcript: &str) -> Option<f64> {
    let line = transcript
        .lines()
        .find(|line| line.starts_with("Equity after resignation"))?;
    let inside = line.rsplit_once('(')?.1.trim_end_matches(')');
    inside.parse().ok()
}

/// `transcript` up to the computer's first play after the answer (its evaluator's, not
/// compared), that line's name kept.
fn before_computer_play(transcript: &str) -> &str {
    transcript
        .find("gnubg moves ")
        .map_or(transcript, |index| &transcript[..index])
}

/// Runs one case in both programs; returns whether the computer's answer was compared, and
/// whether it was an acceptance.
fn check(case: &Case, index: usize, seed: u64) -> (bool, bool) {
    let context = format!(
        "seed {seed} case {index}:\n{}resign {}",
        case.setup, case.level
    );
    // Both human: the weighing, then the evaluation, with the offer pending.
    let pending = format!(
        "{DEPTHS}set automatic roll off\n{}resign {}\nhint\neval\n",
        case.setup, case.level
    );
    let (tavli_out, tavli_err, _) = tavli_with_human_players(&pending);
    let (gnubg_out, gnubg_err) = gnubg_with_human_players(&pending);
    assert_eq!(tavli_err, gnubg_err, "{context}");
    // gnubg's `eval` of a bear-off adds its database's tables, which tavli does not print
    // (docs/repl.md).
    // The answer is compared below, where it is clear.
    let layout = |text: &str| masked(text).replace("decision : Reject", "decision : Accept");
    assert_eq!(
        layout(&tavli_out),
        layout(&without_bearoff_block(&gnubg_out)),
        "{context}"
    );
    let (Some(tavli_margin), Some(gnubg_margin)) = (weighed(&tavli_out), weighed(&gnubg_out))
    else {
        // Refused (a backgammon offered where the rules have none, say): same error above.
        return (false, false);
    };
    let clear = tavli_margin.abs() > CLEAR && gnubg_margin.abs() > CLEAR;
    let same_answer = (tavli_margin >= 0.0) == (gnubg_margin >= 0.0);
    if clear {
        assert!(same_answer, "{context}\n{tavli_out}\n{gnubg_out}");
    }
    // The computer answers.
    let answered = format!(
        "{DEPTHS}set automatic roll off\nset automatic game {}\n{}set player 0 gnubg\n\
         set player 0 chequerplay evaluation plies 0\n\
         set player 0 cubedecision evaluation plies 0\nresign {}\nshow score\nshow board\n",
        if case.automatic_game { "on" } else { "off" },
        case.setup,
        case.level
    );
    let (tavli_out, tavli_err, _) = tavli_with_human_players(&answered);
    let accepted = tavli_out.contains("accepts and wins");
    assert!(
        accepted || tavli_out.contains("declines the"),
        "{context}\n{tavli_out}"
    );
    assert_eq!(accepted, tavli_margin >= 0.0, "{context}\n{tavli_out}");
    if !same_answer {
        return (false, accepted);
    }
    let (gnubg_out, gnubg_err) = gnubg_with_human_players(&answered);
    let gnubg_accepted = gnubg_out.contains("accepts and wins");
    if gnubg_accepted != (gnubg_margin >= 0.0) {
        // gnubg's player now and then answers against its own `hint` (seen: declining a
        // single game its hint accepts by +0.812, whatever the cube); not understood yet,
        // so not followed (docs/repl.md).
        eprintln!(
            "{context}
gnubg's player answers against its hint ({gnubg_margin:+.3})"
        );
        return (false, accepted);
    }
    assert_eq!(tavli_err, gnubg_err, "{context}");
    assert_eq!(
        before_computer_play(&tavli_out),
        before_computer_play(&gnubg_out),
        "{context}"
    );
    (true, accepted)
}

#[test]
fn the_computer_answers_a_resignation_and_hint_weighs_it_as_gnubg() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: skipped");
        return;
    }
    let cases = env_number("TAVLI_ANSWER_CASES", 10_usize);
    let seed = env_number("TAVLI_ANSWER_SEED", rand::random::<u64>());
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut compared, mut accepted) = (0, 0);
    for index in 0..cases {
        let case = random_case(&mut rng);
        let (same, accepts) = check(&case, index, seed);
        compared += usize::from(same);
        accepted += usize::from(same && accepts);
    }
    eprintln!(
        "seed {seed}: {compared} of {cases} answers compared with gnubg's, {accepted} acceptances"
    );
}
