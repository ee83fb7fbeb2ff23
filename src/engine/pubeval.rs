//! The baseline evaluator: Tesauro's pubeval for move choice, a pip-count race model and an
//! exact last-roll rule for probabilities.
//!
//! pubeval (Gerald Tesauro, IBM, published as a public benchmark) scores the position after a
//! move with a linear function of 122 inputs: for each of the mover's points 24..1 five inputs
//! (an opponent blot; exactly one own checker; two or more; exactly three; `(n - 3) / 2` for
//! four or more), then the opponent's checkers on the bar divided by 2 and the mover's
//! borne-off checkers divided by 15. Separate weights are used when the position before the
//! move is a pure race. The weights below are Tesauro's published values (public domain data).
//!
//! pubeval ranks moves but does not give probabilities, so [`Pubeval::probabilities`] uses:
//! * a race model on effective pip counts: the number of rolls a side needs is about
//!   `pips / 8.17` with variance `pips * 0.0338`; the player on roll is half a roll ahead;
//! * in contact positions a blend of that race estimate, the pubeval score difference of the
//!   two sides and a small on-roll bonus, with weights fitted to gnubg 0-ply evaluations;
//! * gammon and backgammon chances from how far the trailing side is from bearing off one
//!   checker (race) or from its pip deficit (contact);
//! * exact figures when the player on roll bears off all its checkers with every roll, or when
//!   the opponent surely finishes next turn (then the win chance is the exact share of rolls
//!   that bear off everything now);
//! * the one-sided bear-off database of [`crate::engine::bearoff`] when both sides have borne
//!   off at least one checker and have at most ten left, all in their home boards (the database
//!   covers fifteen; the race model's figures were fitted and measured with ten).

use crate::engine::bearoff::{self, BearoffDatabase, HomeCounts};
use crate::engine::cube::Stakes;
use crate::engine::evaluator::{Evaluator, Probabilities};
use crate::rules::{legal_plays, Board, Dice, Side, Variant, BAR};

/// Mean pips of a roll (doubles count four times).
const MEAN_ROLL: f64 = 8.1667;
/// Variance of the number of rolls needed, per pip.
const ROLLS_VARIANCE_PER_PIP: f64 = 0.0338;
/// Pips of bear-off wastage counted for each checker on the board in a race (an effective
/// pip count): bearing a checker off is worth more than moving the same pips inside.
const RACE_WASTAGE_PER_CHECKER: f64 = 2.0;
/// Contact positions: weight of the race z-score, standard deviations per point of pubeval
/// score difference, and the value of being on roll. Fitted (least squares on the probit of
/// the win chance) to gnubg 0-ply evaluations of the contact positions in the recorded
/// external-player transcripts.
const CONTACT_RACE_WEIGHT: f64 = 0.30;
const PUBEVAL_WEIGHT: f64 = 0.065;
const CONTACT_ON_ROLL: f64 = 0.095;
/// The most checkers a side may have left for the bear-off database to judge the race.
const TABLE_CHECKERS: u32 = 10;
/// Contact positions: share of a side's losses that are gammons at equal pip counts, and its
/// change per pip the loser is behind (same fit).
const CONTACT_GAMMON_SHARE: f64 = 0.27;
const CONTACT_GAMMON_PER_PIP: f64 = 0.006;

/// The baseline evaluator (stateless).
#[derive(Clone, Copy, Debug, Default)]
pub struct Pubeval;

impl Pubeval {
    /// A new baseline evaluator.
    #[must_use]
    pub fn new() -> Pubeval {
        Pubeval
    }

