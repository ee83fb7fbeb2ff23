//! A game read from a file, played again on the rules' [`Game`] action by action, and left
//! where gnubg leaves a loaded game: the state the session takes up and the actions it keeps.
//!
//! The match-file library has checked the record; a record the rules still refuse (a
//! position lost after an unreadable line, a board set up by hand) is followed as written,
//! as the library's replay follows it. gnubg's ways of loading a game are kept apart, each
//! named: the order it stores a .mat play's steps in ([`StepOrder`]), a roll left unplayed at
//! the end of the match ([`is_pending_roll`]) and how a finished game stands
//! ([`Adoption::state`]).

use super::after_steps;
use crate::matchfile::record::{GameAction, GameRecord, RecordedEnding, RecordedResult};
use crate::notation::apply_written_steps;
use crate::rules::game::{Action, Event, Game, GameInProgress, MatchContext};
use crate::rules::Offer;
use crate::rules::RuleSet;
use crate::rules::{Board, Dice, GameState, MatchState, Play, Side, Step};

/// The order a loaded play's steps are kept in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::protocol::session) enum StepOrder {
    /// As the file writes them.
    AsWritten,
    /// gnubg's canonical order (highest source first, then highest destination), with the
    /// hit marks they have when made in that order: how gnubg reads a .mat play written in
    /// its notation, so that `export match mat` after `import mat` gives gnubg's re-export.
    Canonical,
}

/// The match a loaded game belongs to.
#[derive(Clone, Copy, Debug)]
pub(in crate::protocol::session) struct LoadedMatch {
    /// The rules of every game.
    pub(in crate::protocol::session) rules: RuleSet,
    /// The match length (0: money play).
    pub(in crate::protocol::session) length: u32,
    /// Whether a money session plays the Jacoby rule.
    pub(in crate::protocol::session) jacoby: bool,
    /// The order the plays' steps are kept in.
    pub(in crate::protocol::session) step_order: StepOrder,
}

/// A game played from its record: the rules' game, the record's actions (steps in the
/// [`StepOrder`] asked for) and the actions as the session keeps them.
pub(in crate::protocol::session) struct Adoption {
    game: Game,
    result: Option<RecordedResult>,
    /// The record's actions, each play's steps in the order asked for.
    pub(super) written: Vec<GameAction>,
    /// The actions as the session keeps them: a roll not played yet as a
    /// [`GameAction::Roll`], an accepted resignation as a [`GameAction::Resign`], each
    /// set-up with the player on roll.
    pub(super) kept: Vec<GameAction>,
}

/// `steps` in gnubg's canonical order (see [`StepOrder::Canonical`]) from `board`.
fn canonical_steps(board: &Board, side: Side, steps: &[Step]) -> Vec<Step> {
    let mut sorted = steps.to_vec();
    sorted.sort_by_key(|step| std::cmp::Reverse((step.from, step.to)));
    let mut current = *board;
    for step in &mut sorted {
        step.hit = step.to != 0
            && step.to < 25
            && current.slots[side.opponent().index()][usize::from(24 - step.to)] == 1;
        if let Ok(after) = apply_written_steps(&current, side, &[(step.from, step.to)]) {
            current = after;
        }
    }
    sorted
}

/// gnubg keeps the last roll of a loaded match on the board, not played yet (`list game`:
/// `Rolled`), when it is written without moves although it had some and the game was not
/// ended by a play or a drop.
fn is_pending_roll(
    game: &Game,
    steps: &[Step],
    at_end: bool,
    result: Option<RecordedResult>,
) -> bool {
    steps.is_empty()
        && at_end
        && !matches!(
            result,
            Some(RecordedResult {
                ending: RecordedEnding::BearOff | RecordedEnding::Dropped,
                ..
            })
        )
        && game.legal_plays().iter().any(|play| play.dice_used() > 0)
}

