//! What the judge answers, as values: a position's worth ([`Evaluation`]), a play judged
//! ([`PlayEvaluation`]) and a cube decision ([`CubeDecision`]), each built from probabilities
//! at the stakes of a match state; the searching that finds the probabilities is the judge's.

use super::exact::{cubeful_equity, exact_decision};
use crate::engine::cube::{CubeAnalysis, DoubleAction, Stakes, TakeAction};
use crate::engine::evaluator::Probabilities;
use crate::rules::{MatchState, Play, Side};

/// What a position is worth to one player: probabilities and equities. Equities are money
/// equity per unit cube in money play and match-winning chance in match play (gnubg's
/// convention for the external protocol's sixth number).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// Cubeless probabilities for the player.
    pub probabilities: Probabilities,
    /// Cubeless equity (money: per unit cube; match: match-winning chance).
    pub cubeless_equity: f64,
    /// Cubeful equity (money: per unit cube; match: match-winning chance).
    pub cubeful_equity: f64,
}

impl Evaluation {
    /// The evaluation of `side` from `probabilities` seen by `side`, at the stakes of `state`,
    /// the player on roll taking his best cube action ([`cubeful_equity`]).
    #[must_use]
    pub fn of(state: &MatchState, probabilities: Probabilities, side: Side) -> Evaluation {
        let stakes = Stakes::from_state(state);
        Evaluation {
            probabilities,
            cubeless_equity: stakes.cubeless_equity(&probabilities, side),
            cubeful_equity: cubeful_equity(
                &stakes,
                &state.board,
                state.on_roll,
                &probabilities,
                side,
            ),
        }
    }

    /// The same evaluation seen by the other player of `state` (exact complements).
    #[must_use]
    pub fn for_opponent(self, state: &MatchState) -> Evaluation {
        let other = |equity: f64| {
            if state.is_match() {
                1.0 - equity
            } else {
                -equity
            }
        };
        Evaluation {
            probabilities: self.probabilities.inverted(),
            cubeless_equity: other(self.cubeless_equity),
            cubeful_equity: other(self.cubeful_equity),
        }
    }
}

/// One legal play judged: the play, the plies it was searched to, and the mover's
/// probabilities and equities after it (the opponent on roll).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayEvaluation {
    /// The play.
    pub play: Play,
    /// How many plies deep it was judged (plays the move filters dropped stay shallower).
    pub plies: u32,
    /// The mover's cubeful equity after the play (money: per unit cube; match: match-winning
    /// chance).
    pub equity: f64,
    /// The mover's cubeless equity after the play, in the same units.
    pub cubeless_equity: f64,
    /// The mover's cubeless probabilities after the play.
    pub probabilities: Probabilities,
}

/// A cube decision judged: the doubler's probabilities on roll, the three equities and the
/// best actions of both players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeDecision {
    /// The player who may double (on roll, before rolling).
    pub doubler: Side,
    /// The doubler's cubeless probabilities.
    pub probabilities: Probabilities,
    /// The plies the probabilities were searched to (fewer than asked when the budget ran out).
    pub plies: u32,
    /// No double, double/take and double/pass from the doubler's side (see [`CubeAnalysis`]).
    pub analysis: CubeAnalysis,
    /// The answer of the doubler's opponent to a double.
    pub take: TakeAction,
}

impl CubeDecision {
    /// The decision from the probabilities of the player on roll in `state`, `on_roll`, searched
    /// `plies` deep; `beavers` says whether a beaver of this double would be allowed (money
    /// play only).
    #[must_use]
    pub fn from_probabilities(
        state: &MatchState,
        doubler: Side,
        beavers: bool,
        on_roll: &Probabilities,
        plies: u32,
    ) -> CubeDecision {
        let probabilities = on_roll.seen_by(state.on_roll, doubler);
        let stakes = Stakes {
            beavers: beavers && !state.is_match(),
            ..Stakes::from_state(state)
        };
        if let Some(exact) = exact_decision(&stakes, state, doubler, plies) {
            return exact;
        }
        CubeDecision {
            doubler,
            probabilities,
            plies,
            analysis: stakes.analyse_double(&probabilities, doubler),
            take: stakes.take_action(&probabilities, doubler),
        }
    }

