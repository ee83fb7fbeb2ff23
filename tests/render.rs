//! The board diagram against gnubg: recorded vectors, the spec's verbatim examples, live gnubg.

use serde_json::Value;
use tavli::render::{render_board, BoardView};
use tavli::rules::{Board, Dice, GameState, MatchState, Resignation, Side, Variant};

const NAMES: [&str; 2] = ["gnubg", "root"];

/// A side's checkers from gnubg's `[off, point 1..24, bar]` listing.
fn side_slots(listing: &Value) -> [u8; 25] {
    let counts: Vec<u8> = listing
        .as_array()
        .expect("side listing is an array")
        .iter()
        .map(|n| u8::try_from(n.as_u64().expect("count")).expect("small count"))
        .collect();
    assert_eq!(counts.len(), 26, "[off, 24 points, bar]");
    let mut slots = [0; 25];
    slots[..24].copy_from_slice(&counts[1..25]);
    slots[24] = counts[25];
    slots
}

fn field(fields: &Value, name: &str) -> u32 {
    u32::try_from(fields[name].as_u64().expect(name)).expect(name)
}

/// The state a vector describes, from its decoded sides and Match ID fields.
fn vector_state(vector: &Value) -> MatchState {
    let fields = &vector["match_id_fields"];
    let on_roll = Side::from_index(vector["player_on_roll"].as_u64().expect("player") as usize)
        .expect("player 0 or 1");
    let mut slots = [[0; 25]; 2];
    slots[on_roll.index()] = side_slots(&vector["on_roll_side"]);
    slots[on_roll.opponent().index()] = side_slots(&vector["opponent_side"]);
    let board = Board::from_slots(slots, Variant::Standard).expect("valid board");
    let side = |name: &str| Side::from_index(field(fields, name) as usize);
    let dice = match (field(fields, "die1"), field(fields, "die2")) {
        (0, _) => None,
        (first, second) => Some(Dice::new(first as u8, second as u8).expect("dice")),
    };
    MatchState {
        board,
        variant: Variant::Standard,
        cube_value: 1 << field(fields, "cube_log2"),
        cube_owner: side("cube_owner"),
        on_roll: side("dice_owner").expect("dice owner"),
        turn: side("turn").expect("turn"),
        crawford: field(fields, "crawford") == 1,
        game_state: match field(fields, "game_state") {
            0 => GameState::NoGame,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            _ => GameState::Dropped,
        },
        double_offered: field(fields, "doubled") == 1,
        resignation: Resignation::from_points(field(fields, "resigned")),
        dice,
        match_length: field(fields, "match_length"),
        score: [field(fields, "score0"), field(fields, "score1")],
        jacoby: field(fields, "no_jacoby") == 0,
    }
}

#[test]
fn every_id_vector_board_is_reproduced_byte_for_byte() {
    let text = std::fs::read_to_string("fixtures/ids/id-vectors.jsonl").expect("vectors");
    let mut checked = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let vector: Value = serde_json::from_str(line).expect("json");
        let state = vector_state(&vector);
        let view = BoardView {
            state: &state,
            names: NAMES,
            position_id: vector["position_id"].as_str().expect("position id"),
            match_id: vector["match_id"].as_str().expect("match id"),
            clockwise: false,
            annotated: true,
        };
        // The vectors store the board without its final newline.
        let expected = format!("{}\n", vector["board_text"].as_str().expect("board"));
        assert_eq!(
            render_board(&view),
            expected,
            "scenario: {}",
            vector["scenario"]
        );
        checked += 1;
    }
    assert_eq!(checked, 28);
}

/// X's starting position after X played 8/5 6/5.
fn after_8_5_6_5() -> Board {
    let mut board = Board::start(Variant::Standard);
    let x = &mut board.slots[Side::X.index()];
    x[7] -= 1;
    x[5] -= 1;
    x[4] += 2;
    board
}

fn money(on_roll: Side) -> MatchState {
    MatchState::new_money_game(Variant::Standard, on_roll)
}

fn match_game(length: u32, on_roll: Side) -> MatchState {
    MatchState {
        match_length: length,
        jacoby: false,
        ..money(on_roll)
    }
}

fn dice(first: u8, second: u8) -> Option<Dice> {
    Some(Dice::new(first, second).expect("dice"))
}

/// One verbatim example of board-display.md: its state, IDs and layout.
struct Example {
    name: &'static str,
    state: MatchState,
    position_id: &'static str,
    match_id: &'static str,
    clockwise: bool,
    annotated: bool,
}

fn example(
    name: &'static str,
    state: MatchState,
    position_id: &'static str,
    match_id: &'static str,
) -> Example {
    Example {
        name,
        state,
        position_id,
        match_id,
        clockwise: false,
        annotated: true,
    }
}

