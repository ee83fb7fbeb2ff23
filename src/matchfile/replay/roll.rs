//! A written roll and its play: found among the legal plays of gnubg's variations or read in
//! the variant notation of tavli's own variants, completed or set up as written when it is
//! no legal play; the rules' game applies it and says when it ends the game.

use super::super::ast::{ActionLabel, MoveText};
use super::super::diagnostic::{DiagnosticKind, Span};
use super::super::record::GameAction;
use super::diagnose::explain;
use super::GameReplay;
use crate::notation::variant_move::{VariantMoveText, WrittenEntry};
use crate::notation::written_play::{
    apply_jumps_in_any_order, complete_partial_play, find_written_play, full_roll_play,
};
use crate::notation::{format_play, resolve_move, WrittenMove};
use crate::rules::game::{Action, Event};
use crate::rules::{Board, Dice, Play, Side, Step};

/// A roll's written play in one of tavli's variants.
pub(super) struct Written<'a> {
    pub(super) moves: &'a [(MoveText, Span)],
    pub(super) label: Option<ActionLabel>,
    pub(super) cannot_move: bool,
    /// Dice alone, rolled and not played (SGF `;PL[W]DI[51]`).
    pub(super) dice_only: bool,
}

impl GameReplay<'_> {
    /// The dice written as `digits`, high die first, or `None` after reporting that they are
    /// not a roll.
    fn written_dice(&mut self, digits: [u8; 2], dice_span: Span) -> Option<Dice> {
        let dice = Dice::new(digits[0], digits[1]).map(Dice::high_first).ok();
        if dice.is_none() {
            self.error(
                DiagnosticKind::BadRoll,
                dice_span,
                format!(
                    "`{}{}` is not a roll: each die is 1 to 6; this play cannot be checked",
                    digits[0], digits[1]
                ),
            );
        }
        dice
    }

    pub(super) fn roll(
        &mut self,
        side: Side,
        digits: [u8; 2],
        dice_span: Span,
        written: &Written<'_>,
        span: Span,
    ) {
        let moves = written.moves;
        self.take_turn(side, span, "a roll");
        let Some(dice) = self.written_dice(digits, dice_span) else {
            self.set_up_unchecked(side, moves, span);
            return;
        };
        if self.lost {
            self.pass_to(side.opponent());
            self.actions.push(GameAction::Play {
                side,
                dice,
                steps: Vec::new(),
            });
            return;
        }
        self.check_opening_roll(dice, dice_span);
        self.apply_allowed(side, Action::Roll(dice));
        let board = *self.game().board();
        if let Some((after, steps)) = full_roll_play(&board, side, dice, &jumps(moves)) {
            self.played(side, dice, Play::new(&steps, after), &steps);
            return;
        }
        if moves.is_empty() {
            let rolled = Dice::new(digits[0], digits[1]).unwrap_or(dice);
            self.record_no_play(side, dice, rolled, span, written);
            return;
        }
        let legal = self.game().legal_plays();
        match match_written_play(&board, side, dice, moves, &legal) {
            Ok((play, steps)) => self.played(side, dice, play, &steps),
            Err(reason) => {
                let move_span = Span::new(
                    moves.first().map_or(span.start, |(_, s)| s.start),
                    moves.last().map_or(span.end, |(_, s)| s.end),
                );
                // A play with a half-move left out: go on with the only legal play that
                // contains the written ones, so later moves are still checked.
                let completed = complete_partial_play(&jumps(moves), &legal);
                let rules = self.game().rules();
                let note = completed.map_or_else(String::new, |play| {
                    format!(
                        "; going on with {}, the only legal play that contains it",
                        format_play(rules, &board, side, dice, play.steps())
                    )
                });
                self.illegal_play(move_span, &dice.to_string(), &format!("{reason}{note}"));
                if let Some(play) = completed {
                    self.played(side, dice, play, play.steps());
                } else if let Some((after, steps)) =
                    apply_jumps_in_any_order(&board, side, &jumps(moves))
                {
                    // Go on with the position the writer meant.
                    self.apply_allowed(side, Action::PlayUnchecked(Play::new(&steps, after)));
                    self.actions.push(GameAction::Play { side, dice, steps });
                } else {
                    self.lose_position(move_span);
                    self.pass_to(side.opponent());
                }
            }
        }
    }

    /// Where the starter plays the opening dice, a game's first roll is never a double
    /// (equal opening dice are rolled again): such a roll is a bad roll, its play still
    /// checked as written. A game from a set-up board may start with any roll.
    fn check_opening_roll(&mut self, dice: Dice, dice_span: Span) {
        let first = !self.actions.iter().any(|action| {
            matches!(
                action,
                GameAction::SetBoard { .. } | GameAction::Play { .. }
            )
        });
        if dice.is_double() && first && self.game().rules().opening_dice_are_played() {
            self.error(
                DiagnosticKind::BadRoll,
                dice_span,
                format!(
                    "`{dice}` as the game's first roll: an opening roll is never a double \
                     (equal dice are rolled again); the play is checked as written"
                ),
            );
        }
    }

    /// A roll in one of tavli's own variants: the play is read in the variant notation and
    /// resolved on the variant's rules.
    pub(super) fn roll_variant(
        &mut self,
        side: Side,
        digits: [u8; 2],
        dice_span: Span,
        written: &Written<'_>,
        span: Span,
    ) {
        let rules = self.game().rules();
        // Once the position is lost, a roll again (the same player rolling twice) cannot be
        // told from a roll out of turn.
        if !(self.lost && rules.has_rerolls()) {
            self.take_turn(side, span, "a roll");
        } else {
            self.pass_to(side);
        }
        let Some(dice) = self.written_dice(digits, dice_span) else {
            if !self.lost {
                self.lose_position(span);
            }
            self.pass_to(side.opponent());
            return;
        };
        let moves = written.moves;
        let move_span = Span::new(
            moves.first().map_or(span.start, |(_, s)| s.start),
            moves.last().map_or(span.end, |(_, s)| s.end),
        );
        if self.lost {
            self.pass_to(side.opponent());
            self.actions.push(GameAction::Play {
                side,
                dice,
                steps: Vec::new(),
            });
            return;
        }
        let events = self.apply_allowed(side, Action::Roll(dice));
        if matches!(events[..], [Event::Rolled { .. }, Event::Rerolled { .. }]) {
            // Athroisma: a non-double over 6 in the bear-off phase is rolled again.
            if !moves.is_empty() || written.label.is_some() {
                self.error(
                    DiagnosticKind::IllegalMove,
                    move_span,
                    format!("{dice} must be rolled again (a non-double over 6 in the bear-off phase), but moves are written"),
                );
            }
            self.actions.push(GameAction::Play {
                side,
                dice,
                steps: Vec::new(),
            });
            return;
        }
        if moves.is_empty() && written.label.is_none() {
            self.record_no_play(side, dice, dice, span, written);
            return;
        }
        let board = *self.game().board();
        let text = VariantMoveText {
            action: written.label,
            entries: moves
                .iter()
                .filter_map(|(move_text, _)| {
                    let (&start, path) = move_text.points.split_first()?;
                    Some(WrittenEntry {
                        start,
                        landings: path
                            .iter()
                            .zip(move_text.hits.iter().skip(1))
                            .map(|(&point, &mark)| (point, mark))
                            .collect(),
                        repeat: move_text.count.max(1),
                    })
                })
                .collect(),
        };
        match resolve_move(rules, &board, side, dice, &WrittenMove::Entries(text)) {
            Ok(play) => self.played(side, dice, play, play.steps()),
            Err(error) => {
                let legal = self.game().legal_plays();
                let reason = if legal.iter().all(|play| play.dice_used() == 0) {
                    "no move is possible with this roll, but moves are written".to_string()
                } else {
                    error.to_string()
                };
                let completed = complete_partial_play(&jumps(moves), &legal);
                let note = completed.map_or_else(String::new, |play| {
                    format!(
                        "; going on with {}, the only legal play that contains it",
                        format_play(rules, &board, side, dice, play.steps())
                    )
                });
                let roll = format!("{dice} in {}", rules.variant());
                self.illegal_play(move_span, &roll, &format!("{reason}{note}"));
                match completed {
                    Some(play) => self.played(side, dice, play, play.steps()),
                    None => {
                        self.lose_position(move_span);
                        self.pass_to(side.opponent());
                    }
                }
            }
        }
    }

    /// A roll whose dice are no roll: its moves are set up as written (the game ends if the
    /// rules say the position ends it) and the turn passes; nothing is recorded.
    fn set_up_unchecked(&mut self, side: Side, moves: &[(MoveText, Span)], span: Span) {
        if !self.lost {
            match apply_jumps_in_any_order(self.game().board(), side, &jumps(moves)) {
                Some((after, steps)) => {
                    self.apply_allowed(side, Action::PlayUnchecked(Play::new(&steps, after)));
                }
                None => self.lose_position(span),
            }
        }
        self.pass_to(side.opponent());
    }
}

/// The single jumps of the written moves (each path segment, repeated by its count).
pub(super) fn jumps(moves: &[(MoveText, Span)]) -> Vec<(u8, u8)> {
    let mut jumps = Vec::new();
    for (text, _) in moves {
        for _ in 0..text.count.max(1) {
            for pair in text.points.windows(2) {
                jumps.push((pair[0], pair[1]));
            }
        }
    }
    jumps
}

/// Finds the legal play the written moves describe; `Err` says why there is none.
pub(super) fn match_written_play(
    board: &Board,
    side: Side,
    dice: Dice,
    moves: &[(MoveText, Span)],
    legal: &[Play],
) -> Result<(Play, Vec<Step>), String> {
    find_written_play(board, side, &jumps(moves), legal)
        .ok_or_else(|| explain(board, side, dice, moves, legal))
}
