//! gnubg's `DBG:` lines of the external-player protocol (`set debug on`): the options map,
//! the fields as given, the board diagram, and the match facts, written before the reply.
//!
//! Found by driving gnubg 1.07's `external` server (the layout is a fact, not gnubg's text):
//! the options map lists the options given in the request, the last given first (a key given
//! twice counts where it was last given, with that value), then the defaults not given (`beavers`,
//! `resignation`, `crawfordrule`, `jacobyrule`); gnubg's `X` is the player who must act (the
//! player answering a pending double), so the board, the Match ID, the score and the cube
//! owner are written from that player's side; the Match ID carries the Jacoby option even in
//! match play; the score of the Crawford game ends with `*` (`Score: 6-2/7*`); the resignation
//! figure is always 0.

use super::{BoardQuestion, BoardRequest, SessionDefaults, BOARD_NUMBERS};
use crate::codec::{match_id, position_id};
use crate::render::board::{render_board, BoardView};
use crate::rules::{MatchState, Side};
use std::fmt::Write;

/// What the debug lines are made of.
pub struct DebugInput<'a> {
    /// The request as parsed (names, the numbers given, the options given).
    pub request: &'a BoardRequest,
    /// The board as read, before any correction for gnubg clients.
    pub question: &'a BoardQuestion,
    /// The numbers in force (a truncated request keeps the earlier ones).
    pub numbers: &'a [i64; BOARD_NUMBERS],
    /// gnubg's `set jacoby` and `set beavers` defaults.
    pub defaults: SessionDefaults,
}

/// The options map as gnubg's debug output writes it.
fn options_map(request: &BoardRequest, defaults: SessionDefaults) -> String {
    let mut entries: Vec<(&str, String)> = Vec::new();
    for (key, value) in &request.given_options {
        entries.retain(|(known, _)| known != key);
        entries.insert(0, (key, value.clone()));
    }
    let defaults = [
        ("beavers", u8::from(defaults.beavers).to_string()),
        ("resignation", "0".to_string()),
        ("crawfordrule", "1".to_string()),
        ("jacobyrule", u8::from(defaults.jacoby).to_string()),
    ];
    for (key, value) in defaults {
        if !entries.iter().any(|(known, _)| *known == key) {
            entries.push((key, value));
        }
    }
    let inner: Vec<String> = entries
        .iter()
        .map(|(key, value)| format!("\"{key}\" : {value}"))
        .collect();
    format!("[{}]", inner.join(", "))
}

/// The fields of the request as given: names quoted, then the numbers.
fn field_list(request: &BoardRequest) -> String {
    let mut parts: Vec<String> = request
        .names
        .iter()
        .map(|name| format!("\"{name}\""))
        .collect();
    parts.extend(request.numbers.iter().map(i64::to_string));
    format!("({})", parts.join(", "))
}

/// `state` relabelled so that the player who must act is `X` (gnubg's view in these lines).
fn from_actor(state: &MatchState) -> (MatchState, bool) {
    if state.turn == Side::X {
        (*state, false)
    } else {
        (state.swapped(), true)
    }
}

/// gnubg's `DBG:` lines, each ending with a newline.
#[must_use]
pub fn debug_lines(input: &DebugInput<'_>) -> String {
    let request = input.request;
    let question = input.question;
    let (mut state, flipped) = from_actor(&question.state);
    // The synthesized Match ID carries the Jacoby option as given, in match play too.
    state.jacoby = request.jacoby.unwrap_or(input.defaults.jacoby);
    // gnubg's reading makes the player who must act the dice owner too.
    state.on_roll = state.turn;
    // Names: request.names[0] is "me" (tavli's X), names[1] the opponent.
    let (me, them) = (&request.names[0], &request.names[1]);
    let (x_name, o_name) = if flipped { (them, me) } else { (me, them) };
    let position = position_id::encode(&state.board, state.on_roll);
    let match_text = match_id::encode(&state);
    let board = render_board(&BoardView {
        state: &state,
        names: [o_name, x_name],
        position_id: &position,
        match_id: &match_text,
        clockwise: false,
        annotated: false,
    });
    let numbers = input.numbers;
    let roll = if numbers[30] != 0 || numbers[31] != 0 {
        format!("{}{}", numbers[30], numbers[31])
    } else {
        format!("{}{}", numbers[32], numbers[33])
    };
    let rules = if state.match_length > 0 {
        let crawford = if request.crawford_rule.unwrap_or(true) {
            "with"
        } else {
            "without"
        };
        format!("Match Play {crawford} Crawford Rule")
    } else {
        let jacoby = request.jacoby.unwrap_or(input.defaults.jacoby);
        let beavers = request.beavers.unwrap_or(input.defaults.beavers);
        format!(
            "Money Session {} Jacoby Rule, {} Beavers",
            if jacoby { "with" } else { "without" },
            if beavers { "with" } else { "without" }
        )
    };
    // gnubg marks the Crawford game with `*` after the match length (`Score: 6-2/7*`).
    let score = if state.match_length > 0 {
        format!(
            "{}-{}/{}{}",
            state.score[1],
            state.score[0],
            state.match_length,
            if state.crawford { "*" } else { "" }
        )
    } else {
        format!("{}-{}", state.score[1], state.score[0])
    };
    let owner = state
        .cube_owner
        .map_or_else(|| "-1".to_string(), |side| side.index().to_string());
    let mut lines = vec![
        options_map(request, input.defaults),
        field_list(request),
        String::new(),
    ];
    lines.extend(board.lines().map(str::to_string));
    lines.extend([
        String::new(),
        format!("X is {x_name}, O is {o_name}"),
        rules,
        format!("Score: {score}, Roll: {roll}"),
        format!(
            "CubeOwner: {owner}, Cube: {}, Turn: X, Doubled: {}, Resignation: 0",
            state.cube_value,
            u8::from(state.double_offered)
        ),
        String::new(),
    ]);
    let mut text = String::new();
    for line in lines {
        let _ = writeln!(text, "DBG: {line}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request_with(options: &[(&'static str, &str)]) -> BoardRequest {
        BoardRequest {
            given_options: options
                .iter()
                .map(|(key, value)| (*key, (*value).to_string()))
                .collect(),
            ..BoardRequest::default()
        }
    }

    #[test]
    fn options_map_orders_as_gnubg() {
        // Orders seen from gnubg 1.07's external server.
        assert_eq!(
            options_map(&request_with(&[]), SessionDefaults::default()),
            r#"["beavers" : 1, "resignation" : 0, "crawfordrule" : 1, "jacobyrule" : 1]"#
        );
        assert_eq!(
            options_map(
                &request_with(&[("jacobyrule", "0"), ("beavers", "0")]),
                SessionDefaults::default()
            ),
            r#"["beavers" : 0, "jacobyrule" : 0, "resignation" : 0, "crawfordrule" : 1]"#
        );
        assert_eq!(
            options_map(
                &request_with(&[
                    ("crawfordrule", "1"),
                    ("beavers", "0"),
                    ("crawfordrule", "1")
                ]),
                SessionDefaults::default()
            ),
            r#"["crawfordrule" : 1, "beavers" : 0, "resignation" : 0, "jacobyrule" : 1]"#
        );
        // `tavli external --beavers false --jacoby false`: the defaults not given follow.
        assert_eq!(
            options_map(
                &request_with(&[]),
                SessionDefaults {
                    jacoby: false,
                    beavers: false,
                    ..SessionDefaults::default()
                }
            ),
            r#"["beavers" : 0, "resignation" : 0, "crawfordrule" : 1, "jacobyrule" : 0]"#
        );
    }
}
