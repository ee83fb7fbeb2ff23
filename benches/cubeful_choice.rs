//! The engines' move choice at their default limits (2 plies within 50 ms, the machine's
//! cores): the cubeful ranking they play by with the cube on ([`Judge::best_play`], the first
//! of [`Judge::ranked_plays`], what `hint` lists first) beside the cubeless search they play
//! by with the cube off and played by always before session 33 ([`best_play`] on the same
//! limited search: each play valued by the score on its averaged cubeless probabilities).
//! Not a test: it prints, for a second step that asks gnubg (`scripts/choice-vs-gnubg.py`),
//! one line per case: the GNUbg ID, the dice, whether the two choices differ, the cubeless
//! play and the cubeful one in gnubg's notation (tab-separated); on standard error a summary:
//! - each choice's median, 99th percentile and slowest time, and the processor time each
//!   needs without a budget on one thread (the work, which the machine's load does not blur);
//! - how many cubeful choices completed the search (the first play's plies equal to those of
//!   the same ranking without a budget) and how many the budget stopped, by the plies reached;
//! - how often the budget changed the choice, and what that cost: both plays judged at the
//!   full depth without a budget ([`Judge::play_evaluation`]), in EMG (match: the equity in
//!   money units, gnubg's normalised scores), mean per case.
//!
//! Run: `cargo bench --bench cubeful_choice -- POSITIONS [CASES] [SEED] [PLIES] [LENGTH]
//! [BUDGET_MS]`: random positions of POSITIONS (a Position ID first on each line), random dice
//! and random scores of a LENGTH-point match (both players 3-away or more; 0: money), the cube
//! centred or at 2 owned by either player; default 200 cases, seed 1, 2 plies (tavli's
//! default), 7 points, 50 ms (0: no budget).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use tavli::codec::{gnubg_id, position_id};
use tavli::engine::cube::Stakes;
use tavli::engine::search::processor_time::thread_seconds;
use tavli::engine::{best_play, choice, Judge};
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
    let budget: u64 = arguments.get(5).and_then(|a| a.parse().ok()).unwrap_or(50);
    let text = std::fs::read_to_string(path).expect("positions");
    let ids: Vec<&str> = text
        .lines()
        .filter_map(|line| line.split([':', ' ']).next())
        .filter(|id| !id.is_empty())
        .collect();
    let net = choice::embedded_net();
    let limits = choice::move_limits_within(None, choice::move_budget(budget));
    let mut rng = StdRng::seed_from_u64(seed);
    let mut differ = 0;
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    // The cubeful choice's plies reached, by whether the search completed.
    let mut reached: BTreeMap<(bool, u32), usize> = BTreeMap::new();
    let (mut changed, mut cost) = (0, 0.0);
    let mut counted = 0;
    // Processor seconds of each choice without a budget on one thread: the work each needs,
    // which a loaded machine does not blur.
    let mut work = [0.0; 2];
    for case in 0..cases {
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
        // Each choice by a judge of its own with a fresh deadline; the first to run alternates.
        let judge = || Judge::new(net.as_ref(), plies).with_limits(limits);
        let mut cubeless = None;
        let mut cubeful = None;
        for turn in 0..2 {
            if (turn + case) % 2 == 0 {
                let started = Instant::now();
                cubeless = Some(best_play(judge().search(), &state, dice));
                times[0].push(started.elapsed());
            } else {
                let started = Instant::now();
                cubeful = Some(judge().ranked_plays(&state, dice).into_iter().next());
                times[1].push(started.elapsed());
            }
        }
        let (Some(Some(cubeless)), Some(Some(cubeful))) = (cubeless, cubeful) else {
            continue;
        };
        counted += 1;
        let full = Judge::new(net.as_ref(), plies);
        let started = thread_seconds();
        let unlimited = full
            .ranked_plays(&state, dice)
            .into_iter()
            .next()
            .expect("a play");
        work[1] += thread_seconds() - started;
        let started = thread_seconds();
        let _ = best_play(full.search(), &state, dice);
        work[0] += thread_seconds() - started;
        *reached
            .entry((cubeful.plies == unlimited.plies, cubeful.plies))
            .or_default() += 1;
        if cubeful.play.result != unlimited.play.result {
            changed += 1;
            let stakes = Stakes::from_state(&state);
            let value =
                |play| stakes.equity_in_units(on_roll, full.play_evaluation(&state, play).equity);
            cost += value(&unlimited.play) - value(&cubeful.play);
        }
        let words = |steps| format_play(state.rules(), &state.board, on_roll, dice, steps);
        let different = cubeless.result != cubeful.play.result;
        differ += usize::from(different);
        println!(
            "{}\t{}{}\t{}\t{}\t{}",
            gnubg_id::encode(&state),
            dice.high(),
            dice.low(),
            different,
            words(cubeless.steps()),
            words(cubeful.play.steps())
        );
    }
    eprintln!(
        "{differ} of {counted} cases choose differently at {plies} plies within {budget} ms \
         ({} threads)",
        limits.threads
    );
    for (name, mut times) in ["cubeless best_play", "cubeful ranking"]
        .into_iter()
        .zip(times)
    {
        times.sort_unstable();
        eprintln!(
            "{name}: median {:?}, 99th percentile {:?}, slowest {:?}",
            times[times.len() / 2],
            times[times.len() * 99 / 100],
            times[times.len() - 1]
        );
    }
    for (name, seconds) in ["cubeless best_play", "cubeful ranking"].iter().zip(work) {
        eprintln!(
            "{name} without a budget, one thread: {:.1} ms of processor time per choice",
            1000.0 * seconds / counted.max(1) as f64
        );
    }
    for ((complete, plies), count) in &reached {
        let how = if *complete {
            "completed"
        } else {
            "stopped by the budget"
        };
        eprintln!("cubeful ranking {how} at {plies} plies: {count}");
    }
    eprintln!(
        "the budget changed the cubeful choice in {changed} of {counted} cases: {:.3} mEMG per \
         case lost by its full-depth value",
        1000.0 * cost / counted.max(1) as f64
    );
}
