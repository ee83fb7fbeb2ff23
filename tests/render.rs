//! Board diagram and pip counts against gnubg: vectors, the spec's boards, live gnubg.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;
use tavli::codec::{gnubg_id, position_id, ParseGnubgIdError, ParseMatchIdError};
use tavli::render::{render_board, render_pipcount, BoardView};
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

// ---------------------------------------------------------------------------------------------
// Differential test against live gnubg: random human-vs-human games, every board gnubg prints
// is rebuilt from its Position ID and Match ID and drawn again.
// ---------------------------------------------------------------------------------------------

const GNUBG: &str = "/usr/games/gnubg";
/// An unknown command: gnubg answers it with this line, which marks the end of an answer.
const SYNC_COMMAND: &str = "tavlisync";
const SYNC_ANSWER: &str = "Unknown keyword `tavlisync'.";

/// A gnubg `-t` process driven line by line.
struct Gnubg {
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
}

impl Gnubg {
    fn start() -> Gnubg {
        // stderr is merged into stdout so that the sync answer follows the command's output.
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {GNUBG} -t -q 2>&1"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start gnubg");
        let input = child.stdin.take().expect("gnubg stdin");
        let stdout = child.stdout.take().expect("gnubg stdout");
        let (sender, output) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut gnubg = Gnubg {
            child,
            input,
            output,
        };
        gnubg.run("set player 0 human");
        gnubg.run("set player 1 human");
        gnubg.run("set seed 20261129");
        gnubg.run("set evaluation chequerplay evaluation plies 0");
        gnubg.run("set evaluation cubedecision evaluation plies 0");
        gnubg
    }

    /// Sends one command and returns every line gnubg printed in answer.
    fn run(&mut self, command: &str) -> Vec<String> {
        writeln!(self.input, "{command}\n{SYNC_COMMAND}").expect("write to gnubg");
        self.input.flush().expect("flush gnubg input");
        let mut lines = Vec::new();
        loop {
            let line = self
                .output
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("gnubg did not answer `{command}`"));
            if line.ends_with(SYNC_ANSWER) {
                let rest = &line[..line.len() - SYNC_ANSWER.len()];
                if !rest.is_empty() {
                    lines.push(rest.to_owned());
                }
                return lines;
            }
            lines.push(line);
        }
    }
}

impl Drop for Gnubg {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A board as gnubg printed it.
struct PrintedBoard {
    text: String,
    position_id: String,
    match_id: String,
    clockwise: bool,
}

/// The boards in gnubg's answer. A board's first line may follow other text on the same line
/// (`set score` prints no newline before it), so it is cut at `GNU Backgammon`.
fn printed_boards(lines: &[String]) -> Vec<PrintedBoard> {
    const TITLE: &str = "GNU Backgammon  Position ID: ";
    let mut boards = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let Some(at) = lines[index].find(TITLE) else {
            index += 1;
            continue;
        };
        let board_lines = &lines[index..(index + 15).min(lines.len())];
        assert_eq!(
            board_lines.len(),
            15,
            "a board has 15 lines: {board_lines:?}"
        );
        let clockwise = board_lines[1].starts_with("                    Match ID");
        let indent = if clockwise { "    " } else { " " };
        let position_id = lines[index][at + TITLE.len()..].to_owned();
        let match_id = board_lines[1]
            .split(": ")
            .nth(1)
            .expect("Match ID line")
            .to_owned();
        let mut text = format!("{indent}{}\n", &lines[index][at..]);
        for line in &board_lines[1..] {
            text.push_str(line);
            text.push('\n');
        }
        boards.push(PrintedBoard {
            text,
            position_id,
            match_id,
            clockwise,
        });
        index += 15;
    }
    boards
}

/// The moves of gnubg's `hint` list (`    1. Cubeful 0-ply    24/21 13/11    Eq.: +0.024`).
fn hinted_moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|line| {
            let (_, rest) = line.split_once("-ply")?;
            let (play, _) = rest.split_once("Eq.:")?;
            Some(play.trim().to_owned())
        })
        .filter(|play| !play.is_empty())
        .collect()
}

