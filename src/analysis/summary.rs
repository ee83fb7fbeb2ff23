//! Per-player figures across an archive: each analysed match's counts and totals added up
//! under the player's name, the rates recomputed from the sums (weighted by the decisions
//! behind them, never averaged per file) and the players ranked by PR.
//!
//! The same sums come from a run's own analyses (`tavli analyse --summary`) and from NDJSON
//! read back (`tavli analyse --merge`): both go through [`MatchTotals`], summed in file order,
//! so a merge of shards gives the very numbers of one whole run.

use super::marks::{performance_rating, rating};
use super::statistics::{per_thousand, PlayerStatistics};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What one match contributes to its players' rows: the file and each player's totals. It
/// reads the per-file NDJSON line of `tavli analyse --json` (other keys are ignored, so a
/// line written before `length` was renamed `match_length` reads the same).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct MatchTotals {
    /// The file the match came from (the key that orders the sums).
    pub file: String,
    /// Both players, player 0 first.
    pub players: Vec<PlayerTotals>,
}

/// One player's counts and totals in one match.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct PlayerTotals {
    /// The player's name.
    pub name: String,
    /// Chequer-play counts and the equity lost.
    pub chequer: ChequerTotals,
    /// Luck of the player's rolls.
    pub luck: LuckTotals,
    /// Cube-decision counts and the equity lost.
    pub cube: CubeTotals,
}

/// The chequer-play counts and total of one player.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ChequerTotals {
    /// Every roll (forced ones too).
    pub moves: usize,
    /// Rolls with a choice.
    pub unforced: usize,
    /// Plays marked doubtful.
    pub doubtful: usize,
    /// Plays marked bad.
    pub bad: usize,
    /// Plays marked very bad.
    pub very_bad: usize,
    /// Equity lost in chequer play (EMG).
    pub error_total: f64,
}

/// The luck total of one player.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LuckTotals {
    /// Luck of all the player's rolls (EMG).
    pub total: f64,
}

/// The cube counts and total of one player.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CubeTotals {
    /// Close or actual cube decisions.
    pub decisions: usize,
    /// Cube errors.
    pub errors: usize,
    /// Equity lost in cube decisions (EMG).
    pub error_total: f64,
}

impl From<&PlayerStatistics> for PlayerTotals {
    fn from(statistics: &PlayerStatistics) -> PlayerTotals {
        let chequer = &statistics.chequer;
        PlayerTotals {
            name: statistics.name.clone(),
            chequer: ChequerTotals {
                moves: chequer.moves,
                unforced: chequer.unforced,
                doubtful: chequer.doubtful,
                bad: chequer.bad,
                very_bad: chequer.very_bad,
                error_total: chequer.error_total,
            },
            luck: LuckTotals {
                total: statistics.luck.total,
            },
            cube: CubeTotals {
                decisions: statistics.cube.decisions,
                errors: statistics.cube.errors,
                error_total: statistics.cube.error_total,
            },
        }
    }
}

impl MatchTotals {
    /// The totals of a match analysed in this run.
    #[must_use]
    pub fn of(file: &str, players: &[PlayerStatistics]) -> MatchTotals {
        MatchTotals {
            file: file.to_string(),
            players: players.iter().map(PlayerTotals::from).collect(),
        }
    }
}

/// One player's row of the summary.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// 1 for the lowest PR.
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// Matches (files) the player played in.
    pub matches: usize,
    /// Decisions counted: unforced moves and close or actual cube decisions.
    pub decisions: usize,
    /// Chequer play.
    pub chequer: ChequerSummary,
    /// Cube decisions.
    pub cube: CubeSummary,
    /// Luck.
    pub luck: LuckSummary,
    /// Overall.
    pub overall: OverallSummary,
}

/// A player's chequer play over the archive.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ChequerSummary {
    /// The sums.
    #[serde(flatten)]
    pub totals: ChequerTotals,
    /// mEMG lost per unforced move.
    pub error_rate: f64,
    /// gnubg's rating of the chequer error rate.
    pub rating: &'static str,
}

/// A player's cube decisions over the archive.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CubeSummary {
    /// The sums.
    #[serde(flatten)]
    pub totals: CubeTotals,
    /// mEMG lost per close or actual cube decision.
    pub error_rate: f64,
}

/// A player's luck over the archive.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LuckSummary {
    /// Luck of all the rolls (EMG).
    pub total: f64,
    /// mEMG of luck per roll.
    pub rate: f64,
}

/// A player's overall figures over the archive.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct OverallSummary {
    /// Equity lost in chequer play and cube decisions (EMG).
    pub error_total: f64,
    /// mEMG lost per decision counted.
    pub error_rate: f64,
    /// gnubg's rating of the overall error rate.
    pub rating: &'static str,
    /// XG-style performance rating over every decision counted.
    pub pr: f64,
}

