//! Cubeful money equity by Janowski's model (Rick Janowski, "Take-Points in Money Games",
//! 2000): the equity of a position is `x * live + (1 - x) * dead`, where `dead` is the
//! cubeless equity and `live` the piecewise-linear equity of a perfectly efficient cube
//! between the take point `TP = (L - 1/2) / (W + L + 1/2)` and the cash point
//! `CP = (L + 1) / (W + L + 1/2)`; `W` and `L` are the average values of a win and a loss, and
//! `x` is the cube efficiency. With the Jacoby rule and the cube centred, gammons count single
//! in the dead-cube part and at the ends of the live line; the take and cash points stay those
//! of a turned cube.

use crate::engine::cube::{Stakes, MAX_CUBE, RESULT_POINTS};
use crate::engine::probabilities::Probabilities;
use crate::rules::Side;

/// How the cube stands for the player valued.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ownership {
    Centred,
    Mine,
    Theirs,
    Dead,
}

/// Cubeful money equity of `side`, with `probabilities` seen by him, the cube at `cube` owned
/// by `owner` (`None`: centred), in units of the current cube of `stakes`, cube efficiency
/// `efficiency`.
#[must_use]
pub(crate) fn cubeful_money_equity(
    stakes: &Stakes,
    probabilities: &Probabilities,
    side: Side,
    cube: u32,
    owner: Option<Side>,
    efficiency: f64,
) -> f64 {
    janowski(
        stakes,
        probabilities,
        side,
        cube,
        ownership(side, cube, owner),
        efficiency,
    )
}

/// How the cube at `cube`, owned by `owner`, stands for `side` in money play.
fn ownership(side: Side, cube: u32, owner: Option<Side>) -> Ownership {
    if cube >= MAX_CUBE {
        return Ownership::Dead;
    }
    match owner {
        None => Ownership::Centred,
        Some(owner) if owner == side => Ownership::Mine,
        Some(_) => Ownership::Theirs,
    }
}

/// Janowski cubeful money equity, in units of the current cube of `stakes`, for `side` with
/// `probabilities` seen from `side`, the cube at `cube` owned as `ownership`, cube efficiency
/// `efficiency`. Under the
/// Jacoby rule with the cube centred, gammons count single in the dead-cube part and at the
/// ends of the live line, but the take and cash points are those of a turned cube, where
/// they count (gnubg's figures: at the opening its cubeful equity stays above the cubeless
/// one with the rule on).
fn janowski(
    stakes: &Stakes,
    probabilities: &Probabilities,
    side: Side,
    cube: u32,
    ownership: Ownership,
    efficiency: f64,
) -> f64 {
    let jacoby = stakes.jacoby && ownership == Ownership::Centred;
    let outcomes = probabilities.outcomes();
    let values: Vec<f64> = RESULT_POINTS
        .iter()
        .map(|&points| stakes.unit_value(side, points, cube, stakes.cube_value))
        .collect();
    let dead: f64 = outcomes
        .iter()
        .zip(RESULT_POINTS)
        .map(|(p, points)| {
            let points = if jacoby { points.signum() } else { points };
            p * stakes.unit_value(side, points, cube, stakes.cube_value)
        })
        .sum();
    if ownership == Ownership::Dead {
        return dead;
    }
    let win = probabilities.win;
    let average = |range: std::ops::Range<usize>, total: f64| -> f64 {
        if total <= 1e-9 {
            values[range.start].abs()
        } else {
            range
                .map(|index| outcomes[index] * values[index].abs())
                .sum::<f64>()
                / total
        }
    };
    // Scale so that a single win at `cube` is 1: the model is stated per cube.
    let scale = values[0].abs().max(1e-9);
    let w = average(0..3, win) / scale;
    let l = average(3..6, 1.0 - win) / scale;
    let live = scale * live_equity(win, w, l, ownership, jacoby);
    efficiency * live + (1.0 - efficiency) * dead
}

