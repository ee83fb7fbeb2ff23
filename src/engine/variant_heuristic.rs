//! A simple, documented heuristic evaluator for tavli's own variants, behind the `Evaluator` seam.
//!
//! It is honest about what it is: hand-chosen terms and weights, not trained and not checked
//! against any expert program, good enough for the computer player to finish games of every
//! variant with sensible plays.
//!
//! * **Portes, Old English, Athroisma** (contrary movement on the standard geometry): plays
//!   are ranked by [`Pubeval`], whose inputs (blots, points, bar, borne-off checkers) mean
//!   the same there; its probabilities are kept, with no backgammons in the cubeless games.
//! * **Plakoto** ([`plakoto_score`]): the race, opposing checkers held pinned (worth more the
//!   further they are from home, the mother checker most), own blots within reach of the
//!   opponent's checkers behind them, own made points, and a lone unpinned mother checker.
//! * **Fevga** ([`fevga_score`]): the race, the longest run of held points (a prime) and
//!   the points held in the opponent's home board, where they block its bear-in.
//!
//! Plakoto and Fevga probabilities are a logistic curve of the score difference (plus a small
//! on-roll bonus), with a gammon share that grows as the loser's race deficit grows; they are
//! rough, meant only for resignation decisions and for ranking.

use crate::engine::cube::Stakes;
use crate::engine::evaluator::{Evaluator, Probabilities};
use crate::engine::Pubeval;
use crate::rules::{Board, Dice, MatchState, Play, Side, Variant};
use crate::rules::{GameResult, RuleSet, WinKind};

/// Pips that make one unit of score in the race term.
const PIPS_PER_UNIT: f64 = 25.0;
/// Plakoto: value of holding an opposing checker pinned (plus its distance from home).
const PIN_VALUE: f64 = 0.6;
/// Plakoto: extra value of holding the opponent's mother checker pinned.
const MOTHER_PIN_VALUE: f64 = 3.0;
/// Plakoto: cost of a lone, unpinned mother checker on the 24-point.
const LONE_MOTHER_COST: f64 = 0.8;
/// Plakoto: cost per weighted shot at an own blot (direct shots 1, indirect 0.4).
const BLOT_SHOT_COST: f64 = 0.12;
/// Plakoto and Fevga: value of each own made point.
const POINT_VALUE: f64 = 0.06;
/// Fevga: value per point of the longest run of held points, squared.
const PRIME_VALUE: f64 = 0.04;
/// Fevga: value of each point held in the opponent's home board.
const BLOCK_VALUE: f64 = 0.1;
/// Logistic slope turning a score difference into a win chance.
const LOGISTIC_SLOPE: f64 = 0.9;
/// Score units the player on roll is worth.
const ON_ROLL_BONUS: f64 = 0.15;
/// A play that wins the game on the spot.
const WINNING_PLAY: f64 = 1.0e9;

/// The heuristic evaluator for tavli's own variants (stateless). For gnubg's variations it
/// is [`Pubeval`] unchanged.
#[derive(Clone, Copy, Debug, Default)]
pub struct VariantHeuristic;

/// A short description of how `variant`'s plays are ranked, for hint lists.
#[must_use]
pub fn ranking_description(variant: Variant) -> &'static str {
    match variant {
        Variant::Plakoto => {
            "tavli's plakoto heuristic: pins held, mother checker safety, blots in reach, race"
        }
        Variant::Fevga => "tavli's fevga heuristic: primes, points in the opponent's home, race",
        _ => "pubeval (Tesauro's public evaluator) on the standard geometry",
    }
}

impl Evaluator for VariantHeuristic {
    fn name(&self) -> &str {
        "tavli variant heuristic"
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        if let Some(result) = RuleSet::new(variant).result(board) {
            return finished(result, on_roll);
        }
        match variant {
            Variant::Plakoto | Variant::Fevga => {
                let difference = score(variant, board, on_roll)
                    - score(variant, board, on_roll.opponent())
                    + ON_ROLL_BONUS;
                let win = 1.0 / (1.0 + (-LOGISTIC_SLOPE * difference).exp());
                let gammon_share = |loser: Side| {
                    if board.borne_off(loser) > 0 {
                        0.0
                    } else {
                        let deficit =
                            f64::from(board.pips(loser)) - f64::from(board.pips(loser.opponent()));
                        (0.15 + deficit / 300.0).clamp(0.02, 0.8)
                    }
                };
                Probabilities {
                    win,
                    win_gammon: win * gammon_share(on_roll.opponent()),
                    win_backgammon: 0.0,
                    lose_gammon: (1.0 - win) * gammon_share(on_roll),
                    lose_backgammon: 0.0,
                }
                .normalised()
            }
            _ => {
                let pubeval = Pubeval.probabilities(board, variant, on_roll);
                if RuleSet::new(variant).has_backgammon() {
                    pubeval
                } else {
                    Probabilities {
                        win_backgammon: 0.0,
                        lose_backgammon: 0.0,
                        ..pubeval
                    }
                }
            }
        }
    }

    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &Stakes) -> f64 {
        let variant = context.variant;
        if let Some(GameResult::Win { winner, kind }) = RuleSet::new(variant).result(after) {
            if winner == mover {
                return WINNING_PLAY + f64::from(kind.points());
            }
        }
        match variant {
            Variant::Plakoto | Variant::Fevga => {
                score(variant, after, mover) - score(variant, after, mover.opponent())
            }
            _ => Pubeval.play_score(before, after, mover, context),
        }
    }
}

