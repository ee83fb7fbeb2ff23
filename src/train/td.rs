//! The TD(0) self-play bootstrap: the networks play both sides greedily and after every turn
//! the position before the roll is moved towards the value of the position the roll led to
//! (the exact result at the end of the game, the bear-off database at the end of the race).
//!
//! Reproducible from a seed: game `g` uses dice from a generator seeded by `(seed, g)`, and
//! with several threads each plays its share of a round of games on its own copy of the
//! networks, the copies averaged at the end of the round.

use crate::engine::net::evaluator::PositionClass;
use crate::engine::net::inputs::{self, INPUTS};
use crate::engine::net::{NetClass, NetSet, Network};
use crate::rules::{Board, Side, Variant};
use crate::train::self_play::{choose, opening_roll, roll, Work};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Settings of a TD run.
#[derive(Clone, Debug)]
pub struct TdConfig {
    /// Games to play in this run.
    pub games: u64,
    /// The seed of the dice.
    pub seed: u64,
    /// Learning rate at the start of the run.
    pub rate: f32,
    /// Learning rate at the end of the run (linear in between).
    pub final_rate: f32,
    /// Worker threads.
    pub threads: usize,
    /// Games per thread between two averagings of the copies.
    pub round: u64,
}

/// What a run reports after each round.
#[derive(Clone, Copy, Debug)]
pub struct TdProgress {
    /// Games played in this run so far.
    pub games: u64,
    /// Games behind the networks in all (earlier runs included).
    pub total_games: u64,
    /// Mean absolute TD error of the win output over the round.
    pub win_error: f64,
}

/// Fresh networks with random weights.
#[must_use]
pub fn random_nets(contact_hidden: usize, race_hidden: usize, seed: u64) -> NetSet {
    let mut rng = StdRng::seed_from_u64(seed);
    NetSet {
        contact: Network::random(INPUTS, contact_hidden, &mut rng),
        race: Network::random(INPUTS, race_hidden, &mut rng),
        games: 0,
    }
}

