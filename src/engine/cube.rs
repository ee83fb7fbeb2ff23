//! The stakes of a game and the cube decisions on them: cubeless and cubeful equities from
//! outcome probabilities, the three equities of a double (no double, double/take,
//! double/pass), and the answers to it.
//!
//! Method (documented in the README's engine section):
//! * Money play: cubeful equity by Janowski's model ([`crate::engine::money_cube`]), the cube
//!   efficiency by position class as gnubg publishes it ([`crate::engine::cube_efficiency`]:
//!   0.68 in contact, 0.6 to 0.7 in races by the pip count, 0.6 bearing off).
//! * Match play: cubeful match-winning chances by the same interpolation (and efficiency) done in
//!   match-winning chance, every take and cash point read from the match equity table at the
//!   score and followed up the cube levels to where the cube is dead
//!   ([`crate::engine::match_cube`]); a cube nobody can turn (the Crawford game, a cube worth
//!   what its owner needs) is valued cubeless, so take points at such scores are exactly the
//!   table's. Decisions compare equities rescaled so that winning a single game at the current
//!   cube is `+1` and losing one `-1`. The table is Kazaross-XG2 (Neil Kazaross's published
//!   25-point table, [`crate::engine::kazaross_xg2`]); beyond 25 points away a computed table
//!   serves: a game is won by either side with chance 1/2 and a won game is a gammon with
//!   chance 0.20 (no cube before the Crawford game; after it the trailer doubles at once, so
//!   every game is worth 2), the classic fixed-gammon-rate construction.
//! * Double if both double/take and double/pass are better than no double; take if double/take
//!   is not worse for the taker than dropping; beaver (money, beavers allowed) when the taker is
//!   the favourite after taking. Resignations are accepted when they give at least the cubeful
//!   equity of playing on ([`crate::engine::resignation`]).

use crate::engine::cube_efficiency::CubeEfficiency;
use crate::engine::match_cube;
use crate::engine::match_equity::table_lookup;
use crate::engine::money_cube;
use crate::engine::probabilities::Probabilities;
use crate::rules::{Board, MatchState, Side, Variant};

pub use crate::engine::resignation::ResignationValue;

/// How far (in units of the current cube) the doubler's equity after a take must be below
/// zero before a beaver is answered: the baseline's probabilities are rough, and a wrong
/// beaver costs twice as much as a wrong take. Chosen to agree best with gnubg 0-ply on
/// recorded positions.
pub const BEAVER_MARGIN: f64 = 0.2;
/// The highest cube value that may still be doubled.
pub const MAX_CUBE: u32 = 1 << 12;
/// How close two cube equities (units of the current cube) must be to count as a tie when
/// the doubler's action is chosen ([`CubeAnalysis::doubling_is_proper`]): far below the three
/// decimals shown, above the rounding of single-precision figures and of the match equity
/// table (a sure win's no double came out 1.0000000000000013 in match play, 1.0000004 in money
/// seen by the taker, against double/pass's exact 1).
pub const TIE: f64 = 1e-6;

/// What a game is played for: the score and cube facts that turn outcome probabilities into
/// equities (cubeless and cubeful) and decide the cube. (The cube's rules, who may double and
/// what a drop scores, are [`crate::rules::Cube`]'s.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    /// The variant (for bookkeeping; the decisions do not depend on it).
    pub variant: Variant,
    /// Match length, 0 for money.
    pub match_length: u32,
    /// Points of `O` (index 0) and `X` (index 1).
    pub score: [u32; 2],
    /// Cube value.
    pub cube_value: u32,
    /// Cube owner, `None` when centred.
    pub cube_owner: Option<Side>,
    /// Whether this is the Crawford game.
    pub crawford: bool,
    /// Jacoby rule (money only).
    pub jacoby: bool,
    /// Whether beavers are allowed (money only).
    pub beavers: bool,
    /// The class of the position valued, which sets the cube efficiency of the cubeful
    /// equities ([`CubeEfficiency::value`]).
    pub efficiency: CubeEfficiency,
}

