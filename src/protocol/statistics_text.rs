//! gnubg's layout of `show statistics game|match|session`: a header with the players' names,
//! then the chequer-play, luck (when the rolls were analysed), cube and overall blocks, each
//! line a label in 41 columns and one column of 24 per player, with gnubg's labels and number
//! formats (errors printed negative, in EMG with the match-winning chance or the points
//! beside them).

use super::statistics_report::StatisticsReport;
use crate::analysis::marks::rating;
use crate::analysis::thresholds::luck_rating;
use crate::analysis::Equity;

/// One line: the label and both players' cells.
fn row(text: &mut String, label: &str, cells: [String; 2]) {
    text.push_str(&format!("{label:<41}{:<24}{:<23}\n", cells[0], cells[1]));
}

/// A count line.
fn count_row(text: &mut String, label: &str, counts: [usize; 2]) {
    row(text, label, counts.map(|count| format!("{count:3}")));
}

/// Per-player texts from a function of the player's index.
fn cells(cell: impl Fn(usize) -> String) -> [String; 2] {
    [cell(0), cell(1)]
}

/// The report as gnubg prints it.
#[must_use]
pub fn statistics_text(report: &StatisticsReport) -> String {
    let players = &report.players;
    let unit = if report.money { "Points" } else { "MWC" };
    // The figure beside an equity: match-winning chance in percent, or points.
    let beside = |equity: Equity| {
        if report.money {
            format!("{:+7.3}", equity.points)
        } else {
            format!("{:+7.3}%", 100.0 * equity.mwc)
        }
    };
    let total = |equity: Equity| format!("{:+11.3} ({})", equity.emg, beside(equity));
    let rate = |memg: f64, other: Equity| format!("{memg:+9.1}   ({})", beside(other));
    let negative = |emg: f64, mwc: f64, points: f64| Equity {
        emg: -emg,
        mwc: -mwc,
        points: -points,
    };
    let per = |value: f64, count: usize| {
        if count == 0 {
            0.0
        } else {
            value / count as f64
        }
    };
    let rated = |count: usize, value: f64| {
        if count == 0 {
            "n/a".to_string()
        } else {
            rating(value / 1000.0).to_string()
        }
    };
    let mut text = String::new();
    row(
        &mut text,
        "Player",
        cells(|index| players[index].name.clone()),
    );
    text.push('\n');
    if report.played {
        text.push_str("Chequerplay statistics\n\n");
        let chequer = |index: usize| &players[index].chequer;
        count_row(
            &mut text,
            "Total moves",
            [chequer(0).moves, chequer(1).moves],
        );
        count_row(
            &mut text,
            "Unforced moves",
            [chequer(0).unforced, chequer(1).unforced],
        );
        let unmarked = |index: usize| {
            let c = chequer(index);
            c.moves - c.doubtful - c.bad - c.very_bad
        };
        count_row(&mut text, "Unmarked moves", [unmarked(0), unmarked(1)]);
        count_row(
            &mut text,
            "Moves marked doubtful",
            [chequer(0).doubtful, chequer(1).doubtful],
        );
        count_row(
            &mut text,
            "Moves marked bad",
            [chequer(0).bad, chequer(1).bad],
        );
        count_row(
            &mut text,
            "Moves marked very bad",
            [chequer(0).very_bad, chequer(1).very_bad],
        );
        row(
            &mut text,
            &format!("Error total EMG ({unit})"),
            cells(|index| {
                total(negative(
                    chequer(index).error_total,
                    chequer(index).error_total_mwc,
                    chequer(index).error_total_points,
                ))
            }),
        );
        row(
            &mut text,
            &format!("Error rate mEMG ({unit})"),
            cells(|index| {
                let c = chequer(index);
                rate(
                    -c.error_rate,
                    negative(
                        per(c.error_total, c.unforced),
                        per(c.error_total_mwc, c.unforced),
                        per(c.error_total_points, c.unforced),
                    ),
                )
            }),
        );
        row(
            &mut text,
            "Chequerplay rating",
            cells(|index| rated(chequer(index).unforced, chequer(index).error_rate)),
        );
        text.push_str("\n\n");
        if report.luck {
            text.push_str("Luck statistics\n\n");
            let luck = |index: usize| &players[index].luck;
            count_row(
                &mut text,
                "Rolls marked very lucky",
                [luck(0).very_lucky, luck(1).very_lucky],
            );
            count_row(
                &mut text,
                "Rolls marked lucky",
                [luck(0).lucky, luck(1).lucky],
            );
            let unmarked = |index: usize| {
                let l = luck(index);
                report.judged_rolls[index]
                    .saturating_sub(l.very_lucky + l.lucky + l.unlucky + l.very_unlucky)
            };
            count_row(&mut text, "Rolls unmarked", [unmarked(0), unmarked(1)]);
            count_row(
                &mut text,
                "Rolls marked unlucky",
                [luck(0).unlucky, luck(1).unlucky],
            );
            count_row(
                &mut text,
                "Rolls marked very unlucky",
                [luck(0).very_unlucky, luck(1).very_unlucky],
            );
            row(
                &mut text,
                &format!("Luck total EMG ({unit})"),
                cells(|index| {
                    total(Equity {
                        emg: luck(index).total,
                        mwc: luck(index).total_mwc,
                        points: luck(index).total_points,
                    })
                }),
            );
            row(
                &mut text,
                &format!("Luck rate mEMG ({unit})"),
                cells(|index| {
                    let moves = chequer(index).moves;
                    // gnubg has no luck rate for a player who has not moved, analysed or not.
                    if moves == 0 {
                        return "n/a".to_string();
                    }
                    rate(
                        luck(index).rate,
                        Equity {
                            emg: per(luck(index).total, moves),
                            mwc: per(luck(index).total_mwc, moves),
                            points: per(luck(index).total_points, moves),
                        },
                    )
                }),
            );
            row(
                &mut text,
                "Luck rating",
                cells(|index| {
                    if chequer(index).moves == 0 {
                        "n/a".to_string()
                    } else {
                        luck_rating(luck(index).rate / 1000.0).to_string()
                    }
                }),
            );
            text.push_str("\n\n");
        }
        cube_block(&mut text, report, unit, &total, &rate, &rated);
    }
    text.push_str("Overall statistics\n\n");
    if report.played {
        overall_block(&mut text, report, unit, &total, &rate, &rated);
    }
    text.push_str("\n\n\n");
    text
}