    /// What the position of `state` is worth to `side` by this decision of its player on roll
    /// (the doubler): the decision's probabilities and cubeless equity, and as the cubeful
    /// equity the doubler's after his best action ([`CubeAnalysis::best_equity`]: no double, or
    /// the smaller of double/take and double/pass where doubling is proper), as gnubg's
    /// external `evaluation ... cubeful` gives it (its figure was the best action's, not `eval`'s
    /// no double line: `YefBA0Bsm4oJCA` money at 0 plies, +1.000 where no double is +0.870).
    /// Money: per unit cube; match: match-winning chance.
    #[must_use]
    pub fn evaluation(&self, state: &MatchState, side: Side) -> Evaluation {
        let stakes = Stakes::from_state(state);
        let doubler = self.doubler;
        let mine = Evaluation {
            probabilities: self.probabilities,
            cubeless_equity: stakes.cubeless_equity(&self.probabilities, doubler),
            cubeful_equity: stakes.equity_from_units(doubler, self.analysis.best_equity()),
        };
        if side == doubler {
            mine
        } else {
            mine.for_opponent(state)
        }
    }

    /// The doubler's best action, knowing his opponent's answer: no double where the double
    /// is proper but its beaver would cost more than not doubling
    /// ([`CubeAnalysis::double_action_against`]).
    #[must_use]
    pub fn double(&self) -> DoubleAction {
        self.analysis.double_action_against(self.take)
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::cube::Stakes;
    use crate::engine::cubeful_search::CubefulSearch;
    use crate::engine::judge::tests::money;
    use crate::engine::judge::Judge;
    use crate::engine::Pubeval;
    use crate::rules::{Board, MatchState, Side};

    /// A position's cubeful equity is the cubeful search's value of it at the judge's depth,
    /// the player on roll's cube decision taken (gnubg's external `evaluation ... cubeful`),
    /// in money (per unit cube) and match play (match-winning chance), whoever owns the cube;
    /// and the cube decision's best equity in its units.
    #[test]
    fn the_cubeful_equity_is_the_cubeful_searchs_value_of_the_position() {
        let moved_back_checker = |state: MatchState| {
            // Another position: one of X's back checkers moved up to his 18 point.
            let mut board = state.board;
            board.slots[Side::X.index()][23] = 1;
            board.slots[Side::X.index()][17] += 1;
            MatchState { board, ..state }
        };
        // A race of two home boards, X on roll with 57 pips and O `behind` pips behind: with
        // Pubeval one ply deep, 5 behind is double/take and 9 behind double/pass at 2-3 in 7.
        let race = |behind: u8| {
            let mut board = Board::empty();
            let o = if behind == 5 {
                [1, 2, 2, 3, 3, 4]
            } else {
                [0, 2, 2, 3, 4, 4]
            };
            for (point, (x, o)) in [2, 2, 2, 3, 3, 3].into_iter().zip(o).enumerate() {
                board.slots[Side::X.index()][point] = x;
                board.slots[Side::O.index()][point] = o;
            }
            MatchState {
                board,
                match_length: 7,
                score: [2, 3],
                ..money(Side::X)
            }
        };
        let states = [
            race(5),
            race(9),
            MatchState {
                match_length: 0,
                score: [0, 0],
                ..race(5)
            },
            money(Side::X),
            moved_back_checker(money(Side::X)),
            MatchState {
                match_length: 7,
                score: [4, 2],
                ..money(Side::X)
            },
            MatchState {
                match_length: 7,
                score: [2, 5],
                cube_value: 2,
                cube_owner: Some(Side::X),
                ..moved_back_checker(money(Side::X))
            },
            MatchState {
                cube_value: 2,
                cube_owner: Some(Side::O),
                ..money(Side::X)
            },
        ];
        let mut doubles = 0;
        for plies in 0..=1 {
            let judge = Judge::new(&Pubeval, plies);
            for state in &states {
                let stakes = Stakes::from_state(state);
                let (probabilities, value) = CubefulSearch::new(judge.search())
                    .value(&state.board, Side::X, plies, &stakes, None)
                    .unwrap_or_else(|| unreachable!());
                let (evaluation, reached) = judge.evaluate_reaching(state, Side::X);
                assert_eq!(reached, plies);
                assert_eq!(evaluation.probabilities, probabilities, "{state:?}");
                assert!(
                    (evaluation.cubeful_equity - value).abs() < 1e-9,
                    "{plies} plies, {state:?}: {evaluation:?} against {value}"
                );
                let decision = judge.cube_decision(state, Side::X, stakes.beavers);
                let units = stakes.equity_in_units(Side::X, evaluation.cubeful_equity);
                assert!((units - decision.analysis.best_equity()).abs() < 1e-9);
                doubles +=
                    usize::from(decision.analysis.best_equity() > decision.analysis.no_double);
                let theirs = judge.evaluate(state, Side::O);
                assert_eq!(theirs, evaluation.for_opponent(state));
            }
        }
        // Where doubling is proper the figure is the double's, not no double's.
        assert!(doubles >= 2, "{doubles}");
    }
}
