//! The variant seam: one value that answers every rule question a caller has about a variant.
//! It is the one way into the rules of every variant (`rules::variants` is private to `rules`).

use crate::rules::board::Board;
use crate::rules::dice::Dice;
use crate::rules::movegen;
use crate::rules::play::{Play, Step};
use crate::rules::resignation::Resignation;
use crate::rules::side::Side;
use crate::rules::variant::Variant;
use crate::rules::variants::athroisma::{self, BearOffAction};
use crate::rules::variants::{self, cube, scoring, GameResult, PointContents, WinKind};
use serde::{Deserialize, Serialize};

/// The rules of one variant: legal plays, rerolls, results and their scores, the opening
/// rule, the cube and what a position can be written as. Callers outside `rules` ask these
/// questions here instead of testing the variant themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct RuleSet {
    variant: Variant,
}

impl RuleSet {
    /// The rules of `variant`.
    #[must_use]
    pub fn new(variant: Variant) -> RuleSet {
        RuleSet { variant }
    }

    /// The variant these rules are for.
    #[must_use]
    pub fn variant(self) -> Variant {
        self.variant
    }

    /// The starting position.
    #[must_use]
    pub fn start(self) -> Board {
        Board::start(self.variant)
    }

    /// Every legal play of `mover` with `dice`, one per distinct resulting position (empty
    /// when no checker can move or, in Athroisma, when the roll must be rolled again).
    #[must_use]
    pub fn legal_plays(self, board: &Board, mover: Side, dice: Dice) -> Vec<Play> {
        variants::legal_plays_in(self.variant, board, mover, dice)
    }

    /// The legal plays of `mover` with `dice` into `plays` (cleared first), as
    /// [`RuleSet::legal_plays`] gives them; the standard movement reuses the buffer.
    pub fn legal_plays_into(self, board: &Board, mover: Side, dice: Dice, plays: &mut Vec<Play>) {
        if self.has_standard_movement() {
            movegen::legal_plays_into(board, mover, dice, plays);
        } else {
            *plays = self.legal_plays(board, mover, dice);
        }
    }

    /// Whether `play` is a legal play of `mover` with `dice` on `board` (one of
    /// [`RuleSet::legal_plays`] reaching the same position). A play of the standard movement
    /// that uses the whole roll in legal single-die steps is known legal without the list.
    #[must_use]
    pub fn is_legal_play(self, board: &Board, mover: Side, dice: Dice, play: &Play) -> bool {
        (self.has_standard_movement()
            && movegen::plays_whole_roll(board, mover, dice, play.steps(), &play.result))
            || self
                .legal_plays(board, mover, dice)
                .iter()
                .any(|candidate| candidate.result == play.result)
    }

    /// Whether the checkers move by the standard rules (gnubg's variations and Portes): the
    /// legal plays are those of standard backgammon, so gnubg's move syntax reads them.
    #[must_use]
    pub fn has_standard_movement(self) -> bool {
        self.variant.is_gnubg_variation() || self.variant == Variant::Portes
    }

    /// Whether plays of these rules are written in gnubg's move notation (gnubg's own
    /// variations: `*` marks a hit, a recorded play is read as its jumps, and one that is no
    /// legal play is set up as written), rather than in tavli's variant notation (`^` and `x`
    /// marks and Athroisma's bear-off labels, a play resolved on the variant's rules).
    #[must_use]
    pub fn uses_gnubg_notation(self) -> bool {
        self.variant.is_gnubg_variation()
    }

    /// Whether a roll may have to be rolled again by the same player (Athroisma), so that
    /// one player can roll twice in a row.
    #[must_use]
    pub fn has_rerolls(self) -> bool {
        self.variant == Variant::Athroisma
    }

    /// How many legal plays `mover` has with `dice`.
    #[must_use]
    pub fn count_legal_plays(self, board: &Board, mover: Side, dice: Dice) -> usize {
        variants::count_legal_plays_in(self.variant, board, mover, dice)
    }

