//! Cubeful match-winning chances: Janowski's live-cube interpolation done in match-winning
//! chance, with every take and cash point read from the match equity table at the score.
//!
//! Method (the one gnubg's manual describes for match play, section "Live cube equities":
//! `TP(live, n) = TP(dead, n) * (1 - TP(live, 2n))`; written here from that description and
//! checked against gnubg 1.07's 0-ply `eval` on its own probabilities, never from its code):
//! * the dead-cube value is the cubeless match-winning chance: each result's table entry at
//!   cube `c`, weighted by its probability;
//! * the live-cube value is piecewise linear in the winning chance `p` through `(0, L)`, the
//!   opponent's cash point (valued at losing `c`, if the opponent may double), the player's
//!   cash point (valued at winning `c`, if he may double) and `(1, W)`, where `W` and `L` are
//!   the average match-winning chances of his wins and losses at cube `c`;
//! * a doubler's cash point at `c` is one minus the taker's take point at `2c`, and take
//!   points are those of a perfectly live cube (the cube efficiency plays no part in them):
//!   where the taker could not redouble (the Crawford game, a cube worth what he needs, the
//!   largest cube) it is the dead cube's, `(pass - lose) / (win - lose)`, his wins and losses
//!   weighted by their gammon rates; where he could, his wins are cashes of the doubled cube
//!   at his own cash point one level up, so his take point is that cash point times
//!   `(pass - lose) / (cash - lose)`. The levels are followed up to where the cube dies;
//! * the value is `x * live + (1 - x) * dead`, `x` the cube efficiency;
//! * a centred cube that would be dead after either player's double (both need no more than
//!   the doubled cube: 2-away 2-away at a 1-cube) is valued dead when not doubled, as gnubg
//!   does (its no-double equals its cubeless equity there in every position measured); what
//!   the cube is worth there is the double itself, compared separately.
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
}

/// The cash point of `doubler` doubling from `cube` to twice that, with `probabilities` seen by
/// him: the winning chance above which his opponent should pass.
fn cash_point(stakes: &Stakes, probabilities: &Probabilities, doubler: Side, cube: u32) -> f64 {
    1.0 - take_point(
        stakes,
        &probabilities.inverted(),
        doubler.opponent(),
        cube.saturating_mul(2),
    )
}

/// The winning chance `taker` needs to take a double to `cube` (his cube after the take), with
/// `probabilities` seen by him, the cube perfectly live: where the cube is dead for him after
/// the take, the dead cube's take point; where he may redouble, his wins are cashes at his own
/// cash point of the doubled cube.
#[must_use]
pub fn take_point(stakes: &Stakes, probabilities: &Probabilities, taker: Side, cube: u32) -> f64 {
    let pass = stakes.match_winning_chance(taker, -i64::from(cube / 2));
    let (win, lose) = averages(stakes, probabilities, taker, cube);
    let point = if may_turn(stakes, taker, cube) {
        let cash = stakes.match_winning_chance(taker, i64::from(cube));
        if cash - lose <= 1e-12 {
            0.0
        } else {
            cash_point(stakes, probabilities, taker, cube) * (pass - lose) / (cash - lose)
        }
    } else if win - lose <= 1e-12 {
        0.0
    } else {
        (pass - lose) / (win - lose)
    };
    point.clamp(0.0, 1.0)
}

/// The winning chance above which `doubler`, with `probabilities` seen by him, gains by
/// doubling the cube of `stakes` if it is never turned again: risk over risk plus gain in
/// match-winning chances (what the double loses when he loses, what it gains when he wins,
/// singles, gammons and backgammons in the proportions of `probabilities`). NaN where doubling
/// changes nothing.
#[must_use]
pub fn dead_cube_double_point(
    stakes: &Stakes,
    probabilities: &Probabilities,
    doubler: Side,
) -> f64 {
    let cube = stakes.cube_value;
    let (win, lose) = averages(stakes, probabilities, doubler, cube);
    let (win_doubled, lose_doubled) =
        averages(stakes, probabilities, doubler, cube.saturating_mul(2));
    let risk = lose - lose_doubled;
    let gain = win_doubled - win;
    risk / (risk + gain)
}

