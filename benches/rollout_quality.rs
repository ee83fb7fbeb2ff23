//! What the rollout's variance reduction buys, and how close its bear-off rollouts come to the
//! exact database: the figures behind two tests of `src/engine/rollout/tests.rs`, printed.
//! Not a test (it takes minutes); run with a release build:
//! `cargo bench --bench rollout_quality -- [TRIALS]` (default 144, as the test).
//!
//! 1. Variance reduction: each position is rolled out cubeless with the same seed and trials,
//!    with and without the luck of each roll taken off; the factor is the plain rollout's
//!    standard error of the cubeless equity (and of the winning chances) over the reduced
//!    one's. Contact and race positions, truncated at 6 plies and played to the end.
//! 2. Bear-off agreement: the test's three positions (360 trials, seed 3) and twenty more of
//!    both sides' checkers on their home boards, each rolled out to the end with and without
//!    variance reduction: |rollout - exact| over the standard error, for the winning and the
//!    gammon chances.

use std::time::Instant;
use tavli::codec::gnubg_id;
use tavli::engine::bearoff::{bear_off_board as bear_off, BearoffDatabase};
use tavli::engine::choice::embedded_net;
use tavli::engine::rollout::statistics::{Sums, CUBELESS};
use tavli::engine::rollout::{Rollout, RolloutSettings};
use tavli::engine::Evaluator;
use tavli::rules::{Board, MatchState, Side, Variant};

fn cubeless(truncation: Option<u32>, variance_reduction: bool, seed: u64) -> RolloutSettings {
    RolloutSettings {
        truncation,
        cubeful: false,
        variance_reduction,
        plies: 0,
        seed,
        cube_decision_at_start: false,
    }
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

fn sums(
    evaluator: &dyn Evaluator,
    state: &MatchState,
    settings: RolloutSettings,
    trials: u64,
) -> Sums {
    let rollout = Rollout::new(evaluator, state, settings).expect("a position to roll out");
    rollout.run(0..trials, threads(), &mut |_| {})
}

/// A money game with `board`, `X` on roll.
fn money(board: Board) -> MatchState {
    let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
    state.board = board;
    state
}

/// The middle-game position of the variance test: after 31 P and 64 R, X on roll.
fn middle_game() -> MatchState {
    let mut board = Board::start(Variant::Standard);
    let x = Side::X.index();
    board.slots[x][5] -= 1;
    board.slots[x][7] -= 1;
    board.slots[x][4] += 2;
    money(board)
}

fn variance_reduction(evaluator: &dyn Evaluator, trials: u64) {
    println!(
        "Variance reduction: standard error without / with, cubeless, {trials} trials, seed 8"
    );
    let decode = |id: &str| gnubg_id::decode(id, Variant::Standard).expect("a GNUbg ID");
    let positions = [
        (
            "contact: the test's middle game (31 P, 64 R)",
            middle_game(),
        ),
        (
            "contact: the opening position",
            decode("4HPwATDgc/ABMA:cAkAAAAAAAAA"),
        ),
        (
            "contact: a middle game, 136-136",
            decode("zD6DATBsnoMBMA:cAkAAAAAAAAA"),
        ),
        ("race: 83 pips each", decode("bPc2AABs9zYAAA:cAkAAAAAAAAA")),
        (
            "race: 105 pips to 93",
            decode("bDt3AADYne0AAA:cAkAAAAAAAAA"),
        ),
    ];
    let mut factors = Vec::new();
    for truncation in [Some(6), None] {
        println!(
            "  {}:",
            truncation.map_or("played to the end".to_string(), |p| format!(
                "truncated at {p} plies"
            ))
        );
        for (name, state) in &positions {
            let started = Instant::now();
            let plain = sums(evaluator, state, cubeless(truncation, false, 8), trials);
            let reduced = sums(evaluator, state, cubeless(truncation, true, 8), trials);
            let factor = |index: usize| plain.standard_error(index) / reduced.standard_error(index);
            println!(
                "    {name}: equity {:+.3} ± {:.4} plain, {:+.3} ± {:.4} reduced: factor {:.1} \
                 (winning chances: {:.1}) [{:.0} s]",
                plain.mean(CUBELESS),
                plain.standard_error(CUBELESS),
                reduced.mean(CUBELESS),
                reduced.standard_error(CUBELESS),
                factor(CUBELESS),
                factor(0),
                started.elapsed().as_secs_f64()
            );
            factors.push(factor(CUBELESS));
        }
    }
    let least = factors.iter().copied().fold(f64::INFINITY, f64::min);
    let most = factors.iter().copied().fold(0.0, f64::max);
    println!("  factor of the equity's standard error: {least:.1} to {most:.1}");
}

/// Twenty bear-off positions of 3 to 12 checkers a side, spread by a fixed sequence.
fn more_bear_offs() -> Vec<Board> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |below: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % below
    };
    (0..20)
        .map(|_| {
            let mut sides = [[0_u8; 6]; 2];
            for side in &mut sides {
                let checkers = 3 + next(10);
                for _ in 0..checkers {
                    side[usize::try_from(next(6)).unwrap_or(0)] += 1;
                }
            }
            bear_off(sides[0], sides[1])
        })
        .collect()
}

