//! Rolling, moving and handing the turn over: the dice, plays, forced moves and the computer's turns.

use super::*;
use crate::rules::game::{Action, Event};

impl Session {
    /// Whether `side` could double now (ignoring whether the dice are rolled): gnubg's test
    /// for rolling automatically.
    pub(super) fn can_double(&self, side: Side) -> bool {
        let state = &self.state();
        if !self.settings.cube_use || state.crawford || state.cube_value >= self.max_cube() {
            return false;
        }
        self.double_refusal(side, false).is_none()
    }

    /// Rolls the dice for the player on roll: the game's roll, reported by its events. Returns
    /// what the game answers after the roll itself: Athroisma's reroll, which is reported
    /// after the board showing the dice (see `settle_roll`); empty otherwise.
    pub(super) fn roll_dice(&mut self, out: &mut Response) -> Vec<Event> {
        // gnubg rolls for the player on turn: a resigner handed the turn by a declined
        // resignation (see `decline_resignation`) becomes the player on roll (checked live).
        if self.state().turn != self.state().on_roll
            && self.game().cube().offer.is_none()
            && self.game().resignation().is_none()
        {
            self.apply_checked(Action::SetTurn(self.state().turn));
        }
        let side = self.state().on_roll;
        // gnubg quirk (found by experiment): a player who rolls again before any double
        // (possible after `set turn`), the checkers standing as when he rolled, gets the dice
        // of his last roll back, even if `set dice` changed them in between or he played and
        // the board was set back; the generator is not drawn.
        let rolled_on = position_id::encode(self.game().board(), side);
        let (dice, as_rolled) = match self.last_roll() {
            Some((owner, dice)) if owner == side => (dice, dice),
            _ => {
                let (first, second) = self.rng.pair();
                let rolled = Dice::new(first, second).unwrap_or_else(|_| unreachable_dice());
                (rolled.high_first(), rolled)
            }
        };
        // The game's roll (a refused resignation may be offered again). The game and its
        // events keep the dice high die first; in gnubg's variations the board shows the
        // computer's in the order they came until it plays (see `Shown::dice`).
        let mut events = self.apply_checked(Action::Roll(dice));
        self.rolled_on = Some((side, rolled_on));
        let after_roll = events.split_off(events.len().min(1));
        if self.players[side.index()] == PlayerKind::Computer
            && self.game().rules().is_gnubg_variation()
        {
            self.shown.dice = Some(as_rolled);
        }
        if !after_roll.is_empty() {
            // Dice the rules roll again (Athroisma) are shown until rolled again; the game
            // does not keep them, nor does the record.
            self.shown.dice = Some(dice);
        }
        for event in events {
            out.event(event, &self.names);
        }
        after_roll
    }

    /// The last roll drawn and by which seat, as gnubg gives it back (see `roll_dice`): the
    /// last roll of the game's log while the checkers stand, in that seat's view, as when it
    /// was rolled (also set back so after a play, a board edit or an ID; the seats exchanged
    /// by `swap players` or an XGID keep their rolls: found by experiment), until a double
    /// or a roll rolled again (Athroisma); the opening roll is none.
    pub(super) fn last_roll(&self) -> Option<(Side, Dice)> {
        let game = self.game();
        let log = game.log();
        let opening = game.opening_roll().and_then(|_| {
            log.iter()
                .position(|event| matches!(event, Event::Rolled { .. }))
        });
        let (seat, rolled_on) = self.rolled_on.as_ref()?;
        for (index, event) in log.iter().enumerate().rev() {
            match *event {
                Event::Rolled { dice, .. } => {
                    let standing = position_id::encode(game.board(), *seat) == *rolled_on;
                    return (Some(index) != opening && standing).then_some((*seat, dice));
                }
                Event::Rerolled { .. } | Event::Doubled { .. } => return None,
                _ => {}
            }
        }
        None
    }

    /// Makes `play` for the player on roll (the rules pass the turn or end the game),
    /// `announced` when gnubg prints it (the computer's and forced plays); returns true when
    /// it ended the game.
    pub(super) fn make_play(&mut self, play: &Play, announced: bool, out: &mut Response) -> bool {
        let mover = self.state().on_roll;
        let Some(dice) = self.game().dice() else {
            return false;
        };
        let notation = self.play_notation(mover, dice, play);
        let mut events = self.apply_checked(Action::Play(*play));
        let ending = events.split_off(events.len().min(1));
        if let Some(&played) = events.first() {
            out.play_event(played, notation.clone(), &self.names, announced);
        }
        if ending.is_empty() {
            return false;
        }
        // The play ended the game: the rules' win or draw, counted by the match.
        self.finish_game(ending, out);
        true
    }

