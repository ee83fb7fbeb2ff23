//! What `show statistics game|match|session` reports, as data: both players' statistics of
//! the analysed games (the analysis core's [`PlayerStatistics`]), with the figures gnubg adds
//! around them: the Snowie error rate, the money advantage per game with its 95% confidence
//! interval, and the FIBS ratings of match play. Rendering is in `statistics_text`.

use super::ast::StatisticsScope;
use crate::analysis::statistics::{match_statistics, per_thousand};
use crate::analysis::{CubeError, Decision, DecisionKind, Equity, PlayerStatistics};
use crate::engine::Stakes;
use crate::matchfile::record::{GameAction, GameRecord, MatchRecord};
use crate::rules::{MatchState, Side, Variant};
use serde::Serialize;

/// FIBS rating points lost per mEMG of chequer error per unforced move, and per mEMG of cube
/// error per close or actual cube decision: tavli's linear reading of gnubg 1.07's "rating
/// loss" lines (fitted on gnubg's figures for real 3-point matches; gnubg does not document
/// its formula). The error-based absolute rating is 2050 minus both losses.
const CHEQUER_RATING_LOSS_PER_MEMG: f64 = 17.3;
/// See [`CHEQUER_RATING_LOSS_PER_MEMG`].
const CUBE_RATING_LOSS_PER_MEMG: f64 = 0.69;
/// The error-based FIBS rating of a player who makes no error.
const ERRORLESS_FIBS_RATING: f64 = 2050.0;

/// The FIBS ratings gnubg prints for match play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FibsRatings {
    /// Player 0's rating advantage the luck-adjusted result implies (FIBS's rating formula
    /// solved for the difference: 2000/√length × log10(p / (1 − p)), p being 0.5 plus the
    /// luck-adjusted result); `None` when the luck was not analysed or p is not between 0
    /// and 1 (gnubg's `n/a`).
    pub luck_based_difference: Option<f64>,
    /// Each player's rating from the errors alone (see [`CHEQUER_RATING_LOSS_PER_MEMG`]);
    /// `None` with no unforced move and no close cube decision analysed.
    pub error_based: [Option<f64>; 2],
    /// The rating points lost in chequer play (`None`: no unforced move analysed).
    pub chequer_loss: [Option<f64>; 2],
    /// The rating points lost in cube decisions (`None`: no close cube decision analysed).
    pub cube_loss: [Option<f64>; 2],
}

/// A money player's advantage per game with its 95% confidence interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advantage {
    /// Points won per game.
    pub points_per_game: f64,
    /// The 95% confidence interval: mean ± 1.96 standard errors of the games' results.
    pub interval: [f64; 2],
}

/// `show statistics ...` as data.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatisticsReport {
    /// Which games it covers.
    pub scope: StatisticsScope,
    /// Match play (figures also in match-winning chance) or money (also in points).
    pub money: bool,
    /// Whether there is a game at all (gnubg then prints only the overall title).
    pub played: bool,
    /// Whether any decision was analysed (ratings are `n/a` otherwise).
    pub analysed: bool,
    /// Whether the luck of the rolls is analysed (`set analysis luck`): the luck block and
    /// the results are shown.
    pub luck: bool,
    /// Each player's rolls whose luck was judged: the moves analysed (gnubg counts no roll
    /// left unanalysed among the unmarked ones, though its total moves count them).
    #[serde(skip)]
    pub judged_rolls: [usize; 2],
    /// Both players, player 0 first. In money play the actual and luck-adjusted results are
    /// the covered games' totals in points (gnubg's), not the points per game.
    pub players: [PlayerStatistics; 2],
    /// Equity lost in each kind of cube error, by player, in the order of gnubg's lines
    /// (missed doubles below and above the cash point, wrong doubles below the double point
    /// and above too good, wrong takes, wrong passes).
    pub cube_error_losses: [[Equity; 6]; 2],
    /// mEMG lost per move of both players (Snowie's error rate), with the same in MWC.
    pub snowie_error_rate: [(f64, f64); 2],
    /// Money match or session statistics of two games or more, the luck analysed: each
    /// player's advantage, actual and luck adjusted.
    pub advantage: Option<[(Advantage, Advantage); 2]>,
    /// Match play: the FIBS ratings.
    pub fibs: Option<FibsRatings>,
}

