//! Games, matches and sessions: starting them, the opening roll, the end of a game, the score and the Crawford flags.

use super::turn::unreachable_dice;
use super::*;
use crate::rules::game::{Action, Event, Opening};

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
        self.archive = files::Archive::new_match(self.settings.automatic.crawford && length > 1);
    }

    pub(super) fn start_game(&mut self, out: &mut Response, automatic: bool) {
        let variant = self.game_variant();
        // gnubg quirk (found by experiment): a game started automatically after a game in
        // which nobody rolled or answered a double after the opening (it ended by a
        // resignation or by bearing off from a `set board` position) repeats that opening
        // roll without drawing. Read off the finished game before the new one replaces it.
        let repeat = if automatic {
            opening_to_repeat(self.game())
        } else {
            None
        };
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
        // The winner plays the opening dice: the game's opening roll, his (his `Rolled`
        // event, which is all gnubg shows of the game's events).
        for event in self.roll_opening(repeat, out) {
            if !matches!(event, Event::Opened { .. }) {
                out.event(event, &self.names);
            }
        }
        // gnubg shows a game started automatically twice, whoever won its opening roll and
        // whatever ended the game before (a play, a dropped double, an accepted resignation;
        // checked live with human and computer players).
        self.board(out);
        if automatic {
            self.board(out);
        }
        self.hand_over(out);
    }

    /// The game's opening roll, one die each, shown as gnubg shows it: rolled again on a
    /// tie, when gnubg's automatic doubles turn the cube in money play (`set automatic
    /// doubles`), or `repeat`ed. Returns the game's events of the roll that decided.
    pub(super) fn roll_opening(&mut self, repeat: Option<Dice>, out: &mut Response) -> Vec<Event> {
        let mut automatic_doubles = 0;
        let mut cube_value = 1;
        loop {
            let (dice, repeated) = match repeat {
                Some(dice) => (dice, true),
                None => {
                    let (first, second) = self.rng.pair();
                    let dice = Dice::new(first, second).unwrap_or_else(|_| unreachable_dice());
                    (dice, false)
                }
            };
            out.reply(Reply::OpeningRoll {
                names: self.names.clone(),
                dice: [dice.first(), dice.second()],
            });
            let events = self.apply_checked(Action::OpeningRoll { dice, repeated });
            if !dice.is_double() || repeated {
                return events;
            }
            if self.game().rules().cube_in_use()
                && !self.is_match()
                && self.settings.cube_use
                && automatic_doubles < self.settings.automatic.doubles
                && cube_value < MAX_MONEY_CUBE
            {
                automatic_doubles += 1;
                cube_value *= 2;
                out.reply(Reply::AutomaticDouble { cube: cube_value });
                self.apply_checked(Action::SetCube {
                    value: cube_value,
                    owner: None,
                });
            }
        }
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
        if let Some(winner) = outcome.winner {
            self.archive_game(winner, outcome.points);
            // What gnubg leaves of the finished game in its Match ID: see `Session::state`.
            out.reply(Reply::GameScored {
                side: NamedSide::new(winner, self.name(winner)),
                counted_as: outcome.counted_as,
                points: outcome.points,
            });
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

/// The opening roll a game started automatically after `game` repeats (see `start_game`):
/// `game`'s own opening roll, when it was won (not drawn) and nobody rolled (the starter's
/// roll of the opening dice aside) or answered a double after it. A game whose starter was
/// the previous winner has no opening roll to repeat.
fn opening_to_repeat(game: &Game) -> Option<Dice> {
    if !matches!(game.result(), Some(Event::Won { .. })) {
        return None;
    }
    let log = game.log();
    let opened = log
        .iter()
        .rposition(|event| matches!(event, Event::Opened { .. }))?;
    let Event::Opened {
        opening: Opening::Rolled { dice, .. },
        ..
    } = log[opened]
    else {
        return None;
    };
    // gnubg (checked live): a roll, or a double taken, dropped or beavered, stops the next
    // game from repeating the opening roll; a double withdrawn by `set dice` or still
    // pending under an accepted resignation does not.
    let mut moved_on = log[opened + 1..].iter().filter(|event| {
        matches!(
            event,
            Event::Rolled { .. }
                | Event::Took { .. }
                | Event::Dropped { .. }
                | Event::Beavered { .. }
        )
    });
    if game.opening_roll().is_some() {
        moved_on.next();
    }
    moved_on.next().is_none().then_some(dice)
}