fn game_seed(seed: u64, game: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game.wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// Plays one self-play game, training `nets` on every turn; returns the summed absolute win
/// error and the number of updates.
pub fn train_game(nets: &mut NetSet, seed: u64, rate: f32, work: &mut Work) -> (f64, u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = Board::start(Variant::Standard);
    let mut side = Side::X;
    let mut dice = opening_roll(&mut rng);
    let mut error = 0.0;
    let mut updates = 0;
    for _turn in 0..2000 {
        let (next, target) = choose(nets, &board, side, dice, work);
        if let Some(class) = PositionClass::of(&board).network() {
            let contact = class == NetClass::Contact;
            inputs::encode(&board, side, contact, &mut work.inputs);
            let before =
                nets.network_mut(class)
                    .train(&work.inputs, &target, rate, &mut work.scratch);
            error += f64::from((before[0] - target[0]).abs());
            updates += 1;
        }
        if next.checkers_in_play(side) == 0 {
            break;
        }
        board = next;
        side = side.opponent();
        dice = roll(&mut rng);
    }
    (error, updates)
}

/// Runs `config.games` games of TD training on `nets` (whose `games` counter goes on from
/// where it was), calling `progress` after each round with the networks.
pub fn train(nets: &mut NetSet, config: &TdConfig, progress: &mut dyn FnMut(&TdProgress, &NetSet)) {
    let threads = config.threads.max(1);
    let round = config.round.max(1);
    let start = nets.games;
    let mut played = 0u64;
    while played < config.games {
        let fraction = played as f32 / config.games as f32;
        let rate = config.rate + (config.final_rate - config.rate) * fraction;
        let this_round = (round * threads as u64).min(config.games - played);
        let per_thread = this_round.div_ceil(threads as u64);
        let first_game = start + played;
        let results: Vec<(NetSet, f64, u64)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads as u64)
                .map(|thread| {
                    let mut copy = nets.clone();
                    scope.spawn(move || {
                        let mut work = Work::default();
                        let (mut error, mut updates) = (0.0, 0);
                        for i in 0..per_thread {
                            let game = first_game + thread * per_thread + i;
                            if game >= first_game + this_round {
                                break;
                            }
                            let (e, u) = train_game(
                                &mut copy,
                                game_seed(config.seed, game),
                                rate,
                                &mut work,
                            );
                            error += e;
                            updates += u;
                        }
                        (copy, error, updates)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a training thread does not panic"))
                .collect()
        });
        let error: f64 = results.iter().map(|r| r.1).sum();
        let updates: u64 = results.iter().map(|r| r.2).sum();
        if results.len() == 1 {
            let (copy, _, _) = results.into_iter().next().expect("one result");
            *nets = copy;
        } else {
            let contacts: Vec<Network> = results.iter().map(|r| r.0.contact.clone()).collect();
            let races: Vec<Network> = results.iter().map(|r| r.0.race.clone()).collect();
            nets.contact = Network::average(&contacts);
            nets.race = Network::average(&races);
        }
        played += this_round;
        nets.games = start + played;
        progress(
            &TdProgress {
                games: played,
                total_games: nets.games,
                win_error: error / updates.max(1) as f64,
            },
            nets,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::net::OUTPUTS;

    #[test]
    fn a_short_run_is_reproducible_and_counts_its_games() {
        let config = TdConfig {
            games: 6,
            seed: 11,
            rate: 0.05,
            final_rate: 0.05,
            threads: 2,
            round: 2,
        };
        let run = || {
            let mut nets = random_nets(8, 4, 1);
            let mut reports = 0;
            train(&mut nets, &config, &mut |_, _| reports += 1);
            (nets, reports)
        };
        let (a, reports) = run();
        let (b, _) = run();
        assert_eq!(a, b);
        assert_eq!(a.games, 6);
        assert_eq!(reports, 2);
        assert_ne!(a, random_nets(8, 4, 1));
    }

    /// The built-in contact network has a second hidden layer: a TD run with two threads
    /// (their copies averaged) must train every layer of it, keep its shape, and write and
    /// read back as it is.
    #[test]
    fn a_run_trains_every_layer_of_a_two_layer_contact_network() {
        let mut rng = StdRng::seed_from_u64(4);
        let mut nets = random_nets(8, 4, 2);
        nets.contact = nets.contact.deepened(3, &mut rng);
        let before = nets.clone();
        let config = TdConfig {
            games: 4,
            seed: 12,
            rate: 0.05,
            final_rate: 0.05,
            threads: 2,
            round: 2,
        };
        train(&mut nets, &config, &mut |_, _| {});
        let shape = nets.contact.shape();
        assert_eq!(shape, before.contact.shape());
        assert_eq!(shape.second, 3);
        // The parameters in file order: first-layer weights and biases, second-layer
        // weights and biases, output weights and biases.
        let groups = [
            ("first-layer weights", shape.inputs * shape.hidden),
            ("first-layer biases", shape.hidden),
            ("second-layer weights", shape.second * shape.hidden),
            ("second-layer biases", shape.second),
            ("output weights", OUTPUTS * shape.second),
            ("output biases", OUTPUTS),
        ];
        let after: Vec<f32> = nets.contact.parameters().collect();
        let start: Vec<f32> = before.contact.parameters().collect();
        assert_eq!(after.len(), shape.parameter_count());
        let mut offset = 0;
        for (name, count) in groups {
            let range = offset..offset + count;
            let changed = after[range.clone()]
                .iter()
                .zip(&start[range])
                .filter(|(a, b)| a != b)
                .count();
            assert!(changed > 0, "no {name} changed");
            assert!(after[offset..offset + count].iter().all(|w| w.is_finite()));
            offset += count;
        }
        assert_eq!(offset, after.len());
        let bytes = crate::engine::net::weights_file::write(&nets);
        assert_eq!(
            crate::engine::net::weights_file::read(&bytes).unwrap(),
            nets
        );
    }
}
