//! A small, honest stand-in evaluator (pips, blots, points, hits) used to rank hints and to
//! choose the computer player's plays until tavli's real engine lands.

use crate::rules::{legal_plays, Board, Dice, Play, Side, BAR};

/// The name printed where gnubg prints its evaluation kind (`Cubeful 0-ply`), 14 characters.
pub const EVALUATOR_NAME: &str = "Heuristic";

/// The evaluation settings line printed under each hint (gnubg prints its ply and filter).
pub const EVALUATOR_DETAIL: &str = "tavli heuristic: pips, blots, points, hits (not gnubg)";

/// A rough equity in -1..1 for `side` on `board`, with `side` having just moved.
#[must_use]
pub fn equity_after_play(board: &Board, side: Side) -> f64 {
    let opponent = side.opponent();
    let pip_lead = f64::from(board.pips(opponent)) - f64::from(board.pips(side));
    let mine = &board.slots[side.index()];
    let theirs = &board.slots[opponent.index()];
    let mut blots = 0.0;
    let mut made_home = 0.0;
    #[allow(clippy::needless_range_loop)]
    for index in 0..24 {
        if mine[index] == 1 {
            // A blot only matters if an opponent checker is behind it (on a higher point of
            // the opponent's numbering means lower of ours: the opponent moves towards our 24).
            let exposed = (0..index).any(|behind| theirs[23 - behind] > 0) || theirs[BAR] > 0;
            if exposed {
                blots += 1.0;
            }
        }
        if index < 6 && mine[index] >= 2 {
            made_home += 1.0;
        }
    }
    let hits = f64::from(theirs[BAR]);
    let off = f64::from(board.off[side.index()]) - f64::from(board.off[opponent.index()]);
    let score = 0.012 * pip_lead - 0.06 * blots + 0.04 * made_home + 0.1 * hits + 0.02 * off;
    score.tanh()
}

/// Win, win gammon, win backgammon, lose, lose gammon, lose backgammon for an equity (a crude
/// mapping: no gammons are estimated).
#[must_use]
pub fn probabilities(equity: f64) -> [f64; 6] {
    let win = ((1.0 + equity) / 2.0).clamp(0.0, 1.0);
    [win, 0.0, 0.0, 1.0 - win, 0.0, 0.0]
}

/// The legal plays for `mover` with `dice`, best first by [`equity_after_play`] (ties keep
/// gnubg's generation order).
#[must_use]
pub fn ranked_plays(board: &Board, mover: Side, dice: Dice) -> Vec<(Play, f64)> {
    let mut ranked: Vec<(Play, f64)> = legal_plays(board, mover, dice)
        .into_iter()
        .map(|play| {
            let equity = equity_after_play(&play.result, mover);
            (play, equity)
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    ranked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn prefers_making_a_point_with_31() {
        let board = Board::start(Variant::Standard);
        let ranked = ranked_plays(
            &board,
            Side::X,
            Dice::new(3, 1).unwrap_or_else(|_| unreachable!()),
        );
        assert_eq!(ranked.len(), 16);
        let best = &ranked[0].0;
        // 8/5 6/5 makes the 5 point: no blot and a new home point.
        assert_eq!(best.result.slots[Side::X.index()][4], 2);
        assert!(ranked.windows(2).all(|pair| pair[0].1 >= pair[1].1));
    }
}
