//! A written roll and its play: found among the legal plays of gnubg's variations or read in
//! the variant notation of tavli's own variants, completed or set up as written when it is
//! no legal play, and the game's end when the play bears off the last checker.

use super::super::ast::{ActionLabel, MoveText};
use super::super::diagnostic::{DiagnosticKind, Span};
use super::super::record::{Ending, GameAction, GameResult};
use super::diagnose::explain;
use super::{Expect, GameReplay};
use crate::notation::variant_move::{VariantMoveText, WrittenEntry};
use crate::notation::written_play::{
    apply_jumps_in_any_order, complete_partial_play, find_written_play, full_roll_play,
};
use crate::notation::{format_play, resolve_move, WrittenMove};
use crate::rules::variants::{self, WinKind};
use crate::rules::{Board, Dice, Play, Side, Step, Variant};

/// A roll's written play in one of tavli's variants.
pub(super) struct Written<'a> {
    pub(super) moves: &'a [(MoveText, Span)],
    pub(super) label: Option<ActionLabel>,
    pub(super) cannot_move: bool,
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
        moves: &[(MoveText, Span)],
        cannot_move: bool,
        span: Span,
    ) {
        self.check_turn(side, span, "a roll");
        self.expect = Expect::Roll(side.opponent());
        let Some(dice) = self.written_dice(digits, dice_span) else {
            self.apply_unchecked(side, moves, span);
            return;
        };
        if self.lost {
            self.apply_unchecked(side, moves, span);
            self.actions.push(GameAction::Play {
                side,
                dice,
                steps: Vec::new(),
            });
            return;
        }
        if let Some((board, steps)) = full_roll_play(&self.board, side, dice, &jumps(moves)) {
            self.played(side, dice, board, steps);
            return;
        }
        let legal = self.rules.legal_plays(&self.board, side, dice);
        if moves.is_empty() {
            self.record_no_play(side, dice, span, &legal, cannot_move);
            return;
        }
        match match_written_play(&self.board, side, dice, moves, &legal) {
            Ok((play, steps)) => self.played(side, dice, play.result, steps),
            Err(reason) => {
                let move_span = Span::new(
                    moves.first().map_or(span.start, |(_, s)| s.start),
                    moves.last().map_or(span.end, |(_, s)| s.end),
                );
                // A play with a half-move left out: go on with the only legal play that
                // contains the written ones, so later moves are still checked.
                let completed = complete_partial_play(&jumps(moves), &legal);
                let note = completed.map_or_else(String::new, |play| {
                    format!(
                        "; going on with {}, the only legal play that contains it",
                        format_play(self.rules, &self.board, side, dice, play.steps())
                    )
                });
                self.illegal_play(move_span, &dice.to_string(), &format!("{reason}{note}"));
                if let Some(play) = completed {
                    self.played(side, dice, play.result, play.steps().to_vec());
                } else if let Some((board, steps)) =
                    apply_jumps_in_any_order(&self.board, side, &jumps(moves))
                {
                    // Go on with the position the writer meant.
                    self.played(side, dice, board, steps);
                } else {
                    self.lose_position(move_span);
                }
            }
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
        let variant = self.input.variant;
        // Once the position is lost, Athroisma's rerolls (the same player rolling again)
        // cannot be told from a roll out of turn.
        if !(self.lost && variant == Variant::Athroisma) {
            self.check_turn(side, span, "a roll");
        }
        self.expect = Expect::Roll(side.opponent());
        let Some(dice) = self.written_dice(digits, dice_span) else {
            if !self.lost {
                self.lose_position(span);
            }
            return;
        };
        let moves = written.moves;
        let move_span = Span::new(
            moves.first().map_or(span.start, |(_, s)| s.start),
            moves.last().map_or(span.end, |(_, s)| s.end),
        );
        if self.lost {
            self.actions.push(GameAction::Play {
                side,
                dice,
                steps: Vec::new(),
            });
            return;
        }
        if self.rules.requires_reroll(&self.board, side, dice) {
            // Athroisma: a non-double over 6 in the bear-off phase is rolled again.
            self.expect = Expect::Roll(side);
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
        let legal = self.rules.legal_plays(&self.board, side, dice);
        if moves.is_empty() && written.label.is_none() {
            self.record_no_play(side, dice, span, &legal, written.cannot_move);
            return;
        }
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
        match resolve_move(
            self.rules,
            &self.board,
            side,
            dice,
            &WrittenMove::Entries(text),
        ) {
            Ok(play) => self.played(side, dice, play.result, play.steps().to_vec()),
            Err(error) => {
                let reason = if legal.iter().all(|play| play.dice_used() == 0) {
                    "no move is possible with this roll, but moves are written".to_string()
                } else {
                    error.to_string()
                };
                let completed = complete_partial_play(&jumps(moves), &legal);
                let note = completed.map_or_else(String::new, |play| {
                    format!(
                        "; going on with {}, the only legal play that contains it",
                        format_play(self.rules, &self.board, side, dice, play.steps())
                    )
                });
                let roll = format!("{dice} in {variant}");
                self.illegal_play(move_span, &roll, &format!("{reason}{note}"));
                match completed {
                    Some(play) => self.played(side, dice, play.result, play.steps().to_vec()),
                    None => self.lose_position(move_span),
                }
            }
        }
    }

    /// `side`'s play of `dice` (its `steps`) leaves `board`: the action is recorded and the
    /// game ends when the rules say the play ended it.
    fn played(&mut self, side: Side, dice: Dice, board: Board, steps: Vec<Step>) {
        self.board = board;
        self.actions.push(GameAction::Play { side, dice, steps });
        self.check_end(side);
    }

    /// The end of the game after `side`'s play, as the rules decide it: bear-off (in gnubg's
    /// variations, the mover's), Plakoto's mother rule, or Plakoto's draw.
    fn check_end(&mut self, side: Side) {
        if let Some(result) = self.rules.result_after_play(&self.board, side) {
            self.finish(result);
        }
    }

    /// Ends the game with `result`, reached by a play: a win scored by the rules (the kind of
    /// win times the cube, gammons as single games under the Jacoby rule in money play), or
    /// Plakoto's draw, which has no result.
    fn finish(&mut self, result: variants::GameResult) {
        match result {
            variants::GameResult::Draw => self.drawn = true,
            variants::GameResult::Win { winner, kind } => {
                let money = self.input.length.map_or(0, |(l, _)| l) == 0;
                self.result = Some(GameResult {
                    winner,
                    points: self
                        .rules
                        .points(result, &self.cube, self.input.jacoby && money),
                    ending: if kind == WinKind::Mother {
                        Ending::Mother
                    } else {
                        Ending::BearOff
                    },
                });
            }
        }
        self.expect = Expect::Over;
    }

    pub(super) fn apply_unchecked(&mut self, side: Side, moves: &[(MoveText, Span)], span: Span) {
        if self.lost {
            return;
        }
        match apply_jumps_in_any_order(&self.board, side, &jumps(moves)) {
            Some((board, _)) => {
                self.board = board;
                self.check_end(side);
            }
            None => self.lose_position(span),
        }
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
