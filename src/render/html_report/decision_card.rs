//! The card of one analysed decision: what was played and what was best, the equity lost,
//! the luck of the roll, the best plays (or cube actions) with their equities, and the board
//! before the decision with its dice.

use super::table::{Table, TableRow};
use super::{Note, NoteKind};
use crate::analysis::{Candidate, Decision, DecisionKind, LuckMark};
use crate::engine::Probabilities;

/// A percentage with one decimal: `55.1%`.
fn percent(chance: f64) -> String {
    format!("{:.1}%", 100.0 * chance)
}

/// The chances in words: `win 55.1% (gammon 17.0%), lose gammon 12.0%`.
#[must_use]
pub fn chances_words(chances: &Probabilities) -> String {
    format!(
        "win {} (gammon {}, backgammon {}); lose gammon {}, backgammon {}",
        percent(chances.win),
        percent(chances.win_gammon),
        percent(chances.win_backgammon),
        percent(chances.lose_gammon),
        percent(chances.lose_backgammon)
    )
}

/// The equity lost in words: `0.155 EMG` and in match play `(2.31% MWC)`.
fn loss_words(decision: &Decision, match_play: bool) -> String {
    if match_play {
        format!(
            "{:.3} EMG ({:.2}% MWC)",
            decision.loss.emg,
            100.0 * decision.loss.mwc
        )
    } else {
        format!("{:.3} EMG", decision.loss.emg)
    }
}

/// The mark of a roll's luck in words ("" for none).
fn luck_word(mark: LuckMark) -> &'static str {
    match mark {
        LuckMark::VeryLucky => "very lucky",
        LuckMark::Lucky => "lucky",
        LuckMark::None => "",
        LuckMark::Unlucky => "unlucky",
        LuckMark::VeryUnlucky => "very unlucky",
    }
}

/// The table of a chequer play's best plays: rank, play, equity, difference to the best,
/// and the chances after it; the play made is the row of class `played`.
fn plays_table(candidates: &[Candidate], name: &str, plies: u32) -> Table {
    let best = candidates.first().map_or(0.0, |c| c.equity);
    let rows = candidates
        .iter()
        .map(|candidate| {
            let chances = candidate.probabilities.unwrap_or(Probabilities {
                win: 0.0,
                win_gammon: 0.0,
                win_backgammon: 0.0,
                lose_gammon: 0.0,
                lose_backgammon: 0.0,
            });
            let play = if candidate.played {
                format!("{} (played)", candidate.action)
            } else {
                candidate.action.clone()
            };
            TableRow {
                cells: vec![
                    candidate.rank.to_string(),
                    play,
                    format!("{:+.3}", candidate.equity),
                    difference(candidate.equity, best),
                    percent(chances.win),
                    percent(chances.win_gammon),
                    percent(chances.lose_gammon),
                ],
                class: if candidate.played {
                    "played".to_string()
                } else {
                    String::new()
                },
            }
        })
        .collect();
    Table {
        caption: format!(
            "The best plays at {plies} ply: {name}'s equity after each (EMG) and chances"
        ),
        class: "candidates".to_string(),
        columns: [
            "#",
            "Play",
            "Equity",
            "Diff.",
            "Win",
            "Gammon",
            "Lose gammon",
        ]
        .map(str::to_string)
        .to_vec(),
        rows,
    }
}

/// `-0.045` below the best, the best itself blank.
fn difference(equity: f64, best: f64) -> String {
    if (best - equity).abs() < 5e-4 {
        String::new()
    } else {
        format!("{:+.3}", equity - best)
    }
}

/// The table of a cube decision's actions by the doubler's equity.
fn cube_table(candidates: &[Candidate], doubler: &str, plies: u32) -> Table {
    let best = candidates.first().map_or(0.0, |c| c.equity);
    let rows = candidates
        .iter()
        .map(|candidate| TableRow {
            cells: vec![
                candidate.rank.to_string(),
                candidate.action.clone(),
                format!("{:+.3}", candidate.equity),
                difference(candidate.equity, best),
            ],
            class: if candidate.played {
                "played".to_string()
            } else {
                String::new()
            },
        })
        .collect();
    Table {
        caption: format!("The cube actions at {plies} ply: {doubler}'s equity (EMG)"),
        class: "candidates cube".to_string(),
        columns: ["#", "Cube action", "Equity", "Diff."]
            .map(str::to_string)
            .to_vec(),
        rows,
    }
}

/// The card of `decision` (number `number` of its game), on move row `row`; `names` are the
/// players' (O, X) and `match_play` says whether equities have match-winning chances.
#[must_use]
pub fn decision_card(
    decision: &Decision,
    number: usize,
    row: Option<usize>,
    names: &[String; 2],
    match_play: bool,
) -> Note {
    let name = &names[decision.player.index()];
    let other = &names[decision.player.opponent().index()];
    let mark = decision.mark.label().to_string();
    let plies = decision.details.candidates.first().map_or(0, |c| c.plies);
    let mut details = Vec::new();
    let mut tables = Vec::new();
    let (heading, caption) = match &decision.kind {
        DecisionKind::Chequer {
            dice,
            luck,
            luck_mark,
            ..
        } => {
            let roll = format!("{}-{}", dice.first(), dice.second());
            details.push(("Dice".to_string(), roll.clone()));
            details.push(("Played".to_string(), decision.played.clone()));
            details.push(("Best".to_string(), decision.best.clone()));
            details.push(("Equity lost".to_string(), loss_words(decision, match_play)));
            let luck_text = match luck_word(*luck_mark) {
                "" => format!("{:+.3} EMG", luck.emg),
                word => format!("{:+.3} EMG ({word})", luck.emg),
            };
            details.push(("Luck of the roll".to_string(), luck_text));
            if let Some(after) = &decision.details.after {
                details.push(("Chances after the play".to_string(), chances_words(after)));
            }
            tables.push(plays_table(&decision.details.candidates, name, plies));
            (
                format!("Decision {number}: {name} plays {roll} ({mark})"),
                format!("Before decision {number}: {name} to play {roll}."),
            )
        }
        DecisionKind::Cube { action, .. } => {
            let doubler = match action {
                crate::analysis::CubeAction::NoDouble | crate::analysis::CubeAction::Double => name,
                _ => other,
            };
            details.push(("Cube action".to_string(), decision.played.clone()));
            details.push(("Best".to_string(), decision.best.clone()));
            details.push(("Equity lost".to_string(), loss_words(decision, match_play)));
            if let Some(after) = &decision.details.after {
                details.push((format!("{name}'s chances"), chances_words(after)));
            }
            tables.push(cube_table(&decision.details.candidates, doubler, plies));
            (
                format!(
                    "Decision {number}: {name}'s cube action, {} ({mark})",
                    decision.played
                ),
                if doubler == name {
                    format!("Before decision {number}: {name} on roll, to double or roll.")
                } else {
                    format!("Before decision {number}: {doubler} doubles, {name} to take or pass.")
                },
            )
        }
    };
    details.push(("GNUbg ID".to_string(), decision.gnubg_id.clone()));
    if !decision.xgid.is_empty() {
        details.push(("XGID".to_string(), decision.xgid.clone()));
    }
    Note {
        kind: NoteKind::Decision,
        turn: row,
        on_move: row.is_some(),
        heading,
        details,
        lists: Vec::new(),
        tables,
        mark,
        board: Some((decision.state, caption)),
    }
}
