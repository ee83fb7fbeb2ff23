//! Shares of an archive for many machines: `--shard K/N` keeps the K-th of N deterministic
//! shares of the input files, and `--shard auto` takes K and N from the batch engine that
//! started the process (a Kubernetes Indexed Job or a Slurm job array).
//!
//! The share of a file depends only on its place in the input list (file `i` goes to shard
//! `i mod N`), and that list is the same on every machine: the paths in the order given,
//! directories expanded in byte order of their entries' names. Dealt round-robin, neighbouring
//! files (often the same player's or the same month's) spread over the shards.

use std::fmt;
use std::str::FromStr;

/// The Kubernetes variable of an Indexed Job's pod index (0-based, set by Kubernetes).
pub const KUBERNETES_INDEX: &str = "JOB_COMPLETION_INDEX";
/// The variable holding the Job's `completions` (Kubernetes does not pass it to the pod:
/// the manifest sets it to the same number, see `deploy/kubernetes/analyse-job.yaml`).
pub const KUBERNETES_COUNT: &str = "TAVLI_SHARD_COUNT";
/// Slurm's variable of the task's array index.
pub const SLURM_INDEX: &str = "SLURM_ARRAY_TASK_ID";
/// Slurm's variable of the number of tasks in the array.
pub const SLURM_COUNT: &str = "SLURM_ARRAY_TASK_COUNT";
/// Slurm's variable of the array's lowest index (`--array=1-8` starts at 1).
pub const SLURM_MIN: &str = "SLURM_ARRAY_TASK_MIN";
/// Slurm's variable of the array's step (`--array=0-15:2`).
pub const SLURM_STEP: &str = "SLURM_ARRAY_TASK_STEP";
/// Slurm's variable of the array's highest index.
pub const SLURM_MAX: &str = "SLURM_ARRAY_TASK_MAX";

/// The K-th (0-based) of N shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K: 0 to `count - 1`.
    pub index: usize,
    /// N: at least 1.
    pub count: usize,
}

/// What `--shard` was given: a share, or `auto` (read from the batch engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardChoice {
    /// `K/N`.
    Fixed(Shard),
    /// `auto`.
    Auto,
}

/// Why a share cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// Not `K/N` nor `auto`.
    Syntax(String),
    /// N is 0.
    NoShares,
    /// K is N or more.
    IndexOutOfRange {
        /// K.
        index: usize,
        /// N.
        count: usize,
    },
    /// `auto` outside a Kubernetes Indexed Job or a Slurm job array.
    NoBatchEngine,
    /// A batch engine's variable is missing.
    Missing(&'static str),
    /// A batch engine's variable is not a whole number (the variable, its value).
    NotANumber(&'static str, String),
    /// A Slurm array that is not a range: its tasks do not map onto the shares 0 to N-1
    /// (`--array=1,3,7`).
    NotARange {
        /// `SLURM_ARRAY_TASK_MIN`.
        min: usize,
        /// `SLURM_ARRAY_TASK_MAX`.
        max: usize,
        /// `SLURM_ARRAY_TASK_COUNT`.
        count: usize,
    },
    /// A Slurm task whose index is not on the array's grid (`--array` with a list).
    OffGrid {
        /// `SLURM_ARRAY_TASK_ID`.
        id: usize,
        /// `SLURM_ARRAY_TASK_MIN`.
        min: usize,
        /// `SLURM_ARRAY_TASK_STEP`.
        step: usize,
    },
}

impl fmt::Display for ShardError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::Syntax(text) => write!(
                formatter,
                "`{text}` is not a shard: write K/N (the K-th of N shares, K from 0 to N-1) or auto"
            ),
            ShardError::NoShares => write!(formatter, "a shard of 0 shares: N must be at least 1"),
            ShardError::IndexOutOfRange { index, count } => write!(
                formatter,
                "shard {index} of {count}: the index runs from 0 to {}",
                count - 1
            ),
            ShardError::NoBatchEngine => write!(
                formatter,
                "--shard auto reads {KUBERNETES_INDEX} and {KUBERNETES_COUNT} (Kubernetes \
                 Indexed Job) or {SLURM_INDEX} and {SLURM_COUNT} (Slurm job array): none is set"
            ),
            ShardError::Missing(variable) => {
                write!(formatter, "--shard auto: {variable} is not set")
            }
            ShardError::NotANumber(variable, value) => write!(
                formatter,
                "--shard auto: {variable}={value:?} is not a whole number"
            ),
            ShardError::NotARange { min, max, count } => write!(
                formatter,
                "--shard auto: the Slurm array ({count} tasks from {min} to {max}) is not a \
                 range: use one such as --array=0-{}",
                count.saturating_sub(1)
            ),
            ShardError::OffGrid { id, min, step } => write!(
                formatter,
                "--shard auto: Slurm task {id} is not on the array {min}, {}, ...: \
                 use a range such as --array=0-7",
                min + step
            ),
        }
    }
}

