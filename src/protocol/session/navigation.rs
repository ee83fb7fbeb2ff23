//! Moving through the session's match as gnubg does: `next` and `previous` (by move, game,
//! roll or marked move, with a count), `first game` and `first move`, and what `show board`,
//! `list game`, `hint` and `eval` report at the place reached.
//!
//! gnubg's model, found by experiment with gnubg 1.07 (`gnubg -t`): each game is its list of
//! records (plays, cube actions, edits) after a "game information" record. The place is how
//! many records have been applied; the position shown is the game after them, and the record
//! after the place is the *current move*, whose dice `show board` writes (`Rolled 43:`) with,
//! once analysed, its stored analysis (the cube analysis, the roll's luck and the ranked plays
//! with the one played marked `*`). At the start of a game (no record applied) gnubg shows no
//! position: `show board` answers "No position specified and no game in progress.". `next` and
//! `previous` stay within the game and stop at its ends without a word; `next game`,
//! `previous game`, `first game` and `first move` go to the start of a game and show it (so
//! they write "No game in progress."). `hint` and `eval` judge the position shown.
//!
//! Where gnubg, after moving back, cuts the game off at the first new action, tavli refuses
//! the action and says so (the match stays whole); `new match`, `new session`, `import` and
//! `load` leave the stored moves for the new match.

use super::files::adopted_game::{Adoption, LoadedMatch, StepOrder};
use super::*;
use crate::analysis::{Decision, DecisionKind, Mark};
use crate::matchfile::record::{GameRecord, MatchRecord};
use crate::protocol::ast::{FileCommand, NavigateCommand, Stride};

/// gnubg's answer to a navigation command with no match.
const NO_MATCH: &str = "No game in progress (type `new game' to start one).";
/// gnubg's answer to `show board` at the start of a game.
const NO_POSITION: &str = "No position specified and no game in progress.";
/// tavli's refusal of a new action while a stored move is shown.
const LOOKING_BACK: &str = "You are looking at a stored move: tavli plays on only at the end of the match (gnubg would cut the game off here). Go back with `next game' and `next' (to the end of the last game), or start anew with `new match' or `new session'.";

/// A place in the match: the game (index among the match record's games) and how many of its
/// records are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Place {
    game: usize,
    applied: usize,
}

/// Where the session is looking: at the end of the match (where play goes on), or back at a
/// stored move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Navigation {
    /// `None`: the end of the match.
    place: Option<Place>,
    /// Whether the current move's dice are shown rolled (`next rolled`).
    rolled: bool,
}

/// Whether `command` would change the game or the match (refused while looking back).
pub(super) fn changes_the_match(command: &Command) -> bool {
    match command {
        Command::Roll
        | Command::Move(_)
        | Command::Play
        | Command::EndGame
        | Command::Double
        | Command::Take
        | Command::Drop
        | Command::Beaver
        | Command::Resign(_)
        | Command::Accept
        | Command::Reject
        | Command::Agree
        | Command::Decline
        | Command::SwapPlayers
        | Command::Rollout
        | Command::New(NewCommand::Game) => true,
        // A bare `set matchid` does nothing (gnubg's), so it is no new action.
        Command::Set(SetCommand::MatchId(id)) => !id.is_empty(),
        Command::Set(set) => matches!(
            set,
            SetCommand::Board(_)
                | SetCommand::Dice(_)
                | SetCommand::Cube(_)
                | SetCommand::Turn(_)
                | SetCommand::Score(_)
                | SetCommand::MatchId(_)
                | SetCommand::GnubgId(_)
                | SetCommand::Xgid(_)
                | SetCommand::Crawford(_)
                | SetCommand::PostCrawford(_)
                | SetCommand::Jacoby(_)
        ),
        _ => false,
    }
}

/// Whether `command` starts another match, leaving the stored moves of this one.
pub(super) fn starts_another_match(command: &Command) -> bool {
    matches!(
        command,
        Command::New(NewCommand::Match(_) | NewCommand::Session)
            | Command::File(
                FileCommand::ImportMat(_)
                    | FileCommand::LoadMatch(_)
                    | FileCommand::LoadPosition(_)
            )
    )
}

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

