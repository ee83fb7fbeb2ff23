//! One game's replay: the written events in order, each applied to the rules' [`Game`], and
//! the findings that belong to no one kind of action (a roll left unplayed, an unreadable
//! record, a lost position, an action out of turn).

use super::super::diagnostic::{Diagnostic, DiagnosticKind, Span};
use super::super::record::{GameAction, GameRecord, RecordedEnding, RecordedResult};
use super::roll::Written;
use super::{side_name, Event, EventKind, EventTrace, GameInput, GameReplay, MatchInput};
use crate::rules::game::{self, Action, GameError, GameInProgress, Match};
use crate::rules::WinKind;
use crate::rules::{Dice, Play, Side, Step};

/// Replays `game` as the game `match_play` has just started, which counts in the match;
/// returns the record and what became of each written event.
pub(super) fn replay_game(
    input: &MatchInput,
    game: &GameInput,
    match_play: &mut Match,
    is_last: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> (GameRecord, Vec<EventTrace>) {
    let context = *match_play.game().context();
    let mut state = GameReplay {
        input,
        match_play,
        lost: false,
        unplayed: None,
        result_written: false,
        losses: None,
        illegal_seen: false,
        actions: Vec::new(),
        diagnostics: Vec::new(),
    };
    let mut trace = Vec::with_capacity(game.events.len());
    for event in &game.events {
        let first = state.actions.len();
        let board_known = !state.lost;
        let after_end = state.game().is_over();
        state.event(event);
        trace.push(EventTrace {
            actions: first..state.actions.len(),
            board_known,
            after_end,
        });
    }
    if let Some((loser, points, span)) = state.losses.take() {
        state.unplayed = None;
        if state.result().is_some() {
            // A `Losses` line alone after the game was decided: only its points say anything.
            state.losses_after_result(points, span);
        } else {
            state.wins(loser.opponent(), points, false, span);
        }
    }
    if matches!(game.declared, Some((_, _, true, _))) && state.result().is_none() {
        // A roll left unplayed before a resignation (SGF writes the resignation only in RE).
        state.keep_roll_unplayed();
    }
    if is_last && game.declared.is_none() && state.result().is_none() {
        // The file ends on a roll not played yet: gnubg writes a match saved at that point
        // so, and keeps the roll on the board when it loads it.
        state.keep_roll_unplayed();
    }
    state.flush_unplayed();
    if let Some((winner, points, resigned, span)) = game.declared {
        state.declared_result(winner, points, resigned, span);
    }
    match state.result() {
        None if state.game().is_over() => {}
        None if is_last => state.diagnostics.push(Diagnostic::warning(
            DiagnosticKind::Truncated,
            game.end,
            "the file ends before this game's result (unfinished match or truncated file)",
        )),
        None => state.diagnostics.push(Diagnostic::error(
            DiagnosticKind::Truncated,
            game.end,
            "this game stops without a result before the next game starts",
        )),
        Some(_) => {}
    }
    diagnostics.append(&mut state.diagnostics);
    let record = GameRecord {
        score: context.score,
        crawford: context.crawford,
        result: state.result(),
        actions: state.actions,
    };
    (record, trace)
}

impl GameReplay<'_> {
    pub(super) fn name(&self, side: Side) -> String {
        side_name(&self.input.players, side)
    }

    pub(super) fn error(&mut self, kind: DiagnosticKind, span: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::error(kind, span, message));
    }

    /// The game's result as the record keeps it, once the game has been won (a drawn
    /// Plakoto game has none).
    pub(super) fn result(&self) -> Option<RecordedResult> {
        match self.game().result()? {
            game::Event::Won {
                winner,
                ending,
                points,
            } => Some(RecordedResult {
                winner,
                points,
                ending: match ending {
                    game::WinEnding::Played(WinKind::Mother) => RecordedEnding::Mother,
                    game::WinEnding::Played(_) => RecordedEnding::BearOff,
                    game::WinEnding::Dropped => RecordedEnding::Dropped,
                    game::WinEnding::Resigned(kind) => RecordedEnding::Resigned(kind),
                },
            }),
            _ => None,
        }
    }

    /// Applies an action the replay has made sure the rules allow (a legal play found among
    /// the legal plays, a roll after the turn was checked, an edit).
    pub(super) fn apply_allowed(&mut self, side: Side, action: Action) -> Vec<game::Event> {
        let result = self.match_play.apply_by(side, action);
        debug_assert!(result.is_ok(), "{action:?} by {side:?} refused: {result:?}");
        result.unwrap_or_default()
    }

    /// Puts the game where the file says it is after a record the rules refused (the
    /// refusal is reported): the file is followed, so that the rest of the game is checked.
    pub(super) fn follow_record(&mut self, change: impl FnOnce(&mut GameInProgress)) {
        if self.game().is_over() {
            return;
        }
        let mut progress = self.game().in_progress();
        change(&mut progress);
        self.match_play.resume_game(progress);
    }

    /// `side` is on roll from now on, with no dice and no decision pending (the file says
    /// so, after a refused or unusable record).
    pub(super) fn pass_to(&mut self, side: Side) {
        if !self.game().is_over() {
            self.apply_allowed(side, Action::SetTurn(side));
        }
    }

    pub(super) fn event(&mut self, event: &Event) {
        let side = event.side;
        if !matches!(event.kind, EventKind::Wins { .. } | EventKind::Losses(_)) {
            self.flush_unplayed();
        }
        if self.game().is_over()
            && !matches!(event.kind, EventKind::Wins { .. } | EventKind::Losses(_))
        {
            self.error(
                DiagnosticKind::WrongResult,
                event.span,
                "an action after the game was over".to_string(),
            );
            return;
        }
        match &event.kind {
            EventKind::Roll {
                dice,
                dice_span,
                moves,
                cannot_move,
                label,
                dice_only,
            } => {
                let written = Written {
                    moves,
                    label: *label,
                    cannot_move: *cannot_move,
                    dice_only: *dice_only,
                };
                if self.game().rules().uses_gnubg_notation() {
                    self.roll(side, *dice, *dice_span, &written, event.span);
                } else {
                    self.roll_variant(side, *dice, *dice_span, &written, event.span);
                }
            }
            EventKind::Double(value) => self.double(side, *value, event.span),
            EventKind::Take => self.take(side, event.span),
            EventKind::Drop => self.drop_cube(side, event.span),
            EventKind::Beaver(value) => self.beaver(side, *value, event.span),
            EventKind::Unreadable => {
                // Most likely this side's play: the turn passes, the position is unknown.
                self.pass_to(side.opponent());
                if !self.lost {
                    self.lost = true;
                    self.diagnostics.push(Diagnostic::warning(
                        DiagnosticKind::Syntax,
                        event.span,
                        "after this unreadable record the rest of this game's moves cannot be checked",
                    ));
                }
            }
            EventKind::SetBoard { board, on_roll } => {
                // gnubg does not record `set turn` after `set board`: either player may move
                // next, as at the opening.
                self.follow_record(|progress| {
                    progress.board = *board;
                    progress.opening = true;
                    progress.dice = None;
                    progress.cube.offer = None;
                });
                self.lost = false;
                self.illegal_seen = false;
                self.actions.push(GameAction::SetBoard {
                    board: *board,
                    on_roll: *on_roll,
                });
            }
            EventKind::Wins { points, and_match } => {
                self.wins(side, *points, *and_match, event.span);
            }
            EventKind::Losses(points) => {
                // Galaxy writes `Losses` in varying columns; a following `Wins` says who won.
                if self.result_written {
                    self.losses_after_result(*points, event.span);
                } else if self.losses.is_none() {
                    self.losses = Some((side, *points, event.span));
                }
            }
        }
    }

    /// The roll written without moves although it had plays is the roll not played yet, as
    /// gnubg keeps it (`list game`: `Rolled`; saved as `;PL[W]DI[51]`): it is recorded as a
    /// [`GameAction::Roll`] in the order its dice were written, not as a play.
    pub(super) fn keep_roll_unplayed(&mut self) {
        let Some((_, _, rolled)) = self.unplayed.take() else {
            return;
        };
        if let Some(last) = self.actions.last_mut() {
            if let GameAction::Play { side, steps, .. } = last {
                if steps.is_empty() {
                    *last = GameAction::Roll {
                        side: *side,
                        dice: rolled,
                    };
                }
            }
        }
    }

    pub(super) fn flush_unplayed(&mut self) {
        if let Some((span, count, _)) = self.unplayed.take() {
            self.error(
                DiagnosticKind::IllegalMove,
                span,
                format!("no moves written, but the roll has {count} legal plays (dice not used)"),
            );
        }
    }

    /// `side` rolls (`what`, as a diagnostic names it): reported when the rules say it is
    /// not `side`'s turn, and followed anyway (a double waiting for an answer is dropped).
    pub(super) fn take_turn(&mut self, side: Side, span: Span, what: &str) {
        let refusal = self.game().may_roll(side).err();
        match refusal {
            None | Some(GameError::GameOver) => {}
            Some(GameError::DoublePending) => {
                let message = format!(
                    "{what} by {}, but {} must first take or drop the double",
                    self.name(side),
                    self.name(self.game().turn())
                );
                self.error(DiagnosticKind::WrongPlayer, span, message);
            }
            Some(GameError::NotYourTurn(expected)) => {
                let message = format!(
                    "{what} by {}, but it is {}'s turn to roll",
                    self.name(side),
                    self.name(expected)
                );
                self.error(DiagnosticKind::WrongPlayer, span, message);
            }
            Some(other) => {
                let message = format!("{what} by {}: {other}", self.name(side));
                self.error(DiagnosticKind::WrongPlayer, span, message);
            }
        }
        if refusal.is_some() || self.game().is_opening() {
            self.pass_to(side);
        }
    }

    /// Reports an illegal play for `roll` (`52`, or `52 in plakoto`) because of `why`: an
    /// error the first time in a game, later a warning, since it may follow from the first.
    pub(super) fn illegal_play(&mut self, move_span: Span, roll: &str, why: &str) {
        if self.illegal_seen {
            self.diagnostics.push(Diagnostic::warning(
                DiagnosticKind::IllegalMove,
                move_span,
                format!("illegal play for {roll}: {why} (possibly a consequence of the earlier illegal play in this game)"),
            ));
        } else {
            self.error(
                DiagnosticKind::IllegalMove,
                move_span,
                format!("illegal play for {roll}: {why}"),
            );
        }
        self.illegal_seen = true;
    }

    pub(super) fn lose_position(&mut self, span: Span) {
        self.lost = true;
        self.diagnostics.push(Diagnostic::warning(
            DiagnosticKind::IllegalMove,
            span,
            "the written moves cannot be set up on the board: the rest of this game's moves cannot be checked",
        ));
    }

    /// `side`'s roll of `dice` written with no moves: the rules pass the turn when no play
    /// exists; otherwise an error if `Cannot Move` was written, a pending "dice not used"
    /// finding if nothing was, and the turn passes as written. The roll is recorded.
    /// `rolled` is the same dice in the order they were written; dice written alone (SGF)
    /// that have no play are recorded as a roll not played.
    pub(super) fn record_no_play(
        &mut self,
        side: Side,
        dice: Dice,
        rolled: Dice,
        span: Span,
        written: &Written<'_>,
    ) {
        let cannot_move = written.cannot_move;
        if self.match_play.apply_by(side, Action::CannotMove).is_err() {
            let possible = self
                .game()
                .legal_plays()
                .iter()
                .filter(|play| play.dice_used() > 0)
                .count();
            if possible > 0 {
                if cannot_move {
                    self.error(
                        DiagnosticKind::IllegalMove,
                        span,
                        format!(
                            "`Cannot Move` written, but {dice} has {possible} legal plays here"
                        ),
                    );
                } else {
                    self.unplayed = Some((span, possible, rolled));
                }
            }
            self.pass_to(side.opponent());
        }
        if written.dice_only && self.unplayed.is_none() {
            // Dice alone that have no play: gnubg keeps them as rolled all the same.
            self.actions.push(GameAction::Roll { side, dice: rolled });
            return;
        }
        self.actions.push(GameAction::Play {
            side,
            dice,
            steps: Vec::new(),
        });
    }

    /// `side`'s play of `dice`, a legal play (its `steps` as written): the rules apply it and
    /// end the game when it ends it; the action is recorded.
    pub(super) fn played(&mut self, side: Side, dice: Dice, play: Play, steps: &[Step]) {
        self.apply_allowed(side, Action::Play(play));
        self.actions.push(GameAction::Play {
            side,
            dice,
            steps: steps.to_vec(),
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::matchfile::diagnostic::Severity;
    use crate::matchfile::record::GameAction;
    use crate::matchfile::{check_text, Format};
    use crate::rules::{Dice, Side};

    const SGF_ROOT: &str = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3][game:0][ws:0][bs:0]PW[gnubg]PB[root]DT[2026-12-07]RU[Crawford]";
    const MAT_HEAD: &str =
        " 3 point match\n\n Game 1\n gnubg : 0                      root : 0\n  1) 31: 8/5 6/5                 42: 8/4 6/4 \n";

    /// The last game's actions of `text`, which must have no error.
    fn last_actions(text: &str, format: Format) -> Vec<GameAction> {
        let (record, diagnostics) = check_text(text, format);
        assert!(
            diagnostics.iter().all(|d| d.severity != Severity::Error),
            "{diagnostics:?}"
        );
        record.games.last().expect("a game").actions.clone()
    }

    fn rolled(side: Side, first: u8, second: u8) -> GameAction {
        GameAction::Roll {
            side,
            dice: Dice::new(first, second).expect("dice"),
        }
    }

    #[test]
    fn the_roll_a_saved_match_waits_on_is_a_roll_not_played_in_both_formats() {
        // gnubg (1.07, live): `load match` and `import mat` both keep it (`list game`:
        // `51 : Rolled`), `export match mat` writes `  2) 51: `, `save match` `;PL[W]DI[51]`.
        let sgf = format!("{SGF_ROOT}\n;W[31hefe]\n;B[42qusu]\n;PL[W]DI[51])\n");
        let mat = format!("{MAT_HEAD}  2) 51: ");
        for (text, format) in [(sgf, Format::Sgf), (mat, Format::Mat)] {
            let actions = last_actions(&text, format);
            assert_eq!(actions.len(), 3, "{format:?}: {actions:?}");
            assert_eq!(actions[2], rolled(Side::O, 5, 1), "{format:?}");
        }
        // gnubg writes the dice in the order they were rolled (`set dice 15`: `DI[15]`, `15: `).
        let actions = last_actions(&format!("{MAT_HEAD}  2) 15: "), Format::Mat);
        assert_eq!(actions[2], rolled(Side::O, 1, 5));
    }

    #[test]
    fn the_roll_a_player_resigned_on_is_a_roll_not_played() {
        let sgf = format!("{SGF_ROOT}RE[B+1R]\n;W[31hefe]\n;B[42qusu]\n;PL[W]DI[51])\n");
        let mat = format!("{MAT_HEAD}  2) 51:                         Wins 1 point\n");
        for (text, format) in [(sgf, Format::Sgf), (mat, Format::Mat)] {
            let actions = last_actions(&text, format);
            assert_eq!(actions[2], rolled(Side::O, 5, 1), "{format:?}: {actions:?}");
        }
    }

    #[test]
    fn dice_set_before_their_play_and_a_dance_are_no_roll_left_unplayed() {
        // gnubg drops a node of dice that a play follows (`save match` writes the play only).
        let sgf = format!("{SGF_ROOT}\n;W[31hefe]\n;PL[B]DI[42]\n;B[42qusu])\n");
        let actions = last_actions(&sgf, Format::Sgf);
        assert_eq!(actions.len(), 2, "{actions:?}");
        assert!(actions
            .iter()
            .all(|action| matches!(action, GameAction::Play { .. })));
        // gnubg keeps dice set that have no play (root's 65 with a checker on the bar), but
        // its `import mat` of `65: ` (its own export) reads a roll that could not move.
        let fixture = include_str!("../../../fixtures/sgf/seed07-1pt.sgf");
        let head: Vec<&str> = fixture.lines().take(11).collect();
        let sgf = format!("{}\n;PL[B]DI[65])\n", head.join("\n")).replace("RE[B+1R]", "");
        let actions = last_actions(&sgf, Format::Sgf);
        assert_eq!(actions.last(), Some(&rolled(Side::X, 6, 5)));
        let mat = crate::matchfile::write_mat(&check_text(&sgf, Format::Sgf).0);
        assert!(mat.trim_end().ends_with("65:"), "{mat}");
        let actions = last_actions(&mat, Format::Mat);
        assert!(
            matches!(actions.last(), Some(GameAction::Play { side: Side::X, steps, .. }) if steps.is_empty()),
            "{actions:?}"
        );
        // A roll without moves in the middle of a game is still an error (dice not used).
        let mat = format!("{MAT_HEAD}  2) 51:                         31: 8/5 6/5\n");
        let (_, diagnostics) = check_text(&mat, Format::Mat);
        assert!(
            diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error && d.message.contains("dice not used")),
            "{diagnostics:?}"
        );
    }
}
