//! Calibration on self-play: the networks play money games against themselves (cube off,
//! greedy at 0 ply), every position before a roll is judged by its class's network, and when
//! the game ends each of the five outputs is set beside what happened from that mover's side.
//! An evaluator that knew the game would have no mean error; a network trained on truncated
//! rollouts keeps some (it sees gammons too rarely, or the side on roll too weak). Each
//! output's bias is then moved by one Newton step of the cross-entropy of the outcomes, per
//! network: only the mean of each output changes, never how it depends on the position.

use crate::engine::net::evaluator::PositionClass;
use crate::engine::net::{NetClass, NetSet, OUTPUTS};
use crate::rules::{Board, Side, Variant};
use crate::rules::{GameResult, RuleSet};
use crate::train::self_play::{choose, opening_roll, roll, value, Work};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The largest bias move of one round, in logits (a guard against a tally of few positions).
const MAX_SHIFT: f64 = 0.5;

/// The networks calibrated, in the order of [`Tally`]'s rows.
pub const CLASSES: [NetClass; 2] = [NetClass::Contact, NetClass::Race];

/// What a run of games says of each network's outputs: per class (see [`CLASSES`]) the
/// positions judged and, per output, the sums of the prediction, of what happened, and of
/// the prediction's sigmoid slope `p (1 - p)` (the curvature of the loss in the bias).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games played to the end.
    pub games: u64,
    /// Positions judged, per class.
    pub positions: [u64; 2],
    /// Sum of the predictions, per class and output.
    pub predicted: [[f64; OUTPUTS]; 2],
    /// Sum of the outcomes (1 when it happened), per class and output.
    pub happened: [[f64; OUTPUTS]; 2],
    /// Sum of `p (1 - p)`, per class and output.
    pub slope: [[f64; OUTPUTS]; 2],
}

impl Tally {
    /// Adds `other`'s sums to these.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        for class in 0..CLASSES.len() {
            self.positions[class] += other.positions[class];
            for output in 0..OUTPUTS {
                self.predicted[class][output] += other.predicted[class][output];
                self.happened[class][output] += other.happened[class][output];
                self.slope[class][output] += other.slope[class][output];
            }
        }
    }

    /// Mean prediction less mean outcome, per class and output (0 where nothing was judged).
    #[must_use]
    pub fn mean_error(&self) -> [[f64; OUTPUTS]; 2] {
        std::array::from_fn(|class| {
            let positions = self.positions[class].max(1) as f64;
            std::array::from_fn(|output| {
                (self.predicted[class][output] - self.happened[class][output]) / positions
            })
        })
    }

    /// The Newton step of each output bias, per class: `sum(y - p) / sum(p (1 - p))`, at most
    /// [`MAX_SHIFT`] either way.
    #[must_use]
    pub fn shifts(&self) -> [[f32; OUTPUTS]; 2] {
        std::array::from_fn(|class| {
            std::array::from_fn(|output| {
                let slope = self.slope[class][output];
                if slope > 0.0 {
                    let step =
                        (self.happened[class][output] - self.predicted[class][output]) / slope;
                    step.clamp(-MAX_SHIFT, MAX_SHIFT) as f32
                } else {
                    0.0
                }
            })
        })
    }
}

/// Moves the output biases of `nets` by `shifts` (rows in the order of [`CLASSES`]).
pub fn apply(nets: &mut NetSet, shifts: &[[f32; OUTPUTS]; 2]) {
    nets.contact.shift_output_bias(&shifts[0]);
    nets.race.shift_output_bias(&shifts[1]);
}

