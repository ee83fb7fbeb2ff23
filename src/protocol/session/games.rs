//! Games, matches and sessions: starting them, the opening roll, the end of a game, the score and the Crawford flags.

use super::turn::unreachable_dice;
use super::*;
use crate::rules::game::{Action, Event};

impl Session {
    pub(super) fn new_command(
        &mut self,
        new: NewCommand,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        match new {
            NewCommand::Game => {
                if self.match_play.winner().is_some() {
                    return Err(CommandError::not_now("The match is already over."));
                }
                if self.match_play.state() == GameState::NoGame
                    && self.match_play.games_played() == 0
                {
                    self.start_session(0, out);
                }
                self.start_game(out, false);
                Ok(())
            }
            NewCommand::Session => {
                out.reply(Reply::SessionStarted);
                self.start_session(0, out);
                self.start_game(out, false);
                Ok(())
            }
            NewCommand::Match(length) => {
                let length = match length {
                    None => self.settings.match_length,
                    Some(Ok(length)) => length,
                    Some(Err(_)) => {
                        return Err(CommandError::bad_argument(format!(
                            "GNU Backgammon is compiled with support only for matches of length {MAX_MATCH_LENGTH}\nand below"
                        )))
                    }
                };
                if length == 0 {
                    out.reply(Reply::SessionStarted);
                } else {
                    out.reply(Reply::MatchStarted { length });
                    self.names = self.default_names.clone();
                }
                self.start_session(length, out);
                self.start_game(out, false);
                Ok(())
            }
        }
    }

    /// A new match to `length` (0: a money session) with the settings' variant, Jacoby rule
    /// (money play with the cube) and beavers; the game of the previous match or session is
    /// over for good.
    pub(super) fn start_session(&mut self, length: u32, _out: &mut Response) {
        let rules = RuleSet::new(self.settings.variation);
        let context = MatchContext {
            length,
            score: [0, 0],
            crawford: false,
            jacoby: self.settings.jacoby && length == 0 && rules.cube_in_use(),
            beavers: self.settings.beavers,
        };
        self.match_play = Match::new(rules, context, self.game().on_roll());
        self.match_play
            .set_automatic_crawford(self.settings.automatic.crawford);
        self.shown = match_state::Shown::default();
        self.start_variant_session();
        self.archive = files::Archive::default();
    }

    pub(super) fn start_game(&mut self, out: &mut Response, automatic: bool) {
        let variant = self.game_variant();
        // A fresh game; who is on roll waits for the opening roll. A game abandoned by `new
        // game` does not count (the match puts the Crawford state back, see
        // `Match::start_game`); callers start no game in a match already won.
        if self.match_play.start_game(RuleSet::new(variant)).is_err() {
            return;
        }
        self.shown = match_state::Shown::default();
        self.loaded = record::LoadedRecord::default();
        if self.start_fresh_roll_game(out) {
            return;
        }
        let mut automatic_doubles = 0;
        let mut cube_value = 1;
        // gnubg quirk (found by experiment): a game started automatically after a game in
        // which nobody rolled or answered a double after the opening (it ended by a resignation or by
        // bearing off from a `set board` position) repeats that opening roll without drawing.
        let repeat = if automatic && self.repeat_opening {
            self.last_opening
        } else {
            None
        };
        let (first, second) = if let Some((first, second)) = repeat {
            out.reply(Reply::OpeningRoll {
                names: self.names.clone(),
                dice: [first, second],
            });
            (first, second)
        } else {
            loop {
                let (first, second) = self.rng.pair();
                out.reply(Reply::OpeningRoll {
                    names: self.names.clone(),
                    dice: [first, second],
                });
                if first != second {
                    break (first, second);
                }
                if !self.is_match()
                    && self.settings.cube_use
                    && automatic_doubles < self.settings.automatic.doubles
                    && cube_value < MAX_MONEY_CUBE
                {
                    automatic_doubles += 1;
                    cube_value *= 2;
                    out.reply(Reply::AutomaticDouble { cube: cube_value });
                }
            }
        };
        self.last_opening = Some((first, second));
        let winner = if first > second { Side::O } else { Side::X };
        let dice =
            Dice::new(first.max(second), first.min(second)).unwrap_or_else(|_| unreachable_dice());
        if cube_value > 1 {
            self.apply_checked(Action::SetCube {
                value: cube_value,
                owner: None,
            });
        }
        // The winner plays the opening dice: the game's opening roll, his (his `Rolled` event).
        for event in self.apply_checked_by(winner, Action::Roll(dice)) {
            out.event(event, &self.names);
        }
        // The opening roll itself does not count (see `apply_to_game`).
        self.rolled_since_opening = false;
        self.board(out);
        if automatic && self.players[winner.index()] == PlayerKind::Human {
            self.board(out);
        }
        self.hand_over(out);
    }

    /// Reports the end of a game the match has just counted: `events` are the match's events
    /// from the game's end on (the win or Plakoto's draw, then the match won if it is), and
    /// after them gnubg's account: what the game counts as, the score, and the match won or
    /// else the next game. One path for every variant and every ending.
    pub(super) fn finish_game(&mut self, events: Vec<Event>, out: &mut Response) {
        let mut match_won = None;
        for event in events {
            match event {
                Event::MatchWon { .. } => match_won = Some(event),
                _ => out.event(event, &self.names),
            }
        }
        let Some(outcome) = self.match_play.results().last().copied() else {
            return;
        };
        match outcome.winner {
            Some(winner) => {
                self.archive_game(winner, outcome.points);
                self.repeat_opening = !self.rolled_since_opening;
                // What gnubg leaves of the finished game in its Match ID: see `Session::state`.
                out.reply(Reply::GameScored {
                    side: NamedSide::new(winner, self.name(winner)),
                    counted_as: outcome.counted_as,
                    points: outcome.points,
                });
            }
            None => self.repeat_opening = false,
        }
        self.record_winner(outcome.winner);
        out.reply(Reply::Score(self.score_report()));
        if let Some(event) = match_won {
            out.event(event, &self.names);
            self.board(out);
            return;
        }
        if self.settings.automatic.game && self.starts_next_game_automatically() {
            self.start_game(out, true);
        }
    }

    /// Where the match stands, for gnubg's score line.
    pub(super) fn score_report(&self) -> ScoreReport {
        let context = self.match_play.context();
        ScoreReport {
            names: self.names.clone(),
            score: context.score,
            games: self.match_play.games_played(),
            length: context.length,
            crawford: context.crawford,
            post_crawford: self.match_play.is_post_crawford(),
            jacoby: context.jacoby,
        }
    }

    pub(super) fn swap_players(&mut self, out: &mut Response) -> Result<(), CommandError> {
        if !self.playing() {
            return Err(CommandError::not_now("No game in progress."));
        }
        self.swap_sides();
        self.board(out);
        self.board(out);
        Ok(())
    }

    /// Exchanges the two players: names, who plays them, scores, checkers, turn and cube,
    /// and, as gnubg does (checked live with `list game` and the saved files), who made each
    /// recorded action of the match.
    pub(super) fn swap_sides(&mut self) {
        self.names.swap(0, 1);
        self.players.swap(0, 1);
        self.match_play.swap();
        self.loaded = self.loaded.swapped();
        self.archive.swap_sides();
        self.shown.turn = self.shown.turn.map(Side::opponent);
    }
}
