//! The judge bench's table by position type (`benches/support/type_table.rs`): its tests,
//! here because benches without the test harness run none.

#[allow(dead_code)] // The printing of the table is the bench's.
#[path = "../benches/support/type_table.rs"]
mod type_table;

use tavli::codec::gnubg_id;
use tavli::rules::{Board, Variant};
use tavli::train::position_type::PositionType;
use type_table::{built_in_counterpart, by_type, pool, Summary};

const START: &str = "4HPwATDgc/ABMA:cAkAAAAAAAAA";

/// The gnubg ID of a race: each side five checkers on its 6, 5 and 4 points.
fn race_id() -> String {
    let mut slots = [[0u8; 25]; 2];
    for side in &mut slots {
        side[3] = 5;
        side[4] = 5;
        side[5] = 5;
    }
    let mut state = gnubg_id::decode(START, Variant::Standard).unwrap();
    state.board = Board::from_slots(slots, Variant::Standard).unwrap();
    gnubg_id::encode(&state)
}

#[test]
fn a_summary_is_the_mean_and_the_95_percent_half_width_of_the_judged_decisions() {
    let summary = Summary::of(&[1.0, 3.0, f64::NAN, 5.0]);
    assert_eq!(summary.count, 3);
    assert!((summary.mean - 3.0).abs() < 1e-12);
    // Sample variance 4, so 1.96 * sqrt(4 / 3).
    assert!((summary.half - 1.96 * (4.0f64 / 3.0).sqrt()).abs() < 1e-12);
    assert!(Summary::of(&[2.0]).half.is_nan());
}

#[test]
fn rows_follow_the_classifier_order_and_pair_only_decisions_both_judged() {
    use PositionType::{Early, Other, Race};
    let types = [Race, Early, Race, Other, Race];
    let errors = [10.0, 4.0, 20.0, f64::NAN, 30.0];
    let gnubg = [4.0, 1.0, f64::NAN, 2.0, 6.0];
    let rows = by_type(&types, &errors, Some(&gnubg));
    let kinds: Vec<PositionType> = rows.iter().map(|row| row.position_type).collect();
    assert_eq!(kinds, [Race, Early, Other]);
    let race = rows[0];
    assert_eq!(race.errors.count, 3);
    assert!((race.errors.mean - 20.0).abs() < 1e-12);
    // Decision 2 is not judged for gnubg: the pairs are 10 - 4 and 30 - 6.
    let against = race.against.unwrap();
    assert_eq!(against.count, 2);
    assert!((against.mean - 15.0).abs() < 1e-12);
    assert_eq!(rows[2].errors.count, 0);
    assert_eq!(rows[2].against.unwrap().count, 0);
    assert!(by_type(&types, &errors, None)[0].against.is_none());
}

#[test]
fn errors_files_pool_one_after_the_other_with_each_decision_typed_by_its_id() {
    let race = race_id();
    let first = format!(
        "gnubg 0-ply\t0\t{START}\t1.5\t0\ngnubg 0-ply\t1\t{race}\t0\t0\n\
         net 0-ply\t0\t{START}\t2.5\t0\nnet 0-ply\t1\t{race}\tNaN\t0\n"
    );
    let second = format!("gnubg 0-ply\t0\t{race}\t7\t0\nfit 0-ply\t0\t{race}\t9\t0\n");
    let pooled = pool(&[first, second]).unwrap();
    assert_eq!(
        pooled.types,
        [PositionType::Early, PositionType::Race, PositionType::Race]
    );
    let names: Vec<&str> = pooled.settings.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["gnubg 0-ply", "net 0-ply", "fit 0-ply"]);
    assert_eq!(pooled.settings[0].1, [1.5, 0.0, 7.0]);
    assert_eq!(pooled.settings[1].1[0], 2.5);
    assert!(pooled.settings[1].1[1].is_nan() && pooled.settings[1].1[2].is_nan());
    assert!(pooled.settings[2].1[0].is_nan() && pooled.settings[2].1[1].is_nan());
    assert_eq!(pooled.settings[2].1[2], 9.0);
}

#[test]
fn a_bad_line_is_an_error_that_names_it() {
    let bad = format!("gnubg 0-ply\t0\t{START}\t1\t0\ngnubg 0-ply\tzero\t{START}\t1\t0\n");
    assert_eq!(
        pool(&[bad]).unwrap_err(),
        "file 1 line 2: decision `zero` is not a number"
    );
    let missing = format!("gnubg 0-ply\t1\t{START}\t1\t0\n");
    assert_eq!(
        pool(&[missing]).unwrap_err(),
        "file 1: decision 0 is missing"
    );
    assert!(pool(&["x\t0\tnot-an-id\t1\t0".to_string()])
        .unwrap_err()
        .starts_with("file 1 line 1: gnubg ID `not-an-id`"));
}

#[test]
fn weight_files_are_compared_with_the_built_in_net_at_the_same_plies() {
    assert_eq!(built_in_counterpart("fitX.tnet 0-ply"), Some("net 0-ply"));
    assert_eq!(
        built_in_counterpart("fitX.tnet 2-ply"),
        Some("net 2-ply (no budget)")
    );
    assert_eq!(built_in_counterpart("net 0-ply"), None);
    assert_eq!(built_in_counterpart("gnubg 0-ply"), None);
}
