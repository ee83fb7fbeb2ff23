//! The analysed match's statistics as one table with a column per player, in the blocks and
//! order of gnubg's `show statistics match`: chequer play, luck, cube, overall.

use super::table::{Table, TableRow};
use crate::analysis::PlayerStatistics;

/// A total in EMG, with its match-winning chance in match play: `0.412 (5.1% MWC)`.
fn total(emg: f64, mwc: f64, match_play: bool) -> String {
    if match_play {
        format!("{emg:.3} ({:.2}% MWC)", 100.0 * mwc)
    } else {
        format!("{emg:.3}")
    }
}

/// The statistics table of `players` (O first); `match_play` adds the match-winning chances
/// and words the results as such.
#[must_use]
pub fn statistics_table(players: &[PlayerStatistics; 2], match_play: bool) -> Table {
    let mut rows = Rows {
        players,
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
    rows.row("Error total (EMG)", &|p| {
        total(p.chequer.error_total, p.chequer.error_total_mwc, match_play)
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
    rows.row("Luck total (EMG)", &|p| {
        total(p.luck.total, p.luck.total_mwc, match_play)
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
    rows.row("Error total (EMG)", &|p| {
        total(p.cube.error_total, p.cube.error_total_mwc, match_play)
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
}