/// Plays games `first_game..first_game + games` (dice from `seed`) and tallies each
/// network's predictions against the outcomes, calling `progress` after each game.
pub fn play(
    nets: &NetSet,
    seed: u64,
    first_game: u64,
    games: u64,
    progress: &mut dyn FnMut(),
) -> Tally {
    let mut tally = Tally::default();
    let mut work = Work::default();
    let mut judged: Vec<(usize, Side, [f32; OUTPUTS])> = Vec::new();
    for game in first_game..first_game + games {
        let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game);
        let mut board = Board::start(Variant::Standard);
        let mut side = Side::X;
        let mut dice = opening_roll(&mut rng);
        judged.clear();
        let mut result = None;
        for turn in 0..2000 {
            // The opening roll is not the mover's own: judge from the second turn on.
            let network = PositionClass::of(&board).network();
            if let (true, Some(network)) = (turn > 0, network) {
                let row = usize::from(network == NetClass::Race);
                judged.push((row, side, value(nets, &board, side, &mut work)));
            }
            board = choose(nets, &board, side, dice, &mut work).0;
            if let Some(GameResult::Win { winner, kind }) =
                RuleSet::new(Variant::Standard).result(&board)
            {
                result = Some((winner, kind.points()));
                break;
            }
            side = side.opponent();
            dice = roll(&mut rng);
        }
        if let Some((winner, points)) = result {
            tally.games += 1;
            for &(row, mover, predicted) in &judged {
                let won = mover == winner;
                let happened = [
                    won,
                    won && points >= 2,
                    won && points >= 3,
                    !won && points >= 2,
                    !won && points >= 3,
                ];
                tally.positions[row] += 1;
                for output in 0..OUTPUTS {
                    let p = f64::from(predicted[output]);
                    tally.predicted[row][output] += p;
                    tally.happened[row][output] += if happened[output] { 1.0 } else { 0.0 };
                    tally.slope[row][output] += p * (1.0 - p);
                }
            }
        }
        progress();
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::td::random_nets;

    #[test]
    fn a_tally_of_self_play_counts_every_judged_position() {
        let nets = random_nets(8, 4, 3);
        let mut games = 0;
        let tally = play(&nets, 5, 0, 4, &mut || games += 1);
        assert_eq!(games, 4);
        assert_eq!(tally.games, 4);
        assert!(tally.positions[0] > 0);
        // A game has one winner: per position the mover won or lost.
        let total: u64 = tally.positions.iter().sum();
        let won: f64 = tally.happened.iter().map(|row| row[0]).sum();
        assert!(won > 0.0 && won < total as f64);
        for row in &tally.happened {
            assert!(row[1] <= row[0] && row[2] <= row[1]);
        }
    }

    #[test]
    fn the_newton_step_moves_the_mean_prediction_to_the_outcome() {
        // 100 positions predicted at 0.2 where the outcome happened 22 times.
        let mut tally = Tally {
            games: 10,
            positions: [100, 0],
            ..Tally::default()
        };
        tally.predicted[0][1] = 20.0;
        tally.happened[0][1] = 22.0;
        tally.slope[0][1] = 100.0 * 0.2 * 0.8;
        let shifts = tally.shifts();
        let logit = |p: f64| (p / (1.0 - p)).ln();
        let sigmoid = |z: f64| 1.0 / (1.0 + (-z).exp());
        let after = sigmoid(logit(0.2) + f64::from(shifts[0][1]));
        assert!((after - 0.22).abs() < 0.002, "{after}");
        assert_eq!(shifts[0][0], 0.0);
        assert_eq!(shifts[1], [0.0; OUTPUTS]);
        assert!((tally.mean_error()[0][1] + 0.02).abs() < 1e-12);
    }

    /// With one hidden layer and with two (the built-in contact network's shape): only the
    /// output bias moves, and the output by the shift in logits.
    #[test]
    fn a_shift_moves_only_the_output_biases() {
        use crate::engine::net::inputs::{encode, SparseInputs};
        use crate::engine::net::Scratch;
        use rand::SeedableRng;
        for second in [0, 3] {
            let mut nets = random_nets(8, 4, 3);
            let mut rng = StdRng::seed_from_u64(3);
            nets.contact = nets.contact.deepened(second, &mut rng);
            let before = nets.clone();
            apply(&mut nets, &[[0.5, 0.0, 0.0, 0.0, 0.0], [0.0; OUTPUTS]]);
            assert_eq!(nets.race, before.race);
            let changed = nets
                .contact
                .parameters()
                .zip(before.contact.parameters())
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(changed, 1, "second layer {second}");
            let mut inputs = SparseInputs::default();
            encode(&Board::start(Variant::Standard), Side::X, true, &mut inputs);
            let mut scratch = Scratch::default();
            let logit = |p: f32| (p / (1.0 - p)).ln();
            let old = before.contact.evaluate(&inputs, &mut scratch);
            let new = nets.contact.evaluate(&inputs, &mut scratch);
            assert!(
                (logit(new[0]) - logit(old[0]) - 0.5).abs() < 0.01,
                "second layer {second}: {} then {}",
                old[0],
                new[0]
            );
            assert_eq!(new[1..], old[1..]);
        }
    }
}