    /// The probabilities for `on_roll`; `use_table` allows the bear-off table (move ranking
    /// turns it off unless every candidate position qualifies, so that candidates are judged
    /// by one model).
    fn estimate(
        &self,
        board: &Board,
        variant: Variant,
        on_roll: Side,
        use_table: bool,
    ) -> Probabilities {
        let opponent = on_roll.opponent();
        if board.checkers_in_play(opponent) == 0 {
            return finished(board, opponent).inverted();
        }
        if board.checkers_in_play(on_roll) == 0 {
            return finished(board, on_roll);
        }
        let mine = finish_chance(board, on_roll);
        if mine == Some(1.0) {
            return finished(board, on_roll);
        }
        let contact = board.in_contact();
        let theirs = finish_chance(board, opponent);
        // When the opponent surely finishes next turn the exact last-roll rule below decides
        // (the table would give the same chance, rounded to its f32).
        let last_roll = mine.is_some() && theirs == Some(1.0);
        if use_table && !last_roll && table_applies(board) {
            if let Some(win) = table_counts(board, on_roll)
                .zip(table_counts(board, opponent))
                .and_then(|(mine, theirs)| BearoffDatabase::get().win_chance(mine, theirs))
            {
                // Both sides are bearing off with no gammon possible: the table is exact.
                return Probabilities {
                    win,
                    win_gammon: 0.0,
                    win_backgammon: 0.0,
                    lose_gammon: 0.0,
                    lose_backgammon: 0.0,
                };
            }
        }
        let pips_mine = f64::from(board.pips(on_roll));
        let pips_theirs = f64::from(board.pips(opponent));

        // Races: each checker still on the board wastes pips in the bear-off.
        let wastage =
            |side: Side| RACE_WASTAGE_PER_CHECKER * f64::from(board.checkers_in_play(side));
        let mut win = race_win_chance(
            pips_mine + wastage(on_roll),
            pips_theirs + wastage(opponent),
        );
        if contact {
            let shift = pubeval_score(board, variant, on_roll, false)
                - pubeval_score(board, variant, opponent, false);
            let variance = (pips_mine + pips_theirs).max(1.0) * ROLLS_VARIANCE_PER_PIP;
            let z = CONTACT_RACE_WEIGHT * ((pips_theirs - pips_mine) / MEAN_ROLL) / variance.sqrt()
                + PUBEVAL_WEIGHT * shift
                + CONTACT_ON_ROLL;
            win = normal_cdf(z);
        }
        if let Some(now) = mine {
            win = if theirs == Some(1.0) {
                now
            } else {
                now + (1.0 - now) * win
            };
        }
        let gammon_share = |loser: Side, winner_pips: f64| -> (f64, f64) {
            if board.borne_off(loser) > 0 {
                return (0.0, 0.0);
            }
            let needed = pips_to_save_gammon(board, loser);
            let share = if contact {
                (CONTACT_GAMMON_SHARE
                    + CONTACT_GAMMON_PER_PIP * (f64::from(board.pips(loser)) - winner_pips))
                    .clamp(0.05, 0.9)
            } else {
                1.0 - race_win_chance(needed, winner_pips)
            };
            let backgammon = if in_backgammon_zone(board, loser) {
                if contact {
                    0.08
                } else {
                    0.5
                }
            } else {
                0.0
            };
            (share, share * backgammon)
        };
        let (lose_gammon_share, lose_backgammon_share) = gammon_share(on_roll, pips_theirs);
        let (win_gammon_share, win_backgammon_share) = gammon_share(opponent, pips_mine);
        Probabilities {
            win,
            win_gammon: win * win_gammon_share,
            win_backgammon: win * win_backgammon_share,
            lose_gammon: (1.0 - win) * lose_gammon_share,
            lose_backgammon: (1.0 - win) * lose_backgammon_share,
        }
        .normalised()
    }
}

/// Tesauro's pubeval score of `board` for `mover`, who has just moved; `race` chooses the race
/// weights (decided on the position before the move).
#[must_use]
pub fn pubeval_score(board: &Board, variant: Variant, mover: Side, race: bool) -> f64 {
    let own = &board.slots[mover.index()];
    let opponent = &board.slots[mover.opponent().index()];
    if board.borne_off(mover) >= variant.checkers() {
        return 1.0e8;
    }
    let weights = if race {
        &RACE_WEIGHTS
    } else {
        &CONTACT_WEIGHTS
    };
    let mut score = 0.0;
    for point in 1..=24usize {
        let block = 5 * (24 - point);
        let mine = own[point - 1];
        let theirs = opponent[24 - point];
        if theirs == 1 {
            score += weights[block];
        }
        if mine == 1 {
            score += weights[block + 1];
        }
        if mine >= 2 {
            score += weights[block + 2];
        }
        if mine == 3 {
            score += weights[block + 3];
        }
        if mine >= 4 {
            score += weights[block + 4] * (f64::from(mine) - 3.0) / 2.0;
        }
    }
    score += weights[120] * f64::from(opponent[BAR]) / 2.0;
    score += weights[121] * f64::from(board.borne_off(mover)) / 15.0;
    score
}

