//! Outcome probabilities of a game for one player (gnubg's five outputs) and the arithmetic
//! on them: turning them round, averaging them, money equity, the six exact results.

use crate::rules::{Side, WinKind};
use serde::{Deserialize, Serialize};

/// Cubeless outcome probabilities for one player (gnubg's five outputs). Gammon and backgammon
/// figures include the higher results: `win_gammon` counts gammons and backgammons. In JSON
/// it is the labelled object `{"win", "win_gammon", "win_backgammon", "lose_gammon",
/// "lose_backgammon"}` of every output (lose = 1 - win is implied).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
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

/// gnubg's five outputs in their order: win, win gammon, win backgammon, lose gammon, lose
/// backgammon (a network's outputs, a label's, the figures a harness reads).
impl From<[f64; 5]> for Probabilities {
    fn from(outputs: [f64; 5]) -> Probabilities {
        let [win, win_gammon, win_backgammon, lose_gammon, lose_backgammon] = outputs;
        Probabilities {
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
        }
    }
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

    /// The same figures with those of results that cannot happen cleared: gammons and
    /// backgammons beyond `win_reachable` (the largest win still possible for this player)
    /// and `lose_reachable` (for the other). A network evaluates positions it never trained on
    /// (a loser that has borne off a checker, say) and may give them gammons.
    #[must_use]
    pub fn within_reach(self, win_reachable: WinKind, lose_reachable: WinKind) -> Probabilities {
        let limit = |gammon: f64, backgammon: f64, reachable: WinKind| match reachable {
            WinKind::Single => (0.0, 0.0),
            WinKind::Gammon | WinKind::Mother => (gammon, 0.0),
            WinKind::Backgammon => (gammon, backgammon),
        };
        let (win_gammon, win_backgammon) =
            limit(self.win_gammon, self.win_backgammon, win_reachable);
        let (lose_gammon, lose_backgammon) =
            limit(self.lose_gammon, self.lose_backgammon, lose_reachable);
        Probabilities {
            win: self.win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
        }
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
