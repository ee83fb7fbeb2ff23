//! Replays parsed games on the rules core and reports every problem as a diagnostic.
//!
//! Both readers turn their syntax tree into a [`MatchInput`] (a format-neutral list of
//! written events with spans); [`replay`] checks it and builds the [`MatchRecord`].
//!
//! gnubg's variations replay on gnubg's move generator as gnubg imports them. tavli's own
//! variants (Old English, Portes, Plakoto, Fevga, Athroisma) replay on their rules
//! (`rules::variants`): a written play is read in the variant notation and identified by the
//! position it reaches; results are scored per variant (Portes and the others without a
//! triple game, Plakoto's mother rule and draw); a cube action in a game without a cube is a
//! `cube-not-allowed` error, and those matches have no Crawford game.

use super::ast::{ActionLabel, MoveText};
use super::diagnostic::{Diagnostic, DiagnosticKind, Span};
use super::record::{Ending, GameAction, GameRecord, GameResult, MatchRecord};
use crate::notation::format_play;
use crate::notation::variant_format::format_variant_play;
use crate::notation::variant_move::{resolve_variant_move, VariantMoveText, WrittenEntry};
use crate::notation::written_play::{
    apply_jumps_in_any_order, complete_partial_play, find_written_play, full_roll_play,
};
use crate::rules::game::RuleSet;
use crate::rules::variants::cube::CubeRefusal;
use crate::rules::variants::{
    self, legal_plays_in, points_scored, requires_reroll, win_kind, WinKind,
};
use crate::rules::{legal_plays, Board, Dice, Play, Resignation, Side, Step, Variant, BAR};

/// A match as written, before checking.
#[derive(Clone, Debug, Default)]
pub struct MatchInput {
    /// The match length (0 = money) and where it was written.
    pub length: Option<(u32, Span)>,
    /// Player names (from the first game's score line or the SGF root).
    pub players: [String; 2],
    /// The variant.
    pub variant: Variant,
    /// Jacoby rule (money).
    pub jacoby: bool,
    /// Match information for the record.
    pub info: Vec<(String, String)>,
    /// Comment lines.
    pub comment: Vec<String>,
    /// The games.
    pub games: Vec<GameInput>,
}

/// One game as written.
#[derive(Clone, Debug, Default)]
pub struct GameInput {
    /// The game header.
    pub header: Span,
    /// Score before the game as written, and where.
    pub score: Option<([u32; 2], Span)>,
    /// The written events in order.
    pub events: Vec<Event>,
    /// A declared result (SGF `RE[]`): winner, points, by resignation, where.
    pub declared: Option<(Side, u32, bool, Span)>,
    /// The last line or node of the game.
    pub end: Span,
    /// Whether the file marks this game as the Crawford game (SGF `RU[..:CrawfordGame]`),
    /// and where; `None` when the format does not say.
    pub declared_crawford: Option<(bool, Span)>,
}

/// One written event by one player.
#[derive(Clone, Debug)]
pub struct Event {
    /// The player whose column or colour it is written under.
    pub side: Side,
    /// What was written.
    pub kind: EventKind,
    /// Where.
    pub span: Span,
}

/// The kinds of written events.
#[derive(Clone, Debug)]
pub enum EventKind {
    /// A roll and its written moves.
    Roll {
        /// The dice digits as written.
        dice: [u8; 2],
        /// Where the dice are.
        dice_span: Span,
        /// The written moves.
        moves: Vec<(MoveText, Span)>,
        /// `Cannot Move` was written.
        cannot_move: bool,
        /// An Athroisma bear-off label written before the moves.
        label: Option<ActionLabel>,
    },
    /// A double (to the value, when written).
    Double(Option<u32>),
    /// A take.
    Take,
    /// A drop.
    Drop,
    /// A beaver (to the value, when written).
    Beaver(Option<u32>),
    /// `Wins N points`.
    Wins {
        /// N.
        points: u32,
        /// `and the match` followed.
        and_match: bool,
    },
    /// `Losses N points` (the writer's side gave up N points).
    Losses(u32),
    /// A record that could not be read (the reader reported it).
    Unreadable,
    /// A board set up by editing (SGF `AE`/`AW`/`AB`), with the player on roll if given.
    SetBoard {
        /// The new position.
        board: Board,
        /// `PL[]`: who is to roll.
        on_roll: Option<Side>,
    },
}

