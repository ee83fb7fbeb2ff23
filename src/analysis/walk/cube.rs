//! The cube decisions of the walk: the no-double before a roll, the double and its answer,
//! each judged and written as a decision.

use super::{GameWalk, CLOSE_CUBE};
use crate::analysis::decision::{CubeAction, CubeError, Decision, DecisionKind, Equity};
use crate::analysis::details::{cube_candidates, DecisionDetails};
use crate::analysis::marks::Mark;
use crate::analysis::AnalysisError;
use crate::engine::{CubeDecision, Evaluator};
use crate::rules::game::{Action, GameError};
use crate::rules::{CubeRefusal, MatchState, Offer, Side};

impl<E: Evaluator + ?Sized> GameWalk<'_, '_, E> {
    /// The cube decision of the player on roll, about to roll without doubling, when doubling
    /// was allowed; and its no double equity (normalised), the luck's figure of the position
    /// when the luck's judge would find the same (both at 0 ply).
    pub(super) fn no_double(&self) -> (Option<Decision>, Option<f64>) {
        if self.game.may_double().is_err() {
            return (None, None);
        }
        let state = self.game.match_state();
        let doubler = state.on_roll;
        let decision = self
            .judges
            .cube
            .cube_decision(&state, doubler, self.beavers);
        let analysis = decision.analysis;
        let shared = (self.judges.cube.plies() == 0 && self.judges.luck.plies() == 0)
            .then_some(decision.analysis.no_double);
        if !analysis.double_allowed {
            return (None, shared);
        }
        let double = analysis.double_equity();
        let (error, units) = if double > analysis.no_double {
            let kind = if analysis.double_take <= analysis.double_pass {
                CubeError::MissedDoubleBelowCashPoint
            } else {
                CubeError::MissedDoubleAboveCashPoint
            };
            (Some(kind), double - analysis.no_double)
        } else {
            (None, 0.0)
        };
        let close = double - analysis.no_double > -CLOSE_CUBE;
        let entry = self.cube_entry(
            &state,
            doubler,
            CubeAction::NoDouble,
            &decision,
            close,
            error,
            units,
        );
        (Some(entry), shared)
    }

    pub(super) fn double(
        &mut self,
        side: Side,
        out: &mut Vec<Decision>,
    ) -> Result<(), AnalysisError> {
        self.take_turn(side)?;
        let state = self.game.match_state();
        let decision = self.judges.cube.cube_decision(&state, side, self.beavers);
        let analysis = decision.analysis;
        let double = analysis.double_equity();
        let (error, units) = if analysis.no_double > double {
            let kind = if analysis.double_take > analysis.double_pass {
                CubeError::WrongDoubleAboveTooGood
            } else {
                CubeError::WrongDoubleBelowDoublePoint
            };
            (Some(kind), analysis.no_double - double)
        } else {
            (None, 0.0)
        };
        out.push(self.cube_entry(
            &state,
            side,
            CubeAction::Double,
            &decision,
            true,
            error,
            units,
        ));
        if self.game.double_refusals(side) == [GameError::Cube(CubeRefusal::Dead)] {
            // A double of a dead cube (the doubler's points at the cube's value already win
            // the match) is followed as written: gnubg imports and analyses it, and the
            // replay accepts it, so `validate` does.
            let mut progress = self.game.in_progress();
            progress.cube.offer = Some(Offer {
                from: side,
                redoubles: 0,
                beaverer: None,
            });
            self.game.go_on_from(progress);
        } else {
            self.apply(Action::Double, "a double")?;
        }
        self.doubled = true;
        self.pending = Some((state, decision));
        Ok(())
    }

    /// The answer to the pending double.
    pub(super) fn answer(
        &mut self,
        action: CubeAction,
        rules_action: Action,
        out: &mut Vec<Decision>,
    ) -> Result<(), AnalysisError> {
        if let Some((state, decision)) = self.pending.take() {
            let taker = decision.doubler.opponent();
            let analysis = decision.analysis;
            // The doubler's equities: the taker wants the smaller.
            let (error, units) = match action {
                CubeAction::Pass if analysis.double_take < analysis.double_pass => (
                    Some(CubeError::WrongPass),
                    analysis.double_pass - analysis.double_take,
                ),
                CubeAction::Take | CubeAction::Beaver
                    if analysis.double_take > analysis.double_pass =>
                {
                    (
                        Some(CubeError::WrongTake),
                        analysis.double_take - analysis.double_pass,
                    )
                }
                _ => (None, 0.0),
            };
            let mut entry = self.cube_entry(&state, taker, action, &decision, true, error, units);
            entry.loss = Equity::from_units(&state, decision.doubler, units);
            out.push(entry);
        }
        self.apply(rules_action, action.label())
    }

    #[allow(clippy::too_many_arguments)]
    fn cube_entry(
        &self,
        state: &MatchState,
        player: Side,
        action: CubeAction,
        decision: &CubeDecision,
        close: bool,
        error: Option<CubeError>,
        units: f64,
    ) -> Decision {
        let analysis = decision.analysis;
        let best_action = match action {
            CubeAction::NoDouble | CubeAction::Double => {
                if analysis.double_equity() > analysis.no_double {
                    CubeAction::Double
                } else {
                    CubeAction::NoDouble
                }
            }
            CubeAction::Take | CubeAction::Pass | CubeAction::Beaver => {
                if analysis.double_take > analysis.double_pass {
                    CubeAction::Pass
                } else {
                    CubeAction::Take
                }
            }
        };
        let (gnubg_id, xgid) = Self::ids(state);
        let loss = Equity::from_units(state, player, units);
        Decision {
            game: self.number,
            player,
            state: *state,
            gnubg_id,
            xgid,
            kind: DecisionKind::Cube {
                action,
                best_action,
                close,
                error,
            },
            played: action.label().to_string(),
            best: best_action.label().to_string(),
            loss,
            mark: Mark::of(units),
            details: DecisionDetails {
                action: self.action,
                after: Some(decision.probabilities.seen_by(decision.doubler, player)),
                candidates: cube_candidates(decision, action),
            },
        }
    }
}
