//! What the session shows at a stored move (after `previous` and its kin, see
//! `navigation.rs`): the position there, `show board` with the move's dice or its stored
//! analysis, the view `show`, `hint`, `eval` and `list game` read, and which analysed
//! decisions belong to which record of a game.

use super::files::adopted_game::{Adoption, LoadedMatch, StepOrder};
use super::navigation::{Navigation, Place, NO_POSITION};
use super::*;
use crate::analysis::{Decision, DecisionKind};
use crate::matchfile::record::{GameRecord, MatchRecord};

/// The decisions of each record of `actions`, read off the analysis (`decisions`, in record
/// order): a play's cube decision before the roll and its chequer play, a double's decision,
/// an answer's decision.
pub(super) fn decisions_by_record<'a>(
    actions: &[GameAction],
    decisions: &'a [Decision],
) -> Vec<Vec<&'a Decision>> {
    let mut queue = decisions.iter().peekable();
    let mut by_record = Vec::with_capacity(actions.len());
    for action in actions {
        let mut found = Vec::new();
        match action {
            GameAction::Play { side, dice, .. } => {
                if let Some(decision) = queue.next_if(|decision| {
                    decision.player == *side
                        && matches!(
                            decision.kind,
                            DecisionKind::Cube {
                                action: crate::analysis::decision::CubeAction::NoDouble,
                                ..
                            }
                        )
                }) {
                    found.push(decision);
                }
                if let Some(decision) = queue.next_if(|decision| {
                    decision.player == *side
                        && matches!(decision.kind, DecisionKind::Chequer { dice: rolled, .. } if rolled == *dice)
                }) {
                    found.push(decision);
                }
            }
            GameAction::Double { side, .. } => {
                found.extend(queue.next_if(|decision| {
                    decision.player == *side && matches!(decision.kind, DecisionKind::Cube { .. })
                }));
            }
            GameAction::Take { side } | GameAction::Drop { side } => {
                found.extend(queue.next_if(|decision| {
                    decision.player == *side && matches!(decision.kind, DecisionKind::Cube { .. })
                }));
            }
            GameAction::Beaver { .. } => {
                found.extend(
                    queue.next_if(|decision| matches!(decision.kind, DecisionKind::Cube { .. })),
                );
            }
            _ => {}
        }
        by_record.push(found);
    }
    by_record
}

impl Session {
    /// The analysed decisions of game `game` of `record`, marked with the session's
    /// thresholds (none when the game is not analysed).
    pub(super) fn stored_decisions(&self, record: &MatchRecord, game: usize) -> Vec<Decision> {
        self.analysis
            .analysed(record, game)
            .map(|decisions| {
                let mut list = decisions.to_vec();
                self.analysis.options.thresholds.remark(&mut list);
                list
            })
            .unwrap_or_default()
    }

    /// The position at `place` of `record`, as gnubg shows it: the game after the records
    /// applied (a finished game as it ended); `None` at a game's start.
    fn position_at(&self, record: &MatchRecord, place: Place) -> Option<MatchState> {
        if place.applied == 0 && !self.navigation.rolled {
            return None;
        }
        let game = &record.games[place.game];
        let loaded = LoadedMatch {
            rules: RuleSet::new(record.variant),
            length: record.length,
            jacoby: record.jacoby,
            step_order: StepOrder::AsWritten,
        };
        let whole = place.applied == game.actions.len();
        let played = GameRecord {
            actions: game.actions[..place.applied].to_vec(),
            result: if whole { game.result } else { None },
            ..game.clone()
        };
        let mut state = Adoption::play(&played, &loaded, false).state();
        // A finished game shows the score it ended at (gnubg).
        if let Some(result) = played.result {
            let winner = &mut state.score[result.winner.index()];
            *winner = winner.saturating_add(result.points);
        }
        if self.navigation.rolled {
            if let Some(GameAction::Play { side, dice, .. } | GameAction::Roll { side, dice }) =
                game.actions.get(place.applied)
            {
                state.on_roll = *side;
                state.turn = *side;
                state.dice = Some(*dice);
            }
        }
        Some(state)
    }

    /// A copy of the session standing at the stored position (for `show`, `hint`, `eval`);
    /// `Ok(None)` when at the end of the match (the session itself).
    pub(super) fn navigated_view(&self) -> Result<Option<Session>, CommandError> {
        if !self.navigation.looking_back() {
            return Ok(None);
        }
        let Some((record, place)) = self.navigated() else {
            return Ok(None);
        };
        let Some(state) = self.position_at(&record, place) else {
            return Err(CommandError::not_now(NO_POSITION));
        };
        let mut view = self.clone();
        view.navigation = Navigation::default();
        view.adopt_state(&state);
        Ok(Some(view))
    }