/// The players of an archive, ranked, and the matches read.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ArchiveSummary {
    /// Matches summed.
    pub matches: usize,
    /// The players, best PR first (players without a counted decision last).
    pub players: Vec<PlayerSummary>,
}

impl ArchiveSummary {
    /// Sums `matches` per player name (in file order, whatever order they came in) and ranks
    /// the players. The caller removes files read twice (see [`ArchiveSummary::duplicates`]).
    #[must_use]
    pub fn of(mut matches: Vec<MatchTotals>) -> ArchiveSummary {
        matches.sort_by(|a, b| a.file.cmp(&b.file));
        let mut rows: BTreeMap<&str, PlayerSummary> = BTreeMap::new();
        for record in &matches {
            let mut seen: Vec<&str> = Vec::new();
            for player in &record.players {
                let row = rows.entry(&player.name).or_default();
                if !seen.contains(&player.name.as_str()) {
                    seen.push(&player.name);
                    row.matches += 1;
                }
                let chequer = &mut row.chequer.totals;
                chequer.moves += player.chequer.moves;
                chequer.unforced += player.chequer.unforced;
                chequer.doubtful += player.chequer.doubtful;
                chequer.bad += player.chequer.bad;
                chequer.very_bad += player.chequer.very_bad;
                chequer.error_total += player.chequer.error_total;
                row.luck.total += player.luck.total;
                let cube = &mut row.cube.totals;
                cube.decisions += player.cube.decisions;
                cube.errors += player.cube.errors;
                cube.error_total += player.cube.error_total;
            }
        }
        let mut players: Vec<PlayerSummary> = rows
            .into_iter()
            .map(|(name, mut row)| {
                row.name = name.to_string();
                let (chequer, cube) = (&row.chequer.totals, &row.cube.totals);
                row.decisions = chequer.unforced + cube.decisions;
                row.chequer.error_rate = per_thousand(chequer.error_total, chequer.unforced);
                row.chequer.rating = rating(row.chequer.error_rate / 1000.0);
                row.cube.error_rate = per_thousand(cube.error_total, cube.decisions);
                row.luck.rate = per_thousand(row.luck.total, chequer.moves);
                let error_total = chequer.error_total + cube.error_total;
                let error_rate = per_thousand(error_total, row.decisions);
                row.overall = OverallSummary {
                    error_total,
                    error_rate,
                    rating: rating(error_rate / 1000.0),
                    pr: performance_rating(error_total, row.decisions),
                };
                row
            })
            .collect();
        // Ranked by PR; a player with nothing counted has no PR to rank by. Ties keep the
        // names' order (the sort is stable over the name-ordered rows).
        players.sort_by(|a, b| {
            (a.decisions == 0)
                .cmp(&(b.decisions == 0))
                .then(a.overall.pr.total_cmp(&b.overall.pr))
        });
        for (index, player) in players.iter_mut().enumerate() {
            player.rank = index + 1;
        }
        ArchiveSummary {
            matches: matches.len(),
            players,
        }
    }