/// Whether the bear-off table judges `board`: no contact, both sides have borne off a
/// checker (no gammons) and have at most ten left, all at home.
fn table_applies(board: &Board) -> bool {
    !board.in_contact()
        && Side::BOTH
            .iter()
            .all(|&side| board.borne_off(side) > 0 && table_counts(board, side).is_some())
}

/// The home counts of `side` when all its checkers are home and at most [`TABLE_CHECKERS`].
fn table_counts(board: &Board, side: Side) -> Option<HomeCounts> {
    bearoff::home_counts(board, side).filter(|_| board.checkers_in_play(side) <= TABLE_CHECKERS)
}

/// Standard normal distribution function (Abramowitz and Stegun 7.1.26 for erf).
fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    if z >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// Chance that the player on roll, needing `mine` rolls-worth of pips, finishes first against
/// one needing `theirs`.
fn race_win_chance(mine: f64, theirs: f64) -> f64 {
    let variance = (mine + theirs).max(1.0) * ROLLS_VARIANCE_PER_PIP;
    normal_cdf(((theirs - mine) / MEAN_ROLL + 0.5) / variance.sqrt())
}

/// Pips `side` must move to bring every checker home and bear one off.
fn pips_to_save_gammon(board: &Board, side: Side) -> f64 {
    let slots = &board.slots[side.index()];
    let outside: u32 = (6..=BAR)
        .map(|index| (index as u32 - 5) * u32::from(slots[index]))
        .sum();
    let lowest_home = (0..6)
        .find(|&index| slots[index] > 0)
        .map_or(6, |index| index + 1);
    f64::from(outside) + lowest_home.min(6) as f64
}

/// Whether `side` has a checker in the opponent's home board or on the bar.
fn in_backgammon_zone(board: &Board, side: Side) -> bool {
    let slots = &board.slots[side.index()];
    (18..=BAR).any(|index| slots[index] > 0)
}

/// Share of the 36 rolls with which `side`, on roll, bears off all its checkers; `None` when
/// that is impossible for every roll (checkers outside home or more than four left).
fn finish_chance(board: &Board, side: Side) -> Option<f64> {
    let slots = &board.slots[side.index()];
    let left: u32 = slots.iter().map(|&n| u32::from(n)).sum();
    if left == 0 {
        return Some(1.0);
    }
    if left > 4 || slots[6..=BAR].iter().any(|&n| n > 0) {
        return None;
    }
    let mut hits = 0u32;
    for first in 1..=6u8 {
        for second in 1..=6u8 {
            let Ok(dice) = Dice::new(first, second) else {
                continue;
            };
            let done = legal_plays(board, side, dice)
                .iter()
                .any(|play| play.result.checkers_in_play(side) == 0);
            if done {
                hits += 1;
            }
        }
    }
    Some(f64::from(hits) / 36.0)
}

/// Exact results when `winner` has finished: single, gammon or backgammon.
fn finished(board: &Board, winner: Side) -> Probabilities {
    let loser = winner.opponent();
    let gammon = board.borne_off(loser) == 0;
    let backgammon = gammon && in_backgammon_zone(board, loser);
    Probabilities {
        win: 1.0,
        win_gammon: if gammon { 1.0 } else { 0.0 },
        win_backgammon: if backgammon { 1.0 } else { 0.0 },
        lose_gammon: 0.0,
        lose_backgammon: 0.0,
    }
}

impl Evaluator for Pubeval {
    fn name(&self) -> &str {
        "pubeval"
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        self.estimate(board, variant, on_roll, true)
    }

    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &Stakes) -> f64 {
        if after.checkers_in_play(mover) == 0 {
            return 1.0e9;
        }
        if before.in_contact() {
            pubeval_score(after, context.variant, mover, false)
        } else {
            // Races: the exact rule and race model know bear-offs better than pubeval's race
            // weights; use the resulting win chance, pubeval breaking near-ties.
            let probabilities = self
                .estimate(
                    after,
                    context.variant,
                    mover.opponent(),
                    table_applies(before),
                )
                .inverted();
            context.cubeless_equity(&probabilities, mover) * 100.0
                + pubeval_score(after, context.variant, mover, true) * 1e-3
        }
    }
}

