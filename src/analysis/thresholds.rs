//! The analysis thresholds a user may change (gnubg's `set analysis threshold ...`): the
//! equity lost from which a decision is marked doubtful, bad or very bad, and the luck from
//! which a roll is marked lucky, very lucky, unlucky or very unlucky; and gnubg's luck rating
//! of a luck rate (its manual's table: beyond ±0.03 and ±0.06 normalised luck per move).

use super::decision::{Decision, DecisionKind};
use super::marks::{LuckMark, Mark, BAD, DOUBTFUL, LUCKY, VERY_BAD, VERY_LUCKY};
use serde::Serialize;

/// The marks' thresholds, all positive (EMG). The defaults are gnubg's (see [`super::marks`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Thresholds {
    /// Equity lost from which a decision is doubtful.
    pub doubtful: f64,
    /// Equity lost from which a decision is bad.
    pub bad: f64,
    /// Equity lost from which a decision is very bad.
    pub very_bad: f64,
    /// Luck from which a roll is lucky.
    pub lucky: f64,
    /// Luck from which a roll is very lucky.
    pub very_lucky: f64,
    /// Bad luck (as a positive number) from which a roll is unlucky.
    pub unlucky: f64,
    /// Bad luck (as a positive number) from which a roll is very unlucky.
    pub very_unlucky: f64,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            doubtful: DOUBTFUL,
            bad: BAD,
            very_bad: VERY_BAD,
            lucky: LUCKY,
            very_lucky: VERY_LUCKY,
            unlucky: LUCKY,
            very_unlucky: VERY_LUCKY,
        }
    }
}

impl Thresholds {
    /// The mark of a decision that lost `loss` (EMG).
    #[must_use]
    pub fn mark(&self, loss: f64) -> Mark {
        if loss >= self.very_bad {
            Mark::VeryBad
        } else if loss >= self.bad {
            Mark::Bad
        } else if loss >= self.doubtful {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }

    /// The mark of a roll of luck `luck` (EMG).
    #[must_use]
    pub fn luck_mark(&self, luck: f64) -> LuckMark {
        if luck >= self.very_lucky {
            LuckMark::VeryLucky
        } else if luck >= self.lucky {
            LuckMark::Lucky
        } else if luck <= -self.very_unlucky {
            LuckMark::VeryUnlucky
        } else if luck <= -self.unlucky {
            LuckMark::Unlucky
        } else {
            LuckMark::None
        }
    }

    /// Marks every decision of `decisions` again with these thresholds.
    pub fn remark(&self, decisions: &mut [Decision]) {
        for decision in decisions {
            decision.mark = self.mark(decision.loss.emg);
            if let DecisionKind::Chequer {
                luck, luck_mark, ..
            } = &mut decision.kind
            {
                *luck_mark = self.luck_mark(luck.emg);
            }
        }
    }
}

/// gnubg's luck rating of a luck rate `rate` (EMG per roll), from its manual's table.
#[must_use]
pub fn luck_rating(rate: f64) -> &'static str {
    if rate > 0.06 {
        "Go to Las Vegas"
    } else if rate > 0.03 {
        "Good dice, man!"
    } else if rate >= -0.03 {
        "None"
    } else if rate >= -0.06 {
        "Bad dice, man!"
    } else {
        "Go to bed"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_thresholds_mark_as_the_constants_do() {
        let thresholds = Thresholds::default();
        for loss in [0.0, 0.029, 0.03, 0.059, 0.06, 0.119, 0.12, 0.5] {
            assert_eq!(thresholds.mark(loss), Mark::of(loss), "{loss}");
        }
        for luck in [-0.7, -0.6, -0.31, -0.1, 0.0, 0.3, 0.59, 0.6, 0.9] {
            assert_eq!(thresholds.luck_mark(luck), LuckMark::of(luck), "{luck}");
        }
    }

    #[test]
    fn changed_thresholds_move_the_marks() {
        let thresholds = Thresholds {
            bad: 0.07,
            unlucky: 0.5,
            ..Thresholds::default()
        };
        assert_eq!(thresholds.mark(0.065), Mark::Doubtful);
        assert_eq!(thresholds.luck_mark(-0.4), LuckMark::None);
        assert_eq!(thresholds.luck_mark(0.4), LuckMark::Lucky);
    }

    #[test]
    fn luck_ratings_follow_gnubgs_table() {
        // Rates of a gnubg 1.07 `show statistics match`: -35.0 and -53.9 mEMG are bad dice,
        // +26.3 and -17.5 none.
        assert_eq!(luck_rating(-0.035), "Bad dice, man!");
        assert_eq!(luck_rating(-0.0539), "Bad dice, man!");
        assert_eq!(luck_rating(0.0263), "None");
        assert_eq!(luck_rating(-0.0175), "None");
        assert_eq!(luck_rating(0.07), "Go to Las Vegas");
        assert_eq!(luck_rating(0.04), "Good dice, man!");
        assert_eq!(luck_rating(-0.07), "Go to bed");
    }
}
