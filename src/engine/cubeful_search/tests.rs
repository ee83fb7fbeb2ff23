//! Unit tests of the cubeful search: its nodes' cube decisions, its leaves, a dead cube, the
//! batch's leaves and the deadline.

use super::*;
use crate::engine::search::processor_time::thread_seconds;
use crate::engine::Pubeval;
use crate::rules::{MatchState, Variant};

fn money() -> Stakes {
    Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X))
}

/// At 0 plies the cubeful search is the cube model on the evaluator's probabilities.
#[test]
fn zero_plies_is_the_cube_model() {
    let board = Board::start(Variant::Standard);
    let search = Search::new(&Pubeval, 0);
    let base = money();
    let (probabilities, analysis) = CubefulSearch::new(&search)
        .analyse_double(&board, Side::X, 0, &base, None)
        .unwrap_or_else(|| unreachable!());
    assert_eq!(
        probabilities,
        Pubeval.probabilities(&board, Variant::Standard, Side::X)
    );
    let model = base.analyse_double(&probabilities, Side::X);
    assert!((analysis.no_double - model.no_double).abs() < 1e-12);
    assert!((analysis.double_take - model.double_take).abs() < 1e-12);
    assert_eq!(analysis.double_allowed, model.double_allowed);
}

/// The cubeless probabilities found on the way are the cubeless search's.
#[test]
fn the_probabilities_are_the_cubeless_searchs() {
    let board = Board::start(Variant::Standard);
    let search = Search::new(&Pubeval, 1);
    let base = money();
    let (probabilities, _) = CubefulSearch::new(&search)
        .analyse_double(&board, Side::X, 1, &base, None)
        .unwrap_or_else(|| unreachable!());
    assert_eq!(
        probabilities,
        search.probabilities_at(&board, Side::X, 1, &base)
    );
}

/// A node's decision: the player on roll doubles when double/take and double/pass are both
/// better than no double, and the opponent answers with the smaller.
#[test]
fn each_node_takes_the_best_cube_action() {
    let base = money();
    let cubes = [CubeState {
        value: 1,
        owner: None,
    }];
    let (all, doubled) = with_doubles(&base, Side::X, &cubes);
    assert_eq!(
        all[1],
        CubeState {
            value: 2,
            owner: Some(Side::O)
        }
    );
    // Not good enough to double: no double.
    assert_eq!(decide(&base, Side::X, &cubes, &doubled, &[0.3, 0.2]), [0.3]);
    // A take: double/take (0.8 points at the doubled cube).
    assert_eq!(decide(&base, Side::X, &cubes, &doubled, &[0.5, 0.8]), [0.8]);
    // A pass: the cash, 1 point.
    assert_eq!(decide(&base, Side::X, &cubes, &doubled, &[0.7, 1.6]), [1.0]);
    // The opponent's cube: no double for X.
    let theirs = [CubeState {
        value: 2,
        owner: Some(Side::O),
    }];
    let (all, doubled) = with_doubles(&base, Side::X, &theirs);
    assert_eq!(all.len(), 1);
    assert_eq!(decide(&base, Side::X, &theirs, &doubled, &[0.4]), [0.4]);
}

/// A leaf is a node too: the player on roll there takes the better of no double and double
/// (gnubg's cubeful n-ply decides at its leaves), so a position past his doubling point is
/// worth double/take or the cash at the centred cube, not no double. Before this, the
/// leaves answered no double, and tavli's default doubled too early: judged by gnubg 2-ply
/// (`cargo bench --bench gnubg_cube_judge -- 45 1` and `-- 45 29`) it made 15 wrong doubles
/// in 2,431 decisions, 3 after.
#[test]
fn a_leaf_takes_the_best_cube_action() {
    let search = Search::new(&Pubeval, 1);
    let cubeful = CubefulSearch::new(&search);
    let base = money();
    let centred = [CubeState {
        value: 1,
        owner: None,
    }];
    let mut doubled = 0;
    for id in [
        "sGvkAyDgc/AjAA",
        "sOfgAwiwa8UDIA",
        "zNaMASKw5+AjAA",
        "rK2KASKw58EHAA",
        "YefBA0Bsm4oJCA",
        "3L0HAEDbtgWBAA",
        "3L0HAEDbtmUAAA",
        "3L0HAEC3uw0AAA",
        "0HPkBwDMTuIBUA",
        "4Dn4AULMTuIFIA",
        "4POYASiM5+ABIQ",
        "4DnmATCwz+AAJQ",
        "cGdkgA3wzmAOBA",
        "sHMkwEbDzoYMBA",
        "v48jAABsWwmADQ",
        "0GvwAAvg28gDQA",
    ] {
        let board = crate::codec::position_id::decode(id, Side::X, Variant::Standard)
            .unwrap_or_else(|error| panic!("{id}: {error}"));
        let node = cubeful.leaf_node(&board, Side::X, &base, &centred, None);
        let probabilities = Pubeval.probabilities(&board, Variant::Standard, Side::X);
        let model = base
            .at_position(&board, Side::X)
            .analyse_double(&probabilities, Side::X);
        let best = model
            .no_double
            .max(model.double_take.min(model.double_pass));
        assert!(
            (node.equities[0] - best).abs() < 1e-9,
            "{id}: {node:?} {model:?}"
        );
        if best > model.no_double {
            doubled += 1;
        }
    }
    // The positions are close cube decisions: some of them are doubles.
    assert!(doubled > 0);
}

