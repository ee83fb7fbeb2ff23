//! Every `(* example: ... *)` line of the codec grammars in `grammar/` parses with tavli.

use tavli::codec::{fibs, gnubg_id, match_id, parse_position, position_id, xgid, FibsFlavour};
use tavli::rules::{Side, Variant};

fn examples(grammar: &str) -> Vec<&str> {
    grammar
        .lines()
        .filter_map(|line| {
            line.trim()
                .strip_prefix("(* example: ")?
                .strip_suffix(" *)")
        })
        .collect()
}

fn check_all(name: &str, grammar: &str, parse: impl Fn(&str) -> Result<(), String>) {
    let found = examples(grammar);
    assert!(found.len() >= 4, "{name}: only {} examples", found.len());
    for example in found {
        if let Err(error) = parse(example) {
            panic!("{name}: example `{example}` does not parse: {error}");
        }
    }
}

#[test]
fn position_id_examples() {
    check_all(
        "position-id.ebnf",
        include_str!("../grammar/position-id.ebnf"),
        |text| {
            let board = position_id::decode(text, Side::X, Variant::Standard)
                .map_err(|error| error.to_string())?;
            assert_eq!(position_id::encode(&board, Side::X), text);
            Ok(())
        },
    );
}

#[test]
fn match_id_examples() {
    check_all(
        "match-id.ebnf",
        include_str!("../grammar/match-id.ebnf"),
        |text| {
            let fields = match_id::decode(text).map_err(|error| error.to_string())?;
            assert_eq!(fields.encode(), text);
            Ok(())
        },
    );
}

#[test]
fn gnubg_id_examples() {
    check_all(
        "gnubg-id.ebnf",
        include_str!("../grammar/gnubg-id.ebnf"),
        |text| {
            let state =
                gnubg_id::decode(text, Variant::Standard).map_err(|error| error.to_string())?;
            assert_eq!(gnubg_id::encode(&state), text);
            Ok(())
        },
    );
}

#[test]
fn xgid_examples() {
    check_all("xgid.ebnf", include_str!("../grammar/xgid.ebnf"), |text| {
        let state = xgid::decode(text, Variant::Standard).map_err(|error| error.to_string())?;
        let written = xgid::encode(&state).map_err(|error| error.to_string())?;
        assert_eq!(xgid::decode(&written, Variant::Standard), Ok(state));
        assert_eq!(parse_position(text, Variant::Standard), Ok(state));
        Ok(())
    });
}

#[test]
fn fibs_board_examples() {
    check_all(
        "fibs-board.ebnf",
        include_str!("../grammar/fibs-board.ebnf"),
        |text| {
            let decoded = fibs::decode(text, Variant::Standard, FibsFlavour::ShowBoard)
                .map_err(|error| error.to_string())?;
            assert_eq!(parse_position(text, Variant::Standard), Ok(decoded.state));
            Ok(())
        },
    );
}

#[test]
fn xgid_bar_example_is_gnubg_vector_12() {
    let state = xgid::decode(
        "XGID=ab---BC-B---cD---c-e----BA:0:0:1:52:0:0:1:0:10",
        Variant::Standard,
    )
    .expect("grammar example");
    assert_eq!(gnubg_id::encode(&state), "4HNwACzYGTwAFg:cIkKAAAAAAAA");
}
