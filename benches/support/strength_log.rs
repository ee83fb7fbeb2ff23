//! Reading gnubg's output of a strength run (`benches/gnubg_strength.rs`): tavli's result of
//! each game or match, keyed by the unit's index, so that with duplicate dice the two seats
//! pair game `i` with game `i` whatever happened to the others.
//!
//! With duplicate dice every game is seeded (`set seed N` before `new game`, gnubg answers
//! "Seed set to N."), so a result belongs to the unit of the last seed seen: a game gnubg
//! plays unseeded (before the first seed) counts for nothing, and a game that never ends (gnubg
//! discards it at the next `new game`) leaves its unit without a result instead of shifting
//! every later one onto its neighbour's dice. With one seed per session the results are
//! numbered in order.

use std::collections::BTreeMap;

/// What a run plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// Money games: a result is the points tavli won (negative: lost).
    Money,
    /// Matches to this many points: a result is +1 (tavli won the match) or -1.
    Match(u32),
}

/// How the run's dice are seeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seeding {
    /// One seed for the session: results are numbered in order.
    Session,
    /// Game `g` of unit `u` seeded `base + u * games_per_unit + g`.
    PerGame {
        /// The seed of the first game.
        base: u32,
        /// Games seeded per unit (1 for money, twice the match length for matches).
        games_per_unit: usize,
    },
}

/// tavli's results in one seat, read line by line from gnubg's output.
#[derive(Debug)]
pub struct Tally {
    play: Play,
    seeding: Seeding,
    tavli_seat: usize,
    /// The unit the last seed line belongs to (seeded runs).
    current: Option<usize>,
    /// The last match score line, seat 0 first.
    last_score: Option<[u32; 2]>,
    /// Results by unit index.
    pub results: BTreeMap<usize, i32>,
    /// Results that could not be placed: before any seed, or a second one for the same unit.
    pub unplaced: usize,
}

impl Tally {
    /// An empty tally for tavli in `tavli_seat` (gnubg's player number).
    #[must_use]
    pub fn new(play: Play, seeding: Seeding, tavli_seat: usize) -> Tally {
        Tally {
            play,
            seeding,
            tavli_seat,
            current: None,
            last_score: None,
            results: BTreeMap::new(),
            unplaced: 0,
        }
    }

    /// Reads one line of gnubg's output; returns the result it completed, if any.
    pub fn read(&mut self, line: &str) -> Option<i32> {
        if let Seeding::PerGame {
            base,
            games_per_unit,
        } = self.seeding
        {
            if let Some(seed) = seed_line(line) {
                self.current = seed
                    .checked_sub(base)
                    .map(|game| game as usize / games_per_unit.max(1));
                return None;
            }
        }
        let result = match self.play {
            Play::Match(length) => {
                if let Some(score) = seat_scores(line) {
                    self.last_score = Some(score);
                }
                if !line.contains("has won the match") {
                    return None;
                }
                let score = self.last_score.take()?;
                let winner = usize::from(score[1] >= length);
                if winner == self.tavli_seat {
                    1
                } else {
                    -1
                }
            }
            Play::Money => money_result(line)?,
        };
        let unit = match self.seeding {
            Seeding::Session => Some(self.results.len()),
            Seeding::PerGame { .. } => self.current,
        };
        match unit {
            Some(unit) if !self.results.contains_key(&unit) => {
                self.results.insert(unit, result);
                Some(result)
            }
            _ => {
                self.unplaced += 1;
                None
            }
        }
    }
}

/// The seed of a "Seed set to N." line.
fn seed_line(line: &str) -> Option<u32> {
    line.strip_prefix("Seed set to ")?
        .trim_end_matches('.')
        .parse()
        .ok()
}

/// tavli's points of a money game's result line: "tavli wins a gammon and 2 points." is +2,
/// "gnubg wins a single game and 1 point." -1. An accepted resignation first prints "gnubg
/// accepts and wins a gammon." (no points), which is not a result.
fn money_result(line: &str) -> Option<i32> {
    let (who, rest) = line.split_once(" wins a")?;
    let mut words = rest.split_whitespace().rev();
    if !words.next()?.starts_with("point") {
        return None;
    }
    let points = words.next()?.parse::<i32>().ok()?;
    match who.split_whitespace().next()? {
        "tavli" => Some(points),
        "gnubg" => Some(-points),
        _ => None,
    }
}

/// The two seats' scores of a match's score line (seat 0 first), if `line` is one: "The
/// score (after 3 games) is: gnubg 2, root 7 (match to 7 points)".
#[must_use]
pub fn seat_scores(line: &str) -> Option<[u32; 2]> {
    let (_, rest) = line.split_once("is: ")?;
    let (scores, _) = rest.split_once(" (match to")?;
    let (first, second) = scores.split_once(", ")?;
    let score = |part: &str| part.split_whitespace().last()?.parse::<u32>().ok();
    Some([score(first)?, score(second)?])
}

/// The duplicate pairs of two seats' results: unit by unit, only the units both seats
/// finished, each pair's mean.
#[must_use]
pub fn pairs(first: &BTreeMap<usize, i32>, second: &BTreeMap<usize, i32>) -> Vec<f64> {
    first
        .iter()
        .filter_map(|(unit, &a)| second.get(unit).map(|&b| f64::from(a + b) / 2.0))
        .collect()
}
