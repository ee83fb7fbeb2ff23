//! The analysed match's report: the validator's page of a match file grown with its
//! analysis (nothing judged again here): the statistics table of both players, per game an
//! equity graph of every decision, and a card for every decision marked doubtful or worse,
//! linked both ways with its move and with its point on the graph.

use super::decision_card::decision_card;
use super::equity_graph::{EquityGraph, GraphPoint};
use super::from_match::report_of;
use super::statistics_table::statistics_table;
use super::{plural, NoteKind, Report};
use crate::analysis::{Decision, DecisionKind, Mark, MatchAnalysis};
use crate::matchfile::written::written_match;
use crate::matchfile::CheckedFile;
use crate::rules::Side;
use std::collections::HashMap;

/// The report of `checked` (a valid file) and its `analysis` at `plies`.
#[must_use]
pub fn analysed_report_of(checked: &CheckedFile, analysis: &MatchAnalysis, plies: u32) -> Report {
    let mut report = report_of(checked);
    let match_play = checked.record.as_ref().is_some_and(|r| r.length > 0);
    let marked = analysis
        .decisions
        .iter()
        .filter(|d| d.mark >= Mark::Doubtful)
        .count();
    report.title = format!("{}: analysis", report.title);
    report.header.push(format!(
        "Analysed by tavli at {plies} ply: {} decision{}, {marked} marked doubtful or worse.",
        analysis.decisions.len(),
        plural(analysis.decisions.len())
    ));
    report
        .tables
        .push(statistics_table(&analysis.players, match_play));
    let rows = decision_rows(checked);
    let names = report.names.clone();
    // The cards, and for each game the headings of its cards by decision number.
    let mut headings: Vec<HashMap<String, usize>> = vec![HashMap::new(); report.games.len()];
    for (game, decisions) in games_of(&analysis.decisions, report.games.len()) {
        for (index, decision) in decisions.iter().enumerate() {
            if decision.mark < Mark::Doubtful {
                continue;
            }
            let row = rows
                .get(game)
                .and_then(|rows| rows.get(&decision.details.action))
                .copied();
            let note = decision_card(decision, index + 1, row, &names, match_play);
            headings[game].insert(note.heading.clone(), index);
            report.add_note(game, note);
        }
    }
    for (game, decisions) in games_of(&analysis.decisions, report.games.len()) {
        let section = &mut report.games[game];
        // Each marked decision's card, found again by its heading after the notes were
        // ordered.
        let mut links: HashMap<usize, String> = HashMap::new();
        for (k, note) in section.notes.iter().enumerate() {
            if note.kind != NoteKind::Decision {
                continue;
            }
            if let Some(&index) = headings[game].get(&note.heading) {
                links.insert(index, format!("g{}-n{k}", game + 1));
            }
        }
        if decisions.is_empty() {
            continue;
        }
        let graph = EquityGraph {
            names: names.clone(),
            points: decisions
                .iter()
                .enumerate()
                .map(|(index, decision)| GraphPoint {
                    chance: decision.details.after.map(|after| {
                        if decision.player == Side::O {
                            after.win
                        } else {
                            1.0 - after.win
                        }
                    }),
                    label: point_label(decision, &names),
                    mark: decision.mark.label().to_string(),
                    link: links.remove(&index),
                })
                .collect(),
        };
        let caption = format!(
            "{}'s chance of winning game {} after each of its {} decision{} (plays and cube \
             decisions, judged at {plies} ply); each marked error links to its card below.",
            names[0],
            game + 1,
            decisions.len(),
            plural(decisions.len())
        );
        section.graph = Some((graph, caption));
    }
    report
}

/// The decisions of each game (0-based) that the report has.
fn games_of(decisions: &[Decision], games: usize) -> Vec<(usize, Vec<&Decision>)> {
    let mut by_game: Vec<Vec<&Decision>> = vec![Vec::new(); games];
    for decision in decisions {
        if let Some(list) = decision
            .game
            .checked_sub(1)
            .and_then(|game| by_game.get_mut(game))
        {
            list.push(decision);
        }
    }
    by_game.into_iter().enumerate().collect()
}

/// For each game, the move row (index into the game's moves) of each recorded action.
fn decision_rows(checked: &CheckedFile) -> Vec<HashMap<usize, usize>> {
    if checked.record.is_none() {
        return Vec::new();
    }
    let written = written_match(&checked.text, checked.format);
    written
        .games
        .iter()
        .enumerate()
        .map(|(game, written_game)| {
            let turns = written.turns.get(game).map_or(&[][..], Vec::as_slice);
            written_game
                .records
                .iter()
                .enumerate()
                .filter_map(|(row, record)| {
                    let turn = turns.get(record.turn?)?;
                    Some((turn.action, row))
                })
                .collect()
        })
        .collect()
}

/// A decision's title on the graph: `lasse 62: 24/18 13/11`, `behzad92: double`.
fn point_label(decision: &Decision, names: &[String; 2]) -> String {
    let name = &names[decision.player.index()];
    match &decision.kind {
        DecisionKind::Chequer { dice, .. } => format!(
            "{name} {}{}: {}",
            dice.first(),
            dice.second(),
            decision.played
        ),
        DecisionKind::Cube { .. } => format!("{name}: {}", decision.played),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{analyse_match, AnalysisSettings};
    use crate::engine::Pubeval;
    use crate::matchfile::check_bytes;
    use crate::render::html_report::render_report;
    use crate::render::picture::PictureOptions;

    #[test]
    fn every_marked_decision_has_a_card_linked_from_its_move_and_the_graph() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/mat/seed08-1pt.mat");
        let bytes = std::fs::read(path).expect("the fixture");
        let checked = check_bytes("seed08-1pt.mat", &bytes, None);
        let record = checked.record.as_ref().expect("a record");
        let analysis =
            analyse_match(record, &Pubeval, &AnalysisSettings::default()).expect("analysed");
        let report = analysed_report_of(&checked, &analysis, 0);
        let game = &report.games[0];
        let (graph, _) = game.graph.as_ref().expect("a graph");
        assert_eq!(graph.points.len(), analysis.decisions.len());
        assert!(graph.points.iter().all(|p| p.chance.is_some()));
        let marked: Vec<&GraphPoint> = graph.points.iter().filter(|p| !p.mark.is_empty()).collect();
        let cards = game
            .notes
            .iter()
            .filter(|n| n.kind == NoteKind::Decision)
            .count();
        assert_eq!(marked.len(), cards);
        assert!(cards > 0, "the fixture has errors to show");
        // Each card sits on its move's row.
        assert!(game
            .notes
            .iter()
            .all(|n| n.on_move && n.turn.is_some_and(|row| row < game.moves.len())));
        assert!(marked.iter().all(|p| p.link.is_some()));
        let page = render_report(&report, &PictureOptions::default());
        for point in marked {
            let link = point.link.as_deref().unwrap_or_default();
            assert!(page.contains(&format!("id=\"{link}\"")), "{link}");
        }
        assert!(page.contains("class=\"equity-graph\""));
        assert!(page.contains("<table class=\"statistics\">"));
    }
}