    /// Whether `mover` must roll `dice` again instead of playing them (Athroisma).
    #[must_use]
    pub fn requires_reroll(self, board: &Board, mover: Side, dice: Dice) -> bool {
        variants::requires_reroll(self.variant, board, mover, dice)
    }

    /// The kind of win when `winner` has borne off every checker on `board`: single,
    /// gammon or (where the variant has a triple game) backgammon.
    #[must_use]
    pub fn win_kind(self, board: &Board, winner: Side) -> WinKind {
        scoring::win_kind(self.variant, board, winner)
    }

    /// The largest win `winner` can still reach on `board` (gnubg's variations; see
    /// [`scoring::largest_reachable_win`]).
    #[must_use]
    pub fn largest_reachable_win(self, board: &Board, winner: Side) -> WinKind {
        scoring::largest_reachable_win(self.variant, board, winner)
    }

    /// Whether the game is over on `board`, and how.
    #[must_use]
    pub fn result(self, board: &Board) -> Option<GameResult> {
        scoring::game_result(self.variant, board)
    }

    /// How the game ends after `mover`'s play on `board`, if it does. In gnubg's variations
    /// only the mover's bearing off ends it (on an edited board where the opponent has no
    /// checker left, play goes on); tavli's variants ask [`RuleSet::result`] (bear-off,
    /// Plakoto's mother rule and draw).
    #[must_use]
    pub fn result_after_play(self, board: &Board, mover: Side) -> Option<GameResult> {
        if !self.variant.is_gnubg_variation() {
            return self.result(board);
        }
        (board.borne_off(mover) >= self.variant.checkers()).then(|| GameResult::Win {
            winner: mover,
            kind: scoring::win_kind(self.variant, board, mover),
        })
    }

    /// What a win by bearing off is worth: the kind's points times the cube, gammons counted
    /// as single games under the Jacoby rule with a centred cube (money play).
    #[must_use]
    pub fn points(self, result: GameResult, cube: &cube::Cube, money_jacoby: bool) -> u32 {
        scoring::points_scored(
            self.variant,
            result,
            cube.value,
            cube.owner.is_none(),
            money_jacoby,
        )
    }

    /// What an accepted resignation of `kind` is worth: kind times the cube, the Jacoby rule
    /// aside (see [`cube::resignation_points`]).
    #[must_use]
    pub fn resignation_points(self, kind: Resignation, cube: &cube::Cube) -> u32 {
        cube::resignation_points(self.variant, kind, cube)
    }

    /// The most a resignation can give up: a backgammon where the variant has a triple game,
    /// a gammon (or mother) otherwise.
    #[must_use]
    pub fn largest_resignation(self) -> Resignation {
        if self.has_backgammon() {
            Resignation::Backgammon
        } else {
            Resignation::Gammon
        }
    }

    /// The variant of the game a tavli match plays after `games_played` finished games:
    /// Portes, Plakoto and Fevga in rotation (PO5; a game abandoned unfinished is played
    /// again).
    #[must_use]
    pub fn tavli_game(games_played: u32) -> RuleSet {
        RuleSet::new(variants::tavli_game(games_played))
    }

    /// Whether these rules are one of the games a tavli match rotates through (PO5).
    #[must_use]
    pub fn in_tavli_rotation(self) -> bool {
        variants::TAVLI_ROTATION.contains(&self.variant)
    }

    /// Whether the winner of the opening roll plays the two opening dice (gnubg's variations
    /// and Old English) or rolls both dice afresh (the tavli games and Athroisma).
    #[must_use]
    pub fn opening_dice_are_played(self) -> bool {
        variants::opening_dice_are_played(self.variant)
    }

    /// Whether a win can be a backgammon (a triple game).
    #[must_use]
    pub fn has_backgammon(self) -> bool {
        self.variant.has_backgammon()
    }

