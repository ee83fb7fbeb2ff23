//! The `Evaluator` seam: outcome probabilities of a position and best-play choice built on them.
//!
//! An evaluator answers one question: from the point of view of the player about to roll, how
//! likely is each game result? Everything else (equities, move choice, cube and resignation
//! decisions in [`crate::engine::cube`]) is derived from those numbers, so a stronger evaluator
//! replaces the baseline without touching the protocols.

use crate::engine::cube::{self, CubeContext};
use crate::rules::{legal_plays, Board, Dice, MatchState, Play, Side, Variant};

/// Cubeless outcome probabilities for one player (gnubg's five outputs). Gammon and backgammon
/// figures include the higher results: `win_gammon` counts gammons and backgammons.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probabilities {
    /// Chance of winning the game in any way.
    pub win: f64,
    /// Chance of winning a gammon or a backgammon.
    pub win_gammon: f64,
    /// Chance of winning a backgammon.
    pub win_backgammon: f64,
    /// Chance of losing a gammon or a backgammon.
    pub lose_gammon: f64,
    /// Chance of losing a backgammon.
    pub lose_backgammon: f64,
}

impl Probabilities {
    /// The same numbers seen by the other player.
    #[must_use]
    pub fn inverted(self) -> Probabilities {
        Probabilities {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// These probabilities, which are `owner`'s, as `viewer` sees them (unchanged when the
    /// two are the same player).
    #[must_use]
    pub fn seen_by(self, owner: Side, viewer: Side) -> Probabilities {
        if owner == viewer {
            self
        } else {
            self.inverted()
        }
    }

    /// All five figures zero: the start of a sum of weighted probabilities.
    pub const ZERO: Probabilities = Probabilities {
        win: 0.0,
        win_gammon: 0.0,
        win_backgammon: 0.0,
        lose_gammon: 0.0,
        lose_backgammon: 0.0,
    };

    /// Adds `weight` times `other`, figure by figure (averages over rolls or trials).
    pub fn add_weighted(&mut self, weight: f64, other: &Probabilities) {
        self.win += weight * other.win;
        self.win_gammon += weight * other.win_gammon;
        self.win_backgammon += weight * other.win_backgammon;
        self.lose_gammon += weight * other.lose_gammon;
        self.lose_backgammon += weight * other.lose_backgammon;
    }

    /// Every figure divided by `divisor`.
    #[must_use]
    pub fn divided_by(self, divisor: f64) -> Probabilities {
        Probabilities {
            win: self.win / divisor,
            win_gammon: self.win_gammon / divisor,
            win_backgammon: self.win_backgammon / divisor,
            lose_gammon: self.lose_gammon / divisor,
            lose_backgammon: self.lose_backgammon / divisor,
        }
    }

    /// Cubeless money equity per unit cube: `2w - 1 + wg + wbg - lg - lbg`.
    #[must_use]
    pub fn money_equity(self) -> f64 {
        2.0 * self.win - 1.0 + self.win_gammon + self.win_backgammon
            - self.lose_gammon
            - self.lose_backgammon
    }

    /// Clamps every figure into `0..=1` and makes them consistent (backgammon <= gammon <= result).
    #[must_use]
    pub fn normalised(self) -> Probabilities {
        let win = self.win.clamp(0.0, 1.0);
        let lose = 1.0 - win;
        let win_gammon = self.win_gammon.clamp(0.0, win);
        let lose_gammon = self.lose_gammon.clamp(0.0, lose);
        Probabilities {
            win,
            win_gammon,
            win_backgammon: self.win_backgammon.clamp(0.0, win_gammon),
            lose_gammon,
            lose_backgammon: self.lose_backgammon.clamp(0.0, lose_gammon),
        }
    }

    /// Probabilities of the six exact results, in the order
    /// win single, win gammon, win backgammon, lose single, lose gammon, lose backgammon.
    #[must_use]
    pub fn outcomes(self) -> [f64; 6] {
        [
            self.win - self.win_gammon,
            self.win_gammon - self.win_backgammon,
            self.win_backgammon,
            (1.0 - self.win) - self.lose_gammon,
            self.lose_gammon - self.lose_backgammon,
            self.lose_backgammon,
        ]
    }
}

/// A full evaluation for one player: probabilities and equities. Equities are money equity per
/// unit cube in money play and match-winning chance in match play (gnubg's convention for the
/// external protocol's sixth number).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// Cubeless probabilities for the player.
    pub probabilities: Probabilities,
    /// Cubeless equity (money: per unit cube; match: match-winning chance).
    pub cubeless_equity: f64,
    /// Cubeful equity (money: per unit cube; match: match-winning chance).
    pub cubeful_equity: f64,
}

/// Something that can judge backgammon positions (from several threads at once: a search
/// shares its work between threads).
pub trait Evaluator: Send + Sync {
    /// A short name for `id name` lines and logs.
    fn name(&self) -> &str;

    /// Cubeless probabilities for `on_roll`, who is about to roll on `board`.
    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities;