    /// Removes the later copies of a file named twice in `matches` (an output concatenated
    /// twice, or two runs over the same file) and returns their names.
    pub fn duplicates(matches: &mut Vec<MatchTotals>) -> Vec<String> {
        let mut seen = std::collections::HashSet::new();
        let mut duplicates = Vec::new();
        matches.retain(|record| {
            if seen.insert(record.file.clone()) {
                true
            } else {
                duplicates.push(record.file.clone());
                false
            }
        });
        duplicates
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(
        name: &str,
        unforced: usize,
        error_total: f64,
        cube: usize,
        luck: f64,
    ) -> PlayerTotals {
        PlayerTotals {
            name: name.to_string(),
            chequer: ChequerTotals {
                moves: unforced + 1,
                unforced,
                doubtful: 1,
                bad: 0,
                very_bad: 0,
                error_total,
            },
            luck: LuckTotals { total: luck },
            cube: CubeTotals {
                decisions: cube,
                errors: 0,
                error_total: 0.0,
            },
        }
    }

    fn record(file: &str, players: [PlayerTotals; 2]) -> MatchTotals {
        MatchTotals {
            file: file.to_string(),
            players: players.to_vec(),
        }
    }

    #[test]
    fn rates_are_weighted_by_decisions_not_averaged_per_file() {
        // Ann: 0.1 EMG over 10 moves, then 0.9 over 90: 10 mEMG per move (a mean of the two
        // files' rates would also be 10; Bob's files tell the two apart).
        // Bob: 0.2 over 10 (20 mEMG), 0.0 over 90 (0 mEMG): 2 mEMG per move, not 10.
        let summary = ArchiveSummary::of(vec![
            record(
                "b.mat",
                [
                    player("Ann", 90, 0.9, 0, 1.0),
                    player("Bob", 90, 0.0, 0, -1.0),
                ],
            ),
            record(
                "a.mat",
                [
                    player("Ann", 10, 0.1, 0, 0.0),
                    player("Bob", 10, 0.2, 0, 0.0),
                ],
            ),
        ]);
        assert_eq!(summary.matches, 2);
        let [first, second] = &summary.players[..] else {
            panic!("two players: {summary:?}")
        };
        assert_eq!((first.rank, first.name.as_str()), (1, "Bob"));
        assert_eq!((second.rank, second.name.as_str()), (2, "Ann"));
        assert_eq!((first.matches, first.decisions), (2, 100));
        assert!((first.chequer.error_rate - 2.0).abs() < 1e-9);
        assert!((second.chequer.error_rate - 10.0).abs() < 1e-9);
        assert!((first.overall.pr - 1.0).abs() < 1e-9);
        assert_eq!(first.chequer.totals.doubtful, 2);
        // Luck per roll: -1.0 EMG over 102 rolls.
        assert!((first.luck.rate - (-1000.0 / 102.0)).abs() < 1e-9);
    }

    #[test]
    fn cube_decisions_count_in_the_overall_rate_and_pr() {
        let mut ann = player("Ann", 8, 0.0, 2, 0.0);
        ann.cube.errors = 1;
        ann.cube.error_total = 0.1;
        let summary =
            ArchiveSummary::of(vec![record("a.mat", [ann, player("Bob", 1, 0.0, 0, 0.0)])]);
        let ann = summary.players.iter().find(|p| p.name == "Ann").unwrap();
        assert_eq!(ann.decisions, 10);
        assert!((ann.cube.error_rate - 50.0).abs() < 1e-9);
        assert!((ann.overall.error_rate - 10.0).abs() < 1e-9);
        assert!((ann.overall.pr - 5.0).abs() < 1e-9);
    }

    #[test]
    fn the_order_of_the_files_read_does_not_change_a_bit() {
        let files: Vec<MatchTotals> = (0..20)
            .map(|i| {
                let loss = 0.1 / f64::from(i + 3);
                record(
                    &format!("m{i:02}.mat"),
                    [
                        player("Ann", 7, loss, 1, loss),
                        player("Bob", 9, 3.0 * loss, 0, -loss),
                    ],
                )
            })
            .collect();
        let mut reversed = files.clone();
        reversed.reverse();
        assert_eq!(ArchiveSummary::of(files), ArchiveSummary::of(reversed));
    }

    #[test]
    fn players_without_decisions_rank_last_and_one_seat_pair_is_one_match() {
        let summary = ArchiveSummary::of(vec![record(
            "a.mat",
            [
                player("Same", 0, 0.0, 0, 0.0),
                player("Same", 4, 0.4, 0, 0.0),
            ],
        )]);
        assert_eq!(summary.players.len(), 1);
        assert_eq!(summary.players[0].matches, 1);
        let summary = ArchiveSummary::of(vec![record(
            "a.mat",
            [
                player("Idle", 0, 0.0, 0, 0.0),
                player("Busy", 4, 4.0, 0, 0.0),
            ],
        )]);
        assert_eq!(summary.players[0].name, "Busy");
        assert_eq!(summary.players[1].name, "Idle");
    }

    #[test]
    fn later_copies_of_a_file_are_dropped() {
        let one = record(
            "a.mat",
            [player("A", 1, 0.0, 0, 0.0), player("B", 1, 0.0, 0, 0.0)],
        );
        let mut matches = vec![
            one.clone(),
            one.clone(),
            record("b.mat", [one.players[0].clone(), one.players[1].clone()]),
        ];
        assert_eq!(ArchiveSummary::duplicates(&mut matches), ["a.mat"]);
        assert_eq!(matches.len(), 2);
    }

    #[test]
    fn reads_the_per_file_ndjson_line() {
        let line = r#"{"file":"x.mat","match_length":5,"players":[
            {"name":"A","chequer":{"moves":3,"unforced":2,"doubtful":0,"bad":1,"very_bad":0,"error_total":0.07,"error_rate":35.0,"rating":"Awful!"},
             "luck":{"total":0.1,"rate":33.3},"cube":{"decisions":1,"errors":0,"error_total":0.0,"error_rate":0.0},"overall":{}},
            {"name":"B","chequer":{"moves":3,"unforced":3,"doubtful":0,"bad":0,"very_bad":0,"error_total":0.0},
             "luck":{"total":-0.1},"cube":{"decisions":0,"errors":0,"error_total":0.0}}]}"#;
        let totals: MatchTotals = serde_json::from_str(line).unwrap();
        assert_eq!(totals.file, "x.mat");
        assert_eq!(totals.players[0].chequer.bad, 1);
        assert_eq!(totals.players[1].luck.total, -0.1);
        // A line written before the match length was spelled `match_length` reads the same.
        let old: MatchTotals =
            serde_json::from_str(&line.replace("\"match_length\"", "\"length\"")).unwrap();
        assert_eq!(old, totals);
    }
}
