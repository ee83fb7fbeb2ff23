//! The cube and resignations: double, take, drop, beaver, resign, accept and decline, and the computer's answers.

use super::*;
use crate::rules::game::{Action, GameError};
use crate::rules::{Cube, CubeContext, CubeRefusal};

impl Session {
    pub(super) fn double_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_game()?;
        self.require_human_turn()?;
        self.refuse_without_cube()?;
        // gnubg's order (`CommandDouble`, checked live): the Crawford flag (also that of an
        // edited money position) and the session's cube setting, then a pending double (a
        // beaver), the turn, and the rules' refusals.
        if self.match_play.context().crawford {
            return Err(CommandError::not_now(
                "Doubling is forbidden by the Crawford rule (see `help set crawford').",
            ));
        }
        if !self.settings.cube_use {
            return Err(CommandError::not_now(
                "The doubling cube has been disabled (see `help set cube use').",
            ));
        }
        if self.game().cube().offer.is_some() {
            return self.beaver_command(out);
        }
        // gnubg's test is that the player on turn is the player on roll: also false after a
        // declined resignation has handed the turn to a resigner not on roll (checked live).
        if self.game().resignation().is_some() || self.state().turn != self.state().on_roll {
            return Err(CommandError::not_now(
                "You are only allowed to double if you are on roll.",
            ));
        }
        // Then the dice rolled and the cube's owner, before gnubg's largest cube (checked live:
        // at a 64 cube gnubg answers a double after the roll or from the player without the
        // cube with those refusals), then the other refusals.
        let rolled = self.game().dice().is_some();
        let refusal = self.double_refusal(self.state().on_roll, rolled);
        let message = match refusal {
            Some(CubeRefusal::NotYourTurn) => {
                "You can't double after rolling the dice -- wait until your next turn."
            }
            Some(CubeRefusal::NotOwner) => "You do not own the cube.",
            _ if self.game().cube().value >= self.max_cube() => {
                "The cube is already at its highest supported value ; you can't double any more."
            }
            None => {
                self.offer_double(out);
                return Ok(());
            }
            Some(CubeRefusal::Dead) => "The cube is dead; you can't double any more.",
            Some(other) => return Err(CommandError::not_now(other.to_string())),
        };
        Err(CommandError::not_now(message))
    }

    /// Why the rules refuse a double by `doubler` (`rolled`: after rolling) in the current
    /// game: no cube, the Crawford game, the dice rolled, the opponent's cube, a dead cube;
    /// `None` when they allow it.
    pub(super) fn double_refusal(&self, doubler: Side, rolled: bool) -> Option<CubeRefusal> {
        let cube = Cube {
            offer: None,
            ..*self.game().cube()
        };
        let context = CubeContext {
            on_roll: doubler,
            rolled,
            ..self.cube_context()
        };
        cube.may_double(&context, doubler).err()
    }

    /// The player on roll doubles (already checked to be allowed); a computer opponent answers.
    pub(super) fn offer_double(&mut self, out: &mut Response) {
        // Only an answered double counts against repeating the opening roll (see `take`); a
        // double ends the last roll's return (see `last_roll`).
        // The rules also let a refused resignation be offered again once the game has moved on.
        for event in self.apply_checked(Action::Double) {
            out.event(event, &self.names);
        }
        self.board(out);
        if self.players[self.state().turn.index()] == PlayerKind::Computer {
            self.computer_answers_double(out);
        }
    }

    pub(super) fn take_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        if self.playing() {
            self.require_human_turn()?;
        }
        if !self.playing() || self.game().cube().offer.is_none() {
            return Err(CommandError::not_now(
                "The cube must have been offered before you can take it.",
            ));
        }
        self.take(out);
        Ok(())
    }

    pub(super) fn take(&mut self, out: &mut Response) {
        // The rules: the cube doubles and goes to the taker (after a beaver, the beaverer).
        for event in self.apply_checked(Action::Take) {
            out.event(event, &self.names);
        }
        self.hand_over(out);
    }

    pub(super) fn drop_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        if self.playing() {
            self.require_human_turn()?;
        }
        if !self.playing() || self.game().cube().offer.is_none() {
            return Err(CommandError::not_now(
                "The cube must have been offered before you can drop it.",
            ));
        }
        self.drop_cube(out);
        Ok(())
    }

    pub(super) fn drop_cube(&mut self, out: &mut Response) {
        let events = self.apply_checked(Action::Drop);
        self.finish_game(events, out);
    }

    pub(super) fn beaver_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        if self.playing() {
            self.require_human_turn()?;
        }
        if let Some(error) = self.beaver_refusal() {
            return Err(error);
        }
        self.beaver(out);
        Ok(())
    }

    /// Why a beaver is not allowed now, or `None` when it is: the rules' refusals in gnubg's
    /// words, then gnubg's largest cube.
    pub(super) fn beaver_refusal(&self) -> Option<CommandError> {
        let mut cube = *self.game().cube();
        if !self.playing() {
            cube.offer = None;
        }
        let message = match cube.beaver(&self.cube_context()) {
            Ok(_) if self.game().cube().value * 2 >= MAX_MONEY_CUBE => {
                "The cube is already at its highest supported value ; you can't double any more."
                    .to_string()
            }
            Ok(_) => return None,
            Err(CubeRefusal::BeaverInMatch) => {
                "Beavers and Raccoons are not permitted during match play.".to_string()
            }
            Err(CubeRefusal::BeaversDisabled) => {
                "Beavers are disabled (see `help set beavers').".to_string()
            }
            Err(CubeRefusal::NothingToAnswer) => {
                "The cube must have been offered before you can redouble it.".to_string()
            }
            Err(CubeRefusal::BeaversUsed) if self.settings.beavers == 1 => {
                "Only one beaver is permitted (see `help set beavers').".to_string()
            }
            Err(CubeRefusal::BeaversUsed) => format!(
                "Only {} beavers are permitted (see `help set beavers').",
                self.settings.beavers
            ),
            Err(other) => other.to_string(),
        };
        Some(CommandError::not_now(message))
    }

    pub(super) fn beaver(&mut self, out: &mut Response) {
        // The rules: the cube doubles, stays with the player doubled first, and is offered
        // back at twice that.
        for event in self.apply_checked(Action::Beaver) {
            out.event(event, &self.names);
        }
        self.board(out);
        if self.players[self.state().turn.index()] == PlayerKind::Computer {
            self.computer_answers_double(out);
        }
    }

    pub(super) fn computer_answers_double(&mut self, out: &mut Response) {
        let state = self.state();
        let beaver_allowed = self.beaver_refusal().is_none();
        let plies = self.computer_depth(state.turn).cube_decision;
        // After a beaver the doubler answers it: take, drop, or a raccoon (gnubg's rule).
        let answer = if state.turn == state.on_roll {
            evaluate::computer_answers_beaver(
                self.evaluator.get(),
                &state,
                !self.is_match() && self.settings.beavers > 0,
                beaver_allowed,
                plies,
            )
        } else {
            evaluate::computer_take_action(self.evaluator.get(), &state, beaver_allowed, plies)
        };
        match answer {
            TakeAction::Take => self.take(out),
            TakeAction::Drop => self.drop_cube(out),
            TakeAction::Beaver => self.beaver(out),
        }
    }

    pub(super) fn resign_command(
        &mut self,
        word: Option<&str>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        self.require_playing("You must be playing a game if you want to resign it.")?;
        self.require_human_turn()?;
        let level = match word.map(str::to_ascii_lowercase).as_deref() {
            None => Resignation::Single,
            Some(word) => {
                let matches = |full: &str| !word.is_empty() && full.starts_with(word);
                if word == "1" || matches("single") || matches("normal") {
                    Resignation::Single
                } else if word == "2" || matches("gammon") {
                    Resignation::Gammon
                } else if word == "3" || matches("backgammon") {
                    Resignation::Backgammon
                } else {
                    return Err(CommandError::bad_argument(format!(
                        "Unknown keyword `{}' (see `help resign').",
                        crate::echo::echoed(word)
                    )));
                }
            }
        };
        self.check_variant_resignation(level)?;
        // The player to act resigns, also instead of answering a double or a resignation, or
        // after gnubg gave him the turn back with his declined offer (see
        // `decline_resignation`); the rules withdraw a pending resignation, keep a pending
        // double and refuse an offer no larger than one declined since the game last moved on.
        let resigner = self.state().turn;
        let offer = Action::Resign {
            side: resigner,
            kind: level,
        };
        let events = self.apply_to_game(offer).map_err(|error| match error {
            GameError::AlreadyDeclined(declined) => CommandError::not_now(format!(
                "{} has already declined your offer of a {}.",
                self.name(resigner.opponent()),
                resignation_word(declined)
            )),
            other => CommandError::not_now(other.to_string()),
        })?;
        for event in events {
            out.event(event, &self.names);
        }
        self.board(out);
        if self.players[self.state().turn.index()] == PlayerKind::Computer {
            self.computer_answers_resignation(out);
        }
        Ok(())
    }

    pub(super) fn agree_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_human_turn()?;
        if self.game().resignation().is_none() {
            return Err(CommandError::not_now("No resignation was offered."));
        }
        self.accept_resignation(out);
        Ok(())
    }

    pub(super) fn accept_resignation(&mut self, out: &mut Response) {
        if self.game().resignation().is_none() {
            return;
        }
        // The rules score it: what was resigned times the cube (SC21); the Jacoby rule
        // changes only what the match counts the game as.
        let events = self.apply_checked(Action::Accept);
        self.finish_game(events, out);
    }

    pub(super) fn decline_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_human_turn()?;
        if self.game().resignation().is_none() {
            return Err(CommandError::not_now("No resignation was offered."));
        }
        self.decline_resignation(out);
        Ok(())
    }

    pub(super) fn decline_resignation(&mut self, out: &mut Response) {
        if self.game().resignation().is_none() {
            return;
        }
        let decliner = self.state().turn;
        for event in self.apply_checked(Action::Reject) {
            out.event(event, &self.names);
        }
        // gnubg hands the turn back to the resigner. One who resigned in answer to a double
        // has it from the rules (the double waits for his answer again); one who resigned on
        // roll or his opponent's turn does not (the rules give it to the player on roll).
        let resigner = decliner.opponent();
        self.shown.turn = (resigner != self.game().turn()).then_some(resigner);
        self.hand_over(out);
    }

    /// The computer on roll resigns where gnubg's computer would
    /// ([`evaluate::computer_resignation`]: a certain loss in a race), unless the rules refuse
    /// the offer (one no larger was declined since the game last moved on, as gnubg's computer
    /// offers only more than it was refused); a computer opponent answers at once. Returns
    /// whether it resigned. `after_play`: a play was just made, whose board gnubg shows
    /// before the offer (checked live).
    pub(super) fn computer_resigns(&mut self, after_play: bool, out: &mut Response) -> bool {
        // gnubg's computer plays gnubg's variations only; tavli's other variants are judged
        // by scores that are not chances.
        if !self.game().rules().variant().is_gnubg_variation() {
            return false;
        }
        let state = self.state();
        let Some(kind) = evaluate::computer_resignation(self.evaluator.get(), &state) else {
            return false;
        };
        let offer = Action::Resign {
            side: state.on_roll,
            kind,
        };
        let before = after_play.then(|| self.snapshot());
        let Ok(events) = self.apply_to_game(offer) else {
            return false;
        };
        if let Some(board) = before {
            out.board(board);
        }
        for event in events {
            out.event(event, &self.names);
        }
        self.board(out);
        if self.players[self.state().turn.index()] == PlayerKind::Computer {
            self.computer_answers_resignation(out);
        }
        true
    }

    pub(super) fn computer_answers_resignation(&mut self, out: &mut Response) {
        let Some(level) = self.state().resignation else {
            return;
        };
        let receiver = self.state().turn;
        if self.computer_accepts_now(receiver, level.points()) {
            self.accept_resignation(out);
        } else {
            self.decline_resignation(out);
        }
    }
}