impl Adoption {
    /// Plays `record` from the starting position of `loaded`; `last` when it is the last
    /// game of the match (its pending roll stays on the board).
    pub(in crate::protocol::session) fn play(
        record: &GameRecord,
        loaded: &LoadedMatch,
        last: bool,
    ) -> Adoption {
        let context = MatchContext {
            length: loaded.length,
            score: record.score,
            crawford: record.crawford,
            jacoby: loaded.jacoby && loaded.length == 0,
            // A written beaver is one instant redouble, taken at once (as the replay reads it).
            beavers: u32::from(loaded.length == 0),
        };
        let mut adoption = Adoption {
            game: Game::new(loaded.rules, context, record.first_to_act()),
            result: record.result,
            written: Vec::new(),
            kept: Vec::new(),
        };
        let count = record.actions.len();
        for (index, action) in record.actions.iter().enumerate() {
            let at_end = last && index + 1 == count;
            adoption.action(action, loaded.step_order, at_end);
        }
        adoption.end();
        adoption
    }

    /// Plays one recorded action and keeps it: as the record has it (a play's steps in
    /// `order`) and as the session keeps it.
    fn action(&mut self, action: &GameAction, order: StepOrder, at_end: bool) {
        let (written, kept) = match action {
            GameAction::Play { side, dice, steps } => {
                let steps = match order {
                    StepOrder::AsWritten => steps.clone(),
                    StepOrder::Canonical => canonical_steps(self.game.board(), *side, steps),
                };
                let kept = self.roll_and_play(*side, *dice, &steps, at_end);
                let written = GameAction::Play {
                    side: *side,
                    dice: *dice,
                    steps,
                };
                (written.clone(), kept.unwrap_or(written))
            }
            other => (other.clone(), self.other_action(other)),
        };
        self.written.push(written);
        self.kept.push(kept);
    }

    /// `side` rolls `dice` and plays `steps`; returns the roll as kept when it stays on the
    /// board, not played yet (see [`is_pending_roll`]).
    fn roll_and_play(
        &mut self,
        side: Side,
        dice: Dice,
        steps: &[Step],
        at_end: bool,
    ) -> Option<GameAction> {
        self.roll(side, dice);
        if is_pending_roll(&self.game, steps, at_end, self.result) {
            return Some(GameAction::Roll { side, dice });
        }
        self.make_play(side, steps);
        None
    }

    /// Plays a recorded action other than a play; returns it as the session keeps it.
    fn other_action(&mut self, action: &GameAction) -> GameAction {
        let mut kept = action.clone();
        match action {
            GameAction::Play { .. } => {}
            GameAction::Double { side, .. } => {
                self.take_turn(*side);
                self.follow(Action::Double, |progress| {
                    progress.cube.offer = Some(Offer {
                        from: *side,
                        redoubles: 0,
                        beaverer: None,
                    });
                });
            }
            GameAction::Take { .. } => {
                let taker = self.game.on_roll().opponent();
                self.follow(Action::Take, |progress| {
                    progress.cube.value = progress.cube.value.saturating_mul(2);
                    progress.cube.owner = Some(taker);
                    progress.cube.offer = None;
                });
            }
            GameAction::Beaver { side, .. } => {
                let beaverer = self.game.on_roll().opponent();
                self.follow(Action::Beaver, |progress| {
                    progress.cube.value = progress.cube.value.saturating_mul(2);
                    progress.cube.owner = Some(beaverer);
                    progress.cube.offer = Some(Offer {
                        from: *side,
                        redoubles: 1,
                        beaverer: Some(beaverer),
                    });
                });
            }
            // The drop ends the game; the record's result says so too.
            GameAction::Drop { .. } => self.follow(Action::Drop, |_| {}),
            GameAction::SetBoard { board, on_roll } => {
                kept = GameAction::SetBoard {
                    board: *board,
                    on_roll: Some(on_roll.unwrap_or(self.game.on_roll())),
                };
                self.follow(Action::SetBoard(*board), |progress| progress.board = *board);
                if let Some(side) = on_roll {
                    self.take_turn(*side);
                }
            }
            // The file readers record none of these; kept as they are.
            GameAction::Roll { side, dice } => self.roll(*side, *dice),
            GameAction::SetCubeValue { value, .. } => {
                let owner = self.game.cube().owner;
                self.follow(
                    Action::SetCube {
                        value: *value,
                        owner,
                    },
                    |progress| progress.cube.value = *value,
                );
            }
            GameAction::SetCubeOwner { owner, .. } => {
                let value = self.game.cube().value;
                self.follow(
                    Action::SetCube {
                        value,
                        owner: *owner,
                    },
                    |progress| progress.cube.owner = *owner,
                );
            }
            GameAction::Resign { .. } => {}
        }
        kept
    }

