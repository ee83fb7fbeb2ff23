//! Cubeful match-winning chances: Janowski's live-cube interpolation done in match-winning
//! chance, with every take and cash point read from the match equity table at the score.
//!
//! Method (the one gnubg describes for its match-play cubeful evaluation; written here from
//! the method, not from its code): for a player with winning chance `p` and the cube at `c`,
//! * the dead-cube value is the cubeless match-winning chance: each result's table entry at
//!   cube `c`, weighted by its probability;
//! * the live-cube value is piecewise linear in `p` through `(0, L)`, the player's take point
//!   against a double to `2c` (valued at losing `c`, if the opponent may double), his cash
//!   point (valued at winning `c`, if he may double) and `(1, W)`, where `W` and `L` are the
//!   average match-winning chances of his wins and losses at cube `c`;
//! * a take point at cube `v` is where the taker's value after taking (the same construction
//!   at cube `v`, his cube, alive if he may still redouble it) equals passing; a cash point is
//!   one minus the opponent's take point. The cube levels above are thus followed up to where
//!   the cube is dead (its owner needs no more than it is worth, the Crawford game, the largest
//!   cube), so the take points are the match equity table's there;
//! * the value is `x * live + (1 - x) * dead`, `x` the cube efficiency.
//!
//! The gammon rates of the position at hand serve at every cube level.

use crate::engine::cube::{Stakes, MAX_CUBE, RESULT_POINTS};
use crate::engine::probabilities::Probabilities;
use crate::rules::Side;

/// Whether `player` may double the cube at `cube` when it is his to turn: not in the Crawford
/// game, not beyond the largest cube, and only while it is worth less than he needs.
fn may_turn(stakes: &Stakes, player: Side, cube: u32) -> bool {
    !stakes.crawford && cube < MAX_CUBE && i64::from(cube) < stakes.needs(player)
}

/// The average match-winning chances of `player`'s wins and of his losses at `cube`, with
/// `probabilities` seen by him (a result that cannot happen is valued as a single game).
fn averages(stakes: &Stakes, probabilities: &Probabilities, player: Side, cube: u32) -> (f64, f64) {
    let outcomes = probabilities.outcomes();
    let cube = i64::from(cube);
    let average = |range: std::ops::Range<usize>, single: i64| -> f64 {
        let total: f64 = outcomes[range.clone()].iter().sum();
        if total <= 1e-12 {
            return stakes.match_winning_chance(player, single * cube);
        }
        range
            .map(|index| {
                outcomes[index] * stakes.match_winning_chance(player, RESULT_POINTS[index] * cube)
            })
            .sum::<f64>()
            / total
    };
    (average(0..3, 1), average(3..6, -1))
}

/// A piecewise-linear function of a winning chance, through `points` (increasing chances from
/// 0 to 1).
struct Polyline(Vec<(f64, f64)>);

impl Polyline {
    fn value(&self, p: f64) -> f64 {
        let points = &self.0;
        for pair in points.windows(2) {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            if p <= x1 {
                if x1 - x0 <= 1e-12 {
                    return y1;
                }
                return y0 + (p.max(x0) - x0) * (y1 - y0) / (x1 - x0);
            }
        }
        points.last().map_or(0.0, |&(_, y)| y)
    }

    /// The smallest chance at which the function reaches `target` (it rises with the chance):
    /// 0 when it is already there at 0, 1 when it never gets there.
    fn reaches(&self, target: f64) -> f64 {
        let points = &self.0;
        if points.first().is_some_and(|&(_, y)| y >= target) {
            return 0.0;
        }
        for pair in points.windows(2) {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            if y1 >= target {
                if y1 - y0 <= 1e-15 {
                    return x1;
                }
                return x0 + (target - y0) * (x1 - x0) / (y1 - y0);
            }
        }
        1.0
    }
}

/// The live-cube line of `player` at `cube` (match-winning chance against his winning chance):
/// through his take point if `opponent_may_double`, his cash point if `player_may_double`.
fn live_line(
    stakes: &Stakes,
    probabilities: &Probabilities,
    player: Side,
    cube: u32,
    player_may_double: bool,
    opponent_may_double: bool,
    efficiency: f64,
) -> Polyline {
    let (win, lose) = averages(stakes, probabilities, player, cube);
    let mut points = vec![(0.0, lose)];
    let mut floor = 0.0;
    if opponent_may_double {
        let take = take_point(stakes, probabilities, player, cube * 2, efficiency);
        let cash = stakes.match_winning_chance(player, -i64::from(cube));
        points.push((take, cash));
        floor = take;
    }
    if player_may_double {
        let opponent_take = take_point(
            stakes,
            &probabilities.inverted(),
            player.opponent(),
            cube * 2,
            efficiency,
        );
        let cash_point = (1.0 - opponent_take).max(floor);
        points.push((
            cash_point,
            stakes.match_winning_chance(player, i64::from(cube)),
        ));
    }
    points.push((1.0, win));
    Polyline(points)
}

