//! Take points of the cube model against published reference values: money take
//! points by Janowski's formulas, and match take points where the cube is dead after the take,
//! from the Kazaross-XG2 match equity table by the risk-and-gain method.
//!
//! Sources:
//! * Rick Janowski, "Take-Points in Money Games" (1993, revised 2000): a dead cube's take point
//!   is `(L - 1/2) / (W + L)`, 25% without gammons; a cube of efficiency `x` has
//!   `(L - 1/2) / (W + L + x/2)` (21.4% at `x` = 0.68 without gammons), `W` and `L` the taker's
//!   average win and loss.
//! * Neil Kazaross, the Kazaross-XG2 match equity table (2011, [`crate::engine::kazaross_xg2`]),
//!   with the risk-and-gain take point of a dead cube, `(pass - lose) / (win - lose)` in
//!   match-winning chances (as in Kit Woolsey, "How to Play Tournament Backgammon", 1993).

use crate::engine::cube::{Stakes, TakeAction, MAX_CUBE};
use crate::engine::cube_efficiency::{CubeEfficiency, CONTACT};
use crate::engine::kazaross_xg2::{POST_CRAWFORD, PRE_CRAWFORD};
use crate::engine::probabilities::Probabilities;
use crate::rules::{Side, Variant};

fn stakes(length: u32, score: [u32; 2], cube_value: u32) -> Stakes {
    Stakes {
        variant: Variant::Standard,
        match_length: length,
        score,
        cube_value,
        cube_owner: None,
        crawford: false,
        jacoby: false,
        beavers: false,
        efficiency: CubeEfficiency::Contact,
    }
}

/// X's probabilities when O, the taker, wins `taker_wins` of the games, `taker_gammons` of his
/// wins and `doubler_gammons` of X's being gammons.
fn doubler(taker_wins: f64, taker_gammons: f64, doubler_gammons: f64) -> Probabilities {
    let win = 1.0 - taker_wins;
    Probabilities {
        win,
        win_gammon: win * doubler_gammons,
        win_backgammon: 0.0,
        lose_gammon: taker_wins * taker_gammons,
        lose_backgammon: 0.0,
    }
}

/// The least winning chance with which O takes X's double in `stakes`, the gammon shares fixed
/// (bisection to 1e-9).
fn take_point(stakes: &Stakes, taker_gammons: f64, doubler_gammons: f64) -> f64 {
    let (mut low, mut high) = (0.0, 1.0);
    for _ in 0..40 {
        let middle = (low + high) / 2.0;
        let probabilities = doubler(middle, taker_gammons, doubler_gammons);
        if stakes.take_action(&probabilities, Side::X) == TakeAction::Drop {
            low = middle;
        } else {
            high = middle;
        }
    }
    high
}

/// Janowski's take point for the taker's average win `w` and loss `l`, cube efficiency `x`.
fn janowski(w: f64, l: f64, x: f64) -> f64 {
    (l - 0.5) / (w + l + x / 2.0)
}

#[test]
fn money_dead_cube_take_points_are_janowskis() {
    // The double to the largest cube leaves it dead.
    let dead = stakes(0, [0, 0], MAX_CUBE / 2);
    assert!((take_point(&dead, 0.0, 0.0) - 0.25).abs() < 1e-6);
    // Gammons: the taker's W = 1.2, L = 1.3.
    let expected = janowski(1.2, 1.3, 0.0);
    assert!((take_point(&dead, 0.2, 0.3) - expected).abs() < 1e-6);
}

#[test]
fn money_live_cube_take_points_are_janowskis() {
    let live = stakes(0, [0, 0], 1);
    let plain = take_point(&live, 0.0, 0.0);
    assert!((plain - janowski(1.0, 1.0, CONTACT)).abs() < 1e-6);
    assert!((plain - 0.2137).abs() < 1e-4, "{plain}");
    let gammons = take_point(&live, 0.2, 0.3);
    assert!((gammons - janowski(1.2, 1.3, CONTACT)).abs() < 1e-6);
    // The Jacoby rule changes nothing once the cube is turned.
    let jacoby = Stakes {
        jacoby: true,
        ..live
    };
    assert!((take_point(&jacoby, 0.2, 0.3) - gammons).abs() < 1e-6);
}

/// Match-winning chance, from the table, of a player needing `me` against one needing `them`
/// at the start of a game (`crawford`: that game is the Crawford game).
fn table(me: usize, them: usize, crawford: bool) -> f64 {
    match (me, them) {
        (0, _) => 1.0,
        (_, 0) => 0.0,
        (1, t) if !crawford && t > 1 => 1.0 - POST_CRAWFORD[t - 1],
        (m, 1) if !crawford && m > 1 => POST_CRAWFORD[m - 1],
        (m, t) => PRE_CRAWFORD[m - 1][t - 1],
    }
}

/// O, 2 away, doubled by X from 2 to 6 away (cube 1): after the take O owns a cube worth what
/// he needs, dead; his take point is the table's risk over risk and gain.
#[test]
fn two_away_take_points_are_the_kazaross_xg2_tables() {
    for doubler_needs in 2..=6usize {
        let length = 7;
        let score = [5, (length - doubler_needs) as u32];
        let pass = table(2, doubler_needs - 1, doubler_needs == 2);
        for doubler_gammons in [0.0, 0.25] {
            // Losing at the 2-cube: X needs two points less (four with a gammon).
            let lose_by = |points: usize| {
                let left = doubler_needs.saturating_sub(points);
                table(2, left, left == 1)
            };
            let lose = (1.0 - doubler_gammons) * lose_by(2) + doubler_gammons * lose_by(4);
            let expected = (pass - lose) / (1.0 - lose);
            let found = take_point(&stakes(length as u32, score, 1), 0.0, doubler_gammons);
            assert!(
                (found - expected).abs() < 1e-6,
                "doubler {doubler_needs} away, gammons {doubler_gammons}: {found} {expected}"
            );
        }
    }
    // Published landmarks: 2-away/2-away 32.3%, 2-away doubled by 4-away 19.9%.
    let at = |doubler_needs: u32| take_point(&stakes(7, [5, 7 - doubler_needs], 1), 0.0, 0.0);
    assert!((at(2) - 0.32264).abs() < 1e-5);
    assert!((at(4) - 0.19894).abs() < 1e-5);
}

/// After the Crawford game the leader (1 away) owns any cube he takes, dead; the trailer's
/// double is a free drop at 2 away (take point 50%) and the table's risk and gain beyond.
#[test]
fn post_crawford_take_points_are_the_kazaross_xg2_tables() {
    for trailer_needs in 2..=6usize {
        let length = 7;
        let score = [6, (length - trailer_needs) as u32];
        // Passing leaves the trailer one point nearer; taking and losing, two.
        let pass = 1.0 - table(trailer_needs - 1, 1, false);
        let lose = 1.0 - table(trailer_needs.saturating_sub(2), 1, false);
        let expected = ((pass - lose) / (1.0 - lose)).max(0.0);
        let found = take_point(&stakes(length as u32, score, 1), 0.0, 0.0);
        assert!(
            (found - expected).abs() < 1e-6,
            "trailer {trailer_needs} away: {found} {expected}"
        );
    }
    let free_drop = take_point(&stakes(7, [6, 5], 1), 0.0, 0.0);
    assert!((free_drop - 0.5).abs() < 1e-6);
}
