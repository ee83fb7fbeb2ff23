//! Unit tests of the XGID reader and writer: gnubg 1.07's readings (each case checked with
//! `set xgid`), what it refuses, and the states an XGID cannot hold.

use super::*;
use crate::codec::gnubg_id;

const START: &str = "-b----E-C---eE---c-e----B-";

#[test]
fn start_position_text() {
    assert_eq!(position_text(&Board::start(Variant::Standard)), START);
}

#[test]
fn spec_example_matches_gnubg() {
    let text = format!("XGID={START}:2:-1:1:66:3:5:0:9:10");
    let state = decode(&text, Variant::Standard).unwrap();
    assert_eq!(gnubg_id::encode(&state), "4HPwATDgc/ABMA:Qgk7AVAAGAAE");
    assert_eq!(encode(&state).unwrap(), text);
}

#[test]
fn gnubg_crawford_reading() {
    // Tried with gnubg 1.07: rules 1 only makes a Crawford game at 1-away.
    let crawford = |tail: &str| {
        decode(&format!("{START}:0:0:1:52:{tail}:10"), Variant::Standard)
            .unwrap()
            .crawford
    };
    assert!(crawford("4:4:1:5"));
    assert!(crawford("2:0:1:3"));
    assert!(!crawford("0:0:1:1"));
    assert!(!crawford("3:3:1:5"));
    assert!(!crawford("0:4:0:5"));
    let state = decode(&format!("{START}:1:0:1:52:4:0:1:5:10"), Variant::Standard).unwrap();
    assert_eq!((state.cube_value, state.cube_owner), (1, None));
    // gnubg keeps the owner (found by the differential test).
    let state = decode(
        "XGID=--Ba-A-A---B-B-AAA------A-:2:-1:1:43:0:2:1:3:10",
        Variant::Standard,
    )
    .unwrap();
    assert_eq!(gnubg_id::encode(&state), "AAAgGAkzFRAAAA:wAluACAAAAAE");
}

#[test]
fn money_rules() {
    for (rules, jacoby, beavers) in [
        (0, false, false),
        (1, true, false),
        (2, false, true),
        (3, true, true),
    ] {
        let xgid = parse(
            &format!("{START}:0:0:1:52:0:0:{rules}:0:10"),
            Variant::Standard,
        )
        .unwrap();
        assert_eq!((xgid.jacoby(), xgid.beavers()), (jacoby, beavers));
    }
}

#[test]
fn refuses_what_gnubg_refuses() {
    let bad = |text: &str| parse(text, Variant::Standard).unwrap_err();
    assert_eq!(
        bad(&format!("{START}:0:0:1:52:0:0:0:10")),
        ParseXgidError::WrongFieldCount { found: 9 }
    );
    assert_eq!(
        bad(&format!("{START}:0:0:1:52:0:0:0:0:10:3")),
        ParseXgidError::WrongFieldCount { found: 11 }
    );
    assert!(matches!(
        bad(&format!("{START}:0:0:1:52:5:0:0:5:10")),
        ParseXgidError::ScoreNotBelowMatchLength { .. }
    ));
    assert!(matches!(
        bad(&format!("{START}:0:0:1:3:0:0:0:0:10")),
        ParseXgidError::BadDice { .. }
    ));
    assert!(matches!(
        bad(&format!("{START}:0:0:1:07:0:0:0:0:10")),
        ParseXgidError::BadDice { .. }
    ));
    assert_eq!(
        bad(&format!("{START}:13:0:1:52:0:0:0:0:10")),
        ParseXgidError::CubeTooLarge { log2: 13 }
    );
    assert_eq!(
        bad(&format!("{START}:0:0:1:52:0:0:0:65:10")),
        ParseXgidError::MatchTooLong { length: 65 }
    );
    assert!(matches!(
        bad(&format!("{START}:0:0:1:52:0:0:4:0:10")),
        ParseXgidError::BadRules { .. }
    ));
    assert!(matches!(
        bad(&format!("{START}:0:0:1:52:0:0:2:5:10")),
        ParseXgidError::BadRules { .. }
    ));
    assert!(matches!(
        bad("-b----E-C---eE---c-e----BP:0:0:1:52:0:0:0:0:10"),
        ParseXgidError::Illegal(_)
    ));
    assert_eq!(
        bad("xb----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"),
        ParseXgidError::BadPositionCharacter {
            offset: 0,
            character: 'x'
        }
    );
    assert_eq!(
        bad("Bb----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"),
        ParseXgidError::WrongSideOnBar { offset: 0 }
    );
    assert_eq!(
        bad("XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:0:0:10"),
        ParseXgidError::PositionLength { length: 25 }
    );
    assert!(matches!(
        bad(&format!("XGID={START}:x:0:1:52:0:0:0:0:10")),
        ParseXgidError::BadNumber {
            field: "cube",
            offset: 32,
            ..
        }
    ));
}

