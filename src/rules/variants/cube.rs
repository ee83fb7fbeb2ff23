//! The doubling cube as pure rules (standard.md §8-§11): who may double, take, drop, beaver
//! and raccoon, what a drop or an accepted resignation scores, the Crawford game and the dead
//! cube. Variants without a cube (the tavli games, Athroisma) refuse every cube action.

use crate::rules::resignation::Resignation;
use crate::rules::side::Side;
use crate::rules::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The cube of one game: its value, its owner and a pending offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cube {
    /// The stake: 1, 2, 4, ... (an offer does not change it until taken).
    pub value: u32,
    /// The owner; `None` while centred.
    pub owner: Option<Side>,
    /// A double waiting for an answer.
    pub offer: Option<Offer>,
}

/// A double waiting for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Offer {
    /// Who doubled (or beavered, or raccooned).
    pub from: Side,
    /// Instant redoubles so far in this exchange (1 after a beaver, 2 after a raccoon, ...).
    pub redoubles: u32,
    /// The player who beavered, who keeps the cube whatever is taken afterwards (R9.2, R9.3).
    pub beaverer: Option<Side>,
}

/// What the cube rules need to know about the game and the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeContext {
    /// The variant (no cube in the tavli games and Athroisma).
    pub variant: Variant,
    /// The match length, 0 for money play.
    pub match_length: u32,
    /// Points of O (index 0) and X (index 1).
    pub score: [u32; 2],
    /// Whether this game is the Crawford game.
    pub crawford: bool,
    /// The player on roll.
    pub on_roll: Side,
    /// Whether the player on roll has rolled already.
    pub rolled: bool,
    /// Money play: how many instant redoubles (beaver, raccoon, ...) are allowed; 0 = none.
    pub beavers: u32,
}

/// Why a cube action is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeRefusal {
    /// The variant is played without a cube.
    NoCube,
    /// Doubling is forbidden in the Crawford game (R10.2).
    Crawford,
    /// The cube is dead: its value already covers what the doubler needs (R10.6).
    Dead,
    /// Only the player on roll may double, before rolling.
    NotYourTurn,
    /// The opponent owns the cube.
    NotOwner,
    /// A double is already waiting for an answer.
    Pending,
    /// There is no double to answer.
    NothingToAnswer,
    /// Beavers and raccoons are not permitted in match play.
    BeaverInMatch,
    /// Beavers are not enabled (money play allows none).
    BeaversDisabled,
    /// All the beavers (and raccoons) one double allows have been used.
    BeaversUsed,
}

impl fmt::Display for CubeRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CubeRefusal::NoCube => "this variant is played without the doubling cube",
            CubeRefusal::Crawford => "Doubling is forbidden by the Crawford rule",
            CubeRefusal::Dead => "The cube is dead",
            CubeRefusal::NotYourTurn => "You can only double before rolling on your own turn",
            CubeRefusal::NotOwner => "You do not own the cube",
            CubeRefusal::Pending => "A double is already waiting for an answer",
            CubeRefusal::NothingToAnswer => "No double has been offered",
            CubeRefusal::BeaverInMatch => "Beavers and Raccoons are not permitted in match play",
            CubeRefusal::BeaversDisabled => "Beavers are disabled",
            CubeRefusal::BeaversUsed => "No more beavers are permitted",
        })
    }
}

impl std::error::Error for CubeRefusal {}

impl Cube {
    /// A centred cube at 1.
    #[must_use]
    pub fn centred() -> Cube {
        Cube {
            value: 1,
            owner: None,
            offer: None,
        }
    }

    /// Whether the cube has been turned (for the Jacoby rule): a double was taken or
    /// beavered. Automatic doubles leave it centred and unturned.
    #[must_use]
    pub fn turned(&self) -> bool {
        self.owner.is_some()
    }

    /// Whether `doubler` may offer a double now (R8.2, R10.2, R10.6).
    pub fn may_double(&self, context: &CubeContext, doubler: Side) -> Result<(), CubeRefusal> {
        if !context.variant.uses_cube() {
            return Err(CubeRefusal::NoCube);
        }
        if self.offer.is_some() {
            return Err(CubeRefusal::Pending);
        }
        if context.match_length > 0 && context.crawford {
            return Err(CubeRefusal::Crawford);
        }
        if context.on_roll != doubler || context.rolled {
            return Err(CubeRefusal::NotYourTurn);
        }
        if self.owner.is_some_and(|owner| owner != doubler) {
            return Err(CubeRefusal::NotOwner);
        }
        if context.match_length > 0 {
            let needed = context
                .match_length
                .saturating_sub(context.score[doubler.index()]);
            if self.value >= needed {
                return Err(CubeRefusal::Dead);
            }
        }
        Ok(())
    }

    /// `doubler` offers a double (R8.2).
    pub fn double(&self, context: &CubeContext, doubler: Side) -> Result<Cube, CubeRefusal> {
        self.may_double(context, doubler)?;
        Ok(Cube {
            offer: Some(Offer {
                from: doubler,
                redoubles: 0,
                beaverer: None,
            }),
            ..*self
        })
    }

