//! The analysed match's statistics as one table with a column per player, in the blocks and
//! order of gnubg's `show statistics match`: chequer play, luck, cube, overall. Totals are in
//! EMG with, as gnubg's second figure, the match-winning chance in match play or the points
//! in money play.

use super::table::{Table, TableRow};
use crate::analysis::PlayerStatistics;

/// One total three ways: EMG, match-winning chance and points (the last two 0 where they do
/// not apply).
struct Total {
    emg: f64,
    mwc: f64,
    points: f64,
}

/// The statistics table of `players` (O first); `match_play` shows the totals' match-winning
/// chances and words the results as such, money play shows the totals' points.
#[must_use]
pub fn statistics_table(players: &[PlayerStatistics; 2], match_play: bool) -> Table {
    let mut rows = Rows {
        players,
        match_play,
        rows: Vec::new(),
    };
    let count = |n: usize| n.to_string();
    // Chequer play.
    rows.group("Chequer play");
    rows.row("Total moves", &|p| count(p.chequer.moves));
    rows.row("Unforced moves", &|p| count(p.chequer.unforced));
    rows.row("Moves marked doubtful", &|p| count(p.chequer.doubtful));
    rows.row("Moves marked bad", &|p| count(p.chequer.bad));
    rows.row("Moves marked very bad", &|p| count(p.chequer.very_bad));
    rows.total("Error total", &|p| Total {
        emg: p.chequer.error_total,
        mwc: p.chequer.error_total_mwc,
        points: p.chequer.error_total_points,
    });
    rows.row("Error rate (mEMG per unforced move)", &|p| {
        format!("{:.1}", p.chequer.error_rate)
    });
    rows.row("Chequer play rating", &|p| p.chequer.rating.to_string());
    // Luck.
    rows.group("Luck");
    rows.row("Rolls marked very lucky", &|p| count(p.luck.very_lucky));
    rows.row("Rolls marked lucky", &|p| count(p.luck.lucky));
    rows.row("Rolls marked unlucky", &|p| count(p.luck.unlucky));
    rows.row("Rolls marked very unlucky", &|p| count(p.luck.very_unlucky));
    rows.total("Luck total", &|p| Total {
        emg: p.luck.total,
        mwc: p.luck.total_mwc,
        points: p.luck.total_points,
    });
    rows.row("Luck rate (mEMG per roll)", &|p| {
        format!("{:+.1}", p.luck.rate)
    });
    // Cube.
    rows.group("Cube decisions");
    rows.row("Total cube decisions", &|p| count(p.cube.total_decisions));
    rows.row("Close or actual cube decisions", &|p| {
        count(p.cube.decisions)
    });
    rows.row("Doubles", &|p| count(p.cube.doubles));
    rows.row("Takes", &|p| count(p.cube.takes));
    rows.row("Passes", &|p| count(p.cube.passes));
    rows.row("Missed doubles below cash point", &|p| {
        count(p.cube.missed_doubles_below_cash_point)
    });
    rows.row("Missed doubles above cash point", &|p| {
        count(p.cube.missed_doubles_above_cash_point)
    });
    rows.row("Wrong doubles below double point", &|p| {
        count(p.cube.wrong_doubles_below_double_point)
    });
    rows.row("Wrong doubles above too-good point", &|p| {
        count(p.cube.wrong_doubles_above_too_good)
    });
    rows.row("Wrong takes", &|p| count(p.cube.wrong_takes));
    rows.row("Wrong passes", &|p| count(p.cube.wrong_passes));
    rows.total("Error total", &|p| Total {
        emg: p.cube.error_total,
        mwc: p.cube.error_total_mwc,
        points: p.cube.error_total_points,
    });
    rows.row("Error rate (mEMG per cube decision)", &|p| {
        format!("{:.1}", p.cube.error_rate)
    });
    // Overall.
    rows.group("Overall");
    rows.row("Error total (EMG)", &|p| {
        format!("{:.3}", p.overall.error_total)
    });
    rows.row("Error rate (mEMG per decision)", &|p| {
        format!("{:.1}", p.overall.error_rate)
    });
    rows.row("Overall rating", &|p| p.overall.rating.to_string());
    rows.row("PR (XG's performance rating)", &|p| {
        format!("{:.1}", p.overall.pr)
    });
    if match_play {
        rows.row("Actual result (MWC over 50%)", &|p| {
            format!("{:+.1}%", 100.0 * p.overall.actual_result)
        });
        rows.row("Luck adjusted result (MWC)", &|p| {
            format!("{:+.1}%", 100.0 * p.overall.luck_adjusted_result)
        });
    } else {
        rows.row("Actual result (points per game)", &|p| {
            format!("{:+.3}", p.overall.actual_result)
        });
        rows.row("Luck adjusted result (points per game)", &|p| {
            format!("{:+.3}", p.overall.luck_adjusted_result)
        });
    }
    Table {
        caption: "Statistics per player (the analysis' figures; rates in thousandths of \
                  normalised equity, EMG)"
            .to_string(),
        class: "statistics".to_string(),
        columns: vec![
            String::new(),
            players[0].name.clone(),
            players[1].name.clone(),
        ],
        rows: rows.rows,
    }
}