/// A roll's written play in one of tavli's variants.
struct Written<'a> {
    moves: &'a [(MoveText, Span)],
    label: Option<ActionLabel>,
    cannot_move: bool,
}

/// What the replay expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// The game's first roll, by either player.
    Start,
    /// This side rolls (or doubles).
    Roll(Side),
    /// This side answers a double by the other.
    Respond(Side),
    /// The game is over.
    Over,
}

fn side_name(players: &[String; 2], side: Side) -> String {
    let name = &players[side.index()];
    if name.is_empty() {
        format!("player {}", side.index())
    } else {
        name.clone()
    }
}

/// Checks `input` and returns the record and the diagnostics.
#[must_use]
pub fn replay(input: &MatchInput) -> (MatchRecord, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let length = input.length.map_or(0, |(length, _)| length);
    let mut record = MatchRecord {
        length,
        players: input.players.clone(),
        variant: input.variant,
        jacoby: input.jacoby,
        info: input.info.clone(),
        comment: input.comment.clone(),
        games: Vec::new(),
    };
    let mut expected_score = [0u32; 2];
    let mut crawford_played = false;
    let game_count = input.games.len();
    for (index, game) in input.games.iter().enumerate() {
        let written = game.score.map(|(score, _)| score);
        let score = written.unwrap_or(expected_score);
        if let Some((score, span)) = game.score {
            if score != expected_score {
                diagnostics.push(Diagnostic::error(
                    DiagnosticKind::WrongScore,
                    span,
                    format!(
                        "score line says {}-{}, the earlier games give {}-{}",
                        score[0], score[1], expected_score[0], expected_score[1]
                    ),
                ));
            }
        }
        if length > 0 && (score[0] >= length || score[1] >= length) {
            diagnostics.push(Diagnostic::error(
                DiagnosticKind::MatchLength,
                game.header,
                format!(
                    "game {} starts at {}-{}, after the {length}-point match was won (gnubg ignores it)",
                    index + 1,
                    score[0],
                    score[1]
                ),
            ));
            break;
        }
        let crawford = length > 0
            && input.variant.uses_cube()
            && !crawford_played
            && ((score[0].checked_add(1) == Some(length))
                ^ (score[1].checked_add(1) == Some(length)));
        if crawford {
            crawford_played = true;
        }
        if let Some((declared, span)) = game.declared_crawford {
            if declared != crawford && length > 0 {
                let message = if declared {
                    format!(
                        "game {} is marked as the Crawford game, but at {}-{} it is not",
                        index + 1,
                        score[0],
                        score[1]
                    )
                } else {
                    format!(
                        "game {} at {}-{} is the Crawford game, but it is not marked so",
                        index + 1,
                        score[0],
                        score[1]
                    )
                };
                diagnostics.push(Diagnostic::warning(
                    DiagnosticKind::BadHeader,
                    span,
                    message,
                ));
            }
        }
        let is_last = index + 1 == game_count;
        let game_record = replay_game(input, game, score, crawford, is_last, &mut diagnostics);
        expected_score = score;
        if let Some(result) = game_record.result {
            expected_score[result.winner.index()] =
                expected_score[result.winner.index()].saturating_add(result.points);
        }
        record.games.push(game_record);
    }
    if let (Some((_, span)), Some(last)) = (input.length, record.games.last()) {
        let final_score = record.final_score();
        if length > 0 && last.result.is_some() && final_score.iter().all(|&s| s < length) {
            diagnostics.push(Diagnostic::warning(
                DiagnosticKind::MatchLength,
                span,
                format!(
                    "the match stops at {}-{}, before either player reached {length} points",
                    final_score[0], final_score[1]
                ),
            ));
        }
    }
    (record, diagnostics)
}

/// One game's replay state.
struct GameReplay<'a> {
    input: &'a MatchInput,
    board: Board,
    cube: u32,
    owner: Option<Side>,
    expect: Expect,
    doubler: Option<Side>,
    crawford: bool,
    score: [u32; 2],
    /// Moves can no longer be checked (the position is lost after an unusable move).
    lost: bool,
    /// A roll written without moves although moves were possible: fine only right before a
    /// resignation.
    unplayed: Option<(Span, usize)>,
    result: Option<GameResult>,
    result_written: bool,
    /// An illegal play was found in this game: later ones may be its consequences.
    illegal_seen: bool,
    /// A `Losses` line not yet followed by `Wins`.
    losses: Option<(Side, u32, Span)>,
    /// Plakoto: both mothers were pinned, the game ended in a draw (no result).
    drawn: bool,
    actions: Vec<GameAction>,
    diagnostics: Vec<Diagnostic>,
}