fn finished(result: GameResult, on_roll: Side) -> Probabilities {
    let (win, gammon) = match result {
        GameResult::Win { winner, kind } => (
            if winner == on_roll { 1.0 } else { 0.0 },
            if kind == WinKind::Single { 0.0 } else { 1.0 },
        ),
        GameResult::Draw => (0.5, 0.0),
    };
    Probabilities {
        win,
        win_gammon: win * gammon,
        win_backgammon: 0.0,
        lose_gammon: (1.0 - win) * gammon,
        lose_backgammon: 0.0,
    }
}

/// The heuristic score of `side` in `variant` (Plakoto or Fevga); higher is better.
fn score(variant: Variant, board: &Board, side: Side) -> f64 {
    match variant {
        Variant::Plakoto => plakoto_score(board, side),
        _ => fevga_score(board, side),
    }
}

/// The race term: minus the pips still to go, in score units.
fn race(board: &Board, side: Side) -> f64 {
    -f64::from(board.pips(side)) / PIPS_PER_UNIT
}

/// Plakoto score of `side` (contrary movement: the opponent's point `q` is `side`'s `25 - q`,
/// and the opponent's checkers move up `side`'s numbering).
#[must_use]
pub fn plakoto_score(board: &Board, side: Side) -> f64 {
    let opponent = side.opponent();
    let own = &board.slots[side.index()];
    let mut total = race(board, side);
    for point in 1..=24u8 {
        // Opposing checkers this side holds pinned, worth more the further from their home.
        if board.is_pinned(opponent, point) {
            total += PIN_VALUE + f64::from(point) / 24.0;
            if point == 24 {
                total += MOTHER_PIN_VALUE;
            }
        }
        let count = own[usize::from(point) - 1];
        if count >= 2 {
            total += POINT_VALUE;
        }
        let pinning = board.is_pinned(opponent, 25 - point);
        if count == 1 && !board.is_pinned(side, point) && !pinning {
            // A blot: opposing checkers on this side's points below it can land on it.
            let shots: f64 = (1..point)
                .map(|below| {
                    let distance = point - below;
                    let theirs = board.on_point(opponent, 25 - below);
                    let free = theirs > u8::from(board.is_pinned(opponent, 25 - below));
                    match (free, distance) {
                        (true, 1..=6) => 1.0,
                        (true, 7..=12) => 0.4,
                        _ => 0.0,
                    }
                })
                .sum();
            total -= BLOT_SHOT_COST * shots.min(4.0) * (0.5 + f64::from(point) / 24.0);
        }
    }
    if own[23] == 1 && !board.is_pinned(side, 24) && board.checkers_in_play(opponent) > 0 {
        total -= LONE_MOTHER_COST;
    }
    total
}

/// Fevga score of `side` (both sides move the same way; `side`'s points 13..18 are the
/// opponent's home board 1..6).
#[must_use]
pub fn fevga_score(board: &Board, side: Side) -> f64 {
    let own = &board.slots[side.index()];
    let mut total = race(board, side);
    let mut run = 0u32;
    let mut longest = 0u32;
    for (index, &count) in own[..24].iter().enumerate() {
        if count > 0 {
            total += POINT_VALUE;
            if (12..18).contains(&index) {
                total += BLOCK_VALUE;
            }
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    total + PRIME_VALUE * f64::from(longest * longest)
}

/// Every legal play of the player on roll in `state` with `dice` under `state.variant`'s
/// rules, best first by `evaluator`, with its score (ties keep the generation order).
pub fn ranked_plays_in<E: Evaluator + ?Sized>(
    evaluator: &E,
    state: &MatchState,
    dice: Dice,
) -> Vec<(f64, Play)> {
    let mover = state.on_roll;
    let context = Stakes::from_state(state);
    let mut scored: Vec<(f64, Play)> = state
        .rules()
        .legal_plays(&state.board, mover, dice)
        .into_iter()
        .map(|play| {
            let score = evaluator.play_score(&state.board, &play.result, mover, &context);
            (score, play)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
}

/// The best play for the player on roll in `state` with `dice` under the variant's rules, or
/// `None` when no checker can move.
pub fn best_play_in<E: Evaluator + ?Sized>(
    evaluator: &E,
    state: &MatchState,
    dice: Dice,
) -> Option<Play> {
    ranked_plays_in(evaluator, state, dice)
        .into_iter()
        .next()
        .map(|(_, play)| play)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameState;

    fn state(variant: Variant) -> MatchState {
        MatchState {
            board: Board::start(variant),
            game_state: GameState::Playing,
            ..MatchState::new_money_game(variant, Side::X)
        }
    }

    #[test]
    fn start_positions_are_even_and_every_variant_has_a_play() {
        for variant in Variant::ALL {
            let state = state(variant);
            let probabilities = VariantHeuristic.probabilities(&state.board, variant, Side::X);
            assert!(
                probabilities.win > 0.4 && probabilities.win < 0.7,
                "{variant}"
            );
            let dice = Dice::new(6, 5).unwrap_or_else(|_| unreachable!());
            assert!(best_play_in(&VariantHeuristic, &state, dice).is_some());
        }
    }

    #[test]
    fn plakoto_prefers_pinning_a_checker() {
        // X: 14 on the 24, one on his 13; O: 14 on his 24, a blot on his 15 (X's 10).
        let mut board = Board::empty();
        board.slots[Side::X.index()][23] = 14;
        board.slots[Side::X.index()][12] = 1;
        board.slots[Side::O.index()][23] = 14;
        board.slots[Side::O.index()][14] = 1;
        let state = MatchState {
            board,
            ..state(Variant::Plakoto)
        };
        let dice = Dice::new(3, 1).unwrap_or_else(|_| unreachable!());
        let best = best_play_in(&VariantHeuristic, &state, dice);
        assert_eq!(
            best.map(|play| play.result.is_pinned(Side::O, 15)),
            Some(true)
        );
    }
}
