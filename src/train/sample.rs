//! Position sampling for supervised training: self-play games of the networks (with a little
//! exploration, so that unusual positions occur too), keeping a position more often where the
//! network disagrees with its own one-ply search, i.e. where it has most to learn; and, where
//! asked, the two plays of each decision on which the network alone and its deeper search
//! choose differently (the siblings whose order 0-ply play gets wrong); and, where asked, the
//! positions after the network's few best plays of every decision (the siblings a deeper label
//! can put in the right order, wherever the network alone errs).

use crate::codec::position_id;
use crate::engine::choice::SharedEvaluator;
use crate::engine::cube::Stakes;
use crate::engine::net::evaluator::PositionClass;
use crate::engine::net::NetSet;
use crate::engine::search::Search;
use crate::engine::Evaluator;
use crate::rules::{legal_plays, Board, Dice, MatchState, Side, Variant};
use crate::train::self_play::{choose, opening_roll, roll, Work};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Settings of a sampling run.
#[derive(Clone, Debug)]
pub struct SampleConfig {
    /// Games to play.
    pub games: u64,
    /// Seed of the dice and of the choices.
    pub seed: u64,
    /// Chance that a turn plays a random legal play instead of the best.
    pub exploration: f64,
    /// Chance of keeping a position where 0-ply and 1-ply agree.
    pub base_keep: f64,
    /// Added keep chance per unit of |0-ply − 1-ply| equity.
    pub keep_per_disagreement: f64,
    /// When above 0, a search this deep chooses a play in every decision too, and where its
    /// choice differs from the network's alone both positions after the two plays are kept
    /// (the opponent on roll).
    pub decision_plies: u32,
    /// When above 1, the positions after the network's this many best plays of every
    /// decision (within [`SampleConfig::sibling_window`] of the best, two at least) are kept
    /// too, the opponent on roll.
    pub siblings: usize,
    /// How far below the best play's cubeless money equity a sibling may be.
    pub sibling_window: f64,
}

/// A sampled position: its Position ID seen from the player on roll.
pub type SampledPosition = String;

/// What a sampling run keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sampled {
    /// The positions kept, in the order the games reached them.
    pub positions: Vec<SampledPosition>,
    /// The siblings of each decision that kept some (with [`SampleConfig::siblings`]), the
    /// network's best play first: each group's positions are in `positions` too, together
    /// and in the same order.
    pub groups: Vec<Vec<SampledPosition>>,
}

/// Plays `config.games` games, returning the positions kept (contact and race only: the
/// bear-off database is exact) and the sibling groups, calling `progress` after each game.
pub fn sample(
    nets: &NetSet,
    evaluator: &SharedEvaluator,
    config: &SampleConfig,
    first_game: u64,
    progress: &mut dyn FnMut(u64, usize),
) -> Sampled {
    let one_ply = Search::new(&**evaluator, 1);
    let zero_ply = Search::new(&**evaluator, 0);
    let deep = Search::new(&**evaluator, config.decision_plies);
    let mut kept = Vec::new();
    let mut groups = Vec::new();
    let mut work = Work::default();
    for game in first_game..first_game + config.games {
        let mut rng = StdRng::seed_from_u64(config.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game);
        let mut board = Board::start(Variant::Standard);
        let mut side = Side::X;
        let mut dice = opening_roll(&mut rng);
        for _turn in 0..2000 {
            if PositionClass::of(&board).network().is_some()
                && board != Board::start(Variant::Standard)
            {
                let zero = evaluator
                    .probabilities(&board, Variant::Standard, side)
                    .money_equity();
                let one = one_ply
                    .probabilities(&board, Variant::Standard, side)
                    .money_equity();
                let keep = config.base_keep + config.keep_per_disagreement * (zero - one).abs();
                if rng.gen_bool(keep.clamp(0.0, 1.0)) {
                    kept.push(position_id::encode(&board, side));
                }
                if config.decision_plies > 0 {
                    kept.extend(disagreement(&zero_ply, &deep, &board, side, dice));
                }
                if config.siblings > 1 {
                    let group = siblings(
                        &**evaluator,
                        &board,
                        side,
                        dice,
                        config.siblings,
                        config.sibling_window,
                    );
                    if !group.is_empty() {
                        kept.extend(group.iter().cloned());
                        groups.push(group);
                    }
                }
            }
            let next = if rng.gen_bool(config.exploration) {
                let plays = legal_plays(&board, side, dice);
                if plays.is_empty() {
                    board
                } else {
                    plays[rng.gen_range(0..plays.len())].result
                }
            } else {
                choose(nets, &board, side, dice, &mut work).0
            };
            if next.checkers_in_play(side) == 0 {
                break;
            }
            board = next;
            side = side.opponent();
            dice = roll(&mut rng);
        }
        progress(game - first_game + 1, kept.len());
    }
    Sampled {
        positions: kept,
        groups,
    }
}

