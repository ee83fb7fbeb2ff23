//! `show`, `hint` and `list game`: what the session reports about itself.

use super::settings::beavers_text;
use super::*;
use crate::notation::format_recorded_play;

impl Session {
    pub(super) fn show_command(
        &mut self,
        show: ShowCommand,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let state = &self.state();
        let no_position =
            || CommandError::not_now("No position specified and no game in progress.");
        match show {
            ShowCommand::Evaluation => self.show_evaluation(out),
            ShowCommand::Automatic => {
                let automatic = &self.settings.automatic;
                out.reply(Reply::Automatic {
                    bearoff: automatic.bearoff,
                    crawford: automatic.crawford,
                    doubles: automatic.doubles,
                    game: automatic.game,
                    moves: automatic.moves,
                    roll: automatic.roll,
                });
            }
            ShowCommand::Beavers => out.line(beavers_text(self.settings.beavers)),
            ShowCommand::Board(None) => {
                if state.game_state == GameState::NoGame {
                    return Err(no_position());
                }
                self.board(out);
            }
            ShowCommand::Board(Some(id)) => {
                let (variant, board) = match self.shown_position(&id)? {
                    Some(shown) => shown,
                    None => (
                        state.variant,
                        position_id::decode_lenient(&id, Side::X, state.variant)
                            .map_err(|_| CommandError::bad_argument("Illegal position."))?,
                    ),
                };
                let mut shown = *state;
                shown.variant = variant;
                shown.board = board;
                shown.on_roll = Side::X;
                shown.turn = Side::X;
                out.board(BoardSnapshot {
                    state: shown,
                    names: self.names.clone(),
                    clockwise: self.settings.clockwise,
                    annotated: false,
                });
            }
            ShowCommand::Crawford => {
                if !state.is_match() {
                    out.line("Crawford rule is not used in money sessions.");
                } else if state.crawford {
                    out.line("This game is the Crawford game.");
                } else {
                    out.line("This game is not the Crawford game");
                }
            }
            ShowCommand::PostCrawford => {
                if !state.is_match() {
                    out.line("Crawford rule is not used in money sessions.");
                } else if !state.crawford && self.post_crawford {
                    out.line("This is post-Crawford play.");
                } else {
                    out.line("This is not post-Crawford play.");
                }
            }
            ShowCommand::Cube => {
                if !self.playing() {
                    return Err(CommandError::not_now("There is no game in progress."));
                }
                if !state.rules().cube_in_use() {
                    out.reply(Reply::PlayedWithoutCube {
                        variant: variant_title(state.variant).to_string(),
                    });
                } else if state.crawford {
                    out.line("The cube is disabled during the Crawford game.");
                } else if !self.settings.cube_use {
                    out.line("The doubling cube is disabled.");
                } else {
                    match state.cube_owner {
                        None => out.partial(format!(
                            "The cube is at {}, and is centred.",
                            state.cube_value
                        )),
                        Some(owner) => out.partial(format!(
                            "The cube is at {}, and is owned by {}.",
                            state.cube_value,
                            self.name(owner)
                        )),
                    }
                }
            }
            ShowCommand::Dice => {
                if !self.playing() {
                    out.line("The dice will not be rolled until a game is started.");
                } else {
                    out.reply(Reply::Dice {
                        player: self.name(state.on_roll).to_string(),
                        dice: state.dice.map(|dice| [dice.first(), dice.second()]),
                    });
                }
            }
            ShowCommand::Jacoby => {
                out.reply(Reply::Jacoby {
                    session: (!state.is_match()).then_some(state.jacoby),
                    new_sessions: self.settings.jacoby,
                });
            }
            ShowCommand::MatchLength => out.reply(Reply::MatchLength {
                points: self.settings.match_length,
            }),
            ShowCommand::PipCount(id) => {
                let names = [self.names[0].as_str(), self.names[1].as_str()];
                let text = match id {
                    None => {
                        if state.game_state == GameState::NoGame {
                            return Err(no_position());
                        }
                        render_pipcount(&state.board, state.on_roll, names)
                    }
                    Some(id) => {
                        let board = match self.shown_position(&id)? {
                            Some((_, board)) => board,
                            None => position_id::decode_lenient(&id, state.on_roll, state.variant)
                                .map_err(|_| CommandError::bad_argument("Illegal position."))?,
                        };
                        render_pipcount(&board, state.on_roll, names)
                    }
                };
                out.line(text.trim_end_matches('\n'));
            }
            ShowCommand::Rng => out.line("You are using the Mersenne Twister generator."),
            ShowCommand::Score => {
                if state.is_match() {
                    out.partial(self.score_line());
                } else {
                    out.line(self.score_line());
                }
            }
            ShowCommand::Turn => {
                if !self.playing() {
                    out.line("No game is being played.");
                } else {
                    let side = if state.resignation.is_some() {
                        state.on_roll
                    } else {
                        state.turn
                    };
                    out.reply(Reply::Turn {
                        player: self.name(side).to_string(),
                        rolled: state.dice.is_some(),
                        resignation: state
                            .resignation
                            .map(|level| (self.name(state.on_roll).to_string(), level)),
                    });
                }
            }
            ShowCommand::Variation => self.show_variation(out),
            ShowCommand::Version => {
                out.reply(Reply::Version {
                    version: env!("CARGO_PKG_VERSION").to_string(),
                });
            }
        }
        Ok(())
    }

