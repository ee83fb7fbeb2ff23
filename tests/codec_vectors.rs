//! gnubg's recorded ID vectors: every GNUbg ID, Match ID field, FIBS line and XGID decodes
//! to what gnubg showed and encodes back to the same text.

use serde_json::Value;
use tavli::codec::{fibs, gnubg_id, match_id, xgid, FibsFlavour};
use tavli::rules::{MatchState, Side, Variant, BAR};

const VECTORS: &str = include_str!("../fixtures/ids/id-vectors.jsonl");

fn vectors() -> Vec<Value> {
    VECTORS
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("fixture line is JSON"))
        .collect()
}

fn number(value: &Value, key: &str) -> u64 {
    value[key]
        .as_u64()
        .unwrap_or_else(|| panic!("missing {key}"))
}

/// `[off, point 1 .. point 24, bar]` of `side`, as the fixture writes it.
fn side_array(state: &MatchState, side: Side) -> Vec<u64> {
    let slots = &state.board.slots[side.index()];
    let mut array = vec![u64::from(state.board.off[side.index()])];
    array.extend(slots[..BAR].iter().map(|&count| u64::from(count)));
    array.push(u64::from(slots[BAR]));
    array
}

fn expected_array(vector: &Value, key: &str) -> Vec<u64> {
    vector[key]
        .as_array()
        .expect("side array")
        .iter()
        .map(|value| value.as_u64().expect("count"))
        .collect()
}

#[test]
fn there_are_28_vectors() {
    assert_eq!(vectors().len(), 28);
}

#[test]
fn gnubg_ids_decode_to_the_listed_sides_and_encode_back() {
    for vector in vectors() {
        let scenario = vector["scenario"].as_str().unwrap_or("?");
        let id = vector["gnubg_id"].as_str().expect("gnubg_id");
        let state = gnubg_id::decode(id, Variant::Standard)
            .unwrap_or_else(|error| panic!("{scenario}: {error}"));
        let on_roll = Side::from_index(number(&vector, "player_on_roll") as usize).unwrap();
        assert_eq!(state.on_roll, on_roll, "{scenario}");
        assert_eq!(
            side_array(&state, on_roll),
            expected_array(&vector, "on_roll_side"),
            "{scenario}"
        );
        assert_eq!(
            side_array(&state, on_roll.opponent()),
            expected_array(&vector, "opponent_side"),
            "{scenario}"
        );
        assert_eq!(gnubg_id::encode(&state), id, "{scenario}");
        assert_eq!(
            match_id::encode(&state),
            vector["match_id"].as_str().unwrap(),
            "{scenario}"
        );
    }
}

#[test]
fn match_id_fields_are_the_listed_ones() {
    for vector in vectors() {
        let scenario = vector["scenario"].as_str().unwrap_or("?");
        let fields = match_id::decode(vector["match_id"].as_str().unwrap()).unwrap();
        let expected = &vector["match_id_fields"];
        let side_number = |side: Side| side.index() as u64;
        assert_eq!(
            u64::from(fields.cube_log2),
            number(expected, "cube_log2"),
            "{scenario}"
        );
        assert_eq!(
            fields.cube_owner.map_or(3, side_number),
            number(expected, "cube_owner"),
            "{scenario}"
        );
        assert_eq!(
            side_number(fields.dice_owner),
            number(expected, "dice_owner"),
            "{scenario}"
        );
        assert_eq!(
            u64::from(fields.crawford),
            number(expected, "crawford"),
            "{scenario}"
        );
        assert_eq!(
            u64::from(fields.game_state),
            number(expected, "game_state"),
            "{scenario}"
        );
        assert_eq!(
            side_number(fields.turn),
            number(expected, "turn"),
            "{scenario}"
        );
        assert_eq!(
            u64::from(fields.double_offered),
            number(expected, "doubled"),
            "{scenario}"
        );
        assert_eq!(
            fields.resignation.map_or(0, |r| u64::from(r.points())),
            number(expected, "resigned"),
            "{scenario}"
        );
        assert_eq!(
            u64::from(fields.dice[0]),
            number(expected, "die1"),
            "{scenario}"
        );
        assert_eq!(
            u64::from(fields.dice[1]),
            number(expected, "die2"),
            "{scenario}"
        );
        assert_eq!(
            u64::from(fields.match_length),
            number(expected, "match_length"),
            "{scenario}"
        );
        assert_eq!(
            u64::from(fields.score[0]),
            number(expected, "score0"),
            "{scenario}"
        );
        assert_eq!(
            u64::from(fields.score[1]),
            number(expected, "score1"),
            "{scenario}"
        );
        assert_eq!(
            u64::from(!fields.jacoby),
            number(expected, "no_jacoby"),
            "{scenario}"
        );
        assert_eq!(
            fields.encode(),
            vector["match_id"].as_str().unwrap(),
            "{scenario}"
        );
    }
}

#[test]
fn fibs_lines_encode_and_decode() {
    for vector in vectors() {
        let scenario = vector["scenario"].as_str().unwrap_or("?");
        let state = gnubg_id::decode(vector["gnubg_id"].as_str().unwrap(), Variant::Standard)
            .expect("vector decodes");
        let line = vector["fibs_board"].as_str().expect("fibs_board");
        assert_eq!(
            fibs::encode(&state, ["gnubg", "root"], FibsFlavour::ShowBoard),
            line,
            "{scenario}"
        );
        let decoded = fibs::decode(line, Variant::Standard, FibsFlavour::ShowBoard)
            .unwrap_or_else(|error| panic!("{scenario}: {error}"));
        assert_eq!(decoded.names, ["gnubg".to_string(), "root".to_string()]);
        let got = decoded.state;
        assert_eq!(got.board, state.board, "{scenario}");
        assert_eq!(got.on_roll, state.on_roll, "{scenario}");
        assert_eq!(got.dice, state.dice, "{scenario}");
        assert_eq!(
            (got.cube_value, got.cube_owner),
            (state.cube_value, state.cube_owner),
            "{scenario}"
        );
        assert_eq!(
            (got.match_length, got.score),
            (state.match_length, state.score),
            "{scenario}"
        );
        assert_eq!(got.crawford, state.crawford, "{scenario}");
        assert_eq!(got.double_offered, state.double_offered, "{scenario}");
        if state.resignation.is_none() {
            assert_eq!(got.turn, state.turn, "{scenario}");
        }
    }
}

