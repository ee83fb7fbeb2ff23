//! A rollout's running sums, kept exactly: each trial's figures are added in fixed point (2^-50
//! units in 128-bit integers), so sums of disjoint ranges of trials merge into exactly the sums
//! of the whole, in any order and on any machine, and means and standard errors follow.

use serde::{Deserialize, Serialize};

/// The figures a trial gives, in this order: the five probabilities of the player on roll at
/// the start (win, win gammon, win backgammon, lose gammon, lose backgammon), the cubeless
/// equity and the cubeful equity.
pub const FIGURES: usize = 7;

/// Index of the cubeless equity among the figures.
pub const CUBELESS: usize = 5;
/// Index of the cubeful equity among the figures.
pub const CUBEFUL: usize = 6;

/// Fixed-point scale: one unit is 2^-50.
const SCALE: f64 = (1u64 << 50) as f64;

fn fixed(value: f64) -> i128 {
    (value * SCALE).round() as i128
}

/// Sums and sums of squares of every figure over some trials.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sums {
    /// Trials added.
    pub trials: u64,
    /// Sum of each figure, in 2^-50 units.
    #[serde(with = "decimal_strings")]
    pub sums: [i128; FIGURES],
    /// Sum of each figure's square, in 2^-50 units.
    #[serde(with = "decimal_strings")]
    pub squares: [i128; FIGURES],
}

impl Sums {
    /// Adds one trial's figures.
    pub fn add(&mut self, figures: &[f64; FIGURES]) {
        self.trials += 1;
        for (index, &value) in figures.iter().enumerate() {
            self.sums[index] += fixed(value);
            self.squares[index] += fixed(value * value);
        }
    }

    /// Adds the trials of `other` (disjoint from these).
    pub fn merge(&mut self, other: &Sums) {
        self.trials += other.trials;
        for index in 0..FIGURES {
            self.sums[index] += other.sums[index];
            self.squares[index] += other.squares[index];
        }
    }

    /// The mean of figure `index` (0 with no trials).
    #[must_use]
    pub fn mean(&self, index: usize) -> f64 {
        if self.trials == 0 {
            return 0.0;
        }
        self.sums[index] as f64 / SCALE / self.trials as f64
    }

    /// The standard error of the mean of figure `index`: the trials' sample standard
    /// deviation over the square root of their number (0 with fewer than two trials).
    #[must_use]
    pub fn standard_error(&self, index: usize) -> f64 {
        if self.trials < 2 {
            return 0.0;
        }
        let n = self.trials as f64;
        let sum = self.sums[index] as f64 / SCALE;
        let squares = self.squares[index] as f64 / SCALE;
        let variance = ((squares - sum * sum / n) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }
}

/// The 128-bit sums as decimal strings in JSON (no JSON reader loses their digits).
mod decimal_strings {
    use super::FIGURES;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(
        values: &[i128; FIGURES],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(values.iter().map(ToString::to_string))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<[i128; FIGURES], D::Error> {
        let texts = Vec::<String>::deserialize(deserializer)?;
        if texts.len() != FIGURES {
            return Err(D::Error::custom(format!(
                "expected {FIGURES} sums, found {}",
                texts.len()
            )));
        }
        let mut values = [0i128; FIGURES];
        for (value, text) in values.iter_mut().zip(&texts) {
            *value = text
                .parse()
                .map_err(|_| D::Error::custom(format!("not a sum: {text}")))?;
        }
        Ok(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merging_in_any_order_gives_the_same_sums_exactly() {
        let figures: Vec<[f64; FIGURES]> = (0..50)
            .map(|i| {
                let x = f64::from(i) * 0.013_7 - 0.3;
                [x, x / 3.0, 0.1, -x, 1e-7 * x, 2.0 * x, x * x]
            })
            .collect();
        let mut whole = Sums::default();
        figures.iter().for_each(|f| whole.add(f));
        let (mut low, mut high) = (Sums::default(), Sums::default());
        figures[..17].iter().for_each(|f| low.add(f));
        figures[17..].iter().rev().for_each(|f| high.add(f));
        high.merge(&low);
        assert_eq!(high, whole);
    }

    #[test]
    fn means_and_standard_errors_are_the_samples() {
        let mut sums = Sums::default();
        for value in [1.0, 2.0, 3.0, 4.0] {
            sums.add(&[value; FIGURES]);
        }
        assert!((sums.mean(0) - 2.5).abs() < 1e-12);
        // Sample variance 5/3, standard error sqrt(5/3 / 4).
        assert!((sums.standard_error(3) - (5.0f64 / 12.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn sums_survive_json_exactly() {
        let mut sums = Sums::default();
        sums.add(&[0.123_456_789_012_345; FIGURES]);
        sums.add(&[-7.5; FIGURES]);
        let text = serde_json::to_string(&sums).unwrap();
        assert_eq!(serde_json::from_str::<Sums>(&text).unwrap(), sums);
    }
}