    pub(super) fn hint_command(
        &mut self,
        count: Option<u32>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        if !self.playing() {
            return Err(CommandError::not_now("You must set up a board first."));
        }
        if self.game.resignation().is_some() && self.playing() {
            return self.resignation_hint(out);
        }
        if self.game.dice().is_none() || self.game.cube().offer.is_some() {
            return self.cube_hint(out);
        }
        // Past the cases above, the dice are rolled and no decision is pending; only a
        // finished game is left to refuse.
        let Some(dice) = self.game.dice().filter(|_| self.playing()) else {
            return Err(CommandError::new(
                ErrorKind::Unsupported,
                "tavli cannot analyse cube or resignation decisions yet.",
            ));
        };
        if self.own_variant() {
            return self.variant_hint(dice, count, out);
        }
        let ranked = evaluate::ranked_plays(
            self.evaluator.get(),
            &self.state(),
            dice,
            self.settings.evaluation.chequerplay,
        );
        if ranked.is_empty() {
            out.line("There are no legal moves.");
            return Ok(());
        }
        let limit = count.filter(|count| *count > 0).unwrap_or(10) as usize;
        let entries = ranked
            .into_iter()
            .take(limit)
            .map(|ranked| HintEntry {
                notation: format_play(
                    self.game.rules(),
                    self.game.board(),
                    self.state().on_roll,
                    dice,
                    ranked.play.steps(),
                ),
                equity: ranked.equity,
                probabilities: evaluate::gnubg_figures(&ranked.probabilities),
                plies: ranked.plies,
                play: ranked.play,
            })
            .collect();
        out.outputs.push(Output::Hints {
            evaluator: self.evaluator.label().to_string(),
            entries,
        });
        Ok(())
    }

    pub(super) fn list_game(&self, out: &mut Response) {
        if self.game_state == GameState::NoGame {
            return;
        }
        // gnubg writes player 0's records in a left column and ends the line after player 1's
        // (and after edits), so one line is "player 0, then player 1" when play alternates.
        // An edit belongs to the player on roll: player 1's also leaves an empty line after it.
        let mut line = String::new();
        let mut open = false;
        let mut after_player_1 = false;
        let rules = self.game.rules();
        for action in &self.actions {
            let edit = |number: u8, side: &Side| {
                (
                    format!("Unhandled movetype {number}{:22}", ""),
                    Some(*side),
                    true,
                )
            };
            let (entry, side, is_edit) = match action {
                GameAction::Roll { side, dice } => (
                    format!("{}{}     : Rolled{:27}", dice.first(), dice.second(), ""),
                    Some(*side),
                    false,
                ),
                GameAction::Play { side, dice, steps } => (
                    format!(
                        "{}{}     : {:<19}{:16}",
                        dice.first(),
                        dice.second(),
                        format_recorded_play(rules, *dice, steps),
                        ""
                    ),
                    Some(*side),
                    false,
                ),
                GameAction::Double { side, value } | GameAction::Beaver { side, value } => {
                    (format!("Doubles to {value:4}{:30}", ""), Some(*side), false)
                }
                GameAction::Take { side } => (format!("Takes{:39}", ""), Some(*side), false),
                GameAction::SetBoard { on_roll, .. } => {
                    edit(6, &on_roll.unwrap_or(self.state().on_roll))
                }
                // Like an edit, these end their line; player 1's starts in the right column.
                GameAction::Resign { side } | GameAction::Drop { side } => {
                    let word = if matches!(action, GameAction::Resign { .. }) {
                        "Resigns"
                    } else {
                        "Drops"
                    };
                    let indent = if *side == Side::X && line.is_empty() {
                        42
                    } else {
                        0
                    };
                    (format!("{:indent$}{word}", ""), None, true)
                }
                GameAction::SetCubeValue { on_roll, .. } => edit(8, on_roll),
                GameAction::SetCubeOwner { on_roll, .. } => edit(9, on_roll),
            };
            // Player 1's second entry in a row (a roll after his own double) keeps the right
            // column on a line of its own (gnubg).
            if side == Some(Side::X) && after_player_1 {
                line.push_str(&" ".repeat(42));
            }
            after_player_1 = side == Some(Side::X);
            line.push_str(&entry);
            match side {
                // Player 1's edit ends its line and leaves an empty one (gnubg).
                Some(Side::X) if is_edit => {
                    out.line(std::mem::take(&mut line));
                    out.line("");
                    open = false;
                }
                // Another edit ends its line itself and leaves a new one open (gnubg).
                _ if is_edit => {
                    out.line(std::mem::take(&mut line));
                    open = true;
                }
                Some(Side::O) | None => open = true,
                Some(Side::X) => {
                    out.line(std::mem::take(&mut line));
                    open = false;
                }
            }
        }
        if open {
            out.line(line);
        }
    }
}