/// The games a report covers: their record and the analysed decisions of each (`None`: the
/// game is not analysed).
pub struct CoveredGames<'a> {
    /// The match (its games are the ones covered).
    pub record: &'a MatchRecord,
    /// The decisions of each game, in the record's order.
    pub decisions: Vec<Option<&'a [Decision]>>,
    /// Whether the luck is analysed (`set analysis luck`).
    pub luck: bool,
}

fn moves_of(game: &GameRecord, side: Side) -> usize {
    game.actions
        .iter()
        .filter(|action| matches!(action, GameAction::Play { side: mover, .. } if *mover == side))
        .count()
}

/// Player 0's chance of winning a match of `length` at `score` (1 or 0 once decided).
fn match_winning_chance(length: u32, score: [u32; 2]) -> f64 {
    if score[0] >= length {
        return 1.0;
    }
    if score[1] >= length {
        return 0.0;
    }
    let state = MatchState {
        match_length: length,
        score,
        ..MatchState::new_money_game(Variant::Standard, Side::O)
    };
    Stakes::from_state(&state).match_winning_chance(Side::O, 0)
}

/// Player 0's result in points of each covered game (0 for a game not finished) and the same
/// with the luck of both players' rolls taken out (player 0's luck in points subtracted,
/// player 1's added; an unfinished game's luck counts, as in gnubg).
fn money_results(games: &CoveredGames<'_>) -> (Vec<f64>, Vec<f64>) {
    let per_game: Vec<f64> = games
        .record
        .games
        .iter()
        .map(|game| match game.result {
            Some(result) if result.winner == Side::O => f64::from(result.points),
            Some(result) => -f64::from(result.points),
            None => 0.0,
        })
        .collect();
    let adjusted = per_game
        .iter()
        .enumerate()
        .map(|(index, result)| {
            let decisions = games.decisions.get(index).copied().flatten().unwrap_or(&[]);
            let luck: f64 = decisions
                .iter()
                .filter_map(|decision| match decision.kind {
                    DecisionKind::Chequer { luck, .. } if decision.player == Side::O => {
                        Some(luck.points)
                    }
                    DecisionKind::Chequer { luck, .. } => Some(-luck.points),
                    DecisionKind::Cube { .. } => None,
                })
                .sum();
            result - luck
        })
        .collect();
    (per_game, adjusted)
}

/// The mean of `results` with its 95% confidence interval: 1.96 standard errors, the
/// standard deviation the sample's (divided by n - 1, as gnubg's).
fn advantage(results: &[f64]) -> Advantage {
    let count = results.len().max(1) as f64;
    let mean = results.iter().sum::<f64>() / count;
    let variance = if results.len() > 1 {
        results.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / (count - 1.0)
    } else {
        0.0
    };
    let margin = 1.96 * (variance / count).sqrt();
    Advantage {
        points_per_game: mean,
        interval: [mean - margin, mean + margin],
    }
}

/// The line of gnubg's cube block that counts `error` (0 to 5).
#[must_use]
pub fn cube_error_line(error: CubeError) -> usize {
    match error {
        CubeError::MissedDoubleBelowCashPoint => 0,
        CubeError::MissedDoubleAboveCashPoint => 1,
        CubeError::WrongDoubleBelowDoublePoint => 2,
        CubeError::WrongDoubleAboveTooGood => 3,
        CubeError::WrongTake => 4,
        CubeError::WrongPass => 5,
    }
}

