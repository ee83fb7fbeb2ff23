//! Playing tavli's own variants (Old English, Portes, Plakoto, Fevga, Athroisma and the tavli
//! rotation) in the REPL: `set variation`, their dice, moves, computer player, hints, game
//! ends, cube refusals and positions. gnubg's five variations keep the gnubg-exact paths.
//!
//! Decisions for users (README, "tavli's own variants in the REPL"):
//! * the tavli games and Athroisma start with one die each (ties rolled again), and the
//!   starter then rolls both dice afresh (T-a, AD-14); in later games of a match or session
//!   the winner of the previous game starts without an opening roll (PO4);
//! * `set variation tavli` plays Portes, Plakoto and Fevga in rotation, one per game (PO5);
//! * Plakoto and Fevga boards show the tavli position string where gnubg shows its Position
//!   ID (gnubg's ID cannot hold pins or Fevga's geometry); the Match ID is gnubg's;
//! * in the variants without a cube, cube commands, Crawford settings and backgammon
//!   resignations are refused with a message naming the variant.

use super::Session;
use crate::codec::tavli_position::{decode_position, encode_position};
use crate::engine::judge::Judge;
use crate::engine::variant_heuristic::{
    best_play_in, ranked_plays_in, ranking_description, VariantHeuristic,
};
use crate::notation::{format_play, parse_move, resolve_move};
use crate::protocol::ast::{PlayerKind, VariationName};
use crate::protocol::evaluate;
use crate::protocol::reply::{NamedSide, RankedPlay, Reply};
use crate::protocol::response::{CommandError, ErrorKind, Response};
use crate::rules::game::{Action, Event};
use crate::rules::RuleSet;
use crate::rules::Variant;
use crate::rules::{Board, Dice, GameState, MatchState, Play, Resignation, Side};

/// What the session keeps for tavli's own variants.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct VariantPlay {
    /// `set variation tavli`: new matches and sessions rotate Portes, Plakoto and Fevga.
    rotation: bool,
    /// Whether the current match or session rotates the variants.
    rotating: bool,
    /// The winner of the previous game of this match or session (starts a tavli game).
    last_winner: Option<Side>,
}

/// The name shown by `set variation` and `show variation` for tavli's own variants.
pub(super) fn title(variant: Variant) -> &'static str {
    match variant {
        Variant::OldEnglish => "Old English",
        Variant::Portes => "Portes",
        Variant::Plakoto => "Plakoto",
        Variant::Fevga => "Fevga",
        Variant::Athroisma => "Athroisma",
        other => other.name(),
    }
}

const ROTATION_TITLE: &str = "Tavli (Portes, Plakoto and Fevga in rotation)";

fn illegal_move() -> CommandError {
    CommandError::new(ErrorKind::IllegalMove, "Illegal or unparsable move.")
}

/// Whether `text` looks like a tavli position string (`VARIANT:O=...`).
fn is_position_string(text: &str) -> bool {
    text.split_once(':').is_some_and(|(name, rest)| {
        Variant::from_name(name).is_ok() && rest.to_ascii_uppercase().starts_with("O=")
    })
}

/// The error for a gnubg form of a position in a variant it cannot hold.
fn no_gnubg_form(variant: Variant) -> CommandError {
    CommandError::bad_argument(format!(
        "a gnubg ID, XGID or FIBS board cannot hold a {variant} position; write a tavli \
         position string such as `{}'",
        encode_position(variant, &Board::start(variant))
    ))
}

impl Session {
    /// Whether the game is one of tavli's own variants, which the evaluator (gnubg's inputs:
    /// the standard family only) cannot judge: the variant heuristic plays and hints there.
    pub(super) fn own_variant(&self) -> bool {
        !self.game().rules().variant().is_gnubg_variation()
    }

    // ----- set and show variation -----

    pub(super) fn set_variation(&mut self, name: VariationName, out: &mut Response) {
        let variant = match name {
            VariationName::Variant(variant) => variant,
            VariationName::Tavli => Variant::Portes,
        };
        self.settings.variation = variant;
        self.variants.rotation = name == VariationName::Tavli;
        self.variation_reply(true, out);
    }

    pub(super) fn show_variation(&self, out: &mut Response) {
        self.variation_reply(false, out);
    }

