//! `tavli hint` and `tavli eval`, the one-shot engine commands: the same figures as the REPL's
//! `hint` and `eval` for random positions in every position form, their JSON shape, refusals
//! of bad input, and (with gnubg installed) the plays `hint` lists against gnubg's `hint`.

use crate::support::random_position::random_walk;
use crate::support::{gnubg_available, run_gnubg, run_tavli_transcript, tavli};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::collections::BTreeSet;
use tavli::codec::fibs::{self, FibsFlavour};
use tavli::codec::{gnubg_id, position_id, xgid};
use tavli::rules::{legal_plays, Board, Dice, GameState, MatchState, Side, Variant};

/// A state reached by random plays from the start of `variant`, the player on roll having
/// rolled `dice` with at least one legal play, in a money game or a match, with any cube.
fn random_state(rng: &mut StdRng, variant: Variant) -> Option<MatchState> {
    let first = if rng.gen_bool(0.5) { Side::X } else { Side::O };
    let (board, mover) = random_walk(rng, variant, first)?;
    let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).ok()?;
    if legal_plays(&board, mover, dice).is_empty() {
        return None;
    }
    let mut state = MatchState {
        board,
        on_roll: mover,
        turn: mover,
        dice: Some(dice),
        game_state: GameState::Playing,
        jacoby: rng.gen_bool(0.5),
        ..MatchState::new_money_game(variant, mover)
    };
    if rng.gen_bool(0.5) {
        let length = [3, 5, 7][rng.gen_range(0..3)];
        state.match_length = length;
        state.jacoby = false;
        state.score = [rng.gen_range(0..length), rng.gen_range(0..length)];
        state.crawford = state.score.contains(&(length - 1)) && rng.gen_bool(0.5);
    }
    if !state.crawford && rng.gen_bool(0.4) {
        state.cube_value = 2;
        state.cube_owner = Some(if rng.gen_bool(0.5) { Side::X } else { Side::O });
    }
    Some(state)
}

/// A position form of a state: the POSITION argument, the DICE argument (a form without
/// dice), and the match-context options (a form without context).
struct Form {
    position: String,
    dice: Option<String>,
    context: Vec<String>,
}

/// The position forms of `state` that `tavli hint`/`eval` read: a GNUbg ID, an XGID and a
/// FIBS board carry the dice and the context; a bare Position ID (`X` on roll only) takes
/// them as arguments.
fn forms(state: &MatchState) -> Vec<Form> {
    let carrying = |position: String| Form {
        position,
        dice: None,
        context: Vec::new(),
    };
    let mut forms = vec![
        carrying(gnubg_id::encode(state)),
        // A FIBS board carries no Jacoby rule.
        Form {
            context: if state.is_match() {
                Vec::new()
            } else {
                vec!["--jacoby".to_string(), state.jacoby.to_string()]
            },
            ..carrying(fibs::encode(
                state,
                ["gnubg", "root"],
                FibsFlavour::ShowBoard,
            ))
        },
    ];
    if let Ok(xgid) = xgid::encode(state) {
        forms.push(carrying(xgid));
    }
    if state.on_roll == Side::X {
        let mut context = Vec::new();
        let on_roll = state.on_roll.index();
        if state.is_match() {
            context.extend([
                "--match-length".to_string(),
                state.match_length.to_string(),
                "--score".to_string(),
                format!("{}-{}", state.score[on_roll], state.score[1 - on_roll]),
            ]);
            if state.crawford {
                context.push("--crawford".to_string());
            }
        } else {
            context.extend(["--jacoby".to_string(), state.jacoby.to_string()]);
        }
        if let Some(owner) = state.cube_owner {
            let owner = if owner == state.on_roll {
                "on-roll"
            } else {
                "opponent"
            };
            context.extend([
                "--cube".to_string(),
                state.cube_value.to_string(),
                "--cube-owner".to_string(),
                owner.to_string(),
            ]);
        }
        forms.push(Form {
            position: position_id::encode(&state.board, Side::X),
            dice: state
                .dice
                .map(|dice| format!("{}{}", dice.first(), dice.second())),
            context,
        });
    }
    forms
}

