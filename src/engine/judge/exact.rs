//! The judge's figures of the smallest money endgames: the exact two-sided bear-off database
//! ([`crate::engine::bearoff::two_sided`]) read in one place ([`exact_cube`]), whence the
//! judge's cube decisions, the cubeful equities of its evaluations and ranked plays, and the
//! leaves of its cubeful search take them.

use super::CubeDecision;
use crate::engine::bearoff::two_sided;
use crate::engine::cube::{self, CubeAnalysis, Stakes};
use crate::engine::evaluator::Probabilities;
use crate::rules::{Board, MatchState, Side};

/// The exact money cube figures of `doubler`, on roll before rolling at `board`: his cubeless
/// probabilities and his no double, double/take and double/pass equities (units of the
/// current cube), from the two-sided bear-off database
/// ([`two_sided::money_cube_analysis`]); `None` unless it covers `board` (up to six checkers
/// a side, each side with one borne off) and `stakes` are money play. The one place where
/// the judge, its cubeful search and so every front end (`eval`, `hint`, the engines, the
/// analysis) read the database's cubeful equities.
#[must_use]
pub fn exact_cube(
    stakes: &Stakes,
    board: &Board,
    doubler: Side,
) -> Option<(Probabilities, CubeAnalysis)> {
    two_sided::money_cube_analysis(stakes, board, doubler)
}

/// The cubeful equity of `side` (`probabilities` seen by him) at `board` with `on_roll` about
/// to roll, `stakes` at that position ([`Stakes::at_position`]), the player on roll taking
/// his best cube action: exact where the two-sided bear-off database covers a money position
/// ([`exact_cube`]), else the cube model's ([`cube::cubeful_equity`]). Money: per unit cube;
/// match: match-winning chance.
#[must_use]
pub fn cubeful_equity(
    stakes: &Stakes,
    board: &Board,
    on_roll: Side,
    probabilities: &Probabilities,
    side: Side,
) -> f64 {
    match exact_cube(stakes, board, on_roll) {
        Some((_, analysis)) => seen_by(analysis.best_equity(), on_roll, side),
        None => cube::cubeful_equity(stakes, probabilities, side),
    }
}

/// A money equity of `owner` seen by `side`.
fn seen_by(equity: f64, owner: Side, side: Side) -> f64 {
    if side == owner {
        equity
    } else {
        -equity
    }
}

