//! Match equity: the chance of winning the match from a score, for cube and resignation
//! decisions in match play. Up to 25 points away it is the published Kazaross-XG2 table
//! ([`crate::engine::kazaross_xg2`]); beyond, a computed table: a game is won by either side
//! with chance 1/2 and a won game is a gammon with chance [`TABLE_GAMMON_RATE`] (no cube
//! before the Crawford game; after it the trailer doubles at once, so every game is worth 2).

use crate::engine::kazaross_xg2;
use std::sync::OnceLock;

/// The chance that a won game is a gammon in the computed match equity table.
pub const TABLE_GAMMON_RATE: f64 = 0.20;
/// The longest match the computed table covers; longer matches are treated as this long.
pub const TABLE_LENGTH: usize = 64;

struct Table {
    /// `pre[a][b]`: chance of the player needing `a` against one needing `b`, before the
    /// Crawford game (both need at least 2).
    pre: Vec<Vec<f64>>,
    /// `post[n]`: chance of the trailer needing `n` after the Crawford game (leader needs 1).
    post: Vec<f64>,
    /// `crawford[n]`: chance of the leader (needs 1) in the Crawford game, trailer needs `n`.
    crawford: Vec<f64>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

fn build_table() -> Table {
    let n = TABLE_LENGTH + 1;
    let g = TABLE_GAMMON_RATE;
    let mut post = vec![1.0; n];
    for need in 1..n {
        post[need] = if need == 1 {
            0.5
        } else {
            let after = |k: usize| if k >= need { 1.0 } else { post[need - k] };
            0.5 * ((1.0 - g) * after(2) + g * after(4))
        };
    }
    let post_at = |need: i64| -> f64 {
        if need <= 0 {
            1.0
        } else {
            post[(need as usize).min(TABLE_LENGTH)]
        }
    };
    let crawford: Vec<f64> = (0..n)
        .map(|need| {
            let trailer = need as i64;
            if trailer == 0 {
                return 1.0;
            }
            0.5 + 0.5
                * ((1.0 - g) * (1.0 - post_at(trailer - 1)) + g * (1.0 - post_at(trailer - 2)))
        })
        .collect();
    let mut pre = vec![vec![0.5; n]; n];
    for a in 2..n {
        for b in 2..n {
            let next = |me: i64, them: i64, pre: &Vec<Vec<f64>>| -> f64 {
                if me <= 0 {
                    1.0
                } else if them <= 0 {
                    0.0
                } else if me == 1 {
                    crawford[them as usize]
                } else if them == 1 {
                    1.0 - crawford[me as usize]
                } else {
                    pre[me as usize][them as usize]
                }
            };
            let (ai, bi) = (a as i64, b as i64);
            let value = 0.5 * ((1.0 - g) * next(ai - 1, bi, &pre) + g * next(ai - 2, bi, &pre))
                + 0.5 * ((1.0 - g) * next(ai, bi - 1, &pre) + g * next(ai, bi - 2, &pre));
            pre[a][b] = value;
        }
    }
    Table {
        pre,
        post,
        crawford,
    }
}

/// Chance of the player needing `me` points against one needing `them` (both > 0) at the start
/// of a game; `crawford` says whether that game is the Crawford game.
pub(crate) fn table_lookup(me: i64, them: i64, crawford: bool) -> f64 {
    if me >= 1
        && them >= 1
        && me as usize <= kazaross_xg2::LENGTH
        && them as usize <= kazaross_xg2::LENGTH
    {
        let (a, b) = (me as usize - 1, them as usize - 1);
        return match (me, them) {
            (1, 1) => 0.5,
            (1, _) if !crawford => 1.0 - kazaross_xg2::POST_CRAWFORD[b],
            (_, 1) if !crawford => kazaross_xg2::POST_CRAWFORD[a],
            _ => kazaross_xg2::PRE_CRAWFORD[a][b],
        };
    }
    let table = table();
    let me = (me as usize).min(TABLE_LENGTH);
    let them = (them as usize).min(TABLE_LENGTH);
    match (me, them) {
        (1, 1) => 0.5,
        (1, t) if crawford => table.crawford[t],
        (1, t) => 1.0 - table.post[t],
        (m, 1) if crawford => 1.0 - table.crawford[m],
        (m, 1) => table.post[m],
        (m, t) => table.pre[m][t],
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