#[test]
fn accepts_what_gnubg_accepts() {
    let ok = |text: &str| decode(text, Variant::Standard).unwrap();
    // Field cut to four characters, any prefix up to the last `=`, empty maxcube.
    assert_eq!(
        ok(&format!("{START}:00001:0:1:52:0:0:0:0:10")).cube_value,
        1
    );
    assert_eq!(
        ok(&format!("a=b={START}:0:0:1:52:0:0:0:0:")).on_roll,
        Side::X
    );
    assert_eq!(ok(&format!("{START}:1:2:1:52:0:0:0:0:10")).cube_owner, None);
    assert_eq!(ok(&format!("{START}:0:0:2:52:0:0:0:0:10")).on_roll, Side::O);
    let doubled = ok(&format!("{START}:0:0:1:D:2:4:0:7:10"));
    assert!(doubled.double_offered);
    assert_eq!(ok(&format!("{START}:0:0:1:D5:2:4:0:7:10")), doubled);
    for dice in ["B", "R", "d"] {
        assert!(parse(
            &format!("{START}:0:0:1:{dice}:0:0:0:0:10"),
            Variant::Standard
        )
        .is_err());
    }
    assert_eq!((doubled.on_roll, doubled.turn), (Side::X, Side::O));
}

#[test]
fn one_die_zero_is_not_rolled() {
    // gnubg 1.07's `set xgid` with these dice: `You must specify two numbers from 1 to 6
    // for the dice.`, then the XGID set with no roll (Match ID as with `00`).
    let unrolled = decode(&format!("{START}:1:1:1:00:0:0:3:0:10"), Variant::Standard);
    for (text, dice) in [
        ("05", [0, 5]),
        ("50", [5, 0]),
        ("60", [6, 0]),
        ("01", [0, 1]),
    ] {
        let id = format!("{START}:1:1:1:{text}:0:0:3:0:10");
        let xgid = parse(&id, Variant::Standard).unwrap();
        assert_eq!(xgid.dice, XgidDice::HalfRolled(dice), "{text}");
        assert_eq!(xgid.to_string(), format!("XGID={id}"));
        assert_eq!(decode(&id, Variant::Standard), unrolled, "{text}");
    }
    // A die above 6 stays refused (gnubg: not a valid XGID, or an illegal Match ID).
    for text in ["07", "70", "0", "0x"] {
        assert!(matches!(
            parse(
                &format!("{START}:0:0:1:{text}:0:0:0:0:10"),
                Variant::Standard
            ),
            Err(ParseXgidError::BadDice { .. })
        ));
    }
}

#[test]
fn states_an_xgid_cannot_hold() {
    let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
    state.resignation = Some(crate::rules::Resignation::Single);
    assert_eq!(encode(&state), Err(EncodeXgidError::ResignationPending));
    state.resignation = None;
    state.double_offered = true;
    assert_eq!(encode(&state), Err(EncodeXgidError::BeaverPending));
    state.turn = Side::O;
    assert_eq!(
        encode(&state).unwrap(),
        format!("XGID={START}:0:0:1:D:0:0:1:0:10")
    );
}
