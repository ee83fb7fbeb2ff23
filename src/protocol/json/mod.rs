//! The REPL's `--json`: one NDJSON object per command, so programs can frame replies without
//! sentinels, in tavli's one JSON vocabulary (see `vocabulary.rs` and docs/json.md).

mod event;
mod vocabulary;

pub use vocabulary::{labelled, labelled_probabilities, BoardObject};

use super::cube_report::CubeReport;
use super::event_text::{event_sentence, Placement};
use super::reply_text::reply_text;
use super::response::{
    BoardSnapshot, CommandError, EvaluationReport, EvaluationRow, Output, Response,
};
use super::statistics_report::StatisticsReport;
use super::text;
use crate::engine::Probabilities;
use crate::rules::{Side, Variant};
use event::event_json;
use serde::Serialize;
use serde_json::{json, Value};

/// The board of a REPL output: the board object with the players' names and whether the
/// text form annotates it.
fn board_json(snapshot: &BoardSnapshot) -> Value {
    let mut value = json!(BoardObject::new(&snapshot.state));
    value["names"] = json!(snapshot.names);
    value["annotated"] = json!(snapshot.annotated);
    value
}

fn output_json(output: &Output) -> Value {
    match output {
        Output::Line { text } => json!({"type": "line", "text": text}),
        Output::Partial { text } => json!({"type": "partial", "text": text}),
        Output::Export { format, text } => {
            json!({"type": "export", "format": format, "text": text})
        }
        Output::Board { board } => json!({"type": "board", "board": board_json(board)}),
        Output::Hints { evaluator, entries } => json!({
            "type": "hints",
            "evaluator": evaluator,
            "plays": entries,
        }),
        Output::CubeAnalysis { report } => json!({
            "type": "cube_analysis",
            "analysis": cube_json(report),
        }),
        Output::Evaluation { report } => {
            let mut value = json!(EvaluationJson::of(report));
            value["type"] = json!("evaluation");
            value
        }
        Output::Rollout { report } => {
            let mut value = json!(report);
            value["type"] = json!("rollout");
            value
        }
        Output::Statistics { report } => statistics_json(report),
        Output::Reply { reply } => {
            let mut value = json!(reply);
            value["type"] = json!("reply");
            value
        }
        Output::Event { event } => event_json(event),
    }
}

/// `show statistics`: the report with each player's number beside his name, and its pairs
/// labelled as the rest of the vocabulary labels them (`emg` and `mwc`, `actual` and
/// `luck_adjusted`).
fn statistics_json(report: &StatisticsReport) -> Value {
    let mut value = json!(report);
    value["type"] = json!("statistics");
    for (player, statistics) in value["players"]
        .as_array_mut()
        .into_iter()
        .flatten()
        .enumerate()
    {
        statistics["player"] = json!(player);
    }
    value["snowie_error_rate"] = json!(report
        .snowie_error_rate
        .iter()
        .map(|(emg, mwc)| json!({"emg": emg, "mwc": mwc}))
        .collect::<Vec<_>>());
    value["advantage"] = json!(report.advantage.as_ref().map(|players| players
        .iter()
        .map(|(actual, luck_adjusted)| json!({"actual": actual, "luck_adjusted": luck_adjusted}))
        .collect::<Vec<_>>()));
    value
}

/// Every output as JSON, each event with gnubg's sentence for it as a `line` beside it.
fn outputs_json(outputs: &[Output]) -> Vec<Value> {
    let mut values = Vec::with_capacity(outputs.len());
    for (index, output) in outputs.iter().enumerate() {
        let line = |text: &str| json!({"type": "line", "text": text});
        if let Output::Reply { reply } = output {
            values.push(output_json(output));
            values.extend(reply_text(reply).iter().map(output_json));
            continue;
        }
        let sentence = match output {
            Output::Event { event } => event_sentence(event, &outputs[index + 1..]),
            _ => None,
        };
        match sentence {
            Some((text, Placement::BeforeEvent)) => {
                values.push(line(&text));
                values.push(output_json(output));
            }
            Some((text, Placement::AfterEvent)) => {
                values.push(output_json(output));
                values.push(line(&text));
            }
            None => values.push(output_json(output)),
        }
    }
    values
}