    /// Applies `action`, or where the rules refuse it follows the record as written: the
    /// game goes on from where `written` puts it (a finished game stays as it ended).
    fn follow(&mut self, action: Action, written: impl FnOnce(&mut GameInProgress)) {
        if self.game.apply(action).is_err() && !self.game.is_over() {
            let mut progress = self.game.in_progress();
            written(&mut progress);
            self.game = Game::resume(self.game.rules(), *self.game.context(), progress);
        }
    }

    /// `side` acts now, with no dice and no decision pending, as the record says.
    fn take_turn(&mut self, side: Side) {
        let game = &self.game;
        if game.on_roll() != side || game.turn() != side || game.dice().is_some() {
            self.follow(Action::SetTurn(side), |_| {});
        }
    }

    /// `side` rolls `dice` (set as written where the rules would have them rolled again).
    fn roll(&mut self, side: Side, dice: Dice) {
        self.take_turn(side);
        let rolled = self.game.apply(Action::Roll(dice));
        if !matches!(rolled.as_deref(), Ok([Event::Rolled { .. }])) {
            self.follow(Action::SetDice(dice), |progress| progress.dice = Some(dice));
        }
    }

    /// The player on roll plays `steps`: the legal play with exactly these steps (pins,
    /// captures and Athroisma's actions come with it), no move where there is none, or else
    /// the steps made as written (another order than the one the generator keeps).
    fn make_play(&mut self, side: Side, steps: &[Step]) {
        let legal = self.game.legal_plays();
        if let Some(play) = legal.into_iter().find(|play| play.steps() == steps) {
            self.follow(Action::Play(play), |_| {});
            return;
        }
        if steps.is_empty() && self.game.apply(Action::CannotMove).is_ok() {
            return;
        }
        let board = after_steps(self.game.board(), side, steps);
        self.follow(Action::PlayUnchecked(Play::new(steps, board)), |_| {});
    }

    /// The record's result: a resignation is offered and accepted (and kept as an action);
    /// a bear-off or a drop has ended the game in its plays.
    fn end(&mut self) {
        let Some(result) = self.result else {
            return;
        };
        if let RecordedEnding::Resigned(kind) = result.ending {
            let side = result.winner.opponent();
            self.kept.push(GameAction::Resign { side });
            if self.game.apply(Action::Resign { side, kind }).is_ok() {
                self.game.apply(Action::Accept).ok();
            }
        }
    }

