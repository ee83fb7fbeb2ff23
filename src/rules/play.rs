//! A play: the single-die steps one player makes with a roll, and the board they lead to.

use super::board::Board;
use serde::{Deserialize, Serialize};

/// Point number of the bar in a step (the mover's numbering).
pub const BAR_POINT: u8 = 25;
/// Point number of "borne off" in a step.
pub const OFF_POINT: u8 = 0;

/// One checker moved by one die (or, for a parsed move, one written jump).
/// Points are in the mover's own numbering: 25 is the bar, 0 is off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Step {
    /// Where the checker starts: 1..=24, or 25 for the bar.
    pub from: u8,
    /// Where it lands: 1..=24, or 0 when borne off.
    pub to: u8,
    /// Whether it hit an opponent's blot on `to`. In Plakoto: whether it pinned a blot there;
    /// in Athroisma: whether it landed on opposing checkers that the roll captures.
    pub hit: bool,
}

/// The most steps a play can have: four in the standard family, seven in Athroisma (1-1).
pub const MAX_STEPS: usize = 8;

/// A legal play: up to four steps (doubles; up to seven in Athroisma) and the resulting board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    steps: [Step; MAX_STEPS],
    len: u8,
    /// The board after the play.
    pub result: Board,
}

impl Play {
    /// A play from its steps (at most `MAX_STEPS` are kept) and the board they lead to.
    #[must_use]
    pub fn new(steps: &[Step], result: Board) -> Play {
        let mut array = [Step::default(); MAX_STEPS];
        let len = steps.len().min(MAX_STEPS);
        array[..len].copy_from_slice(&steps[..len]);
        Play {
            steps: array,
            len: len as u8,
            result,
        }
    }

    /// A play of no steps leading to `result` (the generator's starting point).
    #[inline(always)]
    pub(super) fn unmoved(result: Board) -> Play {
        Play {
            steps: [Step::default(); MAX_STEPS],
            len: 0,
            result,
        }
    }

    /// Sets step number `index` (the generator's working play); out-of-range indices are
    /// ignored.
    #[inline(always)]
    pub(super) fn set_step(&mut self, index: usize, step: Step) {
        if let Some(slot) = self.steps.get_mut(index) {
            // Field by field: three byte stores, cheaper than assembling the packed value.
            slot.from = step.from;
            slot.to = step.to;
            slot.hit = step.hit;
        }
    }

    /// Sets the number of steps, when those from `len` on are already `Step::default()`.
    pub(super) fn set_len(&mut self, len: usize) {
        self.len = len.min(MAX_STEPS) as u8;
    }

    /// The steps in the order they were generated (the order they can be played).
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }

    /// The number of dice this play uses.
    #[must_use]
    pub fn dice_used(&self) -> usize {
        usize::from(self.len)
    }

    /// The pips this play moves (borne-off checkers count the distance to off).
    #[must_use]
    pub fn pips_moved(&self) -> u32 {
        self.steps()
            .iter()
            .map(|step| u32::from(step.from - step.to))
            .sum()
    }
}