/// How many boards of each kind the live test compared.
#[derive(Debug, Default)]
struct Coverage {
    boards: usize,
    clockwise: usize,
    unannotated: usize,
    match_play: usize,
    crawford: usize,
    cube_owned: usize,
    double_offered: usize,
    resignation: usize,
    game_over: usize,
    on_bar: usize,
    borne_off: usize,
    /// Boards of finished matches whose Match ID the codec refuses (score above length).
    finished_matches_skipped: usize,
}

impl Coverage {
    fn count(&mut self, state: &MatchState, printed: &PrintedBoard, unannotated: bool) {
        let board = &state.board;
        let tallies = [
            (&mut self.boards, true),
            (&mut self.clockwise, printed.clockwise),
            (&mut self.unannotated, unannotated),
            (&mut self.match_play, !unannotated && state.is_match()),
            (&mut self.crawford, !unannotated && state.crawford),
            (
                &mut self.cube_owned,
                !unannotated && state.cube_owner.is_some(),
            ),
            (
                &mut self.double_offered,
                !unannotated && state.double_offered,
            ),
            (
                &mut self.resignation,
                !unannotated && state.resignation.is_some(),
            ),
            (
                &mut self.game_over,
                !unannotated && state.game_state != GameState::Playing,
            ),
            (
                &mut self.on_bar,
                board.bar(Side::O) + board.bar(Side::X) > 0,
            ),
            (
                &mut self.borne_off,
                board.borne_off(Side::O) + board.borne_off(Side::X) > 0,
            ),
        ];
        for (tally, counts) in tallies {
            *tally += usize::from(counts);
        }
    }
}

/// Checks every board in `lines` against the renderer and remembers the state (and Position
/// ID) of the last annotated one. `unannotated` says the answer is a `show board <ID>`.
fn check_boards(
    lines: &[String],
    unannotated: bool,
    coverage: &mut Coverage,
    last: &mut Option<(MatchState, String)>,
) {
    for printed in printed_boards(lines) {
        let state = if unannotated {
            let board = position_id::decode(&printed.position_id, Side::X, Variant::Standard)
                .expect("gnubg's Position ID decodes");
            MatchState {
                board,
                ..MatchState::new_money_game(Variant::Standard, Side::X)
            }
        } else {
            let ids = format!("{}:{}", printed.position_id, printed.match_id);
            match gnubg_id::decode(&ids, Variant::Standard) {
                Ok(state) => state,
                // When a match ends with more points than needed gnubg prints a Match ID
                // with a score above the match length, which the codec (like gnubg's
                // `set matchid`) refuses. The match is over: start another one.
                Err(ParseGnubgIdError::Match {
                    error: ParseMatchIdError::ScoreAboveMatchLength { .. },
                    ..
                }) => {
                    coverage.finished_matches_skipped += 1;
                    *last = None;
                    continue;
                }
                Err(error) => panic!("gnubg's IDs {ids} do not decode: {error}"),
            }
        };
        let text = render_board(&BoardView {
            state: &state,
            names: NAMES,
            position_id: &printed.position_id,
            match_id: &printed.match_id,
            clockwise: printed.clockwise,
            annotated: !unannotated,
        });
        assert_eq!(text, printed.text, "state {state:?}");
        coverage.count(&state, &printed, unannotated);
        if !unannotated {
            *last = Some((state, printed.position_id.clone()));
        }
    }
}

/// Compares gnubg's `show pipcount` (of the game, or of the position `id` if given) with
/// the renderer's line for the current `state`.
fn check_pipcount(gnubg: &mut Gnubg, state: &MatchState, id: Option<&str>) {
    let (answer, board) = match id {
        None => (gnubg.run("show pipcount"), state.board),
        Some(id) => {
            // gnubg gives the ID's player on roll the name of the game's player on roll.
            let board = position_id::decode(id, state.on_roll, Variant::Standard)
                .expect("gnubg's Position ID decodes");
            (gnubg.run(&format!("show pipcount {id}")), board)
        }
    };
    let expected = render_pipcount(&board, state.on_roll, NAMES);
    let answer: Vec<&String> = answer.iter().filter(|line| !line.is_empty()).collect();
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert_eq!(format!("{}\n", answer[0]), expected, "pip count of {id:?}");
}