/// The rows being written.
struct Rows<'a> {
    players: &'a [PlayerStatistics; 2],
    /// Match play (the totals' second figure in MWC) or money play (in points).
    match_play: bool,
    rows: Vec<TableRow>,
}

impl Rows<'_> {
    /// A block's heading.
    fn group(&mut self, title: &str) {
        self.rows.push(TableRow::group(title));
    }

    /// A row labelled `label` with each player's `value`.
    fn row(&mut self, label: &str, value: &dyn Fn(&PlayerStatistics) -> String) {
        self.rows.push(TableRow::of(vec![
            label.to_string(),
            value(&self.players[0]),
            value(&self.players[1]),
        ]));
    }

    /// A total's row, labelled `label (EMG)`: each player's total in EMG with its
    /// match-winning chance (match play) or its points (money play) beside it:
    /// `0.412 (5.10% MWC)`, `0.412 (0.824 points)`.
    fn total(&mut self, label: &str, total: &dyn Fn(&PlayerStatistics) -> Total) {
        let match_play = self.match_play;
        self.row(&format!("{label} (EMG)"), &|player| {
            let Total { emg, mwc, points } = total(player);
            if match_play {
                format!("{emg:.3} ({:.2}% MWC)", 100.0 * mwc)
            } else {
                format!("{emg:.3} ({points:.3} points)")
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_column_per_player_and_a_group_per_block() {
        let mut players: [PlayerStatistics; 2] = Default::default();
        players[0].name = "lasse".to_string();
        players[1].name = "behzad92".to_string();
        players[0].chequer.moves = 31;
        players[1].overall.pr = 7.31;
        let table = statistics_table(&players, true);
        assert_eq!(table.columns[1..], ["lasse", "behzad92"]);
        let groups: Vec<&str> = table
            .rows
            .iter()
            .filter(|row| row.class == "group")
            .map(|row| row.cells[0].as_str())
            .collect();
        assert_eq!(
            groups,
            ["Chequer play", "Luck", "Cube decisions", "Overall"]
        );
        let moves = table
            .rows
            .iter()
            .find(|row| row.cells[0] == "Total moves")
            .expect("a moves row");
        assert_eq!(moves.cells[1..], ["31", "0"]);
        assert!(table
            .rows
            .iter()
            .any(|row| row.cells[0].starts_with("PR") && row.cells[2] == "7.3"));
        assert!(table
            .rows
            .iter()
            .all(|row| row.class == "group" || row.cells.len() == 3));
    }

    /// The row labelled `label` (the first one so labelled).
    fn cells<'a>(table: &'a Table, label: &str) -> &'a [String] {
        &table
            .rows
            .iter()
            .find(|row| row.cells[0] == label)
            .unwrap_or_else(|| panic!("a row {label:?}"))
            .cells[1..]
    }

    #[test]
    fn totals_show_points_in_money_play_and_mwc_in_match_play() {
        let mut players: [PlayerStatistics; 2] = Default::default();
        players[0].chequer.error_total = 0.412;
        players[0].chequer.error_total_mwc = 0.051;
        players[0].chequer.error_total_points = 0.824;
        players[1].luck.total = -0.25;
        players[1].luck.total_mwc = -0.031;
        players[1].luck.total_points = -1.0;
        players[1].cube.error_total = 0.1;
        players[1].cube.error_total_mwc = 0.012;
        players[1].cube.error_total_points = 0.4;
        let money = statistics_table(&players, false);
        assert_eq!(
            cells(&money, "Error total (EMG)"),
            ["0.412 (0.824 points)", "0.000 (0.000 points)"]
        );
        assert_eq!(
            cells(&money, "Luck total (EMG)"),
            ["0.000 (0.000 points)", "-0.250 (-1.000 points)"]
        );
        let cube_total = money
            .rows
            .iter()
            .filter(|row| row.cells[0] == "Error total (EMG)")
            .nth(1)
            .expect("the cube block's total");
        assert_eq!(cube_total.cells[2], "0.100 (0.400 points)");
        assert!(!money
            .rows
            .iter()
            .any(|row| row.cells.iter().any(|c| c.contains("MWC"))));
        let matched = statistics_table(&players, true);
        assert_eq!(
            cells(&matched, "Error total (EMG)"),
            ["0.412 (5.10% MWC)", "0.000 (0.00% MWC)"]
        );
        assert_eq!(
            cells(&matched, "Luck total (EMG)")[1],
            "-0.250 (-3.10% MWC)"
        );
        assert!(!matched
            .rows
            .iter()
            .any(|row| row.cells.iter().any(|c| c.contains("points)"))));
    }
}