/// What to do with the cube before rolling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoubleAction {
    /// Offer a double.
    Double,
    /// Roll without doubling (includes "too good to double").
    NoDouble,
}

/// The answer to a double.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeAction {
    /// Accept the cube.
    Take,
    /// Refuse it and lose the game at the current cube.
    Drop,
    /// Accept and immediately redouble, keeping the cube (money only).
    Beaver,
}

/// The three cubeful equities behind a cube decision, from the doubler's side, in units of
/// the current cube (money) or rescaled match units (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeAnalysis {
    /// Equity of rolling without doubling.
    pub no_double: f64,
    /// Equity after double and take.
    pub double_take: f64,
    /// Equity after double and pass (always 1).
    pub double_pass: f64,
    /// Whether the doubler may double at all.
    pub double_allowed: bool,
}

impl CubeAnalysis {
    /// The doubler's best action: double when it is allowed and proper
    /// ([`CubeAnalysis::doubling_is_proper`]).
    #[must_use]
    pub fn double_action(&self) -> DoubleAction {
        if self.double_allowed && self.doubling_is_proper() {
            DoubleAction::Double
        } else {
            DoubleAction::NoDouble
        }
    }

    /// The one rule for the doubler's choice (the engine's action and the printed "Proper
    /// cube action" both follow it): doubling is proper when it is worth at least not
    /// doubling, equities within [`TIE`] being tied, and a tie is a double (gnubg's "Double,
    /// pass" at a sure win, where no double and double/pass are both +1). Whether the double
    /// is allowed is not asked here.
    #[must_use]
    pub fn doubling_is_proper(&self) -> bool {
        self.double_equity() >= self.no_double - TIE
    }

    /// The doubler's equity once he doubles: the responder's better answer, take or pass.
    #[must_use]
    pub fn double_equity(&self) -> f64 {
        self.double_take.min(self.double_pass)
    }

    /// The doubler's equity after his best action ([`CubeAnalysis::double_action`]).
    #[must_use]
    pub fn best_equity(&self) -> f64 {
        match self.double_action() {
            DoubleAction::Double => self.double_equity(),
            DoubleAction::NoDouble => self.no_double,
        }
    }
}

impl Stakes {
    /// The cube facts of `state`, the cube efficiency that of its board with its player on roll;
    /// beavers are allowed in money play.
    #[must_use]
    pub fn from_state(state: &MatchState) -> Stakes {
        Stakes {
            variant: state.variant,
            match_length: state.match_length,
            score: state.score,
            cube_value: state.cube_value.max(1),
            cube_owner: state.cube_owner,
            crawford: state.crawford,
            jacoby: state.jacoby,
            beavers: state.match_length == 0,
            efficiency: if state.is_match() {
                CubeEfficiency::of_match(&state.board, state.variant, state.on_roll)
            } else {
                CubeEfficiency::of(&state.board, state.variant, state.on_roll)
            },
        }
    }

    /// The same stakes for the position `board` with `on_roll` to roll (its cube efficiency).
    #[must_use]
    pub fn at_position(&self, board: &Board, on_roll: Side) -> Stakes {
        Stakes {
            efficiency: if self.is_match() {
                CubeEfficiency::of_match(board, self.variant, on_roll)
            } else {
                CubeEfficiency::of(board, self.variant, on_roll)
            },
            ..*self
        }
    }

    /// Whether this is match play.
    #[must_use]
    pub fn is_match(&self) -> bool {
        self.match_length > 0
    }

    /// Points `side` still needs to win the match (match play).
    pub(crate) fn needs(&self, side: Side) -> i64 {
        i64::from(self.match_length) - i64::from(self.score[side.index()])
    }

    fn post_crawford(&self) -> bool {
        self.is_match() && !self.crawford && (self.needs(Side::O) == 1 || self.needs(Side::X) == 1)
    }

