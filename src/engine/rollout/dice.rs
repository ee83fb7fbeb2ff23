//! The dice of a rollout: quasi-random (rotated and stratified) for the first three rolls of
//! every trial, seeded pseudo-random after, each trial's dice a function of the seed and the
//! trial's index alone (so any range of trials can be rolled out anywhere and merged).
//!
//! The 36 ordered rolls are numbered `0..36` (`6 * (first - 1) + (second - 1)`). Trial `t`
//! written in base 36 has digits `d0 = t mod 36`, `d1 = (t / 36) mod 36`, `d2 = (t / 1296) mod
//! 36`; its roll at ply `k < 3` is `permutation_k[(d0 + ... + dk) mod 36]`, each permutation
//! shuffled from the seed. So every aligned block of 36 trials holds each first roll once, and
//! also each second and each third roll once (stratification); every aligned block of 1,296
//! holds each pair of first and second rolls once, every block of 46,656 each triple
//! (rotation). Later rolls come from a generator seeded by the seed and the trial's index.

use crate::rules::Dice;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// How many of a trial's first rolls are rotated and stratified.
pub const ROTATED_ROLLS: usize = 3;

/// The ordered roll numbered `number` (`0..36`).
#[must_use]
pub fn ordered_roll(number: u8) -> Dice {
    Dice::new(number / 6 + 1, number % 6 + 1).expect("a roll number below 36 names two dice")
}

/// A random roll of two dice.
pub fn random_roll(rng: &mut StdRng) -> Dice {
    Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice in range")
}

/// SplitMix64's finaliser: spreads a 64-bit value over all bits (seeds of neighbouring trials
/// must not give related generators).
fn mix(mut value: u64) -> u64 {
    value = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    value = (value ^ (value >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    value = (value ^ (value >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    value ^ (value >> 31)
}

/// The dice of every trial of a rollout with one seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuasiRandomDice {
    seed: u64,
    permutations: [[u8; 36]; ROTATED_ROLLS],
}

impl QuasiRandomDice {
    /// The dice of the rollout seeded `seed`.
    #[must_use]
    pub fn new(seed: u64) -> QuasiRandomDice {
        let mut rng = StdRng::seed_from_u64(mix(seed));
        let mut permutations = [[0u8; 36]; ROTATED_ROLLS];
        for permutation in &mut permutations {
            for (number, slot) in (0u8..).zip(permutation.iter_mut()) {
                *slot = number;
            }
            permutation.shuffle(&mut rng);
        }
        QuasiRandomDice { seed, permutations }
    }

    /// The dice of trial `trial`, to be drawn ply by ply.
    #[must_use]
    pub fn trial(&self, trial: u64) -> TrialDice {
        let mut rotated = [0u8; ROTATED_ROLLS];
        let mut digits = trial;
        let mut index = 0u64;
        for (ply, roll) in rotated.iter_mut().enumerate() {
            index = (index + digits % 36) % 36;
            digits /= 36;
            *roll = self.permutations[ply][index as usize];
        }
        TrialDice {
            rotated,
            drawn: 0,
            rng: StdRng::seed_from_u64(mix(self.seed ^ mix(trial))),
        }
    }
}

/// One trial's dice.
#[derive(Clone, Debug)]
pub struct TrialDice {
    rotated: [u8; ROTATED_ROLLS],
    drawn: usize,
    rng: StdRng,
}

impl TrialDice {
    /// The next roll of the trial (the first call gives the first roll).
    pub fn next_roll(&mut self) -> Dice {
        let roll = match self.rotated.get(self.drawn) {
            Some(&number) => ordered_roll(number),
            None => random_roll(&mut self.rng),
        };
        self.drawn += 1;
        roll
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(dice: Dice) -> usize {
        usize::from((dice.first() - 1) * 6 + dice.second() - 1)
    }

    fn first_rolls(dice: &QuasiRandomDice, trial: u64, count: usize) -> Vec<usize> {
        let mut trial_dice = dice.trial(trial);
        (0..count).map(|_| number(trial_dice.next_roll())).collect()
    }

    #[test]
    fn every_block_of_36_trials_holds_each_of_the_first_three_rolls_once() {
        let dice = QuasiRandomDice::new(5);
        for block in [0u64, 1, 37, 1295, 20_000] {
            for ply in 0..ROTATED_ROLLS {
                let mut seen = [0; 36];
                for trial in block * 36..block * 36 + 36 {
                    seen[first_rolls(&dice, trial, 3)[ply]] += 1;
                }
                assert_eq!(seen, [1; 36], "block {block} ply {ply}");
            }
        }
    }

    #[test]
    fn every_block_of_1296_trials_holds_each_pair_of_first_rolls_once() {
        let dice = QuasiRandomDice::new(9);
        for block in [0u64, 3] {
            let mut seen = vec![0; 36 * 36];
            for trial in block * 1296..block * 1296 + 1296 {
                let rolls = first_rolls(&dice, trial, 2);
                seen[rolls[0] * 36 + rolls[1]] += 1;
            }
            assert!(seen.iter().all(|&count| count == 1), "block {block}");
        }
    }

    #[test]
    fn a_trials_dice_depend_on_the_seed_and_its_index_only() {
        let one = QuasiRandomDice::new(11);
        let other = QuasiRandomDice::new(11);
        assert_eq!(first_rolls(&one, 777, 40), first_rolls(&other, 777, 40));
        assert_ne!(first_rolls(&one, 777, 40), first_rolls(&one, 778, 40));
        assert_ne!(
            first_rolls(&one, 777, 40),
            first_rolls(&QuasiRandomDice::new(12), 777, 40)
        );
    }
}
