//! The NDJSON line `tavli analyse --json` writes for one file: its players' statistics, its
//! warnings, and asked for, its worst decisions or all of them.

use super::analyse::{worst, Args};
use crate::analysis::{Decision, MatchAnalysis};
use crate::matchfile::diagnostic::Located;
use crate::matchfile::record::MatchRecord;

/// A decision as JSON: its `player` (0 or 1) and his `name`.
fn decision_json(record: &MatchRecord, decision: &Decision) -> serde_json::Value {
    let mut value = serde_json::to_value(decision).unwrap_or_default();
    if let Some(object) = value.as_object_mut() {
        object.insert(
            "name".to_string(),
            record.players[decision.player.index()].clone().into(),
        );
    }
    value
}

/// Each player's statistics, player 0 first, each with its `player` number beside its `name`.
fn players_json(analysis: &MatchAnalysis) -> Vec<serde_json::Value> {
    analysis
        .players
        .iter()
        .zip(0..)
        .map(|(statistics, player)| {
            let mut value = serde_json::to_value(statistics).unwrap_or_default();
            if let Some(object) = value.as_object_mut() {
                object.insert("player".to_string(), player.into());
            }
            value
        })
        .collect()
}

/// The NDJSON line of one file; `warnings` (as in `tavli validate --json`) when it has any.
pub(super) fn json_line(
    name: &str,
    record: &MatchRecord,
    analysis: &MatchAnalysis,
    warnings: &[&Located],
    args: &Args,
) -> String {
    let mut object = serde_json::json!({
        "file": name,
        "match_length": record.length,
        "games": record.games.len(),
        "plies": args.plies,
        "players": players_json(analysis),
    });
    if let Some(map) = object.as_object_mut() {
        if !warnings.is_empty() {
            let list = serde_json::to_value(warnings).unwrap_or_default();
            map.insert("warnings".to_string(), list);
        }
        if let Some(limit) = args.worst {
            let list: Vec<_> = worst(&analysis.decisions, limit)
                .into_iter()
                .map(|d| decision_json(record, d))
                .collect();
            map.insert("worst".to_string(), list.into());
        }
        if args.decisions {
            let list: Vec<_> = analysis
                .decisions
                .iter()
                .map(|d| decision_json(record, d))
                .collect();
            map.insert("decisions".to_string(), list.into());
        }
    }
    format!("{object}\n")
}