/// Which way `next` and `previous` go through the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    /// `next`: towards the end of the match.
    Ahead,
    /// `previous`: towards its start.
    Back,
}

/// Where a `next` or `previous` lands.
struct Step {
    /// The place reached.
    to: Place,
    /// Whether the board of the game reached is shown (`next|previous game`).
    show: bool,
    /// Whether the dice of the move reached are rolled (`roll`, `rolled`).
    rolled: bool,
}

impl Navigation {
    /// Whether a stored move is shown (not the end of the match).
    pub(super) fn looking_back(&self) -> bool {
        self.place.is_some()
    }
}

impl Session {
    /// The error for a command that would change the match while a stored move is shown.
    pub(super) fn refuse_while_looking_back(&self, command: &Command) -> Result<(), CommandError> {
        if self.navigation.looking_back() && changes_the_match(command) {
            return Err(CommandError::new(ErrorKind::Unsupported, LOOKING_BACK));
        }
        Ok(())
    }

    /// The match's record and the place looked at (the end of the last game when at the end);
    /// `None` with no game.
    fn navigated(&self) -> Option<(MatchRecord, Place)> {
        if self.match_play.state() == GameState::NoGame {
            return None;
        }
        let record = self.match_record();
        let last = record.games.len().checked_sub(1)?;
        let end = Place {
            game: last,
            applied: record.games[last].actions.len(),
        };
        let place = self
            .navigation
            .place
            .filter(|place| {
                record
                    .games
                    .get(place.game)
                    .is_some_and(|game| place.applied <= game.actions.len())
            })
            .unwrap_or(end);
        Some((record, place))
    }

    /// The game looked at: its index among the match record's games (the last one at the end).
    pub(super) fn navigated_game(&self) -> Option<usize> {
        self.navigated().map(|(_, place)| place.game)
    }

    /// How many records of the game looked at are applied (all at the end); `None` with no
    /// game.
    pub(super) fn navigated_applied(&self) -> Option<usize> {
        self.navigated().map(|(_, place)| place.applied)
    }

    /// `next`, `previous`, `first game`, `first move`.
    pub(super) fn navigate_command(
        &mut self,
        command: NavigateCommand,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let Some((record, from)) = self.navigated() else {
            // gnubg answers `first game|move` with no game in silence.
            return match command {
                NavigateCommand::FirstGame | NavigateCommand::FirstMove => Ok(()),
                _ => Err(CommandError::not_now(NO_MATCH)),
            };
        };
        let count = |word: Option<String>, direction: Direction| {
            let (name, way) = match direction {
                Direction::Ahead => ("next", "ahead"),
                Direction::Back => ("previous", "back"),
            };
            match word {
            None => Ok(1),
            Some(word) => word.parse::<usize>().ok().filter(|count| *count > 0).ok_or_else(|| {
                CommandError::bad_argument(format!(
                    "If you specify a parameter to the `{name}' command, it must be a positive number (the count of moves to step {way})."
                ))
            }),
        }
        };
        let shown = |place: Place| Step {
            to: place,
            show: true,
            rolled: false,
        };
        let step = match command {
            NavigateCommand::FirstGame => Some(shown(Place {
                game: 0,
                applied: 0,
            })),
            NavigateCommand::FirstMove => Some(shown(Place {
                game: from.game,
                applied: 0,
            })),
            NavigateCommand::Next(stride, word) => {
                let count = count(word, Direction::Ahead)?;
                self.step(&record, from, Direction::Ahead, stride, count)
            }
            NavigateCommand::Previous(stride, word) => {
                let count = count(word, Direction::Back)?;
                self.step(&record, from, Direction::Back, stride, count)
            }
        };
        let Some(Step { to, show, rolled }) = step else {
            return Ok(());
        };
        let last_game = record.games.len() - 1;
        let end = Place {
            game: last_game,
            applied: record.games[last_game].actions.len(),
        };
        self.navigation = Navigation {
            place: (to != end).then_some(to),
            rolled: rolled && to != end,
        };
        if show {
            // gnubg shows the board of the game reached: at its start, no position.
            if to.applied == 0 {
                out.line("No game in progress.");
            } else {
                self.show_navigated_board(out)?;
            }
        }
        Ok(())
    }

