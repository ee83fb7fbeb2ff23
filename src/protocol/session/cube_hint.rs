//! `eval`, and `hint` for cube decisions: when gnubg analyses the cube, and for whom.
//!
//! Found by experiment with gnubg 1.07 (`set evaluation ... plies 0`):
//! * `hint` before rolling analyses the double of the player on roll; while a double is
//!   pending it analyses that double for the player who must answer it (his equities, the
//!   doubler's order of lines);
//! * the player on roll "cannot double" (gnubg writes `You cannot double.` to standard error for `hint` and no
//!   cube section for `eval`) in the Crawford game, when the opponent owns the cube, and in
//!   match play when the cube already covers what he needs to win; `set cube use off` and a
//!   cube at its maximum value do not stop the analysis;
//! * `eval` evaluates the position for the player on roll (the doubler while a double is
//!   pending), before or after the roll alike, and adds the cube analysis when he may double.

use super::Session;
use crate::protocol::evaluate;
use crate::protocol::reply::Reply;
use crate::protocol::response::{CommandError, ErrorKind, Output, Response};
use crate::rules::{GameState, Side};

impl Session {
    /// Whether gnubg analyses a double by `side` now (see the module notes).
    fn cube_available(&self, side: Side) -> bool {
        let state = &self.state();
        if !state.rules().cube_in_use() {
            return false;
        }
        if state.crawford || state.cube_owner.is_some_and(|owner| owner != side) {
            return false;
        }
        !(state.is_match() && state.score[side.index()] + state.cube_value >= state.match_length)
    }

    /// Whether a beaver of a double offered now would be allowed.
    pub(super) fn beaver_possible(&self) -> bool {
        !self.is_match() && self.beavers_used() < self.settings.beavers
    }

    /// Refuses a Plakoto or Fevga board: pubeval's inputs are a standard board, and one with
    /// pins or same-direction movement has no meaning for it. `rest` ends the message.
    fn require_standard_board(&self, rest: &str) -> Result<(), CommandError> {
        if self.game().rules().variant().has_gnubg_position_id() {
            return Ok(());
        }
        Err(CommandError::new(
            ErrorKind::Unsupported,
            format!(
                "tavli has no evaluator for {} positions{rest}",
                super::variant_title(self.game().rules().variant())
            ),
        ))
    }

    /// `hint` while a resignation waits for an answer: the answering player's equity playing
    /// on and after accepting, and the right answer (gnubg's layout; its numbers are the
    /// evaluator's, in gnubg's normalised units).
    pub(super) fn resignation_hint(&self, out: &mut Response) -> Result<(), CommandError> {
        let state = &self.state();
        let Some(offer) = state.resignation else {
            return Ok(());
        };
        self.require_standard_board(" to weigh a resignation.")?;
        let value = evaluate::resignation_value(
            self.evaluator.get(),
            state,
            state.turn,
            offer.points(),
            self.settings.evaluation.cube_decision,
        );
        out.reply(Reply::ResignationHint {
            equity_before: value.playing_on,
            equity_after: value.accepted,
            accept: value.should_accept(),
        });
        Ok(())
    }

    /// `hint` when the dice are not rolled or a double is pending: the cube analysis.
    pub(super) fn cube_hint(&self, out: &mut Response) -> Result<(), CommandError> {
        let state = &self.state();
        let unsupported = |what: &str| {
            Err(CommandError::new(
                ErrorKind::Unsupported,
                format!("tavli cannot analyse {what} yet."),
            ))
        };
        if !state.rules().cube_in_use() {
            return Err(CommandError::not_now(format!(
                "{} is played without the cube: roll, then `hint' ranks the plays.",
                super::variant_title(state.variant)
            )));
        }
        if state.resignation.is_some() {
            return unsupported("resignation decisions");
        }
        if state.game_state != GameState::Playing {
            return unsupported("a finished game");
        }
        let viewer = if state.double_offered {
            if state.turn == state.on_roll {
                // A beaver waits for the original doubler's answer.
                return unsupported("a beaver");
            }
            state.turn
        } else {
            if !self.cube_available(state.on_roll) {
                return Err(CommandError::new(
                    ErrorKind::CubeUnavailable,
                    "You cannot double.",
                ));
            }
            state.on_roll
        };
        let report = evaluate::cube_report(
            &self.evaluator,
            state,
            viewer,
            self.beaver_possible(),
            self.settings.evaluation.cube_decision,
        );
        out.outputs.push(Output::CubeAnalysis {
            report: Box::new(report),
        });
        Ok(())
    }