/// The value of a position takes the cube decision of the player on roll: the better of
/// no double and double (the opponent answering with the smaller of double/take and
/// double/pass), as [`CubefulSearch::analyse_double`] finds them at the same depth, on
/// close cube decisions (some of them doubles at 1 ply).
#[test]
fn a_positions_value_takes_the_cube_decision() {
    let search = Search::new(&Pubeval, 1);
    let cubeful = CubefulSearch::new(&search);
    let base = money();
    let mut doubles = 0;
    for id in [
        "sGvkAyDgc/AjAA",
        "zNaMASKw5+AjAA",
        "4POYASiM5+ABIQ",
        "v48jAABsWwmADQ",
    ] {
        let board = crate::codec::position_id::decode(id, Side::X, Variant::Standard)
            .unwrap_or_else(|error| panic!("{id}: {error}"));
        for depth in [0, 1] {
            let (probabilities, equity) = cubeful
                .value(&board, Side::X, depth, &base, None)
                .unwrap_or_else(|| unreachable!());
            let (searched, analysis) = cubeful
                .analyse_double(&board, Side::X, depth, &base, None)
                .unwrap_or_else(|| unreachable!());
            assert_eq!(probabilities, searched);
            let best = analysis
                .no_double
                .max(analysis.double_take.min(analysis.double_pass));
            assert!(
                (equity - best).abs() < 1e-9,
                "{id} {depth}: {equity} {analysis:?}"
            );
            doubles += usize::from(best > analysis.no_double);
        }
    }
    assert!(doubles > 0);
}

/// With the cube dead (the Crawford game) the cubeful value is the cubeless
/// match-winning chance of the cubeless search's probabilities.
#[test]
fn a_dead_cube_is_worth_the_cubeless_value() {
    let state = MatchState {
        match_length: 5,
        score: [4, 1],
        crawford: true,
        ..MatchState::new_money_game(Variant::Standard, Side::X)
    };
    let base = Stakes::from_state(&state);
    let search = Search::new(&Pubeval, 2);
    let board = Board::start(Variant::Standard);
    for depth in [0, 1, 2] {
        let (probabilities, equity) = CubefulSearch::new(&search)
            .value(&board, Side::X, depth, &base, None)
            .unwrap_or_else(|| unreachable!());
        assert_eq!(
            probabilities,
            search.probabilities_at(&board, Side::X, depth, &base)
        );
        let cubeless = base.cubeless_equity(&probabilities, Side::X);
        assert!(
            (equity - cubeless).abs() < 1e-9,
            "{depth}: {equity} {cubeless}"
        );
    }
}

/// A finished game scores what it is worth at each cube, gammons single under the Jacoby
/// rule with the cube centred.
#[test]
fn a_finished_game_scores_at_each_cube() {
    let gammon = Probabilities {
        win: 1.0,
        win_gammon: 1.0,
        win_backgammon: 0.0,
        lose_gammon: 0.0,
        lose_backgammon: 0.0,
    };
    let cubes = [
        CubeState {
            value: 1,
            owner: None,
        },
        CubeState {
            value: 2,
            owner: Some(Side::O),
        },
    ];
    let jacoby = Stakes {
        jacoby: true,
        ..money()
    };
    assert_eq!(finished(&jacoby, &gammon, Side::X, &cubes), [1.0, 4.0]);
    let plain = Stakes {
        jacoby: false,
        ..money()
    };
    assert_eq!(finished(&plain, &gammon, Side::X, &cubes), [2.0, 4.0]);
}