/// A new match of random length, or a money session.
fn new_match_command(random: &mut StdRng) -> String {
    if random.gen_bool(0.5) {
        "new session".to_owned()
    } else {
        format!("new match {}", random.gen_range(1..=7))
    }
}

/// The next command for gnubg, chosen at random among those that make sense in `state`.
fn next_command(
    random: &mut StdRng,
    gnubg: &mut Gnubg,
    last: Option<&(MatchState, String)>,
    settings: &mut Settings,
) -> String {
    let Some((state, shown_id)) = last else {
        return new_match_command(random);
    };
    let roll: f64 = random.gen();
    if state.game_state != GameState::Playing {
        return if roll < 0.3 {
            new_match_command(random)
        } else {
            "new game".to_owned()
        };
    }
    if state.double_offered {
        let answers: &[&str] = if state.is_match() {
            &["take", "take", "take", "drop"]
        } else {
            &["take", "take", "take", "drop", "beaver"]
        };
        return answers[random.gen_range(0..answers.len())].to_owned();
    }
    if state.resignation.is_some() {
        return if roll < 0.5 { "accept" } else { "reject" }.to_owned();
    }
    match roll {
        r if r < 0.025 => {
            let kind = ["single", "gammon", "backgammon"][random.gen_range(0..3)];
            format!("resign {kind}")
        }
        r if r < 0.08 => format!("set cube value {}", 1 << random.gen_range(0..5)),
        r if r < 0.12 => {
            settings.clockwise = !settings.clockwise;
            format!("set clockwise {}", on_off(settings.clockwise))
        }
        r if r < 0.14 => {
            settings.automatic_game = !settings.automatic_game;
            format!("set automatic game {}", on_off(settings.automatic_game))
        }
        r if r < 0.18 => format!("show board {shown_id}"),
        r if r < 0.20 && state.match_length > 1 => {
            let limit = state.match_length - 1;
            format!(
                "set score {} {}",
                random.gen_range(0..=limit),
                random.gen_range(0..=limit)
            )
        }
        r if r < 0.21 => new_match_command(random),
        _ if state.dice.is_some() => {
            let moves = hinted_moves(&gnubg.run("hint"));
            if moves.is_empty() {
                "move".to_owned()
            } else {
                format!("move {}", moves[random.gen_range(0..moves.len())])
            }
        }
        r if r < 0.33 => "double".to_owned(),
        _ => "roll".to_owned(),
    }
}

/// The gnubg settings the live test switches.
struct Settings {
    clockwise: bool,
    automatic_game: bool,
}

fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

