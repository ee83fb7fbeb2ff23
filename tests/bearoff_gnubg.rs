//! The exact two-sided bear-off database against live gnubg, through tavli's REPL: random
//! seeded positions with one to six checkers a side on the home points (the rest borne off),
//! the cube centred, owned by the player on roll and owned by the other, with gnubg's REPL
//! defaults (Jacoby rule, beavers) and with both off. The same script goes to gnubg and to
//! tavli; every `eval` must print the same lines: the winning chance and cubeful equity of
//! every row and, where the player on roll may double, no double, double/pass and
//! double/take and the proper cube action. gnubg's own table is coarser than tavli's (its
//! figures lie up to 0.00017 from the exact ones), so a number may be one apart in the last
//! digit where the exact figure lies that near a rounding boundary; the test counts those.
//! `hint` with the dice rolled is compared too: every play both list carries the same
//! cubeful equity. Skipped when gnubg is not installed.

use crate::support::{gnubg_available, run_gnubg_transcript, run_tavli_transcript};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tavli::codec::xgid::Xgid;
use tavli::engine::judge;
use tavli::engine::Stakes;
use tavli::rules::{legal_plays, Board, Dice, GameState, MatchState, Side, Variant};

/// Random positions compared (each in three cube states and two rule settings).
const POSITIONS: usize = 200;
/// The seed of the positions.
const SEED: u64 = 30;

/// A cube state seen from the player on roll: its value and owner.
type CubeState = fn(Side) -> (u32, Option<Side>);

/// The cube states of every position, from the side of the player on roll: centred at 1,
/// owned by him at 2, owned by the other at 2.
const CUBES: [CubeState; 3] = [
    |_| (1, None),
    |on_roll| (2, Some(on_roll)),
    |on_roll| (2, Some(on_roll.opponent())),
];

/// Both players human (nobody moves by himself), fixed names.
const PRELUDE: &str =
    "set player 0 human\nset player 1 human\nset defaultnames gnubg root\nset player 1 name root\n";

/// A money position of the two-sided database: each side one to six checkers on its home
/// points, the rest borne off; `on_roll` to roll.
fn random_position(rng: &mut StdRng) -> (Board, Side) {
    let mut slots = [[0u8; 25]; 2];
    for side in &mut slots {
        for _ in 0..rng.gen_range(1..=6) {
            side[rng.gen_range(0..6)] += 1;
        }
    }
    let board = Board::from_slots(slots, Variant::Standard).expect("a legal bear-off");
    let on_roll = if rng.gen_bool(0.5) { Side::X } else { Side::O };
    (board, on_roll)
}

/// The XGID of `board` with `on_roll` to roll, the cube at `cube` owned by `owner`, the
/// Jacoby rule and beavers as `rules_on` says (the XGID carries both to gnubg and tavli).
fn xgid(board: Board, on_roll: Side, cube: u32, owner: Option<Side>, rules_on: bool) -> String {
    let state = MatchState {
        board,
        game_state: GameState::Playing,
        cube_value: cube,
        cube_owner: owner,
        jacoby: rules_on,
        ..MatchState::new_money_game(Variant::Standard, on_roll)
    };
    let mut xgid = Xgid::from_state(&state).expect("an XGID");
    xgid.rules = if rules_on { 3 } else { 0 };
    xgid.to_string()
}

/// The script of one rule setting: the positions, each in the three cube states.
fn script(positions: &[(Board, Side)], rules_on: bool) -> String {
    let (jacoby, beavers) = if rules_on { ("on", 3) } else { ("off", 0) };
    let mut script = format!("{PRELUDE}set jacoby {jacoby}\nset beavers {beavers}\nnew game\n");
    for &(board, on_roll) in positions {
        for cube_state in CUBES {
            let (cube, owner) = cube_state(on_roll);
            let id = xgid(board, on_roll, cube, owner, rules_on);
            script.push_str(&format!("set xgid {id}\neval\n"));
        }
    }
    script
}

/// What one `eval` printed that the database decides: per row the winning chance and the
/// cubeful equity; the three cube equities (label and value) and the proper action when the
/// player on roll may double.
#[derive(Debug, Default, PartialEq)]
struct Printed {
    rows: Vec<(String, String)>,
    cube: Vec<(String, String)>,
    proper: Option<String>,
}