/// Runs `tavli ARGS`; returns (stdout, stderr, exit code).
fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let output = tavli(args, "");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// `tavli COMMAND POSITION EXTRA... --plies PLIES --variant VARIANT`, which must succeed.
fn one_shot(
    command: &str,
    position: &str,
    extra: &[String],
    plies: u32,
    variant: Variant,
) -> String {
    let plies = plies.to_string();
    let mut args = vec![command, position];
    args.extend(extra.iter().map(String::as_str));
    args.extend(["--plies", &plies, "--variant", variant.name()]);
    let (stdout, stderr, code) = run(&args);
    assert_eq!(code, Some(0), "tavli {args:?}: {stderr}");
    assert_eq!(stderr, "", "tavli {args:?}");
    stdout
}

/// What the REPL prints last after setting up `state` and running `command` at `plies`.
fn repl_answer(state: &MatchState, command: &str, plies: u32) -> String {
    let script = format!(
        "set player 0 human\nset player 1 human\nset variation {}\nnew session\n\
         set evaluation chequerplay evaluation plies {plies}\n\
         set evaluation cubedecision evaluation plies {plies}\n\
         set gnubgid {}\n{command}\n",
        state.variant.name(),
        gnubg_id::encode(state)
    );
    let (stdout, stderr, _) = run_tavli_transcript(&script);
    assert_eq!(stderr, "", "{script}\n{stdout}");
    stdout
}

#[test]
fn hint_and_eval_agree_with_the_repl_in_every_position_form() {
    let mut rng = StdRng::seed_from_u64(20261205);
    let variants = [
        Variant::Standard,
        Variant::Standard,
        Variant::Nackgammon,
        Variant::Hypergammon3,
    ];
    let (mut cases, mut forms_checked) = (0, 0);
    while cases < 12 {
        let variant = variants[cases % variants.len()];
        let Some(state) = random_state(&mut rng, variant) else {
            continue;
        };
        // 0 and 1 ply, and one case at the default 2 plies (slow with --all).
        let plies = if cases == 5 { 2 } else { (cases % 2) as u32 };
        let repl_hint = repl_answer(&state, "hint 999", plies);
        let repl_eval = repl_answer(&state, "eval", plies);
        for form in forms(&state) {
            let position = &form.position;
            let mut hint_arguments: Vec<String> = form.dice.iter().cloned().collect();
            hint_arguments.extend(form.context.iter().cloned());
            hint_arguments.push("--all".to_string());
            let hint = one_shot("hint", position, &hint_arguments, plies, variant);
            let listed = hint.lines().filter(|line| line.contains("Eq.:")).count();
            let dice = state.dice.unwrap_or_else(|| unreachable!());
            assert_eq!(listed, legal_plays(&state.board, state.on_roll, dice).len());
            assert!(
                repl_hint.ends_with(&hint),
                "tavli hint {position} {hint_arguments:?} --plies {plies}:\n{hint}\nREPL:\n{repl_hint}"
            );
            let eval = one_shot("eval", position, &form.context, plies, variant);
            assert!(eval.starts_with("Position ID:\t"), "{eval}");
            // The Match ID of a bare Position ID's state has no dice; the figures follow it.
            let eval_tail = &eval[eval.find("\nEvaluator:").unwrap_or(0)..];
            assert!(
                repl_eval.ends_with(eval_tail),
                "tavli eval {position} {:?} --plies {plies}:\n{eval}\nREPL:\n{repl_eval}",
                form.context
            );
            forms_checked += 1;
        }
        cases += 1;
    }
    assert!(forms_checked >= 36, "{forms_checked} forms checked");
}

fn json(stdout: &str) -> Value {
    serde_json::from_str(stdout).unwrap_or_else(|error| panic!("{error}: {stdout}"))
}

/// The five labelled probabilities, each in [0, 1], gammons within wins.
fn assert_probabilities(value: &Value) {
    let object = value.as_object().unwrap_or_else(|| panic!("{value}"));
    let keys: BTreeSet<&str> = object.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        BTreeSet::from([
            "win",
            "win_gammon",
            "win_backgammon",
            "lose_gammon",
            "lose_backgammon"
        ])
    );
    let number = |key: &str| object[key].as_f64().unwrap_or(f64::NAN);
    for key in keys {
        assert!((0.0..=1.0).contains(&number(key)), "{value}");
    }
    assert!(number("win_gammon") <= number("win") + 1e-9, "{value}");
    assert!(
        number("lose_gammon") <= 1.0 - number("win") + 1e-9,
        "{value}"
    );
}