#[test]
fn boards_and_pip_counts_match_live_gnubg_in_random_games() {
    if !Path::new(GNUBG).exists() {
        return;
    }
    let mut gnubg = Gnubg::start();
    let mut random = StdRng::seed_from_u64(7);
    let mut coverage = Coverage::default();
    let mut pip_random = StdRng::seed_from_u64(8);
    let mut pipcounts = 0;
    let mut seen_ids: Vec<String> = Vec::new();
    let mut last: Option<(MatchState, String)> = None;
    let mut settings = Settings {
        clockwise: false,
        automatic_game: true,
    };
    for _ in 0..5000 {
        if coverage.boards >= 1000 {
            break;
        }
        let command = next_command(&mut random, &mut gnubg, last.as_ref(), &mut settings);
        let answer = gnubg.run(&command);
        let unannotated = command.starts_with("show board ");
        let boards_before = coverage.boards;
        check_boards(&answer, unannotated, &mut coverage, &mut last);
        if unannotated || coverage.boards == boards_before {
            // `set` commands and a game ended without the next one starting print no board:
            // look at the state gnubg is in now.
            let answer = gnubg.run("show board");
            let boards_before = coverage.boards;
            check_boards(&answer, false, &mut coverage, &mut last);
            if coverage.boards == boards_before {
                last = None;
            }
        }
        if let Some((state, id)) = &last {
            seen_ids.push(id.clone());
            if pip_random.gen_bool(0.1) {
                check_pipcount(&mut gnubg, state, None);
                let other = &seen_ids[pip_random.gen_range(0..seen_ids.len())];
                check_pipcount(&mut gnubg, state, Some(other));
                pipcounts += 2;
            }
        }
    }
    assert!(pipcounts >= 100, "only {pipcounts} pip counts compared");
    eprintln!("compared with live gnubg: {pipcounts} pip counts, boards {coverage:?}");
    assert!(coverage.boards >= 1000, "too few boards: {coverage:?}");
    let Coverage {
        clockwise,
        unannotated,
        match_play,
        crawford,
        cube_owned,
        double_offered,
        resignation,
        game_over,
        on_bar,
        borne_off,
        ..
    } = coverage;
    for (kind, count) in [
        ("clockwise", clockwise),
        ("unannotated", unannotated),
        ("match play", match_play),
        ("Crawford", crawford),
        ("owned cube", cube_owned),
        ("pending double", double_offered),
        ("pending resignation", resignation),
        ("game over", game_over),
        ("checkers on the bar", on_bar),
        ("checkers borne off", borne_off),
    ] {
        assert!(count > 0, "no board with {kind} was compared");
    }
}

/// A legal standard board: each checker of `X` then `O` goes to a random point, its bar or
/// off; an `O` checker aimed at a point `X` holds goes to its bar instead.
fn random_board() -> impl Strategy<Value = Board> {
    (
        proptest::collection::vec(0usize..26, 15),
        proptest::collection::vec(0usize..26, 15),
    )
        .prop_map(|(x_places, o_places)| {
            let mut slots = [[0u8; 25]; 2];
            for place in x_places {
                if place < 25 {
                    slots[Side::X.index()][place] += 1;
                }
            }
            for place in o_places {
                let taken = place < 24 && slots[Side::X.index()][23 - place] > 0;
                let place = if taken { 24 } else { place };
                if place < 25 {
                    slots[Side::O.index()][place] += 1;
                }
            }
            Board::from_slots(slots, Variant::Standard).expect("legal board")
        })
}

proptest! {
    /// The clockwise board is the anticlockwise one mirrored: each checker row (board and
    /// borne-off columns) reads backwards, the layout keeps its fixed widths, and the
    /// borne-off columns show every checker off.
    #[test]
    fn clockwise_rows_mirror_anticlockwise_rows(board in random_board(), x_on_roll: bool) {
        let on_roll = if x_on_roll { Side::X } else { Side::O };
        let state = MatchState { board, ..MatchState::new_money_game(Variant::Standard, on_roll) };
        let view = |clockwise| BoardView {
            state: &state,
            names: NAMES,
            position_id: "4HPwATDgc/ABMA",
            match_id: "cIkFAAAAAAAA",
            clockwise,
            annotated: true,
        };
        let plain = render_board(&view(false));
        let mirrored = render_board(&view(true));
        let plain: Vec<&str> = plain.lines().collect();
        let mirrored: Vec<&str> = mirrored.lines().collect();
        prop_assert_eq!(plain.len(), 15);
        prop_assert_eq!(mirrored.len(), 15);
        for row in (3..8).chain(9..14) {
            let forwards: String = plain[row][1..48].chars().rev().collect();
            prop_assert_eq!(&forwards, &mirrored[row][..47]);
        }
        for line in plain.iter().skip(2).chain(mirrored.iter().skip(2)) {
            prop_assert!(line.len() >= 48);
        }
        // The borne-off columns hold one mark per checker off.
        let off_marks = |rows: std::ops::Range<usize>, mark: char| {
            rows.map(|row| plain[row][45..48].chars().filter(|&c| c == mark).count())
                .sum::<usize>()
        };
        prop_assert_eq!(off_marks(3..8, 'O'), usize::from(board.borne_off(Side::O)));
        prop_assert_eq!(off_marks(9..14, 'X'), usize::from(board.borne_off(Side::X)));
    }
}