/// The positions after the play the network alone chooses and the play `deep` chooses, the
/// opponent on roll, when the two differ (and each is left to a network: not finished, not in
/// the bear-off database); nothing when they agree or there is no choice.
fn disagreement<E: Evaluator + ?Sized>(
    zero_ply: &Search<'_, E>,
    deep: &Search<'_, E>,
    board: &Board,
    side: Side,
    dice: Dice,
) -> Vec<SampledPosition> {
    let plays = legal_plays(board, side, dice);
    if plays.len() < 2 {
        return Vec::new();
    }
    let stakes = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, side));
    let choice = |search: &Search<'_, E>| {
        let ranked = search.rank_plays(board, &plays, side, &stakes);
        plays[ranked[0].index].result
    };
    let (shallow, searched) = (choice(zero_ply), choice(deep));
    if shallow == searched {
        return Vec::new();
    }
    [shallow, searched]
        .iter()
        .filter(|after| {
            after.checkers_in_play(side) > 0 && PositionClass::of(after).network().is_some()
        })
        .map(|after| position_id::encode(after, side.opponent()))
        .collect()
}

/// The positions after the `count` plays the network alone ranks best in this decision, the
/// opponent on roll, leaving out plays more than `window` below the best and positions left to
/// no network; nothing unless two or more remain (a decision with one sensible play teaches no
/// order).
fn siblings<E: Evaluator + ?Sized>(
    evaluator: &E,
    board: &Board,
    side: Side,
    dice: Dice,
    count: usize,
    window: f64,
) -> Vec<SampledPosition> {
    let plays = legal_plays(board, side, dice);
    if plays.len() < 2 {
        return Vec::new();
    }
    let stakes = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, side));
    let scores = evaluator.score_plays(board, &plays, side, &stakes);
    let mut order: Vec<usize> = (0..plays.len()).collect();
    order.sort_by(|&a, &b| scores[b].0.total_cmp(&scores[a].0));
    let best = scores[order[0]].0;
    let kept: Vec<SampledPosition> = order
        .into_iter()
        .take_while(|&index| scores[index].0 >= best - window)
        .map(|index| plays[index].result)
        .filter(|after| {
            after.checkers_in_play(side) > 0 && PositionClass::of(after).network().is_some()
        })
        .take(count)
        .map(|after| position_id::encode(&after, side.opponent()))
        .collect();
    if kept.len() < 2 {
        return Vec::new();
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::choice::{self, SharedEvaluator};
    use crate::engine::net::NetEvaluator;

    fn config(decision_plies: u32) -> SampleConfig {
        SampleConfig {
            games: 2,
            seed: 5,
            exploration: 0.05,
            base_keep: 0.0,
            keep_per_disagreement: 0.0,
            decision_plies,
            siblings: 0,
            sibling_window: 0.0,
        }
    }

    #[test]
    fn without_decision_plies_and_keep_chances_nothing_is_kept() {
        let evaluator: SharedEvaluator = choice::embedded_net();
        let nets = NetEvaluator::embedded().nets().clone();
        let kept = sample(&nets, &evaluator, &config(0), 0, &mut |_, _| {});
        assert_eq!(kept, Sampled::default());
    }

    #[test]
    fn a_kept_pair_is_two_plays_of_one_decision_that_the_searches_rank_differently() {
        let evaluator: SharedEvaluator = choice::embedded_net();
        let nets = NetEvaluator::embedded().nets().clone();
        let sampled = sample(&nets, &evaluator, &config(1), 0, &mut |_, _| {});
        assert!(sampled.groups.is_empty(), "no siblings asked for");
        let kept = sampled.positions;
        assert!(
            !kept.is_empty(),
            "two games hold a decision where 0 and 1 ply differ"
        );
        // Every kept position is one the networks judge, seen from the player on roll.
        for id in &kept {
            let board = position_id::decode(id, Side::X, Variant::Standard).expect("a Position ID");
            assert!(PositionClass::of(&board).network().is_some());
            assert!(board.checkers_in_play(Side::X) > 0);
        }
        // A decision of the opening position: wherever the two searches differ, the pair is
        // the two choices, each searched the way it was chosen.
        let zero = Search::new(&*evaluator, 0);
        let one = Search::new(&*evaluator, 1);
        let start = Board::start(Variant::Standard);
        let stakes = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X));
        let best = |search: &Search<'_, _>, dice| {
            let plays = legal_plays(&start, Side::X, dice);
            plays[search.rank_plays(&start, &plays, Side::X, &stakes)[0].index].result
        };
        let mut pairs = 0;
        for dice in Dice::all_rolls() {
            let pair = disagreement(&zero, &one, &start, Side::X, dice);
            let (shallow, searched) = (best(&zero, dice), best(&one, dice));
            if shallow == searched {
                assert!(pair.is_empty());
            } else {
                pairs += 1;
                assert_eq!(
                    pair,
                    vec![
                        position_id::encode(&shallow, Side::O),
                        position_id::encode(&searched, Side::O)
                    ]
                );
            }
        }
        assert!(pairs < 21, "0 and 1 ply agree on some opening rolls");
    }

    #[test]
    fn siblings_are_the_best_plays_of_a_decision_within_the_window() {
        let evaluator: SharedEvaluator = choice::embedded_net();
        let start = Board::start(Variant::Standard);
        let stakes = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X));
        for dice in Dice::all_rolls() {
            let plays = legal_plays(&start, Side::X, dice);
            let scores = evaluator.score_plays(&start, &plays, Side::X, &stakes);
            let best = scores.iter().map(|s| s.0).fold(f64::MIN, f64::max);
            let kept = siblings(&*evaluator, &start, Side::X, dice, 3, 0.05);
            assert!(kept.len() <= 3);
            assert!(kept.len() != 1, "one sibling teaches no order");
            let within = scores.iter().filter(|s| s.0 >= best - 0.05).count();
            assert_eq!(kept.len(), if within >= 2 { within.min(3) } else { 0 });
            // The first kept is the network's choice, seen from the opponent on roll.
            if let Some(first) = kept.first() {
                let chosen = plays
                    .iter()
                    .zip(&scores)
                    .max_by(|a, b| a.1 .0.total_cmp(&b.1 .0))
                    .unwrap()
                    .0
                    .result;
                assert_eq!(first, &position_id::encode(&chosen, Side::O));
            }
        }
        // A wide window keeps the count asked for wherever the roll has that many plays.
        let kept = siblings(
            &*evaluator,
            &start,
            Side::X,
            Dice::new(6, 5).unwrap(),
            2,
            10.0,
        );
        assert_eq!(kept.len(), 2);
        let mut config = config(0);
        config.siblings = 2;
        config.sibling_window = 0.1;
        let nets = NetEvaluator::embedded().nets().clone();
        let sampled = sample(&nets, &evaluator, &config, 0, &mut |_, _| {});
        assert!(
            sampled.positions.len() > 20,
            "two games of decisions with close plays"
        );
        // With no other keeping, the positions are the groups one after another, each group
        // two siblings (no more were asked for).
        assert_eq!(sampled.positions, sampled.groups.concat());
        assert!(sampled.groups.iter().all(|group| group.len() == 2));
        // Other keeping interleaves single positions but leaves the groups as they were,
        // each still together in the positions.
        config.base_keep = 0.5;
        let mixed = sample(&nets, &evaluator, &config, 0, &mut |_, _| {});
        assert_eq!(mixed.groups, sampled.groups);
        assert!(mixed.positions.len() > sampled.positions.len());
        let mut rest = &mixed.positions[..];
        for group in &mixed.groups {
            let start = rest
                .windows(group.len())
                .position(|window| window == &group[..])
                .expect("each group together, in order");
            rest = &rest[start + group.len()..];
        }
    }
}