/// The `eval` reports of `output`, in order (each starts at its `Position ID:` line).
fn evaluations(output: &str) -> Vec<Printed> {
    let mut all: Vec<Printed> = Vec::new();
    for line in output.lines() {
        if line.starts_with("Position ID:\t") {
            all.push(Printed::default());
            continue;
        }
        let Some(current) = all.last_mut() else {
            continue;
        };
        let fields: Vec<&str> = line.split_whitespace().collect();
        let is_row = line.starts_with("static:")
            || (fields.len() > 2 && fields[1] == "ply:" && fields[0].parse::<u32>().is_ok());
        if is_row {
            let numbers: Vec<&str> = fields
                .iter()
                .copied()
                .filter(|field| field.parse::<f64>().is_ok())
                .collect();
            let (Some(win), Some(cubeful)) = (numbers.get(1), numbers.last()) else {
                continue;
            };
            // "static:" has no depth number: the first number is the winning chance then.
            let win = if line.starts_with("static:") {
                numbers[0]
            } else {
                win
            };
            current.rows.push((win.to_string(), cubeful.to_string()));
        } else if let Some(rest) = line.strip_prefix("Proper cube action: ") {
            current.proper = Some(rest.trim().to_string());
        } else if let Some((label, value)) = cube_line(line) {
            current.cube.push((label, value));
        }
    }
    all
}

/// A line `1. No double           -0.611` of the cube analysis: its label and equity.
fn cube_line(line: &str) -> Option<(String, String)> {
    let (number, rest) = line.split_once(". ")?;
    number.parse::<u32>().ok()?;
    let label_end = rest.find(['+', '-'])?;
    let label = rest[..label_end].trim().to_string();
    let value = rest[label_end..].split_whitespace().next()?.to_string();
    Some((label, value))
}

/// How far gnubg's figures may be from the exact ones. gnubg's two-sided table is coarser
/// than tavli's: to six decimals (`set output digits 6`) its figures lie up to 0.00017 from
/// the exact ones over these positions (its winning chance too, where an independent
/// enumeration sides with tavli: see the last test), so where an exact figure lies that near
/// a rounding boundary gnubg prints the neighbouring last digit.
const GNUBG_STEP: f64 = 2e-4;

/// The exact figures of one case: the winning chance, no double and double/take of the player
/// on roll (double/pass is 1), from the judge.
struct Exact {
    win: f64,
    no_double: f64,
    double_take: f64,
}

fn exact(board: Board, on_roll: Side, cube: u32, owner: Option<Side>) -> Exact {
    let state = MatchState {
        board,
        game_state: GameState::Playing,
        cube_value: cube,
        cube_owner: owner,
        ..MatchState::new_money_game(Variant::Standard, on_roll)
    };
    let (probabilities, analysis) =
        judge::exact_cube(&Stakes::from_state(&state), &board, on_roll).expect("covered");
    Exact {
        win: probabilities.win,
        no_double: analysis.no_double,
        double_take: analysis.double_take,
    }
}

/// The numbers gnubg printed for one case beside the exact figure each should round from.
fn printed_and_exact(printed: &Printed, exact: &Exact) -> Vec<(f64, f64)> {
    let number = |text: &str| text.parse::<f64>().expect("a number");
    let mut pairs: Vec<(f64, f64)> = printed
        .rows
        .iter()
        .flat_map(|(win, cubeful)| [(number(win), exact.win), (number(cubeful), exact.no_double)])
        .collect();
    for (label, value) in &printed.cube {
        let figure = if label.starts_with("No") {
            exact.no_double
        } else if label.ends_with("take") {
            exact.double_take
        } else {
            1.0
        };
        pairs.push((number(value), figure));
    }
    pairs
}

/// The proper action without its percentage, and the percentage.
fn action_and_percentage(proper: &str) -> (&str, Option<f64>) {
    match proper.split_once(" (") {
        Some((action, rest)) => (action, rest.trim_end_matches("%)").parse().ok()),
        None => (proper, None),
    }
}

