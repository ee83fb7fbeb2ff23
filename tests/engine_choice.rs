//! The engines play what `hint` lists first when the cube is in use: on random positions
//! (money and match scores, the cube centred or owned by either player) `tavli ubgi`'s
//! `bestmove` and `tavli external`'s reply are the first play of `tavli hint` at the same
//! plies, every process run as a user runs it (no budget, so that the load of the machine
//! cannot change a choice). Without the cube they play the cubeless search's
//! (`engine_cube_off.rs`).

use crate::support::engines::{random_case, result_named, External, Ubgi};
use crate::support::{env_number, tavli_binary};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::process::Command;
use tavli::codec::gnubg_id;
use tavli::notation::format_play;
use tavli::rules::{Dice, MatchState, Play};
use tavli::wire::external::format_external_play;
use tavli::wire::ubgi::format_ubgi_play;

/// The first play `tavli hint` lists for `state` at `plies`.
fn hint_first(state: &MatchState, dice: Dice, plies: u32) -> String {
    let output = Command::new(tavli_binary())
        .args(["hint", &gnubg_id::encode(state)])
        .arg(format!("{}{}", dice.high(), dice.low()))
        .args(["--plies", &plies.to_string(), "--json"])
        .output()
        .expect("tavli hint runs");
    assert!(output.status.success(), "{output:?}");
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    document["plays"][0]["play"]
        .as_str()
        .expect("a first play")
        .to_string()
}

/// The engines' choice is `hint`'s first play, at 1 ply on `TAVLI_CHOICE_CASES` cases (40 by
/// default) and at 2 plies on a quarter as many, seed `TAVLI_CHOICE_SEED`.
#[test]
fn the_engines_play_hints_first_play() {
    let seed = env_number("TAVLI_CHOICE_SEED", 32u64);
    let cases = env_number("TAVLI_CHOICE_CASES", 40usize);
    for (plies, cases) in [(1, cases), (2, cases / 4)] {
        let mut rng = StdRng::seed_from_u64(seed + u64::from(plies));
        let ply = (plies + 1).to_string();
        let mut ubgi = Ubgi::start(&["--ply", &ply, "--move-time", "0"]);
        let plies_text = plies.to_string();
        let mut external = External::start(&[
            "--plies",
            &plies_text,
            "--move-time",
            "0",
            "--jacoby",
            "false",
        ]);
        let mut checked = 0;
        while checked < cases {
            let Some((state, dice)) = random_case(&mut rng) else {
                continue;
            };
            let plays = state.rules().legal_plays(&state.board, state.on_roll, dice);
            if plays.is_empty() {
                continue;
            }
            let gnubg_words = |state: &MatchState, play: &Play| -> String {
                format_play(
                    state.rules(),
                    &state.board,
                    state.on_roll,
                    dice,
                    play.steps(),
                )
            };
            let hint = hint_first(&state, dice, plies);
            let expected = result_named(&state, dice, &hint, &gnubg_words);
            assert!(expected.is_some(), "hint's {hint} is not a legal play");
            let case = format!("{} {dice:?} at {plies} plies", gnubg_id::encode(&state));

            let ubgi_play = ubgi.best_move(&state, dice);
            let by_ubgi = result_named(&state, dice, &ubgi_play, &|_, play| format_ubgi_play(play));
            assert_eq!(by_ubgi, expected, "{case}: ubgi {ubgi_play}, hint {hint}");

            let reply = external.answer(&state);
            let by_external = result_named(&state, dice, &reply, &|_, play| {
                format_external_play(play).trim_end().to_string()
            });
            assert_eq!(
                by_external, expected,
                "{case}: external {reply}, hint {hint}"
            );
            checked += 1;
        }
    }
}
