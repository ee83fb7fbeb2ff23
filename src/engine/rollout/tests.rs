//! Rollouts checked against exact values: the bear-off database, a last-roll cube decision,
//! ranges merged against the whole, and what variance reduction buys.

use super::statistics::{Sums, CUBELESS};
use super::*;
use crate::engine::bearoff::{bear_off_board as bear_off, BearoffDatabase};
use crate::engine::choice::embedded_net;
use crate::engine::net::NetEvaluator;
use crate::rules::{Board, Side};

fn net() -> std::sync::Arc<NetEvaluator> {
    embedded_net()
}

/// A money game with `board`, `X` on roll.
fn money(board: Board) -> MatchState {
    let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
    state.board = board;
    state
}

/// The cubeful equity and its standard error of `trials` trials of `board` (money, X on
/// roll) rolled out with `settings` on one thread.
fn cubeful_figure(board: Board, settings: RolloutSettings, trials: u64) -> (f64, f64) {
    let evaluator = net();
    let rollout = Rollout::new(&*evaluator, &money(board), settings).unwrap();
    let estimate = rollout.estimate(&rollout.run(0..trials, 1, &mut |_| {}));
    (
        estimate.figures.cubeful_equity.unwrap(),
        estimate.standard_errors.cubeful_equity.unwrap(),
    )
}

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

#[test]
fn bear_off_rollouts_agree_with_the_exact_database_within_their_standard_error() {
    let evaluator = net();
    let database = BearoffDatabase::get();
    let positions = [
        bear_off([1, 1, 1, 0, 0, 0], [0, 1, 1, 1, 0, 0]),
        bear_off([2, 1, 0, 1, 0, 0], [1, 0, 2, 0, 1, 0]),
        // A race where O has borne off nothing: gammons count.
        bear_off([0, 0, 0, 1, 1, 1], [0, 0, 0, 3, 5, 7]),
    ];
    for board in positions {
        let exact = database.probabilities(&board, Side::X, 15).unwrap();
        for variance_reduction in [false, true] {
            let rollout = Rollout::new(
                &*evaluator,
                &money(board),
                cubeless(None, variance_reduction, 3),
            )
            .unwrap();
            let estimate = rollout.estimate(&rollout.run(0..360, 2, &mut |_| {}));
            let (mean, error) = (estimate.figures, estimate.standard_errors);
            for (name, got, want, se) in [
                (
                    "win",
                    mean.probabilities.win,
                    exact.win,
                    error.probabilities.win,
                ),
                (
                    "win gammon",
                    mean.probabilities.win_gammon,
                    exact.win_gammon,
                    error.probabilities.win_gammon,
                ),
            ] {
                // Three standard errors, and 0.002 more: the database's figures are those of
                // the one-sided play that needs the fewest rolls on average, the rollout's
                // those of the play with the best chance of winning; with variance reduction
                // the standard error is so small that the difference shows (0.0005 to 0.0016
                // in positions of 6 to 11 checkers a side).
                assert!(
                    (got - want).abs() <= 3.0 * se + 2e-3,
                    "{name} {got} against exact {want}, standard error {se}, reduction {variance_reduction}"
                );
            }
        }
    }
}