impl std::error::Error for ShardError {}

impl Shard {
    /// The K-th of N shares.
    ///
    /// # Errors
    /// N is 0 or K is N or more.
    pub fn new(index: usize, count: usize) -> Result<Shard, ShardError> {
        if count == 0 {
            Err(ShardError::NoShares)
        } else if index >= count {
            Err(ShardError::IndexOutOfRange { index, count })
        } else {
            Ok(Shard { index, count })
        }
    }

    /// The share given by the batch engine's variables, looked up with `variable` (the
    /// process environment in the binary). A Kubernetes Indexed Job is recognised by
    /// [`KUBERNETES_INDEX`], a Slurm job array by [`SLURM_INDEX`]; the Slurm index is counted
    /// from the array's first task ([`SLURM_MIN`]) in steps of [`SLURM_STEP`].
    ///
    /// # Errors
    /// Neither engine's variables are set, one is missing or not a number, or the share is
    /// out of range.
    pub fn from_batch_engine(
        variable: impl Fn(&str) -> Option<String>,
    ) -> Result<Shard, ShardError> {
        let number = |name: &'static str| -> Result<usize, ShardError> {
            let value = variable(name).ok_or(ShardError::Missing(name))?;
            value
                .trim()
                .parse()
                .map_err(|_| ShardError::NotANumber(name, value))
        };
        let optional = |name: &'static str, default: usize| -> Result<usize, ShardError> {
            if variable(name).is_some() {
                number(name)
            } else {
                Ok(default)
            }
        };
        if variable(KUBERNETES_INDEX).is_some() {
            return Shard::new(number(KUBERNETES_INDEX)?, number(KUBERNETES_COUNT)?);
        }
        if variable(SLURM_INDEX).is_some() {
            let id = number(SLURM_INDEX)?;
            let count = number(SLURM_COUNT)?;
            let min = optional(SLURM_MIN, 0)?;
            let step = optional(SLURM_STEP, 1)?.max(1);
            let max = optional(SLURM_MAX, min + count.saturating_sub(1) * step)?;
            if count > 0 && max != min + (count - 1) * step {
                return Err(ShardError::NotARange { min, max, count });
            }
            if id < min || (id - min) % step != 0 {
                return Err(ShardError::OffGrid { id, min, step });
            }
            return Shard::new((id - min) / step, count);
        }
        Err(ShardError::NoBatchEngine)
    }

    /// Keeps this shard's share of `items` (item `i` when `i mod N` is K), in order.
    #[must_use]
    pub fn select<T>(&self, items: Vec<T>) -> Vec<T> {
        items
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % self.count == self.index)
            .map(|(_, item)| item)
            .collect()
    }
}

