//! gnubg's yardsticks for an analysed match: the marks of a decision by the equity it lost,
//! the marks of a roll by its luck, the rating bands of an error rate, and XG's PR.
//!
//! The thresholds are gnubg 1.07's defaults as its `show analysis` prints them (doubtful from
//! 0.030, bad from 0.060, very bad from 0.120; lucky from +0.300, very lucky from +0.600), and
//! its rating bands by overall error per decision in normalised equity (EMG).

use serde::Serialize;

/// Equity lost (EMG) from which a decision is marked doubtful.
pub const DOUBTFUL: f64 = 0.030;
/// Equity lost (EMG) from which a decision is marked bad.
pub const BAD: f64 = 0.060;
/// Equity lost (EMG) from which a decision is marked very bad.
pub const VERY_BAD: f64 = 0.120;
/// Luck (EMG) from which a roll is marked lucky (unlucky below its negative).
pub const LUCKY: f64 = 0.300;
/// Luck (EMG) from which a roll is marked very lucky (very unlucky below its negative).
pub const VERY_LUCKY: f64 = 0.600;

/// The mark of a decision by the equity it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Lost less than [`DOUBTFUL`].
    None,
    /// Lost at least [`DOUBTFUL`].
    Doubtful,
    /// Lost at least [`BAD`].
    Bad,
    /// Lost at least [`VERY_BAD`].
    VeryBad,
}

impl Mark {
    /// The mark of a decision that lost `loss` (EMG, not negative).
    #[must_use]
    pub fn of(loss: f64) -> Mark {
        if loss >= VERY_BAD {
            Mark::VeryBad
        } else if loss >= BAD {
            Mark::Bad
        } else if loss >= DOUBTFUL {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }

    /// gnubg's word for the mark ("" for none).
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very bad",
        }
    }
}

/// The mark of a roll by its luck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LuckMark {
    /// At least [`VERY_LUCKY`].
    VeryLucky,
    /// At least [`LUCKY`].
    Lucky,
    /// Between the two unlucky and lucky thresholds.
    None,
    /// At most minus [`LUCKY`].
    Unlucky,
    /// At most minus [`VERY_LUCKY`].
    VeryUnlucky,
}

impl LuckMark {
    /// The mark of a roll of luck `luck` (EMG).
    #[must_use]
    pub fn of(luck: f64) -> LuckMark {
        if luck >= VERY_LUCKY {
            LuckMark::VeryLucky
        } else if luck >= LUCKY {
            LuckMark::Lucky
        } else if luck <= -VERY_LUCKY {
            LuckMark::VeryUnlucky
        } else if luck <= -LUCKY {
            LuckMark::Unlucky
        } else {
            LuckMark::None
        }
    }
}

/// gnubg's rating bands: the upper bound of each band's error per decision (EMG), best first.
const RATING_BANDS: [(f64, &str); 7] = [
    (0.002, "Supernatural"),
    (0.005, "World class"),
    (0.008, "Expert"),
    (0.012, "Advanced"),
    (0.018, "Intermediate"),
    (0.026, "Casual player"),
    (0.035, "Beginner"),
];

/// gnubg's rating of an error rate `rate` in EMG per decision ("Awful!" beyond the bands).
#[must_use]
pub fn rating(rate: f64) -> &'static str {
    RATING_BANDS
        .iter()
        .find(|(bound, _)| rate < *bound)
        .map_or("Awful!", |(_, name)| name)
}

/// XG's performance rating: 500 times the average equity lost (EMG) per decision counted.
#[must_use]
pub fn performance_rating(error_total: f64, decisions: usize) -> f64 {
    if decisions == 0 {
        0.0
    } else {
        500.0 * error_total / decisions as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_start_at_gnubgs_thresholds() {
        assert_eq!(Mark::of(0.0), Mark::None);
        assert_eq!(Mark::of(0.029), Mark::None);
        assert_eq!(Mark::of(0.030), Mark::Doubtful);
        assert_eq!(Mark::of(0.06), Mark::Bad);
        assert_eq!(Mark::of(0.119), Mark::Bad);
        assert_eq!(Mark::of(0.5), Mark::VeryBad);
    }

    #[test]
    fn luck_marks_are_symmetric() {
        assert_eq!(LuckMark::of(0.61), LuckMark::VeryLucky);
        assert_eq!(LuckMark::of(0.31), LuckMark::Lucky);
        assert_eq!(LuckMark::of(0.0), LuckMark::None);
        assert_eq!(LuckMark::of(-0.31), LuckMark::Unlucky);
        assert_eq!(LuckMark::of(-0.61), LuckMark::VeryUnlucky);
    }

    #[test]
    fn ratings_follow_gnubgs_bands() {
        // The figures of a gnubg 1.07 `show statistics match` on a real 5-point match.
        assert_eq!(rating(0.0066), "Expert");
        assert_eq!(rating(0.0081), "Advanced");
        assert_eq!(rating(0.0162), "Intermediate");
        assert_eq!(rating(0.0297), "Beginner");
        assert_eq!(rating(0.001), "Supernatural");
        assert_eq!(rating(0.05), "Awful!");
    }

    #[test]
    fn pr_is_five_hundred_times_the_average_loss() {
        assert!((performance_rating(0.41, 41) - 5.0).abs() < 1e-12);
        assert_eq!(performance_rating(1.0, 0), 0.0);
    }
}
