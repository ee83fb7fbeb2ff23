//! Strength measurement: money games with the cube off between two evaluators, with duplicate
//! dice (each dice sequence is played twice, the evaluators exchanging seats), reported as
//! points per game with a 95% confidence interval over the independent pairs. Games start from
//! the opening or, pair by pair in turn, from given positions (a set of races, say, to measure
//! two race networks where they differ).

use crate::engine::evaluator::Evaluator;
use crate::engine::judge::best_play;
use crate::rules::{Board, Dice, MatchState, Side, Variant};
use crate::rules::{GameResult, RuleSet};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The outcome of a duplicate-dice series, from the first evaluator's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrengthReport {
    /// Games played (twice the pairs).
    pub games: u64,
    /// Mean points per game won by the first evaluator.
    pub points_per_game: f64,
    /// Half the width of the 95% confidence interval of `points_per_game`.
    pub confidence_95: f64,
    /// Games the first evaluator won.
    pub wins: u64,
    /// Of those, gammons and backgammons.
    pub gammons_won: u64,
    /// Games the first evaluator lost by a gammon or backgammon.
    pub gammons_lost: u64,
}

/// The points won by the evaluator that plays `X` in one game with the dice of `seed`, and
/// whether it was a gammon or more. From the opening (`start` none) X opens with a non-double
/// roll; from a `start` position X is on roll with any roll.
pub fn play_game<A: Evaluator + ?Sized, B: Evaluator + ?Sized>(
    x: &A,
    o: &B,
    seed: u64,
    start: Option<&Board>,
) -> (i32, bool) {
    let mut rng = StdRng::seed_from_u64(seed);
    let roll =
        |rng: &mut StdRng| Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
    let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
    let mut dice = match start {
        Some(board) => {
            state.board = *board;
            roll(&mut rng)
        }
        None => loop {
            let dice = roll(&mut rng);
            if !dice.is_double() {
                break dice;
            }
        },
    };
    for _turn in 0..5000 {
        let mover = state.on_roll;
        let play = if mover == Side::X {
            best_play(x, &state, dice)
        } else {
            best_play(o, &state, dice)
        };
        if let Some(play) = play {
            state.board = play.result;
        }
        if let Some(GameResult::Win { winner, kind }) =
            RuleSet::new(Variant::Standard).result(&state.board)
        {
            let points = kind.points() as i32;
            let gammon = points > 1;
            return (if winner == Side::X { points } else { -points }, gammon);
        }
        state.on_roll = mover.opponent();
        state.turn = state.on_roll;
        dice = roll(&mut rng);
    }
    (0, false)
}

/// Plays `pairs` pairs of games between `a` and `b` on `threads` threads (dice from `seed`),
/// pair `k` from `starts[k % starts.len()]` (X on roll; the opening when `starts` is empty),
/// calling `progress` with the number of pairs finished.
pub fn duplicate_series<A, B>(
    a: &A,
    b: &B,
    pairs: u64,
    seed: u64,
    starts: &[Board],
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> StrengthReport
where
    A: Evaluator + Sync + ?Sized,
    B: Evaluator + Sync + ?Sized,
{
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let results: Mutex<Vec<(i32, i32, bool, bool)>> =
        Mutex::new(Vec::with_capacity(pairs as usize));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let pair = next.fetch_add(1, Ordering::Relaxed);
                if pair >= pairs {
                    break;
                }
                let game_seed = seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ pair;
                let start =
                    (!starts.is_empty()).then(|| &starts[(pair % starts.len() as u64) as usize]);
                let (first, first_gammon) = play_game(a, b, game_seed, start);
                let (second, second_gammon) = play_game(b, a, game_seed, start);
                results
                    .lock()
                    .expect("no thread panics holding the results")
                    .push((first, -second, first_gammon, second_gammon));
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            });
        }
    });
    let results = results.into_inner().expect("no thread panicked");
    summarise(&results)
}

fn summarise(results: &[(i32, i32, bool, bool)]) -> StrengthReport {
    let n = results.len().max(1) as f64;
    let pair_means: Vec<f64> = results
        .iter()
        .map(|&(first, second, _, _)| f64::from(first + second) / 2.0)
        .collect();
    let mean = pair_means.iter().sum::<f64>() / n;
    let variance = if results.len() > 1 {
        pair_means.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let mut wins = 0;
    let mut gammons_won = 0;
    let mut gammons_lost = 0;
    for &(first, second, first_gammon, second_gammon) in results {
        for (points, gammon) in [(first, first_gammon), (second, second_gammon)] {
            if points > 0 {
                wins += 1;
                gammons_won += u64::from(gammon);
            } else if points < 0 {
                gammons_lost += u64::from(gammon);
            }
        }
    }
    StrengthReport {
        games: 2 * results.len() as u64,
        points_per_game: mean,
        confidence_95: 1.96 * (variance / n).sqrt(),
        wins,
        gammons_won,
        gammons_lost,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pubeval;

    #[test]
    fn an_evaluator_against_itself_scores_nothing_over_duplicate_pairs() {
        let report = duplicate_series(&Pubeval, &Pubeval, 4, 9, &[], 2, &|_| {});
        assert_eq!(report.games, 8);
        assert_eq!(report.points_per_game, 0.0);
        assert_eq!(report.confidence_95, 0.0);
    }

    #[test]
    fn games_from_a_start_position_begin_there() {
        // A bear-off where X, on roll, takes its last two checkers off with any roll and O
        // has borne one off: X wins every game, singly.
        let mut slots = [[0u8; 25]; 2];
        slots[Side::X.index()][0] = 1;
        slots[Side::X.index()][1] = 1;
        slots[Side::O.index()][5] = 14;
        let start = crate::codec::position_id::board_from_slots(slots, Variant::Standard)
            .expect("a legal position");
        let report = duplicate_series(&Pubeval, &Pubeval, 6, 3, &[start], 1, &|_| {});
        assert_eq!(report.games, 12);
        assert_eq!(report.points_per_game, 0.0, "each seat wins its X games");
        assert_eq!((report.wins, report.gammons_won), (6, 0));
        let (points, gammon) = play_game(&Pubeval, &Pubeval, 5, Some(&start));
        assert_eq!((points, gammon), (1, false));
    }

    #[test]
    fn the_interval_comes_from_the_pairs() {
        let report = summarise(&[(1, 1, false, false), (-1, 2, false, true)]);
        assert_eq!(report.games, 4);
        assert!((report.points_per_game - 0.75).abs() < 1e-12);
        assert_eq!(report.wins, 3);
        assert_eq!(report.gammons_won, 1);
    }
}
