//! A double offered and waiting for its answer, judged for the engine protocols: the one
//! place that says how `tavli external` and UBGI read the offer before the judge decides.

use super::{CubeDecision, Judge};
use crate::engine::cube::MAX_CUBE;
use crate::engine::evaluator::Evaluator;
use crate::rules::{MatchState, Side};

impl<E: Evaluator + ?Sized> Judge<'_, E> {
    /// The answer to the double `doubler` has offered in `state` ([`CubeDecision::take`]),
    /// judged by [`Judge::cube_decision`] within the judge's limits as a double of the current
    /// cube, centred: whoever the position says owned it before (a board's may-double flags
    /// around a double, or a beaver, need not say the owner before the offer) changes neither
    /// double/take nor double/pass. `beavers` says whether the rules allow a beaver; it is
    /// refused in match play and where the beavered cube would pass gnubg's largest
    /// ([`MAX_CUBE`]: gnubg 1.07 refuses it and its game stops there).
    #[must_use]
    pub fn answer_to_double(
        &self,
        state: &MatchState,
        doubler: Side,
        beavers: bool,
    ) -> CubeDecision {
        let offer = MatchState {
            cube_owner: None,
            ..*state
        };
        let beavers = beavers && state.cube_value.saturating_mul(4) <= MAX_CUBE;
        self.cube_decision(&offer, doubler, beavers)
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::cube::TakeAction;
    use crate::engine::judge::tests::money;
    use crate::engine::judge::Judge;
    use crate::engine::Pubeval;
    use crate::rules::{Board, MatchState, Side};

    /// A race of two home boards, X on roll with 66 pips and O 9 pips ahead, X's double
    /// offered: in money Pubeval at 0 ply has O beaver it.
    fn race() -> MatchState {
        let mut board = Board::empty();
        for (point, (x, o)) in [0, 2, 2, 3, 4, 4]
            .into_iter()
            .zip([2, 2, 2, 3, 3, 3])
            .enumerate()
        {
            board.slots[Side::X.index()][point] = x;
            board.slots[Side::O.index()][point] = o;
        }
        MatchState {
            board,
            double_offered: true,
            turn: Side::O,
            ..money(Side::X)
        }
    }

    /// The offer is the doubler's cube decision with the cube centred, whoever owned it.
    #[test]
    fn the_offer_is_judged_as_a_double_of_the_current_cube() {
        let judge = Judge::new(&Pubeval, 0);
        let centred = race();
        let expected = judge.cube_decision(&centred, Side::X, true);
        for owner in [None, Some(Side::X)] {
            let state = MatchState {
                cube_owner: owner,
                cube_value: if owner.is_some() { 2 } else { 1 },
                ..centred
            };
            let decision = judge.answer_to_double(&state, Side::X, true);
            let at_this_cube = judge.cube_decision(
                &MatchState {
                    cube_owner: None,
                    ..state
                },
                Side::X,
                true,
            );
            assert_eq!(decision, at_this_cube, "{owner:?}");
            assert_eq!(decision.take, expected.take, "{owner:?}");
            if owner.is_some() {
                // Owned, no redouble would be worth more to X: the owner was cleared.
                let as_owned = judge.cube_decision(&state, Side::X, true);
                assert!(as_owned.analysis.no_double > decision.analysis.no_double);
            }
        }
    }

    /// A beaver is refused where the beavered cube would pass gnubg's largest, and in match
    /// play; elsewhere it is the cube decision's.
    #[test]
    fn a_beaver_past_the_largest_cube_is_refused() {
        let judge = Judge::new(&Pubeval, 0);
        let state = race();
        let beaver = judge.answer_to_double(&state, Side::X, true).take;
        let without = judge.answer_to_double(&state, Side::X, false).take;
        let huge = MatchState {
            cube_value: 2048,
            ..state
        };
        assert_eq!(judge.answer_to_double(&huge, Side::X, true).take, without);
        let in_a_match = MatchState {
            match_length: 7,
            ..state
        };
        assert_ne!(
            judge.answer_to_double(&in_a_match, Side::X, true).take,
            TakeAction::Beaver
        );
        // The race is a beaver at 0 ply (the test means something only if it is).
        assert_eq!(beaver, TakeAction::Beaver);
        assert_ne!(without, TakeAction::Beaver);
    }
}