    /// Whether `side` may double now (cube legality, not wisdom).
    #[must_use]
    pub fn may_double(&self, side: Side) -> bool {
        if self.crawford || self.cube_value >= MAX_CUBE {
            return false;
        }
        if self.cube_owner.is_some_and(|owner| owner != side) {
            return false;
        }
        !(self.is_match() && i64::from(self.cube_value) >= self.needs(side))
    }

    /// Match-winning chance of `side` if it wins (`points > 0`) or loses (`points < 0`) the
    /// current game by `points.abs()` points.
    #[must_use]
    pub fn match_winning_chance(&self, side: Side, points: i64) -> f64 {
        let me = self.needs(side) - points.max(0);
        let them = self.needs(side.opponent()) + points.min(0);
        if me <= 0 {
            return 1.0;
        }
        if them <= 0 {
            return 0.0;
        }
        let next_is_crawford = !self.crawford && !self.post_crawford() && (me == 1 || them == 1);
        table_lookup(me, them, next_is_crawford)
    }

    /// Cubeless equity for `side` with `probabilities` seen from `side`: money equity per unit
    /// cube, or the cubeless match-winning chance at the current cube.
    #[must_use]
    pub fn cubeless_equity(&self, probabilities: &Probabilities, side: Side) -> f64 {
        if !self.is_match() {
            return probabilities.money_equity();
        }
        let cube = i64::from(self.cube_value);
        probabilities
            .outcomes()
            .iter()
            .zip(RESULT_POINTS)
            .map(|(p, points)| p * self.match_winning_chance(side, points * cube))
            .sum()
    }

    /// What a play of `mover` is ranked by, `probabilities` his after it, his opponent on roll
    /// at `after`: in money play the cubeless equity; in match play the cubeful
    /// match-winning chance at the cube efficiency of `after`, as gnubg ranks plays at the
    /// score (measured on gnubg 0-ply's own probabilities at 16 scores and cubes of a 7-point
    /// match: ranking by the cubeless match-winning chance chose another play in 64 of 864
    /// decisions, 0.25 thousandths of a match per decision; benches/gnubg_match_cube.rs).
    #[must_use]
    pub fn play_value(&self, probabilities: &Probabilities, mover: Side, after: &Board) -> f64 {
        if !self.is_match() {
            return self.cubeless_equity(probabilities, mover);
        }
        cubeful_equity(
            &self.at_position(after, mover.opponent()),
            probabilities,
            mover,
        )
    }

    /// The value, in units where winning a single game at cube `unit_cube` is +1 and losing
    /// one is -1, of `side` winning (`points > 0`) or losing `points` cube-multiples at
    /// `cube` (a money value in money play).
    pub(crate) fn unit_value(&self, side: Side, points: i64, cube: u32, unit_cube: u32) -> f64 {
        if !self.is_match() {
            return points as f64 * f64::from(cube) / f64::from(unit_cube);
        }
        let unit = i64::from(unit_cube);
        let win = self.match_winning_chance(side, unit);
        let lose = self.match_winning_chance(side, -unit);
        let value = self.match_winning_chance(side, points * i64::from(cube));
        if win - lose <= f64::EPSILON {
            return 0.0;
        }
        2.0 * (value - lose) / (win - lose) - 1.0
    }

    /// `equity` of `side` (money: per unit cube; match: match-winning chance) in units where
    /// winning a single game at the current cube is +1 and losing one is -1 (gnubg's
    /// normalised equity; money equity is returned unchanged).
    #[must_use]
    pub fn equity_in_units(&self, side: Side, equity: f64) -> f64 {
        if !self.is_match() {
            return equity;
        }
        let unit = i64::from(self.cube_value);
        let win = self.match_winning_chance(side, unit);
        let lose = self.match_winning_chance(side, -unit);
        if win - lose <= f64::EPSILON {
            return 0.0;
        }
        2.0 * (equity - lose) / (win - lose) - 1.0
    }