#[rustfmt::skip]
const RACE_WEIGHTS: [f64; 122] = [
    0.00000, -0.17160, 0.27010, 0.29906, -0.08471,
    0.00000, -1.40375, -1.05121, 0.07217, -0.01351,
    0.00000, -1.29506, -2.16183, 0.13246, -1.03508,
    0.00000, -2.29847, -2.34631, 0.17253, 0.08302,
    0.00000, -1.27266, -2.87401, -0.07456, -0.34240,
    0.00000, -1.34640, -2.46556, -0.13022, -0.01591,
    0.00000, 0.27448, 0.60015, 0.48302, 0.25236,
    0.00000, 0.39521, 0.68178, 0.05281, 0.09266,
    0.00000, 0.24855, -0.06844, -0.37646, 0.05685,
    0.00000, 0.17405, 0.00430, 0.74427, 0.00576,
    0.00000, 0.12392, 0.31202, -0.91035, -0.16270,
    0.00000, 0.01418, -0.10839, -0.02781, -0.88035,
    0.00000, 1.07274, 2.00366, 1.16242, 0.22520,
    0.00000, 0.85631, 1.06349, 1.49549, 0.18966,
    0.00000, 0.37183, -0.50352, -0.14818, 0.12039,
    0.00000, 0.13681, 0.13978, 1.11245, -0.12707,
    0.00000, -0.22082, 0.20178, -0.06285, -0.52728,
    0.00000, -0.13597, -0.19412, -0.09308, -1.26062,
    0.00000, 3.05454, 5.16874, 1.50680, 5.35000,
    0.00000, 2.19605, 3.85390, 0.88296, 2.30052,
    0.00000, 0.92321, 1.08744, -0.11696, -0.78560,
    0.00000, -0.09795, -0.83050, -1.09167, -4.94251,
    0.00000, -1.00316, -3.66465, -2.56906, -9.67677,
    0.00000, -2.77982, -7.26713, -3.40177, -12.32252,
    0.00000, 3.42040,
];