    /// The doubled player takes: the value doubles and the taker owns the cube, or after a
    /// beaver the beaverer keeps it (R8.3, R9.2, R9.3).
    pub fn take(&self) -> Result<Cube, CubeRefusal> {
        let offer = self.offer.ok_or(CubeRefusal::NothingToAnswer)?;
        Ok(Cube {
            value: self.value.saturating_mul(2),
            owner: Some(offer.beaverer.unwrap_or(offer.from.opponent())),
            offer: None,
        })
    }

    /// The doubled player drops: the game ends and the last doubler wins the value before
    /// the double. Returns the winner and the points.
    pub fn drop_double(&self) -> Result<(Side, u32), CubeRefusal> {
        let offer = self.offer.ok_or(CubeRefusal::NothingToAnswer)?;
        Ok((offer.from, self.value))
    }

    /// The doubled player takes and at once redoubles, keeping the cube: a beaver, or after
    /// one a raccoon (money play only, up to `context.beavers` in one exchange). The
    /// refusals come in gnubg's order: match play, beavers disabled, no double, all used.
    pub fn beaver(&self, context: &CubeContext) -> Result<Cube, CubeRefusal> {
        if context.match_length > 0 {
            return Err(CubeRefusal::BeaverInMatch);
        }
        if context.beavers == 0 {
            return Err(CubeRefusal::BeaversDisabled);
        }
        let offer = self.offer.ok_or(CubeRefusal::NothingToAnswer)?;
        if offer.redoubles >= context.beavers {
            return Err(CubeRefusal::BeaversUsed);
        }
        let responder = offer.from.opponent();
        let beaverer = offer.beaverer.unwrap_or(responder);
        Ok(Cube {
            value: self.value.saturating_mul(2),
            owner: Some(beaverer),
            offer: Some(Offer {
                from: responder,
                redoubles: offer.redoubles + 1,
                beaverer: Some(beaverer),
            }),
        })
    }
}

/// The points an accepted resignation of `kind` gives the opponent: kind times the cube.
/// The Jacoby rule does not reduce it (R11.2, decided: as gnubg, which scores a gammon
/// resigned under the rule with the cube never turned as 2 points and only calls it a
/// single game). In variants without a cube the kind is capped at what the variant can
/// score (a tavli game has no triple game).
#[must_use]
pub fn resignation_points(variant: Variant, kind: Resignation, cube: &Cube) -> u32 {
    if !variant.has_backgammon() {
        return kind.points().min(Resignation::Gammon.points());
    }
    kind.points().saturating_mul(cube.value)
}

/// Whether the next game of a match to `match_length` is the Crawford game: a score has
/// just reached `match_length - 1` for the first time (no Crawford game yet), nobody has
/// won, and only one player is 1-away (R10.2-R10.4); both 1-away, as at the start of a
/// 1-point match, is post-Crawford play, as gnubg has it. Games after it are post-Crawford.
#[must_use]
pub fn next_game_is_crawford(match_length: u32, score: [u32; 2], crawford_played: bool) -> bool {
    let one_away = score
        .iter()
        .filter(|&&points| points.checked_add(1) == Some(match_length))
        .count();
    match_length > 0
        && !crawford_played
        && score.iter().all(|&points| points < match_length)
        && one_away == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money() -> CubeContext {
        CubeContext {
            variant: Variant::Standard,
            match_length: 0,
            score: [0, 0],
            crawford: false,
            on_roll: Side::X,
            rolled: false,
            beavers: 3,
        }
    }

    #[test]
    fn tavli_has_no_cube() {
        let context = CubeContext {
            variant: Variant::Plakoto,
            ..money()
        };
        assert_eq!(
            Cube::centred().double(&context, Side::X),
            Err(CubeRefusal::NoCube)
        );
    }

    #[test]
    fn only_the_player_on_roll_doubles_before_rolling() {
        let context = money();
        assert_eq!(
            Cube::centred().double(&context, Side::O),
            Err(CubeRefusal::NotYourTurn)
        );
        let rolled = CubeContext {
            rolled: true,
            ..context
        };
        assert_eq!(
            Cube::centred().double(&rolled, Side::X),
            Err(CubeRefusal::NotYourTurn)
        );
        let owned = Cube {
            value: 2,
            owner: Some(Side::O),
            offer: None,
        };
        assert_eq!(owned.double(&context, Side::X), Err(CubeRefusal::NotOwner));
    }

    #[test]
    fn a_resignation_on_a_huge_cube_saturates() {
        // A match file may turn the cube past any real value (the replay saturates it at
        // u32::MAX); the points saturate as a bear-off win's do.
        let cube = Cube {
            value: u32::MAX,
            owner: Some(Side::X),
            offer: None,
        };
        assert_eq!(
            resignation_points(Variant::Standard, Resignation::Backgammon, &cube),
            u32::MAX
        );
        assert_eq!(
            resignation_points(Variant::Portes, Resignation::Backgammon, &cube),
            2
        );
    }
}