#[test]
fn hint_json_has_the_shared_vocabulary_and_the_text_figures() {
    let (stdout, _, code) = run(&["hint", "start", "31", "--plies", "1", "--json"]);
    assert_eq!(code, Some(0));
    let value = json(&stdout);
    assert_eq!(value["dice"], serde_json::json!([3, 1]));
    assert_eq!(value["variant"], "standard");
    assert_eq!(value["player"], 1);
    assert_eq!(value["evaluator"], "net");
    assert_eq!(value["plies"], 1);
    assert_eq!(value["position_id"], "4HPwATDgc/ABMA");
    let plays = value["plays"]
        .as_array()
        .unwrap_or_else(|| panic!("{value}"));
    assert_eq!(plays.len(), 10);
    assert_eq!(plays[0]["play"], "8/5 6/5");
    for play in plays {
        assert!(
            play["equity"].is_f64() && play["cubeless_equity"].is_f64(),
            "{play}"
        );
        assert!(play["plies"].is_u64(), "{play}");
        assert_probabilities(&play["probabilities"]);
    }
    // The text lists the same plays with the same equities, rounded.
    let (text, _, _) = run(&["hint", "start", "31", "--plies", "1"]);
    let equities: Vec<String> = text
        .lines()
        .filter_map(|line| line.split("Eq.: ").nth(1))
        .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string())
        .collect();
    let from_json: Vec<String> = plays
        .iter()
        .map(|play| format!("{:+.3}", play["equity"].as_f64().unwrap_or(f64::NAN)))
        .collect();
    assert_eq!(equities, from_json);
    let (all, _, _) = run(&["hint", "start", "31", "--plies", "0", "--json", "--all"]);
    let start = Board::start(Variant::Standard);
    let dice = Dice::new(3, 1).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(
        json(&all)["plays"].as_array().map(Vec::len),
        Some(legal_plays(&start, Side::X, dice).len())
    );
}

#[test]
fn eval_json_has_the_shared_vocabulary_and_the_cube_decision() {
    let (stdout, _, code) = run(&["eval", "start", "--plies", "1", "--json"]);
    assert_eq!(code, Some(0));
    let value = json(&stdout);
    assert_eq!(value["variant"], "standard");
    assert_eq!(value["player"], 1);
    assert_eq!(value["plies"], 1);
    assert_probabilities(&value["probabilities"]);
    assert!(value["cubeless_equity"].is_f64() && value["cubeful_equity"].is_f64());
    let depths = value["by_depth"]
        .as_array()
        .unwrap_or_else(|| panic!("{value}"));
    assert_eq!(depths.len(), 2);
    assert_eq!(depths[1]["probabilities"], value["probabilities"]);
    assert_eq!(depths[1]["cubeful_equity"], value["cubeful_equity"]);
    // The cube decision has the one shape of a cube analysis (the REPL's `cube_analysis`).
    let cube = &value["cube_analysis"];
    // gnubg 1.07 at 1 ply: "No double, beaver (22.9%)" (double/take -0.169, between -2
    // and 0: the taker is the favourite).
    assert_eq!(cube["action"], "no_double", "{cube}");
    assert_eq!(cube["answer"], "beaver", "{cube}");
    assert_eq!(cube["proper_action"], "No double, beaver", "{cube}");
    assert_eq!(cube["evaluator"], value["evaluator"], "{cube}");
    assert_eq!(cube["plies"], 1, "{cube}");
    let mut options: Vec<&str> = cube["equities"]
        .as_array()
        .unwrap_or_else(|| panic!("{cube}"))
        .iter()
        .map(|line| {
            assert!(line["equity"].is_f64(), "{cube}");
            line["option"].as_str().unwrap_or_default()
        })
        .collect();
    options.sort_unstable();
    assert_eq!(options, ["double_pass", "double_take", "no_double"]);
    // The opponent owns the cube: no cube decision for the player on roll.
    let (owned, _, _) = run(&[
        "eval",
        "start",
        "--plies",
        "0",
        "--json",
        "--cube",
        "2",
        "--cube-owner",
        "opponent",
    ]);
    assert!(json(&owned)["cube_analysis"].is_null());
}