/// Live-cube equity (perfect cube efficiency) in Janowski's piecewise-linear model.
/// With `jacoby` (the cube centred under the Jacoby rule) the take and cash points are the
/// same (gammons count once the cube is turned), but the game played on without a double ends
/// single: the lines run to -1 and +1, so nobody is too good to double.
fn live_equity(p: f64, w: f64, l: f64, ownership: Ownership, jacoby: bool) -> f64 {
    let denominator = (w + l + 0.5).max(1e-9);
    let take_point = ((l - 0.5) / denominator).clamp(0.0, 1.0);
    let cash_point = ((l + 1.0) / denominator).clamp(take_point, 1.0);
    let lerp = |x0: f64, y0: f64, x1: f64, y1: f64| -> f64 {
        if x1 - x0 <= 1e-12 {
            y1
        } else {
            y0 + (p - x0) * (y1 - y0) / (x1 - x0)
        }
    };
    match ownership {
        Ownership::Centred => {
            let (lowest, highest) = if jacoby { (-1.0, 1.0) } else { (-l, w) };
            if p < take_point {
                lerp(0.0, lowest, take_point, -1.0)
            } else if p < cash_point {
                lerp(take_point, -1.0, cash_point, 1.0)
            } else {
                lerp(cash_point, 1.0, 1.0, highest)
            }
        }
        Ownership::Mine => {
            if p < cash_point {
                lerp(0.0, -l, cash_point, 1.0)
            } else {
                lerp(cash_point, 1.0, 1.0, w)
            }
        }
        Ownership::Theirs => {
            if p < take_point {
                lerp(0.0, -l, take_point, -1.0)
            } else {
                lerp(take_point, -1.0, 1.0, w)
            }
        }
        Ownership::Dead => p * w - (1.0 - p) * l,
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::cube::test_support::{model_of_gnubg_id, money};
    use crate::engine::cube::{cubeful_equity, Stakes};
    use crate::engine::probabilities::Probabilities;
    use crate::rules::Side;

    /// gnubg 1.07.001's 0-ply `eval` in money play (`set output digits 5`), the Jacoby rule as
    /// its Match ID says (`set jacoby` before `new session`), found by
    /// `scripts/cube-model-vs-gnubg.py` (session 31): its probabilities, its no double and,
    /// where the player on roll may double, its double/take. tavli's model on the same
    /// probabilities gives the same figures, to the rounding of the printed probabilities.
    /// With the Jacoby rule and the cube centred, gammons count in the take and cash points
    /// but not in the game played on (`tt1CAAX/PgAAUA`: no double -0.97227 against a cubeless
    /// -1.31493; `ZncNCAH3DgAAAA`, a sure win with 77% gammons: no double +1, double/take
    /// +3.53783).
    #[test]
    fn gnubgs_money_figures_on_its_own_probabilities() {
        type Case = (&'static str, [f64; 5], f64, Option<f64>);
        let cases: [Case; 11] = [
            // The Jacoby rule on, the cube centred: contact, crashed, a race (x 0.6425).
            (
                "bGbhARhjZuQBUA:MAEAAAAAAAAA",
                [0.41614, 0.12807, 0.00397, 0.21585, 0.01180],
                -0.33043,
                Some(-0.92366),
            ),
            (
                "tt1CAAX/PgAAUA:cAkAAAAAAAAA",
                [0.04333, 0.00793, 0.0, 0.38973, 0.01979],
                -0.97227,
                Some(-2.69917),
            ),
            (
                "ZncNCAH3DgAAAA:MAEAAAAAAAAA",
                [1.0, 0.76892, 0.0, 0.0, 0.0],
                1.0,
                Some(3.53783),
            ),
            (
                "e20TAQDdtQMGAA:MAEAAAAAAAAA",
                [0.32116, 0.00005, 0.0, 0.00005, 0.0],
                -0.51087,
                Some(-1.1515),
            ),
            // The rule off, the cube centred: contact, a one-sided bear-off (x 0.6).
            (
                "NjuGA0C7bQAAAA:MAEAAAAAAAAE",
                [0.9625, 0.8334, 0.00308, 0.0, 0.0],
                1.78009,
                Some(3.49743),
            ),
            (
                "d7MAAGB7DQAAAA:MAEAAAAAAAAE",
                [0.43041, 0.0, 0.0, 0.0, 0.0],
                -0.19485,
                Some(-0.62011),
            ),
            // The cube owned by the opponent: at 2; at 2 and at 4 with the rule on (it plays
            // no part once the cube is turned).
            (
                "w66NCASwcwCwYw:EQEAAAAAAAAE",
                [0.41896, 0.07001, 0.00192, 0.35972, 0.01005],
                -0.65746,
                None,
            ),
            (
                "sFvFATDg88gBMA:QgkAAAAAAAAA",
                [0.39264, 0.124, 0.00812, 0.21131, 0.01812],
                -0.51853,
                None,
            ),
            (
                "s90BAwT/PgAAGA:QQkAAAAAAAAA",
                [0.12287, 0.00604, 0.0, 0.31981, 0.0097],
                -1.17548,
                None,
            ),
            // Owned by the player on roll: at 2, the rule on; at 4, too good to redouble.
            (
                "4PPgASjgc/AJIA:UQkAAAAAAAAA",
                [0.55437, 0.13423, 0.00483, 0.10975, 0.00311],
                0.32343,
                Some(-0.03315),
            ),
            (
                "4Dn4AULMTuIFIA:UgkAAAAAAAAE",
                [0.74196, 0.4089, 0.01262, 0.04295, 0.00138],
                1.03949,
                Some(1.54674),
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

    /// At the opening gnubg's cubeful money equity is above its cubeless one, with the Jacoby
    /// rule or without: gnubg 1.07 `eval` of the starting position (0 ply, the cube centred)
    /// gives the probabilities 0.521 0.154 0.008 0.130 0.008, cubeless +0.067, cubeful +0.092
    /// with the rule off and +0.084 with it on. The rule removes gammons from the dead-cube
    /// part only.
    #[test]
    fn opening_cubeful_money_equity_is_gnubgs() {
        let opening = Probabilities {
            win: 0.521,
            win_gammon: 0.154,
            win_backgammon: 0.008,
            lose_gammon: 0.130,
            lose_backgammon: 0.008,
        };
        assert!((opening.money_equity() - 0.067).abs() < 0.001);
        for (jacoby, gnubg) in [(false, 0.092), (true, 0.084)] {
            let context = Stakes { jacoby, ..money() };
            let cubeful = cubeful_equity(&context, &opening, Side::X);
            assert!(
                cubeful > opening.money_equity(),
                "jacoby {jacoby}: {cubeful}"
            );
            assert!(
                (cubeful - gnubg).abs() < 0.003,
                "jacoby {jacoby}: {cubeful}"
            );
        }
    }
}
