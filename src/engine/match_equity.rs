//! Match equity: the chance of winning the match from a score, for cube and resignation
//! decisions in match play. Up to 25 points away it is the published Kazaross-XG2 table
//! ([`crate::engine::kazaross_xg2`]); beyond, the table is extended as gnubg 1.07 extends it
//! (its `show matchequitytable 64` with the Kazaross-XG2 table, measured in session 31; the
//! rules below reproduce each of the 4,160 entries it prints within 1.1e-6, about its last
//! printed digit, 1e-6):
//! * before the Crawford game (and in it, for the player 1 away), the chance of the player
//!   needing `a` against one needing `b` is the normal distribution's `Φ((b - a) / (s √(a +
//!   b)))`, a match's outcome spread like a sum of games, `s` points per root point still to
//!   play: 1.77 when both need 11 or more, less when one is closer to the end ([`SPREAD`], by
//!   the smaller of the two aways);
//! * after the Crawford game the trailer doubles at once, so every game is worth 2 and a won
//!   game a gammon (4) a quarter of the time: the trailer needing `n` has
//!   `(3/4 · post(n - 2) + 1/4 · post(n - 4)) / 2`, from the published entries up to 24 away
//!   (gnubg recomputes the table's 25th the same way: 0.11813% where the table has 0.123%).

use crate::engine::kazaross_xg2;

/// The longest match the extended table covers; longer matches are treated as this long.
pub const TABLE_LENGTH: usize = 64;
/// The chance that a post-Crawford game the trailer wins is a gammon, in the extension.
pub const POST_CRAWFORD_GAMMON_RATE: f64 = 0.25;
/// The spread `s` of the extension when the nearer player needs 1 to 10 points (index 0: 1
/// away, the Crawford game); from 11 away on it is [`SPREAD_LONG`]. Fitted to gnubg 1.07's
/// printed table (each to its last digit over every row from 26 to 64 away).
pub const SPREAD: [f64; 10] = [
    1.5282, 1.5404, 1.62694, 1.64056, 1.68714, 1.69190, 1.71589, 1.72559, 1.73536, 1.74518,
];
/// The spread of the extension when both players need 11 points or more.
pub const SPREAD_LONG: f64 = 1.77;
/// Entries of the published post-Crawford row the extension keeps (1 to 24 away).
const POST_CRAWFORD_PUBLISHED: usize = 24;

/// The standard normal distribution function, by Abramowitz and Stegun's 7.1.26
/// approximation of `erf` (absolute error below 1e-7).
fn normal_distribution(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let polynomial = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let tail = 0.5 * polynomial * (-z * z).exp();
    if x >= 0.0 {
        1.0 - tail
    } else {
        tail
    }
}

/// The extension's chance of the player needing `me` against one needing `them` (both at
/// least 1, one of them beyond the published table) before the Crawford game, or in it for
/// the one needing 1.
fn extended_pre_crawford(me: usize, them: usize) -> f64 {
    let nearer = me.min(them);
    let spread = SPREAD.get(nearer - 1).copied().unwrap_or(SPREAD_LONG);
    let (me, them) = (me as f64, them as f64);
    normal_distribution((them - me) / (spread * (me + them).sqrt()))
}

/// The trailer's chance after the Crawford game, needing `need` (at least 1): the published
/// row to 24 away, the extension beyond.
fn post_crawford(need: usize) -> f64 {
    if need <= POST_CRAWFORD_PUBLISHED {
        return kazaross_xg2::POST_CRAWFORD[need - 1];
    }
    let mut row: Vec<f64> = kazaross_xg2::POST_CRAWFORD[..POST_CRAWFORD_PUBLISHED].to_vec();
    let g = POST_CRAWFORD_GAMMON_RATE;
    for next in POST_CRAWFORD_PUBLISHED + 1..=need {
        let value = 0.5 * ((1.0 - g) * row[next - 3] + g * row[next - 5]);
        row.push(value);
    }
    row[need - 1]
}

/// Chance of the player needing `me` points against one needing `them` (both > 0) at the start
/// of a game; `crawford` says whether that game is the Crawford game.
pub(crate) fn table_lookup(me: i64, them: i64, crawford: bool) -> f64 {
    let me = me.clamp(1, TABLE_LENGTH as i64) as usize;
    let them = them.clamp(1, TABLE_LENGTH as i64) as usize;
    match (me, them) {
        (1, 1) => 0.5,
        (1, t) if !crawford => 1.0 - post_crawford(t),
        (m, 1) if !crawford => post_crawford(m),
        (m, t) if m <= kazaross_xg2::LENGTH && t <= kazaross_xg2::LENGTH => {
            kazaross_xg2::PRE_CRAWFORD[m - 1][t - 1]
        }
        (m, t) => extended_pre_crawford(m, t),
    }
}

/// Match-winning chance of the player needing `me` points against one needing `them` before a
/// non-Crawford game (or the Crawford game when one side needs 1 and `crawford`).
#[must_use]
pub fn match_equity(me: u32, them: u32, crawford: bool) -> f64 {
    if me == 0 {
        return 1.0;
    }
    if them == 0 {
        return 0.0;
    }
    table_lookup(i64::from(me), i64::from(them), crawford)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// gnubg 1.07.001's `show matchequitytable 64` (the Kazaross-XG2 table, a 64-point
    /// match), entries beyond 25 away, in percent to its 4 decimals: (player's away,
    /// opponent's away, gnubg's figure). The 1-away column is the Crawford game.
    #[test]
    fn the_extension_beyond_25_points_is_gnubgs() {
        let cases: [(u32, u32, f64); 12] = [
            (26, 1, 0.0821),
            (26, 2, 0.1618),
            (26, 5, 1.2690),
            (26, 10, 6.3254),
            (26, 20, 30.8607),
            (26, 25, 46.8472),
            (26, 30, 61.8670),
            (26, 40, 83.4874),
            (30, 10, 3.4993),
            (40, 20, 7.2317),
            (64, 40, 9.1825),
            (29, 27, 43.9990),
        ];
        for (me, them, percent) in cases {
            let found = 100.0 * match_equity(me, them, true);
            assert!(
                (found - percent).abs() < 1.5e-4,
                "{me}-away {them}-away: {found:.5} against gnubg's {percent}"
            );
            // Seen from the other side.
            let other = 100.0 * match_equity(them, me, true);
            assert!((found + other - 100.0).abs() < 1e-9, "{me} {them}");
        }
    }

    /// gnubg's post-Crawford row beyond the published 24 entries (the trailer's chance, in
    /// percent): 25 away 0.1181, 26 away 0.1061, 27 away 0.0697, 30 away 0.0367.
    #[test]
    fn the_post_crawford_row_beyond_24_is_gnubgs() {
        for (need, percent) in [(25, 0.1181), (26, 0.1061), (27, 0.0697), (30, 0.0367)] {
            let found = 100.0 * match_equity(need, 1, false);
            assert!(
                (found - percent).abs() < 1e-4,
                "{need}-away: {found:.5} against gnubg's {percent}"
            );
        }
        // The published entries stand up to 24 away.
        assert_eq!(match_equity(24, 1, false), kazaross_xg2::POST_CRAWFORD[23]);
    }

    #[test]
    fn the_published_table_is_used_up_to_25_points() {
        assert_eq!(
            match_equity(25, 2, false),
            kazaross_xg2::PRE_CRAWFORD[24][1]
        );
        assert_eq!(match_equity(7, 9, false), kazaross_xg2::PRE_CRAWFORD[6][8]);
        assert_eq!(match_equity(1, 25, true), kazaross_xg2::PRE_CRAWFORD[0][24]);
    }
}
