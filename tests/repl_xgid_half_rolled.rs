//! An XGID whose dice field has one die 0 (`05`, `30`), against live gnubg: `set xgid`
//! prints gnubg's `set dice` refusal and sets the position with no roll, byte for byte as
//! gnubg does, on random reachable boards, cubes, scores and turns. Skipped when gnubg is
//! not installed; `TAVLI_DIFF_SEED` and `TAVLI_DIFF_POSITIONS` explore other and more cases.

use crate::repl_positions_gnubg::{random_cube_owner, random_reachable_board, random_side};
use crate::support::repl::{gnubg_with_human_players, tavli_with_human_players};
use crate::support::{env_number, gnubg_available};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tavli::codec::{Xgid, XgidDice};

/// A random XGID of a game being played, its dice field one die 0 and the other 1 to 6.
fn random_half_rolled_xgid(rng: &mut StdRng) -> Xgid {
    let match_length = *[0u32, 0, 1, 3, 5, 7, 11].choose(rng).expect("lengths");
    let mut score = [0, 0];
    for points in &mut score {
        if match_length > 0 {
            *points = rng.gen_range(0..match_length);
        }
    }
    let cube_log2 = rng.gen_range(0..=4);
    let cube_owner = random_cube_owner(rng, cube_log2);
    let die = rng.gen_range(1..=6);
    Xgid {
        board: random_reachable_board(rng),
        cube_log2,
        cube_owner,
        turn: random_side(rng),
        dice: XgidDice::HalfRolled(if rng.gen_bool(0.5) {
            [0, die]
        } else {
            [die, 0]
        }),
        score,
        rules: if match_length == 0 {
            rng.gen_range(0..=3)
        } else {
            rng.gen_range(0..=1)
        },
        match_length,
        max_cube: Some(10),
    }
}

#[test]
fn set_xgid_with_one_die_zero_matches_gnubg() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: half-rolled XGID differential test skipped");
        return;
    }
    let seed: u64 = env_number("TAVLI_DIFF_SEED", 2027);
    let cases: usize = env_number("TAVLI_DIFF_POSITIONS", 16);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut script = String::new();
    for case in 0..cases {
        let xgid = random_half_rolled_xgid(&mut rng);
        let start = if xgid.match_length == 0 {
            "new session".to_string()
        } else {
            format!("new match {}", xgid.match_length)
        };
        script.push_str(&format!(
            "set seed {case}\n{start}\nset xgid {xgid}\nshow board\nshow dice\n"
        ));
    }
    let (gnubg_out, gnubg_err) = gnubg_with_human_players(&script);
    let (tavli_out, tavli_err, _) = tavli_with_human_players(&script);
    assert_eq!(
        gnubg_out
            .matches("You must specify two numbers from 1 to 6 for the dice.")
            .count(),
        cases,
        "gnubg refuses every half roll"
    );
    if let Some(index) = tavli_out
        .lines()
        .zip(gnubg_out.lines())
        .position(|(tavli, gnubg)| tavli != gnubg)
    {
        let context: Vec<&str> = gnubg_out.lines().take(index + 1).collect();
        panic!(
            "line {} differs (TAVLI_DIFF_SEED={seed}):\ntavli: {:?}\ngnubg: {:?}\nafter:\n{}",
            index + 1,
            tavli_out.lines().nth(index),
            gnubg_out.lines().nth(index),
            context[context.len().saturating_sub(30)..].join("\n")
        );
    }
    assert_eq!(tavli_out, gnubg_out, "stdout (TAVLI_DIFF_SEED={seed})");
    assert_eq!(tavli_err, gnubg_err, "stderr (TAVLI_DIFF_SEED={seed})");
}