    /// Cubeful equity of `side`, with `probabilities` seen by him, the cube at `cube` owned by
    /// `owner`, in units of the current cube (money) or rescaled match units (see the module
    /// docs).
    pub(crate) fn cubeful_units(
        &self,
        probabilities: &Probabilities,
        side: Side,
        cube: u32,
        owner: Option<Side>,
    ) -> f64 {
        if self.is_match() {
            let chance = match_cube::cubeful_match_winning_chance(
                self,
                probabilities,
                side,
                cube,
                owner,
                self.efficiency.value_for(owner),
            );
            return self.equity_in_units(side, chance);
        }
        money_cube::cubeful_money_equity(
            self,
            probabilities,
            side,
            cube,
            owner,
            self.efficiency.value(),
        )
    }

    /// The doubler's view of the cube decision; `probabilities` are the doubler's, who is on
    /// roll.
    #[must_use]
    pub fn analyse_double(&self, probabilities: &Probabilities, doubler: Side) -> CubeAnalysis {
        let no_double =
            self.cubeful_units(probabilities, doubler, self.cube_value, self.cube_owner);
        // Equity at the doubled cube, owned by the taker, in units of the current cube.
        let double_take = self.cubeful_units(
            probabilities,
            doubler,
            self.cube_value.saturating_mul(2),
            Some(doubler.opponent()),
        );
        CubeAnalysis {
            no_double,
            double_take,
            double_pass: 1.0,
            double_allowed: self.may_double(doubler),
        }
    }

    /// The answer of `doubler`'s opponent to a double; `probabilities` are the doubler's.
    #[must_use]
    pub fn take_action(&self, probabilities: &Probabilities, doubler: Side) -> TakeAction {
        self.answer(&self.analyse_double(probabilities, doubler))
    }

    /// The answer of the doubler's opponent to a double judged as `analysis` (the doubler's
    /// equities), from the cube model's figures: a beaver needs the doubler [`BEAVER_MARGIN`]
    /// below zero after the take.
    #[must_use]
    pub fn answer(&self, analysis: &CubeAnalysis) -> TakeAction {
        self.answer_with_margin(analysis, BEAVER_MARGIN)
    }

    /// The one rule for answering a double judged as `analysis`: pass when taking costs the
    /// taker more than passing, beaver (money play, beavers allowed) when taking leaves the
    /// doubler more than `beaver_margin` below zero, else take. The cube model's rough figures
    /// ask [`BEAVER_MARGIN`] ([`Stakes::answer`]); exact figures (the two-sided bear-off
    /// database) ask none.
    #[must_use]
    pub fn answer_with_margin(&self, analysis: &CubeAnalysis, beaver_margin: f64) -> TakeAction {
        if analysis.double_take > analysis.double_pass {
            TakeAction::Drop
        } else if !self.is_match() && self.beavers && analysis.double_take < -beaver_margin {
            TakeAction::Beaver
        } else {
            TakeAction::Take
        }
    }
}

/// Cube-multiples of the six results in [`Probabilities::outcomes`] order.
pub(crate) const RESULT_POINTS: [i64; 6] = [1, 2, 3, -1, -2, -3];

/// Cubeful equity of `side` in the state described by `context`, with `probabilities` seen
/// from `side` (who may be either player). Money: per unit cube; match: match-winning chance.
#[must_use]
pub fn cubeful_equity(context: &Stakes, probabilities: &Probabilities, side: Side) -> f64 {
    // The models are symmetric in who is on roll; the probabilities carry the roll.
    if context.is_match() {
        return match_cube::cubeful_match_winning_chance(
            context,
            probabilities,
            side,
            context.cube_value,
            context.cube_owner,
            context.efficiency.value_for(context.cube_owner),
        );
    }
    money_cube::cubeful_money_equity(
        context,
        probabilities,
        side,
        context.cube_value,
        context.cube_owner,
        context.efficiency.value(),
    )
}

