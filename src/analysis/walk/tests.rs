//! Tests of the analysis walk: real matches judged move by move, and the figures each decision keeps.

use super::*;
use crate::engine::net::NetEvaluator;
use crate::matchfile::read_match;
use crate::rules::GameState;
use std::path::Path;

/// Real matches of the fixtures (short ones: the luck judges every roll's plays).
const REAL: [&str; 3] = [
    "backgammon-galaxy/match1936604.txt",
    "backgammon-galaxy/match8321063.txt",
    "backgammon-studio/MrPurple_-_Lasse_3pt_Backgammon_Studio_2024_05_11_20_10_33.txt",
];

/// A decision's luck (zero for a cube decision) and the decision with its luck zeroed.
fn luck_apart(decision: &Decision) -> (Equity, Decision) {
    let zero = Equity {
        emg: 0.0,
        mwc: 0.0,
        points: 0.0,
    };
    let mut decision = decision.clone();
    let luck = match &mut decision.kind {
        DecisionKind::Chequer { luck, .. } => std::mem::replace(luck, zero),
        DecisionKind::Cube { .. } => zero,
    };
    (luck, decision)
}

#[test]
fn the_luck_sharing_the_analysis_work_has_the_same_figures() {
    let evaluator = NetEvaluator::embedded();
    let settings = AnalysisSettings::default();
    let mut rolls = 0;
    for file in REAL {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/mat/real")
            .join(file);
        let record = read_match(&path).unwrap_or_else(|error| panic!("{file}: {error}"));
        for estimate in [LuckEstimate::Rolls, LuckEstimate::Position] {
            let method = AnalysisMethod {
                luck: estimate,
                ..AnalysisMethod::default()
            };
            let shared = walk_record(&record, &evaluator, &settings, &method, true)
                .unwrap_or_else(|error| panic!("{file}: {error}"));
            let alone = walk_record(&record, &evaluator, &settings, &method, false)
                .unwrap_or_else(|error| panic!("{file}: {error}"));
            assert_eq!(shared.len(), alone.len());
            for (a, b) in shared.iter().zip(&alone) {
                // At 0 plies the luck judges each roll's choice with the probabilities of
                // the batch that ranked it (the network's sums carried through other
                // positions), the shared figure comes from the analysis of the play:
                // equal to the batch's rounding, which the quantised second layer can turn
                // into a few of its 1/4096 steps (the evaluator is within 1e-3 of the f32
                // networks, docs/evaluator.md), everything else to the bit.
                let (a_luck, a) = luck_apart(a);
                let (b_luck, b) = luck_apart(b);
                assert_eq!(a, b, "{file} {estimate:?}");
                assert!(
                    (a_luck.emg - b_luck.emg).abs() < 2e-3
                        && (a_luck.mwc - b_luck.mwc).abs() < 2e-3
                        && (a_luck.points - b_luck.points).abs() < 2e-3,
                    "{file} {estimate:?}: {a_luck:?} {b_luck:?}"
                );
                rolls += usize::from(matches!(a.kind, DecisionKind::Chequer { .. }));
            }
        }
    }
    assert!(rolls > 100, "{rolls}");
}

#[test]
fn zero_ply_candidates_find_the_best_of_the_full_ranking() {
    // The analysis's own evaluator: its one-pass score is the cubeless equity of the
    // probabilities it gives, so its leaders hold the best play. (pubeval's score is not its
    // equity, and its leaders can miss its best play by equity.)
    let evaluator = NetEvaluator::embedded();
    let judge = Judge::new(&evaluator, 0);
    let state = MatchState {
        game_state: GameState::Playing,
        ..MatchState::new_money_game(Variant::Standard, Side::X)
    };
    for dice in Dice::all_rolls() {
        let ranked = judge.ranked_plays(&state, dice);
        let worst = ranked.last().unwrap_or_else(|| unreachable!());
        let (leaders, _, played, _) = ranked_and_played(&judge, &state, dice, &worst.play);
        let best = &leaders[0];
        // The same figures, but for the last bit: the full ranking computes the mover's
        // equity directly, a play judged alone as the complement of the opponent's.
        assert!(
            (best.equity - ranked[0].equity).abs() < 1e-12,
            "{dice:?}: {} {} against {} {}",
            format_play(
                state.rules(),
                &state.board,
                Side::X,
                dice,
                best.play.steps()
            ),
            best.equity,
            format_play(
                state.rules(),
                &state.board,
                Side::X,
                dice,
                ranked[0].play.steps()
            ),
            ranked[0].equity
        );
        assert!((played.equity - worst.equity).abs() < 1e-12, "{dice:?}");
    }
}

#[test]
fn a_double_of_a_dead_cube_is_judged_and_followed_as_written() {
    // b owns the cube on 4 in a 3-point match at 0-0: his points at 4 win the match, and his
    // double to 8 is dead. gnubg imports it and analyses it (no error: "never redouble,
    // take (dead cube)"); the replay accepts it, and the walk follows it.
    let text = " 3 point match\n\n Game 1\n a : 0                          b : 0\n  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Takes                       42: 8/4 6/4\n  3)  Doubles => 4                Takes\n  4) 64: 24/18 13/9               Doubles => 8\n  5)  Takes                       21: 13/11 6/5\n";
    let (record, diagnostics) = crate::matchfile::check_text(text, crate::matchfile::Format::Mat);
    assert!(
        diagnostics
            .iter()
            .all(|d| d.severity == crate::matchfile::diagnostic::Severity::Warning),
        "{diagnostics:?}"
    );
    let evaluator = NetEvaluator::embedded();
    let decisions = analyse_decisions(&record, &evaluator, &AnalysisSettings::default())
        .unwrap_or_else(|error| panic!("{error}"));
    let doubles: Vec<&Decision> = decisions
        .iter()
        .filter(|d| {
            matches!(
                d.kind,
                DecisionKind::Cube {
                    action: CubeAction::Double,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(doubles.len(), 3, "{decisions:?}");
    let dead = doubles[2];
    assert_eq!(dead.state.cube_value, 4);
    assert!(dead.loss.emg.abs() < 1e-9, "{dead:?}");
    // The take makes the cube 8, b's and the last play is judged there.
    let last = decisions.last().unwrap_or_else(|| unreachable!());
    assert!(
        matches!(last.kind, DecisionKind::Chequer { .. }),
        "{last:?}"
    );
    assert_eq!(
        (last.state.cube_value, last.state.cube_owner, last.player),
        (8, Some(dead.player.opponent()), dead.player)
    );
}