fn cube_block(
    text: &mut String,
    report: &StatisticsReport,
    unit: &str,
    total: &dyn Fn(Equity) -> String,
    rate: &dyn Fn(f64, Equity) -> String,
    rated: &dyn Fn(usize, f64) -> String,
) {
    let cube = |index: usize| &report.players[index].cube;
    text.push_str("Cube statistics\n\n");
    count_row(
        text,
        "Total cube decisions",
        [cube(0).total_decisions, cube(1).total_decisions],
    );
    count_row(
        text,
        "Close or actual cube decisions",
        [cube(0).decisions, cube(1).decisions],
    );
    count_row(text, "Doubles", [cube(0).doubles, cube(1).doubles]);
    count_row(text, "Takes", [cube(0).takes, cube(1).takes]);
    count_row(text, "Passes", [cube(0).passes, cube(1).passes]);
    let counts = |index: usize| {
        let c = cube(index);
        [
            c.missed_doubles_below_cash_point,
            c.missed_doubles_above_cash_point,
            c.wrong_doubles_below_double_point,
            c.wrong_doubles_above_too_good,
            c.wrong_takes,
            c.wrong_passes,
        ]
    };
    let labels = [
        "Missed doubles below CP",
        "Missed doubles above CP",
        "Wrong doubles below DP",
        "Wrong doubles above TG",
        "Wrong takes",
        "Wrong passes",
    ];
    for (line, label) in labels.iter().enumerate() {
        row(
            text,
            &format!("{label} (EMG ({unit}))"),
            cells(|index| {
                let count = counts(index)[line];
                if count == 0 {
                    format!("{count:3}")
                } else {
                    let loss = report.cube_error_losses[index][line];
                    let figure = total(Equity {
                        emg: -loss.emg,
                        mwc: -loss.mwc,
                        points: -loss.points,
                    });
                    format!("{count:3} ({})", figure.trim_start())
                }
            }),
        );
    }
    row(
        text,
        &format!("Error total EMG ({unit})"),
        cells(|index| {
            total(Equity {
                emg: -cube(index).error_total,
                mwc: -cube(index).error_total_mwc,
                points: -cube(index).error_total_points,
            })
        }),
    );
    row(
        text,
        &format!("Error rate mEMG ({unit})"),
        cells(|index| {
            let c = cube(index);
            let count = c.decisions.max(1) as f64;
            rate(
                -c.error_rate,
                Equity {
                    emg: -c.error_total / count,
                    mwc: -c.error_total_mwc / count,
                    points: -c.error_total_points / count,
                },
            )
        }),
    );
    row(
        text,
        "Cube decision rating",
        cells(|index| rated(cube(index).decisions, cube(index).error_rate)),
    );
    text.push_str("\n\n");
}