fn spec_examples() -> Vec<Example> {
    let start = "4HPwATDgc/ABMA";
    let played = "sGfwATDgc/ABMA";
    let x_rolled_31 = MatchState {
        dice: dice(3, 1),
        ..money(Side::X)
    };
    let o_on_roll = MatchState {
        board: after_8_5_6_5(),
        ..money(Side::O)
    };

    let mut tall = [[0; 25]; 2];
    tall[Side::X.index()][..3].copy_from_slice(&[2, 3, 7]);
    tall[Side::X.index()][24] = 1;
    tall[Side::O.index()][..3].copy_from_slice(&[2, 10, 1]);
    tall[Side::O.index()][24] = 1;
    let tall = MatchState {
        board: Board::from_slots(tall, Variant::Standard).expect("board"),
        dice: dice(2, 1),
        ..money(Side::X)
    };

    let mut finished = [[0; 25]; 2];
    finished[Side::O.index()][1..6].copy_from_slice(&[2, 3, 3, 3, 3]);
    let finished = MatchState {
        board: Board::from_slots(finished, Variant::Standard).expect("board"),
        game_state: GameState::Over,
        score: [0, 1],
        ..money(Side::O)
    };

    vec![
        example("money_x_rolled_31", x_rolled_31, start, "cIkFAAAAAAAA"),
        example("money_o_on_roll", o_on_roll, played, "MAEAAAAAAAAA"),
        Example {
            clockwise: true,
            ..example("clockwise_o_on_roll", o_on_roll, played, "MAEAAAAAAAAA")
        },
        Example {
            clockwise: true,
            ..example("clockwise_x_rolled_31", x_rolled_31, start, "cIkFAAAAAAAA")
        },
        example(
            "tall_stacks_bar_off",
            tall,
            "+18AAKDdHwAACA",
            "cAkFAAAAAAAA",
        ),
        example(
            "money_cube_offered_to_x",
            MatchState {
                turn: Side::X,
                double_offered: true,
                ..o_on_roll
            },
            played,
            "MBkAAAAAAAAA",
        ),
        example(
            "match5_cube_owned_by_x",
            MatchState {
                score: [2, 1],
                cube_value: 2,
                cube_owner: Some(Side::X),
                dice: dice(4, 3),
                ..match_game(5, Side::X)
            },
            start,
            "UQmuACAACAAE",
        ),
        example(
            "match9_cube_owned_by_o",
            MatchState {
                score: [5, 3],
                cube_value: 4,
                cube_owner: Some(Side::O),
                dice: dice(6, 6),
                ..match_game(9, Side::X)
            },
            start,
            "Qgk7AVAAGAAE",
        ),
        example(
            "match5_crawford",
            MatchState {
                score: [4, 2],
                crawford: true,
                dice: dice(6, 5),
                ..match_game(5, Side::X)
            },
            start,
            "8Am3AEAAEAAE",
        ),
        example(
            "match1",
            MatchState {
                dice: dice(4, 4),
                ..match_game(1, Side::X)
            },
            start,
            "cAkyAAAAAAAE",
        ),
        example(
            "money_x_resigns_gammon",
            MatchState {
                turn: Side::O,
                resignation: Some(Resignation::Gammon),
                ..x_rolled_31
            },
            start,
            "cMEFAAAAAAAA",
        ),
        example(
            "money_cube_owned_by_o",
            MatchState {
                cube_value: 2,
                cube_owner: Some(Side::O),
                ..x_rolled_31
            },
            start,
            "QYkFAAAAAAAA",
        ),
        example(
            "match5_cube_offered_to_o",
            MatchState {
                cube_value: 2,
                turn: Side::O,
                double_offered: true,
                ..match_game(5, Side::X)
            },
            start,
            "cRGgAAAAAAAE",
        ),
        example(
            "match5_post_crawford",
            MatchState {
                score: [4, 2],
                dice: dice(2, 1),
                ..match_game(5, Side::O)
            },
            start,
            "MAGlAEAAEAAE",
        ),
        example(
            "money_o_resigns_single",
            MatchState {
                turn: Side::X,
                dice: dice(2, 1),
                resignation: Some(Resignation::Single),
                ..money(Side::O)
            },
            start,
            "MCkFAAAAAAAA",
        ),
        example(
            "game_over_x_won",
            finished,
            "AAAA7O4OAAAAAA",
            "MAIAAAAACAAA",
        ),
        Example {
            annotated: false,
            // The ID's player on roll (O, who has not moved) is drawn as X.
            ..example(
                "position_id_unannotated",
                MatchState {
                    board: after_8_5_6_5().swapped(),
                    ..money(Side::O)
                },
                played,
                "cAkPAAAAAAAA",
            )
        },
    ]
}

fn render_example(example: &Example) -> String {
    render_board(&BoardView {
        state: &example.state,
        names: NAMES,
        position_id: example.position_id,
        match_id: example.match_id,
        clockwise: example.clockwise,
        annotated: example.annotated,
    })
}

#[test]
fn every_spec_example_is_reproduced_byte_for_byte() {
    let examples = spec_examples();
    assert_eq!(examples.len(), 17);
    for example in &examples {
        let path = format!("fixtures/boards/{}.txt", example.name);
        let expected = std::fs::read_to_string(&path).expect("fixture board");
        let text = render_example(example);
        assert_eq!(text, expected, "example {}", example.name);
        insta::assert_snapshot!(example.name, text);
    }
}

#[test]
fn lines_keep_their_trailing_spaces() {
    let examples = spec_examples();
    let text = render_example(&examples[0]);
    let lines: Vec<&str> = text.split('\n').collect();
    assert_eq!(lines.len(), 16, "15 lines, each ending in a newline");
    assert_eq!(lines[15], "");
    assert!(lines[4].ends_with("|     "));
    assert!(lines[7].ends_with("|    "));
    assert!(lines[8].ends_with("(Cube: 1)"));
}
