//! What the judge answers, as values: a position's worth ([`Evaluation`]), a play judged
//! ([`PlayEvaluation`]) and a cube decision ([`CubeDecision`]), each built from probabilities
//! at the stakes of a match state; the searching that finds the probabilities is the judge's.

use super::exact::{cubeful_equity, exact_cube, exact_decision, seen_by};
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

    /// As [`Evaluation::of`], but before the player on roll's cube decision, as gnubg's `eval`
    /// rows show it: where the two-sided bear-off database covers a money position, the
    /// cubeful equity is its no double equity; elsewhere the cube model's, as
    /// [`Evaluation::of`].
    #[must_use]
    pub fn before_cube_decision(
        state: &MatchState,
        probabilities: Probabilities,
        side: Side,
    ) -> Evaluation {
        let evaluation = Evaluation::of(state, probabilities, side);
        match exact_cube(&Stakes::from_state(state), &state.board, state.on_roll) {
            Some((_, analysis)) => Evaluation {
                cubeful_equity: seen_by(analysis.no_double, state.on_roll, side),
                ..evaluation
            },
            None => evaluation,
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

    /// The doubler's best action, knowing his opponent's answer: no double where the double
    /// is proper but its beaver would cost more than not doubling
    /// ([`CubeAnalysis::double_action_against`]).
    #[must_use]
    pub fn double(&self) -> DoubleAction {
        self.analysis.double_action_against(self.take)
    }
}