    /// `show variation`, and after `set variation` (`changed`).
    fn variation_reply(&self, changed: bool, out: &mut Response) {
        out.reply(Reply::Variation {
            playing: self.playing().then(|| self.game().rules().variant()),
            rotating: self.playing() && self.variants.rotating,
            default: (!self.variants.rotation).then_some(self.settings.variation),
            rotation: self.variants.rotation,
            changed,
            playing_title: self.playing().then(|| self.current_title()),
            default_title: self.default_variation_title().to_string(),
        });
    }

    fn default_variation_title(&self) -> &'static str {
        if self.variants.rotation {
            ROTATION_TITLE
        } else {
            super::variant_title(self.settings.variation)
        }
    }

    fn current_title(&self) -> String {
        let title = super::variant_title(self.game().rules().variant());
        if self.variants.rotating {
            format!("{title} (tavli rotation)")
        } else {
            title.to_string()
        }
    }

    // ----- games -----

    /// A new match or session: whether it rotates, no previous winner.
    pub(super) fn start_variant_session(&mut self) {
        self.variants.rotating = self.variants.rotation;
        self.variants.last_winner = None;
    }

    /// Whether the match rotates Portes, Plakoto and Fevga (`set variation tavli`).
    pub(super) fn rotating_variants(&self) -> bool {
        self.variants.rotating
    }

    /// A match read from a file: no rotation, and the winner of its last finished game
    /// starts the next game of a tavli variant.
    pub(super) fn adopt_variant_match(&mut self, last_winner: Option<Side>) {
        self.variants.rotating = false;
        self.variants.rotation = false;
        self.variants.last_winner = last_winner;
    }

    /// The variant of the game about to start: the next of the rotation in a tavli match,
    /// else the variant played.
    pub(super) fn game_variant(&self) -> Variant {
        if self.variants.rotating {
            RuleSet::tavli_game(self.match_play.games_played()).variant()
        } else {
            self.game().rules().variant()
        }
    }

    /// Starts a game of a variant whose starter rolls both dice afresh (the tavli games and
    /// Athroisma): the winner of the previous game starts, otherwise one die each decides.
    /// Returns false (doing nothing) for the variants that play the opening dice.
    pub(super) fn start_fresh_roll_game(&mut self, out: &mut Response) -> bool {
        if self.game().rules().opening_dice_are_played() {
            return false;
        }
        match self
            .variants
            .last_winner
            .filter(|_| self.match_play.games_played() > 0)
        {
            Some(winner) => {
                out.reply(Reply::PreviousWinnerStarts {
                    side: NamedSide::new(winner, self.name(winner)),
                });
                self.apply_checked(Action::PreviousWinnerStarts(winner));
            }
            None => {
                self.roll_opening(None, out);
            }
        }
        self.hand_over(out);
        true
    }

    /// Whether a finished game is followed by the next one (`set automatic game on`). In a
    /// match, always, as gnubg does (with the computer on both sides it plays the whole match;
    /// the match length bounds the games). In a money session, not when the computer plays
    /// both sides: gnubg plays on for ever there (checked live), which a script cannot stop;
    /// tavli waits for `new game` instead (a documented difference).
    pub(super) fn starts_next_game_automatically(&self) -> bool {
        self.is_match() || self.players != [PlayerKind::Computer; 2]
    }

    /// Remembers the winner of a game (the starter of the next tavli game; after a draw,
    /// nobody).
    pub(super) fn record_winner(&mut self, winner: Option<Side>) {
        self.variants.last_winner = winner;
    }

    // ----- dice and plays -----

    /// The legal plays of `mover` with `dice` under the current variant's rules.
    pub(super) fn legal_plays_now(&self, mover: Side, dice: Dice) -> Vec<Play> {
        self.game()
            .rules()
            .legal_plays(self.game().board(), mover, dice)
    }

    /// The notation of `play` by `mover` with `dice` from the current board.
    pub(super) fn play_notation(&self, mover: Side, dice: Dice, play: &Play) -> String {
        format_play(
            self.game().rules(),
            self.game().board(),
            mover,
            dice,
            play.steps(),
        )
    }

    /// The computer's play with `dice` for the player on roll.
    pub(super) fn computer_play_now(&self, dice: Dice) -> Option<Play> {
        if self.own_variant() {
            best_play_in(&VariantHeuristic, &self.state(), dice)
        } else {
            evaluate::computer_play(
                self.evaluator.get(),
                &self.state(),
                dice,
                self.computer_depth(self.state().on_roll).chequerplay,
            )
        }
    }

    /// Whether the computer, as `receiver`, accepts the pending resignation worth `points`.
    pub(super) fn computer_accepts_now(&self, receiver: Side, points: u32) -> bool {
        if !self.own_variant() {
            return evaluate::computer_accepts_resignation(
                self.evaluator.get(),
                &self.state(),
                receiver,
                points,
                self.computer_depth(receiver).cube_decision,
            );
        }
        Judge::new(&VariantHeuristic, 0)
            .resignation(&self.state(), receiver, points)
            .should_accept()
    }

    /// Athroisma A10: a non-double over 6 in the bear-off phase is rolled again, as often as
    /// needed: `after_roll` is what the game answered after the last roll (its
    /// [`Event::Rerolled`], reported here after the board that shows the dice). Does nothing
    /// in the other variants.
    pub(super) fn reroll_while_required(&mut self, after_roll: Vec<Event>, out: &mut Response) {
        let mut after_roll = after_roll;
        for _ in 0..1000 {
            let Some(&rerolled @ Event::Rerolled { .. }) = after_roll.first() else {
                return;
            };
            out.event(rerolled, &self.names);
            after_roll = self.roll_dice(out);
            self.board(out);
        }
    }

    /// The error for dice that the rules roll again (Athroisma A10), if they are.
    fn reroll_refusal(&self, board: &Board, dice: Dice) -> Result<(), CommandError> {
        if self
            .game()
            .rules()
            .requires_reroll(board, self.state().on_roll, dice)
        {
            return Err(CommandError::not_now(format!(
                "In athroisma {} and {} are rolled again here (a non-double over 6 in the \
                 bear-off); set other dice.",
                dice.first(),
                dice.second()
            )));
        }
        Ok(())
    }

    /// `set dice` in Athroisma: dice that would be rolled again are refused.
    pub(super) fn check_variant_dice(&self, dice: Dice) -> Result<(), CommandError> {
        self.reroll_refusal(self.game().board(), dice)
    }

    /// A typed move resolved to a legal play, read in the grammar of the rules: gnubg's for
    /// the standard movement (gnubg's variations and Portes), the variant notation (`^`, `x`,
    /// bear-off labels) otherwise. Dice the rules roll again are refused first.
    pub(super) fn resolve_typed_move(
        &self,
        text: &str,
        mover: Side,
        dice: Dice,
    ) -> Result<Play, CommandError> {
        let board = self.game().board();
        let rules = self.game().rules();
        self.reroll_refusal(board, dice)?;
        let written = parse_move(rules, text).map_err(|_| illegal_move())?;
        resolve_move(rules, board, mover, dice, &written).map_err(|_| illegal_move())
    }

    // ----- hint -----

    /// `hint` in tavli's own variants: every legal play, best first by the variant evaluator,
    /// with its heuristic score (not an equity: there are no probabilities to show).
    pub(super) fn variant_hint(
        &self,
        dice: Dice,
        count: Option<u32>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        self.reroll_refusal(self.game().board(), dice)?;
        let ranked = ranked_plays_in(&VariantHeuristic, &self.state(), dice);
        if ranked.is_empty() {
            out.reply(Reply::NoLegalMoves);
            return Ok(());
        }
        let limit = count.filter(|count| *count > 0).unwrap_or(10) as usize;
        let mover = self.state().on_roll;
        out.reply(Reply::RankedPlays {
            ranking: ranking_description(self.game().rules().variant()).to_string(),
            plays: ranked
                .iter()
                .take(limit)
                .map(|(score, play)| RankedPlay {
                    notation: self.play_notation(mover, dice, play),
                    score: *score,
                })
                .collect(),
        });
        Ok(())
    }

    // ----- cube, Crawford and resignations -----

    /// Refuses a cube command (or Crawford setting) in a variant without the cube.
    pub(super) fn refuse_without_cube(&self) -> Result<(), CommandError> {
        let variant = self.game().rules().variant();
        if self.match_play.state() != GameState::NoGame && !RuleSet::new(variant).cube_in_use() {
            return Err(CommandError::not_now(format!(
                "{} is played without the doubling cube (and so without the Crawford and \
                 Jacoby rules).",
                title(variant)
            )));
        }
        Ok(())
    }

    /// Refuses a backgammon resignation in a variant without a triple game.
    pub(super) fn check_variant_resignation(&self, level: Resignation) -> Result<(), CommandError> {
        let variant = self.game().rules().variant();
        if level > RuleSet::new(variant).largest_resignation() {
            return Err(CommandError::bad_argument(format!(
                "{} has no backgammon: resign a single game or a gammon.",
                title(variant)
            )));
        }
        Ok(())
    }

    /// A state read from a Match ID, GNUbg ID or XGID in a variant without a cube: the cube
    /// stays at 1, centred, with no Crawford game.
    pub(super) fn normalise_cubeless(&self, state: &mut MatchState, out: &mut Response) {
        if state.rules().cube_in_use() {
            return;
        }
        if state.cube_value != 1 || state.cube_owner.is_some() || state.crawford {
            out.reply(Reply::CubeReset {
                variant: state.variant,
                title: title(state.variant).to_string(),
            });
        }
        state.cube_value = 1;
        state.cube_owner = None;
        state.crawford = false;
        state.jacoby = false;
    }

    // ----- positions -----

    /// `set gnubgid` and `set xgid` in Plakoto and Fevga: refused (the IDs cannot hold them).
    pub(super) fn refuse_gnubg_position(&self) -> Result<(), CommandError> {
        let variant = self.game().rules().variant();
        if self.playing() && !variant.has_gnubg_position_id() {
            return Err(no_gnubg_form(variant));
        }
        Ok(())
    }

    /// `set board WORD` in tavli's own variants: a tavli position string of the variant is
    /// read here (`Some`); gnubg's forms are refused in Plakoto and Fevga; otherwise `None`
    /// lets gnubg's reading go on.
    pub(super) fn variant_board_text(&self, text: &str) -> Result<Option<Board>, CommandError> {
        let variant = self.game().rules().variant();
        if is_position_string(text) {
            let (named, board) = decode_position(text)
                .map_err(|error| CommandError::bad_argument(error.to_string()))?;
            if named != variant {
                return Err(CommandError::bad_argument(format!(
                    "the position string is a {named} position, but this game is {variant}"
                )));
            }
            return Ok(Some(board));
        }
        if !variant.has_gnubg_position_id() {
            return Err(no_gnubg_form(variant));
        }
        Ok(None)
    }

    /// A board about to be set: refused when the dice on it would be rolled again.
    pub(super) fn check_variant_board(&self, board: &Board) -> Result<(), CommandError> {
        match self.game().dice() {
            Some(dice) => self.reroll_refusal(board, dice),
            None => Ok(()),
        }
    }

    /// `show board TEXT` and `show pipcount TEXT`: a tavli position string (of any variant)
    /// as its variant and board, or `None` for gnubg's Position ID reading; gnubg's forms are
    /// refused in Plakoto and Fevga.
    pub(super) fn shown_position(
        &self,
        text: &str,
    ) -> Result<Option<(Variant, Board)>, CommandError> {
        if is_position_string(text) {
            return decode_position(text)
                .map(Some)
                .map_err(|error| CommandError::bad_argument(error.to_string()));
        }
        if !self.game().rules().variant().has_gnubg_position_id() {
            return Err(no_gnubg_form(self.game().rules().variant()));
        }
        Ok(None)
    }

    // ----- consistency -----

    /// The invariants of tavli's own variants (see `check_consistency`).
    pub(super) fn check_variant_consistency(&self) -> Result<(), String> {
        let state = &self.state();
        if !state.rules().cube_in_use() {
            if state.cube_value != 1 || state.cube_owner.is_some() || state.double_offered {
                return Err(format!("{} has no cube", state.variant));
            }
            if state.crawford {
                return Err(format!("{} has no Crawford game", state.variant));
            }
        }
        if self.variants.rotating && !state.rules().in_tavli_rotation() {
            return Err(format!("{} in a tavli rotation", state.variant));
        }
        Ok(())
    }
}
