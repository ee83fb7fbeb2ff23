//! Changes of a network's shape that keep what it has learnt: more hidden units (Net2Net
//! widening), a larger input vector, a second hidden layer on the trained first one, and the
//! mean of networks of one shape.

use super::{random_weights, Network, OUTPUTS};
use rand::Rng;

impl Network {
    /// The same function with `hidden` units in the first hidden layer (at least the present
    /// number): each new unit copies an existing one, its input weights nudged by `noise` so
    /// that the copies can learn apart, and every copied unit's weights into the next layer
    /// are shared among its copies (Net2Net widening), so training goes on from what the
    /// network already knows.
    #[must_use]
    pub fn widened(&self, hidden: usize, noise: f32, rng: &mut impl Rng) -> Network {
        let old = self.hidden;
        if hidden <= old || old == 0 {
            return self.clone();
        }
        let source: Vec<usize> = (0..hidden)
            .map(|unit| {
                if unit < old {
                    unit
                } else {
                    rng.gen_range(0..old)
                }
            })
            .collect();
        let mut copies = vec![0u32; old];
        for &unit in &source {
            copies[unit] += 1;
        }
        let mut hidden_weights = vec![0.0; self.inputs * hidden];
        for input in 0..self.inputs {
            for (unit, &from) in source.iter().enumerate() {
                let weight = self.hidden_weights[input * old + from];
                let nudge = if unit < old {
                    0.0
                } else {
                    rng.gen_range(-noise..=noise)
                };
                hidden_weights[input * hidden + unit] = weight + nudge;
            }
        }
        let hidden_bias = source.iter().map(|&from| self.hidden_bias[from]).collect();
        // The layer that reads the first: the second hidden layer, or the outputs.
        let (next, rows) = if self.second > 0 {
            (&self.second_weights, self.second)
        } else {
            (&self.output_weights, OUTPUTS)
        };
        let mut next_weights = vec![0.0; rows * hidden];
        for row in 0..rows {
            for (unit, &from) in source.iter().enumerate() {
                next_weights[row * hidden + unit] = next[row * old + from] / copies[from] as f32;
            }
        }
        let mut wider = Network {
            hidden,
            hidden_weights,
            hidden_bias,
            ..self.clone()
        };
        if self.second > 0 {
            wider.second_weights = next_weights;
        } else {
            wider.output_weights = next_weights;
        }
        wider
    }

    /// The same function over a larger input vector: old input `i` becomes input `place(i)`,
    /// and the weights from every new input are zero (so a net trained on an older encoding
    /// computes what it did, and training can teach it the new inputs).
    #[must_use]
    pub fn with_inputs(&self, inputs: usize, place: impl Fn(usize) -> usize) -> Network {
        let hidden = self.hidden;
        let mut hidden_weights = vec![0.0; inputs * hidden];
        for (old, row) in self.hidden_weights.chunks_exact(hidden).enumerate() {
            let new = place(old);
            hidden_weights[new * hidden..(new + 1) * hidden].copy_from_slice(row);
        }
        Network {
            inputs,
            hidden_weights,
            ..self.clone()
        }
    }

    /// A network with a second hidden layer of `second` units between this one's hidden
    /// layer and its outputs: the first layer is kept (the features it has learnt), the new
    /// layer and the outputs start random, for supervised training to fit. A network that
    /// already has a second layer, or `second` 0, comes back unchanged.
    #[must_use]
    pub fn deepened(&self, second: usize, rng: &mut impl Rng) -> Network {
        if self.second > 0 || second == 0 {
            return self.clone();
        }
        Network {
            second,
            second_weights: random_weights(second * self.hidden, self.hidden, rng),
            second_bias: vec![0.0; second],
            output_weights: random_weights(OUTPUTS * second, second, rng),
            output_bias: self.output_bias,
            ..self.clone()
        }
    }

    /// The element-wise mean of `networks` (all of one shape), for combining the copies that
    /// parallel training threads update and for weight averaging.
    #[must_use]
    pub fn average(networks: &[Network]) -> Network {
        let mut mean = networks[0].clone();
        let n = networks.len() as f32;
        let mut all: Vec<Box<dyn Iterator<Item = f32> + '_>> = networks
            .iter()
            .map(|network| Box::new(network.parameters()) as Box<dyn Iterator<Item = f32>>)
            .collect();
        for weight in mean.parameters_mut() {
            *weight = all.iter_mut().filter_map(Iterator::next).sum::<f32>() / n;
        }
        mean
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Scratch, Shape};
    use super::*;
    use crate::engine::net::inputs::{encode, SparseInputs, INPUTS};
    use crate::rules::{Board, Side, Variant};
    use rand::SeedableRng;

    #[test]
    fn widening_a_two_layer_network_keeps_its_function() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(31);
        let shape = Shape {
            inputs: INPUTS,
            hidden: 6,
            second: 4,
        };
        let network = Network::random_shaped(shape, &mut rng);
        let wider = network.widened(11, 0.0, &mut rng);
        assert_eq!(wider.shape().hidden, 11);
        let mut inputs = SparseInputs::default();
        encode(&Board::start(Variant::Standard), Side::X, true, &mut inputs);
        let mut scratch = Scratch::default();
        let (a, b) = (
            network.evaluate(&inputs, &mut scratch),
            wider.evaluate(&inputs, &mut scratch),
        );
        for (x, y) in a.iter().zip(&b) {
            assert!((x - y).abs() < 1e-5, "{a:?} {b:?}");
        }
    }

    #[test]
    fn deepening_keeps_the_first_layer_and_adds_a_trainable_second() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(32);
        let network = Network::random(INPUTS, 6, &mut rng);
        let deeper = network.deepened(5, &mut rng);
        assert_eq!(
            deeper.shape(),
            Shape {
                inputs: INPUTS,
                hidden: 6,
                second: 5
            }
        );
        assert_eq!(deeper.hidden_weights, network.hidden_weights);
        assert_eq!(deeper.deepened(9, &mut rng), deeper);
        assert_eq!(network.deepened(0, &mut rng), network);
    }

    #[test]
    fn the_average_of_two_networks_is_their_midpoint() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(33);
        let shape = Shape {
            inputs: 10,
            hidden: 3,
            second: 2,
        };
        let (a, b) = (
            Network::random_shaped(shape, &mut rng),
            Network::random_shaped(shape, &mut rng),
        );
        let mean = Network::average(&[a.clone(), b.clone()]);
        for ((m, x), y) in mean.parameters().zip(a.parameters()).zip(b.parameters()) {
            assert!((m - (x + y) / 2.0).abs() < 1e-7);
        }
    }
}