    /// Whether the doubling cube is in use, and with it the Crawford and Jacoby rules and
    /// beavers.
    #[must_use]
    pub fn cube_in_use(self) -> bool {
        self.variant.uses_cube()
    }

    /// Whether the Crawford rule governs a match to `match_length` (0 for money play): match
    /// play with the cube.
    #[must_use]
    pub fn has_crawford_rule(self, match_length: u32) -> bool {
        match_length > 0 && self.cube_in_use()
    }

    /// Whether the game played at `score` in a match to `match_length` is the Crawford game,
    /// as gnubg decides it: the Crawford rule applies, no Crawford game has been played
    /// (`crawford_played`) and exactly one player is 1-away (both 1-away, as at the start of
    /// a 1-point match, is post-Crawford play).
    #[must_use]
    pub fn is_crawford_game(
        self,
        match_length: u32,
        score: [u32; 2],
        crawford_played: bool,
    ) -> bool {
        self.has_crawford_rule(match_length)
            && cube::next_game_is_crawford(match_length, score, crawford_played)
    }

    /// Whether a gammon or backgammon counts as a single game under the Jacoby rule: money
    /// play with the rule on (`money_jacoby`), the cube in use and still centred.
    #[must_use]
    pub fn jacoby_counts_single(self, money_jacoby: bool, cube_centred: bool) -> bool {
        money_jacoby && cube_centred && self.cube_in_use()
    }

    /// Whether gnubg plays this variant, so that its text, its files and its evaluations
    /// follow gnubg exactly (gnubg's own variations).
    #[must_use]
    pub fn is_gnubg_variation(self) -> bool {
        self.variant.is_gnubg_variation()
    }

    /// What a position of these rules can be written as.
    #[must_use]
    pub fn position_encoding(self) -> PositionEncoding {
        if self.variant.is_gnubg_variation() {
            PositionEncoding::GnubgIds
        } else if self.variant.has_gnubg_position_id() {
            PositionEncoding::PositionId
        } else {
            PositionEncoding::TavliString
        }
    }

    /// Whether a position can be written as a gnubg Position ID (else tavli's own form).
    #[must_use]
    pub fn has_gnubg_position_id(self) -> bool {
        self.position_encoding() != PositionEncoding::TavliString
    }

    /// What a checker does to a lone opposing checker it lands on: hit it (the standard
    /// family, Old English, Portes), pin it (Plakoto) or capture by majority (Athroisma);
    /// `None` in Fevga, where a single checker holds a point.
    #[must_use]
    pub fn contact(self) -> Option<Contact> {
        match self.variant {
            Variant::Plakoto => Some(Contact::Pin),
            Variant::Athroisma => Some(Contact::Capture),
            Variant::Fevga => None,
            _ => Some(Contact::Hit),
        }
    }

    /// The checkers on `point` (1..=24, numbered from X's side as gnubg draws the board):
    /// Fevga's geometry and Plakoto's pins taken care of; empty outside 1..=24.
    #[must_use]
    pub fn point_contents(self, board: &Board, point: u8) -> PointContents {
        variants::point_contents(self.variant, board, point)
    }

    /// Whether `mover` is in the bear-off phase of a variant that has one (Athroisma, A9: every
    /// remaining checker on its points 1..6, none waiting to re-enter); always false in the other variants.
    #[must_use]
    pub fn in_bear_off_phase(self, board: &Board, mover: Side) -> bool {
        self.variant == Variant::Athroisma && athroisma::in_bear_off_phase(board, mover)
    }

    /// The bear-off action a play of `dice` made of `steps` is, in a variant that has them
    /// (Athroisma); `None` for ordinary steps and in every other variant.
    #[must_use]
    pub fn bear_off_action(self, dice: Dice, steps: &[Step]) -> Option<BearOffAction> {
        if self.variant == Variant::Athroisma {
            athroisma::bear_off_action(dice, steps)
        } else {
            None
        }
    }
}

