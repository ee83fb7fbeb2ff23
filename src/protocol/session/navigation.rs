//! Moving through the session's match as gnubg does: `next` and `previous` (by move, game,
//! roll or marked move, with a count), `first game` and `first move`, and the place reached
//! (what `show board`, `list game`, `hint` and `eval` report there is `stored_move.rs`).
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

use super::stored_move::decisions_by_record;
use super::*;
use crate::analysis::Mark;
use crate::matchfile::record::MatchRecord;
use crate::protocol::ast::{FileCommand, NavigateCommand, Stride};

/// gnubg's answer to a navigation command with no match.
const NO_MATCH: &str = "No game in progress (type `new game' to start one).";
/// gnubg's answer to `show board` at the start of a game.
pub(super) const NO_POSITION: &str = "No position specified and no game in progress.";
/// tavli's refusal of a new action while a stored move is shown.
const LOOKING_BACK: &str = "You are looking at a stored move: tavli plays on only at the end of the match (gnubg would cut the game off here). Go back with `next game' and `next' (to the end of the last game), or start anew with `new match' or `new session'.";

/// A place in the match: the game (index among the match record's games) and how many of its
/// records are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Place {
    pub(super) game: usize,
    pub(super) applied: usize,
}

/// Where the session is looking: at the end of the match (where play goes on), or back at a
/// stored move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Navigation {
    /// `None`: the end of the match.
    place: Option<Place>,
    /// Whether the current move's dice are shown rolled (`next rolled`).
    pub(super) rolled: bool,
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
                    | FileCommand::LoadGame(_)
                    | FileCommand::LoadPosition(_)
            )
    )
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
        // In a match `set jacoby` changes only the setting for new sessions (gnubg: "Will
        // use the Jacoby rule for money sessions.").
        let setting_only = matches!(command, Command::Set(SetCommand::Jacoby(_)))
            && self.match_play.context().length > 0;
        if self.navigation.looking_back() && changes_the_match(command) && !setting_only {
            if self.navigated_view().is_err() {
                // At the start of a game gnubg has no game: it refuses what needs one with
                // its own words (`roll`: "No game in progress (type `new game' to start
                // one).", checked live), and tavli with them; what would go through there
                // is refused as at any stored move.
                let mut no_game = self.clone();
                no_game.navigation = Navigation::default();
                no_game.match_play = Match::new(
                    self.game().rules(),
                    *self.match_play.context(),
                    self.state().on_roll,
                );
                no_game.execute(command.clone(), &mut Response::new())?;
            }
            return Err(CommandError::new(ErrorKind::Unsupported, LOOKING_BACK));
        }
        Ok(())
    }

    /// The match's record and the place looked at (the end of the last game when at the end);
    /// `None` with no game.
    pub(super) fn navigated(&self) -> Option<(MatchRecord, Place)> {
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