/// Whether tavli printed what gnubg printed: the same lines in the same order, every number
/// equal, or one apart in the last digit where the exact figure lies within gnubg's step of
/// the rounding boundary (the percentage after the action then within 0.1).
fn agrees(gnubg: &Printed, tavli: &Printed, exact: &Exact) -> Result<bool, String> {
    let labels = |printed: &Printed| -> Vec<String> {
        printed
            .cube
            .iter()
            .map(|(label, _)| label.clone())
            .collect()
    };
    if gnubg.rows.len() != tavli.rows.len() || labels(gnubg) != labels(tavli) {
        return Err("other lines".to_string());
    }
    let theirs = printed_and_exact(gnubg, exact);
    let ours = printed_and_exact(tavli, exact);
    let mut same = true;
    for ((gnubg_value, figure), (tavli_value, _)) in theirs.iter().zip(&ours) {
        if (tavli_value - figure).abs() > 0.0005 + 1e-9 {
            return Err(format!("tavli printed {tavli_value} for {figure}"));
        }
        if gnubg_value != tavli_value {
            same = false;
            if (gnubg_value - figure).abs() > 0.0005 + GNUBG_STEP {
                return Err(format!("gnubg printed {gnubg_value} for {figure}"));
            }
        }
    }
    match (&gnubg.proper, &tavli.proper) {
        (None, None) => {}
        (Some(theirs), Some(ours)) => {
            let (their_action, their_share) = action_and_percentage(theirs);
            let (our_action, our_share) = action_and_percentage(ours);
            if their_action != our_action {
                return Err(format!("{theirs} against {ours}"));
            }
            match (their_share, our_share) {
                (None, None) => {}
                (Some(a), Some(b)) if (a - b).abs() < 0.1 + 1e-9 => same &= a == b,
                _ => return Err(format!("{theirs} against {ours}")),
            }
        }
        _ => return Err("a cube analysis on one side only".to_string()),
    }
    Ok(same)
}

#[test]
fn exact_bear_off_cube_figures_equal_gnubgs() {
    if !gnubg_available() {
        eprintln!("gnubg is not installed: skipped");
        return;
    }
    let mut rng = StdRng::seed_from_u64(SEED);
    let positions: Vec<(Board, Side)> = (0..POSITIONS).map(|_| random_position(&mut rng)).collect();
    let (mut compared, mut with_cube, mut identical) = (0, 0, 0);
    let mut largest: f64 = 0.0;
    let mut differing = Vec::new();
    let mut gnubg_error: f64 = 0.0;
    for rules_on in [true, false] {
        let script = script(&positions, rules_on);
        // gnubg's own figures to six decimals, against the exact ones.
        let (precise, _) = run_gnubg_transcript(&format!("set output digits 6\n{script}"));
        for (index, printed) in evaluations(&precise).iter().enumerate() {
            let (board, on_roll) = positions[index / 3];
            let (cube, owner) = CUBES[index % 3](on_roll);
            for (value, figure) in printed_and_exact(printed, &exact(board, on_roll, cube, owner)) {
                gnubg_error = gnubg_error.max((value - figure).abs());
            }
        }
        let (gnubg, _) = run_gnubg_transcript(&script);
        let (tavli, _, _) = run_tavli_transcript(&script);
        let (gnubg, tavli) = (evaluations(&gnubg), evaluations(&tavli));
        assert_eq!(gnubg.len(), POSITIONS * 3, "gnubg's evaluations");
        assert_eq!(tavli.len(), gnubg.len(), "tavli's evaluations");
        for (index, (theirs, ours)) in gnubg.iter().zip(&tavli).enumerate() {
            assert!(!theirs.rows.is_empty(), "gnubg printed no row");
            let (board, on_roll) = positions[index / 3];
            let (cube, owner) = CUBES[index % 3](on_roll);
            let figures = exact(board, on_roll, cube, owner);
            compared += 1;
            with_cube += usize::from(theirs.proper.is_some());
            for (gnubg_value, tavli_value) in printed_and_exact(theirs, &figures)
                .iter()
                .zip(printed_and_exact(ours, &figures))
                .map(|((gnubg_value, _), (tavli_value, _))| (*gnubg_value, tavli_value))
            {
                largest = largest.max((gnubg_value - tavli_value).abs());
            }
            match agrees(theirs, ours, &figures) {
                Ok(same) => identical += usize::from(same),
                Err(why) => differing.push(format!(
                    "{} rules {rules_on}: {why}\n  gnubg {theirs:?}\n  tavli {ours:?}",
                    xgid(board, on_roll, cube, owner, rules_on)
                )),
            }
        }
    }
    eprintln!(
        "{compared} evaluations compared ({with_cube} with a cube decision): {identical} \
         identical, {} one apart in the last digit at a rounding boundary, {} differ; \
         largest printed difference {largest:.3}; gnubg's six decimals at most {gnubg_error:.6} \
         from the exact figures",
        compared - identical - differing.len(),
        differing.len()
    );
    assert!(
        gnubg_error <= GNUBG_STEP,
        "gnubg {gnubg_error:.6} from the exact figures"
    );
    assert!(with_cube >= POSITIONS * 2, "{with_cube} cube decisions");
    assert!(differing.is_empty(), "{}", differing.join("\n"));
}