    /// `eval`: the evaluation of the current position for the player on roll.
    pub(super) fn eval_command(
        &self,
        position: Option<&str>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        if position.is_some() {
            return Err(CommandError::new(
                ErrorKind::Unsupported,
                "tavli evaluates only the current position (eval takes no position).",
            ));
        }
        let state = &self.state();
        if state.game_state == GameState::NoGame {
            return Err(CommandError::not_now(
                "No position specified and no game in progress.",
            ));
        }
        self.require_standard_board(
            "; after the roll, `hint' ranks the plays by a heuristic score.",
        )?;
        let cube = (state.game_state == GameState::Playing && self.cube_available(state.on_roll))
            .then(|| self.beaver_possible());
        out.outputs.push(Output::Evaluation {
            report: Box::new(evaluate::evaluation_report(
                &self.evaluator,
                state,
                cube,
                self.settings.evaluation.cube_decision,
            )),
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::protocol::response::{ErrorKind, Output};
    use crate::protocol::{run_line, Session};

    /// Two human players, seed 1, a new game and its opening play made.
    const TWO_HUMANS_AFTER_ONE_PLAY: &[&str] = &[
        "set player 0 human",
        "set player 1 human",
        "set seed 1",
        "new game",
        "move 24/15",
    ];

    fn session(lines: &[&str]) -> Session {
        let mut session = Session::new("root");
        for line in lines {
            assert!(run_line(&mut session, line).is_ok(), "{line}");
        }
        session
    }

    #[test]
    fn hint_before_rolling_is_a_cube_analysis_and_the_taker_sees_his_side() {
        let mut session = session(TWO_HUMANS_AFTER_ONE_PLAY);
        let before = run_line(&mut session, "hint").unwrap_or_default();
        let Some(Output::CubeAnalysis { report }) = before.outputs.first() else {
            panic!("{before:?}");
        };
        assert!(!report.from_taker);
        assert!(run_line(&mut session, "double").is_ok());
        let pending = run_line(&mut session, "hint").unwrap_or_default();
        let Some(Output::CubeAnalysis { report: taker }) = pending.outputs.first() else {
            panic!("{pending:?}");
        };
        assert!(taker.from_taker);
        assert_eq!(taker.lines()[0].equity, -report.lines()[0].equity);
        assert!((taker.cubeless_equity + report.cubeless_equity).abs() < 1e-12);
    }

    #[test]
    fn a_player_who_may_not_double_gets_gnubgs_refusal_and_nothing_changes() {
        let mut session = session(TWO_HUMANS_AFTER_ONE_PLAY);
        for line in ["set cube value 2", "set cube owner 1"] {
            assert!(run_line(&mut session, line).is_ok(), "{line}");
        }
        let copy = session.clone();
        let refused = run_line(&mut session, "hint");
        assert_eq!(
            refused.map_err(|error| (error.kind, error.message)),
            Err((ErrorKind::CubeUnavailable, "You cannot double.".to_string()))
        );
        assert_eq!(session, copy);
        let eval = run_line(&mut session, "eval").unwrap_or_default();
        let Some(Output::Evaluation { report }) = eval.outputs.first() else {
            panic!("{eval:?}");
        };
        assert!(report.cube.is_none());
    }

    #[test]
    fn eval_needs_a_game_and_takes_no_position() {
        let mut session = Session::new("root");
        let none = run_line(&mut session, "eval").map_err(|error| error.message);
        assert_eq!(
            none,
            Err("No position specified and no game in progress.".to_string())
        );
        let mut playing = session_with_game();
        let argument = run_line(&mut playing, "eval 4HPwATDgc/ABMA").map_err(|error| error.kind);
        assert_eq!(argument, Err(ErrorKind::Unsupported));
    }

    fn session_with_game() -> Session {
        session(&["set seed 1", "new game"])
    }
}
