//! `tavli hint` on a position whose Match ID holds a resignation offered to the player who must
//! answer: it weighs the offer as the REPL's `hint` (and gnubg's) does, `Equity before
//! resignation`, `Equity after resignation` and the right answer, not the plays of the roll;
//! with `--json`, the same figures under the house names.

use crate::repl_positions_gnubg::random_reachable_board;
use crate::support::run_tavli_transcript;
use crate::support::tavli;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tavli::codec::gnubg_id;
use tavli::rules::{MatchState, Side, Variant};

/// The REPL after `resign KIND` by the player on roll of a random position (money or a
/// match, rolled or not): its transcript of `hint` (the last block) and its state then.
fn repl_resigned(rng: &mut StdRng, plies: u32) -> (String, MatchState) {
    let match_length = *[0u32, 0, 3, 7].choose(rng).expect("lengths");
    let mut state = MatchState {
        board: random_reachable_board(rng),
        ..MatchState::new_money_game(Variant::Standard, Side::X)
    };
    state.match_length = match_length;
    if match_length > 0 {
        state.jacoby = false;
        state.score = [
            rng.gen_range(0..match_length - 1),
            rng.gen_range(0..match_length - 1),
        ];
    }
    let kind = *["normal", "gammon", "backgammon"]
        .choose(rng)
        .expect("kinds");
    let roll = if rng.gen_bool(0.5) { "roll\n" } else { "" };
    let script = format!(
        "set player 0 human\nset player 1 human\nset seed {}\nnew session\n\
         set evaluation cubedecision evaluation plies {plies}\n\
         set gnubgid {}\n{roll}resign {kind}\nhint\n",
        rng.gen_range(0..1000),
        gnubg_id::encode(&state)
    );
    let (stdout, stderr, session) = run_tavli_transcript(&script);
    assert_eq!(stderr, "", "{script}");
    let hint = stdout
        .rfind("Equity before resignation")
        .map(|start| stdout[start..].to_string())
        .unwrap_or_else(|| panic!("no resignation hint:\n{script}\n{stdout}"));
    let state = session.state();
    assert!(state.resignation.is_some(), "{script}");
    (hint, state)
}

#[test]
fn hint_weighs_a_pending_resignation_as_the_repl_does() {
    let mut rng = StdRng::seed_from_u64(27);
    for case in 0..8 {
        let plies = case % 2;
        let (expected, state) = repl_resigned(&mut rng, plies);
        let id = gnubg_id::encode(&state);
        let plies_text = plies.to_string();
        let output = tavli(&["hint", &id, "--plies", &plies_text], "");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "tavli hint {id}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(stdout, expected, "tavli hint {id} --plies {plies}");
        // Dice given are checked and do not change the answer (gnubg's `hint` weighs the offer
        // whatever the dice).
        let with_dice = tavli(&["hint", &id, "64", "--plies", &plies_text], "");
        assert_eq!(String::from_utf8_lossy(&with_dice.stdout), expected);
        let bad_dice = tavli(&["hint", &id, "74", "--plies", &plies_text], "");
        assert_eq!(bad_dice.status.code(), Some(1));

        let output = tavli(&["hint", &id, "--plies", &plies_text, "--json"], "");
        assert!(output.status.success());
        let value: serde_json::Value =
            serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{e}"));
        let offer = state.resignation.expect("a resignation");
        assert_eq!(
            value["resignation"],
            serde_json::to_value(offer).expect("a kind")
        );
        assert_eq!(
            value["player"],
            serde_json::to_value(state.turn).expect("a side")
        );
        assert_eq!(value["match_id"], id.split(':').nth(1).expect("a Match ID"));
        assert_eq!(value["plies"], plies);
        let before = value["equity_before"].as_f64().expect("equity_before");
        let after = value["equity_after"].as_f64().expect("equity_after");
        assert!(expected.contains(&format!("Equity before resignation : {before:+.3}")));
        assert!(expected.contains(&format!("Equity after resignation : {after:+.3}")));
        let accept = value["accept"].as_bool().expect("accept");
        assert!(expected.contains(if accept { ": Accept" } else { ": Reject" }));
    }
}
