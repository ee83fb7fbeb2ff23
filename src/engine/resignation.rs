//! Resignations weighed: the receiver's cubeless equity playing on against what accepting
//! gives him, in gnubg's normalised units.

use crate::engine::cube::Stakes;
use crate::engine::probabilities::Probabilities;
use crate::rules::Side;

impl Stakes {
    /// Whether `receiver` should accept a resignation of `points` (1..=3 cube multiples);
    /// `probabilities` are the receiver's, with the board as it stands.
    #[must_use]
    pub fn accept_resignation(
        &self,
        probabilities: &Probabilities,
        receiver: Side,
        points: u32,
    ) -> bool {
        self.resignation_value(probabilities, receiver, points)
            .should_accept()
    }

    /// The receiver's equity playing on and after accepting a resignation of `points`, in
    /// gnubg's normalised units (what `hint` shows for a pending resignation).
    #[must_use]
    pub fn resignation_value(
        &self,
        probabilities: &Probabilities,
        receiver: Side,
        points: u32,
    ) -> ResignationValue {
        // gnubg weighs a resignation by the receiver's cubeless equity, gammons not counted
        // under the Jacoby rule with the cube centred (checked live).
        let jacoby = self.jacoby_in_force(self.cube_owner);
        let playing_on = if jacoby {
            2.0 * probabilities.win - 1.0
        } else {
            self.equity_in_units(receiver, self.cubeless_equity(probabilities, receiver))
        };
        let points = if jacoby { points.min(1) } else { points };
        let offered = self.unit_value(
            receiver,
            i64::from(points),
            self.cube_value,
            self.cube_value,
        );
        ResignationValue {
            playing_on,
            accepted: offered,
        }
    }
}

/// A resignation weighed by the player it is offered to, in gnubg's normalised units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignationValue {
    /// The receiver's cubeless equity playing on (what gnubg weighs).
    pub playing_on: f64,
    /// The receiver's equity after accepting.
    pub accepted: f64,
}

impl ResignationValue {
    /// Whether accepting is at least as good as playing on.
    #[must_use]
    pub fn should_accept(&self) -> bool {
        self.accepted + 1e-9 >= self.playing_on
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::cube::test_support::{money, plain};
    use crate::engine::probabilities::Probabilities;
    use crate::rules::Side;

    #[test]
    fn resignations_compare_equity() {
        let money = money();
        assert!(money.accept_resignation(&plain(0.2), Side::X, 1));
        // Without gammons nothing beats a single game; with many gammons a single is too little.
        assert!(money.accept_resignation(&plain(0.95), Side::X, 1));
        let gammonish = Probabilities {
            win_gammon: 0.6,
            ..plain(0.95)
        };
        assert!(!money.accept_resignation(&gammonish, Side::X, 1));
        assert!(money.accept_resignation(&gammonish, Side::X, 2));
    }
}
