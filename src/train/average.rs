//! Weight averaging ("model soup"): the element-wise mean of nets trained from one start, which
//! lands nearer the middle of the basin they share than any one of them.

use crate::engine::net::network::Shape;
use crate::engine::net::{NetClass, NetSet, Network};

/// Why a set of nets cannot be averaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AverageError {
    /// No nets were given.
    Empty,
    /// Net `index` (0-based) has another shape than the first for `class`.
    ShapeMismatch {
        /// Which net.
        index: usize,
        /// Of which class.
        class: NetClass,
        /// The first net's layer sizes.
        expected: Shape,
        /// This net's layer sizes.
        found: Shape,
    },
}

impl std::fmt::Display for AverageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AverageError::Empty => write!(f, "no nets to average"),
            AverageError::ShapeMismatch {
                index,
                class,
                expected,
                found,
            } => write!(
                f,
                "net {} has a {} network of shape {found}, the first one {expected}: only nets \
                 of one shape can be averaged",
                index + 1,
                class.name(),
            ),
        }
    }
}

impl std::error::Error for AverageError {}

/// The element-wise mean of `sets`, class by class; its game count is the largest of theirs.
///
/// # Errors
/// No sets, or sets whose networks differ in shape.
pub fn average(sets: &[NetSet]) -> Result<NetSet, AverageError> {
    let first = sets.first().ok_or(AverageError::Empty)?;
    for (index, set) in sets.iter().enumerate() {
        for class in NetClass::ALL {
            let (expected, found) = (first.network(class).shape(), set.network(class).shape());
            if expected != found {
                return Err(AverageError::ShapeMismatch {
                    index,
                    class,
                    expected,
                    found,
                });
            }
        }
    }
    let mean = |class: NetClass| {
        let networks: Vec<Network> = sets.iter().map(|set| set.network(class).clone()).collect();
        Network::average(&networks)
    };
    Ok(NetSet {
        contact: mean(NetClass::Contact),
        race: mean(NetClass::Race),
        games: sets.iter().map(|set| set.games).max().unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::net::inputs::INPUTS;
    use crate::train::td::random_nets;

    #[test]
    fn the_mean_of_two_nets_lies_halfway_between_them() {
        let (a, b) = (random_nets(4, 3, 1), random_nets(4, 3, 2));
        let mean = average(&[a.clone(), b.clone()]).unwrap();
        for class in NetClass::ALL {
            let parameters = |set: &NetSet| set.network(class).parameters().collect::<Vec<_>>();
            let (pa, pb, pm) = (parameters(&a), parameters(&b), parameters(&mean));
            assert_eq!(pm.len(), pa.len());
            for ((x, y), m) in pa.iter().zip(&pb).zip(&pm) {
                assert!(
                    (m - (x + y) / 2.0).abs() < 1e-6,
                    "{m} is not between {x} and {y}"
                );
            }
        }
    }

    #[test]
    fn one_net_averages_to_itself() {
        let a = random_nets(4, 3, 7);
        assert_eq!(average(std::slice::from_ref(&a)).unwrap(), a);
    }

    #[test]
    fn nets_of_other_shapes_are_refused() {
        let (a, b) = (random_nets(4, 3, 1), random_nets(5, 3, 2));
        assert_eq!(
            average(&[a, b]),
            Err(AverageError::ShapeMismatch {
                index: 1,
                class: NetClass::Contact,
                expected: Shape {
                    inputs: INPUTS,
                    hidden: 4,
                    second: 0
                },
                found: Shape {
                    inputs: INPUTS,
                    hidden: 5,
                    second: 0
                },
            })
        );
        assert_eq!(average(&[]), Err(AverageError::Empty));
    }
}