/// The live-cube line of `player` at `cube` (match-winning chance against his winning chance):
/// through his opponent's cash point if `opponent_may_double`, his own if `player_may_double`.
fn live_line(
    stakes: &Stakes,
    probabilities: &Probabilities,
    player: Side,
    cube: u32,
    player_may_double: bool,
    opponent_may_double: bool,
) -> Polyline {
    let (win, lose) = averages(stakes, probabilities, player, cube);
    let mut points = vec![(0.0, lose)];
    let mut floor = 0.0;
    if opponent_may_double {
        let opponent_cash =
            1.0 - cash_point(stakes, &probabilities.inverted(), player.opponent(), cube);
        let cashed = stakes.match_winning_chance(player, -i64::from(cube));
        points.push((opponent_cash, cashed));
        floor = opponent_cash;
    }
    if player_may_double {
        let cash = cash_point(stakes, probabilities, player, cube).max(floor);
        points.push((cash, stakes.match_winning_chance(player, i64::from(cube))));
    }
    points.push((1.0, win));
    Polyline(points)
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
    let doubled = cube.saturating_mul(2);
    if owner.is_none()
        && mine
        && theirs
        && !may_turn(stakes, side, doubled)
        && !may_turn(stakes, side.opponent(), doubled)
    {
        return dead;
    }
    let live = live_line(stakes, probabilities, side, cube, mine, theirs).value(p);
    efficiency * live + (1.0 - efficiency) * dead
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cube::test_support::{model_of_gnubg_id, plain};
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
        let point = take_point(&stakes, &plain(0.5), Side::O, 2);
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

    /// gnubg 1.07.001's 0-ply `eval` of its Position ID `4HPwATDgc/ABMA` (the opening after
    /// 3-1 played 8/5 6/5, the opponent on roll), `set output mwc on`, `set output digits 5`:
    /// its probabilities 0.52148 0.15391 0.00756 - 0.12987 0.00755 and, at each score of a
    /// 7-point match (points of the player on roll, of his opponent), its cubeful
    /// match-winning chances of no double and double/take, which tavli's model gives from
    /// the same probabilities (measured in session 20 with `benches/gnubg_match_cube.rs`).
    #[test]
    fn gnubgs_cubeful_match_winning_chances_on_its_own_probabilities() {
        let probabilities = Probabilities {
            win: 0.52148,
            win_gammon: 0.15391,
            win_backgammon: 0.00756,
            lose_gammon: 0.12987,
            lose_backgammon: 0.00755,
        };
        // (roller's points, opponent's, cube, owner (true: the roller), no double,
        // double/take where the roller may double)
        type Case = (u32, u32, u32, Option<bool>, f64, Option<f64>);
        let cases: [Case; 8] = [
            (0, 0, 1, None, 0.505801, Some(0.487840)),
            // 2-away 2-away: no double is the cubeless 0.515378.
            (5, 5, 1, None, 0.515378, Some(0.521483)),
            (4, 5, 1, None, 0.406900, Some(0.402889)),
            (5, 3, 1, None, 0.689739, Some(0.577267)),
            (2, 4, 1, None, 0.357590, Some(0.344703)),
            (3, 3, 2, Some(true), 0.555614, Some(0.521483)),
            (3, 3, 2, Some(false), 0.474315, None),
            // Post-Crawford, the trailer (2 away) on roll.
            (5, 6, 1, None, 0.452374, Some(0.521483)),
        ];
        for (mine, theirs, cube, owner, no_double, double_take) in cases {
            let stakes = Stakes {
                cube_value: cube,
                cube_owner: owner.map(|roller| if roller { Side::X } else { Side::O }),
                ..at(7, [theirs, mine], false)
            };
            let value = |cube: u32, owner: Option<Side>| {
                cubeful_match_winning_chance(&stakes, &probabilities, Side::X, cube, owner, 0.68)
            };
            let found = value(cube, stakes.cube_owner);
            assert!(
                (found - no_double).abs() < 2e-5,
                "{mine}-{theirs} cube {cube}: {found} against gnubg's {no_double}"
            );
            if let Some(double_take) = double_take {
                let found = value(cube * 2, Some(Side::O));
                assert!(
                    (found - double_take).abs() < 2e-5,
                    "{mine}-{theirs} cube {cube} doubled: {found} against gnubg's {double_take}"
                );
            }
        }
    }

    /// gnubg 1.07.001's 0-ply `eval` (`set output digits 5`, equities in EMG) at scores of
    /// 3- to 11-point matches, found by `scripts/cube-model-vs-gnubg.py` (session 31; 2,409
    /// random cases at every kind of score agreed to 1e-4 EMG): its probabilities, its no
    /// double and, where the player on roll may double, its double/take. tavli's model on the
    /// same probabilities gives the same figures.
    #[test]
    fn gnubgs_figures_at_other_match_lengths_and_cubes() {
        type Case = (&'static str, [f64; 5], f64, Option<f64>);
        let cases: [Case; 10] = [
            // 3-point match at 0-0 and at 1-0 (2-away 3-away, the leader on roll).
            (
                "4HPkASjgc/ABMA:cAlgAAAAAAAE",
                [0.50139, 0.14141, 0.00664, 0.137, 0.00768],
                0.00908,
                Some(-0.39556),
            ),
            (
                "mHdjggDQc/CAAw:cAlgABAAAAAE",
                [0.38565, 0.07465, 0.00263, 0.11116, 0.00208],
                -0.35307,
                Some(-0.71233),
            ),
            // 11-point match: 2-away 5-away; 2-away 2-away in a race (x 0.6325).
            (
                "4HPwATDgc/ABMA:MAFgAWAASAAE",
                [0.52151, 0.15392, 0.00756, 0.12985, 0.00755],
                0.20565,
                Some(0.10604),
            ),
            (
                "214DAMC27YEAAA:MAFgAZAASAAE",
                [0.10508, 0.0, 0.0, 0.0, 0.0],
                -0.78984,
                Some(-2.22667),
            ),
            // Post-Crawford at 11 points: the trailer (2 away) on roll; the leader on roll in
            // a crashed position.
            (
                "3m4DwAA2+4DBAA:MAFgAZAAUAAE",
                [0.42756, 0.05718, 0.0, 0.08678, 0.00027],
                0.4732,
                Some(0.71024),
            ),
            (
                "tt0FAAX/PgAAUA:cAlgAYAAUAAE",
                [0.0397, 0.00599, 0.0, 0.39993, 0.02408],
                -1.03926,
                None,
            ),
            // The cube at 4 owned by the player on roll: 9-point 3-7, 11-point 9-4, 8-point
            // 1-2.
            (
                "O+dlAACbbQBgRg:AgEgATAAOAAE",
                [0.33125, 0.04897, 0.00064, 0.31808, 0.00507],
                0.14433,
                Some(0.32498),
            ),
            (
                "znPwAgDYtgiYQQ:UglgAZAAIAAE",
                [0.43259, 0.0744, 0.0009, 0.21275, 0.00527],
                0.72684,
                Some(1.16007),
            ),
            (
                "2W1bAAC0bYMAHA:AgEAARAAEAAE",
                [0.19131, 0.00893, 0.0, 0.18968, 0.00618],
                -0.60982,
                Some(-0.87872),
            ),
            // The cube at 2 owned by the player on roll, 11-point 5-8, a lost race.
            (
                "KwAAILvvAEAAAA:AQFgAVAAQAAE",
                [0.0, 0.0, 0.0, 0.68869, 0.0],
                -1.49149,
                Some(-1.71366),
            ),
        ];
        for (id, probabilities, no_double, double_take) in cases {
            let (found, found_take) = model_of_gnubg_id(id, probabilities);
            assert!(
                (found - no_double).abs() < 2e-4,
                "{id}: no double {found} against gnubg's {no_double}"
            );
            match (found_take, double_take) {
                (Some(found), Some(expected)) => assert!(
                    (found - expected).abs() < 2e-4,
                    "{id}: double/take {found} against gnubg's {expected}"
                ),
                (None, None) => {}
                (found, expected) => panic!("{id}: double/take {found:?}, gnubg {expected:?}"),
            }
        }
    }

    /// At 2-away 2-away the centred cube is valued dead when not doubled (gnubg: its no
    /// double equals its cubeless equity in every position measured), so the favourite's
    /// double is compared with the cubeless value: any advantage worth more than the
    /// cubeless equity doubles.
    #[test]
    fn at_two_away_two_away_not_doubling_is_the_cubeless_value() {
        let stakes = at(7, [5, 5], false);
        for win in [0.3, 0.5, 0.55, 0.7] {
            let probabilities = Probabilities {
                win_gammon: 0.15,
                lose_gammon: 0.1,
                ..plain(win)
            };
            let value =
                cubeful_match_winning_chance(&stakes, &probabilities, Side::X, 1, None, 0.68);
            let cubeless = stakes.cubeless_equity(&probabilities, Side::X);
            assert!(
                (value - cubeless).abs() < 1e-12,
                "{win}: {value} {cubeless}"
            );
        }
    }
}