fn replay_game(
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
        cube: 1,
        owner: None,
        expect: Expect::Start,
        doubler: None,
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
    fn name(&self, side: Side) -> String {
        side_name(&self.input.players, side)
    }

    fn error(&mut self, kind: DiagnosticKind, span: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::error(kind, span, message));
    }

    fn event(&mut self, event: &Event) {
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
                if self.input.variant.is_gnubg_variation() {
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

    fn flush_unplayed(&mut self) {
        if let Some((span, count)) = self.unplayed.take() {
            self.error(
                DiagnosticKind::IllegalMove,
                span,
                format!("no moves written, but the roll has {count} legal plays (dice not used)"),
            );
        }
    }

    fn check_turn(&mut self, side: Side, span: Span, what: &str) {
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

    fn roll(
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
        let Ok(dice) = Dice::new(digits[0], digits[1]).map(Dice::high_first) else {
            self.error(
                DiagnosticKind::BadRoll,
                dice_span,
                format!(
                    "`{}{}` is not a roll: each die is 1 to 6; this play cannot be checked",
                    digits[0], digits[1]
                ),
            );
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
            self.board = board;
            self.actions.push(GameAction::Play { side, dice, steps });
            self.check_bear_off(side);
            return;
        }
        let legal = legal_plays(&self.board, side, dice);
        if moves.is_empty() {
            self.record_no_play(side, dice, span, &legal, cannot_move);
            return;
        }
        match match_written_play(&self.board, side, dice, moves, &legal) {
            Ok((play, steps)) => {
                self.board = play.result;
                self.actions.push(GameAction::Play { side, dice, steps });
                self.check_bear_off(side);
            }
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
                        format_play(&self.board, side, play.steps())
                    )
                });
                self.illegal_play(move_span, &dice.to_string(), &format!("{reason}{note}"));
                if let Some(play) = completed {
                    self.board = play.result;
                    self.actions.push(GameAction::Play {
                        side,
                        dice,
                        steps: play.steps().to_vec(),
                    });
                    self.check_bear_off(side);
                } else if let Some((board, steps)) =
                    apply_jumps_in_any_order(&self.board, side, &jumps(moves))
                {
                    // Go on with the position the writer meant.
                    self.board = board;
                    self.actions.push(GameAction::Play { side, dice, steps });
                    self.check_bear_off(side);
                } else {
                    self.lose_position(move_span);
                }
            }
        }
    }

    /// Reports an illegal play for `roll` (`52`, or `52 in plakoto`) because of `why`: an
    /// error the first time in a game, later a warning, since it may follow from the first.
    fn illegal_play(&mut self, move_span: Span, roll: &str, why: &str) {
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

    /// A roll in one of tavli's own variants: the play is read in the variant notation and
    /// resolved on the variant's rules.
    fn roll_variant(
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
        let Ok(dice) = Dice::new(digits[0], digits[1]).map(Dice::high_first) else {
            self.error(
                DiagnosticKind::BadRoll,
                dice_span,
                format!(
                    "`{}{}` is not a roll: each die is 1 to 6; this play cannot be checked",
                    digits[0], digits[1]
                ),
            );
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
        if requires_reroll(variant, &self.board, side, dice) {
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
        let legal = legal_plays_in(variant, &self.board, side, dice);
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
        match resolve_variant_move(variant, &self.board, side, dice, &text) {
            Ok(play) => {
                self.board = play.result;
                self.actions.push(GameAction::Play {
                    side,
                    dice,
                    steps: play.steps().to_vec(),
                });
                self.check_variant_end();
            }
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
                        format_variant_play(variant, &self.board, side, dice, play.steps())
                    )
                });
                let roll = format!("{dice} in {variant}");
                self.illegal_play(move_span, &roll, &format!("{reason}{note}"));
                match completed {
                    Some(play) => {
                        self.board = play.result;
                        self.actions.push(GameAction::Play {
                            side,
                            dice,
                            steps: play.steps().to_vec(),
                        });
                        self.check_variant_end();
                    }
                    None => self.lose_position(move_span),
                }
            }
        }
    }

    /// The end of a game of one of tavli's variants after a play: bear-off (scored per
    /// variant), Plakoto's mother rule, or Plakoto's draw.
    fn check_variant_end(&mut self) {
        let variant = self.input.variant;
        match variants::game_result(variant, &self.board) {
            None => {}
            Some(variants::GameResult::Draw) => {
                self.drawn = true;
                self.expect = Expect::Over;
            }
            Some(result @ variants::GameResult::Win { winner, kind }) => {
                let money = self.input.length.map_or(0, |(l, _)| l) == 0;
                let points = points_scored(
                    variant,
                    result,
                    self.cube,
                    self.cube == 1,
                    self.input.jacoby && money,
                );
                self.result = Some(GameResult {
                    winner,
                    points,
                    ending: if kind == WinKind::Mother {
                        Ending::Mother
                    } else {
                        Ending::BearOff
                    },
                });
                self.expect = Expect::Over;
            }
        }
    }

    fn apply_unchecked(&mut self, side: Side, moves: &[(MoveText, Span)], span: Span) {
        if self.lost {
            return;
        }
        match apply_jumps_in_any_order(&self.board, side, &jumps(moves)) {
            Some((board, _)) => {
                self.board = board;
                self.check_bear_off(side);
            }
            None => self.lose_position(span),
        }
    }

    fn lose_position(&mut self, span: Span) {
        self.lost = true;
        self.diagnostics.push(Diagnostic::warning(
            DiagnosticKind::IllegalMove,
            span,
            "the written moves cannot be set up on the board: the rest of this game's moves cannot be checked",
        ));
    }

    /// A roll written with no moves: an error if `Cannot Move` was written though a play
    /// existed, a pending "dice not used" finding if nothing was written; the roll is recorded.
    fn record_no_play(
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

    fn check_bear_off(&mut self, side: Side) {
        if self.board.borne_off(side) < self.input.variant.checkers() {
            return;
        }
        let variant = self.input.variant;
        let result = variants::GameResult::Win {
            winner: side,
            kind: win_kind(variant, &self.board, side),
        };
        let money = self.input.length.map_or(0, |(l, _)| l) == 0;
        self.result = Some(GameResult {
            winner: side,
            points: points_scored(
                variant,
                result,
                self.cube,
                self.cube == 1,
                self.input.jacoby && money,
            ),
            ending: Ending::BearOff,
        });
        self.expect = Expect::Over;
    }

    /// A cube action in a variant played without the cube is an error (then checked as if
    /// the cube were used, so the rest of the game can be followed).
    fn refuse_without_cube(&mut self, span: Span) {
        let variant = self.input.variant;
        if !variant.uses_cube() {
            self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                format!("{} ({variant})", CubeRefusal::NoCube),
            );
        }
    }

    fn double(&mut self, side: Side, value: Option<u32>, span: Span) {
        self.refuse_without_cube(span);
        match self.expect {
            Expect::Start => self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                "a double before the game's first roll".to_string(),
            ),
            Expect::Roll(expected) if expected != side => {
                let message = format!(
                    "a double by {} out of turn: {} is to roll",
                    self.name(side),
                    self.name(expected)
                );
                self.error(DiagnosticKind::CubeNotAllowed, span, message);
            }
            Expect::Respond(_) => {
                let message = format!(
                    "a double by {} while a double waits for an answer",
                    self.name(side)
                );
                self.error(DiagnosticKind::CubeNotAllowed, span, message);
            }
            _ => {}
        }
        if self.crawford {
            self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                "no doubling in the Crawford game".to_string(),
            );
        } else if self.owner == Some(side.opponent()) {
            let message = format!(
                "{} cannot double: {} owns the cube",
                self.name(side),
                self.name(side.opponent())
            );
            self.error(DiagnosticKind::CubeNotAllowed, span, message);
        }
        if let Some(value) = value {
            if value != self.cube.saturating_mul(2) {
                self.error(
                    DiagnosticKind::WrongCubeValue,
                    span,
                    format!(
                        "the cube is on {}, a double makes it {}, not {value}",
                        self.cube,
                        self.cube.saturating_mul(2)
                    ),
                );
            }
        }
        self.actions.push(GameAction::Double {
            side,
            value: self.cube.saturating_mul(2),
        });
        self.doubler = Some(side);
        self.expect = Expect::Respond(side.opponent());
    }

    fn answer_ok(&mut self, side: Side, span: Span, what: &str) -> bool {
        match self.expect {
            Expect::Respond(responder) if responder == side => true,
            Expect::Respond(responder) => {
                let message = format!(
                    "{what} by {}, but the double was offered to {}",
                    self.name(side),
                    self.name(responder)
                );
                self.error(DiagnosticKind::WrongPlayer, span, message);
                true
            }
            _ => {
                self.error(
                    DiagnosticKind::NoDouble,
                    span,
                    format!("{what} with no double offered"),
                );
                false
            }
        }
    }

    fn take(&mut self, side: Side, span: Span) {
        if self.expect != Expect::Respond(side) {
            self.refuse_without_cube(span);
        }
        if !self.answer_ok(side, span, "a take") {
            return;
        }
        self.cube = self.cube.saturating_mul(2);
        self.owner = Some(side);
        self.actions.push(GameAction::Take { side });
        self.expect = Expect::Roll(side.opponent());
    }

    fn drop_cube(&mut self, side: Side, span: Span) {
        if self.expect != Expect::Respond(side) {
            self.refuse_without_cube(span);
        }
        if !self.answer_ok(side, span, "a drop") {
            return;
        }
        self.actions.push(GameAction::Drop { side });
        self.result = Some(GameResult {
            winner: side.opponent(),
            points: self.cube,
            ending: Ending::Dropped,
        });
        self.expect = Expect::Over;
    }

    fn beaver(&mut self, side: Side, value: Option<u32>, span: Span) {
        self.refuse_without_cube(span);
        if !self.answer_ok(side, span, "a beaver") {
            return;
        }
        if self.input.length.is_some_and(|(length, _)| length > 0) {
            self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                "beavers are not allowed in match play".to_string(),
            );
        }
        if let Some(value) = value {
            if value != self.cube.saturating_mul(4) {
                self.error(
                    DiagnosticKind::WrongCubeValue,
                    span,
                    format!(
                        "a beaver on a cube of {} makes it {}, not {value}",
                        self.cube,
                        self.cube.saturating_mul(4)
                    ),
                );
            }
        }
        self.cube = self.cube.saturating_mul(4);
        self.owner = Some(side.opponent());
        self.actions.push(GameAction::Beaver {
            side,
            value: self.cube,
        });
        self.expect = Expect::Roll(side.opponent());
    }

    /// Points still needed by `side` to win the match.
    fn needed(&self, side: Side) -> Option<u32> {
        let length = self.input.length.map_or(0, |(l, _)| l);
        (length > 0).then(|| length.saturating_sub(self.score[side.index()]))
    }

    fn wins(&mut self, winner: Side, points: u32, and_match: bool, span: Span) {
        self.unplayed = None;
        self.losses = None;
        if let Some(result) = self.result {
            if self.result_written {
                // `Losses` then `Wins` (Galaxy) restate the same result.
                if result.winner != winner {
                    let message = format!(
                        "the game's result is already written as a win for {}",
                        self.name(result.winner)
                    );
                    self.error(DiagnosticKind::WrongResult, span, message);
                }
                return;
            }
            self.result_written = true;
            if result.winner != winner {
                let message = format!(
                    "{} is written as the winner, but {} won the game",
                    self.name(winner),
                    self.name(result.winner)
                );
                self.error(DiagnosticKind::WrongResult, span, message);
            } else if result.points != points {
                // Galaxy writes `Wins N point and the match` with N at least the points
                // needed but not the game's value (gnubg counts the game's value).
                let capped = points < result.points
                    && (Some(points) == self.needed(winner)
                        || (and_match && self.needed(winner).is_some_and(|n| points >= n)));
                if capped {
                    self.diagnostics.push(Diagnostic::warning(
                        DiagnosticKind::WrongResult,
                        span,
                        format!(
                            "`Wins {points}` is capped at the points needed; the game is worth {} (gnubg counts {})",
                            result.points, result.points
                        ),
                    ));
                } else if self.cube == 1
                    && points == 1
                    && result.ending == Ending::BearOff
                    && self.input.variant.uses_cube()
                {
                    // Galaxy's "16 point match" money games apply the Jacoby rule.
                    self.diagnostics.push(Diagnostic::warning(
                        DiagnosticKind::WrongResult,
                        span,
                        format!(
                            "`Wins 1` for a game worth {} with the cube centred: the writer applied the Jacoby rule, which match play does not have (gnubg counts {})",
                            result.points, result.points
                        ),
                    ));
                } else {
                    let message = format!(
                        "the game is worth {} point(s) (cube {}), not {points}",
                        result.points, self.cube
                    );
                    self.error(DiagnosticKind::WrongResult, span, message);
                }
            }
            return;
        }
        if self.expect == Expect::Start {
            self.diagnostics.push(Diagnostic::warning(
                DiagnosticKind::WrongResult,
                span,
                "the game is resigned before its first roll (gnubg drops such a game: `No game in progress`)",
            ));
        }
        // The game is not over: the loser resigned (or forfeited) this much. The tavli games
        // and Athroisma have no triple game: a resignation is worth 1 or 2.
        let most = RuleSet::new(self.input.variant)
            .largest_resignation()
            .points();
        let value = (1..=most).find(|value| value.saturating_mul(self.cube) >= points);
        let resignation = match value.and_then(Resignation::from_points) {
            Some(resignation) => resignation,
            None => {
                let forfeit = self.needed(winner).is_some_and(|n| points >= n);
                if forfeit {
                    let message = format!(
                        "`Wins {points}` is more than any resignation with the cube on {}: a forfeit of the match, read as a {} resignation (as gnubg does)",
                        self.cube,
                        if most == 3 { "backgammon" } else { "gammon" }
                    );
                    self.diagnostics.push(Diagnostic::warning(
                        DiagnosticKind::WrongResult,
                        span,
                        message,
                    ));
                } else {
                    let message = format!(
                        "a resignation gives at most {} points with the cube on {}, not {points}",
                        self.cube.saturating_mul(most),
                        self.cube
                    );
                    self.error(DiagnosticKind::WrongResult, span, message);
                }
                if most == 3 {
                    Resignation::Backgammon
                } else {
                    Resignation::Gammon
                }
            }
        };
        let worth = resignation.points().saturating_mul(self.cube);
        if worth != points
            && worth <= self.cube.saturating_mul(most)
            && points <= self.cube.saturating_mul(most)
        {
            let capped = Some(points) == self.needed(winner);
            if capped {
                self.diagnostics.push(Diagnostic::warning(
                    DiagnosticKind::WrongResult,
                    span,
                    format!(
                        "`{points}` point(s) is capped at the points needed; with the cube on {} the resignation is worth {worth}",
                        self.cube
                    ),
                ));
            } else {
                self.error(
                    DiagnosticKind::WrongResult,
                    span,
                    format!(
                        "with the cube on {}, a resignation is worth {}, {} or {} points, not {points}",
                        self.cube,
                        self.cube,
                        self.cube.saturating_mul(2),
                        self.cube.saturating_mul(3)
                    ),
                );
            }
        }
        self.result = Some(GameResult {
            winner,
            points: worth,
            ending: Ending::Resigned(resignation),
        });
        self.result_written = true;
        self.expect = Expect::Over;
    }

    fn declared_result(&mut self, winner: Side, points: u32, resigned: bool, span: Span) {
        match self.result {
            Some(result) => {
                if result.winner != winner || result.points != points {
                    let message = format!(
                        "RE says {} wins {points}, the replay gives {} winning {}",
                        self.name(winner),
                        self.name(result.winner),
                        result.points
                    );
                    self.error(DiagnosticKind::WrongResult, span, message);
                }
            }
            None if resigned => {
                self.result_written = false;
                self.wins(winner, points, false, span);
            }
            // tavli's variants: after a play that could not be set up the position is
            // unknown, so the declared result is taken as written (the loss was reported).
            None if self.lost && !self.input.variant.is_gnubg_variation() => {
                self.result = Some(GameResult {
                    winner,
                    points,
                    ending: Ending::BearOff,
                });
                self.result_written = true;
            }
            None => {
                let message = format!(
                    "RE says {} wins {points}, but the moves do not finish the game",
                    self.name(winner)
                );
                self.error(DiagnosticKind::WrongResult, span, message);
            }
        }
    }
}

