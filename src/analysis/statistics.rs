//! Per-player statistics of an analysed match, in the blocks of gnubg's `show statistics
//! match` (chequer play, luck, cube, overall). Totals are equity lost (positive, where gnubg
//! prints them negative) in EMG; rates are thousandths of EMG (mEMG) per unforced move, per
//! roll or per close or actual cube decision, as gnubg computes them.

use super::decision::{CubeAction, CubeError, Decision, DecisionKind, Equity};
use super::marks::{performance_rating, rating, LuckMark, Mark};
use crate::engine::Stakes;
use crate::matchfile::record::MatchRecord;
use crate::rules::{MatchState, Side, Variant};
use serde::Serialize;

/// The chequer-play block.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ChequerStatistics {
    /// Every roll of the player (forced ones too).
    pub moves: usize,
    /// Rolls with a choice between two plays or more.
    pub unforced: usize,
    /// Plays marked doubtful.
    pub doubtful: usize,
    /// Plays marked bad.
    pub bad: usize,
    /// Plays marked very bad.
    pub very_bad: usize,
    /// Equity lost in chequer play (EMG).
    pub error_total: f64,
    /// The same in match-winning chance (0 in money play).
    pub error_total_mwc: f64,
    /// The same in points: EMG times the cube of each play (money play; 0 in match play).
    pub error_total_points: f64,
    /// mEMG lost per unforced move.
    pub error_rate: f64,
    /// gnubg's rating of the chequer play.
    pub rating: &'static str,
}

/// The luck block.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LuckStatistics {
    /// Luck of all the player's rolls (EMG).
    pub total: f64,
    /// The same in match-winning chance (0 in money play).
    pub total_mwc: f64,
    /// The same in points: EMG times the cube of each roll (money play; 0 in match play).
    pub total_points: f64,
    /// mEMG of luck per roll.
    pub rate: f64,
    /// Rolls marked very lucky.
    pub very_lucky: usize,
    /// Rolls marked lucky.
    pub lucky: usize,
    /// Rolls marked unlucky.
    pub unlucky: usize,
    /// Rolls marked very unlucky.
    pub very_unlucky: usize,
}

/// The cube block.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CubeStatistics {
    /// Every cube decision (each chance to double, each take or pass).
    pub total_decisions: usize,
    /// Close or actual cube decisions: the ones the error rate counts.
    pub decisions: usize,
    /// Doubles offered.
    pub doubles: usize,
    /// Doubles taken (beavers included).
    pub takes: usize,
    /// Doubles passed.
    pub passes: usize,
    /// Missed doubles where double/take was right.
    pub missed_doubles_below_cash_point: usize,
    /// Missed doubles where double/pass was right.
    pub missed_doubles_above_cash_point: usize,
    /// Doubles where no double was right and the position not too good.
    pub wrong_doubles_below_double_point: usize,
    /// Doubles of a position too good to double.
    pub wrong_doubles_above_too_good: usize,
    /// Takes of doubles that should have been passed.
    pub wrong_takes: usize,
    /// Passes of doubles that should have been taken.
    pub wrong_passes: usize,
    /// All the cube errors.
    pub errors: usize,
    /// Equity lost in cube decisions (EMG).
    pub error_total: f64,
    /// The same in match-winning chance (0 in money play).
    pub error_total_mwc: f64,
    /// The same in points: EMG times the cube of each decision (money play; 0 in match play).
    pub error_total_points: f64,
    /// mEMG lost per close or actual cube decision.
    pub error_rate: f64,
}

/// The overall block.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct OverallStatistics {
    /// Equity lost in chequer play and cube decisions (EMG).
    pub error_total: f64,
    /// mEMG lost per decision counted (unforced moves and close or actual cube decisions).
    pub error_rate: f64,
    /// gnubg's rating of the overall error rate.
    pub rating: &'static str,
    /// XG-style performance rating: 500 x EMG lost per decision counted.
    pub pr: f64,
    /// The result: match-winning chance gained over 50% (match play), or points won per game
    /// (money play).
    pub actual_result: f64,
    /// The result with the luck of both players' rolls taken out.
    pub luck_adjusted_result: f64,
}

/// One player's statistics.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerStatistics {
    /// The player's name.
    pub name: String,
    /// Chequer play.
    pub chequer: ChequerStatistics,
    /// Luck.
    pub luck: LuckStatistics,
    /// Cube decisions.
    pub cube: CubeStatistics,
    /// Overall.
    pub overall: OverallStatistics,
}

/// `total` per thousand of `count` items (mEMG per decision), 0 for no items.
pub(crate) fn per_thousand(total: f64, count: usize) -> f64 {
    if count == 0 {
        0.0
    } else {
        1000.0 * total / count as f64
    }
}