/// What gnubg keeps after `set xgid`: no pending double (it steps back to the doubler on
/// roll) and, when `O` is on roll, the players swapped so the player on roll is `X`.
fn as_gnubg_keeps_it(state: MatchState) -> MatchState {
    let mut state = gnubg_id::settled_as_gnubg_sets(state);
    if state.on_roll == Side::O {
        state.board = state.board.swapped();
        state.on_roll = Side::X;
        state.turn = state.turn.opponent();
        state.score.swap(0, 1);
        state.cube_owner = state.cube_owner.map(Side::opponent);
    }
    state
}

#[test]
fn xgid_vectors_give_gnubgs_ids() {
    let mut seen = 0;
    for vector in vectors() {
        let commands = vector["commands"].as_array().expect("commands");
        let Some(text) = commands
            .iter()
            .filter_map(Value::as_str)
            .find_map(|command| command.strip_prefix("set xgid "))
        else {
            continue;
        };
        seen += 1;
        let state = xgid::decode(text, Variant::Standard).expect("XGID decodes");
        assert_eq!(
            gnubg_id::encode(&as_gnubg_keeps_it(state)),
            vector["gnubg_id"].as_str().unwrap(),
            "{text}"
        );
        // The Xgid fields write back the same text; a match state (which has no beaver
        // flag) writes an XGID that reads back to the same state.
        let fields = xgid::parse(text, Variant::Standard).unwrap();
        assert_eq!(fields.to_string(), text);
        let written = xgid::encode(&state).unwrap();
        assert_eq!(
            xgid::decode(&written, Variant::Standard),
            Ok(state),
            "{text}"
        );
    }
    assert_eq!(seen, 4);
}

#[test]
fn spec_fibs_examples() {
    // Examples of position-and-match-id.md, written by gnubg.
    let o_on_roll = "board:root:gnubg:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:6:4:6:4:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
    let state = fibs::decode(o_on_roll, Variant::Standard, FibsFlavour::ShowBoard)
        .unwrap()
        .state;
    assert_eq!(state.on_roll, Side::O);
    assert_eq!(
        fibs::encode(&state, ["gnubg", "root"], FibsFlavour::ShowBoard),
        o_on_roll
    );
    let bar_and_off = "board:root:gnubg:7:6:6:-1:-2:0:0:0:2:3:0:2:0:0:0:-3:4:0:0:0:-3:0:-5:0:0:0:0:2:1:1:1:1:1:1:1:1:1:0:1:-1:0:25:1:1:0:0:0:0:1:1";
    let state = fibs::decode(bar_and_off, Variant::Standard, FibsFlavour::ShowBoard)
        .unwrap()
        .state;
    assert_eq!(state.board.off, [1, 1]);
    assert_eq!(state.board.bar(Side::X), 1);
    assert_eq!(
        fibs::encode(&state, ["gnubg", "root"], FibsFlavour::ShowBoard),
        bar_and_off
    );
}

#[test]
fn external_player_lines() {
    // Lines gnubg sent to external players (external-protocol.md transcripts).
    for (line, o_name, x_name) in [
        ("board:gnubg:ext:3:0:0:0:-1:-1:0:0:0:5:0:3:0:0:0:-4:5:0:0:-1:-3:0:-5:0:0:0:0:2:0:1:5:6:5:6:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1", "gnubg", "ext"),
        ("board:gnubg:root:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:2:1:2:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1", "gnubg", "root"),
    ] {
        let decoded = fibs::decode(line, Variant::Standard, FibsFlavour::ExternalPlayer).unwrap();
        assert_eq!(decoded.names, [o_name.to_string(), x_name.to_string()]);
        assert_eq!(
            fibs::encode(&decoded.state, [o_name, x_name], FibsFlavour::ExternalPlayer),
            line
        );
    }
}

#[test]
fn every_line_gnubg_sent_to_external_players_round_trips() {
    // Every distinct board line in the gnubg-external transcripts (gnubg 1.07 as client).
    let lines: Vec<&str> = include_str!("../fixtures/ids/external-board-lines.txt")
        .lines()
        .filter(|line| !line.is_empty())
        .collect();
    assert_eq!(lines.len(), 86);
    for line in lines {
        let decoded = fibs::decode(line, Variant::Standard, FibsFlavour::ExternalPlayer)
            .unwrap_or_else(|error| panic!("{line}: {error}"));
        let names = [decoded.names[0].as_str(), decoded.names[1].as_str()];
        assert_eq!(
            fibs::encode(&decoded.state, names, FibsFlavour::ExternalPlayer),
            line
        );
        // gnubg's show-board flavour of the same state differs only in the name/score columns.
        let shown = fibs::encode(&decoded.state, names, FibsFlavour::ShowBoard);
        let again = fibs::decode(&shown, Variant::Standard, FibsFlavour::ShowBoard).unwrap();
        assert_eq!(again.state, decoded.state, "{line}");
    }
}