#[rustfmt::skip]
const CONTACT_WEIGHTS: [f64; 122] = [
    0.25696, -0.66937, -1.66135, -2.02487, -2.53398,
    -0.16092, -1.11725, -1.06654, -0.92830, -1.99558,
    -1.10388, -0.80802, 0.09856, -0.62086, -1.27999,
    -0.59220, -0.73667, 0.89032, -0.38933, -1.59847,
    -1.50197, -0.60966, 1.56166, -0.47389, -1.80390,
    -0.83425, -0.97741, -1.41371, 0.24500, 0.10970,
    -1.36476, -1.05572, 1.15420, 0.11069, -0.38319,
    -0.74816, -0.59244, 0.81116, -0.39511, 0.11424,
    -0.73169, -0.56074, 1.09792, 0.15977, 0.13786,
    -1.18435, -0.43363, 1.06169, -0.21329, 0.04798,
    -0.94373, -0.22982, 1.22737, -0.13099, -0.06295,
    -0.75882, -0.13658, 1.78389, 0.30416, 0.36797,
    -0.69851, 0.13003, 1.23070, 0.40868, -0.21081,
    -0.64073, 0.31061, 1.59554, 0.65718, 0.25429,
    -0.80789, 0.08240, 1.78964, 0.54304, 0.41174,
    -1.06161, 0.07851, 2.01451, 0.49786, 0.91936,
    -0.90750, 0.05941, 1.83120, 0.58722, 1.28777,
    -0.83711, -0.33248, 2.64983, 0.52698, 0.82132,
    -0.58897, -1.18223, 3.35809, 0.62017, 0.57353,
    -0.07276, -0.36214, 4.37655, 0.45481, 0.21746,
    0.10504, -0.61977, 3.54001, 0.04612, -0.18108,
    0.63211, -0.87046, 2.47673, -0.48016, -1.27157,
    0.86505, -1.11342, 1.24612, -0.82385, -2.77082,
    1.23606, -1.59529, 0.10438, -1.30206, -4.11520,
    5.62596, -2.75800,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cube::Stakes;
    use crate::notation::format_play;
    use crate::rules::MatchState;

    fn opening(dice: (u8, u8)) -> String {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let dice = Dice::new(dice.0, dice.1).unwrap();
        let plays = legal_plays(&state.board, Side::X, dice);
        let ranked = Pubeval.rank_plays(&state.board, &plays, Side::X, &Stakes::from_state(&state));
        let play = plays[ranked[0].index];
        format_play(state.rules(), &state.board, Side::X, dice, play.steps())
    }

    /// A board from pubeval's own `pos[28]` layout (mover's checkers positive).
    fn from_pubeval(pos: [i8; 28]) -> Board {
        let mut slots = [[0u8; 25]; 2];
        for point in 1..=24usize {
            let n = pos[point];
            if n > 0 {
                slots[Side::X.index()][point - 1] = n.unsigned_abs();
            } else if n < 0 {
                slots[Side::O.index()][24 - point] = n.unsigned_abs();
            }
        }
        slots[Side::X.index()][BAR] = pos[25].unsigned_abs();
        slots[Side::O.index()][BAR] = pos[0].unsigned_abs();
        Board::from_slots(slots, Variant::Standard).unwrap()
    }

    #[test]
    fn scores_equal_the_published_reference() {
        // Values printed by Tesauro's published pubeval routine for the same positions.
        let cases: [([i8; 28], f64, f64); 3] = [
            (
                [
                    0, 1, 0, -2, -1, -2, 3, 3, 1, -2, 0, 0, 2, 2, 0, 1, -2, -1, 0, -1, -1, 1, -2,
                    -1, 0, 1, 0, 0,
                ],
                4.3232,
                3.1585,
            ),
            (
                [
                    0, 4, 2, -1, 1, 0, 2, 0, 0, -1, -1, 0, -3, 3, 1, -1, 0, 0, 0, 0, 1, 1, 0, -6,
                    -2, 0, 0, 0,
                ],
                0.1214,
                -14.5845,
            ),
            (
                [
                    0, -1, 0, 0, 1, 1, 4, -1, 2, 0, 0, 0, -4, 5, 0, 0, 0, -4, 0, -5, 0, 0, 0, 0, 2,
                    0, 0, 0,
                ],
                5.3836,
                10.4461,
            ),
        ];
        for (pos, contact, race) in cases {
            let board = from_pubeval(pos);
            let ours = pubeval_score(&board, Variant::Standard, Side::X, false);
            assert!((ours - contact).abs() < 1e-3, "{ours} vs {contact}");
            let ours = pubeval_score(&board, Variant::Standard, Side::X, true);
            assert!((ours - race).abs() < 1e-3, "{ours} vs {race}");
        }
    }

    #[test]
    fn plays_the_standard_openings() {
        assert_eq!(opening((3, 1)), "8/5 6/5");
        assert_eq!(opening((4, 2)), "8/4 6/4");
        assert_eq!(opening((6, 1)), "13/7 8/7");
    }

    #[test]
    fn start_position_is_about_even_and_symmetric() {
        let board = Board::start(Variant::Standard);
        let p = Pubeval.probabilities(&board, Variant::Standard, Side::X);
        assert!(p.win > 0.5 && p.win < 0.6, "{p:?}");
        assert!(board.in_contact());
        let q = Pubeval.probabilities(&board, Variant::Standard, Side::O);
        assert!((p.win - q.win).abs() < 1e-12);
    }

    #[test]
    fn last_roll_is_exact() {
        let mut slots = [[0u8; 25]; 2];
        slots[Side::X.index()][0] = 2; // two on the ace point: every roll bears off
        slots[Side::O.index()][5] = 3;
        let board = Board::from_slots(slots, Variant::Standard).unwrap();
        let p = Pubeval.probabilities(&board, Variant::Standard, Side::X);
        assert_eq!(p.win, 1.0);
        assert_eq!(p.win_gammon, 0.0);
        // O on roll with three on its six point against a sure finisher: only 6-6 wins... and
        // 5-5 or 4-4 do not: exactly 1/36.
        let q = Pubeval.probabilities(&board, Variant::Standard, Side::O);
        assert!((q.win - 1.0 / 36.0).abs() < 1e-12, "{q:?}");
        assert!(!board.in_contact());
    }
}