/// A position's evaluation, the one shape of the REPL's `eval` and `tavli eval --json`: the
/// evaluator, the deepest row's figures at the top, every depth in `by_depth`, and the cube
/// analysis when the player on roll may double. `tavli eval` adds the variant and the player
/// on roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvaluationJson<'a> {
    /// The Position ID (tavli's position text in the variants without one).
    pub position_id: String,
    /// The Match ID.
    pub match_id: &'a str,
    /// The variant (`tavli eval`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// The player on roll, whose view the figures are (`tavli eval`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Side>,
    /// The evaluator's short name.
    pub evaluator: &'a str,
    /// The deepest row's plies.
    pub plies: Option<u32>,
    /// `contact`, `race` or `over`.
    pub position_class: String,
    /// The deepest row's probabilities.
    pub probabilities: Option<Probabilities>,
    /// The deepest row's cubeless equity.
    pub cubeless_equity: Option<f64>,
    /// The deepest row's cubeful equity.
    pub cubeful_equity: Option<f64>,
    /// Every depth, from 0 plies to the deepest.
    pub by_depth: &'a [EvaluationRow],
    /// The cube analysis, when the player on roll may double.
    pub cube_analysis: Option<Value>,
}

impl EvaluationJson<'_> {
    /// The JSON of `report`.
    #[must_use]
    pub fn of(report: &EvaluationReport) -> EvaluationJson<'_> {
        let deepest = report.deepest();
        EvaluationJson {
            position_id: report.position_id.clone(),
            match_id: &report.match_id,
            variant: None,
            player: None,
            evaluator: &report.evaluator,
            plies: deepest.map(|row| row.plies),
            position_class: report.position_class.to_ascii_lowercase(),
            probabilities: deepest.map(|row| labelled(&row.probabilities)),
            cubeless_equity: deepest.map(|row| row.cubeless_equity),
            cubeful_equity: deepest.map(|row| row.cubeful_equity),
            by_depth: &report.rows,
            cube_analysis: report.cube.as_ref().map(cube_json),
        }
    }
}

/// A cube analysis with the derived facts (order, proper action) spelled out.
#[must_use]
pub fn cube_json(report: &CubeReport) -> Value {
    json!({
        "evaluator": report.evaluator,
        "plies": report.plies,
        "cubeless_equity": report.cubeless_equity,
        "money_equity": report.money_equity,
        "probabilities": labelled(&report.probabilities),
        "equities": report.lines(),
        "action": report.action(),
        "answer": report.answer,
        "redouble": report.redouble,
        "from_taker": report.from_taker,
        "proper_action": report.proper_action_text(),
        "percentage": report.percentage(),
    })
}

/// The NDJSON line (without newline) for a command's result.
#[must_use]
pub fn render_result(line: &str, result: &Result<Response, CommandError>) -> String {
    let value = match result {
        Ok(response) => json!({
            "command": line,
            "ok": true,
            "outputs": outputs_json(&response.outputs),
            "text": text::render_response(response).stdout,
        }),
        Err(error) => json!({
            "command": line,
            "ok": false,
            "error": {
                "kind": error.kind,
                "message": error.message,
                "offset": error.offset,
            },
        }),
    };
    value.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::response::ErrorKind;

    #[test]
    fn errors_carry_kind_and_message() {
        let error = CommandError::new(ErrorKind::NotNow, "You have already rolled the dice.");
        let line = render_result("roll", &Err(error));
        let value: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        assert_eq!(value["ok"], false);
        assert_eq!(value["error"]["kind"], "not_now");
        assert_eq!(
            value["error"]["message"],
            "You have already rolled the dice."
        );
        assert!(!line.contains('\n'));
    }

    #[test]
    fn hints_and_evaluations_carry_their_plies() {
        let mut session = crate::protocol::Session::new("root");
        for line in [
            "set player 0 human",
            "set seed 4",
            "set evaluation chequerplay evaluation plies 1",
            "new session",
        ] {
            assert!(
                crate::protocol::run_line(&mut session, line).is_ok(),
                "{line}"
            );
        }
        let value = |line: &str, session: &mut crate::protocol::Session| -> Value {
            let result = crate::protocol::run_line(session, line);
            serde_json::from_str(&render_result(line, &result)).unwrap_or(Value::Null)
        };
        let hints = value("hint", &mut session);
        let hints = &hints["outputs"][0];
        assert_eq!(hints["type"], "hints");
        assert_eq!(hints["evaluator"], "net");
        assert_eq!(hints["plays"][0]["plies"], 1);
        let probabilities = &hints["plays"][0]["probabilities"];
        for key in [
            "win",
            "win_gammon",
            "win_backgammon",
            "lose_gammon",
            "lose_backgammon",
        ] {
            assert!(probabilities[key].is_f64(), "{key}: {probabilities}");
        }
        assert_eq!(probabilities.as_object().map(|o| o.len()), Some(5));
        let evaluation = value("eval", &mut session);
        let evaluation = &evaluation["outputs"][0];
        assert_eq!(evaluation["type"], "evaluation");
        let rows = evaluation["by_depth"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert_eq!(rows.len(), 3, "{evaluation}");
        assert_eq!(rows[2]["plies"], 2);
        assert_eq!(evaluation["cubeful_equity"], rows[2]["cubeful_equity"]);
    }
}
