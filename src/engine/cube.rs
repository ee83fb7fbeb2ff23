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
//!   25-point table, [`crate::engine::kazaross_xg2`]); beyond 25 points away it is extended
//!   as gnubg 1.07 extends it ([`crate::engine::match_equity`]: a normal distribution of the
//!   match's outcome before the Crawford game, the trailer doubling at once after it).
//! * Double if both double/take and double/pass are better than no double; take if double/take
//!   is not worse for the taker than dropping; beaver (money, beavers allowed) when the taker is
//!   the favourite after taking, as gnubg answers ([`CubeAnalysis::answer`], no margin); a
//!   double that would be beavered is not offered when the beaver leaves the doubler below no
//!   double ([`CubeAnalysis::double_action_against`]). Resignations are accepted when they give at least the cubeful
//!   equity of playing on ([`crate::engine::resignation`]).

use crate::engine::cube_efficiency::CubeEfficiency;
use crate::engine::match_cube;
use crate::engine::match_equity::table_lookup;
use crate::engine::money_cube;
use crate::engine::probabilities::Probabilities;
use crate::rules::{Board, MatchState, Side, Variant};

pub use crate::engine::resignation::ResignationValue;

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

    /// The one rule for answering a double judged as these equities (the engine's answer in
    /// every front end: the REPL's `hint`, `eval` and computer player, `tavli external`, UBGI,
    /// the analysis and rollouts), gnubg's: pass when double/take is above double/pass (taking
    /// costs the taker more than passing); with `beaver_allowed` (money play, beavers on),
    /// beaver when double/take lies between -2 and 0 (the taker is not the underdog after
    /// taking; below -2 gnubg takes) and the double is proper or not doubling is below
    /// double/pass (no beaver of a doubler too good to double); else take. The bounds are
    /// inclusive within [`TIE`]: a sure single loss after the take is -2 in gnubg's figures
    /// and a rounding error below it in tavli's.
    ///
    /// Found by experiment with gnubg 1.07's `hint` (23,415 0-ply cube analyses of random
    /// positions: its words in all but 29 rounding ties of the printed figures) and checked
    /// live on random money positions with beavers on; gnubg asks no margin of the figures.
    #[must_use]
    pub fn answer(&self, beaver_allowed: bool) -> TakeAction {
        if self.double_take > self.double_pass {
            TakeAction::Drop
        } else if beaver_allowed
            && (-2.0 - TIE..=TIE).contains(&self.double_take)
            && (self.doubling_is_proper() || self.no_double < self.double_pass)
        {
            TakeAction::Beaver
        } else {
            TakeAction::Take
        }
    }

    /// The doubler's action knowing the `answer` his double gets: his best action
    /// ([`CubeAnalysis::double_action`]), except that a double that is beavered costs him
    /// twice double/take, so he does not double when that is below no double beyond [`TIE`]
    /// (gnubg's "No double, beaver").
    #[must_use]
    pub fn double_action_against(&self, answer: TakeAction) -> DoubleAction {
        if answer == TakeAction::Beaver && 2.0 * self.double_take < self.no_double - TIE {
            DoubleAction::NoDouble
        } else {
            self.double_action()
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

    /// Whether the Jacoby rule holds with the cube owned by `owner`: money play, the rule on,
    /// the cube centred. Gammons and backgammons then count as single games.
    #[must_use]
    pub fn jacoby_in_force(&self, owner: Option<Side>) -> bool {
        !self.is_match() && self.jacoby && owner.is_none()
    }

    /// A cubeful equity (money points, or match-winning chance) seen by the other player.
    #[must_use]
    pub fn for_opponent(&self, equity: f64) -> f64 {
        if self.is_match() {
            1.0 - equity
        } else {
            -equity
        }
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
    /// match-winning chance at the cube efficiency of `after` with the opponent rolling (his
    /// double left out: gnubg 0-ply's `hint` values a play by the opponent's best cube action,
    /// as the judge's ranking does; this simpler value serves the gnubg_match_cube bench only;
    /// measured on gnubg 0-ply's own probabilities at 16 scores and cubes of a 7-point
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

    /// The inverse of [`Stakes::equity_in_units`]: `units` of `side` (winning a single game at
    /// the current cube +1, losing one -1) as money equity per unit cube (unchanged) or as his
    /// match-winning chance.
    #[must_use]
    pub fn equity_from_units(&self, side: Side, units: f64) -> f64 {
        if !self.is_match() {
            return units;
        }
        let unit = i64::from(self.cube_value);
        let win = self.match_winning_chance(side, unit);
        let lose = self.match_winning_chance(side, -unit);
        lose + (units + 1.0) / 2.0 * (win - lose)
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
    /// equities): [`CubeAnalysis::answer`], a beaver allowed in money play when these stakes
    /// allow beavers.
    #[must_use]
    pub fn answer(&self, analysis: &CubeAnalysis) -> TakeAction {
        analysis.answer(self.beavers && !self.is_match())
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

    /// The cube model's no double and double/take (units of the current cube in money play,
    /// EMG in match play) for the player on roll of the GNUbg ID `id`, given `probabilities`
    /// in gnubg's order (win, win gammon, win backgammon, lose gammon, lose backgammon): the
    /// model on gnubg's own probabilities, as the money and match tests hold it to gnubg's
    /// figures.
    pub(crate) fn model_of_gnubg_id(id: &str, probabilities: [f64; 5]) -> (f64, Option<f64>) {
        let state = crate::codec::gnubg_id::decode_as_gnubg_reads(id, Variant::Standard)
            .expect("a GNUbg ID");
        let probabilities = Probabilities::from(probabilities);
        let analysis = Stakes::from_state(&state).analyse_double(&probabilities, state.on_roll);
        let double_take = analysis.double_allowed.then_some(analysis.double_take);
        (analysis.no_double, double_take)
    }
}

#[cfg(test)]
mod tests;
