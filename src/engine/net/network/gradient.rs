//! Gradients of the cross-entropy of the five outputs, by backpropagation through one or two
//! hidden layers: one step of plain gradient descent in place (TD self-play), or the gradient
//! summed into an accumulator of the same shape (minibatch training).

use super::{Network, Scratch, OUTPUTS};
use crate::engine::net::inputs::SparseInputs;

impl Network {
    /// The error at each layer for `outputs` against `targets`, from the activations that
    /// [`Network::forward`] left in `scratch`: each hidden layer's into its delta vector,
    /// the outputs' returned (a sigmoid output under cross-entropy has error `y - t`).
    #[inline(always)]
    fn backward(
        &self,
        outputs: &[f32; OUTPUTS],
        targets: &[f32; OUTPUTS],
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        let mut output_delta = [0.0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            output_delta[k] = outputs[k] - targets[k];
        }
        let Scratch {
            hidden,
            hidden_delta,
            second,
            second_delta,
            ..
        } = scratch;
        let width = self.last();
        let (last, last_delta) = if self.second > 0 {
            (&*second, &mut *second_delta)
        } else {
            (&*hidden, &mut *hidden_delta)
        };
        last_delta.clear();
        last_delta.resize(width, 0.0);
        for (k, &delta) in output_delta.iter().enumerate() {
            let row = &self.output_weights[k * width..(k + 1) * width];
            for (d, &w) in last_delta.iter_mut().zip(row) {
                *d += delta * w;
            }
        }
        for (d, &a) in last_delta.iter_mut().zip(last) {
            *d *= a * (1.0 - a);
        }
        if self.second > 0 {
            hidden_delta.clear();
            hidden_delta.resize(self.hidden, 0.0);
            for (row, &delta) in self
                .second_weights
                .chunks_exact(self.hidden)
                .zip(&*second_delta)
            {
                for (d, &w) in hidden_delta.iter_mut().zip(row) {
                    *d += delta * w;
                }
            }
            for (d, &h) in hidden_delta.iter_mut().zip(&*hidden) {
                *d *= h * (1.0 - h);
            }
        }
        output_delta
    }

    /// Adds `scale` times the gradient that [`Network::backward`] left in `scratch` (with the
    /// output errors `output_delta`) to this network's weights: a network of the same shape,
    /// the one evaluated (a descent step, `scale` minus the rate) or an accumulator (`scale` 1).
    #[inline(always)]
    fn add_scaled_gradient(
        &mut self,
        inputs: &SparseInputs,
        output_delta: &[f32; OUTPUTS],
        scratch: &Scratch,
        scale: f32,
    ) {
        let width = self.last();
        let last = if self.second > 0 {
            &scratch.second
        } else {
            &scratch.hidden
        };
        for (k, &delta) in output_delta.iter().enumerate() {
            let step = scale * delta;
            let row = &mut self.output_weights[k * width..(k + 1) * width];
            for (w, &a) in row.iter_mut().zip(last) {
                *w += step * a;
            }
            self.output_bias[k] += step;
        }
        if self.second > 0 {
            let rows = self.second_weights.chunks_exact_mut(self.hidden);
            for ((row, bias), &delta) in rows
                .zip(self.second_bias.iter_mut())
                .zip(&scratch.second_delta)
            {
                let step = scale * delta;
                for (w, &h) in row.iter_mut().zip(&scratch.hidden) {
                    *w += step * h;
                }
                *bias += step;
            }
        }
        for (b, &d) in self.hidden_bias.iter_mut().zip(&scratch.hidden_delta) {
            *b += scale * d;
        }
        for (index, value) in inputs.iter() {
            let row = &mut self.hidden_weights[index * self.hidden..(index + 1) * self.hidden];
            let step = scale * value;
            for (w, &d) in row.iter_mut().zip(&scratch.hidden_delta) {
                *w += step * d;
            }
        }
    }