/// The winning chance of `mine` on roll against `theirs` (home counts, the rest borne off) by
/// exhaustive search in f64 with the rules' move generator: nothing of the database.
fn enumerated(
    mine: [u8; 6],
    theirs: [u8; 6],
    memo: &mut std::collections::HashMap<([u8; 6], [u8; 6]), f64>,
) -> f64 {
    if mine.iter().all(|&n| n == 0) {
        return 1.0;
    }
    if theirs.iter().all(|&n| n == 0) {
        return 0.0;
    }
    if let Some(&known) = memo.get(&(mine, theirs)) {
        return known;
    }
    let mut slots = [[0u8; 25]; 2];
    slots[Side::X.index()][..6].copy_from_slice(&mine);
    slots[Side::O.index()][..6].copy_from_slice(&theirs);
    let board = Board::from_slots(slots, Variant::Standard).expect("a bear-off");
    let mut win = 0.0;
    for dice in Dice::all_rolls() {
        let best = legal_plays(&board, Side::X, dice)
            .iter()
            .map(|play| {
                let mut after = [0u8; 6];
                after.copy_from_slice(&play.result.slots[Side::X.index()][..6]);
                1.0 - enumerated(theirs, after, memo)
            })
            .fold(f64::MIN, f64::max);
        win += dice.chance() * best;
    }
    memo.insert((mine, theirs), win);
    win
}

/// Where gnubg's figures leave the exact ones most (its winning chance 0.852140 to six
/// decimals in this position), an enumeration that shares nothing with the database agrees
/// with tavli's: gnubg's table is the coarser.
#[test]
fn where_gnubg_differs_an_independent_enumeration_agrees_with_tavli() {
    let state = tavli::codec::xgid::decode(
        "XGID=-A----C-------------aaab--:0:0:-1:00:0:0:3:0:10",
        Variant::Standard,
    )
    .expect("an XGID");
    let home = |side: Side| -> [u8; 6] {
        let mut counts = [0u8; 6];
        counts.copy_from_slice(&state.board.slots[side.index()][..6]);
        counts
    };
    let on_roll = state.on_roll;
    let mut memo = std::collections::HashMap::new();
    let reference = enumerated(home(on_roll), home(on_roll.opponent()), &mut memo);
    let figures = exact(state.board, on_roll, 1, None);
    assert!(
        (figures.win - reference).abs() < 1e-6,
        "{} {reference}",
        figures.win
    );
    assert!((reference - 0.852140).abs() > 2e-5, "{reference}");
    if gnubg_available() {
        let (output, _) = run_gnubg_transcript(&format!(
            "{PRELUDE}set output digits 6\nnew game\nset xgid {}\neval\n",
            tavli::codec::xgid::encode(&state).expect("an XGID")
        ));
        let printed = evaluations(&output);
        assert_eq!(printed[0].rows[0].0, "0.852140", "gnubg's winning chance");
    }
}

/// The plays `hint` lists, each block (one `hint`) as (play, equity) in order.
fn hint_lists(output: &str) -> Vec<Vec<(String, f64)>> {
    let mut lists: Vec<Vec<(String, f64)>> = Vec::new();
    for line in output.lines() {
        let Some((left, equity)) = line.split_once("Eq.: ") else {
            continue;
        };
        let Some((rank, rest)) = left.trim_start().split_once(". ") else {
            continue;
        };
        let Some((_, play)) = rest.split_once("-ply") else {
            continue;
        };
        let Some(equity) = equity
            .split_whitespace()
            .next()
            .and_then(|text| text.parse::<f64>().ok())
        else {
            continue;
        };
        if rank == "1" {
            lists.push(Vec::new());
        }
        if let Some(list) = lists.last_mut() {
            list.push((play.trim().to_string(), equity));
        }
    }
    lists
}