    /// `show board` at a stored move: the position, then the current move's dice, or once
    /// analysed its stored analysis (gnubg's layout).
    pub(super) fn show_navigated_board(&self, out: &mut Response) -> Result<(), CommandError> {
        let Some(view) = self.navigated_view()? else {
            return Err(CommandError::not_now(NO_POSITION));
        };
        view.board(out);
        let Some((record, place)) = self.navigated() else {
            return Ok(());
        };
        let actions = &record.games[place.game].actions;
        let Some(current) = actions.get(place.applied) else {
            return Ok(());
        };
        let decisions = self.stored_decisions(&record, place.game);
        let by_record = decisions_by_record(actions, &decisions);
        let stored = by_record.get(place.applied).cloned().unwrap_or_default();
        if stored.is_empty() {
            if let GameAction::Play { dice, .. } | GameAction::Roll { dice, .. } = current {
                out.line(format!("Rolled {}{}:", dice.first(), dice.second()));
            }
            return Ok(());
        }
        self.stored_analysis(&view, current, &stored, out);
        Ok(())
    }
}

impl Session {
    /// What a command reads at a stored move: the position shown (board, dice, turn, cube,
    /// pips, score, hint, eval) and the game's records (`list game`). `None`: the command
    /// runs as usual.
    pub(super) fn at_stored_move(
        &self,
        command: &Command,
        out: &mut Response,
    ) -> Option<Result<(), CommandError>> {
        let (record, place) = self.navigated()?;
        let view = || self.navigated_view().unwrap_or_default();
        match command {
            Command::Show(ShowCommand::Board(None)) => Some(self.show_navigated_board(out)),
            Command::ListGame => {
                self.list_actions(&record.games[place.game].actions, Some(place.game), out);
                Some(Ok(()))
            }
            Command::Hint(count) => Some(match view() {
                Some(mut view) => view.hint_command(*count, out),
                None => Err(CommandError::not_now("You must set up a board first.")),
            }),
            Command::Eval(None) => Some(match view() {
                Some(view) => view.eval_command(None, out),
                None => Err(CommandError::not_now(NO_POSITION)),
            }),
            Command::Show(
                show @ (ShowCommand::Dice
                | ShowCommand::Turn
                | ShowCommand::Cube
                | ShowCommand::Score
                | ShowCommand::PipCount(None)),
            ) => match self.navigated_view() {
                Ok(view) => view.map(|mut view| view.show_command(show.clone(), out)),
                Err(_) => at_game_start(show, out),
            },
            _ => None,
        }
    }
}

/// gnubg's answer to `show` at the start of a game looked at, where it shows no position and
/// answers as with no game (checked live: `first move`, then `show turn`); `None` for the
/// questions answered as usual (the score).
fn at_game_start(show: &ShowCommand, out: &mut Response) -> Option<Result<(), CommandError>> {
    match show {
        ShowCommand::Turn => out.reply(Reply::NoGameBeingPlayed),
        ShowCommand::Dice => out.reply(Reply::DiceBeforeGame),
        ShowCommand::Cube => {
            return Some(Err(CommandError::not_now("There is no game in progress.")))
        }
        ShowCommand::PipCount(None) => return Some(Err(CommandError::not_now(NO_POSITION))),
        _ => return None,
    }
    Some(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::decision::CubeAction;
    use crate::analysis::{Equity, LuckMark, Mark};

    fn decision(player: Side, kind: DecisionKind) -> Decision {
        Decision {
            game: 1,
            player,
            state: MatchState::new_money_game(Variant::Standard, player),
            gnubg_id: String::new(),
            xgid: String::new(),
            kind,
            played: String::new(),
            best: String::new(),
            loss: Equity::default(),
            mark: Mark::None,
            details: Default::default(),
        }
    }

    #[test]
    fn each_record_gets_its_own_decisions() {
        let dice = |first, second| Dice::new(first, second).unwrap_or_else(|_| unreachable!());
        let chequer = |first, second| DecisionKind::Chequer {
            dice: dice(first, second),
            forced: false,
            luck: Equity::default(),
            luck_mark: LuckMark::None,
        };
        let cube = |action| DecisionKind::Cube {
            action,
            best_action: action,
            close: true,
            error: None,
        };
        let actions = [
            GameAction::Play {
                side: Side::X,
                dice: dice(3, 1),
                steps: Vec::new(),
            },
            GameAction::Double {
                side: Side::O,
                value: 2,
            },
            GameAction::Take { side: Side::X },
            GameAction::Play {
                side: Side::O,
                dice: dice(6, 4),
                steps: Vec::new(),
            },
            GameAction::Play {
                side: Side::X,
                dice: dice(5, 2),
                steps: Vec::new(),
            },
        ];
        let decisions = [
            decision(Side::X, chequer(3, 1)),
            decision(Side::O, cube(CubeAction::Double)),
            decision(Side::X, cube(CubeAction::Take)),
            decision(Side::O, chequer(6, 4)),
            decision(Side::X, cube(CubeAction::NoDouble)),
            decision(Side::X, chequer(5, 2)),
        ];
        let found: Vec<usize> = decisions_by_record(&actions, &decisions)
            .iter()
            .map(Vec::len)
            .collect();
        assert_eq!(found, [1, 1, 1, 1, 2]);
        // A record with no analysis gets none, and the rest still find theirs.
        let found: Vec<usize> = decisions_by_record(&actions, &decisions[3..])
            .iter()
            .map(Vec::len)
            .collect();
        assert_eq!(found, [0, 0, 0, 1, 2]);
    }
}