impl PlayerStatistics {
    /// The statistics of `side` (named `name`) from the match's `decisions`.
    #[must_use]
    pub fn of(name: &str, side: Side, decisions: &[Decision]) -> PlayerStatistics {
        let mut chequer = ChequerStatistics::default();
        let mut luck = LuckStatistics::default();
        let mut cube = CubeStatistics::default();
        let mut chequer_loss = Equity::default();
        let mut cube_loss = Equity::default();
        for decision in decisions.iter().filter(|d| d.player == side) {
            match &decision.kind {
                DecisionKind::Chequer {
                    forced,
                    luck: roll_luck,
                    luck_mark,
                    ..
                } => {
                    chequer.moves += 1;
                    luck.total += roll_luck.emg;
                    luck.total_mwc += roll_luck.mwc;
                    luck.total_points += roll_luck.points;
                    match luck_mark {
                        LuckMark::VeryLucky => luck.very_lucky += 1,
                        LuckMark::Lucky => luck.lucky += 1,
                        LuckMark::Unlucky => luck.unlucky += 1,
                        LuckMark::VeryUnlucky => luck.very_unlucky += 1,
                        LuckMark::None => {}
                    }
                    if *forced {
                        continue;
                    }
                    chequer.unforced += 1;
                    chequer_loss = chequer_loss.plus(decision.loss);
                    match decision.mark {
                        Mark::Doubtful => chequer.doubtful += 1,
                        Mark::Bad => chequer.bad += 1,
                        Mark::VeryBad => chequer.very_bad += 1,
                        Mark::None => {}
                    }
                }
                DecisionKind::Cube {
                    action,
                    close,
                    error,
                    ..
                } => {
                    cube.total_decisions += 1;
                    match action {
                        CubeAction::Double => cube.doubles += 1,
                        CubeAction::Take | CubeAction::Beaver => cube.takes += 1,
                        CubeAction::Pass => cube.passes += 1,
                        CubeAction::NoDouble => {}
                    }
                    if !close {
                        continue;
                    }
                    cube.decisions += 1;
                    let Some(error) = error else { continue };
                    cube.errors += 1;
                    cube_loss = cube_loss.plus(decision.loss);
                    match error {
                        CubeError::MissedDoubleBelowCashPoint => {
                            cube.missed_doubles_below_cash_point += 1;
                        }
                        CubeError::MissedDoubleAboveCashPoint => {
                            cube.missed_doubles_above_cash_point += 1;
                        }
                        CubeError::WrongDoubleBelowDoublePoint => {
                            cube.wrong_doubles_below_double_point += 1;
                        }
                        CubeError::WrongDoubleAboveTooGood => {
                            cube.wrong_doubles_above_too_good += 1;
                        }
                        CubeError::WrongTake => cube.wrong_takes += 1,
                        CubeError::WrongPass => cube.wrong_passes += 1,
                    }
                }
            }
        }
        chequer.error_total = chequer_loss.emg;
        chequer.error_total_mwc = chequer_loss.mwc;
        chequer.error_total_points = chequer_loss.points;
        chequer.error_rate = per_thousand(chequer.error_total, chequer.unforced);
        chequer.rating = rating(chequer.error_rate / 1000.0);
        luck.rate = per_thousand(luck.total, chequer.moves);
        cube.error_total = cube_loss.emg;
        cube.error_total_mwc = cube_loss.mwc;
        cube.error_total_points = cube_loss.points;
        cube.error_rate = per_thousand(cube.error_total, cube.decisions);
        let counted = chequer.unforced + cube.decisions;
        let error_total = chequer.error_total + cube.error_total;
        let overall = OverallStatistics {
            error_total,
            error_rate: per_thousand(error_total, counted),
            rating: rating(per_thousand(error_total, counted) / 1000.0),
            pr: performance_rating(error_total, counted),
            actual_result: 0.0,
            luck_adjusted_result: 0.0,
        };
        PlayerStatistics {
            name: name.to_string(),
            chequer,
            luck,
            cube,
            overall,
        }
    }
}