/// `hint` with the dice rolled: every play both list carries the same cubeful equity (the
/// opponent's exact figure after it, his cube action taken), up to gnubg's coarser last digit.
#[test]
fn hint_equities_of_bear_off_plays_equal_gnubgs() {
    if !gnubg_available() {
        eprintln!("gnubg is not installed: skipped");
        return;
    }
    let mut rng = StdRng::seed_from_u64(SEED + 1);
    let mut script = format!("{PRELUDE}new game\n");
    let mut cases = 0;
    for _ in 0..40 {
        let (board, on_roll) = random_position(&mut rng);
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
        for cube_state in &CUBES[..2] {
            let (cube, owner) = cube_state(on_roll);
            let state = MatchState {
                board,
                game_state: GameState::Playing,
                cube_value: cube,
                cube_owner: owner,
                dice: Some(dice),
                ..MatchState::new_money_game(Variant::Standard, on_roll)
            };
            let id = tavli::codec::xgid::encode(&state).expect("an XGID");
            script.push_str(&format!("set xgid {id}\nhint\n"));
            cases += 1;
        }
    }
    let (gnubg, _) = run_gnubg_transcript(&script);
    let (tavli, _, _) = run_tavli_transcript(&script);
    let (gnubg, tavli) = (hint_lists(&gnubg), hint_lists(&tavli));
    assert_eq!(gnubg.len(), cases, "gnubg's hints");
    assert_eq!(tavli.len(), cases, "tavli's hints");
    let (mut plays, mut identical) = (0, 0);
    for (theirs, ours) in gnubg.iter().zip(&tavli) {
        for (play, equity) in ours {
            let Some((_, gnubg_equity)) = theirs.iter().find(|(their, _)| their == play) else {
                continue;
            };
            plays += 1;
            identical += usize::from(gnubg_equity == equity);
            assert!(
                (gnubg_equity - equity).abs() < 0.001 + 1e-9,
                "{play}: gnubg {gnubg_equity}, tavli {equity}\n{theirs:?}\n{ours:?}"
            );
        }
        // The best play's equity is the same whichever play each names first.
        assert!(
            (theirs[0].1 - ours[0].1).abs() < 0.001 + 1e-9,
            "{theirs:?} {ours:?}"
        );
    }
    eprintln!("{cases} hints, {plays} plays listed by both: {identical} identical, the rest one apart in the last digit");
    assert!(plays >= cases, "{plays} plays compared");
}

/// `tavli eval --json` (the one-shot command) reports the exact figures: the deepest row's
/// cubeful equity is no double, the cube analysis no double and double/take, for each cube.
#[test]
fn one_shot_eval_json_reports_the_exact_figures() {
    let state = tavli::codec::gnubg_id::decode("qQIAQLIBAAAAAA:cAkAAAAAAAAA", Variant::Standard)
        .expect("a GNUbg ID");
    for (options, cube, owner) in [
        (&[][..], 1, None),
        (
            &["--cube", "2", "--cube-owner", "on-roll"][..],
            2,
            Some(state.on_roll),
        ),
        (
            &["--cube", "2", "--cube-owner", "opponent"][..],
            2,
            Some(state.on_roll.opponent()),
        ),
    ] {
        let mut args = vec!["eval", "qQIAQLIBAAAAAA", "--json"];
        args.extend_from_slice(options);
        let output = crate::support::tavli(&args, "");
        assert!(output.status.success(), "{args:?}");
        let report: serde_json::Value =
            serde_json::from_slice(&output.stdout).expect("one JSON document");
        let figures = exact(state.board, state.on_roll, cube, owner);
        let cubeful = report["cubeful_equity"].as_f64().expect("a cubeful equity");
        assert!(
            (cubeful - figures.no_double).abs() < 1e-6,
            "{args:?} {cubeful}"
        );
        let equities = report["cube_analysis"]["equities"].as_array();
        if owner == Some(state.on_roll.opponent()) {
            assert!(equities.is_none(), "{args:?}: no cube decision");
            continue;
        }
        for line in equities.expect("a cube analysis") {
            let equity = line["equity"].as_f64().expect("an equity");
            let expected = match line["option"].as_str() {
                Some("no_double") => figures.no_double,
                Some("double_take") => figures.double_take,
                _ => 1.0,
            };
            assert!((equity - expected).abs() < 1e-6, "{args:?} {line}");
        }
    }
}