/// The exact cube decision of `doubler`, the player on roll in `state`, at `stakes`, where
/// [`exact_cube`] answers (`plies` is reported as asked: the figures are exact at any depth).
pub(super) fn exact_decision(
    stakes: &Stakes,
    state: &MatchState,
    doubler: Side,
    plies: u32,
) -> Option<CubeDecision> {
    if doubler != state.on_roll {
        return None;
    }
    let (probabilities, analysis) = exact_cube(stakes, &state.board, doubler)?;
    Some(CubeDecision {
        doubler,
        probabilities,
        plies,
        analysis,
        take: stakes.answer(&analysis),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bearoff::bear_off_board;
    use crate::engine::bearoff::two_sided::TwoSidedDatabase;
    use crate::engine::cube::TakeAction;
    use crate::engine::cubeful_search::CubefulSearch;
    use crate::engine::judge::Judge;
    use crate::engine::search::Search;
    use crate::engine::Pubeval;
    use crate::rules::{Dice, GameState, Variant};

    /// X with `x` on his home points and O with `o`, the rest borne off, money, `on_roll` to
    /// roll, the cube centred, beavers and the Jacoby rule as gnubg's REPL has them.
    fn money(x: [u8; 6], o: [u8; 6], on_roll: Side) -> MatchState {
        MatchState {
            board: bear_off_board(x, o),
            game_state: GameState::Playing,
            ..MatchState::new_money_game(Variant::Standard, on_roll)
        }
    }

    /// gnubg's `eval` of `qQIAQLIBAAAAAA` (X six checkers against O's five, X on roll): no
    /// double -0.611, double/take -1.261; the cube model said -0.469 and -1.070.
    fn session_twenty() -> MatchState {
        money([1, 0, 1, 0, 2, 2], [1, 0, 1, 1, 1, 1], Side::X)
    }

    #[test]
    fn every_evaluation_of_a_covered_money_position_is_the_databases() {
        let state = session_twenty();
        let entry = TwoSidedDatabase::get()
            .covering(&state.board, Side::X)
            .unwrap_or_else(|| unreachable!());
        let judge = Judge::new(&Pubeval, 1);
        let mine = judge.evaluate(&state, Side::X);
        assert!((mine.cubeful_equity - entry.centred()).abs() < 1e-9);
        assert!((mine.cubeful_equity - -0.611).abs() < 5e-4, "{mine:?}");
        let theirs = judge.evaluate(&state, Side::O);
        assert!((theirs.cubeful_equity + entry.centred()).abs() < 1e-9);
        // Before the cube decision (gnubg's `eval` rows, the cube decision's no double).
        let decision = judge.cube_decision(&state, Side::X, false);
        assert!((decision.analysis.no_double - f64::from(entry.centred_no_double)).abs() < 1e-9);
        // The other side's cube: no double possible.
        let theirs_cube = MatchState {
            cube_value: 2,
            cube_owner: Some(Side::O),
            ..state
        };
        let evaluation = judge.evaluate(&theirs_cube, Side::X);
        assert!((evaluation.cubeful_equity - f64::from(entry.opponent_owns)).abs() < 1e-9);
        // In match play the database (money) is not used.
        let in_match = MatchState {
            match_length: 7,
            ..state
        };
        assert!(exact_cube(&Stakes::from_state(&in_match), &state.board, Side::X).is_none());
    }

    #[test]
    fn cube_decisions_from_any_probabilities_are_the_databases() {
        let state = session_twenty();
        let (probabilities, analysis) =
            exact_cube(&Stakes::from_state(&state), &state.board, Side::X)
                .unwrap_or_else(|| unreachable!());
        assert!((analysis.no_double - -0.611).abs() < 5e-4, "{analysis:?}");
        assert!((analysis.double_take - -1.261).abs() < 5e-4, "{analysis:?}");
        // `eval` turns its deepest row into the decision: the row's figures do not matter.
        let rough = Probabilities {
            win: 0.5,
            ..Probabilities::ZERO
        };
        let decision = CubeDecision::from_probabilities(&state, Side::X, true, &rough, 2);
        assert_eq!(decision.probabilities, probabilities);
        assert_eq!(decision.analysis, analysis);
        assert_eq!(decision.take, TakeAction::Beaver);
        assert_eq!(
            Judge::new(&Pubeval, 0).cube_decision(&state, Side::X, true),
            decision_at(&decision, 0)
        );
        // Without beavers a take; a double/take just below zero is beavered (no margin).
        let no_beaver = CubeDecision::from_probabilities(&state, Side::X, false, &rough, 2);
        assert_eq!(no_beaver.take, TakeAction::Take);
        let close = money([0, 0, 1, 1, 1, 2], [1, 1, 1, 0, 0, 2], Side::O);
        let (_, analysis) = exact_cube(&Stakes::from_state(&close), &close.board, Side::O)
            .unwrap_or_else(|| unreachable!());
        let decision = CubeDecision::from_probabilities(&close, Side::O, true, &rough, 0);
        assert_eq!(
            decision.take == TakeAction::Beaver,
            analysis.double_take < 0.0,
            "{analysis:?}"
        );
    }

    fn decision_at(decision: &CubeDecision, plies: u32) -> CubeDecision {
        CubeDecision { plies, ..*decision }
    }

    #[test]
    fn ranked_plays_leaving_a_covered_position_carry_the_opponents_exact_equity() {
        let state = session_twenty();
        let dice = Dice::new(2, 1).unwrap_or_else(|_| unreachable!());
        let database = TwoSidedDatabase::get();
        for ranked in Judge::new(&Pubeval, 0).ranked_plays(&state, dice) {
            let theirs = database
                .covering(&ranked.play.result, Side::O)
                .unwrap_or_else(|| unreachable!());
            assert!(
                (ranked.equity + theirs.centred()).abs() < 1e-9,
                "{ranked:?}"
            );
        }
    }

    #[test]
    fn the_cubeful_search_values_covered_positions_exactly() {
        let state = session_twenty();
        let stakes = Stakes::from_state(&state);
        let (_, exact) =
            exact_cube(&stakes, &state.board, Side::X).unwrap_or_else(|| unreachable!());
        let search = Search::new(&Pubeval, 1);
        let cubeful = CubefulSearch::new(&search);
        let (_, at_zero) = cubeful
            .analyse_double(&state.board, Side::X, 0, &stakes, None)
            .unwrap_or_else(|| unreachable!());
        assert!((at_zero.no_double - exact.no_double).abs() < 1e-9);
        assert!((at_zero.double_take - exact.double_take).abs() < 1e-9);
        // One ply deeper every reply is a covered position valued exactly: the average over
        // the rolls, plays chosen cubeless, stays within a hair of the exact figures.
        let (_, at_one) = cubeful
            .analyse_double(&state.board, Side::X, 1, &stakes, None)
            .unwrap_or_else(|| unreachable!());
        assert!(
            (at_one.no_double - exact.no_double).abs() < 0.01,
            "{at_one:?}"
        );
        assert!(
            (at_one.double_take - exact.double_take).abs() < 0.01,
            "{at_one:?}"
        );
    }
}