    /// After the dice are rolled for the player on roll (`after_roll`: what the game
    /// answered after the roll, see `roll_dice`): rolls again where the rules say so, handles
    /// "cannot move" and forced moves. Returns true when the turn passed (or the game ended)
    /// without the user.
    pub(super) fn settle_roll(&mut self, after_roll: Vec<Event>, out: &mut Response) -> bool {
        self.reroll_while_required(after_roll, out);
        let Some(dice) = self.game().dice() else {
            return false;
        };
        let mover = self.state().on_roll;
        let plays = self.legal_plays_now(mover, dice);
        if plays.is_empty() {
            self.pass_without_move(out);
            return true;
        }
        let computer = self.players[mover.index()] == PlayerKind::Computer;
        if computer || (self.settings.automatic.moves && plays.len() == 1) {
            let play = if computer {
                self.computer_play_now(dice)
            } else {
                plays.into_iter().next()
            };
            let Some(play) = play else {
                return false;
            };
            // When the play ended the game, the next game (if any) has been handed over already.
            return !self.make_play(&play, true, out);
        }
        false
    }

    /// `mover`, who has no legal play with `dice`, passes the turn (the rules check it).
    pub(super) fn pass_without_move(&mut self, out: &mut Response) {
        for event in self.apply_checked(Action::CannotMove) {
            out.event(event, &self.names);
        }
    }

    /// Hands the turn to the player on roll: prints the boards gnubg prints, rolls for a player
    /// who cannot double, plays for the computer, until a human must act or the game ends.
    pub(super) fn hand_over(&mut self, out: &mut Response) {
        self.hand_over_from(false, out);
    }

    /// [`Session::hand_over`] after a play (or a pass) just made: gnubg shows the board after
    /// every play, also before the computer's double that follows it.
    pub(super) fn hand_over_after_play(&mut self, out: &mut Response) {
        self.hand_over_from(true, out);
    }

    fn hand_over_from(&mut self, mut after_play: bool, out: &mut Response) {
        for _ in 0..1000 {
            if !self.playing() {
                return;
            }
            let side = self.state().turn;
            let computer = self.players[side.index()] == PlayerKind::Computer;
            if self.game().cube().offer.is_some() || self.game().resignation().is_some() {
                self.board(out);
                return;
            }
            if computer {
                // gnubg's computer considers resigning first, rolled or not (checked live).
                if side == self.state().on_roll && self.computer_resigns(after_play, out) {
                    return;
                }
                if self.game().dice().is_none() {
                    // gnubg prints no board before the computer's double but the one after
                    // the play before it (checked live: a human's or a computer's play, and
                    // none after `set board` and `play`).
                    if self.can_double(side)
                        && evaluate::computer_doubles(
                            self.evaluator.get(),
                            &self.state(),
                            self.beaver_possible(),
                            self.computer_depth(side).cube_decision,
                        )
                    {
                        if after_play {
                            self.board(out);
                        }
                        self.offer_double(out);
                        return;
                    }
                    self.board(out);
                    let after_roll = self.roll_dice(out);
                    self.board(out);
                    if !self.settle_roll(after_roll, out) {
                        return;
                    }
                } else if !self.settle_roll(Vec::new(), out) {
                    return;
                }
                after_play = true;
                continue;
            }
            self.board(out);
            // Dice already on the board (the opening roll, `set dice`) wait for the user.
            if self.game().dice().is_some()
                || !self.settings.automatic.roll
                || self.can_double(side)
            {
                return;
            }
            let after_roll = self.roll_dice(out);
            self.board(out);
            if !self.settle_roll(after_roll, out) {
                return;
            }
        }
    }