/// The single jumps of the written moves (each path segment, repeated by its count).
fn jumps(moves: &[(MoveText, Span)]) -> Vec<(u8, u8)> {
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
fn match_written_play(
    board: &Board,
    side: Side,
    dice: Dice,
    moves: &[(MoveText, Span)],
    legal: &[Play],
) -> Result<(Play, Vec<Step>), String> {
    find_written_play(board, side, &jumps(moves), legal)
        .ok_or_else(|| explain(board, side, dice, moves, legal))
}

/// Dice a jump of `distance` pips uses with `dice` (bearing off may use a larger die).
fn dice_for(distance: u8, to: u8, dice: Dice) -> Option<usize> {
    let (a, b) = (dice.first(), dice.second());
    if dice.is_double() {
        if distance.is_multiple_of(a) && distance / a <= 4 && distance > 0 {
            return Some(usize::from(distance / a));
        }
        if to == 0 && distance < a {
            return Some(1);
        }
        return None;
    }
    if distance == a || distance == b {
        return Some(1);
    }
    if distance == a + b {
        return Some(2);
    }
    if to == 0 && distance < dice.high() {
        return Some(1);
    }
    None
}

/// Why the written moves are not a legal play.
fn explain(
    board: &Board,
    side: Side,
    dice: Dice,
    moves: &[(MoveText, Span)],
    legal: &[Play],
) -> String {
    let jumps = jumps(moves);
    let mover = side.index();
    let opponent = side.opponent().index();
    if legal.iter().all(|play| play.dice_used() == 0) {
        return "no move is possible with this roll, but moves are written".to_string();
    }
    for &(from, to) in &jumps {
        if from > 25 || to > 25 {
            return format!("point {} does not exist", from.max(to));
        }
        if to >= from || from == 0 || to == 25 {
            return format!("{} moves backwards", step_text(from, to));
        }
    }
    // Checker not there: departures from a point exceed its checkers plus arrivals.
    for point in 1..=25u8 {
        let departures = jumps.iter().filter(|(from, _)| *from == point).count();
        if departures == 0 {
            continue;
        }
        let arrivals = jumps.iter().filter(|(_, to)| *to == point).count();
        let present = usize::from(board.slots[mover][usize::from(point - 1)]);
        if departures > present + arrivals {
            return if point == 25 {
                "there is no checker of the mover on the bar".to_string()
            } else if present == 0 {
                format!("there is no checker of the mover on point {point}")
            } else {
                format!("{departures} checkers move from point {point}, which holds {present}")
            };
        }
    }
    for &(from, to) in &jumps {
        if (1..=24).contains(&to) {
            let held = board.slots[opponent][usize::from(24 - to)];
            if held >= 2 {
                return format!(
                    "{} lands on point {to}, which the opponent holds with {held} checkers (blocked)",
                    step_text(from, to)
                );
            }
        }
        if dice_for(from - to, to, dice).is_none() {
            return format!(
                "{} moves {} pips, which the roll {dice} cannot make",
                step_text(from, to),
                from - to
            );
        }
    }
    let bar = usize::from(board.bar(side));
    let entering = jumps.iter().filter(|(from, _)| *from == 25).count();
    if bar > entering && jumps.len() > entering {
        return format!("{bar} checker(s) on the bar must enter before any other checker moves");
    }
    if jumps.iter().any(|(_, to)| *to == 0) {
        let outside: u32 = board.slots[mover][6..=BAR]
            .iter()
            .map(|&count| u32::from(count))
            .sum();
        let brought_in = jumps
            .iter()
            .filter(|(from, to)| *from > 6 && *to <= 6)
            .count();
        if outside as usize > brought_in {
            return "a checker is borne off while others are outside the home board".to_string();
        }
    }
    let used: usize = jumps
        .iter()
        .filter_map(|&(from, to)| dice_for(from - to, to, dice))
        .sum();
    let most = legal.iter().map(Play::dice_used).max().unwrap_or(0);
    if most == 1 && used == 1 && !dice.is_double() {
        let small = jumps
            .iter()
            .all(|&(from, to)| from - to == dice.low() && to != 0);
        let large_only = legal.iter().all(|play| {
            play.steps()
                .iter()
                .all(|step| step.from - step.to != dice.low() || step.to == 0)
        });
        if small && large_only {
            return format!(
                "only one die can be played and it must be the larger ({}), not {}",
                dice.high(),
                dice.low()
            );
        }
    }
    if used < most {
        return format!("the play uses {used} of the dice, but a play using {most} is possible (dice not fully used)");
    }
    if used > most {
        return format!("the moves use {used} dice, but the roll allows {most}");
    }
    "the moves do not make a legal play for this roll and position".to_string()
}

fn step_text(from: u8, to: u8) -> String {
    let point = |p: u8| match p {
        25 => "bar".to_string(),
        0 => "off".to_string(),
        p => p.to_string(),
    };
    format!("{}/{}", point(from), point(to))
}

/// Parses a .mat variation name (`Backgammon`, `NackGammon`, `HyperGammon (2)`, and tavli's
/// `Old English`, `Portes`, `Plakoto`, `Fevga`, `Athroisma`) or an SGF `RU[]` variant token
/// (`Nackgammon`, `Hypergammon2`, `OldEnglish`, `Plakoto`, ...), case and spaces ignored.
#[must_use]
pub fn variant_from_header(name: &str) -> Option<Variant> {
    let lower: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    match lower.as_str() {
        "backgammon" | "standard" | "" => Some(Variant::Standard),
        "nackgammon" => Some(Variant::Nackgammon),
        "hypergammon" | "hypergammon3" => Some(Variant::Hypergammon3),
        "hypergammon1" => Some(Variant::Hypergammon1),
        "hypergammon2" => Some(Variant::Hypergammon2),
        "oldenglish" => Some(Variant::OldEnglish),
        "portes" => Some(Variant::Portes),
        "plakoto" => Some(Variant::Plakoto),
        "fevga" => Some(Variant::Fevga),
        "athroisma" => Some(Variant::Athroisma),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(points: &[u8]) -> (MoveText, Span) {
        (
            MoveText {
                points: points.to_vec(),
                hits: vec![false; points.len()],
                count: 1,
            },
            Span::default(),
        )
    }

    fn why(moves: &[&[u8]], dice: (u8, u8)) -> String {
        let board = Board::start(Variant::Standard);
        let dice = Dice::new(dice.0, dice.1).unwrap();
        let legal = legal_plays(&board, Side::X, dice);
        let moves: Vec<_> = moves.iter().map(|m| text(m)).collect();
        match match_written_play(&board, Side::X, dice, &moves, &legal) {
            Ok(_) => "legal".to_string(),
            Err(reason) => reason,
        }
    }

    #[test]
    fn legal_forms_are_matched() {
        assert_eq!(why(&[&[8, 5], &[6, 5]], (3, 1)), "legal");
        assert_eq!(why(&[&[24, 14]], (6, 4)), "legal");
        assert_eq!(why(&[&[6, 5], &[8, 5]], (3, 1)), "legal");
    }

    #[test]
    fn points_beyond_the_board_are_rejected_not_panicking() {
        assert!(why(&[&[31, 26]], (5, 1)).contains("does not exist"));
        assert!(why(&[&[99, 0]], (6, 6)).contains("does not exist"));
    }

    #[test]
    fn larger_die_rule() {
        // X: one checker on 13, the rest borne off; O holds X's 2 point. 13/7 and 13/8 are
        // both open but neither can go on to 2, so only one die can be played: the 6.
        let mut slots = [[0u8; 25]; 2];
        slots[Side::X.index()][12] = 1;
        slots[Side::O.index()][22] = 2;
        slots[Side::O.index()][0] = 13;
        let board = Board::from_slots(slots, Variant::Standard).unwrap();
        let dice = Dice::new(6, 5).unwrap();
        let legal = legal_plays(&board, Side::X, dice);
        let small = [text(&[13, 8])];
        let reason = match_written_play(&board, Side::X, dice, &small, &legal).unwrap_err();
        assert!(reason.contains("must be the larger"), "{reason}");
        let large = [text(&[13, 7])];
        assert!(match_written_play(&board, Side::X, dice, &large, &legal).is_ok());
    }

    #[test]
    fn reasons() {
        assert!(why(&[&[8, 2], &[6, 5]], (3, 1)).contains("pips"));
        assert!(why(&[&[7, 4], &[6, 5]], (3, 1)).contains("no checker"));
        assert!(why(&[&[8, 5]], (3, 1)).contains("dice not fully used"));
        assert!(why(&[&[24, 19], &[13, 11]], (5, 2)).contains("blocked"));
        assert!(why(&[&[24, 16]], (5, 2)).contains("cannot make"));
    }
}
