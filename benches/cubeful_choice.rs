//! Where the engines' move choice ([`Judge::best_play`]: the search's ranking, each play valued
//! by the cube model on its averaged cubeless probabilities) and the cubeful ranking `hint` and
//! the REPL's computer play ([`Judge::ranked_plays`]: each play valued by the cubeful search)
//! choose differently, in 7-point match positions. Not a test: it prints, for a second step
//! that asks gnubg, one line per case: the GNUbg ID, the dice, whether the two choices differ,
//! and both plays in gnubg's notation (tab-separated); on standard error how many differ and
//! each choice's median and slowest time.
//!
//! Run: `cargo bench --bench cubeful_choice -- POSITIONS [CASES] [SEED] [PLIES] [LENGTH]`:
//! random positions of POSITIONS (a Position ID first on each line), random dice and random
//! scores of a LENGTH-point match (both players 3-away or more; 0: money), the cube centred or
//! at 2 owned by either player; default 200 cases, seed 1, 2 plies (tavli's default), 7 points.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};
use tavli::codec::{gnubg_id, position_id};
use tavli::engine::{choice, Judge};
use tavli::notation::format_play;
use tavli::rules::{Dice, GameState, MatchState, Side, Variant};

fn main() {
    let arguments: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let path = arguments.first().expect("a positions file");
    let cases: usize = arguments.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = arguments.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let plies: u32 = arguments.get(3).and_then(|a| a.parse().ok()).unwrap_or(2);
    let length: u32 = arguments.get(4).and_then(|a| a.parse().ok()).unwrap_or(7);
    let text = std::fs::read_to_string(path).expect("positions");
    let ids: Vec<&str> = text
        .lines()
        .filter_map(|line| line.split([':', ' ']).next())
        .filter(|id| !id.is_empty())
        .collect();
    let net = choice::embedded_net();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut differ = 0;
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    for _ in 0..cases {
        let id = ids[rng.gen_range(0..ids.len())];
        let on_roll = if rng.gen_bool(0.5) { Side::O } else { Side::X };
        let Ok(board) = position_id::decode(id, on_roll, Variant::Standard) else {
            continue;
        };
        let (cube_value, cube_owner) = match rng.gen_range(0..10) {
            0 | 1 => (2, Some(Side::O)),
            2 | 3 => (2, Some(Side::X)),
            _ => (1, None),
        };
        let state = MatchState {
            board,
            game_state: GameState::Playing,
            match_length: length,
            score: if length == 0 {
                [0, 0]
            } else {
                [rng.gen_range(0..length - 2), rng.gen_range(0..length - 2)]
            },
            cube_value,
            cube_owner,
            ..MatchState::new_money_game(Variant::Standard, on_roll)
        };
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
        // Each choice by a judge of its own, so that neither finds the other's evaluations in
        // a cache.
        let started = Instant::now();
        let best = Judge::new(net.as_ref(), plies).best_play(&state, dice);
        times[0].push(started.elapsed());
        let started = Instant::now();
        let ranked = Judge::new(net.as_ref(), plies)
            .ranked_plays(&state, dice)
            .into_iter()
            .next();
        times[1].push(started.elapsed());
        let (Some(best), Some(ranked)) = (best, ranked) else {
            continue;
        };
        let words = |steps| format_play(state.rules(), &state.board, on_roll, dice, steps);
        let different = best.result != ranked.play.result;
        differ += usize::from(different);
        println!(
            "{}\t{}{}\t{}\t{}\t{}",
            gnubg_id::encode(&state),
            dice.high(),
            dice.low(),
            different,
            words(best.steps()),
            words(ranked.play.steps())
        );
    }
    eprintln!("{differ} of {cases} cases choose differently at {plies} plies");
    for (name, mut times) in ["best_play", "ranked_plays"].into_iter().zip(times) {
        times.sort_unstable();
        eprintln!(
            "{name}: median {:?}, slowest {:?} (one thread)",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}