#[test]
fn bad_input_is_refused_with_a_message_and_the_documented_status() {
    let cases: [(&[&str], i32, &str); 9] = [
        (&["hint", "nonsense", "31"], 1, "is not a position"),
        (&["hint", "start"], 1, "no dice given"),
        (&["hint", "start", "71"], 1, "a die must be 1 to 6"),
        (&["eval", "AAAAAAAAAAAAAA"], 1, "the game is over"),
        (
            &["hint", "start", "31", "--variant", "plakoto"],
            1,
            "no evaluator",
        ),
        (
            &[
                "hint",
                "4HPwATDgc/ABMA:cAkAAAAAAAAA",
                "31",
                "--score",
                "1-2",
            ],
            2,
            "carries its own match context",
        ),
        (
            &["eval", "start", "--score", "1-2"],
            2,
            "need --match-length",
        ),
        (&["eval", "start", "--cube", "3"], 2, "power of two"),
        (
            &["eval", "start", "--weights", "/nonexistent/weights"],
            2,
            "/nonexistent/weights",
        ),
    ];
    for (args, status, message) in cases {
        let (stdout, stderr, code) = run(args);
        assert_eq!(code, Some(status), "tavli {args:?}: {stderr}");
        assert_eq!(stdout, "", "tavli {args:?}");
        assert!(stderr.starts_with("tavli: "), "tavli {args:?}: {stderr}");
        assert!(stderr.contains(message), "tavli {args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "tavli {args:?}: {stderr}");
    }
    // A usage error is clap's: status 2.
    assert_eq!(run(&["hint", "start", "31", "--count", "0"]).2, Some(2));
}

#[test]
fn a_roll_without_a_legal_play_is_answered_as_the_repl_answers_it() {
    // X (on roll) has a checker on the bar; O holds all six points of X's entry board.
    let mut slots = [[0u8; 25]; 2];
    slots[Side::X.index()][24] = 1;
    slots[Side::X.index()][5] = 14;
    slots[Side::O.index()][..6].fill(2);
    slots[Side::O.index()][7] = 3;
    let board = Board::from_slots(slots, Variant::Standard).unwrap_or_else(|e| panic!("{e:?}"));
    let position = position_id::encode(&board, Side::X);
    let (text, _, code) = run(&["hint", &position, "64", "--plies", "0"]);
    assert_eq!(code, Some(0));
    assert_eq!(text, "There are no legal moves.\n");
    let (stdout, _, code) = run(&["hint", &position, "64", "--plies", "0", "--json"]);
    assert_eq!(code, Some(0));
    assert_eq!(json(&stdout)["plays"], serde_json::json!([]));
}

/// gnubg's plays in a `hint 9999` answer, one set per position (delimited by `show pipcount`).
fn gnubg_hint_lists(output: &str) -> Vec<BTreeSet<String>> {
    let mut lists = Vec::new();
    let mut current = BTreeSet::new();
    for line in output.lines() {
        if line.starts_with("The pip counts are:") {
            lists.push(std::mem::take(&mut current));
        } else if line.contains("Cubeful 0-ply") && line.contains("Eq.:") {
            if let Some(play) = line
                .get(24..)
                .and_then(|rest| rest.rfind(" Eq.:").map(|end| rest[..end].trim()))
            {
                current.insert(play.to_string());
            }
        }
    }
    lists
}

#[test]
fn hint_lists_the_plays_gnubg_lists() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: the hint differential test is skipped");
        return;
    }
    let mut rng = StdRng::seed_from_u64(314);
    let mut states = Vec::new();
    while states.len() < 25 {
        if let Some(state) = random_state(&mut rng, Variant::Standard) {
            states.push(state);
        }
    }
    let mut script = String::from(
        "set player 0 human\nset player 1 human\nset automatic roll off\n\
         set evaluation chequerplay evaluation plies 0\nnew session\n",
    );
    for state in &states {
        script.push_str(&format!(
            "set gnubgid {}\nhint 9999\nshow pipcount\n",
            gnubg_id::encode(state)
        ));
    }
    let theirs = gnubg_hint_lists(&run_gnubg(&script));
    assert_eq!(
        theirs.len(),
        states.len(),
        "one gnubg hint list per position"
    );
    let mut plays = 0;
    for (state, theirs) in states.iter().zip(theirs) {
        let id = gnubg_id::encode(state);
        let (stdout, stderr, code) = run(&["hint", &id, "--all", "--plies", "0", "--json"]);
        assert_eq!(code, Some(0), "{id}: {stderr}");
        let ours: BTreeSet<String> = json(&stdout)["plays"]
            .as_array()
            .unwrap_or_else(|| panic!("{stdout}"))
            .iter()
            .map(|play| play["play"].as_str().unwrap_or("").to_string())
            .collect();
        assert_eq!(ours, theirs, "tavli hint {id}");
        plays += ours.len();
    }
    assert!(plays > 5 * states.len(), "only {plays} plays compared");
}