#[test]
fn a_last_roll_double_is_taken_and_worth_one() {
    // X needs a roll of at least six pips or a six (27 of 36); O bears off next roll.
    let board = bear_off([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]);
    let evaluator = net();
    // Doubling at the start asked for: O takes (a 25% shot at 2 beats passing), worth 1.
    let settings = RolloutSettings {
        seed: 5,
        cube_decision_at_start: true,
        ..RolloutSettings::default()
    };
    let rollout = Rollout::new(&*evaluator, &money(board), settings).unwrap();
    let estimate = rollout.estimate(&rollout.run(0..72, 1, &mut |_| {}));
    let cubeful = estimate.figures.cubeful_equity.unwrap();
    assert!((cubeful - 1.0).abs() < 1e-9, "cubeful {cubeful}");
    assert!((estimate.figures.cubeless_equity - 0.5).abs() < 1e-9);
    // 72 trials hold each first roll exactly twice: even without reduction the mean is exact.
    let plain = RolloutSettings {
        variance_reduction: false,
        ..settings
    };
    let (cubeful, _) = cubeful_figure(board, plain, 72);
    assert!((cubeful - 1.0).abs() < 1e-9, "cubeful {cubeful}");
    // gnubg's `rollout` (the default): no double at the start, so the cube stays at 1.
    let rolled = RolloutSettings {
        cube_decision_at_start: false,
        ..settings
    };
    let (cubeful, _) = cubeful_figure(board, rolled, 72);
    assert!((cubeful - 0.5).abs() < 1e-9, "cubeful {cubeful}");
}

#[test]
fn ranges_rolled_out_apart_merge_into_exactly_the_whole() {
    let evaluator = net();
    let state = money(Board::start(Variant::Standard));
    let settings = RolloutSettings {
        truncation: Some(4),
        seed: 17,
        ..RolloutSettings::default()
    };
    let rollout = Rollout::new(&*evaluator, &state, settings).unwrap();
    let whole = rollout.run(0..40, 1, &mut |_| {});
    let part = |range: Range<u64>, threads| RolloutPart {
        gnubg_id: "4HPwATDgc/ABMA:cAkAAAAAAAAA".into(),
        settings,
        ranges: vec![[range.start, range.end]],
        sums: rollout.run(range, threads, &mut |_| {}),
    };
    let merged = merge(&[part(25..40, 2), part(0..11, 1), part(11..25, 2)]).unwrap();
    assert_eq!(merged.sums, whole);
    assert_eq!(merged.ranges, vec![[0, 40]]);
    assert_eq!(
        merge(&[part(0..5, 1), part(4..6, 1)]),
        Err(MergeError::Overlap([0, 5], [4, 6]))
    );
}

#[test]
fn threads_do_not_change_the_sums_and_progress_reaches_the_end() {
    let evaluator = net();
    let state = money(Board::start(Variant::Standard));
    let rollout = Rollout::new(&*evaluator, &state, cubeless(Some(2), true, 2)).unwrap();
    let mut last = 0;
    let shared = rollout.run(0..30, 3, &mut |done| last = done);
    assert_eq!(last, 30);
    assert_eq!(shared, rollout.run(0..30, 1, &mut |_| {}));
}

/// The standard error of the cubeless equity of `trials` trials.
fn cubeless_error(rollout: &Rollout<'_>, trials: u64) -> f64 {
    let sums: Sums = rollout.run(0..trials, 2, &mut |_| {});
    sums.standard_error(CUBELESS)
}

#[test]
fn variance_reduction_cuts_the_standard_error_at_least_threefold() {
    let evaluator = net();
    // A middle-game position (after 31 P and 64 R): rolled out 6 plies.
    let mut board = Board::start(Variant::Standard);
    let x = Side::X.index();
    board.slots[x][5] -= 1;
    board.slots[x][7] -= 1;
    board.slots[x][4] += 2;
    let state = money(board);
    let plain = Rollout::new(&*evaluator, &state, cubeless(Some(6), false, 8)).unwrap();
    let reduced = Rollout::new(&*evaluator, &state, cubeless(Some(6), true, 8)).unwrap();
    let (plain, reduced) = (cubeless_error(&plain, 144), cubeless_error(&reduced, 144));
    assert!(
        plain >= 3.0 * reduced,
        "standard error {plain} plain, {reduced} reduced"
    );
}

