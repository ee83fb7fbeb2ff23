//! `eval` and `hint` tell one story: on random positions before the roll, at random money and
//! match cubes and scores (the cube centred, the roller's, his opponent's; 7-point matches at
//! random scores, the Crawford game and after it) and at 0, 1 and 2 plies, the binary's `eval`
//! prints the cube analysis `hint` prints, byte for byte, where the player on roll may double
//! (and none where `hint` says he cannot); the Cubeful figure of its row at each depth is the no
//! double line of `hint` at that depth, and its deepest cubeless equity the analysis's. gnubg
//! 1.07 follows the same rule; with gnubg installed the same scripts check it live.

use crate::support::random_position::random_walk;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tavli::codec::gnubg_id;
use tavli::rules::{Board, GameState, MatchState, Side, Variant};

/// A board reached by random plays from the start, and the player on roll.
fn random_board(rng: &mut StdRng) -> Option<(Board, Side)> {
    random_walk(rng, Variant::Standard, Side::X)
}

/// `board` with `on_roll` to roll at a random cube and score.
fn random_state(board: Board, on_roll: Side, rng: &mut StdRng) -> MatchState {
    let money = MatchState {
        board,
        on_roll,
        turn: on_roll,
        dice: None,
        game_state: GameState::Playing,
        jacoby: rng.gen_bool(0.5),
        ..MatchState::new_money_game(Variant::Standard, on_roll)
    };
    let owner = match rng.gen_range(0..3) {
        0 => None,
        1 => Some(on_roll),
        _ => Some(on_roll.opponent()),
    };
    let cubed = MatchState {
        cube_value: if owner.is_some() { 2 } else { 1 },
        cube_owner: owner,
        ..money
    };
    if rng.gen_bool(0.5) {
        return cubed;
    }
    // A 7-point match: random scores below 6, or one player 1-away (Crawford or after).
    let mut score = [rng.gen_range(0..5), rng.gen_range(0..5)];
    let mut crawford = false;
    if rng.gen_bool(0.4) {
        let leader = if rng.gen_bool(0.5) {
            on_roll
        } else {
            on_roll.opponent()
        };
        score[leader.index()] = 6;
        crawford = rng.gen_bool(0.5);
    }
    let cube_value = if crawford { 1 } else { cubed.cube_value };
    MatchState {
        match_length: 7,
        score,
        crawford,
        jacoby: false,
        cube_value,
        cube_owner: if crawford { None } else { owner },
        ..cubed
    }
}

/// The cube analyses in `text`: each from its `Cube analysis` line to its `Proper cube action`
/// line.
fn cube_sections(text: &str) -> Vec<String> {
    let mut sections = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in text.lines() {
        if line == "Cube analysis" {
            current = Some(Vec::new());
        }
        if let Some(lines) = current.as_mut() {
            lines.push(line);
            if line.starts_with("Proper cube action:") {
                sections.push(lines.join("\n"));
                current = None;
            }
        }
    }
    sections
}

/// The numbers of a line, in order.
fn numbers(line: &str) -> Vec<f64> {
    line.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|word| word.parse::<f64>().ok())
        .collect()
}

/// The no double equity of a cube analysis.
fn no_double(section: &str) -> Option<f64> {
    section
        .lines()
        .find(|line| line.contains("No double") || line.contains("No redouble"))
        .and_then(|line| numbers(line).get(1).copied())
}

/// The script asking `hint` at each depth below `plies`, then `eval` and `hint` at `plies`,
/// for the state of GNUbg ID `id` (set again before each question).
fn script(id: &str, plies: u32) -> String {
    let mut script = String::from("set player 0 human\nset player 1 human\n");
    for depth in 0..=plies {
        script.push_str(&format!(
            "set evaluation cubedecision evaluation plies {depth}\nset gnubgid {id}\n"
        ));
        if depth == plies {
            script.push_str("eval\n");
        }
        script.push_str("hint\n");
    }
    script
}

/// Checks a program's answers to [`script`]: `None` where the player on roll may not double
/// (no cube section anywhere), else `Some(())` once `eval`'s cube section is `hint`'s and each
/// row's Cubeful figure the no double line of `hint` at its depth.
fn check(name: &str, stdout: &str, stderr: &str, plies: u32, context: &str) -> Option<()> {
    let context = format!("{name}, {context}:\n{stdout}\n{stderr}");
    let sections = cube_sections(stdout);
    if stderr.contains("You cannot double.") {
        assert!(sections.is_empty(), "{context}");
        return None;
    }
    // The hints below `plies`, then eval's section, then the last hint.
    let depths = plies as usize;
    assert_eq!(sections.len(), depths + 2, "{context}");
    assert_eq!(sections[depths], sections[depths + 1], "{context}");
    for depth in 0..=plies {
        let label = if depth == 0 {
            "static:".to_string()
        } else {
            format!("{depth:>2} ply:")
        };
        let row = stdout
            .lines()
            .find(|line| line.starts_with(&label))
            .map(|line| numbers(&line[label.len()..]))
            .unwrap_or_default();
        assert_eq!(row.len(), 7, "{context}");
        assert_eq!(
            no_double(&sections[depth as usize]),
            Some(row[6]),
            "{depth} plies: {context}"
        );
        if depth == plies {
            let cubeless = sections[depths]
                .lines()
                .find(|line| line.contains("cubeless equity"))
                .map(numbers)
                .unwrap_or_default();
            assert_eq!(cubeless.first(), Some(&row[5]), "{context}");
        }
    }
    Some(())
}

#[test]
fn eval_prints_the_cube_analysis_hint_prints_on_random_positions() {
    let live = crate::support::gnubg_available();
    let mut rng = StdRng::seed_from_u64(20261206);
    let (mut agreeing, mut refused, mut cases) = (0, 0, 0);
    while cases < 36 {
        let Some((board, on_roll)) = random_board(&mut rng) else {
            continue;
        };
        let state = random_state(board, on_roll, &mut rng);
        let plies = cases % 3;
        cases += 1;
        let id = gnubg_id::encode(&state);
        let script = script(&id, plies);
        let context = format!("{id} at {plies} plies");
        let output = crate::support::tavli(&[], &script);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let ours = check("tavli", &stdout, &stderr, plies, &context);
        if ours.is_some() {
            assert_eq!(stderr, "", "{context}");
            agreeing += 1;
        } else {
            refused += 1;
        }
        if live {
            let (stdout, stderr) = crate::support::run_gnubg_transcript(&script);
            let theirs = check("gnubg", &stdout, &stderr, plies, &context);
            assert_eq!(theirs.is_some(), ours.is_some(), "{context}: may double");
        }
    }
    eprintln!("{agreeing} cube sections alike, {refused} positions where no double is possible");
    assert!(
        agreeing >= 15 && refused >= 3,
        "{agreeing} alike, {refused} refused"
    );
}