    /// `next` (ahead) or `previous` (back) by `count` strides from `from`: the place
    /// reached, whether its board is shown and whether its dice are rolled; `None` when
    /// `next|previous game` has no game to go to (gnubg then does nothing).
    fn step(
        &self,
        record: &MatchRecord,
        from: Place,
        direction: Direction,
        stride: Stride,
        count: usize,
    ) -> Option<Step> {
        let length = record.games[from.game].actions.len();
        let ahead = direction == Direction::Ahead;
        let moved = |place: Place| Step {
            to: place,
            show: false,
            rolled: false,
        };
        Some(match stride {
            Stride::Move => moved(Place {
                applied: if ahead {
                    (from.applied + count).min(length)
                } else {
                    from.applied.saturating_sub(count)
                },
                ..from
            }),
            Stride::Game => {
                let game = if ahead {
                    (from.game + count).min(record.games.len() - 1)
                } else {
                    from.game.saturating_sub(count)
                };
                if game == from.game {
                    return None;
                }
                Step {
                    to: Place { game, applied: 0 },
                    show: true,
                    rolled: false,
                }
            }
            Stride::Roll | Stride::Rolled => {
                let (applied, rolled) = self.roll_step(from, stride, ahead, length);
                Step {
                    to: Place { applied, ..from },
                    show: false,
                    rolled,
                }
            }
            Stride::Marked => {
                let wanted = self.wanted_records(record, from.game);
                let mut applied = from.applied;
                for _ in 0..count {
                    let found = if ahead {
                        (applied + 1..length).find(|index| wanted[*index])
                    } else {
                        (0..applied).rev().find(|index| wanted[*index])
                    };
                    match found {
                        Some(index) => applied = index,
                        None => break,
                    }
                }
                moved(Place { applied, ..from })
            }
        })
    }

    /// gnubg's `next roll|rolled` and `previous roll|rolled` from `from` in a game of `length`
    /// records (gnubg ignores their count): the records applied and whether the current
    /// move's dice are shown. `next roll` rolls the current move's dice, or past them steps
    /// to the next move; `next rolled` steps to the next move with its dice rolled; `previous
    /// roll` takes the dice back, or steps back; `previous rolled` steps back to the move
    /// before with its dice rolled.
    fn roll_step(&self, from: Place, stride: Stride, ahead: bool, length: usize) -> (usize, bool) {
        let rolled = self.navigation.rolled;
        match (ahead, stride) {
            (true, Stride::Roll) if !rolled && from.applied < length => (from.applied, true),
            (true, Stride::Roll) => ((from.applied + 1).min(length), false),
            (true, _) => {
                let applied = (from.applied + 1).min(length);
                (applied, applied < length)
            }
            (false, Stride::Roll) if rolled => (from.applied, false),
            (false, Stride::Roll) => (from.applied.saturating_sub(1), false),
            (false, _) => (from.applied.saturating_sub(1), true),
        }
    }

    /// Which records of game `game` the analysis marked (doubtful or worse), for `next
    /// marked` and `previous marked`.
    fn wanted_records(&self, record: &MatchRecord, game: usize) -> Vec<bool> {
        let actions = &record.games[game].actions;
        let decisions = self.stored_decisions(record, game);
        decisions_by_record(actions, &decisions)
            .iter()
            .map(|found| found.iter().any(|decision| decision.mark != Mark::None))
            .collect()
    }

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
            ) => view().map(|mut view| view.show_command(show.clone(), out)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::decision::CubeAction;
    use crate::analysis::{Equity, LuckMark};

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

    #[test]
    fn only_actions_on_the_match_are_refused_while_looking_back() {
        assert!(changes_the_match(&Command::Roll));
        assert!(changes_the_match(&Command::New(NewCommand::Game)));
        assert!(changes_the_match(&Command::Set(SetCommand::Dice(
            Vec::new()
        ))));
        assert!(!changes_the_match(&Command::Hint(None)));
        assert!(!changes_the_match(&Command::ListGame));
        assert!(starts_another_match(&Command::New(NewCommand::Session)));
        assert!(!starts_another_match(&Command::File(
            FileCommand::ExportMatchMat(None)
        )));
    }
}
