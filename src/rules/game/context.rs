//! What a game needs to know about the match it is part of: length, score, Crawford game,
//! and the money-play rules (Jacoby, beavers).

/// What a game needs to know about the match it is part of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchContext {
    /// The match length; 0 for money play.
    pub length: u32,
    /// Points of O (index 0) and X (index 1) before this game.
    pub score: [u32; 2],
    /// Whether this is the Crawford game (no doubling).
    pub crawford: bool,
    /// Money play: whether the Jacoby rule is in force.
    pub jacoby: bool,
    /// Money play: how many beavers (and raccoons) one double allows.
    pub beavers: u32,
}

impl MatchContext {
    /// Money play with the Jacoby rule and three beavers (gnubg's defaults).
    #[must_use]
    pub fn money() -> MatchContext {
        MatchContext {
            length: 0,
            score: [0, 0],
            crawford: false,
            jacoby: true,
            beavers: 3,
        }
    }

    /// A game of a match to `length` at `score`.
    #[must_use]
    pub fn match_game(length: u32, score: [u32; 2], crawford: bool) -> MatchContext {
        MatchContext {
            length,
            score,
            crawford,
            jacoby: false,
            beavers: 0,
        }
    }

    /// Whether a player is one point from winning the match (never in money play).
    #[must_use]
    pub fn somebody_one_away(&self) -> bool {
        self.score.iter().any(|&points| points + 1 == self.length)
    }

    pub(super) fn money_jacoby(&self) -> bool {
        self.length == 0 && self.jacoby
    }
}
