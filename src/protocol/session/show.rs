//! `show`, `hint` and `list game`: what the session reports about itself.

use super::*;
use crate::notation::format_recorded_play;
use crate::protocol::reply::{EditKind, GameListEntry, PipCount};

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
            ShowCommand::Analysis => self.show_analysis(out),
            ShowCommand::Statistics(scope) => self.show_statistics(scope, out)?,
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
            ShowCommand::Beavers => out.reply(Reply::Beavers {
                count: self.settings.beavers,
            }),
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
                // gnubg draws the position for `X` on roll (render_board, unannotated) but
                // writes the game's own Match ID beside it, whoever is on roll there.
                let mut shown = *state;
                shown.variant = variant;
                shown.board = board;
                out.board(BoardSnapshot {
                    state: shown,
                    names: self.names.clone(),
                    clockwise: self.settings.clockwise,
                    annotated: false,
                });
            }
            ShowCommand::Crawford => out.reply(Reply::CrawfordGame {
                crawford: state.is_match().then_some(state.crawford),
            }),
            ShowCommand::PostCrawford => out.reply(Reply::PostCrawford {
                post_crawford: state
                    .is_match()
                    .then_some(!state.crawford && self.match_play.is_post_crawford()),
            }),
            ShowCommand::Cube => {
                if !self.playing() {
                    return Err(CommandError::not_now("There is no game in progress."));
                }
                if !state.rules().cube_in_use() {
                    out.reply(Reply::PlayedWithoutCube {
                        variant: state.variant,
                        title: variant_title(state.variant).to_string(),
                    });
                } else if state.crawford {
                    out.reply(Reply::CubeInCrawfordGame);
                } else if !self.settings.cube_use {
                    out.reply(Reply::CubeNotUsed);
                } else {
                    out.reply(Reply::Cube {
                        value: state.cube_value,
                        owner: state
                            .cube_owner
                            .map(|owner| NamedSide::new(owner, self.name(owner))),
                    });
                }
            }
            ShowCommand::Dice => {
                if !self.playing() {
                    out.reply(Reply::DiceBeforeGame);
                } else {
                    out.reply(Reply::Dice {
                        side: NamedSide::new(state.on_roll, self.name(state.on_roll)),
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
                let board = match id {
                    None => {
                        if state.game_state == GameState::NoGame {
                            return Err(no_position());
                        }
                        state.board
                    }
                    Some(id) => match self.shown_position(&id)? {
                        Some((_, board)) => board,
                        None => position_id::decode_lenient(&id, state.on_roll, state.variant)
                            .map_err(|_| CommandError::bad_argument("Illegal position."))?,
                    },
                };
                let count = |side: Side| PipCount {
                    side: NamedSide::new(side, self.name(side)),
                    pips: board.pips(side),
                };
                out.reply(Reply::PipCounts {
                    players: [count(state.on_roll), count(state.on_roll.opponent())],
                });
            }
            ShowCommand::Rng => out.reply(Reply::Rng),
            ShowCommand::Seed => out.reply(Reply::CurrentSeed {
                seed: self.rng.seed(),
            }),
            ShowCommand::Score => out.reply(Reply::Score(self.score_report())),
            ShowCommand::Turn => {
                if !self.playing() {
                    out.reply(Reply::NoGameBeingPlayed);
                } else {
                    // gnubg names the player on roll, also while the other decides (a
                    // double or a resignation to answer, checked live).
                    let side = state.on_roll;
                    out.reply(Reply::Turn {
                        side: NamedSide::new(side, self.name(side)),
                        rolled: state.dice.is_some(),
                        resignation: state.resignation.map(|level| OfferedResignation {
                            side: NamedSide::new(state.on_roll, self.name(state.on_roll)),
                            resignation: level,
                        }),
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
        if self.game().resignation().is_some() && self.playing() {
            return self.resignation_hint(out);
        }
        if self.game().dice().is_none() || self.game().cube().offer.is_some() {
            return self.cube_hint(out);
        }
        // Past the cases above, the dice are rolled and no decision is pending; only a
        // finished game is left to refuse.
        let Some(dice) = self.game().dice().filter(|_| self.playing()) else {
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
            out.reply(Reply::NoLegalMoves);
            return Ok(());
        }
        let limit = count.filter(|count| *count > 0).unwrap_or(10) as usize;
        let entries = evaluate::hint_entries(&self.state(), dice, ranked, limit);
        out.outputs.push(Output::Hints {
            evaluator: self.evaluator.label().to_string(),
            entries,
        });
        Ok(())
    }

    pub(super) fn list_game(&self, out: &mut Response) {
        if self.match_play.state() == GameState::NoGame {
            return;
        }
        let last = self.match_record().games.len().checked_sub(1);
        self.list_actions(&self.record(), last, out);
    }

    /// `list game` of the records `actions` of game `game` (its index in the match record,
    /// for the marks of its analysis).
    pub(super) fn list_actions(
        &self,
        actions: &[GameAction],
        game: Option<usize>,
        out: &mut Response,
    ) {
        let rules = self.game().rules();
        let dice = |dice: &Dice| [dice.first(), dice.second()];
        let marks = game.map(|game| self.record_marks(game, actions));
        let entries = actions
            .iter()
            .enumerate()
            .map(|(index, action)| match action {
                GameAction::Roll { side, dice: rolled } => GameListEntry::Rolled {
                    player: side.index(),
                    dice: dice(rolled),
                },
                GameAction::Play {
                    side,
                    dice: rolled,
                    steps,
                } => GameListEntry::Played {
                    player: side.index(),
                    dice: dice(rolled),
                    play: format_recorded_play(rules, *rolled, steps),
                    marks: marks
                        .as_ref()
                        .and_then(|marks| marks.get(index).copied().flatten()),
                },
                GameAction::Double { side, value } | GameAction::Beaver { side, value } => {
                    GameListEntry::Doubled {
                        player: side.index(),
                        cube: *value,
                    }
                }
                GameAction::Take { side } => GameListEntry::Took {
                    player: side.index(),
                },
                GameAction::SetBoard { on_roll, .. } => GameListEntry::Edited {
                    player: on_roll.unwrap_or(self.state().on_roll).index(),
                    edit: EditKind::Board,
                },
                GameAction::Resign { side } => GameListEntry::Resigned {
                    player: side.index(),
                },
                GameAction::Drop { side } => GameListEntry::Dropped {
                    player: side.index(),
                },
                GameAction::SetCubeValue { on_roll, .. } => GameListEntry::Edited {
                    player: on_roll.index(),
                    edit: EditKind::CubeValue,
                },
                GameAction::SetCubeOwner { on_roll, .. } => GameListEntry::Edited {
                    player: on_roll.index(),
                    edit: EditKind::CubeOwner,
                },
            })
            .collect();
        out.reply(Reply::GameList { entries });
    }
}
