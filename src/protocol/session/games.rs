//! Games, matches and sessions: starting them, the opening roll, the end of a game, the score and the Crawford flags.

use super::turn::unreachable_dice;
use super::*;
use crate::rules::game::{Action, Ending, Event};
use crate::rules::variants::WinKind;

impl Session {
    pub(super) fn new_command(
        &mut self,
        new: NewCommand,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        match new {
            NewCommand::Game => {
                if self.match_over {
                    return Err(CommandError::not_now("The match is already over."));
                }
                if self.game_state == GameState::NoGame && self.games_played == 0 {
                    self.start_session(0, out);
                }
                self.start_game(out, false);
                Ok(())
            }
            NewCommand::Session => {
                out.line("A new session has been started.");
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
                    out.line("A new session has been started.");
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

    pub(super) fn start_session(&mut self, length: u32, _out: &mut Response) {
        let context = MatchContext {
            length,
            score: [0, 0],
            crawford: false,
            jacoby: self.settings.jacoby && length == 0,
            beavers: self.settings.beavers,
        };
        self.game = match_state::fresh_game(self.settings.variation, context, self.game.on_roll());
        self.shown = match_state::Shown::default();
        self.start_variant_session();
        self.games_played = 0;
        self.post_crawford = false;
        self.post_crawford_at_start = false;
        // The game of the previous match or session is over for good.
        self.game_state = GameState::NoGame;
        self.match_over = false;
        self.archive = files::Archive::default();
    }

    pub(super) fn start_game(&mut self, out: &mut Response, automatic: bool) {
        let variant = self.game_variant();
        // A game abandoned by `new game` after an earlier game of the match does not count:
        // its Crawford settings go back to what that earlier game left (gnubg recomputes them
        // from the game record; with no earlier game it keeps the current ones).
        if self.playing() && self.games_played > 0 {
            self.post_crawford = self.post_crawford_at_start;
        } else if self.playing() && self.game.context().crawford {
            // Abandoning a Crawford game that no earlier game led to counts as having played it.
            self.post_crawford = true;
        }
        self.post_crawford_at_start = self.post_crawford;
        // A fresh game; who is on roll waits for the opening roll.
        self.game = match_state::fresh_game(variant, *self.game.context(), self.game.on_roll());
        self.shown = match_state::Shown::default();
        self.game_state = GameState::Playing;
        self.update_crawford_flags();
        self.last_roll = None;
        self.actions.clear();
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
        self.rolled_since_opening = false;
        let winner = if first > second { Side::O } else { Side::X };
        let dice =
            Dice::new(first.max(second), first.min(second)).unwrap_or_else(|_| unreachable_dice());
        if cube_value > 1 {
            self.apply_checked(Action::SetCube {
                value: cube_value,
                owner: None,
            });
        }
        self.apply_checked(Action::SetTurn(winner));
        self.apply_checked(Action::SetDice(dice));
        self.actions.push(GameAction::Roll { side: winner, dice });
        out.event(Event::Rolled { side: winner, dice }, &self.names);
        self.board(out);
        if automatic && self.players[winner.index()] == PlayerKind::Human {
            self.board(out);
        }
        self.hand_over(out);
    }

    /// Points for a game won by `winner` with result `result` (before the cube), gnubg's
    /// Jacoby rule applied: (the word printed, the points).
    pub(super) fn scored(&self, result: Resignation) -> Resignation {
        let state = &self.state();
        let money_jacoby = !state.is_match() && state.jacoby;
        if state
            .rules()
            .jacoby_counts_single(money_jacoby, state.cube_owner.is_none())
        {
            Resignation::Single
        } else {
            result
        }
    }

    /// Ends the game the rules ended with `ending` after a play: a [`Event::Won`] by
    /// bearing off or Plakoto's mother rule (its points counting the cube, and the Jacoby
    /// rule in money play), or a Plakoto [`Event::Drawn`]. One path for every variant.
    pub(super) fn end_game(&mut self, ending: Event, out: &mut Response) {
        self.game_state = GameState::Over;
        let Event::Won {
            winner,
            ending: Ending::Played(kind),
            points,
        } = ending
        else {
            self.finish_drawn_game(out);
            return;
        };
        if kind == WinKind::Mother {
            out.line(format!(
                "{}'s mother checker is pinned.",
                self.name(winner.opponent())
            ));
        }
        let word = match kind {
            WinKind::Single => Resignation::Single,
            WinKind::Gammon | WinKind::Mother => Resignation::Gammon,
            WinKind::Backgammon => Resignation::Backgammon,
        };
        let word = self.scored(word);
        out.event(ending, &self.names);
        self.finish_game(winner, word, points, out);
    }

    /// Records the end of a game: result lines, score, match end, next game.
    pub(super) fn finish_game(
        &mut self,
        winner: Side,
        word: Resignation,
        points: u32,
        out: &mut Response,
    ) {
        self.archive_game(winner, points);
        self.repeat_opening = !self.rolled_since_opening;
        // What gnubg leaves of the finished game in its Match ID: see `Session::state`.
        out.line(format!(
            "{} wins a {} and {}.",
            self.name(winner),
            resignation_word(word),
            counted(points, "point")
        ));
        self.edit_match(|context| context.score[winner.index()] += points);
        self.record_winner(winner);
        self.games_played += 1;
        let length = self.game.context().length;
        let over = length > 0 && self.game.context().score[winner.index()] >= length;
        if over {
            self.edit_match(|context| context.crawford = false);
        } else if length > 0 {
            if self.game.context().crawford {
                self.post_crawford = true;
            }
            self.update_crawford_flags();
        }
        if length > 0 {
            out.partial(self.score_line());
        } else {
            out.line(self.score_line());
        }
        if over {
            self.match_over = true;
            out.line(format!("{} has won the match.", self.name(winner)));
            self.board(out);
            return;
        }
        if self.settings.automatic.game && self.starts_next_game_automatically() {
            self.start_game(out, true);
        }
    }

    /// gnubg's Crawford flags for the game about to be played: the Crawford game when exactly
    /// one player is 1-away for the first time, post-Crawford play once anybody is 1-away
    /// otherwise (a 1-point match is post-Crawford from the start).
    pub(super) fn update_crawford_flags(&mut self) {
        let rules = self.game.rules();
        let MatchContext { length, score, .. } = *self.game.context();
        let crawford = rules.has_crawford_rule(length)
            && self.settings.automatic.crawford
            && rules.is_crawford_game(length, score, self.post_crawford);
        self.edit_match(|context| context.crawford = crawford);
        if rules.has_crawford_rule(length)
            && !crawford
            && score.iter().any(|&score| score + 1 == length)
        {
            self.post_crawford = true;
        }
    }

    pub(super) fn score_line(&self) -> String {
        let state = &self.state();
        let games = counted(self.games_played, "game");
        let scores = format!(
            "{} {}, {} {}",
            self.names[0], state.score[0], self.names[1], state.score[1]
        );
        if state.is_match() {
            let length = state.match_length;
            let suffix = if state.crawford {
                ", Crawford game"
            } else if self.post_crawford {
                ", post-Crawford play"
            } else {
                ""
            };
            format!(
                "The score (after {games}) is: {scores} (match to {}{suffix})",
                counted(length, "point")
            )
        } else {
            format!(
                "The score (after {games}) is: {scores} (money session, {} Jacoby rule).",
                if state.jacoby { "with" } else { "without" }
            )
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
        self.game = self.game.swapped();
        self.actions = self.actions.iter().map(GameAction::swapped).collect();
        self.archive.swap_sides();
        self.shown.turn = self.shown.turn.map(Side::opponent);
        self.last_roll = self.last_roll.map(|(side, dice)| (side.opponent(), dice));
    }
}