#[test]
fn a_part_reads_its_gnubg_id_under_the_new_key_and_the_old_one() {
    let part = RolloutPart {
        gnubg_id: "4HPwATDgc/ABMA:cAkAAAAAAAAA".into(),
        settings: RolloutSettings::default(),
        ranges: vec![[0, 2]],
        sums: Sums::default(),
    };
    let written = serde_json::to_value(&part).unwrap();
    assert_eq!(written["gnubg_id"], "4HPwATDgc/ABMA:cAkAAAAAAAAA");
    assert!(written.get("position").is_none(), "{written}");
    let mut old = written.clone();
    let id = old["gnubg_id"].take();
    old.as_object_mut().unwrap().remove("gnubg_id");
    old["position"] = id;
    assert_eq!(serde_json::from_value::<RolloutPart>(old).unwrap(), part);
    assert_eq!(
        serde_json::from_value::<RolloutPart>(written).unwrap(),
        part
    );
}

#[test]
fn reported_probabilities_are_never_negative_while_the_equities_stay_the_means() {
    let evaluator = net();
    let state = money(Board::start(Variant::Standard));
    let rollout = Rollout::new(&*evaluator, &state, cubeless(Some(2), true, 1)).unwrap();
    let mut sums = Sums::default();
    // Two trials whose variance-reduced backgammon figures average below zero.
    sums.add(&[0.6, 0.2, -0.03, 0.1, 0.01, 0.25, 0.25]);
    sums.add(&[0.5, 0.1, 0.01, 0.12, -0.04, 0.05, 0.05]);
    let estimate = rollout.estimate(&sums);
    let probabilities = estimate.figures.probabilities;
    assert_eq!(probabilities.win_backgammon, 0.0);
    assert_eq!(probabilities.lose_backgammon, 0.0);
    assert!((probabilities.win - 0.55).abs() < 1e-12);
    assert!((probabilities.win_gammon - 0.15).abs() < 1e-12);
    assert!((sums.mean(CUBELESS) - 0.15).abs() < 1e-12);
}

/// A cubeful rollout of a money bear-off the two-sided database covers comes to the
/// database's exact equity (gnubg's `eval` of `qQIAQLIBAAAAAA`: -0.611): every cube decision
/// and every value inside it is the database's. Before, the cube model on the net's
/// probabilities made it -0.632 ± 0.006.
#[test]
fn a_cubeful_rollout_of_a_covered_bear_off_is_the_databases_equity() {
    let board = bear_off([1, 0, 1, 0, 2, 2], [1, 0, 1, 1, 1, 1]);
    let settings = RolloutSettings {
        seed: 7,
        ..RolloutSettings::default()
    };
    let (cubeful, error) = cubeful_figure(board, settings, 144);
    assert!(
        (cubeful - -0.611).abs() <= 3.0 * error + 1e-3,
        "cubeful {cubeful}, standard error {error}"
    );
}

/// gnubg's `rollout` rolls a position out with no double before the first roll (its cubeful
/// figure is the no-double equity, even where doubling is right); the analysis asks for the
/// cube decision first. On a covered money bear-off where the side on roll should double,
/// the default rollout comes to the database's no-double equity and the other to its
/// equity with the double.
#[test]
fn a_rollout_doubles_at_the_start_only_when_asked() {
    use crate::engine::bearoff::two_sided::TwoSidedDatabase;
    let (mine, theirs) = ([0, 1, 1, 0, 0, 0], [0, 0, 1, 1, 1, 0]);
    let board = bear_off(mine, theirs);
    let entry = TwoSidedDatabase::get()
        .covering(&board, Side::X)
        .expect("a covered bear-off");
    let no_double = f64::from(entry.centred_no_double);
    assert!(
        entry.double() > no_double + 0.05,
        "the test needs a position where doubling is right: {entry:?}"
    );
    for (at_start, expected) in [(false, no_double), (true, entry.centred())] {
        let settings = RolloutSettings {
            seed: 7,
            cube_decision_at_start: at_start,
            ..RolloutSettings::default()
        };
        let (cubeful, error) = cubeful_figure(board, settings, 144);
        assert!(
            (cubeful - expected).abs() <= 3.0 * error + 1e-3,
            "at start {at_start}: cubeful {cubeful} ± {error}, expected {expected}"
        );
    }
}