    /// How good `after` is for `mover`, who just played from `before`; higher is better. The
    /// default ranks by the equity `context` gives the probabilities (gammons valued by the
    /// score). Evaluators with their own move-ranking function may override it.
    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &CubeContext) -> f64 {
        let _ = before;
        let probabilities = self
            .probabilities(after, context.variant, mover.opponent())
            .inverted();
        context.cubeless_equity(&probabilities, mover)
    }

    /// The legal `plays` of `mover` from `before` ranked best first (a stable order: equal
    /// scores keep the order given, which is gnubg's generation order). The default scores
    /// every play with [`Evaluator::play_score`]; a search overrides it to look deeper at the
    /// most promising ones only.
    fn rank_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &CubeContext,
    ) -> Vec<RankedIndex> {
        rank_by_score(plays, |after| {
            self.play_score(before, after, mover, context)
        })
    }
}

/// `plays` ranked best first by `score` of the position after each, unsearched (0 plies),
/// ties in the order given.
pub fn rank_by_score(plays: &[Play], mut score: impl FnMut(&Board) -> f64) -> Vec<RankedIndex> {
    let mut ranked: Vec<RankedIndex> = plays
        .iter()
        .enumerate()
        .map(|(index, play)| RankedIndex {
            index,
            score: score(&play.result),
            plies: 0,
        })
        .collect();
    sort_ranking(&mut ranked);
    ranked
}

/// One play of a ranking: its index in the list ranked, its score (higher is better; scores
/// are comparable between plays searched to the same depth) and that depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankedIndex {
    /// Index into the plays ranked.
    pub index: usize,
    /// The score the play was ranked by.
    pub score: f64,
    /// How many plies deep it was searched.
    pub plies: u32,
}

/// Sorts a ranking best first: deeper-searched plays before shallower ones, then by score;
/// stable, so ties keep their order.
pub fn sort_ranking(ranked: &mut [RankedIndex]) {
    ranked.sort_by(|a, b| b.plies.cmp(&a.plies).then(b.score.total_cmp(&a.score)));
}

/// A shared evaluator judges as the one it points to, so one set of network weights can serve
/// several sessions or threads (`Arc<E>`), or a session can hold a chosen one (`Box<dyn Evaluator>`).
macro_rules! delegate_evaluator {
    ($($pointer:ty),*) => {$(
        impl<E: Evaluator + ?Sized> Evaluator for $pointer {
            fn name(&self) -> &str {
                (**self).name()
            }

            fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
                (**self).probabilities(board, variant, on_roll)
            }

            fn play_score(
                &self,
                before: &Board,
                after: &Board,
                mover: Side,
                context: &CubeContext,
            ) -> f64 {
                (**self).play_score(before, after, mover, context)
            }

            fn rank_plays(
                &self,
                before: &Board,
                plays: &[Play],
                mover: Side,
                context: &CubeContext,
            ) -> Vec<RankedIndex> {
                (**self).rank_plays(before, plays, mover, context)
            }
        }
    )*};
}

delegate_evaluator!(&E, Box<E>, std::sync::Arc<E>);

/// The best play for the player on roll in `state` with `dice` (`state.dice` is ignored), or
/// `None` when no checker can move. Ties keep gnubg's generation order.
pub fn best_play<E: Evaluator + ?Sized>(
    evaluator: &E,
    state: &MatchState,
    dice: Dice,
) -> Option<Play> {
    let mover = state.on_roll;
    let plays = legal_plays(&state.board, mover, dice);
    let context = CubeContext::from_state(state);
    let ranked = evaluator.rank_plays(&state.board, &plays, mover, &context);
    ranked.first().map(|best| plays[best.index])
}

/// Evaluates `state` for `side`: probabilities with `state.on_roll` about to roll, turned to
/// `side`'s view, plus cubeless and cubeful equity for the score and cube of `state`.
pub fn evaluate<E: Evaluator + ?Sized>(
    evaluator: &E,
    state: &MatchState,
    side: Side,
) -> Evaluation {
    let on_roll = evaluator.probabilities(&state.board, state.variant, state.on_roll);
    let probabilities = on_roll.seen_by(state.on_roll, side);
    let context = CubeContext::from_state(state);
    Evaluation {
        probabilities,
        cubeless_equity: context.cubeless_equity(&probabilities, side),
        cubeful_equity: cube::cubeful_equity(&context, &probabilities, side),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverting_twice_is_identity_and_equity_flips() {
        let p = Probabilities {
            win: 0.6,
            win_gammon: 0.2,
            win_backgammon: 0.01,
            lose_gammon: 0.1,
            lose_backgammon: 0.005,
        };
        assert_eq!(p.inverted().inverted(), p);
        assert!((p.money_equity() + p.inverted().money_equity()).abs() < 1e-12);
        let sum: f64 = p.outcomes().iter().sum();
        assert!((sum - 1.0).abs() < 1e-12);
    }

    #[test]
    fn normalising_orders_the_figures() {
        let p = Probabilities {
            win: 1.2,
            win_gammon: 0.5,
            win_backgammon: 0.7,
            lose_gammon: 0.3,
            lose_backgammon: 0.0,
        }
        .normalised();
        assert_eq!(p.win, 1.0);
        assert_eq!(p.win_backgammon, 0.5);
        assert_eq!(p.lose_gammon, 0.0);
    }
}