/// What a position can be written as (see [`RuleSet::position_encoding`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionEncoding {
    /// gnubg's Position ID and Match ID, which gnubg reads as this very game.
    GnubgIds,
    /// A gnubg Position ID holds the checkers (contrary movement, no pins), but gnubg would
    /// read it as one of its own variations (Old English, Portes, Athroisma).
    PositionId,
    /// Only tavli's position string (Plakoto's pins, Fevga's geometry).
    TavliString,
}

/// What landing on a lone opposing checker does (see [`RuleSet::contact`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contact {
    /// The checker is hit and goes to the bar.
    Hit,
    /// The checker is pinned where it stands (Plakoto).
    Pin,
    /// Opposing checkers under a majority are captured (Athroisma).
    Capture,
}

impl From<Variant> for RuleSet {
    fn from(variant: Variant) -> RuleSet {
        RuleSet::new(variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_follow_the_variant() {
        let standard = RuleSet::new(Variant::Standard);
        assert!(standard.cube_in_use() && standard.opening_dice_are_played());
        assert_eq!(standard.largest_resignation(), Resignation::Backgammon);
        let plakoto = RuleSet::from(Variant::Plakoto);
        assert!(!plakoto.cube_in_use() && !plakoto.has_gnubg_position_id());
        assert!(!plakoto.has_crawford_rule(5) && !standard.has_crawford_rule(0));
        assert!(standard.has_crawford_rule(5) && standard.has_backgammon());
        assert_eq!(plakoto.position_encoding(), PositionEncoding::TavliString);
        assert_eq!(standard.position_encoding(), PositionEncoding::GnubgIds);
        let athroisma = RuleSet::new(Variant::Athroisma);
        assert_eq!(athroisma.position_encoding(), PositionEncoding::PositionId);
        assert!(!athroisma.has_backgammon());
        assert!(standard.is_crawford_game(5, [4, 2], false));
        assert!(!standard.is_crawford_game(5, [4, 2], true));
        assert!(!standard.is_crawford_game(1, [0, 0], false), "both 1-away");
        assert!(!plakoto.is_crawford_game(5, [4, 2], false), "no cube");
        assert!(
            standard.jacoby_counts_single(true, true)
                && !athroisma.jacoby_counts_single(true, true)
        );
        assert_eq!(RuleSet::new(Variant::Fevga).contact(), None);
        assert_eq!(plakoto.contact(), Some(Contact::Pin));
        assert!(RuleSet::new(Variant::Portes).has_standard_movement());
        assert!(!RuleSet::new(Variant::OldEnglish).has_standard_movement());
        assert!(
            standard.uses_gnubg_notation()
                && RuleSet::new(Variant::Nackgammon).uses_gnubg_notation()
        );
        assert!(
            !RuleSet::new(Variant::Portes).uses_gnubg_notation() && !plakoto.uses_gnubg_notation()
        );
        assert!(athroisma.has_rerolls() && !standard.has_rerolls() && !plakoto.has_rerolls());
    }

    #[test]
    fn a_play_ends_the_game_as_the_rules_say() {
        // O has borne off every checker on an edited board; X plays on.
        let mut board = Board::empty();
        board.off[Side::O.index()] = 15;
        board.slots[Side::X.index()][5] = 3;
        let standard = RuleSet::new(Variant::Standard);
        assert_eq!(standard.result_after_play(&board, Side::X), None);
        let portes = RuleSet::new(Variant::Portes);
        assert!(matches!(
            portes.result_after_play(&board, Side::X),
            Some(GameResult::Win {
                winner: Side::O,
                ..
            })
        ));
        board.slots[Side::X.index()][5] = 0;
        board.off[Side::X.index()] = 15;
        assert!(matches!(
            standard.result_after_play(&board, Side::X),
            Some(GameResult::Win {
                winner: Side::X,
                ..
            })
        ));
    }
}
