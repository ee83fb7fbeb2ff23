//! The strength bench's reading of gnubg's output (`benches/support/strength_log.rs`): its
//! tests, here because benches without the test harness run none.

#[path = "../benches/support/strength_log.rs"]
mod log;

use log::{pairs, Play, Seeding, Tally};
use std::collections::BTreeMap;

/// Session 19's 2,000-game duplicate run counted 1,001 games in one seat and 999 in the
/// other: `new session` played one unseeded game before the first seed in both seats,
/// and in one seat a beavered game stalled and was discarded by the next `new game`. By
/// seed, the unseeded game counts for nothing and the discarded one leaves only its own
/// pair out.
#[test]
fn results_pair_by_seed_whatever_games_went_missing() {
    let seeding = Seeding::PerGame {
        base: 100,
        games_per_unit: 1,
    };
    let mut seat_zero = Tally::new(Play::Money, seeding, 0);
    for line in "A new session has been started.\n\
         tavli wins a single game and 1 point.\n\
         Seed set to 100.\n\
         gnubg refuses the cube and gives up 1 point.\n\
         tavli wins a single game and 1 point.\n\
         Seed set to 101.\n\
         tavli doubles.\n\
         gnubg accepts and immediately redoubles to 4.\n\
         tavli accepts the cube at 4.\n\
         Seed set to 102.\n\
         gnubg accepts and wins a gammon.\n\
         gnubg wins a gammon and 2 points.\n"
        .lines()
    {
        seat_zero.read(line);
    }
    assert_eq!(seat_zero.results, BTreeMap::from([(0, 1), (2, -2)]));
    assert_eq!(seat_zero.unplaced, 1, "the unseeded game");
    let mut seat_one = Tally::new(Play::Money, seeding, 1);
    for line in "Seed set to 100.\n\
         tavli wins a backgammon and 3 points.\n\
         Seed set to 101.\n\
         gnubg wins a single game and 2 points.\n\
         Seed set to 102.\n\
         tavli wins a single game and 1 point.\n"
        .lines()
    {
        seat_one.read(line);
    }
    assert_eq!(seat_one.results, BTreeMap::from([(0, 3), (1, -2), (2, 1)]));
    assert_eq!(
        pairs(&seat_zero.results, &seat_one.results),
        vec![2.0, -0.5]
    );
}

/// Matches: the games of match `u` are seeded from `base + u * games_per_unit`, and the
/// winner is read from the seats' scores.
#[test]
fn a_match_belongs_to_the_unit_of_its_games_seeds() {
    let seeding = Seeding::PerGame {
        base: 10,
        games_per_unit: 14,
    };
    let mut tally = Tally::new(Play::Match(7), seeding, 1);
    for line in "Seed set to 10.\n\
         The score (after 1 game) is: gnubg 4, tavli 0 (match to 7 points)\n\
         Seed set to 11.\n\
         The score (after 2 games) is: gnubg 4, tavli 8 (match to 7 points)tavli has won the match.\n\
         Seed set to 24.\n\
         Seed set to 25.\n\
         The score (after 2 games) is: gnubg 7, tavli 2 (match to 7 points)gnubg has won the match.\n".lines() {
        tally.read(line);
    }
    assert_eq!(tally.results, BTreeMap::from([(0, 1), (1, -1)]));
    assert_eq!(tally.unplaced, 0);
}

/// One seed for the whole session: the results in order.
#[test]
fn session_dice_number_the_results_in_order() {
    let mut tally = Tally::new(Play::Money, Seeding::Session, 0);
    for line in "Seed set to 7.\n\
         tavli wins a single game and 1 point.\n\
         gnubg wins a gammon and 4 points.\n"
        .lines()
    {
        tally.read(line);
    }
    assert_eq!(tally.results, BTreeMap::from([(0, 1), (1, -4)]));
}