    pub(super) fn roll_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_game()?;
        self.require_human_turn()?;
        if self.game().cube().offer.is_some() {
            return Err(CommandError::not_now(format!(
                "Please wait for {} to consider the cube before moving.",
                self.name(self.state().turn)
            )));
        }
        if self.game().resignation().is_some() {
            return Err(CommandError::not_now(
                "Please resolve the resignation first.",
            ));
        }
        if self.game().dice().is_some() {
            return Err(CommandError::not_now("You have already rolled the dice."));
        }
        let after_roll = self.roll_dice(out);
        self.board(out);
        if self.settle_roll(after_roll, out) {
            self.hand_over_after_play(out);
        }
        Ok(())
    }

    pub(super) fn move_command(
        &mut self,
        text: Option<&str>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        self.require_game()?;
        self.require_human_turn()?;
        let Some(dice) = self
            .game()
            .dice()
            .filter(|_| self.game().cube().offer.is_none())
        else {
            return Err(CommandError::not_now(
                "You must roll the dice before you can move.",
            ));
        };
        if self.game().resignation().is_some() {
            return Err(CommandError::not_now(format!(
                "Please wait for {} to consider the resignation before moving.",
                self.name(self.state().turn)
            )));
        }
        let mover = self.state().on_roll;
        let play = match text {
            None => {
                let plays = self.legal_plays_now(mover, dice);
                match plays.as_slice() {
                    [] => {
                        self.pass_without_move(out);
                        self.hand_over_after_play(out);
                        return Ok(());
                    }
                    [only] => *only,
                    _ => {
                        return Err(CommandError::not_now(
                            "You must specify a move (type `help move' for instructions).",
                        ))
                    }
                }
            }
            Some(text) => self.resolve_typed_move(text, mover, dice)?,
        };
        // gnubg announces the play it made for `move` alone, not one the user typed.
        if !self.make_play(&play, text.is_none(), out) {
            self.hand_over_after_play(out);
        }
        Ok(())
    }

    pub(super) fn play_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_game()?;
        let side = self.state().turn;
        if self.players[side.index()] != PlayerKind::Computer {
            return Err(CommandError::not_now(
                "It's not the computer's turn to play.",
            ));
        }
        if self.game().cube().offer.is_some() {
            self.computer_answers_double(out);
            return Ok(());
        }
        if self.game().resignation().is_some() {
            self.computer_answers_resignation(out);
            return Ok(());
        }
        self.hand_over(out);
        Ok(())
    }

    /// `end game`: the computer plays both sides to the end of the game without printing the
    /// moves (as gnubg does), then reports `Game complete.`, the winner and the final board;
    /// the next game starts as usual. The plays are tavli's evaluator's, so they differ from
    /// gnubg's own.
    pub(super) fn end_game_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_game()?;
        let players = self.players;
        let automatic_game = self.settings.automatic.game;
        let score_before = self.match_play.context().score;
        self.players = [PlayerKind::Computer; 2];
        self.settings.automatic.game = false;
        let mut silent = Response::new();
        for _ in 0..10_000 {
            if !self.playing() {
                break;
            }
            if self.game().cube().offer.is_some() {
                self.computer_answers_double(&mut silent);
            } else if self.game().resignation().is_some() {
                self.computer_answers_resignation(&mut silent);
            } else {
                self.hand_over(&mut silent);
            }
        }
        self.players = players;
        self.settings.automatic.game = automatic_game;
        let gained =
            |side: Side| self.match_play.context().score[side.index()] - score_before[side.index()];
        let winner = Side::BOTH.into_iter().find(|&side| gained(side) > 0);
        out.reply(Reply::GameComplete {
            winner: winner.map(|winner| GameWinner {
                side: NamedSide::new(winner, self.name(winner)),
                points: gained(winner),
            }),
        });
        if winner.is_some() {
            let match_won = silent.outputs.iter().find(|output| {
                matches!(output, Output::Event { event } if matches!(event.event, Event::MatchWon { .. }))
            });
            if let Some(match_won) = match_won {
                self.board(out);
                out.outputs.push(match_won.clone());
            } else if automatic_game {
                // gnubg starts the next game first, as `new game` does, then shows the new
                // game's board again when a human starts it, not after the computer's first
                // turn (checked live).
                self.start_game(out, false);
                let computer_played =
                    self.game().log().iter().any(|event| {
                        matches!(event, Event::Played { .. } | Event::CannotMove { .. })
                    });
                if !computer_played {
                    self.board(out);
                }
            } else {
                // Without a next game gnubg shows the game's result and the score, as a
                // game ended by a play does, and no board (checked live).
                out.outputs.extend(silent.outputs.into_iter().filter(|output| {
                    matches!(output, Output::Reply { reply } if matches!(**reply, Reply::GameScored { .. } | Reply::Score(_)))
                }));
            }
        }
        Ok(())
    }
}

pub(super) fn unreachable_dice() -> Dice {
    // Dice drawn by the generator are always 1..=6; this is the documented fallback.
    Dice::all_rolls()
        .first()
        .copied()
        .unwrap_or_else(|| Dice::parse("11").unwrap_or_else(|_| unreachable!("11 is a roll")))
}