/// The winning chance `taker` needs to take a double to `cube` (his cube after the take), with
/// `probabilities` seen by him: where his value after taking reaches his value passing.
#[must_use]
pub fn take_point(
    stakes: &Stakes,
    probabilities: &Probabilities,
    taker: Side,
    cube: u32,
    efficiency: f64,
) -> f64 {
    let pass = stakes.match_winning_chance(taker, -i64::from(cube / 2));
    let (win, lose) = averages(stakes, probabilities, taker, cube);
    let alive = may_turn(stakes, taker, cube);
    let live = if alive {
        live_line(stakes, probabilities, taker, cube, true, false, efficiency)
    } else {
        Polyline(vec![(0.0, lose), (1.0, win)])
    };
    // Dead is linear, so the mixture has the live line's corners.
    let mixed = Polyline(
        live.0
            .iter()
            .map(|&(p, value)| {
                let dead = lose + p * (win - lose);
                (p, efficiency * value + (1.0 - efficiency) * dead)
            })
            .collect(),
    );
    mixed.reaches(pass)
}

/// The cubeful match-winning chance of `side`, with `probabilities` seen by him, the cube at
/// `cube` owned by `owner` (`None`: centred), cube efficiency `efficiency`.
#[must_use]
pub fn cubeful_match_winning_chance(
    stakes: &Stakes,
    probabilities: &Probabilities,
    side: Side,
    cube: u32,
    owner: Option<Side>,
    efficiency: f64,
) -> f64 {
    let (win, lose) = averages(stakes, probabilities, side, cube);
    let p = probabilities.win;
    let dead = p * win + (1.0 - p) * lose;
    let may =
        |player: Side| owner.is_none_or(|owner| owner == player) && may_turn(stakes, player, cube);
    let (mine, theirs) = (may(side), may(side.opponent()));
    if !mine && !theirs {
        return dead;
    }
    let live = live_line(stakes, probabilities, side, cube, mine, theirs, efficiency).value(p);
    efficiency * live + (1.0 - efficiency) * dead
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cube::test_support::plain;
    use crate::engine::match_equity::match_equity;
    use crate::rules::Variant;

    fn at(length: u32, score: [u32; 2], crawford: bool) -> Stakes {
        Stakes {
            variant: Variant::Standard,
            match_length: length,
            score,
            cube_value: 1,
            cube_owner: None,
            crawford,
            jacoby: false,
            beavers: false,
            efficiency: crate::engine::cube_efficiency::CubeEfficiency::Contact,
        }
    }

    #[test]
    fn a_dead_cube_take_point_is_the_tables() {
        // 3-point match at 1-1 (both 2 away): after the take the cube (2) is dead for the
        // taker, whose take point is ME(2-away vs 1-away, Crawford) = 0.32264.
        let stakes = at(3, [1, 1], false);
        let point = take_point(&stakes, &plain(0.5), Side::O, 2, 0.68);
        assert!(
            (point - (1.0 - match_equity(1, 2, true))).abs() < 1e-9,
            "{point}"
        );
    }

    #[test]
    fn no_cube_can_turn_in_the_crawford_game() {
        // 5-point match, O (index 0) 4, X 2, Crawford: X winning leaves him 2 away against 1
        // away after the Crawford game; the value is the cubeless one.
        let stakes = at(5, [4, 2], true);
        let value = cubeful_match_winning_chance(&stakes, &plain(0.6), Side::X, 1, None, 0.68);
        let expected = 0.6 * (1.0 - match_equity(1, 2, false));
        assert!((value - expected).abs() < 1e-12, "{value} {expected}");
    }

    #[test]
    fn a_live_cube_is_worth_more_than_a_dead_one_to_its_owner() {
        // 7-point match, 0-0: the owner of a 2-cube gains from the right to redouble.
        let stakes = at(7, [0, 0], false);
        let p = plain(0.6);
        let owned = cubeful_match_winning_chance(&stakes, &p, Side::X, 2, Some(Side::X), 0.68);
        let theirs = cubeful_match_winning_chance(&stakes, &p, Side::X, 2, Some(Side::O), 0.68);
        let (win, lose) = averages(&stakes, &p, Side::X, 2);
        let dead = 0.6 * win + 0.4 * lose;
        assert!(owned > dead && dead > theirs, "{owned} {dead} {theirs}");
    }
}
