//! One game's replay: the written events in order, whose turn it is, and the findings that
//! belong to no one kind of action (a roll left unplayed, an unreadable record, a lost
//! position).

use super::super::diagnostic::{Diagnostic, DiagnosticKind, Span};
use super::super::record::{GameAction, GameRecord};
use super::roll::Written;
use super::{side_name, Event, EventKind, Expect, GameInput, GameReplay, MatchInput};
use crate::rules::game::RuleSet;
use crate::rules::variants::cube::Cube;
use crate::rules::{Board, Dice, Play, Side};

pub(super) fn replay_game(
    input: &MatchInput,
    game: &GameInput,
    score: [u32; 2],
    crawford: bool,
    is_last: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> GameRecord {
    let mut state = GameReplay {
        input,
        board: Board::start(input.variant),
        rules: RuleSet::new(input.variant),
        cube: Cube::centred(),
        expect: Expect::Start,
        crawford,
        score,
        lost: false,
        unplayed: None,
        result: None,
        result_written: false,
        losses: None,
        drawn: false,
        illegal_seen: false,
        actions: Vec::new(),
        diagnostics: Vec::new(),
    };
    for event in &game.events {
        state.event(event);
    }
    if let Some((loser, points, span)) = state.losses.take() {
        state.unplayed = None;
        state.wins(loser.opponent(), points, false, span);
    }
    if matches!(game.declared, Some((_, _, true, _))) && state.result.is_none() {
        // A roll left unplayed before a resignation (SGF writes the resignation only in RE).
        state.unplayed = None;
    }
    state.flush_unplayed();
    if let Some((winner, points, resigned, span)) = game.declared {
        state.declared_result(winner, points, resigned, span);
    }
    match state.result {
        None if state.drawn => {}
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
    GameRecord {
        score,
        crawford,
        actions: state.actions,
        result: state.result,
    }
}

impl GameReplay<'_> {
    pub(super) fn name(&self, side: Side) -> String {
        side_name(&self.input.players, side)
    }

    pub(super) fn error(&mut self, kind: DiagnosticKind, span: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::error(kind, span, message));
    }

    pub(super) fn event(&mut self, event: &Event) {
        let side = event.side;
        if !matches!(event.kind, EventKind::Wins { .. } | EventKind::Losses(_)) {
            self.flush_unplayed();
        }
        if self.expect == Expect::Over
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
            } => {
                if self.rules.is_gnubg_variation() {
                    self.roll(side, *dice, *dice_span, moves, *cannot_move, event.span);
                } else {
                    let written = Written {
                        moves,
                        label: *label,
                        cannot_move: *cannot_move,
                    };
                    self.roll_variant(side, *dice, *dice_span, &written, event.span);
                }
            }
            EventKind::Double(value) => self.double(side, *value, event.span),
            EventKind::Take => self.take(side, event.span),
            EventKind::Drop => self.drop_cube(side, event.span),
            EventKind::Beaver(value) => self.beaver(side, *value, event.span),
            EventKind::Unreadable => {
                // Most likely this side's play: the turn passes, the position is unknown.
                self.expect = Expect::Roll(side.opponent());
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
                self.board = *board;
                self.lost = false;
                self.illegal_seen = false;
                // gnubg does not record `set turn` after `set board`: either player may move next.
                self.expect = Expect::Start;
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
                if self.result.is_none() {
                    self.losses = Some((side, *points, event.span));
                }
            }
        }
    }

    pub(super) fn flush_unplayed(&mut self) {
        if let Some((span, count)) = self.unplayed.take() {
            self.error(
                DiagnosticKind::IllegalMove,
                span,
                format!("no moves written, but the roll has {count} legal plays (dice not used)"),
            );
        }
    }

    pub(super) fn check_turn(&mut self, side: Side, span: Span, what: &str) {
        match self.expect {
            Expect::Start | Expect::Over => {}
            Expect::Roll(expected) if expected == side => {}
            Expect::Roll(expected) => {
                let message = format!(
                    "{what} by {}, but it is {}'s turn to roll",
                    self.name(side),
                    self.name(expected)
                );
                self.error(DiagnosticKind::WrongPlayer, span, message);
            }
            Expect::Respond(responder) => {
                let message = format!(
                    "{what} by {}, but {} must first take or drop the double",
                    self.name(side),
                    self.name(responder)
                );
                self.error(DiagnosticKind::WrongPlayer, span, message);
            }
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

    /// A roll written with no moves: an error if `Cannot Move` was written though a play
    /// existed, a pending "dice not used" finding if nothing was written; the roll is recorded.
    pub(super) fn record_no_play(
        &mut self,
        side: Side,
        dice: Dice,
        span: Span,
        legal: &[Play],
        cannot_move: bool,
    ) {
        let possible = legal.iter().filter(|play| play.dice_used() > 0).count();
        if possible > 0 {
            if cannot_move {
                self.error(
                    DiagnosticKind::IllegalMove,
                    span,
                    format!("`Cannot Move` written, but {dice} has {possible} legal plays here"),
                );
            } else {
                self.unplayed = Some((span, possible));
            }
        }
        self.actions.push(GameAction::Play {
            side,
            dice,
            steps: Vec::new(),
        });
    }
}