/// Helpers shared by the cube's unit tests (here, in the money and match models and the
/// resignations).
#[cfg(test)]
pub(crate) mod test_support {
    use super::Stakes;
    use crate::engine::probabilities::Probabilities;
    use crate::rules::Variant;

    /// Money stakes: the cube centred at 1, no Jacoby rule, beavers allowed.
    pub(crate) fn money() -> Stakes {
        Stakes {
            variant: Variant::Standard,
            match_length: 0,
            score: [0, 0],
            cube_value: 1,
            cube_owner: None,
            crawford: false,
            jacoby: false,
            beavers: true,
            efficiency: crate::engine::cube_efficiency::CubeEfficiency::Contact,
        }
    }

    /// Probabilities without gammons: `win` single games won, the rest lost.
    pub(crate) fn plain(win: f64) -> Probabilities {
        Probabilities {
            win,
            win_gammon: 0.0,
            win_backgammon: 0.0,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{money, plain};
    use super::*;
    use crate::engine::match_equity::match_equity;

    #[test]
    fn table_is_symmetric_and_sensible() {
        assert!((match_equity(2, 2, false) - 0.5).abs() < 1e-12);
        // Kazaross-XG2: 1-away/2-away Crawford, 2-away/1-away post-Crawford (free drop).
        assert!((match_equity(1, 2, true) - 0.67736).abs() < 1e-9);
        assert!((match_equity(2, 1, false) - 0.48803).abs() < 1e-9);
        assert!((match_equity(5, 3, false) - 0.35205).abs() < 1e-9);
        for a in 1..12 {
            for b in 1..12 {
                let sum = match_equity(a, b, false) + match_equity(b, a, false);
                assert!((sum - 1.0).abs() < 1e-9, "{a} {b}");
                if a >= 2 && b >= 2 {
                    assert!(match_equity(a, b + 1, false) >= match_equity(a, b, false));
                }
            }
        }
    }

    /// Take points where the cube is dead after the take equal the table's: at 2-away/2-away
    /// the taker needs `ME(2-away vs 1-away Crawford)` = 0.32264; with the doubler 4 away and
    /// the taker 2 away, `(ME(2, 3) - ME(2, 2)) / (1 - ME(2, 2))` = 0.19894.
    #[test]
    fn dead_cube_take_points_are_the_tables() {
        let context = |length: u32, score: [u32; 2]| Stakes {
            match_length: length,
            score,
            jacoby: false,
            beavers: false,
            ..money()
        };
        let cases = [
            (context(3, [1, 1]), 0.32264),
            // X (index 1) doubles needing 4; O (index 0) takes needing 2.
            (context(5, [3, 1]), (0.59947 - 0.5) / (1.0 - 0.5)),
        ];
        for (context, take_point) in cases {
            for (taker_wins, expected) in [
                (take_point + 0.01, TakeAction::Take),
                (take_point - 0.01, TakeAction::Drop),
            ] {
                let doubler = plain(1.0 - taker_wins);
                assert_eq!(
                    context.take_action(&doubler, Side::X),
                    expected,
                    "{context:?} taker wins {taker_wins}"
                );
            }
        }
    }

    fn at(length: u32, score: [u32; 2], crawford: bool) -> Stakes {
        Stakes {
            match_length: length,
            score,
            crawford,
            jacoby: false,
            beavers: false,
            ..money()
        }
    }

    /// The Crawford game: nobody may double, and the value is the cubeless match-winning
    /// chance.
    #[test]
    fn in_the_crawford_game_the_cube_is_dead() {
        // 5-point match, O (index 0) 4, X 2: X needs 3, O needs 1.
        let context = at(5, [4, 2], true);
        let doubler = plain(0.9);
        let analysis = context.analyse_double(&doubler, Side::X);
        assert!(!analysis.double_allowed);
        assert_eq!(analysis.double_action(), DoubleAction::NoDouble);
        let cubeless = context.cubeless_equity(&doubler, Side::X);
        assert!((cubeful_equity(&context, &doubler, Side::X) - cubeless).abs() < 1e-12);
    }

    /// Post-Crawford, the trailer 2 away and the leader 1 away: the trailer doubles at once
    /// (winning a single game gives him only 1-away/1-away), and the leader's drop is free:
    /// passing leaves 1-away/1-away (0.5), taking plays the match on one game, so he takes
    /// with more than half the games and passes with less, gammons or not.
    #[test]
    fn post_crawford_the_trailer_doubles_and_the_leader_has_a_free_drop() {
        // 5-point match, O (index 0) 4 after the Crawford game, X 3.
        let context = at(5, [4, 3], false);
        for trailer_wins in [0.3, 0.5, 0.7] {
            let doubler = Probabilities {
                win_gammon: 0.1,
                lose_gammon: 0.1,
                ..plain(trailer_wins)
            };
            let analysis = context.analyse_double(&doubler, Side::X);
            assert_eq!(
                analysis.double_action(),
                DoubleAction::Double,
                "{trailer_wins}"
            );
            // The leader cannot double back: needing 1, any cube is dead for him.
            assert!(!context.may_double(Side::O));
        }
        assert_eq!(context.take_action(&plain(0.55), Side::X), TakeAction::Drop);
        assert_eq!(context.take_action(&plain(0.45), Side::X), TakeAction::Take);
    }

    /// 2-away/2-away: after a take the cube (2) is dead and the game decides the match, so the
    /// take point is the table's 1 - ME(1-away vs 2-away, Crawford) = 0.32264, gammons or not
    /// (they only matter to a cube worth 1 here); and the doubler with a market-losing lead
    /// doubles.
    #[test]
    fn two_away_two_away_takes_at_the_tables_point() {
        let context = at(5, [3, 3], false);
        for gammons in [0.0, 0.2] {
            for (taker_wins, expected) in [(0.33, TakeAction::Take), (0.31, TakeAction::Drop)] {
                let doubler = Probabilities {
                    win_gammon: gammons,
                    lose_gammon: gammons.min(taker_wins),
                    ..plain(1.0 - taker_wins)
                };
                assert_eq!(
                    context.take_action(&doubler, Side::X),
                    expected,
                    "gammons {gammons} taker wins {taker_wins}"
                );
            }
        }
        let strong = context.analyse_double(&plain(0.72), Side::X);
        assert_eq!(strong.double_action(), DoubleAction::Double);
    }

    /// Gammon-go: needing 2 at cube 1 against 5 away, a gammon wins the match, so with many
    /// gammons the favourite plays on rather than doubling his opponent out; with none, the
    /// same winning chance is a double (and a pass).
    #[test]
    fn gammon_go_plays_on_for_the_gammon() {
        // 7-point match: X (index 1) 5, O 2.
        let context = at(7, [2, 5], false);
        let gammonish = Probabilities {
            win_gammon: 0.45,
            ..plain(0.8)
        };
        let analysis = context.analyse_double(&gammonish, Side::X);
        assert!(analysis.no_double > analysis.double_pass, "{analysis:?}");
        assert_eq!(analysis.double_action(), DoubleAction::NoDouble);
        let singles = context.analyse_double(&plain(0.8), Side::X);
        assert_eq!(singles.double_action(), DoubleAction::Double, "{singles:?}");
        assert_eq!(context.take_action(&plain(0.8), Side::X), TakeAction::Drop);
    }

    /// A sure win without gammons: no double and double/pass are both +1, a tie, and a tie
    /// is a double (gnubg: "Proper cube action: Double, pass"), in money and match play, the
    /// cube centred or owned; equities a rounding apart are tied too, a real edge is not.
    #[test]
    fn a_sure_win_is_a_double_and_a_pass() {
        let match_play = Stakes {
            match_length: 7,
            score: [2, 3],
            beavers: false,
            ..money()
        };
        let owned = Stakes {
            cube_value: 2,
            cube_owner: Some(Side::X),
            ..match_play
        };
        for stakes in [money(), match_play, owned] {
            let analysis = stakes.analyse_double(&plain(1.0), Side::X);
            assert_eq!(analysis.double_action(), DoubleAction::Double, "{stakes:?}");
            assert_eq!(stakes.answer(&analysis), TakeAction::Drop, "{stakes:?}");
            assert!((analysis.best_equity() - 1.0).abs() < TIE);
        }
        let rounded = CubeAnalysis {
            no_double: 1.000_000_4,
            double_take: 2.0,
            double_pass: 1.0,
            double_allowed: true,
        };
        assert_eq!(rounded.double_action(), DoubleAction::Double);
        let too_good = CubeAnalysis {
            no_double: 1.001,
            ..rounded
        };
        assert_eq!(too_good.double_action(), DoubleAction::NoDouble);
        let not_allowed = CubeAnalysis {
            double_allowed: false,
            ..rounded
        };
        assert_eq!(not_allowed.double_action(), DoubleAction::NoDouble);
    }

    #[test]
    fn money_cube_follows_the_market() {
        let context = money();
        assert_eq!(
            context
                .analyse_double(&plain(0.55), Side::X)
                .double_action(),
            DoubleAction::NoDouble
        );
        assert_eq!(
            context
                .analyse_double(&plain(0.75), Side::X)
                .double_action(),
            DoubleAction::Double
        );
        assert_eq!(context.take_action(&plain(0.70), Side::X), TakeAction::Take);
        assert_eq!(context.take_action(&plain(0.90), Side::X), TakeAction::Drop);
        assert_eq!(
            context.take_action(&plain(0.30), Side::X),
            TakeAction::Beaver
        );
        // Opponent owns the cube: no double possible.
        let owned = Stakes {
            cube_owner: Some(Side::O),
            cube_value: 2,
            ..money()
        };
        assert!(!owned.may_double(Side::X));
    }

    /// The stakes of a state carry the cube efficiency of its board: a long race is valued
    /// with a more efficient cube (0.7 at 120 pips and more) than contact (0.68), a bear-off
    /// with a less efficient one (0.6); the live cube is worth more to its centred holder the
    /// more efficient it is.
    #[test]
    fn the_cube_efficiency_follows_the_position() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        assert_eq!(
            Stakes::from_state(&state).efficiency,
            CubeEfficiency::Contact
        );
        let mut home = crate::rules::Board::empty();
        home.slots[Side::X.index()][5] = 15;
        home.slots[Side::O.index()][4] = 15;
        let mut race = home;
        race.slots[Side::X.index()][5] = 0;
        race.slots[Side::X.index()][7] = 15;
        let stakes = money();
        assert_eq!(
            stakes.at_position(&race, Side::X).efficiency,
            CubeEfficiency::Race { pips: 120 }
        );
        let bear_off = stakes.at_position(&home, Side::X);
        assert_eq!(bear_off.efficiency, CubeEfficiency::BearOff);
        let long_race = stakes.at_position(&race, Side::X);
        let position = plain(0.6);
        let value = |stakes: &Stakes| cubeful_equity(stakes, &position, Side::X);
        assert!(value(&long_race) > value(&stakes) && value(&stakes) > value(&bear_off));
        let in_a_state = MatchState {
            board: race,
            ..state
        };
        assert_eq!(
            Stakes::from_state(&in_a_state).efficiency,
            CubeEfficiency::Race { pips: 120 }
        );
    }

    #[test]
    fn crawford_forbids_doubling() {
        let context = Stakes {
            match_length: 5,
            score: [4, 2],
            crawford: true,
            beavers: false,
            ..money()
        };
        assert!(!context.may_double(Side::X));
    }
}