fn overall_block(
    text: &mut String,
    report: &StatisticsReport,
    unit: &str,
    total: &dyn Fn(Equity) -> String,
    rate: &dyn Fn(f64, Equity) -> String,
    rated: &dyn Fn(usize, f64) -> String,
) {
    let players = &report.players;
    let counted = |index: usize| players[index].chequer.unforced + players[index].cube.decisions;
    let mwc_total =
        |index: usize| players[index].chequer.error_total_mwc + players[index].cube.error_total_mwc;
    let points_total = |index: usize| {
        players[index].chequer.error_total_points + players[index].cube.error_total_points
    };
    row(
        text,
        &format!("Error total EMG ({unit})"),
        cells(|index| {
            total(Equity {
                emg: -players[index].overall.error_total,
                mwc: -mwc_total(index),
                points: -points_total(index),
            })
        }),
    );
    row(
        text,
        &format!("Error rate mEMG ({unit})"),
        cells(|index| {
            let count = counted(index).max(1) as f64;
            rate(
                -players[index].overall.error_rate,
                Equity {
                    emg: -players[index].overall.error_total / count,
                    mwc: -mwc_total(index) / count,
                    points: -points_total(index) / count,
                },
            )
        }),
    );
    row(
        text,
        "Snowie error rate",
        cells(|index| {
            // gnubg has no Snowie error rate when nobody has moved.
            if players[0].chequer.moves + players[1].chequer.moves == 0 {
                return "n/a".to_string();
            }
            let (memg, _mwc) = report.snowie_error_rate[index];
            // gnubg's figure in parentheses is always zero, `+0.000%` in match play (`-0.000%`
            // in the other lines) and `+0.000` in money play: 12 of 12 players' lines of its
            // `show statistics match` after a 0-ply `analyse match` of 6 real matches. The
            // report keeps tavli's MWC per move for JSON.
            rate(
                -memg,
                Equity {
                    emg: 0.0,
                    mwc: 0.0,
                    points: 0.0,
                },
            )
        }),
    );
    row(
        text,
        "Overall rating",
        cells(|index| rated(counted(index), players[index].overall.error_rate)),
    );
    let result = |value: f64| {
        if report.money {
            format!("{value:+7.3}")
        } else {
            format!("{:+7.2}%", 100.0 * value)
        }
    };
    // gnubg leaves the results out when nothing was won or lost (no game finished, or a
    // money session that broke even).
    if report.luck && players[0].overall.actual_result != 0.0 {
        row(
            text,
            "Actual result",
            cells(|index| result(players[index].overall.actual_result)),
        );
        row(
            text,
            "Luck adjusted result",
            cells(|index| result(players[index].overall.luck_adjusted_result)),
        );
        if let Some(fibs) = &report.fibs {
            let difference = fibs
                .luck_based_difference
                .map_or_else(|| "n/a".to_string(), |value| format!("{value:+7.2}"));
            row(
                text,
                "Luck based FIBS rating diff.",
                [difference, String::new()],
            );
        }
    }
    if let Some(fibs) = &report.fibs {
        let figure = |value: Option<f64>| {
            value.map_or_else(|| "n/a".to_string(), |value| format!("{value:6.1}"))
        };
        row(
            text,
            "Error based abs. FIBS rating",
            cells(|index| figure(fibs.error_based[index])),
        );
        row(
            text,
            "Chequerplay errors rating loss",
            cells(|index| figure(fibs.chequer_loss[index])),
        );
        row(
            text,
            "Cube errors rating loss",
            cells(|index| figure(fibs.cube_loss[index])),
        );
    }
    if let Some(advantage) = &report.advantage {
        let interval = |values: [f64; 2]| format!("[{:6.3},{:6.3}]", values[0], values[1]);
        row(
            text,
            "Advantage (actual) in ppg",
            cells(|index| format!("{:+6.3}", advantage[index].0.points_per_game)),
        );
        row(
            text,
            "95% confidence interval (ppg)",
            cells(|index| interval(advantage[index].0.interval)),
        );
        row(
            text,
            "Advantage (luck adjusted) in ppg",
            cells(|index| format!("{:+6.3}", advantage[index].1.points_per_game)),
        );
        row(
            text,
            "95% confidence interval (ppg)",
            cells(|index| interval(advantage[index].1.interval)),
        );
    }
}