impl FromStr for ShardChoice {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<ShardChoice, ShardError> {
        if text == "auto" {
            return Ok(ShardChoice::Auto);
        }
        let syntax = || ShardError::Syntax(text.to_string());
        let (index, count) = text.split_once('/').ok_or_else(syntax)?;
        let index = index.parse().map_err(|_| syntax())?;
        let count = count.parse().map_err(|_| syntax())?;
        Shard::new(index, count).map(ShardChoice::Fixed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn environment(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn parses_k_of_n_and_auto() {
        assert_eq!(
            "2/5".parse::<ShardChoice>(),
            Ok(ShardChoice::Fixed(Shard { index: 2, count: 5 }))
        );
        assert_eq!("auto".parse::<ShardChoice>(), Ok(ShardChoice::Auto));
        assert_eq!(
            "5/5".parse::<ShardChoice>(),
            Err(ShardError::IndexOutOfRange { index: 5, count: 5 })
        );
        assert_eq!("0/0".parse::<ShardChoice>(), Err(ShardError::NoShares));
        for bad in ["", "3", "a/b", "-1/4", "1/4/2", "1 / 4", "Auto"] {
            assert!(
                matches!(bad.parse::<ShardChoice>(), Err(ShardError::Syntax(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn shares_are_round_robin_and_cover_everything_once() {
        let items: Vec<usize> = (0..10).collect();
        let shares: Vec<Vec<usize>> = (0..3)
            .map(|index| Shard { index, count: 3 }.select(items.clone()))
            .collect();
        assert_eq!(shares[0], [0, 3, 6, 9]);
        assert_eq!(shares[1], [1, 4, 7]);
        assert_eq!(shares[2], [2, 5, 8]);
        assert_eq!(Shard { index: 0, count: 1 }.select(items.clone()), items);
    }

    #[test]
    fn kubernetes_index_and_the_count_set_in_the_manifest() {
        let shard = Shard::from_batch_engine(environment(&[
            ("JOB_COMPLETION_INDEX", "3"),
            ("TAVLI_SHARD_COUNT", "8"),
        ]));
        assert_eq!(shard, Ok(Shard { index: 3, count: 8 }));
        assert_eq!(
            Shard::from_batch_engine(environment(&[("JOB_COMPLETION_INDEX", "3")])),
            Err(ShardError::Missing("TAVLI_SHARD_COUNT"))
        );
        assert_eq!(
            Shard::from_batch_engine(environment(&[
                ("JOB_COMPLETION_INDEX", "8"),
                ("TAVLI_SHARD_COUNT", "8"),
            ])),
            Err(ShardError::IndexOutOfRange { index: 8, count: 8 })
        );
    }

    #[test]
    fn slurm_index_counts_from_the_arrays_first_task() {
        let task = |id: &str, min: &str| {
            Shard::from_batch_engine(environment(&[
                ("SLURM_ARRAY_TASK_ID", id),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
                ("SLURM_ARRAY_TASK_MIN", min),
            ]))
        };
        assert_eq!(task("1", "1"), Ok(Shard { index: 0, count: 4 }));
        assert_eq!(task("4", "1"), Ok(Shard { index: 3, count: 4 }));
        assert_eq!(task("3", "0"), Ok(Shard { index: 3, count: 4 }));
        assert_eq!(
            task("5", "1"),
            Err(ShardError::IndexOutOfRange { index: 4, count: 4 })
        );
        let stepped = Shard::from_batch_engine(environment(&[
            ("SLURM_ARRAY_TASK_ID", "6"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ]));
        assert_eq!(stepped, Ok(Shard { index: 3, count: 4 }));
        assert!(matches!(
            Shard::from_batch_engine(environment(&[
                ("SLURM_ARRAY_TASK_ID", "5"),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
                ("SLURM_ARRAY_TASK_STEP", "2"),
            ])),
            Err(ShardError::OffGrid { .. })
        ));
        assert_eq!(
            Shard::from_batch_engine(environment(&[
                ("SLURM_ARRAY_TASK_ID", "x"),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
            ])),
            Err(ShardError::NotANumber(
                "SLURM_ARRAY_TASK_ID",
                "x".to_string()
            ))
        );
    }

    #[test]
    fn a_slurm_list_that_is_not_a_range_is_refused() {
        // --array=1,3,7: three tasks from 1 to 7.
        let shard = Shard::from_batch_engine(environment(&[
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "7"),
        ]));
        assert_eq!(
            shard,
            Err(ShardError::NotARange {
                min: 1,
                max: 7,
                count: 3
            })
        );
        let range = Shard::from_batch_engine(environment(&[
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
        ]));
        assert_eq!(range, Ok(Shard { index: 2, count: 3 }));
    }

    #[test]
    fn auto_without_a_batch_engine_says_which_variables_it_reads() {
        let error = Shard::from_batch_engine(environment(&[])).unwrap_err();
        assert_eq!(error, ShardError::NoBatchEngine);
        let message = error.to_string();
        assert!(
            message.contains("JOB_COMPLETION_INDEX") && message.contains("SLURM_ARRAY_TASK_ID")
        );
    }
}
