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
    ///
    /// A redouble (the doubler owned the cube) gets the answer the real owner would give
    /// ([`CubeAnalysis::answer`]): take or pass compares double/take (the cube doubled and the
    /// taker's, whoever held it) with double/pass (the current cube, cashed); the beaver, in
    /// the range where double/take is at most 0, asks of no double (which the owner changes)
    /// only whether it is below double/pass, as a doubler too good to double would be at a
    /// whole cube or more while his double/take, the doubled cube turned over to the taker,
    /// were worth nothing to him. Session 35 looked for such a position and found none: 20,000
    /// random redoubles at 0 ply (5,496 in the beaver range) and 300 at 2 ply, and the money
    /// cube model on 250,047 probabilities at cubes 1, 2 and 4, gave the same answer with the
    /// cube centred and owned (a test below asks it of random redoubles at 0 and 1 ply).
    ///
    /// [`CubeAnalysis::answer`]: crate::engine::cube::CubeAnalysis::answer
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
    use crate::engine::cube::Stakes;
    use crate::engine::cube::TakeAction;
    use crate::engine::judge::tests::money;
    use crate::engine::judge::Judge;
    use crate::engine::Pubeval;
    use crate::rules::{legal_plays, Board, Dice, MatchState, Side, Variant};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

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

    /// A random position after `moves` random plays from the start, `mover` to roll (`None`
    /// when a side bore off).
    fn random_board(rng: &mut StdRng, moves: usize, mut mover: Side) -> Option<(Board, Side)> {
        let mut board = Board::start(Variant::Standard);
        for _ in 0..moves {
            let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).ok()?;
            let plays = legal_plays(&board, mover, dice);
            if !plays.is_empty() {
                board = plays[rng.gen_range(0..plays.len())].result;
            }
            if board.checkers_in_play(mover) == 0 {
                return None;
            }
            mover = mover.opponent();
        }
        Some((board, mover))
    }

    /// A redouble is answered as the real owner would answer it: on random positions (money
    /// with beavers, 7-point matches), the doubler owning a cube of 2 or 4, the answer with
    /// the cube centred is the cube decision's with the real owner, at 0 and 1 ply.
    #[test]
    fn a_redouble_gets_the_answer_of_the_real_owner() {
        let net = crate::engine::choice::embedded_net();
        let mut rng = StdRng::seed_from_u64(35);
        for (plies, count) in [(0, 1500), (1, 40)] {
            let judge = Judge::new(net.as_ref(), plies);
            let (mut asked, mut beaver_range) = (0, 0);
            while asked < count {
                let moves = rng.gen_range(0..70);
                let first = if rng.gen_bool(0.5) { Side::X } else { Side::O };
                let Some((board, doubler)) = random_board(&mut rng, moves, first) else {
                    continue;
                };
                let match_length = if rng.gen_bool(0.6) { 0 } else { 7 };
                let state = MatchState {
                    board,
                    match_length,
                    score: if match_length == 0 {
                        [0, 0]
                    } else {
                        [rng.gen_range(0..6), rng.gen_range(0..6)]
                    },
                    cube_value: if rng.gen_bool(0.7) { 2 } else { 4 },
                    cube_owner: Some(doubler),
                    jacoby: false,
                    double_offered: true,
                    turn: doubler.opponent(),
                    ..money(doubler)
                };
                if !Stakes::from_state(&state).may_double(doubler) {
                    continue;
                }
                asked += 1;
                let centred = judge.answer_to_double(&state, doubler, true);
                let owned = judge.cube_decision(&state, doubler, true);
                assert_eq!(
                    centred.take,
                    owned.take,
                    "{} at {plies} plies: {centred:?} {owned:?}",
                    crate::codec::gnubg_id::encode(&state)
                );
                assert_eq!(centred.analysis.double_take, owned.analysis.double_take);
                let in_range = (-2.0..=0.0).contains(&owned.analysis.double_take);
                beaver_range += usize::from(!state.is_match() && in_range);
            }
            // The beaver, the one answer the owner could change, was asked about.
            assert!(beaver_range > count / 20, "{plies} plies: {beaver_range}");
        }
    }
}