    /// One gradient step of size `rate` towards `targets` (cross-entropy of each output);
    /// returns the outputs before the step.
    pub fn train(
        &mut self,
        inputs: &SparseInputs,
        targets: &[f32; OUTPUTS],
        rate: f32,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if super::wide_vectors() {
            // SAFETY: the processor has AVX2 and FMA (checked at run time just above).
            return unsafe { self.train_wide(inputs, targets, rate, scratch) };
        }
        self.train_portable(inputs, targets, rate, scratch)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn train_wide(
        &mut self,
        inputs: &SparseInputs,
        targets: &[f32; OUTPUTS],
        rate: f32,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        self.train_portable(inputs, targets, rate, scratch)
    }

    #[inline(always)]
    fn train_portable(
        &mut self,
        inputs: &SparseInputs,
        targets: &[f32; OUTPUTS],
        rate: f32,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        let outputs = self.forward(inputs, scratch);
        let output_delta = self.backward(&outputs, targets, scratch);
        self.add_scaled_gradient(inputs, &output_delta, scratch, -rate);
        outputs
    }

    /// Adds the gradient of the cross-entropy of the outputs for `inputs` towards `targets`
    /// into `gradient` (shaped like this network); returns the outputs.
    pub fn accumulate_gradient(
        &self,
        inputs: &SparseInputs,
        targets: &[f32; OUTPUTS],
        gradient: &mut Network,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        let outputs = self.forward(inputs, scratch);
        let output_delta = self.backward(&outputs, targets, scratch);
        gradient.add_scaled_gradient(inputs, &output_delta, scratch, 1.0);
        outputs
    }

    /// A network of the same shape with every weight zero (a gradient accumulator).
    #[must_use]
    pub fn zeros_like(&self) -> Network {
        let mut zeros = self.clone();
        for weight in zeros.parameters_mut() {
            *weight = 0.0;
        }
        zeros
    }
}

#[cfg(test)]
mod tests {
    use super::super::Shape;
    use super::*;
    use crate::engine::net::inputs::{encode, INPUTS};
    use crate::rules::{Board, Side, Variant};
    use rand::SeedableRng;

    fn loss(outputs: &[f32; OUTPUTS], targets: &[f32; OUTPUTS]) -> f64 {
        outputs
            .iter()
            .zip(targets)
            .map(|(&y, &t)| {
                let (y, t) = (f64::from(y), f64::from(t));
                -(t * y.ln() + (1.0 - t) * (1.0 - y).ln())
            })
            .sum()
    }

    /// The backpropagated gradient of every weight against a central difference of the loss.
    #[test]
    fn the_gradient_matches_finite_differences_with_and_without_a_second_layer() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(21);
        let mut inputs = SparseInputs::default();
        encode(&Board::start(Variant::Standard), Side::X, true, &mut inputs);
        let targets = [0.7, 0.3, 0.05, 0.1, 0.01];
        for second in [0, 5] {
            let shape = Shape {
                inputs: INPUTS,
                hidden: 6,
                second,
            };
            let net = Network::random_shaped(shape, &mut rng);
            let mut scratch = Scratch::default();
            let mut gradient = net.zeros_like();
            net.accumulate_gradient(&inputs, &targets, &mut gradient, &mut scratch);
            let analytic: Vec<f32> = gradient.parameters().collect();
            let weights: Vec<f32> = net.parameters().collect();
            let mut checked = 0;
            for (i, &g) in analytic.iter().enumerate() {
                if g.abs() < 1e-4 {
                    continue;
                }
                let at = |delta: f32| {
                    let mut moved = weights.clone();
                    moved[i] += delta;
                    let moved = Network::from_parameters(shape, &moved).unwrap();
                    loss(&moved.dense_outputs(&inputs.dense()), &targets)
                };
                let h = 1e-2;
                let numeric = (at(h) - at(-h)) / (2.0 * f64::from(h));
                let error = (numeric - f64::from(g)).abs();
                assert!(
                    error < 2e-3 + 0.05 * numeric.abs(),
                    "second {second}, weight {i}: {g} against {numeric}"
                );
                checked += 1;
            }
            assert!(checked > 50, "{checked}");
        }
    }

    #[test]
    fn a_descent_step_is_minus_the_rate_times_the_gradient() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(22);
        let mut inputs = SparseInputs::default();
        encode(&Board::start(Variant::Standard), Side::X, true, &mut inputs);
        let targets = [1.0, 0.0, 0.0, 0.5, 0.0];
        let shape = Shape {
            inputs: INPUTS,
            hidden: 8,
            second: 4,
        };
        let net = Network::random_shaped(shape, &mut rng);
        let mut scratch = Scratch::default();
        let mut gradient = net.zeros_like();
        net.accumulate_gradient(&inputs, &targets, &mut gradient, &mut scratch);
        let mut stepped = net.clone();
        stepped.train(&inputs, &targets, 0.1, &mut scratch);
        for ((after, before), g) in stepped
            .parameters()
            .zip(net.parameters())
            .zip(gradient.parameters())
        {
            assert!((after - (before - 0.1 * g)).abs() < 1e-6);
        }
    }
}