/// The statistics of both players of `record` (player 0 is `O`, player 1 `X`), with the
/// actual and luck-adjusted results: the result minus the player's luck plus the opponent's
/// (gnubg's "Luck adjusted result"), in match-winning chance for a match and in points per
/// game for money (the luck then in points, as gnubg takes it).
#[must_use]
pub fn match_statistics(record: &MatchRecord, decisions: &[Decision]) -> [PlayerStatistics; 2] {
    let mut players = [Side::O, Side::X]
        .map(|side| PlayerStatistics::of(&record.players[side.index()], side, decisions));
    let score = record.final_score();
    let results = if record.length > 0 {
        let gained = match_winning_chance(record, score);
        [gained - 0.5, 0.5 - gained]
    } else {
        // The points won in the games of the record: a record may start at a score other
        // than 0-0 (one game of a session, a session's later part).
        let start = record.games.first().map_or([0, 0], |game| game.score);
        let won = |side: usize| f64::from(score[side]) - f64::from(start[side]);
        let games = record.games.len().max(1) as f64;
        let net = won(0) - won(1);
        [net / games, -net / games]
    };
    let luck = |player: &PlayerStatistics| {
        if record.length > 0 {
            player.luck.total_mwc
        } else {
            player.luck.total_points / record.games.len().max(1) as f64
        }
    };
    let lucks = [luck(&players[0]), luck(&players[1])];
    for (index, player) in players.iter_mut().enumerate() {
        player.overall.actual_result = results[index];
        player.overall.luck_adjusted_result = results[index] - (lucks[index] - lucks[1 - index]);
    }
    players
}

/// Player 0's chance of winning the match at `score` (1 or 0 once it is won).
fn match_winning_chance(record: &MatchRecord, score: [u32; 2]) -> f64 {
    if score[0] >= record.length {
        return 1.0;
    }
    if score[1] >= record.length {
        return 0.0;
    }
    let state = MatchState {
        match_length: record.length,
        score,
        ..MatchState::new_money_game(Variant::Standard, Side::O)
    };
    // Between games: winning a 0-point game leaves the score as it is.
    Stakes::from_state(&state).match_winning_chance(Side::O, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Dice;

    fn chequer(player: Side, forced: bool, loss: f64, luck: f64) -> Decision {
        Decision {
            game: 1,
            player,
            state: MatchState::new_money_game(Variant::Standard, player),
            gnubg_id: String::new(),
            xgid: String::new(),
            kind: DecisionKind::Chequer {
                dice: Dice::new(3, 1).unwrap_or_else(|_| unreachable!()),
                forced,
                luck: Equity {
                    emg: luck,
                    mwc: 0.0,
                    points: 2.0 * luck,
                },
                luck_mark: LuckMark::of(luck),
            },
            played: String::new(),
            best: String::new(),
            details: Default::default(),
            loss: Equity {
                emg: loss,
                mwc: 0.0,
                points: 2.0 * loss,
            },
            mark: Mark::of(loss),
        }
    }

    #[test]
    fn rates_count_unforced_moves_and_every_roll() {
        let decisions = [
            chequer(Side::X, false, 0.1, 0.4),
            chequer(Side::X, false, 0.0, -0.1),
            chequer(Side::X, true, 0.0, 0.0),
            chequer(Side::O, false, 0.05, 0.0),
        ];
        let x = PlayerStatistics::of("x", Side::X, &decisions);
        assert_eq!(
            (x.chequer.moves, x.chequer.unforced, x.chequer.bad),
            (3, 2, 1)
        );
        assert!((x.chequer.error_rate - 50.0).abs() < 1e-9);
        assert!((x.luck.total - 0.3).abs() < 1e-12);
        // At a 2-cube every figure is twice as many points.
        assert!((x.luck.total_points - 0.6).abs() < 1e-12);
        assert!((x.chequer.error_total_points - 0.2).abs() < 1e-12);
        assert!((x.luck.rate - 100.0).abs() < 1e-9);
        assert_eq!(x.luck.lucky, 1);
        assert!((x.overall.pr - 25.0).abs() < 1e-9);
        assert_eq!(x.overall.rating, "Awful!");
        let o = PlayerStatistics::of("o", Side::O, &decisions);
        assert_eq!(o.chequer.doubtful, 1);
    }

    #[test]
    fn a_money_result_counts_the_points_of_the_records_games_only() {
        let text = include_str!("../../fixtures/jacoby/money-session-off.mat");
        let mut record = crate::matchfile::read_match_text(text, crate::matchfile::Format::Mat)
            .unwrap_or_else(|error| panic!("{error}"));
        // Root won game 1 (2 points, a doubled single game) and game 2 (a gammon, 2 points).
        let players = match_statistics(&record, &[]);
        assert_eq!(players.map(|p| p.overall.actual_result), [-2.0, 2.0]);
        // Game 2 alone starts at 0-2: it is worth 2 points, not the final score's 4.
        record.games.remove(0);
        let players = match_statistics(&record, &[]);
        assert_eq!(players.map(|p| p.overall.actual_result), [-2.0, 2.0]);
    }
}