impl StatisticsReport {
    /// The report of `games` for `scope`.
    #[must_use]
    pub fn new(scope: StatisticsScope, games: &CoveredGames<'_>) -> StatisticsReport {
        let record = games.record;
        let money = record.length == 0;
        let decisions: Vec<Decision> = games
            .decisions
            .iter()
            .flatten()
            .flat_map(|list| list.iter().cloned())
            .collect();
        let analysed = games.decisions.iter().any(Option::is_some);
        let mut players = match_statistics(record, &decisions);
        let judged_rolls = players.each_ref().map(|player| player.chequer.moves);
        // gnubg's total moves count every move of the covered games, analysed or not (a game
        // analysed move by move, `analyse move`, included), and its luck rate is the luck per
        // move so counted: asked of gnubg 1.07 after `analyse move` at one move of a game of
        // 4 moves each, "Total moves 4 4", the luck rate the one roll's luck over 4.
        for side in [Side::O, Side::X] {
            let player = &mut players[side.index()];
            player.chequer.moves = record.games.iter().map(|game| moves_of(game, side)).sum();
            player.luck.rate = per_thousand(player.luck.total, player.chequer.moves);
        }
        if scope == StatisticsScope::Game && !money {
            // A game's result is the match-winning chance it gained, not the chance after it.
            if let Some(game) = record.games.first() {
                let before = match_winning_chance(record.length, game.score) - 0.5;
                players[0].overall.actual_result -= before;
                players[0].overall.luck_adjusted_result -= before;
                players[1].overall.actual_result += before;
                players[1].overall.luck_adjusted_result += before;
            }
        }
        if money {
            // A money session's results are its totals in points, as gnubg prints them.
            let (per_game, adjusted) = money_results(games);
            let actual: f64 = per_game.iter().sum();
            let luck_adjusted: f64 = adjusted.iter().sum();
            players[0].overall.actual_result = actual;
            players[0].overall.luck_adjusted_result = luck_adjusted;
            players[1].overall.actual_result = -actual;
            players[1].overall.luck_adjusted_result = -luck_adjusted;
        }
        let all_moves = players[0].chequer.moves + players[1].chequer.moves;
        let snowie = |player: &PlayerStatistics| {
            if all_moves == 0 {
                (0.0, 0.0)
            } else {
                let total_mwc = player.chequer.error_total_mwc + player.cube.error_total_mwc;
                (
                    1000.0 * player.overall.error_total / all_moves as f64,
                    total_mwc / all_moves as f64,
                )
            }
        };
        let snowie_error_rate = [snowie(&players[0]), snowie(&players[1])];
        // gnubg prints the advantage per game of a money session of two games or more.
        let advantage =
            (money && scope != StatisticsScope::Game && games.luck && record.games.len() > 1).then(
                || {
                    let (per_game, adjusted) = money_results(games);
                    let negate = |list: &[f64]| list.iter().map(|value| -value).collect::<Vec<_>>();
                    [
                        (advantage(&per_game), advantage(&adjusted)),
                        (advantage(&negate(&per_game)), advantage(&negate(&adjusted))),
                    ]
                },
            );
        let fibs = (!money).then(|| {
            let p = 0.5 + players[0].overall.luck_adjusted_result;
            let luck_based_difference = (games.luck && p > 0.0 && p < 1.0)
                .then(|| 2000.0 / f64::from(record.length).sqrt() * (p / (1.0 - p)).log10());
            let chequer_loss = players.each_ref().map(|player| {
                (player.chequer.unforced > 0)
                    .then_some(CHEQUER_RATING_LOSS_PER_MEMG * player.chequer.error_rate)
            });
            let cube_loss = players.each_ref().map(|player| {
                (player.cube.decisions > 0)
                    .then_some(CUBE_RATING_LOSS_PER_MEMG * player.cube.error_rate)
            });
            FibsRatings {
                luck_based_difference,
                error_based: [0, 1].map(|index| {
                    (chequer_loss[index].is_some() || cube_loss[index].is_some()).then(|| {
                        ERRORLESS_FIBS_RATING
                            - chequer_loss[index].unwrap_or(0.0)
                            - cube_loss[index].unwrap_or(0.0)
                    })
                }),
                chequer_loss,
                cube_loss,
            }
        });
        let mut cube_error_losses = [[Equity::default(); 6]; 2];
        for decision in &decisions {
            if let DecisionKind::Cube {
                close: true,
                error: Some(error),
                ..
            } = decision.kind
            {
                let slot = &mut cube_error_losses[decision.player.index()][cube_error_line(error)];
                *slot = slot.plus(decision.loss);
            }
        }
        StatisticsReport {
            scope,
            cube_error_losses,
            money,
            played: !record.games.is_empty(),
            analysed,
            luck: games.luck,
            judged_rolls,
            players,
            snowie_error_rate,
            advantage,
            fibs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::advantage;

    #[test]
    fn the_interval_uses_the_samples_standard_deviation() {
        // gnubg's session of -2, +2, -2 and -1 points: -0.750 per game, its interval 1.855
        // wide on each side.
        let figures = advantage(&[-2.0, 2.0, -2.0, -1.0]);
        assert!((figures.points_per_game + 0.75).abs() < 1e-12);
        assert!((figures.interval[1] - figures.points_per_game - 1.855).abs() < 5e-4);
        assert!((figures.points_per_game - figures.interval[0] - 1.855).abs() < 5e-4);
        // One game: no spread to measure.
        assert_eq!(advantage(&[3.0]).interval, [3.0, 3.0]);
    }
}