/// The depth-1 leaves take the position after the best play from the batch that chose
/// it: the same probabilities and equities, within rounding, as evaluating each leaf
/// again, at 1 and 2 plies on a fixed set of the evaluator bench's positions (the
/// processor time of each is reported with `--nocapture`).
#[test]
#[allow(clippy::print_stderr)]
fn the_leaves_come_from_the_batch_within_rounding() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/positions-botplay.txt"
    ))
    .expect("the bench's positions");
    let net = crate::engine::choice::embedded_net();
    let reference = crate::engine::net::evaluator::LeavesOneByOne(&net);
    let (batched, one_by_one) = (Search::new(&*net, 2), Search::new(&reference, 2));
    let base = Stakes {
        jacoby: false,
        ..money()
    };
    let (mut positions, mut largest) = (0, 0.0f64);
    let mut times = [0.0; 2];
    for line in text.lines().step_by(211).take(24) {
        let id = line.split_whitespace().next().expect("position ID");
        let board =
            crate::codec::position_id::decode(id, Side::X, Variant::Standard).expect("valid ID");
        for depth in [1, 2] {
            let started = thread_seconds();
            let (p, a) = CubefulSearch::new(&batched)
                .analyse_double(&board, Side::X, depth, &base, None)
                .unwrap_or_else(|| unreachable!());
            let between = thread_seconds();
            let (q, b) = CubefulSearch::new(&one_by_one)
                .analyse_double(&board, Side::X, depth, &base, None)
                .unwrap_or_else(|| unreachable!());
            times[0] += between - started;
            times[1] += thread_seconds() - between;
            let differences = [
                p.win - q.win,
                p.win_gammon - q.win_gammon,
                p.win_backgammon - q.win_backgammon,
                p.lose_gammon - q.lose_gammon,
                p.lose_backgammon - q.lose_backgammon,
                a.no_double - b.no_double,
                a.double_take - b.double_take,
            ];
            for difference in differences {
                largest = largest.max(difference.abs());
            }
            assert_eq!(a.double_allowed, b.double_allowed);
        }
        positions += 1;
    }
    eprintln!(
        "{positions} positions at 1 and 2 plies: within {largest:e}; processor {:.0} ms from the batch, {:.0} ms evaluated again",
        times[0] * 1000.0,
        times[1] * 1000.0
    );
    assert!(positions >= 20, "{positions}");
    assert!(largest < 1e-5, "{largest:e}");
}

/// An exhausted budget answers nothing at 1 ply and more.
#[test]
fn a_passed_deadline_answers_nothing() {
    let board = Board::start(Variant::Standard);
    let search = Search::new(&Pubeval, 2);
    let passed = Some(Instant::now());
    assert!(CubefulSearch::new(&search)
        .analyse_double(&board, Side::X, 1, &money(), passed)
        .is_none());
}

/// The value of a leaf from known probabilities is the node's, to the bit, at money and match
/// scores, with the cube centred and owned, on the bench's positions.
#[test]
fn a_leaf_value_is_the_nodes() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/positions-botplay.txt"
    ))
    .expect("the bench's positions");
    let search = Search::new(&Pubeval, 0);
    let cubeful = CubefulSearch::new(&search);
    let match_stakes = |score: [u32; 2], crawford: bool| {
        Stakes::from_state(&MatchState {
            match_length: 7,
            score,
            crawford,
            ..MatchState::new_money_game(Variant::Standard, Side::X)
        })
    };
    let stakes = [
        money(),
        Stakes {
            cube_value: 2,
            cube_owner: Some(Side::X),
            ..money()
        },
        match_stakes([3, 4], false),
        match_stakes([6, 2], false),
        match_stakes([6, 2], true),
        Stakes {
            cube_value: 2,
            cube_owner: Some(Side::O),
            ..match_stakes([1, 3], false)
        },
    ];
    let mut compared = 0;
    for line in text.lines().step_by(97).take(40) {
        let id = line.split_whitespace().next().expect("position ID");
        let board =
            crate::codec::position_id::decode(id, Side::X, Variant::Standard).expect("valid ID");
        let probabilities = Pubeval.probabilities(&board, Variant::Standard, Side::X);
        for base in &stakes {
            let node = cubeful
                .values(std::slice::from_ref(&board), Side::X, 0, base, None)
                .unwrap_or_else(|| unreachable!());
            let leaf = cubeful.leaf_value(&board, Side::X, base, &probabilities);
            assert_eq!(leaf.to_bits(), node[0].1.to_bits(), "{id} {base:?}");
            compared += 1;
        }
    }
    assert!(compared >= 200, "{compared}");
}