    /// Where the game stands as gnubg leaves it loaded. The record decides whether it has
    /// ended: after a bear-off the loser is on roll and on turn with no dice; after a drop
    /// the doubler stays on roll and the dropper on turn; after a resignation the resigner is
    /// on roll and on turn (checked with gnubg's Match IDs), the dice stay. A game the rules
    /// end where the record has no result (Plakoto's draw) stays in play, the turn passed.
    pub(in crate::protocol::session) fn state(&self) -> MatchState {
        let game = &self.game;
        // The record's result, not the game, says whether a resignation ended it.
        let mut state = MatchState {
            resignation: None,
            ..game.match_state()
        };
        let Some(result) = self.result else {
            if game.is_over() {
                state.on_roll = game.on_roll().opponent();
                state.turn = state.on_roll;
            }
            return state;
        };
        let loser = result.winner.opponent();
        match result.ending {
            RecordedEnding::BearOff | RecordedEnding::Mother => {
                state.game_state = GameState::Over;
                state.on_roll = loser;
                state.turn = loser;
                state.dice = None;
            }
            RecordedEnding::Dropped => {
                state.game_state = GameState::Dropped;
                state.double_offered = false;
                state.turn = loser;
            }
            RecordedEnding::Resigned(kind) => {
                state.game_state = GameState::Resigned;
                state.resignation = Some(kind);
                state.double_offered = false;
                state.on_roll = loser;
                state.turn = loser;
            }
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Resignation, Variant};

    fn dice(first: u8, second: u8) -> Dice {
        Dice::new(first, second).unwrap_or_else(|_| unreachable!())
    }

    fn step(from: u8, to: u8) -> Step {
        Step {
            from,
            to,
            hit: false,
        }
    }

    fn money() -> LoadedMatch {
        LoadedMatch {
            rules: RuleSet::new(Variant::Standard),
            length: 0,
            jacoby: true,
            step_order: StepOrder::Canonical,
        }
    }

    /// X opens with 31 (written `6/5 8/5`), O rolls 52 and has not played it.
    fn opening(result: Option<RecordedResult>) -> GameRecord {
        GameRecord {
            score: [0, 0],
            crawford: false,
            actions: vec![
                GameAction::Play {
                    side: Side::X,
                    dice: dice(3, 1),
                    steps: vec![step(6, 5), step(8, 5)],
                },
                GameAction::Play {
                    side: Side::O,
                    dice: dice(5, 2),
                    steps: Vec::new(),
                },
            ],
            result,
        }
    }

    #[test]
    fn a_play_is_kept_in_gnubg_s_step_order() {
        let adoption = Adoption::play(&opening(None), &money(), false);
        let GameAction::Play { steps, .. } = &adoption.written[0] else {
            unreachable!()
        };
        assert_eq!(steps, &[step(8, 5), step(6, 5)]);
        let as_written = LoadedMatch {
            step_order: StepOrder::AsWritten,
            ..money()
        };
        let adoption = Adoption::play(&opening(None), &as_written, false);
        assert_eq!(adoption.written, opening(None).actions);
    }

    #[test]
    fn the_last_roll_of_the_match_stays_on_the_board() {
        let adoption = Adoption::play(&opening(None), &money(), true);
        assert_eq!(
            adoption.kept[1],
            GameAction::Roll {
                side: Side::O,
                dice: dice(5, 2)
            }
        );
        let state = adoption.state();
        assert_eq!((state.on_roll, state.dice), (Side::O, Some(dice(5, 2))));
        assert_eq!(state.game_state, GameState::Playing);
        // Not in an earlier game: the roll written without moves passes the turn.
        let state = Adoption::play(&opening(None), &money(), false).state();
        assert_eq!((state.on_roll, state.dice), (Side::X, None));
    }

    #[test]
    fn a_resigner_is_left_on_roll_and_on_turn() {
        let resigned = Some(RecordedResult {
            winner: Side::X,
            points: 2,
            ending: RecordedEnding::Resigned(Resignation::Gammon),
        });
        let adoption = Adoption::play(&opening(resigned), &money(), true);
        assert_eq!(
            adoption.kept.last(),
            Some(&GameAction::Resign { side: Side::O })
        );
        let state = adoption.state();
        assert_eq!((state.on_roll, state.turn), (Side::O, Side::O));
        assert_eq!(state.game_state, GameState::Resigned);
        assert_eq!(state.resignation, Some(Resignation::Gammon));
    }

    #[test]
    fn a_dropped_double_leaves_the_doubler_on_roll_and_the_dropper_on_turn() {
        let mut record = opening(Some(RecordedResult {
            winner: Side::O,
            points: 1,
            ending: RecordedEnding::Dropped,
        }));
        record.actions.pop();
        record.actions.push(GameAction::Double {
            side: Side::O,
            value: 2,
        });
        record.actions.push(GameAction::Drop { side: Side::X });
        let state = Adoption::play(&record, &money(), true).state();
        assert_eq!((state.on_roll, state.turn), (Side::O, Side::X));
        assert_eq!(state.game_state, GameState::Dropped);
        assert!(!state.double_offered);
        assert_eq!(state.cube_value, 1);
    }
}