fn bear_off_agreement(evaluator: &dyn Evaluator) {
    let database = BearoffDatabase::get();
    let test = [
        bear_off([1, 1, 1, 0, 0, 0], [0, 1, 1, 1, 0, 0]),
        bear_off([2, 1, 0, 1, 0, 0], [1, 0, 2, 0, 1, 0]),
        bear_off([0, 0, 0, 1, 1, 1], [0, 0, 0, 3, 5, 7]),
    ];
    for (title, boards) in [
        ("the test's 3 positions", test.to_vec()),
        ("20 more positions", more_bear_offs()),
    ] {
        println!("Bear-off agreement, {title}: 360 trials to the end, seed 3, cubeless");
        for variance_reduction in [false, true] {
            // The largest |difference| / SE (figures whose trials varied), the largest
            // |difference|, and how many figures are within 3 SE and within the test's bound.
            let mut worst_ratio = (0.0_f64, String::new());
            let mut worst_difference = 0.0_f64;
            let (mut figures, mut within_three, mut within_bound) = (0, 0, 0);
            for board in &boards {
                let state = money(*board);
                let exact = database
                    .probabilities(board, Side::X, 15)
                    .expect("a bear-off position");
                let rollout =
                    Rollout::new(evaluator, &state, cubeless(None, variance_reduction, 3))
                        .expect("a rollout");
                let estimate = rollout.estimate(&rollout.run(0..360, threads(), &mut |_| {}));
                let (mean, error) = (
                    estimate.figures.probabilities,
                    estimate.standard_errors.probabilities,
                );
                for (name, got, want, se) in [
                    ("win", mean.win, exact.win, error.win),
                    (
                        "win gammon",
                        mean.win_gammon,
                        exact.win_gammon,
                        error.win_gammon,
                    ),
                ] {
                    if want == 0.0 && got == 0.0 {
                        continue; // No gammon possible: nothing to compare.
                    }
                    figures += 1;
                    let difference = (got - want).abs();
                    worst_difference = worst_difference.max(difference);
                    within_three += usize::from(difference <= 3.0 * se + 1e-9);
                    within_bound += usize::from(difference <= 3.0 * se + 2e-3);
                    if se > 1e-9 && difference / se > worst_ratio.0 {
                        worst_ratio = (
                            difference / se,
                            format!(
                                "{name} of X {:?} O {:?}: {got:.4} against {want:.4}, SE {se:.5}",
                                &board.slots[Side::X.index()][..6],
                                &board.slots[Side::O.index()][..6]
                            ),
                        );
                    }
                }
            }
            println!(
                "  variance reduction {}: {figures} figures (win, win gammon); largest \
                 |difference| {worst_difference:.4}; largest |difference| / SE {:.2} ({}); \
                 within 3 SE: {within_three}; within 3 SE + 0.002 (the test's bound): \
                 {within_bound}",
                if variance_reduction { "on" } else { "off" },
                worst_ratio.0,
                worst_ratio.1
            );
        }
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let trials: u64 = arguments
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(144);
    let evaluator = embedded_net();
    bear_off_agreement(&*evaluator);
    variance_reduction(&*evaluator, trials);
}
